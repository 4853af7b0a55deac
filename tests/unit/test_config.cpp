// The config file (cli/config.cpp): TOML read by toml++ (every mistake names the line), what marque accepts in it
// (db, league, venue, and per game the game's options with legal values), and the precedence of a setting:
// command line > environment > config file > default.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>

#include <sys/stat.h>
#include <unistd.h>

#include "cli/config.hpp"
#include "core/diag.hpp"
#include "rules/engine.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_config {

using namespace marque;
using namespace marque::cli;
using nlohmann::json;

namespace {

// The message of the Error a text throws ("" when none), and its exit code.
std::pair<std::string, int> config_error(const std::string& text) {
  try {
    config::File f = config::parse(text, "/c/config.toml");
    config::validate(f);
  } catch (const Error& e) {
    return {e.what(), e.exit_code()};
  }
  return {"", 0};
}

// A game and one of its enum options with a value other than its default, from the registry (no game is named here).
struct Sample {
  std::string game, option, value;
};
Sample enum_option() {
  for (const auto* g : rules::all_games())
    for (const auto& o : g->options())
      if (o.type == "enum" && o.values.size() > 1)
        for (const auto& v : o.values)
          if (v != o.default_value && v.is_string()) return {std::string(g->id()), o.id, v.get<std::string>()};
  return {};
}

}  // namespace

TEST_CASE("config: the TOML marque reads, with the line of every entry", "[config]") {
  const std::string text = "\xEF\xBB\xBF# the club\n"
                           "db = \"~/club.db\"   # a comment\n"
                           "league = 'Thursday club'\n"
                           "\n"
                           "venue = \"Caf\\u00e9 du Coin\"\n"
                           "[g1]\n"
                           "a = 1_000\n"
                           "b = -2.5e1\n"
                           "c = true\n"
                           "d = [\"x\", \"y\",\n"
                           "     \"z\",  # more\n"
                           "]\n"
                           "e = \"\"\r\n";
  config::File f = config::parse(text, "/c/config.toml");
  REQUIRE(f.top.size() == 3);
  CHECK(f.find("db")->value == "~/club.db");
  CHECK(f.find("db")->line == 2);
  CHECK(f.find("league")->value == "Thursday club");
  CHECK(f.find("venue")->value == "Café du Coin");
  CHECK(f.find("venue")->line == 5);
  const config::Table* t = f.table("g1");
  REQUIRE(t);
  CHECK(t->line == 6);
  CHECK(t->find("a")->value == 1000);
  CHECK(t->find("b")->value == -25.0);
  CHECK(t->find("c")->value == true);
  CHECK(t->find("d")->value == json::array({"x", "y", "z"}));
  CHECK(t->find("d")->line == 10);
  CHECK(t->find("e")->value == "");
  CHECK(t->find("e")->line == 13);
}

TEST_CASE("config: a malformed file is an error naming the file and the line, exit 78", "[config]") {
  // toml++'s words for the TOML it refuses (the first mistake: it stops there), marque's for a bare word and for the
  // TOML that marque does not read
  const std::vector<std::pair<std::string, std::string>> bad = {
      {"league = Thursday", "/c/config.toml:1: 'Thursday' is not a value: a text needs quotes (\"Thursday\")"},
      {"\n\nleague \"x\"", "/c/config.toml:3: key-value pair: expected '='"},
      {"league = \"x", ":1: string: encountered end-of-file"},
      {"[g\nx = 1", ":1: table header: expected ']'"},
      {"x = 1\nx = 2", ":2: key-value pair: cannot redefine existing integer 'x'"},
      {"[a]\n[a]", ":2: table header: cannot redefine existing table 'a'"},
      {"x = [1, 2", ":1: array: encountered end-of-file"},
      {"x = 1 2", ":1: key-value pair: expected a comment or whitespace"},
      {"x = 012", ":1: decimal integer: leading zeroes are prohibited"},
      {"x = 99999999999999999999", ":1: decimal integer: '99999999999999999999' is not representable in 64 bits"},
      {"x = 1__0", ":1: decimal integer: underscores may only follow digits"},
      {"x = \"\\q\"", ":1: string: unknown escape sequence '\\q'"},
      {"x = \"\x01\"", ":1: string: unescaped control characters"},
      {"x = \"\xff\"", ":1: encountered invalid utf-8 sequence"},
      {"x =", ":1: key-value pair: encountered end-of-file"},
      {"= 1", ":1: root table: expected keys"},
      {"[a.b]", ":1: a table inside [a] (a.b) is not part of marque's config"},
      {"[[a]]", ":1: arrays of tables ([[a]]) are not part of marque's config"},
      {"x = [1, \"a\"]", ":1: \"x\": an array mixes kinds"},
      {"x = [[1], [2]]", ":1: \"x\": arrays inside arrays"},
      {"x = 2026-11-20", ":1: \"x\": dates and times are not values marque reads"},
  };
  for (const auto& [text, want] : bad) {
    INFO(text);
    auto [message, code] = config_error(text);
    CHECK(code == config::k_exit_config);
    CHECK_THAT(message, Catch::Contains(want));
    CHECK_THAT(message, Catch::StartsWith("/c/config.toml:"));
  }
  // what TOML allows beyond plain key = value lines reads the same (a quoted key, an inline table, a dotted key)
  const config::File f = config::parse("\"db\" = '''x.db'''\ng = {a = 1}\nh.b = true\n", "/c/config.toml");
  REQUIRE(f.top.size() == 1);
  CHECK(f.find("db")->value == "x.db");
  REQUIRE(f.tables.size() == 2);
  CHECK(f.tables[0].name == "g");
  CHECK(f.tables[0].find("a")->value == 1);
  CHECK(f.tables[1].find("b")->line == 3);
}

