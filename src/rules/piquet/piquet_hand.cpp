// Piquet, one deal record (spec piquet §2.4-2.6 and §3): the point, sequences, sets, tricks and play fields
// read and checked one by one (stage 1), the play points against the tricks (V-P2), the consistency of the whole
// (stage 2), a totals entry; piquet_score.cpp scores them (§4) and piquet_game.cpp advances (§5).
#include <algorithm>
#include <set>

#include "rules/piquet/piquet.hpp"

namespace marque::rules::piquet {

namespace {

// "elder" / "younger" -> role; null -> -2; anything else -> -1
int role_value(const json& v) {
  if (v.is_null()) return -2;
  if (v.is_string()) {
    if (v == "elder") return k_elder;
    if (v == "younger") return k_younger;
  }
  return -1;
}

}  // namespace

int parse_role_field(const json& rec, const char* field, Diagnostics& d, const std::string& extra_rule) {
  if (!rec.contains(field)) return -1;
  int r = role_value(rec[field]);
  if (r == -2) return -1;
  if (r < 0) {
    d.error(field, std::string("piquet.") + field,
            show(rec[field]) + " is not a role of this deal; " + field + " is null, \"elder\" or \"younger\"" +
                extra_rule);
    return -3;
  }
  return r;
}

bool parse_point(const json& rec, Detail& x, Diagnostics& d, bool pips_rounded) {
  size_t before = d.errors().size();
  if (!rec.contains("point") || rec["point"].is_null()) {
    d.error("point", "piquet.point_missing", "missing: Elder must always call a point (point: {winner, cards, pips})");
    return false;
  }
  const json& p = rec["point"];
  if (!p.is_object()) {
    d.error("point", "piquet.point_type", "must be an object {winner, cards, pips}");
    return false;
  }
  // spec piquet §3 V-PT1
  if (!p.contains("winner") || !p["winner"].is_string() ||
      (p["winner"] != "elder" && p["winner"] != "younger" && p["winner"] != "equal")) {
    d.error("point.winner", "piquet.point_winner",
            (p.contains("winner") ? show(p["winner"]) + " is not allowed" : std::string("missing")) +
                ": Elder must always call a point; point.winner is \"elder\", \"younger\" or \"equal\"");
  } else {
    x.point_winner = p["winner"] == "elder" ? k_elder : p["winner"] == "younger" ? k_younger : k_equal;
  }
  // spec piquet §3 V-PT2
  if (!p.contains("cards") || !read_int(p["cards"], 1, 8, x.point_cards)) {
    d.error("point.cards", "piquet.point_cards",
            (p.contains("cards") ? p["cards"].dump() + " is not allowed" : std::string("missing")) +
                ": the point is a whole number of cards from 1 to 8");
    x.point_cards = 0;
  } else if (x.point_cards <= 2) {
    d.warning("point.cards", "piquet.point_short",
              "a point of " + std::to_string(x.point_cards) +
                  ": every 12-card hand has a suit of at least 3 cards — is " + std::to_string(x.point_cards) +
                  " a typo?");
  }
  // spec piquet §3 V-PT3 / V-PT4
  if (p.contains("pips") && !p["pips"].is_null()) {
    if (!read_int(p["pips"], -1000000, 1000000, x.point_pips)) {
      d.error("point.pips", "piquet.point_pips", p["pips"].dump() + " is not a whole number of pips");
      x.point_pips = -1;
    } else if (x.point_cards >= 1) {
      auto [lo, hi] = k_pip_range[static_cast<size_t>(x.point_cards)];
      if (x.point_pips < lo || x.point_pips > hi)
        d.error("point.pips", "piquet.point_pips_range",
                std::to_string(x.point_cards) + " cards cannot make " + std::to_string(x.point_pips) +
                    " (possible: " + std::to_string(lo) + (lo == hi ? "" : "–" + std::to_string(hi)) + ")");
    }
  } else if (pips_rounded) {
    d.error("point.pips", "piquet.point_pips_required",
            "missing: the old-rule point (point_scoring = pips_rounded) needs the pip value");
  }
  return d.errors().size() == before;
}

namespace {

bool parse_sequence(const json& s, Sequence& out, const std::string& field, Diagnostics& d) {
  if (!s.is_object()) {
    d.error(field, "piquet.sequence_type", s.dump() + " is not a sequence {length, top}");
    return false;
  }
  int len = 0;
  if (!s.contains("length") || !read_int(s["length"], 3, 8, len)) {
    d.error(field, "piquet.sequence_length",
            (s.contains("length") ? s["length"].dump() : std::string("a missing length")) +
                " is not a sequence length: a sequence has 3 to 8 cards");
    return false;
  }
  int top = s.contains("top") ? rank_index(s["top"]) : -1;
  if (top < 0) {
    d.error(field, "piquet.sequence_top",
            (s.contains("top") ? show(s["top"]) : std::string("a missing top")) +
                " is not a rank (A, K, Q, J, 10, 9, 8, 7)");
    return false;
  }
  // spec piquet §3 V-SQ2
  if (top < len - 1) {
    std::string lowest;
    for (int i = top; i >= 0; --i) lowest += std::string(k_ranks[static_cast<size_t>(i)]) + (i ? "-" : "");
    d.error(field, "piquet.sequence_top",
            "a " + sequence_name(len) + " cannot be headed by a " + std::string(k_ranks[static_cast<size_t>(top)]) +
                " (" + lowest + " is only " + std::to_string(top + 1) + " card" + (top ? "s" : "") + ")");
    return false;
  }
  out = {len, top};
  return true;
}

}  // namespace

bool parse_sequences(const json& rec, Detail& x, Diagnostics& d) {
  size_t before = d.errors().size();
  if (!rec.contains("sequences") || rec["sequences"].is_null()) return true;  // = none
  const json& s = rec["sequences"];
  if (!s.is_object()) {
    d.error("sequences", "piquet.sequences_type", "must be an object {winner, scored}");
    return false;
  }
  // spec piquet §3 V-SQ1
  const json w = s.value("winner", json("none"));
  if (w == "elder")
    x.seq_winner = k_elder;
  else if (w == "younger")
    x.seq_winner = k_younger;
  else if (w == "equal")
    x.seq_winner = k_equal;
  else if (w == "none")
    x.seq_winner = k_none;
  else {
    d.error("sequences.winner", "piquet.sequences_winner",
            show(w) + " is not allowed; sequences.winner is \"elder\", \"younger\", \"equal\" or \"none\"");
    x.seq_winner = -1;
  }
  json scored = s.value("scored", json::array());
  if (!scored.is_array()) {
    d.error("sequences.scored", "piquet.sequences_scored", "must be an array of {length, top}");
    scored = json::array();
  }
  bool role = x.seq_winner == k_elder || x.seq_winner == k_younger;
  if (role && scored.empty())
    d.error("sequences.scored", "piquet.sequences_empty",
            "Sequence winner given but no sequence listed: list the sequences " +
                std::string(k_role_names[static_cast<size_t>(x.seq_winner)]) + " scored");
  if (!role && x.seq_winner >= 0 && !scored.empty())
    d.error("sequences.scored", "piquet.sequences_unwon",
            "sequences listed but winner is " + show(w) +
                ": only the winner of the sequences scores (name elder or younger)");
  int total_len = 0;
  for (const auto& item : scored) {
    Sequence q;
    if (parse_sequence(item, q, "sequences.scored", d)) {
      x.seqs.push_back(q);
      total_len += q.length;
    }
  }
  // spec piquet §3 V-SQ3
  if (total_len > 12)
    d.error("sequences.scored", "piquet.sequences_cards",
            "these sequences need " + std::to_string(total_len) + " cards; a hand has 12");
  if (s.contains("equal_to") && !s["equal_to"].is_null()) {
    Sequence q;
    if (parse_sequence(s["equal_to"], q, "sequences.equal_to", d)) {
      if (x.seq_winner == k_equal)
        x.equal_to = q;
      else
        d.warning("sequences.equal_to", "piquet.equal_to_ignored",
                  "equal_to is informative only when sequences.winner is \"equal\"; ignored");
    }
  }
  return d.errors().size() == before;
}

bool parse_sets(const json& rec, Detail& x, Diagnostics& d) {
  size_t before = d.errors().size();
  if (!rec.contains("sets") || rec["sets"].is_null()) return true;
  const json& s = rec["sets"];
  if (!s.is_object()) {
    d.error("sets", "piquet.sets_type", "must be an object {winner, scored}");
    return false;
  }
  // spec piquet §3 V-ST1
  const json w = s.value("winner", json("none"));
  if (w == "elder")
    x.set_winner = k_elder;
  else if (w == "younger")
    x.set_winner = k_younger;
  else if (w == "none")
    x.set_winner = k_none;
  else if (w == "equal") {
    d.error(
        "sets.winner", "piquet.sets_equal",
        "\"equal\" is impossible: two players cannot hold sets of the same rank and size (sets.winner is elder, younger or none)");
    x.set_winner = -1;
  } else {
    d.error("sets.winner", "piquet.sets_winner",
            show(w) + " is not allowed; sets.winner is \"elder\", \"younger\" or \"none\"");
    x.set_winner = -1;
  }
  json scored = s.value("scored", json::array());
  if (!scored.is_array()) {
    d.error("sets.scored", "piquet.sets_scored", "must be an array of {rank, count}");
    scored = json::array();
  }
  bool role = x.set_winner == k_elder || x.set_winner == k_younger;
  if (role && scored.empty())
    d.error("sets.scored", "piquet.sets_empty",
            "Sets winner given but no set listed: list the trios / quatorzes " +
                std::string(k_role_names[static_cast<size_t>(x.set_winner)]) + " scored");
  if (!role && x.set_winner >= 0 && !scored.empty())
    d.error("sets.scored", "piquet.sets_unwon",
            "sets listed but winner is " + show(w) + ": only the winner of the sets scores");
  std::set<int> seen;
  for (const auto& item : scored) {
    if (!item.is_object()) {
      d.error("sets.scored", "piquet.set_type", item.dump() + " is not a set {rank, count}");
      continue;
    }
    int r = item.contains("rank") ? rank_index(item["rank"]) : -1;
    int c = 0;
    // spec piquet §3 V-ST2
    if (r < 0) {
      d.error("sets.scored", "piquet.set_rank",
              (item.contains("rank") ? show(item["rank"]) : std::string("a missing rank")) +
                  " is not a rank (A, K, Q, J, 10)");
      continue;
    }
    if (r < 3) {
      d.error("sets.scored", "piquet.set_rank",
              std::string("a set of ") + k_ranks[static_cast<size_t>(r)] +
                  "s: sets of nines or lower do not score (A, K, Q, J, 10)");
      continue;
    }
    if (!item.contains("count") || !read_int(item["count"], 3, 4, c)) {
      d.error("sets.scored", "piquet.set_count",
              (item.contains("count") ? item["count"].dump() : std::string("a missing count")) +
                  " is not a set size: 3 (trio) or 4 (quatorze)");
      continue;
    }
    if (!seen.insert(r).second) {
      d.error("sets.scored", "piquet.set_duplicate",
              std::string("two sets of ") + k_ranks[static_cast<size_t>(r)] + " listed: a rank makes at most one set");
      continue;
    }
    x.sets.push_back({r, c});
  }
  return d.errors().size() == before;
}

bool parse_pair(const json& rec, const char* field, int lo, int hi, int out[2], Diagnostics& d,
                const std::string& rule) {
  const json& o = rec[field];
  if (!o.is_object()) {
    d.error(field, std::string("piquet.") + field, "must be an object {elder: n, younger: n}");
    return false;
  }
  bool ok = true;
  for (const auto& k : o.items())
    if (k.key() != "elder" && k.key() != "younger") {
      d.error(field, std::string("piquet.") + field, "'" + k.key() + "' is not a role; the keys are elder and younger");
      ok = false;
    }
  for (int r = 0; r < 2; ++r) {
    const char* rn = k_role_names[static_cast<size_t>(r)];
    if (!o.contains(rn)) {
      d.error(field, std::string("piquet.") + field,
              std::string(rn) + " is missing (both elder and younger are required)");
      ok = false;
    } else if (!read_int(o[rn], lo, hi, out[r])) {
      d.error(field, std::string("piquet.") + field, std::string(rn) + " " + o[rn].dump() + " is not allowed: " + rule);
      ok = false;
    }
  }
  return ok;
}

// ---- names ----------------------------------------------------------------------------------------------

std::string sequence_name(int length) {
  static constexpr std::array<const char*, 9> k_names = {"",      "",        "",         "tierce",  "quart",
                                                         "quint", "sixieme", "septieme", "huitieme"};
  return length >= 3 && length <= 8 ? k_names[static_cast<size_t>(length)] : std::to_string(length);
}

int rank_index(const json& v) {
  std::string s;
  if (v.is_string()) {
    s = v.get<std::string>();
  } else if (v.is_number_integer()) {
    s = std::to_string(v.get<long long>());
  } else {
    return -1;
  }
  for (size_t i = 0; i < k_ranks.size(); ++i)
    if (s == k_ranks[i]) return static_cast<int>(i);
  return -1;
}

std::string join(const std::vector<std::string>& v, const std::string& sep) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : sep) + x;
  return s;
}

