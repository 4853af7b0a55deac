// Untrusted input (issue 14): the one JSON reader, the streamed import, UTF-8 and clipped messages.
#include <catch2/catch.hpp>

#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/app.hpp"
#include "app/internal.hpp"
#include "importers/csv_importer.hpp"
#include "importers/json_importer.hpp"
#include "rules/engine.hpp"
#include "support/game_test.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_input {

using namespace marque;
namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

using marque::test::read_text;

// the message of the Rejected that parsing `text` throws, or "" when it parses
std::string refusal(const std::string& text) {
  try {
    importers::parse_json_text(text, "t.json");
  } catch (const Rejected& e) {
    return e.diagnostics().errors().front().text();
  }
  return "";
}

std::string nested(int depth) {
  return std::string(static_cast<size_t>(depth), '[') + std::string(static_cast<size_t>(depth), ']');
}

}  // namespace

namespace {
// every document as its own source, in one import (one transaction)
marque::app::ImportOutcome import_docs(marque::app::Session& store,
                                       const std::vector<marque::app::SourceDocument>& docs, bool dry_run) {
  return marque::app::import_sources(
      store, docs.size(), [&](size_t i) { return std::vector{docs[i]}; }, dry_run);
}
}  // namespace

TEST_CASE("input: the JSON reader refuses nesting deeper than the limit, before building anything", "[input]") {
  CHECK(refusal(nested(importers::k_max_json_depth)).empty());
  CHECK_THAT(refusal(nested(importers::k_max_json_depth + 1)), Catch::Contains("nested deeper than 64 levels"));
  CHECK_THAT(refusal("{\"meta\": {\"note\": " + nested(100000) + "}}"), Catch::StartsWith("meta.note[0][0]"));
}

TEST_CASE("input: duplicate keys are refused, naming the key; the same key in two objects is fine", "[input]") {
  CHECK_THAT(refusal(R"({"hands": [{"points": 1, "points": 2}]})"),
             Catch::StartsWith("hands[0].points: this key appears twice"));
  CHECK(refusal(R"({"a": {"x": 1}, "b": {"x": 1}})").empty());
}

TEST_CASE("input: numbers outside a double or integers outside int64 are refused, never clamped", "[input]") {
  CHECK(refusal("[9223372036854775807, -9223372036854775808, 1.5e300, -0.0]").empty());
  CHECK_THAT(refusal(R"({"x": 1e400})"), Catch::Contains("x: the number 1e400 is outside the range of a double"));
  CHECK_THAT(refusal("[9223372036854775808]"), Catch::Contains("above 9223372036854775807"));
  CHECK_THAT(refusal("[-9223372036854775809]"), Catch::Contains("outside -2^63 .. 2^63-1"));
  CHECK_THAT(refusal("[99999999999999999999999]"), Catch::Contains("outside -2^63 .. 2^63-1"));
  // the tree has the types nlohmann's own parser gives (the content key depends on them)
  CHECK(importers::parse_json_text(R"({"a": 3, "b": -3, "c": 2.5, "d": [true, null, "x"]})", "t") ==
        json::parse(R"({"a": 3, "b": -3, "c": 2.5, "d": [true, null, "x"]})"));
  CHECK_THAT(refusal("{\"a\": 1"), Catch::Contains("not valid JSON"));
}

TEST_CASE("input: a streamed game file keeps its hand records apart, each the dump of the parsed record", "[input]") {
  for (const char* game : {"tarot", "coinche", "prefa", "piquet", "alsos", "season"}) {
    std::string path = std::string(MARQUE_SOURCE_DIR) + "/examples/" + game + ".json";
    json dom = json::parse(read_text(path));
    std::ifstream in(path, std::ios::binary);
    importers::GameSource src = importers::read_game_source(in, path);
    if (dom["format"] == "marque-export/1") {
      REQUIRE(src.game_hands.size() == dom["games"].size());
      for (size_t g = 0; g < dom["games"].size(); ++g) {
        CHECK(src.envelope["games"][g]["hands"] == json::array());
        REQUIRE(src.game_hands[g].size() == dom["games"][g]["hands"].size());
        for (size_t i = 0; i < src.game_hands[g].size(); ++i)
          CHECK(src.game_hands[g][i] == dom["games"][g]["hands"][i].dump());
      }
    } else {
      CHECK(src.streamed);
      CHECK(src.envelope["hands"] == json::array());
      REQUIRE(src.hands.size() == dom["hands"].size());
      for (size_t i = 0; i < src.hands.size(); ++i) CHECK(src.hands[i] == dom["hands"][i].dump());
      json rest = dom;
      rest["hands"] = json::array();
      CHECK(src.envelope == rest);
    }
  }
}

