// Guided hand entry at a terminal: asks for the fields the scorer did not type, one at a time, offering the
// legal choices and the expected dealer, checks each answer at once through the rules engine, then shows a
// preview of the hand's scores before anything is stored. Never used when standard input is not a terminal.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "rules/engine.hpp"

namespace marque::cli {

// Required fields of the game that `words` (key=value) does not give.
std::vector<rules::FieldSpec> missing_fields(const rules::GameRules& rules, const std::vector<std::string>& words);

// Runs the dialogue; returns the completed words to store, or nullopt when the scorer cancels.
std::optional<std::vector<std::string>> guided_words(const rules::GameRules& rules, const nlohmann::json& game_file,
                                                     std::vector<std::string> words, std::istream& in, std::ostream& out);

}  // namespace marque::cli
