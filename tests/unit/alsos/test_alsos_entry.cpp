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
Session drive(const json& file, const marque::test::Strings& typed, rules::Answers given = {}) {
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

using Keys = marque::test::Strings;

}  // namespace

TEST_CASE("alsos entry: M1, a trump game in the turn-up suit with kassza and kontra", "[alsos][entry]") {
  json file = game_file({});
  auto s = drive(file, {"",       "trump", "B",     "piros", "",     "add", "C", "late", "done", "add",
                        "kassza", "B",     "early", "",      "done", "",    "2", "5",    "",     "B",
                        "28",     "96",    "20",    "add",   "B",    "20",  "0", "",     "done"});
  CHECK(s.done);
  CHECK(s.keys() == Keys{"dealer",
                         "kind",
                         "declarer",
                         "trump",
                         "turn_up_suit",
                         "game_kontra#1",
                         "game_kontra#1.who",
                         "game_kontra#1.when",
                         "game_kontra#2",
                         "figurak#1",
                         "figurak#1.name",
                         "figurak#1.by",
                         "figurak#1.phase",
                         "figurak#1.kontra1",
                         "figurak#2",
                         "gyerunk",
                         "tricks.A",
                         "tricks.B",
                         "tricks.C",
                         "last_trick",
                         "card_points.A",
                         "card_points.B",
                         "card_points.C",
                         "melds#1",
                         "melds#1.who",
                         "melds#1.sequences",
                         "melds#1.sets",
                         "melds#1.bela",
                         "melds#2"});
  CHECK(s.question("dealer").preset == "A");
  CHECK(values(s.question("kind").choices) == Keys{"trump", "no_trumps", "betli", "kloptzky", "misdeal"});
  CHECK(s.question("kind").choices[1].label == "színtelen — no trumps");
  CHECK(values(s.question("trump").choices) == Keys{"makk", "piros", "tok", "zold"});
  CHECK(s.question("trump").choices[2].label == "tök — bells");
  CHECK(s.question("turn_up_suit").preset == "piros");
  CHECK(s.question("game_kontra#1").preset == "none");
  CHECK(values(s.question("game_kontra#1").choices) == Keys{"none", "add", "text"});
  CHECK(values(s.question("game_kontra#1.who").choices) == Keys{"A", "C"});  // the defenders say kontra (V21)
  CHECK(values(s.question("figurak#1.kontra1").choices) == Keys{"none", "A", "C"});
  CHECK(s.question("gyerunk").optional);
  CHECK(s.question("tricks.A").preset.empty());
  CHECK(s.question("tricks.C").preset == "2");  // 9 - 2 - 5
  CHECK(s.question("tricks.C").max == 9);
  CHECK(s.question("card_points.B").min == 10);       // B won the last trick
  CHECK(s.question("melds#1.bela").preset == "yes");  // kassza = K+F of trumps
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
  auto s = drive(file, {"", "trump", "C", "zold", "makk", "", "text", "A:kassza:early/C:late", "", "2", "4", "", "B",
                        "30", "64", "60", "text", ""});
  CHECK(s.done);
  CHECK(s.question("dealer").preset == "B");
  CHECK(s.question("turn_up_suit").preset == "zold");
  CHECK(s.question("melds").preset == "A:bela");
  CHECK(scored(file, s.answers) == j(R"({"A":5,"B":5,"C":-10})"));
}

TEST_CASE("alsos entry: M3, no trumps: no trump suit, no turn-up, no gyerünk after a tuli", "[alsos][entry]") {
  json file = game_file({}, json::object(), {"A", "B", "C"}, "C");
  auto s = drive(file, {"", "no_trumps", "A", "", "text", "A:tuli:early/B:early/A:late,C:absolut:late/A:late", "5", "2",
                        "", "A", "72", "20", "24", "text", "B:0:80"});
  CHECK(s.done);
  CHECK(s.keys() == Keys{"dealer", "kind", "declarer", "game_kontra#1", "figurak#1", "figurak", "tricks.A", "tricks.B",
                         "tricks.C", "last_trick", "card_points.A", "card_points.B", "card_points.C", "melds#1",
                         "melds"});
  CHECK(s.question("figurak").help.find("kassza") == std::string::npos);  // trump-only figurák not offered
  CHECK(s.question("melds").help.find("bela") == std::string::npos);
  CHECK(scored(file, s.answers) == j(R"({"A":36,"B":-18,"C":-18})"));
}

