// League tables: standings (text, CSV, marque-standings/2 JSON), player statistics, ratings and their history,
// and the league's seasons (named date ranges that standings, statistics and ratings take with --season).
#include <ctime>
#include <iostream>

#include "cli/common.hpp"
#include "core/escape.hpp"
#include "reports/ratings.hpp"
#include "reports/standings.hpp"
#include "reports/stats.hpp"
#include "reports/text_table.hpp"

namespace marque::cli::commands {

namespace {

// The format a command writes: --format when given, else from -o FILE's extension (.json, .csv), else text.
std::string format_of(const CLI::App* c, const std::string& format, const std::string& out_file) {
  if (c->get_option("--format")->count() || out_file.size() <= 5) return format;
  const std::string ext = out_file.substr(out_file.rfind('.') == std::string::npos ? 0 : out_file.rfind('.'));
  return ext == ".json" ? "json" : ext == ".csv" ? "csv" : format;
}

OutputKind kind_of(const std::string& format) {
  return format == "json" ? OutputKind::json_text : format == "csv" ? OutputKind::csv : OutputKind::text;
}

std::string seasons_text(const std::vector<app::Season>& list) {
  using A = reports::TextTable::Align;
  if (list.empty()) return "no season yet: marque season add NAME --league L --from YYYY-MM-DD --to YYYY-MM-DD\n";
  reports::TextTable t;
  t.columns({A::left, A::left, A::left, A::left, A::right});
  t.row({"season", "league", "from", "to", "games"});
  t.rule();
  for (const auto& s : list) t.row({s.name, s.league, s.from, s.to, std::to_string(s.games)});
  return t.render();
}

ojson seasons_json(const std::vector<app::Season>& list) {
  ojson out = ojson::array();
  for (const auto& s : list) out.push_back({{"name", s.name}, {"league", s.league}, {"from", s.from}, {"to", s.to}, {"games", s.games}});
  return {{"format", "marque-seasons/1"}, {"seasons", out}};
}

}  // namespace

void add_league(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    app::Filter filter;
    std::string format = "text", out_file, player;
  };
  auto o = std::make_shared<Options>();
  auto* standings = app.add_subcommand("standings", "league standings: marque standings [--league L] [--season S] [--kind GAME] [--from D] [--to D]");
  standings->add_option("--league", o->filter.league, "only this league");
  standings->add_option("--season,-s", o->filter.season, "only this season of the league (marque season list)");
  standings->add_option("--kind,-k", o->filter.game, "only this game kind")->check(CLI::IsMember(game_ids()));
  standings->add_option("--players", o->filter.players, "only tables of this many players")->check(k_whole_number);
  standings->add_option("--from", o->filter.from, "from this date (YYYY-MM-DD, inclusive)");
  standings->add_option("--to", o->filter.to, "to this date (inclusive)");
  standings->add_option("--format", o->format, "text, csv or json (marque-standings/2)")->check(CLI::IsMember({"text", "csv", "json"}));
  standings->add_option("-o,--output", o->out_file, "write to FILE (format from its extension when --format is not given)");
  standings->footer(
      "Only games that are over count: finished by their rules or closed (marque game close), with a hand.\n"
      "The ranking uses league points only: 1 for the winner of a game (a side of partners), 0 for the last;\n"
      "points are shown per game kind, never added across kinds.");
  out.push_back({standings, [o, standings, &ctx] {
    require_date("--from", o->filter.from);
    require_date("--to", o->filter.to);
    const std::string fmt = format_of(standings, o->format, o->out_file);
    char stamp[32];
    std::time_t now = std::time(nullptr);
    std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
    const char* fixed = std::getenv("MARQUE_NOW");  // for byte-stable golden tests
    auto db = ctx.open(false);
    ojson doc = app::standings(*db, o->filter, fixed && *fixed ? fixed : stamp);
    std::string text = fmt == "json"  ? escape::json(doc, 2) + "\n"
                       : fmt == "csv" ? reports::render_standings_csv(doc)
                                      : reports::render_standings_text(doc);
    write_output(o->out_file, text, kind_of(fmt));
    return 0;
  }});

  auto* stats = app.add_subcommand("stats", "player statistics: marque stats [PLAYER] [--kind GAME] [--league L] [--season S]");
  stats->add_option("player", o->player, "one player (default: everyone)");
  stats->add_option("--kind,-k", o->filter.game, "only this game kind")->check(CLI::IsMember(game_ids()));
  stats->add_option("--league", o->filter.league, "only this league");
  stats->add_option("--season,-s", o->filter.season, "only this season of the league");
  add_format(stats, o->format);
  stats->footer("Hands are the hands played: redeals, all-pass deals and misdeals are counted apart and are never\n"
                "a best or worst hand.");
  out.push_back({stats, [o, &ctx] {
    ctx.as_json = o->format == "json";
    auto db = ctx.open(false);
    ojson doc = app::stats(*db, o->player, o->filter);
    if (ctx.as_json)
      print_json(doc);
    else
      std::cout << reports::render_stats_text(doc);
    return 0;
  }});

