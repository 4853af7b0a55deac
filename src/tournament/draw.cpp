// The draw (tournament.md 3): byes (2.4), table sizes (3.1), round 1 from the lot order (3.4), `rotation` planning
// the remaining rounds by a seeded annealing or, for a last round of at most 16 entrants, by enumerating every
// partition (3.5), `swiss` (3.6), `fixed` (3.7); seats, first dealers and table codes (3.2). Integer arithmetic
// only: the acceptance test of the annealing is fixed-point, so a draw is the same on every machine.
#include "tournament/tournament.hpp"

namespace marque::tournament {

namespace {

constexpr int64_t k_w_rp = 1000000, k_w_rp2 = 1000, k_w_b2b = 10, k_w_sz = 1;
constexpr int k_proposals_per_round = 200000;
constexpr int k_exhaustive_max = 16;

struct Cost {
  int64_t rp = 0, rp2 = 0, b2b = 0, sz = 0;
  auto operator<=>(const Cost&) const = default;
  int64_t weighted() const { return rp * k_w_rp + rp2 * k_w_rp2 + b2b * k_w_b2b + sz * k_w_sz; }
};

// floor(2^32 * exp(-num/den)) for num, den > 0, in integers: exp(-y) = exp(-y/1024)^1024, the small power by its
// Taylor series
uint64_t exp_neg_fixed(int64_t num, int64_t den) {
  if (num <= 0) return uint64_t{1} << 32;
  if (num >= 40 * den) return 0;
  __extension__ using u128 = unsigned __int128;
  const u128 one = u128{1} << 32;
  const u128 z = (static_cast<u128>(num) << 32) / (static_cast<u128>(den) * 1024);  // y/1024 in 2^-32 units
  u128 e = one - z + (z * z >> 33) - (z * z * z / (u128{6} << 64));
  for (int i = 0; i < 10; ++i) e = e * e >> 32;
  return static_cast<uint64_t>(e);
}

// the players' meetings: history rounds and premet pairs
struct Meetings {
  size_t n = 0;
  std::vector<int> m;
  explicit Meetings(size_t count) : n(count), m(count * count, 0) {}
  int& at(size_t a, size_t b) { return m[a * n + b]; }
  int get(size_t a, size_t b) const { return m[a * n + b]; }
  void meet(size_t a, size_t b, int d = 1) {
    at(a, b) += d;
    at(b, a) += d;
  }
};

size_t index_of(const Event& e, const std::string& id) {
  for (size_t i = 0; i < e.entrants.size(); ++i)
    if (e.entrants[i].id == id) return i;
  return e.entrants.size();
}

Meetings meetings_before(const Event& e, int round) {
  Meetings mt(e.entrants.size());
  for (const auto& r : e.rounds) {
    if (r.number >= round) continue;
    for (const auto& t : r.tables)
      for (size_t a = 0; a < t.seats.size(); ++a)
        for (size_t b = a + 1; b < t.seats.size(); ++b) {
          const size_t i = index_of(e, t.seats[a]), j = index_of(e, t.seats[b]);
          if (i < mt.n && j < mt.n) mt.meet(i, j);
        }
  }
  for (const auto& [x, y] : e.settings.premet) {
    const size_t i = index_of(e, x), j = index_of(e, y);
    if (i < mt.n && j < mt.n && i != j) mt.meet(i, j);
  }
  return mt;
}

int pairs_of(int k) { return k * (k - 1) / 2; }

// 3.9: the pigeonhole bound of a round after the groups of the previous one
int pigeonhole(const std::vector<int>& groups_of_seated, const std::vector<int>& sizes) {
  std::set<int> groups(groups_of_seated.begin(), groups_of_seated.end());
  const int m = static_cast<int>(groups.size());
  if (m == 0) return 0;
  int bound = 0;
  for (int k : sizes) {
    const int q = k / m, rem = k % m;
    bound += rem * pairs_of(q + 1) + (m - rem) * pairs_of(q);
  }
  return bound;
}

// 3.9: the proven lower bound of the repeated pairs (RP, 3.5.1) among `seated` once `planned` rounds of `sizes`
// follow the rounds before `round`: the counting bound and the history's RP plus the pigeonhole bound of the next
// round; *hist_rp gets the history's own RP among them
int64_t rp_bound(const Event& e, int round, const std::vector<std::string>& seated, const std::vector<int>& sizes,
                 int planned, int64_t* hist_rp) {
  Meetings mt = meetings_before(e, round);
  std::vector<int> groups;
  int next_group = 1000000;
  int64_t meet = 0, rp = 0;
  const Round* prev = round >= 2 && static_cast<size_t>(round - 1) <= e.rounds.size()
                          ? &e.rounds[static_cast<size_t>(round - 2)]
                          : nullptr;
  for (size_t a = 0; a < seated.size(); ++a) {
    int group = next_group++;
    if (prev)
      for (size_t t = 0; t < prev->tables.size(); ++t) {
        const auto& seats = prev->tables[t].seats;
        if (std::find(seats.begin(), seats.end(), seated[a]) != seats.end()) group = static_cast<int>(t);
      }
    groups.push_back(group);
    for (size_t b = a + 1; b < seated.size(); ++b) {
      const int v = mt.get(index_of(e, seated[a]), index_of(e, seated[b]));
      meet += v;
      rp += std::max(0, v - 1);
    }
  }
  int64_t per_round = 0;
  for (int k : sizes) per_round += pairs_of(k);
  const int64_t n = static_cast<int64_t>(seated.size());
  if (hist_rp) *hist_rp = rp;
  return std::max<int64_t>({0, meet + per_round * planned - n * (n - 1) / 2, rp + pigeonhole(groups, sizes)});
}

// the search over the planned rounds of a rotation draw (3.5)
struct Plan {
  const Event& e;
  std::vector<size_t> who;    // local player -> entrant index
  std::vector<int> fixed;     // local player -> table index it must sit at, or -1
  std::vector<int> sizes;     // table sizes (table-number order)
  std::vector<bool> nonpref;  // per table: a size the game does not prefer
  int rounds = 1;             // planned rounds
  std::vector<int> prev;      // table of each local player in the round before (-1: not seated / none)
  std::vector<int> sz_hist;   // rounds at a non-preferred size so far
  std::vector<int> meet;      // local meetings (history + premet), n*n
  size_t n = 0;
  // the schedule: tab[q][p] = table of p in planned round q; members[q][t] = players at table t
  std::vector<std::vector<int>> tab;
  std::vector<std::vector<std::vector<int>>> members;

