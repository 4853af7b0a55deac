// marque history [GAME]: every change to a game, oldest first.
#include "cli/common.hpp"
#include "core/language.hpp"
#include "reports/game_text.hpp"

namespace marque::cli::commands {

CommandRecord add_history(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    std::optional<int64_t> game_id;
    std::string format = "text";
  };
  auto o = std::make_shared<Options>();
  auto* history = app.add_subcommand("history", text::tr("help.history", "every change to a game, oldest first"));
  history->add_option("game", o->game_id, text::tr("help.game_id", "game id (default: the game in focus)"))
      ->check(k_whole_number);
  history->add_option("--game,-g", o->game_id, text::tr("help.game_id", "game id (default: the game in focus)"))
      ->check(k_whole_number);
  add_format(history, o->format);
  out.push_back({history, [o, &ctx] {
                   auto db = ctx.open();
                   const int64_t id = app::resolve_game(*db, o->game_id);
                   auto changes = app::history(*db, id);
                   Report r;
                   r.json = [&] { return json_text(app::history_json(changes)); };
                   r.text = [&] {
                     std::vector<reports::HistoryLine> lines;
                     for (const auto& c : changes)
                       lines.push_back({c.at, c.action, c.no.value_or(0), &c.before, &c.after, c.undone});
                     return reports::history_text(lines, app::game_rules(app::game_kind(*db, id)).labels());
                   };
                   emit(r, ctx.format, "");
                   return 0;
                 }});
  return {"history", false, {Format::text, Format::json}};
}

}  // namespace marque::cli::commands
