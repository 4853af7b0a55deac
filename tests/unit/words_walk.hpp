// The words of a game over its case files and its example: every hand, and the game's standing after each, as the
// terminal, the phone and the sheets say them (GameRules::hand_words, result_words). A game's words test compares
// them with its snapshot (tests/unit/<game>/words.txt, the English its words said before they became data: issue
// 31), and checks that no message lacks a pattern (text::say gives "id(args)" for one). MARQUE_WRITE_WORDS=1 writes
// the snapshot instead.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "rules/engine.hpp"

namespace unit_words_walk {

using marque::rules::json;

// The lines of one game file: "<name> #<seq>: <hand words>" and "<name> after #<seq>: <result words>", played record
// by record until the first record with errors (a case file that is rejected keeps the words of the hands before).
inline void walk_file(const marque::rules::GameRules& rules, const std::string& name, json file, std::string& out) {
  const json hands = file.value("hands", json::array());
  file["hands"] = json::array();
  marque::rules::Replay r = marque::rules::replay(file);
  if (!r.ok) return;
  const std::vector<std::string> players = r.state->players();
  int seq = 0;
  for (const auto& rec : hands) {
    marque::rules::extend(r, rec);
    if (!r.ok) return;
    ++seq;
    const json score = json::parse(r.score.dump());
    out += name + " #" + std::to_string(seq) + ": " + rules.hand_words(rec, score["hands"].back(), players) + "\n";
    out += name + " after #" + std::to_string(seq) + ": " + rules.result_words(score) + "\n";
  }
}

// Every case file of the game (marque-case/1: its game_file), by name, then the example examples/<game>.json.
inline std::string words_of_game(const std::string& game) {
  namespace fs = std::filesystem;
  const marque::rules::GameRules& rules = *marque::rules::find_game(game);
  std::vector<fs::path> cases;
  for (const auto& e : fs::directory_iterator(fs::path(MARQUE_EXAMPLES_DIR) / game))
    if (e.path().extension() == ".json") cases.push_back(e.path());
  std::sort(cases.begin(), cases.end());
  std::string out;
  for (const auto& p : cases) {
    std::ifstream in(p);
    const json c = json::parse(in, nullptr, false);
    if (c.is_object() && c.contains("game_file")) walk_file(rules, p.stem().string(), c["game_file"], out);
  }
  std::ifstream in(fs::path(MARQUE_SOURCE_DIR) / "examples" / (game + ".json"));
  walk_file(rules, "example", json::parse(in), out);
  return out;
}

// The snapshot of the game's words (written when MARQUE_WRITE_WORDS=1).
inline std::string snapshot(const std::string& game, const std::string& now) {
  const std::filesystem::path p = std::filesystem::path(MARQUE_SOURCE_DIR) / "tests" / "unit" / game / "words.txt";
  const char* write = std::getenv("MARQUE_WRITE_WORDS");
  if (write && std::string(write) == "1") std::ofstream(p) << now;
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The game's words now, line by line against its snapshot; no message without a pattern ("<game>.x(...)").
inline void check_words(const std::string& game) {
  const std::string now = words_of_game(game);
  CHECK(now.find(game + ".") == std::string::npos);
  CHECK(now.find("rules.") == std::string::npos);
  std::istringstream got(now), want(snapshot(game, now));
  std::string g, w;
  int lines = 0;
  while (std::getline(want, w)) {
    ++lines;
    if (!std::getline(got, g)) g = "(no line)";
    CHECK(g == w);
  }
  CHECK_FALSE(std::getline(got, g));
  CHECK(lines > 50);
}

}  // namespace unit_words_walk
