// What every game's sheet shares (core/sheet.hpp): the chart of running totals.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/amount.hpp"
#include "core/sheet.hpp"

namespace marque::rules::common {

// Each player's running total from the start of the sheet to each hand (a team game with team_totals: each
// team's), from a marque-score/1 document.
std::vector<sheet::Series> running_totals(const nlohmann::ordered_json& score, int64_t per);

// The number a sheet writes for hands[index]: the stored hand's number ("no", given by the app: kept when an
// earlier hand was deleted), else its position ("seq"), else index + 1. Redeals are numbered like any record,
// so the sheet, list, show, edit and delete speak of the same hand 4.
std::string hand_number(const nlohmann::ordered_json& entry, size_t index);

// A number as the sheet's reader writes it, in this thread's language (text::local_number, local_signed: fr
// "1 234,5", el "1.234,5"; English as text::format_number and format_signed write it).
std::string local(const Amount& a);
std::string local_signed(const Amount& a);
inline std::string local(int64_t n) { return local(Amount::whole(n)); }

}  // namespace marque::rules::common
