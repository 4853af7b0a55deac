// French Tarot guided entry (rules/entry.hpp): the questions of every kind of deal, driven with typed answers the
// way the terminal reads them, and the hands they make scored with the spec's worked examples (tarot §8).
#include <catch2/catch.hpp>

#include <algorithm>

#include "rules/engine.hpp"
#include "rules/entry.hpp"
#include "support/game_test.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_tarot_entry {

using namespace marque;
using namespace marque::rules;

namespace {

const GameRules& tarot() { return *find_game("tarot"); }

json players_of(int n) {
  json p = json::array({"Ann", "Ben", "Cat", "Dan", "Eve"});
  p.erase(p.begin() + n, p.end());
  return p;
}

json game(int n, json options = json::object(), const std::string& first_dealer = "Ann", json hands = json::array()) {
  return {{"format", "marque-game/1"},
          {"game", "tarot"},
          {"setup", {{"players", players_of(n)}, {"first_dealer", first_dealer}, {"options", options}}},
          {"hands", hands}};
}

struct Session {
  std::vector<Question> asked;  // in order
  Answers answers;
  bool done = false;  // next_question returned nullopt after the last typed answer

  const Question& question(const std::string& key) const {
    for (const auto& q : asked)
      if (q.key == key) return q;
    FAIL("question " << key << " was not asked");
    return asked.front();
  }
  bool was_asked(const std::string& key) const {
    return std::any_of(asked.begin(), asked.end(), [&](const auto& q) { return q.key == key; });
  }
  std::vector<std::string> keys() const {
    std::vector<std::string> k;
    for (const auto& q : asked) k.push_back(q.key);
    return k;
  }
};

// Answers the questions one by one with `typed` (an empty string takes the preset), as the terminal does.
Session drive(const json& file, const marque::test::Strings& typed, Answers given = {}) {
  Session s;
  s.answers = std::move(given);
  auto before = replay(file);
  REQUIRE(before.ok);
  for (const auto& t : typed) {
    auto q = tarot().next_question(*before.state, s.answers);
    if (!q) FAIL("no question left for the answer '" << t << "'");
    s.asked.push_back(*q);
    auto r = read_answer(*q, t);
    INFO("question " << q->key << ", answer '" << t << "'");
    REQUIRE(r.error.empty());
    s.answers.emplace_back(q->key, r.value);
  }
  s.done = !tarot().next_question(*before.state, s.answers).has_value();
  return s;
}

Trial trial(const json& file, const Answers& answers) {
  auto t = try_answers(tarot(), file, answers);
  for (const auto& e : t.errors) UNSCOPED_INFO(e.text());
  return t;
}

json deltas(const json& file, const Answers& answers) {
  auto t = trial(file, answers);
  REQUIRE(t.entry.has_value());
  return json::parse((*t.entry)["deltas"].dump());
}

using marque::test::values;

std::string label(const Question& q, const std::string& value) {
  for (const auto& c : q.choices)
    if (c.value == value) return c.label;
  return "?";
}

using Keys = marque::test::Strings;
const Keys k_plain_hand = {"taker",         "contract", "oudlers", "points",
                           "petit_au_bout", "poignee",  "chelem",  "chelem_announced"};

}  // namespace

TEST_CASE("tarot entry: a 4-player prise (E1), the bonuses left at their presets", "[tarot][entry]") {
  const json f = game(4);
  auto s = drive(f, {"Ben", "prise", "2", "47", "", "", "", ""});
  CHECK(s.done);
  CHECK(s.keys() == k_plain_hand);
  // the taker: the players, or a redeal
  CHECK(values(s.question("taker").choices) == Keys{"Ann", "Ben", "Cat", "Dan", "redeal"});
  // the contract: the standard ladder with its multipliers
  const Question& contract = s.question("contract");
  CHECK(values(contract.choices) == Keys{"prise", "garde", "garde_sans", "garde_contre"});
  CHECK(label(contract, "garde") == "garde ×2");
  CHECK(label(contract, "garde_contre") == "garde contre ×6");
  CHECK(s.question("oudlers").min == 0);
  CHECK(s.question("oudlers").max == 3);
  CHECK(s.question("points").text.find("target 41") != std::string::npos);
  CHECK(s.question("points").max == 91);
  CHECK(s.question("petit_au_bout").preset == "none");
  CHECK(s.question("poignee").preset == "none");
  CHECK(s.question("chelem").preset == "none");
  CHECK(s.question("chelem_announced").preset == "no");
  auto d = deltas(f, s.answers);
  CHECK(d["Ben"] == 93);
  CHECK(d["Ann"] == -31);
  CHECK(d["Cat"] == -31);
  CHECK(d["Dan"] == -31);
  // no dealer question: the engine keeps the expected dealer
  CHECK_FALSE(s.was_asked("dealer"));
}

