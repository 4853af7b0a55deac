// Prefa results in words (prefa_words.cpp): every kind of hand of the spec's worked examples, and the end of a game.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "rules/engine.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_prefa_words {

using namespace marque;
using namespace marque::rules;

namespace {

const GameRules& prefa_game() { return *find_game("prefa"); }

json game_file(json players, const std::string& dealer, json hands, json options = json::object(), int pool = 31) {
  json list = hands.is_object() ? json::array({hands}) : hands;
  return {{"format", "marque-game/1"},
          {"game", "prefa"},
          {"setup", {{"players", players}, {"initial_pool", pool}, {"first_dealer", dealer}, {"options", options}}},
          {"hands", list}};
}

// hand_words of every hand of a file.
std::vector<std::string> words_of(const json& file) {
  Replay r = replay(file);
  REQUIRE(r.ok);
  std::vector<std::string> out;
  std::vector<std::string> players = file["setup"]["players"].get<std::vector<std::string>>();
  for (size_t i = 0; i < file["hands"].size(); ++i)
    out.push_back(prefa_game().hand_words(file["hands"][i], json::parse(r.score["hands"][i].dump()), players));
  return out;
}
std::string one(const json& file) { return words_of(file).at(0); }

json rec(const std::string& dealer, const std::string& decl, const std::string& c, json calls, json tricks,
         json along = nullptr) {
  json h = {{"dealer", dealer}, {"type", "contract"}, {"declarer", decl}, {"contract", c}};
  if (!calls.is_null()) h["calls"] = calls;
  if (!tricks.is_null()) h["tricks"] = tricks;
  if (!along.is_null()) h["along"] = along;
  return h;
}

const json abc = R"(["A", "B", "C"])"_json;

// spec prefa §8 E10, the whole game (pool 10).
json e10(size_t hands = 9) {
  json all = json::array({
      rec("A", "B", "7S", R"({"C": "play", "A": "play"})"_json, R"({"B": 7, "C": 2, "A": 1})"_json),
      rec("B", "C", "6NT", R"({"A": "play", "B": "pass"})"_json, R"({"C": 7, "A": 3})"_json),
      rec("C", "A", "8H", R"({"B": "play", "C": "play"})"_json, R"({"A": 7, "B": 2, "C": 1})"_json),
      {{"dealer", "A"}, {"type", "all_pass"}},
      rec("B", "C", "6H", R"({"A": "play", "B": "play"})"_json, R"({"C": 6, "A": 3, "B": 1})"_json),
      rec("C", "A", "9C", R"({"B": "play", "C": "play"})"_json, R"({"A": 10, "B": 0, "C": 0})"_json),
      rec("A", "A", "10D", nullptr, R"({"A": 10, "B": 0, "C": 0})"_json),
      rec("B", "B", "7D", R"({"C": "play", "A": "pass"})"_json, R"({"B": 7, "C": 2, "A": 1})"_json, "C"),
      rec("C", "A", "6C", R"({"B": "pass", "C": "pass"})"_json, nullptr),
  });
  json some = json::array();
  for (size_t i = 0; i < hands; ++i) some.push_back(all[i]);
  return game_file(abc, "A", some, json::object(), 10);
}

}  // namespace

TEST_CASE("prefa words: the hands of the complete game E10", "[prefa][words]") {
  CHECK(words_of(e10()) == std::vector<std::string>{
                               "B 7♠: made",
                               "C 6NT, A alone: made",
                               "A 8♥: down 1",
                               "All passed: redeal",
                               "C 6♥: made",
                               "A 9♣: made; B down 1",
                               "A 10♦: made",
                               "B 7♦, C takes A along: made",
                               "A 6♣, both defenders pass: made unplayed; game over",
                           });
}

TEST_CASE("prefa words: declarer down two, defence down, alone short (E3, E4, E5, E6a)", "[prefa][words]") {
  CHECK(one(game_file(abc, "B",
                      rec("B", "C", "8D", R"({"A": "play", "B": "play"})"_json, R"({"C": 6, "A": 2, "B": 2})"_json))) ==
        "C 8♦: down 2");
  CHECK(one(game_file(abc, "C",
                      rec("C", "A", "6S", R"({"B": "play", "C": "play"})"_json, R"({"A": 7, "B": 3, "C": 0})"_json))) ==
        "A 6♠: made; C down 2");
  CHECK(one(game_file(abc, "A",
                      rec("A", "B", "6C", R"({"C": "play", "A": "play"})"_json, R"({"B": 8, "C": 0, "A": 2})"_json))) ==
        "B 6♣: made; C down 2");
  CHECK(
      one(game_file(abc, "B", rec("B", "C", "7S", R"({"A": "pass", "B": "play"})"_json, R"({"C": 9, "B": 1})"_json))) ==
      "C 7♠, B alone: made; B down 1");
  // both defenders short: 8 tricks to the declarer at 6, 1-1 (targets 2/2)
  CHECK(one(game_file(abc, "A",
                      rec("A", "B", "6S", R"({"C": "play", "A": "play"})"_json, R"({"B": 8, "C": 1, "A": 1})"_json))) ==
        "B 6♠: made; C down 1 and A down 1");
  // the taker short with both defenders' tricks
  CHECK(one(game_file(abc, "C",
                      rec("C", "A", "6H", R"({"B": "pass", "C": "play"})"_json, R"({"A": 7, "C": 2, "B": 1})"_json,
                          "C"))) == "A 6♥, C takes B along: made; C down 1");
}

