// Piquet score card (spec piquet §7): one line per deal with each player's deal score, running totals,
// the category detail of combination entries, then the Rubicon adjustment / classic game line.
#include "core/language.hpp"
#include "core/text.hpp"
#include "rules/common/sheet.hpp"
#include "rules/piquet/piquet.hpp"

namespace marque::rules::piquet {

namespace {

long long num(const ojson& o, const std::string& key) {
  return o.contains(key) && o[key].is_number() ? o[key].get<long long>() : 0;
}

// a whole number as the reader writes it
std::string n(long long v) { return common::local(static_cast<int64_t>(v)); }

// "pt 5, seq 4, play 9, cards 10 = 28"
std::string player_detail(const ojson& pr) {
  const std::array<std::pair<const char*, std::string>, 8> parts = {
      {{"carte_blanche", "blanche"},
       {"point", text::tr("sheet.piquet.part.point", "pt")},
       {"sequences", text::tr("sheet.piquet.part.sequences", "seq")},
       {"sets", text::tr("sheet.piquet.part.sets", "sets")},
       {"repique", "repique"},
       {"play", text::tr("sheet.piquet.part.play", "play")},
       {"pique", "pique"},
       {"cards", text::tr("sheet.piquet.part.cards", "cards")}}};
  std::string s;
  for (const auto& [key, label] : parts) {
    long long v = num(pr, key);
    if (v) s += (s.empty() ? "" : ", ") + label + " " + n(v);
  }
  if (pr.contains("reckons_nothing"))
    s += (s.empty() ? "" : ", ") + text::tr("sheet.piquet.reckons_nothing", "reckons nothing");
  return (s.empty() ? std::string("0") : s) + " = " + n(num(pr, "total"));
}

std::string deal_detail(const ojson& b, const std::vector<std::string>& players,
                        const std::vector<std::string>& label) {
  if (!b.is_object()) return "";
  std::string entry = b.value("entry", std::string());
  if (entry == "redeal")
    return text::tr("sheet.piquet.redeal", "redeal") +
           (b.contains("reason") ? " (" + b["reason"].get<std::string>() + ")" : std::string());
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
    if (b.contains("concession")) flags.push_back(text::tr("sheet.piquet.conceded", "CONCEDED"));
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
      t.row({"", text::tr("sheet.piquet.brought_forward", "brought forward"), "", "", n(start0), n(start1), ""},
            "carried");
  }
  const ojson no_hands = ojson::array();
  const ojson& hands = score.contains("hands") ? score["hands"] : no_hands;
  for (size_t i = 0; i < hands.size(); ++i) {
    const ojson& h = hands[i];
    const ojson& b = h.value("breakdown", ojson::object());
    long long d0 = num(h["deltas"], players[0]), d1 = num(h["deltas"], players[1]);
    bool redeal = b.value("entry", std::string()) == "redeal";
    std::string detail = deal_detail(b, players, label);
    if (b.contains("game_winner")) {
      std::string w = b["game_winner"].get<std::string>();
      std::string where = b.value("target_reached_in", std::string("totals"));
      detail += (detail.empty() ? "" : "  ") + std::string("-> ") + w + " " + n(num(h["totals"], w)) +
                (where == "totals"
                     ? std::string("")
                     : text::tr("sheet.piquet.reached_in", " in {where}", text::Message().text("where", where)));
    }
    std::string dealer = h.value("dealer", std::string());
    // the hand's number as every command uses it; the deal of the partie when a redeal made them differ
    const std::string no = common::hand_number(h, i);
    if (!redeal && std::to_string(num(b, "deal")) != no)
      detail = text::tr("sheet.piquet.deal_no", "deal {n}", text::Message().number("n", num(b, "deal"))) +
               (detail.empty() ? "" : "  ") + detail;
    t.row({no,
           dealer == players[0]   ? label[0]
           : dealer == players[1] ? label[1]
                                  : dealer,
           redeal ? "-" : n(d0), redeal ? "-" : n(d1), n(num(h["totals"], players[0])), n(num(h["totals"], players[1])),
           detail},
          redeal ? "" : "hand");
  }
}

// The Rubicon adjustment, the partie's points and the session settlement (spec piquet §5.3, §5.4, §7).
void rubicon_lines(sheet::Sheet& out, const ojson& score, const json& setup, const Options& opts,
                   const std::vector<std::string>& players, long long tot0, long long tot1) {
  const ojson& result = score.value("result", ojson::object());
  long long gs = num(result, "game_score");
  if (!score.value("finished", false)) {
    out.line(text::tr("sheet.piquet.rubicon.in_progress", "in progress: deal {deal} of {deals}; if it ended now: {now}",
                      text::Message()
                          .number("deal", num(result, "deals"))
                          .number("deals", num(result, "scheduled_deals"))
                          .text("now", result.value("leader", ojson()).is_null()
                                           ? text::tr("sheet.piquet.a_tie", "a tie")
                                           : result["leader"].get<std::string>() + " +" + n(gs) +
                                                 (result.value("rubiconed", false) ? " (rubicon)" : ""))),
             "result");
    return;
  }
  if (result.value("drawn", false)) {
    out.line(text::tr("sheet.piquet.drawn", "partie drawn after {n} deals (equal totals twice): 0 – 0",
                      text::Message().number("n", num(result, "deals"))),
             "result");
    return;
  }
  std::string w = result["winner"].get<std::string>();
  std::string l = w == players[0] ? players[1] : players[0];
  long long tw = w == players[0] ? tot0 : tot1, tl = w == players[0] ? tot1 : tot0;
  if (result.value("rubiconed", false))
    out.line(text::tr("sheet.piquet.rubiconed", "{loser} rubiconed: +{sum}  ({points} + 100) added to {winner_points}",
                      text::Message()
                          .text("loser", l)
                          .text("sum", n(tl + 100))
                          .text("points", n(tl))
                          .text("winner_points", n(tw))),
             "result");
  else
    out.line(text::tr("sheet.piquet.crossed",
                      "{loser} crossed the Rubicon: -{diff}  ({points} - 100) taken from {winner_points}",
                      text::Message()
                          .text("loser", l)
                          .text("diff", n(tl - 100))
                          .text("points", n(tl))
                          .text("winner_points", n(tw))),
             "result");
  out.line(text::tr("sheet.piquet.partie", "partie: {winner} wins {n}   {winner} +{n}  {loser} -{n}",
                    text::Message().text("winner", w).text("loser", l).text("n", n(gs))),
           "result");
  if (opts.stake_rounding != "none" || setup.contains("start")) {
    const ojson& st = result.value("settlement", ojson::object());
    out.line(text::tr("sheet.piquet.settlement",
                      "session settlement ({rounding}): ", text::Message().text("rounding", opts.stake_rounding)) +
                 players[0] + " " + common::local_signed(Amount::whole(num(st, players[0]))) + "  " + players[1] + " " +
                 common::local_signed(Amount::whole(num(st, players[1]))),
             "settlement");
  }
}

// The classic game's line: who won, in which category, and the match (spec piquet §5.2, §7).
void classic_line(sheet::Sheet& out, const ojson& score, const Options& opts, const std::vector<std::string>& players,
                  long long tot0, long long tot1) {
  const ojson& result = score.value("result", ojson::object());
  const ojson& won = result.value("games_won", ojson::object());
  std::string tally = text::tr("sheet.piquet.games_won", "games won: ") + players[0] + " " + n(num(won, players[0])) +
                      ", " + players[1] + " " + n(num(won, players[1]));
  if (!score.value("finished", false)) {
    out.line(text::tr("sheet.piquet.classic.in_progress", "in progress: {totals} (target {target}); {tally}",
                      text::Message()
                          .text("totals", players[0] + " " + n(tot0) + ", " + players[1] + " " + n(tot1))
                          .text("target", n(opts.target))
                          .text("tally", tally)),
             "result");
    return;
  }
  std::string w = result["winner"].get<std::string>();
  long long tw = w == players[0] ? tot0 : tot1, tl = w == players[0] ? tot1 : tot0;
  std::string line = text::tr("sheet.piquet.wins_game",
                              "{winner} wins the game {points} to {other} (target {target} reached in {where})",
                              text::Message()
                                  .text("winner", w)
                                  .text("points", n(tw))
                                  .text("other", n(tl))
                                  .text("target", n(opts.target))
                                  .text("where", result.value("reached_in", std::string("play"))));
  if (num(result, "game_value") == 2) line += text::tr("sheet.piquet.counting_2", ", counting 2 (loser under 50)");
  line += "; " + tally;
  if (!result.value("match_winner", ojson()).is_null())
    line += text::tr("sheet.piquet.wins_match", "; {winner} wins the match",
                     text::Message().text("winner", result["match_winner"].get<std::string>()));
  else
    line += text::tr("sheet.piquet.match_goes_on",
                     "; the match goes on (start the next game with its own first dealer)");
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
  out.title = text::tr("sheet.piquet.title", "Piquet");
  if (rubicon)
    out.line(
        text::tr("sheet.piquet.rubicon.heading", "PIQUET — Rubicon partie ({deals})   ",
                 text::Message().text("deals", opts.four_doubled ? text::tr("sheet.piquet.four_doubled",
                                                                            "4 deals, first and last doubled")
                                                                 : text::tr("sheet.piquet.six_deals", "6 deals"))) +
        l.legend);
  else
    out.line(text::tr("sheet.piquet.classic.heading", "PIQUET — classic game to {target} (match {match})   ",
                      text::Message()
                          .text("target", n(opts.target))
                          // the option's value: its id in English (as the sheet has always printed it), else its label
                          .text("match", text::language() == "en" ? opts.match : labels().value("match", opts.match))) +
             l.legend);
  sheet::Table& t = out.table("hands");
  const std::string cum = text::tr("sheet.piquet.col.cum", "cum");
  t.columns = {{text::tr("sheet.piquet.col.deal", "deal"), true},
               {text::tr("sheet.piquet.col.dealer", "dealer"), false},
               {l.label[0], true},
               {l.label[1], true},
               {"(" + l.label[0] + " " + cum + ")", true},
               {"(" + l.label[1] + " " + cum + ")", true},
               {text::tr("sheet.piquet.col.detail", "detail"), false}};
  t.rule();
  hand_rows(t, setup, score, players, l.label);
  t.rule();
  long long tot0 = num(score.value("totals", ojson::object()), players[0]);
  long long tot1 = num(score.value("totals", ojson::object()), players[1]);
  t.row({"", text::tr("sheet.piquet.total", "total"), n(tot0), n(tot1), "", "", ""}, "total");
  if (rubicon)
    rubicon_lines(out, score, setup, opts, players, tot0, tot1);
  else
    classic_line(out, score, opts, players, tot0, tot1);
  out.chart = common::running_totals(score, 1);
  if (rubicon)
    out.levels.push_back({100.0, "rubicon 100"});
  else
    out.levels.push_back(
        {Amount::whole(opts.target).value(),
         text::tr("sheet.level.target", "target {target}", text::Message().text("target", n(opts.target)))});
  return out;
}

}  // namespace marque::rules::piquet
