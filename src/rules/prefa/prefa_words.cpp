// Prefa results in words: one hand as a scorer says it at the table ("Ben 7♠: made", "Ann 9♣: made; Ben down 1"),
// and the game's outcome with what its numbers are: the final settlement (spec prefa §5.5) when the game is over,
// else the value of §5.4, what each player would get if the game were closed now.
#include <map>

#include "core/text.hpp"
#include "rules/prefa/prefa.hpp"

namespace marque::rules::prefa {

namespace {

std::string str(const json& o, const char* k) { return o.is_object() && o.contains(k) && o[k].is_string() ? o[k].get<std::string>() : ""; }
double dbl(const json& o, const std::string& k) {
  return o.is_object() && o.contains(k) && o[k].is_number() ? o[k].get<double>() : 0.0;
}

std::string with_symbol(const std::string& contract) {
  auto c = parse_contract(contract);
  return c ? c->label() : contract;
}

// "A, B, C"
std::string listed(const std::vector<std::string>& items) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : ", ") + i;
  return s;
}

// "A", "A and B", "A, B and C"
std::string joined(const std::vector<std::string>& items) {
  std::string s;
  for (size_t i = 0; i < items.size(); ++i) s += (i == 0 ? "" : i + 1 == items.size() ? " and " : ", ") + items[i];
  return s;
}

// The defenders who fell short of their own target, "Ben down 2" (defence failed).
std::vector<std::string> short_defenders(const json& b) {
  std::vector<std::string> out;
  const json targets = b.contains("targets") ? b["targets"] : json::object();
  const json tricks = b.contains("tricks") ? b["tricks"] : json::object();
  const json def = b.contains("defenders") ? b["defenders"] : json::object();
  const std::string mode = str(b, "mode");
  for (const std::string& p : {str(def, "R"), str(def, "L")}) {  // in play order
    if (!targets.contains(p)) continue;
    double have = dbl(tricks, p);
    if (mode == "along") have += dbl(tricks, str(b, "taken"));
    double gap = dbl(targets, p) - have;
    if (gap > 0) out.push_back(p + " down " + text::format_number(gap));
  }
  return out;
}

std::string contract_words(const json& b) {
  std::string s = str(b, "declarer") + " " + with_symbol(str(b, "contract"));
  if (b.value("four_aces", false)) s += " with four aces";
  const std::string mode = str(b, "mode"), outcome = str(b, "outcome");
  if (str(b, "type") == "conceded") return s + " conceded: down 2";
  if (mode == "none") return s + ", both defenders pass: made unplayed";
  if (mode == "alone") s += ", " + str(b, "lone_defender") + " alone";
  if (mode == "along") s += ", " + str(b, "taker") + " takes " + str(b, "taken") + " along";
  if (outcome == "down_1" || outcome == "down_2plus") return s + ": down " + text::format_number(dbl(b, "short"));
  s += ": made";
  if (outcome == "defence_failed") s += "; " + joined(short_defenders(b));
  return s;
}

// Polles: each active player's pool rise.
std::string polles_words(const json& b, const json& entry, const std::vector<std::string>& players) {
  std::vector<std::string> rises;
  const json before = b.contains("pools_before") ? b["pools_before"] : json::object();
  const json after = entry.contains("pools") ? entry["pools"] : json::object();
  for (const auto& p : players) {
    double up = dbl(after, p) - dbl(before, p);
    if (up > 0) rises.push_back(p + " +" + text::format_number(up));
  }
  return "All passed, polles: " + (rises.empty() ? std::string("no pool rises") : "pools " + joined(rises));
}

}  // namespace

std::string hand_words(const json& record, const json& entry, const std::vector<std::string>& players) {
  const json b = entry.is_object() && entry.contains("breakdown") ? entry["breakdown"] : json::object();
  const std::string type = str(b, "type").empty() ? str(record, "type") : str(b, "type");
  std::string s;
  if (type == "all_pass") {
    s = "All passed: redeal";
  } else if (type == "polles") {
    s = polles_words(b, entry, players);
  } else if (type == "withdrawn") {
    const json def = b.contains("defenders") ? b["defenders"] : json::object();
    s = str(b, "declarer") + " withdrew after a provisional win: pool +2, 2 points to each of " + str(def, "R") + " and " + str(def, "L");
  } else if (!str(b, "contract").empty()) {
    s = contract_words(b);
  } else {
    return "";
  }
  if (b.value("game_over", false)) s += "; game over";
  return s;
}

std::string result_words(const json& score) {
  const json res = score.contains("result") && score["result"].is_object() ? score["result"] : json::object();
  const json final_ = res.contains("final") ? res["final"] : json::object();
  std::vector<std::string> ranking;
  if (res.contains("ranking") && res["ranking"].is_array())
    for (const auto& p : res["ranking"]) ranking.push_back(p.get<std::string>());
  if (ranking.empty()) return "";
  const json places = res.contains("places") ? res["places"] : json::object();
  std::vector<std::string> first, values;
  for (const auto& p : ranking) {
    if (!places.contains(p) || places[p] == 1) first.push_back(p);
    values.push_back(p + " " + text::format_signed(dbl(final_, p)));
  }
  const std::string top = text::format_signed(dbl(final_, ranking.front()));
  if (score.value("finished", false)) {
    // spec prefa §5.5: every pool is 0; what is left is the points received less paid, settled in payments
    std::vector<std::string> payments;
    std::map<std::string, std::vector<std::string>> by_payer;
    std::vector<std::string> payers;
    if (res.contains("settlement") && res["settlement"].contains("payments"))
      for (const auto& t : res["settlement"]["payments"]) {
        const std::string from = t["from"].get<std::string>();
        if (!by_payer.count(from)) payers.push_back(from);
        by_payer[from].push_back(t["to"].get<std::string>() + " " + text::format_number(t["amount"].get<double>()));
      }
    for (const auto& p : payers) payments.push_back(p + " pays " + joined(by_payer[p]));
    std::string s = joined(first) + (first.size() > 1 ? " win with " : " wins with ") + top +
                    "; final settlement (points received less points paid, every pool at 0): " + listed(values);
    s += payments.empty() ? ", nobody pays anybody" : " — " + joined(payments);
    return s;
  }
  // spec prefa §5.4: the value, what the general end settlement would give now
  const int n = static_cast<int>(ranking.size());
  std::string pools;
  const json pj = res.contains("pools") ? res["pools"] : json::object();
  for (auto it = pj.begin(); it != pj.end(); ++it)
    pools += (pools.empty() ? "" : ", ") + it.key() + " " + text::format_number(it.value().get<double>());
  return joined(first) + (first.size() > 1 ? " lead with " : " leads with ") + top +
         "; values if the game were closed now (points received less paid, each open pool point paid at 10 points shared among all " +
         std::to_string(n) + " players): " + listed(values) + "; pools still open: " + pools;
}

}  // namespace marque::rules::prefa
