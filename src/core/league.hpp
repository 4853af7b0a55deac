// What standings and statistics need of a game, reduced by the game itself (GameRules::seats, hand_facts,
// league_profile) so that the reports never look inside a game's records or results, and never name a game.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace marque::league {

// One seat's standing in a game: its place (1 = first, ties share the best place), its points in the game's
// unit (for a team game: the team's total) and its team result ("win", "loss", "draw"; "" = no teams or no
// winner yet).
struct SeatResult {
  int place = 0;
  double points = 0;
  std::string team_result;
};

// What happened in one hand, as the statistics count it.
struct HandFacts {
  std::string actor;        // the player who took the contract (taker, bidder, declarer); "" = none
  std::optional<bool> made;  // did the actor make it (unknown = not counted as made)
  std::string contract;     // the contract's name as the statistics list it; "" = not counted
  std::vector<std::pair<std::string, std::string>> bonuses;  // (player, bonus) earned in this hand
};

// How a game's standings and statistics read.
struct Profile {
  std::string role;  // what the statistics call the actor ("taker", "bidder", "declarer"); "" = no contracts
  // the extra figures of marque-standings/1 `by_game` this game reports, among "by_table_size" (hands and
  // points per table size), "team_results" (wins, losses, draws of the seat's team), "final_results" (the sum
  // of final results), "partie_results" (parties won and lost), "balance" (the sum of settlements)
  std::vector<std::string> standings_extras;
};

}  // namespace marque::league
