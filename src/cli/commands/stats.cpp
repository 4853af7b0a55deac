// marque stats [PLAYER]: player statistics.
#include "reports/stats.hpp"
#include "cli/common.hpp"
#include "core/language.hpp"

namespace marque::cli::commands {

CommandRecord add_stats(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    app::Filter filter;
    std::string format = "text", player;
  };
  auto o = std::make_shared<Options>();
  auto* stats = app.add_subcommand(
      "stats",
      text::tr("help.stats", "player statistics: marque stats [PLAYER] [--kind GAME] [--league L] [--season S]"));
  stats->add_option("player", o->player, text::tr("help.stats.player", "one player (default: everyone)"));
  stats->add_option("--kind,-k", o->filter.game, text::tr("help.ratings.kind", "only this game kind"))
      ->check(CLI::IsMember(game_ids()));
  stats->add_option("--league", o->filter.league, text::tr("help.season.list.league", "only this league"));
  stats->add_option("--season,-s", o->filter.season, text::tr("help.stats.season", "only this season of the league"));
  add_format(stats, o->format);
  stats->footer(
      text::tr("help.stats.footer",
               "Hands are the hands played: redeals, all-pass deals and misdeals are counted apart and are never\n"
               "a best or worst hand."));
  out.push_back({stats, [o, &ctx] {
                   auto db = ctx.open();
                   ojson doc = app::stats(*db, o->player, o->filter);
                   Report r;
                   r.json = [&] { return json_text(doc); };
                   r.text = [&] { return reports::render_stats_text(doc, app::stats_words()); };
                   emit(r, ctx.format, "");
                   return 0;
                 }});
  return {"stats", false, {Format::text, Format::json}};
}

}  // namespace marque::cli::commands
