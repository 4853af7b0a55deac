// issue 14: dates, the escaping function of each output kind, and the one output-file writer.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "app/internal.hpp"
#include "core/date.hpp"
#include "core/diag.hpp"
#include "core/escape.hpp"
#include "core/output_file.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_outputs {

using namespace marque;
namespace fs = std::filesystem;

TEST_CASE("dates are real YYYY-MM-DD days", "[core][date]") {
  for (const char* good : {"2026-11-20", "2024-02-29", "2000-02-29", "2026-12-31", "0001-01-01", "2026-04-30"})
    CHECK(is_valid_date(good));
  for (const char* bad : {"2026-13-45", "2026-02-30", "2025-02-29", "1900-02-29", "2026-04-31", "2026-00-10",
                          "2026-01-00", "not a date", "", "2026-1-05", "2026-01-5", "20260105", "2026/01/05",
                          " 2026-01-05", "2026-01-05 ", "2026-01-05T00:00", "0000-01-01", "２０２６-01-01"})
    CHECK_FALSE(is_valid_date(bad));
  CHECK(date_problem("2026-02-30") == "not a date: February 2026 has 28 days");
  CHECK(date_problem("2026-13-01") == "not a date: the month must be 01 to 12");
  CHECK(date_problem("x").find("YYYY-MM-DD") != std::string::npos);
}

TEST_CASE("terminal text shows control characters, never sends them", "[core][escape]") {
  CHECK(escape::terminal("Ann") == "Ann");
  CHECK(escape::terminal("Zoë 日本") == "Zoë 日本");
  CHECK(escape::terminal("a\nb\tc") == "a\nb\tc");
  CHECK(escape::terminal("\x1b[31mRed") == "\\x1b[31mRed");
  CHECK(escape::terminal("a\rb") == "a\\x0db");
  CHECK(escape::terminal("D\x7f") == "D\\x7f");
  CHECK(escape::terminal("C\xc2\x9b"
                         "2J") == "C\\xc2\\x9b2J");   // U+009B (CSI)
  CHECK(escape::terminal("\xc2\xa0") == "\xc2\xa0");  // U+00A0 is not a control
  // the stream filter gives the same result however the text is cut
  std::string whole = "x\xc2\x9by\x1b\xc2\xa9z\xc2";
  std::string once = escape::terminal(whole);
  for (size_t cut = 0; cut <= whole.size(); ++cut) {
    escape::TerminalFilter f;
    std::string out;
    f.feed(whole.substr(0, cut), out);
    f.feed(whole.substr(cut), out);
    f.finish(out);
    CHECK(out == once);
  }
}

