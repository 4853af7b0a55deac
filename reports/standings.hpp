// League standings, player placings and ratings: pure functions of per-game summaries (no SQLite).
// Each game's summary is reduced to its seats (place, points, team result) by the game's own rules when the
// game is stored (GameRules::seats); standings and ratings read only those.
// Ranking rule (documented in the README, the same in every format):
//   1. league points: the sum over games of the placing score (n - place) / (n - 1) -- 1 for first, 0 for
//      last, shared places share the average -- so tables of 3, 4 and 5 players (and different games)
//      weigh the same; then 2. average league points per game; 3. wins; 4. name (case-insensitive).
// Ratings: Elo per game kind, K = 32 / (n - 1) per opponent pair, from 1500, games in date then id order.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/amount.hpp"

namespace marque::reports {

// One seat of a stored game: the player and what the game's rules reduced its summary to (core/league.hpp),
// kept in columns, so that standings over a club's whole history never parse a summary.
struct Seat {
  std::string player;
  int place = 0;
  Amount points;            // exact, in the game's unit; for a team game the team's total
  std::string team_result;  // win | loss | draw ("" when the game has no teams or no winner yet)
};

struct GameStanding {
  int64_t id = 0;
  std::string game;       // kind
  std::string played_on;  // ISO date or ""
  std::string league;
  int64_t hands = 0;
  std::vector<Seat> seats;  // setup order
};

// Elo ratings per game kind: {kind: {player: rating}}, games in the order given (date, then id).
nlohmann::ordered_json ratings(const std::vector<GameStanding>& games);

struct StandingsFilter {
  std::string league, game, from, to;
  int players = 0;
};
// Which extra figures each game kind reports (league::Profile::standings_extras), by kind.
using StandingsExtras = std::map<std::string, std::vector<std::string>>;
// marque-standings/1 document.
nlohmann::ordered_json build_standings(const std::vector<GameStanding>& games, const StandingsFilter& filter,
                                       const std::string& generator, const std::string& generated_at,
                                       const StandingsExtras& extras = {});
std::string render_standings_text(const nlohmann::ordered_json& doc);
std::string render_standings_csv(const nlohmann::ordered_json& doc);

}  // namespace marque::reports
