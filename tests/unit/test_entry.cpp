// Guided entry as the terminal and the web form run it (rules/entry.hpp: ask_next, read_entry_answer), for every
// game: an answer may be any word one-line entry takes for that field (aliases, suit symbols, case, accents),
// and a player keeps his number, his seat, from question to question (issue 29).
#include <catch2/catch.hpp>

#include "rules/engine.hpp"
#include "rules/entry.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_entry {

using namespace marque;
using namespace marque::rules;

namespace {

json file_of(const std::string& game, json setup) {
  return {{"format", "marque-game/1"}, {"game", game}, {"setup", std::move(setup)}, {"hands", json::array()}};
}

json tarot_file(json players) {
  return file_of("tarot", {{"players", players}, {"first_dealer", "Ann"}, {"options", json::object()}});
}

// The table before the hand and the answers so far: the question guided entry asks next and how it reads a line.
struct Table {
  const GameRules& rules;
  Replay before;
  Answers answers;

  Table(const std::string& game, const json& file, Answers given = {})
      : rules(*find_game(game)), before(replay(file)), answers(std::move(given)) {
    REQUIRE(before.ok);
  }
  Question next() const {
    auto q = ask_next(rules, *before.state, answers);
    REQUIRE(q.has_value());
    return *q;
  }
  // the value a typed line gives the next question, or "error: ..."
  std::string read(const std::string& typed) const {
    Reading r = read_entry_answer(rules, *before.state, answers, next(), typed);
    return r.error.empty() ? r.value : "error: " + r.error;
  }
  std::vector<std::pair<int, std::string>> numbered() const {
    std::vector<std::pair<int, std::string>> out;
    for (const auto& c : next().choices) out.emplace_back(c.number, c.value);
    return out;
  }
};

using Numbered = std::vector<std::pair<int, std::string>>;

}  // namespace

TEST_CASE("guided entry: a choice takes the words one-line entry takes", "[entry]") {
  SECTION("tarot: contracts by their sheet abbreviations and with a space; sides and poignée levels by letter") {
    Table t("tarot", tarot_file({"Ann", "Ben", "Cat", "Dan"}), {{"taker", "Ben"}});
    REQUIRE(t.next().key == "contract");
    CHECK(t.read("GS") == "garde_sans");
    CHECK(t.read("gc") == "garde_contre");
    CHECK(t.read("garde sans") == "garde_sans");
    CHECK(t.read("Garde-Sans") == "garde_sans");
    CHECK(t.read("G") == "garde");
    CHECK(t.read("P") == "prise");
    CHECK(t.read("nonsense").rfind("error: 'nonsense' is not one of: prise, garde", 0) == 0);
    t.answers = {{"taker", "Ben"}, {"contract", "garde"}, {"oudlers", "2"}, {"points", "45"}};
    REQUIRE(t.next().key == "petit_au_bout");
    CHECK(t.read("a") == "attack");
    CHECK(t.read("def") == "defence");
    t.answers.insert(t.answers.end(), {{"petit_au_bout", "none"}, {"poignee", "Ben"}});
    REQUIRE(t.next().key == "poignee.Ben");
    CHECK(t.read("d") == "double");
    CHECK(t.read("TP") == "triple");
    t.answers.insert(t.answers.end(), {{"poignee.Ben", "simple"}, {"chelem", "none"}});
    REQUIRE(t.next().key == "chelem_announced");
    CHECK(t.read("on") == "yes");
    CHECK(t.read("off") == "no");
    CHECK(t.read("maybe") == "error: answer yes or no");
  }
  SECTION("coinche: the trump suit by symbol, letter, English or French name") {
    json file = file_of(
        "coinche",
        R"({"seats": {"N": "Nina", "E": "Emil", "S": "Sara", "W": "Will"}, "first_dealer": "W", "options": {}})"_json);
    Table t("coinche", file, {{"dealer", "W"}, {"redeal", "played"}, {"bidder", "S"}, {"bid", "90"}});
    REQUIRE(t.next().key == "trump");
    CHECK(t.read("\u2665") == "H");
    CHECK(t.read("coeur") == "H");
    CHECK(t.read("Hearts") == "H");
    CHECK(t.read("\u2663") == "C");
    CHECK(t.read("carreau") == "D");
  }
  SECTION("alsos: a suit in any case, with or without its accents") {
    json file = file_of("alsos", R"({"players": ["A", "B", "C"], "first_dealer": "A", "options": {}})"_json);
    Table t("alsos", file, {{"dealer", "A"}, {"kind", "trump"}, {"declarer", "B"}});
    REQUIRE(t.next().key == "trump");
    CHECK(t.read("TÖK") == "tok");
    CHECK(t.read("zöld") == "zold");
    CHECK(t.read("Piros") == "piros");
  }
  SECTION("a player's name in another case, in any script") {
    Table t("tarot", tarot_file(R"(["Ann", "Élodie", "Νίκος", "Dan"])"_json));
    REQUIRE(t.next().key == "taker");
    CHECK(t.read("ÉLODIE") == "Élodie");
    CHECK(t.read("νίκος") == "Νίκος");
  }
}

