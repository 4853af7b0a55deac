// Guided hand entry at a terminal: the prompt and read loop around app::entry_step, the use case the phone's form
// uses too. It asks the game's questions one at a time with their choices and defaults, tells at once what is wrong
// with an answer, goes back a question on '<', and shows the hand in words with its scores before anything is
// stored. Never used when standard input is not a terminal.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "app/app.hpp"

namespace marque::cli {

// Game `game_id` still has questions for its next hand given these words (key=value), or no words were given; false
// for a game that takes no hand (the command tells why).
bool needs_questions(app::Database& db, int64_t game_id, const std::vector<std::string>& words);

// Runs the dialogue for the game's next hand; returns the words to store (key=value), or nullopt when the scorer
// abandons.
std::optional<std::vector<std::string>> guided_words(app::Database& db, int64_t game_id, std::vector<std::string> words,
                                                     std::istream& in, std::ostream& out, const std::string& title);

}  // namespace marque::cli
