// Piquet rules engine (spec piquet): scoring, validation, options, running state, CLI syntax, sheet.
#include <catch2/catch.hpp>

#include <map>

#include "reports/sheet_render.hpp"
#include "rules/engine.hpp"
#include "support/game_test.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_piquet {

using namespace marque;
using namespace marque::rules;

namespace {

using marque::test::first_error;

json file_with(json options, json hands, std::string first_dealer = "B", json extra_setup = json::object()) {
  json setup = {{"players", {"A", "B"}}, {"first_dealer", first_dealer}, {"options", options}};
  return test::game_file("piquet", test::with(setup, extra_setup), hands);
}

// P-1 (Cavendish's example deal), dealer B: A elder 28, B younger 23.
json p1() {
  return json::parse(R"({"dealer": "B", "carte_blanche": null,
    "point": {"winner": "elder", "cards": 5, "pips": 49},
    "sequences": {"winner": "elder", "scored": [{"length": 4, "top": "A"}]},
    "sets": {"winner": "younger", "scored": [{"rank": "10", "count": 4}, {"rank": "Q", "count": 3}]},
    "tricks": {"elder": 7, "younger": 5}, "play_points": {"elder": 9, "younger": 6}})");
}

json totals(int a, int b) { return {{"entry", "totals"}, {"totals", {{"A", a}, {"B", b}}}}; }

Replay run(const json& file) { return replay(file); }

int delta(const Replay& r, int seq, const char* p) { return r.score["hands"][seq - 1]["deltas"][p].get<int>(); }

json with(const json& rec, const json& patch) { return test::with(rec, patch, true); }

}  // namespace

TEST_CASE("piquet: registered and implemented", "[piquet]") {
  const auto* g = find_game("piquet");
  REQUIRE(g);
  CHECK(g->title() == "Piquet");
}

TEST_CASE("piquet: options table of section 6 with the seed defaults", "[piquet]") {
  auto opts = find_game("piquet")->options();
  std::map<std::string, json> defaults;
  for (const auto& o : opts) defaults[o.id] = o.default_value;
  CHECK(defaults.size() == 9);
  CHECK(defaults["mode"] == "classic");
  CHECK(defaults["target"] == 100);
  CHECK(defaults["match"] == "best_of_3");
  CHECK(defaults["point_scoring"] == "cards");
  CHECK(defaults["trick_scoring"] == "modern");
  CHECK(defaults["last_trick_on_capot"] == "yes");
  CHECK(defaults["concession_pique"] == false);
  CHECK(defaults["partie_deals"] == 6);
  CHECK(defaults["stake_rounding"] == "none");
}

TEST_CASE("piquet: category points, cards and the breakdown (P-1)", "[piquet]") {
  auto r = run(file_with(json::object(), {p1()}));
  REQUIRE(r.ok);
  CHECK(delta(r, 1, "A") == 28);
  CHECK(delta(r, 1, "B") == 23);
  const auto& b = r.score["hands"][0]["breakdown"];
  CHECK(b["A"]["point"] == 5);
  CHECK(b["A"]["sequences"] == 4);
  CHECK(b["A"]["play"] == 9);
  CHECK(b["A"]["cards"] == 10);
  CHECK(b["B"]["sets"] == 17);
  CHECK(b["B"]["total"] == 23);
  CHECK(b["repique_by"].is_null());
  CHECK(b["pique"] == false);
  CHECK(b["capot_by"].is_null());
  CHECK(b["elder"] == "A");
  CHECK(r.score["hands"][0]["dealer"] == "B");
  CHECK(r.score["next_dealer"] == "A");
}

TEST_CASE("piquet: repique by elder in the sets category (P-2)", "[piquet]") {
  json rec = with(
      p1(),
      R"({"point": {"winner": "elder", "cards": 5, "pips": 51}, "sequences": {"winner": "elder", "scored": [{"length": 5, "top": "A"}]}, "sets": {"winner": "elder", "scored": [{"rank": "A", "count": 4}]}, "tricks": {"elder": 9, "younger": 3}, "play_points": {"elder": 11, "younger": 4}})"_json);
  auto r = run(file_with(json::object(), {rec}));
  REQUIRE(r.ok);
  CHECK(delta(r, 1, "A") == 115);
  CHECK(delta(r, 1, "B") == 4);
  CHECK(r.score["hands"][0]["breakdown"]["repique_by"] == "A");
  CHECK(r.score["hands"][0]["breakdown"]["repique_in"] == "sets");
}

TEST_CASE("piquet: younger repique because sequences precede sets; elder capot (P-4)", "[piquet]") {
  json rec = json::parse(R"({"dealer": "A", "point": {"winner": "younger", "cards": 7, "pips": 64},
    "sequences": {"winner": "younger", "scored": [{"length": 7, "top": "K"}, {"length": 5, "top": "K"}]},
    "sets": {"winner": "elder", "scored": [{"rank": "A", "count": 4}]},
    "tricks": {"elder": 12, "younger": 0}, "play_points": {"elder": 13, "younger": 0}})");
  auto r = run(file_with(json::object(), {rec}, "A"));
  REQUIRE(r.ok);
  CHECK(delta(r, 1, "A") == 99);
  CHECK(delta(r, 1, "B") == 67);
  CHECK(r.score["hands"][0]["breakdown"]["repique_by"] == "A");
  CHECK(r.score["hands"][0]["breakdown"]["capot_by"] == "B");
  CHECK(r.score["hands"][0]["breakdown"]["B"]["cards"] == 40);
}

