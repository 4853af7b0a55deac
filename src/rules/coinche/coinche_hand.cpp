// Coinche, one hand record: decode and validate (spec coinche §3: C01..C20, W01..W04). Scoring is in
// coinche_score.cpp.
#include <algorithm>
#include <set>

#include "rules/coinche/coinche.hpp"

namespace marque::rules::coinche {

namespace {

std::string card_name(int card) {
  return std::string(k_ranks[static_cast<size_t>(card % 8)]) +
         std::string(k_suit_symbols[static_cast<size_t>(card / 8)]);
}

bool absent(const json& rec, const char* key) { return !rec.contains(key) || rec[key].is_null(); }

}  // namespace

text::Message Announcement::describe() const {
  if (!is_sequence())
    return text::Message("coinche.announce.carre").text("rank", std::string(k_ranks[static_cast<size_t>(rank)]));
  return text::Message("coinche.announce.sequence")
      .text("type", std::string(k_announcement_types[static_cast<size_t>(type)]))
      .text("top", std::string(k_ranks[static_cast<size_t>(top)]))
      .text("suit", std::string(k_suit_symbols[static_cast<size_t>(suit)]))
      .text("long", type == 2 && length > 5 ? "yes" : "no")
      .number("length", length);
}

// ---------------------------------------------------------------------------------------------------
// §3 validation

namespace {

constexpr std::array<std::string_view, 17> k_record_fields = {"dealer",
                                                              "redeal",
                                                              "bidder",
                                                              "contract",
                                                              "bid",
                                                              "trump",
                                                              "coinche",
                                                              "coinched_by",
                                                              "surcoinched_by",
                                                              "auction",
                                                              "bidder_card_points",
                                                              "defender_card_points",
                                                              "last_trick",
                                                              "capot",
                                                              "sole_winner",
                                                              "belote",
                                                              "announcements"};

struct Checker {
  const json& rec;
  const Options& o;
  const std::array<std::string, 4>& names;
  Diagnostics& d;
  bool bad = false;

  void error(const std::string& field, const std::string& code, const std::string& msg) {
    d.error(field, code, msg);
    bad = true;
  }
  // the same with the message as data: a message of the game's catalogue(), said in the reader's language
  void error(const std::string& field, const std::string& code, text::Message words) {
    d.error(field, code, std::move(words), catalogue());
    bad = true;
  }
  void warning(const std::string& field, const std::string& code, text::Message words) {
    d.warning(field, code, std::move(words), catalogue());
  }

  // C01: a seat field; -1 when absent (null). `ok` false when present but wrong.
  int seat(const json& v, const std::string& field, bool& ok) {
    ok = true;
    if (v.is_null()) return -1;
    if (v.is_string()) {
      int s = seat_index(v.get<std::string>());
      if (s >= 0) return s;
      for (size_t i = 0; i < 4; ++i)
        if (names[i] == v.get<std::string>()) {
          error(field, "C01",
                text::Message("coinche.err.seat_is_player")
                    .text("value", show(v))
                    .text("name", names[i])
                    .text("seat", seat_name(static_cast<int>(i))));
          ok = false;
          return -1;
        }
    }
    error(field, "C01", text::Message("coinche.err.unknown_seat").text("value", show(v)));
    ok = false;
    return -1;
  }
  int seat_field(const char* key, bool& ok) {
    ok = true;
    if (!rec.contains(key)) return -1;
    return seat(rec[key], key, ok);
  }
};

struct AuctionOutcome {
  bool all_pass = false;
  int bidder = -1;
  std::string contract = "points";
  int bid = 0;
  int suit = -1;
  int coinche = 0;
  int coinched_by = -1;
  int surcoinched_by = -1;
};

std::string call_text(const json& c) {
  std::string s = show(c.value("seat", json("?"))) + " " + show(c.value("call", json("?")));
  if (c.contains("bid")) s += " " + show(c["bid"]);
  if (c.contains("contract")) s += " " + show(c["contract"]);
  if (c.contains("suit") && c["suit"].is_string()) {
    int su = suit_index(c["suit"].get<std::string>());
    s += su >= 0 ? std::string(k_suit_symbols[static_cast<size_t>(su)]) : c["suit"].get<std::string>();
  }
  return s;
}

// C19: the auction in progress, one call at a time. Each call returns no message when legal, else what is wrong.
struct AuctionRun {
  const Options& o;
  int dealer;
  int turn;
  AuctionOutcome out;
  int level = 0;  // numeric bid, or 10000 capot, 20000 générale
  int passes = 0, passes_after_coinche = 0;
  bool ended = false;

