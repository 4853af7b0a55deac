// The sixth game of the tests: see race_game.hpp.
#include "support/race_game.hpp"

#include <map>

#include "rules/engine.hpp"
#include "rules/registry.hpp"

namespace marque::test {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;
namespace league = marque::league;

namespace {

class RaceGame final : public rules::Game {
public:
  RaceGame(std::vector<std::string> players, int target) : m_players(std::move(players)), m_target(target) {
    for (const auto& p : m_players) m_totals[p] = 0;
  }
  std::vector<std::string> players() const override { return m_players; }
  std::optional<rules::HandResult> play_hand(const json& record, marque::Diagnostics& diags) override {
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
    rules::HandResult h;
    for (const auto& p : m_players) h.deltas.push_back(marque::Amount::whole(p == winner ? points : 0));
    m_totals[winner] += points;
    m_last_winner = winner;
    h.totals = standing();
    h.breakdown = ojson{{"winner", winner}, {"points", points}};
    return h;
  }
  std::vector<marque::Amount> standing() const override {
    std::vector<marque::Amount> t;
    for (const auto& p : m_players) t.push_back(marque::Amount::whole(m_totals.at(p)));
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
    return {{"target",
             "int",
             {},
             10,
             "points that win the race",
             nullptr,
             1,
             1000000}};  // a range, as every game's int option has (test_engine.cpp)
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

}  // namespace

const rules::GameRules& race() {
  static const RaceRules rules;
  static const bool registered = (rules::register_game(rules), true);
  (void)registered;
  return rules;
}

json race_file() {
  return {
      {"format", "marque-game/1"},
      {"game", "race"},
      {"setup", {{"players", {"Ann", "Ben", "Cat"}}}},
      {"meta", {{"date", "2026-11-20"}, {"league", "Test club"}}},
      {"hands",
       {{{"winner", "Ann"}, {"points", 3}}, {{"winner", "Ben"}, {"points", 6}}, {{"winner", "Ben"}, {"points", 4}}}}};
}

}  // namespace marque::test