TEST_CASE("piquet: carte blanche scores 10, counts toward repique and blocks the opponent's", "[piquet]") {
  // younger shows a blank: 10; elder's 5 + 15 + 14 = 34 no longer repiques (younger has scored)
  json rec = with(
      p1(),
      R"({"carte_blanche": "younger", "point": {"winner": "elder", "cards": 5, "pips": 51}, "sequences": {"winner": "elder", "scored": [{"length": 5, "top": "A"}]}, "sets": {"winner": "elder", "scored": [{"rank": "A", "count": 4}]}, "tricks": {"elder": 9, "younger": 3}, "play_points": {"elder": 11, "younger": 4}})"_json);
  auto r = run(file_with(json::object(), {rec}));
  REQUIRE(r.ok);
  CHECK(delta(r, 1, "A") == 34 + 11 + 10);
  CHECK(delta(r, 1, "B") == 10 + 4);
  CHECK(r.score["hands"][0]["breakdown"]["repique_by"].is_null());
  // carte blanche + point + quint + quatorze for elder: 10 + 6 + 16 ... reaches 30 in the sequences
  json rec2 = with(
      rec,
      R"({"carte_blanche": "elder", "sequences": {"winner": "elder", "scored": [{"length": 5, "top": "J"}]}, "sets": {"winner": "none", "scored": []}})"_json);
  auto r2 = run(file_with(json::object(), {rec2}));
  REQUIRE(r2.ok);
  CHECK(r2.score["hands"][0]["breakdown"]["repique_by"] == "A");
  CHECK(r2.score["hands"][0]["breakdown"]["repique_in"] == "sequences");
  CHECK(delta(r2, 1, "A") == 10 + 5 + 15 + 60 + 11 + 10);
}

TEST_CASE("piquet: an equal point scores nothing for either player (P-6)", "[piquet]") {
  json rec = json::parse(R"({"dealer": "A", "point": {"winner": "equal", "cards": 4, "pips": 38},
    "sequences": {"winner": "none", "scored": []},
    "sets": {"winner": "younger", "scored": [{"rank": "Q", "count": 4}, {"rank": "10", "count": 4}, {"rank": "A", "count": 3}]},
    "tricks": {"elder": 5, "younger": 7}, "play_points": {"elder": 7, "younger": 9}})");
  auto r = run(file_with(json::object(), {rec}, "A"));
  REQUIRE(r.ok);
  CHECK(delta(r, 1, "A") == 110);
  CHECK(delta(r, 1, "B") == 7);
}

TEST_CASE("piquet: pique determined, contradicted, impossible and ambiguous (4.6, C-5)", "[piquet]") {
  json p3 = with(
      p1(),
      R"({"point": {"winner": "elder", "cards": 5, "pips": 51}, "sequences": {"winner": "elder", "scored": [{"length": 5, "top": "A"}]}, "sets": {"winner": "elder", "scored": [{"rank": "A", "count": 3}]}, "tricks": {"elder": 7, "younger": 5}, "play_points": {"elder": 8, "younger": 6}})"_json);
  auto r = run(file_with(json::object(), {p3}));
  REQUIRE(r.ok);
  CHECK(delta(r, 1, "A") == 71);
  CHECK(r.score["hands"][0]["breakdown"]["pique"] == true);

  auto bad = run(file_with(json::object(), {with(p3, R"({"pique": false})"_json)}));
  CHECK(first_error(bad).field == "pique");

  auto impossible = run(file_with(json::object(), {with(p1(), R"({"pique": true})"_json)}));
  auto e = first_error(impossible);
  CHECK(e.field == "pique");
  CHECK(e.message.find("younger scored 17") != std::string::npos);

  // 23 in declarations, 8 tricks to 4 with play 10 / 5: elder's opening run may be 0..7 -> ambiguous
  json amb = with(p3, R"({"tricks": {"elder": 8, "younger": 4}, "play_points": {"elder": 10, "younger": 5}})"_json);
  auto missing = run(file_with(json::object(), {amb}));
  auto e2 = first_error(missing);
  CHECK(e2.field == "pique");
  CHECK(e2.message.find("record pique true or false") != std::string::npos);
  auto yes = run(file_with(json::object(), {with(amb, R"({"pique": true})"_json)}));
  REQUIRE(yes.ok);
  CHECK(delta(yes, 1, "A") == 23 + 10 + 30 + 10);
  auto no = run(file_with(json::object(), {with(amb, R"({"pique": false})"_json)}));
  REQUIRE(no.ok);
  CHECK(delta(no, 1, "A") == 23 + 10 + 10);
}

