// marque games: the games in the database.
#include <algorithm>
#include <iostream>

#include "cli/common.hpp"
#include "core/language.hpp"
#include "reports/text_table.hpp"

namespace marque::cli::commands {

namespace {

// The rows listed as damaged, each named on standard error: exit 65 when there is one, else 0.
int report_damaged(const std::vector<app::GameInfo>& list) {
  int damaged = 0;
  for (const auto& gm : list)
    if (!gm.damaged.empty())
      std::cerr << "marque: " << text::tr("cli.error", "error: ") << gm.damaged << "\n", ++damaged;
  if (!damaged) return 0;
  std::cerr << text::tr("cli.hint", "hint: ")
            << text::tr("cli.damaged.hint",
                        "marque check lists every damaged row; restore a backup (marque restore FILE --yes)")
            << "\n";
  return k_exit_dataerr;
}

}  // namespace

CommandRecord add_games(CLI::App& app, Context& ctx, Commands& out) {
  auto format = std::make_shared<std::string>("text");
  auto* games = app.add_subcommand("games", text::tr("help.games", "list the games in the database"));
  add_format(games, *format);
  out.push_back(
      {games, [format, &ctx] {  // format: --format's storage (main reads the option)
         auto db = ctx.open();
         auto list = app::games(*db);
         const std::optional<int64_t> focus = app::focus_game(*db);
         Report r;
         r.json = [&] { return json_text(app::games_json(list, focus)); };
         r.text = [&] {
           reports::TextTable t;
           t.columns({reports::TextTable::Align::right});
           using text::tr;
           t.row({tr("cli.games.id", "id"), tr("cli.games.game", "game"), tr("cli.games.hands", "hands"),
                  tr("cli.games.status", "status"), tr("cli.games.date", "date"), tr("cli.games.league", "league"),
                  tr("cli.games.players", "players")});
           for (const auto& gm : list) {
             std::string players;
             for (const auto& p : gm.players) players += (players.empty() ? "" : ", ") + p;
             t.row({(focus == gm.id ? "* " : "") + std::to_string(gm.id), gm.game, std::to_string(gm.hands),
                    tr("cli.games.state",
                       "{state, select, damaged {damaged} finished {finished} open {open} closed {closed} abandoned "
                       "{abandoned} deleted {deleted} other {{state}}}",
                       text::Message().text("state", !gm.damaged.empty() ? "damaged"
                                                     : gm.ended.empty()  ? gm.status
                                                                         : gm.ended)),
                    text::local_date(gm.meta.value("date", ""), text::language()), gm.meta.value("league", ""),
                    players});
           }
           std::string text = t.render();
           if (std::any_of(list.begin(), list.end(), [&](const app::GameInfo& gm) { return focus == gm.id; }))
             text += tr("cli.games.focus",
                        "* in focus: the game a command without -g acts on (marque use ID changes it)") +
                     "\n";
           return text;
         };
         emit(r, ctx.format, "");
         return report_damaged(list);
       }});
  return {"games", false, {Format::text, Format::json}};
}

}  // namespace marque::cli::commands
