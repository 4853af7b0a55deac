// spec tarot §2.2-2.3 (records), §3 (validation): one record at a time, decoded and checked, pure. A valid
// played hand is scored by score_hand (tarot_score.cpp).
#include <algorithm>

#include "rules/tarot/tarot.hpp"

namespace marque::rules::tarot {

namespace {

using common::whole_in;

constexpr int k_max_trumps = 22;  // 21 trumps + the Excuse

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
  // the same with the message as data: a message of the game's catalogue(), said in the reader's language
  void err(const std::string& field, const char* code, text::Message words) {
    d.error(field, code, std::move(words), catalogue());
    ok = false;
  }
  void warn(const std::string& field, const char* code, const std::string& msg) { d.warning(field, code, msg); }
  void warn(const std::string& field, const char* code, text::Message words) {
    d.warning(field, code, std::move(words), catalogue());
  }
  // a refusal of bid `i` of the auction: "bid 3: ..."
  void bid_err(size_t i, const char* code, text::Message why) {
    err("bids", code,
        text::Message("tarot.err.bid_at").number("n", static_cast<int64_t>(i + 1)).message("why", std::move(why)));
  }
  bool active(int p) const { return std::find(act.begin(), act.end(), p) != act.end(); }
  const std::string& name(int p) const { return s.players[static_cast<size_t>(p)]; }
  std::string player_list() const {
    std::string out;
    for (const auto& p : s.players) out += (out.empty() ? "" : ", ") + p;
    return out;
  }
};

// A record names players exactly as the set-up spells them (the command line respells typed names).
int index_of(const Setup& s, const std::string& name) {
  for (size_t i = 0; i < s.players.size(); ++i)
    if (s.players[i] == name) return static_cast<int>(i);
  return -1;
}

bool present(const json& rec, const char* key) {
  auto it = rec.find(key);  // one look-up
  return it != rec.end() && !it->is_null();
}

// A player reference; -1 when bad (errors added). `must_play`: the player must hold cards this deal.
// `role`: the message that says what the player would be ("tarot.role.taker": "the taker")
int player_ref(Ctx& c, const json& v, const std::string& field, bool must_play, const char* role) {
  if (!v.is_string()) {
    c.err(field, "E_UNKNOWN_PLAYER",
          text::Message("tarot.err.not_player_name").text("value", show_quoted(v)).text("players", c.player_list()));
    return -1;
  }
  int p = index_of(c.s, v.get<std::string>());
  if (p < 0) {
    c.err(
        field, "E_UNKNOWN_PLAYER",
        text::Message("tarot.err.unknown_player").text("name", v.get<std::string>()).text("players", c.player_list()));
    return -1;
  }
  if (must_play && !c.active(p)) {
    c.err(field, "E_SITTING_OUT",
          text::Message("tarot.err.sitting_out").text("name", c.name(p)).message("role", text::Message(role)));
    return -1;
  }
  return p;
}

// A contract name legal for the ladder (E_CONTRACT otherwise); k_none on error. `field` for messages.
int legal_contract(Ctx& c, const json& v, const std::string& field, const char* code, const text::Message& prefix) {
  const int id = v.is_string() ? contract_id(v.get<std::string>()) : k_none;
  if (id == k_none)
    c.err(field, code,
          text::Message("tarot.err.not_contract")
              .message("at", prefix)
              .text("value", show_quoted(v))
              .text("ladder", ladder_text(c.s.opt)));
  else if (id == k_pousse && !c.s.opt.petite_pousse)
    c.err(field, code,
          text::Message("tarot.err.pousse_ladder").message("at", prefix).text("ladder", ladder_text(c.s.opt)));
  else
    return id;
  return k_none;
}

// ---------------------------------------------------------------- the auction (spec tarot §3.4)
// A legal auction's result: who takes at what (k_none and -1: everybody passed).
struct Auction {
  int winner = -1;
  int contract = k_none;
};

struct Bid {
  int player;
  int bid;  // 0 = pass
};

std::string bid_name(int id) { return id == 0 ? std::string("pass") : std::string(k_contract_names[id]); }

// The recorded bids as (player, bid); false when one cannot be read (errors added).
bool parse_bids(Ctx& c, const json& bids, std::vector<Bid>& list) {
  const std::string f = "bids";
  bool parsed = true;
  for (size_t i = 0; i < bids.size(); ++i) {
    const json& b = bids[i];
    auto bad = [&](const char* code, text::Message why) {
      c.bid_err(i, code, std::move(why));
      parsed = false;
    };
    if (!b.is_object() || !b.contains("player") || !b.contains("bid")) {
      bad("E_BIDS", text::Message("tarot.err.bid_object").message("value", common::quoted(b)));
      continue;
    }
    int p = b["player"].is_string() ? index_of(c.s, b["player"].get<std::string>()) : -1;
    if (p < 0) {
      bad("E_UNKNOWN_PLAYER", text::Message("tarot.err.bid_player")
                                  .message("value", common::quoted(b["player"]))
                                  .text("players", c.player_list()));
    } else if (!c.active(p)) {
      bad("E_BIDS", text::Message("tarot.err.bid_sits_out").text("name", c.name(p)));
    } else if (b["bid"].is_string() && b["bid"].get<std::string>() == "pass") {
      list.push_back({p, 0});
    } else {
      int id = legal_contract(
          c, b["bid"], f, "E_BIDS",
          text::Message("tarot.err.bid_prefix").number("n", static_cast<int64_t>(i + 1)).text("name", c.name(p)));
      if (id == k_none)
        parsed = false;
      else
        list.push_back({p, id});
    }
  }
  return parsed;
}

// The auction as it goes round: speaking order from the active player after the dealer (spec tarot §1.2).
struct AuctionRun {
  Ctx& c;
  std::vector<int> ord;
  std::vector<bool> passed, spoken;
  int highest = 0, highest_player = -1;
  bool ended = false;
  size_t pos = 0;

