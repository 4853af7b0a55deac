// Prefa, one checked hand scored (spec prefa §4): the pools and received columns of a copy of the state, the
// transfers, the overflow (§4.6) and the per-hand breakdown (§4.7).
#include <algorithm>
#include <map>
#include <set>

#include "rules/prefa/prefa.hpp"

namespace marque::rules::prefa {

namespace {

// One hand being scored: pools and received columns of a copy of the state, the transfers and warnings.
struct Ledger {
  State& st;
  const Options& opt;
  const std::vector<std::string>& names;
  int n;
  std::vector<Transfer> transfers;
  std::vector<std::pair<std::string, text::Message>> warnings;  // code, words of catalogue()

  // spec prefa §4.3 pay(from, to, amount): amount in points.
  void pay(int from, int to, ll points, const std::string& reason) {
    if (points == 0 || from == to) return;
    st.recv[static_cast<size_t>(to)][static_cast<size_t>(from)] += points * k_scale;
    transfers.push_back({from, to, points * k_scale, reason});
  }
  void pool_up(int p, ll x) { st.pool[static_cast<size_t>(p)] += x; }

  // spec prefa §4.6 pool reduction with overflow.
  void pool_down(int d, ll g) {
    ll& pd = st.pool[static_cast<size_t>(d)];
    if (pd >= g) {
      pd -= g;
      return;
    }
    ll x = g - std::max(pd, 0LL);
    if (pd > 0) pd = 0;
    std::vector<ll> taken(static_cast<size_t>(n), 0);
    std::vector<int> order;  // players in order of their first overflow payment
    std::set<int> tie_warned;
    while (x > 0) {
      int best = largest_pool(d, tie_warned);
      if (best < 0) break;
      ll y = opt.level_overflow ? 1 : std::min(x, st.pool[static_cast<size_t>(best)]);
      st.pool[static_cast<size_t>(best)] -= y;
      if (taken[static_cast<size_t>(best)] == 0) order.push_back(best);
      taken[static_cast<size_t>(best)] += y;
      x -= y;
    }
    for (int j : order) pay(j, d, 10 * taken[static_cast<size_t>(j)], "overflow");
    if (x > 0) {
      if (opt.negative) {
        pd -= x;
      } else {
        warnings.emplace_back("prefa.overflow_lapsed", text::Message("prefa.warn.overflow_lapsed").number("points", x));
      }
    }
  }

  // The other player with the largest positive pool (-1: none); ties: the first in play order starting at d's
  // right-hand neighbour (W-X2, warned once per player).
  int largest_pool(int d, std::set<int>& tie_warned) {
    int best = -1;
    bool tie = false;
    for (int step = 1; step < n; ++step) {
      int j = (d + step) % n;
      ll pj = st.pool[static_cast<size_t>(j)];
      if (pj <= 0) continue;
      if (best < 0 || pj > st.pool[static_cast<size_t>(best)]) {
        best = j;
        tie = false;
      } else if (pj == st.pool[static_cast<size_t>(best)]) {
        tie = true;
      }
    }
    if (best >= 0 && tie && !tie_warned.count(best)) {
      tie_warned.insert(best);
      warnings.emplace_back("prefa.overflow_tie",
                            text::Message("prefa.warn.overflow_tie").text("name", names[static_cast<size_t>(best)]));
    }
    return best;
  }
};

// A contract or conceded hand (spec prefa §4.4) on the ledger.
class ContractScore {
public:
  ContractScore(const Hand& hand, Ledger& ledger, ojson& breakdown) : h(hand), led(ledger), bd(breakdown), x(hand.x) {}

  std::string run() {
    if (h.mode == "both") c = x[sz(h.R)] + x[sz(h.L)];
    if (h.mode == "alone") c = x[sz(h.e)];
    if (h.mode == "along") c = x[sz(h.e)] + x[sz(h.taken)];
    const int k = h.contract->level;
    if (h.mode == "none") {
      led.pool_down(h.d, h.gv);
      outcome = "made_unplayed";
    } else if (x[sz(h.d)] < k) {
      declarer_down();
    } else if (h.mode == "both") {
      both();
    } else if (h.mode == "alone") {
      alone();
    } else {
      along();
    }
    four_aces();
    details();
    return outcome;
  }

private:
  static size_t sz(int i) { return static_cast<size_t>(i); }
  ll gv() const { return h.gv; }
  int D() const { return x[sz(h.d)]; }