  int& m(size_t a, size_t b) { return meet[a * n + b]; }
  bool together(int q, size_t a, size_t b) const {
    if (q < 0) return prev[a] >= 0 && prev[a] == prev[b];
    if (q >= rounds) return false;
    return tab[static_cast<size_t>(q)][a] == tab[static_cast<size_t>(q)][b];
  }

  Cost cost() const {
    Cost c;
    for (size_t a = 0; a < n; ++a)
      for (size_t b = a + 1; b < n; ++b) {
        const int v = meet[a * n + b];
        c.rp += std::max(0, v - 1);
        c.rp2 += std::max(0, v - 2);
      }
    for (int q = 0; q < rounds; ++q)
      for (size_t a = 0; a < n; ++a)
        for (size_t b = a + 1; b < n; ++b)
          if (together(q, a, b) && together(q - 1, a, b)) ++c.b2b;
    for (size_t a = 0; a < n; ++a) {
      int s = sz_hist[a];
      for (int q = 0; q < rounds; ++q) s += nonpref[static_cast<size_t>(tab[static_cast<size_t>(q)][a])] ? 1 : 0;
      c.sz += s * (s - 1) / 2;
    }
    return c;
  }

  void place(int q, size_t p, int t) {
    tab[static_cast<size_t>(q)][p] = t;
    auto& mem = members[static_cast<size_t>(q)][static_cast<size_t>(t)];
    for (int x : mem) {
      ++m(p, static_cast<size_t>(x));
      ++m(static_cast<size_t>(x), p);
    }
    mem.push_back(static_cast<int>(p));
  }

  // each planned round: the players shuffled by that round's generator and cut into tables, fixed ones first
  void start(uint64_t seed, int first_round) {
    tab.assign(static_cast<size_t>(rounds), std::vector<int>(n, -1));
    members.assign(static_cast<size_t>(rounds), std::vector<std::vector<int>>(sizes.size()));
    for (int q = 0; q < rounds; ++q) {
      std::vector<size_t> order;
      for (size_t p = 0; p < n; ++p)
        if (fixed[p] >= 0)
          place(q, p, fixed[p]);
        else
          order.push_back(p);
      SplitMix64 g = round_generator(seed, first_round + q);
      shuffle(order, g);
      size_t t = 0;
      for (size_t p : order) {
        while (members[static_cast<size_t>(q)][t].size() >= static_cast<size_t>(sizes[t])) ++t;
        place(q, p, static_cast<int>(t));
      }
    }
  }