TEST_CASE("tarot entry: 5 players, a called king with a partner and a defender's poignée (E5)", "[tarot][entry]") {
  const json f = game(5);
  auto s = drive(f, {"Ben", "garde", "Dan", "2", "56.5", "", "Eve", "", "", ""});
  CHECK(s.done);
  CHECK(s.keys() == Keys{"taker", "contract", "partner", "oudlers", "points", "petit_au_bout", "poignee", "poignee.Eve",
                         "chelem", "chelem_announced"});
  // the partner: the other players, self (self_call is on by default) or none (the called card in the chien)
  CHECK(values(s.question("partner").choices) == Keys{"Ann", "Cat", "Dan", "Eve", "self", "none"});
  // 5p simple poignée: 8 trumps, the preset level
  CHECK(s.question("poignee.Eve").preset == "simple");
  CHECK(label(s.question("poignee.Eve"), "simple") == "8+ trumps, 20 points");
  CHECK(tarot().entry_words(*replay(f).state, s.answers) == Words{{"taker", "Ben"},
                                                                  {"contract", "garde"},
                                                                  {"partner", "Dan"},
                                                                  {"oudlers", "2"},
                                                                  {"points", "56.5"},
                                                                  {"petit_au_bout", "none"},
                                                                  {"chelem", "none"},
                                                                  {"chelem_announced", "no"},
                                                                  {"poignee", "Eve:simple"}});
  auto d = deltas(f, s.answers);
  CHECK(d["Ben"] == 204);
  CHECK(d["Dan"] == 102);
  CHECK(d["Ann"] == -102);
  CHECK(d["Cat"] == -102);
  CHECK(d["Eve"] == -102);
}

TEST_CASE("tarot entry: 5 players, the taker alone by a self-call or a called card in the chien", "[tarot][entry]") {
  const json f = game(5);
  auto self = drive(f, {"Ben", "prise", "self", "2", "47", "", "", "", ""});
  auto d = deltas(f, self.answers);
  CHECK(d["Ben"] == 124);  // S = 31, four defenders
  CHECK(d["Dan"] == -31);
  CHECK(trial(f, self.answers).record["partner"] == "Ben");
  auto chien = drive(f, {"Ben", "prise", "none", "2", "47", "", "", "", ""});
  CHECK(deltas(f, chien.answers)["Ben"] == 124);
  CHECK(trial(f, chien.answers).record["partner"].is_null());
  // self_call off: no self choice
  auto off = drive(game(5, {{"self_call", false}}), {"Ben", "prise"});
  auto before = replay(game(5, R"({"self_call": false})"_json));
  auto q = tarot().next_question(*before.state, off.answers);
  REQUIRE(q);
  CHECK(values(q->choices) == Keys{"Ann", "Cat", "Dan", "Eve", "none"});
}

TEST_CASE("tarot entry: garde sans with petit au bout and the taker's double poignée (E4)", "[tarot][entry]") {
  const json f = game(4, json::object(), "Cat");
  auto s = drive(f, {"Dan", "garde_s", "2", "62", "attack", "Dan", "double", "", ""});
  CHECK(s.done);
  CHECK(values(s.question("petit_au_bout").choices) == Keys{"none", "attack", "defence"});
  auto d = deltas(f, s.answers);
  CHECK(d["Dan"] == 792);
  CHECK(d["Ann"] == -264);
  // the fft poignée values
  const json fft = game(4, R"({"poignee_values": "fft"})"_json, "Cat");
  auto s2 = drive(fft, {"Dan", "garde_sans", "2", "62", "attack", "Dan", "double", "", ""});
  CHECK(label(s2.question("poignee.Dan"), "double") == "13+ trumps, 30 points");
  CHECK(deltas(fft, s2.answers)["Dan"] == 762);
}

