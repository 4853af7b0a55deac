// The one-pass JSON check behind the schema's CHECK constraints (core/json_check.hpp): it accepts exactly what
// nlohmann/json's acceptor accepts (the reader of every stored text), shown on chosen texts and on many thousands
// of texts mutated at random from the records and scores marque stores.
#include <catch2/catch.hpp>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/json.hpp"
#include "core/json_check.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_json_check {

using marque::json_check::valid;

bool reference(const std::string& s) { return nlohmann::json::accept(s); }

TEST_CASE("json check: chosen texts, as nlohmann/json accepts them", "[json_check]") {
  const std::vector<std::string> texts = {"{}",
                                          "[]",
                                          " 0 ",
                                          "-0",
                                          "0.5",
                                          "-1.5e+3",
                                          "1E-2",
                                          "1e999",
                                          "-1e999",
                                          "1e-999",
                                          "1.7976931348623157e308",
                                          "1.8e308",
                                          "0e99999999999999999999",
                                          "0.000000000000000000001e330",
                                          "123456789012345678901234567890",
                                          "true",
                                          "false",
                                          "null",
                                          "\"\"",
                                          "\"\\u00e9\\n\\t\\/\\\\\\\"\"",
                                          "\"\\ud83d\\ude00\"",
                                          "\"\\ud83d\"",
                                          "\"\\ude00\"",
                                          "\"\\ud83dx\"",
                                          "\"\\ud83d\\u0041\"",
                                          "\"\\uD83D\\uDE00\"",
                                          "\"\\u12\"",
                                          "\"\\x\"",
                                          "\"\xc3\xa9\"",
                                          "\"\xc3\"",
                                          "\"\xc0\xaf\"",
                                          "\"\xe0\x80\xaf\"",
                                          "\"\xed\xa0\x80\"",
                                          "\"\xf4\x90\x80\x80\"",
                                          "\"\xf0\x9f\x98\x80\"",
                                          "\"\xff\"",
                                          "\"\x7f\"",
                                          "\"\x1f\"",
                                          "\"\t\"",
                                          "\xEF\xBB\xBF{}",
                                          "\xEF\xBB{}",
                                          "{",
                                          "}",
                                          "[1,]",
                                          "[,1]",
                                          "{\"a\":}",
                                          "{\"a\" 1}",
                                          "{\"a\":1,}",
                                          "{1:2}",
                                          "{\"a\":1 \"b\":2}",
                                          "01",
                                          "-",
                                          "1.",
                                          ".5",
                                          "+1",
                                          "1e",
                                          "1e+",
                                          "--1",
                                          "tru",
                                          "truex",
                                          "nul",
                                          "{} {}",
                                          "",
                                          " ",
                                          "[[[]]]",
                                          "[[[]]",
                                          "[{\"a\":[{\"b\":{}}]}]",
                                          "{\"a\":{\"b\":[1,2,{\"c\":null}]},\"d\":\"e\"}",
                                          "[1 2]",
                                          "[\"a\":1]",
                                          "{\"a\":1]",
                                          "[1}",
                                          " \t\r\n[ \t\r\n1 \t\r\n, \t\r\n2 \t\r\n] \t\r\n",
                                          "\f[]",
                                          "[]\v",
                                          "NaN",
                                          "Infinity"};
  for (const auto& t : texts) {
    INFO(t);
    CHECK(valid(t) == reference(t));
  }
  CHECK(valid("1e-999"));
  CHECK_FALSE(valid("1e999"));
  CHECK(valid(std::string(299, '7')));
  CHECK_FALSE(valid(std::string(400, '7')));
  CHECK(valid(std::string(400, '7') + "e-200"));
  CHECK_FALSE(valid(std::string("{}\0 ", 4)));  // stricter than nlohmann/json, which stops reading at a NUL byte
}

TEST_CASE("json check: nesting has no limit and never recurses", "[json_check]") {
  const std::string deep = std::string(200000, '[') + std::string(200000, ']');
  CHECK(valid(deep));
  CHECK_FALSE(valid(deep.substr(1)));
  std::string objects;
  for (int i = 0; i < 50000; ++i) objects += "{\"k\":";
  objects += "1";
  objects += std::string(50000, '}');
  CHECK(valid(objects));
  CHECK(reference(objects));
}

TEST_CASE("json check: texts mutated at random are judged as nlohmann/json judges them", "[json_check]") {
  std::vector<std::string> seeds = {
      R"({"taker":"Ann","contract":"garde","oudlers":2,"points":50.5,"bonuses":["petit"],"slam":null,"ok":true})",
      R"({"hand":3,"deltas":[-150,50,50,50],"totals":[1.5e2,-5E-1,0,0],"text":"\u00e9t\u00e9 \ud83d\ude00 \"x\""})",
      "{\"name\":\"\xc3\x89t\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\",\"v\":[[],[{}],[[-0.0e+0]]],\"f\":false}"};
  std::ifstream in(std::string(MARQUE_SOURCE_DIR) + "/examples/tarot.json");
  if (in) {
    std::stringstream all;
    all << in.rdbuf();
    seeds.push_back(all.str());
  }
  const std::string alphabet = "{}[],:\"\\/ \t\n0123456789+-.eEtrufalsnbu\xc3\xa9\xed\xa0\x80\xf4\x90\xbf\xff\x01";
  std::mt19937 rng(35);
  int disagreements = 0, accepted = 0, tried = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string t = seeds[static_cast<size_t>(round) % seeds.size()];
    if (t.size() > 4000) t = t.substr(rng() % (t.size() - 4000), 4000);
    const int edits = 1 + static_cast<int>(rng() % 3);
    for (int e = 0; e < edits && !t.empty(); ++e) {
      size_t at = rng() % t.size();
      char c = alphabet[rng() % alphabet.size()];
      switch (rng() % 4) {
        case 0:
          t[at] = c;
          break;
        case 1:
          t.insert(t.begin() + static_cast<std::ptrdiff_t>(at), c);
          break;
        case 2:
          t.erase(at, 1);
          break;
        default:
          t.resize(at);
          break;
      }
    }
    ++tried;
    const bool mine = valid(t), theirs = reference(t);
    if (mine) ++accepted;
    if (mine != theirs) {
      ++disagreements;
      UNSCOPED_INFO(t);
    }
  }
  CHECK(disagreements == 0);
  CHECK(accepted > tried / 20);  // the mutations keep enough valid texts for the comparison to mean something
}

}  // namespace unit_test_json_check
