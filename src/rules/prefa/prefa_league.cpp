// Prefa for standings and statistics: places from the final results F_p (spec prefa §5), the declarer's
// contract and its success, four aces as a bonus; an all-pass hand is a deal not played.
#include "rules/common/league.hpp"
#include "rules/prefa/prefa.hpp"

namespace marque::rules::prefa {

using common::amount_at;
using common::string_at;

std::vector<league::SeatResult> league_seats(const json& summary, const std::vector<std::string>& players) {
  const json res = summary.is_object() ? summary.value("result", json::object()) : json::object();
  if (!res.is_object() || !res.contains("final") || !res["final"].is_object())
    return common::default_seats(summary, players, k_scale);
  std::vector<Amount> v;
  for (const auto& p : players) v.push_back(amount_at(res["final"], p.c_str(), k_scale));
  return common::seats_with_places(summary, players, common::places_from(v), k_scale);
}

namespace {

// an all-pass hand (spec prefa §3: everybody passed, no play) is a deal not played ("all_pass"; "" for a deal
// played); polles is played out
template <class J>
std::string not_played(const json& rec, const J&) {
  return string_at(rec, "type") == "all_pass" ? "all_pass" : "";
}

}  // namespace

league::HandFacts league_hand_facts(const json& rec, const json& entry, const std::vector<std::string>&) {
  const json bd = entry.is_object() && entry.contains("breakdown") ? entry["breakdown"] : json::object();
  league::HandFacts f;
  if (f.not_played = not_played(rec, entry); !f.not_played.empty()) {
    f.played = false;
    return f;
  }
  f.actor = string_at(bd, "declarer").empty() ? string_at(rec, "declarer") : string_at(bd, "declarer");
  if (bd.is_object() && bd.contains("success") && bd["success"].is_boolean()) f.made = bd["success"].get<bool>();
  f.contract = string_at(bd, "contract").empty() ? string_at(rec, "contract") : string_at(bd, "contract");
  if (!string_at(rec, "four_aces").empty()) f.bonuses.emplace_back(string_at(rec, "four_aces"), "four_aces");
  return f;
}

bool league_deal_played(const json& record, const ojson& entry) { return not_played(record, entry).empty(); }

const league::Profile& league_profile() {
  static const league::Profile profile{"declarer", {"final_results"}};
  return profile;
}

}  // namespace marque::rules::prefa
