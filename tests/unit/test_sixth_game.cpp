// A sixth game that only the tests know (support/race_game.cpp): registered in the registry, it goes through calc
// (replay), import, score, sheet, standings and stats, and the database takes it, without any other file naming it.
// golden/sixth-game/race.test takes it through the command line, its standings checked against the published schema.
#include <catch2/catch.hpp>

#include <filesystem>

#include "app/app.hpp"
#include "reports/sheet_render.hpp"
#include "rules/engine.hpp"
#include "rules/registry.hpp"
#include "support/race_game.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_sixth_game {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;
namespace rules = marque::rules;
namespace league = marque::league;

using marque::test::race;
using marque::test::race_file;

TEST_CASE("a sixth game registered only in the tests goes through every layer", "[sixth]") {
  const auto& rules = race();
  REQUIRE(rules::find_game("race") == &rules);

  // calc: the replay of a game file
  auto r = rules::replay(race_file());
  REQUIRE(r.ok);
  CHECK(r.score["finished"] == true);
  CHECK(r.score["totals"]["Ben"] == 10);

  // import and score: into a database (no list of game kinds in the schema)
  auto dir = std::filesystem::temp_directory_path() / "marque-sixth-game";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  auto store = marque::app::open_database((dir / "club.db").string(), true);
  marque::app::SourceDocument doc{"race.json", race_file(), false, {}, {}};
  auto imported = marque::app::import_sources(
      *store, 1, [&](size_t) { return std::vector{doc}; }, false);
  REQUIRE(imported.items.size() == 1);
  const int64_t id = imported.items[0].game_id;
  auto scored = marque::app::score_game(*store, id);
  CHECK(scored.score["totals"] == r.score["totals"]);
  CHECK(marque::app::check(*store).problems.empty());

  // sheet
  auto sheet = rules.score_sheet(marque::app::game_file(*store, id), scored.score);
  CHECK(marque::reports::sheet_text(sheet) == "Ann  Ben  Cat\n  3   10    0\nRACE over\n");
  CHECK(marque::reports::sheet_json(sheet)["blocks"][0]["table"]["rows"][0]["cells"][1] == "10");

  // standings: places from the result, the extra figure the game asked for
  auto st = marque::app::standings(*store, {}, "2026-11-24T00:00:00Z");
  REQUIRE(st["standings"].size() == 3);
  CHECK(st["standings"][0]["player"] == "Ben");
  CHECK(st["standings"][0]["by_game"]["race"]["balance"] == 10);
  CHECK(st["standings"][0]["league_points"] == 1);

  // stats: the bonuses the game reports
  auto stats = marque::app::stats(*store, "Ben", {});
  CHECK(stats["players"]["Ben"]["race"]["hands"] == 3);
  CHECK(stats["players"]["Ben"]["race"]["bonuses"]["big_win"] == 1);
  CHECK_FALSE(stats["players"]["Ben"]["race"].contains("role"));

  // a player rename touches the game's name paths
  CHECK(marque::app::rename_player(*store, "Ben", "Benedek", false) == 1);
  CHECK(marque::app::score_game(*store, id).score["totals"]["Benedek"] == 10);
  store.reset();
  std::filesystem::remove_all(dir);
}

}  // namespace unit_test_sixth_game
