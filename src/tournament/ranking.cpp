// Round points (5.1, 5.2), the event score and the tie-break values (5.3), the ranking with its chain and
// decided_by (5.4), withdrawn and late entrants and the rankings after each round (5.5), corrections and their
// notes (4.5), the league contribution (5.6) and the warnings of the results (TW02, TW03, TW04, TW05, TW08).
#include "tournament/tournament.hpp"

namespace marque::tournament {

namespace {

// what one entrant took from one round
struct Take {
  bool seated = false, bye = false;
  Amount points, total, placement, match, points_for, points_against;
  int wins = 0;
  int table = 0;
};

bool counts(const Event& e, const Result& r) {
  return r.present && (r.status == "confirmed" || r.override_by.is_object() ||
                       (e.settings.confirmation == "none" && r.status == "submitted"));
}

Amount place_points(const Event& e, int k, int place) {  // place 1..k
  const json& t = e.settings.placement_table;
  const std::string key = std::to_string(k);
  if (t.is_object() && t.contains(key) && t[key].is_array() && static_cast<int>(t[key].size()) == k) {
    const json& v = t[key][static_cast<size_t>(place - 1)];
    if (v.is_number_integer()) return Amount::whole(v.get<int64_t>());
    return Amount{static_cast<int64_t>(std::llround(v.get<double>() * 1000000.0)), 1000000};
  }
  if (k < 2) return Amount::whole(12);
  return Amount::ratio(24 * (k - place), k - 1);
}

Amount divide(Amount a, int64_t d) { return Amount{a.units, a.per * d}; }

int active_deals(const Event& e, int k) {
  auto it = e.profile.active_per_n.find(k);
  return it == e.profile.active_per_n.end() ? e.profile.reference_active : it->second;
}

// the match points of a two-sided table for `p` against `q`
Amount match_of(const Event& e, const Result& r, const std::string& p, const std::string& q) {
  const Amount a = r.points.at(p), b = r.points.at(q);
  if (a == b || (r.short_table && e.settings.unfinished == "draw")) return e.settings.mp_draw;
  if (a > b) return r.short_table ? e.settings.mp_short_win : e.settings.mp_win;
  return e.settings.mp_loss;
}

std::map<std::string, Take> round_takes(const Event& e, const Round& r) {
  std::map<std::string, Take> out;
  const Settings& s = e.settings;
  for (const auto& t : r.tables) {
    if (!counts(e, t.result)) continue;
    const Result& res = t.result;
    const int k = static_cast<int>(t.seats.size());
    std::vector<std::string> order = t.seats;
    bool complete = true;
    for (const auto& id : order) complete = complete && res.points.count(id);
    if (!complete) continue;
    std::stable_sort(order.begin(), order.end(),
                     [&](const std::string& a, const std::string& b) { return res.points.at(a) > res.points.at(b); });
    for (size_t i = 0; i < order.size();) {
      size_t j = i;
      Amount sum;
      while (j < order.size() && res.points.at(order[j]) == res.points.at(order[i])) {
        sum += place_points(e, k, static_cast<int>(j) + 1);
        ++j;
      }
      const Amount shared = divide(sum, static_cast<int64_t>(j - i));
      for (size_t x = i; x < j; ++x) {
        Take& tk = out[order[x]];
        tk.seated = true;
        tk.table = t.number;
        tk.placement = shared;
        tk.wins = (i == 0 && j == 1) ? 1 : 0;
      }
      i = j;
    }
    for (const auto& id : t.seats) {
      Take& tk = out[id];
      const Amount raw = res.points.at(id);
      tk.total = raw;
      if (s.normalise == "per_deal") {
        const int dp = active_deals(e, k);
        tk.total = Amount{raw.units * e.profile.reference_active, raw.per * dp};
      }
      tk.points_for = raw;
      if (k == 2) {
        const std::string& other = t.seats[0] == id ? t.seats[1] : t.seats[0];
        tk.points_against = res.points.at(other);
        tk.match = match_of(e, res, id, other);
        tk.wins = res.points.at(id) > res.points.at(other) ? 1 : 0;
      }
      tk.points = s.mode == "placement" ? tk.placement : s.mode == "match" ? tk.match : tk.total;
    }
  }
  auto bye = [&](const std::string& id) {
    Take& tk = out[id];
    tk.bye = true;
    tk.total = s.bye_total;
    tk.placement = Amount::whole(12);
    tk.match = s.bye_mp;
    tk.points_for = s.bye_for;
    tk.points = s.mode == "placement" ? tk.placement : s.mode == "match" ? tk.match : tk.total;
  };
  for (const auto& id : r.byes) bye(id);
  if (s.late == "bye")
    for (const auto& en : e.entrants)
      if (en.checked_in && en.arrived_round > r.number) bye(en.id);
  return out;
}

struct Stats {
  Amount score, total, placement, match, points_for, points_diff;
  Amount wins;
  std::vector<Amount> rounds, best;
  int lot = 0;
  std::optional<Amount> h2h;
};

int compare_values(const Stats& a, const Stats& b, const std::string& c) {  // > 0: a ranks higher
  auto cmp = [](const Amount& x, const Amount& y) { return x > y ? 1 : x < y ? -1 : 0; };
  if (c == "total_points") return cmp(a.total, b.total);
  if (c == "placement_points") return cmp(a.placement, b.placement);
  if (c == "match_points") return cmp(a.match, b.match);
  if (c == "points_for") return cmp(a.points_for, b.points_for);
  if (c == "points_diff") return cmp(a.points_diff, b.points_diff);
  if (c == "wins") return cmp(a.wins, b.wins);
  if (c == "lot") return a.lot < b.lot ? 1 : a.lot > b.lot ? -1 : 0;
  if (c == "head_to_head") return cmp(a.h2h.value_or(Amount{}), b.h2h.value_or(Amount{}));
  for (size_t i = 0; i < std::min(a.best.size(), b.best.size()); ++i)  // best_rounds
    if (int v = cmp(a.best[i], b.best[i])) return v;
  return 0;
}

struct Ranker {
  const Event& e;
  int through;
  std::map<std::string, Stats> stats;
  std::map<std::string, std::string> label;        // entrant -> decided_by
  std::vector<std::map<std::string, Take>> takes;  // per round 1..through

