// Piquet, one deal record (spec piquet §2.4-2.6 and §3): the point, sequences, sets, tricks and play fields
// read and checked one by one (stage 1), the play points against the tricks (V-P2), the consistency of the whole
// (stage 2), a totals entry; piquet_score.cpp scores them (§4) and piquet_game.cpp advances (§5).
#include <algorithm>
#include <set>

#include "rules/piquet/piquet.hpp"

namespace marque::rules::piquet {

namespace {

using text::Message;

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
    err(d, field, std::string("piquet.") + field,
        Message("piquet.err.role").text("value", show(rec[field])).text("field", field).text("rule", extra_rule));
    return -3;
  }
  return r;
}

bool parse_point(const json& rec, Detail& x, Diagnostics& d, bool pips_rounded) {
  size_t before = d.errors().size();
  if (!rec.contains("point") || rec["point"].is_null()) {
    err(d, "point", "piquet.point_missing", Message("piquet.err.point_missing"));
    return false;
  }
  const json& p = rec["point"];
  if (!p.is_object()) {
    err(d, "point", "piquet.point_type", Message("piquet.err.point_type"));
    return false;
  }
  // spec piquet §3 V-PT1
  if (!p.contains("winner") || !p["winner"].is_string() ||
      (p["winner"] != "elder" && p["winner"] != "younger" && p["winner"] != "equal")) {
    err(d, "point.winner", "piquet.point_winner",
        Message("piquet.err.point_winner")
            .text("given", p.contains("winner") ? "yes" : "no")
            .text("value", p.contains("winner") ? show(p["winner"]) : ""));
  } else {
    x.point_winner = p["winner"] == "elder" ? k_elder : p["winner"] == "younger" ? k_younger : k_equal;
  }
  // spec piquet §3 V-PT2
  if (!p.contains("cards") || !read_int(p["cards"], 1, 8, x.point_cards)) {
    err(d, "point.cards", "piquet.point_cards",
        Message("piquet.err.point_cards")
            .text("given", p.contains("cards") ? "yes" : "no")
            .text("value", p.contains("cards") ? p["cards"].dump() : ""));
    x.point_cards = 0;
  } else if (x.point_cards <= 2) {
    warn(d, "point.cards", "piquet.point_short", Message("piquet.err.point_short").number("cards", x.point_cards));
  }
  // spec piquet §3 V-PT3 / V-PT4
  if (p.contains("pips") && !p["pips"].is_null()) {
    if (!read_int(p["pips"], -1000000, 1000000, x.point_pips)) {
      err(d, "point.pips", "piquet.point_pips", Message("piquet.err.point_pips").text("value", p["pips"].dump()));
      x.point_pips = -1;
    } else if (x.point_cards >= 1) {
      auto [lo, hi] = k_pip_range[static_cast<size_t>(x.point_cards)];
      if (x.point_pips < lo || x.point_pips > hi)
        err(d, "point.pips", "piquet.point_pips_range",
            Message("piquet.err.point_pips_range")
                .number("cards", x.point_cards)
                .number("pips", x.point_pips)
                .number("lo", lo)
                .number("hi", hi)
                .text("single", lo == hi ? "yes" : "no"));
    }
  } else if (pips_rounded) {
    err(d, "point.pips", "piquet.point_pips_required", Message("piquet.err.point_pips_required"));
  }
  return d.errors().size() == before;
}