TEST_CASE("input: a streamed import stores the content key of the whole document, and skips it the second time",
          "[input][import]") {
  fs::path dir = fs::temp_directory_path() / ("marque-input-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  {
    auto store = app::open_database((dir / "m.db").string(), true);
    for (const char* game : {"tarot", "coinche", "prefa", "piquet", "alsos"}) {
      std::string path = std::string(MARQUE_SOURCE_DIR) + "/examples/" + game + ".json";
      json dom = json::parse(read_text(path));
      std::ifstream in(path, std::ios::binary);
      importers::GameSource src = importers::read_game_source(in, path);
      app::SourceDocument doc;
      doc.name = path;
      doc.document = src.envelope;
      doc.streamed = true;
      doc.hands = src.hands;
      auto first = import_docs(*store, {doc}, false);
      REQUIRE(first.items.size() == 1);
      CHECK(!first.items[0].duplicate);
      CHECK(app::store_of(*store).game_by_import_key(app::content_key(dom)) == first.items[0].game_id);
      // the whole document, not streamed: the same game
      auto again = import_docs(*store, {app::SourceDocument{path, dom, false, {}, {}}}, false);
      CHECK(again.duplicates == 1);
      // the stored game replays to what a whole replay gives
      CHECK(app::score_game(*store, first.items[0].game_id).score.dump() == rules::replay(dom).score.dump());
    }
  }
  fs::remove_all(dir);
}

TEST_CASE("input: UTF-8 validation", "[input]") {
  size_t at = 0;
  CHECK(importers::valid_utf8("Zoë Ωmega 漢字 🂡"));
  CHECK(!importers::valid_utf8("An\xffn", &at));
  CHECK(at == 2);
  CHECK(!importers::valid_utf8("\xc3\x28"));
  CHECK(!importers::valid_utf8("\xc0\xaf"));          // overlong
  CHECK(!importers::valid_utf8("\xed\xa0\x80"));      // a surrogate
  CHECK(!importers::valid_utf8("\xf4\x90\x80\x80"));  // above U+10FFFF
  CHECK(!importers::valid_utf8("\xe2\x82"));          // cut short
}

TEST_CASE("input: a CSV with lone-CR line ends reads like one with LF", "[input][csv]") {
  Diagnostics d;
  auto rows = importers::read_csv("a,b\r1,2\r3,\"x\ry\"\r", d);
  REQUIRE(rows.size() == 3);
  CHECK(rows[1].cells == std::vector<std::string>{"1", "2"});
  CHECK(rows[2].line == 3);
  CHECK(rows[2].cells[1] == "x\ry");
}

TEST_CASE("input: messages keep a short prefix of a long echoed value", "[input]") {
  std::string huge(1000000, '9');
  Diagnostics d;
  d.error("points", "x", "'" + huge + "' is not a number; points must be 0..91");
  const std::string& m = d.items().front().message;
  CHECK(m.size() < 200);
  CHECK_THAT(m, Catch::Contains("…"));
  CHECK_THAT(m, Catch::EndsWith("is not a number; points must be 0..91"));
  Diagnostics e;
  e.error("points", "x", "short message stays");
  CHECK(e.items().front().message == "short message stays");
  CHECK(clip("Zoë", 3) == "Zo…");  // never inside a character
}

TEST_CASE("input: typed_value keeps an integer outside int64 as text (the rules refuse it), never clamped",
          "[input][engine]") {
  CHECK(rules::typed_value("9999999999999999999") == json("9999999999999999999"));
  CHECK(rules::typed_value("9223372036854775807") == json(9223372036854775807LL));
}

}  // namespace unit_test_input
