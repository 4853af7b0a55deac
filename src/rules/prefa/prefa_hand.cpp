// Prefa, one record: decode, validate (spec prefa §3, the auction §3.3) and score it (§4) on a ledger of the
// pools and received columns, then advance the state (§5).
#include <algorithm>
#include <map>
#include <numeric>
#include <set>

#include "rules/prefa/prefa.hpp"

namespace marque::rules::prefa {

namespace {

// ---------------------------------------------------------------------------------------------------------
// One hand being scored: pools and received columns of a copy of the state, the transfers and warnings.
struct Ledger {
  State& st;
  const Options& opt;
  int n;
  std::vector<Transfer> transfers;
  std::vector<std::pair<std::string, std::string>> warnings;  // code, message

  // spec prefa §4.3 pay(from, to, amount): amount in points.
  void pay(int from, int to, ll points, const std::string& reason) {
    if (points == 0 || from == to) return;
    st.recv[static_cast<size_t>(to)][static_cast<size_t>(from)] += points * k_scale;
    transfers.push_back({from, to, points * k_scale, reason});
  }
  void pool_up(int p, ll x) { st.pool[static_cast<size_t>(p)] += x; }

  // spec prefa §4.6 pool reduction with overflow.
  void pool_down(int d, ll g, const std::vector<std::string>& names) {
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
      int best = -1;
      bool tie = false;
      // ties: the first in play order starting at d's right-hand neighbour (W-X2)
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
      if (best < 0) break;
      if (tie && !tie_warned.count(best)) {
        tie_warned.insert(best);
        warnings.emplace_back("prefa.overflow_tie", "equal largest pools for the overflow; tie broken in play order: " +
                                                        names[static_cast<size_t>(best)]);
      }
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
        warnings.emplace_back("prefa.overflow_lapsed", "pools exhausted: " + std::to_string(x) + " pool point" +
                                                           (x == 1 ? "" : "s") + " lapsed");
      }
    }
  }
};

// ---------------------------------------------------------------------------------------------------------
// spec prefa §3.3: auction check. Returns the winner (-1: all passed) and whether the win is provisional.
struct AuctionOutcome {
  bool ok = false;
  int winner = -1;
  bool provisional = false;
  std::optional<Contract> high;
};

