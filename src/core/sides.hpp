// A game's standing by sides, as the front ends render it: each side (a player, or a team) with its players, its
// exact total and a hand's delta. The use cases make it from the replay and the game's own sides
// (rules::Game::sides); reports/, the terminal and the served pages render it and never read a game's keys.
#pragma once

#include <string>
#include <vector>

#include "core/amount.hpp"

namespace marque {

struct SideLine {
  std::string name;                  // as a score names it: a player's name, a team's short name ("NS")
  std::string label;                 // what people read (rules::Side::label: "N/S"; a player's name)
  std::vector<std::string> players;  // who plays on it, in set-up order
  Amount total;                      // as the game stands (or after the hand, for one hand's sides)
  Amount delta;                      // the hand's (zero when none)
};

struct Sides {
  bool teams = false;           // the sides are teams, shown beside the players; else one side per player
  std::string heading;          // the game's word for its sides' totals ("Nous / Eux"); "" for a game of players
  std::vector<SideLine> lines;  // in the game's order (a team game: the team of the first seat first)
};

}  // namespace marque
