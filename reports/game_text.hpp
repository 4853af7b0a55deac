// Text renderings of a game's state for the terminal: the lines after a hand is recorded, changed or deleted,
// and a game's score. Pure: from marque-score/1 documents, no SQLite, no rules; any front end can reuse them.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json_fwd.hpp>

namespace marque::reports {

// "Ann +93  Ben -31 ..." in the order of `names` (signed when `sign`)
std::string amounts_line(const nlohmann::ordered_json& values, const nlohmann::ordered_json& names, bool sign);

// After a hand: "game 3, hand 5 recorded", the hand's deltas, totals, breakdown, pools, payments, the result or
// the next dealer. `entry` is the hand's marque-score/1 entry (null: none), `score` the whole document.
std::string hand_outcome_text(const nlohmann::ordered_json& entry, const nlohmann::ordered_json& score, int64_t game_id,
                              int seq, const std::string& verb, const std::string& next_dealer);

// A game's score: hands, totals, ranking or winner, next dealer (game_id 0: a file without an id).
std::string score_text(const nlohmann::ordered_json& score, int64_t game_id);

}  // namespace marque::reports
