// Coinche, the game: the running state across hands (spec coinche §5), the end and the result; seat, suit and
// rank names.
#include <cctype>

#include "core/language.hpp"
#include "rules/coinche/coinche.hpp"

namespace marque::rules::coinche {

int seat_index(std::string_view s) {
  for (size_t i = 0; i < k_seats.size(); ++i)
    if (k_seats[i] == s) return static_cast<int>(i);
  return -1;
}

int suit_index(std::string_view s) {
  for (size_t i = 0; i < k_suits.size(); ++i)
    if (k_suits[i] == s) return static_cast<int>(i);
  return -1;
}

int rank_index(const json& v) {
  std::string s;
  if (v.is_string()) {
    s = v.get<std::string>();
  } else if (auto i = as_int(v)) {
    s = std::to_string(*i);
  } else {
    return -1;
  }
  for (size_t i = 0; i < k_ranks.size(); ++i)
    if (k_ranks[i] == s) return static_cast<int>(i);
  return -1;
}

// ---------------------------------------------------------------------------------------------------
// §5 the game

CoincheGame::CoincheGame(std::array<std::string, 4> names, int first_dealer, std::array<int64_t, 2> start, Options opts)
    : m_names(std::move(names)), m_options(std::move(opts)), m_totals(start), m_next_dealer(first_dealer) {}

std::vector<std::string> CoincheGame::players() const { return {m_names.begin(), m_names.end()}; }

std::vector<Side> CoincheGame::sides() const {
  return {Side{"NS", "N/S", {m_names[0], m_names[2]}}, Side{"EW", "E/W", {m_names[1], m_names[3]}}};
}

// the two teams' totals as the French sheet heads them: we (N/S) and they (E/W)
std::string CoincheGame::sides_heading() const { return text::tr("coinche.sides_heading", "Nous / Eux"); }

int CoincheGame::seat_of(const std::string& who) const {
  int s = seat_index(who);
  if (s >= 0) return s;
  // a name (exact spelling first, then any case), else a seat letter in any case
  s = common::player_index(players(), who);
  if (s >= 0 || who.size() != 1) return s;
  return seat_index(std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(who[0])))));
}

ojson CoincheGame::team_json(const std::array<int64_t, 2>& v) const {
  ojson j = ojson::object();
  j.get_ref<ojson::object_t&>().reserve(2);
  j["NS"] = Amount::whole(v[0]);
  j["EW"] = Amount::whole(v[1]);
  return j;
}

// each seat's total is its team's (N and S: NS)
std::vector<Amount> CoincheGame::standing() const {
  std::vector<Amount> out;
  for (size_t i = 0; i < 4; ++i) out.push_back(Amount::whole(m_totals[i % 2]));
  return out;
}

std::vector<Amount> CoincheGame::side_standing() const {
  return {Amount::whole(m_totals[0]), Amount::whole(m_totals[1])};
}

std::string CoincheGame::next_dealer() const { return m_finished ? "" : m_names[static_cast<size_t>(m_next_dealer)]; }

ojson CoincheGame::extra() const {
  ojson e = ojson::object();
  e["team_totals"] = team_json(m_totals);
  ojson teams = ojson::object();
  teams["NS"] = ojson::array({m_names[0], m_names[2]});
  teams["EW"] = ojson::array({m_names[1], m_names[3]});
  e["teams"] = teams;
  e["next_dealer_seat"] = m_finished ? "" : seat_name(m_next_dealer);
  return e;
}

// spec coinche §5 final result: winner team (or draw), totals, margin, played hands and redeals.
ojson CoincheGame::result() const {
  ojson r = ojson::object();
  r["winner"] = m_finished ? ojson(m_winner) : ojson(nullptr);
  r["team_totals"] = team_json(m_totals);
  r["margin"] = Amount::whole(m_totals[0] > m_totals[1] ? m_totals[0] - m_totals[1] : m_totals[1] - m_totals[0]);
  r["hands_played"] = m_played;
  r["redeals"] = m_redeals;
  if (!m_finished) r["leader"] = m_totals[0] > m_totals[1] ? "NS" : m_totals[1] > m_totals[0] ? "EW" : "tie";
  return r;
}

// spec coinche §5 game end; `contract_winner` = the team that won the final contract (for last_contract).
void CoincheGame::check_end(int contract_winner) {
  auto reached = [&](int64_t t) {
    return m_options.target_exceed ? t > m_options.target_score : t >= m_options.target_score;
  };
  bool ns = reached(m_totals[0]), ew = reached(m_totals[1]);
  if (!ns && !ew) return;
  if (ns != ew) {
    m_finished = true;
    m_winner = ns ? "NS" : "EW";
  } else if (m_totals[0] != m_totals[1]) {
    m_finished = true;
    m_winner = m_totals[0] > m_totals[1] ? "NS" : "EW";
  } else if (m_options.tie_at_target == "draw") {
    m_finished = true;
    m_winner = "draw";
  } else if (m_options.tie_at_target == "last_contract") {
    m_finished = true;
    m_winner = team_name(contract_winner);
  }
  // extra_deal: the game goes on until one total is higher after a hand
}