TEST_CASE("tarot entry: petit au bout offers only the sides that can hold the petit", "[tarot][entry]") {
  auto none = drive(game(4), {"Ben", "prise", "0", "60", ""});
  CHECK(values(none.question("petit_au_bout").choices) == Keys{"none", "defence"});
  auto all = drive(game(4), {"Ben", "prise", "3", "40", ""});
  CHECK(values(all.question("petit_au_bout").choices) == Keys{"none", "attack"});
}

TEST_CASE("tarot entry: an announced chelem made, Excuse led last (E6)", "[tarot][entry]") {
  const json f = game(4, json::object(), "Ben");
  auto s = drive(f, {"Cat", "garde_sans", "3", "91", "attack", "", "attack", "y"});
  CHECK(s.done);
  auto d = deltas(f, s.answers);
  CHECK(d["Cat"] == 2280);
  CHECK(d["Ann"] == -760);
}

TEST_CASE("tarot entry: the petite/pousse ladder (E8)", "[tarot][entry]") {
  const json f = game(4, R"({"bid_ladder": "petite_pousse"})"_json, "Dan");
  auto s = drive(f, {"Ben", "pousse", "1", "58", "", "", "", ""});
  CHECK(values(s.question("contract").choices) == Keys{"petite", "pousse", "garde", "garde_sans", "garde_contre"});
  CHECK(label(s.question("contract"), "pousse") == "pousse ×1");
  auto d = deltas(f, s.answers);
  CHECK(d["Ben"] == 96);
  CHECK(d["Ann"] == -32);
}

TEST_CASE("tarot entry: 5 at the table with the dealer sitting out (E9)", "[tarot][entry]") {
  const json f = game(5, R"({"five_player_mode": "dealer_sits_out"})"_json, "Eve");
  auto s = drive(f, {"Ann", "garde", "2", "45", "", "Ben", "", "", ""});
  CHECK(s.done);
  // only the four active players can take or show a poignée; no partner
  CHECK(values(s.question("taker").choices) == Keys{"Ann", "Ben", "Cat", "Dan", "redeal"});
  CHECK(values(s.question("poignee").choices) == Keys{"Ann", "Ben", "Cat", "Dan", "none"});
  CHECK_FALSE(s.was_asked("partner"));
  CHECK(label(s.question("poignee.Ben"), "simple") == "10+ trumps, 20 points");
  auto d = deltas(f, s.answers);
  CHECK(d["Ann"] == 234);
  CHECK(d["Ben"] == -78);
  CHECK(d["Eve"] == 0);
}

TEST_CASE("tarot entry: 3 players, half points (E3)", "[tarot][entry]") {
  const json f = game(3);
  auto s = drive(f, {"Ben", "prise", "2", "40.5", "", "", "", ""});
  CHECK(s.question("points").help.find("40.5") != std::string::npos);
  auto d = deltas(f, s.answers);
  CHECK(d["Ben"] == -52);
  CHECK(d["Ann"] == 26);
}

