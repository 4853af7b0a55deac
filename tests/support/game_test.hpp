// What the games' unit tests share (issue 31): a game file, a replay that must score or must be refused, a record
// with some fields changed, the codes of the warnings, the values of a question's choices. One copy here instead of
// one per game's test file.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag.hpp"
#include "rules/engine.hpp"
#include "rules/entry.hpp"

namespace marque::test {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

// A file's bytes ("" when it cannot be read).
std::string read_text(const std::filesystem::path& path);

// An example file of the source tree, parsed: example("tarot") is examples/tarot.json.
json example(const std::string& name);

// A JSON literal: j(R"({"A": 2})").
json j(const char* text);

bool contains(std::string_view s, std::string_view part);

// A marque-game/1 file. One record given as an object is one hand (`{rec}` with one element is the record itself
// under clang, CWG 2137, an array under g++).
json game_file(const std::string& game, const json& setup, const json& hands);

// A record with some keys replaced; a null removes the key when `null_removes`.
json with(json record, const json& changes, bool null_removes = false);

// The score document of a file that must score: the test fails with every diagnostic when it does not.
ojson scored(const json& file);

// The first error of a replay (or a file) that must be refused.
Diagnostic first_error(const rules::Replay& r);
Diagnostic first_error(const json& file);

// Every warning's code, in order (of one hand only: `hand` > 0); a warning without a code shows as "" and fails
// has_warning.
std::vector<std::string> warning_codes(const Diagnostics& d, int hand = 0);
bool has_warning(const Diagnostics& d, const std::string& code);
bool has_warning(const rules::Replay& r, const std::string& code);

// The entry of a hand entered by answers (rules::try_answers) that must be accepted: the test fails with every error.
ojson entry_of(const rules::GameRules& game, const json& file, const rules::Answers& answers);

// A list of strings written as a braced list of literals (the words typed at guided entry, the keys asked): its
// elements are string_views the compiler lays out as constants, copied into strings in one place. A
// std::vector<std::string> literal constructs and destroys each element in the test's own code: about 65 bytes of
// code per element at -O0, thousands of them in the entry tests (docs/measurements.md, session 15).
struct Strings : std::vector<std::string> {
  Strings(std::initializer_list<std::string_view> list) : std::vector<std::string>(list.begin(), list.end()) {}
};

// The values of a question's choices, in order.
std::vector<std::string> values(const std::vector<rules::Choice>& choices);
std::vector<std::string> values(const rules::Question& q);

}  // namespace marque::test