TEST_CASE("piquet: capot does not count toward pique; last_trick_on_capot = no (P-5)", "[piquet]") {
  json p5 = with(
      p1(),
      R"({"point": {"winner": "elder", "cards": 6, "pips": 56}, "sequences": {"winner": "elder", "scored": [{"length": 4, "top": "A"}]}, "sets": {"winner": "elder", "scored": [{"rank": "A", "count": 3}]}, "tricks": {"elder": 12, "younger": 0}, "play_points": {"elder": 13, "younger": 0}})"_json);
  auto r = run(file_with(json::object(), {p5}));
  REQUIRE(r.ok);
  CHECK(delta(r, 1, "A") == 66);
  CHECK(r.score["hands"][0]["breakdown"]["pique"] == false);

  auto no_lc = run(file_with(R"({"last_trick_on_capot": "no"})"_json, {p5}));
  CHECK(first_error(no_lc).field == "play_points");
  auto ok12 = run(file_with(R"({"last_trick_on_capot": "no"})"_json,
                            {with(p5, R"({"play_points": {"elder": 12, "younger": 0}})"_json)}));
  REQUIRE(ok12.ok);
  CHECK(delta(ok12, 1, "A") == 13 + 12 + 40);
}

TEST_CASE("piquet: old rules, point by pips and tricks by tens (P-8)", "[piquet]") {
  json p8 = json::parse(R"({"dealer": "B", "point": {"winner": "elder", "cards": 5, "pips": 44},
    "sequences": {"winner": "elder", "scored": [{"length": 3, "top": "9"}]},
    "sets": {"winner": "younger", "scored": [{"rank": "J", "count": 3}]},
    "tricks": {"elder": 7, "younger": 5}, "play_points": {"elder": 6, "younger": 4}})");
  auto both = run(file_with(R"({"point_scoring": "pips_rounded", "trick_scoring": "old_tens"})"_json, {p8}));
  REQUIRE(both.ok);
  CHECK(delta(both, 1, "A") == 23);
  CHECK(delta(both, 1, "B") == 7);
  auto tens = run(file_with(R"({"trick_scoring": "old_tens"})"_json, {p8}));
  REQUIRE(tens.ok);
  CHECK(delta(tens, 1, "A") == 24);
  CHECK(first_error(run(file_with(json::object(), {p8}))).field == "play_points");
  // V-PT4: the old-rule point needs the pips
  json nopips = p8;
  nopips["point"].erase("pips");
  CHECK(first_error(run(file_with(R"({"point_scoring": "pips_rounded"})"_json, {nopips}))).field == "point.pips");
  // V-P3: above the modern maximum for 7 tricks
  CHECK(first_error(run(file_with(R"({"trick_scoring": "old_tens"})"_json,
                                  {with(p8, R"({"play_points": {"elder": 14, "younger": 4}})"_json)})))
            .field == "play_points");
  // C-5 under old_tens: pique true needs eligibility and 30 in declarations + play
  CHECK(first_error(run(file_with(R"({"trick_scoring": "old_tens"})"_json, {with(p8, R"({"pique": true})"_json)})))
            .field == "pique");
}

TEST_CASE("piquet: stage 1 validations name their field", "[piquet]") {
  struct Bad {
    json patch;
    std::string field;
  };
  std::vector<Bad> bad = {
      {{{"tricks", {{"elder", 7}, {"younger", 6}}}}, "tricks"},
      {{{"play_points", {{"elder", 10}, {"younger", 5}}}}, "play_points"},
      {{{"play_points", {{"elder", 14}, {"younger", 5}}}}, "play_points"},
      {{{"point", {{"winner", "elder"}, {"cards", 5}, {"pips", 53}}}}, "point.pips"},
      {{{"point", {{"winner", "nobody"}, {"cards", 5}}}}, "point.winner"},
      {{{"point", {{"winner", "elder"}, {"cards", 9}}}}, "point.cards"},
      {{{"point", nullptr}}, "point"},
      {{{"sequences", {{"winner", "elder"}, {"scored", {{{"length", 5}, {"top", "10"}}}}}}}, "sequences.scored"},
      {{{"sequences", {{"winner", "elder"}, {"scored", json::array()}}}}, "sequences.scored"},
      {{{"sequences",
         {{"winner", "elder"}, {"scored", {{{"length", 8}, {"top", "A"}}, {{"length", 5}, {"top", "A"}}}}}}},
       "sequences.scored"},
      {{{"sets", {{"winner", "equal"}, {"scored", json::array()}}}}, "sets.winner"},
      {{{"sets", {{"winner", "younger"}, {"scored", {{{"rank", "9"}, {"count", 3}}}}}}}, "sets.scored"},
      {{{"sets", {{"winner", "younger"}, {"scored", {{{"rank", "Q"}, {"count", 3}}, {{"rank", "Q"}, {"count", 4}}}}}}},
       "sets.scored"},
      {{{"carte_blanche", "both"}}, "carte_blanche"},
      {{{"pique", "maybe"}}, "pique"},
      {{{"reckons_nothing", "dealer"}}, "reckons_nothing"},
      {{{"check_totals", {{"elder", 28}, {"younger", 22}}}}, "check_totals"},
      {{{"dealer", "A"}}, "dealer"},
      {{{"tricks", nullptr}}, "tricks"},
  };
  for (const auto& b : bad) {
    INFO(b.patch.dump());
    auto r = run(file_with(json::object(), {with(p1(), b.patch)}));
    CHECK(first_error(r).field == b.field);
  }
  auto pts = run(
      file_with(json::object(), {with(p1(), R"({"point": {"winner": "elder", "cards": 5, "pips": 53}})"_json)}));
  CHECK(first_error(pts).message == "5 cards cannot make 53 (possible: 44–51)");
}

