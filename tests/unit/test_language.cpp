// The table's own language (issue 34): choosing it, the catalogues of every game in fr, hu and el (complete, every
// pattern read by ICU), numbers, percentages and dates in each language's conventions, names in its order. All of it
// with no system locale: the tests run with LC_ALL=C.
#include <catch2/catch.hpp>

#include "core/language.hpp"
#include "core/message.hpp"
#include "rules/engine.hpp"
#include "rules/registry.hpp"

namespace unit_language {

using namespace marque;
using json = nlohmann::json;

TEST_CASE("a language from a locale value, the environment or a browser", "[language]") {
  CHECK(text::language_of("fr") == "fr");
  CHECK(text::language_of("fr_FR.UTF-8") == "fr");
  CHECK(text::language_of("HU") == "hu");
  CHECK(text::language_of("el_GR@euro") == "el");
  CHECK(text::language_of("en_GB.UTF-8") == "en");
  CHECK(text::language_of("C.UTF-8").empty());
  CHECK(text::language_of("POSIX").empty());
  CHECK(text::language_of("de_DE").empty());
  CHECK(text::language_from_accept("hu-HU,hu;q=0.9,en;q=0.8") == "hu");
  CHECK(text::language_from_accept("de-DE,el;q=0.5,fr;q=0.7") == "fr");
  CHECK(text::language_from_accept("en-US,en;q=0.9,fr;q=0.5").empty());
  CHECK(text::language_from_accept("").empty());
  CHECK(text::language_from_accept("de, *;q=0.1").empty());
}

TEST_CASE("a thread speaks a language while asked to", "[language]") {
  CHECK(text::language() == "en");
  {
    text::UseLanguage fr("fr");
    CHECK(text::language() == "fr");
    text::UseLanguage unknown("de");
    CHECK(text::language() == "en");
  }
  CHECK(text::language() == "en");
}

TEST_CASE("numbers in each language's conventions", "[language]") {
  const Amount half = Amount::ratio(101, 2);  // 50.5
  CHECK(text::local_number(half, "en") == "50.5");
  CHECK(text::local_number(half, "fr") == "50,5");
  CHECK(text::local_number(half, "hu") == "50,5");
  CHECK(text::local_number(half, "el") == "50,5");
  CHECK(text::local_number(1234.5, "en") == "1234.5");
  CHECK(text::local_number(1234.5, "fr") == "1\u202f234,5");  // narrow no-break space
  CHECK(text::local_number(1234.5, "hu") == "1234,5");        // a 4-digit number ungrouped in prose
  CHECK(text::local_number(12345, "hu") == "12\u00a0345");
  CHECK(text::local_number(1234.5, "el") == "1.234,5");
  CHECK(text::local_signed(Amount::whole(93), "fr") == "+93");
  CHECK(text::local_signed(Amount::whole(-31), "el") == "-31");
  CHECK(text::local_signed(Amount::whole(0), "hu") == "0");
  CHECK(text::local_signed(Amount::whole(93), "en") == "+93");
  CHECK(text::local_number(Amount::ratio(1, 3), "fr") == "0,33");
}

TEST_CASE("percentages and dates in each language's conventions", "[language]") {
  CHECK(text::local_percent(0.25, "fr") == "25\u00a0%");
  CHECK(text::local_percent(0.25, "hu") == "25%");
  CHECK(text::local_percent(0.25, "el") == "25%");
  CHECK(text::local_percent(0.25, "en") == "25%");
  CHECK(text::local_date("2026-11-26", "en") == "2026-11-26");
  CHECK(text::local_date("2026-11-26", "fr") == "26/11/2026");
  CHECK(text::local_date("2026-11-26", "hu") == "2026. 11. 26.");
  CHECK(text::local_date("2026-11-26", "el") == "26/11/2026");
  CHECK(text::local_date("2026-11-26", "fr", true) == "jeudi 26 novembre 2026");
  CHECK(text::local_date("2026-11-26", "hu", true) == "2026. november 26., csütörtök");
  CHECK(text::local_date("2026-11-26", "el", true) == "Πέμπτη 26 Νοεμβρίου 2026");
  CHECK(text::local_date("not a date", "fr") == "not a date");
}

TEST_CASE("names in each language's order", "[language]") {
  std::vector<std::string> hu = {"Csaba", "Czakó", "Cecil", "Gyula", "Gábor", "Zsolt", "Zoltán", "Sándor", "Szabó"};
  text::sort_names(hu, "hu");
  CHECK(hu ==
        std::vector<std::string>{"Cecil", "Czakó", "Csaba", "Gábor", "Gyula", "Sándor", "Szabó", "Zoltán", "Zsolt"});
  std::vector<std::string> el = {"Ελένη", "Έλενα", "Αλέξης", "Άγγελος", "Ann"};
  text::sort_names(el, "el");
  // accents secondary; CLDR's Greek order puts the Greek script before the Latin (the glossary says the reverse, but
  // credits ICU for it: ICU 72 sorts this way)
  CHECK(el == std::vector<std::string>{"Άγγελος", "Αλέξης", "Έλενα", "Ελένη", "Ann"});
  CHECK(!text::collate_less("Οδυσσεύς", "ΟΔΥΣΣΕΥΣ", "el"));  // final sigma and accents secondary to the letters
  CHECK(text::collate_less("cote", "côte", "fr"));
  CHECK(text::collate_less("côte", "coté", "en") == text::collate_less("côte", "coté", "fr"));
}

TEST_CASE("every game's words are translated in fr, hu and el, and every pattern reads", "[language]") {
  for (const auto* game : rules::all_games()) {
    const text::Catalogue& english = game->catalogue();
    size_t ids = 0;
    for (const text::Catalogue* c = &english; c; c = c->fallback) ids += c->patterns.size();
    for (const char* lang : {"fr", "hu", "el"}) {
      const text::Catalogue& local = text::localized(english, lang);
      INFO(game->id() << " " << lang << " (the catalogues: " << text::locale_dir() << ")");
      CHECK(local.locale == lang);
      for (const auto& [id, pattern] : local.patterns) {
        INFO(id << ": " << pattern);
        CHECK(text::pattern_problem(pattern, lang).empty());
      }
      // the language's .mo is found and read: most patterns differ from the English (those equal to it, "{item}{rest}"
      // or a game term kept, are not in `patterns`; the catalogues' completeness is i18n_catalogues's)
      CHECK(local.patterns.size() * 2 >= ids);
    }
  }
}

// marque rules GAME says each field's and option's description in the language, found by its id GAME.field.NAME or
// GAME.option.ID (rules/common/help_text.hpp): a description whose id does not match its name stays English here
TEST_CASE("every game's fields and options are described in fr, hu and el", "[language]") {
  for (const auto* game : rules::all_games()) {
    const std::string g(game->id());
    std::vector<std::pair<std::string, std::string>> described;
    for (const auto& f : game->fields()) described.emplace_back(g + ".field." + f.name, f.help);
    for (const auto& o : game->options()) described.emplace_back(g + ".option." + o.id, o.help);
    for (const auto& [id, help] : described)
      for (const char* lang : {"fr", "hu", "el"}) {
        INFO(id << " in " << lang << ": " << help);
        CHECK(text::translate(id, help, lang) != help);
      }
  }
}

TEST_CASE("a tarot hand and result said in French, Hungarian and Greek", "[language]") {
  const auto* tarot = rules::find_game("tarot");
  REQUIRE(tarot);
  text::Message hand("tarot.hand");
  hand.text("taker", "Ann")
      .text("contract", "garde")
      .message("partner", text::Message())
      .message("outcome", text::Message("tarot.outcome.made").amount("margin", Amount::ratio(19, 2)))
      .message("bonuses", text::Message());
  CHECK(text::say(hand, tarot->catalogue()) == "Ann's garde made by 9.5");
  CHECK(text::say(hand, text::localized(tarot->catalogue(), "fr")) == "Ann\u00a0: garde, passée de 9,5");
  CHECK(text::say(hand, text::localized(tarot->catalogue(), "hu")) == "Ann: garde, 9,5 ponttal sikerült");
  CHECK(text::say(hand, text::localized(tarot->catalogue(), "el")) == "Ann: garde, βγήκε με 9,5");
  text::Message result("tarot.result");
  result.text("leaders", "Ann")
      .text("over", "yes")
      .text("tie", "no")
      .amount("points", Amount::whole(1234))
      .number("deals", 12)
      .message("rest", text::Message())
      .message("pay", text::Message());
  CHECK(text::say(result, tarot->catalogue()) == "Ann wins with 1234 points after 12 deals");
  CHECK(text::say(result, text::localized(tarot->catalogue(), "fr")) ==
        "Ann gagne avec 1\u202f234 points après 12 donnes");
  CHECK(text::say(result, text::localized(tarot->catalogue(), "hu")) == "Győztes: Ann, 1234 pont, 12 leosztás után");
  CHECK(text::say(result, text::localized(tarot->catalogue(), "el")) ==
        "Νικητής: Ann, με 1.234 πόντους σε 12 διανομές");
}

}  // namespace unit_language

