// spec tarot §2.2-2.3 (records), §3 (validation), §4 (scoring). One record at a time, pure.
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "rules/tarot/tarot.hpp"

namespace marque::rules::tarot {

namespace {

// spec tarot §4.1
constexpr int k_target[4] = {56, 51, 41, 36};
constexpr int k_poignee_seed[3] = {20, 40, 60};
constexpr int k_poignee_fft[3] = {20, 30, 40};
constexpr const char* k_levels[3] = {"simple", "double", "triple"};
constexpr const char* k_contract_names[6] = {"", "prise", "pousse", "garde", "garde_sans", "garde_contre"};
constexpr int k_max_trumps = 22;  // 21 trumps + the Excuse

constexpr const char* k_hand_fields[] = {"type",     "dealer",        "taker",          "contract",        "bids",
                                         "chelem_announced", "called_card", "partner",     "oudlers",        "oudler_cards",
                                         "points",   "defence_points", "attack_tricks", "petit_au_bout",   "poignees",
                                         "chelem",   "petite_chelem_announced", "miseres", "note"};
constexpr const char* k_redeal_fields[] = {"type", "dealer", "reason", "player", "bids", "note"};
constexpr const char* k_redeal_reasons[] = {"all_pass", "petit_sec", "no_trumps", "few_honours", "misdeal", "other"};

enum Chelem { k_chelem_none, k_chelem_attack, k_chelem_defence };

struct Ctx {
  const Setup& s;
  const State& st;
  Diagnostics& d;
  std::vector<int> act;
  int n = 0;
  Sizes sz{};
  bool called_king = false;  // 5 active players
  bool ok = true;

