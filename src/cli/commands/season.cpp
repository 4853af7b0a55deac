// marque season add | list | delete: a league's seasons (named date ranges that standings, statistics and ratings
// take with --season).
#include <iostream>

#include "cli/common.hpp"
#include "core/language.hpp"
#include "reports/text_table.hpp"

namespace marque::cli::commands {

namespace {

std::string seasons_text(const std::vector<app::Season>& list) {
  using A = reports::TextTable::Align;
  using text::tr;
  if (list.empty())
    return tr("cli.season.none", "no season yet: marque season add NAME --league L --from YYYY-MM-DD --to YYYY-MM-DD") +
           "\n";
  reports::TextTable t;
  t.columns({A::left, A::left, A::left, A::left, A::right});
  t.row({tr("cli.season.season", "season"), tr("cli.games.league", "league"), tr("cli.season.from", "from"),
         tr("cli.season.to", "to"), tr("cli.season.games", "games")});
  t.rule();
  for (const auto& s : list) t.row({s.name, s.league, s.from, s.to, std::to_string(s.games)});
  return t.render();
}

}  // namespace

CommandRecord add_season(CLI::App& app, Context& ctx, Commands& out) {
  struct SeasonOptions {
    std::string name, league, from, to, format = "text";
  };
  auto so = std::make_shared<SeasonOptions>();
  auto* season = app.add_subcommand("season",
                                    text::tr("help.season",
                                             "a league's seasons: named date ranges for standings, stats and ratings"));
  season->require_subcommand(1);
  auto* add = season->add_subcommand(
      "add",
      text::tr("help.season.add", "name a season of a league: marque season add NAME --league L --from D --to D"));
  add->add_option("name", so->name, text::tr("help.season.add.name", "the season's name (\"Autumn 2026\")"))
      ->required();
  add->add_option("--league", so->league,
                  text::tr("help.season.add.league", "its league (default: the config file's league)"));
  add->add_option("--from", so->from, text::tr("help.season.add.from", "its first day (YYYY-MM-DD)"))->required();
  add->add_option("--to", so->to, text::tr("help.season.add.to", "its last day (YYYY-MM-DD, inclusive)"))->required();
  add->footer(text::tr(
      "help.season.add.footer",
      "Example:\n  marque season add \"Autumn 2026\" --league \"Thursday club\" --from 2026-09-01 --to 2026-12-31"));
  out.push_back(
      {add, [so, &ctx] {
         check_utf8("name", so->name);
         check_utf8("--league", so->league);
         require_date("--from", so->from);
         require_date("--to", so->to);
         if (so->league.empty())
           if (const config::Entry* e = ctx.settings().find("league")) so->league = e->value.get<std::string>();
         auto db = ctx.open(true);
         app::Season s = app::add_season(*db, so->name, so->league, so->from, so->to);
         std::cout << text::tr("cli.season.added",
                               "season {name} of {league}: {from} to {to} ({games, plural, one {# game} other "
                               "{# games}} so far)",
                               text::Message()
                                   .text("name", s.name)
                                   .text("league", s.league)
                                   .text("from", text::local_date(s.from, text::language()))
                                   .text("to", text::local_date(s.to, text::language()))
                                   .number("games", s.games))
                   << "\n  "
                   << text::tr("cli.season.standings", "its standings: marque standings --season \"{name}\"",
                               text::Message().text("name", s.name))
                   << "\n";
         return 0;
       }});
  auto* list = season->add_subcommand("list", text::tr("help.season.list", "the seasons, by league and date"));
  list->add_option("--league", so->league, text::tr("help.season.list.league", "only this league"));
  add_format(list, so->format);
  out.push_back({list, [so, &ctx] {
                   auto db = ctx.open(false);
                   auto all = app::seasons(*db, so->league);
                   Report r;
                   r.json = [&] { return json_text(app::seasons_json(all)); };
                   r.text = [&] { return seasons_text(all); };
                   emit(r, ctx.format, "");
                   return 0;
                 }});
  auto* del = season->add_subcommand("delete", text::tr("help.season.delete", "forget a season (no game changes)"));
  del->add_option("name", so->name, text::tr("help.season.delete.name", "the season's name"))->required();
  del->add_option("--league", so->league,
                  text::tr("help.season.delete.league",
                           "its league (when several leagues have a season of that name)"));
  out.push_back({del, [so, &ctx] {
                   auto db = ctx.open(true);
                   app::Season s = app::find_season(*db, so->name, so->league);
                   app::delete_season(*db, s.name, s.league);
                   std::cout << text::tr("cli.season.deleted",
                                         "season {name} of {league} deleted (its games are "
                                         "untouched)",
                                         text::Message().text("name", s.name).text("league", s.league))
                             << "\n";
                   return 0;
                 }});
  return {"season", true, {Format::text, Format::json}};
}

}  // namespace marque::cli::commands
