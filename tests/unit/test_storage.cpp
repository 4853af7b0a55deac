#include <catch2/catch.hpp>

#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include <SQLiteCpp/SQLiteCpp.h>

#include "app/app.hpp"
#include "storage/store.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_storage {

using namespace marque;
namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() /
           ("marque-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter()++));
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
  static int& counter() {
    static int c = 0;
    return c;
  }
  std::string file(const std::string& name) const { return (path / name).string(); }
};

std::string slurp(const std::string& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

int exit_code_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.exit_code();
  }
  return 0;
}

}  // namespace

TEST_CASE("storage: a new database gets marque's application_id and the latest schema", "[storage]") {
  TempDir t;
  {
    storage::Store s(t.file("a.db"), storage::Store::Mode::write);
    CHECK(s.schema_version() == storage::Store::latest_schema_version());
  }
  SQLite::Database db(t.file("a.db"));
  CHECK(db.execAndGet("PRAGMA application_id").getInt() == storage::k_application_id);
  CHECK(db.execAndGet("PRAGMA user_version").getInt() == storage::Store::latest_schema_version());
  CHECK(db.execAndGet("PRAGMA journal_mode").getString() == "wal");
}

TEST_CASE("storage: a read command on a missing database is exit 66 and creates nothing", "[storage]") {
  TempDir t;
  CHECK(exit_code_of([&] { storage::Store s(t.file("none.db"), storage::Store::Mode::read); }) == 66);
  CHECK_FALSE(fs::exists(t.file("none.db")));
}