  // Declarer down: the defenders' targets play no role.
  void declarer_down() {
    const int short_by = h.contract->level - D();
    mult = short_by >= 2 ? 2 : 1;
    led.pool_up(h.d, mult * gv());
    if (h.mode == "both") {
      led.pay(h.d, h.R, mult * gv() * x[sz(h.R)], "declarer_down");
      led.pay(h.d, h.L, mult * gv() * x[sz(h.L)], "declarer_down");
    } else {
      led.pay(h.d, h.e, mult * gv() * c, "declarer_down");
    }
    if (h.sitting_out >= 0)
      led.pay(h.d, h.sitting_out, short_by == 1 ? led.opt.sit_out_1 : led.opt.sit_out_2, "sitting_out_dealer");
    success = false;
    outcome = h.type == "conceded" ? "conceded" : (short_by >= 2 ? "down_2plus" : "down_1");
    bd["short"] = short_by;
  }

  // Both defenders played: made when the defenders' total reaches T; else the short ones pay.
  void both() {
    if (c >= h.T) {
      led.pool_down(h.d, h.gv);
      led.pay(h.d, h.R, gv() * x[sz(h.R)], "defender_tricks");
      led.pay(h.d, h.L, gv() * x[sz(h.L)], "defender_tricks");
      outcome = "made";
      return;
    }
    // defence down: the declarer's pool does not move
    const int S = h.T - c;
    const int t[2] = {(h.T + 1) / 2, h.T / 2};
    const int seat[2] = {h.R, h.L};
    bool failed[2];
    for (int i = 0; i < 2; ++i) failed[i] = x[sz(seat[i])] < t[i];
    for (int i = 0; i < 2; ++i) {
      if (!failed[i]) continue;
      int me = seat[i], other = seat[1 - i];
      int mult_e = (S >= 2 && t[i] - x[sz(me)] >= 2) ? 2 : 1;
      mult = std::max(mult, mult_e);
      led.pay(me, h.d, static_cast<ll>(mult_e) * gv() * D(), "defence_failed");
      if (!failed[1 - i]) {
        int m_pc = led.opt.partner_single ? 1 : mult_e;
        led.pay(me, other, static_cast<ll>(m_pc) * gv() * x[sz(other)], "partner_compensation");
      }
    }
    outcome = "defence_failed";
    bd["defence_short"] = S;
  }

  // One defender played two-handed: his target is ceil(T/2).
  void alone() {
    const int t = (h.T + 1) / 2;
    if (c >= t) {
      led.pool_down(h.d, h.gv);
      led.pay(h.d, h.e, gv() * c, "defender_tricks");
      outcome = "made";
      return;
    }
    mult = t - c >= 2 ? 2 : 1;
    led.pay(h.e, h.d, mult * gv() * D(), "defence_failed");
    outcome = "defence_failed";
    bd["defence_short"] = t - c;
  }

  // The taker scores alone with both defenders' tricks and the full target T.
  void along() {
    if (c >= h.T) {
      led.pool_down(h.d, h.gv);
      led.pay(h.d, h.e, gv() * c, "defender_tricks");
      outcome = "made";
      return;
    }
    if (!led.opt.per_seat) {
      mult = h.T - c >= 2 ? 2 : 1;
      led.pay(h.e, h.d, mult * gv() * D(), "defence_failed");
    } else {
      // option taken_along_failure=per_seat: each seat as if both played, every seat charged to the taker
      const int S = h.T - c;
      const int t[2] = {(h.T + 1) / 2, h.T / 2};
      const int seat[2] = {h.R, h.L};
      for (int i = 0; i < 2; ++i) {
        int xs = x[sz(seat[i])];
        if (xs >= t[i]) continue;
        int mult_e = (S >= 2 && t[i] - xs >= 2) ? 2 : 1;
        mult = std::max(mult, mult_e);
        led.pay(h.e, h.d, static_cast<ll>(mult_e) * gv() * D(), "defence_failed");
      }
    }
    outcome = "defence_failed";
    bd["defence_short"] = h.T - c;
  }

  // Four aces bonus: not doubled, every other player including the sitting-out dealer.
  void four_aces() {
    if (!h.four_aces || led.opt.aces != Options::Aces::bonus) return;
    const int B = h.contract->level == 6 ? led.opt.aces_bonus_6 : led.opt.aces_bonus_7;
    for (int q = 0; q < led.n; ++q) {
      if (q == h.d) continue;
      if (success)
        led.pay(q, h.d, B, "four_aces");
      else
        led.pay(h.d, q, B, "four_aces");
    }
  }

