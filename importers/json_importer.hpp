// Importers only extract: they turn a file's bytes into marque-game/1 documents with provenance.
// Validation, scoring and writing happen in the shared pipeline (app::import_sources).
//
// Every JSON text marque reads from outside (import, calc, hand/edit --json) goes through the reader here,
// never through nlohmann::json::parse: it refuses, with exit 1 and a message naming the place,
//   - nesting deeper than k_max_json_depth levels (checked while reading, before anything recursive runs),
//   - a number outside the range of a double, an integer outside -2^63 .. 2^63-1,
//   - a key that appears twice in one object,
//   - an input longer than k_max_input_bytes, a file of more than k_max_file_hands hand records.
#pragma once

#include <cstdint>
#include <fstream>
#include <istream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/message.hpp"

namespace marque::importers {

// The importers' refusals as words (src/README.md, "Languages": refusals): the English patterns of a file that is
// not JSON marque reads, a CSV file's rows and columns, said in the reader's language from po/LANG.po.
const text::Catalogue& catalogue();

constexpr int k_max_json_depth = 64;
constexpr std::uint64_t k_max_input_bytes = 16ull * 1024 * 1024;  // 16 MiB
// hand records in one file (a 100,000-hand game fits; memory stays bounded whatever the records hold)
constexpr size_t k_max_file_hands = 150000;

// Parse a JSON text (a game file, a hand record); a malformed text is a Rejected naming the file and the
// position ("not valid JSON (parse error at line 3, column 5: ...)") or the place (field "hands[2].points").
nlohmann::json parse_json_text(const std::string& text, const std::string& name);

// A game file or an export bundle read with its hand records kept apart, compact, one string each (the
// whole document never sits in memory as a tree): `envelope` is the document with every streamed hands
// array left empty; `hands` holds the records of the top-level "hands" array, `game_hands[i]` those of
// "games"[i]."hands". `streamed`/`game_streamed[i]` tell whether that array was there.
// The first k_kept_records records of a file are also kept as read (`records[i]` is `hands[i]`,
// `game_records[g][i]` is `game_hands[g][i]`, a prefix of each): the import replays those instead of parsing
// their text again; a longer file's later records are text only, so memory stays bounded.
constexpr size_t k_kept_records = 8192;
struct GameSource {
  nlohmann::json envelope;
  std::vector<std::string> hands;
  bool streamed = false;
  std::vector<std::vector<std::string>> game_hands;
  std::vector<bool> game_streamed;
  std::vector<nlohmann::json> records;
  std::vector<std::vector<nlohmann::json>> game_records;
};
// Read from `in` (at most k_max_input_bytes); throws Rejected as parse_json_text does.
GameSource read_game_source(std::istream& in, const std::string& name);

// Open a file to read; throws Error 66 naming the file when it is a directory, is missing or cannot be read.
std::unique_ptr<std::ifstream> open_input_file(const std::string& name);

// Read a whole file ("-" = standard input) of at most k_max_input_bytes; throws Error (66 when it cannot be
// read, 1 when it is too long).
std::string read_input_text(const std::string& name);

// Whether `s` is valid UTF-8 (no overlongs, no surrogates, nothing above U+10FFFF); `bad_at` gets the offset of
// the first bad byte.
bool valid_utf8(const std::string& s, size_t* bad_at = nullptr);

}  // namespace marque::importers
