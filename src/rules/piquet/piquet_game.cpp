// Piquet fold: set-up (spec piquet §2.3), deal records (§2.4–2.6), validation (§3), scoring (§4),
// running state, game end and result (§5). All arithmetic is on integers.
#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "rules/piquet/piquet.hpp"

namespace marque::rules::piquet {

namespace {


// The five categories of §4.4 that are scored before the play (index into names).
constexpr std::array<const char*, 4> k_decl_categories = {"carte_blanche", "point", "sequences", "sets"};





std::string seq_text(const Sequence& s) {
  return sequence_name(s.length) + " to the " + k_ranks[static_cast<size_t>(s.top)];
}

int sequence_points(int length) { return length <= 4 ? length : length + 10; }  // spec piquet §4.1
int set_points(int count) { return count == 4 ? 14 : 3; }

std::string join(const std::vector<std::string>& v, const std::string& sep = ", ") {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : sep) + x;
  return s;
}


class PiquetGame final : public Game {
public:
  PiquetGame(std::vector<std::string> players, Options opts, int first_dealer)
      : m_players(std::move(players)), m_opts(std::move(opts)), m_dealer(first_dealer) {}

  // resume state (set-up `start`)
  void resume(int totals0, int totals1, int deals, int won0, int won1, long long bal0, long long bal1) {
    m_totals = {totals0, totals1};
    m_deals = deals;
    m_start_deals = deals;
    m_won_before = {won0, won1};
    m_balance_before = {bal0, bal1};
    m_extended = m_opts.mode == Mode::rubicon && deals >= base_deals() && totals0 == totals1;
  }

  std::vector<std::string> players() const override { return m_players; }

  std::optional<ojson> play(const json& rec, Diagnostics& diags) override {
    Diagnostics d;
    auto out = play_inner(rec, d);
    diags.append(d);
    if (d.has_errors()) return std::nullopt;
    return out;
  }

  ojson totals() const override { return by_player(m_totals[0], m_totals[1]); }
  bool finished() const override { return m_finished; }
  ojson result() const override { return m_opts.mode == Mode::classic ? classic_result() : rubicon_result(); }
  std::string next_dealer() const override { return m_finished ? "" : m_players[static_cast<size_t>(m_dealer)]; }

private:
  std::vector<std::string> m_players;
  Options m_opts;
  int m_dealer;                         // player index of the next deal's dealer (spec piquet §5.1)
  std::array<int, 2> m_totals = {0, 0};  // game / partie totals (rubicon: weighted)
  int m_deals = 0;                      // deals counted (redeals excluded), including resumed ones
  int m_start_deals = 0;
  int m_recorded = 0;                   // records played in this file (redeals included)
  bool m_last_redeal = false;
  bool m_extended = false;              // rubicon tie: two more deals (§5.3)
  bool m_finished = false;
  int m_winner = -1;
  bool m_drawn = false;
  std::string m_reached_in;             // classic: category in which the target was reached
  std::array<int, 2> m_won_before = {0, 0};
  std::array<long long, 2> m_balance_before = {0, 0};

  const std::string& name(int p) const { return m_players[static_cast<size_t>(p)]; }
  int player_of(int role) const { return role == k_younger ? m_dealer : 1 - m_dealer; }
  int base_deals() const { return m_opts.four_doubled ? 4 : 6; }
  int scheduled_deals() const { return base_deals() + (m_extended ? 2 : 0); }
  int weight_of(int deal_no) const {
    // spec piquet §6 partie_deals = 4_doubled_ends: deals 1 and 4 count double (extra tie deals single)
    if (m_opts.mode == Mode::rubicon && m_opts.four_doubled && (deal_no == 1 || deal_no == 4)) return 2;
    return 1;
  }
  int games_needed() const {
    if (m_opts.match == "single") return 1;
    if (m_opts.match == "best_of_5_doubles") return 3;
    return 2;
  }

  ojson by_player(int a, int b) const {
    ojson o = ojson::object();
    o[name(0)] = a;
    o[name(1)] = b;
    return o;
  }
  ojson by_role_players(const int v[2]) const {  // role-indexed values keyed by player
    ojson o = ojson::object();
    for (int p = 0; p < 2; ++p) o[name(p)] = v[p == player_of(k_elder) ? k_elder : k_younger];
    return o;
  }

  std::string end_message() const {
    std::string standing = name(0) + " " + std::to_string(m_totals[0]) + ", " + name(1) + " " + std::to_string(m_totals[1]);
    if (m_opts.mode == Mode::classic)
      return "the game was won by " + name(m_winner) + " (" + standing + "); no deal can follow it — start a new game for the next one";
    return "the partie ended after deal " + std::to_string(m_deals) + " (" + standing + "); no deal can follow it";
  }

  // spec piquet §3 V-D1
  void check_dealer(const json& rec, Diagnostics& d) const {
    if (!rec.contains("dealer") || rec["dealer"].is_null()) return;
    const json& v = rec["dealer"];
    if (!v.is_string() || (v != name(0) && v != name(1))) {
      d.error("dealer", "piquet.dealer_unknown", show(v) + " is not a player of this game (" + name(0) + ", " + name(1) + ")");
      return;
    }
    if (v == name(m_dealer)) return;
    int deal_no = m_deals + 1;
    std::string why;
    if (m_last_redeal)
      why = name(m_dealer) + "'s deal was void (redeal), so " + name(m_dealer) + " deals again";
    else if (m_recorded == 0)
      why = "deal " + std::to_string(deal_no) + " must be dealt by " + name(m_dealer) + " (first_dealer)";
    else
      why = name(1 - m_dealer) + " dealt deal " + std::to_string(deal_no - 1) + "; deal " + std::to_string(deal_no) +
            " must be dealt by " + name(m_dealer);
    d.error("dealer", "piquet.dealer", v.get<std::string>() + " cannot deal now: " + why + " (the deal alternates)");
  }

