// Coinche guided entry (coinche_entry.cpp): the questions of each kind of hand, driven like the terminal does
// (rules::read_answer on each typed answer), and the scored result (spec coinche §8 worked examples).
#include <catch2/catch.hpp>

#include "rules/engine.hpp"
#include "rules/entry.hpp"
#include "rules/registry.hpp"
#include "support/game_test.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_coinche_entry {

using namespace marque;
using namespace marque::rules;

namespace {

json entry_game(const json& options = json::object(), const std::string& first_dealer = "W",
                const json& hands = json::array()) {
  json setup = {{"seats", {{"N", "Nina"}, {"E", "Emil"}, {"S", "Sara"}, {"W", "Will"}}},
                {"first_dealer", first_dealer},
                {"options", options}};
  return {{"format", "marque-game/1"}, {"game", "coinche"}, {"setup", setup}, {"hands", hands}};
}

struct Drive {
  std::vector<Question> asked;
  Answers answers;
  std::vector<std::string> keys() const {
    std::vector<std::string> k;
    for (const auto& q : asked) k.push_back(q.key);
    return k;
  }
  const Question& question(const std::string& key) const {
    for (const auto& q : asked)
      if (q.key == key) return q;
    FAIL("not asked: " << key);
    return asked.front();
  }
  bool was_asked(const std::string& key) const {
    for (const auto& q : asked)
      if (q.key == key) return true;
    return false;
  }
};

// Answers each question with the next typed line, as the terminal does; every answer must be accepted.
Drive drive(const json& file, const marque::test::Strings& typed, Answers given = {}) {
  const GameRules& rules = coinche_rules();
  Replay before = replay(file);
  REQUIRE(before.ok);
  Drive d;
  d.answers = std::move(given);
  size_t i = 0;
  while (auto q = rules.next_question(*before.state, d.answers)) {
    INFO("question " << q->key);
    REQUIRE(i < typed.size());
    Reading r = read_answer(*q, typed[i++]);
    REQUIRE(r.error == "");
    d.asked.push_back(*q);
    d.answers.emplace_back(q->key, r.value);
    Trial t = try_answers(rules, file, d.answers);
    for (const auto& e : errors_for(*q, t.errors)) FAIL(e.field << ": " << e.message);
  }
  REQUIRE(i == typed.size());
  return d;
}

ojson scored(const json& file, const Answers& answers) { return test::entry_of(coinche_rules(), file, answers); }

std::pair<long long, long long> team_deltas(const ojson& entry) {
  return {entry["team_deltas"]["NS"].get<long long>(), entry["team_deltas"]["EW"].get<long long>()};
}

using marque::test::values;

using Keys = marque::test::Strings;

}  // namespace

TEST_CASE("coinche entry: E4, coinche made, belote; the dealer and the defaults preset", "[coinche][entry]") {
  json file = entry_game();
  Drive d = drive(file, {"", "", "S", "90", "D", "E", "", "95", "bidders", "S", ""});
  CHECK(d.keys() == Keys{"dealer", "redeal", "bidder", "bid", "trump", "coinche", "surcoinche", "points", "last",
                         "belote", "annonce#1"});
  CHECK(d.question("dealer").preset == "W");
  CHECK(d.question("redeal").preset == "played");
  CHECK(values(d.question("redeal")) == Keys{"played", "all_pass", "misdeal"});
  CHECK(values(d.question("bidder")) == Keys{"N", "E", "S", "W"});
  CHECK(d.question("bidder").choices[2].label == "S — Sara");
  CHECK(d.question("bid").kind == "int");
  CHECK(d.question("bid").min == 80);
  // the bids as a grid: 80 to 180 by 10 and 250 (no maximum; another number may be typed), the complement of the
  // bidders' card points, the suits by their symbols and French names (the value stays the record's letter)
  CHECK(values(d.question("bid")) ==
        Keys{"80", "90", "100", "110", "120", "130", "140", "150", "160", "170", "180", "250"});
  CHECK(d.question("bid").layout == "grid");
  CHECK_FALSE(d.question("bid").max);
  CHECK(read_answer(d.question("bid"), "200").value == "200");
  CHECK(d.question("points").complement == 152);
  CHECK(d.question("trump").choices[2].label == "\u2666 carreau");
  CHECK(d.question("trump").choices[1].label == "\u2665 c\u0153ur");
  CHECK(d.question("trump").layout == "labels");
  CHECK(values(d.question("coinche")) == Keys{"no", "E", "W"});  // the defenders only
  CHECK(d.question("coinche").preset == "no");
  CHECK(values(d.question("surcoinche")) == Keys{"no", "S", "N"});  // the bidding team
  CHECK(d.question("points").preset == "");
  CHECK(d.question("points").max == 152);
  CHECK(d.question("last").preset == "");
  CHECK(d.question("belote").preset == "none");
  CHECK(d.question("annonce#1").kind == "choice");  // the announcements as pickers, none preset
  CHECK(d.question("annonce#1").preset == "none");
  CHECK(values(d.question("annonce#1")) == Keys{"none", "add", "text"});
  CHECK_FALSE(d.was_asked("contract"));  // capot / générale bids are off
  CHECK_FALSE(d.was_asked("capot"));     // 95 card points: no capot possible
  ojson e = scored(file, d.answers);
  CHECK(team_deltas(e) == std::pair<long long, long long>{340, 57});
  CHECK(e["breakdown"]["coinche"] == 1);
}

