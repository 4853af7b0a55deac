// Piquet guided entry (piquet_entry.cpp): the questions of each kind of deal, in table order, with their presets,
// driven with typed answers as the terminal reads them, then scored by the engine (numbers of spec piquet §8).
#include <catch2/catch.hpp>

#include "rules/engine.hpp"
#include "rules/entry.hpp"
#include "support/game_test.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_piquet_entry {

using namespace marque;
using namespace marque::rules;

namespace {

const GameRules& piquet() { return *find_game("piquet"); }

json game_file(json options, json hands = json::array(), std::string first_dealer = "Ben") {
  return {{"format", "marque-game/1"},
          {"game", "piquet"},
          {"setup", {{"players", {"Ann", "Ben"}}, {"first_dealer", first_dealer}, {"options", options}}},
          {"hands", hands}};
}

json totals(int ann, int ben) { return {{"entry", "totals"}, {"totals", {{"Ann", ann}, {"Ben", ben}}}}; }

struct Run {
  std::vector<std::string> keys;
  std::vector<Question> questions;
  Answers answers;
  const Question& asked(const std::string& key) const {
    for (const auto& q : questions)
      if (q.key == key) return q;
    FAIL("not asked: " << key);
    return questions.front();
  }
};

// Answers each question with the next typed line, as the terminal does, until nothing is left to ask.
Run drive(const json& file, const marque::test::Strings& typed, Answers given = {}) {
  Replay r = replay(file);
  REQUIRE(r.ok);
  Run out;
  out.answers = std::move(given);
  size_t i = 0;
  std::vector<std::string> picks;  // a list typed in the one-line syntax, entered through its pickers
  while (auto q = piquet().next_question(*r.state, out.answers)) {
    INFO("question " << q->key << ": " << q->text);
    const bool list_start = q->key.size() > 2 && q->key.compare(q->key.size() - 2, 2, "#1") == 0;
    if (list_start && i < typed.size() && typed[i].find(':') != std::string::npos) {
      for (const auto& item : split_list(typed[i++])) {
        const auto colon = item.find(':');
        picks.insert(picks.end(), {"add", item.substr(0, colon), item.substr(colon + 1)});
      }
      if (q->key != "seq_equal#1") picks.emplace_back("done");  // the equal sequence is one
      picks.erase(picks.begin());                               // the first item's "add" answers this question
      out.keys.push_back(q->key);
      out.questions.push_back(*q);
      out.answers.emplace_back(q->key, "add");
      continue;
    }
    if (!picks.empty()) {
      Reading rd = read_answer(*q, picks.front());
      REQUIRE(rd.error.empty());
      picks.erase(picks.begin());
      out.keys.push_back(q->key);
      out.questions.push_back(*q);
      out.answers.emplace_back(q->key, rd.value);
      continue;
    }
    REQUIRE(i < typed.size());
    Reading rd = read_answer(*q, typed[i++]);
    REQUIRE(rd.error.empty());
    out.keys.push_back(q->key);
    out.questions.push_back(*q);
    out.answers.emplace_back(q->key, rd.value);
  }
  CHECK(i == typed.size());
  return out;
}

int delta(const Trial& t, const char* player) { return (*t.entry)["deltas"][player].get<int>(); }

using marque::test::values;

using Keys = marque::test::Strings;

}  // namespace

