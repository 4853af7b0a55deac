// French Tarot results in words: each kind of deal and the end of a game, exact strings from the spec's worked
// examples (tarot §8).
#include <catch2/catch.hpp>

#include "../words_walk.hpp"
#include "rules/engine.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_tarot_words {

using namespace marque;
using namespace marque::rules;

namespace {

const GameRules& tarot() { return *find_game("tarot"); }

json table(int n, json options = json::object(), const std::string& first_dealer = "Ann") {
  json p = json::array({"Ann", "Ben", "Cat", "Dan", "Eve"});
  p.erase(p.begin() + n, p.end());
  return {{"players", p}, {"first_dealer", first_dealer}, {"options", options}};
}

json replayed(const json& setup, const json& hands) {
  auto r = replay({{"format", "marque-game/1"}, {"game", "tarot"}, {"setup", setup}, {"hands", hands}});
  for (const auto& e : r.diags.errors()) UNSCOPED_INFO(e.text());
  REQUIRE(r.ok);
  return json::parse(r.score.dump());
}

// The words of each deal of a game.
std::vector<std::string> words(const json& setup, const json& hands) {
  json score = replayed(setup, hands);
  std::vector<std::string> out;
  std::vector<std::string> players = setup["players"].get<std::vector<std::string>>();
  for (size_t i = 0; i < hands.size(); ++i) out.push_back(tarot().hand_words(hands[i], score["hands"][i], players));
  return out;
}

std::string one(const json& setup, json rec) {
  if (!rec.contains("type")) rec["type"] = "hand";
  return words(setup, json::array({rec})).front();
}

}  // namespace

TEST_CASE("tarot words: played hands of the worked examples", "[tarot][words]") {
  // E1
  CHECK(one(table(4), R"({"taker": "Ben", "contract": "prise", "oudlers": 2, "points": 47})"_json) ==
        "Ben's prise made by 6");
  // E2 (a) and (b)
  const json e2 =
      R"({"dealer": "Ben", "taker": "Cat", "contract": "garde_sans", "oudlers": 1, "points": 48, "petit_au_bout": "defence"})"_json;
  const json s4b = table(4, json::object(), "Ben");
  CHECK(one(s4b, e2) == "Cat's garde sans failed by 3, petit au bout for the defence");
  json e2b = e2;
  e2b["points"] = 55;
  CHECK(one(s4b, e2b) == "Cat's garde sans made by 4, petit au bout for the defence");
  // E3: half points go to the winning side
  CHECK(one(table(3), R"({"taker": "Ben", "contract": "prise", "oudlers": 2, "points": 40.5})"_json) ==
        "Ben's prise failed by 1");
  CHECK(one(table(3), R"({"taker": "Ben", "contract": "prise", "oudlers": 2, "points": 41.5})"_json) ==
        "Ben's prise made by 1");
  // E4
  CHECK(one(table(4, json::object(), "Cat"),
            json::parse(R"({"taker":"Dan","contract":"garde_sans","oudlers":2,"oudler_cards":["petit","21"],"points":62,
                            "petit_au_bout":"attack","poignees":[{"player":"Dan","level":"double","trumps":13}]})")) ==
        "Dan's garde sans made by 21, petit au bout for the attack, Dan's double poignée");
  // E5: 5 players, a called king
  CHECK(one(table(5),
            json::parse(
                R"({"taker":"Ben","contract":"garde","called_card":{"rank":"king","suit":"hearts"},"partner":"Dan",
                                      "oudlers":2,"points":56.5,"poignees":[{"player":"Eve","level":"simple","trumps":8}]})")) ==
        "Ben's garde with Dan made by 16, Eve's simple poignée");
  // E6: an announced chelem
  CHECK(one(s4b, json::parse(R"({"taker":"Cat","contract":"garde_sans","chelem_announced":true,"chelem":"attack",
                                 "attack_tricks":18,"oudlers":3,"points":91,"petit_au_bout":"attack"})")) ==
        "Cat's garde sans made by 55, petit au bout for the attack, announced chelem made");
  // E8: petite/pousse ladder
  CHECK(one(table(4, R"({"bid_ladder": "petite_pousse"})"_json, "Dan"),
            R"({"taker": "Ben", "contract": "pousse", "oudlers": 1, "points": 58})"_json) == "Ben's pousse made by 7");
  // E9: dealer sits out
  CHECK(
      one(table(5, R"({"five_player_mode": "dealer_sits_out"})"_json, "Eve"),
          json::parse(
              R"({"taker":"Ann","contract":"garde","oudlers":2,"points":45,"poignees":[{"player":"Ben","level":"simple"}]})")) ==
      "Ann's garde made by 4, Ben's simple poignée");
}