TEST_CASE("tarot entry: redeals from the taker question", "[tarot][entry]") {
  const json f = game(4);
  // all passed: the preset reason, nobody to name
  auto pass = drive(f, {"redeal", ""});
  CHECK(pass.done);
  CHECK(pass.keys() == Keys{"taker", "reason"});
  CHECK(pass.question("reason").preset == "all_pass");
  CHECK(values(pass.question("reason").choices) ==
        Keys{"all_pass", "petit_sec", "no_trumps", "few_honours", "misdeal", "other"});
  auto t = trial(f, pass.answers);
  REQUIRE(t.entry);
  CHECK(t.record == json{{"type", "redeal"}, {"reason", "all_pass"}});
  CHECK((*t.entry)["deltas"]["Ann"] == 0);
  // petit sec: who declared it
  auto sec = drive(f, {"5", "petit_sec", "Cat"});
  CHECK(sec.done);
  CHECK(sec.keys() == Keys{"taker", "reason", "player"});
  CHECK(trial(f, sec.answers).record == json{{"type", "redeal"}, {"reason", "petit_sec"}, {"player", "Cat"}});
  // a misdeal: the same dealer deals again
  auto mis = drive(f, {"redeal", "misdeal"});
  CHECK(mis.done);
  CHECK((*trial(f, mis.answers).entry)["dealer"] == "Ann");
  // a redeal asks no contract nor bonus
  for (const auto& k : {"contract", "oudlers", "points", "petit_au_bout", "poignee", "chelem"})
    CHECK_FALSE(sec.was_asked(k));
  // dealer_sits_out: the mort cannot declare
  auto sit = drive(game(5, {{"five_player_mode", "dealer_sits_out"}}, "Eve"), {"redeal", "petit_sec", "Ann"});
  CHECK(values(sit.question("player").choices) == Keys{"Ann", "Ben", "Cat", "Dan"});
}

TEST_CASE("tarot entry: variant questions only when the variant is on", "[tarot][entry]") {
  // off: neither misère nor petite chelem is asked
  auto off = drive(game(4), {"Ben", "prise", "2", "47", "", "", "", ""});
  CHECK(off.done);
  CHECK_FALSE(off.was_asked("misere"));
  CHECK_FALSE(off.was_asked("petite_chelem_announced"));
  CHECK_FALSE(off.was_asked("attack_tricks"));
  // misère on (combined, personal): Ann's misère, 10 from each other player
  const json mis = game(4, R"({"misere": "on"})"_json);
  auto m = drive(mis, {"Ben", "prise", "2", "47", "", "", "", "", "Ann"});
  CHECK(m.done);
  CHECK(m.question("misere").preset == "none");
  CHECK_FALSE(m.was_asked("misere.Ann"));
  auto d = deltas(mis, m.answers);
  CHECK(d["Ann"] == -31 + 30);
  CHECK(d["Ben"] == 93 - 10);
  // misere_kinds separate: which kind; both = two misères
  const json sep = game(4, R"({"misere": "on", "misere_kinds": "separate"})"_json);
  auto m2 = drive(sep, {"Ben", "prise", "2", "47", "", "", "", "", "Ann", "both"});
  CHECK(m2.done);
  CHECK(values(m2.question("misere.Ann").choices) == Keys{"trumps", "faces", "both"});
  CHECK(trial(sep, m2.answers).record["miseres"] ==
        json::parse(R"([{"player":"Ann","kind":"trumps"},{"player":"Ann","kind":"faces"}])"));
  CHECK(deltas(sep, m2.answers)["Ann"] == -31 + 60);
  // petite chelem on: announced? then the attack's tricks (15 of 18 with 4 players)
  const json pc = game(4, R"({"petite_chelem": "on"})"_json);
  auto p = drive(pc, {"Ben", "garde", "3", "80", "", "", "", "", "y", "16"});
  CHECK(p.done);
  CHECK(p.keys().back() == "attack_tricks");
  CHECK_FALSE(p.question("attack_tricks").optional);  // announced: the tricks are needed
  CHECK(p.question("attack_tricks").max == 18);
  auto t = trial(pc, p.answers);
  REQUIRE(t.entry);
  CHECK((*t.entry)["breakdown"]["slam_part"] == 300);
  // not announced: the tricks may be left out
  auto p2 = drive(pc, {"Ben", "garde", "3", "80", "", "", "", "", "", ""});
  CHECK(p2.done);
  CHECK(p2.question("attack_tricks").optional);
  // after a chelem the tricks are all (or none): not asked
  auto p3 = drive(pc, {"Ben", "garde", "3", "91", "", "", "attack", "", ""});
  CHECK(p3.done);
  CHECK_FALSE(p3.was_asked("attack_tricks"));
  // a chelem announced: no petite chelem announcement
  auto p4 = drive(pc, {"Ben", "garde", "3", "91", "", "", "attack", "y"});
  CHECK(p4.done);
  CHECK_FALSE(p4.was_asked("petite_chelem_announced"));
}