TEST_CASE("piquet entry: a detail deal in table order (P-1)", "[piquet][entry]") {
  json file = game_file(json::object());  // Ben deals: Ann is elder
  Run run = drive(file, {"", "", "", "Ann", "5", "Ann", "quart:A", "Ben", "quatorze:10,trio:Q", "7", "9", "6"});
  CHECK(run.keys == Keys{"entry",
                         "redeal",
                         "carte",
                         "point_winner",
                         "point_cards",
                         "seq_winner",
                         "seq_scored#1",
                         "seq_scored#1.len",
                         "seq_scored#1.top",
                         "seq_scored#2",
                         "sets_winner",
                         "sets_scored#1",
                         "sets_scored#1.kind",
                         "sets_scored#1.rank",
                         "sets_scored#2",
                         "sets_scored#2.kind",
                         "sets_scored#2.rank",
                         "sets_scored#3",
                         "tricks",
                         "play_elder",
                         "play_younger"});
  CHECK(run.asked("entry").preset == "detail");
  CHECK(run.asked("redeal").preset == "no");
  CHECK(run.asked("carte").preset == "none");
  CHECK(values(run.asked("carte")) == Keys{"none", "Ann", "Ben"});
  CHECK(run.asked("carte").choices[1].label == "elder");
  CHECK(values(run.asked("point_winner")) == Keys{"Ann", "Ben", "equal"});
  CHECK(run.asked("point_winner").preset.empty());
  CHECK(values(run.asked("seq_winner")) == Keys{"Ann", "Ben", "equal", "none"});
  CHECK(run.asked("seq_winner").preset == "none");
  CHECK(run.asked("sets_winner").preset == "none");
  // the sequences and sets as pickers: the winner scored at least one (add preset, or type them in one line)
  CHECK(values(run.asked("seq_scored#1")) == Keys{"add", "text"});
  CHECK(run.asked("seq_scored#1").preset == "add");
  CHECK(run.asked("seq_scored#1").choices[1].label.find("quart:A,tierce:9") != std::string::npos);
  CHECK(values(run.asked("seq_scored#1.len")) == Keys{"tierce", "quart", "quint", "sixieme", "septieme", "huitieme"});
  CHECK(values(run.asked("seq_scored#1.top")) == Keys{"A", "K", "Q", "J", "10"});  // a quart from the 10 at least
  CHECK(values(run.asked("seq_scored#2")) == Keys{"add", "done"});
  CHECK(run.asked("seq_scored#2").preset == "done");
  // Ann's quart to the ace holds an ace, a king, a queen and a jack: no quatorze of those for Ben (C-1, the pack
  // has four of each); then one set a rank (V-ST2): no second quatorze at all, no trio of tens
  CHECK(values(run.asked("sets_scored#1.kind")) == Keys{"quatorze", "trio"});
  CHECK(values(run.asked("sets_scored#1.rank")) == Keys{"10"});
  CHECK(values(run.asked("sets_scored#2.kind")) == Keys{"trio"});
  CHECK(values(run.asked("sets_scored#2.rank")) == Keys{"A", "K", "Q", "J"});
  CHECK(run.asked("tricks").text.find("Ann (elder)") != std::string::npos);
  CHECK(*run.asked("tricks").max == 12);
  // Appendix A, 7 tricks: elder 8..13; after 9, younger 6..7; nothing preset
  CHECK(*run.asked("play_elder").min == 8);
  CHECK(*run.asked("play_elder").max == 13);
  CHECK(run.asked("play_elder").preset.empty());
  CHECK(*run.asked("play_younger").min == 6);
  CHECK(*run.asked("play_younger").max == 7);
  // the words are those of `marque hand`
  Words w = piquet().entry_words(*replay(file).state, run.answers);
  CHECK(w == Words{{"carte", "none"},
                   {"point", "Ann:5"},
                   {"seq", "Ann:quart:A"},
                   {"sets", "Ben:quatorze:10,trio:Q"},
                   {"tricks", "Ann:7"},
                   {"play", "Ann:9,Ben:6"}});
  Trial t = try_answers(piquet(), file, run.answers);
  REQUIRE(t.entry);
  CHECK(delta(t, "Ann") == 28);
  CHECK(delta(t, "Ben") == 23);
  // no pique, concession or game winner question: the record tells
  CHECK(std::find(run.keys.begin(), run.keys.end(), "pique") == run.keys.end());
}

TEST_CASE("piquet entry: sequences and sets left at none are not stored as missing", "[piquet][entry]") {
  json file = game_file(json::object());
  // the scorer who only presses Enter at sequences and sets: none, and the preview is complete
  Run run = drive(file, {"", "", "", "Ben", "6", "", "", "5", "7", "8"});
  CHECK(run.keys == Keys{"entry", "redeal", "carte", "point_winner", "point_cards", "seq_winner", "sets_winner",
                         "tricks", "play_elder", "play_younger"});
  Trial t = try_answers(piquet(), file, run.answers);
  REQUIRE(t.entry);
  CHECK(t.record["sequences"]["winner"] == "none");
  CHECK(t.record["sets"]["winner"] == "none");
  CHECK(delta(t, "Ann") == 7);           // 5 tricks, play 7
  CHECK(delta(t, "Ben") == 6 + 8 + 10);  // point 6, play 8, the cards
}

