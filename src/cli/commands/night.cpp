// marque night start --date D [--venue V --league L --note N]; marque night list
#include <iostream>

#include "cli/common.hpp"
#include "core/language.hpp"

namespace marque::cli::commands {

CommandRecord add_night(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    std::string date, venue, league, note;
  };
  auto o = std::make_shared<Options>();
  auto* night = app.add_subcommand(
      "night", text::tr("help.night", "game nights: marque night start --date 2026-11-20 --venue ... --league ..."));
  night->require_subcommand(1);
  auto* start = night->add_subcommand("start", text::tr("help.night.start",
                                                        "start a night (then: marque start GAME ... --night ID)"));
  start->add_option("--date", o->date, text::tr("help.night.start.date", "date (YYYY-MM-DD)"))->required();
  start->add_option("--venue", o->venue, text::tr("help.night.start.venue", "where"));
  start->add_option("--league", o->league, text::tr("help.night.start.league", "league"));
  start->add_option("--note", o->note, text::tr("help.night.start.note", "free text"));
  out.push_back({start, [o, &ctx] {
                   if (o->date.empty())
                     throw Error(k_exit_rejected,
                                 text::tr("cli.night.date_empty",
                                          "--date: is empty; a night needs its date (YYYY-MM-DD, e.g. 2026-11-20)"));
                   require_date("--date", o->date);
                   for (const auto& [field, value] :
                        {std::pair<const char*, const std::string*>{"--league", &o->league},
                         {"--date", &o->date},
                         {"--venue", &o->venue},
                         {"--note", &o->note}})
                     check_utf8(field, *value);
                   auto db = ctx.open(true);
                   int64_t id = app::start_night(*db, o->date, o->venue, o->league, o->note);
                   const text::Message night_id = text::Message().text("id", std::to_string(id));
                   std::cout << text::tr("cli.night.heading", "night {id}:", night_id) << " "
                             << text::local_date(o->date, text::language()) << (o->venue.empty() ? "" : ", " + o->venue)
                             << (o->league.empty() ? "" : " (" + o->league + ")") << "\n  "
                             << text::tr("cli.night.started",
                                         "start its games with: marque start GAME ... --night {id}", night_id)
                             << "\n";
                   return 0;
                 }});
  auto* list = night->add_subcommand("list", text::tr("help.night.list", "list the nights and their games"));
  out.push_back({list, [&ctx] {
                   auto db = ctx.open(false);
                   for (const auto& n : app::nights(*db)) {
                     std::cout << text::tr("cli.night.label", "night {id}",
                                           text::Message().text("id", std::to_string(n.id)))
                               << "  " << text::local_date(n.date, text::language()) << "  " << n.venue
                               << (n.league.empty() ? "" : "  (" + n.league + ")") << "  "
                               << text::tr("cli.night.games", "games:");
                     for (auto gid : n.games) std::cout << " " << gid;
                     std::cout << "\n";
                   }
                   return 0;
                 }});
  return {"night", true};
}

}  // namespace marque::cli::commands
