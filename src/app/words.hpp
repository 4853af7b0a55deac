// Typed words (words.cpp): key=value, as `marque start` and `marque hand` take them.
#pragma once

#include <string>
#include <vector>

#include "app/session.hpp"
#include "rules/engine.hpp"

namespace marque::app {

// Refused when a key is given twice or a comma-separated list has an empty item; a game's set-up or hand record
// made from them, its errors with "did you mean" for a mistyped key, value or name (Rejected).
rules::Words checked_words(const rules::Words& words);
json setup_from_words(const rules::GameRules& rules, const rules::Words& words);
json record_from_words(const rules::GameRules& rules, const rules::Game& before, const rules::Words& words);
Diagnostics with_suggestions(const Diagnostics& diags, const rules::GameRules& rules,
                             const std::vector<std::string>& players, const rules::Words& words,
                             const json& record = nullptr);
// The words `start` takes for a table chosen from a roster (the terminal's questions, the phone's New game page):
// players=A,B,C in seat order, dealer=NAME when one is named. Refused (Rejected, field "players") for an empty seat
// or a name a list cannot hold (a comma, '=').
rules::Words table_words(const std::vector<std::string>& players, const std::string& dealer);
// `marque edit N key=value...`: the fields given replace the old ones in `old` (or, with `replace`, are the record).
json edited_record(const rules::GameRules& rules, const rules::Game& before, const json& old, const rules::Words& words,
                   bool replace);

}  // namespace marque::app
