// ICU in the plugin marque-icu.so (plugins/icu_api.hpp), loaded when first needed, and the program's own plain paths
// that spare it: an ASCII name folded (core/unicode.cpp), an English message said by plain substitution
// (core/message.cpp), a game's native words keyed from its cache (core/native_words.cpp). Each plain path is compared
// with ICU's own answer, which the plugin gives.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <random>

#include "core/message.hpp"
#include "core/native_words.hpp"
#include "core/unicode.hpp"
#include "plugins/icu_api.hpp"
#include "rules/engine.hpp"
#include "rules/registry.hpp"

namespace unit_test_icu_plugin {

using namespace marque;

namespace {

std::string icu_fold(std::string_view s) {
  std::string out;
  unicode::icu().fold(s, out);
  return out;
}
std::string icu_search_key(std::string_view s) {
  std::string out;
  unicode::icu().search_key(s, out);
  return out;
}

}  // namespace

TEST_CASE("icu plugin: an ASCII text folds, keys and measures as ICU does", "[unicode]") {
  for (int c = 0; c < 128; ++c) {
    const std::string s(1, static_cast<char>(c));
    INFO("character " << c);
    CHECK(unicode::fold(s) == icu_fold(s));
    CHECK(unicode::search_key(s) == icu_search_key(s));
    std::u16string x;
    REQUIRE(unicode::icu().folded16(s, x));
    CHECK(x == std::u16string(1, static_cast<char16_t>(unicode::fold(s)[0])));
  }
  std::mt19937 random(35);
  for (int i = 0; i < 2000; ++i) {
    std::string s(random() % 24, ' ');
    for (char& c : s) c = static_cast<char>(random() % 128);
    INFO("text " << i);
    CHECK(unicode::fold(s) == icu_fold(s));
    CHECK(unicode::search_key(s) == icu_search_key(s));
  }
  CHECK(unicode::fold("") == icu_fold(""));
  // not ASCII: ICU's answer
  CHECK(unicode::fold("ÉLODIE") == "élodie");
  CHECK(unicode::search_key("Zoé") == "zoe");
  CHECK(unicode::distance("Zoe", "zoé") == 1);
  CHECK(unicode::distance("Ann", "anne") == 1);
  CHECK(unicode::same_name("ﬀ", "FF"));
}

namespace {

// said plainly only where ICU says the same; returns whether it was
bool same_as_icu(const std::string& pattern, const text::Message& m) {
  text::Catalogue c;
  c.add(m.id, pattern);
  std::string plain;
  if (!text::said_plainly(pattern, m, c, plain)) return false;
  INFO("pattern " << pattern);
  CHECK(plain == text::said_by_icu(pattern, m, c));
  return true;
}

// The names and words of a pattern: every run of ASCII letters, digits and '_'
std::vector<std::string> words_of(const std::string& pattern) {
  std::vector<std::string> out;
  std::string w;
  for (char c : pattern + " ") {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
      w += c;
    } else if (!w.empty()) {
      if (std::find(out.begin(), out.end(), w) == out.end()) out.push_back(w);
      w.clear();
    }
  }
  return out;
}

// A message for `pattern` whose arguments (every word of the pattern that follows a '{') take values drawn by
// `random`: texts (the pattern's own words among them, so that a select finds its keys), numbers, amounts, a nested
// message
text::Message drawn(const std::string& pattern, std::mt19937& random) {
  text::Message m("x");
  std::vector<std::string> names;
  for (size_t at = pattern.find('{'); at != std::string::npos; at = pattern.find('{', at + 1)) {
    size_t end = at + 1;
    while (end < pattern.size() && (std::isalnum(static_cast<unsigned char>(pattern[end])) || pattern[end] == '_'))
      ++end;
    const std::string name = pattern.substr(at + 1, end - at - 1);
    if (!name.empty() && std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  const std::vector<std::string> words = words_of(pattern);
  const int64_t numbers[] = {-1, 0, 1, 2, 3, 11, 1000, 12345, 9223372036854775807LL};
  for (const auto& name : names) switch (random() % 6) {
      case 0:
        m.text(name, words[random() % words.size()]);
        break;
      case 1:
        m.text(name, std::vector<std::string>{"Ben", "yes", "no", "other", "one", "", "Zoé «ΚΆΣΑ» 😀"}[random() % 7]);
        break;
      case 2:
        m.number(name, numbers[random() % std::size(numbers)]);
        break;
      case 3:
        m.amount(name, Amount::whole(numbers[random() % 8], 100));
        break;
      case 4:
        m.amount(name, Amount::ratio(static_cast<int64_t>(random() % 100000) - 50000, 100));
        break;
      default:
        m.message(name, text::Message("x.nested").text("a", "b"));
    }
  return m;
}

}  // namespace

TEST_CASE("icu plugin: an English message said plainly is what ICU says", "[language]") {
  size_t plain = 0, all = 0;
  std::mt19937 random(35);
  std::vector<const text::Catalogue*> catalogues{&rules::default_catalogue()};
  for (const auto* g : rules::all_games()) catalogues.push_back(&g->catalogue());
  for (const auto* c : catalogues)
    for (const text::Catalogue* k = c; k; k = k->fallback)
      for (const auto& entry : k->patterns) {
        const std::string pattern(entry.second);
        for (int trial = 0; trial < 40; ++trial) {
          ++all;
          plain += same_as_icu(pattern, drawn(pattern, random)) ? 1 : 0;
        }
      }
  CHECK(plain > all / 3);  // most English patterns are read without ICU
  // what is not in the plain subset goes to ICU
  const text::Message a = text::Message("x").text("a", "Ben");
  for (const char* p : {"'{a}'", "{a}'", "{a, number}", "{ a }", "{0}", "{a}}", "}{a}", "{a", "{a{b}}", "{b}",
                        "{a,select,x{y}}", "{a, select, x {y} x {z} other {w}}", "{a, selectordinal, other {x}}",
                        "{a, select, x {'}'} other {w}}", "{a, select, x {y} other {w}\t}"}) {
    INFO(p);
    CHECK_FALSE(same_as_icu(p, a));
  }
  const text::Message n = text::Message("x").number("n", 1);
  for (const char* p : {"{n, plural, =01 {x} other {y}}", "{n, plural, =1234567 {x} other {y}}",
                        "{n, plural, offset:1 one {x} other {y}}", "{n, plural, zero {x} other {y}}"}) {
    INFO(p);
    CHECK_FALSE(same_as_icu(p, n));
  }
  for (const char* p :
       {"# and | and {a}: {a}", "it''s {a}'s", "{a,select,x{y}other{z}}", "{a, select, Ben {B} other {o}}"})
    CHECK(same_as_icu(p, a));
  for (int64_t v : {0LL, 1LL, 2LL, 999LL, 1000LL, 12345LL, 1234567LL, 9223372036854775807LL}) {
    CHECK(same_as_icu("{n, plural, one {# hand} other {# hands}}; # {k, select, other {#}}",
                      text::Message("x").number("n", v).text("k", "b")));
    CHECK(same_as_icu("{n, plural, other {{k, select, a {#} other {x#}}}}",
                      text::Message("x").number("n", v).text("k", "a")));
  }
  CHECK_FALSE(same_as_icu("{n, plural, other {#}}", text::Message("x").number("n", -1)));
  for (int64_t v : {0, 1, 2, 3, 10})
    CHECK(same_as_icu("{n, plural, =0 {none} one {one} =1 {exactly #} =2 {two} other {{n} #}}",
                      text::Message("x").number("n", v)));
  for (int64_t v : {0, 1, 2, 10, 21, 101})
    CHECK(same_as_icu("{n, plural, one {{n} deal} other {{n} deals}} {n, number, ::group-off}",
                      text::Message("x").number("n", v)));
  CHECK(same_as_icu("{a_1}{B}", text::Message("x").text("a_1", "1").number("B", 0)));
  text::Message twice("x");
  twice.text("a", "1").text("a", "2");
  CHECK_FALSE(same_as_icu("{a}", twice));
  // not English: ICU
  text::Catalogue fr;
  fr.locale = "fr";
  std::string out;
  CHECK_FALSE(text::said_plainly("{a}", a, fr, out));
  // every text of one to four bytes: said plainly only if ICU reads it back unchanged (well-formed UTF-8)
  auto bytes = [](std::initializer_list<int> b) {
    std::string s;
    for (int x : b) s += static_cast<char>(x);
    return s;
  };
  text::Catalogue en;
  en.add("x", "<{t}>");
  auto check = [&](const std::string& t) {
    const text::Message m = text::Message("x").text("t", t);
    std::string said;
    if (text::said_plainly("<{t}>", m, en, said)) {
      REQUIRE(said == text::said_by_icu("<{t}>", m, en));
      REQUIRE(said == "<" + t + ">");
    } else {
      REQUIRE(text::said_by_icu("<{t}>", m, en) != "<" + t + ">");
    }
  };
  for (int x = 0; x < 256; ++x) {
    check(bytes({x}));
    for (int y = 0; y < 256; ++y) {
      check(bytes({x, y}));
      if (x >= 0xE0 && x <= 0xEF)
        for (int z : {0x41, 0x7F, 0x80, 0xBF, 0xC0}) check(bytes({x, y, z}));
      if (x >= 0xF0 && x <= 0xF7)
        for (int z : {0x41, 0x80, 0xBF})
          for (int w : {0x41, 0x80, 0xBF}) check(bytes({x, y, z, w}));
    }
  }
}

TEST_CASE("icu plugin: each game's native words are keyed as ICU keys them", "[language][entry]") {
  const char* write = std::getenv("MARQUE_WRITE_NATIVE_KEYS");
  for (const auto* g : rules::all_games()) {
    const auto& cached = g->native_words().cached_keys();
    std::string file =
        "// The search keys ICU gives (core/unicode: search_key) the words of this game's native words table that\n"
        "// are not ASCII: core/native_words.hpp. Written by MARQUE_WRITE_NATIVE_KEYS=1 marque_tests -#\n"
        "// \"[#test_icu_plugin]\" in the source folder; checked by the same test.\n";
    for (const auto& [word, key] : cached) {
      INFO(g->id() << ": " << word
                   << " (a word added to the table: MARQUE_WRITE_NATIVE_KEYS=1 marque_tests -# "
                      "\"[#test_icu_plugin]\" writes the game's _native_keys.inc again)");
      CHECK(key == icu_search_key(word));
      const std::string line = "{\"" + word + "\", \"" + icu_search_key(word) + "\"},\n";
      if (file.find(line) == std::string::npos) file += line;
    }
    if (write && !cached.empty())
      std::ofstream(std::string(MARQUE_SOURCE_DIR) + "/src/rules/" + std::string(g->id()) + "/" + std::string(g->id()) +
                    "_native_keys.inc")
          << file;
  }
}

}  // namespace unit_test_icu_plugin
