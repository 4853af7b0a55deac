// Piquet results in words (piquet_words.cpp) and the series of games (piquet_game.cpp: §5.2 match, §5.4 session),
// with the numbers of spec piquet §8 (P-1 .. P-11) and of Cavendish's session card (§7).
#include <set>

#include <catch2/catch.hpp>

#include "../words_walk.hpp"
#include "core/language.hpp"
#include "rules/engine.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_piquet_words {

using namespace marque;
using namespace marque::rules;

namespace {

const GameRules& piquet() { return *find_game("piquet"); }

json file_with(json options, json hands, std::string first_dealer = "B") {
  return {{"format", "marque-game/1"},
          {"game", "piquet"},
          {"setup", {{"players", {"A", "B"}}, {"first_dealer", first_dealer}, {"options", options}}},
          {"hands", hands}};
}

json totals(int a, int b) { return {{"entry", "totals"}, {"totals", {{"A", a}, {"B", b}}}}; }

json p1() {
  return json::parse(R"({"dealer": "B", "carte_blanche": null,
    "point": {"winner": "elder", "cards": 5, "pips": 49},
    "sequences": {"winner": "elder", "scored": [{"length": 4, "top": "A"}]},
    "sets": {"winner": "younger", "scored": [{"rank": "10", "count": 4}, {"rank": "Q", "count": 3}]},
    "tricks": {"elder": 7, "younger": 5}, "play_points": {"elder": 9, "younger": 6}})");
}

// The score document of a file (as json), which must replay.
json score_of(const json& file) {
  Replay r = replay(file);
  REQUIRE(r.ok);
  return json::parse(r.score.dump());
}

// hand_words of hand `seq` of a file.
std::string words_of(const json& file, size_t seq) {
  json s = score_of(file);
  return piquet().hand_words(file["hands"][seq - 1], s["hands"][seq - 1], {"A", "B"});
}

std::string last_words(const json& file) { return words_of(file, file["hands"].size()); }

json p10_first_three() { return json::array({totals(18, 41), totals(36, 12), totals(38, 32)}); }

json p10_deal4() {
  return json::parse(R"({"dealer": "B", "point": {"winner": "elder", "cards": 4, "pips": 39},
    "sequences": {"winner": "younger", "scored": [{"length": 4, "top": "K"}]},
    "sets": {"winner": "younger", "scored": [{"rank": "J", "count": 3}, {"rank": "10", "count": 3}]},
    "tricks": {"elder": 4, "younger": 8}, "play_points": {"elder": 5, "younger": 9}})");
}

json p9_hands() {
  return json::array({totals(15, 30), totals(75, 4), totals(45, 6), totals(32, 12), totals(6, 38), totals(51, 2)});
}

// A rubicon partie of six totals entries with these partie totals (each split over the six deals).
json partie(int a, int b, json options = R"({"mode": "rubicon"})"_json) {
  json hands = json::array();
  for (int i = 0; i < 6; ++i) hands.push_back(totals(a / 6 + (i < a % 6 ? 1 : 0), b / 6 + (i < b % 6 ? 1 : 0)));
  return file_with(options, hands, "A");
}

// A classic game of two totals entries.
json game(int a, int b, json options = json::object()) {
  return file_with(options, json::array({totals(a / 2, b / 2), totals(a - a / 2, b - b / 2)}), "A");
}

}  // namespace