  void err(const std::string& field, const char* code, const std::string& msg) {
    d.error(field, code, msg);
    ok = false;
  }
  void warn(const std::string& field, const char* code, const std::string& msg) { d.warning(field, code, msg); }
  bool active(int p) const { return std::find(act.begin(), act.end(), p) != act.end(); }
  const std::string& name(int p) const { return s.players[static_cast<size_t>(p)]; }
  std::string player_list() const {
    std::string out;
    for (const auto& p : s.players) out += (out.empty() ? "" : ", ") + p;
    return out;
  }
};

int index_of(const Setup& s, const std::string& name) {
  for (size_t i = 0; i < s.players.size(); ++i)
    if (s.players[i] == name) return static_cast<int>(i);
  return -1;
}

// A player reference; -1 when bad (errors added). `must_play`: the player must hold cards this deal.
int player_ref(Ctx& c, const json& v, const std::string& field, bool must_play, const std::string& role) {
  if (!v.is_string()) {
    c.err(field, "E_UNKNOWN_PLAYER", show_json(v) + " is not a player name; the players are " + c.player_list());
    return -1;
  }
  int p = index_of(c.s, v.get<std::string>());
  if (p < 0) {
    c.err(field, "E_UNKNOWN_PLAYER", "unknown player '" + v.get<std::string>() + "'; the players are " + c.player_list());
    return -1;
  }
  if (must_play && !c.active(p)) {
    c.err(field, "E_SITTING_OUT", c.name(p) + " is the dealer and sits out this deal, so cannot be " + role);
    return -1;
  }
  return p;
}

bool is_whole(const json& v) {
  return v.is_number_integer() || (v.is_number_float() && std::floor(v.get<double>()) == v.get<double>() &&
                                   std::fabs(v.get<double>()) < 1e12);
}
int64_t whole(const json& v) { return v.is_number_integer() ? v.get<int64_t>() : static_cast<int64_t>(v.get<double>()); }

// "prise"/"petite" -> k_prise ... ; k_none when unknown.
int contract_id(const std::string& s) {
  if (s == "prise" || s == "petite") return k_prise;
  if (s == "pousse") return k_pousse;
  if (s == "garde") return k_garde;
  if (s == "garde_sans") return k_garde_sans;
  if (s == "garde_contre") return k_garde_contre;
  return k_none;
}

std::string ladder_text(const Options& o) {
  return o.petite_pousse ? "petite, pousse, garde, garde_sans, garde_contre" : "prise, garde, garde_sans, garde_contre";
}

// A contract name legal for the ladder (E_CONTRACT otherwise); k_none on error. `field` for messages.
int legal_contract(Ctx& c, const json& v, const std::string& field, const char* code, const std::string& prefix) {
  if (!v.is_string()) {
    c.err(field, code, prefix + show_json(v) + " is not a contract; the ladder is " + ladder_text(c.s.opt));
    return k_none;
  }
  std::string s = v.get<std::string>();
  int id = contract_id(s);
  if (id == k_none) {
    c.err(field, code, prefix + "'" + s + "' is not a contract; the ladder is " + ladder_text(c.s.opt));
    return k_none;
  }
  if (id == k_pousse && !c.s.opt.petite_pousse) {
    c.err(field, code, prefix + "contract 'pousse' needs ladder petite_pousse (option bid_ladder); this game uses " + ladder_text(c.s.opt));
    return k_none;
  }
  return id;
}

// Speaking order: active players from the one after the dealer, round the table (spec tarot §1.2, §3.4).
std::vector<int> speaking_order(const Ctx& c) {
  std::vector<int> ord;
  int np = static_cast<int>(c.s.players.size());
  for (int k = 1; k <= np; ++k) {
    int p = (c.st.dealer + k) % np;
    if (c.active(p)) ord.push_back(p);
  }
  return ord;
}

struct Auction {
  bool ok = false;
  bool all_pass = false;
  int winner = -1;
  int contract = k_none;
};

// spec tarot §3.4: auction legality (only when `bids` is recorded).
Auction check_auction(Ctx& c, const json& bids) {
  Auction a;
  const std::string f = "bids";
  if (!bids.is_array()) {
    c.err(f, "E_BIDS", "must be a list of {\"player\": name, \"bid\": \"pass\" or a contract}, first speaker first");
    return a;
  }
  struct Bid {
    int player;
    int bid;  // 0 = pass
  };
  std::vector<Bid> list;
  bool parsed = true;
  for (size_t i = 0; i < bids.size(); ++i) {
    const json& b = bids[i];
    std::string at = "bid " + std::to_string(i + 1) + ": ";
    if (!b.is_object() || !b.contains("player") || !b.contains("bid")) {
      c.err(f, "E_BIDS", at + show_json(b) + " is not {\"player\": name, \"bid\": ...}");
      parsed = false;
      continue;
    }
    int p = -1;
    if (b["player"].is_string()) p = index_of(c.s, b["player"].get<std::string>());
    if (p < 0) {
      c.err(f, "E_UNKNOWN_PLAYER", at + "unknown player " + show_json(b["player"]) + "; the players are " + c.player_list());
      parsed = false;
      continue;
    }
    if (!c.active(p)) {
      c.err(f, "E_BIDS", at + c.name(p) + " is the dealer and sits out this deal, so does not bid");
      parsed = false;
      continue;
    }
    int id = 0;
    if (!(b["bid"].is_string() && b["bid"].get<std::string>() == "pass")) {
      id = legal_contract(c, b["bid"], f, "E_BIDS", at + c.name(p) + ": ");
      if (id == k_none) {
        parsed = false;
        continue;
      }
    }
    list.push_back({p, id});
  }
  if (!parsed) return a;
  std::vector<int> ord = speaking_order(c);
  size_t n = ord.size();
  std::vector<bool> passed(c.s.players.size(), false), spoken(c.s.players.size(), false);
  int highest = 0, highest_player = -1;
  bool ended = false;
  size_t pos = 0;
  auto bid_name = [](int id) { return id == 0 ? std::string("pass") : std::string(k_contract_names[id]); };
  for (size_t i = 0; i < list.size(); ++i) {
    const Bid& b = list[i];
    std::string at = "bid " + std::to_string(i + 1) + ": ";
    if (!c.s.opt.multi_rounds && spoken[static_cast<size_t>(b.player)]) {
      c.err(f, "E_BIDS", at + c.name(b.player) + " has already spoken (bidding_rounds single: one bid each)");
      return a;
    }
    if (ended) {
      c.err(f, "E_BIDS", at + "the auction was already over (" +
                             (highest ? c.name(highest_player) + " takes at " + bid_name(highest) : std::string("everybody passed")) +
                             "); " + c.name(b.player) + " cannot speak");
      return a;
    }
    if (c.s.opt.multi_rounds) {
      while (passed[static_cast<size_t>(ord[pos])]) pos = (pos + 1) % n;
      if (b.player != ord[pos]) {
        if (passed[static_cast<size_t>(b.player)])
          c.err(f, "E_BIDS", at + c.name(b.player) + " has already passed and may not speak again");
        else
          c.err(f, "E_BIDS", at + "it is " + c.name(ord[pos]) + "'s turn to speak, not " + c.name(b.player) + "'s");
        return a;
      }
    } else {
      if (spoken[static_cast<size_t>(b.player)]) {
        c.err(f, "E_BIDS", at + c.name(b.player) + " has already spoken (bidding_rounds single: one bid each)");
        return a;
      }
      if (b.player != ord[pos]) {
        c.err(f, "E_BIDS", at + "it is " + c.name(ord[pos]) + "'s turn to speak, not " + c.name(b.player) + "'s");
        return a;
      }
    }
    spoken[static_cast<size_t>(b.player)] = true;
    if (b.bid == 0) {
      passed[static_cast<size_t>(b.player)] = true;
    } else {
      if (b.bid <= highest) {
        c.err(f, "E_BIDS", at + c.name(b.player) + " bids " + bid_name(b.bid) + ", which is not above " + c.name(highest_player) +
                               "'s " + bid_name(highest) + "; a bid must be strictly higher");
        return a;
      }
      highest = b.bid;
      highest_player = b.player;
    }
    pos = (pos + 1) % n;
    if (c.s.opt.multi_rounds) {
      size_t remaining = 0;
      int last = -1;
      for (int p : ord)
        if (!passed[static_cast<size_t>(p)]) {
          ++remaining;
          last = p;
        }
      ended = remaining == 0 || (remaining == 1 && last == highest_player);
    } else {
      ended = i + 1 == n;
    }
  }
  if (!ended) {
    std::string next;
    if (c.s.opt.multi_rounds) {
      size_t q = pos;
      while (passed[static_cast<size_t>(ord[q])]) q = (q + 1) % n;
      next = c.name(ord[q]);
    } else {
      next = c.name(ord[pos]);
    }
    c.err(f, "E_BIDS", "the auction is not finished: " + next + " still has to speak");
    return a;
  }
  a.ok = true;
  a.all_pass = highest == 0;
  a.winner = highest_player;
  a.contract = highest;
  return a;
}

void warn_unknown_fields(Ctx& c, const json& rec, const char* const* known, size_t count, const std::string& type) {
  for (auto it = rec.begin(); it != rec.end(); ++it) {
    bool found = false;
    for (size_t i = 0; i < count; ++i) found = found || it.key() == known[i];
    if (!found) c.warn(it.key(), "W_UNKNOWN_FIELD", "'" + it.key() + "' is not a field of a tarot " + type + " record; ignored");
  }
}

bool get_bool(Ctx& c, const json& rec, const char* key, const char* code, bool& out) {
  out = false;
  if (!rec.contains(key) || rec[key].is_null()) return true;
  if (!rec[key].is_boolean()) {
    c.err(key, code, show_json(rec[key]) + " is not true or false");
    return false;
  }
  out = rec[key].get<bool>();
  return true;
}

// ---------------------------------------------------------------- redeal (spec tarot §2.3)
std::optional<Outcome> play_redeal(Ctx& c, const json& rec) {
  warn_unknown_fields(c, rec, k_redeal_fields, std::size(k_redeal_fields), "redeal");
  Outcome o;
  o.redeal = true;
  std::string reason;
  if (!rec.contains("reason") || !rec["reason"].is_string()) {
    c.err("reason", "E_REDEAL",
          (rec.contains("reason") ? show_json(rec["reason"]) + " is not a reason" : std::string("missing")) +
              "; a redeal needs a reason: all_pass, petit_sec, no_trumps, few_honours, misdeal, other");
  } else {
    reason = rec["reason"].get<std::string>();
    bool known = false;
    for (const char* r : k_redeal_reasons) known = known || reason == r;
    if (!known) {
      c.err("reason", "E_REDEAL", "'" + reason + "' is not a redeal reason; one of: all_pass, petit_sec, no_trumps, few_honours, misdeal, other");
      reason.clear();
    }
  }
  bool needs_player = reason == "petit_sec" || reason == "no_trumps" || reason == "few_honours";
  int player = -1;
  if (rec.contains("player") && !rec["player"].is_null()) {
    player = player_ref(c, rec["player"], "player", true, "the player who declared");
  } else if (needs_player) {
    c.err("player", "E_REDEAL", "a '" + reason + "' redeal needs the player who declared it");
  }
  if (rec.contains("bids") && !rec["bids"].is_null()) {
    Auction a = check_auction(c, rec["bids"]);
    if (a.ok && !a.all_pass)
      c.err("bids", "E_REDEAL", "these bids are not an all-pass auction: " + c.name(a.winner) + " takes at " +
                                    k_contract_names[a.contract] + "; record the hand instead");
  }
  if (rec.contains("note") && !rec["note"].is_null() && !rec["note"].is_string())
    c.err("note", "E_NOTE", "a note is free text (a string)");
  // W_REDEAL_NOT_HOUSE
  if ((reason == "no_trumps" && !c.s.opt.redeal_no_trumps) || (reason == "few_honours" && !c.s.opt.redeal_few_honours))
    c.warn("reason", "W_REDEAL_NOT_HOUSE",
           "'" + reason + "' is not a house redeal reason of this game (option extra_redeal_reasons); recorded as it happened");
  if (reason == "petit_sec" && !c.s.opt.petit_sec_redeal)
    c.warn("reason", "W_REDEAL_NOT_HOUSE", "this table plays a bare petit like an Excuse (option petit_sec); redeal recorded as it happened");
  if (!c.ok) return std::nullopt;

  // spec tarot §5.2: misdeal -> the same dealer deals again; dealer_sits_out -> the mort deals again.
  o.dealer_repeats = reason == "misdeal" || (static_cast<int>(c.s.players.size()) == 5 && c.s.opt.dealer_sits_out);
  o.deltas.assign(c.s.players.size(), 0);
  o.breakdown["redeal"] = reason;
  if (player >= 0) o.breakdown["player"] = c.name(player);
  return o;
}

// ---------------------------------------------------------------- played hand (spec tarot §2.2)
std::optional<Outcome> play_hand(Ctx& c, const json& rec) {
  warn_unknown_fields(c, rec, k_hand_fields, std::size(k_hand_fields), "hand");
  const Options& opt = c.s.opt;
  const int T = c.sz.tricks;

  // taker
  int taker = -1;
  if (!rec.contains("taker") || rec["taker"].is_null())
    c.err("taker", "E_UNKNOWN_PLAYER", "missing: name the taker (one of " + c.player_list() + ")");
  else
    taker = player_ref(c, rec["taker"], "taker", true, "the taker");

  // contract (E_CONTRACT)
  int contract = k_none;
  if (!rec.contains("contract") || rec["contract"].is_null())
    c.err("contract", "E_CONTRACT", "missing: one of " + ladder_text(opt));
  else
    contract = legal_contract(c, rec["contract"], "contract", "E_CONTRACT", "");

  // chelem (E_CHELEM)
  int chelem = k_chelem_none;
  bool chelem_ok = true;
  if (rec.contains("chelem") && !rec["chelem"].is_null()) {
    const json& v = rec["chelem"];
    std::string s = v.is_string() ? v.get<std::string>() : "";
    if (s == "none") chelem = k_chelem_none;
    else if (s == "attack") chelem = k_chelem_attack;
    else if (s == "defence") chelem = k_chelem_defence;
    else {
      c.err("chelem", "E_CHELEM", show_json(v) + " is not a chelem value; one of: none, attack, defence");
      chelem_ok = false;
    }
  }
  bool chelem_announced = false, petite_announced = false;
  get_bool(c, rec, "chelem_announced", "E_CHELEM", chelem_announced);
  bool petite_ok = get_bool(c, rec, "petite_chelem_announced", "E_PETITE_CHELEM", petite_announced);

  // partner / called_card (E_PARTNER, E_CALLED_CARD, E_SELF_CALL)
  int partner = -1;  // -1 = none (alone)
  bool partner_ok = true;
  std::string partner_note;  // "self" / "chien"
  bool has_partner_key = rec.contains("partner");
  if (c.called_king) {
    if (!has_partner_key) {
      c.err("partner", "E_PARTNER",
            "5 players: record the partner (the taker's own name if he called himself, null if the card was in the chien)");
      partner_ok = false;
    } else if (rec["partner"].is_null()) {
      partner_note = "chien";
    } else {
      // spec tarot §3.2 E_PARTNER: the partner must be an active player
      int p = rec["partner"].is_string() ? index_of(c.s, rec["partner"].get<std::string>()) : -1;
      if (p < 0) {
        c.err("partner", "E_PARTNER", show_json(rec["partner"]) + " is not a player; the partner is one of " + c.player_list() +
                                          " (the taker's own name if he called himself, null if the card was in the chien)");
        partner_ok = false;
      } else if (p == taker) {
        partner_note = "self";
        if (!opt.self_call) {
          c.err("partner", "E_SELF_CALL", "calling oneself is disabled (option self_call = false); " + c.name(p) + " cannot be his own partner");
          partner_ok = false;
        }
      } else {
        partner = p;
      }
    }
  } else if (has_partner_key && !rec["partner"].is_null()) {
    std::string why = static_cast<int>(c.s.players.size()) == 5 ? "with the dealer sitting out, 4 play and there is no partner"
                                                               : "with " + std::to_string(c.n) + " players the taker plays alone";
    c.err("partner", "E_PARTNER", show_json(rec["partner"]) + " cannot be a partner: " + why + "; leave partner out or null");
    partner_ok = false;
  }
  if (rec.contains("called_card") && !rec["called_card"].is_null()) {
    const json& cc = rec["called_card"];
    if (!c.called_king) {
      c.err("called_card", "E_CALLED_CARD", "a card is only called with 5 players in called-king mode");
    } else if (!cc.is_object() || !cc.contains("rank") || !cc.contains("suit")) {
      c.err("called_card", "E_CALLED_CARD", show_json(cc) + " is not {\"rank\": king|queen|knight|jack, \"suit\": spades|hearts|diamonds|clubs}");
    } else {
      std::string rank = cc["rank"].is_string() ? cc["rank"].get<std::string>() : "";
      std::string suit = cc["suit"].is_string() ? cc["suit"].get<std::string>() : "";
      bool rank_ok = rank == "king" || rank == "queen" || rank == "knight" || rank == "jack";
      bool suit_ok = suit == "spades" || suit == "hearts" || suit == "diamonds" || suit == "clubs";
      if (!rank_ok)
        c.err("called_card", "E_CALLED_CARD", show_json(cc["rank"]) + " is not a rank that can be called; one of: king, queen, knight, jack");
      if (!suit_ok)
        c.err("called_card", "E_CALLED_CARD", show_json(cc["suit"]) + " is not a suit; one of: spades, hearts, diamonds, clubs");
      if (rank == "jack" && !opt.jack_call)
        c.err("called_card", "E_CALLED_CARD", "a jack may only be called with variant jack_call (the seed: with all kings, queens and knights the taker plays alone)");
      else if (rank_ok && rank != "king")
        c.warn("called_card", "W_CALLED_NONKING",
               "the called card is a " + rank + ": legal only if the taker held all four kings" +
                   (rank == "queen" ? "" : rank == "knight" ? " and queens" : ", queens and knights"));
    }
  }

  // oudlers (E_OUDLERS)
  int oudlers = -1;
  if (!rec.contains("oudlers") || rec["oudlers"].is_null()) {
    c.err("oudlers", "E_OUDLERS", "missing: the number of oudlers (0..3) in the attack's cards");
  } else if (!is_whole(rec["oudlers"]) || whole(rec["oudlers"]) < 0 || whole(rec["oudlers"]) > 3) {
    c.err("oudlers", "E_OUDLERS", show_json(rec["oudlers"]) + " is not allowed: oudlers must be 0..3 (there are three oudlers)");
  } else {
    oudlers = static_cast<int>(whole(rec["oudlers"]));
  }
  bool cards_given = false, cards_petit = false, cards_excuse = false, cards_ok = true;
  if (rec.contains("oudler_cards") && !rec["oudler_cards"].is_null()) {
    const json& oc = rec["oudler_cards"];
    cards_given = true;
    if (!oc.is_array()) {
      c.err("oudler_cards", "E_OUDLERS", "must be a list of petit, 21, excuse");
      cards_ok = false;
    } else {
      std::vector<std::string> seen;
      for (const auto& x : oc) {
        std::string v = x.is_string() ? x.get<std::string>() : (is_whole(x) && whole(x) == 21 ? "21" : x.dump());
        if (v != "petit" && v != "21" && v != "excuse") {
          c.err("oudler_cards", "E_OUDLERS", show_json(x) + " is not an oudler; the oudlers are petit, 21, excuse");
          cards_ok = false;
        } else if (std::find(seen.begin(), seen.end(), v) != seen.end()) {
          c.err("oudler_cards", "E_OUDLERS", "'" + v + "' is listed twice");
          cards_ok = false;
        } else {
          seen.push_back(v);
        }
      }
      cards_petit = std::find(seen.begin(), seen.end(), "petit") != seen.end();
      cards_excuse = std::find(seen.begin(), seen.end(), "excuse") != seen.end();
      if (cards_ok && oudlers >= 0 && static_cast<int>(seen.size()) != oudlers) {
        c.err("oudler_cards", "E_OUDLERS",
              std::to_string(seen.size()) + " oudler card(s) listed but oudlers = " + std::to_string(oudlers) + "; they must agree");
        cards_ok = false;
      }
    }
  }

  // points (E_POINTS_RANGE), as half points
  int64_t p2 = -1;
  if (!rec.contains("points") || rec["points"].is_null()) {
    c.err("points", "E_POINTS_RANGE", "missing: the attack's card points, 0..91 in half points");
  } else if (!rec["points"].is_number()) {
    c.err("points", "E_POINTS_RANGE", show_json(rec["points"]) + " is not a number; points must be 0..91 in half points");
  } else {
    double v = rec["points"].get<double>();
    if (v < 0) {
      c.err("points", "E_POINTS_RANGE", rec["points"].dump() + " is below 0; points must be 0..91 in half points");
    } else if (v > 91) {
      c.err("points", "E_POINTS_RANGE", rec["points"].dump() + " is above 91, the most card points in tarot");
    } else if (std::floor(v * 2) != v * 2) {
      c.err("points", "E_POINTS_RANGE", rec["points"].dump() + " is not a multiple of 0.5; points must be 0..91 in half points");
    } else {
      p2 = static_cast<int64_t>(v * 2);
    }
  }

  // defence_points (E_DEFENCE_POINTS)
  if (rec.contains("defence_points") && !rec["defence_points"].is_null()) {
    const json& dp = rec["defence_points"];
    if (!dp.is_number() || std::floor(dp.get<double>() * 2) != dp.get<double>() * 2) {
      c.err("defence_points", "E_DEFENCE_POINTS", show_json(dp) + " is not a card-point count (0..91 in half points)");
    } else if (p2 >= 0) {
      int64_t d2 = static_cast<int64_t>(dp.get<double>() * 2);
      if (p2 + d2 != 182)
        c.err("defence_points", "E_DEFENCE_POINTS",
              "attack " + half_points_text(p2) + " + defence " + half_points_text(d2) + " = " + half_points_text(p2 + d2) +
                  ", must be 91");
    }
  }

  // attack_tricks (E_TRICKS)
  int tricks = -1;
  if (rec.contains("attack_tricks") && !rec["attack_tricks"].is_null()) {
    const json& t = rec["attack_tricks"];
    if (!is_whole(t) || whole(t) < 0 || whole(t) > T) {
      c.err("attack_tricks", "E_TRICKS",
            show_json(t) + " is not allowed: attack_tricks must be 0.." + std::to_string(T) + " with " + std::to_string(c.n) + " players");
    } else {
      tricks = static_cast<int>(whole(t));
      if (chelem_ok) {
        if (tricks == T && chelem != k_chelem_attack)
          c.err("attack_tricks", "E_TRICKS", std::to_string(T) + " tricks means chelem = attack");
        else if (tricks == 0 && chelem != k_chelem_defence)
          c.err("attack_tricks", "E_TRICKS", "0 tricks for the attack means chelem = defence");
        else if (chelem == k_chelem_attack && tricks != T)
          c.err("attack_tricks", "E_TRICKS", "chelem = attack means the attack won all " + std::to_string(T) + " tricks, not " + std::to_string(tricks));
        else if (chelem == k_chelem_defence && tricks != 0)
          c.err("attack_tricks", "E_TRICKS", "chelem = defence means the attack won no trick, not " + std::to_string(tricks));
      }
    }
  }

  // petit_au_bout (E_PETIT_AU_BOUT)
  int pab = 0;  // +1 attack, -1 defence
  if (rec.contains("petit_au_bout") && !rec["petit_au_bout"].is_null()) {
    const json& v = rec["petit_au_bout"];
    std::string s = v.is_string() ? v.get<std::string>() : "";
    if (s == "attack") pab = 1;
    else if (s == "defence") pab = -1;
    else
      c.err("petit_au_bout", "E_PETIT_AU_BOUT", show_json(v) + " is not a side; petit_au_bout is attack, defence or null");
    if (pab == 1) {
      if (oudlers == 0)
        c.err("petit_au_bout", "E_PETIT_AU_BOUT", "petit au bout for the attack but the attack has no petit (oudlers = 0)");
      else if (cards_given && cards_ok && !cards_petit)
        c.err("petit_au_bout", "E_PETIT_AU_BOUT", "petit au bout for the attack but oudler_cards does not list the petit");
      else if (chelem == k_chelem_defence)
        c.err("petit_au_bout", "E_PETIT_AU_BOUT", "petit au bout for the attack is impossible when the defence won every trick");
    } else if (pab == -1) {
      if (oudlers == 3)
        c.err("petit_au_bout", "E_PETIT_AU_BOUT", "petit au bout for the defence but the attack holds all three oudlers");
      else if (cards_given && cards_ok && cards_petit)
        c.err("petit_au_bout", "E_PETIT_AU_BOUT", "petit au bout for the defence but oudler_cards gives the petit to the attack");
      else if (chelem == k_chelem_attack)
        c.err("petit_au_bout", "E_PETIT_AU_BOUT", "petit au bout for the defence is impossible when the attack won every trick");
    }
  }

  // cross-checks on points
  if (p2 >= 0 && oudlers >= 0 && chelem_ok) {
    int64_t slack2 = chelem != k_chelem_none ? 1 : 0;
    int64_t lo2 = 9 * oudlers - slack2, hi2 = 182 - 9 * (3 - oudlers) + slack2;
    if (p2 < lo2)
      c.err("points", "E_POINTS_OUDLERS",
            half_points_text(p2) + " is too few: " + std::to_string(oudlers) + " oudler" + (oudlers == 1 ? " alone is" : "s alone are") +
                " worth " + half_points_text(9 * oudlers) + " points");
    else if (p2 > hi2)
      c.err("points", "E_POINTS_OUDLERS",
            half_points_text(p2) + " is too many: the " + std::to_string(3 - oudlers) + " oudler" + (3 - oudlers == 1 ? "" : "s") +
                " of the defence are worth " + half_points_text(9 * (3 - oudlers)) + ", so the attack has at most " +
                half_points_text(182 - 9 * (3 - oudlers)));
    // E_HALF_POINT_4P
    if (c.n == 4 && p2 % 2 != 0 && chelem == k_chelem_none)
      c.err("points", "E_HALF_POINT_4P",
            half_points_text(p2) + ": half points are impossible with 4 players outside a chelem; recount");
  }
  bool made = false;
  if (p2 >= 0 && oudlers >= 0) made = p2 >= 2 * k_target[oudlers];
  if (p2 >= 0 && oudlers >= 0 && contract != k_none && chelem_ok) {
    // E_CHELEM_POINTS (§3.2): a side that won no trick can own at most the Excuse (4.5, or 4 as FFT rounds it), and only
    // when the chien is not its own: attack chelem outside garde contre, defence chelem in garde contre.
    bool attack_chelem = chelem == k_chelem_attack && contract != k_garde_contre;
    bool defence_chelem = chelem == k_chelem_defence && contract == k_garde_contre;
    if (attack_chelem || defence_chelem) {
      // in the attack's half points and oudlers; for a defence chelem mirror them to the defence's
      const int64_t own2 = attack_chelem ? p2 : 182 - p2;
      const int own_oudlers = attack_chelem ? oudlers : 3 - oudlers;
      const std::string side = attack_chelem ? "attack" : "defence";
      const std::string other = attack_chelem ? "defence" : "attack";
      const std::string what = attack_chelem ? "a chelem of the attack" : "a chelem of the defence in garde contre";
      if (own_oudlers < 2) {
        c.err("points", "E_CHELEM_POINTS",
              "oudlers = " + std::to_string(oudlers) + " is impossible in " + what + ": the " + other +
                  ", without tricks, can only own the Excuse, so it has at most 1 oudler and the " + side + " at least 2");
      } else if (own_oudlers == 3 && own2 != 182) {
        c.err("points", "E_CHELEM_POINTS",
              half_points_text(p2) + " points with oudlers = " + std::to_string(oudlers) + " in " + what + ": the " + other +
                  ", without tricks, owns no card at all, so the attack has exactly " + half_points_text(attack_chelem ? 182 : 0));
      } else if (own_oudlers == 2 && own2 != 173 && own2 != 174) {
        c.err("points", "E_CHELEM_POINTS",
              half_points_text(p2) + " points with oudlers = " + std::to_string(oudlers) + " in " + what + ": the " + other +
                  ", without tricks, owns only the Excuse, so the attack has " +
                  (attack_chelem ? std::string("86.5 (or 87 rounded)") : std::string("4.5 (or 4 rounded)")));
      } else if (own_oudlers == 2 && cards_given && cards_ok && cards_excuse != defence_chelem) {
        c.err("oudler_cards", "E_CHELEM_POINTS",
              attack_chelem ? "a chelem of the attack with 2 oudlers leaves the Excuse to the defence, but oudler_cards lists the excuse"
                            : "in a chelem of the defence in garde contre the attack's only oudler is the Excuse, but oudler_cards "
                              "does not list the excuse");
      }
    }
  }
  if (p2 >= 0 && oudlers >= 0 && chelem_ok) {
    // E_CHELEM_CONTRACT
    if (chelem == k_chelem_attack && !made)
      c.err("chelem", "E_CHELEM_CONTRACT", "impossible: chelem for the attack but the contract is failed (" + half_points_text(p2) +
                                               " < " + std::to_string(k_target[oudlers]) + ")");
    if (chelem == k_chelem_defence && made)
      c.err("chelem", "E_CHELEM_CONTRACT", "impossible: chelem for the defence but the contract is made (" + half_points_text(p2) +
                                               " >= " + std::to_string(k_target[oudlers]) + ")");
  }

  // poignées (E_POIGNEE_*)
  struct Poignee {
    int player;
    int level;
    int trumps;  // -1 not given
  };
  std::vector<Poignee> poignees;
  if (rec.contains("poignees") && !rec["poignees"].is_null()) {
    const json& arr = rec["poignees"];
    const std::string f = "poignees";
    if (!arr.is_array()) {
      c.err(f, "E_POIGNEE_LEVEL", "must be a list of {\"player\": name, \"level\": simple|double|triple, \"trumps\": n}");
    } else {
      for (const auto& x : arr) {
        if (!x.is_object() || !x.contains("player")) {
          c.err(f, "E_POIGNEE_LEVEL", show_json(x) + " is not {\"player\": name, \"level\": simple|double|triple}");
          continue;
        }
        int p = player_ref(c, x["player"], f, true, "showing a poignée");
        int level = -1;
        std::string lv = x.contains("level") && x["level"].is_string() ? x["level"].get<std::string>() : "";
        for (int i = 0; i < 3; ++i)
          if (lv == k_levels[i]) level = i;
        if (level < 0) {
          c.err(f, "E_POIGNEE_LEVEL",
                (x.contains("level") ? show_json(x["level"]) : std::string("a missing level")) + " is not a poignée level; one of: simple, double, triple");
        }
        if (p < 0 || level < 0) continue;
        bool dup = false;
        for (const auto& q : poignees) dup = dup || q.player == p;
        if (dup) {
          c.err(f, "E_POIGNEE_DUP", c.name(p) + " has two poignées; one poignée per player");
          continue;
        }
        int trumps = -1;
        if (x.contains("trumps") && !x["trumps"].is_null()) {
          int max_trumps = std::min(k_max_trumps, c.sz.hand_size);
          if (!is_whole(x["trumps"])) {
            c.err(f, "E_POIGNEE_TRUMPS", c.name(p) + ": trumps " + show_json(x["trumps"]) + " is not a whole number of trumps");
            continue;
          }
          int64_t t = whole(x["trumps"]);
          if (t < c.sz.poignee[static_cast<size_t>(level)]) {
            c.err(f, "E_POIGNEE_TRUMPS", std::to_string(c.n) + " players: a " + k_levels[level] + " poignée needs " +
                                             std::to_string(c.sz.poignee[static_cast<size_t>(level)]) + " trumps; " + c.name(p) +
                                             " shows " + std::to_string(t));
            continue;
          }
          if (t > max_trumps) {
            c.err(f, "E_POIGNEE_TRUMPS", c.name(p) + " shows " + std::to_string(t) + " trumps; at most " + std::to_string(max_trumps) +
                                             " are possible with " + std::to_string(c.n) + " players");
            continue;
          }
          trumps = static_cast<int>(t);
          if (level < 2 && trumps >= c.sz.poignee[static_cast<size_t>(level + 1)])
            c.warn(f, "W_POIGNEE_SMALLER", c.name(p) + " shows " + std::to_string(trumps) + " trumps, enough for a " + k_levels[level + 1] +
                                               " poignée, but declared a " + k_levels[level] + " one (legal)");
        }
        poignees.push_back({p, level, trumps});
      }
      int total = 0;
      for (const auto& q : poignees) total += q.trumps >= 0 ? q.trumps : c.sz.poignee[static_cast<size_t>(q.level)];
      if (total > k_max_trumps)
        c.err(f, "E_POIGNEE_TOTAL", "these poignées need " + std::to_string(total) + " trumps; only 22 exist (21 trumps and the Excuse)");
    }
  }

  // petite chelem (E_PETITE_CHELEM, W_PETITE_NO_TRICKS)
  if (petite_ok && petite_announced) {
    if (!opt.petite_chelem)
      c.err("petite_chelem_announced", "E_PETITE_CHELEM", "a petite chelem needs variant petite_chelem (it is off in this game)");
    else if (chelem_announced)
      c.err("petite_chelem_announced", "E_PETITE_CHELEM", "only one slam announcement per hand: chelem and petite chelem are both announced");
    else if (!rec.contains("attack_tricks") || rec["attack_tricks"].is_null())
      c.err("attack_tricks", "E_PETITE_CHELEM", "record attack_tricks to score an announced petite chelem");
  }
  if (opt.petite_chelem && !petite_announced && !chelem_announced && tricks < 0 && chelem == k_chelem_none &&
      !(rec.contains("attack_tricks") && !rec["attack_tricks"].is_null()))
    c.warn("attack_tricks", "W_PETITE_NO_TRICKS",
           "attack_tricks not recorded: no unannounced petite chelem can be scored (counted as 0 tricks)");

  // misères (E_MISERE, E_MISERE_POIGNEE, E_MISERE_PARTNER, W_MISERE_TAKER)
  struct Misere {
    int player;
    int kind;  // 0 combined, 1 trumps, 2 faces
  };
  std::vector<Misere> miseres;
  if (rec.contains("miseres") && !rec["miseres"].is_null()) {
    const json& arr = rec["miseres"];
    const std::string f = "miseres";
    if (!arr.is_array()) {
      c.err(f, "E_MISERE", "must be a list of {\"player\": name, \"kind\": combined|trumps|faces}");
    } else if (!arr.empty() && !opt.misere) {
      c.err(f, "E_MISERE", "misère is recorded but variant misere is off in this game");
    } else {
      static const char* const kinds[3] = {"combined", "trumps", "faces"};
      for (const auto& x : arr) {
        if (!x.is_object() || !x.contains("player")) {
          c.err(f, "E_MISERE", show_json(x) + " is not {\"player\": name, \"kind\": combined|trumps|faces}");
          continue;
        }
        int p = player_ref(c, x["player"], f, true, "declaring a misère");
        int kind = -1;
        if (!x.contains("kind") || x["kind"].is_null()) kind = 0;
        else if (x["kind"].is_string())
          for (int i = 0; i < 3; ++i)
            if (x["kind"].get<std::string>() == kinds[i]) kind = i;
        if (kind < 0) {
          c.err(f, "E_MISERE", show_json(x["kind"]) + " is not a misère kind; one of: combined, trumps, faces");
          continue;
        }
        if (!opt.misere_separate && kind != 0) {
          c.err(f, "E_MISERE", std::string("kind '") + kinds[kind] + "' needs misere_kinds = separate; this game counts combined misères only");
          continue;
        }
        if (opt.misere_separate && kind == 0) {
          c.err(f, "E_MISERE", "with misere_kinds = separate a misère is of kind trumps or faces, not combined");
          continue;
        }
        if (p < 0) continue;
        bool dup = false;
        for (const auto& m : miseres) dup = dup || (m.player == p && (m.kind == kind || m.kind == 0 || kind == 0));
        if (dup) {
          c.err(f, "E_MISERE", c.name(p) + std::string(" declares the same misère twice") + (kind ? std::string(" (") + kinds[kind] + ")" : ""));
          continue;
        }
        if (kind != 2)
          for (const auto& q : poignees)
            if (q.player == p)
              c.err(f, "E_MISERE_POIGNEE", c.name(p) + " declares a misère without trumps, so cannot also show a poignée");
        if (partner >= 0 && p == partner && kind != 1)
          c.err(f, "E_MISERE_PARTNER", c.name(p) + " is the partner, who holds the called face card, so cannot declare a misère of face cards");
        if (p == taker) c.warn(f, "W_MISERE_TAKER", c.name(p) + ", the taker, declares a misère (legal but unusual)");
        miseres.push_back({p, kind});
      }
    }
  }

  // bids (E_BIDS)
  if (rec.contains("bids") && !rec["bids"].is_null()) {
    Auction a = check_auction(c, rec["bids"]);
    if (a.ok) {
      if (a.all_pass)
        c.err("bids", "E_BIDS", "everybody passed: record a redeal with reason all_pass instead of a hand");
      else if (taker >= 0 && a.winner != taker)
        c.err("bids", "E_BIDS", "the auction is won by " + c.name(a.winner) + ", but the taker is " + c.name(taker));
      else if (contract != k_none && a.contract != contract)
        c.err("bids", "E_BIDS", "the auction ends at " + std::string(k_contract_names[a.contract]) + ", but the contract is " +
                                    k_contract_names[contract]);
    }
  }

  if (rec.contains("note") && !rec["note"].is_null() && !rec["note"].is_string())
    c.err("note", "E_NOTE", "a note is free text (a string)");

  if (!c.ok || taker < 0 || contract == k_none || oudlers < 0 || p2 < 0 || !partner_ok) return std::nullopt;

  // ------------------------------------------------ score (spec tarot §4)
  const int target = k_target[oudlers];
  int64_t pr2 = p2;  // §4.2 half point to the winning side
  if (p2 % 2 != 0) {
    pr2 = made ? p2 + 1 : p2 - 1;
    c.warn("points", "W_HALF_POINT",
           half_points_text(p2) + " points: the half point goes to the " + (made ? "attack" : "defence") + " (" + half_points_text(pr2) +
               "); contract " + (made ? "made" : "failed") + " on the exact count");
  }
  int64_t diff = std::llabs(pr2 - 2 * target) / 2;
  if (opt.gain_rounding > 0) diff = (diff + opt.gain_rounding / 2) / opt.gain_rounding * opt.gain_rounding;  // halves up
  int64_t m = contract == k_garde_contre ? opt.garde_contre_multiplier
              : contract == k_garde_sans ? 4
              : contract == k_garde      ? 2
                                         : 1;
  int64_t sign = made ? 1 : -1;
  int64_t contract_part = sign * (25 + diff) * m;
  int64_t pab_part = 10 * pab * m;
  // §4.3 poignee_part: poignee_to = winner -> every poignée to the side that wins the deal;
  // shower -> each poignée to the side of the player who showed it (+PV attack, -PV defence).
  int64_t poignee_part = 0;
  for (const auto& q : poignees) {
    int64_t pv = opt.fft_poignee_values ? k_poignee_fft[q.level] : k_poignee_seed[q.level];
    bool by_attack = q.player == taker || (partner >= 0 && q.player == partner);
    poignee_part += opt.poignee_to_shower ? (by_attack ? pv : -pv) : sign * pv;
  }
  // §4.3 slam_part
  int pct = opt.petite_chelem_tricks > 0 ? opt.petite_chelem_tricks : T - 3;
  int at = tricks >= 0 ? tricks : (chelem == k_chelem_attack ? T : 0);
  int64_t slam = 0;
  if (chelem_announced) slam = chelem == k_chelem_attack ? 400 : -200;
  else if (petite_announced) slam = at >= pct ? 300 : -150;
  else if (chelem == k_chelem_attack) slam = 200;
  else if (opt.petite_chelem && at >= pct) slam = 150;
  if (chelem == k_chelem_defence) slam -= opt.defence_chelem_bonus;
  int64_t misere_team_part = opt.misere_team ? sign * opt.misere_value * static_cast<int64_t>(miseres.size()) : 0;
  int64_t S = contract_part + pab_part + poignee_part + slam + misere_team_part;

  // §4.4 distribution
  Outcome o;
  o.deltas.assign(c.s.players.size(), 0);
  std::vector<int> defenders;
  for (int p : c.act)
    if (p != taker && p != partner) defenders.push_back(p);
  for (int p : defenders) o.deltas[static_cast<size_t>(p)] -= S;
  if (partner >= 0) {
    o.deltas[static_cast<size_t>(taker)] += 2 * S;
    o.deltas[static_cast<size_t>(partner)] += S;
  } else {
    o.deltas[static_cast<size_t>(taker)] += S * static_cast<int64_t>(defenders.size());
  }
  // §4.5 personal misère
  if (!opt.misere_team)
    for (const auto& mi : miseres)
      for (int p : c.act)
        o.deltas[static_cast<size_t>(p)] += p == mi.player ? int64_t{opt.misere_value} * (c.n - 1) : -int64_t{opt.misere_value};
  int64_t sum = 0;
  for (auto v : o.deltas) sum += v;
  if (sum != 0) {  // §4.7: every hand is zero-sum
    c.err("", "E_INTERNAL", "internal error: the deltas of this hand sum to " + std::to_string(sum) + ", not 0; please report");
    return std::nullopt;
  }

  o.attack.push_back(c.name(taker));
  if (partner >= 0) o.attack.push_back(c.name(partner));
  ojson& b = o.breakdown;
  b["target"] = target;
  b["made"] = made;
  b["points"] = rules::number(static_cast<double>(p2) / 2);
  b["points_rounded"] = pr2 / 2;
  b["diff"] = diff;
  b["multiplier"] = m;
  b["contract_part"] = contract_part;
  b["petit_au_bout_part"] = pab_part;
  b["poignee_part"] = poignee_part;
  b["slam_part"] = slam;
  b["misere_team_part"] = misere_team_part;
  b["per_defender"] = S;
  b["half_point"] = p2 % 2 != 0 ? ojson(made ? "attack" : "defence") : ojson(nullptr);
  b["attack"] = o.attack;
  if (!partner_note.empty()) b["taker_alone"] = partner_note;
  return o;
}

}  // namespace

std::optional<Outcome> play_record(const Setup& setup, const State& st, const json& rec, Diagnostics& diags) {
  Ctx c{setup, st, diags, active_players(setup, st.dealer)};
  c.n = static_cast<int>(c.act.size());
  c.sz = sizes_for(c.n);
  c.called_king = c.n == 5;
  if (!rec.is_object()) {
    c.err("", "E_TYPE", "a record must be a JSON object");
    return std::nullopt;
  }
  // E_GAME_OVER (spec tarot §5.3)
  if (st.over) {
    c.err("type", "E_GAME_OVER", "game is over after deal " + std::to_string(st.over_after) + "; start a new game");
    return std::nullopt;
  }
  // E_TYPE
  std::string type = rec.contains("type") && rec["type"].is_string() ? rec["type"].get<std::string>() : "";
  if (type != "hand" && type != "redeal") {
    c.err("type", "E_TYPE",
          (rec.contains("type") ? show_json(rec["type"]) + " is an unknown record type" : std::string("missing")) +
              "; a tarot record is of type hand or redeal");
    return std::nullopt;
  }
  // dealer (W_DEALER); the engine keeps its own expected dealer (§3.3)
  if (rec.contains("dealer") && !rec["dealer"].is_null()) {
    const json& d = rec["dealer"];
    int p = d.is_string() ? index_of(setup, d.get<std::string>()) : -1;
    if (p < 0)
      c.err("dealer", "E_UNKNOWN_PLAYER", "unknown player " + show_json(d) + "; the players are " + c.player_list());
    else if (p != st.dealer)
      c.warn("dealer", "W_DEALER", "recorded dealer " + c.name(p) + ", but " + c.name(st.dealer) +
                                       " was expected to deal (a redeal may be missing); the expected dealer is kept");
  }
  auto out = type == "redeal" ? play_redeal(c, rec) : play_hand(c, rec);
  if (!c.ok) return std::nullopt;
  return out;
}

}  // namespace marque::rules::tarot