TEST_CASE("piquet: stage 2 card availability and combination limits", "[piquet]") {
  // C-1: five aces
  auto five = run(file_with(
      json::object(),
      {with(
          p1(),
          R"({"sequences": {"winner": "younger", "scored": [{"length": 5, "top": "A"}]}, "sets": {"winner": "elder", "scored": [{"rank": "A", "count": 4}]}})"_json)}));
  auto e = first_error(five);
  CHECK(e.message.find("5 cards of rank A") != std::string::npos);
  // C-2: elder's combinations need more than 12 cards (huitieme + quatorzes of 7-less ranks)
  auto many = run(file_with(
      json::object(),
      {with(
          p1(),
          R"({"sequences": {"winner": "elder", "scored": [{"length": 8, "top": "A"}]}, "sets": {"winner": "elder", "scored": [{"rank": "K", "count": 4}, {"rank": "Q", "count": 4}, {"rank": "J", "count": 4}]}, "tricks": {"elder": 7, "younger": 5}})"_json)}));
  CHECK(first_error(many).message.find("need") != std::string::npos);
  // a blank holder keeps at most 7 court cards
  auto blank = run(file_with(
      json::object(),
      {with(
          p1(),
          R"({"carte_blanche": "younger", "sequences": {"winner": "none", "scored": []}, "sets": {"winner": "younger", "scored": [{"rank": "K", "count": 4}, {"rank": "Q", "count": 4}]}})"_json)}));
  CHECK(first_error(blank).field == "carte_blanche");
  // stage 2 does not run when stage 1 failed: only the stage 1 error is reported
  auto both = run(file_with(
      json::object(),
      {with(
          p1(),
          R"({"tricks": {"elder": 7, "younger": 6}, "sequences": {"winner": "younger", "scored": [{"length": 5, "top": "A"}]}, "sets": {"winner": "elder", "scored": [{"rank": "A", "count": 4}]}})"_json)}));
  CHECK(both.diags.errors().size() == 1);
}

TEST_CASE("piquet: warnings never block (V-PT2, C-4, C-7)", "[piquet]") {
  auto sunk = run(file_with(
      json::object(),
      {with(
          p1(),
          R"({"point": {"winner": "elder", "cards": 4, "pips": 38}, "sequences": {"winner": "younger", "scored": [{"length": 5, "top": "K"}]}, "sets": {"winner": "none", "scored": []}})"_json)}));
  REQUIRE(sunk.ok);
  CHECK(test::warning_codes(sunk.diags, 1) == std::vector<std::string>{"piquet.sunk_point"});
  auto low = run(file_with(json::object(), {totals(0, 5)}));
  REQUIRE(low.ok);
  CHECK(test::warning_codes(low.diags, 1) == std::vector<std::string>{"piquet.elder_zero"});
}

TEST_CASE("piquet: reckons nothing zeroes a player but his cards still bar the pique", "[piquet]") {
  auto r = run(file_with(json::object(), {with(p1(), R"({"reckons_nothing": "younger"})"_json)}));
  REQUIRE(r.ok);
  CHECK(delta(r, 1, "B") == 0);
  CHECK(delta(r, 1, "A") == 28);
  CHECK(
      first_error(run(file_with(json::object(), {with(p1(), R"({"reckons_nothing": "younger", "pique": true})"_json)})))
          .field == "pique");
}

TEST_CASE("piquet: redeal keeps the dealer and does not count", "[piquet]") {
  json redeal = R"({"redeal": true, "reason": "exposed card"})"_json;
  auto r = run(file_with(R"({"mode": "rubicon"})"_json, {redeal, p1()}));
  REQUIRE(r.ok);
  CHECK(r.score["hands"][0]["deltas"]["A"] == 0);
  CHECK(r.score["hands"][1]["dealer"] == "B");
  CHECK(r.score["result"]["deals"] == 1);
  CHECK(first_error(run(file_with(json::object(), R"([{"redeal": true, "tricks": {"elder": 7, "younger": 5}}])"_json)))
            .field == "tricks");
  // V-D1 after a redeal: the same dealer
  auto wrong = run(file_with(json::object(), {redeal, with(p1(), R"({"dealer": "A"})"_json)}));
  auto e = first_error(wrong);
  CHECK(e.field == "dealer");
  CHECK(e.message.find("deals again") != std::string::npos);
}