AuctionOutcome check_auction(const json& calls, const std::vector<int>& seats, const std::vector<std::string>& names,
                             const Options& opt, Diagnostics& diags) {
  AuctionOutcome out;
  const std::string f = "auction";
  if (!calls.is_array()) {
    diags.error(f, "prefa.auction_shape", "must be a list of calls {\"player\": name, \"call\": pass | 6S..10H | prov}");
    return out;
  }
  const int n_seats = static_cast<int>(seats.size());
  std::vector<bool> out_of(static_cast<size_t>(n_seats), false);
  int turn = 0;
  int holder = -1;  // seat position holding the highest bid
  int prov = -1;
  bool prov_used = false;
  bool ended = false;
  std::optional<Contract> high;
  auto seat_name = [&](int pos) { return names[static_cast<size_t>(seats[static_cast<size_t>(pos)])]; };
  auto remaining = [&] { return static_cast<int>(std::count(out_of.begin(), out_of.end(), false)); };
  int k = 0;
  for (const auto& c : calls) {
    ++k;
    std::string at = "call " + std::to_string(k) + ": ";
    if (ended) {
      diags.error(f, "prefa.auction_ended", at + "calls after the auction ended");
      return out;
    }
    if (!c.is_object() || !c.contains("player") || !c["player"].is_string() || !c.contains("call") || !c["call"].is_string()) {
      diags.error(f, "prefa.auction_shape", at + "a call is {\"player\": name, \"call\": pass | 6S..10H | prov}");
      return out;
    }
    std::string who = c["player"].get<std::string>();
    std::string call = c["call"].get<std::string>();
    int pos = -1;
    for (int i = 0; i < n_seats; ++i)
      if (seat_name(i) == who) pos = i;
    if (pos < 0) {
      bool known = std::find(names.begin(), names.end(), who) != names.end();
      diags.error(f, known ? "prefa.auction_inactive" : "prefa.unknown_player",
                  at + (known ? who + " sits out this hand (dealer) and cannot call" : "unknown player " + who));
      return out;
    }
    if (pos != turn) {
      diags.error(f, "prefa.auction_turn", at + who + " called out of turn: expected " + seat_name(turn) +
                                               " (calls go counterclockwise from 1st hand " + seat_name(0) + ")");
      return out;
    }
    if (call == "pass") {
      out_of[static_cast<size_t>(pos)] = true;
    } else if (call == "prov") {
      if (!opt.provisional) {
        diags.error(f, "prefa.auction_prov", at + "provisional entry is not in use (option provisional_entry)");
        return out;
      }
      if (high || prov_used) {
        diags.error(f, "prefa.auction_prov", at + "provisional entry only before any spades bid, once per auction");
        return out;
      }
      prov = pos;
      prov_used = true;
    } else {
      auto bid = parse_contract(call);
      if (!bid || (bid->level == 10 && bid->strain == 4 && opt.ten_nt == 0)) {
        diags.error(f, "prefa.auction_call", at + "\"" + call + "\" is not a call: pass, 6S..10H" +
                                                 std::string(opt.ten_nt ? ", 10NT" : "") + (opt.provisional ? " or prov" : ""));
        return out;
      }
      if (!high) {
        if (bid->rank() != 0) {
          diags.error(f, "prefa.auction_first_bid", at + "the first bid must be spades (6S), not " + call);
          return out;
        }
        if (prov >= 0) {  // the first spades bid eliminates the provisional entrant
          out_of[static_cast<size_t>(prov)] = true;
          prov = -1;
        }
      } else if (holder > pos) {  // E-A3: the caller has priority over the holder
        if (bid->rank() != high->rank()) {
          diags.error(f, "prefa.auction_same", at + who + " may only say 'same " + high->name() + "' or pass, not " + call);
          return out;
        }
      } else {  // E-A4: exactly the next contract
        if (bid->rank() != high->rank() + 1) {
          std::string next = high->rank() + 1 > (opt.ten_nt ? 24 : 23) ? std::string("nothing higher")
                                                                         : Contract{6 + (high->rank() + 1) / 5, (high->rank() + 1) % 5}.name();
          diags.error(f, "prefa.auction_next", at + who + " must bid exactly " + next + " or pass, not " + call + " (no jump bids)");
          return out;
        }
      }
      high = bid;
      holder = pos;
    }
    int left = remaining();
    if (left == 0) {
      ended = true;
    } else if (left == 1) {
      int r = static_cast<int>(std::find(out_of.begin(), out_of.end(), false) - out_of.begin());
      if (r == holder || r == prov) {
        ended = true;
        out.winner = seats[static_cast<size_t>(r)];
        out.provisional = (r == prov) && !high;
      }
    }
    if (!ended) {
      int nxt = pos;
      for (int s = 0; s < n_seats; ++s) {
        nxt = (nxt + 1) % n_seats;
        if (!out_of[static_cast<size_t>(nxt)]) break;
      }
      turn = nxt;
    }
  }
  if (!ended) {
    diags.error(f, "prefa.auction_unfinished", "the auction is not finished: " + seat_name(turn) + " still has to call");
    return out;
  }
  out.ok = true;
  out.high = high;
  return out;
}

}  // namespace

