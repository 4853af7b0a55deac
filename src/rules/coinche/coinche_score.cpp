// Coinche, one validated hand: score it (spec coinche §4.1-4.5). Exact integer arithmetic throughout (every
// quantity is whole points).
#include "rules/coinche/coinche.hpp"

namespace marque::rules::coinche {

// spec coinche §2.3: tierce 20, cinquante 50, cent 100; carré J 200, 9 150, A/10/K/Q 100.
int Announcement::value() const {
  static constexpr std::array<int, 3> k_sequence_values = {20, 50, 100};
  if (is_sequence()) return k_sequence_values[static_cast<size_t>(type)];
  if (rank == 3) return 200;  // J
  if (rank == 5) return 150;  // 9
  return 100;
}

namespace {

// spec coinche §4.2: > 0 when a beats b, 0 when they are equal up to seat order.
int compare_announcements(const Announcement& a, const Announcement& b, int trump) {
  if (a.value() != b.value()) return a.value() - b.value();
  if (a.is_sequence() != b.is_sequence()) return a.is_sequence() ? -1 : 1;  // carré beats sequence
  int ka = a.is_sequence() ? a.top : a.rank;
  int kb = b.is_sequence() ? b.top : b.rank;
  if (ka != kb) return kb - ka;  // lower index = higher card (A K Q J 10 9 8 7)
  if (a.is_sequence() && b.is_sequence()) {
    bool ta = a.suit == trump, tb = b.suit == trump;
    if (ta != tb) return ta ? 1 : -1;
  }
  return 0;
}

// The team holding the best announcement (-1: none, or a cancelled tie), spec coinche §4.2.
int best_team(const Options& o, const Hand& h) {
  const auto& anns = h.announcements;
  if (anns.empty()) return -1;
  size_t best = 0;
  for (size_t i = 1; i < anns.size(); ++i)
    if (compare_announcements(anns[i], anns[best], h.trump) > 0) best = i;
  std::vector<const Announcement*> tied;
  for (const auto& a : anns)
    if (compare_announcements(a, anns[best], h.trump) == 0) tied.push_back(&a);
  bool both = false;
  for (const auto* a : tied) both = both || team_of(a->player) != team_of(tied.front()->player);
  if (!both) return team_of(tied.front()->player);
  if (o.tie_cancel) return -1;
  // seat order: first in playing order from the player after the dealer
  int seat = o.next_seat(h.dealer);
  for (int k = 0; k < 4; ++k, seat = o.next_seat(seat))
    for (const auto* a : tied)
      if (a->player == seat) return team_of(seat);
  return -1;
}

// §4.1.4 announcements: the capot team's (own or all), else the team of the best one.
void count_announcements(const Options& o, const Hand& h, Scored& s) {
  if (!o.announcements || h.announcements.empty()) return;
  const int b = s.bidding_team, d = 1 - b;
  if (h.capot >= 0) {
    int x = h.capot == 0 ? b : d;
    for (const auto& a : h.announcements)
      if (o.capot_announcements_all || team_of(a.player) == x) s.ann[static_cast<size_t>(x)] += a.value();
    s.best_team = x;
    return;
  }
  s.best_team = best_team(o, h);
  if (s.best_team >= 0)
    for (const auto& a : h.announcements)
      if (team_of(a.player) == s.best_team) s.ann[static_cast<size_t>(s.best_team)] += a.value();
}

// §4.1: card points, last-trick bonus, trick points, belote, announcements, hand and contract points.
void count_points(const Options& o, const Hand& h, Scored& s) {
  const int b = s.bidding_team, d = 1 - b;
  const bool special = h.contract != "points";
  // §4.1.1 card points, §4.1.2 last-trick bonus and trick points
  s.card[static_cast<size_t>(b)] = h.bidder_card_points;
  s.card[static_cast<size_t>(d)] = k_card_points - h.bidder_card_points;
  s.der = h.capot >= 0 && (o.unbid_capot_bonus || special) ? 100 : 10;
  s.trick = s.card;
  s.trick[static_cast<size_t>(h.last_trick_bidders ? b : d)] += s.der;
  // §4.1.3 belote: always to its holder's team
  if (h.belote >= 0) s.belote[static_cast<size_t>(team_of(h.belote))] = 20;
  count_announcements(o, h, s);
  // §4.1.5 / §4.1.6 hand points and contract points
  for (size_t t = 0; t < 2; ++t) {
    s.points[t] = s.trick[t] + s.ann[t] + s.belote[t];
    s.contract_points[t] = o.cards_only ? s.trick[t] : s.points[t];
  }
}

// §4.3 made or failed (never on rounded points); sets the threshold of a points contract.
bool contract_made(const Options& o, const Hand& h, Scored& s) {
  const auto ub = static_cast<size_t>(s.bidding_team), ud = 1 - ub;
  if (h.contract == "capot") return h.capot == 0;
  if (h.contract == "generale") return h.capot == 0 && h.sole_winner == h.bidder;
  s.threshold = o.success_threshold == "bid_plus_2"                    ? h.bid + 2
                : o.success_threshold == "bid_82_floor" && h.bid == 80 ? 82
                                                                       : h.bid;
  return s.contract_points[ub] >= s.threshold && (!o.must_outscore || s.contract_points[ub] > s.contract_points[ud]);
}

// §4.4 the coinche multiplier over the winner's points and the contract value V, by multiplier_scope;
// belote_multiplied / announcements_multiplied = false: that part of the points is added once, after the
// multiplier (no change with m = 1 or multiplier_scope = bid).
int multiplied(const Options& o, const Scored& s, int points, int belote, int announcements) {
  const int m = s.multiplier, v = s.value;
  const int once = (o.belote_multiplied ? 0 : belote) + (o.announcements_multiplied ? 0 : announcements);
  const int p = points - once;
  if (o.multiplier_scope == "bid") return p + m * v + once;
  if (o.multiplier_scope == "all") return m * (p + v) + once;
  return m * p + v + once;  // seed: the winner's points, bid added once
}

// §4.4 made_plus_bid
void score_made_plus_bid(const Options& o, const Hand& h, Scored& s) {
  const auto ub = static_cast<size_t>(s.bidding_team), ud = 1 - ub;
  const bool flat = h.contract != "points" && o.flat_special;
  const int flat_value = h.contract == "generale" ? o.generale_flat : o.capot_flat;
  const int m = s.multiplier;
  if (s.made) {
    int pb = o.round(s.trick[ub]) + s.ann[ub] + s.belote[ub];
    s.score[ub] = flat ? flat_value * m + s.ann[ub] + s.belote[ub] : multiplied(o, s, pb, s.belote[ub], s.ann[ub]);
    int pd = o.round(s.trick[ud]) + s.ann[ud] + s.belote[ud];
    if (h.coinche == 0 || o.coinche_loser == "normal")
      s.score[ud] = pd;
    else if (o.coinche_loser == "belote_only")
      s.score[ud] = s.belote[ud];
    else
      s.score[ud] = 0;
    return;
  }
  int pool = s.ann[0] + s.ann[1];
  int bel_d = s.belote[ud] + (o.belote_to_defenders ? s.belote[ub] : 0);
  int base = 160;
  if (o.failure_base_162) base = h.capot == 1 ? k_card_points + s.der : 162;
  s.score[ud] = flat ? flat_value * m + pool + bel_d : multiplied(o, s, o.round(base) + pool + bel_d, bel_d, pool);
  bool keep = !o.belote_to_defenders && !(h.coinche > 0 && o.coinche_loser == "nothing");
  s.score[ub] = keep ? s.belote[ub] : 0;
}

}  // namespace

// spec coinche §4.1 .. §4.5
Scored score_hand(const Options& o, const Hand& h) {
  Scored s;
  const int b = team_of(h.bidder);
  s.bidding_team = b;
  s.value = h.contract == "capot" ? k_capot_value : h.contract == "generale" ? k_generale_value : h.bid;
  s.multiplier = h.coinche == 0 ? 1 : h.coinche == 1 ? 2 : o.surcoinche_factor;
  count_points(o, h, s);
  s.made = contract_made(o, h, s);
  const auto win = static_cast<size_t>(s.made ? b : 1 - b), lose = 1 - win;
  // §4.5 points annoncés
  if (o.bid_only) {
    s.score[win] = s.multiplier * s.value;
    return s;
  }
  // §4.4 coinche_scoring = flat_160: a coinched / surcoinched hand replaces the whole computation
  if (o.coinche_flat_160 && s.multiplier > 1) {
    s.score[win] = (160 + s.value) * s.multiplier + s.belote[win];
    s.score[lose] = s.belote[lose];
    return s;
  }
  score_made_plus_bid(o, h, s);
  return s;
}

}  // namespace marque::rules::coinche
