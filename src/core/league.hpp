// What standings and statistics need of a game, reduced by the game itself (GameRules::seats, hand_facts,
// league_profile) so that the reports never look inside a game's records or results, and never name a game.
#pragma once

#include <optional>

#include <string>
#include <utility>
#include <vector>
#include "core/amount.hpp"

namespace marque::league {

// One seat's standing in a game: its place (1 = first, ties share the best place), its points in the game's
// unit (for a team game: the team's total) and, for a game played by two sides, its side's result ("win",
// "loss", "draw"; as the game stands until it is over); "" = a game without sides. Standings place the sides of
// a game whose every seat has a team result, 1 for the winning side and 0 for the other.
struct SeatResult {
  int place = 0;
  Amount points;  // exact
  std::string team_result;
};

// One seat of a stored game as standings and ratings read it (reports::Seat): the player as stored and the
// seat's standing (SeatResult's place, points and team result), kept in columns, so that standings over a club's
// whole history never parse a summary. storage reads them, reports takes them as they are.
struct Seat {
  std::string player;
  int place = 0;
  Amount points;            // exact, in the game's unit; for a team game the team's total
  std::string team_result;  // win | loss | draw ("" when the game has no teams)
};

// What happened in one hand, as the statistics count it.
struct HandFacts {
  // a hand really played; false for a deal that was not played out (a redeal, an all-pass deal, a misdeal):
  // the statistics count those apart and never take one as a best or worst hand or in a streak
  bool played = true;
  std::string not_played;    // what the unplayed deal was ("redeal", "all_pass", "misdeal"); "" when played
  std::string actor;         // the player who took the contract (taker, bidder, declarer); "" = none
  std::optional<bool> made;  // did the actor make it (unknown = not counted as made)
  std::string contract;      // the contract's name as the statistics list it; "" = not counted
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