  // head-to-head within a group: every two met, else nullopt
  bool head_to_head(const std::vector<std::string>& group) {
    std::set<std::pair<std::string, std::string>> met;
    std::map<std::string, Amount> value;
    for (int rn = 1; rn <= through; ++rn) {
      const Round& r = e.rounds[static_cast<size_t>(rn - 1)];
      for (const auto& t : r.tables) {
        if (!counts(e, t.result)) continue;
        for (const auto& p : t.seats)
          for (const auto& q : t.seats) {
            if (p == q || std::find(group.begin(), group.end(), p) == group.end() ||
                std::find(group.begin(), group.end(), q) == group.end() || !t.result.points.count(p) ||
                !t.result.points.count(q))
              continue;
            met.insert({p, q});
            if (t.seats.size() == 2) {
              value[p] += match_of(e, t.result, p, q);
            } else {
              const Amount a = t.result.points.at(p), b = t.result.points.at(q);
              value[p] += Amount::whole(a > b ? 1 : a < b ? -1 : 0);
            }
          }
      }
    }
    for (const auto& p : group)
      for (const auto& q : group)
        if (p != q && !met.count({p, q})) return false;
    for (const auto& p : group) stats[p].h2h = value[p];
    return true;
  }

  std::vector<std::string> rank(std::vector<std::string> group, size_t ci) {
    const auto& chain = e.settings.tiebreaks;
    if (group.size() <= 1) return group;
    if (ci >= chain.size()) {  // not separated by the chain: the lot order
      std::sort(group.begin(), group.end(),
                [&](const std::string& a, const std::string& b) { return stats[a].lot < stats[b].lot; });
      for (size_t i = 0; i + 1 < group.size(); ++i) label[group[i]] = "lot";
      return group;
    }
    const std::string& c = chain[ci];
    if (c == "head_to_head" && !head_to_head(group)) return rank(group, ci + 1);
    std::stable_sort(group.begin(), group.end(), [&](const std::string& a, const std::string& b) {
      return compare_values(stats[a], stats[b], c) > 0;
    });
    std::vector<std::string> out;
    for (size_t i = 0; i < group.size();) {
      size_t j = i + 1;
      while (j < group.size() && compare_values(stats[group[i]], stats[group[j]], c) == 0) ++j;
      auto sub = rank(std::vector<std::string>(group.begin() + static_cast<long>(i),
                                               group.begin() + static_cast<long>(j)),
                      ci + 1);
      out.insert(out.end(), sub.begin(), sub.end());
      if (j < group.size()) label[out.back()] = c;
      i = j;
    }
    return out;
  }
};

ojson amount_json(const Amount& a) {
  ojson j = a;
  return j;
}

}  // namespace

Amount league_points(int rank, int ranked) {
  if (ranked <= 1) return Amount::whole(1);
  return Amount::ratio(ranked - rank, ranked - 1);
}

std::vector<Row> ranking_of(const Event& e, int through) {
  through = std::min(through, static_cast<int>(e.rounds.size()));
  Ranker rk{e, through, {}, {}, {}};
  std::vector<std::string> ids;
  for (const auto& en : e.entrants)
    if (en.checked_in && en.arrived_round <= std::max(through, 1)) ids.push_back(en.id);
  for (const auto& id : ids) {
    Stats& st = rk.stats[id];
    const auto pos = std::find(e.lot_order.begin(), e.lot_order.end(), id);
    st.lot = static_cast<int>(pos - e.lot_order.begin()) + 1;
  }
  for (int rn = 1; rn <= through; ++rn) {
    auto takes = round_takes(e, e.rounds[static_cast<size_t>(rn - 1)]);
    for (const auto& id : ids) {
      Stats& st = rk.stats[id];
      auto it = takes.find(id);
      const Take tk = it == takes.end() ? Take{} : it->second;
      st.score += tk.points;
      st.total += tk.total;
      st.placement += tk.placement;
      st.match += tk.match;
      st.points_for += tk.points_for;
      st.points_diff += tk.points_for - tk.points_against;
      st.wins += Amount::whole(tk.wins);
      st.rounds.push_back(tk.points);
    }
  }
  for (auto& [_, st] : rk.stats) {
    st.best = st.rounds;
    std::sort(st.best.begin(), st.best.end(), [](const Amount& a, const Amount& b) { return a > b; });
  }
  auto withdrawn = [&](const std::string& id) {
    const Entrant* en = e.find(id);
    return e.settings.withdrawn == "last" && en->withdrawn_after && *en->withdrawn_after < through;
  };
  std::vector<std::string> going, gone;
  for (const auto& id : ids) (withdrawn(id) ? gone : going).push_back(id);
  std::vector<std::string> order = rk.rank(going, 0);
  if (!order.empty() && !gone.empty()) rk.label[order.back()] = "withdrawn";
  for (const auto& id : rk.rank(gone, 0)) order.push_back(id);
  std::vector<Row> rows;
  const int m = static_cast<int>(order.size());
  for (size_t i = 0; i < order.size(); ++i) {
    const std::string& id = order[i];
    Stats& st = rk.stats[id];
    Row row;
    row.rank = static_cast<int>(i) + 1;
    row.entrant = id;
    row.score = st.score;
    const auto& chain = e.settings.tiebreaks;
    for (size_t c = 1; c < chain.size(); ++c) {
      const std::string& k = chain[c];
      if (k == "head_to_head") {
        if (st.h2h) row.tiebreaks[k] = amount_json(*st.h2h);
      } else if (k == "lot") {
        row.tiebreaks[k] = st.lot;
      } else if (k == "best_rounds") {
        ojson list = ojson::array();
        for (const auto& a : st.best) list.push_back(amount_json(a));
        row.tiebreaks[k] = list;
      } else {
        const Amount v = k == "total_points"       ? st.total
                         : k == "placement_points" ? st.placement
                         : k == "match_points"     ? st.match
                         : k == "points_for"       ? st.points_for
                         : k == "points_diff"      ? st.points_diff
                                                   : st.wins;
        row.tiebreaks[k] = amount_json(v);
      }
    }
    row.decided_by = i + 1 < order.size() ? rk.label[id] : "";
    row.rounds = st.rounds;
    row.withdrawn_after = e.find(id)->withdrawn_after;
    row.league_points = league_points(row.rank, m);
    rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<std::pair<std::string, Amount>> league_contribution(const Event& e) {
  std::vector<std::pair<std::string, Amount>> out;
  if (e.settings.league_contribution != "event") return out;
  for (const auto& row : e.ranking) {
    const Entrant* en = e.find(row.entrant);
    if (!en) continue;
    if (en->players.empty())
      out.emplace_back(en->name, row.league_points);
    else
      for (const auto& p : en->players) out.emplace_back(p, row.league_points);
  }
  return out;
}

namespace {

int last_closed(const Event& e) {
  int last = 0;
  for (const auto& r : e.rounds)
    if (r.closed)
      last = r.number;
    else
      break;
  return last;
}

std::set<std::set<std::string>> table_sets(const Round& r) {
  std::set<std::set<std::string>> out;
  for (const auto& t : r.tables) out.insert(std::set<std::string>(t.seats.begin(), t.seats.end()));
  return out;
}

}  // namespace

void compute(Event& e) {
  const Settings& s = e.settings;
  // the warnings of the rounds as played
  std::set<int> kinds;
  for (const auto& r : e.rounds)
    for (const auto& t : r.tables)
      if (t.result.present) kinds.insert(active_deals(e, static_cast<int>(t.seats.size())));
  const bool mixed = s.mode == "total" && s.normalise == "none" && kinds.size() > 1;
  for (auto& r : e.rounds) {
    for (const auto& t : r.tables) {
      if (!t.result.present) continue;
      const json& rl = s.round_length;
      const int k = static_cast<int>(t.seats.size());
      const int limit = rl.value("mode", std::string()) == "deals_per_player" ? k * rl.value("n", 1)
                        : rl.value("mode", std::string()) == "deals"          ? rl.value("deals", 0)
                                                                              : 0;
      if (t.result.short_table || (t.result.deals && limit > 0 && *t.result.deals < limit))
        e.warnings.push_back({"TW02", r.number, t.number, "a short table: the round stopped before its length"});
      if (t.result.override_by.is_object())
        e.warnings.push_back({"TW04", r.number, t.number, "the organiser overrode the result"});
      if (mixed && active_deals(e, k) != e.profile.reference_active)
        e.warnings.push_back({"TW03", r.number, t.number,
                              "totals of tables that are not comparable (scoring.normalise = per_deal makes them so)"});
    }
    if (!r.drawn_here && !r.tables.empty()) {
      int n = static_cast<int>(r.byes.size());
      std::vector<int> sizes;
      for (const auto& t : r.tables)
        n += static_cast<int>(t.seats.size()), sizes.push_back(static_cast<int>(t.seats.size()));
      std::sort(sizes.rbegin(), sizes.rend());
      if (table_sizes(e.profile, n, s.table_preference).tables != sizes && s.method != "fixed")
        e.warnings.push_back({"TW08", r.number, 0, "table sizes differ from the draw's rule (3.1)"});
    }
  }
  // corrections, in order: the latest ranking before and after each (4.5)
  for (auto& c : e.corrections) {
    if (c.applied) continue;
    c.applied = true;
    Round& r = e.rounds[static_cast<size_t>(c.round - 1)];
    Table* t = nullptr;
    for (auto& x : r.tables)
      if (x.number == c.table) t = &x;
    if (!t) continue;
    const int through = last_closed(e);
    const auto before = ranking_of(e, through);
    std::vector<std::vector<std::string>> swiss_before;
    c.before = t->result.points;
    t->result.points = c.after;
    t->result.present = true;
    const auto after = ranking_of(e, through);
    for (const auto& row : after)
      for (const auto& old : before)
        if (old.entrant == row.entrant && old.rank != row.rank)
          c.rank_changes.push_back({row.entrant, old.rank, row.rank});
    // TW05: a Swiss draw already made would now differ
    if (s.method == "swiss" && e.given_ranking.empty())
      for (const auto& later : e.rounds) {
        if (later.number <= c.round || later.number == 1) continue;
        Event copy = e;
        copy.rounds.resize(static_cast<size_t>(later.number - 1));
        copy.warnings.clear();
        Diagnostics d;
        draw_round(copy, later.number, d);
        if (!d.has_errors() && table_sets(copy.rounds.back()) != table_sets(later)) {
          e.warnings.push_back(
              {"TW05", later.number, 0, "the correction changes a ranking an earlier Swiss draw used"});
          break;
        }
      }
  }
  for (auto& r : e.rounds) {
    r.points.clear();
    r.placement.clear();
    for (const auto& [id, tk] : round_takes(e, r)) {
      r.points[id] = tk.points;
      r.placement[id] = tk.placement;
    }
    if (!r.drawn_here) r.repeat_pairs = repeat_pairs(e, r.number, r.number);
    // absent: every entrant neither seated nor on a bye (late, known absent), a withdrawn one aside (2.3, 2.4)
    r.absent.clear();
    for (const auto& en : e.entrants) {
      if (withdrawn_before(en, r.number)) continue;
      bool placed = std::find(r.byes.begin(), r.byes.end(), en.id) != r.byes.end();
      for (const auto& t : r.tables)
        placed = placed || std::find(t.seats.begin(), t.seats.end(), en.id) != t.seats.end();
      if (!placed) r.absent.push_back(en.id);
    }
  }
  e.ranking_after.clear();
  for (const auto& r : e.rounds)
    if (r.closed) e.ranking_after[r.number] = ranking_of(e, r.number);
  e.ranking = ranking_of(e, last_closed(e));
}

}  // namespace marque::tournament