TEST_CASE("coinche entry: E5, surcoinche failed, defenders' announcement", "[coinche][entry]") {
  json file = entry_game(json::object(), "S");
  Drive d = drive(file, {"", "", "W", "110", "C", "N", "E", "100", "bidders", "", "text", "N:tierce:H:10"});
  CHECK(d.keys().back() == "annonce");  // the one-line syntax, typed as the list's text fallback
  CHECK(d.question("annonce").kind == "words");
  CHECK(d.question("dealer").preset == "S");
  CHECK(values(d.question("coinche")) == Keys{"no", "N", "S"});
  ojson e = scored(file, d.answers);
  CHECK(team_deltas(e) == std::pair<long long, long long>{830, 0});
  CHECK(e["breakdown"]["coinche"] == 2);
}

TEST_CASE("coinche entry: E6, unbid capot; capot asked only when the points allow it", "[coinche][entry]") {
  json file = entry_game();
  Drive d = drive(file, {"",  "",    "N", "120",    "H", "",  "152", "",  "",          "W", "add", "N", "carre",
                         "J", "add", "S", "tierce", "D", "A", "add", "E", "cinquante", "S", "10",  ""});
  CHECK(d.keys() == Keys{"dealer",         "redeal",         "bidder",         "bid",
                         "trump",          "coinche",        "points",         "last",
                         "capot",          "belote",         "annonce#1",      "annonce#1.who",
                         "annonce#1.type", "annonce#1.rank", "annonce#2",      "annonce#2.who",
                         "annonce#2.type", "annonce#2.suit", "annonce#2.top",  "annonce#3",
                         "annonce#3.who",  "annonce#3.type", "annonce#3.suit", "annonce#3.top",
                         "annonce#4"});
  CHECK(d.question("last").preset == "bidders");  // all the card points
  CHECK(d.question("capot").preset == "bidders");
  CHECK(values(d.question("capot")) == Keys{"bidders", "none"});
  CHECK_FALSE(d.was_asked("surcoinche"));  // no coinche
  CHECK(team_deltas(scored(file, d.answers)) == std::pair<long long, long long>{592, 20});

  // the same points with the last trick to the defenders: no capot question (spec C12)
  Drive d2 = drive(file, {"", "", "N", "120", "H", "", "152", "defenders", "none", ""});
  CHECK_FALSE(d2.was_asked("capot"));
  // the defenders' capot: 0 card points and the last trick
  Drive d3 = drive(file, {"", "", "N", "80", "S", "", "0", "", "", "", ""});
  CHECK(d3.question("last").preset == "defenders");
  CHECK(d3.question("capot").preset == "defenders");
  ojson e3 = scored(file, d3.answers);
  CHECK(e3["breakdown"]["capot"] == "EW");
  CHECK(team_deltas(e3) == std::pair<long long, long long>{0, 240});
}