  explicit AuctionRun(Ctx& ctx) : c(ctx), passed(ctx.s.players.size(), false), spoken(ctx.s.players.size(), false) {
    int np = static_cast<int>(c.s.players.size());
    for (int k = 1; k <= np; ++k) {
      int p = (c.st.dealer + k) % np;
      if (c.active(p)) ord.push_back(p);
    }
  }

  // Whether b's player may speak now (an error otherwise).
  bool may_speak(const Bid& b, size_t at) {
    if (!c.s.opt.multi_rounds && spoken[static_cast<size_t>(b.player)]) {
      c.bid_err(at, "E_BIDS", text::Message("tarot.err.bid_spoken").text("name", c.name(b.player)));
      return false;
    }
    if (ended) {
      c.bid_err(at, "E_BIDS",
                text::Message("tarot.err.bid_over")
                    .text("taken", highest ? "yes" : "no")
                    .text("highest", highest ? c.name(highest_player) : std::string())
                    .text("bid", bid_name(highest))
                    .text("name", c.name(b.player)));
      return false;
    }
    if (c.s.opt.multi_rounds)
      while (passed[static_cast<size_t>(ord[pos])]) pos = (pos + 1) % ord.size();
    if (b.player == ord[pos]) return true;
    if (c.s.opt.multi_rounds && passed[static_cast<size_t>(b.player)])
      c.bid_err(at, "E_BIDS", text::Message("tarot.err.bid_passed").text("name", c.name(b.player)));
    else
      c.bid_err(at, "E_BIDS",
                text::Message("tarot.err.bid_turn").text("turn", c.name(ord[pos])).text("name", c.name(b.player)));
    return false;
  }

  // Bid `i` spoken; false when it is not above the highest bid (error added).
  bool take(const Bid& b, size_t i) {
    if (b.bid != 0 && b.bid <= highest) {
      c.bid_err(i, "E_BIDS",
                text::Message("tarot.err.bid_not_above")
                    .text("name", c.name(b.player))
                    .text("bid", bid_name(b.bid))
                    .text("highest", c.name(highest_player))
                    .text("current", bid_name(highest)));
      return false;
    }
    spoken[static_cast<size_t>(b.player)] = true;
    if (b.bid == 0)
      passed[static_cast<size_t>(b.player)] = true;
    else {
      highest = b.bid;
      highest_player = b.player;
    }
    pos = (pos + 1) % ord.size();
    if (!c.s.opt.multi_rounds) {
      ended = i + 1 == ord.size();
      return true;
    }
    size_t remaining = 0;
    int last = -1;
    for (int p : ord)
      if (!passed[static_cast<size_t>(p)]) {
        ++remaining;
        last = p;
      }
    ended = remaining == 0 || (remaining == 1 && last == highest_player);
    return true;
  }

