// Alsós: the game, a fold over its hands: play (decode and validate in alsos_hand.cpp, score in alsos_score.cpp,
// then advance §5), totals, the session end and the result with its settlement.
#include "rules/alsos/alsos.hpp"

#include <algorithm>

namespace marque::rules::alsos {

AlsosGame::AlsosGame(std::vector<std::string> players, std::string first_dealer, Options options, json options_json,
                     std::vector<i64> start_totals, i64 hands_played)
    : m_players(std::move(players)),
      m_opt(options),
      m_options_json(std::move(options_json)),
      m_totals(std::move(start_totals)),
      m_hands_played(hands_played),
      m_deals(hands_played) {
  m_dealer = player_index(first_dealer);
  if (m_dealer < 0) m_dealer = 0;
  if (m_opt.end == EndMode::deals && m_deals >= m_opt.end_deals) {
    m_finished = true;
    m_end_reason = "deals";
  }
}

int AlsosGame::player_index(const std::string& name) const {
  for (std::size_t i = 0; i < m_players.size(); ++i)
    if (m_players[i] == name) return static_cast<int>(i);
  return -1;
}

namespace {
std::vector<Amount> amounts(const std::vector<i64>& points) {
  std::vector<Amount> out;
  for (i64 p : points) out.push_back(Amount::whole(p));
  return out;
}
}  // namespace

std::vector<Amount> AlsosGame::standing() const { return amounts(m_totals); }

std::string AlsosGame::next_dealer() const {
  if (m_finished) return "";
  return m_players[static_cast<std::size_t>(m_dealer)];
}

// spec alsos §5: ranked by total, highest first; equal totals share a place (setup order inside a tie).
ojson AlsosGame::result() const {
  std::vector<std::size_t> order(m_players.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return m_totals[a] > m_totals[b]; });
  ojson ranking = ojson::array();
  ojson places = ojson::object();
  for (std::size_t k = 0; k < order.size(); ++k) {
    std::size_t place = k + 1;
    if (k > 0 && m_totals[order[k]] == m_totals[order[k - 1]])
      place = places[m_players[order[k - 1]]].get<std::size_t>();
    ranking.push_back(m_players[order[k]]);
    places[m_players[order[k]]] = place;
  }
  ojson r = ojson::object();
  r["ranking"] = ranking;
  r["places"] = places;
  r["settlement"] = settlement(m_players, m_totals);
  return r;
}

ojson AlsosGame::extra() const {
  ojson e = ojson::object();
  e["deals"] = m_deals;
  if (m_finished) e["end"] = m_end_reason;
  return e;
}

ojson settlement(const std::vector<std::string>& players, const std::vector<i64>& totals) {
  std::vector<i64> bal = totals;
  ojson out = ojson::array();
  for (std::size_t guard = 0; guard < players.size() * players.size(); ++guard) {
    std::size_t debtor = 0, creditor = 0;
    for (std::size_t i = 0; i < bal.size(); ++i) {
      if (bal[i] < bal[debtor]) debtor = i;
      if (bal[i] > bal[creditor]) creditor = i;
    }
    if (bal[debtor] >= 0 || bal[creditor] <= 0) break;
    i64 amount = std::min(-bal[debtor], bal[creditor]);
    bal[debtor] += amount;
    bal[creditor] -= amount;
    ojson p = ojson::object();
    p["from"] = players[debtor];
    p["to"] = players[creditor];
    p["amount"] = Amount::whole(amount);
    out.push_back(p);
  }
  return out;
}

std::vector<std::string> AlsosGame::active_players(const std::string& dealer) const {
  std::vector<std::string> active;
  for (const auto& p : m_players)
    if (!(m_players.size() == 4 && p == dealer)) active.push_back(p);
  return active;
}

// ---------------------------------------------------------------------------------------------------------------
// play: decode -> validate -> score (§4) -> advance (§5)

