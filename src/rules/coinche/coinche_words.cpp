// Coinche results in words, as a scorer says them at the table: one hand ("N/S 90♦ by S, coinched by E: made
// (125); belote S", "E/W 100♥ by E: dedans (101)", "all pass: redeal") and the game's outcome ("N/S (Nina & Sara)
// win 3102 to 3070 after 12 hands"). From the record, its marque-score/1 entry (breakdown: spec coinche §4) and
// the score document (§5).
#include "core/text.hpp"
#include "rules/coinche/coinche.hpp"

namespace marque::rules::coinche {

namespace {

std::string text_at(const json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : "";
}

std::string points_at(const json& j, const std::string& key) {
  return j.is_object() && j.contains(key) && j[key].is_number() ? text::format_number(j[key].get<double>()) : "?";
}

// "N/S" for "NS"
std::string team_words(const std::string& t) { return t.size() == 2 ? t.substr(0, 1) + "/" + t.substr(1) : t; }

// "90♦", "capot♥", "générale♠"
std::string contract_words(const json& b) {
  const std::string contract = text_at(b, "contract");
  const int suit = suit_index(text_at(b, "trump"));
  const std::string symbol = suit < 0 ? "" : std::string(k_suit_symbols[static_cast<size_t>(suit)]);
  if (contract == "capot") return "capot" + symbol;
  if (contract == "generale") return "générale" + symbol;
  return points_at(b, "value") + symbol;
}

// ", coinched by E, surcoinched by S" (who, when the record names them)
std::string coinche_words(const json& rec, const json& b) {
  const int level = b.contains("coinche") && b["coinche"].is_number_integer() ? b["coinche"].get<int>() : 0;
  std::string s;
  if (level >= 1) s += ", coinched" + (text_at(rec, "coinched_by").empty() ? "" : " by " + text_at(rec, "coinched_by"));
  if (level == 2) s += ", surcoinched" + (text_at(rec, "surcoinched_by").empty() ? "" : " by " + text_at(rec, "surcoinched_by"));
  return s;
}

// "made (125)", "dedans (101)", with the capot and who won it
std::string outcome_words(const json& b) {
  const std::string bidders = text_at(b, "bidding_team");
  const bool made = b.value("made", false);
  std::string s = (made ? "made (" : "dedans (") + points_at(b.value("contract_points", json::object()), bidders) + ")";
  const std::string capot = text_at(b, "capot");
  if (!capot.empty()) s += capot == bidders ? ", capot" : ", capot by " + team_words(capot);
  return s;
}

// "; belote S; announcements E/W 70"
std::string bonus_words(const json& rec, const json& b) {
  std::string s;
  if (!text_at(rec, "belote").empty()) s += "; belote " + text_at(rec, "belote");
  const std::string best = text_at(b, "best_announcement");
  const std::string value = points_at(b.value("announcements", json::object()), best);
  if (!best.empty() && value != "0" && value != "?") s += "; announcements " + team_words(best) + " " + value;
  return s;
}

}  // namespace

std::string words_of_hand(const json& record, const json& entry, const std::vector<std::string>&) {
  const json b = entry.is_object() ? entry.value("breakdown", json::object()) : json::object();
  const std::string redeal = text_at(b, "redeal");
  if (redeal == "all_pass") return "all pass: redeal";
  if (redeal == "misdeal") return "misdeal: " + text_at(b, "dealer") + " deals again";
  if (text_at(b, "bidder").empty()) return "";
  return team_words(text_at(b, "bidding_team")) + " " + contract_words(b) + " by " + text_at(b, "bidder") +
         coinche_words(record, b) + ": " + outcome_words(b) + bonus_words(record, b);
}

std::string words_of_result(const json& score) {
  const json totals = score.value("team_totals", json::object());
  const json teams = score.value("teams", json::object());
  const json result = score.value("result", json::object());
  auto team = [&](const std::string& t) {
    std::string s = team_words(t);
    if (teams.contains(t) && teams[t].is_array() && teams[t].size() == 2 && teams[t][0].is_string() && teams[t][1].is_string())
      s += " (" + teams[t][0].get<std::string>() + " & " + teams[t][1].get<std::string>() + ")";
    return s;
  };
  const int played = result.value("hands_played", 0);
  const std::string after = played == 0 ? "" : " after " + std::to_string(played) + (played == 1 ? " hand" : " hands");
  const std::string winner = text_at(result, "winner");
  if (score.value("finished", false)) {
    if (winner == "draw") return "Draw: N/S and E/W both on " + points_at(totals, "NS") + after;
    const std::string other = winner == "NS" ? "EW" : "NS";
    return team(winner) + " win " + points_at(totals, winner) + " to " + points_at(totals, other) + after;
  }
  const std::string leader = text_at(result, "leader");
  if (leader != "NS" && leader != "EW") return "N/S and E/W level at " + points_at(totals, "NS") + after;
  const std::string other = leader == "NS" ? "EW" : "NS";
  return team(leader) + " lead " + points_at(totals, leader) + " to " + points_at(totals, other) + after;
}

}  // namespace marque::rules::coinche