// ---- stage 1: the parts of a detail record ---------------------------------------------------------------

namespace {

void check_known_fields(const json& rec, Diagnostics& d) {
  static const std::set<std::string> known = {"entry",           "dealer",      "redeal",      "reason",
                                              "carte_blanche",   "point",       "sequences",   "sets",
                                              "tricks",          "play_points", "pique",       "concession",
                                              "reckons_nothing", "game_winner", "check_totals"};
  for (auto it = rec.begin(); it != rec.end(); ++it) {
    if (it.key() == "totals")
      d.error("totals", "piquet.detail_totals",
              "a detail entry has no totals; use entry \"totals\" to record deal totals only");
    else if (!known.count(it.key()))
      d.warning(it.key(), "piquet.unknown_field", "'" + it.key() + "' is not a piquet deal field; ignored");
  }
}

// spec piquet §3 V-R1, V-CB1
void read_blanche(const json& rec, Detail& x, Diagnostics& d) {
  x.reckons_nothing = parse_role_field(rec, "reckons_nothing", d, "");
  if (x.reckons_nothing == -3) x.reckons_nothing = -1;
  if (rec.contains("carte_blanche") && rec["carte_blanche"] == "both") {
    d.error(
        "carte_blanche", "piquet.carte_blanche_both",
        "\"both\" is impossible: both players cannot hold a carte blanche, the pack has only 20 cards without K/Q/J");
    return;
  }
  x.carte_blanche = parse_role_field(rec, "carte_blanche", d, "");
  if (x.carte_blanche == -3) x.carte_blanche = -1;
}

// spec piquet §3 V-C1: only in the final deal of a Rubicon partie, and then the deal is not played
void read_concession(const json& rec, const DealContext& c, Diagnostics& d) {
  if (c.opts.mode != Mode::rubicon)
    d.error("concession", "piquet.concession_mode",
            "Conceding the play is only allowed in the final deal of a Rubicon partie; this is a classic game");
  else if (c.deal_no != c.last_deal)
    d.error("concession", "piquet.concession_deal",
            "Conceding the play is only allowed in the final deal of a partie: this is deal " +
                std::to_string(c.deal_no) + ", the last is deal " + std::to_string(c.last_deal));
  for (const char* f : {"tricks", "play_points"})
    if (rec.contains(f) && !rec[f].is_null())
      d.error(f, "piquet.concession_play",
              std::string("a conceded deal is not played: remove ") + f +
                  " (the concession gives the opponent 13 and 10)");
}

// spec piquet §3 V-T1, V-P1
void read_tricks_and_play(const json& rec, Detail& x, Diagnostics& d) {
  if (!rec.contains("tricks") || rec["tricks"].is_null()) {
    d.error("tricks", "piquet.tricks_missing",
            "missing: the tricks each player took, {elder: n, younger: n} adding up to 12");
  } else if (parse_pair(rec, "tricks", 0, 12, x.tricks, d, "tricks are 0 to 12 each")) {
    if (x.tricks[0] + x.tricks[1] != 12)
      d.error("tricks", "piquet.tricks_sum",
              "Tricks add up to " + std::to_string(x.tricks[0] + x.tricks[1]) + " (" + std::to_string(x.tricks[0]) +
                  " + " + std::to_string(x.tricks[1]) + "), must be 12");
    else
      x.has_tricks = true;
  }
  if (!rec.contains("play_points") || rec["play_points"].is_null()) {
    d.error("play_points", "piquet.play_missing",
            "missing: the points each player made in play (leads, captures, last trick), {elder: n, younger: n}");
  } else if (parse_pair(rec, "play_points", 0, 13, x.play, d, "play points are 0 to 13 each")) {
    x.has_play = true;
  }
}

// The play fields: pique (V-PQ1), concession (V-C1) or tricks and play points.
void read_play(const json& rec, Detail& x, const DealContext& c, Diagnostics& d) {
  if (rec.contains("pique") && !rec["pique"].is_null()) {
    if (!rec["pique"].is_boolean())
      d.error("pique", "piquet.pique_type", show(rec["pique"]) + " is not allowed: pique is null, true or false");
    else
      x.pique = rec["pique"].get<bool>() ? 1 : 0;
  }
  x.concession = parse_role_field(rec, "concession", d, "");
  if (x.concession >= 0)
    read_concession(rec, c, d);
  else
    read_tricks_and_play(rec, x, d);
}

}  // namespace

