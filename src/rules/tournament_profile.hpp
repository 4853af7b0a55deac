// What the tournament layer (src/tournament, ../shared/rules/tournament.md) needs of a game: who is drawn (players
// or fixed teams of two), the table sizes it plays and prefers (3.1), what a table's result is (zero-sum, its unit),
// the round lengths it offers (1.2) and the defaults of an event of this game. Data only, given by each game's
// GameRules::tournament_profile, so the tournament code names no game.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/json.hpp"

namespace marque::rules {

struct TournamentProfile {
  bool teams = false;      // entrants are fixed teams of two players (entrant_kind "teams")
  bool two_sided = false;  // tables of two entrants: byes, match points, Swiss by default
  // table sizes (3.1): the preferred size, the other size that absorbs the rest (0: none), the size used only when
  // those two cannot seat everyone (0: none), and the other preference a club may choose (`draw.table_preference`,
  // e.g. "fives": the other size preferred); sit_out: entrants the sizes cannot seat sit out (a bye) instead
  int preferred = 2, other = 0, fallback = 0;
  std::string preference_default, preference_other;  // "" when the game has no choice
  bool sit_out = false;
  int min_table = 2, max_table = 2;           // the sizes a table may have (T05)
  int min_entrants = 2;                       // fewer cannot be seated (T13)
  int64_t slip_per = 1;                       // a slip's numbers are whole multiples of 1/slip_per (4.2)
  std::vector<std::string> zero_sum_lengths;  // the round_length modes whose table results sum to 0 (T07)
  std::vector<std::string> length_modes;      // the round_length modes the game plays
  nlohmann::json default_round_length;
  nlohmann::json default_options =
      nlohmann::json::object();  // an event's options before its own (the tournament's defaults)
  int default_rounds = 4;
  std::string default_method = "rotation", default_scoring = "total";
  std::vector<std::string> match_chain;  // the tie-break chain of `match` mode after match_points (5.4)
  // comparability (5.2): the deals per `n` in which an entrant holds cards at a table of each size, and the
  // reference (a table of the preferred size)
  std::map<int, int> active_per_n;
  int reference_active = 4;
  int partie_deals = 0;  // the deals of a round of length {"mode":"partie"} (0: not offered)
  // the end rule of a table's game (1.2) as a patch of its set-up (merged into it: top-level keys, and "options"
  // key by key, a null removing an event's option the table does not take), from the round length, the deals a
  // table of `size` plays (0 when the length is no deal count) and that size; empty: the game's own end rule
  std::function<nlohmann::json(const nlohmann::json& round_length, int deals, int size)> table_end;
};

}  // namespace marque::rules