TEST_CASE("piquet entry: the pique is asked only when the record cannot tell (P-3, 4.6)", "[piquet][entry]") {
  json file = game_file(json::object());
  // P-3: 23 in declarations, 7 tricks, play 8 / 6: pique determined (71), not asked
  Run p3 = drive(file, {"", "", "", "Ann", "5", "Ann", "quint:A", "Ann", "trio:A", "7", "8", "6"});
  CHECK(p3.keys.back() == "play_younger");
  Trial t3 = try_answers(piquet(), file, p3.answers);
  REQUIRE(t3.entry);
  CHECK(delta(t3, "Ann") == 71);
  // 8 tricks, play 10 / 5: elder's opening run may be 0..7 -> asked, no preset
  Run amb = drive(file, {"", "", "", "Ann", "5", "Ann", "quint:A", "Ann", "trio:A", "8", "10", "5", "y"});
  CHECK(amb.keys.back() == "pique");
  CHECK(amb.asked("pique").preset.empty());
  CHECK(amb.asked("pique").text.find("Ann (elder)") != std::string::npos);
  Trial ta = try_answers(piquet(), file, amb.answers);
  REQUIRE(ta.entry);
  CHECK(delta(ta, "Ann") == 23 + 10 + 30 + 10);
  // removing the last answer re-asks that question
  Answers back = amb.answers;
  back.pop_back();
  auto q = piquet().next_question(*replay(file).state, back);
  REQUIRE(q);
  CHECK(q->key == "pique");
}

TEST_CASE("piquet entry: determined play points are preset (Appendix A; P-4 capot, repique)", "[piquet][entry]") {
  json file = game_file(json::object(), json::array(), "Ann");  // Ann deals: Ben is elder
  Run run = drive(file, {"", "", "", "Ann", "7", "Ann", "septieme:K,quint:K", "Ben", "quatorze:A", "12", "", ""});
  CHECK(run.asked("tricks").text.find("Ben (elder)") != std::string::npos);
  CHECK(run.asked("play_elder").preset == "13");
  CHECK(run.asked("play_younger").preset == "0");
  Trial t = try_answers(piquet(), file, run.answers);
  REQUIRE(t.entry);
  CHECK(delta(t, "Ben") == 67);
  CHECK(delta(t, "Ann") == 99);
  // younger capot: elder 1, younger 13, both preset; under last_trick_on_capot = no, 12
  Run cap = drive(game_file({{"last_trick_on_capot", "no"}}), {"", "", "", "Ben", "5", "", "", "0", "", ""});
  CHECK(cap.asked("play_elder").preset == "1");
  CHECK(cap.asked("play_younger").preset == "12");
  // 11 tricks: younger's 2 is preset once elder's 12 or 13 is given
  Run eleven = drive(file, {"", "", "", "Ben", "5", "", "", "11", "13", ""});
  CHECK(eleven.asked("play_elder").preset.empty());
  CHECK(eleven.asked("play_younger").preset == "2");
}

TEST_CASE("piquet entry: a redeal asks only the reason", "[piquet][entry]") {
  json file = game_file(json::object());
  Run run = drive(file, {"", "y", "exposed card"});
  CHECK(run.keys == Keys{"entry", "redeal", "reason"});
  CHECK(run.asked("reason").optional);
  Trial t = try_answers(piquet(), file, run.answers);
  REQUIRE(t.entry);
  CHECK(t.record == json(R"({"redeal": true, "reason": "exposed card"})"_json));
  CHECK(delta(t, "Ann") == 0);
  Run bare = drive(file, {"", "yes", ""});
  CHECK(try_answers(piquet(), file, bare.answers).record == json(R"({"redeal": true})"_json));
}

TEST_CASE("piquet entry: a totals entry, and the game winner only when required (P-9, 5.2)", "[piquet][entry]") {
  json file = game_file(R"({"mode": "rubicon"})"_json, json::array(), "Ann");
  Run run = drive(file, {"totals", "30", "15"});  // Ann deals: Ben elder, asked first
  CHECK(run.keys == Keys{"entry", "total_elder", "total_younger"});
  CHECK(run.asked("total_elder").text.find("Ben (elder)") != std::string::npos);
  CHECK(*run.asked("total_elder").max == 174);
  Trial t = try_answers(piquet(), file, run.answers);
  REQUIRE(t.entry);
  CHECK(t.record == json(R"({"entry": "totals", "totals": {"Ann": 15, "Ben": 30}})"_json));
  CHECK(delta(t, "Ann") == 15);
  // classic: both on or above the target after a totals entry -> who reached it first
  json tie = game_file(json::object(), json::array({totals(95, 95)}));
  Run end = drive(tie, {"2", "10", "12", "Ben"});
  CHECK(end.keys == Keys{"entry", "total_elder", "total_younger", "game_winner"});
  CHECK(values(end.asked("game_winner")) == Keys{"Ben", "Ann"});  // Ann deals the second deal: Ben elder
  Trial te = try_answers(piquet(), tie, end.answers);
  REQUIRE(te.entry);
  CHECK(te.entry->at("breakdown")["game_winner"] == "Ben");
  // one player over the target: not asked
  Run one = drive(tie, {"totals", "10", "2"});
  CHECK(one.keys.back() == "total_younger");
}