  AuctionRun(const Options& opts, int dealer_seat) : o(opts), dealer(dealer_seat), turn(opts.next_seat(dealer_seat)) {}

  text::Message wrong_turn() const {
    return text::Message("coinche.err.turn")
        .text("seat", seat_name(turn))
        .text("anticlockwise", o.anticlockwise ? "yes" : "no")
        .text("dealer", seat_name(dealer));
  }

  static std::string level_name(int l) { return l >= 20000 ? "générale" : l >= 10000 ? "capot" : std::to_string(l); }

  text::Message bid(int seat, const json& c) {
    if (out.coinche > 0) return text::Message("coinche.err.bid_after_coinche");
    if (seat != turn) return wrong_turn();
    std::string contract = c.contains("contract") && c["contract"].is_string() ? c["contract"].get<std::string>()
                                                                               : "points";
    int value = 0, new_level = 0;
    if (contract == "points") {
      auto b = c.contains("bid") ? as_int(c["bid"]) : std::nullopt;
      if (!b || *b < 80 || *b % 10 != 0)
        return text::Message("coinche.err.call_bid_steps")
            .text("given", c.contains("bid") ? "yes" : "no")
            .text("value", c.contains("bid") ? show(c["bid"]) : std::string());
      if (o.max_numeric_bid > 0 && *b > o.max_numeric_bid)
        return text::Message("coinche.err.call_bid_above")
            .number("max", o.max_numeric_bid)
            .text("capot", o.capot_bid ? "yes" : "no");
      value = new_level = static_cast<int>(*b);
    } else if (contract == "capot" && o.capot_bid) {
      new_level = 10000;
    } else if (contract == "generale" && o.generale_bid) {
      new_level = 20000;
    } else {
      return text::Message("coinche.err.call_contract").text("contract", contract);
    }
    int suit = c.contains("suit") && c["suit"].is_string() ? suit_index(c["suit"].get<std::string>()) : -1;
    if (suit < 0) return text::Message("coinche.err.call_suit");
    if (new_level <= level)
      return text::Message("coinche.err.call_beat")
          .text("bid", level_name(new_level))
          .text("current", level_name(level));
    level = new_level;
    out.bidder = seat;
    out.contract = contract;
    out.bid = value;
    out.suit = suit;
    passes = 0;
    turn = o.next_seat(seat);
    return {};
  }

  text::Message pass(int seat) {
    if (out.coinche > 0) {
      // after a coinche only passes (declining the surcoinche) or one surcoinche; turn not checked
      return ++passes_after_coinche > 3 ? text::Message("coinche.err.auction_over") : text::Message();
    }
    if (seat != turn) return wrong_turn();
    ++passes;
    turn = o.next_seat(seat);
    if ((out.bidder >= 0 && passes == 3) || (out.bidder < 0 && passes == 4)) ended = true;
    return {};
  }

  text::Message coinche(int seat) {
    if (out.bidder < 0) return text::Message("coinche.err.coinche_first_bid");
    if (out.coinche > 0) return text::Message("coinche.err.coinche_again");
    if (team_of(seat) == team_of(out.bidder))
      return text::Message("coinche.err.coinche_own")
          .text("seat", seat_name(seat))
          .text("own", seat == out.bidder ? "yes" : "no");
    out.coinche = 1;
    out.coinched_by = seat;
    return {};
  }

  text::Message surcoinche(int seat) {
    if (out.coinche == 0) return text::Message("coinche.err.surcoinche_first");
    if (out.coinche == 2) return text::Message("coinche.err.surcoinche_again");
    if (team_of(seat) != team_of(out.bidder)) return text::Message("coinche.err.surcoinche_team");
    out.coinche = 2;
    out.surcoinched_by = seat;
    ended = true;  // after a surcoinche nothing
    return {};
  }

