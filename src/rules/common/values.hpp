// Small helpers every game needs when it reads a record: whole numbers, lower-case words, a value shown in a
// message, player names. One copy here instead of one per game folder.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/labels.hpp"
#include "core/message.hpp"

namespace marque::rules::common {

// A JSON number with no fractional part and |v| < 1e15 (3 and 3.0, not 3.5, not 1e300).
bool is_whole(const nlohmann::json& v);
// Its value when is_whole and within [lo, hi], else nullopt.
std::optional<int64_t> whole_in(const nlohmann::json& v, int64_t lo, int64_t hi);
// ASCII lower case ("Garde" -> "garde"; other bytes kept).
std::string lower(std::string s);
// A value as a message shows it: a string as is, anything else as JSON text.
std::string show(const nlohmann::json& v);
// The same with a string in the given quotes ("'Ann'", "\"A\""); other values as JSON text.
std::string show_quoted(const nlohmann::json& v, char quote = '\'');
// The same as words of a message ("rules.quoted"), so that a refusal quotes a string in its language's quotes (fr
// « Ann », hu „Ann”, el «Ann»): an argument of a message of a catalogue that falls back on default_catalogue().
text::Message quoted(const nlohmann::json& v);
// The index of `name` among `players` (exact spelling first, then the name folded as `start` folds it: case and
// accents written two ways, core/unicode), or -1. How a typed name finds the player it means, in every field.
int player_index(const std::vector<std::string>& players, const std::string& name);
// A game's labels: its own table (set-up, fields, values), then its options' and the words every game shares
// (players, dealer, note, options, on/off ...); an id already labelled keeps its first label.
text::Labels game_labels(text::Labels own, const text::Labels& options);

}  // namespace marque::rules::common