TEST_CASE("config: only what marque knows: db, league, venue and each game's options with legal values", "[config]") {
  const Sample s = enum_option();
  REQUIRE(!s.game.empty());
  // a good file
  CHECK(config_error("db = \"x.db\"\nleague = \"L\"\nvenue = \"V\"\n[" + s.game + "]\n" + s.option + " = \"" + s.value +
                     "\"\n")
            .second == 0);
  // an unknown setting, with the closest name
  auto [m1, c1] = config_error("leage = \"L\"");
  CHECK(c1 == 78);
  CHECK_THAT(m1, Catch::Contains(":1: unknown setting \"leage\" (did you mean league?)"));
  // a setting that is not a text, an empty one
  CHECK_THAT(config_error("league = 3").first, Catch::Contains("league is a text"));
  CHECK_THAT(config_error("db = \"\"").first, Catch::Contains("db is empty"));
  // a game written as a setting, a table that is not a game
  CHECK_THAT(config_error(s.game + " = 1").first, Catch::Contains("its house rules go in a table, [" + s.game + "]"));
  CHECK_THAT(config_error("[" + s.game + "x]").first, Catch::Contains("(did you mean " + s.game + "?)"));
  // an option the game does not have, a value it does not allow: the line of the entry
  auto [m2, c2] = config_error("[" + s.game + "]\n\n" + s.option + "x = 1");
  CHECK(c2 == 78);
  CHECK_THAT(m2, Catch::Contains(":3: [" + s.game + "] has no option \"" + s.option + "x\" (did you mean " + s.option +
                                 "?)"));
  auto [m3, c3] = config_error("[" + s.game + "]\n" + s.option + " = \"no-such-value\"");
  CHECK(c3 == 78);
  CHECK_THAT(m3, Catch::Contains(":2: [" + s.game + "] " + s.option + ": "));
  CHECK_THAT(m3, Catch::Contains("not a legal value"));
}