TEST_CASE("piquet words: a deal in the table's terms (P-1 .. P-6)", "[piquet][words]") {
  CHECK(last_words(file_with(json::object(), json::array({p1()}))) ==
        "A 28: point 5, quart major, the cards; B 23: quatorze of tens, trio of queens");
  // P-4: younger (A) repiques in the sequences, elder (B) takes every trick
  json p4 = json::parse(R"({"dealer": "A", "point": {"winner": "younger", "cards": 7, "pips": 64},
    "sequences": {"winner": "younger", "scored": [{"length": 7, "top": "K"}, {"length": 5, "top": "K"}]},
    "sets": {"winner": "elder", "scored": [{"rank": "A", "count": 4}]},
    "tricks": {"elder": 12, "younger": 0}, "play_points": {"elder": 13, "younger": 0}})");
  CHECK(last_words(file_with(json::object(), json::array({p4}), "A")) ==
        "A repique, B capot — A 99: point 7, septieme to the king, quint to the king; B 67: quatorze of aces");
  // P-3: the pique
  json p3 = p1();
  p3["point"]["pips"] = 51;
  p3["sequences"]["scored"] = json::array({{{"length", 5}, {"top", "A"}}});
  p3["sets"] = R"({"winner": "elder", "scored": [{"rank": "A", "count": 3}]})"_json;
  p3["play_points"] = R"({"elder": 8, "younger": 6})"_json;
  CHECK(last_words(file_with(json::object(), json::array({p3}))) ==
        "A pique — A 71: point 5, quint major, trio of aces, the cards; B 6");
  // P-6: points equal, younger's sets repique
  json p6 = json::parse(R"({"dealer": "A", "point": {"winner": "equal", "cards": 4, "pips": 38},
    "sequences": {"winner": "none", "scored": []},
    "sets": {"winner": "younger", "scored": [{"rank": "Q", "count": 4}, {"rank": "10", "count": 4}, {"rank": "A", "count": 3}]},
    "tricks": {"elder": 5, "younger": 7}, "play_points": {"elder": 7, "younger": 9}})");
  CHECK(
      last_words(file_with(json::object(), json::array({p6}), "A")) ==
      "A repique — A 110: quatorze of queens, quatorze of tens, trio of aces, the cards; B 7; points equal; A wins the game in the play");
}

TEST_CASE("piquet words: carte blanche, minor sequences, divided cards, penalties", "[piquet][words]") {
  json rec = p1();
  rec["carte_blanche"] = "younger";
  rec["sequences"]["scored"] = json::array({{{"length", 3}, {"top", "9"}}});
  rec["tricks"] = R"({"elder": 6, "younger": 6})"_json;
  rec["play_points"] = R"({"elder": 7, "younger": 7})"_json;
  rec["reckons_nothing"] = "younger";
  CHECK(
      last_words(file_with(json::object(), json::array({rec}))) ==
      "A 15: point 5, tierce minor; B 0: carte blanche, quatorze of tens, trio of queens; cards divided; B reckons nothing");
}

TEST_CASE("piquet words: redeals, totals entries, the end of a classic game, concessions, doubled deals",
          "[piquet][words]") {
  json redeal = R"({"redeal": true, "reason": "exposed card"})"_json;
  CHECK(last_words(file_with(json::object(), json::array({redeal}))) == "redeal (exposed card): B deals again");
  CHECK(last_words(file_with(json::object(), json::array({{{"redeal", true}}}))) == "redeal: B deals again");
  CHECK(words_of(file_with(R"({"mode": "rubicon"})"_json, p9_hands(), "A"), 1) == "A 15, B 30 (deal totals)");
  // P-10: both cross 100 in the play, B wins
  json p10 = p10_first_three();
  p10.push_back(p10_deal4());
  CHECK(last_words(file_with(json::object(), p10, "A")) ==
        "A 9: point 4; B 29: quart to the king, trio of knaves, trio of tens, the cards; B wins the game in the play");
  // won inside the declarations
  json early = p10_first_three();
  json rec = p1();
  rec.erase("tricks");
  rec.erase("play_points");
  early.push_back(rec);
  CHECK(last_words(file_with(json::object(), early, "A")) ==
        "A 9: point 5, quart major; B 0; A wins the game in the sequences");
  json over = json::array({totals(60, 10), totals(50, 20)});
  CHECK(last_words(file_with(json::object(), over, "A")) == "A 50, B 20 (deal totals); A wins the game");
  // a conceded last deal of a partie (4.7)
  json six = json::array({totals(15, 30), totals(75, 4), totals(45, 6), totals(32, 12), totals(6, 38)});
  json conceded = p1();
  conceded.erase("tricks");
  conceded.erase("play_points");
  conceded["concession"] = "younger";
  six.push_back(conceded);
  CHECK(last_words(file_with(R"({"mode": "rubicon"})"_json, six, "A")) ==
        "A 32: point 5, quart major, the cards; B 17: quatorze of tens, trio of queens; B threw in his hand");
  // P-11: the first deal of a four-deal partie counts double
  CHECK(words_of(file_with(R"({"mode": "rubicon", "partie_deals": "4_doubled_ends"})"_json,
                           json::array({totals(20, 25)}), "A"),
                 1) == "A 40, B 50 (deal totals); counts double");
}

