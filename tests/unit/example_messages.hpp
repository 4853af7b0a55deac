// What a game says of its worked examples (every case file of ../shared/rules/examples/<game>/ that replays, and
// examples/<game>.json): each hand's message and the result's, as data and in words, to check that every message a
// game says has a pattern in its catalogue (text::say of a message without one gives "id(args)").
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/message.hpp"
#include "rules/engine.hpp"
#include "rules/registry.hpp"

namespace unit_test_example_messages {

struct Said {
  std::string where;  // "coinche-E4.json hand 1", "coinche.json result"
  marque::text::Message message;
  std::string words;
};

// The message and every message nested in its arguments.
template <class Visit>
void for_each_message(const marque::text::Message& m, Visit visit) {
  visit(m);
  for (const auto& a : m.args)
    for (const auto& n : a.nested) for_each_message(n, visit);
}

inline std::vector<Said> example_messages(const std::string& game) {
  namespace fs = std::filesystem;
  using marque::rules::json;
  std::vector<std::pair<std::string, json>> files;
  for (const auto& e : fs::directory_iterator(fs::path(MARQUE_EXAMPLES_DIR) / game)) {
    std::ifstream in(e.path());
    json c = json::parse(in, nullptr, false);
    if (c.is_object() && c.contains("game_file")) files.emplace_back(e.path().filename().string(), c["game_file"]);
  }
  std::ifstream in(std::string(MARQUE_SOURCE_DIR) + "/examples/" + game + ".json");
  files.emplace_back(game + ".json", json::parse(in));
  const marque::rules::GameRules& rules = *marque::rules::find_game(game);
  std::vector<Said> out;
  for (const auto& [name, f] : files) {
    marque::rules::Replay r = marque::rules::replay(f);
    if (!r.ok) continue;
    const json score = json::parse(r.score.dump());
    const auto players = r.state->players();
    for (size_t i = 0; i < score["hands"].size(); ++i) {
      auto m = rules.hand_message(f["hands"][i], score["hands"][i], players);
      out.push_back(
          {name + " hand " + std::to_string(i + 1), m, rules.hand_words(f["hands"][i], score["hands"][i], players)});
    }
    out.push_back({name + " result", rules.result_message(score), rules.result_words(score)});
  }
  return out;
}

// Every message `game` says of its worked examples has a pattern in the game's catalogue, and its words are those
// the catalogue says of it.
inline void check_example_messages(const std::string& game, size_t at_least) {
  const auto& catalogue = marque::rules::find_game(game)->catalogue();
  const auto said = example_messages(game);
  CHECK(said.size() > at_least);
  for (const auto& s : said) {
    INFO(s.where << ": " << s.words);
    for_each_message(s.message, [&](const marque::text::Message& m) {
      if (!m.empty()) CHECK(catalogue.find(m.id) != nullptr);
    });
    CHECK(s.words.find(game + ".") == std::string::npos);  // no "id(args)" of a message without a pattern
    CHECK(s.words == marque::text::say(s.message, catalogue));
  }
}

}  // namespace unit_test_example_messages