TEST_CASE("storage: foreign files are refused with exit 65", "[storage]") {
  TempDir t;
  std::ofstream(t.file("text.db")) << "hello, this is not SQLite at all, just some text to fill a page";
  CHECK(exit_code_of([&] { storage::Store s(t.file("text.db"), storage::Store::Mode::write); }) == 65);
  {
    SQLite::Database db(t.file("other.db"), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db.exec("CREATE TABLE t(x)");
  }
  CHECK(exit_code_of([&] { storage::Store s(t.file("other.db"), storage::Store::Mode::write); }) == 65);
}

TEST_CASE("storage: a database from a newer marque is refused with exit 65", "[storage]") {
  TempDir t;
  { storage::Store s(t.file("n.db"), storage::Store::Mode::write); }
  {
    SQLite::Database db(t.file("n.db"), SQLite::OPEN_READWRITE);
    db.exec("PRAGMA user_version = 999");
  }
  CHECK(exit_code_of([&] { storage::Store s(t.file("n.db"), storage::Store::Mode::write); }) == 65);
}

TEST_CASE("storage: a version-1 database upgrades with a backup and keeps its rows", "[storage]") {
  TempDir t;
  {
    SQLite::Database db(t.file("v1.db"), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db.exec(slurp(std::string(MARQUE_SOURCE_DIR) + "/schema/sql/0001_initial.sql"));
    db.exec("PRAGMA application_id = " + std::to_string(storage::k_application_id));
    db.exec("PRAGMA user_version = 1");
    db.exec("INSERT INTO players(name) VALUES ('Ann'), ('Ben')");
  }
  storage::Store s(t.file("v1.db"), storage::Store::Mode::write);
  CHECK(s.upgraded_from() == 1);
  CHECK(s.schema_version() == storage::Store::latest_schema_version());
  CHECK(s.players().size() == 2);
  CHECK(fs::exists(t.file("v1.db") + ".pre-v" + std::to_string(storage::Store::latest_schema_version()) + ".bak"));
}

TEST_CASE("storage: player names are unique regardless of case", "[storage]") {
  TempDir t;
  storage::Store s(t.file("p.db"), storage::Store::Mode::write);
  int64_t a = s.player_id("Gergő", true);
  CHECK(s.player_id("Gergő", false) == a);
  CHECK(s.player_id("ANN", true) == s.player_id("ann", true));
  CHECK(s.player_id("nobody", false) == 0);
}

TEST_CASE("storage: an uncommitted transaction leaves nothing behind", "[storage]") {
  TempDir t;
  storage::Store s(t.file("tx.db"), storage::Store::Mode::write);
  {
    storage::Store::Transaction tx(s);
    s.player_id("Ghost", true);
  }
  CHECK(s.player_id("Ghost", false) == 0);
}

TEST_CASE("import: the content key is the hash of the canonical dump, as in every earlier version",
          "[storage][import]") {
  // the definition databases already hold keys for: FNV-1a of {"game","hands","meta" without night,"setup"}
  auto reference = [](const json& f) {
    json meta = f.contains("meta") && f["meta"].is_object() ? f["meta"] : json::object();
    meta.erase("night");
    json canon = {{"game", f.value("game", json())},
                  {"setup", f.value("setup", json())},
                  {"hands", f.value("hands", json::array())},
                  {"meta", meta}};
    uint64_t h = 1469598103934665603ULL;
    for (unsigned char c : canon.dump()) {
      h ^= c;
      h *= 1099511628211ULL;
    }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return std::string(buf);
  };
  int checked = 0;
  for (const char* game : {"tarot", "coinche", "prefa", "piquet", "alsos"}) {
    json f = json::parse(slurp(std::string(MARQUE_SOURCE_DIR) + "/examples/" + game + ".json"));
    CHECK(app::content_key(f) == reference(f));
    f["meta"]["night"] = 7;
    CHECK(app::content_key(f) == reference(f));
    json bare = {{"format", "marque-game/1"}, {"game", game}, {"setup", f["setup"]}};
    CHECK(app::content_key(bare) == reference(bare));
    ++checked;
  }
  CHECK(checked == 5);
}

TEST_CASE("storage: a schema other than the migrations' own is refused with exit 65", "[storage][hostile]") {
  TempDir t;
  const char* extras[] = {"CREATE TRIGGER t AFTER INSERT ON hands BEGIN DELETE FROM games; END",
                          "CREATE VIEW v AS SELECT * FROM games", "CREATE INDEX i ON hands(record)",
                          "ALTER TABLE players ADD COLUMN x TEXT", "DROP INDEX changes_game"};
  int n = 0;
  for (const char* extra : extras) {
    std::string f = t.file("h" + std::to_string(++n) + ".db");
    { storage::Store s(f, storage::Store::Mode::write); }
    {
      SQLite::Database db(f, SQLite::OPEN_READWRITE);
      db.exec(extra);
    }
    INFO(extra);
    CHECK(exit_code_of([&] { storage::Store s(f, storage::Store::Mode::read); }) == 65);
    CHECK(exit_code_of([&] { storage::Store s(f, storage::Store::Mode::write); }) == 65);
  }
}

TEST_CASE("storage: the CHECK constraints still refuse invalid JSON (marque's own json_valid)", "[storage]") {
  TempDir t;
  storage::Store s(t.file("j.db"), storage::Store::Mode::write);
  s.player_id("Ann", true);
  for (const char* bad : {"{", "{\"a\":}", "[1,]", "{\"a\" 1}", "01", "1.", "\"\x01\"", "tru", "{} {}", "\"\\x\""}) {
    INFO(bad);
    CHECK(exit_code_of([&] {
            storage::Store::Transaction tx(s);
            int64_t id = s.create_game("tarot", json::object(), 1, json::object(), {"Ann"}, "cli");
            s.insert_hand(id, 1, 1, bad, "{}", {marque::Amount{}}, "cli");
          }) == 1);
  }
  storage::Store::Transaction tx(s);
  int64_t id = s.create_game("tarot", json::object(), 1, json::object(), {"Ann"}, "cli");
  for (const char* good : {"{}", "[]", "{\"a\":[1,-2.5e+3,true,false,null,\"x\\u00e9\\n\"]}", " 0 ", "\"\xc3\xa9\""}) {
    INFO(good);
    CHECK(exit_code_of([&] {
            s.insert_hand(id, 1, 1, good, "{}", {marque::Amount{}}, "cli");
            s.delete_hand(id, 1);
          }) == 0);
  }
  // texts marque's serializer has just written (an import) are known by their bytes, for that one statement only:
  // the next statement's texts are scanned again
  CHECK(exit_code_of([&] {
          s.insert_hand(id, 1, 1, "{\"a\":1}", "{}", {marque::Amount{}}, "import", true);
          s.delete_hand(id, 1);
        }) == 0);
  CHECK(exit_code_of([&] { s.insert_hand(id, 1, 1, "{\"a\":", "{}", {marque::Amount{}}, "cli"); }) == 1);
}

TEST_CASE("storage: an upgrade whose derivation fails leaves the old database (one transaction)",
          "[storage][upgrade]") {
  TempDir t;
  {
    SQLite::Database db(t.file("v1.db"), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db.exec(slurp(std::string(MARQUE_SOURCE_DIR) + "/schema/sql/0001_initial.sql"));
    db.exec("PRAGMA application_id = " + std::to_string(storage::k_application_id));
    db.exec("PRAGMA user_version = 1");
    db.exec("INSERT INTO players(name) VALUES ('Ann'), ('Ben')");
  }
  int seen = 0;
  auto failing = [&](storage::Store& s, int from) {
    seen = from;
    CHECK(s.schema_version() == storage::Store::latest_schema_version());
    throw Error(k_exit_software, "derivation failed");
  };
  CHECK(exit_code_of([&] { storage::Store s(t.file("v1.db"), storage::Store::Mode::write, failing); }) ==
        k_exit_software);
  CHECK(seen == 1);
  {
    SQLite::Database db(t.file("v1.db"), SQLite::OPEN_READONLY);
    CHECK(db.execAndGet("PRAGMA user_version").getInt() == 1);
    CHECK(db.execAndGet("SELECT count(*) FROM sqlite_schema WHERE name = 'nights'").getInt() == 0);
  }
  storage::Store s(t.file("v1.db"), storage::Store::Mode::write, [](storage::Store&, int) {});
  CHECK(s.upgraded_from() == 1);
  CHECK(s.players().size() == 2);
}

TEST_CASE("check: a damaged record is reported with its game and hand, the rest is checked", "[storage][check]") {
  TempDir t;
  std::string f = t.file("c.db");
  {
    auto s = app::open_database(f, true);
    for (int g = 0; g < 3; ++g) {
      int64_t id = app::start_game(*s, "tarot",
                                   json::parse(R"({"players":["Ann","Ben","Cat","Dan"],"first_dealer":"Ann"})"),
                                   json::object());
      app::add_hand(*s, id, json::parse(R"({"type":"hand","taker":"Ben","contract":"garde","oudlers":2,"points":50})"),
                    false);
      app::add_hand(*s, id, json::parse(R"({"type":"hand","taker":"Cat","contract":"prise","oudlers":1,"points":45})"),
                    false);
    }
    CHECK(app::check(*s).problems.empty());
  }
  {
    SQLite::Database db(f, SQLite::OPEN_READWRITE);
    db.exec("PRAGMA ignore_check_constraints = 1");
    db.exec("UPDATE hands SET record = '{\"taker\":\"B' || char(1) || 'en\"' WHERE game_id = 2 AND seq = 2");
  }
  auto s = app::open_database(f, false);
  auto rep = app::check(*s);
  CHECK(rep.games == 3);
  CHECK(rep.hands == 6);
  bool named = false;
  for (const auto& p : rep.problems)
    named = named || p.find("game 2 hand 2: the stored record is damaged") != std::string::npos;
  CHECK(named);
  CHECK(exit_code_of([&] { app::game_file(*s, 2); }) == 65);
  CHECK(exit_code_of([&] { app::game_file(*s, 3); }) == 0);
}

// a game longer than check's slice of hands (2,048) is read and checked a slice at a time: the same findings
// issue 35: a hand added to the end of a game resumes from the game's stored running state (games.state) and reads
// no earlier record; a state that cannot be read, or none, and the game is replayed from its records
TEST_CASE("a hand added resumes from the stored running state, else replays the records", "[storage][state]") {
  TempDir t;
  std::string f = t.file("rs.db");
  const json next = json::parse(R"({"type":"hand","taker":"Dan","contract":"garde","oudlers":1,"points":55})");
  std::string entry, totals, state;
  {
    auto s = app::open_database(f, true);
    int64_t id = app::start_game(*s, "tarot",
                                 json::parse(R"({"players":["Ann","Ben","Cat","Dan"],"first_dealer":"Ann"})"),
                                 json::object());
    for (const char* p : {"41", "52", "60"})
      app::add_hand(*s, id,
                    json::parse(
                        std::string(R"({"type":"hand","taker":"Ben","contract":"prise","oudlers":2,"points":)") + p +
                        "}"),
                    false);
    const app::HandOutcome o = app::add_hand(*s, id, next, true);
    entry = o.entry.dump();
    totals = o.score["totals"].dump();
    CHECK(o.no == 4);
  }
  const auto raw = [&](const std::string& sql) {
    SQLite::Database db(f, SQLite::OPEN_READWRITE);
    db.exec("PRAGMA ignore_check_constraints = 1");
    db.exec(sql);
    if (state.empty()) state = db.execAndGet("SELECT state FROM games WHERE id = 1").getString();
  };
  const auto same = [&] {
    auto s = app::open_database(f, true);
    const app::HandOutcome o = app::add_hand(*s, 1, next, true);
    CHECK(o.entry.dump() == entry);
    CHECK(o.score["totals"].dump() == totals);
    CHECK(o.no == 4);
    return app::check(*s).problems;
  };
  // a state that is not JSON: the records are replayed, and check reports the state
  raw("SELECT 1");
  REQUIRE(state.find("\"hands\":3") != std::string::npos);
  raw("UPDATE games SET state = '{\"hands\":' WHERE id = 1");
  auto problems = same();
  REQUIRE(problems.size() == 1);
  CHECK(problems[0] == "game 1: the stored running state is damaged (not valid JSON)");
  // the state back, and hand 1's record one the rules refuse: the hand added never reads it (check does)
  raw("UPDATE games SET state = '" + state + "' WHERE id = 1");
  raw(R"(UPDATE hands SET record = '{"type":"hand","taker":"Zed"}' WHERE game_id = 1 AND seq = 1)");
  problems = same();
  REQUIRE_FALSE(problems.empty());
  CHECK(problems[0].find("game 1: its records no longer replay") == 0);
  // no state stored: the game is replayed, which stops at hand 1
  raw("UPDATE games SET state = NULL WHERE id = 1");
  auto s = app::open_database(f, true);
  CHECK(exit_code_of([&] { app::add_hand(*s, 1, next, true); }) == 1);
}

TEST_CASE("check: a game of 5,000 hands is checked a slice at a time, every hand of it", "[storage][check]") {
  TempDir t;
  std::string f = t.file("long.db");
  {
    auto s = app::open_database(f, true);
    json hands = json::array();
    for (int i = 0; i < 5000; ++i)
      hands.push_back({{"type", "hand"},
                       {"taker", i % 2 ? "Ben" : "Cat"},
                       {"contract", "prise"},
                       {"oudlers", 1},
                       {"points", 40 + i % 20}});
    json file = {{"format", "marque-game/1"},
                 {"game", "tarot"},
                 {"setup", json::parse(R"({"players":["Ann","Ben","Cat","Dan"],"first_dealer":"Ann"})")},
                 {"hands", hands},
                 {"meta", json::object()}};
    app::import_sources(
        *s, 1,
        [&](size_t) {
          return std::vector<app::SourceDocument>{{"long.json", file}};
        },
        false);
    auto rep = app::check(*s);
    CHECK(rep.games == 1);
    CHECK(rep.hands == 5000);
    CHECK(rep.problems.empty());
  }
  {
    SQLite::Database db(f, SQLite::OPEN_READWRITE);
    db.exec("PRAGMA ignore_check_constraints = 1");
    // a posting of the second slice, a score of the third, then a record the replay stops at
    db.exec(
        "UPDATE postings SET units = units + 1 WHERE position = 0 AND hand_id = (SELECT id FROM hands WHERE seq = 3000)");
    db.exec("UPDATE hands SET score = '{\"deltas\":[1,2,3,-6]}' WHERE seq = 4500");
    db.exec("UPDATE hands SET record = '{' WHERE seq = 4700");
    db.exec("UPDATE hands SET score = '[' WHERE seq = 4900");
  }
  auto s = app::open_database(f, false);
  auto rep = app::check(*s);
  CHECK(rep.hands == 5000);
  const std::vector<std::string> want = {"game 1 hand 3000: stored postings differ from the rules",
                                         "game 1 hand 4500: stored score differs from the rules: stored [1,2,3,-6]",
                                         "game 1 hand 4700: the stored record is damaged (not valid JSON)",
                                         "game 1: its records no longer replay",
                                         "game 1 hand 4900: the stored score is damaged (not valid JSON)"};
  REQUIRE(rep.problems.size() == want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    INFO(rep.problems[i]);
    CHECK(rep.problems[i].rfind(want[i], 0) == 0);
  }
}

}  // namespace unit_test_storage
namespace marque::storage::detail {
bool schema_texts_match_migrations();  // storage/store_impl.hpp
}
namespace unit_test_storage {
// opening a database compares its schema with texts made at build time (tools/schema_gen.cpp); they must be what
// the migrations make here, version by version, or every open would take the slow way
TEST_CASE("the build-time schema texts are what the migrations make", "[storage][schema]") {
  CHECK(marque::storage::detail::schema_texts_match_migrations());
}

}  // namespace unit_test_storage
