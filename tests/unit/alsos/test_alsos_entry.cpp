// Alsós guided entry (rules/entry.hpp): the questions of every kind of hand, driven with typed answers the way the
// terminal reads them, and the hands they make scored with the spec's worked examples (alsos §8).
#include "test_alsos_helpers.hpp"

#include <algorithm>

#include "rules/entry.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_alsos_entry {

using namespace alsos_test;
namespace rules = marque::rules;

namespace {

const rules::GameRules& alsos() { return *rules::find_game("alsos"); }

struct Session {
  std::vector<rules::Question> asked;  // in order
  rules::Answers answers;
  bool done = false;  // next_question returned nullopt
  std::string error;  // a typed answer the question refused

  const rules::Question& question(const std::string& key) const {
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
Session drive(const json& file, const std::vector<std::string>& typed, rules::Answers given = {}) {
  Session s;
  s.answers = std::move(given);
  auto before = rules::replay(file);
  REQUIRE(before.ok);
  for (const auto& t : typed) {
    auto q = alsos().next_question(*before.state, s.answers);
    if (!q) {
      FAIL("no question left for the answer '" << t << "'");
      return s;
    }
    s.asked.push_back(*q);
    auto r = rules::read_answer(*q, t);
    if (!r.error.empty()) {
      s.error = r.error;
      return s;
    }
    s.answers.emplace_back(q->key, r.value);
  }
  s.done = !alsos().next_question(*before.state, s.answers).has_value();
  return s;
}

json scored(const json& file, const rules::Answers& answers) {
  return json::parse(marque::test::entry_of(alsos(), file, answers)["deltas"].dump());
}

using marque::test::values;

using Keys = std::vector<std::string>;

}  // namespace

TEST_CASE("alsos entry: M1, a trump game in the turn-up suit with kassza and kontra", "[alsos][entry]") {
  json file = game_file({});
  auto s = drive(file, {"", "trump", "B", "piros", "", "C:late", "B:kassza:early", "", "2", "5", "", "B", "28", "96",
                        "20", "B:20:0:bela"});
  CHECK(s.done);
  CHECK(s.keys() == Keys{"dealer", "kind", "declarer", "trump", "turn_up_suit", "game_kontra", "figurak", "gyerunk",
                         "tricks.A", "tricks.B", "tricks.C", "last_trick", "card_points.A", "card_points.B",
                         "card_points.C", "melds"});
  CHECK(s.question("dealer").preset == "A");
  CHECK(values(s.question("kind").choices) == Keys{"trump", "no_trumps", "betli", "kloptzky", "misdeal"});
  CHECK(s.question("kind").choices[1].label == "színtelen — no trumps");
  CHECK(values(s.question("trump").choices) == Keys{"makk", "piros", "tok", "zold"});
  CHECK(s.question("trump").choices[2].label == "tök — bells");
  CHECK(s.question("turn_up_suit").preset == "piros");
  CHECK(s.question("game_kontra").optional);
  CHECK(s.question("game_kontra").preset.empty());
  CHECK(s.question("game_kontra").kind == "words");
  CHECK(s.question("figurak").optional);
  CHECK(s.question("gyerunk").optional);
  CHECK(s.question("tricks.A").preset.empty());
  CHECK(s.question("tricks.C").preset == "2");  // 9 - 2 - 5
  CHECK(s.question("tricks.C").max == 9);
  CHECK(s.question("card_points.B").min == 10);   // B won the last trick
  CHECK(s.question("melds").preset == "B:bela");  // kassza = K+F of trumps
  CHECK(scored(file, s.answers) == j(R"({"A":-4,"B":8,"C":-4})"));
  // the words `marque hand` reads
  CHECK(alsos().entry_words(*rules::replay(file).state, s.answers) == rules::Words{{"dealer", "A"},
                                                                                   {"turn_up_suit", "piros"},
                                                                                   {"contract", "trump:piros:B"},
                                                                                   {"game_kontra", "C:late"},
                                                                                   {"figurak", "B:kassza:early"},
                                                                                   {"tricks", "A:2,B:5,C:2"},
                                                                                   {"card_points", "A:28,B:96,C:20"},
                                                                                   {"last_trick", "B"},
                                                                                   {"melds", "B:20:0:bela"}});
}

TEST_CASE("alsos entry: M2, a round-2 trump, a defender's kassza kontra'd; the melds preset taken", "[alsos][entry]") {
  json file = game_file({}, json::object(), {"A", "B", "C"}, "B");
  auto s = drive(file, {"", "trump", "C", "zold", "makk", "", "A:kassza:early/C:late", "", "2", "4", "", "B", "30",
                        "64", "60", ""});
  CHECK(s.done);
  CHECK(s.question("dealer").preset == "B");
  CHECK(s.question("turn_up_suit").preset == "zold");
  CHECK(s.question("melds").preset == "A:bela");
  CHECK(scored(file, s.answers) == j(R"({"A":5,"B":5,"C":-10})"));
}

TEST_CASE("alsos entry: M3, no trumps: no trump suit, no turn-up, no gyerünk after a tuli", "[alsos][entry]") {
  json file = game_file({}, json::object(), {"A", "B", "C"}, "C");
  auto s = drive(file, {"", "no_trumps", "A", "", "A:tuli:early/B:early/A:late,C:absolut:late/A:late", "5", "2", "",
                        "A", "72", "20", "24", "B:0:80"});
  CHECK(s.done);
  CHECK(s.keys() == Keys{"dealer", "kind", "declarer", "game_kontra", "figurak", "tricks.A", "tricks.B", "tricks.C",
                         "last_trick", "card_points.A", "card_points.B", "card_points.C", "melds"});
  CHECK(s.question("figurak").help.find("kassza") == std::string::npos);  // trump-only figurák not offered
  CHECK(s.question("melds").help.find("bela") == std::string::npos);
  CHECK(scored(file, s.answers) == j(R"({"A":36,"B":-18,"C":-18})"));
}

TEST_CASE("alsos entry: M4, betli: the declarer's tricks only", "[alsos][entry]") {
  json file = game_file({});
  auto s = drive(file, {"", "betli", "C", "A:late,C:late", "", "0"});
  CHECK(s.done);
  CHECK(s.keys() == Keys{"dealer", "kind", "declarer", "game_kontra", "gyerunk", "tricks.C"});
  CHECK(s.question("declarer").text == "Who bid betli?");
  CHECK(s.question("tricks.C").preset.empty());
  CHECK(scored(file, s.answers) == j(R"({"A":-8,"B":-8,"C":16})"));
  auto failed = drive(file, {"", "betli", "C", "", "", "1"});
  CHECK(scored(file, failed.answers) == j(R"({"A":2,"B":2,"C":-4})"));
}

TEST_CASE("alsos entry: M5, kloptzky: tricks of every player, no declarer, no kontra", "[alsos][entry]") {
  json file = game_file({}, json::object(), {"A", "B", "C"}, "B");
  auto s = drive(file, {"", "kloptzky", "5", "3", ""});
  CHECK(s.done);
  CHECK(s.keys() == Keys{"dealer", "kind", "tricks.A", "tricks.B", "tricks.C"});
  CHECK(s.question("tricks.C").preset == "1");
  CHECK(scored(file, s.answers) == j(R"({"A":-6,"B":3,"C":3})"));
  auto tied = drive(file, {"", "kl", "3", "3", ""});
  CHECK(scored(file, tied.answers) == j(R"({"A":0,"B":0,"C":0})"));
}

TEST_CASE("alsos entry: M6, four players: the dealer sits out; observed figurák asked made or not", "[alsos][entry]") {
  json file = game_file({}, json::object(), {"A", "B", "C", "D"}, "D");
  auto s = drive(file, {"", "trump", "A", "makk", "", "", "A:ultimo:early,B:negy_asz:late", "6", "2", "", "A", "110",
                        "24", "8", "", "y", "n"});
  CHECK(s.done);
  CHECK(values(s.question("declarer").choices) == Keys{"A", "B", "C"});
  CHECK(!s.was_asked("tricks.D"));
  CHECK(!s.was_asked("gyerunk"));  // figurák other than kassza
  CHECK(s.question("made.0").kind == "yes_no");
  CHECK(s.question("made.0").text == "Did A make ultimó (the last trick with the 7 of trumps)?");
  CHECK(s.question("made.0").preset.empty());
  CHECK(s.question("made.1").text == "Did B make négy ász (all four aces)?");
  CHECK(scored(file, s.answers) == j(R"({"A":18,"B":-6,"C":-6,"D":-6})"));
}

TEST_CASE("alsos entry: M7, gyerünk answered by kontra and given up: no play facts", "[alsos][entry]") {
  json file = game_file({}, json::object(), {"A", "B", "C"}, "B");
  auto s = drive(file, {"", "trump", "C", "piros", "", "A:late", "C:kassza:late", "C", "kontra", "surrendered"});
  CHECK(s.done);
  CHECK(values(s.question("gyerunk_level").choices) == Keys{"gyerunk", "kontra", "rekontra", "szubkontra"});
  CHECK(s.question("gyerunk_level").preset == "gyerunk");
  CHECK(s.question("gyerunk_outcome").preset == "accepted");
  CHECK(scored(file, s.answers) == j(R"({"A":6,"B":6,"C":-12})"));
  CHECK(alsos().entry_words(*rules::replay(file).state, s.answers).back() ==
        std::pair<std::string, std::string>{"gyerunk", "C:2:surrendered"});
}

TEST_CASE("alsos entry: M8, a tie loses; a player without tricks is not asked his card points", "[alsos][entry]") {
  json file = game_file({}, json::object(), {"A", "B", "C"}, "C");
  auto s = drive(file, {"", "trump", "A", "tok", "", "", "", "", "3", "3", "", "B", "50", "50", "40", ""});
  CHECK(s.done);
  CHECK(scored(file, s.answers) == j(R"({"A":-2,"B":1,"C":1})"));
  auto zero = drive(file, {"", "trump", "A", "tok", "", "", "", "", "0", "7", "", "B", "80", "30", ""});
  CHECK(zero.done);
  CHECK(!zero.was_asked("card_points.A"));
  CHECK(values(zero.question("last_trick").choices) == Keys{"B", "C"});  // A took no trick
  auto words = alsos().entry_words(*rules::replay(file).state, zero.answers);
  CHECK(std::find(words.begin(), words.end(), std::pair<std::string, std::string>{"card_points", "A:0,B:80,C:30"}) !=
        words.end());
  CHECK(scored(file, zero.answers) == j(R"({"A":-2,"B":1,"C":1})"));
}

TEST_CASE("alsos entry: a misdeal asks only for a note; the same dealer deals again", "[alsos][entry]") {
  json file = game_file({});
  auto s = drive(file, {"", "misdeal", "card shown"});
  CHECK(s.done);
  CHECK(s.keys() == Keys{"dealer", "kind", "note"});
  CHECK(s.question("note").optional);
  auto t = rules::try_answers(alsos(), file, s.answers);
  REQUIRE(t.entry);
  CHECK(json::parse((*t.entry)["deltas"].dump()) == j(R"({"A":0,"B":0,"C":0})"));
  CHECK(t.record["note"] == "card shown");
}

TEST_CASE("alsos entry: taking back the last answer asks that question again", "[alsos][entry]") {
  json file = game_file({});
  auto s = drive(file, {"", "trump", "B", "piros", "", "", "", "", "2", "5"});
  auto state = rules::replay(file).state;
  rules::Answers back = s.answers;
  back.pop_back();
  auto q = alsos().next_question(*state, back);
  REQUIRE(q);
  CHECK(q->key == "tricks.B");
  back.resize(2);  // dealer, kind
  q = alsos().next_question(*state, back);
  REQUIRE(q);
  CHECK(q->key == "declarer");
  q = alsos().next_question(*state, {});
  REQUIRE(q);
  CHECK(q->key == "dealer");
}

TEST_CASE("alsos entry: words typed on the command line count as answered", "[alsos][entry]") {
  json file = game_file({});
  auto state = rules::replay(file).state;
  // a whole hand typed: nothing is asked
  rules::Answers typed{{"contract", "piros:B"},
                       {"turn", "piros"},
                       {"tricks", "A:2,B:5,C:2"},
                       {"points", "A:28,B:96,C:20"},
                       {"last", "B"}};
  CHECK(!alsos().next_question(*state, typed));
  CHECK(scored(file, typed) == j(R"({"A":-1,"B":2,"C":-1})"));
  // a typed contract: only what the record needs is asked (no kontra, figurák, melds)
  auto s = drive(file, {"5", "2", "", "A", "72", "20", "24"}, {{"contract", "nt:A"}});
  CHECK(s.done);
  CHECK(s.keys() ==
        Keys{"tricks.A", "tricks.B", "tricks.C", "last_trick", "card_points.A", "card_points.B", "card_points.C"});
  // an observed figura typed without its outcome is asked
  auto f = drive(file, {"y"},
                 {{"contract", "makk:A"},
                  {"figura", "A:ultimo:late"},
                  {"tricks", "A:6,B:2,C:1"},
                  {"cp", "A:110,B:24,C:8"},
                  {"last", "A"}});
  CHECK(f.keys() == Keys{"made.0"});
  CHECK(f.done);
  CHECK(scored(file, f.answers) == j(R"({"A":6,"B":-3,"C":-3})"));
  // a later answer replaces an earlier one
  rules::Answers again = typed;
  again.emplace_back("tricks", "A:3,B:4,C:2");
  auto words = alsos().entry_words(*state, again);
  CHECK(std::find(words.begin(), words.end(), std::pair<std::string, std::string>{"tricks", "A:3,B:4,C:2"}) !=
        words.end());
}

TEST_CASE("alsos entry: the engine's errors come back to the question that caused them", "[alsos][entry]") {
  json file = game_file({});
  auto s = drive(file, {"", "trump", "B", "piros", "", "B:late"});  // kontra by the declarer himself (V21)
  const auto& q = s.question("game_kontra");
  auto t = rules::try_answers(alsos(), file, s.answers);
  auto errors = rules::errors_for(q, t.errors);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].message.find("must come from the defenders") != std::string::npos);
  // tricks that do not add up are reported on the last player's question
  auto tr = drive(file, {"", "trump", "B", "piros", "", "", "", "", "2", "5", "3"});
  auto t2 = rules::try_answers(alsos(), file, tr.answers);
  auto e2 = rules::errors_for(tr.question("tricks.C"), t2.errors);
  REQUIRE(e2.size() == 1);
  CHECK(e2[0].message.find("add up to 10") != std::string::npos);
  // while the answers are incomplete, nothing is reported as missing
  auto part = drive(file, {"", "trump", "B", "piros", "", "", "", "", "2"});
  auto t3 = rules::try_answers(alsos(), file, part.answers);
  CHECK(rules::errors_for(part.question("tricks.A"), t3.errors).empty());
  // a refused figura name
  auto bad = drive(file, {"", "no_trumps", "B", "", "B:kassza:early"});
  auto t4 = rules::try_answers(alsos(), file, bad.answers);
  auto e4 = rules::errors_for(bad.question("figurak"), t4.errors);
  REQUIRE(!e4.empty());
  CHECK(e4[0].message.find("only in trump games") != std::string::npos);
}

TEST_CASE("alsos entry: gyerünk accepted doubles; asked only with no figura but kassza", "[alsos][entry]") {
  json file = game_file({});
  auto s = drive(file, {"", "trump", "B", "piros", "", "", "", "A", "", "", "2", "5", "", "B", "28", "96", "20", ""});
  CHECK(s.done);
  CHECK(scored(file, s.answers) == j(R"({"A":-2,"B":4,"C":-2})"));  // game 1 x gyerünk 2
  auto none = drive(file, {"", "trump", "B", "piros", "", "", "B:tuli:late"});
  auto q = alsos().next_question(*rules::replay(file).state, none.answers);
  REQUIRE(q);
  CHECK(q->key == "tricks.A");
}

}  // namespace unit_test_alsos_entry
