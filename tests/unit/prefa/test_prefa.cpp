// Prefa engine through the public interface (rules::find_game("prefa"), rules::replay).
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "reports/sheet_render.hpp"
#include "rules/engine.hpp"
#include "support/game_test.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_prefa {

using namespace marque;
using namespace marque::rules;

namespace {

json setup3(json options = json::object(), int pool = 31, const std::string& dealer = "A") {
  return {{"players", {"A", "B", "C"}}, {"initial_pool", pool}, {"first_dealer", dealer}, {"options", options}};
}
json setup4(json options = json::object(), int pool = 31, const std::string& dealer = "D") {
  return {{"players", {"A", "B", "C", "D"}}, {"initial_pool", pool}, {"first_dealer", dealer}, {"options", options}};
}
json file(const json& setup, const json& hands) { return test::game_file("prefa", setup, hands); }
Replay run(const json& setup, const json& hands) { return replay(file(setup, hands)); }

double d(const ojson& j, const std::string& k) { return j[k].get<double>(); }

// The first error of a replay that must fail.
Diagnostic first_error(const json& setup, const json& hands) { return test::first_error(run(setup, hands)); }
using marque::test::contains;

json contract(const std::string& dealer, const std::string& decl, const std::string& c, json calls, json tricks,
              json along = nullptr) {
  json h = {{"dealer", dealer}, {"type", "contract"}, {"declarer", decl}, {"contract", c}};
  if (!calls.is_null()) h["calls"] = calls;
  if (!tricks.is_null()) h["tricks"] = tricks;
  if (!along.is_null()) h["along"] = along;
  return h;
}

// Sum of a per-player object.
double sum_of(const ojson& o) {
  double s = 0;
  for (auto it = o.begin(); it != o.end(); ++it) s += it.value().get<double>();
  return s;
}

}  // namespace

TEST_CASE("prefa: registered with its options and fields", "[prefa]") {
  const GameRules* g = find_game("prefa");
  REQUIRE(g != nullptr);
  std::vector<std::string> ids;
  for (const auto& o : g->options()) ids.push_back(o.id);
  for (const char* id : {"ten_no_trumps", "ten_level_defence_target", "provisional_entry",
                         "first_hand_seven_of_diamonds", "four_aces", "redeclare_take_along", "game_end",
                         "overflow_mode", "overflow_exhausted", "taken_along_failure", "partner_compensation_doubling",
                         "sitting_out_compensation", "all_pass", "concession", "end_rounding", "sheet_columns"})
    CHECK(std::find(ids.begin(), ids.end(), id) != ids.end());
  CHECK(g->fields().size() >= 12);
}

TEST_CASE("prefa §4.1: game values of every contract (made unplayed: pool - gv)", "[prefa]") {
  const std::vector<std::pair<std::string, int>> table = {{"6S", 2},  {"6C", 3},  {"6D", 4}, {"6H", 5},
                                                          {"6NT", 6}, {"7S", 7},  {"7H", 7}, {"7NT", 8},
                                                          {"8D", 8},  {"8NT", 9}, {"9C", 9}, {"9NT", 10}};
  for (const auto& [c, gv] : table) {
    Replay r = run(setup3(), json::array({contract("A", "B", c, R"({"C": "pass", "A": "pass"})"_json, nullptr)}));
    REQUIRE(r.ok);
    CHECK(r.score["hands"][0]["pools"]["B"] == 31 - gv);
    CHECK(r.score["hands"][0]["breakdown"]["gv"] == gv);
    CHECK(r.score["hands"][0]["breakdown"]["outcome"] == "made_unplayed");
  }
  // 10-level: no declarations
  Replay r = run(setup3(), json::array({contract("A", "B", "10H", nullptr, R"({"B": 10, "C": 0, "A": 0})"_json)}));
  REQUIRE(r.ok);
  CHECK(r.score["hands"][0]["pools"]["B"] == 21);
}

TEST_CASE("prefa §4.4: made, both defenders paid their tricks x gv (E1)", "[prefa]") {
  Replay r = run(setup3(), json::array({contract("A", "B", "6H", R"({"C": "play", "A": "play"})"_json,
                                                 R"({"B": 6, "C": 3, "A": 1})"_json)}));
  REQUIRE(r.ok);
  const auto& h = r.score["hands"][0];
  CHECK(d(h["deltas"], "A") == Approx(-35.0 / 3));
  CHECK(d(h["deltas"], "B") == Approx(40.0 / 3));
  CHECK(d(h["breakdown"]["cash_delta"], "C") == 15);
  CHECK(h["transfers"].size() == 2);
  CHECK(h["transfers"][0]["reason"] == "defender_tricks");
  // made is judged on the total: a 4-0 split is a success for both sides (note 2)
  Replay r2 = run(setup3(), json::array({contract("A", "B", "6H", R"({"C": "play", "A": "play"})"_json,
                                                  R"({"B": 6, "C": 4, "A": 0})"_json)}));
  REQUIRE(r2.ok);
  CHECK(r2.score["hands"][0]["breakdown"]["outcome"] == "made");
  CHECK(r2.score["hands"][0]["pools"]["B"] == 26);
}

