// marque delete SEQ [--dry-run]: delete a hand (kept in the history; undo brings it back).
#include <iostream>

#include "cli/common.hpp"
#include "core/language.hpp"
#include "reports/game_text.hpp"

namespace marque::cli::commands {

CommandRecord add_delete(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    int seq = 0;
    std::optional<int64_t> game_id;
    bool dry_run = false;
  };
  auto o = std::make_shared<Options>();
  auto* del = app.add_subcommand("delete",
                                 text::tr("help.delete", "delete a hand (kept in the history; undo brings it back)"));
  del->add_option("seq", o->seq, text::tr("help.hand_seq", "hand number"))->check(k_whole_number)->required();
  del->add_option("--game,-g", o->game_id, text::tr("help.game_id", "game id (default: the game in focus)"))
      ->check(k_whole_number);
  del->add_flag("--dry-run,-n", o->dry_run, text::tr("help.dry_run", "show the result, store nothing"));
  out.push_back({del, [o, &ctx] {
                   auto db = ctx.open();
                   int64_t id = app::resolve_game(*db, o->game_id);
                   auto outcome = app::delete_hand(*db, id, o->seq, o->dry_run);
                   const text::Message hand = text::Message().text("no", std::to_string(o->seq));
                   std::cout << reports::game_label(id, outcome.game, app::game_info(*db, id).players) << " · "
                             << (o->dry_run
                                     ? text::tr("cli.delete.dry_run", "hand {no} would be deleted (dry run)", hand)
                                     : text::tr("cli.delete.done",
                                                "hand {no} deleted (marque undo brings it back; later hands "
                                                "keep their numbers)",
                                                hand))
                             << "\n  " << text::tr("report.label.totals", "totals:") << " "
                             << reports::amounts_line(outcome.score["totals"], outcome.score["players"], false) << "\n";
                   return 0;
                 }});
  return {"delete", true};
}

}  // namespace marque::cli::commands
