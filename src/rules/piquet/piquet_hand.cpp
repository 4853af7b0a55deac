// Piquet, one deal record in detail (spec piquet §2.5 and §3): the point, sequences, sets, tricks and play
// fields read and checked one by one; the game (piquet_game.cpp) scores them (§4) and advances (§5).
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
            show(rec[field]) + " is not a role of this deal; " + field + " is null, \"elder\" or \"younger\"" + extra_rule);
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
  if (!p.contains("cards") || !as_int(p["cards"], x.point_cards) || x.point_cards < 1 || x.point_cards > 8) {
    d.error("point.cards", "piquet.point_cards",
            (p.contains("cards") ? p["cards"].dump() + " is not allowed" : std::string("missing")) +
                ": the point is a whole number of cards from 1 to 8");
    x.point_cards = 0;
  } else if (x.point_cards <= 2) {
    d.warning("point.cards", "piquet.point_short",
              "a point of " + std::to_string(x.point_cards) + ": every 12-card hand has a suit of at least 3 cards — is " +
                  std::to_string(x.point_cards) + " a typo?");
  }
  // spec piquet §3 V-PT3 / V-PT4
  if (p.contains("pips") && !p["pips"].is_null()) {
    if (!as_int(p["pips"], x.point_pips)) {
      d.error("point.pips", "piquet.point_pips", p["pips"].dump() + " is not a whole number of pips");
      x.point_pips = -1;
    } else if (x.point_cards >= 1) {
      auto [lo, hi] = k_pip_range[static_cast<size_t>(x.point_cards)];
      if (x.point_pips < lo || x.point_pips > hi)
        d.error("point.pips", "piquet.point_pips_range",
                std::to_string(x.point_cards) + " cards cannot make " + std::to_string(x.point_pips) + " (possible: " +
                    std::to_string(lo) + (lo == hi ? "" : "–" + std::to_string(hi)) + ")");
    }
  } else if (pips_rounded) {
    d.error("point.pips", "piquet.point_pips_required",
            "missing: the old-rule point (point_scoring = pips_rounded) needs the pip value");
  }
  return d.errors().size() == before;
}

bool parse_sequence(const json& s, Sequence& out, const std::string& field, Diagnostics& d) {
  if (!s.is_object()) {
    d.error(field, "piquet.sequence_type", s.dump() + " is not a sequence {length, top}");
    return false;
  }
  int len = 0;
  if (!s.contains("length") || !as_int(s["length"], len) || len < 3 || len > 8) {
    d.error(field, "piquet.sequence_length",
            (s.contains("length") ? s["length"].dump() : std::string("a missing length")) +
                " is not a sequence length: a sequence has 3 to 8 cards");
    return false;
  }
  int top = s.contains("top") ? rank_index(s["top"]) : -1;
  if (top < 0) {
    d.error(field, "piquet.sequence_top",
            (s.contains("top") ? show(s["top"]) : std::string("a missing top")) + " is not a rank (A, K, Q, J, 10, 9, 8, 7)");
    return false;
  }
  // spec piquet §3 V-SQ2
  if (top < len - 1) {
    std::string lowest;
    for (int i = top; i >= 0; --i) lowest += std::string(k_ranks[static_cast<size_t>(i)]) + (i ? "-" : "");
    d.error(field, "piquet.sequence_top",
            "a " + sequence_name(len) + " cannot be headed by a " + std::string(k_ranks[static_cast<size_t>(top)]) + " (" + lowest +
                " is only " + std::to_string(top + 1) + " card" + (top ? "s" : "") + ")");
    return false;
  }
  out = {len, top};
  return true;
}

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
  if (w == "elder") x.seq_winner = k_elder;
  else if (w == "younger") x.seq_winner = k_younger;
  else if (w == "equal") x.seq_winner = k_equal;
  else if (w == "none") x.seq_winner = k_none;
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
            "Sequence winner given but no sequence listed: list the sequences " + std::string(k_role_names[static_cast<size_t>(x.seq_winner)]) + " scored");
  if (!role && x.seq_winner >= 0 && !scored.empty())
    d.error("sequences.scored", "piquet.sequences_unwon",
            "sequences listed but winner is " + show(w) + ": only the winner of the sequences scores (name elder or younger)");
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
      if (x.seq_winner == k_equal) x.equal_to = q;
      else
        d.warning("sequences.equal_to", "piquet.equal_to_ignored", "equal_to is informative only when sequences.winner is \"equal\"; ignored");
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
  if (w == "elder") x.set_winner = k_elder;
  else if (w == "younger") x.set_winner = k_younger;
  else if (w == "none") x.set_winner = k_none;
  else if (w == "equal") {
    d.error("sets.winner", "piquet.sets_equal",
            "\"equal\" is impossible: two players cannot hold sets of the same rank and size (sets.winner is elder, younger or none)");
    x.set_winner = -1;
  } else {
    d.error("sets.winner", "piquet.sets_winner", show(w) + " is not allowed; sets.winner is \"elder\", \"younger\" or \"none\"");
    x.set_winner = -1;
  }
  json scored = s.value("scored", json::array());
  if (!scored.is_array()) {
    d.error("sets.scored", "piquet.sets_scored", "must be an array of {rank, count}");
    scored = json::array();
  }
  bool role = x.set_winner == k_elder || x.set_winner == k_younger;
  if (role && scored.empty())
    d.error("sets.scored", "piquet.sets_empty", "Sets winner given but no set listed: list the trios / quatorzes " +
                                                    std::string(k_role_names[static_cast<size_t>(x.set_winner)]) + " scored");
  if (!role && x.set_winner >= 0 && !scored.empty())
    d.error("sets.scored", "piquet.sets_unwon", "sets listed but winner is " + show(w) + ": only the winner of the sets scores");
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
              (item.contains("rank") ? show(item["rank"]) : std::string("a missing rank")) + " is not a rank (A, K, Q, J, 10)");
      continue;
    }
    if (r < 3) {
      d.error("sets.scored", "piquet.set_rank",
              std::string("a set of ") + k_ranks[static_cast<size_t>(r)] + "s: sets of nines or lower do not score (A, K, Q, J, 10)");
      continue;
    }
    if (!item.contains("count") || !as_int(item["count"], c) || (c != 3 && c != 4)) {
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

bool parse_pair(const json& rec, const char* field, int lo, int hi, int out[2], Diagnostics& d, const std::string& rule) {
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
      d.error(field, std::string("piquet.") + field, std::string(rn) + " is missing (both elder and younger are required)");
      ok = false;
    } else if (!as_int(o[rn], out[r]) || out[r] < lo || out[r] > hi) {
      d.error(field, std::string("piquet.") + field, std::string(rn) + " " + o[rn].dump() + " is not allowed: " + rule);
      ok = false;
    }
  }
  return ok;
}

}  // namespace marque::rules::piquet