TEST_CASE("coinche entry: all pass and misdeal ask nothing more", "[coinche][entry]") {
  json file = entry_game();
  Drive pass = drive(file, {"", "all_pass"});
  CHECK(pass.keys() == Keys{"dealer", "redeal"});
  ojson e = scored(file, pass.answers);
  CHECK(e["breakdown"]["redeal"] == "all_pass");
  CHECK(team_deltas(e) == std::pair<long long, long long>{0, 0});
  Drive mis = drive(file, {"", "m"});  // a unique prefix
  CHECK(mis.keys() == Keys{"dealer", "redeal"});
  CHECK(scored(file, mis.answers)["breakdown"]["redeal"] == "misdeal");
  // after the all-pass the next seat deals: the next hand's dealer preset is N
  json after = entry_game(json::object(), "W", json::array({{{"dealer", "W"}, {"redeal", "all_pass"}}}));
  Drive next = drive(after, {"", "all_pass"});
  CHECK(next.question("dealer").preset == "N");
}

TEST_CASE("coinche entry: capot and générale contracts with their options; a capped bid", "[coinche][entry]") {
  json opts = R"({"capot_bid": true, "generale_bid": true, "max_numeric_bid": 160})"_json;
  json file = entry_game(opts);
  // one grid of bids: the numbers up to the maximum, then the contracts the options add
  Drive num = drive(file, {"", "", "E", "160", "S", "", "100", "bidders", "", ""});
  CHECK_FALSE(num.was_asked("contract"));
  CHECK(values(num.question("bid")) ==
        Keys{"80", "90", "100", "110", "120", "130", "140", "150", "160", "capot", "generale"});
  CHECK(num.question("bid").max == 160);
  CHECK_FALSE(read_answer(num.question("bid"), "170").error.empty());
  CHECK(team_deltas(scored(file, num.answers)) ==
        std::pair<long long, long long>{320, 0});  // 110 < 162: dedans, 160 + 160

  Drive capot = drive(file, {"", "", "N", "capot", "H", "", "152", "", "", "", ""});
  CHECK(capot.question("bid").kind == "int");
  CHECK_FALSE(capot.was_asked("sole"));
  CHECK(team_deltas(scored(file, capot.answers)) == std::pair<long long, long long>{502, 0});

  Drive gen = drive(file, {"", "", "N", "generale", "H", "", "152", "", "", "N", "", ""});
  CHECK(gen.keys() == Keys{"dealer", "redeal", "bidder", "bid", "trump", "coinche", "points", "last", "capot", "sole",
                           "belote", "annonce#1"});
  CHECK(values(gen.question("sole")) == Keys{"N", "S", "none"});
  CHECK(team_deltas(scored(file, gen.answers)) == std::pair<long long, long long>{752, 0});
  // the partners shared the tricks: the générale fails
  Drive shared = drive(file, {"", "", "N", "generale", "H", "", "152", "", "", "none", "", ""});
  CHECK(scored(file, shared.answers)["breakdown"]["made"] == false);
}

