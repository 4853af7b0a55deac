// The players' own words (core/native_words.hpp, GameRules::native_words): each native word of the glossary read as
// its id at the guided entry and on the command line (rules::native_to_ids), without regard to case or accents; an
// ambiguous word refused with the ids it could be; the ids themselves still read as before.
#include <catch2/catch.hpp>

#include "core/language.hpp"
#include "core/native_words.hpp"
#include "rules/engine.hpp"
#include "rules/entry.hpp"
#include "support/game_test.hpp"

namespace unit_test_native_words {

using namespace marque;
using namespace marque::rules;

namespace {

// the words with their native words read as ids; `error` gets the first refusal
Words ids(const std::string& game, const Words& words, std::string* error = nullptr) {
  Diagnostics d;
  Words w = native_to_ids(*find_game(game), words, d);
  if (error) *error = d.errors().empty() ? "" : d.errors().front().message;
  return w;
}

json tarot_file() {
  return R"({"format": "marque-game/1", "game": "tarot", "setup": {"players": ["Ann", "Ben", "Cat", "Dan"], "first_dealer": "Ann"}, "hands": []})"_json;
}

}  // namespace

TEST_CASE("native words: a word's key folds case, accents, final sigma, spaces and hyphens", "[language][entry]") {
  CHECK(text::NativeWords::match_key("Garde Sans") == "garde_sans");
  CHECK(text::NativeWords::match_key("garde-sans") == "garde_sans");
  CHECK(text::NativeWords::match_key("κάσα") == "κασα");
  CHECK(text::NativeWords::match_key("ΚΑΣΑ") == "κασα");
  CHECK(text::NativeWords::match_key("πολλές") == text::NativeWords::match_key("ΠΟΛΛΕΣ"));
  CHECK(text::NativeWords::match_key("Misère") == "misere");
}

TEST_CASE("native words: each game's words read as their ids on the command line", "[language][entry]") {
  // French tarot: keys and values
  CHECK(ids("tarot", {{"preneur", "Ann"}, {"contrat", "garde sans"}, {"bouts", "2"}, {"points", "47"}}) ==
        Words{{"taker", "Ann"}, {"contract", "garde_sans"}, {"oudlers", "2"}, {"points", "47"}});
  CHECK(ids("tarot", {{"contract", "Garde Contre"}, {"petit au bout", "défense"}, {"chelem", "attaque"}}) ==
        Words{{"contract", "garde_contre"}, {"petit_au_bout", "defence"}, {"chelem", "attack"}});
  CHECK(ids("tarot", {{"poignée", "Ben:simple"}, {"misère", "aucune"}}) ==
        Words{{"poignee", "Ben:simple"}, {"misere", "none"}});
  CHECK(ids("tarot", {{"type", "redonne"}, {"motif", "fausse donne"}}) ==
        Words{{"type", "redeal"}, {"reason", "misdeal"}});
  // coinche: the suits in each language
  CHECK(ids("coinche", {{"preneur", "S"}, {"enchère", "90"}, {"atout", "cœur"}, {"dix de der", "preneurs"}}) ==
        Words{{"bidder", "S"}, {"bid", "90"}, {"trump", "H"}, {"last", "bidders"}});
  CHECK(ids("coinche", {{"trump", "kőr"}}) == Words{{"trump", "H"}});
  CHECK(ids("coinche", {{"trump", "ΚΟΥΠΕΣ"}}) == Words{{"trump", "H"}});
  // alsós: the kind inside the contract's own syntax, the figurák's phase
  CHECK(ids("alsos", {{"játék", "adu:piros:Zsófi"}, {"figurák", "Bálint:kassza:elölről"}}) ==
        Words{{"contract", "trump:piros:Zsófi"}, {"figurak", "Bálint:kassza:early"}});
  CHECK(ids("alsos", {{"contract", "színtelen:Gergő"}}) == Words{{"contract", "no_trumps:Gergő"}});
  // prefa: with and without accents
  CHECK(ids("prefa", {{"κάσα", "30"}}) == Words{{"option.initial_pool", "30"}});
  CHECK(ids("prefa", {{"κασα", "30"}}) == Words{{"option.initial_pool", "30"}});
  CHECK(ids("prefa", {{"τζογαδόρος", "Eleni"}, {"αγορά", "6H"}, {"calls", "Giorgos:παίζω,Nikos:πασο"}}) ==
        Words{{"declarer", "Eleni"}, {"contract", "6H"}, {"calls", "Giorgos:play,Nikos:pass"}});
  CHECK(ids("prefa", {{"type", "ΠΟΛΛΕΣ"}}) == Words{{"type", "polles"}});
}

TEST_CASE("native words: ids, names and other words stay as typed", "[language][entry]") {
  const Words words = {{"taker", "Ann"}, {"contract", "garde"}, {"oudlers", "2"}, {"points", "47.5"}};
  CHECK(ids("tarot", words) == words);
  // a player named like a native word of another key keeps his name
  CHECK(ids("tarot", {{"taker", "Défense"}}) == Words{{"taker", "Défense"}});
  // a game without native words (piquet) leaves its words alone
  CHECK(ids("piquet", {{"preneur", "x"}}) == Words{{"preneur", "x"}});
}

TEST_CASE("native words: a word that names several ids is refused with them", "[language][entry]") {
  const text::NativeWords table{{"stroke=pic", "pique"},           {"stroke=pique", "pique"}, {"stroke=passe", "pass"},
                                {"stroke=passe", "passe_partout"}, {"joueur", "player"},      {"joueur", "players"}};
  CHECK(table.value("stroke", "PIC").id == "pique");
  CHECK(table.value("stroke", "pi", true).id == "pique");  // the beginning of two words of one id
  const auto passe = table.value("stroke", "passe");
  CHECK(passe.id.empty());
  CHECK(passe.error == "'passe' could be pass or passe_partout: type one of them");
  CHECK(table.key("joueur").error == "'joueur' could be player or players: type one of them");
  CHECK(table.value("stroke", "p").id.empty());            // no beginnings outside the guided entry
  CHECK(!table.value("stroke", "p", true).error.empty());  // pique, pass or passe_partout
  {
    text::UseLanguage fr("fr");
    CHECK(table.value("stroke", "passe").error ==
          "\u00ab\u202fpasse\u202f\u00bb peut \u00eatre pass ou passe_partout\u00a0: pr\u00e9cisez");
  }
  // the command line takes whole words only
  std::string error;
  CHECK(ids("tarot", {{"reason", "fau"}}, &error) == Words{{"reason", "fau"}});
  CHECK(error.empty());
}

TEST_CASE("native words: the guided entry reads the players' words as the choices", "[language][entry]") {
  const GameRules& tarot = *find_game("tarot");
  auto before = replay(tarot_file());
  REQUIRE(before.ok);
  Answers answers = {{"taker", "Ann"}};
  const auto q = ask_next(tarot, *before.state, answers);
  REQUIRE(q);
  REQUIRE(q->key == "contract");
  CHECK(read_entry_answer(tarot, *before.state, answers, *q, "Garde Sans").value == "garde_sans");
  CHECK(read_entry_answer(tarot, *before.state, answers, *q, "garde contre").value == "garde_contre");
  CHECK(read_entry_answer(tarot, *before.state, answers, *q, "garde").value == "garde");
  // a redeal's reason: a beginning of a native word, and one that two reasons begin with
  Answers redeal = {{"taker", "redeal"}};
  const auto why = ask_next(tarot, *before.state, redeal);
  REQUIRE(why);
  REQUIRE(why->key == "reason");
  CHECK(read_entry_answer(tarot, *before.state, redeal, *why, "fausse").value == "misdeal");
  CHECK(read_entry_answer(tarot, *before.state, redeal, *why, "Tout le monde passe").value == "all_pass");
  CHECK(read_entry_answer(tarot, *before.state, redeal, *why, "peu").value == "few_honours");
  CHECK(read_entry_answer(tarot, *before.state, redeal, *why, "ΛΑΘΟΣ ΜΟΙΡΑΣΜΑ").value == "misdeal");
  // the ids and their beginnings first, as before
  CHECK(read_entry_answer(tarot, *before.state, redeal, *why, "pe").value == "petit_sec");
}

}  // namespace unit_test_native_words