TEST_CASE("piquet entry: a classic game won inside the declarations asks nothing more (P-10 numbers, 5.2)",
          "[piquet][entry]") {
  // deals 1-3 as P-10: Ann 92, Ben 85; deal 4 dealt by Ben, Ann elder: point 5 -> 97, quart -> 101 in the sequences
  json file = game_file(json::object(), json::array({totals(18, 41), totals(36, 12), totals(38, 32)}), "Ann");
  Run run = drive(file, {"", "", "", "Ann", "5", "Ann", "quart:A"});
  CHECK(run.keys.back() == "seq_scored#2");
  Trial t = try_answers(piquet(), file, run.answers);
  REQUIRE(t.entry);
  CHECK(t.entry->at("breakdown")["target_reached_in"] == "sequences");
  CHECK(t.entry->at("totals")["Ann"] == 101);
  CHECK(t.warnings.empty());
  // P-10 itself: nobody at 100 before the play, both cross in it; B (Ben) wins 114 to 101
  Run p10 = drive(file, {"", "", "", "Ann", "4", "Ben", "quart:K", "Ben", "trio:J,trio:10", "4", "5", "9"});
  CHECK(p10.keys.back() == "play_younger");
  Trial t10 = try_answers(piquet(), file, p10.answers);
  REQUIRE(t10.entry);
  CHECK(delta(t10, "Ann") == 9);
  CHECK(delta(t10, "Ben") == 29);
  CHECK(t10.entry->at("breakdown")["game_winner"] == "Ben");
}

TEST_CASE("piquet entry: concession only in the final deal of a rubicon partie (4.7)", "[piquet][entry]") {
  json five = json::array({totals(15, 30), totals(75, 4), totals(45, 6), totals(32, 12), totals(6, 38)});
  json file = game_file(R"({"mode": "rubicon"})"_json, five, "Ann");  // deal 6 dealt by Ben: Ann elder
  Run run = drive(file, {"", "", "", "Ann", "5", "Ann", "quart:A", "Ben", "quatorze:10,trio:Q", "Ben"});
  CHECK(run.keys.back() == "concession");
  CHECK(run.asked("concession").preset == "none");
  Trial t = try_answers(piquet(), file, run.answers);
  REQUIRE(t.entry);
  CHECK(delta(t, "Ann") == 9 + 13 + 10);
  CHECK(delta(t, "Ben") == 17);
  // played out: tricks and play follow
  Run played = drive(file, {"", "", "", "Ann", "5", "Ann", "quart:A", "Ben", "quatorze:10,trio:Q", "", "7", "9", "6"});
  CHECK(played.keys.back() == "play_younger");
  // not the final deal: never asked
  Run first = drive(game_file({{"mode", "rubicon"}}), {"", "", "", "Ann", "5", "", "", "7", "9", "6"});
  CHECK(std::find(first.keys.begin(), first.keys.end(), "concession") == first.keys.end());
}

TEST_CASE("piquet entry: options ask their own fields (pips_rounded, old_tens; P-8)", "[piquet][entry]") {
  json file = game_file(R"({"point_scoring": "pips_rounded", "trick_scoring": "old_tens"})"_json);
  Run run = drive(file, {"", "", "", "Ann", "5", "44", "Ann", "tierce:9", "Ben", "trio:J", "7", "6", "4"});
  const Question& pips = run.asked("point_pips");
  CHECK(*pips.min == 44);
  CHECK(*pips.max == 51);
  CHECK(*run.asked("play_elder").min == 0);
  Trial t = try_answers(piquet(), file, run.answers);
  REQUIRE(t.entry);
  CHECK(delta(t, "Ann") == 23);
  CHECK(delta(t, "Ben") == 7);
  // old trick scoring never tells the pique: asked (preset no) when one is possible
  Run pique = drive(game_file(R"({"trick_scoring": "old_tens"})"_json),
                    {"", "", "", "Ann", "5", "Ann", "quint:A", "Ann", "trio:A", "7", "8", "4", ""});
  CHECK(pique.keys.back() == "pique");
  CHECK(pique.asked("pique").preset == "no");
}

