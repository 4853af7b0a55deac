// Piquet, one checked deal scored (spec piquet §4): the category points in the order of precedence (§4.2, §4.4),
// the repique (§4.5), the classic end inside a deal (§5.2), the play and the cards (§4.3), the pique (§4.6), the
// concession and the penalty (§4.7), the deal totals and the per-deal breakdown (§4.8). All on integers.
#include <algorithm>
#include <array>
#include <mutex>

#include "rules/piquet/piquet.hpp"

namespace marque::rules::piquet {

int sequence_points(int length) { return length <= 4 ? length : length + 10; }  // spec piquet §4.1
int set_points(int count) { return count == 4 ? 14 : 3; }

const std::vector<std::string>& reserved_breakdown_keys() {
  static const std::vector<std::string> keys = {"entry",       "deal",       "dealer",          "elder",
                                                "younger",     "repique_by", "pique",           "capot_by",
                                                "weight",      "redeal",     "reason",          "target_reached_in",
                                                "game_winner", "concession", "reckons_nothing", "pique_determined",
                                                "game"};
  return keys;
}

// ---- the play orders (§4.3, the reference brute force of V-P2) ---------------------------------------------

namespace {

std::vector<PlayOutcome> enumerate_play_orders(int elder_tricks, bool last_trick_on_capot) {
  std::vector<PlayOutcome> out;
  for (unsigned mask = 0; mask < 4096; ++mask) {
    if (__builtin_popcount(mask) != elder_tricks) continue;
    PlayOutcome o;
    int leader = k_elder;
    bool in_run = true;
    for (int i = 0; i < 12; ++i) {
      int winner = (mask >> i) & 1u ? k_elder : k_younger;  // bit set = elder won trick i+1
      if (in_run && winner == k_elder)
        ++o.run;
      else
        in_run = false;
      o.points[leader] += 1;                        // spec piquet §4.3: the leader scores 1
      if (winner != leader) o.points[winner] += 1;  // winning the opponent's lead scores 1
      if (i == 11) {
        bool capot = elder_tricks == 12 || elder_tricks == 0;
        if (!(capot && !last_trick_on_capot)) o.points[winner] += 1;  // last trick
      }
      leader = winner;
    }
    out.push_back(o);
  }
  return out;
}

}  // namespace

const std::vector<PlayOutcome>& play_orders(int elder_tricks, bool last_trick_on_capot) {
  // 26 tables of at most 924 orders, each enumerated once per process when first asked (an import checks
  // thousands of deals; a game of a few deals asks a few of them), on any thread (check's workers)
  static std::array<std::vector<PlayOutcome>, 26> tables;
  static std::array<std::once_flag, 26> enumerated;
  static const std::vector<PlayOutcome> none;
  if (elder_tricks < 0 || elder_tricks > 12) return none;
  const size_t i = static_cast<size_t>(2 * elder_tricks + (last_trick_on_capot ? 1 : 0));
  std::call_once(enumerated[i], [&] { tables[i] = enumerate_play_orders(elder_tricks, last_trick_on_capot); });
  return tables[i];
}

// ---- categories 1-4 (§4.2, §4.4, §4.5, §5.2) ----------------------------------------------------------------

namespace {

// The points of category k (0 carte blanche .. 3 sets) by role, from a part read without errors.
void category_points(const Detail& x, int k, const Options& opts, int out[2]) {
  if (k == 0 && x.carte_blanche >= 0) out[x.carte_blanche] = k_carte_blanche;
  if (k == 1 && (x.point_winner == k_elder || x.point_winner == k_younger))
    out[x.point_winner] = opts.pips_rounded ? (x.point_pips + 5) / 10 : x.point_cards;  // spec piquet §4.2
  if (k == 2 && (x.seq_winner == k_elder || x.seq_winner == k_younger))
    for (const auto& q : x.seqs) out[x.seq_winner] += sequence_points(q.length);
  if (k == 3 && (x.set_winner == k_elder || x.set_winner == k_younger))
    for (const auto& s : x.sets) out[x.set_winner] += set_points(s.count);
}

}  // namespace

Declarations score_declarations(const DetailRead& r, const DealContext& c) {
  Declarations dc;
  const Detail& x = r.x;
  const bool classic = c.opts.mode == Mode::classic;
  int cum[2] = {0, 0};  // cumulative declaration points (repique test)
  auto player_total = [&](int role) {
    return c.totals[static_cast<size_t>(c.player_of(role))] + (x.reckons_nothing == role ? 0 : dc.counted[role]);
  };
  auto advance = [&](int k) {
    for (int role = 0; role < 2; ++role) {
      cum[role] += dc.cat[k][role];
      dc.counted[role] += dc.cat[k][role];
    }
    for (int role = 0; role < 2; ++role)
      if (dc.repique_by < 0 && cum[role] >= 30 && cum[1 - role] == 0) {  // spec piquet §4.5
        dc.repique_by = role;
        dc.repique_cat = k_decl_categories[static_cast<size_t>(k)];
        dc.counted[role] += k_repique;
      }
    if (classic)  // spec piquet §5.2: the game ends in the category in which the target is reached
      for (int role = 0; role < 2; ++role)
        if (dc.ended < 0 && player_total(role) >= c.opts.target) {
          dc.ended = k;
          dc.classic_winner = c.player_of(role);
        }
  };
  // The categories one at a time; after a part with errors nothing more is counted (the record is refused).
  bool progress = r.ok(k_part_blanche);
  for (int k = 0; k < 4 && dc.ended < 0; ++k) {
    if (k > 0 && !r.ok(k_part_blanche + k)) {
      progress = false;
      continue;
    }
    category_points(x, k, c.opts, dc.cat[k]);
    if (progress) advance(k);
  }
  return dc;
}

// ---- the play, the pique and the concession (§4.3, §4.6, §4.7) ----------------------------------------------

namespace {

text::Message not_eligible_why(const Declarations& dc) {
  if (dc.repique_by == k_elder) return text::Message("piquet.err.why.elder_repiqued");
  if (dc.repique_by == k_younger) return text::Message("piquet.err.why.younger_repiqued");
  if (dc.decl(k_younger) > 0)
    return text::Message("piquet.err.why.younger_scored").number("points", dc.decl(k_younger));
  return {};
}

// "Pique is impossible: <why>"
text::Message pique_impossible(text::Message why) {
  return text::Message("piquet.err.pique_impossible").message("why", std::move(why));
}

// spec piquet §4.7: the opponent of the conceder counts 13 for the play and 10 for the cards (not 40). No pique
// from the play points of a conceded deal (Cavendish, Case XXII); option concession_pique = true keeps the older
// reading: r = 12 for an eligible elder, who then counts declarations + 13.
void score_conceded(const Detail& x, const Declarations& dc, bool eligible, const Options& opts, DealScore& s,
                    Diagnostics& d) {
  int opp = 1 - x.concession;
  s.play[opp] = 13;
  s.cards[opp] = k_cards_majority;
  const int de = dc.decl(k_elder);
  bool reached = opts.concession_pique && opp == k_elder && eligible && de + 13 >= 30;
  if (x.pique == 1 && !reached)
    err(d, "pique", "piquet.pique",
        pique_impossible(opp != k_elder           ? text::Message("piquet.err.why.elder_conceded")
                         : !opts.concession_pique ? text::Message("piquet.err.why.conceded_no_pique")
                         : !eligible              ? not_eligible_why(dc)
                                     : text::Message("piquet.err.why.reaches_only").number("points", de + 13)));
  if (x.pique == 0 && reached)
    err(d, "pique", "piquet.pique",
        text::Message("piquet.err.pique_certain").number("declarations", de).number("total", de + 13));
  s.pique = reached;
}

// spec piquet §4.6 under old trick scoring: the order cannot be reconstructed; pique from the record (null = false)
void old_pique(const Detail& x, const Declarations& dc, bool eligible, DealScore& s, Diagnostics& d) {
  s.pique_determined = false;
  if (x.pique != 1) return;
  const int de = dc.decl(k_elder);
  if (!eligible)
    err(d, "pique", "piquet.pique", pique_impossible(not_eligible_why(dc)));
  else if (de + x.play[k_elder] < 30)
    err(d, "pique", "piquet.pique",
        pique_impossible(text::Message("piquet.err.why.counts_only")
                             .number("declarations", de)
                             .number("play", x.play[k_elder])
                             .number("total", de + x.play[k_elder])));
  s.pique = true;
}

// spec piquet §4.6 (modern): every order compatible with the record gives a pique, none does, or it is the record's
void modern_pique(const Detail& x, const Declarations& dc, const std::vector<int>& runs, int lc, DealScore& s,
                  Diagnostics& d) {
  const int de = dc.decl(k_elder);
  bool any_true = false, any_false = false;
  int lo = 99, hi = -1;
  for (int r : runs) {
    int before = de + (r < 12 ? r + 1 : 12 + lc);
    (before >= 30 ? any_true : any_false) = true;
    lo = std::min(lo, r), hi = std::max(hi, r);
  }
  if (any_true && !any_false) {
    s.pique = true;
    if (x.pique == 0)
      err(d, "pique", "piquet.pique", text::Message("piquet.err.pique_false").number("declarations", de));
  } else if (any_false && !any_true) {
    if (x.pique == 1)
      err(d, "pique", "piquet.pique",
          pique_impossible(text::Message("piquet.err.why.runs").number("declarations", de).number("runs", hi)));
  } else {
    s.pique_determined = false;
    if (x.pique < 0)
      err(d, "pique", "piquet.pique_needed",
          text::Message("piquet.err.pique_needed").number("declarations", de).number("lo", lo).number("hi", hi));
    s.pique = x.pique == 1;
  }
}

void score_played(const Detail& x, const Declarations& dc, const std::vector<int>& runs, bool eligible,
                  const Options& opts, DealScore& s, Diagnostics& d) {
  s.play[0] = x.play[0];
  s.play[1] = x.play[1];
  for (int r = 0; r < 2; ++r) {
    if (x.tricks[r] == 12) {
      s.cards[r] = k_capot;
      s.capot_by = r;
    } else if (x.tricks[r] >= 7) {
      s.cards[r] = k_cards_majority;
    }
  }
  const bool capot_deal = x.has_tricks && (x.tricks[0] == 12 || x.tricks[1] == 12);
  const int lc = capot_deal && !opts.last_trick_on_capot ? 0 : 1;
  if (opts.old_tens)
    old_pique(x, dc, eligible, s, d);
  else if (!eligible) {
    if (x.pique == 1) err(d, "pique", "piquet.pique", pique_impossible(not_eligible_why(dc)));
  } else
    modern_pique(x, dc, runs, lc, s, d);
}

}  // namespace

DealScore score_play(const Detail& x, const Declarations& dc, const std::vector<int>& runs, const DealContext& c,
                     Diagnostics& d) {
  DealScore s;
  s.rep[k_elder] = dc.repique_by == k_elder ? k_repique : 0;
  s.rep[k_younger] = dc.repique_by == k_younger ? k_repique : 0;
  s.play_ignored = dc.ended >= 0;
  if (s.play_ignored) return s;
  const bool eligible = dc.repique_by < 0 && dc.decl(k_younger) == 0;  // spec piquet §4.6
  if (x.concession >= 0)
    score_conceded(x, dc, eligible, c.opts, s, d);
  else
    score_played(x, dc, runs, eligible, c.opts, s, d);
  if (s.pique) s.piq[k_elder] = k_pique;
  return s;
}

// ---- the deal totals (§4.8) ----------------------------------------------------------------------------------

void score_totals(const Detail& x, const Declarations& dc, DealScore& s, const DealContext& c, Diagnostics& d) {
  for (int r = 0; r < 2; ++r) {
    s.total[r] = s.play_ignored ? dc.counted[r] : dc.decl(r) + s.rep[r] + s.play[r] + s.piq[r] + s.cards[r];
    if (x.reckons_nothing == r) s.total[r] = 0;
  }
  // C-6
  if (x.has_check && (x.check[0] != s.total[0] || x.check[1] != s.total[1]))
    err(d, "check_totals", "piquet.check_totals",
        text::Message("piquet.err.check_totals")
            .number("elder", s.total[0])
            .number("younger", s.total[1])
            .number("elder_entered", x.check[0])
            .number("younger_entered", x.check[1]));
  // C-8 (W)
  if (x.concession >= 0) {
    int p = c.player_of(x.concession);
    int before = c.totals[static_cast<size_t>(p)];
    int could = before + c.weight * (dc.decl(x.concession) + 53);
    if (could >= k_rubicon)
      warn(d, "concession", "piquet.concession_hopeful",
           text::Message("piquet.err.concession_hopeful")
               .text("player", c.name(p))
               .number("before", before)
               .number("declarations", dc.decl(x.concession)));
  }
}

ojson detail_breakdown(const Detail& x, const Declarations& dc, const DealScore& s, const DealContext& c) {
  ojson b = ojson::object();
  b.get_ref<ojson::object_t&>().reserve(16);  // at most 16 keys: the players' objects never copied as it grows
  b["entry"] = "detail";
  b["deal"] = c.deal_no;
  b["dealer"] = c.name(c.dealer);
  b["elder"] = c.name(1 - c.dealer);
  b["younger"] = c.name(c.dealer);
  const int ended = dc.ended;
  for (int role = 0; role < 2; ++role) {
    ojson pr = ojson::object();
    pr.get_ref<ojson::object_t&>().reserve(10);
    pr["carte_blanche"] = dc.cat[0][role];
    pr["point"] = ended >= 0 && ended < 1 ? 0 : dc.cat[1][role];
    pr["sequences"] = ended >= 0 && ended < 2 ? 0 : dc.cat[2][role];
    pr["sets"] = ended >= 0 && ended < 3 ? 0 : dc.cat[3][role];
    pr["repique"] = s.rep[role];
    pr["play"] = s.play[role];
    pr["pique"] = s.piq[role];
    pr["cards"] = s.cards[role];
    if (x.reckons_nothing == role) pr["reckons_nothing"] = true;
    pr["total"] = s.total[role];
    b[c.name(c.player_of(role))] = std::move(pr);
  }
  b["repique_by"] = dc.repique_by >= 0 ? ojson(c.name(c.player_of(dc.repique_by))) : ojson(nullptr);
  if (dc.repique_by >= 0) b["repique_in"] = dc.repique_cat;
  b["pique"] = s.pique;
  if (!s.play_ignored && !s.pique_determined) b["pique_determined"] = false;
  b["capot_by"] = s.capot_by >= 0 ? ojson(c.name(c.player_of(s.capot_by))) : ojson(nullptr);
  if (x.concession >= 0) b["concession"] = c.name(c.player_of(x.concession));
  if (x.reckons_nothing >= 0) b["reckons_nothing"] = c.name(c.player_of(x.reckons_nothing));
  if (c.weight != 1) b["weight"] = c.weight;
  if (c.opts.mode == Mode::classic && ended >= 0)
    b["target_reached_in"] = k_decl_categories[static_cast<size_t>(ended)];
  return b;
}

}  // namespace marque::rules::piquet
