// Coinche results in words (coinche_words.cpp), exact strings for each kind of hand and the end of a game
// (spec coinche §8 worked examples).
#include <catch2/catch.hpp>

#include "../example_messages.hpp"
#include "rules/engine.hpp"
#include "rules/registry.hpp"
#include "support/game_test.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_coinche_words {

using namespace marque;
using namespace marque::rules;

using marque::test::with;

namespace {

json words_game(const json& hands, const json& options = json::object(), const std::string& first_dealer = "W",
                const json& starting = nullptr) {
  json setup = {{"seats", {{"N", "Nina"}, {"E", "Emil"}, {"S", "Sara"}, {"W", "Will"}}},
                {"first_dealer", first_dealer},
                {"options", options}};
  if (!starting.is_null()) setup["starting_totals"] = starting;
  return {{"format", "marque-game/1"}, {"game", "coinche"}, {"setup", setup}, {"hands", hands}};
}

json scored_doc(const json& file) {
  Replay r = replay(file);
  for (const auto& d : r.diags.errors()) FAIL(d.text());
  REQUIRE(r.ok);
  return json::parse(r.score.dump());
}

// The words of the last hand of a game file.
std::string said(const json& file) {
  json s = scored_doc(file);
  return coinche_rules().hand_words(file["hands"].back(), s["hands"].back(),
                                    s["players"].get<std::vector<std::string>>());
}

std::string said(const json& rec, const json& options, const std::string& first_dealer = "W") {
  return said(words_game(json::array({rec}), options, first_dealer));
}

json e1() {
  return R"({"dealer": "W", "bidder": "N", "bid": 80, "trump": "S", "bidder_card_points": 72, "last_trick": "bidders"})"_json;
}

}  // namespace

TEST_CASE("coinche hand words: made and dedans (E1, E2, E3)", "[coinche][words]") {
  const json none = json::object();
  CHECK(said(e1(), none) == "N/S 80♠ by N: made (82)");
  CHECK(said(with(e1(), R"({"bidder_card_points": 71})"_json), none) == "N/S 80♠ by N: dedans (81)");
  json e2 =
      R"({"dealer": "N", "bidder": "E", "bid": 100, "trump": "H", "bidder_card_points": 91, "last_trick": "bidders"})"_json;
  CHECK(said(e2, none, "N") == "E/W 100♥ by E: dedans (101)");
  json e3 =
      R"({"dealer": "E", "bidder": "S", "bid": 80, "trump": "D", "bidder_card_points": 71, "last_trick": "bidders", "belote": "N", "announcements": [{"player": "W", "type": "tierce", "suit": "C", "top": "Q"}]})"_json;
  CHECK(said(e3, none, "E") == "N/S 80♦ by S: dedans (101); belote N; announcements E/W 20");
}

TEST_CASE("coinche hand words: coinche and surcoinche (E4, E5)", "[coinche][words]") {
  json e4 =
      R"({"dealer": "W", "bidder": "S", "bid": 90, "trump": "D", "coinche": 1, "coinched_by": "E", "bidder_card_points": 95, "last_trick": "bidders", "belote": "S"})"_json;
  CHECK(said(e4, json::object()) == "N/S 90♦ by S, coinched by E: made (125); belote S");
  CHECK(said(with(e4, R"({"coinched_by": null})"_json), json::object()) ==
        "N/S 90♦ by S, coinched: made (125); belote S");
  json e5 =
      R"({"dealer": "S", "bidder": "W", "bid": 110, "trump": "C", "coinche": 2, "coinched_by": "N", "surcoinched_by": "E", "bidder_card_points": 100, "last_trick": "bidders", "announcements": [{"player": "N", "type": "tierce", "suit": "H", "top": "10"}]})"_json;
  CHECK(said(e5, json::object(), "S") ==
        "E/W 110♣ by W, coinched by N, surcoinched by E: dedans (110); announcements N/S 20");
}