TEST_CASE("prefa §4.4: declarer down one and down two (doubled)", "[prefa]") {
  Replay r = run(setup3({}, 31, "B"), json::array({contract("B", "C", "8D", R"({"A": "play", "B": "play"})"_json,
                                                            R"({"C": 6, "A": 2, "B": 2})"_json)}));
  REQUIRE(r.ok);
  const auto& h = r.score["hands"][0];
  CHECK(h["pools"]["C"] == 47);
  CHECK(d(h["breakdown"]["cash_delta"], "A") == 32);
  CHECK(h["breakdown"]["outcome"] == "down_2plus");
  Replay r1 = run(setup3({}, 31, "B"), json::array({contract("B", "C", "8D", R"({"A": "play", "B": "play"})"_json,
                                                             R"({"C": 7, "A": 2, "B": 1})"_json)}));
  REQUIRE(r1.ok);
  CHECK(r1.score["hands"][0]["pools"]["C"] == 39);
  CHECK(r1.score["hands"][0]["breakdown"]["outcome"] == "down_1");
}

TEST_CASE("prefa §4.4: defence down, individually short defender pays declarer and partner", "[prefa]") {
  // E4: total 1 short, C 2 short individually: not doubled
  Replay r = run(setup3({}, 31, "C"), json::array({contract("C", "A", "6S", R"({"B": "play", "C": "play"})"_json,
                                                            R"({"A": 7, "B": 3, "C": 0})"_json)}));
  REQUIRE(r.ok);
  CHECK(r.score["hands"][0]["deltas"] == ojson({{"A", 14}, {"B", 6}, {"C", -20}}));
  // E5: doubled, and option partner_compensation_doubling=single
  json h5 = contract("A", "B", "6C", R"({"C": "play", "A": "play"})"_json, R"({"B": 8, "C": 0, "A": 2})"_json);
  CHECK(run(setup3(), json::array({h5})).score["hands"][0]["deltas"] == ojson({{"A", 12}, {"B", 48}, {"C", -60}}));
  CHECK(run(setup3(R"({"partner_compensation_doubling": "single"})"_json), json::array({h5}))
            .score["hands"][0]["deltas"] == ojson({{"A", 6}, {"B", 48}, {"C", -54}}));
  // both individually short: both pay the full D x gv (6H: 1-1 split, S = 2, each 1 short: single)
  Replay both = run(setup3(), json::array({contract("A", "B", "6H", R"({"C": "play", "A": "play"})"_json,
                                                    R"({"B": 8, "C": 1, "A": 1})"_json)}));
  REQUIRE(both.ok);
  CHECK(both.score["hands"][0]["deltas"] == ojson({{"A", -40}, {"B", 80}, {"C", -40}}));
  CHECK(both.score["hands"][0]["pools"]["B"] == 31);  // declarer's pool untouched
}

TEST_CASE("prefa §4.4: playing alone and taking along", "[prefa]") {
  json alone_fail = contract("B", "C", "7S", R"({"A": "pass", "B": "play"})"_json, R"({"C": 9, "B": 1})"_json);
  CHECK(run(setup3({}, 31, "B"), json::array({alone_fail})).score["hands"][0]["deltas"] ==
        ojson({{"A", 0}, {"B", -63}, {"C", 63}}));
  // lone defender 2 short: doubled
  json alone_2 = contract("B", "C", "6S", R"({"A": "pass", "B": "play"})"_json, R"({"C": 10, "B": 0})"_json);
  CHECK(d(run(setup3({}, 31, "B"), json::array({alone_2})).score["hands"][0]["breakdown"]["cash_delta"], "B") == -40);
  // E7 taking along
  json along = contract("C", "A", "6H", R"({"B": "pass", "C": "play"})"_json, R"({"A": 6, "C": 3, "B": 1})"_json, "C");
  Replay r = run(setup3({}, 31, "C"), json::array({along}));
  REQUIRE(r.ok);
  CHECK(r.score["hands"][0]["pools"]["A"] == 26);
  CHECK(d(r.score["hands"][0]["breakdown"]["cash_delta"], "C") == 20);
  CHECK(d(r.score["hands"][0]["breakdown"]["cash_delta"], "B") == 0);
  CHECK(test::warning_codes(r.diags, 1) == std::vector<std::string>{"prefa.taken_along_tricks"});  // W-T7
  // taken-along count may be omitted (the taker holds the combined count)
  json along2 = contract("C", "A", "6H", R"({"B": "pass", "C": "play"})"_json, R"({"A": 6, "C": 4})"_json, "C");
  CHECK(run(setup3({}, 31, "C"), json::array({along2})).ok);
}

TEST_CASE("prefa option taken_along_failure: merged vs per_seat", "[prefa]") {
  // 6-level, R = B passed, C plays and takes B along; split R 1 / L 0 -> merged pays once doubled, per_seat 1 + 2
  json h = contract("C", "A", "6D", R"({"B": "pass", "C": "play"})"_json, R"({"A": 9, "B": 1, "C": 0})"_json, "C");
  Replay merged = run(setup3({}, 31, "C"), json::array({h}));
  Replay per_seat = run(setup3(R"({"taken_along_failure": "per_seat"})"_json, 31, "C"), json::array({h}));
  REQUIRE(merged.ok);
  REQUIRE(per_seat.ok);
  CHECK(d(merged.score["hands"][0]["breakdown"]["cash_delta"], "C") == -2 * 4 * 9);
  CHECK(d(per_seat.score["hands"][0]["breakdown"]["cash_delta"], "C") == -3 * 4 * 9);
  CHECK(d(per_seat.score["hands"][0]["breakdown"]["cash_delta"], "B") == 0);
}

