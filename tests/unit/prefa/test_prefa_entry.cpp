// Prefa guided entry (prefa_entry.cpp): the questions of each kind of hand, driven with typed answers the way the
// terminal reads them, then scored through rules::try_answers with the spec's worked examples.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "rules/engine.hpp"
#include "support/game_test.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_prefa_entry {

using namespace marque;
using namespace marque::rules;

namespace {

const GameRules& prefa() { return *find_game("prefa"); }

json game_of(json players, const std::string& dealer, json options = json::object(), json start = nullptr) {
  json setup = {{"players", players}, {"initial_pool", 31}, {"first_dealer", dealer}, {"options", options}};
  if (!start.is_null()) setup["start"] = start;
  return {{"format", "marque-game/1"}, {"game", "prefa"}, {"setup", setup}, {"hands", json::array()}};
}
json abc(const std::string& dealer, json options = json::object()) {
  return game_of(R"(["A", "B", "C"])"_json, dealer, options);
}

struct Drive {
  std::vector<Question> asked;
  Answers answers;
  std::vector<std::string> keys() const {
    std::vector<std::string> k;
    for (const auto& q : asked) k.push_back(q.key);
    return k;
  }
  const Question& q(const std::string& key) const {
    for (const auto& x : asked)
      if (x.key == key) return x;
    FAIL("not asked: " + key);
    return asked.front();
  }
};

// Answers every question with the next typed answer (read as the terminal reads it) until none is left.
Drive drive(const json& file, const marque::test::Strings& typed, Answers given = {}) {
  Replay r = replay(file);
  REQUIRE(r.ok);
  Drive d;
  d.answers = std::move(given);
  size_t i = 0;
  while (auto q = prefa().next_question(*r.state, d.answers)) {
    INFO("question " << q->key);
    REQUIRE(i < typed.size());
    Reading rd = read_answer(*q, typed[i++]);
    REQUIRE(rd.error == "");
    d.asked.push_back(*q);
    d.answers.emplace_back(q->key, rd.value);
  }
  CHECK(i == typed.size());
  return d;
}

ojson scored(const json& file, const Answers& answers) { return test::entry_of(prefa(), file, answers); }

using marque::test::values;

using Keys = marque::test::Strings;

}  // namespace

TEST_CASE("prefa entry: a contract, both defenders play (E1)", "[prefa][entry]") {
  json file = abc("A");
  Drive d = drive(file, {"", "B", "6H", "play", "play", "6", "3", ""});
  CHECK(d.keys() == Keys{"type", "declarer", "contract", "calls.C", "calls.A", "tricks.B", "tricks.C", "tricks.A"});
  CHECK(d.q("type").preset == "contract");
  CHECK(values(d.q("type")) == Keys{"contract", "all_pass"});  // no variant types without their options
  CHECK(values(d.q("declarer")) == Keys{"A", "B", "C"});
  const Question& c = d.q("contract");
  REQUIRE(c.choices.size() == 24);  // 6S..10H, no 10NT
  CHECK(c.choices.front().value == "6S");
  CHECK(c.choices.front().label == "6♠");
  CHECK(c.choices[3].label == "6♥");
  CHECK(c.choices.back().value == "10H");
  CHECK(d.q("calls.C").text.find("right defender") != std::string::npos);
  CHECK(d.q("calls.C").fields == Keys{"calls"});
  CHECK(d.q("tricks.B").preset.empty());
  CHECK(*d.q("tricks.C").max == 4);      // what is left after the declarer's 6
  CHECK(d.q("tricks.A").preset == "1");  // the complement: 10 - 6 - 3
  CHECK(d.q("tricks.A").fields == Keys{"tricks"});

  Replay r = replay(file);
  Words w = prefa().entry_words(*r.state, d.answers);
  CHECK(w == Words{{"type", "contract"},
                   {"declarer", "B"},
                   {"contract", "6H"},
                   {"calls", "C:play,A:play"},
                   {"tricks", "B:6,C:3,A:1"}});
  ojson e = scored(file, d.answers);
  CHECK(e["deltas"]["A"].get<double>() == Approx(-35.0 / 3));
  CHECK(e["deltas"]["B"].get<double>() == Approx(40.0 / 3));
  CHECK(e["deltas"]["C"].get<double>() == Approx(-5.0 / 3));
  CHECK(e["pools"]["B"] == 26);
}

TEST_CASE("prefa entry: declarer down one (E2, the auction is not asked)", "[prefa][entry]") {
  json file = abc("A");
  Drive d = drive(file, {"contract", "2", "7H", "1", "1", "6", "3", ""});
  CHECK(d.keys() == Keys{"type", "declarer", "contract", "calls.C", "calls.A", "tricks.B", "tricks.C", "tricks.A"});
  ojson e = scored(file, d.answers);
  CHECK(e["deltas"]["A"].get<double>() == Approx(91.0 / 3));
  CHECK(e["deltas"]["B"].get<double>() == Approx(-224.0 / 3));
  CHECK(e["deltas"]["C"].get<double>() == Approx(133.0 / 3));
}