TEST_CASE("piquet: classic game ends inside the declarations (5.2, C-9)", "[piquet]") {
  // A at 92 (elder in deal 4): point 5 -> 97, quart 4 -> 101 in the sequences: sets and play ignored
  json rec = with(p1(), R"({"tricks": null, "play_points": null})"_json);
  auto r = run(file_with(R"({"mode": "classic"})"_json, {totals(18, 41), totals(36, 12), totals(38, 32), rec}, "A"));
  REQUIRE(r.ok);
  CHECK(r.score["finished"] == true);
  CHECK(r.score["result"]["winner"] == "A");
  CHECK(r.score["result"]["reached_in"] == "sequences");
  CHECK(delta(r, 4, "A") == 9);
  CHECK(delta(r, 4, "B") == 0);
  CHECK(test::warning_codes(r.diags, 4) == std::vector<std::string>{"piquet.after_end"});  // the sets are ignored
  // another record after the end is an error
  auto after = run(file_with(R"({"mode": "classic"})"_json,
                             {totals(18, 41), totals(36, 12), totals(38, 32), rec, totals(1, 1)}, "A"));
  CHECK(first_error(after).hand == 5);
}

TEST_CASE("piquet: classic end after the play, both over the target (P-10, 9.4)", "[piquet]") {
  json deal4 = json::parse(R"({"dealer": "B", "point": {"winner": "elder", "cards": 4, "pips": 39},
    "sequences": {"winner": "younger", "scored": [{"length": 4, "top": "K"}]},
    "sets": {"winner": "younger", "scored": [{"rank": "J", "count": 3}, {"rank": "10", "count": 3}]},
    "tricks": {"elder": 4, "younger": 8}, "play_points": {"elder": 5, "younger": 9}})");
  auto r = run(file_with(R"({"mode": "classic", "target": 100})"_json,
                         {totals(18, 41), totals(36, 12), totals(38, 32), deal4}, "A"));
  REQUIRE(r.ok);
  CHECK(r.score["totals"]["A"] == 101);
  CHECK(r.score["totals"]["B"] == 114);
  CHECK(r.score["result"]["winner"] == "B");
  CHECK(r.score["result"]["games_won"]["B"] == 1);
  CHECK(r.score["result"]["match_winner"].is_null());
  // equal totals at or above the target: game_winner required (C-10)
  auto tie = run(file_with(R"({"mode": "classic"})"_json, {totals(95, 95), totals(10, 10)}, "A"));
  CHECK(first_error(tie).field == "game_winner");
  auto tie_ok = run(file_with(R"({"mode": "classic"})"_json,
                              {totals(95, 95), with(totals(10, 12), R"({"game_winner": "B"})"_json)}, "A"));
  REQUIRE(tie_ok.ok);
  CHECK(tie_ok.score["result"]["winner"] == "B");
  // a target option
  auto t50 = run(file_with(R"({"target": 50})"_json, {totals(30, 51)}, "A"));
  REQUIRE(t50.ok);
  CHECK(t50.score["finished"] == true);
}

TEST_CASE("piquet: match options and resumed games_won", "[piquet]") {
  json start = R"({"start": {"games_won": {"B": 1}}})"_json;
  auto r = run(file_with(json::object(), {totals(60, 10), totals(50, 20)}, "A", start));
  REQUIRE(r.ok);
  CHECK(r.score["result"]["games_won"]["A"] == 1);
  CHECK(r.score["result"]["match_winner"].is_null());
  auto r2 = run(file_with(json::object(), {totals(10, 60), totals(20, 50)}, "A", start));
  CHECK(r2.score["result"]["match_winner"] == "B");
  auto doubles = run(file_with(R"({"match": "best_of_5_doubles"})"_json, {totals(60, 10), totals(50, 20)}, "A"));
  CHECK(doubles.score["result"]["game_value"] == 2);
  CHECK(doubles.score["result"]["games_won"]["A"] == 2);
  auto single = run(file_with(R"({"match": "single"})"_json, {totals(60, 10), totals(50, 20)}, "A"));
  CHECK(single.score["result"]["match_winner"] == "A");
}

TEST_CASE("piquet: rubicon partie, rubiconed loser and crossed rubicon (P-9)", "[piquet]") {
  json hands = {totals(15, 30), totals(75, 4), totals(45, 6), totals(32, 12), totals(6, 38), totals(51, 2)};
  auto r = run(file_with(R"({"mode": "rubicon"})"_json, hands, "A"));
  REQUIRE(r.ok);
  CHECK(r.score["finished"] == true);
  CHECK(r.score["result"]["winner"] == "A");
  CHECK(r.score["result"]["rubiconed"] == true);
  CHECK(r.score["result"]["game_score"] == 416);
  CHECK(r.score["result"]["scores"]["B"] == -416);
  // a seventh deal is refused (V-G1)
  json seven = hands;
  seven.push_back(totals(1, 1));
  CHECK(first_error(run(file_with(R"({"mode": "rubicon"})"_json, seven, "A"))).hand == 7);
  // provisional result before the end
  auto part = run(file_with(R"({"mode": "rubicon"})"_json, {totals(15, 30)}, "A"));
  CHECK(part.score["finished"] == false);
  CHECK(part.score["result"]["winner"].is_null());
  CHECK(part.score["result"]["leader"] == "B");
}