  std::string next_speaker() const {
    size_t q = pos;
    if (c.s.opt.multi_rounds)
      while (passed[static_cast<size_t>(ord[q])]) q = (q + 1) % ord.size();
    return c.name(ord[q]);
  }
};

// spec tarot §3.4: auction legality (only when `bids` is recorded).
std::optional<Auction> check_auction(Ctx& c, const json& bids) {
  if (!bids.is_array()) {
    c.err("bids", "E_BIDS", text::Message("tarot.err.bids_list"));
    return std::nullopt;
  }
  std::vector<Bid> list;
  if (!parse_bids(c, bids, list)) return std::nullopt;
  AuctionRun run(c);
  for (size_t i = 0; i < list.size(); ++i)
    if (!run.may_speak(list[i], i) || !run.take(list[i], i)) return std::nullopt;
  if (!run.ended) {
    c.err("bids", "E_BIDS", text::Message("tarot.err.bids_unfinished").text("name", run.next_speaker()));
    return std::nullopt;
  }
  return Auction{run.highest_player, run.highest};
}

bool get_bool(Ctx& c, const json& rec, const char* key, const char* code, bool& out) {
  out = false;
  if (!present(rec, key)) return true;
  if (!rec[key].is_boolean()) {
    c.err(key, code, text::Message("tarot.err.not_bool").text("value", show_quoted(rec[key])));
    return false;
  }
  out = rec[key].get<bool>();
  return true;
}

void check_note(Ctx& c, const json& rec) {
  if (present(rec, "note") && !rec["note"].is_string()) c.err("note", "E_NOTE", text::Message("tarot.err.note"));
}

// ---------------------------------------------------------------- redeal (spec tarot §2.3)
std::string redeal_reason(Ctx& c, const json& rec) {
  if (!rec.contains("reason") || !rec["reason"].is_string()) {
    c.err("reason", "E_REDEAL",
          rec.contains("reason")
              ? text::Message("tarot.err.redeal_not_reason").text("value", show_quoted(rec["reason"]))
              : text::Message("tarot.err.redeal_reason_missing"));
    return "";
  }
  std::string reason = rec["reason"].get<std::string>();
  bool known = false;
  for (const char* r : k_redeal_reasons) known = known || reason == r;
  if (known) return reason;
  c.err("reason", "E_REDEAL", text::Message("tarot.err.redeal_reason").text("value", reason));
  return "";
}

std::optional<Outcome> play_redeal(Ctx& c, const json& rec) {
  warn_unknown_fields(rec, true, c.d);
  const std::string reason = redeal_reason(c, rec);
  bool needs_player = reason == "petit_sec" || reason == "no_trumps" || reason == "few_honours";
  int player = -1;
  if (present(rec, "player"))
    player = player_ref(c, rec["player"], "player", true, "tarot.role.declarer");
  else if (needs_player)
    c.err("player", "E_REDEAL", text::Message("tarot.err.redeal_player").text("reason", reason));
  if (present(rec, "bids")) {
    auto a = check_auction(c, rec["bids"]);
    if (a && a->contract != k_none)
      c.err("bids", "E_REDEAL",
            text::Message("tarot.err.redeal_bids")
                .text("name", c.name(a->winner))
                .text("contract", k_contract_names[a->contract]));
  }
  check_note(c, rec);
  // W_REDEAL_NOT_HOUSE
  if ((reason == "no_trumps" && !c.s.opt.redeal_no_trumps) || (reason == "few_honours" && !c.s.opt.redeal_few_honours))
    c.warn("reason", "W_REDEAL_NOT_HOUSE", text::Message("tarot.warn.redeal_not_house").text("reason", reason));
  if (reason == "petit_sec" && !c.s.opt.petit_sec_redeal)
    c.warn("reason", "W_REDEAL_NOT_HOUSE", text::Message("tarot.warn.redeal_petit_sec"));
  if (!c.ok) return std::nullopt;

  Outcome o;
  o.redeal = true;
  // spec tarot §5.2: misdeal -> the same dealer deals again; dealer_sits_out -> the mort deals again.
  o.dealer_repeats = reason == "misdeal" || (static_cast<int>(c.s.players.size()) == 5 && c.s.opt.dealer_sits_out);
  o.deltas.assign(c.s.players.size(), 0);
  o.breakdown["redeal"] = reason;
  if (player >= 0) o.breakdown["player"] = c.name(player);
  return o;
}

// ---------------------------------------------------------------- played hand (spec tarot §2.2)
// A hand as it is read: the decoded fields and which of them could be read.
struct Draft {
  Hand h;
  bool chelem_ok = true, petite_ok = true, partner_ok = true;
  bool cards_given = false, cards_petit = false, cards_excuse = false, cards_ok = true;
};

void read_taker_contract(Ctx& c, const json& rec, Draft& d) {
  if (!present(rec, "taker"))
    c.err("taker", "E_UNKNOWN_PLAYER", text::Message("tarot.err.taker_missing").text("players", c.player_list()));
  else
    d.h.taker = player_ref(c, rec["taker"], "taker", true, "tarot.role.taker");
  // E_CONTRACT
  if (!present(rec, "contract"))
    c.err("contract", "E_CONTRACT", text::Message("tarot.err.contract_missing").text("ladder", ladder_text(c.s.opt)));
  else
    d.h.contract = legal_contract(c, rec["contract"], "contract", "E_CONTRACT", text::Message());
}

// chelem (E_CHELEM) and the announcements
void read_chelem(Ctx& c, const json& rec, Draft& d) {
  if (present(rec, "chelem")) {
    const json& v = rec["chelem"];
    std::string s = v.is_string() ? v.get<std::string>() : "";
    if (s == "none")
      d.h.chelem = k_chelem_none;
    else if (s == "attack")
      d.h.chelem = k_chelem_attack;
    else if (s == "defence")
      d.h.chelem = k_chelem_defence;
    else {
      c.err("chelem", "E_CHELEM", text::Message("tarot.err.chelem_value").text("value", show_quoted(v)));
      d.chelem_ok = false;
    }
  }
  get_bool(c, rec, "chelem_announced", "E_CHELEM", d.h.chelem_announced);
  d.petite_ok = get_bool(c, rec, "petite_chelem_announced", "E_PETITE_CHELEM", d.h.petite_announced);
}

// partner (E_PARTNER, E_SELF_CALL)
void read_partner(Ctx& c, const json& rec, Draft& d) {
  const bool has_partner_key = rec.contains("partner");
  if (!c.called_king) {
    if (!has_partner_key || rec["partner"].is_null()) return;
    c.err("partner", "E_PARTNER",
          text::Message(static_cast<int>(c.s.players.size()) == 5 ? "tarot.err.no_partner_sits_out"
                                                                  : "tarot.err.no_partner")
              .text("value", show_quoted(rec["partner"]))
              .number("players", c.n));
    d.partner_ok = false;
    return;
  }
  if (!has_partner_key) {
    c.err("partner", "E_PARTNER", text::Message("tarot.err.partner_missing"));
    d.partner_ok = false;
    return;
  }
  if (rec["partner"].is_null()) {
    d.h.partner_note = "chien";
    return;
  }
  // spec tarot §3.2 E_PARTNER: the partner must be an active player
  int p = rec["partner"].is_string() ? index_of(c.s, rec["partner"].get<std::string>()) : -1;
  if (p < 0) {
    c.err("partner", "E_PARTNER",
          text::Message("tarot.err.partner_unknown")
              .text("value", show_quoted(rec["partner"]))
              .text("players", c.player_list()));
    d.partner_ok = false;
  } else if (p == d.h.taker) {
    d.h.partner_note = "self";
    if (!c.s.opt.self_call) {
      c.err("partner", "E_SELF_CALL", text::Message("tarot.err.self_call").text("name", c.name(p)));
      d.partner_ok = false;
    }
  } else {
    d.h.partner = p;
  }
}

// called_card (E_CALLED_CARD, W_CALLED_NONKING); informational, not scored
void read_called_card(Ctx& c, const json& rec) {
  if (!present(rec, "called_card")) return;
  const json& cc = rec["called_card"];
  if (!c.called_king) {
    c.err("called_card", "E_CALLED_CARD", text::Message("tarot.err.called_card_mode"));
    return;
  }
  if (!cc.is_object() || !cc.contains("rank") || !cc.contains("suit")) {
    c.err("called_card", "E_CALLED_CARD",
          show_quoted(cc) + " is not {\"rank\": king|queen|knight|jack, \"suit\": spades|hearts|diamonds|clubs}");
    return;
  }
  std::string rank = cc["rank"].is_string() ? cc["rank"].get<std::string>() : "";
  std::string suit = cc["suit"].is_string() ? cc["suit"].get<std::string>() : "";
  bool rank_ok = rank == "king" || rank == "queen" || rank == "knight" || rank == "jack";
  bool suit_ok = suit == "spades" || suit == "hearts" || suit == "diamonds" || suit == "clubs";
  if (!rank_ok)
    c.err("called_card", "E_CALLED_CARD",
          show_quoted(cc["rank"]) + " is not a rank that can be called; one of: king, queen, knight, jack");
  if (!suit_ok)
    c.err("called_card", "E_CALLED_CARD",
          show_quoted(cc["suit"]) + " is not a suit; one of: spades, hearts, diamonds, clubs");
  if (rank == "jack" && !c.s.opt.jack_call)
    c.err(
        "called_card", "E_CALLED_CARD",
        "a jack may only be called with variant jack_call (the seed: with all kings, queens and knights the taker plays alone)");
  else if (rank_ok && rank != "king")
    c.warn("called_card", "W_CALLED_NONKING",
           "the called card is a " + rank + ": legal only if the taker held all four kings" +
               (rank == "queen"    ? ""
                : rank == "knight" ? " and queens"
                                   : ", queens and knights"));
}

// oudlers and oudler_cards (E_OUDLERS)
void read_oudlers(Ctx& c, const json& rec, Draft& d) {
  if (!present(rec, "oudlers")) {
    c.err("oudlers", "E_OUDLERS", text::Message("tarot.err.oudlers_missing"));
  } else if (auto o = whole_in(rec["oudlers"], 0, 3)) {
    d.h.oudlers = static_cast<int>(*o);
  } else {
    c.err("oudlers", "E_OUDLERS", text::Message("tarot.err.oudlers_range").text("value", show_quoted(rec["oudlers"])));
  }
  if (!present(rec, "oudler_cards")) return;
  const json& oc = rec["oudler_cards"];
  d.cards_given = true;
  if (!oc.is_array()) {
    c.err("oudler_cards", "E_OUDLERS", text::Message("tarot.err.oudler_cards_list"));
    d.cards_ok = false;
    return;
  }
  std::vector<std::string> seen;
  for (const auto& x : oc) {
    std::string v = x.is_string() ? x.get<std::string>() : (whole_in(x, 21, 21) ? "21" : x.dump());
    if (v != "petit" && v != "21" && v != "excuse") {
      c.err("oudler_cards", "E_OUDLERS", text::Message("tarot.err.not_oudler").text("value", show_quoted(x)));
      d.cards_ok = false;
    } else if (std::find(seen.begin(), seen.end(), v) != seen.end()) {
      c.err("oudler_cards", "E_OUDLERS", text::Message("tarot.err.oudler_twice").text("value", v));
      d.cards_ok = false;
    } else {
      seen.push_back(v);
    }
  }
  d.cards_petit = std::find(seen.begin(), seen.end(), "petit") != seen.end();
  d.cards_excuse = std::find(seen.begin(), seen.end(), "excuse") != seen.end();
  if (d.cards_ok && d.h.oudlers >= 0 && static_cast<int>(seen.size()) != d.h.oudlers) {
    c.err("oudler_cards", "E_OUDLERS",
          text::Message("tarot.err.oudler_cards_count")
              .number("listed", static_cast<int64_t>(seen.size()))
              .number("oudlers", d.h.oudlers));
    d.cards_ok = false;
  }
}

// points (E_POINTS_RANGE) as half points, and defence_points (E_DEFENCE_POINTS)
void read_points(Ctx& c, const json& rec, Draft& d) {
  if (!present(rec, "points")) {
    c.err("points", "E_POINTS_RANGE", text::Message("tarot.err.points_missing"));
  } else if (!rec["points"].is_number()) {
    c.err("points", "E_POINTS_RANGE",
          text::Message("tarot.err.points_not_number").text("value", show_quoted(rec["points"])));
  } else {
    const json& v = rec["points"];
    const std::optional<Amount> half = amount_of(v, 2);  // in half points, exactly
    // the value as typed, in the reader's number format when it is a count of half points
    auto with_value = [&](const char* id) {
      text::Message m(id);
      return half ? m.amount("value", *half) : m.text("value", v.dump());
    };
    if (v < 0)
      c.err("points", "E_POINTS_RANGE", with_value("tarot.err.points_below"));
    else if (v > 91)
      c.err("points", "E_POINTS_RANGE", with_value("tarot.err.points_above"));
    else if (!half)
      c.err("points", "E_POINTS_RANGE", with_value("tarot.err.points_half"));
    else
      d.h.points2 = half->units;
  }
  if (!present(rec, "defence_points")) return;
  const json& dp = rec["defence_points"];
  const std::optional<Amount> defence = dp.is_number() ? amount_of(dp, 2) : std::nullopt;
  if (!defence) {
    c.err("defence_points", "E_DEFENCE_POINTS",
          text::Message("tarot.err.defence_points").text("value", show_quoted(dp)));
  } else if (d.h.points2 >= 0) {
    const int64_t p2 = d.h.points2, d2 = defence->units;
    if (p2 + d2 != 182)
      c.err("defence_points", "E_DEFENCE_POINTS",
            text::Message("tarot.err.points_sum")
                .amount("attack", Amount::ratio(p2, 2))
                .amount("defence", Amount::ratio(d2, 2))
                .amount("sum", Amount::ratio(p2 + d2, 2)));
  }
}

// attack_tricks (E_TRICKS)
void read_tricks(Ctx& c, const json& rec, Draft& d) {
  if (!present(rec, "attack_tricks")) return;
  const json& t = rec["attack_tricks"];
  const int T = c.sz.tricks;
  auto w = whole_in(t, 0, T);
  if (!w) {
    c.err(
        "attack_tricks", "E_TRICKS",
        text::Message("tarot.err.tricks_range").text("value", show_quoted(t)).number("most", T).number("players", c.n));
    return;
  }
  const int tricks = d.h.tricks = static_cast<int>(*w);
  if (!d.chelem_ok) return;
  const int chelem = d.h.chelem;
  if (tricks == T && chelem != k_chelem_attack)
    c.err("attack_tricks", "E_TRICKS", text::Message("tarot.err.tricks_all").number("tricks", T));
  else if (tricks == 0 && chelem != k_chelem_defence)
    c.err("attack_tricks", "E_TRICKS", text::Message("tarot.err.tricks_none"));
  else if (chelem == k_chelem_attack && tricks != T)
    c.err("attack_tricks", "E_TRICKS",
          text::Message("tarot.err.chelem_attack_tricks").number("all", T).number("tricks", tricks));
  else if (chelem == k_chelem_defence && tricks != 0)
    c.err("attack_tricks", "E_TRICKS", text::Message("tarot.err.chelem_defence_tricks").number("tricks", tricks));
}

// petit_au_bout (E_PETIT_AU_BOUT)
void read_petit_au_bout(Ctx& c, const json& rec, Draft& d) {
  if (!present(rec, "petit_au_bout")) return;
  const json& v = rec["petit_au_bout"];
  std::string s = v.is_string() ? v.get<std::string>() : "";
  int& pab = d.h.petit_au_bout;
  if (s == "attack")
    pab = 1;
  else if (s == "defence")
    pab = -1;
  else
    c.err("petit_au_bout", "E_PETIT_AU_BOUT", text::Message("tarot.err.pab_side").text("value", show_quoted(v)));
  const bool cards_known = d.cards_given && d.cards_ok;
  if (pab == 1) {
    if (d.h.oudlers == 0)
      c.err("petit_au_bout", "E_PETIT_AU_BOUT", text::Message("tarot.err.pab_attack_no_petit"));
    else if (cards_known && !d.cards_petit)
      c.err("petit_au_bout", "E_PETIT_AU_BOUT", text::Message("tarot.err.pab_attack_cards"));
    else if (d.h.chelem == k_chelem_defence)
      c.err("petit_au_bout", "E_PETIT_AU_BOUT", text::Message("tarot.err.pab_attack_chelem"));
  } else if (pab == -1) {
    if (d.h.oudlers == 3)
      c.err("petit_au_bout", "E_PETIT_AU_BOUT", text::Message("tarot.err.pab_defence_three"));
    else if (cards_known && d.cards_petit)
      c.err("petit_au_bout", "E_PETIT_AU_BOUT", text::Message("tarot.err.pab_defence_cards"));
    else if (d.h.chelem == k_chelem_attack)
      c.err("petit_au_bout", "E_PETIT_AU_BOUT", text::Message("tarot.err.pab_defence_chelem"));
  }
}

// points against oudlers (E_POINTS_OUDLERS, E_HALF_POINT_4P); whether the contract is made (§4.2, exact count)
void check_points(Ctx& c, Draft& d) {
  const int64_t p2 = d.h.points2;
  const int oudlers = d.h.oudlers;
  if (p2 < 0 || oudlers < 0) return;
  d.h.made = p2 >= 2 * k_target[oudlers];
  if (!d.chelem_ok) return;
  int64_t slack2 = d.h.chelem != k_chelem_none ? 1 : 0;
  int64_t lo2 = 9 * oudlers - slack2, hi2 = 182 - 9 * (3 - oudlers) + slack2;
  if (p2 < lo2)
    c.err("points", "E_POINTS_OUDLERS",
          text::Message("tarot.err.points_too_few")
              .amount("points", Amount::ratio(p2, 2))
              .number("oudlers", oudlers)
              .amount("worth", Amount::ratio(9 * oudlers, 2)));
  else if (p2 > hi2)
    c.err("points", "E_POINTS_OUDLERS",
          text::Message("tarot.err.points_too_many")
              .amount("points", Amount::ratio(p2, 2))
              .number("oudlers", 3 - oudlers)
              .amount("worth", Amount::ratio(9 * (3 - oudlers), 2))
              .amount("most", Amount::ratio(182 - 9 * (3 - oudlers), 2)));
  // E_HALF_POINT_4P
  if (c.n == 4 && p2 % 2 != 0 && d.h.chelem == k_chelem_none)
    c.err("points", "E_HALF_POINT_4P", text::Message("tarot.err.half_point_4p").amount("points", Amount::ratio(p2, 2)));
}

// E_CHELEM_POINTS (§3.2): a side that won no trick can own at most the Excuse (4.5, or 4 as FFT rounds it), and only
// when the chien is not its own: attack chelem outside garde contre, defence chelem in garde contre.
void check_chelem_points(Ctx& c, const Draft& d) {
  const int64_t p2 = d.h.points2;
  const int oudlers = d.h.oudlers;
  bool attack_chelem = d.h.chelem == k_chelem_attack && d.h.contract != k_garde_contre;
  bool defence_chelem = d.h.chelem == k_chelem_defence && d.h.contract == k_garde_contre;
  if (!attack_chelem && !defence_chelem) return;
  // in the attack's half points and oudlers; for a defence chelem mirror them to the defence's
  const int64_t own2 = attack_chelem ? p2 : 182 - p2;
  const int own_oudlers = attack_chelem ? oudlers : 3 - oudlers;
  // the chelem's side in the messages' selects: "attack" (a chelem of the attack) or "defence"
  const std::string side = attack_chelem ? "attack" : "defence";
  auto chelem_points = [&](const char* id) {
    return text::Message(id).amount("points", Amount::ratio(p2, 2)).number("oudlers", oudlers).text("side", side);
  };
  if (own_oudlers < 2) {
    c.err("points", "E_CHELEM_POINTS", chelem_points("tarot.err.chelem_oudlers"));
  } else if (own_oudlers == 3 && own2 != 182) {
    c.err("points", "E_CHELEM_POINTS", chelem_points("tarot.err.chelem_all_cards"));
  } else if (own_oudlers == 2 && own2 != 173 && own2 != 174) {
    c.err("points", "E_CHELEM_POINTS", chelem_points("tarot.err.chelem_excuse"));
  } else if (own_oudlers == 2 && d.cards_given && d.cards_ok && d.cards_excuse != defence_chelem) {
    c.err("oudler_cards", "E_CHELEM_POINTS", text::Message("tarot.err.chelem_excuse_card").text("side", side));
  }
}

// the chelem against points and the contract's result (E_CHELEM_POINTS, E_CHELEM_CONTRACT)
void check_chelem(Ctx& c, const Draft& d) {
  const int64_t p2 = d.h.points2;
  const int oudlers = d.h.oudlers;
  if (p2 < 0 || oudlers < 0 || !d.chelem_ok) return;
  if (d.h.contract != k_none) check_chelem_points(c, d);
  if (d.h.chelem == k_chelem_attack && !d.h.made)
    c.err("chelem", "E_CHELEM_CONTRACT",
          text::Message("tarot.err.chelem_failed")
              .amount("points", Amount::ratio(p2, 2))
              .number("target", k_target[oudlers]));
  if (d.h.chelem == k_chelem_defence && d.h.made)
    c.err("chelem", "E_CHELEM_CONTRACT",
          text::Message("tarot.err.chelem_made")
              .amount("points", Amount::ratio(p2, 2))
              .number("target", k_target[oudlers]));
}

// The trumps shown with one poignée (E_POIGNEE_TRUMPS, W_POIGNEE_SMALLER): -1 when not given, -2 on an error.
int poignee_trumps(Ctx& c, const json& x, int p, int level) {
  const std::string f = "poignees";
  if (!present(x, "trumps")) return -1;
  const int max_trumps = std::min(k_max_trumps, c.sz.hand_size);
  auto w = whole_in(x["trumps"], INT64_MIN, INT64_MAX);
  if (!w) {
    c.err(f, "E_POIGNEE_TRUMPS",
          text::Message("tarot.err.poignee_trumps_whole")
              .text("name", c.name(p))
              .text("value", show_quoted(x["trumps"])));
    return -2;
  }
  const int64_t t = *w;
  const int need = c.sz.poignee[static_cast<size_t>(level)];
  if (t < need) {
    c.err(f, "E_POIGNEE_TRUMPS",
          text::Message("tarot.err.poignee_too_few")
              .number("players", c.n)
              .text("level", k_levels[level])
              .number("need", need)
              .text("name", c.name(p))
              .number("trumps", t));
    return -2;
  }
  if (t > max_trumps) {
    c.err(f, "E_POIGNEE_TRUMPS",
          text::Message("tarot.err.poignee_too_many")
              .text("name", c.name(p))
              .number("trumps", t)
              .number("most", max_trumps)
              .number("players", c.n));
    return -2;
  }
  if (level < 2 && t >= c.sz.poignee[static_cast<size_t>(level + 1)])
    c.warn(f, "W_POIGNEE_SMALLER",
           text::Message("tarot.warn.poignee_smaller")
               .text("name", c.name(p))
               .number("trumps", t)
               .text("enough", k_levels[level + 1])
               .text("level", k_levels[level]));
  return static_cast<int>(t);
}

// One poignée of the list (E_POIGNEE_LEVEL, E_POIGNEE_DUP, E_POIGNEE_TRUMPS).
void read_poignee(Ctx& c, const json& x, Draft& d) {
  const std::string f = "poignees";
  if (!x.is_object() || !x.contains("player")) {
    c.err(f, "E_POIGNEE_LEVEL", text::Message("tarot.err.poignee_object").message("value", common::quoted(x)));
    return;
  }
  int p = player_ref(c, x["player"], f, true, "tarot.role.poignee");
  int level = -1;
  std::string lv = x.contains("level") && x["level"].is_string() ? x["level"].get<std::string>() : "";
  for (int i = 0; i < 3; ++i)
    if (lv == k_levels[i]) level = i;
  if (level < 0)
    c.err(f, "E_POIGNEE_LEVEL",
          x.contains("level") ? text::Message("tarot.err.poignee_level").text("value", show_quoted(x["level"]))
                              : text::Message("tarot.err.poignee_level_missing"));
  if (p < 0 || level < 0) return;
  for (const auto& q : d.h.poignees)
    if (q.player == p) {
      c.err(f, "E_POIGNEE_DUP", text::Message("tarot.err.poignee_twice").text("name", c.name(p)));
      return;
    }
  int trumps = poignee_trumps(c, x, p, level);
  if (trumps == -2) return;
  d.h.poignees.push_back({p, level, trumps});
}

// poignées (E_POIGNEE_*)
void read_poignees(Ctx& c, const json& rec, Draft& d) {
  if (!present(rec, "poignees")) return;
  const json& arr = rec["poignees"];
  const std::string f = "poignees";
  if (!arr.is_array()) {
    c.err(f, "E_POIGNEE_LEVEL", text::Message("tarot.err.poignees_list"));
    return;
  }
  for (const auto& x : arr) read_poignee(c, x, d);
  int total = 0;
  for (const auto& q : d.h.poignees) total += q.trumps >= 0 ? q.trumps : c.sz.poignee[static_cast<size_t>(q.level)];
  if (total > k_max_trumps)
    c.err(f, "E_POIGNEE_TOTAL", text::Message("tarot.err.poignee_total").number("trumps", total));
}

// petite chelem (E_PETITE_CHELEM, W_PETITE_NO_TRICKS)
void check_petite_chelem(Ctx& c, const json& rec, const Draft& d) {
  const Options& opt = c.s.opt;
  const Hand& h = d.h;
  if (d.petite_ok && h.petite_announced) {
    if (!opt.petite_chelem)
      c.err("petite_chelem_announced", "E_PETITE_CHELEM", text::Message("tarot.err.petite_chelem_off"));
    else if (h.chelem_announced)
      c.err("petite_chelem_announced", "E_PETITE_CHELEM", text::Message("tarot.err.petite_chelem_both"));
    else if (!present(rec, "attack_tricks"))
      c.err("attack_tricks", "E_PETITE_CHELEM", text::Message("tarot.err.petite_chelem_tricks"));
  }
  if (opt.petite_chelem && !h.petite_announced && !h.chelem_announced && h.tricks < 0 && h.chelem == k_chelem_none &&
      !present(rec, "attack_tricks"))
    c.warn("attack_tricks", "W_PETITE_NO_TRICKS", text::Message("tarot.warn.petite_no_tricks"));
}

constexpr const char* k_misere_kinds[3] = {"combined", "trumps", "faces"};

// One misère of the list (E_MISERE, E_MISERE_POIGNEE, E_MISERE_PARTNER, W_MISERE_TAKER).
void read_misere(Ctx& c, const json& x, Draft& d) {
  const std::string f = "miseres";
  const Options& opt = c.s.opt;
  if (!x.is_object() || !x.contains("player")) {
    c.err(f, "E_MISERE", text::Message("tarot.err.misere_object").message("value", common::quoted(x)));
    return;
  }
  int p = player_ref(c, x["player"], f, true, "tarot.role.misere");
  int kind = -1;
  if (!present(x, "kind"))
    kind = 0;
  else if (x["kind"].is_string())
    for (int i = 0; i < 3; ++i)
      if (x["kind"].get<std::string>() == k_misere_kinds[i]) kind = i;
  if (kind < 0) {
    c.err(f, "E_MISERE", text::Message("tarot.err.misere_kind").text("value", show_quoted(x["kind"])));
    return;
  }
  if (!opt.misere_separate && kind != 0) {
    c.err(f, "E_MISERE", text::Message("tarot.err.misere_separate").text("kind", k_misere_kinds[kind]));
    return;
  }
  if (opt.misere_separate && kind == 0) {
    c.err(f, "E_MISERE", text::Message("tarot.err.misere_combined"));
    return;
  }
  if (p < 0) return;
  for (const auto& m : d.h.miseres)
    if (m.player == p && (m.kind == kind || m.kind == 0 || kind == 0)) {
      c.err(f, "E_MISERE",
            text::Message("tarot.err.misere_twice")
                .text("name", c.name(p))
                .text("kind", kind ? k_misere_kinds[kind] : "none"));
      return;
    }
  if (kind != 2)
    for (const auto& q : d.h.poignees)
      if (q.player == p)
        c.err(f, "E_MISERE_POIGNEE", text::Message("tarot.err.misere_poignee").text("name", c.name(p)));
  if (d.h.partner >= 0 && p == d.h.partner && kind != 1)
    c.err(f, "E_MISERE_PARTNER", text::Message("tarot.err.misere_partner").text("name", c.name(p)));
  if (p == d.h.taker) c.warn(f, "W_MISERE_TAKER", text::Message("tarot.warn.misere_taker").text("name", c.name(p)));
  d.h.miseres.push_back({p, kind});
}

// misères (E_MISERE*)
void read_miseres(Ctx& c, const json& rec, Draft& d) {
  if (!present(rec, "miseres")) return;
  const json& arr = rec["miseres"];
  if (!arr.is_array())
    c.err("miseres", "E_MISERE", text::Message("tarot.err.miseres_list"));
  else if (!arr.empty() && !c.s.opt.misere)
    c.err("miseres", "E_MISERE", text::Message("tarot.err.misere_off"));
  else
    for (const auto& x : arr) read_misere(c, x, d);
}

// bids (E_BIDS): a legal auction won by the taker at the contract
void check_hand_bids(Ctx& c, const json& rec, const Draft& d) {
  if (!present(rec, "bids")) return;
  auto a = check_auction(c, rec["bids"]);
  if (!a) return;
  if (a->contract == k_none)
    c.err("bids", "E_BIDS", text::Message("tarot.err.bids_all_pass"));
  else if (d.h.taker >= 0 && a->winner != d.h.taker)
    c.err("bids", "E_BIDS",
          text::Message("tarot.err.bids_winner").text("winner", c.name(a->winner)).text("taker", c.name(d.h.taker)));
  else if (d.h.contract != k_none && a->contract != d.h.contract)
    c.err("bids", "E_BIDS",
          text::Message("tarot.err.bids_contract")
              .text("auction", std::string(k_contract_names[a->contract]))
              .text("contract", std::string(k_contract_names[d.h.contract])));
}

std::optional<Outcome> play_hand(Ctx& c, const json& rec) {
  warn_unknown_fields(rec, false, c.d);
  Draft d;
  read_taker_contract(c, rec, d);
  read_chelem(c, rec, d);
  read_partner(c, rec, d);
  read_called_card(c, rec);
  read_oudlers(c, rec, d);
  read_points(c, rec, d);
  read_tricks(c, rec, d);
  read_petit_au_bout(c, rec, d);
  check_points(c, d);
  check_chelem(c, d);
  read_poignees(c, rec, d);
  check_petite_chelem(c, rec, d);
  read_miseres(c, rec, d);
  check_hand_bids(c, rec, d);
  check_note(c, rec);
  const Hand& h = d.h;
  if (!c.ok || h.taker < 0 || h.contract == k_none || h.oudlers < 0 || h.points2 < 0 || !d.partner_ok)
    return std::nullopt;
  return score_hand(c.s, c.act, h, c.d);
}

}  // namespace