TEST_CASE("prefa entry: one defender plays alone (E6a): only the two who played give tricks", "[prefa][entry]") {
  json file = abc("B");
  Drive d = drive(file, {"", "C", "7S", "pass", "play", "", "9", ""});
  CHECK(d.keys() == Keys{"type", "declarer", "contract", "calls.A", "calls.B", "along", "tricks.C", "tricks.B"});
  const Question& along = d.q("along");
  CHECK(along.preset == "none");
  CHECK(values(along) == Keys{"none", "B"});  // no re-declaring without the option
  CHECK(along.choices[0].label == "B plays alone");
  CHECK(along.choices[1].label == "B takes A along");
  CHECK(d.q("tricks.B").preset == "1");
  ojson e = scored(file, d.answers);
  CHECK(e["deltas"]["A"] == 0);
  CHECK(e["breakdown"]["cash_delta"]["B"] == -63);
  CHECK(e["breakdown"]["cash_delta"]["C"] == 63);
  CHECK(e["breakdown"]["mode"] == "alone");
}

TEST_CASE("prefa entry: taking along (E7): the declarer, then the taker with the taken-along defender's tricks",
          "[prefa][entry]") {
  // issue 29: the taken-along defender's tricks are not asked, they count as his taker's (spec W-T7)
  json file = abc("C");
  Drive d = drive(file, {"", "A", "6H", "pass", "play", "C", "6", ""});
  CHECK(d.keys() == Keys{"type", "declarer", "contract", "calls.B", "calls.C", "along", "tricks.A", "tricks.C"});
  CHECK(d.q("tricks.C").text == "How many tricks did C with B (taken along: his tricks count as C's) take?");
  CHECK(d.q("tricks.C").preset == "4");
  CHECK(prefa().entry_words(*replay(file).state, d.answers).back() ==
        std::pair<std::string, std::string>{"tricks", "A:6,C:4"});
  CHECK(try_answers(prefa(), file, d.answers).warnings.empty());  // nothing recorded for B: no W-T7 note
  ojson e = scored(file, d.answers);
  CHECK(e["deltas"]["A"].get<double>() == Approx(40.0 / 3));
  CHECK(e["deltas"]["B"].get<double>() == Approx(-50.0 / 3));
  CHECK(e["deltas"]["C"].get<double>() == Approx(10.0 / 3));
}

TEST_CASE(
    "prefa entry: the calls per defender and the take-along as pickers, the legal choices only; the record is the "
    "one-line entry's",
    "[prefa][entry][list]") {
  // issue 32: each defender's call is a choice, then who takes whom along: the defender who plays or nobody (not
  // the passer, nor the declarer); re-declaring only with its option (the test below)
  json file = abc("A");
  Drive d = drive(file, {"", "B", "7H", "play", "pass", "C", "7", ""});
  CHECK(d.keys() == Keys{"type", "declarer", "contract", "calls.C", "calls.A", "along", "tricks.B", "tricks.C"});
  CHECK(values(d.q("calls.C")) == Keys{"play", "pass"});
  CHECK(values(d.q("calls.A")) == Keys{"play", "pass"});
  CHECK(values(d.q("along")) == Keys{"none", "C"});
  CHECK(d.q("along").preset == "none");
  Diagnostics diags;
  const json one_line = prefa().record_from_args(
      {{"declarer", "B"}, {"contract", "7H"}, {"calls", "C:play,A:pass"}, {"along", "C"}, {"tricks", "B:7,C:3"}},
      *replay(file).state, diags);
  CHECK(!diags.has_errors());
  Trial t = try_answers(prefa(), file, d.answers);
  CHECK(t.errors.empty());
  CHECK(t.record == one_line);
  // both play: no take-along asked
  Drive both = drive(file, {"", "B", "7H", "play", "play", "6", "2", ""});
  CHECK(both.keys() == Keys{"type", "declarer", "contract", "calls.C", "calls.A", "tricks.B", "tricks.C", "tricks.A"});
}

TEST_CASE("prefa entry: re-declaring the take-along is offered with its option", "[prefa][entry]") {
  json file = abc("B", R"({"redeclare_take_along": "on"})"_json);
  Drive d = drive(file, {"", "C", "6S", "pass", "play", "A", "6", ""});
  CHECK(d.keys().back() == "tricks.A");  // B's tricks are A's
  CHECK(values(d.q("along")) == Keys{"none", "B", "A"});
  ojson e = scored(file, d.answers);
  CHECK(e["breakdown"]["taker"] == "A");
  CHECK(e["breakdown"]["mode"] == "along");
}

