// What a game's fold returns, typed and exact: the sides it is played by, per-hand deltas and totals as Amounts
// (core/amount.hpp), the game's own account of the hand; the engine serialises marque-score/1 from these in one
// place (engine.cpp). Renderers speak of sides, never of a game's teams or keys.
#pragma once

#include <string>
#include <vector>

#include "core/amount.hpp"
#include "core/json.hpp"

namespace marque::rules {

// A side of a game: one player, or a team (coinche's N/S and E/W). A game played by players has one side per
// player, in set-up order; a team game declares its teams (Game::sides).
struct Side {
  std::string id;                    // the player's name, or the team's id ("NS"): its key in the score document
  std::string label;                 // what people read ("Nous", "N/S"; a player's name)
  std::vector<std::string> players;  // who plays on it, in set-up order
};

// One hand played: the score document's hands[i] entry as data (format README, marque-score/1).
struct HandResult {
  nlohmann::ordered_json head = nlohmann::ordered_json::object();  // the game's keys before "deltas" (hand, dealer)
  std::vector<Amount> deltas;                                      // per player, in set-up order
  std::vector<Amount> totals;                                      // per player after the hand
  // per side, in Game::sides() order, when the sides are teams (written as "<side_key>_deltas"/"_totals"); empty
  // for a game of players
  std::vector<Amount> side_deltas, side_totals;
  nlohmann::ordered_json breakdown;                                // the game's account of the hand (amounts exact)
  nlohmann::ordered_json tail = nlohmann::ordered_json::object();  // its keys after the breakdown (pools, transfers)
};

}  // namespace marque::rules
