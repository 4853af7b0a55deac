// The printed sheets in the table's own language (issue 34): each game's example sheet made while a thread speaks
// French, Hungarian or Greek says its headings in that language and writes its numbers in that language's format;
// made in English it is what it always was; the chart's words follow (reports/sheet_render).
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "core/language.hpp"
#include "reports/sheet_render.hpp"
#include "rules/engine.hpp"

namespace unit_sheet_language {

using namespace marque;
using json = nlohmann::json;

// the example game's sheet, made in `lang`
sheet::Sheet example_sheet(const std::string& game, const std::string& lang) {
  std::ifstream in(std::string(MARQUE_SOURCE_DIR) + "/examples/" + game + ".json");
  std::stringstream s;
  s << in.rdbuf();
  const json file = json::parse(s.str());
  rules::Replay r = rules::replay(file);
  REQUIRE(r.ok);
  text::UseLanguage speaking(lang);
  return r.rules->score_sheet(file, r.score);
}

std::string titles(const sheet::Sheet& s) {
  std::string out;
  for (const auto& b : s.blocks)
    if (b.table)
      for (const auto& c : b.table->columns) out += c.title + "|";
  return out;
}

std::string text_of(const sheet::Sheet& s, const std::string& lang) {
  text::UseLanguage speaking(lang);
  return reports::sheet_text(s) + reports::chart_text(s);
}

TEST_CASE("each game's sheet in its home language: headings and numbers", "[language][sheet]") {
  const sheet::Sheet coinche = example_sheet("coinche", "fr");
  CHECK(titles(coinche).find("Donneur|Contrat|Résultat|NOUS donne|NOUS cumul") != std::string::npos);
  const std::string coinche_text = text_of(coinche, "fr");
  CHECK(coinche_text.find("2\u202f150") != std::string::npos);  // the winners' total, grouped
  CHECK(coinche_text.find("Vainqueur\u00a0: EUX (EW) - NOUS 1\u202f640 - EUX 2\u202f150") != std::string::npos);
  CHECK(coinche_text.find("totaux cumulés, donnes 1-13") != std::string::npos);

  const sheet::Sheet tarot = example_sheet("tarot", "fr");
  CHECK(tarot.title == "Tarot");
  CHECK(titles(tarot).find("Don.|Preneur(+Appelé)|Contrat|Bouts|Points|Résultat") != std::string::npos);

  const sheet::Sheet piquet = example_sheet("piquet", "fr");
  CHECK(titles(piquet).find("donne|donneur") != std::string::npos);

  const sheet::Sheet alsos = example_sheet("alsos", "hu");
  CHECK(titles(alsos).find("Osztó|Vállalás|Figurák") != std::string::npos);
  CHECK(text_of(alsos, "hu").find("elszámolás (pénz):") != std::string::npos);

  const sheet::Sheet prefa = example_sheet("prefa", "el");
  CHECK(titles(prefa).find("μοιράζει|τζογαδόρος|αγορά|άμυνα|μπάζες") != std::string::npos);
  const std::string prefa_text = text_of(prefa, "el");
  CHECK(prefa_text.find("Κιτάπι πρέφας") != std::string::npos);
  CHECK(prefa_text.find(",67") != std::string::npos);  // twelfths with a decimal comma
  CHECK(prefa_text.find(".67") == std::string::npos);
}

TEST_CASE("a sheet made in English is the English sheet", "[language][sheet]") {
  const sheet::Sheet coinche = example_sheet("coinche", "en");
  CHECK(titles(coinche).find("Dealer|Contract|Result|NOUS hand|NOUS total") != std::string::npos);
  const std::string text = text_of(coinche, "en");
  CHECK(text.find("Winner: EUX (EW) - NOUS 1640 - EUX 2150") != std::string::npos);
  CHECK(text.find("running totals, hands 1-13") != std::string::npos);
  const sheet::Sheet prefa = example_sheet("prefa", "en");
  CHECK(text_of(prefa, "en").find("Prefa score sheet") != std::string::npos);
}

}  // namespace unit_sheet_language