  void details() {
    const auto& names = led.names;
    ojson targets = ojson::object();
    if (h.mode == "both") {
      targets[names[sz(h.R)]] = (h.T + 1) / 2;
      targets[names[sz(h.L)]] = h.T / 2;
    } else if (h.mode == "alone") {
      targets[names[sz(h.e)]] = (h.T + 1) / 2;
    } else if (h.mode == "along") {
      targets[names[sz(h.e)]] = h.T;
    }
    bd["contract"] = h.contract->name();
    bd["gv"] = h.gv;
    bd["level"] = h.contract->level;
    bd["mode"] = h.mode;
    if (h.mode == "alone") bd["lone_defender"] = names[sz(h.e)];
    if (h.mode == "along") {
      bd["taker"] = names[sz(h.e)];
      bd["taken"] = names[sz(h.taken)];
    }
    bd["target"] = h.T;
    bd["targets"] = targets;
    bd["declarer_tricks"] = D();
    bd["defence_tricks"] = h.mode == "none" ? 0 : c;
    bd["multiplier"] = mult;
    bd["success"] = success;
    if (h.four_aces) bd["four_aces"] = true;
  }

  const Hand& h;
  Ledger& led;
  ojson& bd;
  const std::vector<int>& x;
  int c = 0;  // the scoring defenders' tricks
  int mult = 1;
  bool success = true;
  std::string outcome;
};

// spec prefa §4.5 polles: every active player's pool rises by his tricks minus the fewest tricks taken.
std::string score_polles(const Hand& h, Ledger& led, ojson& bd, std::map<std::string, ll>& tricks_out) {
  int m = 10;
  for (int p = 0; p < led.n; ++p)
    if (h.active(p)) m = std::min(m, h.x[static_cast<size_t>(p)]);
  for (int p = 0; p < led.n; ++p)
    if (h.active(p)) {
      led.pool_up(p, h.x[static_cast<size_t>(p)] - m);
      tricks_out[led.names[static_cast<size_t>(p)]] = h.x[static_cast<size_t>(p)];
    }
  bd["fewest_tricks"] = m;
  return "polles";
}

}  // namespace

Scored score_hand(const Hand& h, const std::vector<std::string>& players, const Options& opt, State& next) {
  const int n = static_cast<int>(players.size());
  Ledger led{next, opt, players, n, {}, {}};
  ojson bd = ojson::object();
  // a contract's: at most 26 keys with play_hand's (game_over, pools_before, cash_delta, value_delta), none copied as
  // it grows (all pass, withdrawn, polles: their few keys grow as before)
  if (h.type != "all_pass" && h.type != "withdrawn" && h.type != "polles") bd.get_ref<ojson::object_t&>().reserve(26);
  bd["type"] = h.type;
  if (h.d >= 0) {
    bd["declarer"] = players[static_cast<size_t>(h.d)];
    bd["defenders"] = {{"R", players[static_cast<size_t>(h.R)]}, {"L", players[static_cast<size_t>(h.L)]}};
  }
  if (h.sitting_out >= 0) bd["sitting_out"] = players[static_cast<size_t>(h.sitting_out)];
  std::string outcome;
  std::map<std::string, ll> tricks_out;
  if (h.type == "all_pass") {
    outcome = "all_pass";  // spec prefa §4.5: nothing is scored
  } else if (h.type == "withdrawn") {
    // spec prefa §4.5: pool + 2 and 2 points to each of the two other active players
    led.pool_up(h.d, 2);
    led.pay(h.d, h.R, 2, "withdrawal");
    led.pay(h.d, h.L, 2, "withdrawal");
    outcome = "withdrawn";
  } else if (h.type == "polles") {
    outcome = score_polles(h, led, bd, tricks_out);
  } else {
    if (h.type == "contract")
      bd["calls"] = h.declares
                        ? ojson{{players[static_cast<size_t>(h.R)], h.cR}, {players[static_cast<size_t>(h.L)], h.cL}}
                        : ojson(nullptr);
    for (int p = 0; p < n; ++p)
      if (p == h.d || (h.mode != "none" && (p == h.R || p == h.L) && (h.mode == "both" || p == h.e || p == h.taken)))
        tricks_out[players[static_cast<size_t>(p)]] = h.x[static_cast<size_t>(p)];
    outcome = ContractScore(h, led, bd).run();
  }
  if (!tricks_out.empty()) {
    ojson t = ojson::object();
    for (const auto& p : players)
      if (tricks_out.count(p)) t[p] = tricks_out[p];
    bd["tricks"] = std::move(t);
  }
  bd["outcome"] = outcome;
  return {std::move(bd), std::move(led.transfers), std::move(led.warnings)};
}

}  // namespace marque::rules::prefa
