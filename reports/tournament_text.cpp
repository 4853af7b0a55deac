// marque tournament calc FILE as text (reports/tournament_text.hpp).
#include "reports/tournament_text.hpp"

#include "core/text.hpp"
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

// the criteria of a tie-break chain, or of a row's values, said in the reader's language
std::string criteria(const nlohmann::ordered_json& list, const std::string& sep) {
  std::string s;
  for (const auto& x : list) s += (s.empty() ? "" : sep) + tiebreak_name(value_text(x));
  return s;
}

}  // namespace

std::string tournament_value(const nlohmann::ordered_json& v) { return value_text(v); }

std::string tiebreak_name(const std::string& id) {
  return text::tr("tournament.tiebreak", "{id}", text::Message().text("id", id));
}

std::string tournament_text(const nlohmann::ordered_json& doc) {
  using A = TextTable::Align;
  const auto& ev = doc["event"];
  std::string out;
  const std::string name = ev.value("name", std::string());
  out += text::tr("tournament.show.head",
                  "{name} — {game}, {rounds} rounds, draw {method} (seed {seed}), scoring {mode}",
                  text::Message()
                      .text("name", name.empty() ? text::tr("tournament.show.untitled", "Tournament") : name)
                      .text("game", ev.value("game", std::string()))
                      .number("rounds", ev.value("rounds", 0))
                      .text("method", ev["draw"].value("method", std::string()))
                      .text("seed", ev["draw"].value("seed", std::string()))
                      .text("mode", ev["scoring"].value("mode", std::string()))) +
         "\n";
  out += text::tr("tournament.show.tiebreaks", "Tie-breaks: {list}",
                  text::Message().text("list", criteria(ev["scoring"]["tiebreaks"], ", "))) +
         "\n";
  out += text::tr("tournament.show.lot_order", "Lot order: {list}",
                  text::Message().text("list", join(doc["lot_order"], " "))) +
         "\n";
  for (const auto& r : doc["rounds_played"]) {
    out += "\n" +
           text::tr("tournament.show.round", "Round {round} ({status}, repeat pairs {pairs})",
                    text::Message()
                        .text("round", std::to_string(r.value("round", 0)))
                        .text("status", r.value("status", std::string()))
                        .text("pairs", std::to_string(r.value("repeat_pairs", 0)))) +
           "\n";
    TextTable t;
    t.columns({A::right, A::left, A::left, A::left});
    t.row({text::tr("tournament.cli.col.table", "table"), text::tr("tournament.cli.col.code", "code"),
           text::tr("tournament.show.col.seats", "seats (first dealer first)"),
           text::tr("tournament.show.col.result", "result")});
    t.rule();
    for (const auto& tb : r["tables"]) {
      std::string result;
      if (tb["result"].is_object())
        for (auto it = tb["result"].begin(); it != tb["result"].end(); ++it)
          result += (result.empty() ? "" : " · ") + it.key() + " " + value_text(it.value());
      t.row({std::to_string(tb.value("table", 0)), value_text(tb["code"]), join(tb["seats"], " "), result});
    }
    out += t.render();
    if (!r["byes"].empty())
      out += text::tr("tournament.show.byes", "Byes: {list}", text::Message().text("list", join(r["byes"], " "))) +
             "\n";
    if (!r["absent"].empty())
      out += text::tr("tournament.show.absent", "Absent: {list}",
                      text::Message().text("list", join(r["absent"], " "))) +
             "\n";
  }
  out += "\n" + text::tr("tournament.show.ranking", "Ranking") + "\n";
  TextTable t;
  t.columns({A::right, A::left, A::right, A::left, A::left});
  t.row({text::tr("tournament.cli.col.rank", "rank"), text::tr("tournament.cli.col.entrant", "entrant"),
         text::tr("tournament.cli.col.score", "score"), text::tr("tournament.show.col.tiebreaks", "tie-breaks"),
         text::tr("tournament.cli.col.decided_by", "decided by")});
  t.rule();
  for (const auto& row : doc["ranking"]) {
    std::string tb;
    for (auto it = row["tiebreaks"].begin(); it != row["tiebreaks"].end(); ++it)
      tb += (tb.empty() ? "" : " · ") + tiebreak_name(it.key()) + " " + value_text(it.value());
    std::string who = value_text(row["entrant"]);
    if (!row["withdrawn_after"].is_null())
      who += " (" +
             text::tr("tournament.cli.withdrew_after", "withdrew after round {round}",
                      text::Message().text("round", value_text(row["withdrawn_after"]))) +
             ")";
    std::string decided = value_text(row["decided_by"]);
    if (decided == "lot")
      decided = text::tr("tournament.show.by_lot", "ex aequo — decided by lot");
    else if (!decided.empty())
      decided = tiebreak_name(decided);
    t.row({value_text(row["rank"]), who, value_text(row["score"]), tb, decided});
  }
  out += t.render();
  for (const auto& c : doc["corrections"]) {
    out += text::tr("tournament.show.corrected", "Corrected at {at} by {by}: round {round} table {table} ({reason})",
                    text::Message()
                        .text("at", value_text(c["at"]))
                        .text("by", value_text(c["by"]))
                        .text("round", value_text(c["round"]))
                        .text("table", value_text(c["table"]))
                        .text("reason", value_text(c["reason"])));
    for (const auto& ch : c["rank_changes"])
      out += "; " + value_text(ch["entrant"]) + " " + value_text(ch["before"]) + "→" + value_text(ch["after"]);
    out += "\n";
  }
  for (const auto& w : doc["warnings"]) {
    text::Message m;
    m.text("code", value_text(w["code"])).text("message", value_text(w["message"]));
    if (!w["round"].is_null()) m.text("round", value_text(w["round"]));
    out += text::tr("tournament.show.warning",
                    "{round, select, none {warning {code}: {message}} other {warning {code} (round {round}): "
                    "{message}}}",
                    w["round"].is_null() ? m.text("round", "none") : m) +
           "\n";
  }
  return out;
}

}  // namespace marque::reports