namespace {

bool parse_sequence(const json& s, Sequence& out, const std::string& field, Diagnostics& d) {
  if (!s.is_object()) {
    err(d, field, "piquet.sequence_type", Message("piquet.err.sequence_type").text("value", s.dump()));
    return false;
  }
  int len = 0;
  if (!s.contains("length") || !read_int(s["length"], 3, 8, len)) {
    err(d, field, "piquet.sequence_length",
        Message("piquet.err.sequence_length")
            .text("given", s.contains("length") ? "yes" : "no")
            .text("value", s.contains("length") ? s["length"].dump() : ""));
    return false;
  }
  int top = s.contains("top") ? rank_index(s["top"]) : -1;
  if (top < 0) {
    err(d, field, "piquet.sequence_top",
        Message("piquet.err.sequence_rank")
            .text("given", s.contains("top") ? "yes" : "no")
            .text("value", s.contains("top") ? show(s["top"]) : ""));
    return false;
  }
  // spec piquet §3 V-SQ2
  if (top < len - 1) {
    std::string lowest;
    for (int i = top; i >= 0; --i) lowest += std::string(k_ranks[static_cast<size_t>(i)]) + (i ? "-" : "");
    err(d, field, "piquet.sequence_top",
        Message("piquet.err.sequence_top")
            .number("length", len)
            .text("top", k_ranks[static_cast<size_t>(top)])
            .text("lowest", lowest)
            .number("cards", top + 1));
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
    err(d, "sequences", "piquet.sequences_type", Message("piquet.err.winner_scored_type"));
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
    err(d, "sequences.winner", "piquet.sequences_winner",
        Message("piquet.err.sequences_winner").text("value", show(w)));
    x.seq_winner = -1;
  }
  json scored = s.value("scored", json::array());
  if (!scored.is_array()) {
    err(d, "sequences.scored", "piquet.sequences_scored", Message("piquet.err.sequences_scored"));
    scored = json::array();
  }
  bool role = x.seq_winner == k_elder || x.seq_winner == k_younger;
  if (role && scored.empty())
    err(d, "sequences.scored", "piquet.sequences_empty",
        Message("piquet.err.sequences_empty").text("role", k_role_names[static_cast<size_t>(x.seq_winner)]));
  if (!role && x.seq_winner >= 0 && !scored.empty())
    err(d, "sequences.scored", "piquet.sequences_unwon", Message("piquet.err.sequences_unwon").text("winner", show(w)));
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
    err(d, "sequences.scored", "piquet.sequences_cards",
        Message("piquet.err.sequences_cards").number("cards", total_len));
  if (s.contains("equal_to") && !s["equal_to"].is_null()) {
    Sequence q;
    if (parse_sequence(s["equal_to"], q, "sequences.equal_to", d)) {
      if (x.seq_winner == k_equal)
        x.equal_to = q;
      else
        warn(d, "sequences.equal_to", "piquet.equal_to_ignored", Message("piquet.err.equal_to_ignored"));
    }
  }
  return d.errors().size() == before;
}

bool parse_sets(const json& rec, Detail& x, Diagnostics& d) {
  size_t before = d.errors().size();
  if (!rec.contains("sets") || rec["sets"].is_null()) return true;
  const json& s = rec["sets"];
  if (!s.is_object()) {
    err(d, "sets", "piquet.sets_type", Message("piquet.err.winner_scored_type"));
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
    err(d, "sets.winner", "piquet.sets_equal", Message("piquet.err.sets_equal"));
    x.set_winner = -1;
  } else {
    err(d, "sets.winner", "piquet.sets_winner", Message("piquet.err.sets_winner").text("value", show(w)));
    x.set_winner = -1;
  }
  json scored = s.value("scored", json::array());
  if (!scored.is_array()) {
    err(d, "sets.scored", "piquet.sets_scored", Message("piquet.err.sets_scored"));
    scored = json::array();
  }
  bool role = x.set_winner == k_elder || x.set_winner == k_younger;
  if (role && scored.empty())
    err(d, "sets.scored", "piquet.sets_empty",
        Message("piquet.err.sets_empty").text("role", k_role_names[static_cast<size_t>(x.set_winner)]));
  if (!role && x.set_winner >= 0 && !scored.empty())
    err(d, "sets.scored", "piquet.sets_unwon", Message("piquet.err.sets_unwon").text("winner", show(w)));
  std::set<int> seen;
  for (const auto& item : scored) {
    if (!item.is_object()) {
      err(d, "sets.scored", "piquet.set_type", Message("piquet.err.set_type").text("value", item.dump()));
      continue;
    }
    int r = item.contains("rank") ? rank_index(item["rank"]) : -1;
    int c = 0;
    // spec piquet §3 V-ST2
    if (r < 0) {
      err(d, "sets.scored", "piquet.set_rank",
          Message("piquet.err.set_rank")
              .text("given", item.contains("rank") ? "yes" : "no")
              .text("value", item.contains("rank") ? show(item["rank"]) : ""));
      continue;
    }
    if (r < 3) {
      err(d, "sets.scored", "piquet.set_rank",
          Message("piquet.err.set_low").text("rank", k_ranks[static_cast<size_t>(r)]));
      continue;
    }
    if (!item.contains("count") || !read_int(item["count"], 3, 4, c)) {
      err(d, "sets.scored", "piquet.set_count",
          Message("piquet.err.set_count")
              .text("given", item.contains("count") ? "yes" : "no")
              .text("value", item.contains("count") ? item["count"].dump() : ""));
      continue;
    }
    if (!seen.insert(r).second) {
      err(d, "sets.scored", "piquet.set_duplicate",
          Message("piquet.err.set_duplicate").text("rank", k_ranks[static_cast<size_t>(r)]));
      continue;
    }
    x.sets.push_back({r, c});
  }
  return d.errors().size() == before;
}

bool parse_pair(const json& rec, const char* field, int lo, int hi, int out[2], Diagnostics& d, const Message& rule) {
  const json& o = rec[field];
  if (!o.is_object()) {
    err(d, field, std::string("piquet.") + field, Message("piquet.err.pair_type"));
    return false;
  }
  bool ok = true;
  for (const auto& k : o.items())
    if (k.key() != "elder" && k.key() != "younger") {
      err(d, field, std::string("piquet.") + field, Message("piquet.err.pair_key").text("key", k.key()));
      ok = false;
    }
  for (int r = 0; r < 2; ++r) {
    const char* rn = k_role_names[static_cast<size_t>(r)];
    if (!o.contains(rn)) {
      err(d, field, std::string("piquet.") + field, Message("piquet.err.pair_missing").text("role", rn));
      ok = false;
    } else if (!read_int(o[rn], lo, hi, out[r])) {
      err(d, field, std::string("piquet.") + field,
          Message("piquet.err.pair_value").text("role", rn).text("value", o[rn].dump()).message("rule", rule));
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
      err(d, "totals", "piquet.detail_totals", Message("piquet.err.detail_totals"));
    else if (!known.count(it.key()))
      warn(d, it.key(), "piquet.unknown_field", Message("piquet.err.unknown_field").text("field", it.key()));
  }
}

// spec piquet §3 V-R1, V-CB1
void read_blanche(const json& rec, Detail& x, Diagnostics& d) {
  x.reckons_nothing = parse_role_field(rec, "reckons_nothing", d, "");
  if (x.reckons_nothing == -3) x.reckons_nothing = -1;
  if (rec.contains("carte_blanche") && rec["carte_blanche"] == "both") {
    err(d, "carte_blanche", "piquet.carte_blanche_both", Message("piquet.err.carte_blanche_both"));
    return;
  }
  x.carte_blanche = parse_role_field(rec, "carte_blanche", d, "");
  if (x.carte_blanche == -3) x.carte_blanche = -1;
}

// spec piquet §3 V-C1: only in the final deal of a Rubicon partie, and then the deal is not played
void read_concession(const json& rec, const DealContext& c, Diagnostics& d) {
  if (c.opts.mode != Mode::rubicon)
    err(d, "concession", "piquet.concession_mode", Message("piquet.err.concession_mode"));
  else if (c.deal_no != c.last_deal)
    err(d, "concession", "piquet.concession_deal",
        Message("piquet.err.concession_deal").number("deal", c.deal_no).number("last", c.last_deal));
  for (const char* f : {"tricks", "play_points"})
    if (rec.contains(f) && !rec[f].is_null())
      err(d, f, "piquet.concession_play", Message("piquet.err.concession_play").text("field", f));
}

// spec piquet §3 V-T1, V-P1
void read_tricks_and_play(const json& rec, Detail& x, Diagnostics& d) {
  if (!rec.contains("tricks") || rec["tricks"].is_null()) {
    err(d, "tricks", "piquet.tricks_missing", Message("piquet.err.tricks_missing"));
  } else if (parse_pair(rec, "tricks", 0, 12, x.tricks, d, Message("piquet.err.tricks_range"))) {
    if (x.tricks[0] + x.tricks[1] != 12)
      err(d, "tricks", "piquet.tricks_sum",
          Message("piquet.err.tricks_sum")
              .number("sum", x.tricks[0] + x.tricks[1])
              .number("elder", x.tricks[0])
              .number("younger", x.tricks[1]));
    else
      x.has_tricks = true;
  }
  if (!rec.contains("play_points") || rec["play_points"].is_null()) {
    err(d, "play_points", "piquet.play_missing", Message("piquet.err.play_missing"));
  } else if (parse_pair(rec, "play_points", 0, 13, x.play, d, Message("piquet.err.play_range"))) {
    x.has_play = true;
  }
}

// The play fields: pique (V-PQ1), concession (V-C1) or tricks and play points.
void read_play(const json& rec, Detail& x, const DealContext& c, Diagnostics& d) {
  if (rec.contains("pique") && !rec["pique"].is_null()) {
    if (!rec["pique"].is_boolean())
      err(d, "pique", "piquet.pique_type", Message("piquet.err.pique_type").text("value", show(rec["pique"])));
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
    x.has_check = parse_pair(rec, "check_totals", 0, k_max_deal_total, x.check, tail,
                             Message("piquet.err.check_totals_range"));
  int gw = read_game_winner(rec, c, tail);
  x.game_winner = gw < 0 ? -1 : gw;
}

void keep_parts(const json& rec, DetailRead& r, int ended, int winner, const DealContext& c, Diagnostics& d) {
  auto ignored = [&](const char* field) {  // spec piquet §3 C-9 (W)
    if (rec.contains(field) && !rec[field].is_null())
      warn(d, field, "piquet.after_end",
           Message("piquet.err.after_end")
               .text("during", k_decl_categories[static_cast<size_t>(ended)])
               .text("player", c.name(winner))
               .number("target", c.opts.target));
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

// a V-P2 / V-P3 refusal with the recorded play points and tricks (elder, younger)
Message play_refusal(const char* id, const Detail& x) {
  return Message(id)
      .number("elder", x.play[0])
      .number("younger", x.play[1])
      .number("elder_tricks", x.tricks[0])
      .number("younger_tricks", x.tricks[1]);
}

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
  err(d, "play_points", "piquet.play_infeasible",
      play_refusal("piquet.err.play_infeasible", x)
          .text("elder_range", range(lo_e, hi_e))
          .text("younger_range", range(lo_y, hi_y))
          .text("pairs", join(pairs, " ")));
}

// spec piquet §3 V-P3 (old trick scoring): each at most the modern maximum, and someone won the last trick
void check_old_play(const Detail& x, const std::vector<PlayOutcome>& orders, Diagnostics& d) {
  int max_e = 0, max_y = 0;
  for (const auto& o : orders) max_e = std::max(max_e, o.points[0]), max_y = std::max(max_y, o.points[1]);
  if (x.play[0] > max_e || x.play[1] > max_y)
    err(d, "play_points", "piquet.play_old_max",
        play_refusal("piquet.err.play_old_max", x).number("elder_max", max_e).number("younger_max", max_y));
  else if (x.play[0] + x.play[1] < 1)
    err(d, "play_points", "piquet.play_old_last", Message("piquet.err.play_old_last"));
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

text::Message seq_text(const Sequence& s, bool equal) {
  return text::Message("piquet.card.sequence")
      .text("name", sequence_name(s.length))
      .text("rank", k_ranks[static_cast<size_t>(s.top)])
      .text("equal", equal ? "yes" : "no");
}

// What each role's scored combinations need, rank by rank (C-1), and why.
struct CardNeeds {
  std::array<std::array<int, 8>, 2> need{}, seq_need{}, set_need{};
  std::array<std::array<std::vector<text::Message>, 8>, 2> why;  // no {}: clang 14 crashes on it

  void add_seq(int role, const Sequence& q, const text::Message& label) {
    for (int r = q.top - q.length + 1; r <= q.top; ++r) {
      seq_need[static_cast<size_t>(role)][static_cast<size_t>(r)] += 1;
      why[static_cast<size_t>(role)][static_cast<size_t>(r)].push_back(label);
    }
  }
  // "elder: quatorze of K, quint to the A"
  text::Message describe(int role, size_t r) const {
    std::vector<text::Message> parts;
    int set = set_need[static_cast<size_t>(role)][r];
    if (set) parts.push_back(text::Message("piquet.card.set").number("count", set).text("rank", k_ranks[r]));
    if (seq_need[static_cast<size_t>(role)][r])
      for (const auto& w : why[static_cast<size_t>(role)][r]) parts.push_back(w);
    return text::Message("piquet.card.role")
        .text("role", k_role_names[static_cast<size_t>(role)])
        .message("parts", listed(parts));
  }
};

CardNeeds needs_of(const Detail& x, int ended) {
  CardNeeds n;
  if (ended < 0 || ended >= 2) {
    if (x.seq_winner == k_elder || x.seq_winner == k_younger)
      for (const auto& q : x.seqs) n.add_seq(x.seq_winner, q, seq_text(q, false));
    if (x.equal_to)
      for (int r = 0; r < 2; ++r) n.add_seq(r, *x.equal_to, seq_text(*x.equal_to, true));
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
    std::vector<text::Message> who;
    for (int role = 0; role < 2; ++role)
      if (n.need[static_cast<size_t>(role)][r]) who.push_back(n.describe(role, r));
    bool sets_involved = n.set_need[0][r] || n.set_need[1][r];
    err(d, sets_involved ? "sets.scored" : "sequences.scored", "piquet.card_count",
        text::Message("piquet.err.card_count")
            .number("total", total)
            .text("rank", k_ranks[r])
            .message("who", text::Message("piquet.list")
                                .message("item", who.front())
                                .message("rest", chain(who, "piquet.notes", 1))));
  }
  for (int role = 0; role < 2; ++role) {
    int cards = 0, courts = 0;
    for (size_t r = 0; r < 8; ++r) cards += n.need[static_cast<size_t>(role)][r];
    for (size_t r = 4; r <= 6; ++r) courts += n.need[static_cast<size_t>(role)][r];
    if (cards > 12)
      err(d, x.set_winner == role ? "sets.scored" : "sequences.scored", "piquet.hand_size",
          Message("piquet.err.hand_size").text("role", k_role_names[static_cast<size_t>(role)]).number("cards", cards));
    if (x.carte_blanche == role && courts > k_max_courts_blank)
      err(d, "carte_blanche", "piquet.blank_courts",
          Message("piquet.err.blank_courts")
              .text("role", k_role_names[static_cast<size_t>(role)])
              .number("courts", courts));
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
      err(d, x.set_winner == role ? "sets.scored" : "sequences.scored", "piquet.combinations_max",
          Message("piquet.err.combinations_max")
              .text("role", k_role_names[static_cast<size_t>(role)])
              .number("points", comb)
              .number("max", cap)
              .text("blanche", x.carte_blanche == role ? "yes" : "no"));
  }
  // C-4 (W): sunk point?
  if ((ended < 0 || ended >= 2) && (x.seq_winner == k_elder || x.seq_winner == k_younger) &&
      x.point_winner == 1 - x.seq_winner) {
    int longest = 0;
    for (const auto& q : x.seqs) longest = std::max(longest, q.length);
    if (x.point_cards < longest)
      warn(d, "point", "piquet.sunk_point",
           Message("piquet.err.sunk_point")
               .text("role", k_role_names[static_cast<size_t>(x.seq_winner)])
               .number("longest", longest)
               .number("cards", x.point_cards));
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
  err(d, "game_winner", "piquet.game_winner",
      Message("piquet.err.not_a_player").text("value", show(v)).text("first", c.name(0)).text("second", c.name(1)));
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
      err(d, it.key(), "piquet.totals_field", Message("piquet.err.totals_field").text("field", it.key()));
    else
      warn(d, it.key(), "piquet.unknown_field", Message("piquet.err.unknown_field").text("field", it.key()));
  }
}

// spec piquet §3 V-TT1: both players, 0..174 each
void read_totals_object(const json& rec, const DealContext& c, std::array<int, 2>& t, Diagnostics& d) {
  if (!rec.contains("totals") || !rec["totals"].is_object()) {
    err(d, "totals", "piquet.totals_missing",
        Message("piquet.err.totals_missing").text("first", c.name(0)).text("second", c.name(1)));
    return;
  }
  const json& o = rec["totals"];
  for (auto it = o.begin(); it != o.end(); ++it)
    if (it.key() != c.name(0) && it.key() != c.name(1))
      err(d, "totals", "piquet.totals_player",
          Message("piquet.err.not_a_player")
              .text("value", "'" + it.key() + "'")
              .text("first", c.name(0))
              .text("second", c.name(1)));
  for (int p = 0; p < 2; ++p) {
    const std::string& n = c.name(p);
    if (!o.contains(n)) {
      err(d, "totals", "piquet.totals_player", Message("piquet.err.totals_player_missing").text("player", n));
      continue;
    }
    if (!read_int(o[n], 0, k_max_deal_total, t[static_cast<size_t>(p)]))
      err(d, "totals", "piquet.totals_range",
          Message("piquet.err.totals_range").text("player", n).text("value", o[n].dump()));
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
    warn(d, "totals", "piquet.elder_zero", Message("piquet.err.elder_zero").text("player", c.name(elder)));
  else if (t[0] + t[1] < 13)
    warn(d, "totals", "piquet.totals_low", Message("piquet.err.totals_low").number("sum", t[0] + t[1]));
}

}  // namespace marque::rules::piquet