TEST_CASE("piquet: rubicon tie adds two deals, a second tie is a draw (5.3, 9.5)", "[piquet]") {
  json hands = {totals(20, 20), totals(20, 20), totals(20, 20), totals(20, 20), totals(20, 20), totals(20, 20)};
  auto r = run(file_with(R"({"mode": "rubicon"})"_json, hands, "A"));
  REQUIRE(r.ok);
  CHECK(r.score["finished"] == false);
  json eight = hands;
  eight.push_back(totals(10, 12));
  eight.push_back(totals(12, 10));
  auto d = run(file_with(R"({"mode": "rubicon"})"_json, eight, "A"));
  REQUIRE(d.ok);
  CHECK(d.score["finished"] == true);
  CHECK(d.score["result"]["drawn"] == true);
  CHECK(d.score["result"]["winner"].is_null());
  CHECK(d.score["result"]["game_score"] == 0);
  json won = hands;
  won.push_back(totals(10, 12));
  won.push_back(totals(30, 10));
  auto w = run(file_with(R"({"mode": "rubicon"})"_json, won, "A"));
  CHECK(w.score["result"]["winner"] == "A");
  CHECK(w.score["result"]["game_score"] == 160 - 142 + 100);
}

TEST_CASE("piquet: four-deal partie with doubled ends (P-11)", "[piquet]") {
  auto r = run(file_with(R"({"mode": "rubicon", "partie_deals": "4_doubled_ends"})"_json,
                         {totals(20, 25), totals(35, 10), totals(14, 40), totals(30, 12)}, "A"));
  REQUIRE(r.ok);
  CHECK(delta(r, 1, "A") == 40);
  CHECK(delta(r, 4, "B") == 24);
  CHECK(r.score["result"]["game_score"] == 125);
  CHECK(r.score["result"]["rubiconed"] == false);
}

TEST_CASE("piquet: stake rounding of the session balance (5.4)", "[piquet]") {
  json hands = {totals(15, 30), totals(75, 4), totals(45, 6), totals(32, 12), totals(6, 38), totals(51, 2)};
  auto r = run(file_with(R"({"mode": "rubicon", "stake_rounding": "floor_50"})"_json, hands, "A"));
  REQUIRE(r.ok);
  CHECK(r.score["result"]["settlement"]["A"] == 400);
  CHECK(r.score["result"]["settlement"]["B"] == -400);
  auto r25 = run(file_with(R"({"mode": "rubicon", "stake_rounding": "floor_25"})"_json, hands, "A",
                           R"({"start": {"balance": {"A": -150, "B": 150}}})"_json));
  REQUIRE(r25.ok);
  CHECK(r25.score["result"]["balance"]["A"] == 266);
  CHECK(r25.score["result"]["settlement"]["A"] == 250);
}

TEST_CASE("piquet: concession only in the final rubicon deal (4.7, V-C1)", "[piquet]") {
  json conceded = with(p1(), R"({"tricks": null, "play_points": null, "concession": "younger"})"_json);
  json five = {totals(15, 30), totals(75, 4), totals(45, 6), totals(32, 12), totals(6, 38)};
  json six = five;
  // deal 6 dealt by B: A elder; younger (B) throws in his hand: A counts 13 + 10 for play and cards
  six.push_back(conceded);
  auto r = run(file_with(R"({"mode": "rubicon"})"_json, six, "A"));
  REQUIRE(r.ok);
  CHECK(delta(r, 6, "A") == 9 + 13 + 10);
  CHECK(delta(r, 6, "B") == 17);
  CHECK(first_error(run(file_with(R"({"mode": "rubicon"})"_json, {conceded}))).field == "concession");
  CHECK(first_error(run(file_with(json::object(), {conceded}))).field == "concession");
  json with_play = five;
  with_play.push_back(with(p1(), R"({"concession": "younger"})"_json));
  CHECK(first_error(run(file_with(R"({"mode": "rubicon"})"_json, with_play, "A"))).field == "tricks");
}

TEST_CASE("piquet 4.7 concession_pique: a conceded deal's 13 play points give no pique by default", "[piquet]") {
  // P-12: the elder has 23 in hand (point 5, quint 15, trio 3) and younger concedes the last rubicon deal
  json conceded = json::parse(R"({"dealer": "B", "carte_blanche": null,
    "point": {"winner": "elder", "cards": 5, "pips": 48},
    "sequences": {"winner": "elder", "scored": [{"length": 5, "top": "A"}]},
    "sets": {"winner": "elder", "scored": [{"rank": "A", "count": 3}]}, "concession": "younger"})");
  json five = {totals(15, 30), totals(20, 4), totals(10, 6), totals(12, 0), totals(13, 0)};
  json six = five;
  six.push_back(conceded);
  // default (Cavendish, Case XXII): 23 + 13 + 10 = 46, no pique even though 23 + 13 reaches 30
  auto r = run(file_with(R"({"mode": "rubicon"})"_json, six, "A"));
  REQUIRE(r.ok);
  CHECK(delta(r, 6, "A") == 46);
  CHECK(delta(r, 6, "B") == 0);
  // a pique recorded for it is refused, naming the option
  auto p = run(file_with(R"({"mode": "rubicon"})"_json,
                         [&] {
                           json h = six;
                           h[5]["pique"] = "elder";
                           return h;
                         }(),
                         "A"));
  if (!p.ok) CHECK(first_error(p).field == "pique");
  // concession_pique = true: the older reading, 23 + 13 >= 30 gives the pique: 46 + 30
  auto old = run(file_with(R"({"mode": "rubicon", "concession_pique": true})"_json, six, "A"));
  REQUIRE(old.ok);
  CHECK(delta(old, 6, "A") == 76);
  // ... but not when the elder's hand and the 13 stay below 30 (point only: 5 + 13 = 18)
  json small = with(conceded, R"({"sequences": {"winner": "none"}, "sets": {"winner": "none"}})"_json);
  json six_small = five;
  six_small.push_back(small);
  auto s = run(file_with(R"({"mode": "rubicon", "concession_pique": true})"_json, six_small, "A"));
  REQUIRE(s.ok);
  CHECK(delta(s, 6, "A") == 5 + 13 + 10);
  // a deal that is played is unaffected by the option
  json played = five;
  played.push_back(p1());
  auto a = run(file_with(R"({"mode": "rubicon"})"_json, played, "A"));
  auto b = run(file_with(R"({"mode": "rubicon", "concession_pique": true})"_json, played, "A"));
  REQUIRE(a.ok);
  REQUIRE(b.ok);
  CHECK(a.score["hands"][5]["deltas"] == b.score["hands"][5]["deltas"]);
}

