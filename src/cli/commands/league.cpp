// League tables: standings (text, CSV, marque-standings/1 JSON) and player statistics.
#include <ctime>
#include <iostream>

#include "cli/common.hpp"
#include "core/escape.hpp"
#include "reports/standings.hpp"
#include "reports/stats.hpp"

namespace marque::cli::commands {

void add_league(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    app::Filter filter;
    std::string format = "text", out_file, player;
  };
  auto o = std::make_shared<Options>();
  auto* standings = app.add_subcommand("standings", "league standings: marque standings --league L [--game G] [--from D] [--to D]");
  standings->add_option("--league", o->filter.league, "only this league");
  standings->add_option("--kind,-k", o->filter.game, "only this game kind")->check(CLI::IsMember(game_ids()));
  standings->add_option("--players", o->filter.players, "only tables of this many players")->check(k_whole_number);
  standings->add_option("--from", o->filter.from, "from this date (YYYY-MM-DD, inclusive)");
  standings->add_option("--to", o->filter.to, "to this date (inclusive)");
  standings->add_option("--format", o->format, "text, csv or json (marque-standings/1)")->check(CLI::IsMember({"text", "csv", "json"}));
  standings->add_option("-o,--output", o->out_file, "write to FILE (format from its extension when --format is not given)");
  out.push_back({standings, [o, standings, &ctx] {
    require_date("--from", o->filter.from);
    require_date("--to", o->filter.to);
    std::string fmt = o->format;
    const std::string& out_file = o->out_file;
    if (!standings->get_option("--format")->count() && out_file.size() > 5) {
      std::string ext = out_file.substr(out_file.rfind('.') == std::string::npos ? 0 : out_file.rfind('.'));
      if (ext == ".json") fmt = "json";
      if (ext == ".csv") fmt = "csv";
    }
    char stamp[32];
    std::time_t now = std::time(nullptr);
    std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
    const char* fixed = std::getenv("MARQUE_NOW");  // for byte-stable golden tests
    auto db = ctx.open(false);
    ojson doc = app::standings(*db, o->filter, fixed && *fixed ? fixed : stamp);
    std::string text = fmt == "json"  ? escape::json(doc, 2) + "\n"
                       : fmt == "csv" ? reports::render_standings_csv(doc)
                                      : reports::render_standings_text(doc);
    write_output(out_file, text, fmt == "json" ? OutputKind::json_text : fmt == "csv" ? OutputKind::csv : OutputKind::text);
    return 0;
  }});
  auto* stats = app.add_subcommand("stats", "player statistics: marque stats [PLAYER] [--game G] [--league L]");
  stats->add_option("player", o->player, "one player (default: everyone)");
  stats->add_option("--kind,-k", o->filter.game, "only this game kind");
  stats->add_option("--league", o->filter.league, "only this league");
  add_format(stats, o->format);
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
}

}  // namespace marque::cli::commands
