#include "core/json.hpp"

#include "rules/common/league.hpp"

#include "rules/engine.hpp"

namespace marque::rules {

namespace common {

std::vector<int> places_from(const std::vector<Amount>& v) {
  std::vector<int> out(v.size(), 1);
  for (size_t i = 0; i < v.size(); ++i)
    for (size_t j = 0; j < v.size(); ++j)
      if (v[j] > v[i]) ++out[i];
  return out;
}

Amount amount_at(const json& j, const char* key, int64_t per) {
  std::optional<Amount> a;
  if (j.is_object() && j.contains(key)) a = amount_of(j[key], per);
  return a ? *a : Amount::whole(0, per);
}

std::string string_at(const json& j, const char* key) {
  if (!j.is_object()) return std::string();
  auto it = j.find(key);  // one look-up
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::vector<league::SeatResult> seats_with_places(const json& summary, const std::vector<std::string>& players,
                                                  const std::vector<int>& places, int64_t per) {
  const json totals = summary.is_object() ? summary.value("totals", json::object()) : json::object();
  std::vector<league::SeatResult> out;
  for (size_t i = 0; i < players.size(); ++i)
    out.push_back({places[i], amount_at(totals, players[i].c_str(), per), ""});
  return out;
}

std::vector<league::SeatResult> default_seats(const json& summary, const std::vector<std::string>& players,
                                              int64_t per) {
  const json res = summary.is_object() ? summary.value("result", json::object()) : json::object();
  const int n = static_cast<int>(players.size());
  std::vector<int> places;
  if (res.is_object() && res.contains("places") && res["places"].is_object()) {
    for (const auto& p : players)
      places.push_back(res["places"].contains(p) && res["places"][p].is_number_integer() ? res["places"][p].get<int>()
                                                                                         : n);
  } else {
    const json totals = summary.is_object() ? summary.value("totals", json::object()) : json::object();
    std::vector<Amount> v;
    for (const auto& p : players) v.push_back(amount_at(totals, p.c_str(), per));
    places = places_from(v);
  }
  return seats_with_places(summary, players, places, per);
}

}  // namespace common

std::vector<league::SeatResult> GameRules::seats(const json& summary, const std::vector<std::string>& players) const {
  return common::default_seats(summary, players, amount_denominator());
}

league::HandFacts GameRules::hand_facts(const json&, const json&, const std::vector<std::string>&) const { return {}; }

bool GameRules::deal_played(const json& record, const ojson& entry) const {
  return hand_facts(record, json(entry), {}).played;
}

const league::Profile& GameRules::league_profile() const {
  static const league::Profile none;
  return none;
}

TournamentProfile GameRules::tournament_profile(const json&) const {
  TournamentProfile t;
  t.two_sided = true;
  t.sit_out = true;
  t.length_modes = {"game"};
  t.default_round_length = {{"mode", "game"}};
  t.match_chain = {"total_points", "head_to_head", "lot"};
  t.active_per_n = {{2, 1}};
  t.reference_active = 1;
  return t;
}

}  // namespace marque::rules