TEST_CASE("piquet words: the result of a partie or a game (P-9, P-10, P-11)", "[piquet][words]") {
  CHECK(piquet().result_words(score_of(file_with(R"({"mode": "rubicon"})"_json, p9_hands(), "A"))) ==
        "A wins the partie 224 to 92 and scores 416: B is rubiconed");
  CHECK(piquet().result_words(
            score_of(file_with(R"({"mode": "rubicon", "partie_deals": "4_doubled_ends"})"_json,
                               json::array({totals(20, 25), totals(35, 10), totals(14, 40), totals(30, 12)}), "A"))) ==
        "A wins the partie 149 to 124 and scores 125: B crossed the Rubicon");
  CHECK(piquet().result_words(score_of(file_with(R"({"mode": "rubicon"})"_json, json::array({totals(15, 30)}), "A"))) ==
        "B leads 30 to 15 after deal 1 of 6 (145 if it ended now: A is rubiconed)");
  json draw = json::array();
  for (int i = 0; i < 6; ++i) draw.push_back(totals(20, 20));
  CHECK(piquet().result_words(score_of(file_with(R"({"mode": "rubicon"})"_json, draw, "A"))) ==
        "A and B are level at 120 after deal 6 of 8");
  draw.push_back(totals(10, 12));
  draw.push_back(totals(12, 10));
  CHECK(piquet().result_words(score_of(file_with(R"({"mode": "rubicon"})"_json, draw, "A"))) ==
        "The partie is drawn, 142 all after 8 deals: no score");
  // classic
  json p10 = p10_first_three();
  CHECK(piquet().result_words(score_of(file_with(json::object(), p10, "A"))) == "A leads 92 to 85 (target 100)");
  p10.push_back(p10_deal4());
  CHECK(piquet().result_words(score_of(file_with(json::object(), p10, "A"))) ==
        "B wins the game 114 to 101; B leads the match 1-0");
  CHECK(piquet().result_words(score_of(game(110, 70, R"({"match": "single"})"_json))) == "A wins the game 110 to 70");
  CHECK(piquet().result_words(score_of(game(110, 30, R"({"match": "best_of_5_doubles"})"_json))) ==
        "A wins the game 110 to 30, counting 2; A leads the match 2-0");
  CHECK(piquet().result_words(score_of(game(40, 40))) == "A and B are level at 40 (target 100)");
  json resumed = file_with(json::object(), json::array({totals(60, 10), totals(50, 20)}), "A");
  resumed["setup"]["start"] = R"({"games_won": {"B": 1}})"_json;
  CHECK(piquet().result_words(score_of(resumed)) == "A wins the game 110 to 30; the match stands at 1-1");
}

TEST_CASE("piquet series: a classic match (5.2, P-10)", "[piquet][series]") {
  json p10 = p10_first_three();
  p10.push_back(p10_deal4());
  json g1 = score_of(file_with(json::object(), p10, "A"));
  auto one = piquet().series_result({g1});
  REQUIRE(one);
  CHECK((*one)["finished"] == false);
  CHECK((*one)["games_won"] == json(R"({"A": 0, "B": 1})"_json));
  CHECK((*one)["words"] == "B leads 1-0, the match goes on");
  // B, A, then A: A wins 2-1
  json g2 = score_of(game(100, 60)), g3 = score_of(game(120, 80));
  auto three = piquet().series_result({g1, g2, g3});
  CHECK((*three)["finished"] == true);
  CHECK((*three)["winner"] == "A");
  CHECK((*three)["games_won"] == json(R"({"A": 2, "B": 1})"_json));
  CHECK((*three)["words"] == "A wins the match 2-1");
  CHECK_FALSE(three->contains("ignored_games"));
  CHECK((*piquet().series_result({g1, g2}))["words"] == "A and B are level 1-1, the match goes on");
  // a game in progress counts nothing yet; games after the decision are not counted
  json going = score_of(file_with(json::object(), json::array({totals(40, 20)}), "A"));
  CHECK((*piquet().series_result({g1, going}))["words"] == "B leads 1-0, the match goes on");
  auto extra = piquet().series_result({g1, g2, g3, g2});
  CHECK((*extra)["ignored_games"] == 1);
  CHECK((*extra)["games_won"] == json(R"({"A": 2, "B": 1})"_json));
  // a single game decides; best of five with doubles: a game won against a loser under 50 counts 2
  CHECK((*piquet().series_result({score_of(game(60, 110, R"({"match": "single"})"_json))}))["words"] ==
        "B wins the match 1-0");
  json d = R"({"match": "best_of_5_doubles"})"_json;
  auto doubles = piquet().series_result(
      {score_of(game(110, 30, d)), score_of(game(80, 100, d)), score_of(game(100, 90, d))});
  CHECK((*doubles)["games_won"] == json(R"({"A": 3, "B": 1})"_json));
  CHECK((*doubles)["words"] == "A wins the match 3-1");
  CHECK((*piquet().series_result({score_of(game(110, 30, d)), score_of(game(80, 100, d))}))["words"] ==
        "A leads 2-1, the match goes on");
}