TEST_CASE("CSV cells: quoting and formulas neutralised (OWASP)", "[core][escape]") {
  CHECK(escape::csv_cell("Ann") == "Ann");
  CHECK(escape::csv_cell("a,b") == "\"a,b\"");
  CHECK(escape::csv_cell("say \"hi\"") == "\"say \"\"hi\"\"\"");
  CHECK(escape::csv_cell("=HYPERLINK(\"http://x\",\"y\")") == "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"");
  CHECK(escape::csv_cell("=1+2") == "'=1+2");
  CHECK(escape::csv_cell("+1+2") == "'+1+2");
  CHECK(escape::csv_cell("-1+2") == "'-1+2");
  CHECK(escape::csv_cell("@SUM(A1)") == "'@SUM(A1)");
  CHECK(escape::csv_cell("\tx") == "\"'\tx\"");
  CHECK(escape::csv_cell("\rx") == "\"'\rx\"");
  CHECK(escape::csv_cell("-cmd|' /C calc'!A0") == "'-cmd|' /C calc'!A0");
  // plain numbers stay numbers
  CHECK(escape::csv_cell("-3") == "-3");
  CHECK(escape::csv_cell("-3.5") == "-3.5");
  CHECK(escape::csv_cell("+4") == "+4");
  CHECK(escape::csv_cell("12") == "12");
  CHECK(escape::csv_cell("-") == "'-");
  CHECK(escape::csv_cell("-.5") == "'-.5");
  // other control characters are shown
  CHECK(escape::csv_cell("R\x1b[31m") == "R\\x1b[31m");
  CHECK(escape::csv_cell("D\x7f") == "D\\x7f");
  CHECK(escape::csv_cell("") == "");
}

TEST_CASE("JSON: DEL and C1 controls escaped, the text stays valid and reads back the same", "[core][escape]") {
  nlohmann::json j = {{"name", "D\x7f"
                               "el\xc2\x9b"
                               "x\x1b"},
                      {"Zoë", "日本"}};
  std::string text = escape::json(j, 2);
  CHECK(text.find('\x7f') == std::string::npos);
  CHECK(text.find("\\u007f") != std::string::npos);
  CHECK(text.find("\\u009b") != std::string::npos);
  CHECK(text.find("\\u001b") != std::string::npos);
  CHECK(text.find("Zoë") != std::string::npos);  // other UTF-8 stays as it is
  CHECK(nlohmann::json::parse(text) == j);
  nlohmann::ordered_json o = {{"b", 1}, {"a", "\x7f"}};
  CHECK(escape::json(o) == "{\"b\":1,\"a\":\"\\u007f\"}");
  // invalid UTF-8 never throws on output
  CHECK_NOTHROW(escape::json(nlohmann::json("bad \xff byte")));
}

TEST_CASE("HTML: entities and control characters", "[core][escape]") {
  CHECK(escape::html("<b>Zoë & \"O'Brien\"</b>") == "&lt;b&gt;Zoë &amp; &quot;O&#39;Brien&quot;&lt;/b&gt;");
  CHECK(escape::html("\x1b[31m\x7f") == "\\x1b[31m\\x7f");
}

namespace {
struct TempDir {
  fs::path path;
  TempDir() {
    char tmpl[] = "/tmp/marque-out-test-XXXXXX";
    path = mkdtemp(tmpl);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};
std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
size_t entries(const fs::path& dir) {
  size_t n = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir)) ++n;
  return n;
}
}  // namespace