TEST_CASE("alsos entry: M4, betli: the declarer's tricks only", "[alsos][entry]") {
  json file = game_file({});
  auto s = drive(file, {"", "betli", "C", "add", "A", "", "add", "C", "", "done", "", "0"});
  CHECK(s.done);
  CHECK(s.keys() == Keys{"dealer", "kind", "declarer", "game_kontra#1", "game_kontra#1.who", "game_kontra#1.when",
                         "game_kontra#2", "game_kontra#2.who", "game_kontra#2.when", "game_kontra#3", "gyerunk",
                         "tricks.C"});
  // betli has only late kontras (V22): the one legal phase, preset
  CHECK(values(s.question("game_kontra#1.when").choices) == Keys{"late"});
  CHECK(s.question("game_kontra#1.when").preset == "late");
  CHECK(values(s.question("game_kontra#2.who").choices) == Keys{"C"});  // rekontra: the declarer's side
  CHECK(alsos().entry_words(*rules::replay(file).state, s.answers)[2] ==
        std::pair<std::string, std::string>{"game_kontra", "A:late,C:late"});
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
  auto s = drive(file, {"", "trump", "A", "makk", "", "", "text", "A:ultimo:early,B:negy_asz:late", "6", "2", "", "A",
                        "110", "24", "8", "", "y", "n"});
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
  auto s = drive(file, {"", "trump", "C", "piros", "", "text", "A:late", "text", "C:kassza:late", "C", "kontra",
                        "surrendered"});
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
  auto s = drive(file, {"", "trump", "B", "piros", "", "text", "B:late"});  // kontra by the declarer himself (V21)
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
  auto bad = drive(file, {"", "no_trumps", "B", "", "text", "B:kassza:early"});
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
  auto none = drive(file, {"", "trump", "B", "piros", "", "", "text", "B:tuli:late"});
  auto q = alsos().next_question(*rules::replay(file).state, none.answers);
  REQUIRE(q);
  CHECK(q->key == "tricks.A");
}

TEST_CASE("alsos pickers: the kontra chain on the game, only the legal levels, sides and phases",
          "[alsos][entry][list]") {
  json file = game_file({});
  auto s = drive(file, {"", "trump", "B", "piros", "", "add", "C", "late", "add", "B", "", "add", "A", ""});
  CHECK(values(s.question("game_kontra#1.when").choices) == Keys{"early", "late"});
  CHECK(values(s.question("game_kontra#2.who").choices) == Keys{"B"});       // rekontra: the owner's side
  CHECK(values(s.question("game_kontra#2.when").choices) == Keys{"late"});   // never early after late
  CHECK(values(s.question("game_kontra#3.who").choices) == Keys{"A", "C"});  // szubkontra: the defenders
  CHECK(s.question("game_kontra#3.who").text == "Who said szubkontra on the game?");
  auto q = alsos().next_question(*rules::replay(file).state, s.answers);  // three levels: the most (V20)
  REQUIRE(q);
  CHECK(q->key == "figurak#1");
  CHECK(alsos().entry_words(*rules::replay(file).state, s.answers)[3] ==
        std::pair<std::string, std::string>{"game_kontra", "C:late,B:late,A:late"});
}

TEST_CASE("alsos pickers: with four players the dealer, sitting out, is never offered", "[alsos][entry][list]") {
  json file = game_file({}, json::object(), {"A", "B", "C", "D"}, "D");
  auto s = drive(file, {"", "trump", "A", "makk", "", "add", "B", "early", "done", "add", "kassza"});
  CHECK(values(s.question("game_kontra#1.who").choices) == Keys{"B", "C"});
  auto q = alsos().next_question(*rules::replay(file).state, s.answers);
  REQUIRE(q);
  CHECK(q->key == "figurak#1.by");
  CHECK(values(q->choices) == Keys{"A", "B", "C"});
}

TEST_CASE("alsos pickers: figurák, only those the engine accepts at each step", "[alsos][entry][list]") {
  json file = game_file({});
  auto state = rules::replay(file).state;
  // no trumps: the trump-only figurák are not offered (V11)
  auto nt = drive(file, {"", "no_trumps", "A", "", "add"});
  CHECK(values(alsos().next_question(*state, nt.answers)->choices) ==
        Keys{"tuli", "absolut", "szaz", "negy_asz", "durchmarsch"});
  // B's early absolút, then száz: B only late (V14); a second tuli is not B's again (V13)
  auto s = drive(file, {"", "trump", "B", "piros", "", "", "add", "absolut", "B", "early", "none", "add", "szaz", "B",
                        "", "none", "add", "absolut"});
  CHECK(values(s.question("figurak#1.kontra1").choices) == Keys{"none", "A", "C"});
  CHECK(values(s.question("figurak#2.phase").choices) == Keys{"late"});
  auto by = alsos().next_question(*state, s.answers);
  REQUIRE(by);
  CHECK(by->key == "figurak#3.by");
  CHECK(values(by->choices) == Keys{"A", "C"});
  auto words = alsos().entry_words(*state, s.answers);
  CHECK(std::find(words.begin(), words.end(),
                  std::pair<std::string, std::string>{"figurak", "B:absolut:early,B:szaz:late"}) != words.end());
  // a kontra chain on a figura: the other side, then the announcer's side, phases never going back
  auto k = drive(file, {"", "trump", "B", "piros", "", "", "add", "tuli", "A", "late", "B", "late", "A"});
  CHECK(values(k.question("figurak#1.kontra1").choices) == Keys{"none", "B"});  // A's partner C may not (V21)
  CHECK(values(k.question("figurak#1.when1").choices) == Keys{"late"});         // a late figura (V22)
  CHECK(values(k.question("figurak#1.kontra2").choices) == Keys{"none", "A", "C"});
  // kassza doubling the game has no kontra chain of its own
  json doubled = game_file({}, R"({"kassza_mode": "double_game"})"_json);
  auto d = drive(doubled, {"", "trump", "B", "piros", "", "", "add", "kassza", "B", "early"});
  CHECK(values(alsos().next_question(*rules::replay(doubled).state, d.answers)->choices) == Keys{"none"});
}

