// Standings and statistics: the stored seats and facts, reduced by each game's own rules, handed to reports/.
#include "app/internal.hpp"

#include <algorithm>

#include "reports/standings.hpp"
#include "reports/stats.hpp"

namespace marque::app {

ojson standings(Store& store, const Store::SummaryFilter& filter, const std::string& generated_at) {
  std::vector<reports::GameStanding> games;
  for (auto& row : store.standing_rows(filter)) {
    reports::GameStanding g{row.id, std::move(row.game), std::move(row.played_on), std::move(row.league), row.hands, {}};
    for (auto& [name, seat] : row.seats) g.seats.push_back({std::move(name), seat.place, seat.points, std::move(seat.team_result)});
    games.push_back(std::move(g));
  }
  reports::StandingsFilter f{filter.league, filter.game, filter.from, filter.to, filter.players};
  reports::StandingsExtras extras;
  for (const auto* g : rules::all_games()) extras[std::string(g->id())] = g->league_profile().standings_extras;
  return reports::build_standings(games, f, "marque", generated_at, extras);
}

ojson stats(Store& store, const std::string& player, const Store::SummaryFilter& filter) {
  std::string name = player;
  if (!player.empty()) {
    int64_t pid = store.player_id(player, false);
    if (!pid) throw Error(k_exit_noinput, "no player named " + player);
    for (const auto& [id, n] : store.players())
      if (id == pid) name = n;
  }
  std::vector<reports::StatsGame> games;
  for (const auto& row : store.summaries(filter)) {
    if (!name.empty() && std::find(row.players.begin(), row.players.end(), name) == row.players.end()) continue;
    const rules::GameRules* rules = rules::find_game(row.game);
    reports::StatsGame g{row.id, row.game, row.players, rules ? rules->league_profile().role : "", {}, {}};
    for (const auto& h : store.hands(row.id)) {
      g.facts.push_back(rules ? rules->hand_facts(h.record, h.score, row.players) : league::HandFacts{});
      g.scores.push_back(h.score);
    }
    games.push_back(std::move(g));
  }
  return reports::build_stats(games, name);
}

}  // namespace marque::app