  // the change of cost if a (at table ta) and b (at tb) of round q swapped
  Cost delta(int q, size_t a, size_t b) {
    Cost d;
    const auto& mem = members[static_cast<size_t>(q)];
    const int ta = tab[static_cast<size_t>(q)][a], tb = tab[static_cast<size_t>(q)][b];
    auto side = [&](size_t from, size_t to, int t) {  // `from` leaves table t, `to` joins it
      for (int xi : mem[static_cast<size_t>(t)]) {
        const size_t x = static_cast<size_t>(xi);
        if (x == from) continue;
        const int lose = m(from, x), gain = m(to, x);
        if (lose >= 2) --d.rp;
        if (lose >= 3) --d.rp2;
        if (gain >= 1) ++d.rp;
        if (gain >= 2) ++d.rp2;
        d.b2b -= (together(q - 1, from, x) ? 1 : 0) + (together(q + 1, from, x) ? 1 : 0);
        d.b2b += (together(q - 1, to, x) ? 1 : 0) + (together(q + 1, to, x) ? 1 : 0);
      }
    };
    side(a, b, ta);
    side(b, a, tb);
    const bool na = nonpref[static_cast<size_t>(ta)], nb = nonpref[static_cast<size_t>(tb)];
    if (na != nb) {
      auto count = [&](size_t p) {
        int s = sz_hist[p];
        for (int r = 0; r < rounds; ++r) s += nonpref[static_cast<size_t>(tab[static_cast<size_t>(r)][p])] ? 1 : 0;
        return s;
      };
      const int sa = count(a), sb = count(b);
      // a moves to tb's kind, b to ta's
      d.sz += nb ? sa : -(sa - 1);
      d.sz += na ? sb : -(sb - 1);
    }
    return d;
  }

  void swap(int q, size_t a, size_t b) {
    auto& mem = members[static_cast<size_t>(q)];
    const int ta = tab[static_cast<size_t>(q)][a], tb = tab[static_cast<size_t>(q)][b];
    for (int x : mem[static_cast<size_t>(ta)])
      if (static_cast<size_t>(x) != a) {
        --m(a, static_cast<size_t>(x)), --m(static_cast<size_t>(x), a);
        ++m(b, static_cast<size_t>(x)), ++m(static_cast<size_t>(x), b);
      }
    for (int x : mem[static_cast<size_t>(tb)])
      if (static_cast<size_t>(x) != b) {
        --m(b, static_cast<size_t>(x)), --m(static_cast<size_t>(x), b);
        ++m(a, static_cast<size_t>(x)), ++m(static_cast<size_t>(x), a);
      }
    std::replace(mem[static_cast<size_t>(ta)].begin(), mem[static_cast<size_t>(ta)].end(), static_cast<int>(a),
                 static_cast<int>(b));
    std::replace(mem[static_cast<size_t>(tb)].begin(), mem[static_cast<size_t>(tb)].end(), static_cast<int>(b),
                 static_cast<int>(a));
    tab[static_cast<size_t>(q)][a] = tb;
    tab[static_cast<size_t>(q)][b] = ta;
  }

  // simulated annealing (3.5.3); stops at the lower bound of RP
  void anneal(SplitMix64& g, int64_t bound) {
    std::vector<size_t> movable;
    for (size_t p = 0; p < n; ++p)
      if (fixed[p] < 0) movable.push_back(p);
    Cost cur = cost(), best = cur;
    auto best_tab = tab;
    if (movable.size() < 2 || sizes.size() < 2 || cur.rp <= bound) return;
    const int64_t total = static_cast<int64_t>(k_proposals_per_round) * rounds;
    const int64_t t_hi = 2 * k_w_rp, t_lo = k_w_rp / 1000;
    for (int64_t i = 0; i < total; ++i) {
      const int q = static_cast<int>(g.next() % static_cast<uint64_t>(rounds));
      const size_t a = movable[g.next() % movable.size()], b = movable[g.next() % movable.size()];
      if (tab[static_cast<size_t>(q)][a] == tab[static_cast<size_t>(q)][b]) continue;
      const Cost d = delta(q, a, b);
      const int64_t w = d.weighted();
      bool accept = w <= 0;
      if (!accept) {
        const int64_t temp = t_hi - (t_hi - t_lo) * i / total;
        accept = (g.next() >> 32) < exp_neg_fixed(w, temp);
      }
      if (!accept) continue;
      swap(q, a, b);
      cur.rp += d.rp, cur.rp2 += d.rp2, cur.b2b += d.b2b, cur.sz += d.sz;
      if (cur < best) {
        best = cur;
        best_tab = tab;
        if (best.rp <= bound) break;
      }
    }
    rebuild(best_tab);
  }

