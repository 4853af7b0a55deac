// League tables: standings (text, CSV, marque-standings/2 JSON), player statistics, ratings and their history,
// the league's seasons (named date ranges that standings, statistics and ratings take with --season), and the
// club's website (marque site DIR).
#include <ctime>
#include <filesystem>
#include <iostream>
#include <regex>
#include <system_error>

#include "cli/common.hpp"
#include "core/escape.hpp"
#include "core/output_file.hpp"
#include "reports/ratings.hpp"
#include "reports/sheet_render.hpp"
#include "reports/site.hpp"
#include "reports/standings.hpp"
#include "reports/stats.hpp"
#include "reports/text_table.hpp"

namespace marque::cli::commands {

namespace {

// The time a report says it was made: $MARQUE_NOW (byte-stable golden tests), else now, UTC.
std::string generated_at() {
  const char* fixed = std::getenv("MARQUE_NOW");
  if (fixed && *fixed) return fixed;
  char stamp[32];
  std::time_t now = std::time(nullptr);
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return stamp;
}

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
    bool chart = false;
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
    auto db = ctx.open(false);
    ojson doc = app::standings(*db, o->filter, generated_at());
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
  ratings->add_flag("--chart", o->chart, "text, with a PLAYER: draw the rating after each game as a chart under each kind's table");
  ratings->footer(
      "An Elo rating per player and game kind, from 1500, over the games that count in date order: each pair of\n"
      "opponents is a duel won by the better place (partners are one side), K = 32 / the number of opponents.\n"
      "Examples:\n  marque ratings\n  marque ratings Sophie --chart\n  marque ratings Sophie --format csv -o sophie.csv");
  out.push_back({ratings, [o, ratings, &ctx] {
    const std::string fmt = format_of(ratings, o->format, o->out_file);
    ctx.as_json = fmt == "json";
    auto db = ctx.open(false);
    if (o->chart && (o->player.empty() || fmt != "text"))
      throw Error(k_exit_usage, "--chart draws one player's history as text: marque ratings PLAYER --chart");
    ojson doc = app::ratings(*db, o->player, o->filter);
    std::string text = fmt == "json"  ? escape::json(doc, 2) + "\n"
                       : fmt == "csv" ? reports::render_ratings_csv(doc)
                                      : reports::render_ratings_text(doc);
    if (o->chart)
      for (auto k = doc["ratings"].begin(); k != doc["ratings"].end(); ++k)
        text += "\n" + k.key() + ": " + reports::chart_text(reports::rating_chart(doc, k.key()), 60, 12, {"rating", "game", false});
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

  struct SiteOptions {
    std::string dir, league;
  };
  auto si = std::make_shared<SiteOptions>();
  auto* site = app.add_subcommand("site", "the club's website: marque site DIR [--league L] (static pages, no script, no external file)");
  site->add_option("dir", si->dir, "the folder to write (created when missing; its other files are left alone)")->required();
  site->add_option("--league", si->league, "only this league's games, nights and seasons (default: every league)");
  site->footer(
      "Writes index.html (the standings of all time and of each season), a page per player (games, statistics,\n"
      "rating chart, best hands), per night (its sheets) and per game, every file self-contained: put the folder\n"
      "on any web host or open index.html from a USB stick. Pages of an earlier run that no longer exist are removed.\n"
      "Example:\n  marque site club-site --league \"Thursday club\"");
  out.push_back({site, [si, &ctx] {
    check_utf8("--league", si->league);
    namespace fs = std::filesystem;
    const fs::path dir(si->dir);
    std::error_code ec;
    if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
      throw Error(k_exit_cantcreat, "site: " + si->dir + " is not a folder", "name a new or an existing folder");
    auto db = ctx.open(false);
    const auto data = app::site(*db, si->league, generated_at(), version_text());
    if (!si->league.empty() && data.games.empty() && data.seasons.empty())
      throw Error(k_exit_noinput, "no game or season in league " + si->league, "marque games");
    const auto pages = reports::site::render(data);
    fs::create_directories(dir, ec);
    if (ec) throw Error(k_exit_cantcreat, "site: cannot create " + si->dir + ": " + ec.message());
    // every page a new file in DIR: a link or a hard link planted under a page's name is replaced, never followed
    for (const auto& [name, html] : pages)
      if (fs::is_directory(fs::symlink_status(dir / name, ec)))
        throw Error(k_exit_cantcreat, "site: " + (dir / name).string() + " is a folder where a page of the site goes; nothing was written",
                    "move it out of " + si->dir);
    for (const auto& [name, html] : pages) files::write_file_in_folder(si->dir, name, html);
    // pages of an earlier run that this one did not write (a game deleted since, a player merged)
    static const std::regex ours(R"((player|night|game)-[0-9]+\.html)");
    int removed = 0;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      const std::string name = entry.path().filename().string();
      if (entry.is_regular_file() && std::regex_match(name, ours) && !pages.count(name) && fs::remove(entry.path(), ec)) ++removed;
    }
    std::cout << "site: " << pages.size() << " pages in " << si->dir << " (" << data.players.size() << " players, " << data.nights.size()
              << " nights, " << data.games.size() << " games" << (removed ? ", " + std::to_string(removed) + (removed == 1 ? " old page" : " old pages") + " removed" : std::string())
              << "): open " << (dir / "index.html").string() << "\n";
    return 0;
  }});
}

}  // namespace marque::cli::commands
