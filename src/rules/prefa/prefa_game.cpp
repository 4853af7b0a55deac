// Prefa, the game: the fold over records (decode, score, advance), the running state across hands (spec prefa
// §5.1), the general end settlement (§5.3), the values and the result (§5.4, §5.5).
#include <algorithm>
#include <map>
#include <numeric>
#include <set>

#include "rules/prefa/prefa.hpp"

namespace marque::rules::prefa {

void PrefaGame::end_settlement(State& s, std::vector<Transfer>* out) const {
  for (int i = 0; i < m_n; ++i) {
    ll p = s.pool[static_cast<size_t>(i)];
    if (p == 0) continue;
    ll mag = p < 0 ? -p : p;
    // exact: 10 * |p| / N in twelfths; integer_half_up: rounded half up to whole points (spec prefa §5.3)
    ll amount = m_opt.half_up ? ((20 * mag + m_n) / (2 * m_n)) * k_scale : 10 * k_scale * mag / m_n;
    for (int j = 0; j < m_n; ++j) {
      if (j == i || amount == 0) continue;
      int from = p > 0 ? i : j;
      int to = p > 0 ? j : i;
      s.recv[static_cast<size_t>(to)][static_cast<size_t>(from)] += amount;
      if (out) out->push_back({from, to, amount, "end_settlement"});
    }
  }
  for (auto& p : s.pool) p = 0;
}

// decode -> validate (prefa_hand.cpp) -> score (prefa_score.cpp) -> advance: dealer rotation (spec prefa §5.2) and
// game end (§5.3), then the hand as data with the value deltas (§5.4).
std::optional<HandResult> PrefaGame::play_hand(const json& rec, Diagnostics& diags) {
  std::optional<Hand> h = decode_hand(rec, m_players, m_opt, m_st, diags);
  if (!h) return std::nullopt;
  const State before = m_st;
  State next = m_st;
  Scored scored = score_hand(*h, m_players, m_opt, next);
  ojson& breakdown = scored.breakdown;

  next.hands = h->number;
  next.fresh = false;
  next.dealer = h->first_bidder >= 0 ? h->first_bidder : (h->dealer + 1) % m_n;
  int positive = 0, nonzero = 0;
  for (ll p : next.pool) {
    positive += p > 0;
    nonzero += p != 0;
  }
  if (positive == 0 || (m_opt.all_but_one && positive == 1)) {
    if (nonzero > 0) end_settlement(next, &scored.transfers);
    next.over = true;
    breakdown["game_over"] = true;
  }
  for (const auto& [code, words] : scored.warnings) diags.warning("pools", code, words, catalogue());

  std::vector<ll> v0 = values(before), v1 = values(next);
  std::vector<ll> dv(static_cast<size_t>(m_n)), dc(static_cast<size_t>(m_n));
  for (int i = 0; i < m_n; ++i) {
    dv[static_cast<size_t>(i)] = v1[static_cast<size_t>(i)] - v0[static_cast<size_t>(i)];
    dc[static_cast<size_t>(i)] = cash(next, i) - cash(before, i);
  }
  breakdown["pools_before"] = per_player_int(before.pool);
  breakdown["cash_delta"] = per_player_money(dc);
  breakdown["value_delta"] = per_player_money(dv);

  HandResult entry;
  entry.head["hand"] = h->number;
  entry.head["dealer"] = name(h->dealer);
  entry.deltas = amounts(dv);
  entry.totals = amounts(v1);
  entry.breakdown = std::move(breakdown);
  entry.tail["pools"] = per_player_int(next.pool);
  ojson tr = ojson::array();
  for (const auto& t : scored.transfers)
    tr.push_back({{"from", name(t.from)}, {"to", name(t.to)}, {"amount", money(t.amount)}, {"reason", t.reason}});
  entry.tail["transfers"] = std::move(tr);
  m_st = std::move(next);
  return entry;
}

ojson PrefaGame::settlement_json(const State& s) const {
  // spec prefa §5.5: pairwise nets, then the minimal transfers (largest debtor pays largest creditor).
  ojson pairs = ojson::array();
  for (int i = 0; i < m_n; ++i)
    for (int j = i + 1; j < m_n; ++j) {
      ll net = s.recv[static_cast<size_t>(i)][static_cast<size_t>(j)] -
               s.recv[static_cast<size_t>(j)][static_cast<size_t>(i)];
      if (net == 0) continue;
      int from = net > 0 ? j : i;
      int to = net > 0 ? i : j;
      pairs.push_back({{"from", name(from)}, {"to", name(to)}, {"amount", money(net > 0 ? net : -net)}});
    }
  std::vector<ll> bal(static_cast<size_t>(m_n));
  for (int i = 0; i < m_n; ++i) bal[static_cast<size_t>(i)] = cash(s, i);
  ojson minimal = ojson::array();
  for (int guard = 0; guard < 2 * m_n; ++guard) {
    int debtor = -1, creditor = -1;
    for (int i = 0; i < m_n; ++i) {
      ll b = bal[static_cast<size_t>(i)];
      if (b < 0 && (debtor < 0 || b < bal[static_cast<size_t>(debtor)])) debtor = i;
      if (b > 0 && (creditor < 0 || b > bal[static_cast<size_t>(creditor)])) creditor = i;
    }
    if (debtor < 0 || creditor < 0) break;
    ll amt = std::min(-bal[static_cast<size_t>(debtor)], bal[static_cast<size_t>(creditor)]);
    bal[static_cast<size_t>(debtor)] += amt;
    bal[static_cast<size_t>(creditor)] -= amt;
    minimal.push_back({{"from", name(debtor)}, {"to", name(creditor)}, {"amount", money(amt)}});
  }
  return {{"pairwise", pairs}, {"payments", minimal}};
}

ojson PrefaGame::result() const {
  // The final result (or the provisional one: the value V, what the general end settlement would give now).
  // V equals F once the game is over (every pool is 0 after the end settlement), spec prefa §5.4.
  std::vector<ll> f = values(m_st);
  State settled = m_st;
  end_settlement(settled, nullptr);
  // spec prefa §5.4 ranking: F descending, equal results share the place, setup order inside a tie.
  std::vector<int> idx(static_cast<size_t>(m_n));
  std::iota(idx.begin(), idx.end(), 0);
  std::stable_sort(idx.begin(), idx.end(),
                   [&](int a, int b) { return f[static_cast<size_t>(a)] > f[static_cast<size_t>(b)]; });
  ojson ranking = ojson::array();
  ojson places = ojson::object();
  for (size_t r = 0; r < idx.size(); ++r) {
    int i = idx[r];
    ranking.push_back(name(i));
    int place = static_cast<int>(r) + 1;
    if (r > 0 && f[static_cast<size_t>(idx[r - 1])] == f[static_cast<size_t>(i)])
      place = places[name(idx[r - 1])].get<int>();
    places[name(i)] = place;
  }
  ojson res = ojson::object();
  res["pools"] = per_player_int(m_st.pool);
  res["received"] = received_json(m_st);
  res["final"] = per_player_money(f);
  res["ranking"] = ranking;
  res["places"] = places;
  res["settlement"] = settlement_json(m_st.over ? m_st : settled);
  return res;
}

ojson PrefaGame::extra() const {
  ojson e = ojson::object();
  e["pools"] = per_player_int(m_st.pool);
  e["received"] = received_json(m_st);
  std::vector<ll> c(static_cast<size_t>(m_n));
  for (int i = 0; i < m_n; ++i) c[static_cast<size_t>(i)] = cash(m_st, i);
  e["cash"] = per_player_money(c);
  e["final"] = per_player_money(values(m_st));  // result()'s "final", without the rest of the result
  e["hands_played"] = m_st.hands;
  if (m_setup.contains("stake")) e["stake"] = m_setup["stake"];
  e["scorer"] = m_setup.contains("scorer") && m_setup["scorer"].is_string() ? m_setup["scorer"].get<std::string>()
                                                                            : m_players.front();
  return e;
}

std::optional<json> PrefaGame::save_state() const {
  return json{{"pool", m_st.pool},   {"received", m_st.recv}, {"dealer", m_st.dealer},
              {"hands", m_st.hands}, {"over", m_st.over},     {"fresh", m_st.fresh}};
}

bool PrefaGame::restore_state(const json& s) {
  State st;
  st.pool = s.at("pool").get<std::vector<ll>>();
  st.recv = s.at("received").get<std::vector<std::vector<ll>>>();
  st.dealer = s.at("dealer").get<int>();
  st.hands = s.at("hands").get<int>();
  st.over = s.at("over").get<bool>();
  st.fresh = s.at("fresh").get<bool>();
  const auto n = static_cast<size_t>(m_n);
  bool fits = st.pool.size() == n && st.recv.size() == n && st.dealer >= 0 && st.dealer < m_n;
  for (const auto& row : st.recv) fits = fits && row.size() == n;
  if (!fits) return false;
  m_st = std::move(st);
  return true;
}

}  // namespace marque::rules::prefa