TEST_CASE("coinche entry: announcements as pickers, the legal choices only, folded into the one-line words",
          "[coinche][entry][list]") {
  const GameRules& rules = coinche_rules();
  json file = entry_game();
  Replay before = replay(file);
  REQUIRE(before.ok);
  // trumps hearts, W holds the belote (K and Q of hearts)
  Answers a = {{"dealer", "W"},   {"redeal", "played"}, {"bidder", "N"},     {"bid", "90"},  {"trump", "H"},
               {"coinche", "no"}, {"points", "100"},    {"last", "bidders"}, {"belote", "W"}};
  auto ask = [&](const Answers& more) {
    Answers x = a;
    x.insert(x.end(), more.begin(), more.end());
    auto q = rules.next_question(*before.state, x);
    REQUIRE(q);
    return *q;
  };
  Question q = ask({});
  CHECK(q.key == "annonce#1");
  CHECK(values(ask({{"annonce#1", "add"}})) == Keys{"N", "E", "S", "W"});
  CHECK(values(ask({{"annonce#1", "add"}, {"annonce#1.who", "N"}})) == Keys{"tierce", "cinquante", "cent", "carre"});
  // a carré of kings or queens by N: W's belote holds the K and Q of hearts (C16); no carré of 8s or 7s
  CHECK(values(ask({{"annonce#1", "add"}, {"annonce#1.who", "N"}, {"annonce#1.type", "carre"}})) ==
        Keys{"J", "9", "A", "10"});
  CHECK(values(ask({{"annonce#1", "add"}, {"annonce#1.who", "W"}, {"annonce#1.type", "carre"}})) ==
        Keys{"J", "9", "A", "10", "K", "Q"});
  // a tierce of hearts by N: not through the K or Q (W's), not below the 7
  Answers tierce = {{"annonce#1", "add"},
                    {"annonce#1.who", "N"},
                    {"annonce#1.type", "tierce"},
                    {"annonce#1.suit", "H"}};
  CHECK(values(ask(tierce)) == Keys{"J", "10", "9"});
  // a cent from the ace: 5 to 8 cards, 5 preset
  Answers cent = {{"annonce#1", "add"},
                  {"annonce#1.who", "E"},
                  {"annonce#1.type", "cent"},
                  {"annonce#1.suit", "S"},
                  {"annonce#1.top", "A"}};
  q = ask(cent);
  CHECK(q.key == "annonce#1.length");
  CHECK(values(q) == Keys{"5", "6", "7", "8"});
  CHECK(q.preset == "5");
  // after N's carré of jacks, E's tierce of spades cannot hold the J of spades; N cannot show a second carré of J
  Answers two = {{"annonce#1", "add"}, {"annonce#1.who", "N"}, {"annonce#1.type", "carre"},  {"annonce#1.rank", "J"},
                 {"annonce#2", "add"}, {"annonce#2.who", "E"}, {"annonce#2.type", "tierce"}, {"annonce#2.suit", "S"}};
  q = ask(two);
  CHECK(q.key == "annonce#2.top");
  CHECK(values(q) == Keys{"A", "10", "9"});
  CHECK(values(ask({{"annonce#1", "add"},
                    {"annonce#1.who", "N"},
                    {"annonce#1.type", "carre"},
                    {"annonce#1.rank", "J"},
                    {"annonce#2", "add"},
                    {"annonce#2.who", "N"},
                    {"annonce#2.type", "carre"}})) == Keys{"9", "A", "10"});
  // the answers fold into the words one-line entry takes
  Answers all = a;
  for (const auto& [k, v] : Answers{{"annonce#1", "add"},
                                    {"annonce#1.who", "N"},
                                    {"annonce#1.type", "carre"},
                                    {"annonce#1.rank", "A"},
                                    {"annonce#2", "add"},
                                    {"annonce#2.who", "E"},
                                    {"annonce#2.type", "tierce"},
                                    {"annonce#2.suit", "S"},
                                    {"annonce#2.top", "K"},
                                    {"annonce#3", "add"},
                                    {"annonce#3.who", "W"},
                                    {"annonce#3.type", "cent"},
                                    {"annonce#3.suit", "D"},
                                    {"annonce#3.top", "K"},
                                    {"annonce#3.length", "6"}}) {
    auto next = rules.next_question(*before.state, all);
    REQUIRE(next);
    CHECK(next->key == k);
    all.emplace_back(k, v);
  }
  CHECK(rules.next_question(*before.state, all)->key == "annonce#4");
  all.emplace_back("annonce#4", "done");
  CHECK_FALSE(rules.next_question(*before.state, all));
  Words w = rules.entry_words(*before.state, all);
  REQUIRE_FALSE(w.empty());
  const std::string line = "N:carre:A,E:tierce:S:K,W:cent:D:K:6";
  CHECK(w.back() == std::pair<std::string, std::string>{"annonce", line});
  Diagnostics typed_d, picked_d;
  Words typed = {{"dealer", "W"},   {"bidder", "N"},     {"bid", "90"},   {"trump", "H"},
                 {"points", "100"}, {"last", "bidders"}, {"belote", "W"}, {"annonce", line}};
  CHECK(rules.record_from_args(w, *before.state, picked_d) == rules.record_from_args(typed, *before.state, typed_d));
  // the text fallback: the one-line syntax as the answer
  Answers text = a;
  text.emplace_back("annonce#1", "text");
  q = *rules.next_question(*before.state, text);
  CHECK(q.key == "annonce");
  CHECK(q.kind == "words");
  text.emplace_back("annonce", "N:tierce:H:J");
  CHECK_FALSE(rules.next_question(*before.state, text));
  CHECK(rules.entry_words(*before.state, text).back() ==
        std::pair<std::string, std::string>{"annonce", "N:tierce:H:J"});
}

