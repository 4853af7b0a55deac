// An event on paper (reports/tournament_print.hpp): each kind is built once as pages of data (a title, lines, a
// table, notes, a QR), then written as text or as HTML.
#include "reports/tournament_print.hpp"

#include <qrencode.h>

#include <algorithm>
#include <map>
#include <memory>

#include "core/language.hpp"
#include "core/plugin.hpp"
#include "core/unicode.hpp"
#include "reports/html_sheet.hpp"
#include "reports/text_table.hpp"
#include "reports/tournament_text.hpp"

namespace marque::reports {

namespace tprint {

using ojson = nlohmann::ordered_json;

struct Page {
  std::string title;               // the event
  std::vector<std::string> lines;  // under the title
  std::string big;                 // a card's table number
  std::vector<std::string> header;
  std::vector<bool> right;  // per column: numbers to the right
  std::vector<std::vector<std::string>> rows;
  int rule_before = -1;           // a rule above this row (the first withdrawn entrant)
  std::vector<std::string> list;  // the door list: one line each
  std::vector<std::string> notes;
  std::vector<std::string> signatures;
  std::string qr;  // what the QR carries
};

struct Paper {
  std::string title, page_size;  // page_size: CSS, "105mm 148mm" (A6)
  std::vector<Page> pages;
};

std::string text_of(const ojson& v) { return tournament_value(v); }

// a number of the event (a score, a tie-break's value) as the reader's language writes it
std::string num_of(const ojson& v) {
  return text::language() == "en" || !v.is_number() ? text_of(v)
                                                    : text::local_number(v.get<double>(), text::language());
}

std::string ordinal(int n) {
  if (text::language() != "en")
    return text::tr("tournament.print.ordinal", "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}",
                    text::Message().number("n", n));
  const int t = n % 100, u = n % 10;
  const char* s = (t >= 11 && t <= 13) ? "th" : u == 1 ? "st" : u == 2 ? "nd" : u == 3 ? "rd" : "th";
  return std::to_string(n) + s;
}

// The event's names: an entrant's id -> what people read (its name, its players)
struct Names {
  std::map<std::string, std::string> name;
  std::map<std::string, std::vector<std::string>> players;
  explicit Names(const ojson& doc) {
    for (const auto& e : doc["entrants"]) {
      const std::string id = text_of(e["id"]), n = e.contains("name") ? text_of(e["name"]) : "";
      name[id] = n.empty() ? id : n;
      if (e.contains("players"))
        for (const auto& p : e["players"]) players[id].push_back(text_of(p));
    }
  }
  std::string of(const std::string& id) const {
    auto it = name.find(id);
    return it == name.end() ? id : it->second;
  }
  // "Les As (Ann, Ben)" for a team, the name for a player
  std::string full(const std::string& id) const {
    auto it = players.find(id);
    if (it == players.end() || it->second.empty()) return of(id);
    std::string s;
    for (const auto& p : it->second) s += (s.empty() ? "" : ", ") + p;
    return of(id) + " (" + s + ")";
  }
};

std::string event_title(const ojson& doc) {
  const std::string name = text_of(doc["event"]["name"]);
  return name.empty() ? text::tr("tournament.print.tournament", "Tournament") : name;
}

// "Round 2 of 3 — " and the game
std::string round_line(const ojson& doc, int round) {
  const auto& ev = doc["event"];
  return text::tr("tournament.print.round_of", "Round {round} of {rounds}",
                  text::Message().number("round", round).text("rounds", text_of(ev["rounds"]))) +
         " — " + text_of(ev["game"]);
}

const ojson& round_of(const ojson& doc, int round) {
  for (const auto& r : doc["rounds_played"])
    if (r.value("round", 0) == round) return r;
  return doc["rounds_played"].back();
}

// A seat's name: coinche's two teams sit N/S and E/W; otherwise the seat's number in play order
std::string seat_name(const ojson& doc, size_t seats, size_t i) {
  if (text_of(doc["event"]["entrant_kind"]) == "teams" && seats == 2) return i == 0 ? "N/S" : "E/W";
  return std::to_string(i + 1);
}

Paper cards(const ojson& doc, int round, const std::string& url) {
  const Names names(doc);
  Paper paper{event_title(doc) + text::tr("tournament.print.cards_title", " — table cards, round {round}",
                                          text::Message().number("round", round)),
              "105mm 148mm",
              {}};
  for (const auto& t : round_of(doc, round)["tables"]) {
    Page p;
    p.title = event_title(doc);
    p.lines.push_back(round_line(doc, round));
    p.big = text::tr("tournament.print.table", "Table {table}", text::Message().text("table", text_of(t["table"])));
    p.header = {text::tr("tournament.print.seat", "Seat"), text::tr("tournament.print.entrant", "Entrant")};
    p.right = {false, false};
    const std::string dealer = text_of(t["first_dealer"]);
    for (size_t i = 0; i < t["seats"].size(); ++i) {
      const std::string id = text_of(t["seats"][i]);
      p.rows.push_back(
          {seat_name(doc, t["seats"].size(), i),
           names.full(id) + (id == dealer ? text::tr("tournament.print.deals_first", " — deals first") : "")});
    }
    if (!dealer.empty())
      p.notes.push_back(text::tr("tournament.print.first_dealer", "First dealer: {name}",
                                 text::Message().text("name", names.of(dealer))));
    p.notes.push_back(text::tr("tournament.print.table_code", "Table code: {code}",
                               text::Message().text("code", text_of(t["code"]))));
    p.qr = table_code_address(url, text_of(t["code"]));
    paper.pages.push_back(std::move(p));
  }
  return paper;
}

Paper door(const ojson& doc, int round) {
  const Names names(doc);
  const ojson& r = round_of(doc, round);
  Paper paper{event_title(doc) + text::tr("tournament.print.door_title", " — where do I sit? Round {round}",
                                          text::Message().number("round", round)),
              "210mm 297mm",
              {}};
  std::vector<std::pair<std::string, std::string>> lines;  // name, where
  auto add = [&](const std::string& id, const std::string& where) {
    lines.push_back({names.of(id), where});
    if (auto it = names.players.find(id); it != names.players.end())
      for (const auto& pl : it->second) lines.push_back({pl + " (" + names.of(id) + ")", where});
  };
  for (const auto& t : r["tables"])
    for (size_t i = 0; i < t["seats"].size(); ++i)
      add(text_of(t["seats"][i]),
          text::tr(
              "tournament.print.where", "table {table}, seat {seat}",
              text::Message().text("table", text_of(t["table"])).text("seat", seat_name(doc, t["seats"].size(), i))));
  for (const auto& b : r["byes"]) add(text_of(b), text::tr("tournament.print.bye", "bye (no table this round)"));
  for (const auto& a : r["absent"]) add(text_of(a), text::tr("tournament.print.absent", "absent"));
  const std::string& lang = text::language();  // names in the language's order (English: as marque always sorted)
  std::stable_sort(lines.begin(), lines.end(), [&](const auto& a, const auto& b) {
    return lang == "en" ? unicode::collate(a.first, b.first) < 0 : text::collate_less(a.first, b.first, lang);
  });
  Page p;
  p.title = event_title(doc);
  p.lines.push_back(round_line(doc, round) + text::tr("tournament.print.where_title", " — where do I sit?"));
  for (const auto& [name, where] : lines) p.list.push_back(name + " → " + where);
  paper.pages.push_back(std::move(p));
  return paper;
}

// who deals each deal: the first dealer, then the next in play order; a team game's players alternate sides
std::vector<std::string> dealers(const Names& names, const ojson& t, bool teams) {
  std::vector<std::string> order;
  const auto& seats = t["seats"];
  if (teams) {
    for (size_t k = 0; k < 2; ++k)
      for (const auto& s : seats) {
        auto it = names.players.find(text_of(s));
        if (it != names.players.end() && k < it->second.size()) order.push_back(it->second[k]);
      }
  } else {
    for (const auto& s : seats) order.push_back(names.of(text_of(s)));
  }
  const std::string first = t.contains("first_dealer") ? names.of(text_of(t["first_dealer"])) : "";
  auto at = std::find(order.begin(), order.end(), first);
  if (at != order.end()) std::rotate(order.begin(), at, order.end());
  return order;
}

// 6.2: one page a table: its seats, a line a deal with its dealer printed (and "—" where the dealer sits out), a
// column of running totals per entrant, the totals' line, the boxes of who entered and who confirmed
Paper slips(const ojson& doc, int round, const TournamentPrint& o) {
  const Names names(doc);
  const auto& ev = doc["event"];
  Paper paper{event_title(doc) + text::tr("tournament.print.slips_title", " — score slips, round {round}",
                                          text::Message().number("round", round)),
              "210mm 297mm",
              {}};
  const bool teams = text_of(ev["entrant_kind"]) == "teams";
  for (const auto& t : round_of(doc, round)["tables"]) {
    Page p;
    p.title = event_title(doc);
    p.lines.push_back(round_line(doc, round));
    p.lines.push_back(text::tr("tournament.print.table_line", "Table {table} · code {code}",
                               text::Message().text("table", text_of(t["table"])).text("code", text_of(t["code"]))));
    p.lines.push_back(text::tr("tournament.print.game", "Game: {game}",
                               text::Message().text("game", o.game.empty() ? text_of(ev["game"]) : o.game)));
    const size_t k = t["seats"].size();
    std::string seats;
    for (size_t i = 0; i < k; ++i)
      seats += (i ? " · " : "") + seat_name(doc, k, i) + " " + names.full(text_of(t["seats"][i]));
    p.lines.push_back(text::tr("tournament.print.seats", "Seats: {seats}", text::Message().text("seats", seats)));
    p.header = {text::tr("tournament.print.deal", "Deal"), text::tr("tournament.print.dealer", "Dealer")};
    p.right = {true, false};
    for (const auto& s : t["seats"]) {
      p.header.push_back(names.of(text_of(s)));
      p.right.push_back(true);
    }
    const std::vector<std::string> by = dealers(names, t, teams);
    auto known = o.deals.find(static_cast<int>(k));
    const int lines = known != o.deals.end() ? known->second : 12;
    const bool mort = o.dealer_sits_out.count(static_cast<int>(k)) > 0;
    for (int d = 0; d < lines; ++d) {
      const std::string dealer = by.empty() ? "" : by[static_cast<size_t>(d) % by.size()];
      std::vector<std::string> row{std::to_string(d + 1), dealer};
      for (const auto& s : t["seats"]) row.push_back(mort && names.of(text_of(s)) == dealer ? "—" : "");
      p.rows.push_back(std::move(row));
    }
    std::vector<std::string> totals{"", o.zero_sum ? text::tr("tournament.print.totals_zero", "totals (sum must be 0)")
                                                   : text::tr("tournament.print.totals", "totals")};
    totals.resize(p.header.size());
    p.rule_before = static_cast<int>(p.rows.size());
    p.rows.push_back(std::move(totals));
    if (known == o.deals.end())
      p.notes.push_back(text::tr("tournament.print.deals_note", "Deals: as many as the round's length takes ({mode})",
                                 text::Message().text("mode", text_of(ev["round_length"]["mode"]))));
    if (mort) p.notes.push_back(text::tr("tournament.print.sits_out", "—: the dealer sits this deal out"));
    p.notes.push_back(text::tr("tournament.print.columns", "Each column: the entrant's running total after the deal"));
    p.signatures.push_back(text::tr("tournament.print.entered_by", "Entered by (a player of this table)"));
    if (text_of(ev["confirmation"]) != "none")
      p.signatures.push_back(
          teams ? text::tr("tournament.print.confirmed_side", "Confirmed by (a player of the other side)")
                : text::tr("tournament.print.confirmed_second", "Confirmed by (a second player)"));
    paper.pages.push_back(std::move(p));
  }
  return paper;
}

// a tie-break criterion's name in the reader's language
std::string criterion(const std::string& id) {
  if (id == "total_points") return text::tr("tournament.print.criterion.total_points", "Total points");
  if (id == "placement_points") return text::tr("tournament.print.criterion.placement_points", "Placement points");
  if (id == "match_points") return text::tr("tournament.print.criterion.match_points", "Match points");
  if (id == "points_for") return text::tr("tournament.print.criterion.points_for", "Points for");
  if (id == "points_diff") return text::tr("tournament.print.criterion.points_diff", "Point difference");
  if (id == "wins") return text::tr("tournament.print.criterion.wins", "Wins");
  if (id == "best_rounds") return text::tr("tournament.print.criterion.best_rounds", "Best rounds");
  if (id == "head_to_head") return text::tr("tournament.print.criterion.head_to_head", "Head-to-head");
  if (id == "lot") return text::tr("tournament.print.criterion.lot", "Lot");
  if (id == "withdrawn") return text::tr("tournament.print.criterion.withdrawn", "withdrawn");
  return id;
}

// rank of each entrant in a ranking
std::map<std::string, int> ranks_in(const ojson& rows) {
  std::map<std::string, int> out;
  for (const auto& row : rows) out[text_of(row["entrant"])] = row.value("rank", 0);
  return out;
}

Paper ranking(const ojson& doc, int round) {
  const Names names(doc);
  const auto& ev = doc["event"];
  const int last = doc["rounds_played"].empty() ? 0 : doc["rounds_played"].back().value("round", 0);
  const bool final_ranking = round == 0;
  const int through = final_ranking ? last : round;
  const ojson& rows = final_ranking ? doc["ranking"] : doc["ranking_after"][std::to_string(round)];
  const ojson none = ojson::array();
  const std::string prev_key = std::to_string(through - 1);
  const auto before = ranks_in(doc["ranking_after"].contains(prev_key) ? doc["ranking_after"][prev_key] : none);
  Paper paper{event_title(doc) + (final_ranking
                                      ? text::tr("tournament.print.final_title", " — final ranking")
                                      : text::tr("tournament.print.after_title", " — ranking after round {round}",
                                                 text::Message().number("round", round))),
              "210mm 297mm",
              {}};
  Page p;
  p.title = event_title(doc);
  p.lines.push_back((final_ranking ? text::tr("tournament.print.final", "Final ranking")
                                   : text::tr("tournament.print.after", "Ranking after round {round}",
                                              text::Message().number("round", round))) +
                    " — " + text_of(ev["game"]) +
                    text::tr("tournament.print.scoring", ", scoring {mode}",
                             text::Message().text("mode", text_of(ev["scoring"]["mode"]))));
  std::vector<std::string> chain;
  for (const auto& c : ev["scoring"]["tiebreaks"]) chain.push_back(text_of(c));
  std::string chain_text;
  for (const auto& c : chain)
    chain_text += (chain_text.empty() ? "" : text::tr("tournament.print.then", ", then ")) + criterion(c);
  p.lines.push_back(text::tr("tournament.print.order", "Order: {chain}", text::Message().text("chain", chain_text)));
  p.header = {text::tr("tournament.print.rank", "Rank"), text::tr("tournament.print.entrant", "Entrant"),
              text::tr("tournament.print.score", "Score")};
  p.right = {true, false, true};
  for (size_t i = 1; i < chain.size(); ++i) {
    p.header.push_back(criterion(chain[i]));
    p.right.push_back(chain[i] != "best_rounds");
  }
  p.header.push_back(text::tr("tournament.print.rounds_played", "Rounds played"));
  p.right.push_back(true);
  for (int r = 1; r <= through; ++r) {
    p.header.push_back(text::tr("tournament.print.round_column", "R{n}", text::Message().number("n", r)));
    p.right.push_back(true);
  }
  if (!before.empty()) {
    p.header.push_back(text::tr("tournament.print.rank_change", "Δ rank"));
    p.right.push_back(true);
  }
  p.header.push_back(text::tr("tournament.print.decided_by", "Decided by"));
  p.right.push_back(false);
  std::map<std::string, int> played;  // rounds played through `through`: at a table or on a bye
  for (const auto& r : doc["rounds_played"]) {
    if (r.value("round", 0) > through) continue;
    for (const auto& t : r["tables"])
      for (const auto& s : t["seats"]) ++played[text_of(s)];
    for (const auto& b : r["byes"]) ++played[text_of(b)];
  }
  for (const auto& row : rows) {
    const std::string id = text_of(row["entrant"]);
    std::string who = names.full(id);
    // withdrawn in this ranking when it withdrew before its round (5.5): ranked under the rule
    if (row["withdrawn_after"].is_number_integer() && row["withdrawn_after"].get<int>() < through) {
      who += text::tr("tournament.print.withdrew", " (withdrew after round {round})",
                      text::Message().text("round", text_of(row["withdrawn_after"])));
      if (p.rule_before < 0) p.rule_before = static_cast<int>(p.rows.size());
    }
    std::vector<std::string> cells = {text_of(row["rank"]), who, num_of(row["score"])};
    for (size_t i = 1; i < chain.size(); ++i)
      cells.push_back(row["tiebreaks"].contains(chain[i]) ? num_of(row["tiebreaks"][chain[i]]) : "");
    cells.push_back(std::to_string(played[id]));
    for (int r = 0; r < through; ++r)
      cells.push_back(r < static_cast<int>(row["rounds"].size()) ? num_of(row["rounds"][r]) : "");
    if (!before.empty()) {
      auto it = before.find(id);
      const int d = it == before.end() ? 0 : it->second - row.value("rank", 0);
      cells.push_back(it == before.end() ? text::tr("tournament.print.new", "new")
                      : d > 0            ? "+" + std::to_string(d)
                      : d < 0            ? "−" + std::to_string(-d)
                                         : "=");
    }
    // a mark on the rows tied on the score with the next one (decided by a later criterion of the chain); the
    // withdrawal rule is the line under the last continuing entrant, not a mark on its row
    const std::string decided = text_of(row["decided_by"]);
    const bool tied = !decided.empty() && decided != "withdrawn" && (chain.empty() || decided != chain.front());
    cells.push_back(decided == "lot" ? text::tr("tournament.print.by_lot", "ex aequo — decided by lot")
                    : tied           ? "= " + criterion(decided)
                                     : "");
    p.rows.push_back(std::move(cells));
  }
  std::string last_correction;
  for (const auto& c : doc["corrections"]) {
    if (c.value("round", 0) > through) continue;
    last_correction = std::max(last_correction, text_of(c["at"]));
    {
      std::string note = text::tr("tournament.print.correction",
                                  "Correction of round {round}, table {table} by {by} at {at}: {reason}.",
                                  text::Message()
                                      .text("round", text_of(c["round"]))
                                      .text("table", text_of(c["table"]))
                                      .text("by", text_of(c["by"]))
                                      .text("at", text_of(c["at"]))
                                      .text("reason", text_of(c["reason"])));
      std::string was, now;
      for (auto it = c["before"].begin(); it != c["before"].end(); ++it)
        was += (was.empty() ? "" : ", ") + names.of(it.key()) + " " + num_of(it.value());
      for (auto it = c["after"].begin(); it != c["after"].end(); ++it)
        now += (now.empty() ? "" : ", ") + names.of(it.key()) + " " + num_of(it.value());
      note += text::tr("tournament.print.was_now", " Was {was}; now {now}.",
                       text::Message().text("was", was).text("now", now));
      std::string moves;
      for (const auto& ch : c["rank_changes"])
        moves += (moves.empty() ? "" : ", ") + names.of(text_of(ch["entrant"])) + " " + ordinal(ch.value("before", 0)) +
                 " → " + ordinal(ch.value("after", 0));
      if (!moves.empty())
        note += text::tr("tournament.print.rank_changes", " Rank changes: {moves}.",
                         text::Message().text("moves", moves));
      p.notes.push_back(note);
    }
  }
  if (!last_correction.empty())
    p.lines.push_back(text::tr("tournament.print.corrected_at", "Corrected at {at} (the notes at the foot)",
                               text::Message().text("at", last_correction)));
  if (p.rule_before >= 0)
    p.notes.insert(p.notes.begin(), text::tr("tournament.print.under_rule",
                                             "Under the rule: entrants who withdrew, ranked after all others"));
  paper.pages.push_back(std::move(p));
  return paper;
}

Paper paper_of(const ojson& doc, const TournamentPrint& o) {
  int round = o.round;
  if (round == 0 && o.what != TournamentPaper::ranking && !doc["rounds_played"].empty())
    round = doc["rounds_played"].back().value("round", 0);
  switch (o.what) {
    case TournamentPaper::cards:
      return cards(doc, round, o.url);
    case TournamentPaper::door:
      return door(doc, round);
    case TournamentPaper::slips:
      return slips(doc, round, o);
    case TournamentPaper::ranking:
      break;
  }
  return ranking(doc, round);
}

// The QR as SVG: one path of dark modules, a quiet zone of 4
std::string qr_svg(const std::string& payload) {
  // libqrencode loaded by the first QR drawn, not by every command's start (core/plugin.hpp)
  static const auto encode = plugin::system<decltype(&QRcode_encodeString)>(MARQUE_QRENCODE_SONAME,
                                                                            "QRcode_encodeString");
  static const auto release = plugin::system<decltype(&QRcode_free)>(MARQUE_QRENCODE_SONAME, "QRcode_free");
  std::unique_ptr<QRcode, decltype(&QRcode_free)> qr(encode(payload.c_str(), 0, QR_ECLEVEL_M, QR_MODE_8, 1), release);
  if (!qr) return "";
  const int n = qr->width, size = n + 8;
  std::string d;
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x)
      if (qr->data[y * n + x] & 1) d += "M" + std::to_string(x + 4) + " " + std::to_string(y + 4) + "h1v1h-1z";
  return "<svg class=\"qr\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + std::to_string(size) + " " +
         std::to_string(size) + "\" shape-rendering=\"crispEdges\" role=\"img\" aria-label=\"" + html_escape(payload) +
         "\"><rect width=\"" + std::to_string(size) + "\" height=\"" + std::to_string(size) +
         "\" fill=\"#fff\"/><path d=\"" + d + "\" fill=\"#000\"/></svg>";
}

const char* const k_css = R"(
body { font-family: "Liberation Sans", Arial, sans-serif; color: #000; margin: 0; }
.page { break-after: page; page-break-after: always; }
.page:last-child { break-after: auto; page-break-after: auto; }
h1 { font-size: 14pt; margin: 0 0 2mm; }
p { margin: 1mm 0; }
.big { font-size: 36pt; font-weight: bold; margin: 2mm 0; }
table { border-collapse: collapse; margin: 3mm 0; }
th, td { border: 0.3mm solid #444; padding: 1mm 2mm; text-align: left; vertical-align: top; }
th { background: #eee; }
td.num, th.num { text-align: right; }
tr.rule td { border-top: 0.8mm solid #000; }
.slips td { height: 7mm; }
.slips td.num { min-width: 22mm; }
.list { columns: 2; column-gap: 8mm; list-style: none; padding: 0; font-size: 11pt; }
.list li { break-inside: avoid; padding: 0.5mm 0; }
.notes { font-size: 9pt; }
.code { font-size: 16pt; font-weight: bold; }
.qr { width: 34mm; height: 34mm; float: right; margin: 0 0 2mm 2mm; }
.ranking table { font-size: 9pt; }
.ranking td { white-space: nowrap; }
.sign { border-bottom: 0.3mm solid #000; height: 12mm; margin: 3mm 0 0; font-size: 9pt; }
)";

const char* kind_of(TournamentPaper what) {
  return what == TournamentPaper::cards   ? "cards"
         : what == TournamentPaper::door  ? "door"
         : what == TournamentPaper::slips ? "slips"
                                          : "ranking";
}

std::string sections_of(const Paper& paper, TournamentPaper what) {
  std::string out;
  const char* kind = kind_of(what);
  for (const auto& p : paper.pages) {
    out += "<section class=\"page " + std::string(kind) + "\">\n<h1>" + html_escape(p.title) + "</h1>\n";
    if (!p.qr.empty()) out += qr_svg(p.qr) + "\n";
    for (const auto& l : p.lines) out += "<p>" + html_escape(l) + "</p>\n";
    if (!p.big.empty()) out += "<p class=\"big\">" + html_escape(p.big) + "</p>\n";
    if (!p.header.empty()) {
      out += "<table>\n<tr>";
      for (size_t i = 0; i < p.header.size(); ++i)
        out += std::string(p.right[i] ? "<th class=\"num\">" : "<th>") + html_escape(p.header[i]) + "</th>";
      out += "</tr>\n";
      for (size_t r = 0; r < p.rows.size(); ++r) {
        out += static_cast<int>(r) == p.rule_before ? "<tr class=\"rule\">" : "<tr>";
        for (size_t i = 0; i < p.rows[r].size(); ++i)
          out += std::string(p.right[i] ? "<td class=\"num\">" : "<td>") + html_escape(p.rows[r][i]) + "</td>";
        out += "</tr>\n";
      }
      out += "</table>\n";
    }
    if (!p.list.empty()) {
      out += "<ul class=\"list\">\n";
      for (const auto& l : p.list) out += "<li>" + html_escape(l) + "</li>\n";
      out += "</ul>\n";
    }
    for (const auto& n : p.notes)
      out += n.rfind("Table code: ", 0) == 0 ? "<p class=\"code\">" + html_escape(n) + "</p>\n"
                                             : "<p class=\"notes\">" + html_escape(n) + "</p>\n";
    for (const auto& s : p.signatures) out += "<p class=\"sign\">" + html_escape(s) + "</p>\n";
    out += "</section>\n";
  }
  return out;
}

// The papers in turn in one file: the page size of the first, and a named page for each other kind whose size differs
std::string html_of(const std::vector<std::pair<Paper, TournamentPaper>>& papers, const std::string& title) {
  const std::string& size = papers.front().first.page_size;
  std::string named, body;
  std::set<std::string> seen;
  for (const auto& [paper, what] : papers) {
    const std::string kind = kind_of(what);
    if (paper.page_size != size && seen.insert(kind).second)
      named += "\n@page " + kind + " { size: " + paper.page_size + "; margin: 8mm; }\nsection." + kind +
               " { page: " + kind + "; }";
    body += sections_of(paper, what);
  }
  return "<!DOCTYPE html>\n<html lang=\"" + text::language() + "\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
         html_escape(title) + "</title>\n<style>@page { size: " + size + "; margin: 8mm; }" + named + k_css +
         "</style>\n</head>\n<body>\n" + body + "</body>\n</html>\n";
}

std::string paper_text(const Paper& paper) {
  std::string out;
  for (size_t k = 0; k < paper.pages.size(); ++k) {
    const Page& p = paper.pages[k];
    if (k) out += "\n" + std::string(40, '-') + "\n\n";
    out += p.title + "\n";
    for (const auto& l : p.lines) out += l + "\n";
    if (!p.big.empty()) out += p.big + "\n";
    if (!p.header.empty()) {
      TextTable t;
      std::vector<TextTable::Align> aligns;
      for (bool r : p.right) aligns.push_back(r ? TextTable::Align::right : TextTable::Align::left);
      t.columns(aligns);
      t.row(p.header);
      t.rule();
      for (size_t r = 0; r < p.rows.size(); ++r) {
        if (static_cast<int>(r) == p.rule_before) t.rule();
        std::vector<std::string> cells = p.rows[r];
        for (size_t i = 2; i < cells.size() && !p.signatures.empty(); ++i)  // a slip: a blank to write in
          if (cells[i].empty()) cells[i] = "______";
        t.row(cells);
      }
      out += t.render();
    }
    for (const auto& l : p.list) out += l + "\n";
    for (const auto& n : p.notes) out += n + "\n";
    for (const auto& s : p.signatures) out += s + text::tr("report.colon", ": ") + "____________________\n";
    if (!p.qr.empty()) out += "QR: " + p.qr + "\n";
  }
  return out;
}

}  // namespace tprint

std::string table_code_address(const std::string& url, const std::string& code) {
  if (url.empty()) return code;
  std::string base = url;
  while (!base.empty() && base.back() == '/') base.pop_back();
  return base + "/t/" + code;
}

std::string tournament_print_text(const nlohmann::ordered_json& doc, const TournamentPrint& p) {
  return tprint::paper_text(tprint::paper_of(doc, p));
}

std::string tournament_print_html(const nlohmann::ordered_json& doc, const TournamentPrint& p) {
  return tournament_print_html(doc, std::vector<TournamentPrint>{p});
}

std::string tournament_print_text(const nlohmann::ordered_json& doc, const std::vector<TournamentPrint>& parts) {
  std::string out;
  for (const auto& p : parts)  // each paper's pages, then the next's, under the same rule as a page's
    out += (out.empty() ? "" : "\n" + std::string(40, '-') + "\n\n") + tournament_print_text(doc, p);
  return out;
}

std::string tournament_print_html(const nlohmann::ordered_json& doc, const std::vector<TournamentPrint>& parts) {
  if (parts.empty()) return "";
  std::vector<std::pair<tprint::Paper, TournamentPaper>> papers;
  for (const auto& p : parts) papers.emplace_back(tprint::paper_of(doc, p), p.what);
  // one paper: its own title; several: the event's
  return tprint::html_of(papers, papers.size() == 1 ? papers.front().first.title : tprint::event_title(doc));
}

std::string tournament_print_sections(const nlohmann::ordered_json& doc, const TournamentPrint& p) {
  return tprint::sections_of(tprint::paper_of(doc, p), p.what);
}

}  // namespace marque::reports