std::optional<HandResult> CoincheGame::play_hand(const json& record, Diagnostics& diags) {
  if (m_finished) {
    diags.error("", "coinche.game_over",
                text::Message("coinche.err.game_over")
                    .text("draw", m_winner == "draw" ? "yes" : "no")
                    .text("winner", m_winner)
                    .number("ns", m_totals[0])
                    .number("ew", m_totals[1]),
                catalogue());
    return std::nullopt;
  }
  if (!record.is_object()) {
    diags.error("", "coinche.record", text::Message("coinche.err.record"), catalogue());
    return std::nullopt;
  }
  auto h = decode_hand(record, m_options, m_next_dealer, m_names, diags);
  if (!h) return std::nullopt;

  HandResult entry;
  ojson breakdown = ojson::object();
  std::array<int64_t, 2> delta{};
  entry.head["dealer"] = m_names[static_cast<size_t>(h->dealer)];
  if (!h->redeal.empty()) {
    // spec coinche §5: redeals add nothing; after all_pass the next player deals (option), after misdeal the same
    ++m_redeals;
    breakdown["redeal"] = h->redeal;
    breakdown["dealer"] = seat_name(h->dealer);
    bool same = h->redeal == "misdeal" || m_options.all_pass_same;
    m_next_dealer = same ? h->dealer : m_options.next_seat(h->dealer);
  } else {
    Scored s = score_hand(m_options, *h);
    delta = {s.score[0], s.score[1]};
    m_totals[0] += delta[0];
    m_totals[1] += delta[1];
    ++m_played;
    const int b = s.bidding_team;
    breakdown.get_ref<ojson::object_t&>().reserve(23);  // its 22 or 23 keys: none copied as it grows
    breakdown["redeal"] = nullptr;
    breakdown["dealer"] = seat_name(h->dealer);
    breakdown["bidder"] = seat_name(h->bidder);
    breakdown["bidding_team"] = team_name(b);
    breakdown["contract"] = h->contract;
    breakdown["value"] = Amount::whole(s.value);
    breakdown["trump"] = std::string(k_suits[static_cast<size_t>(h->trump)]);
    breakdown["coinche"] = h->coinche;
    breakdown["multiplier"] = s.multiplier;
    breakdown["card_points"] = team_json({s.card[0], s.card[1]});
    breakdown["last_trick"] = team_name(h->last_trick_bidders ? b : 1 - b);
    breakdown["der"] = Amount::whole(s.der);
    breakdown["capot"] = h->capot < 0 ? ojson(nullptr) : ojson(team_name(h->capot == 0 ? b : 1 - b));
    breakdown["trick_points"] = team_json({s.trick[0], s.trick[1]});
    breakdown["best_announcement"] = s.best_team < 0 ? ojson(nullptr) : ojson(team_name(s.best_team));
    breakdown["announcements"] = team_json({s.ann[0], s.ann[1]});
    breakdown["belote"] = team_json({s.belote[0], s.belote[1]});
    breakdown["hand_points"] = team_json({s.points[0], s.points[1]});
    breakdown["contract_points"] = team_json({s.contract_points[0], s.contract_points[1]});
    if (h->contract == "points") breakdown["threshold"] = Amount::whole(s.threshold);
    breakdown["made"] = s.made;
    breakdown["score"] = team_json({s.score[0], s.score[1]});
    m_next_dealer = m_options.next_seat(h->dealer);
    check_end(s.made ? b : 1 - b);
  }
  for (size_t i = 0; i < 4; ++i) entry.deltas.push_back(Amount::whole(delta[i % 2]));
  entry.totals = standing();
  entry.side_deltas = {Amount::whole(delta[0]), Amount::whole(delta[1])};
  entry.side_totals = side_standing();
  entry.breakdown = std::move(breakdown);
  return entry;
}

std::optional<json> CoincheGame::save_state() const {
  return json{{"totals", m_totals}, {"next_dealer", m_next_dealer}, {"finished", m_finished},
              {"winner", m_winner}, {"played", m_played},           {"redeals", m_redeals}};
}

bool CoincheGame::restore_state(const json& s) {
  const int dealer = s.at("next_dealer").get<int>();
  if (dealer < 0 || dealer > 3) return false;
  m_totals = s.at("totals").get<std::array<int64_t, 2>>();
  m_next_dealer = dealer;
  m_finished = s.at("finished").get<bool>();
  m_winner = s.at("winner").get<std::string>();
  m_played = s.at("played").get<int>();
  m_redeals = s.at("redeals").get<int>();
  return true;
}

}  // namespace marque::rules::coinche