TEST_CASE("prefa option redeclare_take_along: R passed, L plays, R takes L along", "[prefa]") {
  json h = contract("C", "A", "6H", R"({"B": "pass", "C": "play"})"_json, R"({"A": 6, "B": 2, "C": 2})"_json, "B");
  Diagnostic e = first_error(setup3({}, 31, "C"), json::array({h}));
  CHECK(e.field == "along");
  CHECK(contains(e.message, "B passed"));
  Replay r = run(setup3(R"({"redeclare_take_along": "on"})"_json, 31, "C"), json::array({h}));
  REQUIRE(r.ok);
  CHECK(r.score["hands"][0]["breakdown"]["taker"] == "B");
  CHECK(d(r.score["hands"][0]["breakdown"]["cash_delta"], "B") == 20);
}

TEST_CASE("prefa §4.4: four players, the sitting-out dealer gets 25 / 50 (option sitting_out_compensation)",
          "[prefa]") {
  json h1 = contract("D", "A", "7C", R"({"B": "play", "C": "play"})"_json, R"({"A": 6, "B": 2, "C": 2})"_json);
  Replay r = run(setup4(), json::array({h1}));
  REQUIRE(r.ok);
  CHECK(r.score["hands"][0]["deltas"] == ojson({{"A", -105.5}, {"B", 31.5}, {"C", 31.5}, {"D", 42.5}}));
  json h2 = contract("D", "A", "7C", R"({"B": "play", "C": "play"})"_json, R"({"A": 5, "B": 3, "C": 2})"_json);
  CHECK(d(run(setup4(), json::array({h2})).score["hands"][0]["breakdown"]["cash_delta"], "D") == 50);
  CHECK(d(run(setup4(R"({"sitting_out_compensation": [10, 30]})"_json), json::array({h2}))
              .score["hands"][0]["breakdown"]["cash_delta"],
          "D") == 30);
  // the dealer sits out: cannot declare, has no tricks
  Diagnostic e = first_error(setup4(),
                             json::array({contract("D", "D", "6S", R"({"A": "play", "B": "play"})"_json, nullptr)}));
  CHECK(e.field == "declarer");
  CHECK(contains(e.message, "sits out"));
  Diagnostic e2 = first_error(setup4(), json::array({contract("D", "A", "6S", R"({"B": "play", "C": "play"})"_json,
                                                              R"({"A": 6, "B": 2, "C": 1, "D": 1})"_json)}));
  CHECK(e2.field == "tricks");
  CHECK(contains(e2.message, "D sits out"));
}

TEST_CASE("prefa §4.6: overflow from the largest pool, ties, cascade, lapse", "[prefa]") {
  auto start = [](json pools, json options = json::object()) {
    json s = setup3(options);
    s["start"] = {{"pools", pools}, {"dealer", "A"}, {"hands_played", 0}};
    return s;
  };
  json h = contract("A", "B", "6NT", R"({"C": "pass", "A": "pass"})"_json, nullptr);
  // E8
  Replay r = run(start(R"({"A": 12, "B": 3, "C": 20})"_json), json::array({h}));
  REQUIRE(r.ok);
  CHECK(r.score["hands"][0]["pools"] == ojson({{"A", 12}, {"B", 0}, {"C", 17}}));
  CHECK(r.score["hands"][0]["transfers"][0] ==
        ojson({{"from", "C"}, {"to", "B"}, {"amount", 30}, {"reason", "overflow"}}));
  // tie: equal largest pools, first in play order from B's right (C), with a warning
  Replay t = run(start(R"({"A": 5, "B": 1, "C": 5})"_json), json::array({h}));
  REQUIRE(t.ok);
  CHECK(t.score["hands"][0]["pools"] == ojson({{"A", 5}, {"B", 0}, {"C", 0}}));
  CHECK(test::warning_codes(t.diags, 1) == std::vector<std::string>{"prefa.overflow_tie"});
  // cascade to the next largest
  Replay c = run(start(R"({"A": 2, "B": 1, "C": 3})"_json), json::array({h}));
  REQUIRE(c.ok);
  CHECK(c.score["hands"][0]["pools"] == ojson({{"A", 0}, {"B", 0}, {"C", 0}}));
  CHECK(c.score["finished"] == true);
  // lapse: 6 needed, 1 + 1 + 1 available -> 3 lapse with W-X1; the game is over
  Replay l = run(start(R"({"A": 1, "B": 1, "C": 1})"_json), json::array({h}));
  REQUIRE(l.ok);
  CHECK(l.score["finished"] == true);
  bool lapsed = false;
  for (const auto& w : l.diags.warnings())
    lapsed = lapsed || (w.code == "prefa.overflow_lapsed" && contains(w.message, "3 pool points lapsed"));
  CHECK(lapsed);
  // option overflow_mode = level: one point at a time from whoever is largest
  Replay lv = run(start(R"({"A": 6, "B": 1, "C": 5})"_json, R"({"overflow_mode": "level"})"_json), json::array({h}));
  REQUIRE(lv.ok);
  CHECK(lv.score["hands"][0]["pools"] == ojson({{"A", 3}, {"B", 0}, {"C", 3}}));
  Replay lf = run(start(R"({"A": 6, "B": 1, "C": 5})"_json), json::array({h}));
  CHECK(lf.score["hands"][0]["pools"] == ojson({{"A", 1}, {"B", 0}, {"C", 5}}));
  // option overflow_exhausted = negative: the declarer's pool goes negative, end settlement pays him
  Replay ng = run(start(R"({"A": 1, "B": 1, "C": 1})"_json, R"({"overflow_exhausted": "negative"})"_json),
                  json::array({h}));
  REQUIRE(ng.ok);
  CHECK(ng.score["finished"] == true);
  CHECK(ng.score["hands"][0]["pools"]["B"] == 0);
  CHECK(d(ng.score["result"]["final"], "B") == Approx(20 + 20));  // 2 x 10 overflow, then 10 * 3 / 3 from each
}