  auto* ratings = app.add_subcommand("ratings", "ratings per game kind and how they got there: marque ratings [PLAYER] [--kind GAME]");
  ratings->add_option("player", o->player, "one player's history game by game (default: everyone's rating)");
  ratings->add_option("--kind,-k", o->filter.game, "only this game kind")->check(CLI::IsMember(game_ids()));
  ratings->add_option("--league", o->filter.league, "only this league's games");
  ratings->add_option("--season,-s", o->filter.season, "only this season's games");
  ratings->add_option("--format", o->format, "text, csv or json (marque-ratings/1)")->check(CLI::IsMember({"text", "csv", "json"}));
  ratings->add_option("-o,--output", o->out_file, "write to FILE (format from its extension when --format is not given)");
  ratings->footer(
      "An Elo rating per player and game kind, from 1500, over the games that count in date order: each pair of\n"
      "opponents is a duel won by the better place (partners are one side), K = 32 / the number of opponents.\n"
      "Examples:\n  marque ratings\n  marque ratings Sophie\n  marque ratings --format csv -o ratings.csv");
  out.push_back({ratings, [o, ratings, &ctx] {
    const std::string fmt = format_of(ratings, o->format, o->out_file);
    ctx.as_json = fmt == "json";
    auto db = ctx.open(false);
    ojson doc = app::ratings(*db, o->player, o->filter);
    std::string text = fmt == "json"  ? escape::json(doc, 2) + "\n"
                       : fmt == "csv" ? reports::render_ratings_csv(doc)
                                      : reports::render_ratings_text(doc);
    write_output(o->out_file, text, kind_of(fmt));
    return 0;
  }});

  struct SeasonOptions {
    std::string name, league, from, to, format = "text";
  };
  auto so = std::make_shared<SeasonOptions>();
  auto* season = app.add_subcommand("season", "a league's seasons: named date ranges for standings, stats and ratings");
  season->require_subcommand(1);
  auto* add = season->add_subcommand("add", "name a season of a league: marque season add NAME --league L --from D --to D");
  add->add_option("name", so->name, "the season's name (\"Autumn 2026\")")->required();
  add->add_option("--league", so->league, "its league (default: the config file's league)");
  add->add_option("--from", so->from, "its first day (YYYY-MM-DD)")->required();
  add->add_option("--to", so->to, "its last day (YYYY-MM-DD, inclusive)")->required();
  add->footer("Example:\n  marque season add \"Autumn 2026\" --league \"Thursday club\" --from 2026-09-01 --to 2026-12-31");
  out.push_back({add, [so, &ctx] {
    check_utf8("name", so->name);
    check_utf8("--league", so->league);
    require_date("--from", so->from);
    require_date("--to", so->to);
    if (so->league.empty())
      if (const config::Entry* e = ctx.settings().find("league")) so->league = e->value.get<std::string>();
    auto db = ctx.open(true);
    app::Season s = app::add_season(*db, so->name, so->league, so->from, so->to);
    std::cout << "season " << s.name << " of " << s.league << ": " << s.from << " to " << s.to << " (" << s.games
              << (s.games == 1 ? " game" : " games") << " so far)\n";
    std::cout << "  its standings: marque standings --season \"" << s.name << "\"\n";
    return 0;
  }});
  auto* list = season->add_subcommand("list", "the seasons, by league and date");
  list->add_option("--league", so->league, "only this league");
  add_format(list, so->format);
  out.push_back({list, [so, &ctx] {
    ctx.as_json = so->format == "json";
    auto db = ctx.open(false);
    auto all = app::seasons(*db, so->league);
    if (ctx.as_json)
      print_json(seasons_json(all));
    else
      write_output("", seasons_text(all), OutputKind::text);
    return 0;
  }});
  auto* del = season->add_subcommand("delete", "forget a season (no game changes)");
  del->add_option("name", so->name, "the season's name")->required();
  del->add_option("--league", so->league, "its league (when several leagues have a season of that name)");
  out.push_back({del, [so, &ctx] {
    auto db = ctx.open(true);
    app::Season s = app::find_season(*db, so->name, so->league);
    app::delete_season(*db, s.name, s.league);
    std::cout << "season " << s.name << " of " << s.league << " deleted (its games are untouched)\n";
    return 0;
  }});
}

}  // namespace marque::cli::commands