TEST_CASE("coinche hand words: capot, capot and générale contracts", "[coinche][words]") {
  json e6 =
      R"({"dealer": "W", "bidder": "N", "bid": 120, "trump": "H", "bidder_card_points": 152, "last_trick": "bidders", "capot": "bidders", "belote": "W", "announcements": [{"player": "N", "type": "carre", "rank": "J"}, {"player": "S", "type": "tierce", "suit": "D", "top": "A"}, {"player": "E", "type": "cinquante", "suit": "S", "top": "10"}]})"_json;
  CHECK(said(e6, json::object()) == "N/S 120♥ by N: made (472), capot; belote W; announcements N/S 220");
  json defenders = with(e1(), R"({"bidder_card_points": 0, "last_trick": "defenders", "capot": "defenders"})"_json);
  CHECK(said(defenders, json::object()) == "N/S 80♠ by N: dedans (0), capot by E/W");
  const json special = R"({"capot_bid": true, "generale_bid": true})"_json;
  json capot =
      R"({"dealer": "W", "bidder": "E", "contract": "capot", "trump": "S", "bidder_card_points": 152, "last_trick": "bidders", "capot": "bidders"})"_json;
  CHECK(said(capot, special) == "E/W capot♠ by E: made (252), capot");
  json generale = with(capot, R"({"contract": "generale", "sole_winner": "W"})"_json);
  CHECK(said(generale, special) == "E/W générale♠ by E: dedans (252), capot");
}

TEST_CASE("coinche hand words: redeals", "[coinche][words]") {
  CHECK(said(R"({"dealer": "W", "redeal": "all_pass"})"_json, json::object()) == "all pass: redeal");
  CHECK(said(R"({"dealer": "W", "redeal": "misdeal"})"_json, json::object()) == "misdeal: W deals again");
}

TEST_CASE("coinche result words: in progress, a win, a draw (E9)", "[coinche][words]") {
  const GameRules& rules = coinche_rules();
  json e4 =
      R"({"dealer": "W", "bidder": "S", "bid": 90, "trump": "D", "coinche": 1, "coinched_by": "E", "bidder_card_points": 95, "last_trick": "bidders", "belote": "S"})"_json;
  CHECK(rules.result_words(scored_doc(words_game(json::array()))) == "N/S and E/W level at 0");
  CHECK(rules.result_words(scored_doc(words_game(json::array({e4})))) ==
        "N/S (Nina & Sara) lead 340 to 57 after 1 hand");
  json e9 = with(e1(), R"({"trump": "C"})"_json);
  CHECK(rules.result_words(
            scored_doc(words_game(json::array({e9}), json::object(), "W", R"({"NS": 2908, "EW": 2990})"_json))) ==
        "Draw: N/S and E/W both on 3070 after 1 hand");
  CHECK(rules.result_words(
            scored_doc(words_game(json::array({e9}), json::object(), "W", R"({"NS": 2940, "EW": 2990})"_json))) ==
        "N/S (Nina & Sara) win 3102 to 3070 after 1 hand");
  json two = json::array({{{"dealer", "W"}, {"redeal", "all_pass"}},
                          {{"dealer", "N"},
                           {"bidder", "E"},
                           {"bid", 100},
                           {"trump", "H"},
                           {"bidder_card_points", 103},
                           {"last_trick", "bidders"}}});
  CHECK(rules.result_words(scored_doc(words_game(two, R"({"target_score": 200})"_json))) ==
        "E/W (Emil & Will) win 213 to 49 after 1 hand");
}

TEST_CASE("coinche statistics count the bidders' capot; coinche=none is no coinche", "[coinche][league]") {
  json capot =
      R"({"dealer": "W", "bidder": "N", "bid": 80, "trump": "S", "bidder_card_points": 152, "last_trick": "bidders", "capot": "bidders"})"_json;
  json file = words_game(json::array({capot}), json::object());
  json s = scored_doc(file);
  auto players = s["players"].get<std::vector<std::string>>();
  auto facts = coinche_rules().hand_facts(file["hands"][0], s["hands"][0], players);
  CHECK(facts.actor == "Nina");
  REQUIRE(facts.bonuses.size() >= 1);
  CHECK(std::count(facts.bonuses.begin(), facts.bonuses.end(), std::pair<std::string, std::string>{"Nina", "capot"}) ==
        1);

  Replay empty = replay(words_game(json::array()));
  REQUIRE(empty.ok);
  Diagnostics d;
  json rec = coinche_rules().record_from_args({{"bidder", "N"}, {"bid", "80"}, {"trump", "S"}, {"coinche", "none"}},
                                              *empty.state, d);
  CHECK_FALSE(d.has_errors());
  CHECK(rec["coinche"] == 0);
  CHECK_FALSE(rec.contains("coinched_by"));
}

TEST_CASE("coinche words: every message of the worked examples has a pattern", "[coinche][words]") {
  unit_test_example_messages::check_example_messages("coinche", 40);
}

}  // namespace unit_test_coinche_words