TEST_CASE("prefa: value deltas are zero-sum and add up to the final result (property)", "[prefa]") {
  // a long mixed game, 4 players, every hand type of the default rules
  json hands = json::array();
  const std::vector<std::string> p = {"A", "B", "C", "D"};
  for (int i = 0; i < 40; ++i) {
    std::string dealer = p[static_cast<size_t>((3 + i) % 4)];
    std::vector<std::string> act;
    for (int k = 1; k <= 3; ++k) act.push_back(p[static_cast<size_t>((3 + i + k) % 4)]);
    const std::string& decl = act[static_cast<size_t>(i % 3)];
    std::vector<std::string> defs;
    for (const auto& a : act)
      if (a != decl) defs.push_back(a);
    // R = first active to the declarer's right
    int di = static_cast<int>(std::find(p.begin(), p.end(), decl) - p.begin());
    std::string R, L;
    for (int s = 1; s < 4; ++s) {
      std::string q = p[static_cast<size_t>((di + s) % 4)];
      if (q == dealer) continue;
      (R.empty() ? R : L) = q;
    }
    const std::vector<std::string> cs = {"6S", "7H", "6NT", "8C", "6D", "9S", "7NT", "6H"};
    std::string c = cs[static_cast<size_t>(i % 8)];
    int k = c[0] - '0';
    int D = std::max(0, std::min(10, k - 2 + (i * 7) % 5));
    int rest = 10 - D;
    int xr = (rest * ((i % 3) + 1)) / 4, xl = rest - xr;
    json h;
    switch (i % 5) {
      case 0:
        h = contract(dealer, decl, c, {{R, "play"}, {L, "play"}}, {{decl, D}, {R, xr}, {L, xl}});
        break;
      case 1:
        h = contract(dealer, decl, c, {{R, "pass"}, {L, "play"}}, {{decl, D}, {L, rest}});
        break;
      case 2:
        h = contract(dealer, decl, c, {{R, "play"}, {L, "pass"}}, {{decl, D}, {R, xr}, {L, xl}}, R);
        break;
      case 3:
        h = contract(dealer, decl, c, {{R, "pass"}, {L, "pass"}}, nullptr);
        break;
      default:
        h = {{"dealer", dealer}, {"type", "all_pass"}};
    }
    hands.push_back(h);
  }
  Replay r = run(setup4({}, 200), hands);
  REQUIRE(r.ok);
  std::vector<double> sums(4, 0.0);
  for (const auto& h : r.score["hands"]) {
    CHECK(std::fabs(sum_of(h["deltas"])) < 1e-9);
    CHECK(std::fabs(sum_of(h["breakdown"]["cash_delta"])) < 1e-9);
    for (size_t i = 0; i < 4; ++i) sums[i] += h["deltas"][p[i]].get<double>();
  }
  for (size_t i = 0; i < 4; ++i) CHECK(sums[i] == Approx(d(r.score["totals"], p[i])).margin(1e-6));
  CHECK(std::fabs(sum_of(r.score["totals"])) < 1e-9);
  // replaying the same records reproduces the same state and settlement
  Replay again = run(setup4({}, 200), hands);
  CHECK(again.score["result"] == r.score["result"]);
  CHECK(again.score["received"] == r.score["received"]);
}

TEST_CASE("prefa §5: the whole E10 game to its end, final settlement and ranking", "[prefa]") {
  json hands = json::array({
      contract("A", "B", "7S", R"({"C": "play", "A": "play"})"_json, R"({"B": 7, "C": 2, "A": 1})"_json),
      contract("B", "C", "6NT", R"({"A": "play", "B": "pass"})"_json, R"({"C": 7, "A": 3})"_json),
      contract("C", "A", "8H", R"({"B": "play", "C": "play"})"_json, R"({"A": 7, "B": 2, "C": 1})"_json),
      {{"dealer", "A"}, {"type", "all_pass"}},
      contract("B", "C", "6H", R"({"A": "play", "B": "play"})"_json, R"({"C": 6, "A": 3, "B": 1})"_json),
      contract("C", "A", "9C", R"({"B": "play", "C": "play"})"_json, R"({"A": 10, "B": 0, "C": 0})"_json),
      contract("A", "A", "10D", nullptr, R"({"A": 10, "B": 0, "C": 0})"_json),
      contract("B", "B", "7D", R"({"C": "play", "A": "pass"})"_json, R"({"B": 7, "C": 2, "A": 1})"_json, "C"),
      contract("C", "A", "6C", R"({"B": "pass", "C": "pass"})"_json, nullptr),
  });
  Replay r = run(setup3({}, 10), hands);
  REQUIRE(r.ok);
  CHECK(r.score["finished"] == true);
  CHECK(r.score["totals"] == ojson({{"A", 56}, {"B", -71}, {"C", 15}}));
  CHECK(r.score["result"]["ranking"] == ojson({"A", "C", "B"}));
  CHECK(r.score["result"]["received"]["A"] == ojson({{"B", 97}, {"C", 33}}));
  CHECK(r.score["result"]["settlement"]["pairwise"].size() == 3);
  CHECK(r.score["next_dealer"] == "");
  // E-H2: no hand after the game-ending hand
  hands.push_back(R"({"dealer": "A", "type": "all_pass"})"_json);
  Diagnostic e = first_error(setup3({}, 10), hands);
  CHECK(e.field == "hand");
  CHECK(contains(e.message, "game is over"));
  // the sheet ends with the result line
  std::string sheet = marque::reports::sheet_text(
      find_game("prefa")->score_sheet(file(setup3({}, 10), json::array()), r.score));
  CHECK(contains(sheet, "result:  1. A +56  2. C +15  3. B -71"));
  CHECK(contains(sheet, "B  pays  A  41"));
}