TEST_CASE("guided entry: a player's number is his seat in every question of the hand", "[entry]") {
  SECTION("tarot, five players: the partner question leaves the taker out but keeps the others' numbers") {
    Table t("tarot", tarot_file(R"(["Ann", "Ben", "Cat", "Dan", "Eve"])"_json));
    CHECK(t.numbered() == Numbered{{1, "Ann"}, {2, "Ben"}, {3, "Cat"}, {4, "Dan"}, {5, "Eve"}, {6, "redeal"}});
    t.answers = {{"taker", "Cat"}, {"contract", "garde"}};
    REQUIRE(t.next().key == "partner");
    CHECK(t.numbered() == Numbered{{1, "Ann"}, {2, "Ben"}, {4, "Dan"}, {5, "Eve"}, {6, "self"}, {7, "none"}});
    CHECK(t.read("4") == "Dan");
    CHECK(t.read("7") == "none");
    CHECK(t.read("3").rfind("error:", 0) == 0);  // the taker's own number
  }
  SECTION("piquet: the players in seat order, whoever is elder, then the other answers") {
    json file = file_of("piquet", R"({"players": ["Ann", "Ben"], "first_dealer": "Ann", "options": {}})"_json);
    Table t("piquet", file, {{"entry", "detail"}, {"redeal", "no"}});
    REQUIRE(t.next().key == "carte");
    CHECK(t.numbered() == Numbered{{1, "Ann"}, {2, "Ben"}, {3, "none"}});  // Ben is elder (Ann deals)
    CHECK(t.read("1") == "Ann");
    CHECK(t.read("") == "none");
  }
  SECTION("coinche: the seats keep their numbers N 1, E 2, S 3, W 4 when only a team is offered") {
    json file = file_of(
        "coinche",
        R"({"seats": {"N": "Nina", "E": "Emil", "S": "Sara", "W": "Will"}, "first_dealer": "W", "options": {}})"_json);
    Table t("coinche", file, {{"dealer", "W"}, {"redeal", "played"}, {"bidder", "S"}, {"bid", "90"}, {"trump", "H"}});
    REQUIRE(t.next().key == "coinche");
    CHECK(t.numbered() == Numbered{{2, "E"}, {4, "W"}, {5, "no"}});
    CHECK(t.read("4") == "W");
    CHECK(t.read("Will") == "W");
  }
  SECTION("prefa: the declarer question numbers the players by seat") {
    json file = file_of("prefa",
                        R"({"players": ["A", "B", "C"], "initial_pool": 31, "first_dealer": "A", "options": {}})"_json);
    Table t("prefa", file, {{"type", "contract"}});
    REQUIRE(t.next().key == "declarer");
    CHECK(t.numbered() == Numbered{{1, "A"}, {2, "B"}, {3, "C"}});
  }
}

TEST_CASE("guided entry: a choice's id reads with spaces in the list and in the refusal, and is typed so", "[entry]") {
  const Question q = ask_choice("redeal", "Was the hand played?", choices_of({"played", "all_pass", "misdeal"}));
  const Reading wrong = read_answer(q, "garde");
  CHECK(wrong.error == "'garde' is not one of: played, all pass, misdeal");
  CHECK(read_answer(q, "all pass").value == "all_pass");
  CHECK(shown("garde_sans") == "garde sans");
  CHECK(shown("Zoë_B") == "Zoë_B");  // a name stays as it is
}

