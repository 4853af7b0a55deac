// The room screen of an event (tournament.md 6.4) as data: the stored document and its tables read in one snapshot,
// the latest ranking computed by src/tournament as the organiser's ranking is, the current round's results counted
// as they come in (provisional) until the round is closed.
#include "app/tournament_room.hpp"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <map>

#include "app/internal.hpp"
#include "core/unicode.hpp"
#include "tournament/organise.hpp"

namespace marque::app {

namespace {

using ordered = nlohmann::ordered_json;

// "YYYY-MM-DDTHH:MM:SSZ" plus `minutes`, in the same form; "" when the stamp is not in that form
std::string later_by(const std::string& stamp, int minutes) {
  std::tm t{};
  if (std::sscanf(stamp.c_str(), "%4d-%2d-%2dT%2d:%2d:%2dZ", &t.tm_year, &t.tm_mon, &t.tm_mday, &t.tm_hour, &t.tm_min,
                  &t.tm_sec) != 6)
    return "";
  t.tm_year -= 1900;
  t.tm_mon -= 1;
  const std::time_t at = timegm(&t) + static_cast<std::time_t>(minutes) * 60;
  char out[32];
  std::strftime(out, sizeof out, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&at));
  return out;
}

ordered amount(const Amount& a) {
  ordered j = a;
  return j;
}

}  // namespace

ordered tournament_room(Session& session, const std::string& event) {
  Store& store = store_of(session);
  Store::ReadTransaction tx(store);
  const auto row = store.tournament(event);
  if (!row)
    throw Error(k_exit_noinput, text::tr("app.no_tournament_here", "no tournament \"{id}\" here",
                                         text::Message().text("id", clip(event))));
  Diagnostics d;
  const tournament::Event e = tournament::open_event(json::parse(row->document), d);
  if (d.has_errors()) throw Error(k_exit_dataerr, "the stored tournament \"" + clip(event) + "\" cannot be read");
  const auto tables = store.tournament_tables(event);

  std::map<std::string, std::string> names;
  for (const auto& en : e.entrants) names[en.id] = en.name;
  auto name_of = [&](const std::string& id) { return names.count(id) ? names[id] : id; };

  ordered out;
  out["event"] = {{"id", e.settings.id.empty() ? event : e.settings.id},
                  {"name", e.settings.name},
                  {"game", e.settings.game},
                  {"rounds", e.settings.rounds},
                  {"time_limit_min", e.settings.time_limit_min ? ordered(*e.settings.time_limit_min) : ordered()}};
  // the round on the tables: the latest one published (a round drawn and not yet published is not shown)
  int current = 0;
  std::string published_at;
  for (const auto& t : tables)
    if (t.published && t.round >= current) {
      if (t.round > current) published_at.clear();
      current = t.round;
      if (published_at.empty() || (!t.published_at.empty() && t.published_at < published_at))
        published_at = t.published_at;
    }
  const tournament::Round* round = nullptr;
  for (const auto& r : e.rounds)
    if (r.number == current) round = &r;
  out["round"] = round ? ordered(current) : ordered();
  out["round_status"] = round ? ordered(round->closed ? "closed" : "drawn") : ordered();
  out["published_at"] = round && !published_at.empty() ? ordered(published_at) : ordered();
  const std::string ends = round && !round->closed && e.settings.time_limit_min
                               ? later_by(published_at, *e.settings.time_limit_min)
                               : "";
  out["ends_at"] = ends.empty() ? ordered() : ordered(ends);

  ordered list = ordered::array(), sit = ordered::array(), byes = ordered::array();
  std::map<std::string, std::string> state_of;  // entrant -> the state of its table's result this round
  int tables_in = 0;
  if (round) {
    for (const auto& t : round->tables) {
      std::string state = tournament::table_state(t);
      for (const auto& s : tables)
        if (s.round == current && s.table == t.number) state = s.state;
      if (state != "open") ++tables_in;
      ordered seats = ordered::array();
      for (size_t i = 0; i < t.seats.size(); ++i) {
        const std::string& id = t.seats[i];
        seats.push_back({{"seat", i + 1}, {"entrant", id}, {"name", name_of(id)}});
        sit.push_back({{"name", name_of(id)}, {"table", t.number}, {"seat", i + 1}});
        state_of[id] = state;
      }
      ordered result;
      if (t.result.present) {
        result = ordered::object();
        for (const auto& id : t.seats)
          if (t.result.points.count(id)) result[id] = amount(t.result.points.at(id));
      }
      list.push_back({{"table", t.number},
                      {"state", state},
                      {"seats", seats},
                      {"first_dealer", t.first_dealer.empty() ? ordered() : ordered(name_of(t.first_dealer))},
                      {"result", result}});
    }
    for (const auto& id : round->byes) byes.push_back(name_of(id));
  }
  std::stable_sort(sit.begin(), sit.end(), [](const ordered& a, const ordered& b) {
    return unicode::fold(a["name"].get<std::string>()) < unicode::fold(b["name"].get<std::string>());
  });
  out["tables"] = list;
  out["byes"] = byes;
  out["sit"] = sit;

  // the latest ranking: after the current round when it is closed, else with its results so far counted (a
  // submitted result as well as a confirmed one: provisional), else after the last closed round
  int after = 0;
  for (const auto& r : e.rounds)
    if (r.closed && r.number <= std::max(current, 1)) after = r.number;
  const bool provisional = round && !round->closed && tables_in > 0;
  tournament::Event counted = e;
  if (provisional) {
    counted.settings.confirmation = "none";  // a submitted result counts, marked
    after = current;
  }
  ordered rows = ordered::array();
  if (after > 0)
    for (const auto& r : tournament::ranking_of(counted, after)) {
      const bool withdrawn = r.withdrawn_after && *r.withdrawn_after < after;
      const std::string state = provisional && state_of.count(r.entrant) ? state_of[r.entrant] : "";
      rows.push_back({{"rank", r.rank},
                      {"entrant", r.entrant},
                      {"name", name_of(r.entrant)},
                      {"score", amount(r.score)},
                      {"round_points", r.rounds.empty() ? ordered() : amount(r.rounds.back())},
                      {"state", state.empty() ? ordered() : ordered(state)},
                      {"withdrawn", withdrawn}});
    }
  out["ranking"] = {{"after", after > 0 ? ordered(after) : ordered()},
                    {"provisional", provisional},
                    {"tables_in", tables_in},
                    {"tables", round ? round->tables.size() : 0},
                    {"rows", rows}};
  return out;
}

}  // namespace marque::app