TEST_CASE("prefa option game_end=all_but_one_zero and end_rounding", "[prefa]") {
  json s = setup3(R"({"game_end": "all_but_one_zero"})"_json);
  s["start"] = R"({"pools": {"A": 4, "B": 2, "C": 0}, "dealer": "A"})"_json;
  Replay r = run(s, json::array({contract("A", "B", "6S", R"({"C": "pass", "A": "pass"})"_json, nullptr)}));
  REQUIRE(r.ok);
  CHECK(r.score["finished"] == true);
  // A pays 10 * 4 / 3 to B and to C
  CHECK(d(r.score["result"]["received"]["B"], "A") == Approx(40.0 / 3));
  CHECK(r.score["result"]["pools"]["A"] == 0);
  // 4 players, pool 1 left: 10 * 1 / 4 = 2.5 exact, 3 with integer_half_up
  auto four = [](const std::string& rounding) {
    json s4 = setup4({{"game_end", "all_but_one_zero"}, {"end_rounding", rounding}});
    s4["start"] = R"({"pools": {"A": 2, "B": 1, "C": 0, "D": 0}, "dealer": "D"})"_json;
    return run(s4, json::array({contract("D", "A", "6S", R"({"B": "pass", "C": "pass"})"_json, nullptr)}));
  };
  Replay ex = four("exact"), hu = four("integer_half_up");
  REQUIRE(ex.ok);
  REQUIRE(hu.ok);
  CHECK(d(ex.score["result"]["received"]["C"], "B") == 2.5);
  CHECK(d(hu.score["result"]["received"]["C"], "B") == 3);
}

TEST_CASE("prefa option four_aces: raise_value and bonus", "[prefa]") {
  json h = contract("A", "B", "6H", R"({"C": "play", "A": "play"})"_json, R"({"B": 6, "C": 3, "A": 1})"_json);
  h["four_aces"] = true;
  Diagnostic e = first_error(setup3(), json::array({h}));
  CHECK(e.field == "four_aces");
  Replay raise = run(setup3(R"({"four_aces": "raise_value"})"_json), json::array({h}));
  REQUIRE(raise.ok);
  CHECK(raise.score["hands"][0]["breakdown"]["gv"] == 8);  // 5 + floor(31/10)
  Replay bonus = run(setup3(R"({"four_aces": "bonus"})"_json), json::array({h}));
  REQUIRE(bonus.ok);
  CHECK(d(bonus.score["hands"][0]["breakdown"]["cash_delta"], "B") == -20 + 50);
  json down = contract("A", "B", "7H", R"({"C": "play", "A": "play"})"_json, R"({"B": 5, "C": 3, "A": 2})"_json);
  down["four_aces"] = true;
  Replay bd = run(setup3(R"({"four_aces": "bonus", "four_aces_bonus_7plus": 40})"_json), json::array({down}));
  REQUIRE(bd.ok);
  CHECK(d(bd.score["hands"][0]["breakdown"]["cash_delta"], "B") == -(2 * 7 * 5) - 80);
}

TEST_CASE("prefa options ten_no_trumps and ten_level_defence_target", "[prefa]") {
  json h = contract("A", "B", "10NT", nullptr, R"({"B": 10, "C": 0, "A": 0})"_json);
  Diagnostic e = first_error(setup3(), json::array({h}));
  CHECK(e.field == "contract");
  CHECK(contains(e.message, "10NT is not allowed"));
  CHECK(run(setup3(R"({"ten_no_trumps": "value_10"})"_json), json::array({h})).score["hands"][0]["pools"]["B"] == 21);
  CHECK(run(setup3(R"({"ten_no_trumps": "value_11"})"_json), json::array({h})).score["hands"][0]["pools"]["B"] == 20);
  // default: no declarations at level 10
  json with_calls = contract("A", "B", "10S", R"({"C": "play", "A": "play"})"_json,
                             R"({"B": 10, "C": 0, "A": 0})"_json);
  Diagnostic e2 = first_error(setup3(), json::array({with_calls}));
  CHECK(e2.field == "calls");
  // target 1 (Q7, literal): all 10 tricks, the right defender pays 10 x gv
  Replay r = run(setup3(R"({"ten_level_defence_target": 1})"_json), json::array({with_calls}));
  REQUIRE(r.ok);
  CHECK(r.score["hands"][0]["deltas"] == ojson({{"A", 0}, {"B", 100}, {"C", -100}}));
  CHECK(first_error(setup3(R"({"ten_level_defence_target": 1})"_json), json::array({h})).field == "contract");
}

