// Alsós for standings and statistics: places from the result (spec alsos §5), the declarer's game (kind) and
// whether the declarer's side won it; the balance of game points; a misdeal is a deal not played.
#include "rules/alsos/alsos.hpp"
#include "rules/common/league.hpp"

namespace marque::rules::alsos {

using common::string_at;

std::vector<league::SeatResult> league_seats(const json& summary, const std::vector<std::string>& players) {
  return common::default_seats(summary, players, 1);
}

namespace {

// a misdeal (spec alsos: redealt by the same dealer, scores nothing) is a deal that was not played ("misdeal";
// "" for a deal played)
template <class J>
std::string not_played(const json&, const J& entry) {
  return common::breakdown_text(entry, "kind") == "misdeal" ? "misdeal" : "";
}

}  // namespace

league::HandFacts league_hand_facts(const json& rec, const json& entry, const std::vector<std::string>&) {
  const json bd = entry.is_object() && entry.contains("breakdown") ? entry["breakdown"] : json::object();
  league::HandFacts f;
  if (f.not_played = not_played(rec, entry); !f.not_played.empty()) {
    f.played = false;
    return f;
  }
  f.actor = string_at(bd, "declarer");
  if (bd.is_object() && bd.contains("made") && bd["made"].is_boolean())
    f.made = bd["made"].get<bool>();
  else if (bd.is_object() && bd.contains("game_winner") && bd.contains("declarer"))
    f.made = bd["game_winner"] == "declarer" || bd["game_winner"] == bd["declarer"];
  f.contract = string_at(bd, "kind");
  return f;
}

bool league_deal_played(const json& record, const ojson& entry) { return not_played(record, entry).empty(); }

const league::Profile& league_profile() {
  static const league::Profile profile{"declarer", {"balance"}};
  return profile;
}

}  // namespace marque::rules::alsos
