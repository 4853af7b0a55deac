// issue 14: one spelling per player in every record, case twins refused, dates validated at the door.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>

#include <SQLiteCpp/SQLiteCpp.h>

#include "app/app.hpp"
#include "app/internal.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_identity {

using namespace marque;
namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {
struct IdDir {
  fs::path path;
  IdDir() {
    char tmpl[] = "/tmp/marque-identity-XXXXXX";
    path = mkdtemp(tmpl);
  }
  ~IdDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string file(const std::string& name) const { return (path / name).string(); }
};

json tarot_setup(const std::vector<std::string>& players) {
  return {{"players", players}, {"first_dealer", players[0]}};
}

std::string rejected_code(const std::function<void()>& f) {
  try {
    f();
  } catch (const Rejected& e) {
    return e.diagnostics().items().empty() ? "?" : e.diagnostics().items().front().code;
  }
  return "";
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

TEST_CASE("identity: a game started or imported with another spelling stores the player's own", "[identity]") {
  IdDir d;
  auto store = app::open_database(d.file("id.db"), true);
  app::start_game(*store, "tarot", tarot_setup({"Ann", "Ben", "Cat"}), json::object());
  CHECK(app::store_of(*store).player_name("ANN") == "Ann");
  CHECK(app::store_of(*store).player_name("nobody").empty());
  int64_t g2 = app::start_game(*store, "tarot", tarot_setup({"ann", "BEN", "Cat"}), json::object());
  json f = app::game_file(*store, g2);
  CHECK(f["setup"]["players"] == json(R"(["Ann", "Ben", "Cat"])"_json));
  CHECK(f["setup"]["first_dealer"] == "Ann");
  app::add_hand(*store, g2,
                json{{"type", "hand"}, {"taker", "Ann"}, {"contract", "garde"}, {"oudlers", 2}, {"points", 50}}, false);

  json file = {{"format", "marque-game/1"},
               {"game", "tarot"},
               {"setup", tarot_setup({"CAT", "ann", "Dan"})},
               {"hands",
                json::array(
                    {{{"type", "hand"}, {"taker", "ann"}, {"contract", "prise"}, {"oudlers", 1}, {"points", 60}}})},
               {"meta", json::object()}};
  auto out = import_docs(*store, {{"f.json", file}}, false);
  REQUIRE(out.items.size() == 1);
  json g3 = app::game_file(*store, out.items[0].game_id);
  CHECK(g3["setup"]["players"] == json(R"(["Cat", "Ann", "Dan"])"_json));
  CHECK(g3["hands"][0]["taker"] == "Ann");
  // the same file again is the same game
  CHECK(import_docs(*store, {{"f.json", file}}, false).duplicates == 1);
  CHECK(app::check(*store).problems.empty());

  // an older database whose records keep "ann": check says so, a rename respells it
  {
    SQLite::Database db(d.file("id.db"), SQLite::OPEN_READWRITE);
    db.exec("UPDATE games SET setup = replace(setup, '\"Ann\"', '\"ann\"') WHERE id = " + std::to_string(g2));
    db.exec("UPDATE hands SET record = replace(record, '\"Ann\"', '\"ann\"') WHERE game_id = " + std::to_string(g2));
  }
  auto rep = app::check(*store);
  REQUIRE_FALSE(rep.problems.empty());
  CHECK(rep.problems[0].find("its records name \"ann\" but the player is \"Ann\"") != std::string::npos);
  app::rename_player(*store, "Ann", "Ann", false);
  CHECK(app::check(*store).problems.empty());
  CHECK(app::game_file(*store, g2)["hands"][0]["taker"] == "Ann");
}

TEST_CASE("identity: names that differ only in case are refused in every game", "[identity]") {
  IdDir d;
  auto store = app::open_database(d.file("twins.db"), true);
  json seats = R"({"seats": {"N": "Eve", "E": "Fay", "S": "eve", "W": "Gus"}, "first_dealer": "N"})"_json;
  CHECK(rejected_code([&] { app::start_game(*store, "coinche", seats, json::object()); }) == "setup.players_case");
  json file = {{"format", "marque-game/1"},
               {"game", "coinche"},
               {"setup", seats},
               {"hands", json::array()},
               {"meta", json::object()}};
  CHECK(rejected_code([&] { import_docs(*store, {{"t.json", file}}, false); }) == "setup.players_case");
  CHECK(app::games(*store).empty());
}

TEST_CASE("identity: meta.date must be a real day", "[identity][date]") {
  IdDir d;
  auto store = app::open_database(d.file("dates.db"), true);
  for (const char* bad : {"2026-13-45", "2026-02-30", "not a date"})
    CHECK(rejected_code([&] {
            app::start_game(*store, "tarot", tarot_setup({"A", "B", "C"}), json{{"date", bad}});
          }) == "meta.date");
  json file = {{"format", "marque-game/1"},
               {"game", "tarot"},
               {"setup", tarot_setup({"A", "B", "C"})},
               {"hands", json::array()},
               {"meta", {{"date", "2026-02-30"}}}};
  CHECK(rejected_code([&] { import_docs(*store, {{"d.json", file}}, false); }) == "meta.date");
  CHECK(app::games(*store).empty());
  CHECK_NOTHROW(app::start_game(*store, "tarot", tarot_setup({"A", "B", "C"}), json{{"date", "2024-02-29"}}));
}

}  // namespace unit_test_identity
