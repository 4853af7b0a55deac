// French Tarot results in words: one deal as a scorer says it at the table ("Ben's garde with Dan made by 16,
// Eve's simple poignée"; "Redeal: Cat held the petit sec"), and the game's outcome or standing with its totals and
// the settlement when the table plays for a stake (spec tarot §5.4, §5.5).
#include "core/text.hpp"
#include "rules/common/league.hpp"
#include "rules/tarot/tarot.hpp"

namespace marque::rules::tarot {

namespace {

using common::string_at;

std::string spaced(std::string s) {
  for (auto& c : s)
    if (c == '_') c = ' ';
  return s;
}

// "Ann", "Ann and Ben", "Ann, Ben and Cat"
std::string and_list(const std::vector<std::string>& names) {
  std::string s;
  for (size_t i = 0; i < names.size(); ++i) s += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return s;
}

std::string redeal_words(const json& rec) {
  const std::string reason = string_at(rec, "reason"), player = string_at(rec, "player");
  const std::string who = player.empty() ? "a player" : player;
  if (reason == "all_pass") return "Redeal: everybody passed";
  if (reason == "petit_sec") return "Redeal: " + who + " held the petit sec";
  if (reason == "no_trumps") return "Redeal: " + who + " had no trumps";
  if (reason == "few_honours") return "Redeal: " + who + " had too few trumps and face cards";
  if (reason == "misdeal") return "Redeal: misdeal, the same dealer deals again";
  return "Redeal" + (player.empty() ? std::string() : " declared by " + player);
}

// "with Dan", "alone (the called card in hand)", "alone (the called card in the chien)"
std::string partner_words(const json& b) {
  if (b.contains("attack") && b["attack"].is_array() && b["attack"].size() == 2 && b["attack"][1].is_string())
    return " with " + b["attack"][1].get<std::string>();
  const std::string alone = string_at(b, "taker_alone");
  if (alone == "self") return " alone (the called card in hand)";
  if (alone == "chien") return " alone (the called card in the chien)";
  return "";
}

// "made by 16", "just made", "failed by 3"
std::string result_of(const json& b) {
  const int64_t margin = (common::amount_at(b, "points_rounded", 2) - common::amount_at(b, "target", 2)).whole_part();
  if (b.value("made", false) != true) return "failed by " + std::to_string(-margin);
  return margin == 0 ? "just made" : "made by " + std::to_string(margin);
}

// The slams, in words ("announced chelem made", "chelem for the defence", "petite chelem" ...).
std::vector<std::string> slam_words(const json& rec, const json& b) {
  std::vector<std::string> out;
  const std::string chelem = string_at(rec, "chelem");
  const bool announced = rec.value("chelem_announced", false) == true;
  const bool petite_announced = rec.value("petite_chelem_announced", false) == true;
  const Amount slam = common::amount_at(b, "slam_part", 1);
  if (announced) out.push_back(chelem == "attack" ? "announced chelem made" : "announced chelem failed");
  else if (chelem == "attack") out.push_back("chelem for the attack");
  if (chelem == "defence") out.push_back("chelem for the defence");
  if (petite_announced) out.push_back(slam > Amount{} ? "announced petite chelem made" : "announced petite chelem failed");
  else if (!announced && chelem != "attack" && chelem != "defence" && slam == Amount::whole(150)) out.push_back("petite chelem");
  return out;
}

// The bonuses of a played hand: petit au bout, poignées, slams, misères.
std::vector<std::string> bonus_words(const json& rec, const json& b) {
  std::vector<std::string> out;
  const std::string pab = string_at(rec, "petit_au_bout");
  if (pab == "attack" || pab == "defence") out.push_back("petit au bout for the " + pab);
  if (rec.contains("poignees") && rec["poignees"].is_array())
    for (const auto& q : rec["poignees"]) out.push_back(string_at(q, "player") + "'s " + string_at(q, "level") + " poignée");
  for (auto& s : slam_words(rec, b)) out.push_back(std::move(s));
  if (rec.contains("miseres") && rec["miseres"].is_array())
    for (const auto& m : rec["miseres"]) {
      const std::string kind = string_at(m, "kind");
      out.push_back(string_at(m, "player") + "'s " + (kind == "trumps" ? "trump " : kind == "faces" ? "face " : "") + "misère");
    }
  return out;
}

std::string points_text(const json& v) { return v.is_number() ? text::format_number(v.get<double>()) : "0"; }

}  // namespace

std::string words_of_hand(const json& rec, const json& entry) {
  if (!rec.is_object()) return "";
  if (string_at(rec, "type") == "redeal") return redeal_words(rec);
  const json b = entry.is_object() && entry.contains("breakdown") ? entry["breakdown"] : json::object();
  std::string s = string_at(rec, "taker") + "'s " + spaced(string_at(rec, "contract")) + partner_words(b) + " " + result_of(b);
  for (const auto& w : bonus_words(rec, b)) s += ", " + w;
  return s;
}

std::string words_of_result(const json& score) {
  const json& res = score.contains("result") && score["result"].is_object() ? score["result"] : json::object();
  const json& totals = score.contains("totals") ? score["totals"] : json::object();
  const bool over = score.value("finished", false) == true;
  const json deals = score.contains("deals") ? score["deals"] : json(0);
  if (!res.contains("ranking") || !res["ranking"].is_array() || res["ranking"].empty()) return "";
  if (!over && (!deals.is_number() || deals.get<double>() == 0)) return "No deal played yet";
  std::vector<std::string> first;
  std::string rest;
  for (const auto& p : res["ranking"]) {
    const std::string name = p.is_string() ? p.get<std::string>() : "";
    const bool leader = first.empty() || (res.contains("places") && res["places"].contains(name) && res["places"][name] == 1);
    if (leader) first.push_back(name);
    else rest += (rest.empty() ? "" : ", ") + name + " " + points_text(totals.contains(name) ? totals[name] : json(0));
  }
  const std::string top = points_text(totals.contains(first.front()) ? totals[first.front()] : json(0));
  const bool tie = first.size() > 1;
  std::string s = and_list(first) + (over ? (tie ? " win" : " wins") : (tie ? " lead" : " leads")) + " with " + top + " points" +
                  (tie ? " each" : "") + " after " + points_text(deals) + (deals == 1 ? " deal" : " deals");
  if (!rest.empty()) s += "; then " + rest;
  if (res.contains("settlement") && res["settlement"].contains("transfers")) {
    std::string pay;
    for (const auto& t : res["settlement"]["transfers"])
      pay += (pay.empty() ? "" : ", ") + string_at(t, "from") + " pays " + string_at(t, "to") + " " + points_text(t["amount"]);
    if (!pay.empty()) s += "; " + pay;
  }
  return s;
}

}  // namespace marque::rules::tarot
