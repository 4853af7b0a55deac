// The last English surfaces of issue 34 said in the reader's language: the games' list with the language's "or",
// piquet's record labels, the scoring warnings and refusals that were plain English, tarot's internal error. English
// stays as it was.
#include <catch2/catch.hpp>

#include "core/diag.hpp"
#include "core/labels.hpp"
#include "core/language.hpp"
#include "core/message.hpp"
#include "rules/engine.hpp"
#include "rules/registry.hpp"

namespace unit_language_rest {

using namespace marque;
using json = nlohmann::json;

TEST_CASE("the games' list joined with the language's 'or'", "[language]") {
  const text::Catalogue& english = rules::default_catalogue();
  const std::string listed = rules::game_list("or");  // "tarot, coinche, ... or alsos" (a sixth game when registered)
  CHECK(text::say(rules::game_list_words(), english) == listed);
  for (const auto& [lang, word] :
       std::vector<std::pair<const char*, std::string>>{{"fr", " ou "}, {"hu", " vagy "}, {"el", " ή "}}) {
    std::string said = listed;
    said.replace(said.rfind(" or "), 4, word);
    CHECK(text::say(rules::game_list_words(), text::localized(english, lang)) == said);
  }
}

TEST_CASE("tarot's internal error keeps its English message and is said in the language", "[language]") {
  const auto* tarot = rules::find_game("tarot");
  REQUIRE(tarot);
  Diagnostics d;
  d.error("", "E_INTERNAL", text::Message("tarot.err.internal").number("sum", 1234), tarot->catalogue());
  const Diagnostic internal = d.errors().front();
  CHECK(internal.message == "internal error: the deltas of this hand sum to 1234, not 0; please report");
  {
    text::UseLanguage fr("fr");
    CHECK(internal.said().find("merci de le signaler") != std::string::npos);
    CHECK(internal.said().find("1\u202f234") != std::string::npos);
  }
  {
    text::UseLanguage hu("hu");
    CHECK(internal.said().rfind("belső hiba", 0) == 0);
  }
  {
    text::UseLanguage el("el");
    CHECK(internal.said().rfind("εσωτερικό σφάλμα", 0) == 0);
  }
}

TEST_CASE("piquet's record labels in French, Hungarian and Greek", "[language]") {
  const auto* piquet = rules::find_game("piquet");
  REQUIRE(piquet);
  const text::Labels& labels = piquet->labels();
  const json record = R"({"carte_blanche": "elder", "pique": true})"_json;
  const std::string english = labels.record(record);
  CHECK(english == "carte blanche elder · pique");
  const std::vector<std::pair<const char*, const char*>> said = {
      {"fr", "cartes blanches premier · pic"},
      {"hu", "carte blanche: premier · pic"},
      {"el", "carte blanche: πρώτος · pic"},
  };
  for (const auto& [lang, words] : said) {
    text::UseLanguage in(lang);
    CHECK(labels.record(record) == words);
    REQUIRE(labels.find("carte=none"));
    CHECK(*labels.find("carte=none") != "no carte blanche");
  }
  CHECK(labels.record(record) == english);
}

TEST_CASE("the scoring warnings once built from English strings are said in the language", "[language]") {
  const auto* alsos = rules::find_game("alsos");
  const auto* prefa = rules::find_game("prefa");
  REQUIRE(alsos);
  REQUIRE(prefa);
  Diagnostics d;
  d.warning("card_points", "alsos.unused_fact",
            text::Message("alsos.warn.unused_fact").text("key", "card_points").text("kind", "betli"),
            alsos->catalogue());
  d.warning("pools", "prefa.overflow_lapsed", text::Message("prefa.warn.overflow_lapsed").number("points", 1),
            prefa->catalogue());
  d.warning("pools", "prefa.overflow_lapsed", text::Message("prefa.warn.overflow_lapsed").number("points", 1234),
            prefa->catalogue());
  const auto& w = d.items();
  REQUIRE(w.size() == 3);
  CHECK(w[0].message == "card_points is not used in betli and is ignored");
  CHECK(w[1].message == "pools exhausted: 1 pool point lapsed");
  CHECK(w[2].message == "pools exhausted: 1234 pool points lapsed");
  {
    text::UseLanguage hu("hu");
    CHECK(w[0].said() == "card_points: betli játékban nem számít, figyelmen kívül marad");
    CHECK(w[1].said() == "a kasszák kiürültek: 1 kasszapont elveszett");
  }
  {
    text::UseLanguage fr("fr");
    CHECK(w[1].said() == "caisses épuisées\u00a0: 1 point de caisse perdu");
    CHECK(w[2].said() == "caisses épuisées\u00a0: 1\u202f234 points de caisse perdus");
  }
  {
    text::UseLanguage el("el");
    CHECK(w[2].said() == "οι κάσες τελείωσαν: χάθηκαν 1.234 πόντοι κάσας");
  }
}

}  // namespace unit_language_rest