bool AlsosGame::session_ends(i64 deals, std::vector<i64>& delta, std::vector<i64>& totals, ojson& bd,
                             std::vector<std::string>& labels, std::string& reason) const {
  if (m_opt.end == EndMode::deals && deals >= m_opt.end_deals) {
    reason = "deals";
    return true;
  }
  if (m_opt.end != EndMode::radli) return false;
  const std::size_t n = m_players.size();
  i64 best = 0;
  std::vector<std::size_t> top;
  for (std::size_t i = 0; i < n; ++i) {
    if (totals[i] < m_opt.radli_target) continue;
    if (top.empty() || totals[i] > best) {
      best = totals[i];
      top = {i};
    } else if (totals[i] == best) {
      top.push_back(i);
    }
  }
  if (top.empty()) return false;
  reason = "radli";
  if (top.size() == 1) {  // spec alsos §5: the bonus from each other player
    for (std::size_t i = 0; i < n; ++i) {
      if (i == top[0]) continue;
      delta[i] -= m_opt.radli_bonus;
      totals[i] -= m_opt.radli_bonus;
      delta[top[0]] += m_opt.radli_bonus;
      totals[top[0]] += m_opt.radli_bonus;
    }
    ojson rb = ojson::object();
    rb["player"] = m_players[top[0]];
    rb["bonus"] = Amount::whole(m_opt.radli_bonus);
    bd["radli"] = std::move(rb);
    labels.push_back("radli: " + m_players[top[0]] + " +" + std::to_string(m_opt.radli_bonus) + " from each");
  } else {
    bd["radli"] = ojson(nullptr);
    labels.push_back("radli: tie, no bonus");
  }
  return true;
}

std::optional<HandResult> AlsosGame::play_hand(const json& record, Diagnostics& d) {
  if (m_finished) {
    const char* end = m_opt.end == EndMode::deals ? "deals" : m_opt.end == EndMode::radli ? "radli" : "manual";
    d.error("hand", "alsos.game_over",
            text::Message("alsos.err.game_over")
                .text("end", end)
                .number("end_deals", m_opt.end_deals)
                .number("target", m_opt.radli_target)
                .number("bonus", m_opt.radli_bonus)
                .number("deals", m_deals),
            catalogue());
    return std::nullopt;
  }
  auto decoded = decode(record, d);
  if (!decoded || d.has_errors()) return std::nullopt;
  const Hand& h = *decoded;
  if (!validate(h, d) || d.has_errors()) return std::nullopt;
  auto scored = score_hand(h, *this, d);
  if (!scored) return std::nullopt;
  std::vector<i64>& delta = scored->delta;
  ojson& bd = scored->breakdown;

  // advance (spec alsos §5)
  const std::size_t n = m_players.size();
  std::vector<i64> totals = m_totals;
  for (std::size_t i = 0; i < n; ++i) totals[i] += delta[i];
  i64 deals = m_deals + (h.kind == Kind::misdeal ? 0 : 1);
  std::string reason;
  bool finished = h.kind != Kind::misdeal && session_ends(deals, delta, totals, bd, scored->labels, reason);
  i64 sum = 0;
  for (i64 v : delta) sum += v;
  if (sum != 0) {  // spec alsos §4.6 assert
    d.error("", "alsos.internal", text::Message("alsos.err.internal").number("sum", sum), catalogue());
    return std::nullopt;
  }
  bd["contract_code"] = scored->contract_code;
  bd["labels"] = scored->labels;
  bd["deals"] = deals;

  HandResult entry;
  entry.head["dealer"] = h.dealer;
  entry.deltas = amounts(delta);
  entry.totals = amounts(totals);
  entry.breakdown = std::move(bd);
  entry.tail["summary"] = scored->contract_code + (scored->labels.empty() ? "" : ": " + join(scored->labels, "; "));

  m_totals = totals;
  m_deals = deals;
  ++m_records;
  const int di = player_index(h.dealer);
  m_dealer = h.kind == Kind::misdeal ? di : (di + 1) % static_cast<int>(n);
  m_finished = finished;
  m_end_reason = reason;
  return entry;
}

std::optional<json> AlsosGame::save_state() const {
  return json{{"totals", m_totals}, {"dealer", m_dealer},     {"records", m_records},
              {"deals", m_deals},   {"finished", m_finished}, {"end", m_end_reason}};
}

bool AlsosGame::restore_state(const json& s) {
  auto totals = s.at("totals").get<std::vector<i64>>();
  const int dealer = s.at("dealer").get<int>();
  if (totals.size() != m_players.size() || dealer < 0 || static_cast<std::size_t>(dealer) >= m_players.size())
    return false;
  m_totals = std::move(totals);
  m_dealer = dealer;
  m_records = s.at("records").get<i64>();
  m_deals = s.at("deals").get<i64>();
  m_finished = s.at("finished").get<bool>();
  m_end_reason = s.at("end").get<std::string>();
  return true;
}

}  // namespace marque::rules::alsos