void read_detail(const json& rec, const DealContext& c, DetailRead& out) {
  Detail& x = out.x;
  check_known_fields(rec, out.diags[k_part_fields]);
  read_blanche(rec, x, out.diags[k_part_blanche]);
  parse_point(rec, x, out.diags[k_part_point], c.opts.pips_rounded);
  parse_sequences(rec, x, out.diags[k_part_sequences]);
  parse_sets(rec, x, out.diags[k_part_sets]);
  read_play(rec, x, c, out.diags[k_part_play]);
  Diagnostics& tail = out.diags[k_part_tail];
  if (rec.contains("check_totals") && !rec["check_totals"].is_null())
    x.has_check = parse_pair(rec, "check_totals", 0, k_max_deal_total, x.check, tail, "a deal total is 0 to 174");
  int gw = read_game_winner(rec, c, tail);
  x.game_winner = gw < 0 ? -1 : gw;
}

void keep_parts(const json& rec, DetailRead& r, int ended, int winner, const DealContext& c, Diagnostics& d) {
  auto ignored = [&](const char* field) {  // spec piquet §3 C-9 (W)
    if (rec.contains(field) && !rec[field].is_null())
      d.warning(field, "piquet.after_end",
                std::string("Ignored: the game was won during the ") +
                    (ended == 0 ? std::string("carte blanche")
                                : std::string(k_decl_categories[static_cast<size_t>(ended)])) +
                    " (" + c.name(winner) + " reached " + std::to_string(c.opts.target) + ")");
  };
  Detail& x = r.x;
  d.append(r.diags[k_part_fields]);
  d.append(r.diags[k_part_blanche]);
  for (int k = 1; k <= 3; ++k) {  // point, sequences, sets: categories 1..3
    if (ended < 0 || k <= ended) {
      d.append(r.diags[static_cast<size_t>(k_part_blanche + k)]);
      continue;
    }
    ignored(k_decl_categories[static_cast<size_t>(k)]);
    if (k == 1) x.point_winner = -1, x.point_cards = 0, x.point_pips = -1;
    if (k == 2) x.seq_winner = k_none, x.seqs.clear(), x.equal_to.reset();
    if (k == 3) x.set_winner = k_none, x.sets.clear();
  }
  if (ended < 0) {
    d.append(r.diags[k_part_play]);
  } else {
    for (const char* f : {"tricks", "play_points", "pique", "concession"}) ignored(f);
    x.pique = -1, x.concession = -1, x.has_tricks = false, x.has_play = false;
  }
  d.append(r.diags[k_part_tail]);
}

