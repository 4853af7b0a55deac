// Standings, statistics and ratings: the stored seats and facts, reduced by each game's own rules, handed to
// reports/; a league's seasons (named date ranges) and the filter a season stands for.
#include "app/internal.hpp"

#include <algorithm>
#include <map>

#include "core/date.hpp"
#include "core/unicode.hpp"
#include "reports/ratings.hpp"
#include "reports/standings.hpp"
#include "reports/stats.hpp"

namespace marque::app {

namespace {

std::vector<reports::GameStanding> standing_games(Store& store, const Filter& filter) {
  std::vector<reports::GameStanding> games;
  std::vector<Store::StandingRow> rows = store.standing_rows(stored_filter(filter));
  // the games closed after redeals only do not count: the rows say which were closed (the same games as
  // closed_without_play's, loaded in the same order); with a table size, closed_without_play itself
  std::set<int64_t> unplayed;
  if (filter.players) {
    unplayed = closed_without_play(store, filter);
  } else {
    std::vector<int64_t> closed;
    for (const auto& row : rows)
      if (row.closed) closed.push_back(row.id);
    std::sort(closed.begin(), closed.end());
    for (int64_t id : closed)
      if (load_game(store, id).played_count == 0) unplayed.insert(id);
  }
  games.reserve(rows.size());
  for (auto& row : rows) {
    if (unplayed.count(row.id)) continue;
    games.push_back({row.id, std::move(row.game), std::move(row.played_on), std::move(row.league), row.hands,
                     std::move(row.seats)});
  }
  return games;
}

// The closed tournaments that count in the league as one result per entrant (tournament.md 5.6,
// league_contribution = event), under the filter: the event's league, game and first date; each player of an
// entrant (a team's two) takes the entrant's league points. A damaged stored event counts nothing (check reports it).
std::vector<reports::GameStanding> standing_events(Store& store, const Filter& filter) {
  std::vector<reports::GameStanding> out;
  if (filter.players != 0) return out;  // an event has no one table size
  for (const auto& row : store.tournaments()) {
    if (row.status != "closed") continue;
    const json doc = json::parse(row.document, nullptr, false);
    if (!doc.is_object() || !doc.contains("event") || !doc["event"].is_object() || !doc.contains("ranking") ||
        !doc["ranking"].is_array())
      continue;
    const json& ev = doc["event"];
    if (ev.value("league_contribution", std::string("event")) != "event") continue;
    const std::string league = ev.value("league", std::string()), game = ev.value("game", std::string());
    std::string date;
    if (ev.contains("dates") && ev["dates"].is_array() && !ev["dates"].empty() && ev["dates"][0].is_string())
      date = ev["dates"][0].get<std::string>();
    if (!filter.league.empty() && !unicode::same_name(league, filter.league)) continue;
    if (!filter.game.empty() && filter.game != game) continue;
    if ((!filter.from.empty() && date < filter.from) || (!filter.to.empty() && date > filter.to)) continue;
    std::map<std::string, std::vector<std::string>> players;
    if (doc.contains("entrants") && doc["entrants"].is_array())
      for (const auto& en : doc["entrants"]) {
        if (!en.is_object()) continue;
        auto& list = players[en.value("id", std::string())];
        if (en.contains("players") && en["players"].is_array())
          for (const auto& p : en["players"])
            if (p.is_string()) list.push_back(p.get<std::string>());
        if (list.empty()) list.push_back(en.value("name", en.value("id", std::string())));
      }
    reports::GameStanding g{0, game, date, league, 0, {}};
    g.ranked = static_cast<int>(doc["ranking"].size());
    for (const auto& r : doc["ranking"]) {
      if (!r.is_object() || !r.contains("league_points") || !r["league_points"].is_number()) continue;
      for (const auto& name : players[r.value("entrant", std::string())]) {
        g.seats.push_back({name, r.value("rank", 0), Amount{}, ""});
        g.given.push_back(r["league_points"].get<double>());
      }
    }
    if (!g.seats.empty()) out.push_back(std::move(g));
  }
  return out;
}

// The stored spelling of a player named on the command line (case and accents folded), else exit 66.
std::string stored_player(Store& store, const std::string& player) {
  if (player.empty()) return player;
  std::string name = store.player_name(player);
  if (name.empty()) no_player(store, player);
  return name;
}

}  // namespace

std::set<int64_t> closed_without_play(Store& store, const Filter& filter) {
  std::set<int64_t> out;
  for (int64_t id : store.closed_game_ids(stored_filter(filter)))
    if (load_game(store, id).played_count == 0) out.insert(id);
  return out;
}

// --- seasons

Season add_season(Session& session, const std::string& name, const std::string& league, const std::string& from,
                  const std::string& to) {
  Store& store = store_of(session);
  if (name.empty() || name.find_first_not_of(" \t") == std::string::npos)
    throw Error(k_exit_rejected, text::tr("app.season.name", "a season needs a name"));
  if (league.empty())
    throw Error(k_exit_usage,
                text::tr("app.season.league",
                         "a season belongs to a league: --league NAME (or league = \"...\" in the config file)"));
  for (const auto& [option, date] : {std::pair{"--from", from}, std::pair{"--to", to}}) {
    if (date.empty())
      throw Error(k_exit_usage, text::tr("app.season.dates", "a season needs its dates: {option} YYYY-MM-DD",
                                         text::Message().text("option", option)));
    if (!is_valid_date(date))
      throw Error(k_exit_rejected, text::tr("app.season.date", "{option}: \"{date}\" is not a date (YYYY-MM-DD)",
                                            text::Message().text("option", option).text("date", date)));
  }
  if (to < from)
    throw Error(k_exit_rejected,
                text::tr("app.season.order", "season {name} would end ({to}) before it starts ({from})",
                         text::Message().text("name", name).text("to", to).text("from", from)));
  Store::Transaction tx(store);
  for (const auto& s : store.seasons(league))
    if (unicode::same_name(s.name, name))
      throw Error(
          k_exit_rejected,
          text::tr("app.season.exists", "league {league} has a season named {name} already ({from} to {to})",
                   text::Message().text("league", s.league).text("name", s.name).text("from", s.from).text("to", s.to)),
          "marque season list");
  store.create_season(name, league, from, to);
  Season out;
  for (const auto& s : seasons(session, league))
    if (s.name == name) out = s;
  tx.commit();
  return out;
}

std::vector<Season> seasons(Session& session, const std::string& league) {
  Store& store = store_of(session);
  std::vector<Season> out = infos_of(store.seasons(league));
  for (auto& s : out) {  // the games that count: a game closed after redeals only does not
    Filter f;
    f.league = s.league;
    f.from = s.from;
    f.to = s.to;
    s.games -= static_cast<int64_t>(closed_without_play(store, f).size());
  }
  return out;
}

Season find_season(Session& session, const std::string& name, const std::string& league) {
  Store& store = store_of(session);
  std::vector<Season> found, all = infos_of(store.seasons(league));
  for (const auto& s : all)
    if (unicode::same_name(s.name, name)) found.push_back(s);
  if (found.empty())
    throw Error(k_exit_noinput,
                text::tr("app.season.none",
                         "no season named {name}{has_league, select, yes { in league {league}} other {}}",
                         text::Message()
                             .text("name", name)
                             .text("has_league", league.empty() ? "no" : "yes")
                             .text("league", league)),
                all.empty() ? "marque season add NAME --league L --from D --to D" : "marque season list");
  if (found.size() > 1) {
    std::string leagues;
    for (const auto& s : found) leagues += (leagues.empty() ? "" : ", ") + s.league;
    throw Error(k_exit_usage,
                text::tr("app.season.leagues",
                         "season {name} is a season of several leagues ({leagues}): say which with --league",
                         text::Message().text("name", name).text("leagues", leagues)));
  }
  return found.front();
}

void delete_season(Session& session, const std::string& name, const std::string& league) {
  Store& store = store_of(session);
  Store::Transaction tx(store);
  const Season s = find_season(session, name, league);
  store.delete_season(s.name, s.league);
  tx.commit();
}

Filter with_season(Session& session, Filter filter, Season* season) {
  if (filter.season.empty()) return filter;
  if (!filter.from.empty() || !filter.to.empty())
    throw Error(k_exit_usage,
                text::tr("app.season.with_dates", "--season gives the dates: it goes without --from and --to"));
  const Season s = find_season(session, filter.season, filter.league);
  filter.league = s.league;
  filter.from = s.from;
  filter.to = s.to;
  if (season) *season = s;
  return filter;
}

// --- standings, statistics, ratings

reports::Standings standings_figures(Session& session, const Filter& asked, const std::string& generated_at) {
  Store& store = store_of(session);
  Season season;
  const Filter filter = with_season(session, asked, &season);
  std::vector<reports::GameStanding> games = standing_games(store, filter);
  for (auto& g : standing_events(store, filter)) games.push_back(std::move(g));
  reports::StandingsFilter f{filter.league,  filter.game, asked.from,  asked.to,
                             filter.players, season.name, season.from, season.to};
  reports::StandingsExtras extras;
  for (const auto* g : rules::all_games()) extras[std::string(g->id())] = g->league_profile().standings_extras;
  return reports::tally_standings(games, f, "marque", generated_at, extras);
}

ojson standings(Session& session, const Filter& filter, const std::string& generated_at) {
  return reports::standings_json(standings_figures(session, filter, generated_at));
}

ojson stats(Session& session, const std::string& player, const Filter& asked) {
  Store& store = store_of(session);
  const Filter filter = with_season(session, asked, nullptr);
  const std::string name = stored_player(store, player);
  std::vector<reports::StatsGame> games;
  const std::set<int64_t> unplayed = closed_without_play(store, filter);
  for (const auto& row : store.summaries(stored_filter(filter))) {
    if (unplayed.count(row.id)) continue;
    if (!name.empty() && std::find(row.players.begin(), row.players.end(), name) == row.players.end()) continue;
    const rules::GameRules* rules = rules::find_game(row.game);
    reports::StatsGame g{row.id, row.game, row.players, rules ? rules->league_profile().role : "", {}, {}, {}};
    for (const auto& h : store.hands(row.id)) {
      g.facts.push_back(rules ? rules->hand_facts(h.record, h.score, row.players) : league::HandFacts{});
      g.scores.push_back(h.score);
      g.numbers.push_back(h.no);
    }
    games.push_back(std::move(g));
  }
  return reports::build_stats(games, name);
}

ojson ratings(Session& session, const std::string& player, const Filter& asked) {
  Store& store = store_of(session);
  const Filter filter = with_season(session, asked, nullptr);
  const std::string name = stored_player(store, player);
  reports::RatingHistory history = reports::rating_history(standing_games(store, filter));
  return reports::build_ratings(history, name, filter.game);
}

}  // namespace marque::app
