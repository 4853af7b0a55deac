// Issue 34's errors of files, imports and corrections said in the reader's language: a text that is not JSON (its
// position and what the parser read last, the parser's English words in English only), a CSV row refused by the
// game's rules (the game's words said in the language inside the row's), a refusal that frames another one already
// said (its English message kept), a date. English stays as it was.
#include <catch2/catch.hpp>

#include <functional>

#include "app/front.hpp"
#include "core/date.hpp"
#include "core/diag.hpp"
#include "core/language.hpp"
#include "importers/csv_importer.hpp"
#include "importers/json_importer.hpp"

namespace unit_language_files {

using namespace marque;

Diagnostic refusal_of(const std::function<void()>& run) {
  try {
    run();
  } catch (const Rejected& r) {
    REQUIRE(!r.diagnostics().errors().empty());
    return r.diagnostics().errors().front();
  }
  FAIL("not refused");
  return {};
}

TEST_CASE("a text that is not JSON: its position in the language, the parser's words in English only", "[language]") {
  const Diagnostic d = refusal_of([] { importers::parse_json_text("{\"format\": \"marque-game/1\", x}", "f.json"); });
  CHECK(d.code == "file.json");
  CHECK(d.message ==
        "not valid JSON (parse error at line 1, column 29: syntax error while parsing object key - invalid literal; "
        "last read: '\"marque-game/1\", x'; expected string literal)");
  CHECK(d.said() == d.message);
  {
    text::UseLanguage fr("fr");
    CHECK(d.said() ==
          "JSON non valide à la ligne 1, colonne 29 (dernier texte lu\u00a0: «\u202f\"marque-game/1\", x\u202f»)");
  }
  {
    text::UseLanguage hu("hu");
    CHECK(d.said() == "érvénytelen JSON: 1. sor, 29. oszlop (utoljára olvasott szöveg: „\"marque-game/1\", x”)");
  }
  // a parser's refusal that names no text read: its words quoted, the position said in the language
  const Diagnostic end = refusal_of([] { importers::parse_json_text("[1,", "f.json"); });
  text::UseLanguage el("el");
  CHECK(end.said().rfind("μη έγκυρο JSON στη γραμμή 1, στήλη ", 0) == 0);
}

TEST_CASE("a CSV row refused by the game's rules: the row's place, the game's words in the language", "[language]") {
  const std::string csv = "game,players,contract,taker,points,oudlers\ntarot,\"Ann,Ben,Cat\",garde,Ann,99,2\n";
  const Diagnostic d = refusal_of([&] { importers::import_csv(csv, "r.csv"); });
  CHECK(d.code == "csv.row");
  CHECK(d.message.rfind("r.csv:2: points: 99 ", 0) == 0);
  std::string french;
  {
    text::UseLanguage fr("fr");
    // said when the row was refused: in English here, as the refusal was made in English
    CHECK(d.said() == "r.csv:2\u00a0: points\u00a0: " + d.message.substr(std::string("r.csv:2: points: ").size()));
    const Diagnostic again = refusal_of([&] { importers::import_csv(csv, "r.csv"); });
    CHECK(again.message == d.message);  // the English message whatever the language
    french = again.said();
  }
  CHECK(french.rfind("r.csv:2\u00a0: points\u00a0: 99 dépasse 91", 0) == 0);
}

TEST_CASE("a refusal framing another already said keeps its English message", "[language]") {
  text::Catalogue english;
  english.add("x.frame", "hand {hand} no longer fits: {message}");
  Diagnostics d;
  d.error("", "x.code", text::Message("x.frame").text("hand", "2").text("message", "said elsewhere"),
          text::Message("x.frame").text("hand", "2").text("message", "the English"), english);
  CHECK(d.errors().front().message == "hand 2 no longer fits: the English");
  CHECK(d.errors().front().said() == "hand 2 no longer fits: the English");  // English: the message
  text::UseLanguage fr("fr");
  CHECK(d.errors().front().said() == "hand 2 no longer fits: said elsewhere");  // no translation: the words
}

TEST_CASE("a date's problem said in the language", "[language]") {
  CHECK(app::date_problem_said("2026-11-20").empty());
  for (const char* bad : {"2026-02-30", "20261120", "0000-01-01", "2026-13-01", "2024-02-30"})
    CHECK(app::date_problem_said(bad) == date_problem(bad));
  text::UseLanguage fr("fr");
  CHECK(app::date_problem_said("2026-02-30") == "pas une date\u00a0: février 2026 a 28 jours");
  CHECK(app::date_problem_said("2024-02-30") == "pas une date\u00a0: février 2024 a 29 jours");
  CHECK(app::date_problem_said("2026-13-01") == "pas une date\u00a0: le mois va de 01 à 12");
}

}  // namespace unit_language_files