std::optional<Outcome> play_record(const Setup& setup, const State& st, const json& rec, Diagnostics& diags) {
  Ctx c{setup, st, diags, active_players(setup, st.dealer)};
  c.n = static_cast<int>(c.act.size());
  c.sz = sizes_for(c.n);
  c.called_king = c.n == 5;
  if (!rec.is_object()) {
    c.err("", "E_TYPE", text::Message("tarot.err.record_object"));
    return std::nullopt;
  }
  // E_GAME_OVER (spec tarot §5.3)
  if (st.over) {
    c.err("type", "E_GAME_OVER", text::Message("tarot.err.game_over").number("deal", st.over_after));
    return std::nullopt;
  }
  // E_TYPE
  std::string type = rec.contains("type") && rec["type"].is_string() ? rec["type"].get<std::string>() : "";
  if (type != "hand" && type != "redeal") {
    c.err("type", "E_TYPE",
          text::Message("tarot.err.record_type")
              .text("given", rec.contains("type") ? "yes" : "no")
              .message("value", rec.contains("type") ? common::quoted(rec["type"]) : text::Message()));
    return std::nullopt;
  }
  // dealer (W_DEALER); the engine keeps its own expected dealer (§3.3)
  if (present(rec, "dealer")) {
    const json& d = rec["dealer"];
    int p = d.is_string() ? index_of(setup, d.get<std::string>()) : -1;
    if (p < 0)
      c.err("dealer", "E_UNKNOWN_PLAYER",
            text::Message("tarot.err.dealer_player")
                .message("value", common::quoted(d))
                .text("players", c.player_list()));
    else if (p != st.dealer)
      c.warn("dealer", "W_DEALER",
             text::Message("tarot.warn.dealer").text("recorded", c.name(p)).text("expected", c.name(st.dealer)));
  }
  auto out = type == "redeal" ? play_redeal(c, rec) : play_hand(c, rec);
  if (!c.ok) return std::nullopt;
  return out;
}

}  // namespace marque::rules::tarot