// the last partie of a session closed by decision: the session ends there (spec piquet §5.4)
json closed(json score) {
  score["ended"] = "closed";
  return score;
}

TEST_CASE("piquet series: a rubicon session goes on after a partie until it is closed (5.4)", "[piquet][series]") {
  json p9 = score_of(file_with(R"({"mode": "rubicon"})"_json, p9_hands(), "A"));
  auto open = piquet().series_result({p9});
  REQUIRE(open);
  CHECK((*open)["finished"] == false);
  CHECK((*open)["winner"].is_null());
  CHECK((*open)["balance"] == json(R"({"A": 416, "B": -416})"_json));
  CHECK((*open)["words"] == "A leads the session by 416 after 1 partie: B would pay 416");
  // three parties: the balance is the sum of their ±R; closing the last one ends the session
  std::vector<json> three = {p9, score_of(partie(76, 300)), score_of(partie(150, 100))};
  CHECK((*piquet().series_result(three))["finished"] == false);
  three.back() = closed(three.back());
  auto ended = piquet().series_result(three);
  CHECK((*ended)["finished"] == true);
  CHECK((*ended)["balance"] == json({{"A", 416 - 476 + 150}, {"B", -416 + 476 - 150}}));
  CHECK((*ended)["words"] == "A wins the session by 90 after 3 parties: B pays 90");
  // a partie closed before its end counts as it stands and ends the session
  json going = score_of(file_with(R"({"mode": "rubicon"})"_json, json::array({totals(15, 30)}), "A"));
  auto cut = piquet().series_result({p9, closed(going)});
  CHECK((*cut)["finished"] == true);
  CHECK((*cut)["balance"] == json({{"A", 416 - 145}, {"B", -416 + 145}}));
}

TEST_CASE("piquet series: a rubicon session and its settlement (5.4, P-9, Cavendish's card)", "[piquet][series]") {
  json p9 = closed(score_of(file_with(R"({"mode": "rubicon"})"_json, p9_hands(), "A")));
  auto one = piquet().series_result({p9});
  REQUIRE(one);
  CHECK((*one)["finished"] == true);
  CHECK((*one)["balance"] == json(R"({"A": 416, "B": -416})"_json));
  CHECK((*one)["settlement"] == json(R"({"A": 416, "B": -416})"_json));
  CHECK((*one)["words"] == "A wins the session by 416 after 1 partie: B pays 416");
  // the option travels with the documents (setup.options): floor_50 once on the net balance
  json p9r = p9;
  p9r["setup"] = R"({"options": {"mode": "rubicon", "stake_rounding": "floor_50"}})"_json;
  CHECK((*piquet().series_result({p9r}))["settlement"] == json(R"({"A": 400, "B": -400})"_json));
  // Cavendish's card (spec §7): A +150, A +416, B +476, B +141, A +126 -> A 692, B 617: A wins 75, at floor_50 50
  std::vector<json> card = {score_of(partie(150, 100)), p9, score_of(partie(76, 300)), score_of(partie(100, 141)),
                            closed(score_of(partie(126, 100)))};
  CHECK(card[0]["result"]["game_score"] == 150);
  CHECK(card[2]["result"]["game_score"] == 476);
  CHECK(card[3]["result"]["game_score"] == 141);
  CHECK(card[4]["result"]["game_score"] == 126);
  auto plain = piquet().series_result(card);
  CHECK((*plain)["balance"] == json(R"({"A": 75, "B": -75})"_json));
  CHECK((*plain)["games_won"] == json(R"({"A": 3, "B": 2})"_json));
  CHECK((*plain)["settlement"] == json(R"({"A": 75, "B": -75})"_json));
  for (auto& s : card) s["options"] = R"({"stake_rounding": "floor_50"})"_json;
  auto rounded = piquet().series_result(card);
  CHECK((*rounded)["settlement"] == json(R"({"A": 50, "B": -50})"_json));
  CHECK((*rounded)["words"] == "A wins the session by 75 after 5 parties: B pays 50 (floor_50)");
  for (auto& s : card) s["options"] = R"({"stake_rounding": "floor_25"})"_json;
  CHECK((*piquet().series_result(card))["settlement"] == json(R"({"A": 75, "B": -75})"_json));
  // the payer is B when B is ahead; a partie in progress is not counted yet
  json going = score_of(file_with(R"({"mode": "rubicon"})"_json, json::array({totals(15, 30)}), "A"));
  auto b = piquet().series_result({score_of(partie(76, 300)), going});
  CHECK((*b)["finished"] == false);
  CHECK((*b)["balance"] == json(R"({"A": -476, "B": 476})"_json));
  CHECK((*b)["words"] == "B leads the session by 476 after 1 partie: A would pay 476, a partie is in progress");
  // drawn parties leave the session level
  json draw = json::array();
  for (int i = 0; i < 6; ++i) draw.push_back(totals(20, 20));
  draw.push_back(totals(10, 12));
  draw.push_back(totals(12, 10));
  CHECK((*piquet().series_result({score_of(file_with(R"({"mode": "rubicon"})"_json, draw, "A"))}))["words"] ==
        "the session is level after 1 partie");
}

