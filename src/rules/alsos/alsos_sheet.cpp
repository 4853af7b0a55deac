// Alsós paper sheet (spec alsos §7): one row per deal with the contract, the items and the signed deltas, a
// running-total row under it, a zero check, and a footer with totals, ranks and the settlement.
#include "reports/text_table.hpp"
#include "rules/alsos/alsos_game.hpp"

namespace marque::rules::alsos {

using reports::format_number;
using reports::format_signed;
using reports::TextTable;

std::string render_sheet(const json& game_file, const ojson& score) {
  std::vector<std::string> players;
  for (const auto& p : score["players"]) players.push_back(p.get<std::string>());
  const std::size_t n = players.size();
  json options = json::object();
  if (game_file.contains("setup") && game_file["setup"].contains("options") && game_file["setup"]["options"].is_object())
    options = game_file["setup"]["options"];
  Diagnostics ignore;
  Options opt = options_from(resolve_options(options, option_table(), ignore));
  double stake = 0;
  const json meta = game_file.value("meta", json::object());
  if (meta.is_object() && meta.contains("stake") && meta["stake"].is_number()) stake = meta["stake"].get<double>();

  std::string out = "ALSÓS   players (playing order):";
  for (const auto& p : players) out += " " + p;
  if (stake > 0) out += "    stake: 1 game point = " + format_number(stake);
  out += "    session end: " + session_end_text(opt) + "\n";
  if (meta.is_object()) {
    std::string m;
    for (const char* k : {"date", "venue"})
      if (meta.contains(k) && meta[k].is_string() && !meta[k].get<std::string>().empty())
        m += (m.empty() ? "" : "   ") + meta[k].get<std::string>();
    if (!m.empty()) out += m + "\n";
  }

  TextTable t;
  std::vector<TextTable::Align> aligns = {TextTable::Align::right, TextTable::Align::left, TextTable::Align::left,
                                          TextTable::Align::left};
  for (std::size_t i = 0; i < n; ++i) aligns.push_back(TextTable::Align::right);
  aligns.push_back(TextTable::Align::right);
  t.columns(aligns);
  std::vector<std::string> head = {"#", "Dlr", "Contract", "Announcements / items (value -> side)"};
  for (const auto& p : players) head.push_back(p);
  head.push_back("Σ");
  t.row(head);
  t.rule();

  std::vector<double> totals(n, 0);
  // setup.start: the sheet begins with the carried-over totals
  if (game_file.contains("setup") && game_file["setup"].contains("start") && game_file["setup"]["start"].is_object() &&
      game_file["setup"]["start"].contains("totals")) {
    const json& st = game_file["setup"]["start"]["totals"];
    std::vector<std::string> row = {"", "", "carried over", ""};
    for (std::size_t i = 0; i < n; ++i) {
      if (st.contains(players[i]) && st[players[i]].is_number()) totals[i] = st[players[i]].get<double>();
      row.push_back(format_signed(totals[i]));
    }
    row.push_back("");
    t.row(row);
  }
  const json no_hands = json::array();
  const json& records = game_file.contains("hands") && game_file["hands"].is_array() ? game_file["hands"] : no_hands;
  for (const auto& h : score["hands"]) {
    // the hand number as written on the paper sheet (continues a resumed sheet), else the record's seq
    std::size_t seq = h.value("seq", std::size_t{0});
    std::string number = std::to_string(seq);
    if (seq >= 1 && seq <= records.size() && records[seq - 1].contains("hand") && records[seq - 1]["hand"].is_number_integer())
      number = std::to_string(records[seq - 1]["hand"].get<long long>());
    const ojson& bd = h.contains("breakdown") ? h["breakdown"] : ojson::object();
    std::string dealer = h.value("dealer", std::string());
    std::string sits = bd.contains("sitting_out") && bd["sitting_out"].is_string() ? bd["sitting_out"].get<std::string>() : "";
    std::string items;
    if (bd.contains("labels"))
      for (const auto& l : bd["labels"]) items += (items.empty() ? "" : "; ") + l.get<std::string>();
    std::vector<std::string> row = {number, dealer, bd.value("contract_code", std::string()), items};
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
      double v = h["deltas"].contains(players[i]) ? h["deltas"][players[i]].get<double>() : 0.0;
      totals[i] = h["totals"].contains(players[i]) ? h["totals"][players[i]].get<double>() : totals[i] + v;
      sum += v;
      row.push_back(format_signed(v) + (players[i] == sits ? "*" : ""));
    }
    row.push_back(format_number(sum));
    t.row(row);
    std::vector<std::string> run = {"", "", "", "running"};
    for (std::size_t i = 0; i < n; ++i) run.push_back(format_signed(totals[i]));
    run.push_back("");
    t.row(run);
  }
  t.rule();
  std::vector<std::string> tot = {"", "", "", "totals"};
  double sum = 0;
  for (std::size_t i = 0; i < n; ++i) {
    double v = score["totals"].contains(players[i]) ? score["totals"][players[i]].get<double>() : 0.0;
    sum += v;
    tot.push_back(format_signed(v));
  }
  tot.push_back(format_number(sum));
  t.row(tot);
  out += t.render();
  if (n == 4) out += "* = dealer, sat out (pays and receives as a defender)\n";

  const ojson& res = score.contains("result") ? score["result"] : ojson::object();
  std::string rank;
  if (res.contains("ranking"))
    for (const auto& p : res["ranking"]) {
      std::string name = p.get<std::string>();
      int place = res.contains("places") && res["places"].contains(name) ? res["places"][name].get<int>() : 0;
      rank += (rank.empty() ? "" : "  ") + std::to_string(place) + ". " + name + " " + format_signed(score["totals"].value(name, 0.0));
    }
  out += std::string(score.value("finished", false) ? "result: " : "standing: ") + rank + "\n";
  if (res.contains("settlement") && !res["settlement"].empty()) {
    out += "settlement" + std::string(stake > 0 ? " (money)" : " (game points)") + ":";
    for (const auto& s : res["settlement"]) {
      double amount = s["amount"].get<double>() * (stake > 0 ? stake : 1.0);
      out += " " + s["from"].get<std::string>() + " pays " + s["to"].get<std::string>() + " " + format_number(amount) + ";";
    }
    out.pop_back();
    out += "\n";
  }
  return out;
}

}  // namespace marque::rules::alsos
