// spec tarot §4: one validated played hand scored. The per-defender amount S (§4.3) from the contract, the petit
// au bout, the poignées, the slams and the team misères; then the shares of the players (§4.4, §4.5).
#include <cstdlib>

#include "rules/tarot/tarot.hpp"

namespace marque::rules::tarot {

namespace {

// spec tarot §4.1
constexpr int k_poignee_seed[3] = {20, 40, 60};
constexpr int k_poignee_fft[3] = {20, 30, 40};

// The parts of S (spec tarot §4.3), in the attack's point of view.
struct Parts {
  int64_t points_rounded2 = 0;  // after the half-point rule, in half points
  int64_t diff = 0;
  int64_t multiplier = 1;
  int64_t contract = 0, petit_au_bout = 0, poignee = 0, slam = 0, misere_team = 0;
  int64_t S() const { return contract + petit_au_bout + poignee + slam + misere_team; }
};

int64_t multiplier_of(const Options& opt, int contract) {
  return contract == k_garde_contre ? opt.garde_contre_multiplier
         : contract == k_garde_sans ? 4
         : contract == k_garde      ? 2
                                    : 1;
}

// §4.3 poignee_part: poignee_to = winner -> every poignée to the side that wins the deal;
// shower -> each poignée to the side of the player who showed it (+PV attack, -PV defence).
int64_t poignee_part(const Options& opt, const Hand& h) {
  const int64_t sign = h.made ? 1 : -1;
  int64_t part = 0;
  for (const auto& q : h.poignees) {
    int64_t pv = opt.fft_poignee_values ? k_poignee_fft[q.level] : k_poignee_seed[q.level];
    bool by_attack = q.player == h.taker || (h.partner >= 0 && q.player == h.partner);
    part += opt.poignee_to_shower ? (by_attack ? pv : -pv) : sign * pv;
  }
  return part;
}

// §4.3 slam_part (at most one slam announcement)
int64_t slam_part(const Options& opt, const Hand& h, int tricks_per_deal) {
  const int pct = opt.petite_chelem_tricks > 0 ? opt.petite_chelem_tricks : tricks_per_deal - 3;
  const int at = h.tricks >= 0 ? h.tricks : (h.chelem == k_chelem_attack ? tricks_per_deal : 0);
  int64_t slam = 0;
  if (h.chelem_announced)
    slam = h.chelem == k_chelem_attack ? 400 : -200;
  else if (h.petite_announced)
    slam = at >= pct ? 300 : -150;
  else if (h.chelem == k_chelem_attack)
    slam = 200;
  else if (opt.petite_chelem && at >= pct)
    slam = 150;
  if (h.chelem == k_chelem_defence) slam -= opt.defence_chelem_bonus;
  return slam;
}

Parts parts_of(const Options& opt, const Hand& h, int tricks_per_deal) {
  Parts p;
  const int64_t target2 = 2 * k_target[h.oudlers];
  p.points_rounded2 = h.points2;  // §4.2 half point to the winning side
  if (h.points2 % 2 != 0) p.points_rounded2 = h.made ? h.points2 + 1 : h.points2 - 1;
  p.diff = std::llabs(p.points_rounded2 - target2) / 2;
  if (opt.gain_rounding > 0)
    p.diff = (p.diff + opt.gain_rounding / 2) / opt.gain_rounding * opt.gain_rounding;  // halves up
  p.multiplier = multiplier_of(opt, h.contract);
  const int64_t sign = h.made ? 1 : -1;
  p.contract = sign * (25 + p.diff) * p.multiplier;
  p.petit_au_bout = 10 * h.petit_au_bout * p.multiplier;
  // §6 petit_au_bout_failed_attack = lost: the attack's +10 becomes -10 when its contract failed
  if (opt.petit_au_bout_lost_on_fail && !h.made && h.petit_au_bout > 0) p.petit_au_bout = -p.petit_au_bout;
  p.poignee = poignee_part(opt, h);
  p.slam = slam_part(opt, h, tricks_per_deal);
  p.misere_team = opt.misere_team ? sign * opt.misere_value * static_cast<int64_t>(h.miseres.size()) : 0;
  return p;
}

// §4.4 distribution of S, §4.5 personal misères: the deltas by player index.
std::vector<int64_t> shares(const Setup& setup, const std::vector<int>& act, const Hand& h, int64_t S) {
  std::vector<int64_t> deltas(setup.players.size(), 0);
  std::vector<int> defenders;
  for (int p : act)
    if (p != h.taker && p != h.partner) defenders.push_back(p);
  for (int p : defenders) deltas[static_cast<size_t>(p)] -= S;
  if (h.partner >= 0) {
    deltas[static_cast<size_t>(h.taker)] += 2 * S;
    deltas[static_cast<size_t>(h.partner)] += S;
  } else {
    deltas[static_cast<size_t>(h.taker)] += S * static_cast<int64_t>(defenders.size());
  }
  const Options& opt = setup.opt;
  const int64_t n = static_cast<int64_t>(act.size());
  if (!opt.misere_team)
    for (const auto& mi : h.miseres)
      for (int p : act)
        deltas[static_cast<size_t>(p)] += p == mi.player ? int64_t{opt.misere_value} * (n - 1)
                                                         : -int64_t{opt.misere_value};
  return deltas;
}

}  // namespace

std::optional<Outcome> score_hand(const Setup& setup, const std::vector<int>& act, const Hand& h, Diagnostics& diags) {
  const Options& opt = setup.opt;
  const Parts p = parts_of(opt, h, sizes_for(static_cast<int>(act.size())).tricks);
  if (h.points2 % 2 != 0)
    diags.note("points", "W_HALF_POINT",
               text::Message("tarot.note.half_point")
                   .amount("points", Amount::ratio(h.points2, 2))
                   .amount("rounded", Amount::ratio(p.points_rounded2, 2))
                   .text("made", h.made ? "yes" : "no"),
               catalogue());
  const int64_t S = p.S();
  Outcome o;
  o.deltas = shares(setup, act, h, S);
  int64_t sum = 0;
  for (auto v : o.deltas) sum += v;
  if (sum != 0) {  // §4.7: every hand is zero-sum
    diags.error("", "E_INTERNAL", text::Message("tarot.err.internal").number("sum", sum), catalogue());
    return std::nullopt;
  }

  o.attack.push_back(setup.players[static_cast<size_t>(h.taker)]);
  if (h.partner >= 0) o.attack.push_back(setup.players[static_cast<size_t>(h.partner)]);
  ojson& b = o.breakdown;
  // a fresh object and keys each written once: appended in order (what b[key] = v does, without its search)
  auto& m = b.get_ref<ojson::object_t&>();
  m.reserve(16);  // its 15 keys, and taker_alone below
  auto put = [&m](const char* key, ojson v) { m.emplace_back(key, std::move(v)); };
  put("target", k_target[h.oudlers]);
  put("made", h.made);
  put("points", Amount::ratio(h.points2, 2));
  put("points_rounded", p.points_rounded2 / 2);
  put("diff", p.diff);
  put("multiplier", p.multiplier);
  put("contract_part", p.contract);
  put("petit_au_bout_part", p.petit_au_bout);
  put("poignee_part", p.poignee);
  put("slam_part", p.slam);
  put("misere_team_part", p.misere_team);
  put("per_defender", S);
  put("half_point", h.points2 % 2 != 0 ? ojson(h.made ? "attack" : "defence") : ojson(nullptr));
  put("attack", o.attack);
  if (!h.partner_note.empty()) b["taker_alone"] = h.partner_note;
  return o;
}

}  // namespace marque::rules::tarot
