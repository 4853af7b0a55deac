// Piquet for standings and statistics: the partie's winner first (spec piquet §5; a game without a winner yet
// ranks its totals); no contracts; pique, repique and capot as bonuses; a redeal is a deal not played.
#include "rules/common/league.hpp"
#include "rules/piquet/piquet.hpp"

namespace marque::rules::piquet {

using common::amount_at;
using common::string_at;

// A seat's points are the game's result, not the raw deal totals, so that the two players' points sum to zero:
// a Rubicon partie its ±R (spec §5.3; a partie closed before its end as it stands, a drawn one 0), a classic
// game ±its value in games won (1, or 2 under best_of_5_doubles; 0 while it has no winner).
std::vector<league::SeatResult> league_seats(const json& summary, const std::vector<std::string>& players) {
  const json res = summary.is_object() ? summary.value("result", json::object()) : json::object();
  if (!res.is_object() || !res.contains("winner")) return common::default_seats(summary, players, 1);
  const json totals = summary.value("totals", json::object());
  const std::string winner = string_at(res, "winner");
  std::vector<Amount> v;
  for (const auto& p : players)
    v.push_back(!winner.empty() ? Amount::whole(winner == p ? 1 : 0) : amount_at(totals, p.c_str(), 1));
  std::vector<league::SeatResult> seats = common::seats_with_places(summary, players, common::places_from(v), 1);
  const bool rubicon = string_at(res, "mode") == "rubicon";
  const json scores = rubicon ? res.value("scores", json::object()) : json::object();
  for (size_t i = 0; i < seats.size(); ++i)
    seats[i].points = rubicon          ? amount_at(scores, players[i].c_str(), 1)
                      : winner.empty() ? Amount{}
                                       : (winner == players[i] ? 1 : -1) * amount_at(res, "game_value", 1);
  return seats;
}

namespace {

// a redeal (spec piquet: a card exposed, a wrong number of cards) is a deal that was not played ("redeal"; ""
// for a deal played)
template <class J>
std::string not_played(const json& rec, const J& entry) {
  const bool redeal = (rec.is_object() && rec.contains("redeal") && rec["redeal"] == true) ||
                      common::breakdown_text(entry, "entry") == "redeal";
  return redeal ? "redeal" : "";
}

}  // namespace

league::HandFacts league_hand_facts(const json& rec, const json& entry, const std::vector<std::string>&) {
  const json bd = entry.is_object() && entry.contains("breakdown") ? entry["breakdown"] : json::object();
  league::HandFacts f;
  if (f.not_played = not_played(rec, entry); !f.not_played.empty()) {
    f.played = false;
    return f;
  }
  for (const auto& [key, bonus] :
       {std::pair{"pique", "pique"}, std::pair{"repique_by", "repique"}, std::pair{"capot_by", "capot"}})
    if (!string_at(bd, key).empty()) f.bonuses.emplace_back(string_at(bd, key), bonus);
  return f;
}

bool league_deal_played(const json& record, const ojson& entry) { return not_played(record, entry).empty(); }

const league::Profile& league_profile() {
  static const league::Profile profile{"", {"partie_results"}};
  return profile;
}

}  // namespace marque::rules::piquet
