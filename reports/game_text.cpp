#include "reports/game_text.hpp"

#include <nlohmann/json.hpp>

#include "reports/text_table.hpp"

namespace marque::reports {

using ojson = nlohmann::ordered_json;

std::string amounts_line(const ojson& values, const ojson& names, bool sign) {
  std::string s;
  for (const auto& p : names) {
    std::string name = p.get<std::string>();
    double v = values.contains(name) && values[name].is_number() ? values[name].get<double>() : 0.0;
    if (!s.empty()) s += "  ";
    s += name + " " + (sign ? format_signed(v) : format_number(v));
  }
  return s;
}

namespace {

// per-player category breakdown (piquet: carte blanche, point, sequences, sets, play ...)
std::string breakdown_lines(const ojson& entry, const ojson& players) {
  std::string out;
  if (!entry.contains("breakdown") || !entry["breakdown"].is_object()) return out;
  const auto& b = entry["breakdown"];
  for (const auto& p : players) {
    std::string name = p.get<std::string>();
    if (!b.contains(name) || !b[name].is_object()) continue;
    std::string line;
    for (auto it = b[name].begin(); it != b[name].end(); ++it)
      if (it->is_number() && it->get<double>() != 0) line += " " + it.key() + " " + format_number(it->get<double>());
    out += "  " + name + ":" + (line.empty() ? " nothing" : line) + "\n";
  }
  return out;
}

std::string payment_lines(const ojson& entry) {
  if (!entry.contains("transfers") || !entry["transfers"].is_array() || entry["transfers"].empty()) return "";
  std::string out = "  payments:\n";
  for (const auto& t : entry["transfers"]) {
    auto str = [&](const char* k) { return t.contains(k) && t[k].is_string() ? t[k].get<std::string>() : std::string(); };
    double amount = t.contains("amount") && t["amount"].is_number() ? t["amount"].get<double>() : 0.0;
    out += "    " + str("from") + " -> " + str("to") + "  " + format_number(amount) +
           (str("reason").empty() ? "" : "  (" + str("reason") + ")") + "\n";
  }
  return out;
}

}  // namespace

std::string hand_outcome_text(const ojson& entry, const ojson& score, int64_t game_id, int seq, const std::string& verb,
                              const std::string& next_dealer) {
  const ojson& players = score["players"];
  const ojson teams = ojson::array({"NS", "EW"});
  std::string out = "game " + std::to_string(game_id) + ", hand " + std::to_string(seq) + " " + verb + "\n";
  if (!entry.is_null()) {
    if (entry.contains("team_deltas")) out += "  hand:   " + amounts_line(entry["team_deltas"], teams, true) + "\n";
    out += "  deltas: " + amounts_line(entry["deltas"], players, true) + "\n";
  }
  if (score.contains("team_totals")) out += "  Nous / Eux: " + amounts_line(score["team_totals"], teams, false) + "\n";
  out += "  totals: " + amounts_line(score["totals"], players, false) + "\n";
  out += breakdown_lines(entry, players);
  if (entry.contains("summary") && entry["summary"].is_string()) out += "  " + entry["summary"].get<std::string>() + "\n";
  if (entry.contains("pools")) out += "  pools:  " + amounts_line(entry["pools"], players, false) + "\n";
  out += payment_lines(entry);
  if (score.value("finished", false))
    out += "  game over: " + score["result"].dump() + "\n";
  else if (!next_dealer.empty())
    out += "  next dealer: " + next_dealer + "\n";
  return out;
}

std::string score_text(const ojson& score, int64_t game_id) {
  const ojson& players = score["players"];
  std::string out = score["game"].get<std::string>();
  if (game_id) out += " game " + std::to_string(game_id);
  out += ": " + std::to_string(score["hands"].size()) + " hand(s), " +
         (score.value("finished", false) ? "finished" : "in progress") + "\n";
  if (score.contains("team_totals"))
    out += "Nous / Eux: " + amounts_line(score["team_totals"], ojson::array({"NS", "EW"}), false) + "\n";
  out += "totals: " + amounts_line(score["totals"], players, false) + "\n";
  const ojson& res = score["result"];
  if (res.contains("ranking")) {
    out += score.value("finished", false) ? "ranking: " : "standing: ";
    int i = 0;
    for (const auto& p : res["ranking"]) {
      std::string n = p.get<std::string>();
      int place = res.contains("places") && res["places"].contains(n) ? res["places"][n].get<int>() : ++i;
      out += (i++ && place ? "  " : "") + std::to_string(place) + ". " + n;
    }
    out += "\n";
  } else if (res.contains("winner") && !res["winner"].is_null()) {
    out += "winner: " + res["winner"].get<std::string>() + "\n";
  }
  if (!score.value("finished", false) && score.contains("next_dealer") && !score["next_dealer"].get<std::string>().empty())
    out += "next dealer: " + score["next_dealer"].get<std::string>() + "\n";
  return out;
}

}  // namespace marque::reports