namespace unit_language {

TEST_CASE("a set-up refusal keeps its English message and quotes a typed value in the reader's quotes", "[language]") {
  const auto* tarot = rules::find_game("tarot");
  REQUIRE(tarot);
  Diagnostics d;
  CHECK(!tarot->start(json{{"players", {"Ann", "Ben", "Cat"}}, {"first_dealer", "Zoé"}}, d));
  REQUIRE(d.errors().size() == 1);
  const Diagnostic refusal = d.errors().front();
  CHECK(refusal.message == "'Zoé' is not one of the players; the first dealer must be one of them");
  CHECK(refusal.said() == refusal.message);
  {
    text::UseLanguage fr("fr");
    CHECK(refusal.said() ==
          "\u00ab\u202fZoé\u202f\u00bb n'est pas un des joueurs\u202f; le premier donneur doit en être un");
  }
  {
    text::UseLanguage hu("hu");
    CHECK(refusal.said().rfind("\u201eZoé\u201d nem", 0) == 0);
  }
  {
    text::UseLanguage el("el");
    CHECK(refusal.said().find("\u00abZoé\u00bb") != std::string::npos);
  }
}

TEST_CASE("a front end's text with arguments in the language this thread speaks", "[language]") {
  using marque::text::Message;
  const auto said = [] {
    return marque::text::tr("report.history.add", "hand {no} added: {record}",
                            Message().number("no", 1234).text("record", "taker Ann"));
  };
  CHECK(said() == "hand 1234 added: taker Ann");
  {
    marque::text::UseLanguage fr("fr");
    CHECK(said() == "donne 1\u202f234 ajoutée\u00a0: taker Ann");
    CHECK(marque::text::tr("cli.nothing_stored", "nothing was stored") == "rien n'a été enregistré");
  }
  {
    marque::text::UseLanguage hu("hu");
    CHECK(said() == "1234. leosztás rögzítve: taker Ann");
  }
  {
    marque::text::UseLanguage el("el");
    CHECK(said() == "διανομή 1.234, καταχώριση: taker Ann");
  }
  // a message no catalogue has: its English
  marque::text::UseLanguage fr("fr");
  CHECK(marque::text::tr("test.unknown", "as {it} is", Message().text("it", "it")) == "as it is");
}

}  // namespace unit_language