TEST_CASE("piquet entry: equal sequences ask for the tied one (optional)", "[piquet][entry]") {
  json file = game_file(json::object());
  Run run = drive(file, {"", "", "", "equal", "4", "equal", "", "Ben", "quatorze:Q", "5", "7", "9"});
  CHECK(run.asked("point_cards").text == "How many cards in each point?");
  CHECK(values(run.asked("seq_equal#1")) == Keys{"none", "add", "text"});
  CHECK(run.asked("seq_equal#1").preset == "none");
  Trial t = try_answers(piquet(), file, run.answers);
  REQUIRE(t.entry);
  CHECK(t.record["sequences"]["winner"] == "equal");
  Run told = drive(file, {"", "", "", "equal", "4", "equal", "quint:K", "", "5", "7", "9"});
  CHECK(try_answers(piquet(), file, told.answers).record["sequences"]["equal_to"] ==
        json(R"({"length": 5, "top": "K"})"_json));
}

TEST_CASE("piquet entry: words typed on the command line are not asked again", "[piquet][entry]") {
  json file = game_file(json::object());
  Replay r = replay(file);
  const auto& state = *r.state;
  // a whole deal typed: nothing to ask
  CHECK_FALSE(piquet().next_question(state, {{"point", "Ann:5:49"},
                                             {"seq", "Ann:quart:A"},
                                             {"sets", "Ben:quatorze:10,trio:Q"},
                                             {"tricks", "Ann:7"},
                                             {"play", "Ann:9,Ben:6"}}));
  CHECK_FALSE(piquet().next_question(state, {{"totals", "Ann:27,Ben:13"}}));
  CHECK_FALSE(piquet().next_question(state, {{"redeal", "yes"}}));
  // only some typed: the others are asked, the typed ones are not
  Run run = drive(file, {"", "", "7", "9", "6"}, {{"point", "Ann:5"}, {"seq", "Ann:quart:A"}});
  CHECK(run.keys == Keys{"carte", "sets_winner", "tricks", "play_elder", "play_younger"});
  // an ambiguous pique typed without pique=: only the pique is asked
  auto q = piquet().next_question(state, {{"point", "Ann:5"},
                                          {"seq", "Ann:quint:A"},
                                          {"sets", "Ann:trio:A"},
                                          {"tricks", "Ann:8"},
                                          {"play", "Ann:10,Ben:5"}});
  REQUIRE(q);
  CHECK(q->key == "pique");
}

TEST_CASE("piquet entry: the engine's errors land on the question that caused them", "[piquet][entry]") {
  json file = game_file(json::object());
  Answers bad = {{"entry", "detail"},     {"redeal", "no"},     {"carte", "none"},
                 {"point_winner", "Ann"}, {"point_cards", "5"}, {"seq_winner", "Ann"}};
  auto q = piquet().next_question(*replay(file).state, bad);
  REQUIRE(q);
  REQUIRE(q->key == "seq_scored#1");
  // the pickers never offer it: a quint is headed by a ten at least, a huitieme only by the ace
  bad.emplace_back("seq_scored#1", "add");
  bad.emplace_back("seq_scored#1.len", "quint");
  CHECK(values(*piquet().next_question(*replay(file).state, bad)) == Keys{"A", "K", "Q", "J"});
  bad.pop_back();
  bad.emplace_back("seq_scored#1.len", "huitieme");
  CHECK(values(*piquet().next_question(*replay(file).state, bad)) == Keys{"A"});
  bad.pop_back();
  bad.pop_back();
  // typed in one line (the text fallback), the engine refuses it at that question
  bad.emplace_back("seq_scored#1", "text");
  q = piquet().next_question(*replay(file).state, bad);
  REQUIRE(q);
  CHECK(q->key == "seq_scored");
  CHECK(q->kind == "words");
  bad.emplace_back("seq_scored", "quint:10");  // a quint cannot be headed by a ten
  auto errors = errors_for(*q, try_answers(piquet(), file, bad).errors);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].message.find("cannot be headed by a 10") != std::string::npos);
  // a finished game asks nothing
  json over = game_file(json::object(), json::array({totals(120, 10)}));
  CHECK_FALSE(piquet().next_question(*replay(over).state, {}));
}

}  // namespace unit_test_piquet_entry