  std::optional<ojson> play_inner(const json& rec, Diagnostics& d) {
    // spec piquet §3 V-G1: nothing after the end of the game / partie
    if (m_finished) {
      d.error("entry", "piquet.game_over", end_message());
      return std::nullopt;
    }
    std::string entry = "detail";
    if (rec.contains("entry") && !rec["entry"].is_null()) {
      if (!rec["entry"].is_string() || (rec["entry"] != "detail" && rec["entry"] != "totals")) {
        d.error("entry", "piquet.entry", show(rec["entry"]) + " is not a record kind; entry is \"detail\" (default) or \"totals\"");
        return std::nullopt;
      }
      entry = rec["entry"].get<std::string>();
    }
    bool redeal = false;
    if (rec.contains("redeal") && !rec["redeal"].is_null()) {
      if (!rec["redeal"].is_boolean()) {
        d.error("redeal", "piquet.redeal", show(rec["redeal"]) + " is not true or false");
        return std::nullopt;
      }
      redeal = rec["redeal"].get<bool>();
    }
    check_dealer(rec, d);
    if (redeal) return play_redeal(rec, d);
    if (entry == "totals") return play_totals(rec, d);
    return play_detail(rec, d);
  }

  // spec piquet §2.6: a void deal, same dealer again, not counted
  std::optional<ojson> play_redeal(const json& rec, Diagnostics& d) {
    for (auto it = rec.begin(); it != rec.end(); ++it) {
      const std::string& k = it.key();
      if (k == "redeal" || k == "reason" || k == "dealer" || k == "entry") continue;
      d.error(k, "piquet.redeal_scores", "A redeal carries no scores: remove '" + k + "' (a void deal has only dealer and reason)");
    }
    if (rec.contains("reason") && !rec["reason"].is_null() && !rec["reason"].is_string())
      d.error("reason", "piquet.reason", "must be a text");
    if (d.has_errors()) return std::nullopt;
    ++m_recorded;
    m_last_redeal = true;
    ojson e = ojson::object();
    e["deltas"] = by_player(0, 0);
    e["totals"] = totals();
    ojson b = ojson::object();
    b["entry"] = "redeal";
    b["redeal"] = true;
    b["deal"] = m_deals + 1;
    b["dealer"] = name(m_dealer);
    if (rec.contains("reason") && rec["reason"].is_string()) b["reason"] = rec["reason"];
    e["breakdown"] = b;
    e["dealer"] = name(m_dealer);
    return e;
  }

  // Parse `game_winner` (player) — shared by both entries.
  int parse_game_winner(const json& rec, Diagnostics& d) const {
    if (!rec.contains("game_winner") || rec["game_winner"].is_null()) return -1;
    const json& v = rec["game_winner"];
    if (v.is_string() && v == name(0)) return 0;
    if (v.is_string() && v == name(1)) return 1;
    d.error("game_winner", "piquet.game_winner", show(v) + " is not a player of this game (" + name(0) + ", " + name(1) + ")");
    return -2;
  }

  // spec piquet §5.2 after all of a deal's points are in: who (if anyone) won the classic game.
  // Returns false on an error (game_winner missing).
  bool classic_after(const std::array<int, 2>& now, int game_winner, bool totals_entry, int& winner, Diagnostics& d) const {
    bool a = now[0] >= m_opts.target, b = now[1] >= m_opts.target;
    winner = -1;
    bool required = false;
    if (a && !b) winner = 0;
    if (b && !a) winner = 1;
    if (a && b) {
      if (totals_entry || now[0] == now[1]) {
        required = true;
      } else {
        winner = now[0] > now[1] ? 0 : 1;
      }
    }
    if (required) {
      if (game_winner < 0) {
        std::string why = totals_entry
                              ? "both players are on or above the target " + std::to_string(m_opts.target) + " after this deal (" +
                                    name(0) + " " + std::to_string(now[0]) + ", " + name(1) + " " + std::to_string(now[1]) +
                                    ") and a totals entry cannot tell who reached it first"
                              : "both players end the deal on " + std::to_string(now[0]) +
                                    ", on or above the target: record who reached it first in the play";
        d.error("game_winner", "piquet.game_winner_required", "missing: " + why + " (game_winner=NAME)");
        return false;
      }
      winner = game_winner;
    } else if (game_winner >= 0) {
      d.warning("game_winner", "piquet.game_winner_ignored",
                "game_winner " + name(game_winner) + " ignored: it is needed only when both players end the deal on or above the target " +
                    (totals_entry ? std::string("(totals entry)") : std::string("with equal totals")));
    }
    return true;
  }