TEST_CASE("prefa entry: both defenders pass (E8): no tricks asked", "[prefa][entry]") {
  json file = game_of(R"(["A", "B", "C"])"_json, "A", json::object(),
                      R"({"pools": {"A": 12, "B": 3, "C": 20}, "dealer": "A", "hands_played": 6})"_json);
  Drive d = drive(file, {"", "B", "6NT", "pass", "pass"});
  CHECK(d.keys() == Keys{"type", "declarer", "contract", "calls.C", "calls.A"});
  ojson e = scored(file, d.answers);
  CHECK(e["deltas"]["A"] == -20);
  CHECK(e["deltas"]["B"] == 40);
  CHECK(e["deltas"]["C"] == -20);
  CHECK(e["pools"]["C"] == 17);
}

TEST_CASE("prefa entry: ten tricks: no declarations (and with target 1, they are asked)", "[prefa][entry]") {
  json file = abc("C");
  Drive d = drive(file, {"", "A", "10D", "10", "0", ""});
  CHECK(d.keys() == Keys{"type", "declarer", "contract", "tricks.A", "tricks.B", "tricks.C"});
  CHECK(d.q("tricks.C").preset == "0");
  CHECK(scored(file, d.answers)["pools"]["A"] == 21);

  json t1 = abc("C", R"({"ten_level_defence_target": 1, "ten_no_trumps": "value_11"})"_json);
  Drive d1 = drive(t1, {"", "A", "10NT", "play", "play", "10", "0", ""});
  CHECK(d1.keys() == Keys{"type", "declarer", "contract", "calls.B", "calls.C", "tricks.A", "tricks.B", "tricks.C"});
  CHECK(d1.q("contract").choices.back().value == "10NT");
  CHECK(scored(t1, d1.answers)["breakdown"]["gv"] == 11);
}

TEST_CASE("prefa entry: all pass, polles (E11), withdrawn, conceded", "[prefa][entry]") {
  json file = abc("A");
  Drive d = drive(file, {"all_pass"});
  CHECK(d.keys() == Keys{"type"});
  CHECK(scored(file, d.answers)["breakdown"]["outcome"] == "all_pass");

  json polles = abc("A", R"({"all_pass": "polles"})"_json);
  Drive p = drive(polles, {"polles", "3", "2", ""});
  CHECK(values(p.q("type")) == Keys{"contract", "polles"});
  CHECK(p.keys() == Keys{"type", "tricks.B", "tricks.C", "tricks.A"});  // from 1st hand, the dealer's right
  CHECK(p.q("tricks.A").preset == "5");
  ojson e = scored(polles, p.answers);
  CHECK(e["deltas"]["A"].get<double>() == Approx(-50.0 / 3));
  CHECK(e["deltas"]["B"].get<double>() == Approx(10.0 / 3));
  CHECK(e["deltas"]["C"].get<double>() == Approx(40.0 / 3));

  json variants = abc("A", R"({"provisional_entry": "on", "concession": "on"})"_json);
  Drive w = drive(variants, {"withdrawn", "B"});
  CHECK(values(w.q("type")) == Keys{"contract", "all_pass", "withdrawn", "conceded"});
  CHECK(w.keys() == Keys{"type", "declarer"});
  ojson we = scored(variants, w.answers);
  CHECK(we["breakdown"]["outcome"] == "withdrawn");
  CHECK(we["pools"]["B"] == 33);

  Drive c = drive(variants, {"conceded", "B", "7S"});
  CHECK(c.keys() == Keys{"type", "declarer", "contract"});
  ojson ce = scored(variants, c.answers);
  CHECK(ce["breakdown"]["outcome"] == "conceded");
  CHECK(ce["pools"]["B"] == 45);  // down 2, doubled: 31 + 2 x 7
}

TEST_CASE("prefa entry: four players (E9): the dealer sits out and cannot declare", "[prefa][entry]") {
  json file = game_of(R"(["A", "B", "C", "D"])"_json, "D");
  Drive d = drive(file, {"", "A", "7C", "play", "play", "6", "2", ""});
  CHECK(values(d.q("declarer")) == Keys{"A", "B", "C"});
  CHECK(d.keys() == Keys{"type", "declarer", "contract", "calls.B", "calls.C", "tricks.A", "tricks.B", "tricks.C"});
  ojson e = scored(file, d.answers);
  CHECK(e["deltas"]["A"].get<double>() == Approx(-105.5));
  CHECK(e["deltas"]["B"].get<double>() == Approx(31.5));
  CHECK(e["deltas"]["D"].get<double>() == Approx(42.5));
}