TEST_CASE("prefa options provisional_entry (withdrawn, prov call), concession, all_pass=polles", "[prefa]") {
  json w =
      R"({"dealer": "A", "type": "withdrawn", "declarer": "B", "auction": [{"player": "B", "call": "prov"}, {"player": "C", "call": "pass"}, {"player": "A", "call": "pass"}]})"_json;
  CHECK(first_error(setup3(), json::array({w})).field == "type");
  Replay r = run(setup3(R"({"provisional_entry": "on"})"_json), json::array({w}));
  REQUIRE(r.ok);
  CHECK(r.score["hands"][0]["pools"]["B"] == 33);
  CHECK(d(r.score["hands"][0]["breakdown"]["cash_delta"], "B") == -4);
  // a spades bid eliminates the provisional entrant
  json w2 = w;
  w2["auction"] =
      R"([{"player": "B", "call": "prov"}, {"player": "C", "call": "6S"}, {"player": "A", "call": "pass"}])"_json;
  Diagnostic e = first_error(setup3(R"({"provisional_entry": "on"})"_json), json::array({w2}));
  CHECK(e.field == "type");
  // W-X3 without auction
  json w3 = R"({"dealer": "A", "type": "withdrawn", "declarer": "B"})"_json;
  CHECK(test::warning_codes(run(setup3(R"({"provisional_entry": "on"})"_json), json::array({w3})).diags, 1) ==
        std::vector<std::string>{"prefa.withdrawn_unchecked"});

  json c = R"({"dealer": "A", "type": "conceded", "declarer": "B", "contract": "7S"})"_json;
  CHECK(first_error(setup3(), json::array({c})).field == "type");
  Replay rc = run(setup3(R"({"concession": "on"})"_json), json::array({c}));
  REQUIRE(rc.ok);
  CHECK(rc.score["hands"][0]["pools"]["B"] == 45);  // down 2: + 2 x 7
  CHECK(d(rc.score["hands"][0]["breakdown"]["cash_delta"], "C") == 2 * 7 * 3);
  CHECK(d(rc.score["hands"][0]["breakdown"]["cash_delta"], "A") == 2 * 7 * 2);

  json p = R"({"dealer": "A", "type": "polles", "tricks": {"A": 5, "B": 3, "C": 2}})"_json;
  CHECK(first_error(setup3(), json::array({p})).field == "type");
  CHECK(run(setup3(R"({"all_pass": "polles"})"_json), json::array({p})).score["hands"][0]["pools"] ==
        ojson({{"A", 34}, {"B", 32}, {"C", 31}}));
  CHECK(first_error(setup3({{"all_pass", "polles"}}), json::array({{{"dealer", "A"}, {"type", "all_pass"}}})).field ==
        "type");
}

TEST_CASE("prefa option first_hand_seven_of_diamonds: first bidder deals hand 2", "[prefa]") {
  json s = setup3(R"({"first_hand_seven_of_diamonds": "on"})"_json);
  json h1 = R"({"dealer": "A", "type": "all_pass", "first_bidder": "C"})"_json;
  Replay r = run(s, json::array({h1}));
  REQUIRE(r.ok);
  CHECK(r.score["next_dealer"] == "C");
  CHECK(first_error(s, json::array({{{"dealer", "A"}, {"type", "all_pass"}}})).field == "first_bidder");
  CHECK(first_error(setup3(), json::array({h1})).field == "first_bidder");
}

TEST_CASE("prefa §3.3: auction validation", "[prefa]") {
  auto with_auction = [](json calls, const std::string& decl = "B", const std::string& c = "7H") {
    json h = contract("A", decl, c, R"({"C": "play", "A": "play"})"_json, R"({"B": 7, "C": 2, "A": 1})"_json);
    if (decl == "A") {
      h["calls"] = R"({"B": "play", "C": "play"})"_json;
      h["tricks"] = R"({"A": 7, "B": 2, "C": 1})"_json;
    }
    h["auction"] = calls.is_object() ? json::array({calls}) : calls;  // one call: see file()
    return h;
  };
  auto call = [](const std::string& p, const std::string& c) { return json{{"player", p}, {"call", c}}; };
  // out of turn
  Diagnostic e1 = first_error(setup3(), json::array({with_auction({call("C", "6S")})}));
  CHECK(e1.field == "auction");
  CHECK(contains(e1.message, "expected B"));
  // first bid must be 6S
  CHECK(contains(first_error(setup3(), json::array({with_auction({call("B", "6C")})})).message, "6S"));
  // jump bid
  CHECK(contains(first_error(setup3(), json::array({with_auction({call("B", "6S"), call("C", "6D")})})).message,
                 "exactly 6C"));
  // priority: B may only repeat
  CHECK(contains(first_error(setup3(), json::array({with_auction(
                                           {call("B", "6S"), call("C", "6C"), call("A", "pass"), call("B", "6D")})}))
                     .message,
                 "same 6C"));
  // unfinished
  CHECK(contains(first_error(setup3(), json::array({with_auction({call("B", "6S"), call("C", "6C")})})).message,
                 "not finished"));
  // calls after the end
  CHECK(contains(first_error(setup3(), json::array({with_auction({call("B", "6S"), call("C", "pass"), call("A", "pass"),
                                                                  call("B", "pass")})}))
                     .message,
                 "after the auction ended"));
  // winner must be the declarer; contract below the auction contract
  Diagnostic w = first_error(setup3(), json::array({with_auction(
                                           {call("B", "6S"), call("C", "6C"), call("A", "pass"), call("B", "pass")})}));
  CHECK(w.field == "declarer");
  CHECK(contains(w.message, "won by C"));
  Diagnostic lo = first_error(setup3(), json::array({with_auction({call("B", "6S"), call("C", "6C"), call("A", "6D"),
                                                                   call("B", "pass"), call("C", "pass")},
                                                                  "A", "6C")}));
  CHECK(lo.field == "contract");
  CHECK(contains(lo.message, "below the auction contract 6D"));
  // all passed <-> all_pass
  json ap = {{"dealer", "A"},
             {"type", "all_pass"},
             {"auction", {call("B", "pass"), call("C", "pass"), call("A", "pass")}}};
  CHECK(run(setup3(), json::array({ap})).ok);
}

