// Piquet score card (spec piquet §7): one line per deal with each player's deal score, running totals,
// the category detail of combination entries, then the Rubicon adjustment / classic game line.
#include "core/text.hpp"
#include "rules/common/sheet.hpp"
#include "rules/piquet/piquet.hpp"

namespace marque::rules::piquet {

namespace {

long long num(const ojson& o, const std::string& key) {
  return o.contains(key) && o[key].is_number() ? o[key].get<long long>() : 0;
}

// "pt 5, seq 4, play 9, cards 10 = 28"
std::string player_detail(const ojson& pr) {
  static constexpr std::array<std::pair<const char*, const char*>, 8> k_parts = {{{"carte_blanche", "blanche"},
                                                                                  {"point", "pt"},
                                                                                  {"sequences", "seq"},
                                                                                  {"sets", "sets"},
                                                                                  {"repique", "repique"},
                                                                                  {"play", "play"},
                                                                                  {"pique", "pique"},
                                                                                  {"cards", "cards"}}};
  std::string s;
  for (const auto& [key, label] : k_parts) {
    long long v = num(pr, key);
    if (v) s += (s.empty() ? "" : ", ") + std::string(label) + " " + std::to_string(v);
  }
  if (pr.contains("reckons_nothing")) s += (s.empty() ? "" : ", ") + std::string("reckons nothing");
  return (s.empty() ? std::string("0") : s) + " = " + std::to_string(num(pr, "total"));
}

std::string deal_detail(const ojson& b, const std::vector<std::string>& players,
                        const std::vector<std::string>& label) {
  if (!b.is_object()) return "";
  std::string entry = b.value("entry", std::string());
  if (entry == "redeal")
    return "redeal" + (b.contains("reason") ? " (" + b["reason"].get<std::string>() + ")" : std::string());
  std::string s;
  if (entry == "detail") {
    for (size_t i = 0; i < players.size(); ++i)
      if (b.contains(players[i])) s += (s.empty() ? "" : " | ") + label[i] + ": " + player_detail(b[players[i]]);
    std::vector<std::string> flags;
    for (const auto& p : players)
      if (b.contains(p) && num(b[p], "carte_blanche")) flags.push_back("BLANCHE");
    if (!b.value("repique_by", ojson()).is_null()) flags.push_back("REPIQUE");
    if (b.value("pique", false)) flags.push_back("PIQUE");
    if (!b.value("capot_by", ojson()).is_null()) flags.push_back("CAPOT");
    if (b.contains("concession")) flags.push_back("CONCEDED");
    for (const auto& f : flags) s += "  " + f;
  }
  if (b.contains("weight")) s += (s.empty() ? "" : "  ") + std::string("x") + std::to_string(num(b, "weight"));
  return s;
}

// First UTF-8 character of every word: "Étienne Roux" -> "ÉR".
std::string initials(const std::string& name) {
  std::string out;
  bool start = true;
  for (size_t i = 0; i < name.size();) {
    unsigned char c = static_cast<unsigned char>(name[i]);
    size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
    if (c == ' ') {
      start = true;
    } else if (start) {
      out += name.substr(i, len);
      start = false;
    }
    i += len;
  }
  return out.empty() ? name : out;
}

// The players' column labels (initials; full names when the initials clash) and the legend of the header.
struct Labels {
  std::vector<std::string> label;
  std::string legend;
};

Labels labels_of(const std::vector<std::string>& players) {
  Labels l;
  l.label = {initials(players[0]), initials(players[1])};
  if (l.label[0] == l.label[1]) l.label = players;
  l.legend = l.label[0] == players[0] && l.label[1] == players[1]
                 ? players[0] + " v " + players[1]
                 : l.label[0] + " = " + players[0] + "   " + l.label[1] + " = " + players[1];
  return l;
}

// One line per deal: the deal scores, the running totals, the detail (spec piquet §7).
void hand_rows(sheet::Table& t, const json& setup, const ojson& score, const std::vector<std::string>& players,
               const std::vector<std::string>& label) {
  if (setup.contains("start") && setup["start"].is_object() && setup["start"].contains("totals")) {
    const json& st = setup["start"]["totals"];
    long long start0 = st.value(players[0], 0LL), start1 = st.value(players[1], 0LL);
    if (start0 || start1)
      t.row({"", "brought forward", "", "", std::to_string(start0), std::to_string(start1), ""}, "carried");
  }
  const ojson hands = score.value("hands", ojson::array());
  for (size_t i = 0; i < hands.size(); ++i) {
    const ojson& h = hands[i];
    const ojson& b = h.value("breakdown", ojson::object());
    long long d0 = num(h["deltas"], players[0]), d1 = num(h["deltas"], players[1]);
    bool redeal = b.value("entry", std::string()) == "redeal";
    std::string detail = deal_detail(b, players, label);
    if (b.contains("game_winner")) {
      std::string w = b["game_winner"].get<std::string>();
      std::string where = b.value("target_reached_in", std::string("totals"));
      detail += (detail.empty() ? "" : "  ") + std::string("-> ") + w + " " + std::to_string(num(h["totals"], w)) +
                (where == "totals" ? std::string("") : " in " + where);
    }
    std::string dealer = h.value("dealer", std::string());
    // the hand's number as every command uses it; the deal of the partie when a redeal made them differ
    const std::string no = common::hand_number(h, i);
    if (!redeal && std::to_string(num(b, "deal")) != no)
      detail = "deal " + std::to_string(num(b, "deal")) + (detail.empty() ? "" : "  ") + detail;
    t.row({no,
           dealer == players[0]   ? label[0]
           : dealer == players[1] ? label[1]
                                  : dealer,
           redeal ? "-" : std::to_string(d0), redeal ? "-" : std::to_string(d1),
           std::to_string(num(h["totals"], players[0])), std::to_string(num(h["totals"], players[1])), detail},
          redeal ? "" : "hand");
  }
}

// The Rubicon adjustment, the partie's points and the session settlement (spec piquet §5.3, §5.4, §7).
void rubicon_lines(sheet::Sheet& out, const ojson& score, const json& setup, const Options& opts,
                   const std::vector<std::string>& players, long long tot0, long long tot1) {
  const ojson& result = score.value("result", ojson::object());
  long long gs = num(result, "game_score");
  if (!score.value("finished", false)) {
    out.line("in progress: deal " + std::to_string(num(result, "deals")) + " of " +
                 std::to_string(num(result, "scheduled_deals")) + "; if it ended now: " +
                 (result.value("leader", ojson()).is_null()
                      ? std::string("a tie")
                      : result["leader"].get<std::string>() + " +" + std::to_string(gs) +
                            (result.value("rubiconed", false) ? " (rubicon)" : "")),
             "result");
    return;
  }
  if (result.value("drawn", false)) {
    out.line("partie drawn after " + std::to_string(num(result, "deals")) + " deals (equal totals twice): 0 – 0",
             "result");
    return;
  }
  std::string w = result["winner"].get<std::string>();
  std::string l = w == players[0] ? players[1] : players[0];
  long long tw = w == players[0] ? tot0 : tot1, tl = w == players[0] ? tot1 : tot0;
  if (result.value("rubiconed", false))
    out.line(l + " rubiconed: +" + std::to_string(tl + 100) + "  (" + std::to_string(tl) + " + 100) added to " +
                 std::to_string(tw),
             "result");
  else
    out.line(l + " crossed the Rubicon: -" + std::to_string(tl - 100) + "  (" + std::to_string(tl) +
                 " - 100) taken from " + std::to_string(tw),
             "result");
  out.line("partie: " + w + " wins " + std::to_string(gs) + "   " + w + " +" + std::to_string(gs) + "  " + l + " -" +
               std::to_string(gs),
           "result");
  if (opts.stake_rounding != "none" || setup.contains("start")) {
    const ojson& st = result.value("settlement", ojson::object());
    out.line("session settlement (" + opts.stake_rounding + "): " + players[0] + " " +
                 text::format_signed(Amount::whole(num(st, players[0]))) + "  " + players[1] + " " +
                 text::format_signed(Amount::whole(num(st, players[1]))),
             "settlement");
  }
}

// The classic game's line: who won, in which category, and the match (spec piquet §5.2, §7).
void classic_line(sheet::Sheet& out, const ojson& score, const Options& opts, const std::vector<std::string>& players,
                  long long tot0, long long tot1) {
  const ojson& result = score.value("result", ojson::object());
  const ojson& won = result.value("games_won", ojson::object());
  std::string tally = "games won: " + players[0] + " " + std::to_string(num(won, players[0])) + ", " + players[1] +
                      " " + std::to_string(num(won, players[1]));
  if (!score.value("finished", false)) {
    out.line("in progress: " + players[0] + " " + std::to_string(tot0) + ", " + players[1] + " " +
                 std::to_string(tot1) + " (target " + std::to_string(opts.target) + "); " + tally,
             "result");
    return;
  }
  std::string w = result["winner"].get<std::string>();
  long long tw = w == players[0] ? tot0 : tot1, tl = w == players[0] ? tot1 : tot0;
  std::string line = w + " wins the game " + std::to_string(tw) + " to " + std::to_string(tl) + " (target " +
                     std::to_string(opts.target) + " reached in " + result.value("reached_in", std::string("play")) +
                     ")";
  if (num(result, "game_value") == 2) line += ", counting 2 (loser under 50)";
  line += "; " + tally;
  if (!result.value("match_winner", ojson()).is_null())
    line += "; " + result["match_winner"].get<std::string>() + " wins the match";
  else
    line += "; the match goes on (start the next game with its own first dealer)";
  out.line(line, "result");
}

}  // namespace

sheet::Sheet render_sheet(const json& game_file, const ojson& score) {
  std::vector<std::string> players;
  for (const auto& p : score.value("players", ojson::array())) players.push_back(p.get<std::string>());
  if (players.size() != 2) return {};
  const bool rubicon = score.value("result", ojson::object()).value("mode", std::string("classic")) == "rubicon";
  const json& setup = game_file.value("setup", json::object());
  json options = game_file.contains("setup") && game_file["setup"].contains("options") ? game_file["setup"]["options"]
                                                                                       : json::object();
  Options opts = options_from(options.is_object() ? options : json::object());
  // spec piquet §7: columns headed with the players' initials (full names when the initials clash)
  const Labels l = labels_of(players);
  sheet::Sheet out;
  out.title = "Piquet";
  if (rubicon)
    out.line("PIQUET — Rubicon partie (" +
             std::string(opts.four_doubled ? "4 deals, first and last doubled" : "6 deals") + ")   " + l.legend);
  else
    out.line("PIQUET — classic game to " + std::to_string(opts.target) + " (match " + opts.match + ")   " + l.legend);
  sheet::Table& t = out.table("hands");
  t.columns = {{"deal", true},
               {"dealer", false},
               {l.label[0], true},
               {l.label[1], true},
               {"(" + l.label[0] + " cum)", true},
               {"(" + l.label[1] + " cum)", true},
               {"detail", false}};
  t.rule();
  hand_rows(t, setup, score, players, l.label);
  t.rule();
  long long tot0 = num(score.value("totals", ojson::object()), players[0]);
  long long tot1 = num(score.value("totals", ojson::object()), players[1]);
  t.row({"", "total", std::to_string(tot0), std::to_string(tot1), "", "", ""}, "total");
  if (rubicon)
    rubicon_lines(out, score, setup, opts, players, tot0, tot1);
  else
    classic_line(out, score, opts, players, tot0, tot1);
  out.chart = common::running_totals(score, 1);
  if (rubicon)
    out.levels.push_back({100.0, "rubicon 100"});
  else
    out.levels.push_back({Amount::whole(opts.target).value(), "target " + std::to_string(opts.target)});
  return out;
}

}  // namespace marque::rules::piquet
