// Piquet, the game (spec piquet §5): the fold over deal records (a redeal, a totals entry or a detail entry read
// by piquet_hand.cpp and scored by piquet_score.cpp), the dealer rotation, the classic end and the Rubicon
// partie, and their results; a series of games (a classic match, a Rubicon session). All arithmetic is on integers.
#include <algorithm>

#include "rules/piquet/piquet.hpp"

namespace marque::rules::piquet {

PiquetGame::PiquetGame(std::vector<std::string> players, Options opts, int first_dealer)
    : m_players(std::move(players)), m_opts(std::move(opts)), m_dealer(first_dealer) {}

// resume state (set-up `start`)
void PiquetGame::resume(const Resume& r) {
  m_totals = {static_cast<int>(r.totals[0]), static_cast<int>(r.totals[1])};
  m_deals = r.deals;
  m_won_before = {static_cast<int>(r.won[0]), static_cast<int>(r.won[1])};
  m_balance_before = r.balance;
  m_extended = m_opts.mode == Mode::rubicon && r.deals >= base_deals() && m_totals[0] == m_totals[1];
}

std::unique_ptr<Game> make_game(std::vector<std::string> players, Options opts, int first_dealer, const Resume& r) {
  auto g = std::make_unique<PiquetGame>(std::move(players), std::move(opts), first_dealer);
  g->resume(r);
  return g;
}

DealContext PiquetGame::context() const {
  DealContext c{m_opts, m_players};
  c.dealer = m_dealer;
  c.totals = m_totals;
  c.deal_no = m_deals + 1;
  c.weight = weight_of(c.deal_no);
  c.last_deal = scheduled_deals();
  return c;
}

int PiquetGame::weight_of(int deal_no) const {
  // spec piquet §6 partie_deals = 4_doubled_ends: deals 1 and 4 count twice (extra tie deals once)
  if (m_opts.mode == Mode::rubicon && m_opts.four_doubled && (deal_no == 1 || deal_no == 4)) return 2;
  return 1;
}

ojson PiquetGame::by_player(int a, int b) const {
  ojson o = ojson::object();
  o[name(0)] = a;
  o[name(1)] = b;
  return o;
}

text::Message PiquetGame::end_message() const {
  text::Message m(m_opts.mode == Mode::classic ? "piquet.err.game_over_classic" : "piquet.err.game_over_partie");
  m.text("first", name(0)).number("first_total", m_totals[0]).text("second", name(1));
  m.number("second_total", m_totals[1]).number("deals", m_deals);
  if (m_opts.mode == Mode::classic) m.text("winner", name(m_winner));
  return m;
}

// spec piquet §3 V-D1
void PiquetGame::check_dealer(const json& rec, Diagnostics& d) const {
  if (!rec.contains("dealer") || rec["dealer"].is_null()) return;
  const json& v = rec["dealer"];
  if (!v.is_string() || (v != name(0) && v != name(1))) {
    err(d, "dealer", "piquet.dealer_unknown",
        text::Message("piquet.err.not_a_player").text("value", show(v)).text("first", name(0)).text("second", name(1)));
    return;
  }
  if (v == name(m_dealer)) return;
  int deal_no = m_deals + 1;
  const char* why = m_last_redeal ? "redeal" : m_recorded == 0 ? "first" : "alternate";
  err(d, "dealer", "piquet.dealer",
      text::Message("piquet.err.dealer")
          .text("player", v.get<std::string>())
          .text("why", why)
          .text("dealer", name(m_dealer))
          .text("other", name(1 - m_dealer))
          .number("deal", deal_no)
          .number("previous", deal_no - 1));
}

std::optional<HandResult> PiquetGame::play_hand(const json& rec, Diagnostics& diags) {
  Diagnostics d;
  auto out = play_inner(rec, d);
  diags.append(d);
  if (d.has_errors()) return std::nullopt;
  return out;
}

std::optional<HandResult> PiquetGame::play_inner(const json& rec, Diagnostics& d) {
  // spec piquet §3 V-G1: nothing after the end of the game / partie
  if (m_finished) {
    err(d, "entry", "piquet.game_over", end_message());
    return std::nullopt;
  }
  std::string entry = "detail";
  if (rec.contains("entry") && !rec["entry"].is_null()) {
    if (!rec["entry"].is_string() || (rec["entry"] != "detail" && rec["entry"] != "totals")) {
      err(d, "entry", "piquet.entry", text::Message("piquet.err.entry").text("value", show(rec["entry"])));
      return std::nullopt;
    }
    entry = rec["entry"].get<std::string>();
  }
  bool redeal = false;
  if (rec.contains("redeal") && !rec["redeal"].is_null()) {
    if (!rec["redeal"].is_boolean()) {
      err(d, "redeal", "piquet.redeal", text::Message("piquet.err.redeal").text("value", show(rec["redeal"])));
      return std::nullopt;
    }
    redeal = rec["redeal"].get<bool>();
  }
  check_dealer(rec, d);
  if (redeal) return play_redeal(rec, d);
  if (entry == "totals") return play_totals(rec, d);
  return play_detail(rec, d);
}

HandResult PiquetGame::hand_of(const std::array<int, 2>& deltas, ojson breakdown, int dealer) const {
  HandResult h;
  h.deltas = {Amount::whole(deltas[0]), Amount::whole(deltas[1])};
  h.totals = standing();
  h.breakdown = std::move(breakdown);
  h.tail["dealer"] = name(dealer);
  return h;
}

// spec piquet §2.6: a void deal, same dealer again, not counted
std::optional<HandResult> PiquetGame::play_redeal(const json& rec, Diagnostics& d) {
  for (auto it = rec.begin(); it != rec.end(); ++it) {
    const std::string& k = it.key();
    if (k == "redeal" || k == "reason" || k == "dealer" || k == "entry") continue;
    err(d, k, "piquet.redeal_scores", text::Message("piquet.err.redeal_scores").text("field", k));
  }
  if (rec.contains("reason") && !rec["reason"].is_null() && !rec["reason"].is_string())
    err(d, "reason", "piquet.reason", text::Message("piquet.err.reason"));
  if (d.has_errors()) return std::nullopt;
  ++m_recorded;
  m_last_redeal = true;
  ojson b = ojson::object();
  b["entry"] = "redeal";
  b["redeal"] = true;
  b["deal"] = m_deals + 1;
  b["dealer"] = name(m_dealer);
  if (rec.contains("reason") && rec["reason"].is_string()) b["reason"] = rec["reason"];
  return hand_of({0, 0}, std::move(b), m_dealer);
}

// spec piquet §5.2 after all of a deal's points are in: who (if anyone) won the classic game.
// Returns false on an error (game_winner missing).
bool PiquetGame::classic_after(const std::array<int, 2>& now, int game_winner, bool totals_entry, int& winner,
                               Diagnostics& d) const {
  bool a = now[0] >= m_opts.target, b = now[1] >= m_opts.target;
  winner = -1;
  bool required = false;
  if (a && !b) winner = 0;
  if (b && !a) winner = 1;
  if (a && b) {
    if (totals_entry || now[0] == now[1])
      required = true;
    else
      winner = now[0] > now[1] ? 0 : 1;
  }
  if (required) {
    if (game_winner < 0) {
      err(d, "game_winner", "piquet.game_winner_required",
          text::Message(totals_entry ? "piquet.err.game_winner_totals" : "piquet.err.game_winner_play")
              .number("target", m_opts.target)
              .text("first", name(0))
              .number("first_total", now[0])
              .text("second", name(1))
              .number("second_total", now[1]));
      return false;
    }
    winner = game_winner;
  } else if (game_winner >= 0) {
    warn(d, "game_winner", "piquet.game_winner_ignored",
         text::Message("piquet.warn.game_winner_unneeded")
             .text("name", name(game_winner))
             .text("entry", totals_entry ? "totals" : "detail"));
  }
  return true;
}

// spec piquet §2.5: totals entry
std::optional<HandResult> PiquetGame::play_totals(const json& rec, Diagnostics& d) {
  const DealContext c = context();
  std::array<int, 2> t = {0, 0};  // by player
  read_totals(rec, c, t, d);
  int gw = read_game_winner(rec, c, d);
  if (d.has_errors()) return std::nullopt;
  check_totals_entry(c, t, d);
  const int w = c.weight;
  std::array<int, 2> now = {m_totals[0] + w * t[0], m_totals[1] + w * t[1]};
  int winner = -1;
  if (m_opts.mode == Mode::classic) {
    if (!classic_after(now, gw, true, winner, d)) return std::nullopt;
  } else if (gw >= 0) {
    warn(d, "game_winner", "piquet.game_winner_ignored", text::Message("piquet.err.game_winner_classic"));
  }
  ojson b = ojson::object();
  b["entry"] = "totals";
  b["deal"] = c.deal_no;
  b["dealer"] = name(c.dealer);
  b["elder"] = name(1 - c.dealer);
  b["younger"] = name(c.dealer);
  for (int p = 0; p < 2; ++p) b[name(p)] = ojson{{"total", t[static_cast<size_t>(p)]}};
  if (w != 1) b["weight"] = w;
  commit(now, winner, winner >= 0 ? "totals" : "");
  if (winner >= 0) b["game_winner"] = name(winner);
  return hand_of({w * t[0], w * t[1]}, std::move(b), c.dealer);
}

// spec piquet §2.4: detail entry — read (stage 1), the declarations, stage 2, the play, the totals, the end
std::optional<HandResult> PiquetGame::play_detail(const json& rec, Diagnostics& d) {
  const DealContext c = context();
  const bool classic = m_opts.mode == Mode::classic;
  DetailRead r;
  read_detail(rec, c, r);
  const Declarations dc = score_declarations(r, c);
  keep_parts(rec, r, dc.ended, dc.classic_winner, c, d);
  const Detail& x = r.x;
  const std::vector<int> runs = check_play_points(x, m_opts, d);
  if (d.has_errors()) return std::nullopt;  // stage 2 runs only when stage 1 passed
  check_consistency(x, dc.cat, dc.ended, d);
  DealScore s = score_play(x, dc, runs, c, d);
  if (d.has_errors()) return std::nullopt;
  score_totals(x, dc, s, c, d);
  std::array<int, 2> now = m_totals, dp = {0, 0};
  for (int p = 0; p < 2; ++p) {
    dp[static_cast<size_t>(p)] = c.weight * s.total[c.role_of(p)];
    now[static_cast<size_t>(p)] += dp[static_cast<size_t>(p)];
  }
  int winner = dc.classic_winner;
  std::string reached_in;
  if (classic && dc.ended >= 0) {
    reached_in = k_decl_categories[static_cast<size_t>(dc.ended)];
    if (x.game_winner >= 0)
      warn(d, "game_winner", "piquet.game_winner_ignored",
           text::Message("piquet.warn.game_winner_reached").text("name", name(winner)).text("during", reached_in));
  } else if (classic) {
    if (!classic_after(now, x.game_winner, false, winner, d)) return std::nullopt;
    if (winner >= 0) reached_in = "play";
  } else if (x.game_winner >= 0) {
    warn(d, "game_winner", "piquet.game_winner_ignored", text::Message("piquet.err.game_winner_classic"));
  }
  if (d.has_errors()) return std::nullopt;
  ojson b = detail_breakdown(x, dc, s, c);
  commit(now, winner, reached_in);
  if (classic && winner >= 0) {
    b["game_winner"] = name(winner);
    if (reached_in == "play") b["target_reached_in"] = "play";
  }
  return hand_of(dp, std::move(b), c.dealer);
}

void PiquetGame::commit(const std::array<int, 2>& now, int classic_winner, const std::string& reached_in) {
  m_totals = now;
  ++m_deals;
  ++m_recorded;
  m_last_redeal = false;
  m_dealer = 1 - m_dealer;  // spec piquet §5.1
  if (m_opts.mode == Mode::classic) {
    if (classic_winner >= 0) {
      m_finished = true;
      m_winner = classic_winner;
      m_reached_in = reached_in;
    }
    return;
  }
  // spec piquet §5.3: six deals (or four), two more on a tie, drawn after a second tie
  if (m_deals >= scheduled_deals()) {
    if (m_totals[0] != m_totals[1]) {
      m_finished = true;
      m_winner = m_totals[0] > m_totals[1] ? 0 : 1;
    } else if (!m_extended) {
      m_extended = true;
    } else {
      m_finished = true;
      m_drawn = true;
    }
  }
}

// ---- results (§5.2 / §5.3 / §5.4) ----------------------------------------------------------------------------

std::optional<json> PiquetGame::save_state() const {
  return json{{"dealer", m_dealer},        {"totals", m_totals},           {"deals", m_deals},
              {"recorded", m_recorded},    {"last_redeal", m_last_redeal}, {"extended", m_extended},
              {"finished", m_finished},    {"winner", m_winner},           {"drawn", m_drawn},
              {"reached_in", m_reached_in}};
}

bool PiquetGame::restore_state(const json& s) {
  const int dealer = s.at("dealer").get<int>(), winner = s.at("winner").get<int>();
  if (dealer < 0 || dealer > 1 || winner < -1 || winner > 1) return false;
  m_dealer = dealer;
  m_totals = s.at("totals").get<std::array<int, 2>>();
  m_deals = s.at("deals").get<int>();
  m_recorded = s.at("recorded").get<int>();
  m_last_redeal = s.at("last_redeal").get<bool>();
  m_extended = s.at("extended").get<bool>();
  m_finished = s.at("finished").get<bool>();
  m_winner = winner;
  m_drawn = s.at("drawn").get<bool>();
  m_reached_in = s.at("reached_in").get<std::string>();
  return true;
}

ojson PiquetGame::classic_result() const {
  ojson r = ojson::object();
  r["mode"] = "classic";
  r["winner"] = m_finished ? ojson(name(m_winner)) : ojson(nullptr);
  r["deals"] = m_deals;
  r["target"] = m_opts.target;
  if (m_finished) {
    r["reached_in"] = m_reached_in;
    int loser = 1 - m_winner;
    int value = m_opts.match == "best_of_5_doubles" && m_totals[static_cast<size_t>(loser)] < 50 ? 2 : 1;
    r["game_value"] = value;
  } else {
    r["leader"] = m_totals[0] == m_totals[1] ? ojson(nullptr) : ojson(name(m_totals[0] > m_totals[1] ? 0 : 1));
  }
  std::array<int, 2> won = m_won_before;
  if (m_finished) won[static_cast<size_t>(m_winner)] += r["game_value"].get<int>();
  r["match"] = m_opts.match;
  r["games_won"] = by_player(won[0], won[1]);
  int need = games_needed(m_opts.match);
  r["match_winner"] = won[0] >= need ? ojson(name(0)) : won[1] >= need ? ojson(name(1)) : ojson(nullptr);
  r["match_finished"] = won[0] >= need || won[1] >= need;
  return r;
}

ojson PiquetGame::rubicon_result() const {
  ojson r = ojson::object();
  r["mode"] = "rubicon";
  int lead = m_totals[0] == m_totals[1] ? -1 : m_totals[0] > m_totals[1] ? 0 : 1;
  r["winner"] = m_finished && !m_drawn ? ojson(name(m_winner)) : ojson(nullptr);
  r["deals"] = m_deals;
  r["scheduled_deals"] = scheduled_deals();
  int score = 0;
  bool rubiconed = false;
  if (lead >= 0) {
    int tw = m_totals[static_cast<size_t>(lead)], tl = m_totals[static_cast<size_t>(1 - lead)];
    rubiconed = tl < k_rubicon;  // spec piquet §5.3
    score = rubiconed ? tw + tl + k_rubicon : tw - tl + k_rubicon;
  }
  r["rubiconed"] = rubiconed;
  r["game_score"] = Amount::whole(score);
  r["drawn"] = m_drawn;
  if (!m_finished) r["leader"] = lead >= 0 ? ojson(name(lead)) : ojson(nullptr);
  std::array<long long, 2> s = {0, 0};
  if (lead >= 0) {
    s[static_cast<size_t>(lead)] = score;
    s[static_cast<size_t>(1 - lead)] = -score;
  }
  ojson scores = ojson::object();
  scores[name(0)] = Amount::whole(s[0]);
  scores[name(1)] = Amount::whole(s[1]);
  r["scores"] = scores;
  // spec piquet §5.4: session balance (resumed balance + this partie) and the stake rounding of the receiver
  std::array<long long, 2> bal = {m_balance_before[0] + s[0], m_balance_before[1] + s[1]};
  ojson balance = ojson::object();
  balance[name(0)] = Amount::whole(bal[0]);
  balance[name(1)] = Amount::whole(bal[1]);
  r["balance"] = balance;
  long long unit = m_opts.stake_rounding == "floor_50" ? 50 : m_opts.stake_rounding == "floor_25" ? 25 : 1;
  int receiver = bal[0] > 0 ? 0 : bal[1] > 0 ? 1 : -1;
  std::array<long long, 2> settled = {0, 0};
  if (receiver >= 0) {
    long long got = bal[static_cast<size_t>(receiver)] / unit * unit;
    settled[static_cast<size_t>(receiver)] = got;
    settled[static_cast<size_t>(1 - receiver)] = -got;
  }
  ojson st = ojson::object();
  st[name(0)] = Amount::whole(settled[0]);
  st[name(1)] = Amount::whole(settled[1]);
  r["settlement"] = st;
  return r;
}

// ---- a series of games (§5.2 match, §5.4 session) ------------------------------------------------------------

namespace {

long long number_at(const json& o, const std::string& key) {
  return o.is_object() && o.contains(key) && o[key].is_number() ? o[key].get<long long>() : 0;
}

// The players of the first document and why the others do not belong to its series ("" when they all do).
std::string series_problem(const std::vector<json>& scores, std::vector<std::string>& players, std::string& mode) {
  for (size_t i = 0; i < scores.size(); ++i) {
    const json& s = scores[i];
    std::vector<std::string> ps;
    if (s.is_object() && s.contains("players") && s["players"].is_array())
      for (const auto& p : s["players"])
        if (p.is_string()) ps.push_back(p.get<std::string>());
    const json r = s.is_object() ? s.value("result", json::object()) : json::object();
    std::string m = r.is_object() ? r.value("mode", std::string()) : "";
    std::string which = "game " + std::to_string(i + 1);
    if (!s.is_object() || s.value("game", std::string()) != "piquet") return which + " is not a piquet game";
    if (ps.size() != 2 || m.empty()) return which + " has no two players and no result";
    if (i == 0) {
      players = ps, mode = m;
      continue;
    }
    if (!((ps[0] == players[0] && ps[1] == players[1]) || (ps[0] == players[1] && ps[1] == players[0])))
      return which + " is played by " + ps[0] + " and " + ps[1] + ", not " + players[0] + " and " + players[1];
    if (m != mode) return which + " is a " + m + " game, the first a " + mode + " game";
  }
  return "";
}

// A game's option as the documents carry it: a top-level `options` or `setup.options` (the score document
// itself holds none), else `fallback`.
std::string option_of(const json& score, const char* id, const std::string& fallback) {
  for (const json* o : {&score, score.contains("setup") ? &score["setup"] : nullptr})
    if (o && o->is_object() && o->contains("options") && (*o)["options"].is_object() && (*o)["options"].contains(id) &&
        (*o)["options"][id].is_string())
      return (*o)["options"][id].get<std::string>();
  return fallback;
}

json by_name(const std::vector<std::string>& players, long long a, long long b) {
  return {{players[0], a}, {players[1], b}};
}

// spec piquet §5.2: games until a player has won 2 (best_of_3), 1 (single) or 3, a game won against a loser
// under 50 counting 2 (best_of_5_doubles); games after the decision are not counted.
json classic_series(const std::vector<json>& scores, const std::vector<std::string>& players) {
  const std::string match = scores.front()["result"].value("match", option_of(scores.front(), "match", "best_of_3"));
  const int need = games_needed(match);
  std::array<long long, 2> won = {0, 0};
  int winner = -1, counted = 0;
  for (const auto& s : scores) {
    if (winner >= 0) break;
    ++counted;
    const json& r = s["result"];
    if (!s.value("finished", false) || !r.value("winner", json()).is_string()) continue;
    int w = r["winner"] == players[0] ? 0 : 1;
    long long value = number_at(r, "game_value");
    if (value == 0)
      value = match == "best_of_5_doubles" && number_at(s["totals"], players[static_cast<size_t>(1 - w)]) < 50 ? 2 : 1;
    won[static_cast<size_t>(w)] += value;
    if (won[static_cast<size_t>(w)] >= need) winner = w;
  }
  json out = {{"mode", "classic"},
              {"match", match},
              {"games", counted},
              {"finished", winner >= 0},
              {"winner", winner >= 0 ? json(players[static_cast<size_t>(winner)]) : json(nullptr)},
              {"games_won", by_name(players, won[0], won[1])}};
  if (static_cast<size_t>(counted) < scores.size()) out["ignored_games"] = scores.size() - static_cast<size_t>(counted);
  const int lead = won[0] == won[1] ? -1 : won[0] > won[1] ? 0 : 1;
  const std::string tally = std::to_string(std::max(won[0], won[1])) + "-" + std::to_string(std::min(won[0], won[1]));
  if (winner >= 0)
    out["words"] = players[static_cast<size_t>(winner)] + " wins the match " + tally;
  else if (lead < 0)
    out["words"] = players[0] + " and " + players[1] + " are level " + tally + ", the match goes on";
  else
    out["words"] = players[static_cast<size_t>(lead)] + " leads " + tally + ", the match goes on";
  return out;
}

// spec piquet §5.4: a session is several parties, each player's balance the sum of his ±R; the receiver's net
// balance is rounded down once (stake_rounding) and the payer pays exactly that. The session goes on after each
// partie (the next one is started with its own first dealer) until its last game is closed ("ended": "closed"
// beside the document); a partie closed before its end counts as it stands.
json rubicon_series(const std::vector<json>& scores, const std::vector<std::string>& players) {
  std::array<long long, 2> balance = {0, 0}, won = {0, 0};
  int played = 0;
  bool in_progress = false;
  const bool closed = scores.back().value("ended", std::string()) == "closed";
  for (const auto& s : scores) {
    if (!s.value("finished", false) && s.value("ended", std::string()) != "closed") {
      in_progress = true;
      continue;
    }
    ++played;
    const json& r = s["result"];
    for (size_t p = 0; p < 2; ++p) balance[p] += number_at(r.value("scores", json::object()), players[p]);
    if (r.value("winner", json()).is_string()) ++won[r["winner"] == players[0] ? 0 : 1];
  }
  const std::string rounding = option_of(scores.front(), "stake_rounding", "none");
  const long long unit = rounding == "floor_50" ? 50 : rounding == "floor_25" ? 25 : 1;
  const int receiver = balance[0] > 0 ? 0 : balance[1] > 0 ? 1 : -1;
  std::array<long long, 2> settled = {0, 0};
  if (receiver >= 0) {
    long long got = balance[static_cast<size_t>(receiver)] / unit * unit;
    settled[static_cast<size_t>(receiver)] = got;
    settled[static_cast<size_t>(1 - receiver)] = -got;
  }
  const bool finished = closed && played > 0 && !in_progress;
  json out = {{"mode", "rubicon"},
              {"games", scores.size()},
              {"finished", finished},
              {"winner", finished && receiver >= 0 ? json(players[static_cast<size_t>(receiver)]) : json(nullptr)},
              {"games_won", by_name(players, won[0], won[1])},
              {"balance", by_name(players, balance[0], balance[1])},
              {"stake_rounding", rounding},
              {"settlement", by_name(players, settled[0], settled[1])}};
  const std::string parties = std::to_string(played) + (played == 1 ? " partie" : " parties");
  std::string words;
  if (receiver < 0) {
    words = "the session is level after " + parties;
  } else {
    const std::string& w = players[static_cast<size_t>(receiver)];
    const std::string& l = players[static_cast<size_t>(1 - receiver)];
    const long long by = balance[static_cast<size_t>(receiver)], got = settled[static_cast<size_t>(receiver)];
    words = w + (finished ? " wins the session by " : " leads the session by ") + std::to_string(by) + " after " +
            parties + ": " + l + (finished ? " pays " : " would pay ") + std::to_string(got) +
            (got != by ? " (" + rounding + ")" : "");
  }
  out["words"] = words + (in_progress ? ", a partie is in progress" : "");
  return out;
}

}  // namespace

json series_of(const std::vector<json>& scores) {
  if (scores.empty()) return {{"finished", false}, {"games", 0}, {"words", "no game played yet"}};
  std::vector<std::string> players;
  std::string mode;
  std::string problem = series_problem(scores, players, mode);
  if (!problem.empty())
    return {{"finished", false}, {"games", scores.size()}, {"error", problem}, {"words", "not one series: " + problem}};
  return mode == "rubicon" ? rubicon_series(scores, players) : classic_series(scores, players);
}

}  // namespace marque::rules::piquet
