// Alsós paper sheet (spec alsos §7): one row per deal with the contract, the items and the signed deltas, a
// running-total row under it, a zero check, and a footer with totals, ranks and the settlement.
#include "core/language.hpp"
#include "core/text.hpp"
#include "rules/alsos/alsos.hpp"
#include "rules/common/sheet.hpp"

namespace marque::rules::alsos {

using common::local;
using common::local_signed;

namespace {

// The stake of meta.stake exactly as written, in as few decimals as hold it (0.05: five hundredths, 1e-05: one
// hundred-thousandth); none unless it is a number above 0 with at most 15 decimals.
std::optional<Amount> stake_of(const json& v) {
  int64_t per = 1;
  for (int decimals = 0; decimals <= 15; ++decimals, per *= 10)
    if (auto a = amount_of(v, per)) return *a > 0 ? a : std::nullopt;
  return std::nullopt;
}

// The points at j[key], when they are a number of points.
std::optional<Amount> points_at(const ojson& j, const std::string& key) {
  return j.is_object() && j.contains(key) ? amount_of(j[key], 1) : std::nullopt;
}

// The session's end as the sheet's header says it (session_end_text in the reader's language)
std::string end_words(const Options& o) {
  switch (o.end) {
    case EndMode::deals:
      return text::tr("sheet.alsos.end.deals", "after {n} deals", text::Message().number("n", o.end_deals));
    case EndMode::radli:
      return text::tr("sheet.alsos.end.radli", "radli to {target} (bonus {bonus})",
                      text::Message().number("target", o.radli_target).number("bonus", o.radli_bonus));
    case EndMode::manual:
      break;
  }
  return text::tr("sheet.alsos.end.manual", "manual");
}

// The header line: players in playing order, the stake, the session end; date and venue.
void sheet_header(sheet::Sheet& out, const json& game_file, const std::vector<std::string>& players,
                  const std::optional<Amount>& stake) {
  json options = json::object();
  if (game_file.contains("setup") && game_file["setup"].contains("options") &&
      game_file["setup"]["options"].is_object())
    options = game_file["setup"]["options"];
  Diagnostics ignore;
  Options opt = options_from(resolve_options(options, option_table(), ignore));
  const json meta = game_file.value("meta", json::object());
  std::string head_line = text::tr("sheet.alsos.players", "ALSÓS   players (playing order):");
  for (const auto& p : players) head_line += " " + p;
  if (stake)
    head_line += text::tr("sheet.alsos.stake", "    stake: 1 game point = {stake}",
                          text::Message().text("stake", local(*stake)));
  out.line(head_line +
           text::tr("sheet.alsos.session_end", "    session end: {end}", text::Message().text("end", end_words(opt))));
  if (meta.is_object()) {
    std::string m;
    for (const char* k : {"date", "venue"})
      if (meta.contains(k) && meta[k].is_string() && !meta[k].get<std::string>().empty())
        m += (m.empty() ? "" : "   ") + (std::string(k) == "date"
                                             ? text::local_date(meta[k].get<std::string>(), text::language())
                                             : meta[k].get<std::string>());
    if (!m.empty()) out.line(m);
  }
}

// setup.start: the sheet begins with the carried-over totals
void carried_row(sheet::Table& t, const json& game_file, const std::vector<std::string>& players,
                 std::vector<Amount>& totals) {
  if (!(game_file.contains("setup") && game_file["setup"].contains("start") &&
        game_file["setup"]["start"].is_object() && game_file["setup"]["start"].contains("totals")))
    return;
  const json& st = game_file["setup"]["start"]["totals"];
  std::vector<std::string> row = {"", "", text::tr("sheet.alsos.carried", "carried over"), ""};
  for (std::size_t i = 0; i < players.size(); ++i) {
    if (st.contains(players[i])) totals[i] = amount_of(st[players[i]], 1).value_or(totals[i]);
    row.push_back(local_signed(totals[i]));
  }
  row.push_back("");
  t.row(row, "carried");
}

// An item's label of marque-score/1 ("Hélène negy_asz(l) 1 D", spec §7) as the sheet says it: each figura by its
// name (négy ász), not its id. The stored score keeps the id: `check` compares it with the fresh one as written.
std::string sheet_item_label(std::string label) {
  if (label.rfind("game ", 0) == 0) label = text::tr("sheet.alsos.item.game", "game") + label.substr(4);
  for (const auto& f : k_figurak) {
    const std::string id = std::string(f.id) + "(";
    for (size_t at = label.find(id); at != std::string::npos; at = label.find(id, at + f.label.size()))
      label.replace(at, id.size() - 1, f.label);
  }
  return label;
}

// The contract's code of marque-score/1 ("Bálint BE won", "Zsófi P(turn) lost (gave up)", spec §7) in the reader's
// language: the suit and kind codes stay, the words are said
std::string contract_words(std::string code) {
  const std::pair<const char*, std::string> words[] = {
      {"(turn)", text::tr("sheet.alsos.turn", "(turn)")},
      {" won", text::tr("sheet.alsos.won", " won")},
      {" lost", text::tr("sheet.alsos.lost", " lost")},
      {" (defenders gave up)", text::tr("sheet.alsos.defenders_gave_up", " (defenders gave up)")},
      {" (gave up)", text::tr("sheet.alsos.gave_up", " (gave up)")}};
  for (const auto& [english, said] : words)
    if (auto at = code.find(english); at != std::string::npos) code.replace(at, std::string_view(english).size(), said);
  return code;
}

// One hand: its row (number, dealer, contract, items, deltas, zero check) and the running-total row under it.
void hand_rows(sheet::Table& t, const ojson& h, const json& records, const std::vector<std::string>& players,
               std::vector<Amount>& totals) {
  // the hand number as written on the paper sheet (continues a resumed sheet), else the record's seq
  std::size_t seq = h.value("seq", std::size_t{0});
  std::string number = std::to_string(seq);
  if (seq >= 1 && seq <= records.size() && records[seq - 1].contains("hand") &&
      records[seq - 1]["hand"].is_number_integer())
    number = std::to_string(records[seq - 1]["hand"].get<long long>());
  const ojson& bd = h.contains("breakdown") ? h["breakdown"] : ojson::object();
  std::string dealer = h.value("dealer", std::string());
  std::string sits = bd.contains("sitting_out") && bd["sitting_out"].is_string() ? bd["sitting_out"].get<std::string>()
                                                                                 : "";
  // a declarer's items by the figurák's names (sheet_item_label), the other kinds' labels and the radli from data
  const auto said = [](const text::Message& m) { return text::say(m, text::localized(catalogue())); };
  const std::string kind = bd.value("kind", std::string());
  std::string items;
  if (kind == "misdeal" || kind == "kloptzky") {
    items = said(items_message(json(h)));
  } else {
    if (bd.contains("items"))
      for (const auto& it : bd["items"])
        items += (items.empty() ? "" : "; ") + sheet_item_label(it.value("label", std::string()));
    if (const text::Message r = radli_message(json(h)); !r.empty()) items += (items.empty() ? "" : "; ") + said(r);
  }
  std::vector<std::string> row = {number, dealer, contract_words(bd.value("contract_code", std::string())), items};
  Amount sum;
  for (std::size_t i = 0; i < players.size(); ++i) {
    const Amount v = points_at(h["deltas"], players[i]).value_or(Amount{});
    totals[i] = points_at(h["totals"], players[i]).value_or(totals[i] + v);
    sum += v;
    row.push_back(local_signed(v) + (players[i] == sits ? "*" : ""));
  }
  row.push_back(local(sum));
  t.row(row);
  std::vector<std::string> run = {"", "", "", text::tr("sheet.alsos.running", "running")};
  for (std::size_t i = 0; i < players.size(); ++i) run.push_back(local_signed(totals[i]));
  run.push_back("");
  t.row(run, "running");
}

// The footer: totals row, the sitting-out note, ranks and the settlement.
void sheet_footer(sheet::Sheet& out, sheet::Table& t, const ojson& score, const std::vector<std::string>& players,
                  const std::optional<Amount>& stake) {
  t.rule();
  std::vector<std::string> tot = {"", "", "", text::tr("sheet.alsos.totals", "totals")};
  Amount sum;
  for (const auto& p : players) {
    const Amount v = points_at(score["totals"], p).value_or(Amount{});
    sum += v;
    tot.push_back(local_signed(v));
  }
  tot.push_back(local(sum));
  t.row(tot, "total");
  if (players.size() == 4)
    out.line(text::tr("sheet.alsos.sat_out", "* = dealer, sat out (pays and receives as a defender)"), "notes");

  const ojson& res = score.contains("result") ? score["result"] : ojson::object();
  std::string rank;
  if (res.contains("ranking"))
    for (const auto& p : res["ranking"]) {
      std::string name = p.get<std::string>();
      int place = res.contains("places") && res["places"].contains(name) ? res["places"][name].get<int>() : 0;
      rank += (rank.empty() ? "" : "  ") + std::to_string(place) + ". " + name + " " +
              local_signed(points_at(score["totals"], name).value_or(Amount{}));
    }
  out.line((score.value("finished", false) ? text::tr("sheet.alsos.result", "result: ")
                                           : text::tr("sheet.alsos.standing", "standing: ")) +
               rank,
           "result");
  if (res.contains("settlement") && !res["settlement"].empty()) {
    std::string pay = stake ? text::tr("sheet.alsos.settlement.money", "settlement (money):")
                            : text::tr("sheet.alsos.settlement.points", "settlement (game points):");
    for (const auto& s : res["settlement"]) {
      const Amount points = points_at(s, "amount").value_or(Amount{});
      const Amount amount = stake ? *stake * points.whole_part() : points;
      pay += " " +
             text::tr("sheet.pays", "{from} pays {to} {amount}",
                      text::Message()
                          .text("from", s["from"].get<std::string>())
                          .text("to", s["to"].get<std::string>())
                          .text("amount", local(amount))) +
             ";";
    }
    pay.pop_back();
    out.line(pay, "settlement");
  }
}

}  // namespace

sheet::Sheet render_sheet(const json& game_file, const ojson& score) {
  std::vector<std::string> players;
  for (const auto& p : score["players"]) players.push_back(p.get<std::string>());
  std::optional<Amount> stake;
  const json meta = game_file.value("meta", json::object());
  if (meta.is_object() && meta.contains("stake")) stake = stake_of(meta["stake"]);

  sheet::Sheet out;
  out.title = text::tr("sheet.alsos.title", "Alsós");
  sheet_header(out, game_file, players, stake);

  sheet::Table& t = out.table("hands");
  t.columns = {{"#", true},
               {text::tr("sheet.col.dlr", "Dlr"), false},
               {text::tr("sheet.col.contract", "Contract"), false},
               {text::tr("sheet.alsos.col.items", "Announcements / items (value -> side)"), false}};
  for (const auto& p : players) t.columns.push_back({p, true});
  t.columns.push_back({"Σ", true});
  t.rule();

  std::vector<Amount> totals(players.size());
  carried_row(t, game_file, players, totals);
  const json no_hands = json::array();
  const json& records = game_file.contains("hands") && game_file["hands"].is_array() ? game_file["hands"] : no_hands;
  for (const auto& h : score["hands"]) hand_rows(t, h, records, players, totals);
  sheet_footer(out, t, score, players, stake);
  out.chart = common::running_totals(score, 1);
  return out;
}

}  // namespace marque::rules::alsos
