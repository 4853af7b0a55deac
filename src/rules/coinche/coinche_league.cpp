// Coinche for standings and statistics: two teams (seats N, S against E, W; spec coinche §2.1) — each seat
// stands with its team's total and result; the bidder's contract, capot and belote as bonuses; a redeal (all
// pass, misdeal) is a deal not played.
#include "rules/coinche/coinche.hpp"
#include "rules/common/league.hpp"

namespace marque::rules::coinche {

using common::amount_at;
using common::string_at;

namespace {
const char* const k_league_seats[] = {"N", "E", "S", "W"};
const char* team_key(size_t seat) { return seat % 2 == 0 ? "NS" : "EW"; }
// the player at a seat letter, else the text itself
std::string player_at(const std::string& seat, const std::vector<std::string>& players) {
  for (size_t i = 0; i < 4 && i < players.size(); ++i)
    if (seat == k_league_seats[i]) return players[i];
  return seat;
}
}  // namespace

std::vector<league::SeatResult> league_seats(const json& summary, const std::vector<std::string>& players) {
  const json res = summary.is_object() ? summary.value("result", json::object()) : json::object();
  const json team_totals = summary.is_object() ? summary.value("team_totals", json::object()) : json::object();
  const std::string winner = string_at(res, "winner");
  std::vector<Amount> v;
  for (size_t i = 0; i < players.size(); ++i)
    v.push_back(winner.empty() || winner == "draw" ? amount_at(team_totals, team_key(i), 1)
                                                   : Amount::whole(winner == team_key(i) ? 1 : 0));
  const std::vector<int> places = common::places_from(v);
  // the game is played by two sides: every seat names its side's result (standings place the two sides 1 and
  // 0), the winner's once there is one, else as the game stands (what a game closed early counts as)
  const Amount ns = amount_at(team_totals, "NS", 1), ew = amount_at(team_totals, "EW", 1);
  const std::string leader = winner.empty() ? (ns > ew ? "NS" : ew > ns ? "EW" : "draw") : winner;
  std::vector<league::SeatResult> out;
  for (size_t i = 0; i < players.size(); ++i)
    out.push_back({places[i], amount_at(team_totals, team_key(i), 1),
                   leader == "draw"        ? "draw"
                   : leader == team_key(i) ? "win"
                                           : "loss"});
  return out;
}

namespace {

// a redeal (spec coinche C02: four passes, or a misdeal) is a deal that was not played: what it was ("all_pass",
// "misdeal"), "" for a deal played
template <class J>
std::string not_played(const json& rec, const J& entry) {
  const std::string redeal = string_at(rec, "redeal").empty() ? common::breakdown_text(entry, "redeal")
                                                              : string_at(rec, "redeal");
  if (redeal.empty()) return "";
  return redeal == "all_pass" ? "all_pass" : "misdeal";
}

}  // namespace

league::HandFacts league_hand_facts(const json& rec, const json& entry, const std::vector<std::string>& players) {
  const json bd = entry.is_object() && entry.contains("breakdown") ? entry["breakdown"] : json::object();
  league::HandFacts f;
  if (f.not_played = not_played(rec, entry); !f.not_played.empty()) {
    f.played = false;
    return f;
  }
  f.actor = player_at(string_at(bd, "bidder").empty() ? string_at(rec, "bidder") : string_at(bd, "bidder"), players);
  if (bd.is_object() && bd.contains("made") && bd["made"].is_boolean()) f.made = bd["made"].get<bool>();
  if (bd.is_object() && bd.contains("contract") && !bd["contract"].is_null())
    f.contract = bd["contract"].is_string() ? bd["contract"].get<std::string>() : bd["contract"].dump();
  else if (rec.is_object() && rec.contains("bid"))
    f.contract = rec["bid"].dump();
  // breakdown.capot names the team that won every trick: a bonus of the bidder when it is the bidding team
  if (!f.actor.empty() && bd.is_object() && bd.contains("capot") && bd["capot"].is_string() &&
      bd.contains("bidding_team") && bd["capot"] == bd["bidding_team"])
    f.bonuses.emplace_back(f.actor, "capot");
  const std::string belote = string_at(rec, "belote");
  for (size_t i = 0; i < 4 && i < players.size(); ++i)
    if (belote == k_league_seats[i]) f.bonuses.emplace_back(players[i], "belote");
  return f;
}

bool league_deal_played(const json& record, const ojson& entry) { return not_played(record, entry).empty(); }

const league::Profile& league_profile() {
  static const league::Profile profile{"bidder", {"team_results"}};
  return profile;
}

}  // namespace marque::rules::coinche