TEST_CASE("piquet: set-up errors name the set-up field", "[piquet]") {
  const auto& g = *find_game("piquet");
  auto field_of = [&](json setup) {
    Diagnostics d;
    auto s = g.start(setup, d);
    CHECK_FALSE(s);
    REQUIRE(d.has_errors());
    return d.errors().front().field;
  };
  CHECK(field_of(R"({"players": ["A", "B", "C"], "first_dealer": "A"})"_json) == "players");
  CHECK(field_of(R"({"players": ["A", "A"], "first_dealer": "A"})"_json) == "players");
  CHECK(field_of(R"({"players": ["A", "B"]})"_json) == "first_dealer");
  CHECK(field_of(R"({"players": ["A", "B"], "first_dealer": "Z"})"_json) == "first_dealer");
  CHECK(field_of(R"({"players": ["A", "B"], "first_dealer": "A", "options": {"mode": "chouette"}})"_json) ==
        "options.mode");
  CHECK(field_of(R"({"players": ["A", "B"], "first_dealer": "A", "options": {"colour": 1}})"_json) == "options.colour");
  CHECK(field_of(R"({"players": ["A", "B"], "first_dealer": "A", "start": {"totals": {"A": 120}}})"_json) ==
        "start.totals");
  Diagnostics d;
  auto s = g.start(R"({"players": ["A", "B"], "first_dealer": "A", "options": {"mode": "chouette"}})"_json, d);
  CHECK(d.errors().front().message.find("classic, rubicon") != std::string::npos);
}

TEST_CASE("piquet: resuming a paper game with start", "[piquet]") {
  auto r = run(file_with(R"({"mode": "rubicon"})"_json, {totals(10, 20), totals(30, 5)}, "A",
                         R"({"start": {"totals": {"A": 150, "B": 80}, "deals": 4}})"_json));
  REQUIRE(r.ok);
  CHECK(r.score["finished"] == true);
  CHECK(r.score["totals"]["A"] == 190);
  CHECK(r.score["result"]["game_score"] == 190 - 105 + 100);
  CHECK(r.score["result"]["rubiconed"] == false);
}

TEST_CASE("piquet: record_from_args maps the hand syntax to the record", "[piquet]") {
  const auto& g = *find_game("piquet");
  Diagnostics sd;
  auto game = g.start(R"({"players": ["Ann", "Ben"], "first_dealer": "Ben"})"_json, sd);
  REQUIRE(game);
  Diagnostics d;
  json rec = g.record_from_args({{"elder", "Ann"},
                                 {"point", "Ann:5:49"},
                                 {"seq", "Ann:quart:major,tierce:minor"},
                                 {"sets", "Ben:quatorze:10,trio:Q"},
                                 {"tricks", "Ann:7"},
                                 {"play", "Ann:9,Ben:6"},
                                 {"check", "Ann:31,Ben:23"}},
                                *game, d);
  REQUIRE_FALSE(d.has_errors());
  CHECK(rec["dealer"] == "Ben");
  CHECK(rec["point"] == json(R"({"winner": "elder", "cards": 5, "pips": 49})"_json));
  CHECK(rec["sequences"]["winner"] == "elder");
  CHECK(rec["sequences"]["scored"][0] == json(R"({"length": 4, "top": "A"})"_json));
  CHECK(rec["sequences"]["scored"][1] == json(R"({"length": 3, "top": "9"})"_json));
  CHECK(rec["sets"]["winner"] == "younger");
  CHECK(rec["sets"]["scored"][1] == json(R"({"rank": "Q", "count": 3})"_json));
  CHECK(rec["tricks"] == json(R"({"elder": 7, "younger": 5})"_json));
  CHECK(rec["play_points"] == json(R"({"elder": 9, "younger": 6})"_json));
  CHECK(rec["check_totals"] == json(R"({"elder": 31, "younger": 23})"_json));
  CHECK_FALSE(rec.contains("pique"));

  Diagnostics d2;
  json t = g.record_from_args({{"totals", "Ann:27,Ben:13"}}, *game, d2);
  REQUIRE_FALSE(d2.has_errors());
  CHECK(t == json(R"({"entry": "totals", "totals": {"Ann": 27, "Ben": 13}})"_json));

  Diagnostics d3;
  json e = g.record_from_args(
      {{"point", "equal:4:38"}, {"seq", "none"}, {"sets", "younger:trio:A"}, {"carte", "Ann"}, {"pique", "no"}}, *game,
      d3);
  REQUIRE_FALSE(d3.has_errors());
  CHECK(e["point"]["winner"] == "equal");
  CHECK(e["sequences"]["winner"] == "none");
  CHECK(e["carte_blanche"] == "elder");  // Ben deals, so Ann is elder
  CHECK(e["pique"] == false);

  Diagnostics d4;
  g.record_from_args({{"pionts", "3"}}, *game, d4);
  REQUIRE(d4.has_errors());
  CHECK(d4.errors()[0].field == "pionts");
  CHECK(d4.errors()[0].message.find("tricks") != std::string::npos);

  Diagnostics d5;
  g.record_from_args({{"point", "Zoe:5"}}, *game, d5);
  REQUIRE(d5.has_errors());
  CHECK(d5.errors()[0].field == "point");
}