// ---- V-P2 / V-P3: the play points against the tricks -----------------------------------------------------

namespace {

// spec piquet §3 V-P2: the feasible pairs named when the recorded one is not among them
void report_infeasible(const Detail& x, const std::vector<PlayOutcome>& orders, Diagnostics& d) {
  std::set<std::pair<int, int>> feasible;
  for (const auto& o : orders) feasible.insert({o.points[0], o.points[1]});
  int lo_e = 99, hi_e = -1, lo_y = 99, hi_y = -1;
  std::vector<std::string> pairs;
  for (const auto& [e, y] : feasible) {
    lo_e = std::min(lo_e, e), hi_e = std::max(hi_e, e), lo_y = std::min(lo_y, y), hi_y = std::max(hi_y, y);
    pairs.push_back("(" + std::to_string(e) + "," + std::to_string(y) + ")");
  }
  auto range = [](int lo, int hi) {
    return lo == hi ? std::to_string(lo) : std::to_string(lo) + "–" + std::to_string(hi);
  };
  d.error("play_points", "piquet.play_infeasible",
          "elder " + std::to_string(x.play[0]) + ", younger " + std::to_string(x.play[1]) + " cannot arise: with " +
              std::to_string(x.tricks[0]) + " tricks to " + std::to_string(x.tricks[1]) +
              ", elder's play points can only be " + range(lo_e, hi_e) + ", younger's " + range(lo_y, hi_y) +
              ", in the combinations " + join(pairs, " "));
}

// spec piquet §3 V-P3 (old trick scoring): each at most the modern maximum, and someone won the last trick
void check_old_play(const Detail& x, const std::vector<PlayOutcome>& orders, Diagnostics& d) {
  int max_e = 0, max_y = 0;
  for (const auto& o : orders) max_e = std::max(max_e, o.points[0]), max_y = std::max(max_y, o.points[1]);
  if (x.play[0] > max_e || x.play[1] > max_y)
    d.error("play_points", "piquet.play_old_max",
            "elder " + std::to_string(x.play[0]) + ", younger " + std::to_string(x.play[1]) + " cannot arise: with " +
                std::to_string(x.tricks[0]) + " tricks to " + std::to_string(x.tricks[1]) + " elder makes at most " +
                std::to_string(max_e) + " and younger at most " + std::to_string(max_y) + " in play");
  else if (x.play[0] + x.play[1] < 1)
    d.error("play_points", "piquet.play_old_last", "0 and 0: someone won the last trick, which always scores 1");
}

}  // namespace

