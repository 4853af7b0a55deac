// French Tarot for standings and statistics: places from the result (spec tarot §5), the taker's contract and
// whether it was made, poignées, chelem and petit au bout as bonuses; a redeal is a deal not played.
#include "rules/common/league.hpp"
#include "rules/tarot/tarot.hpp"

namespace marque::rules::tarot {

using common::string_at;

std::vector<league::SeatResult> league_seats(const json& summary, const std::vector<std::string>& players) {
  return common::default_seats(summary, players, 1);
}

namespace {

// a redeal record (spec tarot §3: petit sec, everybody passed, a misdeal) is a deal that was not played: what it
// was ("redeal", "all_pass"), "" for a deal played
template <class J>
std::string not_played(const json& rec, const J& entry) {
  if (string_at(rec, "type") != "redeal" && common::text_at(entry, "type") != "redeal") return "";
  return string_at(rec, "reason") == "all_pass" ? "all_pass" : "redeal";
}

}  // namespace

league::HandFacts league_hand_facts(const json& rec, const json& entry, const std::vector<std::string>&) {
  const json bd = entry.is_object() && entry.contains("breakdown") ? entry["breakdown"] : json::object();
  league::HandFacts f;
  if (f.not_played = not_played(rec, entry); !f.not_played.empty()) {
    f.played = false;
    return f;
  }
  f.actor = string_at(rec, "taker");
  if (bd.is_object() && bd.contains("made") && bd["made"].is_boolean()) f.made = bd["made"].get<bool>();
  f.contract = string_at(rec, "contract");
  if (rec.is_object() && rec.contains("poignees") && rec["poignees"].is_array())
    for (const auto& x : rec["poignees"])
      if (!string_at(x, "player").empty())
        f.bonuses.emplace_back(string_at(x, "player"), "poignee_" + string_at(x, "level"));
  if (!f.actor.empty() && string_at(rec, "chelem") == "attack") f.bonuses.emplace_back(f.actor, "chelem");
  if (!f.actor.empty() && string_at(rec, "petit_au_bout") == "attack") f.bonuses.emplace_back(f.actor, "petit_au_bout");
  return f;
}

bool league_deal_played(const json& record, const ojson& entry) { return not_played(record, entry).empty(); }

const league::Profile& league_profile() {
  static const league::Profile profile{"taker", {"by_table_size"}};
  return profile;
}

}  // namespace marque::rules::tarot