TEST_CASE("output files: new, replaced, mode and links kept", "[core][output_file]") {
  TempDir d;
  const std::string f = (d.path / "out.json").string();
  files::write_output_file(f, "one");
  CHECK(slurp(f) == "one");
  mode_t mask = umask(0);
  umask(mask);
  struct stat st {};
  REQUIRE(stat(f.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == (0666 & ~mask));
  chmod(f.c_str(), 0600);
  files::write_output_file(f, "two");
  REQUIRE(stat(f.c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);
  CHECK(slurp(f) == "two");
  const std::string link = (d.path / "hard.json").string();
  REQUIRE(::link(f.c_str(), link.c_str()) == 0);
  files::write_output_file(f, "three");
  CHECK(slurp(link) == "three");
  CHECK(entries(d.path) == 2);  // no temporary file left
}

TEST_CASE("output files: a link planted at FILE.tmp is never followed", "[core][output_file]") {
  TempDir d;
  const std::string f = (d.path / "out.csv").string();
  const std::string victim = (d.path / "victim").string();
  REQUIRE(symlink(victim.c_str(), (f + ".tmp").c_str()) == 0);
  files::write_output_file(f, "data");
  CHECK(slurp(f) == "data");
  CHECK_FALSE(fs::exists(victim));
  files::write_output_file_with(f, [](const std::string& tmp) { std::ofstream(tmp) << "db"; });
  CHECK(slurp(f) == "db");
  CHECK_FALSE(fs::exists(victim));
}

TEST_CASE("output files: a symlink as FILE writes its target", "[core][output_file]") {
  TempDir d;
  const std::string real = (d.path / "real.txt").string(), link = (d.path / "link.txt").string();
  REQUIRE(symlink("real.txt", link.c_str()) == 0);  // dangling, relative
  files::write_output_file(link, "via link");
  CHECK(fs::is_symlink(link));
  CHECK(slurp(real) == "via link");
  files::write_output_file(link, "again");
  CHECK(slurp(real) == "again");
}

TEST_CASE(
    "output files: a folder's page replaces a link or a hard link planted under its name, never writes through it",
    "[core][output_file]") {
  TempDir d;
  const fs::path dir = d.path / "site";
  fs::create_directories(dir);
  const std::string outside = (d.path / "outside").string(), hard = (d.path / "hard").string();
  files::write_output_file(outside, "secret");
  files::write_output_file(hard, "keep");
  REQUIRE(symlink(outside.c_str(), (dir / "a.html").c_str()) == 0);
  REQUIRE(symlink((d.path / "created").c_str(), (dir / "b.html").c_str()) == 0);  // dangling
  REQUIRE(::link(hard.c_str(), (dir / "c.html").c_str()) == 0);
  for (const char* name : {"a.html", "b.html", "c.html"}) files::write_file_in_folder(dir.string(), name, "page");
  CHECK(slurp(outside) == "secret");
  CHECK_FALSE(fs::exists(d.path / "created"));
  CHECK(slurp(hard) == "keep");
  for (const char* name : {"a.html", "b.html", "c.html"}) {
    CHECK_FALSE(fs::is_symlink(dir / name));
    CHECK(slurp((dir / name).string()) == "page");
  }
  CHECK(entries(dir) == 3);
  fs::create_directories(dir / "d.html");
  CHECK_THROWS_AS(files::write_file_in_folder(dir.string(), "d.html", "page"), Error);
}

TEST_CASE("output files: a new file never takes another's place (safety copies)", "[core][output_file]") {
  TempDir d;
  const std::string stem = (d.path / "db.pre-restore-20260101T000000").string();
  const std::string outside = (d.path / "outside").string();
  REQUIRE(symlink(outside.c_str(), (stem + "-2.bak").c_str()) == 0);  // a link planted under the second name
  std::vector<std::string> names;
  for (const char* text : {"one", "two", "three"})
    names.push_back(
        files::write_new_file_with(stem, ".bak", [&](const std::string& tmp) { std::ofstream(tmp) << text; }));
  CHECK(names == std::vector<std::string>{stem + ".bak", stem + "-3.bak", stem + "-4.bak"});
  CHECK(slurp(names[0]) == "one");
  CHECK(slurp(names[1]) == "two");
  CHECK(slurp(names[2]) == "three");
  CHECK_FALSE(fs::exists(outside));
  CHECK(entries(d.path) == 4);  // the three copies and the planted link: no temporary file left
}

TEST_CASE("output files: devices written directly, directories refused", "[core][output_file]") {
  TempDir d;
  CHECK_NOTHROW(files::write_output_file("/dev/null", "nothing"));
  struct stat st {};
  REQUIRE(stat("/dev/null", &st) == 0);
  CHECK(S_ISCHR(st.st_mode));
  CHECK_NOTHROW(files::write_output_file_with("/dev/null", [](const std::string& tmp) { std::ofstream(tmp) << "x"; }));
  REQUIRE(stat("/dev/null", &st) == 0);
  CHECK(S_ISCHR(st.st_mode));
  const std::string dir = (d.path / "dir").string();
  fs::create_directory(dir);
  try {
    files::write_output_file(dir, "x");
    FAIL("a directory was accepted");
  } catch (const Error& e) {
    CHECK(e.exit_code() == k_exit_cantcreat);
    CHECK(std::string(e.what()).find("is a directory") != std::string::npos);
  }
  CHECK_THROWS_AS(files::write_output_file_with(dir, [](const std::string&) {}), Error);
  CHECK(entries(d.path) == 1);
  CHECK(entries(dir) == 0);
  if (access("/dev/full", W_OK) == 0) {
    try {
      files::write_output_file("/dev/full", std::string(100000, 'x'));
      FAIL("a write error was ignored");
    } catch (const Error& e) {
      CHECK(e.exit_code() == k_exit_ioerr);
    }
  }
}

TEST_CASE("output files: a failing producer leaves nothing behind", "[core][output_file]") {
  TempDir d;
  const std::string f = (d.path / "b.db").string();
  files::write_output_file(f, "old");
  CHECK_THROWS(files::write_output_file_with(f, [](const std::string&) { throw Error(k_exit_ioerr, "boom"); }));
  CHECK(slurp(f) == "old");
  CHECK(entries(d.path) == 1);
}

// check compares each stored score text with the fresh score without dumping it: the walk must agree with dump()
TEST_CASE("dumps_as agrees with dump() on every kind of value", "[outputs][check]") {
  const marque::app::ojson v = marque::app::ojson::parse(
      R"({"seq":1,"deltas":{"Ann":-11.666666666666666,"Ben":13.333333333333334,"Élodie":0},"n":-7,"u":18446744073709551615,)"
      R"("s":"tab\there \"q\" \\ é","a":[null,true,false,[],{},1.5,"x"],"e":{}})");
  const std::string text = v.dump();
  CHECK(marque::app::dumps_as(v, text));
  CHECK_FALSE(marque::app::dumps_as(v, text + " "));
  CHECK_FALSE(marque::app::dumps_as(v, text.substr(0, text.size() - 1)));
  for (size_t i = 0; i < text.size(); i += 7) {  // any one byte changed is seen
    std::string t = text;
    t[i] = t[i] == '1' ? '2' : '1';
    CHECK_FALSE(marque::app::dumps_as(v, t));
  }
  CHECK(marque::app::dumps_as(marque::app::ojson(42), "42"));
  CHECK(marque::app::dumps_as(marque::app::ojson("a\nb"), "\"a\\nb\""));
  CHECK_FALSE(marque::app::dumps_as(marque::app::ojson::object(), "{} "));
  // strings of every length around the 8-byte steps its test of plain bytes takes, a byte dump() escapes or
  // checks at each place: the same as dump(), a raw quote or backslash in the text never taken for the escape
  for (size_t n = 0; n <= 19; ++n)
    for (size_t at = 0; at <= n; ++at)
      for (const char* odd : {"\"", "\\", "\n", "\x1f", "\x7f", "é"}) {
        std::string s(n, 'k');
        if (at < n) s.replace(at, 1, odd);
        const marque::app::ojson j = marque::app::ojson::array({s, marque::app::ojson::object({{s, s}})});
        const std::string t = j.dump();
        CHECK(marque::app::dumps_as(j, t));
        std::string bare = "[\"" + s + "\",{\"" + s + "\":\"" + s + "\"}]";  // unescaped
        CHECK(marque::app::dumps_as(j, bare) == (bare == t));
        for (size_t i = 0; i < t.size(); ++i) {
          std::string u = t;
          u[i] = u[i] == 'k' ? 'K' : 'k';
          CHECK_FALSE(marque::app::dumps_as(j, u));
        }
      }
  // an import stores each score as compact_dump writes it: the same bytes as dump()
  CHECK(marque::app::compact_dump(v) == text);
  for (const char* t : {"42", "-7", "1.5", "null", "true", "[]", "{}", R"("a\nb")", R"({"k\"":["\u0001é",0.1]})"}) {
    const auto j = marque::app::ojson::parse(t);
    CHECK(marque::app::compact_dump(j) == j.dump());
    // the reader's records (nlohmann::json: keys sorted) are written the same way
    const auto sorted = nlohmann::json::parse(t);
    CHECK(marque::json_text::compact(sorted) == sorted.dump());
  }
  const auto record = nlohmann::json::parse(R"({"z":1,"a":[-0.0,1e300,"\u007f\u0080",{"b":null}],"m":"tab\t"})");
  CHECK(marque::json_text::compact(record) == record.dump());
}

}  // namespace unit_test_outputs
