// marque redo [-g ID]: redo the last undone change (undo.cpp does both).
#include "cli/common.hpp"
#include "core/language.hpp"

namespace marque::cli::commands {

CommandRecord add_redo(CLI::App& app, Context& ctx, Commands& out) {
  auto game_id = std::make_shared<std::optional<int64_t>>();
  auto* c = app.add_subcommand("redo", text::tr("help.redo", "redo the last undone change"));
  c->add_option("--game,-g", *game_id, text::tr("help.game_id", "game id (default: the game in focus)"))
      ->check(k_whole_number);
  out.push_back({c, [game_id, &ctx] { return undo_or_redo(ctx, *game_id, false); }});
  return {"redo", true};
}

}  // namespace marque::cli::commands
