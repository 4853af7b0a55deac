// The French Tarot paper score sheet (spec tarot §7): one line per deal (taker and partner, contract, oudlers,
// points, result and bonuses), each player's running total, footnotes, the ranking and a settlement.
#include <algorithm>
#include <cmath>
#include <string_view>

#include "core/language.hpp"
#include "core/text.hpp"
#include "rules/common/sheet.hpp"
#include "rules/tarot/tarot.hpp"

namespace marque::rules::tarot {

namespace {

using namespace std::string_view_literals;

std::string abbrev(const std::string& contract) {
  if (contract == "prise") return "P";
  if (contract == "petite") return "Pe";
  if (contract == "pousse") return "Po";
  if (contract == "garde") return "G";
  if (contract == "garde_sans") return "GS";
  if (contract == "garde_contre") return "GC";
  return contract;
}

// a number of the game file or its score document, exactly (card points in halves); 0 when it is none
template <class J>
Amount amount(const J& v) {
  return amount_of(v, 2).value_or(Amount{});
}
std::string num(const json& v) { return v.is_number() ? common::local(amount(v)) : std::string(); }

std::string end_text(const json& setup) {
  const std::string open = text::tr("sheet.tarot.end.open", "open");
  if (!setup.contains("end") || !setup["end"].is_object()) return open;
  const json& e = setup["end"];
  std::string mode = e.value("mode", "open");
  if (mode == "deals" && e.contains("deals"))
    return text::tr("sheet.tarot.end.deals", "after {n} scored deals", text::Message().amount("n", amount(e["deals"])));
  if (mode == "target" && e.contains("target"))
    return text::tr("sheet.tarot.end.target", "when a player reaches {n}", text::Message().text("n", num(e["target"])));
  return open;
}

// header: player count, end rule, non-default options
void sheet_header(sheet::Sheet& out, const json& setup, size_t players) {
  out.title = text::tr("sheet.tarot.title", "French Tarot");
  out.line(text::tr("sheet.tarot.heading", "French Tarot, {n} players, end: {end}",
                    text::Message().number("n", static_cast<int64_t>(players)).text("end", end_text(setup))));
  if (setup.contains("options") && setup["options"].is_object() && !setup["options"].empty()) {
    std::string o;
    for (auto it = setup["options"].begin(); it != setup["options"].end(); ++it)
      o += (o.empty() ? "" : ", ") + labels().item(it.key(), *it);
    out.line(text::tr("sheet.options", "options: {options}", text::Message().text("options", o)));
  }
  out.line("");
}

// One line of the deal description block: Taker(+Partner)  Contract  Oud  Pts  Result
struct SheetLine {
  bool redeal = false;
  std::string no, dealer, text;
  std::vector<std::string> cols;   // 5 sub-columns for hands
  std::vector<std::string> cells;  // per player
};

// rec[key], or nullptr when rec has no such key (one lookup)
const json* field(const json& rec, const char* key) {
  auto it = rec.find(key);
  return it == rec.end() ? nullptr : &*it;
}

bool has_note(const json& rec) {
  const json* note = field(rec, "note");
  return note && note->is_string() && !note->get_ref<const std::string&>().empty();
}

// "-- redeal: petit sec (Cat)"
void redeal_line(SheetLine& l, const json& rec, size_t players, std::vector<std::string>& notes) {
  std::string reason = rec.value("reason", "");
  if (reason == "all_pass") reason = text::tr("sheet.tarot.reason.all_pass", "all pass");
  if (reason == "no_trumps") reason = text::tr("sheet.tarot.reason.no_trumps", "no trumps");
  if (reason == "few_honours") reason = text::tr("sheet.tarot.reason.few_honours", "few honours");
  if (reason == "misdeal") reason = text::tr("sheet.tarot.reason.misdeal", "misdeal");
  if (reason == "other") reason = text::tr("sheet.tarot.reason.other", "other");
  std::replace(reason.begin(), reason.end(), '_', ' ');  // petit_sec: "petit sec", in every language
  l.text = text::tr("sheet.tarot.redeal", "-- redeal: {reason}", text::Message().text("reason", reason));
  if (rec.contains("player") && rec["player"].is_string()) l.text += " (" + rec["player"].get<std::string>() + ")";
  if (has_note(rec)) {
    l.text += " *";
    notes.push_back(l.no + ". " + rec["note"].get<std::string>());
  }
  l.cells.assign(players, ".");
}

// What a hand line reads of a record, found in one pass over its keys (nullptr: absent).
struct RecordFields {
  const json *taker = nullptr, *contract = nullptr, *oudlers = nullptr, *points = nullptr, *poignees = nullptr,
             *petit_au_bout = nullptr, *chelem = nullptr, *chelem_announced = nullptr,
             *petite_chelem_announced = nullptr, *miseres = nullptr, *note = nullptr;
};
RecordFields record_fields(const json& rec) {
  RecordFields f;
  if (!rec.is_object()) return f;
  for (auto it = rec.begin(); it != rec.end(); ++it) {
    const std::string& k = it.key();
    const json* v = &*it;
    if (k == "taker"sv)
      f.taker = v;
    else if (k == "contract"sv)
      f.contract = v;
    else if (k == "oudlers"sv)
      f.oudlers = v;
    else if (k == "points"sv)
      f.points = v;
    else if (k == "poignees"sv)
      f.poignees = v;
    else if (k == "petit_au_bout"sv)
      f.petit_au_bout = v;
    else if (k == "chelem"sv)
      f.chelem = v;
    else if (k == "chelem_announced"sv)
      f.chelem_announced = v;
    else if (k == "petite_chelem_announced"sv)
      f.petite_chelem_announced = v;
    else if (k == "miseres"sv)
      f.miseres = v;
    else if (k == "note"sv)
      f.note = v;
  }
  return f;
}

// What a hand line reads of its entry's breakdown, found in one pass over its keys (nullptr: absent).
struct BreakdownFields {
  const ojson *attack = nullptr, *taker_alone = nullptr, *points_rounded = nullptr, *target = nullptr,
              *slam_part = nullptr;
};
BreakdownFields breakdown_fields(const ojson& b) {
  BreakdownFields f;
  if (!b.is_object()) return f;
  for (const auto& [k, v] : b.get_ref<const ojson::object_t&>()) {
    if (k == "attack"sv)
      f.attack = &v;
    else if (k == "taker_alone"sv)
      f.taker_alone = &v;
    else if (k == "points_rounded"sv)
      f.points_rounded = &v;
    else if (k == "target"sv)
      f.target = &v;
    else if (k == "slam_part"sv)
      f.slam_part = &v;
  }
  return f;
}

// rec.value(key, false) (and b.value(key, 0)) from a field found by record_fields (breakdown_fields)
bool flag(const json* v) { return v ? v->get<bool>() : false; }
int64_t whole(const ojson* v) { return v ? v->get<int64_t>() : 0; }

// The result column: "+10", "-5", "=0", then the bonuses (spec tarot §7 abbreviations).
std::string result_text(const RecordFields& rec, const BreakdownFields& b, const std::string& no,
                        std::vector<std::string>& notes) {
  int64_t margin = whole(b.points_rounded) - whole(b.target);
  std::string result = margin == 0 ? "=0" : common::local_signed(Amount::whole(margin));
  auto tag = [&](const std::string& t) { result += " " + t; };
  if (const json* poignees = rec.poignees; poignees && poignees->is_array())
    for (const auto& q : *poignees) {
      std::string lv = q.value("level", "");
      tag(std::string(lv == "triple" ? "TP" : lv == "double" ? "DP" : "SP") + "(" + q.value("player", "") + ")");
    }
  const json* bout = rec.petit_au_bout;
  if (bout && *bout == "attack") tag("PB(A)");
  if (bout && *bout == "defence") tag("PB(D)");
  const json* slam = rec.chelem;
  const std::string chelem = slam && slam->is_string() ? slam->get<std::string>() : "none";
  bool announced = flag(rec.chelem_announced);
  if (announced)
    tag(chelem == "attack" ? "CHA" : "CH!");
  else if (chelem == "attack")
    tag("CH");
  if (chelem == "defence") tag("CHD");
  if (flag(rec.petite_chelem_announced))
    tag(whole(b.slam_part) > 0 ? "PCA" : "PCA!");
  else if (!announced && chelem == "none" && whole(b.slam_part) == 150)
    tag("PC");
  if (const json* miseres = rec.miseres; miseres && miseres->is_array())
    for (const auto& m : *miseres) tag("M(" + m.value("player", "") + ")");
  if (rec.note && rec.note->is_string() && !rec.note->get_ref<const std::string&>().empty()) {  // has_note
    tag("*");
    notes.push_back(no + ". " + rec.note->get<std::string>());
  }
  return result;
}

void hand_line(SheetLine& l, const ojson& h, const json& record, const std::vector<std::string>& players,
               std::vector<std::string>& notes) {
  const ojson& b = h["breakdown"];
  const RecordFields rec = record_fields(record);
  const BreakdownFields bf = breakdown_fields(b);
  std::string who = rec.taker ? rec.taker->get<std::string>() : "";
  if (const ojson* attack = bf.attack; attack && attack->size() == 2) who += "+" + (*attack)[1].get<std::string>();
  if (bf.taker_alone) who += "(" + bf.taker_alone->get<std::string>() + ")";
  std::string result = result_text(rec, bf, l.no, notes);
  const json null;
  l.cols = {who, abbrev(rec.contract ? rec.contract->get<std::string>() : ""), num(rec.oudlers ? *rec.oudlers : null),
            num(rec.points ? *rec.points : null), result};
  const ojson& t = h["totals"];
  l.cells.reserve(players.size());
  for (const auto& p : players) {
    auto total = t.find(p);
    l.cells.push_back(total != t.end() ? common::local_signed(amount(*total)) : "");
  }
}

// The hand table: number, dealer, the deal's description in its own columns (a redeal's words across them), the
// running totals.
// The lines' texts are moved into the table.
void hands_table(sheet::Sheet& out, std::vector<SheetLine>& lines, const std::vector<std::string>& players) {
  sheet::Table& t = out.table("hands");
  t.columns = {{"#", true},
               {text::tr("sheet.col.dlr", "Dlr"), false},
               {text::tr("sheet.tarot.col.taker", "Taker(+Partner)"), false},
               {text::tr("sheet.col.contract", "Contract"), false},
               {text::tr("sheet.tarot.col.oudlers", "Oud"), false},
               {text::tr("sheet.col.pts", "Pts"), false},
               {text::tr("sheet.col.result", "Result"), false}};
  for (const auto& p : players) t.columns.push_back({p, true});
  t.bar_after = 6;
  for (auto& l : lines) {
    std::vector<std::string> row;
    row.reserve(2 + (l.redeal ? 1 : l.cols.size()) + l.cells.size());
    row.push_back(std::move(l.no));
    row.push_back(std::move(l.dealer));
    if (l.redeal)
      row.push_back(std::move(l.text));
    else
      for (auto& c : l.cols) row.push_back(std::move(c));
    for (auto& c : l.cells) row.push_back(std::move(c));
    if (l.redeal)
      t.spanned_row(std::move(row), {1, 1, 5}, "");
    else
      t.row(std::move(row), "hand");
  }
  t.rule();
}

// The ranking line (spec tarot §5.4), the next dealer and the settlement (§5.5).
void result_lines(sheet::Sheet& out, const ojson& score) {
  const ojson& res = score["result"];
  bool finished = score.value("finished", false);
  std::string rank = finished ? text::tr("sheet.final_ranking", "Final ranking:")
                              : text::tr("sheet.standing", "Standing:");
  Amount sum;
  if (res.contains("ranking"))
    for (const auto& p : res["ranking"]) {
      std::string n = p.get<std::string>();
      const Amount total = score["totals"].contains(n) ? amount(score["totals"][n]) : Amount{};
      sum += total;
      int place = res.contains("places") && res["places"].contains(n) ? res["places"][n].get<int>() : 0;
      rank += " " + std::to_string(place) + ". " + n + " " + common::local_signed(total) + "  ";
    }
  while (!rank.empty() && rank.back() == ' ') rank.pop_back();
  out.line(rank + text::tr("sheet.tarot.sum", "   (sum = {sum})", text::Message().text("sum", common::local(sum))),
           "result");
  if (!finished && score.contains("next_dealer") && score["next_dealer"].is_string() &&
      !score["next_dealer"].get<std::string>().empty())
    out.line(text::tr("sheet.next_dealer", "Next dealer: {name}",
                      text::Message().text("name", score["next_dealer"].get<std::string>())),
             "result");
  if (!res.contains("settlement")) return;
  const ojson& s = res["settlement"];
  std::string pay;
  for (const auto& tr : s["transfers"])
    pay += (pay.empty() ? "" : ", ") + text::tr("sheet.pays", "{from} pays {to} {amount}",
                                                text::Message()
                                                    .text("from", tr["from"].get<std::string>())
                                                    .text("to", tr["to"].get<std::string>())
                                                    .text("amount", common::local(amount(tr["amount"]))));
  out.line(text::tr("sheet.tarot.settlement", "Settlement ({stake} per point): {payments}",
                    text::Message()
                        .text("stake", common::local(amount(s["stake_per_point"])))
                        .text("payments", pay.empty() ? text::tr("sheet.nothing_to_pay", "nothing to pay") : pay)),
           "settlement");
}

}  // namespace

sheet::Sheet render_sheet(const json& game_file, const ojson& score) {
  const json& setup = game_file["setup"];
  std::vector<std::string> players;
  for (const auto& p : score["players"]) players.push_back(p.get<std::string>());
  const json empty = json::array();
  const json& records = game_file.contains("hands") && game_file["hands"].is_array() ? game_file["hands"] : empty;

  sheet::Sheet out;
  sheet_header(out, setup, players.size());
  std::vector<SheetLine> lines;
  std::vector<std::string> notes;  // "* " footnotes under the table
  const ojson& hands = score["hands"];
  const json none = json::object();
  lines.reserve(hands.size());
  for (size_t i = 0; i < hands.size(); ++i) {
    const ojson& h = hands[i];
    const json& rec = i < records.size() ? records[i] : none;
    SheetLine l;
    l.no = common::hand_number(h, i);
    l.dealer = h.value("dealer", "");
    l.redeal = h.value("type", "hand") == "redeal";
    if (l.redeal)
      redeal_line(l, rec, players.size(), notes);
    else
      hand_line(l, h, rec, players, notes);
    lines.push_back(std::move(l));
  }
  hands_table(out, lines, players);
  for (const auto& n : notes) out.line("  * " + n, "notes");
  result_lines(out, score);
  out.chart = common::running_totals(score, 1);
  const json end = setup.contains("end") && setup["end"].is_object() ? setup["end"] : json::object();
  if (end.value("mode", "") == "target" && end.contains("target") && end["target"].is_number())
    out.levels.push_back({amount(end["target"]).value(), text::tr("sheet.level.target", "target {target}",
                                                                  text::Message().text("target", num(end["target"])))});
  return out;
}

}  // namespace marque::rules::tarot
