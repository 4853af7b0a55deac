// A sixth game that only this test knows: registered in the registry here, it goes through calc (replay),
// import, score, sheet, standings and stats, and the database takes it, without any other file naming it.
// "race": each hand one player wins some points; the first to reach the target (default 10) wins.
#include <catch2/catch.hpp>

#include <filesystem>

#include "app/app.hpp"
#include "reports/sheet_render.hpp"
#include "rules/engine.hpp"
#include "rules/registry.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_sixth_game {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;
namespace rules = marque::rules;
namespace league = marque::league;

namespace {

class RaceGame final : public rules::Game {
public:
  RaceGame(std::vector<std::string> players, int target) : m_players(std::move(players)), m_target(target) {
    for (const auto& p : m_players) m_totals[p] = 0;
  }
  std::vector<std::string> players() const override { return m_players; }
  std::optional<ojson> play(const json& record, marque::Diagnostics& diags) override {
    if (finished()) {
      diags.error("", "race.finished", "the race is over");
      return std::nullopt;
    }
    const std::string winner = record.value("winner", std::string());
    if (!m_totals.contains(winner)) diags.error("winner", "race.winner", "must be one of the players");
    if (!record.contains("points") || !record["points"].is_number_integer() || record["points"].get<int>() < 1)
      diags.error("points", "race.points", "a whole number of at least 1");
    if (diags.has_errors()) return std::nullopt;
    const int points = record["points"].get<int>();
    ojson deltas = ojson::object();
    for (const auto& p : m_players) deltas[p] = p == winner ? points : 0;
    m_totals[winner] += points;
    m_last_winner = winner;
    return ojson{{"deltas", deltas}, {"totals", totals()}, {"breakdown", {{"winner", winner}, {"points", points}}}};
  }
  ojson totals() const override {
    ojson t = ojson::object();
    for (const auto& p : m_players) t[p] = m_totals.at(p);
    return t;
  }
  bool finished() const override {
    for (const auto& [p, v] : m_totals)
      if (v >= m_target) return true;
    return false;
  }
  ojson result() const override {
    ojson places = ojson::object();
    for (const auto& p : m_players) {
      int place = 1;
      for (const auto& q : m_players) place += m_totals.at(q) > m_totals.at(p) ? 1 : 0;
      places[p] = place;
    }
    return {{"places", places}};
  }
  std::string next_dealer() const override { return ""; }

private:
  std::vector<std::string> m_players;
  int m_target;
  std::map<std::string, int> m_totals;
  std::string m_last_winner;
};

class RaceRules final : public rules::GameRules {
public:
  std::string_view id() const override { return "race"; }
  std::string_view title() const override { return "Race to ten"; }
  int rules_version() const override { return 1; }
  std::vector<rules::OptionSpec> options() const override {
    return {{"target", "int", {}, 10, "points that win the race", nullptr}};
  }
  std::vector<rules::FieldSpec> fields() const override {
    return {{"winner", "player", true, {}, "who won the hand"}, {"points", "int", true, {}, "points won"}};
  }
  const marque::text::Labels& labels() const override {
    static const marque::text::Labels table{{"winner", "won by {}"}, {"points", "{} points"}, {"target", "race to {}"}};
    return table;
  }
  const NamePaths& name_paths() const override {
    static const NamePaths paths{{"players.*"}, {"winner"}};
    return paths;
  }
  std::vector<std::string> start_examples() const override { return {"race players=Ann,Ben"}; }
  std::unique_ptr<rules::Game> start(const json& setup, marque::Diagnostics& diags) const override {
    json opts = rules::resolve_options(setup.value("options", json(nullptr)), options(), diags);
    std::vector<std::string> players;
    if (setup.contains("players") && setup["players"].is_array())
      for (const auto& p : setup["players"])
        if (p.is_string()) players.push_back(p.get<std::string>());
    if (players.size() < 2) diags.error("players", "setup.players", "at least two players");
    if (diags.has_errors()) return nullptr;
    return std::make_unique<RaceGame>(players, opts["target"].get<int>());
  }
  json record_from_args(const std::vector<std::pair<std::string, std::string>>& kv, const rules::Game&,
                        marque::Diagnostics&) const override {
    json r = json::object();
    for (const auto& [k, v] : kv) r[k] = rules::typed_value(v);
    return r;
  }
  std::vector<league::SeatResult> seats(const json& summary, const std::vector<std::string>& players) const override {
    auto seats = GameRules::seats(summary, players);  // places from result.places, points from totals
    return seats;
  }
  league::HandFacts hand_facts(const json& record, const json&, const std::vector<std::string>&) const override {
    league::HandFacts f;
    if (record.value("points", 0) >= 5) f.bonuses.emplace_back(record.value("winner", std::string()), "big_win");
    return f;
  }
  const league::Profile& league_profile() const override {
    static const league::Profile profile{"", {"balance"}};
    return profile;
  }
  marque::sheet::Sheet score_sheet(const json&, const ojson& score) const override {
    marque::sheet::Sheet s;
    s.title = "Race";
    auto& t = s.table();
    for (const auto& [p, v] : score["totals"].items()) t.columns.push_back({p, true});
    std::vector<std::string> cells;
    for (const auto& [p, v] : score["totals"].items()) cells.push_back(v.dump());
    t.row(cells, "total");
    s.line("RACE over", "result");
    return s;
  }
};

const RaceRules& race() {
  static const RaceRules rules;
  static const bool registered = (rules::register_game(rules), true);
  (void)registered;
  return rules;
}

json race_file() {
  return {{"format", "marque-game/1"},
          {"game", "race"},
          {"setup", {{"players", {"Ann", "Ben", "Cat"}}}},
          {"meta", {{"date", "2026-11-20"}, {"league", "Test club"}}},
          {"hands",
           {{{"winner", "Ann"}, {"points", 3}}, {{"winner", "Ben"}, {"points", 6}}, {{"winner", "Ben"}, {"points", 4}}}}};
}

}  // namespace

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
  auto imported = marque::app::import_sources(*store, 1, [&](size_t) { return std::vector{doc}; }, false);
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