TEST_CASE("prefa §3: hand validation errors name the field and the rule", "[prefa]") {
  auto err = [](json h) { return first_error(setup3(), json::array({h})); };
  json ok = contract("A", "B", "6H", R"({"C": "play", "A": "play"})"_json, R"({"B": 6, "C": 3, "A": 1})"_json);
  auto with = [&](const std::string& k, json v) {
    json h = ok;
    if (v.is_null())
      h.erase(k);
    else
      h[k] = v;
    return h;
  };
  Diagnostic e;
  e = err(with("hand", 2));
  CHECK((e.field == "hand" && contains(e.message, "consecutive")));
  e = err(with("dealer", "Z"));
  CHECK((e.field == "dealer" && contains(e.message, "unknown dealer Z")));
  e = err(with("type", "misere"));
  CHECK(e.field == "type");
  e = err(with("declarer", "Z"));
  CHECK((e.field == "declarer" && contains(e.message, "unknown player Z")));
  e = err(with("contract", "5S"));
  CHECK((e.field == "contract" && contains(e.message, "5S")));
  e = err(with("won_bid", "6NT"));
  CHECK((e.field == "contract" && contains(e.message, "below the auction contract 6NT")));
  e = err(with("calls", json{{"C", "play"}}));
  CHECK((e.field == "calls" && contains(e.message, "declarations needed for C and A")));
  e = err(with("calls", json{{"C", "play"}, {"A", "maybe"}}));
  CHECK(e.field == "calls");
  e = err(with("along", "B"));
  CHECK((e.field == "along" && contains(e.message, "only a defender")));
  e = err(with("along", "C"));
  CHECK((e.field == "along" && contains(e.message, "nobody to take along")));
  e = err(with("tricks", json{{"B", 6}, {"C", 3}, {"A", 0}}));
  CHECK((e.field == "tricks" && e.message == "tricks add up to 9, must be 10"));
  e = err(with("tricks", json{{"B", 6}, {"C", 4}}));
  CHECK((e.field == "tricks" && contains(e.message, "tricks missing for A")));
  e = err(with("tricks", json{{"B", 11}, {"C", -1}, {"A", 0}}));
  CHECK((e.field == "tricks" && contains(e.message, "0..10")));
  e = err(with("calls", json{{"C", "play"}, {"A", "pass"}}));  // A passed but has 1 trick
  CHECK((e.field == "tricks" && contains(e.message, "A passed and was not taken along")));
  e = err(with("calls", json{{"C", "pass"}, {"A", "pass"}}));
  CHECK((e.field == "tricks" && contains(e.message, "both defenders passed")));
  json ten = contract("A", "B", "10S", nullptr, R"({"B": 10, "C": 0, "A": 0})"_json);
  ten["along"] = "C";
  e = err(ten);
  CHECK(e.field == "along");
  // warning only: dealer out of rotation
  Replay r = run(setup3(), json::array({with("dealer", "B")}));
  REQUIRE(r.ok);
  CHECK(test::warning_codes(r.diags, 1) == std::vector<std::string>{"prefa.dealer_rotation"});
  CHECK(contains(r.diags.warnings().at(0).message, "expected A"));
  CHECK(r.score["next_dealer"] == "C");
}

TEST_CASE("prefa §3.1: set-up validation", "[prefa]") {
  auto err = [](json s) { return first_error(s, json::array()); };
  CHECK(err(R"({"players": ["A", "B"]})"_json).field == "players");
  CHECK(err(R"({"players": ["A", "B", "A"]})"_json).field == "players");
  CHECK(err(R"({"players": ["A", "B", "C"], "initial_pool": 0})"_json).field == "initial_pool");
  CHECK(err(R"({"players": ["A", "B", "C"], "first_dealer": "Z"})"_json).field == "first_dealer");
  CHECK(err(R"({"players": ["A", "B", "C"], "scorer": "Z"})"_json).field == "scorer");
  Diagnostic o = err(R"({"players": ["A", "B", "C"], "options": {"overflow_mode": "random"}})"_json);
  CHECK(o.field == "options.overflow_mode");
  CHECK(contains(o.message, "largest_first, level"));
  CHECK(err(R"({"players": ["A", "B", "C"], "options": {"sitting_out_compensation": [25]}})"_json).field ==
        "options.sitting_out_compensation");
  Diagnostic s = err(R"({"players": ["A", "B", "C"], "start": {"pools": {"A": 3, "B": 2}}})"_json);
  CHECK(s.field == "start.pools");
  CHECK(contains(s.message, "no pool given for C"));
  CHECK(err(R"({"players": ["A", "B", "C"], "start": {"pools": {"A": 0, "B": 0, "C": 0}}})"_json).field ==
        "start.pools");
  CHECK(
      err(R"({"players": ["A", "B", "C"], "first_dealer": "A", "start": {"pools": {"A": 1, "B": 0, "C": 0}, "dealer": "B"}})"_json)
          .field == "start.dealer");
  CHECK(
      err(R"({"players": ["A", "B", "C"], "start": {"pools": {"A": 1, "B": 0, "C": 0}, "received": {"A": {"A": 3}}}})"_json)
          .field == "start.received");
  // resumed game: the first record is hands_played + 1 and values include the start state
  json ok =
      R"({"players": ["A", "B", "C"], "start": {"pools": {"A": 5, "B": 5, "C": 5}, "received": {"A": {"B": 30}}, "dealer": "B", "hands_played": 4}})"_json;
  Replay r = run(ok, json::array({{{"hand", 5}, {"type", "all_pass"}}}));
  REQUIRE(r.ok);
  CHECK(r.score["hands"][0]["dealer"] == "B");
  CHECK(r.score["totals"] == ojson({{"A", 30}, {"B", -30}, {"C", 0}}));
}