TEST_CASE("a list asked as pickers: one item at a time, one part at a time, folded into the one-line syntax",
          "[entry][list]") {
  ListAsk l;
  l.key = "annonce";
  l.first = "Announcements?";
  l.add = "add an announcement";
  l.another = "Another announcement?";
  l.typed = ask_choice("annonce", "Announcements?", {});
  l.typed.kind = "words";
  l.typed.help = "PLAYER:TYPE";
  l.typed.fields = {"annonce", "announcements"};
  l.next_part = [](const std::vector<ListItem>& earlier, const ListItem& cur) -> std::optional<Question> {
    if (!cur.part("who")) {
      std::vector<Choice> who;  // a player announces once (the legal choices only)
      for (const char* p : {"N", "E"})
        if (std::none_of(earlier.begin(), earlier.end(), [&](const ListItem& i) { return *i.part("who") == p; }))
          who.push_back({p, ""});
      return ask_choice("who", "Who?", who);
    }
    if (!cur.part("type")) return ask_choice("type", "Which?", {{"tierce", ""}, {"cent", ""}});
    return std::nullopt;
  };

  Answers a;
  auto q = ask_list(l, a);
  REQUIRE(q);
  CHECK(q->key == "annonce#1");
  CHECK(q->preset == "none");
  CHECK(q->fields == std::vector<std::string>{"annonce", "announcements"});
  a.emplace_back("annonce#1", "add");
  q = ask_list(l, a);
  REQUIRE(q);
  CHECK(q->key == "annonce#1.who");
  CHECK(q->choices.size() == 2);
  a.emplace_back("annonce#1.who", "N");
  CHECK(ask_list(l, a)->key == "annonce#1.type");
  a.emplace_back("annonce#1.type", "tierce");
  CHECK(fold_list(l, a) == Answers{{"annonce", "N:tierce"}});
  q = ask_list(l, a);
  CHECK(q->key == "annonce#2");
  CHECK(q->preset == "done");
  a.emplace_back("annonce#2", "add");
  q = ask_list(l, a);
  REQUIRE(q->choices.size() == 1);  // N has announced
  CHECK(q->choices[0].value == "E");
  a.emplace_back("annonce#2.who", "E");
  CHECK(fold_list(l, a) == Answers{{"annonce", "N:tierce"}});  // item 2 is not complete yet
  a.emplace_back("annonce#2.type", "cent");
  a.emplace_back("annonce#3", "done");
  CHECK_FALSE(ask_list(l, a));
  CHECK(list_items(l, a).size() == 2);
  Answers with_others = {{"bidder", "N"}};
  with_others.insert(with_others.end(), a.begin(), a.end());
  with_others.emplace_back("belote", "none");
  CHECK(fold_list(l, with_others) == Answers{{"bidder", "N"}, {"annonce", "N:tierce,E:cent"}, {"belote", "none"}});
  CHECK(is_list_key("annonce#2.who"));
  CHECK_FALSE(is_list_key("poignee.Ann"));

  // none: folds to an empty answer (left out); text: the one-line syntax asked as the field itself
  CHECK(fold_list(l, {{"annonce#1", "none"}}) == Answers{{"annonce", ""}});
  CHECK_FALSE(ask_list(l, {{"annonce#1", "none"}}));
  q = ask_list(l, {{"annonce#1", "text"}});
  REQUIRE(q);
  CHECK(q->key == "annonce");
  CHECK(q->kind == "words");
  Answers typed = {{"annonce#1", "text"}, {"annonce", "W:tierce"}};
  CHECK_FALSE(ask_list(l, typed));
  CHECK(fold_list(l, typed) == Answers{{"annonce", "W:tierce"}});
  // a word given on the command line answers the list
  CHECK_FALSE(ask_list(l, {{"annonce", "W:cent"}}));
  // at most max_items
  l.max_items = 1;
  CHECK_FALSE(ask_list(l, {{"annonce#1", "add"}, {"annonce#1.who", "N"}, {"annonce#1.type", "cent"}}));
  // at least min_items: neither none nor done before them, add preset
  l.max_items = 0;
  l.min_items = 1;
  q = ask_list(l, {});
  REQUIRE(q);
  CHECK(q->preset == "add");
  CHECK(q->choices.size() == 2);  // add, text
  CHECK(q->choices[1].value == "text");
  q = ask_list(l, {{"annonce#1", "add"}, {"annonce#1.who", "N"}, {"annonce#1.type", "cent"}});
  CHECK(q->key == "annonce#2");
  CHECK(q->preset == "done");
}

TEST_CASE("a list's legal choices: those some legal complete item agreeing with the parts so far makes",
          "[entry][list]") {
  const std::vector<ListItem> all = {{{{"len", "3"}, {"top", "A"}}},
                                     {{{"len", "3"}, {"top", "9"}}},
                                     {{{"len", "5"}, {"top", "A"}}}};
  auto no_nine = [](const ListItem& i) { return *i.part("top") != "9"; };
  const std::vector<Choice> lens = {{"3", ""}, {"4", ""}, {"5", ""}};
  auto v = [](const std::vector<Choice>& c) {
    std::vector<std::string> out;
    for (const auto& x : c) out.push_back(x.value);
    return out;
  };
  CHECK(v(legal_choices(ListItem{}, "len", lens, all, no_nine)) == std::vector<std::string>{"3", "5"});
  const ListItem three{{{"len", "3"}}};
  CHECK(v(legal_choices(three, "top", {{"A", ""}, {"9", ""}, {"K", ""}}, all, no_nine)) ==
        std::vector<std::string>{"A"});
}

}  // namespace unit_test_entry