// ---------------------------------------------------------------------------------------------------------
std::optional<ojson> PrefaGame::play(const json& rec, Diagnostics& diags) {
  auto err = [&](const std::string& field, const std::string& code, const std::string& msg) {
    diags.error(field, "prefa." + code, msg);
  };
  if (m_st.over) {
    err("hand", "game_over", "the game is over: all pools are 0 after hand " + std::to_string(m_st.hands) +
                                 "; no hand can follow the game-ending hand");
    return std::nullopt;
  }
  const int expected_hand = m_st.hands + 1;
  for (auto it = rec.begin(); it != rec.end(); ++it)
    if (!k_record_fields.count(it.key()))
      diags.warning(it.key(), "prefa.unknown_field", "unknown field '" + it.key() + "' ignored");

  auto has = [&](const char* k) { return rec.contains(k) && !rec[k].is_null(); };
  // spec prefa §3.2 E-H1
  if (has("hand")) {
    if (!is_whole(rec["hand"]) || rec["hand"].get<ll>() != expected_hand) {
      err("hand", "hand_number", show(rec["hand"]) + " is not the next hand: hand numbers must be consecutive, expected " +
                                     std::to_string(expected_hand));
      return std::nullopt;
    }
  }
  // E-H3 / W-H4
  int dealer = m_st.dealer;
  if (has("dealer")) {
    if (!rec["dealer"].is_string() || index_of(rec["dealer"].get<std::string>()) < 0) {
      err("dealer", "unknown_dealer", "unknown dealer " + show(rec["dealer"]) + "; the players are " + [&] {
        std::string s;
        for (const auto& p : m_players) s += (s.empty() ? "" : ", ") + p;
        return s;
      }());
      return std::nullopt;
    }
    dealer = index_of(rec["dealer"].get<std::string>());
    if (dealer != m_st.dealer)
      diags.warning("dealer", "prefa.dealer_rotation", "dealer out of rotation: " + name(dealer) + " dealt, expected " + name(m_st.dealer));
  }
  const int sitting_out = m_n == 4 ? dealer : -1;
  auto active = [&](int p) { return p >= 0 && p != sitting_out; };
  auto players_list = [&] {
    std::string s;
    for (const auto& p : m_players) s += (s.empty() ? "" : ", ") + p;
    return s;
  };

  // E-H5 type
  std::string type;
  if (has("type")) {
    if (!rec["type"].is_string()) {
      err("type", "type", show(rec["type"]) + " is not a hand type: contract, all_pass, withdrawn, conceded or polles");
      return std::nullopt;
    }
    type = rec["type"].get<std::string>();
  } else if (has("declarer")) {
    type = "contract";
  } else {
    err("type", "type_missing", "missing: contract (with a declarer), all_pass, withdrawn, conceded or polles");
    return std::nullopt;
  }
  if (type != "contract" && type != "all_pass" && type != "withdrawn" && type != "conceded" && type != "polles") {
    err("type", "type", "\"" + type + "\" is not a hand type: contract, all_pass, withdrawn, conceded or polles");
    return std::nullopt;
  }
  if (type == "withdrawn" && !m_opt.provisional) err("type", "type_option", "type withdrawn is not allowed under current options (needs provisional_entry=on)");
  if (type == "conceded" && !m_opt.concession) err("type", "type_option", "type conceded is not allowed under current options (needs concession=on)");
  if (type == "polles" && !m_opt.polles) err("type", "type_option", "type polles is not allowed under current options (needs all_pass=polles)");
  if (type == "all_pass" && m_opt.polles)
    err("type", "type_option", "type all_pass is not allowed under current options: with all_pass=polles an all-pass hand is played (type polles)");
  if (diags.has_errors()) return std::nullopt;

  // first_bidder (option first_hand_seven_of_diamonds, hand 1 only; spec prefa §5.2)
  int first_bidder = -1;
  bool first_hand = m_st.fresh && expected_hand == 1;
  if (has("first_bidder")) {
    if (!m_opt.seven_diamonds) {
      err("first_bidder", "first_bidder_option", "first_bidder is only used with option first_hand_seven_of_diamonds=on");
    } else if (!first_hand) {
      err("first_bidder", "first_bidder_hand", "first_bidder belongs to hand 1 only");
    } else if (!rec["first_bidder"].is_string() || index_of(rec["first_bidder"].get<std::string>()) < 0) {
      err("first_bidder", "unknown_player", "unknown player " + show(rec["first_bidder"]) + "; the players are " + players_list());
    } else {
      first_bidder = index_of(rec["first_bidder"].get<std::string>());
      if (!active(first_bidder)) err("first_bidder", "first_bidder_inactive", name(first_bidder) + " deals and sits out: he holds no 7 of diamonds");
    }
  } else if (m_opt.seven_diamonds && first_hand) {
    err("first_bidder", "first_bidder_missing", "missing: with option first_hand_seven_of_diamonds hand 1 names the 7-of-diamonds holder who bid first");
  }
  if (diags.has_errors()) return std::nullopt;

  // seat order (spec prefa §1): 1st hand = dealer's right-hand neighbour (hand 1 with the option: first_bidder)
  std::vector<int> seats;
  {
    int s0 = first_bidder >= 0 ? first_bidder : (dealer + 1) % m_n;
    for (int k = 0; k < m_n; ++k) {
      int p = (s0 + k) % m_n;
      if (active(p)) seats.push_back(p);
    }
  }

  // auction (spec prefa §3.3)
  AuctionOutcome auction;
  bool has_auction = has("auction");
  if (has_auction) {
    auction = check_auction(rec["auction"], seats, m_players, m_opt, diags);
    if (!auction.ok) return std::nullopt;
    bool all_passed = auction.winner < 0;
    bool pass_type = type == "all_pass" || type == "polles";
    if (all_passed && !pass_type)
      err("type", "auction_outcome", "everybody passed in the auction, so the hand type is " + std::string(m_opt.polles ? "polles" : "all_pass") + ", not " + type);
    if (!all_passed && pass_type)
      err("type", "auction_outcome", "the auction was won by " + name(auction.winner) + ": type " + type + " needs everybody to pass");
    if (!all_passed && type == "withdrawn" && !auction.provisional)
      err("type", "auction_outcome", "withdrawn needs a provisional win, but " + name(auction.winner) + " won the auction with " +
                                         (auction.high ? auction.high->name() : std::string("?")));
    if (diags.has_errors()) return std::nullopt;
  }

  // declarer / contract fields per type
  const bool needs_declarer = type == "contract" || type == "withdrawn" || type == "conceded";
  const bool needs_contract = type == "contract" || type == "conceded";
  int d = -1;
  if (needs_declarer) {
    if (!has("declarer")) {
      err("declarer", "declarer_missing", "missing: a " + type + " hand needs the declarer");
      return std::nullopt;
    }
    if (!rec["declarer"].is_string() || index_of(rec["declarer"].get<std::string>()) < 0) {
      err("declarer", "unknown_player", "unknown player " + show(rec["declarer"]) + "; the players are " + players_list());
      return std::nullopt;
    }
    d = index_of(rec["declarer"].get<std::string>());
    if (!active(d)) {
      err("declarer", "declarer_sits_out", name(d) + " is the dealer: the dealer sits out and cannot declare");
      return std::nullopt;
    }
    if (has_auction && auction.winner != d) {
      err("declarer", "auction_outcome", "the auction was won by " + name(auction.winner) + ", not " + name(d));
      return std::nullopt;
    }
  } else {
    for (const char* k : {"declarer", "contract", "won_bid", "calls", "along", "four_aces"})
      if (has(k) && !(std::string(k) == "four_aces" && rec[k] == false))
        err(k, "field_not_allowed", std::string(k) + " has no meaning in a " + type + " hand");
  }
  if (type == "withdrawn") {
    for (const char* k : {"contract", "won_bid", "calls", "along", "tricks", "four_aces"})
      if (has(k) && !(std::string(k) == "four_aces" && rec[k] == false))
        err(k, "field_not_allowed", std::string(k) + " has no meaning in a withdrawn hand: the declarer withdrew before announcing a contract");
    if (!has_auction)
      diags.warning("auction", "prefa.withdrawn_unchecked", "cannot verify the provisional entry: no auction recorded");
  }
  if (type == "conceded") {
    for (const char* k : {"calls", "along", "tricks"})
      if (has(k)) err(k, "field_not_allowed", std::string(k) + " must be absent in a conceded hand: it is scored as down 2 with fixed tricks");
  }
  if (type == "all_pass" && has("tricks")) err("tricks", "field_not_allowed", "an all-pass hand is not played: no tricks");
  if (diags.has_errors()) return std::nullopt;

  std::optional<Contract> contract;
  int gv = 0;
  bool four_aces = false;
  if (needs_contract) {
    if (!has("contract")) {
      err("contract", "contract_missing", "missing: a " + type + " hand needs the contract (6S..10H)");
      return std::nullopt;
    }
    std::string cs = rec["contract"].is_string() ? rec["contract"].get<std::string>() : show(rec["contract"]);
    contract = rec["contract"].is_string() ? parse_contract(cs) : std::nullopt;
    if (!contract) {
      err("contract", "contract_format", "\"" + cs + "\" is not a contract: 6..10 tricks and S, C, D, H or NT (6S..10H)");
      return std::nullopt;
    }
    if (contract->level == 10 && contract->strain == 4 && m_opt.ten_nt == 0) {
      err("contract", "contract_10nt", "10NT is not allowed (option ten_no_trumps is off)");
      return std::nullopt;
    }
    // E-C3
    std::optional<Contract> floor;
    if (has_auction && !auction.provisional) floor = auction.high;
    if (has("won_bid")) {
      auto wb = rec["won_bid"].is_string() ? parse_contract(rec["won_bid"].get<std::string>()) : std::nullopt;
      if (!wb || (wb->level == 10 && wb->strain == 4 && m_opt.ten_nt == 0)) {
        err("won_bid", "contract_format", show(rec["won_bid"]) + " is not a contract bid (6S..10H)");
        return std::nullopt;
      }
      if (has_auction && auction.high && wb->rank() != auction.high->rank() && !auction.provisional)
        err("won_bid", "won_bid_auction", "won_bid " + wb->name() + " differs from the auction, won with " + auction.high->name());
      if (!floor || wb->rank() > floor->rank()) floor = wb;
    }
    if (floor && contract->rank() < floor->rank())
      err("contract", "contract_below_bid", "declared contract " + contract->name() + " is below the auction contract " + floor->name() +
                                                ": the declarer must announce at least the contract he won");
    // E-C4
    if (has("four_aces")) {
      if (!rec["four_aces"].is_boolean()) {
        err("four_aces", "four_aces_type", show(rec["four_aces"]) + " is not true or false");
      } else {
        four_aces = rec["four_aces"].get<bool>();
        if (four_aces && m_opt.aces == Options::Aces::off) err("four_aces", "four_aces_option", "four aces bonus not in use (option four_aces is off)");
      }
    }
    if (diags.has_errors()) return std::nullopt;
    gv = contract->level == 10 && contract->strain == 4 ? m_opt.ten_nt : k_game_values[contract->level - 6][contract->strain];
    if (four_aces && m_opt.aces == Options::Aces::raise) gv += m_opt.aces_raise;  // spec prefa §4.1
  }

  // ---- scoring on a copy of the state
  State next = m_st;
  State before = m_st;
  Ledger led{next, m_opt, m_n, {}, {}};
  ojson breakdown = ojson::object();
  breakdown["type"] = type;
  std::string outcome;
  std::map<std::string, ll> tricks_out;

  // tricks decoding helper: object of player -> 0..10 (E-T1), keys known players
  std::vector<int> x(static_cast<size_t>(m_n), 0);
  std::vector<bool> given(static_cast<size_t>(m_n), false);
  auto decode_tricks = [&]() -> bool {
    if (!has("tricks")) return true;
    const json& t = rec["tricks"];
    if (!t.is_object()) {
      err("tricks", "tricks_shape", "must be an object player -> tricks, e.g. {\"B\": 7, \"C\": 3}");
      return false;
    }
    for (auto it = t.begin(); it != t.end(); ++it) {
      int p = index_of(it.key());
      if (p < 0) {
        err("tricks", "unknown_player", "unknown player " + it.key() + "; the players are " + players_list());
        continue;
      }
      if (!is_whole(it.value()) || it.value().get<ll>() < 0 || it.value().get<ll>() > 10) {
        err("tricks", "tricks_range", name(p) + ": " + show(it.value()) + " tricks; tricks must be 0..10");
        continue;
      }
      x[static_cast<size_t>(p)] = static_cast<int>(it.value().get<ll>());
      given[static_cast<size_t>(p)] = true;
    }
    return !diags.has_errors();
  };

  int R = -1, L = -1;
  if (d >= 0) {
    for (int step = 1; step < m_n; ++step) {
      int p = (d + step) % m_n;
      if (!active(p)) continue;
      if (R < 0)
        R = p;
      else if (L < 0)
        L = p;
    }
    breakdown["declarer"] = name(d);
    breakdown["defenders"] = {{"R", name(R)}, {"L", name(L)}};
  }
  if (sitting_out >= 0) breakdown["sitting_out"] = name(sitting_out);

  if (type == "all_pass") {
    outcome = "all_pass";  // spec prefa §4.5: nothing is scored
  } else if (type == "withdrawn") {
    // spec prefa §4.5: pool + 2 and 2 points to each of the two other active players
    led.pool_up(d, 2);
    led.pay(d, R, 2, "withdrawal");
    led.pay(d, L, 2, "withdrawal");
    outcome = "withdrawn";
  } else if (type == "polles") {
    // E-T6 and spec prefa §4.5
    if (!has("tricks")) {
      err("tricks", "polles_tricks", "polles needs the three active players' tricks");
      return std::nullopt;
    }
    if (!decode_tricks()) return std::nullopt;
    int sum = 0;
    for (int p = 0; p < m_n; ++p) {
      if (!active(p) && given[static_cast<size_t>(p)] && x[static_cast<size_t>(p)] != 0)
        err("tricks", "tricks_not_played", name(p) + " sits out (dealer): no tricks");
      if (active(p) && !given[static_cast<size_t>(p)]) err("tricks", "tricks_missing", "tricks missing for " + name(p) + ": polles needs the three active players' tricks");
      if (active(p)) sum += x[static_cast<size_t>(p)];
    }
    if (!diags.has_errors() && sum != 10) err("tricks", "tricks_sum", "tricks add up to " + std::to_string(sum) + ", must be 10");
    if (diags.has_errors()) return std::nullopt;
    int m = 10;
    for (int p = 0; p < m_n; ++p)
      if (active(p)) m = std::min(m, x[static_cast<size_t>(p)]);
    for (int p = 0; p < m_n; ++p)
      if (active(p)) {
        led.pool_up(p, x[static_cast<size_t>(p)] - m);
        tricks_out[name(p)] = x[static_cast<size_t>(p)];
      }
    breakdown["fewest_tricks"] = m;
    outcome = "polles";
  } else {
    // contract or conceded (spec prefa §4.2, §4.4)
    const int k = contract->level;
    int T = k < 10 ? 10 - k : m_opt.ten_target;
    const bool declares = k < 10 || m_opt.ten_target == 1;
    std::string mode;
    int e = -1;       // the lone defender (alone) or the taker (along)
    int taken = -1;   // the taken-along defender
    if (type == "conceded") {
      mode = "both";
      // spec prefa §4.5: D = k - 2, x[R] = ceil((12-k)/2), x[L] = floor((12-k)/2)
      x[static_cast<size_t>(d)] = k - 2;
      x[static_cast<size_t>(R)] = (12 - k + 1) / 2;
      x[static_cast<size_t>(L)] = (12 - k) / 2;
    } else {
      // calls (E-D1, E-D2)
      std::string cR, cL;
      if (declares) {
        if (!has("calls") || !rec["calls"].is_object()) {
          err("calls", "calls_missing", "declarations needed for " + name(R) + " and " + name(L) + " (play or pass)");
          return std::nullopt;
        }
        for (auto it = rec["calls"].begin(); it != rec["calls"].end(); ++it) {
          int p = index_of(it.key());
          if (p != R && p != L) {
            err("calls", "calls_player", it.key() + " is not a defender in this hand: declarations are for " + name(R) + " and " + name(L));
            continue;
          }
          std::string v = it.value().is_string() ? it.value().get<std::string>() : show(it.value());
          if (v != "play" && v != "pass") {
            err("calls", "calls_value", name(p) + ": \"" + v + "\" is not a declaration: play or pass");
            continue;
          }
          (p == R ? cR : cL) = v;
        }
        if (!diags.has_errors() && (cR.empty() || cL.empty()))
          err("calls", "calls_missing", "declarations needed for " + name(R) + " and " + name(L) + "; missing for " + name(cR.empty() ? R : L));
      } else {
        if (has("calls"))
          err("calls", "calls_at_ten", "no declarations at 10-trick contracts: the defenders have no target (option ten_level_defence_target is 0)");
        if (has("along")) err("along", "calls_at_ten", "no declarations at 10-trick contracts: nobody takes the other along");
        cR = cL = "play";
      }
      if (diags.has_errors()) return std::nullopt;
      // along (E-D3, E-D4, E-D5)
      int along = -1;
      if (has("along")) {
        if (!rec["along"].is_string() || index_of(rec["along"].get<std::string>()) < 0) {
          err("along", "unknown_player", "unknown player " + show(rec["along"]) + "; the players are " + players_list());
          return std::nullopt;
        }
        along = index_of(rec["along"].get<std::string>());
        if (along != R && along != L) {
          err("along", "along_not_defender", name(along) + " is not a defender: only a defender can take the other along");
          return std::nullopt;
        }
      }
      bool pR = cR == "play", pL = cL == "play";
      if (pR && pL) {
        mode = "both";
        if (along >= 0) err("along", "along_nobody", "nobody to take along: both defenders play");
      } else if (!pR && !pL) {
        mode = "none";
        if (along >= 0) err("along", "along_nobody", "nobody to take along: both defenders passed");
      } else {
        int player = pR ? R : L;
        int passer = pR ? L : R;
        if (along < 0) {
          mode = "alone";
          e = player;
        } else if (along == player) {
          mode = "along";
          e = player;
          taken = passer;
        } else if (m_opt.redeclare && along == R && !pR && pL) {
          mode = "along";  // spec prefa §2.2: the re-declaring first defender becomes the taker
          e = R;
          taken = L;
        } else {
          err("along", "along_passer", name(along) + " passed and cannot take " + name(player) + " along" +
                                           (along == R ? " (re-declaring needs option redeclare_take_along=on)" : ""));
        }
      }
      if (diags.has_errors()) return std::nullopt;
      breakdown["calls"] = declares ? ojson{{name(R), cR}, {name(L), cL}} : ojson(nullptr);

      // tricks (E-T1..E-T5, W-T7)
      if (!decode_tricks()) return std::nullopt;
      if (mode == "none") {
        bool fine = true;
        if (has("tricks"))
          for (int p = 0; p < m_n; ++p)
            if (given[static_cast<size_t>(p)] && x[static_cast<size_t>(p)] != (p == d ? 10 : 0)) fine = false;
        if (!fine) {
          err("tricks", "tricks_no_play", "both defenders passed: no play (tricks absent, or " + name(d) + ": 10)");
          return std::nullopt;
        }
        std::fill(x.begin(), x.end(), 0);
        x[static_cast<size_t>(d)] = 10;
      } else {
        std::vector<int> played = {d};
        if (mode == "both") played = {d, R, L};
        if (mode == "alone") played = {d, e};
        if (mode == "along") played = {d, e, taken};
        auto plays = [&](int p) { return std::find(played.begin(), played.end(), p) != played.end(); };
        if (!has("tricks")) {
          err("tricks", "tricks_missing", "missing: tricks of " + [&] {
            std::string s;
            for (int p : played)
              if (p != taken) s += (s.empty() ? "" : ", ") + name(p);
            return s;
          }());
          return std::nullopt;
        }
        int sum = 0;
        for (int p = 0; p < m_n; ++p) {
          if (given[static_cast<size_t>(p)] && !plays(p) && x[static_cast<size_t>(p)] != 0) {
            if (p == sitting_out)
              err("tricks", "tricks_not_played", name(p) + " sits out (dealer): no tricks");
            else
              err("tricks", "tricks_not_played", name(p) + " passed and was not taken along: no tricks");
          }
          if (plays(p) && !given[static_cast<size_t>(p)] && p != taken) err("tricks", "tricks_missing", "tricks missing for " + name(p));
          if (plays(p)) sum += x[static_cast<size_t>(p)];
        }
        if (diags.has_errors()) return std::nullopt;
        if (sum != 10) {
          err("tricks", "tricks_sum", "tricks add up to " + std::to_string(sum) + ", must be 10");
          return std::nullopt;
        }
        if (mode == "along" && x[static_cast<size_t>(taken)] > 0)
          diags.warning("tricks", "prefa.taken_along_tricks", name(taken) + "'s tricks are credited to " + name(e) + " (taken along)");
      }
    }
    for (int p = 0; p < m_n; ++p)
      if (p == d || (mode != "none" && (p == R || p == L) && (mode == "both" || p == e || p == taken)))
        tricks_out[name(p)] = x[static_cast<size_t>(p)];

    // ---- settlement (spec prefa §4.4)
    const int D = x[static_cast<size_t>(d)];
    bool success = true;
    int mult = 1;
    ojson targets = ojson::object();
    if (mode == "both") {
      targets[name(R)] = (T + 1) / 2;
      targets[name(L)] = T / 2;
    } else if (mode == "alone") {
      targets[name(e)] = (T + 1) / 2;
    } else if (mode == "along") {
      targets[name(e)] = T;
    }
    int c = 0;
    if (mode == "both") c = x[static_cast<size_t>(R)] + x[static_cast<size_t>(L)];
    if (mode == "alone") c = x[static_cast<size_t>(e)];
    if (mode == "along") c = x[static_cast<size_t>(e)] + x[static_cast<size_t>(taken)];

    if (mode == "none") {
      led.pool_down(d, gv, m_players);
      outcome = "made_unplayed";
    } else if (D < k) {
      // declarer down: the defenders' targets play no role
      int short_by = k - D;
      mult = short_by >= 2 ? 2 : 1;
      led.pool_up(d, static_cast<ll>(mult) * gv);
      if (mode == "both") {
        led.pay(d, R, static_cast<ll>(mult) * gv * x[static_cast<size_t>(R)], "declarer_down");
        led.pay(d, L, static_cast<ll>(mult) * gv * x[static_cast<size_t>(L)], "declarer_down");
      } else {
        led.pay(d, e, static_cast<ll>(mult) * gv * c, "declarer_down");
      }
      if (sitting_out >= 0) led.pay(d, sitting_out, short_by == 1 ? m_opt.sit_out_1 : m_opt.sit_out_2, "sitting_out_dealer");
      success = false;
      outcome = type == "conceded" ? "conceded" : (short_by >= 2 ? "down_2plus" : "down_1");
      breakdown["short"] = short_by;
    } else if (mode == "both") {
      if (c >= T) {
        led.pool_down(d, gv, m_players);
        led.pay(d, R, static_cast<ll>(gv) * x[static_cast<size_t>(R)], "defender_tricks");
        led.pay(d, L, static_cast<ll>(gv) * x[static_cast<size_t>(L)], "defender_tricks");
        outcome = "made";
      } else {
        // defence down: the declarer's pool does not move
        int S = T - c;
        int t[2] = {(T + 1) / 2, T / 2};
        int seat[2] = {R, L};
        bool failed[2];
        for (int i = 0; i < 2; ++i) failed[i] = x[static_cast<size_t>(seat[i])] < t[i];
        for (int i = 0; i < 2; ++i) {
          if (!failed[i]) continue;
          int me = seat[i], other = seat[1 - i];
          int mult_e = (S >= 2 && t[i] - x[static_cast<size_t>(me)] >= 2) ? 2 : 1;
          mult = std::max(mult, mult_e);
          led.pay(me, d, static_cast<ll>(mult_e) * gv * D, "defence_failed");
          if (!failed[1 - i]) {
            int m_pc = m_opt.partner_single ? 1 : mult_e;
            led.pay(me, other, static_cast<ll>(m_pc) * gv * x[static_cast<size_t>(other)], "partner_compensation");
          }
        }
        outcome = "defence_failed";
        breakdown["defence_short"] = S;
      }
    } else if (mode == "alone") {
      int t = (T + 1) / 2;
      if (c >= t) {
        led.pool_down(d, gv, m_players);
        led.pay(d, e, static_cast<ll>(gv) * c, "defender_tricks");
        outcome = "made";
      } else {
        mult = t - c >= 2 ? 2 : 1;
        led.pay(e, d, static_cast<ll>(mult) * gv * D, "defence_failed");
        outcome = "defence_failed";
        breakdown["defence_short"] = t - c;
      }
    } else {  // along
      if (c >= T) {
        led.pool_down(d, gv, m_players);
        led.pay(d, e, static_cast<ll>(gv) * c, "defender_tricks");
        outcome = "made";
      } else {
        if (!m_opt.per_seat) {
          mult = T - c >= 2 ? 2 : 1;
          led.pay(e, d, static_cast<ll>(mult) * gv * D, "defence_failed");
        } else {
          // option taken_along_failure=per_seat: each seat as if both played, every seat charged to the taker
          int S = T - c;
          int t[2] = {(T + 1) / 2, T / 2};
          int seat[2] = {R, L};
          for (int i = 0; i < 2; ++i) {
            int xs = x[static_cast<size_t>(seat[i])];
            if (xs >= t[i]) continue;
            int mult_e = (S >= 2 && t[i] - xs >= 2) ? 2 : 1;
            mult = std::max(mult, mult_e);
            led.pay(e, d, static_cast<ll>(mult_e) * gv * D, "defence_failed");
          }
        }
        outcome = "defence_failed";
        breakdown["defence_short"] = T - c;
      }
    }
    // four aces bonus: not doubled, every other player including the sitting-out dealer
    if (four_aces && m_opt.aces == Options::Aces::bonus) {
      int B = k == 6 ? m_opt.aces_bonus_6 : m_opt.aces_bonus_7;
      for (int q = 0; q < m_n; ++q) {
        if (q == d) continue;
        if (success)
          led.pay(q, d, B, "four_aces");
        else
          led.pay(d, q, B, "four_aces");
      }
    }
    breakdown["contract"] = contract->name();
    breakdown["gv"] = gv;
    breakdown["level"] = k;
    breakdown["mode"] = mode;
    if (mode == "alone") breakdown["lone_defender"] = name(e);
    if (mode == "along") {
      breakdown["taker"] = name(e);
      breakdown["taken"] = name(taken);
    }
    breakdown["target"] = T;
    breakdown["targets"] = targets;
    breakdown["declarer_tricks"] = D;
    breakdown["defence_tricks"] = mode == "none" ? 0 : c;
    breakdown["multiplier"] = mult;
    breakdown["success"] = success;
    if (four_aces) breakdown["four_aces"] = true;
  }
  if (!tricks_out.empty()) {
    ojson t = ojson::object();
    for (int p = 0; p < m_n; ++p)
      if (tricks_out.count(name(p))) t[name(p)] = tricks_out[name(p)];
    breakdown["tricks"] = t;
  }
  breakdown["outcome"] = outcome;

  // ---- advance: dealer rotation (spec prefa §5.2) and game end (spec prefa §5.3)
  next.hands = expected_hand;
  next.fresh = false;
  next.dealer = first_bidder >= 0 ? first_bidder : (dealer + 1) % m_n;
  int positive = 0, nonzero = 0;
  for (ll p : next.pool) {
    positive += p > 0;
    nonzero += p != 0;
  }
  bool ends = positive == 0 || (m_opt.all_but_one && positive == 1);
  if (ends) {
    if (nonzero > 0) end_settlement(next, &led.transfers);
    next.over = true;
    breakdown["game_over"] = true;
  }
  for (const auto& [code, msg] : led.warnings) diags.warning("pools", code, msg);

  // ---- the entry
  std::vector<ll> v0 = values(before), v1 = values(next);
  std::vector<ll> dv(static_cast<size_t>(m_n)), dc(static_cast<size_t>(m_n));
  for (int i = 0; i < m_n; ++i) {
    dv[static_cast<size_t>(i)] = v1[static_cast<size_t>(i)] - v0[static_cast<size_t>(i)];
    dc[static_cast<size_t>(i)] = cash(next, i) - cash(before, i);
  }
  breakdown["pools_before"] = per_player_int(before.pool);
  breakdown["cash_delta"] = per_player_money(dc);
  breakdown["value_delta"] = per_player_money(dv);

  ojson entry = ojson::object();
  entry["hand"] = expected_hand;
  entry["dealer"] = name(dealer);
  entry["deltas"] = per_player_money(dv);
  entry["totals"] = per_player_money(v1);
  entry["breakdown"] = breakdown;
  entry["pools"] = per_player_int(next.pool);
  ojson tr = ojson::array();
  for (const auto& t : led.transfers)
    tr.push_back({{"from", name(t.from)}, {"to", name(t.to)}, {"amount", number(static_cast<double>(t.amount) / k_scale)}, {"reason", t.reason}});
  entry["transfers"] = tr;
  m_st = std::move(next);
  return entry;
}

}  // namespace marque::rules::prefa