TEST_CASE("tarot entry: removing the last answer asks that question again", "[tarot][entry]") {
  const json f = game(5);
  auto before = replay(f);
  auto s = drive(f, {"Ben", "garde", "Dan", "2", "56.5", "", "Eve", "simple", "", ""});
  Answers a = s.answers;
  while (!a.empty()) {
    const std::string key = a.back().first;
    a.pop_back();
    auto q = tarot().next_question(*before.state, a);
    REQUIRE(q);
    CHECK(q->key == key);
  }
}

TEST_CASE("tarot entry: the engine's errors come back to the question that caused them", "[tarot][entry]") {
  const json f = game(4);
  auto before = replay(f);
  auto s = drive(f, {"Ben", "garde", "2"});
  auto q = tarot().next_question(*before.state, s.answers);
  REQUIRE(q);
  REQUIRE(q->key == "points");
  // 4 players: no half point outside a chelem
  Answers a = s.answers;
  a.emplace_back("points", read_answer(*q, "47.5").value);
  auto errors = errors_for(*q, trial(f, a).errors);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].code == "E_HALF_POINT_4P");
  // a chelem of the attack with too few points: shown at the chelem question
  auto c = drive(f, {"Ben", "garde", "3", "80", "", ""});
  auto cq = tarot().next_question(*before.state, c.answers);
  REQUIRE(cq);
  REQUIRE(cq->key == "chelem");
  c.answers.emplace_back("chelem", "attack");
  auto ce = errors_for(*cq, trial(f, c.answers).errors);
  REQUIRE_FALSE(ce.empty());
  CHECK(ce[0].code == "E_CHELEM_POINTS");
  // nothing is reported while later questions are still unanswered
  auto early = drive(f, {"Ben"});
  CHECK(errors_for(early.question("taker"), trial(f, early.answers).errors).empty());
}

TEST_CASE("tarot entry: poignées who -> level and misères offer the legal choices only", "[tarot][entry][list]") {
  // 5 players: 8 / 10 / 13 trumps; two poignées fit in the 22 trumps while they need 21 at most
  const json f = game(5);
  auto s = drive(f, {"Ben", "garde", "Dan", "2", "56.5", "", "Ann,Eve", "triple", "", "", ""});
  CHECK(s.done);
  CHECK(values(s.question("poignee.Ann").choices) == Keys{"simple", "double", "triple"});
  CHECK(values(s.question("poignee.Eve").choices) == Keys{"simple"});  // 13 + 10 would be 23 trumps
  const auto w = tarot().entry_words(*replay(f).state, s.answers);
  CHECK(w.back() == std::pair<std::string, std::string>{"poignee", "Ann:triple,Eve:simple"});
  Diagnostics typed_d, picked_d;
  Words typed = {{"taker", "Ben"}, {"contract", "garde"}, {"partner", "Dan"},
                 {"oudlers", "2"}, {"points", "56.5"},    {"poignee", "Ann:triple,Eve:simple"}};
  CHECK(tarot().record_from_args(w, *replay(f).state, picked_d)["poignees"] ==
        tarot().record_from_args(typed, *replay(f).state, typed_d)["poignees"]);
  // 4 players: three poignées need 30 trumps at least; the engine refuses the who-answer itself (E_POIGNEE_TOTAL)
  const json four = game(4);
  auto three = drive(four, {"Ben", "garde", "2", "56.5", ""});
  auto q = tarot().next_question(*replay(four).state, three.answers);
  REQUIRE(q);
  REQUIRE(q->key == "poignee");
  Answers a = three.answers;
  a.emplace_back("poignee", "Ann,Cat,Dan");
  auto errors = errors_for(*q, trial(four, a).errors);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].code == "E_POIGNEE_TOTAL");
  // two at 4 players: simple and simple only (10 + 13 is 23)
  auto two = drive(four, {"Ben", "garde", "2", "56.5", "", "Ann,Cat", "", "", "", ""});
  CHECK(values(two.question("poignee.Ann").choices) == Keys{"simple"});
  // misère: no misère without trumps for a player who showed a poignée (E_MISERE_POIGNEE)
  const json sep = game(4, R"({"misere": "on", "misere_kinds": "separate"})"_json);
  auto m = drive(sep, {"Ben", "prise", "2", "47", "", "Ann", "", "", "", "Ann", "faces"});
  CHECK(values(m.question("misere.Ann").choices) == Keys{"faces"});
  const json combined = game(4, R"({"misere": "on"})"_json);
  auto c = drive(combined, {"Ben", "prise", "2", "47", "", "Ann", "", "", "", ""});
  CHECK(values(c.question("misere").choices) == Keys{"Ben", "Cat", "Dan", "none"});
}