TEST_CASE("config: every mistake of a file at once, each with its line, in line order", "[config]") {
  const Sample s = enum_option();
  REQUIRE(!s.game.empty());
  // a syntax mistake: the first one alone (toml++ stops there)
  auto [syntax, code] = config_error("league = \"L\"\nvenue = Thursday\nx = [1\n[bad\n");
  CHECK(code == config::k_exit_config);
  CHECK(syntax == "/c/config.toml:2: 'Thursday' is not a value: a text needs quotes (\"Thursday\"); numbers, true and "
                  "false are written bare");
  // the mistakes of what marque reads in a well-formed file: all of them
  const std::string text = "leage = \"L\"\n"  // 1: unknown setting
                           "venue = 3\n"      // 2: not a text
                           "[" +
                           s.game + "]\n"                         // 3
                           + s.option + " = \"no-such-value\"\n"  // 4: not a legal value
                           + s.option +
                           "x = 1\n"           // 5: no such option
                           "x = [1, \"a\"]\n"  // 6: an array that mixes kinds
                           "[nogame]\n"        // 7: not a game
                           "a = 1\n"           // 8 (in a table that is not a game: not told again)
                           "d = 2026-11-20\n"  // 9: a date
                           "[" +
                           s.game + ".sub]\n";  // 10: a table inside a table
  // what marque reads, the same: every line it does not know
  const config::File f = config::parse("leage = \"L\"\n[" + s.game + "]\n" + s.option + " = \"no-such-value\"\n" +
                                           s.option + "x = 1\n[nogame]\na = 1\n",
                                       "/c/config.toml");
  std::string meaning;
  try {
    config::validate(f);
  } catch (const Error& e) {
    meaning = e.what();
  }
  CHECK_THAT(meaning, Catch::StartsWith("/c/config.toml:1: unknown setting \"leage\""));
  CHECK_THAT(meaning, Catch::Contains("\nmarque: error: /c/config.toml:3: [" + s.game + "] " + s.option + ": "));
  CHECK_THAT(meaning, Catch::Contains("\nmarque: error: /c/config.toml:4: [" + s.game + "] has no option"));
  CHECK_THAT(meaning, Catch::Contains("\nmarque: error: /c/config.toml:5: [nogame] is not a game"));
  CHECK(meaning.find(":6:") == std::string::npos);
  // a file read by marque: both kinds together, in line order, one per line
  const std::string path = "/tmp/marque-test-config-" + std::to_string(::getpid()) + ".toml";
  {
    std::ofstream out(path, std::ios::binary);
    out << text;
  }
  std::string all;
  try {
    config::load(path);
  } catch (const Error& e) {
    all = e.what();
    CHECK(e.exit_code() == config::k_exit_config);
    CHECK_THAT(e.hint(), Catch::Contains("TOML"));               // a shape marque does not read
    CHECK_THAT(e.hint(), Catch::Contains("marque rules GAME"));  // a setting or an option it does not know
  }
  std::remove(path.c_str());
  std::vector<int> lines;
  for (size_t at = 0; (at = all.find(path + ":", at)) != std::string::npos; at += path.size() + 1)
    lines.push_back(std::atoi(all.c_str() + at + path.size() + 1));
  CHECK(lines == std::vector<int>{1, 2, 4, 5, 6, 7, 9, 10});
}

TEST_CASE("config: precedence is command line > environment > config file > default", "[config]") {
  config::File f = config::parse("db = \"club.db\"\nleague = \"L\"\n", "/etc/x/config.toml");
  ::setenv("MARQUE_TEST_DB", "/env.db", 1);
  auto s = config::resolve("db", "/flag.db", "--db", "MARQUE_TEST_DB", f, "/default.db");
  CHECK(s.value == "/flag.db");
  CHECK(s.source == "command line (--db)");
  s = config::resolve("db", "", "--db", "MARQUE_TEST_DB", f, "/default.db");
  CHECK(s.value == "/env.db");
  CHECK(s.source == "environment (MARQUE_TEST_DB)");
  ::setenv("MARQUE_TEST_DB", "", 1);  // empty = unset
  s = config::resolve("db", "", "--db", "MARQUE_TEST_DB", f, "/default.db");
  CHECK(s.value == "/etc/x/club.db");  // relative to the config file's folder
  CHECK(s.source == "config file, line 1");
  CHECK(s.line == 1);
  ::unsetenv("MARQUE_TEST_DB");
  s = config::resolve("venue", "", "", nullptr, f, "");
  CHECK(s.value.empty());
  CHECK(s.source == "default");
  // ~/ is the home folder
  config::File home = config::parse("db = \"~/m.db\"", "/c/config.toml");
  const char* h = std::getenv("HOME");
  CHECK(config::path_value(home, home.top.front()) == std::string(h ? h : ".") + "/m.db");
}

TEST_CASE("config: where the file is: --config, MARQUE_CONFIG, XDG_CONFIG_HOME (absolute only), HOME", "[config]") {
  const char* saved_xdg = std::getenv("XDG_CONFIG_HOME");
  const std::string xdg = saved_xdg ? saved_xdg : "";
  ::unsetenv("MARQUE_CONFIG");
  CHECK(config::locate("/a.toml") == std::make_pair(std::string("/a.toml"), std::string("--config")));
  ::setenv("MARQUE_CONFIG", "/m.toml", 1);
  CHECK(config::locate("").second == "MARQUE_CONFIG");
  ::unsetenv("MARQUE_CONFIG");
  ::setenv("XDG_CONFIG_HOME", "/xdg", 1);
  CHECK(config::locate("").first == "/xdg/marque/config.toml");
  ::setenv("XDG_CONFIG_HOME", "relative", 1);  // the XDG spec: a relative value is ignored
  CHECK(config::locate("").second == "HOME");
  CHECK_THAT(config::locate("").first, Catch::EndsWith("/.config/marque/config.toml"));
  if (saved_xdg)
    ::setenv("XDG_CONFIG_HOME", xdg.c_str(), 1);
  else
    ::unsetenv("XDG_CONFIG_HOME");
  // a file named on purpose must exist (66); the default one may be absent (no settings)
  try {
    config::load("/nonexistent/marque-config.toml");
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.exit_code() == k_exit_noinput);
  }
}