TEST_CASE("alsos pickers: melds, one item per player, the values the engine accepts", "[alsos][entry][list]") {
  json file = game_file({});
  auto s = drive(file, {"",  "trump", "B", "piros", "",   "",   "add", "kassza", "B",  "early", "",    "done", "", "2",
                        "5", "",      "B", "28",    "96", "20", "add", "B",      "50", "80",    "yes", "add",  "C"});
  CHECK(values(s.question("melds#1.sequences").choices) ==
        Keys{"0", "20", "40", "50", "60", "70", "100", "120", "150"});  // V47, a 9-card hand
  CHECK(values(s.question("melds#1.sets").choices) == Keys{"0", "80", "160"});
  CHECK(values(s.question("melds#1.bela").choices) == Keys{"yes", "no"});
  CHECK(values(s.question("melds#2.who").choices) == Keys{"A", "C"});  // B's melds are one item
  auto state = rules::replay(file).state;
  auto q = alsos().next_question(*state, s.answers);
  REQUIRE(q);
  CHECK(q->key == "melds#2.sequences");
  CHECK(values(q->choices) == Keys{"0"});  // only the best sequence scores (V48)
  s.answers.emplace_back("melds#2.sequences", "0");
  CHECK(values(alsos().next_question(*state, s.answers)->choices) == Keys{"0"});
  s.answers.emplace_back("melds#2.sets", "0");
  q = alsos().next_question(*state, s.answers);
  CHECK(values(q->choices) == Keys{"no"});  // one béla, and B's kassza holds it (V15, V48)
  s.answers.emplace_back("melds#2.bela", "no");
  s.answers.emplace_back("melds#3", "done");
  CHECK(!alsos().next_question(*state, s.answers));
  CHECK(alsos().entry_words(*state, s.answers).back() ==
        std::pair<std::string, std::string>{"melds", "B:50:80:bela,C:0:0"});
  // no trumps: no béla asked
  auto nt = drive(file, {"", "no_trumps", "A", "", "", "", "5", "2", "", "A", "72", "20", "24", "add", "B", "0", "80"});
  q = alsos().next_question(*state, nt.answers);
  REQUIRE(q);
  CHECK(q->key == "melds#2");
}

TEST_CASE("alsos pickers: a hand through pickers stores the record of its one-line words", "[alsos][entry][list]") {
  json file = game_file({}, json::object(), {"Ann", "Béla", "Csaba"}, "Ann");
  auto s = drive(file, {"",     "trump", "Béla", "piros",  "",     "add",   "Csaba", "late", "add",  "Béla",
                        "late", "done",  "add",  "kassza", "Béla", "early", "none",  "add",  "tuli", "Ann",
                        "late", "Béla",  "late", "none",   "done", "2",     "5",     "",     "Béla", "28",
                        "96",   "20",    "add",  "Béla",   "20",   "0",     "yes",   "done"});
  CHECK(s.done);
  const rules::Words typed = {{"dealer", "Ann"},
                              {"contract", "trump:piros:Béla"},
                              {"turn", "piros"},
                              {"kontra", "Csaba:late,Béla:late"},
                              {"figura", "Béla:kassza:early,Ann:tuli:late/Béla:late"},
                              {"tricks", "Ann:2,Béla:5,Csaba:2"},
                              {"points", "Ann:28,Béla:96,Csaba:20"},
                              {"last", "Béla"},
                              {"melds", "Béla:20:0:bela"}};
  auto state = rules::replay(file).state;
  marque::Diagnostics d;
  const json one_line = alsos().record_from_args(typed, *state, d);
  CHECK(!d.has_errors());
  auto t = rules::try_answers(alsos(), file, s.answers);
  CHECK(t.errors.empty());
  REQUIRE(t.entry);
  CHECK(t.record == one_line);
}

}  // namespace unit_test_alsos_entry
