// marque tournament calc FILE as text (reports/tournament_text.hpp).
#include "reports/tournament_text.hpp"

#include "reports/text_table.hpp"

namespace marque::reports {

namespace {

std::string value_text(const nlohmann::ordered_json& v) {
  if (v.is_null()) return "";
  if (v.is_string()) return v.get<std::string>();
  if (v.is_array()) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : " ") + value_text(x);
    return s;
  }
  if (v.is_number_integer()) return std::to_string(v.get<long long>());
  if (v.is_number()) {
    std::string s = format_number(v.get<double>(), 2);
    return s;
  }
  return v.dump();
}

std::string join(const nlohmann::ordered_json& list, const std::string& sep) {
  std::string s;
  for (const auto& x : list) s += (s.empty() ? "" : sep) + value_text(x);
  return s;
}

}  // namespace

std::string tournament_value(const nlohmann::ordered_json& v) { return value_text(v); }

std::string tournament_text(const nlohmann::ordered_json& doc) {
  using A = TextTable::Align;
  const auto& ev = doc["event"];
  std::string out;
  const std::string name = ev.value("name", std::string());
  out += (name.empty() ? std::string("Tournament") : name) + " — " + ev.value("game", std::string()) + ", " +
         std::to_string(ev.value("rounds", 0)) + " rounds, draw " + ev["draw"].value("method", std::string()) +
         " (seed " + ev["draw"].value("seed", std::string()) + "), scoring " +
         ev["scoring"].value("mode", std::string()) + "\n";
  out += "Tie-breaks: " + join(ev["scoring"]["tiebreaks"], ", ") + "\n";
  out += "Lot order: " + join(doc["lot_order"], " ") + "\n";
  for (const auto& r : doc["rounds_played"]) {
    out += "\nRound " + std::to_string(r.value("round", 0)) + " (" + r.value("status", std::string()) +
           ", repeat pairs " + std::to_string(r.value("repeat_pairs", 0)) + ")\n";
    TextTable t;
    t.columns({A::right, A::left, A::left, A::left});
    t.row({"table", "code", "seats (first dealer first)", "result"});
    t.rule();
    for (const auto& tb : r["tables"]) {
      std::string result;
      if (tb["result"].is_object())
        for (auto it = tb["result"].begin(); it != tb["result"].end(); ++it)
          result += (result.empty() ? "" : " · ") + it.key() + " " + value_text(it.value());
      t.row({std::to_string(tb.value("table", 0)), value_text(tb["code"]), join(tb["seats"], " "), result});
    }
    out += t.render();
    if (!r["byes"].empty()) out += "Byes: " + join(r["byes"], " ") + "\n";
    if (!r["absent"].empty()) out += "Absent: " + join(r["absent"], " ") + "\n";
  }
  out += "\nRanking\n";
  TextTable t;
  t.columns({A::right, A::left, A::right, A::left, A::left});
  t.row({"rank", "entrant", "score", "tie-breaks", "decided by"});
  t.rule();
  for (const auto& row : doc["ranking"]) {
    std::string tb;
    for (auto it = row["tiebreaks"].begin(); it != row["tiebreaks"].end(); ++it)
      tb += (tb.empty() ? "" : " · ") + it.key() + " " + value_text(it.value());
    std::string who = value_text(row["entrant"]);
    if (!row["withdrawn_after"].is_null()) who += " (withdrew after round " + value_text(row["withdrawn_after"]) + ")";
    std::string decided = value_text(row["decided_by"]);
    if (decided == "lot") decided = "ex aequo — decided by lot";
    t.row({value_text(row["rank"]), who, value_text(row["score"]), tb, decided});
  }
  out += t.render();
  for (const auto& c : doc["corrections"]) {
    out += "Corrected at " + value_text(c["at"]) + " by " + value_text(c["by"]) + ": round " + value_text(c["round"]) +
           " table " + value_text(c["table"]) + " (" + value_text(c["reason"]) + ")";
    for (const auto& ch : c["rank_changes"])
      out += "; " + value_text(ch["entrant"]) + " " + value_text(ch["before"]) + "→" + value_text(ch["after"]);
    out += "\n";
  }
  for (const auto& w : doc["warnings"]) {
    out += "warning " + value_text(w["code"]);
    if (!w["round"].is_null()) out += " (round " + value_text(w["round"]) + ")";
    out += ": " + value_text(w["message"]) + "\n";
  }
  return out;
}

}  // namespace marque::reports