  // spec piquet §2.5: totals entry
  std::optional<ojson> play_totals(const json& rec, Diagnostics& d) {
    static const std::set<std::string> allowed = {"entry", "dealer", "totals", "game_winner", "redeal"};
    static const std::set<std::string> detail_fields = {"carte_blanche", "point",      "sequences",       "sets",
                                                        "tricks",        "play_points", "pique",          "concession",
                                                        "reckons_nothing", "check_totals", "reason"};
    for (auto it = rec.begin(); it != rec.end(); ++it) {
      if (allowed.count(it.key())) continue;
      if (detail_fields.count(it.key()))
        d.error(it.key(), "piquet.totals_field",
                "'" + it.key() + "' belongs to a detail entry; a totals entry carries only totals, dealer and game_winner");
      else
        d.warning(it.key(), "piquet.unknown_field", "'" + it.key() + "' is not a piquet deal field; ignored");
    }
    int t[2] = {0, 0};  // by player
    if (!rec.contains("totals") || !rec["totals"].is_object()) {
      d.error("totals", "piquet.totals_missing", "a totals entry needs totals: {\"" + name(0) + "\": n, \"" + name(1) + "\": n}");
    } else {
      const json& o = rec["totals"];
      for (auto it = o.begin(); it != o.end(); ++it)
        if (it.key() != name(0) && it.key() != name(1))
          d.error("totals", "piquet.totals_player", "'" + it.key() + "' is not a player of this game (" + name(0) + ", " + name(1) + ")");
      for (int p = 0; p < 2; ++p) {
        if (!o.contains(name(p))) {
          d.error("totals", "piquet.totals_player", "the deal score of " + name(p) + " is missing (both players are required)");
          continue;
        }
        // spec piquet §3 V-TT1
        if (!as_int(o[name(p)], t[p]) || t[p] < 0 || t[p] > k_max_deal_total)
          d.error("totals", "piquet.totals_range",
                  name(p) + ": " + o[name(p)].dump() + " is not a whole number from 0 to 174; no deal can score more than 174");
      }
    }
    int gw = parse_game_winner(rec, d);
    if (d.has_errors()) return std::nullopt;
    // stage 2: spec piquet §3 C-7 (W)
    int elder = 1 - m_dealer;
    if (t[elder] == 0)
      d.warning("totals", "piquet.elder_zero",
                name(elder) + " (elder) scored 0: elder always scores at least 1 for the first lead (unless conceding or penalised)");
    else if (t[0] + t[1] < 13)
      d.warning("totals", "piquet.totals_low",
                "the two deal scores add up to " + std::to_string(t[0] + t[1]) + ": the play alone gives at least 13");
    int deal_no = m_deals + 1;
    int w = weight_of(deal_no);
    std::array<int, 2> now = {m_totals[0] + w * t[0], m_totals[1] + w * t[1]};
    int winner = -1;
    if (m_opts.mode == Mode::classic) {
      if (!classic_after(now, gw < 0 ? -1 : gw, true, winner, d)) return std::nullopt;
    } else if (gw >= 0) {
      d.warning("game_winner", "piquet.game_winner_ignored", "game_winner ignored: it is used only in the classic game");
    }
    int dealer = m_dealer;
    ojson b = ojson::object();
    b["entry"] = "totals";
    b["deal"] = deal_no;
    b["dealer"] = name(dealer);
    b["elder"] = name(1 - dealer);
    b["younger"] = name(dealer);
    for (int p = 0; p < 2; ++p) b[name(p)] = ojson{{"total", t[p]}};
    if (w != 1) b["weight"] = w;
    commit(now, winner, winner >= 0 ? "totals" : "");
    if (winner >= 0) b["game_winner"] = name(winner);
    ojson e = ojson::object();
    e["deltas"] = by_player(w * t[0], w * t[1]);
    e["totals"] = totals();
    e["breakdown"] = b;
    e["dealer"] = name(dealer);
    return e;
  }