TEST_CASE("prefa words: four players, polles, withdrawn, conceded, four aces", "[prefa][words]") {
  CHECK(one(game_file(R"(["A", "B", "C", "D"])"_json, "D",
                      rec("D", "A", "7C", R"({"B": "play", "C": "play"})"_json, R"({"A": 6, "B": 2, "C": 2})"_json))) ==
        "A 7♣: down 1");
  CHECK(one(game_file(abc, "A", R"({"dealer": "A", "type": "polles", "tricks": {"A": 5, "B": 3, "C": 2}})"_json,
                      R"({"all_pass": "polles"})"_json)) == "All passed, polles: pools A +3 and B +1");
  json variants = R"({"provisional_entry": "on", "concession": "on", "four_aces": "bonus"})"_json;
  CHECK(one(game_file(abc, "A", R"({"dealer": "A", "type": "withdrawn", "declarer": "B"})"_json, variants)) ==
        "B withdrew after a provisional win: pool +2, 2 points to each of C and A");
  CHECK(one(game_file(abc, "A", R"({"dealer": "A", "type": "conceded", "declarer": "B", "contract": "7S"})"_json,
                      variants)) == "B 7♠ conceded: down 2");
  json aces = rec("A", "B", "7S", R"({"C": "play", "A": "play"})"_json, R"({"B": 7, "C": 2, "A": 1})"_json);
  aces["four_aces"] = true;
  CHECK(one(game_file(abc, "A", aces, variants)) == "B 7♠ with four aces: made");
}

TEST_CASE("prefa words: the result says what its numbers are", "[prefa][words]") {
  Replay done = replay(e10());
  REQUIRE(done.ok);
  CHECK(prefa_game().result_words(json::parse(done.score.dump())) ==
        "A wins with +56; final settlement (points received less points paid, every pool at 0): A +56, C +15, "
        "B -71 — B pays A 56 and C 15");
  Replay mid = replay(e10(3));
  REQUIRE(mid.ok);
  CHECK(prefa_game().result_words(json::parse(mid.score.dump())) ==
        "B leads with +48.33; values if the game were closed now (points received less paid, each open pool point paid "
        "at 10 points shared among all 3 players): B +48.33, C +47.33, A -95.67; pools still open: A 18, B 3, C 4");
}

namespace {

// Every id of a message and of the messages nested in it has a pattern in the catalogue.
void check_patterns(const text::Message& m, const text::Catalogue& c) {
  if (m.empty()) return;
  INFO(m.id);
  CHECK(c.find(m.id) != nullptr);
  for (const auto& a : m.args)
    for (const auto& n : a.nested) check_patterns(n, c);
}

// The game files of the spec's case files and of examples/prefa.json.
std::vector<json> example_files() {
  std::vector<json> out;
  for (const auto& e : std::filesystem::directory_iterator(std::string(MARQUE_EXAMPLES_DIR) + "/prefa")) {
    std::ifstream in(e.path());
    json c = json::parse(in, nullptr, false);
    if (c.is_object() && c.contains("game_file")) out.push_back(c["game_file"]);
  }
  std::ifstream in(std::string(MARQUE_SOURCE_DIR) + "/examples/prefa.json");
  out.push_back(json::parse(in));
  return out;
}

}  // namespace

TEST_CASE("prefa words: every message of the examples has a pattern, at every hand and after it", "[prefa][words]") {
  const GameRules& rules = prefa_game();
  const text::Catalogue& c = rules.catalogue();
  int said = 0;
  for (const json& file : example_files()) {
    Replay whole = replay(file);
    if (!whole.ok) continue;  // a case file of a refused record
    const std::vector<std::string> players = whole.state->players();
    for (size_t n = 0; n <= file["hands"].size(); ++n) {
      json prefix = file;
      prefix["hands"] = json(std::vector<json>(file["hands"].begin(), file["hands"].begin() + static_cast<long>(n)));
      Replay r = replay(prefix);
      REQUIRE(r.ok);
      const json score = json::parse(r.score.dump());
      std::vector<text::Message> messages = {rules.result_message(score)};
      if (n > 0) messages.push_back(rules.hand_message(file["hands"][n - 1], score["hands"][n - 1], players));
      for (const auto& m : messages) {
        check_patterns(m, c);
        const std::string words = text::say(m, c);
        INFO(words);
        CHECK(words.find("prefa.") == std::string::npos);  // an id without a pattern is said as "id(args)"
        CHECK(words.find("rules.") == std::string::npos);
        CHECK_FALSE(words.empty());
        ++said;
      }
    }
  }
  CHECK(said > 40);
}

TEST_CASE("prefa words: two players share the lead, four players in progress", "[prefa][words]") {
  // two players on top share the first place: "lead", not "leads"
  Replay polles = replay(game_file(abc, "A",
                                   R"({"dealer": "A", "type": "polles", "tricks": {"A": 4, "B": 3, "C": 3}})"_json,
                                   R"({"all_pass": "polles"})"_json));
  REQUIRE(polles.ok);
  CHECK(prefa_game().result_words(json::parse(polles.score.dump())).rfind("B and C lead with +", 0) == 0);
  CHECK(one(game_file(abc, "A", R"({"dealer": "A", "type": "polles", "tricks": {"A": 4, "B": 3, "C": 3}})"_json,
                      R"({"all_pass": "polles"})"_json)) == "All passed, polles: pools A +1");
  Replay four = replay(
      game_file(R"(["A", "B", "C", "D"])"_json, "D",
                rec("D", "A", "7C", R"({"B": "play", "C": "play"})"_json, R"({"A": 6, "B": 2, "C": 2})"_json)));
  REQUIRE(four.ok);
  CHECK(
      prefa_game().result_words(json::parse(four.score.dump())) ==
      "D leads with +42.5; values if the game were closed now (points received less paid, each open pool point paid at 10 "
      "points shared among all 4 players): D +42.5, B +31.5, C +31.5, A -105.5; pools still open: A 38, B 31, C 31, D 31");
}

}  // namespace unit_test_prefa_words