// The message and exit code of loading the config file at `path` ("" and 0 when it loads).
std::pair<std::string, int> load_error(const std::string& path) {
  try {
    config::load(path);
  } catch (const Error& e) {
    return {e.what(), e.exit_code()};
  }
  return {"", 0};
}

TEST_CASE("config: a regular file of at most 1 MB, refused before it is read otherwise", "[config]") {
  // a folder is not an empty config; a device is not read (/dev/zero would give a gigabyte before the limit)
  const std::string dir = "/tmp/marque-test-config-dir-" + std::to_string(::getpid());
  ::mkdir(dir.c_str(), 0700);
  auto folder = load_error(dir);
  ::rmdir(dir.c_str());
  CHECK(folder.second == config::k_exit_config);
  CHECK_THAT(folder.first, Catch::Contains(dir + " is a folder"));
  const auto started = std::chrono::steady_clock::now();
  auto device = load_error("/dev/zero");
  CHECK(std::chrono::steady_clock::now() - started < std::chrono::milliseconds(500));
  CHECK(device.second == config::k_exit_config);
  CHECK_THAT(device.first, Catch::Contains("/dev/zero is not a regular file"));
  CHECK(load_error("/dev/null") == std::make_pair(std::string(), 0));  // the way to say "no config file"
  // one limit, 1 MB: a file of exactly 1 MB is read (here: comment lines), one byte more is refused
  const std::string path = "/tmp/marque-test-config-big-" + std::to_string(::getpid()) + ".toml";
  std::string text;
  while (text.size() < (1u << 20)) text += "# " + std::string(61, 'x') + "\n";
  text.resize(1u << 20);
  text.back() = '\n';
  {
    std::ofstream out(path, std::ios::binary);
    out << text;
  }
  CHECK(load_error(path) == std::make_pair(std::string(), 0));
  {
    std::ofstream out(path, std::ios::binary | std::ios::app);
    out << "\n";
  }
  auto big = load_error(path);
  std::remove(path.c_str());
  CHECK(big.second == config::k_exit_config);
  CHECK_THAT(big.first, Catch::Contains("more than 1 MB"));
}

TEST_CASE("config: reading takes time linear in the file's size (many keys, many tables)", "[config]") {
  // 95,000 keys once took 10 s (each new key compared with all those before it)
  // (100,000 keys read in half a second; compared two by two they take minutes). The processor time this thread
  // used, not the wall clock: a busy machine does not make it fail.
  std::string keys = "[t]\n", tables;
  for (int i = 0; i < 100000; ++i) keys += "k" + std::to_string(i) + " = " + std::to_string(i) + "\n";
  for (int i = 0; i < 50000; ++i) tables += "[t" + std::to_string(i) + "]\n";
  const std::clock_t started = std::clock();
  config::File f = config::parse(keys, "/c/config.toml");
  config::File g = config::parse(tables, "/c/config.toml");
  CHECK(std::clock() - started < 10 * CLOCKS_PER_SEC);
  REQUIRE(f.tables.size() == 1);
  CHECK(f.tables.front().entries.size() == 100000);
  CHECK(g.tables.size() == 50000);
  // the twice-written key and table are still found, on their line
  CHECK(config_error(keys + "k5 = 1\n").first ==
        "/c/config.toml:100002: key-value pair: cannot redefine existing integer 'k5'");
  CHECK(config_error(tables + "[t7]\n").first ==
        "/c/config.toml:50001: table header: cannot redefine existing table 't7'");
  // a key of the top and the same key in a table are two keys
  CHECK(config_error("[x]\nk = 1\n[y]\nk = 1\n").first.find("twice") == std::string::npos);
  CHECK(config_error("k = 1\nk = 2\n").first ==
        "/c/config.toml:2: key-value pair: cannot redefine existing integer 'k'");
  // an unknown long key is measured against no option (no "did you mean"), in linear time too
  std::string long_keys;
  for (int i = 0; i < 2000; ++i) long_keys += std::string(400, 'q') + std::to_string(i) + " = 1\n";
  const std::clock_t measured = std::clock();
  auto unknown = config_error(long_keys);
  CHECK(std::clock() - measured < 2 * CLOCKS_PER_SEC);
  CHECK_THAT(unknown.first, Catch::Contains(":2000: unknown setting"));
}

}  // namespace unit_test_config
