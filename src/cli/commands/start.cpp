// marque start GAME key=value... [--league L --date D --venue V --note N --night ID]
#include <iostream>

#include "cli/common.hpp"

namespace marque::cli::commands {

void add_start(CLI::App& app, Context& ctx, Commands& out) {
  std::string examples;
  for (const auto* game : rules::all_games())
    for (const auto& e : game->start_examples()) examples += "\n  marque start " + e;
  struct Options {
    std::string game, league, date, venue, note;
    std::vector<std::string> words;
    std::optional<int64_t> night_id;
  };
  auto o = std::make_shared<Options>();
  auto* c = app.add_subcommand("start", "start a game: marque start GAME players=Ann,Ben,Cat dealer=Ann [option.ID=VALUE]...");
  c->add_option("game", o->game, rules::game_list("or"))->required();
  c->add_option("fields", o->words, "set-up fields as key=value");
  c->add_option("--league", o->league, "league the game counts for");
  c->add_option("--date", o->date, "date played (YYYY-MM-DD)");
  c->add_option("--venue", o->venue, "where it was played");
  c->add_option("--note", o->note, "free text");
  c->add_option("--night", o->night_id, "the night (evening) this game belongs to (marque night start)")->check(k_whole_number);
  c->footer("Examples:" + examples);
  out.push_back({c, [o, &ctx] {
    require_date("--date", o->date);
    for (const auto& [field, value] : {std::pair<const char*, const std::string*>{"--league", &o->league}, {"--date", &o->date},
                                       {"--venue", &o->venue}, {"--note", &o->note}})
      check_utf8(field, *value);
    const auto& gr = rules_for(o->game);
    auto db = ctx.open(true);
    Diagnostics d;
    json setup = gr.setup_from_args(parse_words(o->words), d);
    if (d.has_errors()) throw Rejected(d);
    json meta = json::object();
    if (!o->league.empty()) meta["league"] = o->league;
    if (!o->date.empty()) meta["date"] = o->date;
    if (!o->venue.empty()) meta["venue"] = o->venue;
    if (!o->note.empty()) meta["note"] = o->note;
    int64_t id = app::start_game(*db, o->game, setup, meta, o->night_id);
    rules::Replay r = app::score_game(*db, id);
    std::string names;
    for (const auto& p : r.score["players"]) names += (names.empty() ? "" : ", ") + p.get<std::string>();
    std::cout << "game " << id << ": " << gr.title() << ", " << names << "\n";
    if (!r.state->next_dealer().empty()) std::cout << "  first dealer: " << r.state->next_dealer() << "\n";
    return 0;
  }});
}

}  // namespace marque::cli::commands