std::vector<int> check_play_points(const Detail& x, const Options& opts, Diagnostics& d) {
  std::vector<int> runs;
  if (!x.has_tricks || !x.has_play) return runs;
  const auto& orders = play_orders(x.tricks[k_elder], opts.last_trick_on_capot);
  if (opts.old_tens) {
    check_old_play(x, orders, d);
    return runs;
  }
  for (const auto& o : orders)
    if (o.points[0] == x.play[0] && o.points[1] == x.play[1]) runs.push_back(o.run);
  if (runs.empty()) report_infeasible(x, orders, d);
  return runs;
}

// ---- stage 2: consistency ----------------------------------------------------------------------------------

namespace {

std::string seq_text(const Sequence& s) {
  return sequence_name(s.length) + " to the " + k_ranks[static_cast<size_t>(s.top)];
}

// What each role's scored combinations need, rank by rank (C-1), and why.
struct CardNeeds {
  std::array<std::array<int, 8>, 2> need{}, seq_need{}, set_need{};
  std::array<std::array<std::string, 8>, 2> why;  // no {}: clang 14 crashes on it

  void add_seq(int role, const Sequence& q, const std::string& label) {
    for (int r = q.top - q.length + 1; r <= q.top; ++r) {
      seq_need[static_cast<size_t>(role)][static_cast<size_t>(r)] += 1;
      auto& w = why[static_cast<size_t>(role)][static_cast<size_t>(r)];
      w += (w.empty() ? "" : ", ") + label;
    }
  }
  std::string describe(int role, size_t r) const {
    std::vector<std::string> parts;
    int set = set_need[static_cast<size_t>(role)][r];
    if (set) parts.push_back(std::string(set == 4 ? "quatorze" : "trio") + " of " + k_ranks[r]);
    if (seq_need[static_cast<size_t>(role)][r]) parts.push_back(why[static_cast<size_t>(role)][r]);
    return std::string(k_role_names[static_cast<size_t>(role)]) + ": " + join(parts, ", ");
  }
};

CardNeeds needs_of(const Detail& x, int ended) {
  CardNeeds n;
  if (ended < 0 || ended >= 2) {
    if (x.seq_winner == k_elder || x.seq_winner == k_younger)
      for (const auto& q : x.seqs) n.add_seq(x.seq_winner, q, seq_text(q));
    if (x.equal_to)
      for (int r = 0; r < 2; ++r) n.add_seq(r, *x.equal_to, seq_text(*x.equal_to) + " (equal)");
  }
  if ((ended < 0 || ended >= 3) && (x.set_winner == k_elder || x.set_winner == k_younger))
    for (const auto& s : x.sets) n.set_need[static_cast<size_t>(x.set_winner)][static_cast<size_t>(s.rank)] = s.count;
  for (size_t role = 0; role < 2; ++role)
    for (size_t r = 0; r < 8; ++r) n.need[role][r] = std::max(n.seq_need[role][r], n.set_need[role][r]);
  return n;
}

// C-1 / C-2: card availability per rank, cards per hand, court cards of a blank holder
void check_cards(const Detail& x, int ended, Diagnostics& d) {
  CardNeeds n = needs_of(x, ended);
  for (size_t r = 0; r < 8; ++r) {
    int total = n.need[0][r] + n.need[1][r];
    if (total <= 4) continue;
    std::vector<std::string> who;
    for (int role = 0; role < 2; ++role)
      if (n.need[static_cast<size_t>(role)][r]) who.push_back(n.describe(role, r));
    bool sets_involved = n.set_need[0][r] || n.set_need[1][r];
    d.error(sets_involved ? "sets.scored" : "sequences.scored", "piquet.card_count",
            "The record needs " + std::to_string(total) + " cards of rank " + k_ranks[r] + " (" + join(who, "; ") +
                "); the pack has 4");
  }
  for (int role = 0; role < 2; ++role) {
    int cards = 0, courts = 0;
    for (size_t r = 0; r < 8; ++r) cards += n.need[static_cast<size_t>(role)][r];
    for (size_t r = 4; r <= 6; ++r) courts += n.need[static_cast<size_t>(role)][r];
    if (cards > 12)
      d.error(x.set_winner == role ? "sets.scored" : "sequences.scored", "piquet.hand_size",
              std::string(role == k_elder ? "Elder" : "Younger") + "'s combinations need " + std::to_string(cards) +
                  " cards; a hand has 12");
    if (x.carte_blanche == role && courts > k_max_courts_blank)
      d.error("carte_blanche", "piquet.blank_courts",
              std::string(k_role_names[static_cast<size_t>(role)]) +
                  " showed a carte blanche but his scored combinations need " + std::to_string(courts) +
                  " court cards (K/Q/J); after the exchange a blank holder has at most 7");
  }
}

}  // namespace

