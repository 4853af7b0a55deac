// What `marque tournament` prints as text (cli/commands/tournament_text.hpp).
#include "cli/commands/tournament_text.hpp"

#include "core/language.hpp"
#include "reports/text_table.hpp"
#include "reports/tournament_text.hpp"

namespace marque::cli::commands::tournament_text {

// a count in the reader's language
std::string count(int64_t n) { return text::local_number(static_cast<double>(n), text::language(), 0); }

// a number as an id (a round, a table): its digits as they are
text::Message& id_arg(text::Message& m, const char* name, int64_t n) { return m.text(name, std::to_string(n)); }

// a table's result state (open, submitted, confirmed, disputed) in the reader's language
std::string state_said(const std::string& state) {
  return text::tr("tournament.cli.state",
                  "{state, select, open {open} submitted {submitted} confirmed {confirmed} disputed {disputed} other "
                  "{{state}}}",
                  text::Message().text("state", state));
}

std::string list_text(const std::vector<app::TournamentInfo>& list) {
  using A = reports::TextTable::Align;
  if (list.empty())
    return text::tr("tournament.cli.none", "no tournament yet: marque tournament create --name NAME --game GAME") +
           "\n";
  reports::TextTable t;
  t.columns({A::left, A::left, A::left, A::left, A::right, A::right, A::left});
  t.row({text::tr("tournament.cli.col.event", "event"), text::tr("tournament.cli.col.name", "name"),
         text::tr("tournament.cli.col.game", "game"), text::tr("tournament.cli.col.date", "date"),
         text::tr("tournament.cli.col.entrants", "entrants"), text::tr("tournament.cli.col.rounds", "rounds"),
         text::tr("tournament.cli.col.status", "status")});
  t.rule();
  for (const auto& i : list)
    t.row({i.id, i.name, i.game, i.date, std::to_string(i.entrants),
           std::to_string(i.closed) + "/" + std::to_string(i.rounds),
           text::tr("tournament.cli.event_state", "{state, select, open {open} closed {closed} other {{state}}}",
                    text::Message().text("state", i.status))});
  return t.render();
}

namespace {

std::string number_text(const ojson& v) {
  if (v.is_number_integer()) return std::to_string(v.get<int64_t>());
  if (v.is_number()) {
    std::string s = v.dump();
    return s;
  }
  return v.is_string() ? v.get<std::string>() : std::string("—");
}

// the name of an entrant id in the document
std::string name_of(const ojson& doc, const std::string& id) {
  for (const auto& en : doc["entrants"])
    if (en.value("id", std::string()) == id) return en.value("name", id).empty() ? id : en.value("name", id);
  return id;
}

}  // namespace

// the ranking after round `after` (0 = the latest closed round: the ranking as it stands)
const ojson& ranking_rows(const ojson& doc, int after) {
  static const ojson none = ojson::array();
  if (after == 0) return doc.contains("ranking") ? doc["ranking"] : none;
  const std::string key = std::to_string(after);
  if (!doc.contains("ranking_after") || !doc["ranking_after"].contains(key))
    throw Error(k_exit_rejected,
                text::tr("tournament.cli.not_closed", "round {round} is not closed: no ranking after it yet",
                         text::Message().text("round", key)),
                "marque tournament close-round EVENT");
  return doc["ranking_after"][key];
}

std::string ranking_text(const ojson& doc, int after) {
  using A = reports::TextTable::Align;
  const ojson& rows = ranking_rows(doc, after);
  const ojson& ev = doc["event"];
  text::Message head_words;
  std::string head = ev.value("name", std::string()) + " — " +
                     text::tr("tournament.cli.ranking_head",
                              "{latest, select, yes {ranking} other {ranking after round {after}}}",
                              id_arg(head_words, "after", after).text("latest", after == 0 ? "yes" : "no")) +
                     "\n";
  if (rows.empty()) return head + text::tr("tournament.cli.no_round_closed", "no round closed yet") + "\n";
  std::vector<std::string> chain;
  for (const auto& c : ev["scoring"]["tiebreaks"]) chain.push_back(c.get<std::string>());
  reports::TextTable t;
  std::vector<A> align{A::right, A::left, A::right};
  std::vector<std::string> title{text::tr("tournament.cli.col.rank", "rank"),
                                 text::tr("tournament.cli.col.entrant", "entrant"),
                                 text::tr("tournament.cli.col.score", "score")};
  for (size_t i = 1; i < chain.size(); ++i)
    if (chain[i] != "lot") {
      align.push_back(A::right);
      title.push_back(reports::tiebreak_name(chain[i]));
    }
  align.push_back(A::left);
  title.push_back(text::tr("tournament.cli.col.decided_by", "decided by"));
  t.columns(align);
  t.row(title);
  t.rule();
  // the round the ranking is after: an entrant counts as withdrawn in it when it withdrew before that round (5.5)
  int through = after;
  if (after == 0)
    for (const auto& r : doc["rounds_played"])
      if (r.value("status", std::string()) == "closed") through = r.value("round", 0);
  bool ruled = false;
  for (const auto& r : rows) {
    const bool withdrawn = r["withdrawn_after"].is_number_integer() && r["withdrawn_after"].get<int>() < through;
    if (withdrawn && !ruled) t.rule();  // the withdrawn are ranked under a rule (5.5), not marked on the row above
    ruled = ruled || withdrawn;
    std::vector<std::string> cells{std::to_string(r.value("rank", 0)), name_of(doc, r.value("entrant", std::string())),
                                   number_text(r["score"])};
    for (size_t i = 1; i < chain.size(); ++i)
      if (chain[i] != "lot")
        cells.push_back(r["tiebreaks"].contains(chain[i]) ? number_text(r["tiebreaks"][chain[i]]) : "");
    std::string decided = r["decided_by"].is_string() ? r["decided_by"].get<std::string>() : "";
    if (decided == "withdrawn") decided.clear();  // the rule under this row says it
    if (!decided.empty()) decided = reports::tiebreak_name(decided);
    if (withdrawn) {
      text::Message m;
      decided += (decided.empty() ? "" : ", ") + text::tr("tournament.cli.withdrew_after",
                                                          "withdrew after round {round}",
                                                          id_arg(m, "round", r["withdrawn_after"].get<int>()));
    }
    cells.push_back(decided);
    t.row(cells);
  }
  std::string out = head + t.render();
  for (const auto& c : doc["corrections"]) {
    text::Message m;
    m.text("at", c.value("at", std::string())).text("by", c.value("by", std::string()));
    id_arg(m, "round", c.value("round", 0));
    id_arg(m, "table", c.value("table", 0)).text("reason", c.value("reason", std::string()));
    out += text::tr("tournament.cli.corrected", "corrected at {at} by {by}: round {round} table {table}: {reason}", m) +
           "\n";
  }
  return out;
}

// a round's draw as the door reads it: each table, its code, its seats (first dealer in seat 1)
std::string draw_text(const ojson& doc, int round, const std::vector<app::TournamentTable>& tables) {
  const ojson& r = doc["rounds_played"][static_cast<size_t>(round - 1)];
  text::Message of;
  id_arg(of, "round", round);
  id_arg(of, "rounds", doc["event"].value("rounds", 0));
  std::string out = doc["event"].value("name", std::string()) + " — " +
                    text::tr("tournament.cli.round_of", "round {round} of {rounds}", of) + "\n";
  using A = reports::TextTable::Align;
  reports::TextTable t;
  t.columns({A::right, A::left, A::left, A::left});
  t.row({text::tr("tournament.cli.col.table", "table"), text::tr("tournament.cli.col.code", "code"),
         text::tr("tournament.cli.col.seats", "seats (seat 1 deals first)"),
         text::tr("tournament.cli.col.state", "state")});
  t.rule();
  for (const auto& x : r["tables"]) {
    std::string seats;
    for (const auto& s : x["seats"]) seats += (seats.empty() ? "" : ", ") + name_of(doc, s.get<std::string>());
    std::string state = state_said(x.value("status", std::string()));
    for (const auto& row : tables)
      if (row.round == round && row.table == x.value("table", 0) && !row.published)
        state += text::tr("tournament.cli.not_published", " (not published)");
    t.row({std::to_string(x.value("table", 0)), x.value("code", std::string()), seats, state});
  }
  out += t.render();
  std::string rest;
  for (const auto& b : r["byes"])
    rest += "  " +
            text::tr("tournament.cli.bye", "bye: {name}",
                     text::Message().text("name", name_of(doc, b.get<std::string>()))) +
            "\n";
  for (const auto& b : r["absent"])
    rest += "  " +
            text::tr("tournament.cli.absent", "absent: {name}",
                     text::Message().text("name", name_of(doc, b.get<std::string>()))) +
            "\n";
  out += rest +
         text::tr("tournament.cli.repeat_pairs", "repeat pairs: {n}",
                  text::Message().text("n", count(r.value("repeat_pairs", 0)))) +
         "\n";
  for (const auto& w : doc["warnings"])
    if (w.value("round", 0) == round)
      out += text::tr("tournament.cli.warning", "warning {code}: {message}",
                      text::Message()
                          .text("code", w.value("code", std::string()))
                          .text("message", w.value("message", std::string()))) +
             "\n";
  return out;
}

// "round R table T: WHAT"
std::string table_said(int round, int table, const std::string& what) {
  text::Message m;
  id_arg(m, "round", round);
  id_arg(m, "table", table).text("what", what);
  return text::tr("tournament.cli.table", "round {round} table {table}: {what}", m);
}

}  // namespace marque::cli::commands::tournament_text
