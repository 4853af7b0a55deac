// The traditional Nous / Eux score sheet (spec coinche §7): one line per hand with the dealer, the contract
// (value, trump symbol, bidder seat, C / SC marks), the result (made / dedans, capot, belote, announcements),
// then per team the hand score and the running total; redeals as "-" lines; the winner (or draw) last.
#include "core/language.hpp"
#include "core/text.hpp"
#include "rules/coinche/coinche.hpp"
#include "rules/common/sheet.hpp"

namespace marque::rules::coinche {

namespace {

std::string num(const ojson& j, const char* key) {
  const std::optional<Amount> a = j.is_object() && j.contains(key) ? amount_of(j[key], 1) : std::nullopt;
  return a ? common::local(*a) : "";
}

std::string str(const json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : "";
}

std::string symbol(const std::string& suit) {
  int s = suit_index(suit);
  return s < 0 ? suit : std::string(k_suit_symbols[static_cast<size_t>(s)]);
}

}  // namespace

sheet::Sheet render_sheet(const json& game_file, const ojson& score) {
  const json& setup = game_file.value("setup", json::object());
  const json seats = setup.value("seats", json::object());
  const json options = setup.value("options", json::object());
  const std::string nous = setup.value("nous", json("NS")) == "EW" ? "EW" : "NS";
  const std::string eux = nous == "NS" ? "EW" : "NS";
  auto name = [&](const char* seat) { return str(seats, seat); };
  auto team_label = [&](const std::string& t) {
    return t == "NS" ? "N/S (" + name("N") + " & " + name("S") + ")" : "E/W (" + name("E") + " & " + name("W") + ")";
  };
  const int64_t target_score = options.contains("target_score")
                                   ? common::whole_in(options["target_score"], INT64_MIN, INT64_MAX).value_or(3000)
                                   : 3000;
  const std::string target = options.contains("target_score") && !options["target_score"].is_number_integer()
                                 ? options["target_score"].dump()
                                 : common::local(target_score);
  const std::string nous_word = text::tr("sheet.coinche.nous", "NOUS"), eux_word = text::tr("sheet.coinche.eux", "EUX");
  sheet::Sheet out;
  out.title = "Coinche";
  out.line(
      text::tr("sheet.coinche.heading", "Coinche - target {target} - Nous = {nous}, Eux = {eux}",
               text::Message().text("target", target).text("nous", team_label(nous)).text("eux", team_label(eux))));
  out.line("");

  sheet::Table& t = out.table("hands");
  const std::string hand_word = text::tr("sheet.coinche.col.hand", "hand"),
                    total_word = text::tr("sheet.coinche.col.total", "total");
  t.columns = {{"#", true},
               {text::tr("sheet.col.dealer", "Dealer"), false},
               {text::tr("sheet.col.contract", "Contract"), false},
               {text::tr("sheet.col.result", "Result"), false},
               {nous_word + " " + hand_word, true},
               {nous_word + " " + total_word, true},
               {"|", false},
               {eux_word + " " + hand_word, true},
               {eux_word + " " + total_word, true}};
  t.bar_after = 3;
  t.underline = '=';
  t.rule();
  const json st = setup.value("starting_totals", json::object());
  if (st.is_object() && !st.empty()) {
    auto v = [&](const std::string& team) {
      return st.contains(team) ? common::local(amount_of(st[team], 1).value_or(Amount{})) : "0";
    };
    t.row({"", "", text::tr("sheet.resumed", "(resumed sheet)"), "", "", v(nous), "|", "", v(eux)}, "carried");
  }
  const json no_records = json::array();
  const json& records = game_file.contains("hands") ? game_file["hands"] : no_records;
  const ojson& hands = score["hands"];
  const json none = json::object();
  for (size_t i = 0; i < hands.size(); ++i) {
    const ojson& h = hands[i];
    const ojson& b = h["breakdown"];
    const json& rec = i < records.size() ? records[i] : none;
    std::string dealer = b.contains("dealer") ? b["dealer"].get<std::string>() : "";
    if (b.contains("redeal") && b["redeal"].is_string()) {
      std::string what = b["redeal"] == "misdeal" ? text::tr("sheet.coinche.misdeal", "(misdeal - redeal)")
                                                  : text::tr("sheet.coinche.all_pass", "(all pass - redeal)");
      t.row({common::hand_number(h, i), dealer, what, "", "", num(h["team_totals"], nous.c_str()), "|", "",
             num(h["team_totals"], eux.c_str())},
            "");
      continue;
    }
    std::string contract = b["contract"].get<std::string>();
    std::string trump = symbol(b["trump"].get<std::string>());
    std::string c = contract == "points"  ? std::to_string(b["value"].get<int>()) + trump
                    : contract == "capot" ? "capot" + trump
                                          : "générale" + trump;
    c = text::pad_right(c, 5) + " " + b["bidder"].get<std::string>();
    int coinche = b["coinche"].get<int>();
    if (coinche == 1) c += "  C (x2)";
    if (coinche == 2) c += "  SC (x" + std::to_string(b["multiplier"].get<int>()) + ")";
    std::string result = b["made"].get<bool>() ? text::tr("sheet.coinche.made", "made")
                                               : text::tr("sheet.coinche.dedans", "dedans");
    if (b["capot"].is_string()) result += ", capot " + b["capot"].get<std::string>();
    if (rec.contains("belote") && rec["belote"].is_string()) result += ", belote " + rec["belote"].get<std::string>();
    if (b["best_announcement"].is_string()) {
      std::string team = b["best_announcement"].get<std::string>();
      std::string v = num(b["announcements"], team.c_str());
      if (v != "0") result += text::tr("sheet.coinche.ann", ", ann. ") + team + " " + v;
    }
    t.row({common::hand_number(h, i), dealer, c, result, num(h["team_deltas"], nous.c_str()),
           num(h["team_totals"], nous.c_str()), "|", num(h["team_deltas"], eux.c_str()),
           num(h["team_totals"], eux.c_str())});
  }

  const ojson tt = score.value("team_totals", ojson::object());
  std::string totals = nous_word + " " + num(tt, nous.c_str()) + " - " + eux_word + " " + num(tt, eux.c_str());
  const ojson res = score.value("result", ojson::object());
  if (score.value("finished", false)) {
    std::string w = res.value("winner", ojson("")).is_string() ? res["winner"].get<std::string>() : "";
    if (w == "draw")
      out.line(text::tr("sheet.coinche.draw", "Draw: {totals}", text::Message().text("totals", totals)), "result");
    else
      out.line(
          text::tr(
              "sheet.coinche.winner", "Winner: {team} ({seats}) - {totals}",
              text::Message().text("team", w == nous ? nous_word : eux_word).text("seats", w).text("totals", totals)),
          "result");
  } else {
    std::string next = score.value("next_dealer", ojson("")).get<std::string>();
    std::string next_seat = score.value("next_dealer_seat", ojson("")).is_string()
                                ? score.value("next_dealer_seat", std::string())
                                : "";
    out.line(text::tr("sheet.coinche.in_progress", "In progress: {totals}", text::Message().text("totals", totals)) +
                 (next.empty() ? ""
                               : text::tr("sheet.coinche.next_dealer", " - next dealer {seat} ({name})",
                                          text::Message().text("seat", next_seat).text("name", next))),
             "result");
  }
  out.chart = common::running_totals(score, 1);
  for (auto& series : out.chart)  // the sheet's names: "NOUS (NS)", "EUX (EW)"
    if (series.name == nous || series.name == eux)
      series.name = (series.name == nous ? nous_word : eux_word) + " (" + series.name + ")";
  out.levels.push_back({Amount::whole(target_score).value(),
                        text::tr("sheet.level.target", "target {target}", text::Message().text("target", target))});
  return out;
}

}  // namespace marque::rules::coinche
