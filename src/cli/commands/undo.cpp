// marque undo [-g ID]: undo the last change to a game (redo.cpp: the other way).
#include <algorithm>
#include <iostream>

#include "cli/common.hpp"
#include "core/language.hpp"
#include "reports/game_text.hpp"

namespace marque::cli::commands {

int undo_or_redo(const Context& ctx, std::optional<int64_t> game_id, bool undo) {
  auto db = ctx.open(true);
  int64_t id = app::resolve_game(*db, game_id, true);
  std::string what = undo ? app::undo(*db, id) : app::redo(*db, id);
  const app::GameInfo game = app::game_info(*db, id);
  std::cout
      << text::tr("cli.undo.line", "{game}: {what}",
                  text::Message().text("game", reports::game_label(id, game.game, game.players)).text("what", what))
      << "\n";
  auto games = app::games(*db);
  if (std::any_of(games.begin(), games.end(), [&](const app::GameInfo& g) { return g.id == id; })) {
    rules::Replay r = app::score_game(*db, id);
    std::cout << "  " << text::tr("report.label.totals", "totals:") << " "
              << reports::amounts_line(r.score["totals"], r.score["players"], false) << "\n";
  }
  return 0;
}

CommandRecord add_undo(CLI::App& app, Context& ctx, Commands& out) {
  auto game_id = std::make_shared<std::optional<int64_t>>();
  auto* c = app.add_subcommand("undo", text::tr("help.undo", "undo the last change to a game"));
  c->add_option("--game,-g", *game_id, text::tr("help.game_id", "game id (default: the game in focus)"))
      ->check(k_whole_number);
  out.push_back({c, [game_id, &ctx] { return undo_or_redo(ctx, *game_id, true); }});
  return {"undo", true};
}

}  // namespace marque::cli::commands
