// marque list [GAME]: the hands of a game with their scores.
#include "cli/common.hpp"
#include "core/language.hpp"
#include "reports/game_text.hpp"

namespace marque::cli::commands {

CommandRecord add_list(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    std::optional<int64_t> game_id;
    std::string format = "text";
  };
  auto o = std::make_shared<Options>();
  auto* list = app.add_subcommand("list", text::tr("help.list", "list the hands of a game with their scores"));
  list->add_option("game", o->game_id, text::tr("help.game_id", "game id (default: the game in focus)"))
      ->check(k_whole_number);
  list->add_option("--game,-g", o->game_id, text::tr("help.game_id", "game id (default: the game in focus)"))
      ->check(k_whole_number);
  add_format(list, o->format);
  out.push_back({list, [o, &ctx] {
                   auto db = ctx.open();
                   int64_t id = app::resolve_game(*db, o->game_id);
                   app::GameView v = app::game_view(*db, id);
                   Report r;
                   r.json = [&] { return json_text(app::hands_json(v)); };
                   r.text = [&] {
                     std::vector<reports::ListedHand> lines;
                     for (const auto& h : v.hands) lines.push_back({h.no, h.words, &h.entry, &h.side_deltas});
                     return reports::game_label(id, v.game.game) +
                            text::tr("cli.list.hands", " · {n, plural, one {# hand} other {# hands}}",
                                     text::Message().number("n", static_cast<int64_t>(v.hands.size()))) +
                            "\n" + reports::hand_list_text(v.sides, lines);
                   };
                   emit(r, ctx.format, "");
                   return 0;
                 }});
  return {"list", false, {Format::text, Format::json}};
}

}  // namespace marque::cli::commands
