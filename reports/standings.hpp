// League standings, player placings and ratings: pure functions of per-game summaries (no SQLite).
// Ranking rule (documented in the README, the same in every format):
//   1. league points: the sum over games of the placing score (n - place) / (n - 1) -- 1 for first, 0 for
//      last, shared places share the average -- so tables of 3, 4 and 5 players (and different games)
//      weigh the same; then 2. average league points per game; 3. wins; 4. name (case-insensitive).
// Ratings: Elo per game kind, K = 32 / (n - 1) per opponent pair, from 1500, games in date then id order.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace marque::reports {

struct GameSummary {
  int64_t id = 0;
  std::string game;       // kind
  std::string played_on;  // ISO date or ""
  std::string league;
  std::vector<std::string> players;  // setup order (coinche: N, E, S, W)
  nlohmann::json summary;            // score document without hands (+ hand_count)
};

// Places 1..n of the players of one game (ties share the best place), from its result.
std::vector<int> placings(const GameSummary& g);
// Elo ratings per game kind: {kind: {player: rating}}.
nlohmann::ordered_json ratings(const std::vector<GameSummary>& games);

struct StandingsFilter {
  std::string league, game, from, to;
  int players = 0;
};
// marque-standings/1 document.
nlohmann::ordered_json build_standings(const std::vector<GameSummary>& games, const StandingsFilter& filter,
                                       const std::string& generator, const std::string& generated_at);
std::string render_standings_text(const nlohmann::ordered_json& doc);
std::string render_standings_csv(const nlohmann::ordered_json& doc);

}  // namespace marque::reports
