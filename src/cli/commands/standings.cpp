// marque standings: the league table (text, CSV, marque-standings/2 JSON).
#include <ctime>

#include "cli/common.hpp"
#include "core/language.hpp"
#include "reports/standings.hpp"

namespace marque::cli::commands {

// The time a report says it was made: $MARQUE_NOW (byte-stable golden tests), else now, UTC.
std::string generated_at() {
  const char* fixed = std::getenv("MARQUE_NOW");
  if (fixed && *fixed) return fixed;
  char stamp[32];
  std::time_t now = std::time(nullptr);
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return stamp;
}

CommandRecord add_standings(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    app::Filter filter;
    std::string format = "text", out_file;
  };
  auto o = std::make_shared<Options>();
  auto* standings = app.add_subcommand(
      "standings",
      text::tr("help.standings",
               "league standings: marque standings [--league L] [--season S] [--kind GAME] [--from D] [--to D]"));
  standings->add_option("--league", o->filter.league, text::tr("help.season.list.league", "only this league"));
  standings->add_option("--season,-s", o->filter.season,
                        text::tr("help.standings.season", "only this season of the league (marque season list)"));
  standings->add_option("--kind,-k", o->filter.game, text::tr("help.ratings.kind", "only this game kind"))
      ->check(CLI::IsMember(game_ids()));
  standings
      ->add_option("--players", o->filter.players,
                   text::tr("help.standings.players", "only tables of this many players"))
      ->check(k_whole_number);
  standings->add_option("--from", o->filter.from,
                        text::tr("help.standings.from", "from this date (YYYY-MM-DD, inclusive)"));
  standings->add_option("--to", o->filter.to, text::tr("help.standings.to", "to this date (inclusive)"));
  standings
      ->add_option("--format", o->format, text::tr("help.standings.format", "text, csv or json (marque-standings/2)"))
      ->check(CLI::IsMember({"text", "csv", "json"}));
  add_output(standings, o->out_file);
  standings->footer(
      text::tr("help.standings.footer",
               "Only games that are over count: finished by their rules or closed (marque game close), with a hand.\n"
               "The ranking uses league points only: 1 for the winner of a game (a side of partners), 0 for the last;\n"
               "points are shown per game kind, never added across kinds."));
  out.push_back({standings, [o, &ctx] {
                   require_date("--from", o->filter.from);
                   require_date("--to", o->filter.to);
                   auto db = ctx.open();
                   const reports::Standings figures = app::standings_figures(*db, o->filter, generated_at());
                   Report r;
                   r.json = [&] { return reports::standings_json_text(figures); };
                   r.csv = [&] { return reports::render_standings_csv(figures); };
                   r.text = [&] { return reports::render_standings_text(figures); };
                   emit(r, ctx.format, o->out_file);
                   return 0;
                 }});
  return {"standings", false, {Format::text, Format::csv, Format::json}};
}

}  // namespace marque::cli::commands