  text::Message call(int seat, const std::string& what, const json& c) {
    if (what == "bid") return bid(seat, c);
    if (what == "pass") return pass(seat);
    if (what == "coinche") return coinche(seat);
    if (what == "surcoinche") return surcoinche(seat);
    return text::Message("coinche.err.call_unknown");
  }

  bool complete() const { return ended || out.coinche > 0 || (out.bidder >= 0 && out.contract != "points"); }
};

// C19: the auction's own rules; returns the final contract (C20 compares it with the record).
std::optional<AuctionOutcome> check_auction(Checker& ck, const json& auction, int dealer) {
  if (!auction.is_array()) {
    ck.error("auction", "C19", text::Message("coinche.err.auction_array"));
    return std::nullopt;
  }
  AuctionRun run(ck.o, dealer);
  for (size_t i = 0; i < auction.size(); ++i) {
    const json& c = auction[i];
    auto fail = [&](text::Message why) {
      ck.error("auction", "C19",
               text::Message("coinche.err.call")
                   .number("n", static_cast<int64_t>(i + 1))
                   .text("call", c.is_object() ? call_text(c) : c.dump())
                   .message("why", std::move(why)));
      return std::nullopt;
    };
    if (!c.is_object()) return fail(text::Message("coinche.err.call_object"));
    bool ok = true;
    int seat = c.contains("seat") ? ck.seat(c["seat"], "auction", ok) : -1;
    if (!ok) return std::nullopt;
    if (seat < 0) return fail(text::Message("coinche.err.call_seat"));
    std::string what = c.value("call", json("")).is_string() ? c.value("call", std::string()) : "";
    if (run.ended) return fail(text::Message("coinche.err.auction_over"));
    if (text::Message why = run.call(seat, what, c); !why.empty()) return fail(std::move(why));
  }
  if (!run.complete()) {
    ck.error("auction", "C19",
             text::Message("coinche.err.auction_incomplete").text("bid", run.out.bidder < 0 ? "no" : "yes"));
    return std::nullopt;
  }
  run.out.all_pass = run.out.bidder < 0;
  return run.out;
}

// C15: one announcement object
std::optional<Announcement> decode_announcement(Checker& ck, const json& a, size_t i) {
  auto fail = [&](const std::string& code, text::Message why) {
    ck.error("announcements", code,
             text::Message("coinche.err.announcement")
                 .number("n", static_cast<int64_t>(i + 1))
                 .message("why", std::move(why)));
    return std::nullopt;
  };
  if (!a.is_object()) return fail("C15", text::Message("coinche.err.announce_object"));
  Announcement x;
  bool ok = true;
  x.player = a.contains("player") ? ck.seat(a["player"], "announcements", ok) : -1;
  if (!ok) return std::nullopt;
  if (x.player < 0) return fail("C15", text::Message("coinche.err.announce_player"));
  std::string type = a.contains("type") && a["type"].is_string() ? a["type"].get<std::string>() : "";
  for (size_t t = 0; t < k_announcement_types.size(); ++t)
    if (k_announcement_types[t] == type) x.type = static_cast<int>(t);
  if (type == "carré") x.type = 3;
  if (x.type < 0)
    return fail("C15", text::Message("coinche.err.announce_type")
                           .text("value", a.contains("type") ? show(a["type"]) : std::string()));
  if (x.is_sequence()) {
    if (!absent(a, "rank")) return fail("C15", text::Message("coinche.err.announce_sequence_rank"));
    x.suit = !absent(a, "suit") && a["suit"].is_string() ? suit_index(a["suit"].get<std::string>()) : -1;
    if (x.suit < 0)
      return fail("C15", text::Message("coinche.err.announce_suit")
                             .text("type", type)
                             .text("given", absent(a, "suit") ? "no" : "yes")
                             .text("value", absent(a, "suit") ? std::string() : show(a["suit"])));
    if (absent(a, "top")) return fail("C15", text::Message("coinche.err.announce_top_missing").text("type", type));
    x.top = rank_index(a["top"]);
    if (x.top < 0) return fail("C15", text::Message("coinche.err.announce_top").text("value", show(a["top"])));
    int fixed_length = x.type == 0 ? 3 : x.type == 1 ? 4 : 0;
    if (!absent(a, "length")) {
      auto len = as_int(a["length"]);
      if (!len || (fixed_length && *len != fixed_length) || (!fixed_length && (*len < 5 || *len > 8)))
        return fail("C15", text::Message("coinche.err.announce_length")
                               .text("value", show(a["length"]))
                               .text("type", type)
                               .text("fixed", fixed_length ? "yes" : "no")
                               .number("cards", fixed_length));
      x.length = static_cast<int>(*len);
    } else {
      x.length = fixed_length ? fixed_length : 5;
    }
    if (x.top + x.length > 8)
      return fail("C15", text::Message("coinche.err.announce_below")
                             .text("type", type)
                             .text("long", x.length > 5 ? "yes" : "no")
                             .number("length", x.length)
                             .text("an", x.top == 6 || x.top == 7 ? "yes" : "no")
                             .text("rank", std::string(k_ranks[static_cast<size_t>(x.top)])));
  } else {
    if (!absent(a, "suit") || !absent(a, "top")) return fail("C15", text::Message("coinche.err.carre_suit"));
    if (absent(a, "rank")) return fail("C15", text::Message("coinche.err.carre_rank_missing"));
    x.rank = rank_index(a["rank"]);
    if (x.rank < 0) return fail("C15", text::Message("coinche.err.carre_rank").text("value", show(a["rank"])));
    if (x.rank >= 6)
      return fail("C15", text::Message("coinche.err.carre_low")
                             .text("rank", std::string(k_ranks[static_cast<size_t>(x.rank)])));
  }
  return x;
}

std::vector<int> cards_of(const Announcement& a) {
  std::vector<int> out;
  if (a.is_sequence()) {
    for (int r = a.top; r < a.top + a.length; ++r) out.push_back(a.suit * 8 + r);
  } else {
    for (int s = 0; s < 4; ++s) out.push_back(s * 8 + a.rank);
  }
  return out;
}

// C16, C17, C18, W03: cards claimed by the announcements and the belote.
void check_cards(Checker& ck, const Hand& h) {
  struct Claim {
    int player;
    text::Message what;
  };
  std::array<std::vector<Claim>, 32> claims;
  auto claim = [&](int card, int player, const text::Message& what) {
    for (const auto& c : claims[static_cast<size_t>(card)])
      if (c.player != player) {
        ck.error("announcements", "C16",
                 text::Message("coinche.err.card_twice")
                     .text("card", card_name(card))
                     .text("first", seat_name(c.player))
                     .message("first_what", c.what)
                     .text("second", seat_name(player))
                     .message("second_what", what));
        return;
      }
    claims[static_cast<size_t>(card)].push_back({player, what});
  };
  for (const auto& a : h.announcements)
    for (int card : cards_of(a)) claim(card, a.player, a.describe());
  if (h.belote >= 0 && h.trump >= 0) {
    claim(h.trump * 8 + 1, h.belote, text::Message("coinche.announce.belote"));
    claim(h.trump * 8 + 2, h.belote, text::Message("coinche.announce.belote"));
  }
  if (ck.bad) return;
  for (int p = 0; p < 4; ++p) {
    std::vector<const Announcement*> mine;
    for (const auto& a : h.announcements)
      if (a.player == p) mine.push_back(&a);
    for (size_t i = 0; i < mine.size(); ++i)
      for (size_t j = i + 1; j < mine.size(); ++j) {
        const auto& x = *mine[i];
        const auto& y = *mine[j];
        if (!x.is_sequence() && !y.is_sequence() && x.rank == y.rank) {
          ck.error(
              "announcements", "C17",
              text::Message("coinche.err.declared_twice").text("seat", seat_name(p)).message("what", x.describe()));
          return;
        }
        if (!x.is_sequence() || !y.is_sequence() || x.suit != y.suit) continue;
        int x_end = x.top + x.length, y_end = y.top + y.length;
        if (x.top < y_end && y.top < x_end) {
          ck.error("announcements", "C17",
                   text::Message("coinche.err.sequences_overlap")
                       .text("seat", seat_name(p))
                       .message("a", x.describe())
                       .message("b", y.describe()));
          return;
        }
        if (x_end == y.top || y_end == x.top)
          ck.warning("announcements", "W03",
                     text::Message("coinche.warn.sequences_touch")
                         .text("seat", seat_name(p))
                         .message("a", x.describe())
                         .message("b", y.describe()));
      }
    std::set<int> cards;
    for (const auto* a : mine)
      for (int c : cards_of(*a)) cards.insert(c);
    if (h.belote == p && h.trump >= 0) {
      cards.insert(h.trump * 8 + 1);
      cards.insert(h.trump * 8 + 2);
    }
    if (cards.size() > 8) {
      ck.error("announcements", "C18",
               text::Message("coinche.err.too_many_cards")
                   .text("seat", seat_name(p))
                   .number("cards", static_cast<int64_t>(cards.size())));
      return;
    }
  }
}

// Fields the record does not know: a warning each, naming the fields.
void warn_unknown_fields(const json& rec, Diagnostics& d) {
  for (auto it = rec.begin(); it != rec.end(); ++it) {
    bool known = std::find(k_record_fields.begin(), k_record_fields.end(), it.key()) != k_record_fields.end();
    if (!known) {
      std::string list;
      for (auto f : k_record_fields) list += (list.empty() ? "" : ", ") + std::string(f);
      d.warning(it.key(), "coinche.unknown_field",
                text::Message("coinche.warn.unknown_field").text("key", it.key()).text("fields", list), catalogue());
    }
  }
}

// dealer (always; C01, C03) and W01
void decode_dealer(Checker& ck, Hand& h, int expected_dealer) {
  bool ok = true;
  h.dealer = ck.seat_field("dealer", ok);
  if (ok && h.dealer < 0) ck.error("dealer", "C03", text::Message("coinche.err.dealer_missing"));
  if (h.dealer >= 0 && h.dealer != expected_dealer)
    ck.warning("dealer", "W01",
               text::Message("coinche.warn.dealer")
                   .text("seat", seat_name(expected_dealer))
                   .text("name", ck.names[static_cast<size_t>(expected_dealer)])
                   .text("recorded", seat_name(h.dealer)));
}

// C02: the redeal value; false when it is not one (the record is rejected at once).
bool decode_redeal(Checker& ck, Hand& h) {
  if (absent(ck.rec, "redeal")) return true;
  const json& r = ck.rec["redeal"];
  if (r == "all_pass" || r == "misdeal") {
    h.redeal = r.get<std::string>();
    return true;
  }
  ck.error("redeal", "C02", text::Message("coinche.err.redeal_value").text("value", show(r)));
  return false;
}

// C02: a redeal records nothing else; C19 / C20: its auction, if any, is four passes.
void check_redeal(Checker& ck, const Hand& h) {
  const json& rec = ck.rec;
  for (auto f : k_record_fields) {
    std::string key(f);
    if (key == "dealer" || key == "redeal" || key == "auction" || !rec.contains(key)) continue;
    const json& v = rec[key];
    bool empty = v.is_null() || (v.is_array() && v.empty()) || (key == "coinche" && v == 0) ||
                 (key == "contract" && v == "points");
    if (!empty)
      ck.error(key, "C02", text::Message("coinche.err.redeal_field").text("redeal", h.redeal).text("key", key));
  }
  if (absent(rec, "auction") || h.dealer < 0) return;
  if (h.redeal == "misdeal") {
    ck.error("auction", "C20", text::Message("coinche.err.misdeal_auction"));
  } else if (auto a = check_auction(ck, rec["auction"], h.dealer); a && !a->all_pass) {
    ck.error("auction", "C20", text::Message("coinche.err.redeal_bid").text("seat", seat_name(a->bidder)));
  }
}

// contract (C06) and bid (C03, C04, C05, W02)
void decode_contract(Checker& ck, Hand& h) {
  const json& rec = ck.rec;
  const Options& o = ck.o;
  if (!absent(rec, "contract")) {
    const json& c = rec["contract"];
    if (c == "points") {
      h.contract = "points";
    } else if (c == "capot" || c == "generale") {
      h.contract = c.get<std::string>();
      bool enabled = h.contract == "capot" ? o.capot_bid : o.generale_bid;
      if (!enabled)
        ck.error("contract", "C06",
                 text::Message("coinche.err.contract_disabled")
                     .text("name", h.contract == "capot" ? "capot" : "générale")
                     .text("contract", h.contract));
    } else {
      ck.error("contract", "C06",
               text::Message("coinche.err.contract_unknown")
                   .text("value", show(c))
                   .text("capot", o.capot_bid ? "yes" : "no")
                   .text("generale", o.generale_bid ? "yes" : "no"));
    }
  }
  if (h.contract != "points") {
    if (!absent(rec, "bid"))
      ck.error(
          "bid", "C03",
          text::Message("coinche.err.bid_not_numeric").text("contract", h.contract).text("value", show(rec["bid"])));
    return;
  }
  if (absent(rec, "bid")) {
    ck.error("bid", "C03", text::Message("coinche.err.bid_missing"));
    return;
  }
  auto b = as_int(rec["bid"]);
  if (!b || *b < 80 || *b % 10 != 0) {
    ck.error("bid", "C04", text::Message("coinche.err.bid_steps").text("value", show(rec["bid"])));
    return;
  }
  h.bid = static_cast<int>(std::min<int64_t>(*b, 1000000));
  if (o.max_numeric_bid > 0 && h.bid > o.max_numeric_bid)
    ck.error("bid", "C05",
             text::Message("coinche.err.bid_above")
                 .number("bid", h.bid)
                 .number("max", o.max_numeric_bid)
                 .text("capot", o.capot_bid ? "yes" : "no"));
  else if (h.bid > 250)
    ck.warning("bid", "W02", text::Message("coinche.warn.bid_high").number("bid", h.bid));
}

// bidder (C03, C01) and trump (C03, C07)
void decode_bidder_and_trump(Checker& ck, Hand& h) {
  bool ok = true;
  h.bidder = ck.seat_field("bidder", ok);
  if (ok && h.bidder < 0) ck.error("bidder", "C03", text::Message("coinche.err.bidder_missing"));
  if (absent(ck.rec, "trump")) {
    ck.error("trump", "C03", text::Message("coinche.err.trump_missing"));
    return;
  }
  const json& t = ck.rec["trump"];
  h.trump = t.is_string() ? suit_index(t.get<std::string>()) : -1;
  if (h.trump < 0) ck.error("trump", "C07", text::Message("coinche.err.trump_suit").text("value", show(t)));
}

// coinche, coinched_by, surcoinched_by (C08)
void decode_coinche(Checker& ck, Hand& h) {
  const json& rec = ck.rec;
  if (!absent(rec, "coinche")) {
    auto c = as_int(rec["coinche"]);
    if (!c || *c < 0 || *c > 2)
      ck.error("coinche", "C08", text::Message("coinche.err.coinche_value").text("value", show(rec["coinche"])));
    else
      h.coinche = static_cast<int>(*c);
  }
  bool ok = true;
  h.coinched_by = ck.seat_field("coinched_by", ok);
  if (h.coinched_by >= 0) {
    if (h.coinche < 1)
      ck.error("coinched_by", "C08",
               text::Message("coinche.err.coinched_by_level")
                   .text("seat", seat_name(h.coinched_by))
                   .number("coinche", h.coinche));
    else if (h.bidder >= 0 && team_of(h.coinched_by) == team_of(h.bidder))
      ck.error("coinched_by", "C08",
               text::Message("coinche.err.coinched_by_team")
                   .text("seat", seat_name(h.coinched_by))
                   .text("who", h.coinched_by == h.bidder ? "bidder" : "partner"));
  }
  h.surcoinched_by = ck.seat_field("surcoinched_by", ok);
  if (h.surcoinched_by >= 0) {
    if (h.coinche != 2)
      ck.error("surcoinched_by", "C08",
               text::Message("coinche.err.surcoinched_by_level").text("seat", seat_name(h.surcoinched_by)));
    else if (h.bidder >= 0 && team_of(h.surcoinched_by) != team_of(h.bidder))
      ck.error("surcoinched_by", "C08",
               text::Message("coinche.err.surcoinched_by_team").text("seat", seat_name(h.surcoinched_by)));
  }
}

// bidder_card_points (C03, C09) and defender_card_points (C10); true when the bidders' points are usable.
bool decode_card_points(Checker& ck, Hand& h) {
  const json& rec = ck.rec;
  bool points_ok = false;
  if (absent(rec, "bidder_card_points")) {
    ck.error("bidder_card_points", "C03", text::Message("coinche.err.points_missing"));
  } else {
    auto p = as_int(rec["bidder_card_points"]);
    const std::string v = show(rec["bidder_card_points"]);
    if (!p)
      ck.error("bidder_card_points", "C09", text::Message("coinche.err.points_whole").text("value", v));
    else if (*p < 0 || *p > 152)
      ck.error("bidder_card_points", "C09", text::Message("coinche.err.points_range").text("value", v));
    else if (*p == 1 || *p == 151)
      ck.error("bidder_card_points", "C09",
               text::Message("coinche.err.points_one").text("value", v).text("who", *p == 1 ? "bidders" : "other"));
    else {
      h.bidder_card_points = static_cast<int>(*p);
      points_ok = true;
    }
  }
  if (!absent(rec, "defender_card_points") && points_ok) {
    auto p = as_int(rec["defender_card_points"]);
    if (!p || *p != k_card_points - h.bidder_card_points)
      ck.error("defender_card_points", "C10",
               text::Message("coinche.err.points_sum")
                   .text("defenders", show(rec["defender_card_points"]))
                   .number("bidders", h.bidder_card_points));
  }
  return points_ok;
}

// last_trick (C03, C11); true when usable.
bool decode_last_trick(Checker& ck, Hand& h) {
  const json& rec = ck.rec;
  if (absent(rec, "last_trick")) {
    ck.error("last_trick", "C03", text::Message("coinche.err.last_trick_missing"));
    return false;
  }
  if (rec["last_trick"] == "bidders" || rec["last_trick"] == "defenders") {
    h.last_trick_bidders = rec["last_trick"] == "bidders";
    return true;
  }
  ck.error("last_trick", "C11", text::Message("coinche.err.last_trick_value").text("value", show(rec["last_trick"])));
  return false;
}

// capot (C12) and W04
void decode_capot(Checker& ck, Hand& h, bool points_ok, bool last_ok) {
  const json& rec = ck.rec;
  if (absent(rec, "capot")) {
    if (points_ok && (h.bidder_card_points == 152 || h.bidder_card_points == 0))
      ck.warning("capot", "W04",
                 text::Message(h.bidder_card_points == 152 ? "coinche.warn.all_points_no_capot"
                                                           : "coinche.warn.no_points_no_capot"));
    return;
  }
  const json& c = rec["capot"];
  if (c != "bidders" && c != "defenders") {
    ck.error("capot", "C12", text::Message("coinche.err.capot_value").text("value", show(c)));
    return;
  }
  h.capot = c == "bidders" ? 0 : 1;
  if (!points_ok || !last_ok) return;
  bool fits = h.capot == 0 ? h.bidder_card_points == 152 && h.last_trick_bidders
                           : h.bidder_card_points == 0 && !h.last_trick_bidders;
  if (!fits)
    ck.error("capot", "C12",
             text::Message("coinche.err.capot_points")
                 .text("team", c.get<std::string>())
                 .number("points", h.capot == 0 ? h.bidder_card_points : 152 - h.bidder_card_points)
                 .text("last", h.last_trick_bidders ? "bidders" : "defenders"));
}

// sole_winner (C13)
void decode_sole_winner(Checker& ck, Hand& h) {
  bool ok = true;
  h.sole_winner = ck.seat_field("sole_winner", ok);
  if (h.sole_winner >= 0 && h.bidder >= 0) {
    int capot_team = h.capot < 0 ? -1 : h.capot == 0 ? team_of(h.bidder) : 1 - team_of(h.bidder);
    if (capot_team < 0)
      ck.error("sole_winner", "C13", text::Message("coinche.err.sole_no_capot").text("seat", seat_name(h.sole_winner)));
    else if (team_of(h.sole_winner) != capot_team)
      ck.error("sole_winner", "C13",
               text::Message("coinche.err.sole_team")
                   .text("seat", seat_name(h.sole_winner))
                   .text("team", team_name(capot_team)));
  }
  if (h.contract == "generale" && h.capot == 0 && !ck.rec.contains("sole_winner"))
    ck.error("sole_winner", "C13", text::Message("coinche.err.sole_missing"));
}

// announcements (C14, C15)
void decode_announcements(Checker& ck, Hand& h) {
  if (absent(ck.rec, "announcements")) return;
  const json& a = ck.rec["announcements"];
  if (!a.is_array()) {
    ck.error("announcements", "C15", text::Message("coinche.err.announcements_array"));
  } else if (!a.empty() && !ck.o.announcements) {
    ck.error("announcements", "C14", text::Message("coinche.err.announcements_off"));
  } else {
    for (size_t i = 0; i < a.size(); ++i)
      if (auto x = decode_announcement(ck, a[i], i)) h.announcements.push_back(*x);
  }
}

// C19 and C20: a recorded auction is legal and ends with the recorded contract.
void check_played_auction(Checker& ck, const Hand& h) {
  const json& rec = ck.rec;
  if (absent(rec, "auction") || (rec["auction"].is_array() && rec["auction"].empty())) return;
  auto a = check_auction(ck, rec["auction"], h.dealer);
  if (!a) return;
  if (a->all_pass) {
    ck.error("redeal", "C20", text::Message("coinche.err.auction_all_pass"));
    return;
  }
  auto mismatch = [&](const std::string& field, const std::string& from_auction, const std::string& recorded) {
    auto said = [](const std::string& v) {
      return v.empty() ? text::Message("coinche.err.none") : text::Message("coinche.err.value").text("value", v);
    };
    ck.error(field, "C20",
             text::Message("coinche.err.auction_gives")
                 .text("field", field)
                 .message("auction", said(from_auction))
                 .message("recorded", said(recorded)));
  };
  // "none" is said in the reader's language (the pattern's select); a seat, a suit, a number as it is
  auto seat_or_none = [](int s) { return s < 0 ? std::string() : seat_name(s); };
  auto suit_or_none = [](int s) { return s < 0 ? std::string() : std::string(k_suits[static_cast<size_t>(s)]); };
  if (a->bidder != h.bidder) mismatch("bidder", seat_name(a->bidder), seat_name(h.bidder));
  if (a->contract != h.contract)
    mismatch("contract", a->contract, h.contract);
  else if (a->contract == "points" && a->bid != h.bid)
    mismatch("bid", std::to_string(a->bid), std::to_string(h.bid));
  if (a->suit != h.trump) mismatch("trump", suit_or_none(a->suit), suit_or_none(h.trump));
  if (a->coinche != h.coinche) mismatch("coinche", std::to_string(a->coinche), std::to_string(h.coinche));
  if (rec.contains("coinched_by") && a->coinched_by != h.coinched_by)
    mismatch("coinched_by", seat_or_none(a->coinched_by), seat_or_none(h.coinched_by));
  if (rec.contains("surcoinched_by") && a->surcoinched_by != h.surcoinched_by)
    mismatch("surcoinched_by", seat_or_none(a->surcoinched_by), seat_or_none(h.surcoinched_by));
}

}  // namespace

bool announcements_legal(const json& announcements, int trump, int belote, const Options& o,
                         const std::array<std::string, 4>& names) {
  const json rec = {{"announcements", announcements}};
  Diagnostics d;
  Checker ck{rec, o, names, d};
  Hand h;
  h.trump = trump;
  h.belote = belote;
  decode_announcements(ck, h);
  if (!ck.bad) check_cards(ck, h);  // C16, C17, C18
  return !ck.bad;
}

std::optional<Hand> decode_hand(const json& rec, const Options& o, int expected_dealer,
                                const std::array<std::string, 4>& names, Diagnostics& d) {
  Checker ck{rec, o, names, d};
  Hand h;
  warn_unknown_fields(rec, d);
  decode_dealer(ck, h, expected_dealer);
  if (!decode_redeal(ck, h)) return std::nullopt;
  if (!h.redeal.empty()) {
    check_redeal(ck, h);
    if (ck.bad) return std::nullopt;
    return h;
  }
  // a played hand
  decode_contract(ck, h);
  decode_bidder_and_trump(ck, h);
  decode_coinche(ck, h);
  const bool points_ok = decode_card_points(ck, h);
  const bool last_ok = decode_last_trick(ck, h);
  decode_capot(ck, h, points_ok, last_ok);
  decode_sole_winner(ck, h);
  bool ok = true;
  h.belote = ck.seat_field("belote", ok);
  decode_announcements(ck, h);
  if (ck.bad) return std::nullopt;
  check_cards(ck, h);  // C16, C17, C18, W03
  check_played_auction(ck, h);
  if (ck.bad) return std::nullopt;
  return h;
}

}  // namespace marque::rules::coinche