TEST_CASE("coinche entry: no announcements question without the option", "[coinche][entry]") {
  json file = entry_game(R"({"announcements": false})"_json);
  Drive d = drive(file, {"", "", "N", "80", "S", "", "72", "bidders", ""});
  CHECK_FALSE(d.was_asked("annonce"));
  CHECK(d.keys().back() == "belote");
  CHECK(team_deltas(scored(file, d.answers)) == std::pair<long long, long long>{162, 80});  // E1
}

TEST_CASE("coinche entry: going back re-asks; wrong answers are the engine's errors", "[coinche][entry]") {
  const GameRules& rules = coinche_rules();
  json file = entry_game();
  Drive d = drive(file, {"", "", "S", "90", "D", "E", "", "95", "bidders", "S", ""});
  Replay before = replay(file);
  for (size_t n = d.answers.size(); n > 0; --n) {
    Answers fewer(d.answers.begin(), d.answers.begin() + static_cast<long>(n) - 1);
    auto q = rules.next_question(*before.state, fewer);
    REQUIRE(q);
    CHECK(q->key == d.answers[n - 1].first);
  }
  // an 85 bid and 151 card points are refused at their question (C04, C09)
  Answers a = {{"dealer", "W"}, {"redeal", "played"}, {"bidder", "S"}, {"bid", "85"}};
  auto q = rules.next_question(*before.state, Answers(a.begin(), a.end() - 1));
  REQUIRE(q);
  auto errs = errors_for(*q, try_answers(rules, file, a).errors);
  REQUIRE(errs.size() == 1);
  CHECK(errs[0].code == "C04");
  a.back().second = "90";
  a.insert(a.end(), {{"trump", "D"}, {"coinche", "no"}, {"points", "151"}});
  q = rules.next_question(*before.state, Answers(a.begin(), a.end() - 1));
  REQUIRE(q);
  CHECK(q->key == "points");
  errs = errors_for(*q, try_answers(rules, file, a).errors);
  REQUIRE(errs.size() == 1);
  CHECK(errs[0].code == "C09");
  // a dealer other than the expected one is only a warning (W01)
  Drive other = drive(file, {"N", "", "E", "100", "H", "", "91", "bidders", "", ""});
  Trial t = try_answers(rules, file, other.answers);
  REQUIRE(t.entry);
  CHECK(team_deltas(*t.entry) == std::pair<long long, long long>{260, 0});  // E2
  REQUIRE(t.warnings.size() == 1);
  CHECK(t.warnings[0].code == "W01");
}

TEST_CASE("coinche entry: words typed on the command line ask only what the record still needs", "[coinche][entry]") {
  const GameRules& rules = coinche_rules();
  json file = entry_game();
  Replay before = replay(file);
  // a whole hand typed: nothing to ask
  CHECK_FALSE(
      rules.next_question(*before.state,
                          {{"bidder", "S"}, {"bid", "90D"}, {"coinche", "E"}, {"points", "95"}, {"last", "bidders"}}));
  CHECK_FALSE(rules.next_question(*before.state, {{"redeal", "all_pass"}}));
  // names and aliases count: bidder=Sara, bidder_card_points=, last_trick=
  Drive d = drive(file, {"D", "bidders"}, {{"bidder", "Sara"}, {"bid", "90"}, {"bidder_card_points", "95"}});
  CHECK(d.keys() == Keys{"trump", "last"});
  CHECK(team_deltas(scored(file, d.answers)) == std::pair<long long, long long>{195, 57});
  // the words of the answers are those `marque hand` reads; "nothing" answers are left out
  Words w = rules.entry_words(
      *before.state, {{"dealer", "W"}, {"redeal", "played"}, {"bidder", "S"}, {"coinche", "no"}, {"annonce", ""}});
  CHECK(w == Words{{"dealer", "W"}, {"bidder", "S"}});
}

}  // namespace unit_test_coinche_entry
