// Piquet for standings and statistics: the partie's winner first (spec piquet §5; a game without a winner yet
// ranks its totals); no contracts; pique, repique and capot as bonuses; a redeal is a deal not played.
#include "rules/common/league.hpp"
#include "rules/piquet/piquet.hpp"

namespace marque::rules::piquet {

using common::number_at;
using common::string_at;

std::vector<league::SeatResult> league_seats(const json& summary, const std::vector<std::string>& players) {
  const json res = summary.is_object() ? summary.value("result", json::object()) : json::object();
  if (!res.is_object() || !res.contains("winner")) return common::default_seats(summary, players);
  const json totals = summary.value("totals", json::object());
  std::vector<double> v;
  for (const auto& p : players)
    v.push_back(res["winner"].is_string() ? (res["winner"] == p ? 1.0 : 0.0) : number_at(totals, p.c_str()));
  return common::seats_with_places(summary, players, common::places_from(v));
}

league::HandFacts league_hand_facts(const json& rec, const json& entry, const std::vector<std::string>&) {
  const json bd = entry.is_object() && entry.contains("breakdown") ? entry["breakdown"] : json::object();
  league::HandFacts f;
  // a redeal (spec piquet: a card exposed, a wrong number of cards) is a deal that was not played
  if ((rec.is_object() && rec.contains("redeal") && rec["redeal"] == true) || string_at(bd, "entry") == "redeal") {
    f.played = false;
    f.not_played = "redeal";
    return f;
  }
  for (const auto& [key, bonus] : {std::pair{"pique", "pique"}, std::pair{"repique_by", "repique"}, std::pair{"capot_by", "capot"}})
    if (!string_at(bd, key).empty()) f.bonuses.emplace_back(string_at(bd, key), bonus);
  return f;
}

const league::Profile& league_profile() {
  static const league::Profile profile{"", {"partie_results"}};
  return profile;
}

}  // namespace marque::rules::piquet