TEST_CASE("prefa entry: four aces and the 7 of diamonds only with their options", "[prefa][entry]") {
  json file = abc("A", R"({"four_aces": "bonus", "first_hand_seven_of_diamonds": "on"})"_json);
  Drive d = drive(file, {"C", "", "B", "7S", "", "play", "play", "7", "2", ""});
  CHECK(d.keys() == Keys{"first_bidder", "type", "declarer", "contract", "four_aces", "calls.C", "calls.A", "tricks.B",
                         "tricks.C", "tricks.A"});
  CHECK(d.q("four_aces").preset == "no");
  CHECK(scored(file, d.answers)["hand"] == 1);
  Drive yes = drive(file, {"C", "", "B", "7S", "y", "play", "play", "7", "2", ""});
  ojson e = scored(file, yes.answers);
  CHECK(e["breakdown"]["four_aces"] == true);
  CHECK(e["breakdown"]["cash_delta"]["B"] == 100 - 21);  // 50 from each other player, 3 x 7 paid to the defenders
}

TEST_CASE("prefa entry: going back re-asks the question; words typed on the command line are not asked",
          "[prefa][entry]") {
  json file = abc("A");
  Replay r = replay(file);
  Drive d = drive(file, {"", "B", "6H", "play", "play", "6", "3", ""});
  Answers a = d.answers;
  while (!a.empty()) {
    std::string last = a.back().first;
    a.pop_back();
    auto q = prefa().next_question(*r.state, a);
    REQUIRE(q.has_value());
    CHECK(q->key == last);
  }
  // tricks are joined only once every player who played has answered
  Answers partial(d.answers.begin(), d.answers.end() - 1);
  for (const auto& [k, v] : prefa().entry_words(*r.state, partial)) CHECK(k != "tricks");

  Drive typed = drive(file, {"pass", "play", "", "7", ""}, {{"declarer", "b"}, {"contract", "7h"}});
  CHECK(typed.keys() == Keys{"calls.C", "calls.A", "along", "tricks.B", "tricks.A"});
  CHECK(typed.q("tricks.A").preset == "3");
  CHECK(scored(file, typed.answers)["breakdown"]["mode"] == "alone");
  Drive whole = drive(file, {},
                      {{"declarer", "B"}, {"contract", "6H"}, {"calls", "C:play,A:play"}, {"tricks", "B:6,C:3,A:1"}});
  CHECK(whole.asked.empty());
}

TEST_CASE("prefa entry: at ten tricks each defender is preset to the declarer's complement", "[prefa][entry]") {
  // issue 29: Enter after the declarer's count gives the defenders what is left of the ten
  json file = abc("C");
  Drive d = drive(file, {"", "A", "10D", "8", "", ""});
  CHECK(d.keys() == Keys{"type", "declarer", "contract", "tricks.A", "tricks.B", "tricks.C"});
  CHECK(d.q("tricks.B").preset == "2");
  CHECK(d.q("tricks.C").preset == "0");
  const ojson tricks = scored(file, d.answers)["breakdown"]["tricks"];
  CHECK((tricks["A"] == 8 && tricks["B"] == 2 && tricks["C"] == 0));
  // below ten only the last count is preset
  Drive seven = drive(file, {"", "A", "7S", "play", "play", "7", "2", ""});
  CHECK(seven.q("tricks.B").preset == "");
  CHECK(seven.q("tricks.C").preset == "1");
}

TEST_CASE("prefa one-line words: the tricks of the players who played are completed where the others' decide them",
          "[prefa][entry]") {
  json file = game_of(R"(["Νίκος", "Ελένη", "Γιώργος"])"_json, "Γιώργος");
  auto trial = [&](const std::string& contract, const std::string& tricks, Answers more = {}) {
    Answers a = {{"declarer", "Νίκος"}, {"contract", contract}};
    a.insert(a.end(), more.begin(), more.end());
    a.emplace_back("tricks", tricks);
    return try_answers(prefa(), file, a);
  };
  // 10D made: the defenders took nothing
  Trial t = trial("10D", "Νίκος:10");
  CHECK(t.errors.empty());
  CHECK(t.record["tricks"] == json{{"Νίκος", 10}, {"Ελένη", 0}, {"Γιώργος", 0}});
  // one count missing: the rest of the ten
  t = trial("7H", "Νίκος:7,Ελένη:2", {{"calls", "Ελένη:play,Γιώργος:play"}});
  CHECK(t.errors.empty());
  CHECK(t.record["tricks"]["Γιώργος"] == 1);
  // two missing and tricks left for them: says exactly what to add
  t = trial("10D", "Νίκος:9");
  REQUIRE(t.errors.size() == 1);
  CHECK(t.errors[0].field == "tricks");
  CHECK(
      t.errors[0].message ==
      "tricks missing for Ελένη, Γιώργος, who played: add Ελένη:N,Γιώργος:N to tricks, together 1 (10 less the 9 given)");
}

}  // namespace unit_test_prefa_entry