TEST_CASE("piquet standings: a seat counts its partie or game result, not the deal totals (5.3)", "[piquet][league]") {
  // P-9: A 224, B 92 -> A +416, B -416 (B rubiconed); the two seats sum to zero
  json p9 = score_of(file_with(R"({"mode": "rubicon"})"_json, p9_hands(), "A"));
  auto seats = piquet().seats(p9, {"A", "B"});
  REQUIRE(seats.size() == 2);
  CHECK(seats[0].place == 1);
  CHECK(seats[0].points == 416);
  CHECK(seats[1].place == 2);
  CHECK(seats[1].points == -416);
  // a classic game: ±its value in games (2 under best_of_5_doubles against a loser under 50)
  auto classic = piquet().seats(score_of(game(60, 110)), {"A", "B"});
  CHECK(classic[0].points == -1);
  CHECK(classic[1].points == 1);
  auto doubled = piquet().seats(score_of(game(110, 30, {{"match", "best_of_5_doubles"}})), {"A", "B"});
  CHECK(doubled[0].points == 2);
  CHECK(doubled[1].points == -2);
  // no winner yet: no result (the places follow the totals)
  auto going = piquet().seats(score_of(file_with(json::object(), json::array({totals(40, 20)}), "A")), {"A", "B"});
  CHECK(going[0].place == 1);
  CHECK(going[0].points == 0);
  CHECK(going[1].points == 0);
}

TEST_CASE("piquet replay: a redeal is a record but not a deal played (standings count deals played)",
          "[piquet][league]") {
  json hands = p9_hands();
  hands.insert(hands.begin() + 2, json{{"redeal", true}, {"reason", "card exposed"}});
  Replay r = replay(file_with(R"({"mode": "rubicon"})"_json, hands, "A"));
  REQUIRE(r.ok);
  CHECK(r.hands_played == 7);
  CHECK(r.deals_played == 6);
}

TEST_CASE("piquet series: documents that are not one series", "[piquet][series]") {
  json g1 = score_of(game(110, 30));
  json other = g1;
  other["players"] = R"(["A", "C"])"_json;
  auto bad = piquet().series_result({g1, other});
  CHECK((*bad)["finished"] == false);
  CHECK((*bad)["error"] == "game 2 is played by A and C, not A and B");
  auto mixed = piquet().series_result({g1, score_of(partie(150, 100))});
  CHECK((*mixed)["error"] == "game 2 is a rubicon game, the first a classic game");
  CHECK((*piquet().series_result({}))["words"] == "no game played yet");
  // players in the other order are the same two players
  json swapped = score_of(file_with(json::object(), json::array({totals(30, 60), totals(30, 60)}), "A"));
  swapped["players"] = R"(["B", "A"])"_json;
  CHECK((*piquet().series_result({g1, swapped}))["words"] == "A and B are level 1-1, the match goes on");
}