TEST_CASE("piquet: setup_from_args takes elder=, mode= and start.*", "[piquet]") {
  const auto& g = *find_game("piquet");
  Diagnostics d;
  json s = g.setup_from_args({{"players", "Ann,Ben"},
                              {"elder", "Ann"},
                              {"mode", "rubicon"},
                              {"start.totals", "Ann:40,Ben:25"},
                              {"start.deals", "3"}},
                             d);
  REQUIRE_FALSE(d.has_errors());
  CHECK(s["first_dealer"] == "Ben");
  CHECK(s["options"]["mode"] == "rubicon");
  CHECK(s["start"]["totals"]["Ann"] == 40);
  CHECK(s["start"]["deals"] == 3);
  Diagnostics d2;
  CHECK(g.start(s, d2));
}

TEST_CASE("piquet: a whole rubicon partie from combination records, with the sheet", "[piquet]") {
  json hands = json::array();
  hands.push_back(with(p1(), R"({"dealer": "A"})"_json));  // A deals: B elder
  hands.push_back(p1());                                   // B deals: A elder
  hands.push_back(R"({"redeal": true})"_json);
  hands.push_back(with(p1(), R"({"dealer": "A"})"_json));
  hands.push_back(totals(30, 12));
  hands.push_back(with(p1(), R"({"dealer": "A"})"_json));
  hands.push_back(totals(6, 40));
  auto r = run(file_with(R"({"mode": "rubicon"})"_json, hands, "A"));
  REQUIRE(r.ok);
  CHECK(r.score["finished"] == true);
  // A: 23 + 28 + 23 + 30 + 23 + 6 = 133; B: 28 + 23 + 28 + 12 + 28 + 40 = 159
  CHECK(r.score["totals"]["A"] == 133);
  CHECK(r.score["totals"]["B"] == 159);
  CHECK(r.score["result"]["winner"] == "B");
  CHECK(r.score["result"]["game_score"] == 159 - 133 + 100);
  json file = file_with(R"({"mode": "rubicon"})"_json, hands, "A");
  std::string sheet = marque::reports::sheet_text(find_game("piquet")->score_sheet(file, r.score));
  CHECK(sheet.find("Rubicon") != std::string::npos);
  CHECK(sheet.find("redeal") != std::string::npos);
  CHECK(sheet.find("crossed the Rubicon") != std::string::npos);
  CHECK(sheet.find("B wins 126") != std::string::npos);
}

TEST_CASE("piquet: classic sheet marks the deciding category", "[piquet]") {
  json rec = with(p1(), R"({"tricks": null, "play_points": null})"_json);
  json file = file_with(R"({"mode": "classic"})"_json, {totals(18, 41), totals(36, 12), totals(38, 32), rec}, "A");
  auto r = run(file);
  REQUIRE(r.ok);
  std::string sheet = marque::reports::sheet_text(find_game("piquet")->score_sheet(file, r.score));
  CHECK(sheet.find("A 101 in sequences") != std::string::npos);
  CHECK(sheet.find("A wins the game 101 to 85") != std::string::npos);
}

// issue 31: the game is typed (Game::play_hand): P-1's 28 and
// 23 as Amounts by player in set-up order, the dealer after the breakdown.
TEST_CASE("piquet: a deal played typed", "[piquet][typed]") {
  Diagnostics d;
  auto game = find_game("piquet")->start(file_with(json::object(), json::array())["setup"], d);
  REQUIRE(game);
  auto h = game->play_hand(p1(), d);
  REQUIRE(h);
  CHECK_FALSE(d.has_errors());
  CHECK(h->deltas == std::vector<Amount>{Amount::whole(28), Amount::whole(23)});
  CHECK(game->standing() == h->deltas);
  CHECK(h->tail["dealer"] == "B");
  CHECK(h->breakdown["entry"] == "detail");
}

}  // namespace unit_test_piquet
