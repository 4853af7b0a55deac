// marque score [GAME]: a game's scores (marque-score/1 as JSON, printed one hand at a time).
#include "cli/common.hpp"
#include "core/language.hpp"
#include "reports/game_text.hpp"

namespace marque::cli::commands {

CommandRecord add_score(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    std::optional<int64_t> game_id;
    std::string format = "text";
  };
  auto o = std::make_shared<Options>();
  auto* score = app.add_subcommand("score", text::tr("help.score", "scores of a game (default: the latest)"));
  score->add_option("game", o->game_id, text::tr("help.game_id", "game id (default: the game in focus)"))
      ->check(k_whole_number);
  score->add_option("--game,-g", o->game_id, text::tr("help.game_id", "game id (default: the game in focus)"))
      ->check(k_whole_number);
  add_format(score, o->format);
  out.push_back({score, [o, &ctx] {
                   auto db = ctx.open();
                   int64_t id = app::resolve_game(*db, o->game_id);
                   Report r;
                   r.print_json = [&] {  // checked whole first, then printed one hand at a time (bounded memory)
                     rules::Replay whole = app::score_game_streamed(*db, id, nullptr);
                     print_score_streamed(whole.score, [&](const std::function<void(const ojson&)>& each) {
                       app::score_game_streamed(*db, id, each);
                     });
                   };
                   r.text = [&] {
                     rules::Replay replay = app::score_game(*db, id);
                     return reports::score_text(replay.score, app::sides_of(replay), id, replay.state->sitting_out());
                   };
                   emit(r, ctx.format, "");
                   return 0;
                 }});
  return {"score", false, {Format::text, Format::json}};
}

}  // namespace marque::cli::commands