  void commit(const std::array<int, 2>& now, int classic_winner, const std::string& reached_in) {
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

  // ---- detail entry -------------------------------------------------------------------------------

  std::optional<ojson> play_detail(const json& rec, Diagnostics& d) {
    static const std::set<std::string> known = {"entry",     "dealer",      "redeal",      "reason",          "carte_blanche",
                                                "point",     "sequences",   "sets",        "tricks",          "play_points",
                                                "pique",     "concession",  "reckons_nothing", "game_winner", "check_totals"};
    for (auto it = rec.begin(); it != rec.end(); ++it) {
      if (it.key() == "totals")
        d.error("totals", "piquet.detail_totals", "a detail entry has no totals; use entry \"totals\" to record deal totals only");
      else if (!known.count(it.key()))
        d.warning(it.key(), "piquet.unknown_field", "'" + it.key() + "' is not a piquet deal field; ignored");
    }
    const bool classic = m_opts.mode == Mode::classic;
    const int deal_no = m_deals + 1;
    const int w = weight_of(deal_no);
    Detail x;

    // ---- stage 1: structure and ranges -------------------------------------------------------------
    x.reckons_nothing = parse_role_field(rec, "reckons_nothing", d, "");  // spec piquet §3 V-R1
    bool progress = x.reckons_nothing != -3;
    if (x.reckons_nothing == -3) x.reckons_nothing = -1;
    if (rec.contains("carte_blanche") && rec["carte_blanche"] == "both") {  // spec piquet §3 V-CB1
      d.error("carte_blanche", "piquet.carte_blanche_both",
              "\"both\" is impossible: both players cannot hold a carte blanche, the pack has only 20 cards without K/Q/J");
      progress = false;
    } else {
      x.carte_blanche = parse_role_field(rec, "carte_blanche", d, "");
      if (x.carte_blanche == -3) {
        x.carte_blanche = -1;
        progress = false;
      }
    }

    // Categories of §4.4 one at a time (classic end inside a deal, §5.2; repique §4.5).
    int cat[4][2] = {};         // raw category points by role
    int cum[2] = {0, 0};        // cumulative declaration points (repique test)
    int counted[2] = {0, 0};    // deal points so far incl. repique
    int repique_by = -1;
    std::string repique_cat;
    int ended = -1;             // category index in which the classic game ended
    int classic_winner = -1;
    auto player_total = [&](int role) {
      int p = player_of(role);
      return m_totals[static_cast<size_t>(p)] + (x.reckons_nothing == role ? 0 : counted[role]);
    };
    auto advance = [&](int k) {
      for (int r = 0; r < 2; ++r) {
        cum[r] += cat[k][r];
        counted[r] += cat[k][r];
      }
      for (int r = 0; r < 2; ++r)
        if (repique_by < 0 && cum[r] >= 30 && cum[1 - r] == 0) {
          repique_by = r;
          repique_cat = k_decl_categories[static_cast<size_t>(k)];
          counted[r] += k_repique;
        }
      if (classic)
        for (int r = 0; r < 2; ++r)
          if (ended < 0 && player_total(r) >= m_opts.target) {
            ended = k;
            classic_winner = player_of(r);
          }
    };
    auto ignored = [&](const char* field) {  // spec piquet §3 C-9 (W)
      if (rec.contains(field) && !rec[field].is_null())
        d.warning(field, "piquet.after_end",
                  std::string("Ignored: the game was won during the ") +
                      (ended == 0 ? std::string("carte blanche") : std::string(k_decl_categories[static_cast<size_t>(ended)])) + " (" +
                      name(classic_winner) + " reached " + std::to_string(m_opts.target) + ")");
    };

    // 1. carte blanche
    if (x.carte_blanche >= 0) cat[0][x.carte_blanche] = k_carte_blanche;
    if (progress) advance(0);
    // 2. point
    if (ended >= 0) {
      ignored("point");
    } else if (parse_point(rec, x, d, m_opts.pips_rounded)) {
      if (x.point_winner == k_elder || x.point_winner == k_younger)
        cat[1][x.point_winner] = m_opts.pips_rounded ? (x.point_pips + 5) / 10 : x.point_cards;  // spec piquet §4.2
      if (progress) advance(1);
    } else {
      progress = false;
    }
    // 3. sequences
    if (ended >= 0) {
      ignored("sequences");
    } else if (parse_sequences(rec, x, d)) {
      if (x.seq_winner == k_elder || x.seq_winner == k_younger)
        for (const auto& q : x.seqs) cat[2][x.seq_winner] += sequence_points(q.length);
      if (progress) advance(2);
    } else {
      progress = false;
    }
    // 4. sets
    if (ended >= 0) {
      ignored("sets");
    } else if (parse_sets(rec, x, d)) {
      if (x.set_winner == k_elder || x.set_winner == k_younger)
        for (const auto& s : x.sets) cat[3][x.set_winner] += set_points(s.count);
      if (progress) advance(3);
    } else {
      progress = false;
    }

    // 5./6. play fields
    const bool play_ignored = ended >= 0;
    if (play_ignored) {
      for (const char* f : {"tricks", "play_points", "pique", "concession"}) ignored(f);
    } else {
      if (rec.contains("pique") && !rec["pique"].is_null()) {  // spec piquet §3 V-PQ1
        if (!rec["pique"].is_boolean())
          d.error("pique", "piquet.pique_type", show(rec["pique"]) + " is not allowed: pique is null, true or false");
        else
          x.pique = rec["pique"].get<bool>() ? 1 : 0;
      }
      x.concession = parse_role_field(rec, "concession", d, "");
      if (x.concession >= 0) {
        // spec piquet §3 V-C1
        int last = scheduled_deals();
        if (m_opts.mode != Mode::rubicon)
          d.error("concession", "piquet.concession_mode",
                  "Conceding the play is only allowed in the final deal of a Rubicon partie; this is a classic game");
        else if (deal_no != last)
          d.error("concession", "piquet.concession_deal",
                  "Conceding the play is only allowed in the final deal of a partie: this is deal " + std::to_string(deal_no) +
                      ", the last is deal " + std::to_string(last));
        for (const char* f : {"tricks", "play_points"})
          if (rec.contains(f) && !rec[f].is_null())
            d.error(f, "piquet.concession_play",
                    std::string("a conceded deal is not played: remove ") + f + " (the concession gives the opponent 13 and 10)");
      } else {
        // spec piquet §3 V-T1
        if (!rec.contains("tricks") || rec["tricks"].is_null()) {
          d.error("tricks", "piquet.tricks_missing", "missing: the tricks each player took, {elder: n, younger: n} adding up to 12");
        } else if (parse_pair(rec, "tricks", 0, 12, x.tricks, d, "tricks are 0 to 12 each")) {
          if (x.tricks[0] + x.tricks[1] != 12)
            d.error("tricks", "piquet.tricks_sum",
                    "Tricks add up to " + std::to_string(x.tricks[0] + x.tricks[1]) + " (" + std::to_string(x.tricks[0]) + " + " +
                        std::to_string(x.tricks[1]) + "), must be 12");
          else
            x.has_tricks = true;
        }
        // spec piquet §3 V-P1
        if (!rec.contains("play_points") || rec["play_points"].is_null()) {
          d.error("play_points", "piquet.play_missing",
                  "missing: the points each player made in play (leads, captures, last trick), {elder: n, younger: n}");
        } else if (parse_pair(rec, "play_points", 0, 13, x.play, d, "play points are 0 to 13 each")) {
          x.has_play = true;
        }
      }
    }
    if (rec.contains("check_totals") && !rec["check_totals"].is_null())
      x.has_check = parse_pair(rec, "check_totals", 0, k_max_deal_total, x.check, d, "a deal total is 0 to 174");
    int gw = parse_game_winner(rec, d);
    x.game_winner = gw < 0 ? -1 : gw;

    // V-P2 / V-P3 (stage 1, needs valid tricks and play points)
    std::vector<int> runs;  // r of every compatible order (modern)
    const bool capot_deal = x.has_tricks && (x.tricks[0] == 12 || x.tricks[1] == 12);
    const int lc = capot_deal && !m_opts.last_trick_on_capot ? 0 : 1;
    if (x.has_tricks && x.has_play) {
      const auto& orders = play_orders(x.tricks[k_elder], m_opts.last_trick_on_capot);
      if (!m_opts.old_tens) {
        for (const auto& o : orders)
          if (o.points[0] == x.play[0] && o.points[1] == x.play[1]) runs.push_back(o.run);
        if (runs.empty()) {
          std::set<std::pair<int, int>> feasible;
          for (const auto& o : orders) feasible.insert({o.points[0], o.points[1]});
          int lo_e = 99, hi_e = -1, lo_y = 99, hi_y = -1;
          std::vector<std::string> pairs;
          for (const auto& [e, y] : feasible) {
            lo_e = std::min(lo_e, e), hi_e = std::max(hi_e, e), lo_y = std::min(lo_y, y), hi_y = std::max(hi_y, y);
            pairs.push_back("(" + std::to_string(e) + "," + std::to_string(y) + ")");
          }
          auto range = [](int lo, int hi) { return lo == hi ? std::to_string(lo) : std::to_string(lo) + "–" + std::to_string(hi); };
          d.error("play_points", "piquet.play_infeasible",
                  "elder " + std::to_string(x.play[0]) + ", younger " + std::to_string(x.play[1]) + " cannot arise: with " +
                      std::to_string(x.tricks[0]) + " tricks to " + std::to_string(x.tricks[1]) +
                      ", elder's play points can only be " + range(lo_e, hi_e) + ", younger's " + range(lo_y, hi_y) +
                      ", in the combinations " + join(pairs, " "));
        }
      } else {
        // spec piquet §3 V-P3 (old trick scoring)
        int max_e = 0, max_y = 0;
        for (const auto& o : orders) max_e = std::max(max_e, o.points[0]), max_y = std::max(max_y, o.points[1]);
        if (x.play[0] > max_e || x.play[1] > max_y)
          d.error("play_points", "piquet.play_old_max",
                  "elder " + std::to_string(x.play[0]) + ", younger " + std::to_string(x.play[1]) + " cannot arise: with " +
                      std::to_string(x.tricks[0]) + " tricks to " + std::to_string(x.tricks[1]) + " elder makes at most " +
                      std::to_string(max_e) + " and younger at most " + std::to_string(max_y) + " in play");
        else if (x.play[0] + x.play[1] < 1)
          d.error("play_points", "piquet.play_old_last",
                  "0 and 0: someone won the last trick, which always scores 1");
      }
    }
    if (d.has_errors()) return std::nullopt;  // stage 2 runs only when stage 1 passed

    // ---- stage 2: consistency ----------------------------------------------------------------------
    // C-1 / C-2: card availability per rank
    {
      std::array<std::array<int, 8>, 2> need{};
      std::array<std::array<int, 8>, 2> seq_need{};
      std::array<std::array<std::string, 8>, 2> why;  // no {}: clang 14 crashes on it
      auto add_seq = [&](int role, const Sequence& q, const std::string& label) {
        for (int r = q.top - q.length + 1; r <= q.top; ++r) {
          seq_need[role][static_cast<size_t>(r)] += 1;
          why[role][static_cast<size_t>(r)] += (why[role][static_cast<size_t>(r)].empty() ? "" : ", ") + label;
        }
      };
      if (ended < 0 || ended >= 2) {
        if (x.seq_winner == k_elder || x.seq_winner == k_younger)
          for (const auto& q : x.seqs) add_seq(x.seq_winner, q, seq_text(q));
        if (x.equal_to)
          for (int r = 0; r < 2; ++r) add_seq(r, *x.equal_to, seq_text(*x.equal_to) + " (equal)");
      }
      std::array<std::array<int, 8>, 2> set_need{};
      if ((ended < 0 || ended >= 3) && (x.set_winner == k_elder || x.set_winner == k_younger))
        for (const auto& s : x.sets) {
          set_need[x.set_winner][static_cast<size_t>(s.rank)] = s.count;
        }
      for (int role = 0; role < 2; ++role)
        for (size_t r = 0; r < 8; ++r) need[role][r] = std::max(seq_need[role][r], set_need[role][r]);
      auto describe = [&](int role, size_t r) {
        std::vector<std::string> parts;
        if (set_need[role][r])
          parts.push_back(std::string(set_need[role][r] == 4 ? "quatorze" : "trio") + " of " + k_ranks[r]);
        if (seq_need[role][r]) parts.push_back(why[role][r]);
        return std::string(k_role_names[static_cast<size_t>(role)]) + ": " + join(parts, ", ");
      };
      for (size_t r = 0; r < 8; ++r) {
        int n = need[0][r] + need[1][r];
        if (n > 4) {
          std::vector<std::string> who;
          for (int role = 0; role < 2; ++role)
            if (need[role][r]) who.push_back(describe(role, r));
          bool sets_involved = set_need[0][r] || set_need[1][r];
          d.error(sets_involved ? "sets.scored" : "sequences.scored", "piquet.card_count",
                  "The record needs " + std::to_string(n) + " cards of rank " + k_ranks[r] + " (" + join(who, "; ") +
                      "); the pack has 4");
        }
      }
      for (int role = 0; role < 2; ++role) {
        int cards = 0, courts = 0;
        for (size_t r = 0; r < 8; ++r) cards += need[role][r];
        for (size_t r = 4; r <= 6; ++r) courts += need[role][r];
        if (cards > 12)
          d.error(x.set_winner == role ? "sets.scored" : "sequences.scored", "piquet.hand_size",
                  std::string(role == k_elder ? "Elder" : "Younger") + "'s combinations need " + std::to_string(cards) +
                      " cards; a hand has 12");
        if (x.carte_blanche == role && courts > k_max_courts_blank)
          d.error("carte_blanche", "piquet.blank_courts",
                  std::string(k_role_names[static_cast<size_t>(role)]) + " showed a carte blanche but his scored combinations need " +
                      std::to_string(courts) + " court cards (K/Q/J); after the exchange a blank holder has at most 7");
      }
    }
    // C-3: combinations at most 57 (51 for the carte-blanche holder)
    for (int role = 0; role < 2; ++role) {
      int comb = cat[1][role] + cat[2][role] + cat[3][role];
      int cap = x.carte_blanche == role ? k_max_combinations_blank : k_max_combinations;
      if (comb > cap)
        d.error(x.set_winner == role ? "sets.scored" : "sequences.scored", "piquet.combinations_max",
                std::string(k_role_names[static_cast<size_t>(role)]) + " scores " + std::to_string(comb) +
                    " in point, sequences and sets: no 12-card hand makes more than " + std::to_string(cap) +
                    (x.carte_blanche == role ? " after a carte blanche" : " in combinations"));
    }
    // C-4 (W): sunk point?
    if ((ended < 0 || ended >= 2) && (x.seq_winner == k_elder || x.seq_winner == k_younger) &&
        x.point_winner == 1 - x.seq_winner) {
      int longest = 0;
      for (const auto& q : x.seqs) longest = std::max(longest, q.length);
      if (x.point_cards < longest)
        d.warning("point", "piquet.sunk_point",
                  std::string(x.seq_winner == k_elder ? "Elder" : "Younger") + " held a " + std::to_string(longest) +
                      "-card suit but lost the point with " + std::to_string(x.point_cards) + " — sunk point?");
    }

    // ---- scoring of the play (§4.3, §4.6, §4.7) -----------------------------------------------------
    int decl[2] = {cat[0][0] + cat[1][0] + cat[2][0] + cat[3][0], cat[0][1] + cat[1][1] + cat[2][1] + cat[3][1]};
    int rep[2] = {repique_by == k_elder ? k_repique : 0, repique_by == k_younger ? k_repique : 0};
    int play[2] = {0, 0}, cards[2] = {0, 0}, piq[2] = {0, 0};
    int capot_by = -1;
    bool pique = false;
    bool pique_determined = true;
    if (!play_ignored) {
      const bool eligible = repique_by < 0 && decl[k_younger] == 0;  // spec piquet §4.6
      std::string not_eligible_why;
      if (repique_by == k_elder) not_eligible_why = "elder repiqued (a player who repiqued cannot also pique)";
      else if (repique_by == k_younger) not_eligible_why = "younger repiqued";
      else if (decl[k_younger] > 0) not_eligible_why = "younger scored " + std::to_string(decl[k_younger]) + " in declarations";
      if (x.concession >= 0) {
        int opp = 1 - x.concession;
        play[opp] = 13;
        cards[opp] = k_cards_majority;  // spec piquet §4.7: 13 for play and 10 for the cards (not 40)
        // No pique from the play points of a conceded deal (Cavendish, Case XXII); option concession_pique =
        // true keeps the older reading: r = 12 for an eligible elder, who then counts declarations + 13.
        bool reached = m_opts.concession_pique && opp == k_elder && eligible && decl[k_elder] + 13 >= 30;
        if (x.pique == 1 && !reached)
          d.error("pique", "piquet.pique",
                  "Pique is impossible: " +
                      (opp != k_elder ? std::string("elder conceded the play")
                       : !m_opts.concession_pique
                           ? std::string("a conceded deal earns no pique from its 13 play points (Cavendish, Case XXII; "
                                         "option concession_pique=true for the older reading)")
                       : !eligible ? not_eligible_why
                                   : "elder reaches only " + std::to_string(decl[k_elder] + 13)));
        if (x.pique == 0 && reached)
          d.error("pique", "piquet.pique",
                  "Pique is certain: younger conceded and elder counts " + std::to_string(decl[k_elder]) + " + 13 = " +
                      std::to_string(decl[k_elder] + 13) + " before younger scores (concession_pique=true)");
        pique = reached;
      } else {
        play[0] = x.play[0];
        play[1] = x.play[1];
        for (int r = 0; r < 2; ++r) {
          if (x.tricks[r] == 12) {
            cards[r] = k_capot;
            capot_by = r;
          } else if (x.tricks[r] >= 7) {
            cards[r] = k_cards_majority;
          }
        }
        if (m_opts.old_tens) {
          // spec piquet §4.6: the order cannot be reconstructed; pique from the record (null = false)
          pique_determined = false;
          if (x.pique == 1) {
            if (!eligible)
              d.error("pique", "piquet.pique", "Pique is impossible: " + not_eligible_why);
            else if (decl[k_elder] + x.play[k_elder] < 30)
              d.error("pique", "piquet.pique",
                      "Pique is impossible: elder counts only " + std::to_string(decl[k_elder]) + " + " +
                          std::to_string(x.play[k_elder]) + " = " + std::to_string(decl[k_elder] + x.play[k_elder]) +
                          " in declarations and play");
            pique = true;
          }
        } else if (!eligible) {
          if (x.pique == 1) d.error("pique", "piquet.pique", "Pique is impossible: " + not_eligible_why);
        } else {
          bool any_true = false, any_false = false;
          int lo = 99, hi = -1;
          for (int r : runs) {
            int before = decl[k_elder] + (r < 12 ? r + 1 : 12 + lc);
            (before >= 30 ? any_true : any_false) = true;
            lo = std::min(lo, r), hi = std::max(hi, r);
          }
          if (any_true && !any_false) {
            pique = true;
            if (x.pique == 0)
              d.error("pique", "piquet.pique",
                      "false contradicts the record: elder has " + std::to_string(decl[k_elder]) +
                          " in declarations and every trick order giving these play points lets him reach 30 before younger scores — pique");
          } else if (any_false && !any_true) {
            if (x.pique == 1)
              d.error("pique", "piquet.pique",
                      "Pique is impossible: elder has " + std::to_string(decl[k_elder]) + " in declarations and wins at most " +
                          std::to_string(hi) + " trick(s) in a row from the first, so he cannot reach 30 before younger scores");
          } else {
            pique_determined = false;
            if (x.pique < 0)
              d.error("pique", "piquet.pique_needed",
                      "missing: cannot tell whether elder piqued (elder has " + std::to_string(decl[k_elder]) +
                          " in declarations; he won between " + std::to_string(lo) + " and " + std::to_string(hi) +
                          " tricks in a row from the first): record pique true or false");
            pique = x.pique == 1;
          }
        }
      }
      if (pique) piq[k_elder] = k_pique;
    }
    if (d.has_errors()) return std::nullopt;

    // ---- deal totals (§4.8) ----------------------------------------------------------------------
    int total[2];
    for (int r = 0; r < 2; ++r) {
      total[r] = play_ignored ? counted[r] : decl[r] + rep[r] + play[r] + piq[r] + cards[r];
      if (x.reckons_nothing == r) total[r] = 0;
    }
    // C-6
    if (x.has_check && (x.check[0] != total[0] || x.check[1] != total[1])) {
      d.error("check_totals", "piquet.check_totals",
              "Computed " + std::to_string(total[0]) + " / " + std::to_string(total[1]) + ", entered " + std::to_string(x.check[0]) +
                  " / " + std::to_string(x.check[1]) + " (elder / younger)");
    }
    // C-8 (W)
    if (x.concession >= 0) {
      int p = player_of(x.concession);
      int could = m_totals[static_cast<size_t>(p)] + w * (decl[x.concession] + 53);
      if (could >= k_rubicon)
        d.warning("concession", "piquet.concession_hopeful",
                  name(p) + " conceded but could still have reached 100 (" + std::to_string(m_totals[static_cast<size_t>(p)]) +
                      " + " + std::to_string(decl[x.concession]) + " in declarations + up to 53 in play and cards)");
    }
    std::array<int, 2> now = m_totals;
    int dp[2];
    for (int p = 0; p < 2; ++p) {
      int role = p == player_of(k_elder) ? k_elder : k_younger;
      dp[p] = w * total[role];
      now[static_cast<size_t>(p)] += dp[p];
    }
    std::string reached_in;
    if (classic) {
      if (ended >= 0) {
        reached_in = k_decl_categories[static_cast<size_t>(ended)];
        if (x.game_winner >= 0)
          d.warning("game_winner", "piquet.game_winner_ignored",
                    "game_winner ignored: " + name(classic_winner) + " reached the target during the " + reached_in);
      } else {
        if (!classic_after(now, x.game_winner, false, classic_winner, d)) return std::nullopt;
        if (classic_winner >= 0) reached_in = "play";
      }
    } else if (x.game_winner >= 0) {
      d.warning("game_winner", "piquet.game_winner_ignored", "game_winner ignored: it is used only in the classic game");
    }
    if (d.has_errors()) return std::nullopt;

    // ---- output ------------------------------------------------------------------------------------
    int dealer = m_dealer;
    ojson b = ojson::object();
    b["entry"] = "detail";
    b["deal"] = deal_no;
    b["dealer"] = name(dealer);
    b["elder"] = name(1 - dealer);
    b["younger"] = name(dealer);
    for (int role = 0; role < 2; ++role) {
      bool pen = x.reckons_nothing == role;
      ojson pr = ojson::object();
      pr["carte_blanche"] = cat[0][role];
      pr["point"] = ended >= 0 && ended < 1 ? 0 : cat[1][role];
      pr["sequences"] = ended >= 0 && ended < 2 ? 0 : cat[2][role];
      pr["sets"] = ended >= 0 && ended < 3 ? 0 : cat[3][role];
      pr["repique"] = rep[role];
      pr["play"] = play[role];
      pr["pique"] = piq[role];
      pr["cards"] = cards[role];
      if (pen) pr["reckons_nothing"] = true;
      pr["total"] = total[role];
      b[name(player_of(role))] = pr;
    }
    b["repique_by"] = repique_by >= 0 ? ojson(name(player_of(repique_by))) : ojson(nullptr);
    if (repique_by >= 0) b["repique_in"] = repique_cat;
    b["pique"] = pique;
    if (!play_ignored && !pique_determined) b["pique_determined"] = false;
    b["capot_by"] = capot_by >= 0 ? ojson(name(player_of(capot_by))) : ojson(nullptr);
    if (x.concession >= 0) b["concession"] = name(player_of(x.concession));
    if (x.reckons_nothing >= 0) b["reckons_nothing"] = name(player_of(x.reckons_nothing));
    if (w != 1) b["weight"] = w;
    if (classic && ended >= 0) b["target_reached_in"] = reached_in;
    commit(now, classic_winner, reached_in);
    if (classic && classic_winner >= 0) {
      b["game_winner"] = name(classic_winner);
      if (reached_in == "play") b["target_reached_in"] = "play";
    }
    ojson e = ojson::object();
    e["deltas"] = by_player(dp[0], dp[1]);
    e["totals"] = totals();
    e["breakdown"] = b;
    e["dealer"] = name(dealer);
    return e;
  }

  // ---- results (§5.2 / §5.3) -------------------------------------------------------------------------

  ojson classic_result() const {
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
    int need = games_needed();
    r["match_winner"] = won[0] >= need ? ojson(name(0)) : won[1] >= need ? ojson(name(1)) : ojson(nullptr);
    r["match_finished"] = won[0] >= need || won[1] >= need;
    return r;
  }

  ojson rubicon_result() const {
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
    r["game_score"] = score;
    r["drawn"] = m_drawn;
    if (!m_finished) r["leader"] = lead >= 0 ? ojson(name(lead)) : ojson(nullptr);
    std::array<long long, 2> s = {0, 0};
    if (lead >= 0) {
      s[static_cast<size_t>(lead)] = score;
      s[static_cast<size_t>(1 - lead)] = -score;
    }
    ojson scores = ojson::object();
    scores[name(0)] = s[0];
    scores[name(1)] = s[1];
    r["scores"] = scores;
    // spec piquet §5.4: session balance (resumed balance + this partie) and the stake rounding of the receiver
    std::array<long long, 2> bal = {m_balance_before[0] + s[0], m_balance_before[1] + s[1]};
    ojson balance = ojson::object();
    balance[name(0)] = bal[0];
    balance[name(1)] = bal[1];
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
    st[name(0)] = settled[0];
    st[name(1)] = settled[1];
    r["settlement"] = st;
    return r;
  }
};

bool read_player_map(const json& v, const std::vector<std::string>& players, const std::string& field, bool allow_negative,
                     std::array<long long, 2>& out, Diagnostics& d) {
  if (!v.is_object()) {
    d.error(field, "piquet.start", "must be an object {\"" + players[0] + "\": n, \"" + players[1] + "\": n}");
    return false;
  }
  bool ok = true;
  for (auto it = v.begin(); it != v.end(); ++it)
    if (it.key() != players[0] && it.key() != players[1]) {
      d.error(field, "piquet.start", "'" + it.key() + "' is not a player of this game (" + players[0] + ", " + players[1] + ")");
      ok = false;
    }
  for (size_t p = 0; p < 2; ++p) {
    int n = 0;
    if (!v.contains(players[p])) continue;
    if (!as_int(v[players[p]], n) || (!allow_negative && n < 0)) {
      d.error(field, "piquet.start", players[p] + ": " + v[players[p]].dump() + " is not a whole number" +
                                         (allow_negative ? "" : " of at least 0"));
      ok = false;
    } else {
      out[p] = n;
    }
  }
  return ok;
}

}  // namespace

// spec piquet §2.3 set-up (+ `start`, the state of a paper game being resumed; format README §1)
std::unique_ptr<Game> start_game(const json& setup, Diagnostics& d) {
  size_t before = d.errors().size();
  std::vector<std::string> players;
  if (!setup.contains("players") || !setup["players"].is_array()) {
    d.error("players", "piquet.players", "missing: Piquet needs exactly 2 players, e.g. players: [\"Ann\", \"Ben\"]");
  } else {
    for (const auto& p : setup["players"]) {
      if (!p.is_string() || p.get<std::string>().empty()) {
        d.error("players", "piquet.players", p.dump() + " is not a player name");
        continue;
      }
      players.push_back(p.get<std::string>());
    }
    if (setup["players"].size() != 2)
      d.error("players", "piquet.players_count",
              "Piquet is for exactly 2 players; got " + std::to_string(setup["players"].size()) + " (" + join(players) + ")");
    else if (players.size() == 2 && players[0] == players[1])
      d.error("players", "piquet.players_distinct", "the two players must have different names (both are \"" + players[0] + "\")");
    for (const auto& p : players)
      for (const auto& k : reserved_breakdown_keys())
        if (p == k) d.error("players", "piquet.players_reserved", "\"" + p + "\" cannot be a player name in piquet (it is a deal-breakdown key)");
  }
  int first = -1;
  if (!setup.contains("first_dealer") || setup["first_dealer"].is_null()) {
    d.error("first_dealer", "piquet.first_dealer",
            "missing: the player who deals the first deal (the result of the cut; dealer=NAME or elder=NAME)");
  } else if (players.size() == 2) {
    const json& f = setup["first_dealer"];
    if (f.is_string() && f == players[0]) first = 0;
    else if (f.is_string() && f == players[1]) first = 1;
    else d.error("first_dealer", "piquet.first_dealer", show(f) + " is not one of the players (" + join(players) + ")");
  }
  json resolved = resolve_options(setup.contains("options") ? setup["options"] : json(nullptr), option_table(), d);
  Options opts = options_from(resolved);
  static const std::set<std::string> known = {"players", "first_dealer", "options", "start"};
  for (auto it = setup.begin(); it != setup.end(); ++it)
    if (!known.count(it.key()))
      d.warning(it.key(), "piquet.setup_field",
                "'" + it.key() + "' is not a piquet set-up field (players, first_dealer, options, start); ignored");
  std::array<long long, 2> totals = {0, 0}, won = {0, 0}, bal = {0, 0};
  int deals = 0;
  if (setup.contains("start") && !setup["start"].is_null() && players.size() == 2) {
    const json& s = setup["start"];
    if (!s.is_object()) {
      d.error("start", "piquet.start", "must be an object {totals, deals, games_won, balance}");
    } else {
      for (auto it = s.begin(); it != s.end(); ++it) {
        const std::string& k = it.key();
        if (k == "totals") read_player_map(it.value(), players, "start.totals", false, totals, d);
        else if (k == "games_won") read_player_map(it.value(), players, "start.games_won", false, won, d);
        else if (k == "balance") read_player_map(it.value(), players, "start.balance", true, bal, d);
        else if (k == "deals") {
          if (!as_int(it.value(), deals) || deals < 0)
            d.error("start.deals", "piquet.start", it.value().dump() + " is not a number of deals (0 or more)");
        } else {
          d.error("start." + k, "piquet.start", "'" + k + "' is not a resume field; start has totals, deals, games_won, balance");
        }
      }
      if (opts.mode == Mode::classic) {
        for (size_t p = 0; p < 2; ++p)
          if (totals[p] >= opts.target)
            d.error("start.totals", "piquet.start_over",
                    players[p] + " already has " + std::to_string(totals[p]) + ", at or above the target " + std::to_string(opts.target) +
                        ": that game is over");
        int need = opts.match == "single" ? 1 : opts.match == "best_of_5_doubles" ? 3 : 2;
        for (size_t p = 0; p < 2; ++p)
          if (won[p] >= need)
            d.error("start.games_won", "piquet.start_over",
                    players[p] + " already won " + std::to_string(won[p]) + " game(s): the match (" + opts.match + ") is over");
        if (s.contains("balance"))
          d.error("start.balance", "piquet.start", "balance is the Rubicon session balance; this is a classic game");
      } else {
        if (s.contains("games_won"))
          d.error("start.games_won", "piquet.start", "games_won counts classic games; this is a Rubicon partie");
        int base = opts.four_doubled ? 4 : 6;
        if (deals >= base + 2 || (deals >= base && totals[0] != totals[1]))
          d.error("start.deals", "piquet.start_over",
                  std::to_string(deals) + " deals already played: that partie is over (" + std::to_string(base) +
                      " deals, two more only on a tie)");
        if (bal[0] + bal[1] != 0)
          d.error("start.balance", "piquet.start", "a session balance is zero-sum: " + std::to_string(bal[0]) + " and " +
                                                       std::to_string(bal[1]) + " do not add up to 0");
      }
    }
  }
  if (d.errors().size() != before) return nullptr;
  auto g = std::make_unique<PiquetGame>(players, opts, first);
  g->resume(static_cast<int>(totals[0]), static_cast<int>(totals[1]), deals, static_cast<int>(won[0]),
            static_cast<int>(won[1]), bal[0], bal[1]);
  return g;
}

}  // namespace marque::rules::piquet