  // back to the history's meetings (no planned round)
  void clear() {
    for (int q = 0; q < rounds; ++q)
      for (const auto& mem : members[static_cast<size_t>(q)])
        for (size_t i = 0; i < mem.size(); ++i)
          for (size_t j = i + 1; j < mem.size(); ++j) {
            --m(static_cast<size_t>(mem[i]), static_cast<size_t>(mem[j]));
            --m(static_cast<size_t>(mem[j]), static_cast<size_t>(mem[i]));
          }
    members.assign(static_cast<size_t>(rounds), std::vector<std::vector<int>>(sizes.size()));
  }
  // the schedule t
  void rebuild(const std::vector<std::vector<int>>& t) {
    clear();
    for (int q = 0; q < rounds; ++q)
      for (size_t p = 0; p < n; ++p) place(q, p, t[static_cast<size_t>(q)][p]);
  }

  // the last round of at most 16: every partition, the exact optimum (the first in the shuffled order on ties)
  void enumerate(SplitMix64& g) {
    std::vector<size_t> order;
    for (size_t p = 0; p < n; ++p)
      if (fixed[p] < 0) order.push_back(p);
    shuffle(order, g);
    clear();  // history only
    std::vector<int> assign(n, -1);
    std::vector<std::vector<size_t>> tables(sizes.size());
    std::vector<bool> has_fixed(sizes.size(), false);
    Cost partial;
    auto add = [&](size_t p, int t, int sign) {
      Cost c;
      for (size_t x : tables[static_cast<size_t>(t)]) {
        const int v = m(p, x);
        c.rp += v >= 1 ? 1 : 0;
        c.rp2 += v >= 2 ? 1 : 0;
        c.b2b += prev[p] >= 0 && prev[p] == prev[x] ? 1 : 0;
      }
      if (nonpref[static_cast<size_t>(t)]) c.sz += sz_hist[p];  // (s+1)s/2 - s(s-1)/2
      partial.rp += sign * c.rp, partial.rp2 += sign * c.rp2, partial.b2b += sign * c.b2b, partial.sz += sign * c.sz;
    };
    for (size_t p = 0; p < n; ++p)
      if (fixed[p] >= 0) {
        add(p, fixed[p], 1);
        tables[static_cast<size_t>(fixed[p])].push_back(p);
        assign[p] = fixed[p];
        has_fixed[static_cast<size_t>(fixed[p])] = true;
      }
    Cost best{INT64_MAX, 0, 0, 0};
    std::vector<int> best_assign;
    std::function<void(size_t)> go = [&](size_t i) {
      if (!(partial < best)) return;
      if (i == order.size()) {
        best = partial;
        best_assign = assign;
        return;
      }
      const size_t p = order[i];
      for (size_t t = 0; t < sizes.size(); ++t) {
        if (tables[t].size() >= static_cast<size_t>(sizes[t])) continue;
        if (tables[t].empty() && !has_fixed[t]) {
          bool earlier = false;  // an earlier empty table of the same size: the same partition
          for (size_t u = 0; u < t && !earlier; ++u)
            earlier = tables[u].empty() && !has_fixed[u] && sizes[u] == sizes[t];
          if (earlier) continue;
        }
        add(p, static_cast<int>(t), 1);
        tables[t].push_back(p);
        assign[p] = static_cast<int>(t);
        go(i + 1);
        tables[t].pop_back();
        assign[p] = -1;
        add(p, static_cast<int>(t), -1);
      }
    };
    go(0);
    rebuild(std::vector<std::vector<int>>{best_assign});
  }
};

struct Drawn {
  std::vector<std::vector<std::string>> tables;
};

// byes (2.4): the fewest byes so far, then the lowest current rank, then the later lot position
std::vector<std::string> choose_byes(const Event& e, int round, const std::vector<std::string>& active, int count,
                                     const std::vector<std::string>& ranking, bool& second) {
  std::map<std::string, int> byes;
  for (const auto& r : e.rounds)
    if (r.number < round)
      for (const auto& id : r.byes) ++byes[id];
  auto pos = [](const std::vector<std::string>& v, const std::string& id) {
    return static_cast<int>(std::find(v.begin(), v.end(), id) - v.begin());
  };
  std::vector<std::string> c = active;
  std::stable_sort(c.begin(), c.end(), [&](const std::string& a, const std::string& b) {
    if (byes[a] != byes[b]) return byes[a] < byes[b];
    const int ra = pos(ranking, a), rb = pos(ranking, b);
    if (ra != rb) return ra > rb;
    return pos(e.lot_order, a) > pos(e.lot_order, b);
  });
  c.resize(static_cast<size_t>(count));
  second = std::any_of(c.begin(), c.end(), [&](const std::string& id) { return byes[id] > 0; });
  return c;
}

std::vector<std::string> current_ranking(const Event& e, int round) {
  std::vector<std::string> out = e.given_ranking;
  if (out.empty() && round > 1)
    for (const auto& row : ranking_of(e, round - 1)) out.push_back(row.entrant);
  for (const auto& id : e.lot_order)
    if (std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
  return out;
}

}  // namespace

std::vector<std::string> derive_lot_order(const Event& e) {
  std::vector<std::string> first, late;
  for (const auto& en : e.entrants)
    if (en.checked_in) (en.arrived_round <= 1 ? first : late).push_back(en.id);
  SplitMix64 g = round_generator(e.settings.seed, 0);
  shuffle(first, g);
  std::stable_sort(late.begin(), late.end(), [&](const std::string& a, const std::string& b) {
    return e.find(a)->arrived_round < e.find(b)->arrived_round;
  });
  first.insert(first.end(), late.begin(), late.end());
  return first;
}

int repeat_pairs(const Event& e, int from, int to) {
  int total = 0;
  for (const auto& r : e.rounds) {
    if (r.number < from || r.number > to) continue;
    Meetings mt = meetings_before(e, r.number);
    for (const auto& t : r.tables)
      for (size_t a = 0; a < t.seats.size(); ++a)
        for (size_t b = a + 1; b < t.seats.size(); ++b) {
          const size_t i = index_of(e, t.seats[a]), j = index_of(e, t.seats[b]);
          if (i < mt.n && j < mt.n && mt.get(i, j) > 0) ++total;
        }
  }
  return total;
}

void draw_round(Event& e, int round, Diagnostics& diags) {
  const Settings& s = e.settings;
  const std::string field = "draw_rounds";
  if (round != static_cast<int>(e.rounds.size()) + 1 || round > s.rounds) {
    diags.error(field, "T10",
                text::Message("tournament.err.draw_not_now")
                    .number("round", round)
                    .number("drawn", static_cast<int64_t>(e.rounds.size()))
                    .number("rounds", s.rounds),
                catalogue());
    return;
  }
  if (!e.rounds.empty() && !e.rounds.back().closed && !e.rounds.back().drawn_here) {
    diags.error(field, "T10", text::Message("tournament.err.round_open").number("round", round - 1), catalogue());
    return;
  }
  // who is drawn: the active entrants in lot order
  std::vector<std::string> active, absent;
  for (const auto& id : e.lot_order) {
    const Entrant* en = e.find(id);
    if (en && e.active(*en, round)) active.push_back(id);
  }
  // absent (2.4): late or known absent; a withdrawn entrant is withdrawn, not absent (2.3)
  for (const auto& en : e.entrants)
    if (std::find(active.begin(), active.end(), en.id) == active.end() && !withdrawn_before(en, round))
      absent.push_back(en.id);
  Sizes sizes = table_sizes(e.profile, static_cast<int>(active.size()), s.table_preference);
  if (!sizes.ok) {
    diags.error("entrants", "T13",
                text::Message("tournament.err.too_many")
                    .number("count", static_cast<int64_t>(active.size()))
                    .number("round", round),
                catalogue());
    return;
  }
  const std::vector<std::string> ranking = current_ranking(e, round);
  Round r;
  r.number = round;
  r.drawn_here = true;
  r.absent = absent;
  bool second = false;
  if (sizes.sit_out > 0) {
    // round 1: the lowest rank is the last in lot order
    r.byes = choose_byes(e, round, active, sizes.sit_out, round == 1 ? e.lot_order : ranking, second);
    if (second) e.warnings.push_back({"TW07", round, 0, "an entrant gets a second bye"});
  }
  std::vector<std::string> seated;
  for (const auto& id : active)
    if (std::find(r.byes.begin(), r.byes.end(), id) == r.byes.end()) seated.push_back(id);
  const size_t T = sizes.tables.size();
  std::vector<std::vector<std::string>> tables(T);
  SplitMix64 g = round_generator(s.seed, round);
  auto fixed_table = [&](const std::string& id) -> int {
    const Entrant* en = e.find(id);
    return en && en->fixed_table && static_cast<size_t>(*en->fixed_table) <= T ? *en->fixed_table - 1 : -1;
  };
  for (const auto& id : seated) {
    const Entrant* en = e.find(id);
    if (en->fixed_table && static_cast<size_t>(*en->fixed_table) > T)
      diags.error("entrants[" + std::to_string(en - e.entrants.data()) + "].fixed_table", "T15",
                  text::Message("tournament.err.fixed_over")
                      .number("table", *en->fixed_table)
                      .number("tables", static_cast<int64_t>(T)),
                  catalogue());
  }
  std::map<int, int> fixed_count;
  for (const auto& id : seated)
    if (int t = fixed_table(id); t >= 0 && ++fixed_count[t] > sizes.tables[static_cast<size_t>(t)])
      diags.error("entrants", "T15", text::Message("tournament.err.fixed_full").number("table", t + 1), catalogue());
  if (diags.has_errors()) return;

  const bool by_lot = round == 1 && s.method != "fixed";
  if (by_lot) {
    // 3.4: fixed entrants at their tables, then the others in lot order
    for (const auto& id : seated)
      if (int t = fixed_table(id); t >= 0) tables[static_cast<size_t>(t)].push_back(id);
    size_t t = 0;
    for (const auto& id : seated) {
      if (fixed_table(id) >= 0) continue;
      while (tables[t].size() >= static_cast<size_t>(sizes.tables[t])) ++t;
      tables[t].push_back(id);
    }
  } else if (s.method == "swiss") {
    Meetings mt = meetings_before(e, round);
    std::vector<std::string> order;
    for (const auto& id : ranking)
      if (std::find(seated.begin(), seated.end(), id) != seated.end()) order.push_back(id);
    std::vector<bool> used(order.size(), false);
    for (size_t t = 0; t < T; ++t) {
      for (size_t i = 0; i < order.size(); ++i)
        if (!used[i]) {
          used[i] = true;
          tables[t].push_back(order[i]);
          break;
        }
      while (tables[t].size() < static_cast<size_t>(sizes.tables[t])) {
        size_t pick = order.size();
        int pick_met = 0, pick_sum = 0;
        for (size_t i = 0; i < order.size(); ++i) {
          if (used[i]) continue;
          int met = 0, sum = 0;
          for (const auto& x : tables[t]) {
            const int v = mt.get(index_of(e, order[i]), index_of(e, x));
            met += v > 0 ? 1 : 0;
            sum += v;
          }
          if (pick == order.size() || met < pick_met || (met == pick_met && sum < pick_sum)) {
            pick = i, pick_met = met, pick_sum = sum;
          }
        }
        if (pick == order.size()) break;
        used[pick] = true;
        tables[t].push_back(order[pick]);
      }
    }
  } else if (s.method == "fixed") {
    const json& plan = s.plan.is_array() && static_cast<size_t>(round) <= s.plan.size()
                           ? s.plan[static_cast<size_t>(round - 1)]
                           : json();
    if (!plan.is_array()) {
      diags.error("event.draw.plan", "T11", text::Message("tournament.err.plan_missing").number("round", round),
                  catalogue());
      return;
    }
    tables.assign(plan.size(), {});
    r.byes.clear();
    for (size_t t = 0; t < plan.size(); ++t)
      for (const auto& no : plan[t]) {
        const Entrant* en = nullptr;
        for (const auto& x : e.entrants)
          if (no.is_number_integer() && x.no == no.get<int>()) en = &x;
        if (en && e.active(*en, round))
          tables[t].push_back(en->id);
        else
          e.warnings.push_back({"TW06", round, static_cast<int>(t) + 1, "an empty seat in the fixed plan"});
      }
    for (auto& t : tables)
      if (static_cast<int>(t.size()) < e.profile.min_table) {
        r.byes.insert(r.byes.end(), t.begin(), t.end());
        t.clear();
      }
    tables.erase(std::remove_if(tables.begin(), tables.end(), [](const auto& t) { return t.empty(); }), tables.end());
  } else {
    // rotation: plan rounds round..R together (3.5.2)
    Plan plan{e, {}, {}, sizes.tables, {}, s.rounds - round + 1, {}, {}, {}, 0, {}, {}};
    int pref = e.profile.preferred;
    if (!s.table_preference.empty() && s.table_preference == e.profile.preference_other && e.profile.other > 0)
      pref = e.profile.other;
    for (int k : sizes.tables) plan.nonpref.push_back(k != pref);
    for (const auto& id : seated) {
      plan.who.push_back(index_of(e, id));
      plan.fixed.push_back(fixed_table(id));
    }
    plan.n = plan.who.size();
    Meetings mt = meetings_before(e, round);
    plan.meet.assign(plan.n * plan.n, 0);
    for (size_t a = 0; a < plan.n; ++a)
      for (size_t b = 0; b < plan.n; ++b) plan.meet[a * plan.n + b] = a == b ? 0 : mt.get(plan.who[a], plan.who[b]);
    plan.prev.assign(plan.n, -1);
    plan.sz_hist.assign(plan.n, 0);
    for (size_t p = 0; p < plan.n; ++p)
      for (const auto& pr : e.rounds)
        for (size_t t = 0; t < pr.tables.size(); ++t) {
          const auto& seats = pr.tables[t].seats;
          if (std::find(seats.begin(), seats.end(), seated[p]) == seats.end()) continue;
          if (static_cast<int>(seats.size()) != pref) ++plan.sz_hist[p];
          if (pr.number == round - 1) plan.prev[p] = static_cast<int>(t);
        }
    plan.start(s.seed, round);
    const int64_t bound = rp_bound(e, round, seated, sizes.tables, plan.rounds, nullptr);
    if (plan.rounds == 1 && plan.n <= static_cast<size_t>(k_exhaustive_max))
      plan.enumerate(g);
    else
      plan.anneal(g, bound);
    for (size_t p = 0; p < plan.n; ++p) tables[static_cast<size_t>(plan.tab[0][p])].push_back(seated[p]);
    // seats: a shuffle from the round generator (3.2)
    for (auto& t : tables) shuffle(t, g);
  }

  // first dealers (3.2): the one who has dealt first least often, ties earlier in the seat order; a rotation
  // round after the first is turned so that he holds seat 1
  std::map<std::string, int> dealt;
  for (const auto& pr : e.rounds)
    for (const auto& t : pr.tables)
      if (!t.first_dealer.empty()) ++dealt[t.first_dealer];
  std::set<std::string> codes;
  for (const auto& pr : e.rounds)
    for (const auto& t : pr.tables) codes.insert(t.code);
  for (size_t t = 0; t < tables.size(); ++t) {
    Table tb;
    tb.number = static_cast<int>(t) + 1;
    tb.seats = tables[t];
    if (!tb.seats.empty()) {
      size_t first = 0;
      if (!by_lot)
        for (size_t i = 1; i < tb.seats.size(); ++i)
          if (dealt[tb.seats[i]] < dealt[tb.seats[first]]) first = i;
      if (s.method == "rotation" && !by_lot)
        std::rotate(tb.seats.begin(), tb.seats.begin() + static_cast<long>(first), tb.seats.end()), first = 0;
      tb.first_dealer = tb.seats[first];
    }
    tb.code = table_code(g, codes);
    tb.result.status = "open";
    tb.result.present = false;
    r.tables.push_back(std::move(tb));
  }
  e.rounds.push_back(std::move(r));
  Round& added = e.rounds.back();
  added.repeat_pairs = repeat_pairs(e, round, round);
  // TW01: repeats above the round's proven bound
  if (added.repeat_pairs > 0 && s.method != "fixed") {
    int64_t hist_rp = 0;
    const int64_t bound = rp_bound(e, round, seated, sizes.tables, 1, &hist_rp) - hist_rp;
    if (added.repeat_pairs > bound)
      e.warnings.push_back(
          {"TW01", round, 0,
           std::to_string(added.repeat_pairs) + " repeat pairs; the proven bound is " + std::to_string(bound)});
  }
}

}  // namespace marque::tournament