TEST_CASE("tarot words: the taker alone, just made, slams and misères", "[tarot][words]") {
  CHECK(one(table(5), R"({"taker": "Cat", "contract": "prise", "partner": "Cat", "oudlers": 1, "points": 51})"_json) ==
        "Cat's prise alone (the called card in hand) just made");
  CHECK(one(table(5),
            R"({"taker": "Cat", "contract": "garde_contre", "partner": null, "oudlers": 0, "points": 40})"_json) ==
        "Cat's garde contre alone (the called card in the chien) failed by 16");
  CHECK(
      one(table(4), R"({"taker": "Ben", "contract": "garde", "oudlers": 3, "points": 91, "chelem": "attack"})"_json) ==
      "Ben's garde made by 55, chelem for the attack");
  CHECK(one(table(4),
            R"({"taker": "Ben", "contract": "garde", "oudlers": 2, "points": 60, "chelem_announced": true})"_json) ==
        "Ben's garde made by 19, announced chelem failed");
  CHECK(
      one(table(4), R"({"taker": "Ben", "contract": "prise", "oudlers": 0, "points": 0, "chelem": "defence"})"_json) ==
      "Ben's prise failed by 56, chelem for the defence");
  const json pc = table(4, R"({"petite_chelem": "on"})"_json);
  CHECK(one(pc, R"({"taker": "Ben", "contract": "garde", "oudlers": 3, "points": 80, "attack_tricks": 16})"_json) ==
        "Ben's garde made by 44, petite chelem");
  CHECK(
      one(pc,
          R"({"taker": "Ben", "contract": "garde", "oudlers": 3, "points": 70, "attack_tricks": 12, "petite_chelem_announced": true})"_json) ==
      "Ben's garde made by 34, announced petite chelem failed");
  CHECK(one(table(4, R"({"misere": "on", "misere_kinds": "separate"})"_json),
            json::parse(R"({"taker":"Ben","contract":"prise","oudlers":2,"points":47,
                            "miseres":[{"player":"Ann","kind":"trumps"},{"player":"Cat","kind":"faces"}]})")) ==
        "Ben's prise made by 6, Ann's trump misère, Cat's face misère");
  CHECK(one(table(4, R"({"misere": "on"})"_json),
            json::parse(R"({"taker":"Ben","contract":"prise","oudlers":2,"points":47,
                                                          "miseres":[{"player":"Ann"}]})")) ==
        "Ben's prise made by 6, Ann's misère");
}

TEST_CASE("tarot words: redeals", "[tarot][words]") {
  const json s = table(4, {{"extra_redeal_reasons", json::array({"no_trumps", "few_honours"})}});
  auto w = words(s, json::parse(
                        R"([{"type":"redeal","reason":"all_pass"},{"type":"redeal","reason":"petit_sec","player":"Cat"},
                                    {"type":"redeal","reason":"misdeal"},{"type":"redeal","reason":"no_trumps","player":"Ann"},
                                    {"type":"redeal","reason":"few_honours","player":"Dan"},{"type":"redeal","reason":"other"}])"));
  CHECK(w == std::vector<std::string>{"Redeal: everybody passed", "Redeal: Cat held the petit sec",
                                      "Redeal: misdeal, the same dealer deals again", "Redeal: Ann had no trumps",
                                      "Redeal: Dan had too few trumps and face cards", "Redeal"});
}

TEST_CASE("tarot words: a whole game (E7), its end and its settlement", "[tarot][words]") {
  json s = table(3);
  s["end"] = R"({"mode": "deals", "deals": 3})"_json;
  const json hands = json::parse(R"([
    {"type":"hand","dealer":"Ann","taker":"Ben","contract":"garde","oudlers":2,"points":50.5},
    {"type":"redeal","dealer":"Ben","reason":"petit_sec","player":"Cat"},
    {"type":"hand","dealer":"Cat","taker":"Ann","contract":"prise","oudlers":1,"points":46,
     "poignees":[{"player":"Ben","level":"simple","trumps":13}]},
    {"type":"hand","dealer":"Ann","taker":"Cat","contract":"garde_sans","oudlers":3,"points":57,"petit_au_bout":"attack"}])");
  CHECK(words(s, hands) == std::vector<std::string>{"Ben's garde made by 10", "Redeal: Cat held the petit sec",
                                                    "Ann's prise failed by 5, Ben's simple poignée",
                                                    "Cat's garde sans made by 21, petit au bout for the attack"});
  CHECK(tarot().result_words(replayed(s, hands)) == "Cat wins with 428 points after 4 deals; then Ben -34, Ann -394");
  s["stake_per_point"] = 1;
  CHECK(tarot().result_words(replayed(s, hands)) ==
        "Cat wins with 428 points after 4 deals; then Ben -34, Ann -394; Ann pays Cat 394, Ben pays Cat 34");
}

TEST_CASE("tarot words: the standing of an open game, ties", "[tarot][words]") {
  CHECK(tarot().result_words(replayed(table(4), json::array())) == "No deal played yet");
  const json h1 = R"({"type": "hand", "taker": "Ben", "contract": "prise", "oudlers": 2, "points": 47})"_json;
  CHECK(tarot().result_words(replayed(table(4), json::array({h1}))) ==
        "Ben leads with 93 points after 1 deal; then Ann -31, Cat -31, Dan -31");
  json h2 = h1;
  h2["taker"] = "Cat";
  CHECK(tarot().result_words(replayed(table(4), json::array({h1, h2}))) ==
        "Ben and Cat lead with 62 points each after 2 deals; then Ann -62, Dan -62");
}

// issue 31: the words are data (a message and its arguments) said by the game's catalogue, byte for byte the English
// they replaced, over every case file and the example
TEST_CASE("tarot words: every hand and standing of the case files and the example, as before", "[tarot][words]") {
  unit_words_walk::check_words("tarot");
}

}  // namespace unit_test_tarot_words
