// marque ratings [PLAYER] [--chart]: ratings per game kind and their history.
#include "reports/ratings.hpp"
#include "cli/common.hpp"
#include "core/language.hpp"
#include "reports/sheet_render.hpp"

namespace marque::cli::commands {

CommandRecord add_ratings(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    app::Filter filter;
    std::string format = "text", out_file, player;
    bool chart = false;
  };
  auto o = std::make_shared<Options>();
  auto* ratings = app.add_subcommand(
      "ratings",
      text::tr("help.ratings", "ratings per game kind and how they got there: marque ratings [PLAYER] [--kind GAME]"));
  ratings->add_option("player", o->player,
                      text::tr("help.ratings.player",
                               "one player's history game by game (default: everyone's rating)"));
  ratings->add_option("--kind,-k", o->filter.game, text::tr("help.ratings.kind", "only this game kind"))
      ->check(CLI::IsMember(game_ids()));
  ratings->add_option("--league", o->filter.league, text::tr("help.ratings.league", "only this league's games"));
  ratings->add_option("--season,-s", o->filter.season, text::tr("help.ratings.season", "only this season's games"));
  ratings->add_option("--format", o->format, text::tr("help.ratings.format", "text, csv or json (marque-ratings/1)"))
      ->check(CLI::IsMember({"text", "csv", "json"}));
  add_output(ratings, o->out_file);
  ratings->add_flag(
      "--chart", o->chart,
      text::tr("help.ratings.chart",
               "text, with a PLAYER: draw the rating after each game as a chart under each kind's table"));
  ratings->footer(text::tr(
      "help.ratings.footer",
      "An Elo rating per player and game kind, from 1500, over the games that count in date order: each pair of\n"
      "opponents is a duel won by the better place (partners are one side), K = 32 / the number of opponents.\n"
      "Examples:\n  marque ratings\n  marque ratings Sophie --chart\n  marque ratings Sophie --format csv -o sophie.csv"));
  out.push_back({ratings, [o, &ctx] {
                   auto db = ctx.open();
                   if (o->chart && (o->player.empty() || ctx.format != Format::text))
                     throw Error(k_exit_usage,
                                 "--chart draws one player's history as text: marque ratings PLAYER --chart");
                   ojson doc = app::ratings(*db, o->player, o->filter);
                   Report r;
                   r.json = [&] { return json_text(doc); };
                   r.csv = [&] { return reports::render_ratings_csv(doc); };
                   r.text = [&] {
                     std::string text = reports::render_ratings_text(doc);
                     if (o->chart)
                       for (auto k = doc["ratings"].begin(); k != doc["ratings"].end(); ++k)
                         text += "\n" + k.key() + ": " +
                                 reports::chart_text(reports::rating_chart(doc, k.key()), 60, 12,
                                                     {text::tr("chart.rating", "rating"),
                                                      text::tr("chart.step.game", "game"), false});
                     return text;
                   };
                   emit(r, ctx.format, o->out_file);
                   return 0;
                 }});
  return {"ratings", false, {Format::text, Format::csv, Format::json}};
}

}  // namespace marque::cli::commands