// issue 31: the words are data (a message and its arguments) said by the game's catalogue, byte for byte the English
// they replaced, over every case file and the example
TEST_CASE("piquet words: every hand and standing of the case files and the example, as before", "[piquet][words]") {
  unit_words_walk::check_words("piquet");
}

TEST_CASE("piquet refusals: the hand, the field and the rule in each language (piquet.err.*)", "[piquet][language]") {
  // one wrong record per file (a replay stops at the first record with errors); elder is A (B deals)
  const std::vector<std::string> records = {
      R"({"dealer": "B", "tricks": {"elder": 7, "younger": 5}, "play_points": {"elder": 9, "younger": 6}})",
      R"({"dealer": "B", "point": {"winner": "first", "cards": 9, "pips": "x"}, "colour": 1,
          "tricks": {"elder": 7, "younger": 6}, "play_points": {"elder": 20, "ace": 1}})",
      R"({"dealer": "B", "point": {"winner": "elder", "cards": 5, "pips": 10},
          "sequences": {"winner": "elder", "scored": []}, "sets": {"winner": "equal", "scored": [{"rank": "9", "count": 3}]},
          "tricks": {"elder": 6, "younger": 6}, "play_points": {"elder": 13, "younger": 0}, "pique": 3})",
      R"({"dealer": "B", "point": {"winner": "elder", "cards": 2},
          "sequences": {"winner": "younger", "scored": [{"length": 5, "top": "9"}, {"length": 2, "top": "A"}]},
          "sets": {"winner": "younger", "scored": [{"rank": "A", "count": 5}, {"rank": "K", "count": 3}, {"rank": "K", "count": 4}, {"rank": "Z"}]},
          "tricks": {"elder": 7, "younger": 5}, "play_points": {"elder": 9, "younger": 6}, "concession": "younger"})",
      R"({"entry": "totals", "totals": {"A": 200, "Z": 3}, "point": 1, "game_winner": "Z"})",
  };
  std::set<std::string> ids;
  for (const auto& record : records) {
    INFO(record);
    Replay r = replay(file_with(json::object(), json::array({json::parse(record)})));
    CHECK_FALSE(r.ok);
    for (const Diagnostic& d : r.diags.items()) {
      INFO(d.code << " " << d.message);
      REQUIRE(d.catalogue);
      REQUIRE(d.catalogue->find(d.words.id));
      ids.insert(d.words.id);
      CHECK(d.said() == d.message);  // English is the message as it was
      for (const char* lang : {"fr", "hu", "el"}) {
        text::UseLanguage speak(lang);
        const std::string said = d.said();
        INFO(lang << ": " << said);
        CHECK(said.find("piquet.err") == std::string::npos);  // a pattern in every language, said by ICU
        CHECK(said != d.message);
        CHECK(d.text().find("piquet.err") == std::string::npos);
      }
    }
  }
  for (const char* id :
       {"piquet.err.point_missing",    "piquet.err.point_winner",    "piquet.err.point_cards",
        "piquet.err.point_pips",       "piquet.err.unknown_field",   "piquet.err.tricks_sum",
        "piquet.err.pair_key",         "piquet.err.pair_missing",    "piquet.err.pair_value",
        "piquet.err.point_pips_range", "piquet.err.sequences_empty", "piquet.err.sets_equal",
        "piquet.err.set_low",          "piquet.err.pique_type",      "piquet.err.point_short",
        "piquet.err.sequence_top",     "piquet.err.sequence_length", "piquet.err.set_count",
        "piquet.err.set_duplicate",    "piquet.err.set_rank",        "piquet.err.concession_mode",
        "piquet.err.not_a_player",     "piquet.err.totals_range",    "piquet.err.totals_player_missing",
        "piquet.err.totals_field"})
    CHECK(ids.count(id) == 1);
  // English said as before, a French pattern said with the hand and the field framed in French
  text::UseLanguage fr("fr");
  Replay r = replay(file_with(json::object(), json::array({json::parse(records[0])})));
  REQUIRE(!r.diags.items().empty());
  CHECK(r.diags.items()[0].text() ==
        "donne 1\u00a0: point\u00a0: manquant\u00a0: le premier annonce toujours un point (point : {winner, cards, "
        "pips})");
}

}  // namespace unit_test_piquet_words