void check_consistency(const Detail& x, const int cat[4][2], int ended, Diagnostics& d) {
  check_cards(x, ended, d);
  // C-3: combinations at most 57 (51 for the carte-blanche holder)
  for (int role = 0; role < 2; ++role) {
    int comb = cat[1][role] + cat[2][role] + cat[3][role];
    int cap = x.carte_blanche == role ? k_max_combinations_blank : k_max_combinations;
    if (comb > cap)
      d.error(x.set_winner == role ? "sets.scored" : "sequences.scored", "piquet.combinations_max",
              std::string(k_role_names[static_cast<size_t>(role)]) + " scores " + std::to_string(comb) +
                  " in point, sequences and sets: no 12-card hand makes more than " + std::to_string(cap) +
                  (x.carte_blanche == role ? " after a carte blanche" : " in combinations"));
  }
  // C-4 (W): sunk point?
  if ((ended < 0 || ended >= 2) && (x.seq_winner == k_elder || x.seq_winner == k_younger) &&
      x.point_winner == 1 - x.seq_winner) {
    int longest = 0;
    for (const auto& q : x.seqs) longest = std::max(longest, q.length);
    if (x.point_cards < longest)
      d.warning("point", "piquet.sunk_point",
                std::string(x.seq_winner == k_elder ? "Elder" : "Younger") + " held a " + std::to_string(longest) +
                    "-card suit but lost the point with " + std::to_string(x.point_cards) + " — sunk point?");
  }
}

