// A marque-tournament/1 document as a short text: each round's tables (seats, first dealer, result), byes and
// absences, the ranking with its tie-break chain, the corrections and the warnings.
#pragma once

#include <string>

#include "core/json.hpp"

namespace marque::reports {

std::string tournament_text(const nlohmann::ordered_json& doc);
// A value of the document as people read it: a string as is, a number exact (at most two decimals), a list spaced.
std::string tournament_value(const nlohmann::ordered_json& v);
// A tie-break criterion (tournament.md 5.3: total_points, placement_points, head_to_head ...) in the reader's language;
// English shows its id, as the file has it.
std::string tiebreak_name(const std::string& id);

}  // namespace marque::reports