TEST_CASE("tarot entry: words typed on the command line count as answered", "[tarot][entry]") {
  const json f = game(4);
  auto s = drive(f, {"", "", ""},
                 {{"taker", "ben"}, {"contract", "G"}, {"oudlers", "2"}, {"points", "47"}, {"poignee", "Ann:simple"}});
  CHECK(s.done);
  CHECK(s.keys() == Keys{"petit_au_bout", "chelem", "chelem_announced"});
  CHECK_FALSE(s.was_asked("poignee.Ann"));
  auto t = trial(f, s.answers);
  REQUIRE(t.entry);
  CHECK(t.record["poignees"] == json::parse(R"([{"player":"Ann","level":"simple"}])"));
  // a typed redeal reason: only what a redeal needs
  auto r = drive(f, {"Dan"}, {{"reason", "petit_sec"}});
  CHECK(r.done);
  CHECK(r.keys() == Keys{"player"});
}

TEST_CASE("tarot entry: a name answered in another case or accent form is the player's, as at start",
          "[tarot][entry]") {
  json f = game(4);
  f["setup"]["players"] = json::array({"Élodie", "Σοφία", "Νίκος", "Paul"});
  f["setup"]["first_dealer"] = "Paul";
  auto before = replay(f);
  REQUIRE(before.ok);
  auto q = tarot().next_question(*before.state, {});
  REQUIRE(q);
  REQUIRE(q->key == "taker");
  CHECK(read_answer(*q, "élodie").value == "Élodie");
  CHECK(read_answer(*q, "E\u0301lodie").value == "Élodie");  // the accent written as a combining mark
  CHECK(read_answer(*q, "ΣΟΦΊΑ").value == "Σοφία");
  CHECK(read_answer(*q, "ΝΊΚΟΣ").value == "Νίκος");  // the final sigma
  CHECK(read_answer(*q, "νίκ").value == "Νίκος");    // the start of a name
  CHECK(!read_answer(*q, "Elodie").error.empty());   // an accent left out is another name
  // the record made from the answer holds the player's own spelling
  auto s = drive(f, {"élodie", "prise", "2", "47", "", "", "", ""});
  CHECK(s.done);
  auto t = trial(f, s.answers);
  REQUIRE(t.entry.has_value());
  CHECK(t.record["taker"] == "Élodie");
}

TEST_CASE("tarot entry: a whole game entered by questions (E7)", "[tarot][entry]") {
  json f = game(3);
  f["setup"]["end"] = R"({"mode": "deals", "deals": 3})"_json;
  const std::vector<marque::test::Strings> deals = {
      {"Ben", "garde", "2", "50.5", "", "", "", ""},
      {"redeal", "petit_sec", "Cat"},
      {"Ann", "prise", "1", "46", "", "Ben", "", "", ""},
      {"Cat", "garde_sans", "3", "57", "attack", "", "", ""},
  };
  for (const auto& typed : deals) {
    auto s = drive(f, typed);
    CHECK(s.done);
    auto t = trial(f, s.answers);
    REQUIRE(t.entry);
    f["hands"].push_back(t.record);
  }
  auto r = replay(f);
  REQUIRE(r.ok);
  CHECK(json::parse(r.score["totals"].dump()) == json::parse(R"({"Ann":-394,"Ben":-34,"Cat":428})"));
  CHECK(r.score["finished"] == true);
}

}  // namespace unit_test_tarot_entry