std::vector<Diagnostic> declaration_errors(const json& rec, const DealContext& c) {
  DetailRead r;
  read_detail(rec, c, r);
  Diagnostics d;
  for (int part : {k_part_blanche, k_part_sequences, k_part_sets}) d.append(r.diags[static_cast<size_t>(part)]);
  if (!d.has_errors()) check_cards(r.x, -1, d);  // C-1 / C-2: the pack and a hand of 12
  return d.errors();
}

// ---- fields of both entries ----------------------------------------------------------------------------------

int read_game_winner(const json& rec, const DealContext& c, Diagnostics& d) {
  if (!rec.contains("game_winner") || rec["game_winner"].is_null()) return -1;
  const json& v = rec["game_winner"];
  if (v.is_string() && v == c.name(0)) return 0;
  if (v.is_string() && v == c.name(1)) return 1;
  d.error("game_winner", "piquet.game_winner",
          show(v) + " is not a player of this game (" + c.name(0) + ", " + c.name(1) + ")");
  return -2;
}

namespace {

void check_totals_fields(const json& rec, Diagnostics& d) {
  static const std::set<std::string> allowed = {"entry", "dealer", "totals", "game_winner", "redeal"};
  static const std::set<std::string> detail_fields = {"carte_blanche",   "point",        "sequences", "sets",
                                                      "tricks",          "play_points",  "pique",     "concession",
                                                      "reckons_nothing", "check_totals", "reason"};
  for (auto it = rec.begin(); it != rec.end(); ++it) {
    if (allowed.count(it.key())) continue;
    if (detail_fields.count(it.key()))
      d.error(it.key(), "piquet.totals_field",
              "'" + it.key() +
                  "' belongs to a detail entry; a totals entry carries only totals, dealer and game_winner");
    else
      d.warning(it.key(), "piquet.unknown_field", "'" + it.key() + "' is not a piquet deal field; ignored");
  }
}

// spec piquet §3 V-TT1: both players, 0..174 each
void read_totals_object(const json& rec, const DealContext& c, std::array<int, 2>& t, Diagnostics& d) {
  if (!rec.contains("totals") || !rec["totals"].is_object()) {
    d.error("totals", "piquet.totals_missing",
            "a totals entry needs totals: {\"" + c.name(0) + "\": n, \"" + c.name(1) + "\": n}");
    return;
  }
  const json& o = rec["totals"];
  for (auto it = o.begin(); it != o.end(); ++it)
    if (it.key() != c.name(0) && it.key() != c.name(1))
      d.error("totals", "piquet.totals_player",
              "'" + it.key() + "' is not a player of this game (" + c.name(0) + ", " + c.name(1) + ")");
  for (int p = 0; p < 2; ++p) {
    const std::string& n = c.name(p);
    if (!o.contains(n)) {
      d.error("totals", "piquet.totals_player", "the deal score of " + n + " is missing (both players are required)");
      continue;
    }
    if (!read_int(o[n], 0, k_max_deal_total, t[static_cast<size_t>(p)]))
      d.error("totals", "piquet.totals_range",
              n + ": " + o[n].dump() + " is not a whole number from 0 to 174; no deal can score more than 174");
  }
}

}  // namespace

void read_totals(const json& rec, const DealContext& c, std::array<int, 2>& t, Diagnostics& d) {
  check_totals_fields(rec, d);
  read_totals_object(rec, c, t, d);
}

// stage 2 of a totals entry: spec piquet §3 C-7 (W)
void check_totals_entry(const DealContext& c, const std::array<int, 2>& t, Diagnostics& d) {
  int elder = c.player_of(k_elder);
  if (t[static_cast<size_t>(elder)] == 0)
    d.warning(
        "totals", "piquet.elder_zero",
        c.name(elder) +
            " (elder) scored 0: elder always scores at least 1 for the first lead (unless conceding or penalised)");
  else if (t[0] + t[1] < 13)
    d.warning("totals", "piquet.totals_low",
              "the two deal scores add up to " + std::to_string(t[0] + t[1]) + ": the play alone gives at least 13");
}

}  // namespace marque::rules::piquet