TEST_CASE("prefa: record_from_args parses the one-line syntax", "[prefa]") {
  const GameRules* g = find_game("prefa");
  Replay r = run(setup3(), json::array());
  REQUIRE(r.ok);
  Diagnostics d;
  json rec = g->record_from_args(
      {{"declarer", "b"}, {"contract", "7h"}, {"calls", "C:play,A:pass"}, {"along", "C"}, {"tricks", "B:7,C:3"}},
      *r.state, d);
  CHECK_FALSE(d.has_errors());
  CHECK(
      rec ==
      json(
          R"({"type": "contract", "declarer": "B", "contract": "7H", "calls": {"C": "play", "A": "pass"}, "along": "C", "tricks": {"B": 7, "C": 3}})"_json));
  Diagnostics d2;
  json ap = g->record_from_args({{"type", "all_pass"}}, *r.state, d2);
  CHECK(ap == json(R"({"type": "all_pass"})"_json));
  Diagnostics d3;
  json au = g->record_from_args(
      {{"auction", "B:6S,C:pass,A:pass"}, {"declarer", "B"}, {"contract", "6s"}, {"four_aces", "yes"}}, *r.state, d3);
  CHECK(au["auction"][0] == json(R"({"player": "B", "call": "6S"})"_json));
  CHECK(au["auction"][1]["call"] == "pass");
  CHECK(au["four_aces"] == true);
  Diagnostics d4;
  g->record_from_args({{"trick", "B:7"}}, *r.state, d4);
  REQUIRE(d4.has_errors());
  CHECK(d4.errors()[0].field == "trick");
  CHECK(contains(d4.errors()[0].message, "tricks"));
  Diagnostics d5;
  g->record_from_args({{"tricks", "B7"}}, *r.state, d5);
  CHECK(d5.errors()[0].field == "tricks");
  // set-up words, start.* included
  Diagnostics d6;
  json s = g->setup_from_args({{"players", "A,B,C"},
                               {"dealer", "A"},
                               {"initial_pool", "20"},
                               {"option.overflow_mode", "level"},
                               {"start.pools", "A:12,B:3,C:20"},
                               {"start.received", "A/B:10"},
                               {"start.hands_played", "6"}},
                              d6);
  CHECK_FALSE(d6.has_errors());
  CHECK(s["initial_pool"] == 20);
  CHECK(s["start"]["pools"]["C"] == 20);
  CHECK(s["start"]["received"]["A"]["B"] == 10);
  CHECK(run(s, json::array()).ok);
}

TEST_CASE("prefa: the sheet aligns non-ASCII names and draws 4-player games", "[prefa]") {
  json s = R"({"players": ["Ζωή", "Νίκος", "Gergő"], "first_dealer": "Ζωή", "initial_pool": 10})"_json;
  json h = contract("Ζωή", "Νίκος", "6H", R"({"Gergő": "play", "Ζωή": "play"})"_json,
                    R"({"Νίκος": 6, "Gergő": 3, "Ζωή": 1})"_json);
  Replay r = run(s, json::array({h}));
  REQUIRE(r.ok);
  std::string sheet = marque::reports::sheet_text(find_game("prefa")->score_sheet(file(s, json::array({h})), r.score));
  CHECK(contains(sheet, "Νίκος"));
  CHECK(contains(sheet, "standing (game in progress):"));
  Replay r4 = run(setup4(), json::array({contract("D", "A", "7C", R"({"B": "play", "C": "play"})"_json,
                                                  R"({"A": 6, "B": 2, "C": 2})"_json)}));
  std::string s4 = marque::reports::sheet_text(
      find_game("prefa")->score_sheet(file(setup4(), json::array()), r4.score));
  CHECK(contains(s4, "D: 0"));
  CHECK(contains(s4, "A pays D 42.5"));
}

TEST_CASE("prefa: the sheet's money is points x stake to the cent, halves away from zero, any stake written",
          "[prefa]") {
  const json h = contract("D", "A", "7C", R"({"B": "play", "C": "play"})"_json, R"({"A": 6, "B": 2, "C": 2})"_json);
  auto sheet_with = [&](json stake) {
    json s = setup4();
    s["stake"] = stake;
    Replay r = run(s, json::array({h}));
    REQUIRE(r.ok);
    return marque::reports::sheet_text(find_game("prefa")->score_sheet(file(s, json::array({h})), r.score));
  };
  // 42.5 x 0.05 = 2.125, 31.5 x 0.05 = 1.575, -105.5 x 0.05 = -5.275: exact ties, not a floating product's accident
  const std::string cents = sheet_with(0.05);
  CHECK(contains(cents, "42.5 (2.13 money)"));
  CHECK(contains(cents, "2. B +31.5 (1.58 money)"));
  CHECK(contains(cents, "4. A -105.5 (-5.28 money)"));
  CHECK(contains(sheet_with(3), "4. A -105.5 (-316.5 money)"));
  CHECK(contains(sheet_with(1e-07), "4. A -105.5 (0 money)"));             // written with an exponent: "1e-07"
  CHECK(contains(sheet_with(1000000), "4. A -105.5 (-105500000 money)"));  // the largest stake
}

}  // namespace unit_test_prefa
