// Guided hand entry at a terminal: asks the game's questions (GameRules::next_question, the same description the
// web form uses) one at a time with their choices and defaults, checks each answer at once, goes back a question
// on '<', and shows the hand in words with its scores before anything is stored. Never used when standard input
// is not a terminal.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "rules/engine.hpp"

namespace marque::cli {

// The game still has questions for a hand given these words (key=value), or no words were given.
bool needs_questions(const rules::GameRules& rules, const nlohmann::json& game_file, const std::vector<std::string>& words);

// Runs the dialogue; returns the words to store (key=value), or nullopt when the scorer abandons.
std::optional<std::vector<std::string>> guided_words(const rules::GameRules& rules, const nlohmann::json& game_file,
                                                     std::vector<std::string> words, std::istream& in, std::ostream& out,
                                                     const std::string& title);

}  // namespace marque::cli
