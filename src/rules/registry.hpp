// The registry: the one place that lists the games. Every other layer asks it (all_games, find_game) and the
// game's own GameRules for anything per game; no file outside src/rules/<game>/ and registry.cpp names one.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/message.hpp"

namespace marque::rules {
class GameRules;

// Each game's rule object, defined in its own folder (src/rules/<game>/<game>_rules.cpp).
const GameRules& tarot_rules();
const GameRules& coinche_rules();
const GameRules& prefa_rules();
const GameRules& piquet_rules();
const GameRules& alsos_rules();

// Every game, in a fixed order (the built-in five, then any registered).
const std::vector<const GameRules*>& all_games();
// nullptr when unknown.
const GameRules* find_game(std::string_view id);
// The ids in registry order, comma-separated; with `last` (e.g. "or") before the final one: "a, b, c or d".
std::string game_list(const std::string& last = ",");
// The same with "or" as words of default_catalogue() (rules.list.*), said in the reader's language by any catalogue
// that falls back on it: "a, b, c or d", « a, b, c ou d ».
text::Message game_list_words();
// Adds a game (tests: a sixth game that no other file knows). Not thread-safe: call before any use.
void register_game(const GameRules& game);
}  // namespace marque::rules
