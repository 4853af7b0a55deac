// What every game's sheet shares (core/sheet.hpp): the chart of running totals.
#pragma once

#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/sheet.hpp"

namespace marque::rules::common {

// Each player's running total from the start of the sheet to each hand (a team game with team_totals: each
// team's), from a marque-score/1 document.
std::vector<sheet::Series> running_totals(const nlohmann::ordered_json& score);

}  // namespace marque::rules::common
