// Prefa, one record: decode and validate it (spec prefa §3, the auction §3.3) against the state before it. The
// checked hand (Hand) is scored in prefa_score.cpp; the state advances in prefa_game.cpp.
#include <algorithm>
#include <map>
#include <numeric>
#include <set>

#include "rules/prefa/prefa.hpp"

namespace marque::rules::prefa {

namespace {

// ---------------------------------------------------------------------------------------------------------
// spec prefa §3.3: the auction check, call by call. The outcome: the winner (-1: all passed) and whether the
// win is provisional.
struct AuctionOutcome {
  bool ok = false;
  int winner = -1;
  bool provisional = false;
  std::optional<Contract> high;
};

class Auction {
public:
  Auction(const std::vector<int>& seats, const std::vector<std::string>& names, const Options& opt, Diagnostics& diags)
      : m_seats(seats), m_names(names), m_opt(opt), m_diags(diags), m_out_of(seats.size(), false) {}

  AuctionOutcome run(const json& calls) {
    AuctionOutcome out;
    if (!calls.is_array()) {
      error("prefa.auction_shape", text::Message("prefa.err.auction_list"));
      return out;
    }
    int k = 0;
    for (const auto& c : calls)
      if (!call(c, ++k, out)) return out;
    if (!m_ended) {
      error("prefa.auction_unfinished", text::Message("prefa.err.auction_unfinished").text("name", seat_name(m_turn)));
      return out;
    }
    out.ok = true;
    out.high = m_high;
    return out;
  }

private:
  void error(const std::string& code, text::Message words) {
    m_diags.error("auction", code, std::move(words), catalogue());
  }
  // a refusal of call k ("call 3: ...")
  static text::Message at(int k, const char* id) { return text::Message(id).number("k", k); }
  std::string seat_name(int pos) const { return m_names[static_cast<size_t>(m_seats[static_cast<size_t>(pos)])]; }
  int n_seats() const { return static_cast<int>(m_seats.size()); }

  // One call; false (with an error) when the auction is broken.
  bool call(const json& c, int k, AuctionOutcome& out) {
    if (m_ended) {
      error("prefa.auction_ended", at(k, "prefa.err.auction_ended"));
      return false;
    }
    if (!c.is_object() || !c.contains("player") || !c["player"].is_string() || !c.contains("call") ||
        !c["call"].is_string()) {
      error("prefa.auction_shape", at(k, "prefa.err.auction_call_shape"));
      return false;
    }
    const std::string who = c["player"].get<std::string>();
    const std::string what = c["call"].get<std::string>();
    int pos = -1;
    for (int i = 0; i < n_seats(); ++i)
      if (seat_name(i) == who) pos = i;
    if (pos < 0) {
      bool known = std::find(m_names.begin(), m_names.end(), who) != m_names.end();
      error(known ? "prefa.auction_inactive" : "prefa.unknown_player",
            at(k, known ? "prefa.err.auction_inactive" : "prefa.err.auction_unknown_player").text("name", who));
      return false;
    }
    if (pos != m_turn) {
      error("prefa.auction_turn", at(k, "prefa.err.auction_turn")
                                      .text("name", who)
                                      .text("expected", seat_name(m_turn))
                                      .text("first", seat_name(0)));
      return false;
    }
    if (what == "pass") {
      m_out_of[static_cast<size_t>(pos)] = true;
    } else if (what == "prov") {
      if (!provisional(k)) return false;
      m_prov = pos;
      m_prov_used = true;
    } else if (!bid(k, who, what, pos)) {
      return false;
    }
    after_call(pos, out);
    return true;
  }

  // E-A5: a provisional entry is legal here.
  bool provisional(int k) {
    if (!m_opt.provisional) {
      error("prefa.auction_prov", at(k, "prefa.err.auction_prov_off"));
      return false;
    }
    if (m_high || m_prov_used) {
      error("prefa.auction_prov", at(k, "prefa.err.auction_prov_late"));
      return false;
    }
    return true;
  }

  // E-A2..E-A4: a contract bid.
  bool bid(int k, const std::string& who, const std::string& what, int pos) {
    auto b = parse_contract(what);
    if (!b || (b->level == 10 && b->strain == 4 && m_opt.ten_nt == 0)) {
      error("prefa.auction_call", at(k, "prefa.err.auction_call")
                                      .text("value", what)
                                      .text("ten_nt", m_opt.ten_nt ? "yes" : "no")
                                      .text("prov", m_opt.provisional ? "yes" : "no"));
      return false;
    }
    if (!m_high) {
      if (b->rank() != 0) {
        error("prefa.auction_first_bid", at(k, "prefa.err.auction_first_bid").text("value", what));
        return false;
      }
      if (m_prov >= 0) {  // the first spades bid eliminates the provisional entrant
        m_out_of[static_cast<size_t>(m_prov)] = true;
        m_prov = -1;
      }
    } else if (m_holder > pos) {  // E-A3: the caller has priority over the holder
      if (b->rank() != m_high->rank()) {
        error("prefa.auction_same",
              at(k, "prefa.err.auction_same").text("name", who).text("high", m_high->name()).text("value", what));
        return false;
      }
    } else if (b->rank() != m_high->rank() + 1) {  // E-A4: exactly the next contract
      const int next = m_high->rank() + 1;
      std::string name = next > (m_opt.ten_nt ? 24 : 23) ? std::string("none")
                                                         : Contract{6 + next / 5, next % 5}.name();
      error("prefa.auction_next",
            at(k, "prefa.err.auction_next").text("name", who).text("next", name).text("value", what));
      return false;
    }
    m_high = b;
    m_holder = pos;
    return true;
  }

  // E-A6: the end of the auction, else the next caller (counterclockwise, skipping those who passed).
  void after_call(int pos, AuctionOutcome& out) {
    const int left = static_cast<int>(std::count(m_out_of.begin(), m_out_of.end(), false));
    if (left == 0) {
      m_ended = true;
    } else if (left == 1) {
      int r = static_cast<int>(std::find(m_out_of.begin(), m_out_of.end(), false) - m_out_of.begin());
      if (r == m_holder || r == m_prov) {
        m_ended = true;
        out.winner = m_seats[static_cast<size_t>(r)];
        out.provisional = (r == m_prov) && !m_high;
      }
    }
    if (m_ended) return;
    int nxt = pos;
    for (int s = 0; s < n_seats(); ++s) {
      nxt = (nxt + 1) % n_seats();
      if (!m_out_of[static_cast<size_t>(nxt)]) break;
    }
    m_turn = nxt;
  }

  const std::vector<int>& m_seats;
  const std::vector<std::string>& m_names;
  const Options& m_opt;
  Diagnostics& m_diags;
  std::vector<bool> m_out_of;
  int m_turn = 0;
  int m_holder = -1;  // seat position holding the highest bid
  int m_prov = -1;
  bool m_prov_used = false;
  bool m_ended = false;
  std::optional<Contract> m_high;
};

// ---------------------------------------------------------------------------------------------------------
// One record, decoded step by step in the order of spec prefa §3.2; each step returns false after an error.
class Decoder {
public:
  Decoder(const json& rec, const std::vector<std::string>& players, const Options& opt, const State& st,
          Diagnostics& diags)
      : m_rec(rec), m_players(players), m_n(static_cast<int>(players.size())), m_opt(opt), m_st(st), m_diags(diags) {
    m_h.x.assign(static_cast<size_t>(m_n), 0);
    m_given.assign(static_cast<size_t>(m_n), false);
  }

  std::optional<Hand> run() {
    if (!header() || !hand_type() || !first_bidder()) return std::nullopt;
    seat_order();
    if (!auction() || !declarer() || !fields_of_type() || !contract()) return std::nullopt;
    defenders();
    if (m_h.type == "polles" && !polles_tricks()) return std::nullopt;
    if (m_h.type == "contract" || m_h.type == "conceded") {
      const int k = m_h.contract->level;
      m_h.T = k < 10 ? 10 - k : m_opt.ten_target;
      m_h.declares = k < 10 || m_opt.ten_target == 1;
      if (m_h.type == "conceded") {
        conceded_tricks();
      } else if (!calls() || !along() || !decode_tricks() || !contract_tricks()) {
        return std::nullopt;
      }
    }
    return std::move(m_h);
  }

  // After run: the players who played the cards and have no count (the taken-along defender apart), and the
  // sum of the counts of those who played.
  const std::vector<int>& missing_tricks() const { return m_missing; }
  int tricks_given() const { return m_tricks_given; }

private:
  void err(const std::string& field, const std::string& code, const std::string& msg) {
    m_diags.error(field, "prefa." + code, msg);
  }
  // the same with the message as data: a message of the game's catalogue(), said in the reader's language
  void err(const std::string& field, const std::string& code, text::Message words) {
    m_diags.error(field, "prefa." + code, std::move(words), catalogue());
  }
  // "unknown player X; the players are ..."
  void unknown_player(const std::string& field, const std::string& shown) {
    err(field, "unknown_player",
        text::Message("prefa.err.unknown_player").text("name", shown).text("players", list_of(m_players)));
  }
  bool has(const char* k) const { return m_rec.contains(k) && !m_rec[k].is_null(); }
  int index_of(const std::string& nm) const {
    for (int i = 0; i < m_n; ++i)
      if (m_players[static_cast<size_t>(i)] == nm) return i;
    return -1;
  }
  const std::string& name(int i) const { return m_players[static_cast<size_t>(i)]; }
  int& x(int p) { return m_h.x[static_cast<size_t>(p)]; }
  bool given(int p) const { return m_given[static_cast<size_t>(p)]; }

  bool header();
  bool hand_type();
  bool first_bidder();
  void seat_order();
  bool auction();
  bool declarer();
  bool fields_of_type();
  bool contract();
  bool won_bid(std::optional<Contract>& floor);
  void defenders();
  bool decode_tricks();
  bool polles_tricks();
  void conceded_tricks();
  bool calls();
  bool along();
  bool contract_tricks();

  const json& m_rec;
  const std::vector<std::string>& m_players;
  const int m_n;
  const Options& m_opt;
  const State& m_st;
  Diagnostics& m_diags;
  Hand m_h;
  std::vector<int> m_seats;  // the active players from 1st hand
  std::vector<bool> m_given;
  AuctionOutcome m_auction;
  bool m_has_auction = false;
  std::vector<int> m_missing;
  int m_tricks_given = 0;
};

// The game is not over, the unknown fields, E-H1 the hand number, E-H3 / W-H4 the dealer.
bool Decoder::header() {
  if (m_st.over) {
    err("hand", "game_over", text::Message("prefa.err.game_over").number("hand", m_st.hands));
    return false;
  }
  m_h.number = m_st.hands + 1;
  for (auto it = m_rec.begin(); it != m_rec.end(); ++it)
    if (!k_record_fields.count(it.key()))
      m_diags.warning(it.key(), "prefa.unknown_field", text::Message("prefa.warn.unknown_field").text("key", it.key()),
                      catalogue());
  if (has("hand") && (!is_whole(m_rec["hand"]) || m_rec["hand"].get<ll>() != m_h.number)) {
    err("hand", "hand_number",
        text::Message("prefa.err.hand_number").text("value", show(m_rec["hand"])).number("expected", m_h.number));
    return false;
  }
  m_h.dealer = m_st.dealer;
  if (has("dealer")) {
    if (!m_rec["dealer"].is_string() || index_of(m_rec["dealer"].get<std::string>()) < 0) {
      err("dealer", "unknown_dealer",
          text::Message("prefa.err.unknown_dealer")
              .text("name", show(m_rec["dealer"]))
              .text("players", list_of(m_players)));
      return false;
    }
    m_h.dealer = index_of(m_rec["dealer"].get<std::string>());
    if (m_h.dealer != m_st.dealer)
      m_diags.warning("dealer", "prefa.dealer_rotation",
                      text::Message("prefa.warn.dealer_rotation")
                          .text("name", name(m_h.dealer))
                          .text("expected", name(m_st.dealer)),
                      catalogue());
  }
  m_h.sitting_out = m_n == 4 ? m_h.dealer : -1;
  return true;
}

// E-H5: the hand type, and whether the options allow it.
bool Decoder::hand_type() {
  std::string& type = m_h.type;
  if (has("type")) {
    if (!m_rec["type"].is_string()) {
      err("type", "type", text::Message("prefa.err.type").text("value", show(m_rec["type"])));
      return false;
    }
    type = m_rec["type"].get<std::string>();
  } else if (has("declarer")) {
    type = "contract";
  } else {
    err("type", "type_missing", text::Message("prefa.err.type_missing"));
    return false;
  }
  if (type != "contract" && type != "all_pass" && type != "withdrawn" && type != "conceded" && type != "polles") {
    err("type", "type", text::Message("prefa.err.type").text("value", "\"" + type + "\""));
    return false;
  }
  if (type == "withdrawn" && !m_opt.provisional)
    err("type", "type_option",
        text::Message("prefa.err.type_option").text("type", "withdrawn").text("needs", "provisional_entry=on"));
  if (type == "conceded" && !m_opt.concession)
    err("type", "type_option",
        text::Message("prefa.err.type_option").text("type", "conceded").text("needs", "concession=on"));
  if (type == "polles" && !m_opt.polles)
    err("type", "type_option",
        text::Message("prefa.err.type_option").text("type", "polles").text("needs", "all_pass=polles"));
  if (type == "all_pass" && m_opt.polles) err("type", "type_option", text::Message("prefa.err.type_all_pass"));
  return !m_diags.has_errors();
}

// first_bidder (option first_hand_seven_of_diamonds, hand 1 only; spec prefa §5.2).
bool Decoder::first_bidder() {
  const bool first_hand = m_st.fresh && m_h.number == 1;
  if (has("first_bidder")) {
    const json& v = m_rec["first_bidder"];
    if (!m_opt.seven_diamonds) {
      err("first_bidder", "first_bidder_option", text::Message("prefa.err.first_bidder_option"));
    } else if (!first_hand) {
      err("first_bidder", "first_bidder_hand", text::Message("prefa.err.first_bidder_hand"));
    } else if (!v.is_string() || index_of(v.get<std::string>()) < 0) {
      unknown_player("first_bidder", show(v));
    } else {
      m_h.first_bidder = index_of(v.get<std::string>());
      if (!m_h.active(m_h.first_bidder))
        err("first_bidder", "first_bidder_inactive",
            text::Message("prefa.err.first_bidder_inactive").text("name", name(m_h.first_bidder)));
    }
  } else if (m_opt.seven_diamonds && first_hand) {
    err("first_bidder", "first_bidder_missing", text::Message("prefa.err.first_bidder_missing"));
  }
  return !m_diags.has_errors();
}

// Seat order (spec prefa §1): 1st hand = the dealer's right-hand neighbour (hand 1 with the option: first_bidder).
void Decoder::seat_order() {
  int s0 = m_h.first_bidder >= 0 ? m_h.first_bidder : (m_h.dealer + 1) % m_n;
  for (int k = 0; k < m_n; ++k) {
    int p = (s0 + k) % m_n;
    if (m_h.active(p)) m_seats.push_back(p);
  }
}

// The auction when recorded (spec prefa §3.3) and E-A7, its outcome against the hand type.
bool Decoder::auction() {
  m_has_auction = has("auction");
  if (!m_has_auction) return true;
  m_auction = Auction(m_seats, m_players, m_opt, m_diags).run(m_rec["auction"]);
  if (!m_auction.ok) return false;
  const std::string& type = m_h.type;
  bool all_passed = m_auction.winner < 0;
  bool pass_type = type == "all_pass" || type == "polles";
  if (all_passed && !pass_type)
    err("type", "auction_outcome",
        text::Message("prefa.err.auction_all_passed")
            .text("expected", m_opt.polles ? "polles" : "all_pass")
            .text("type", type));
  if (!all_passed && pass_type)
    err("type", "auction_outcome",
        text::Message("prefa.err.auction_won_pass_type").text("name", name(m_auction.winner)).text("type", type));
  if (!all_passed && type == "withdrawn" && !m_auction.provisional)
    err("type", "auction_outcome",
        text::Message("prefa.err.auction_withdrawn")
            .text("name", name(m_auction.winner))
            .text("bid", m_auction.high ? m_auction.high->name() : std::string("?")));
  return !m_diags.has_errors();
}

// E-C1: the declarer of a contract, withdrawn or conceded hand.
bool Decoder::declarer() {
  const std::string& type = m_h.type;
  if (type != "contract" && type != "withdrawn" && type != "conceded") return true;
  if (!has("declarer")) {
    err("declarer", "declarer_missing", text::Message("prefa.err.declarer_missing").text("type", type));
    return false;
  }
  if (!m_rec["declarer"].is_string() || index_of(m_rec["declarer"].get<std::string>()) < 0) {
    unknown_player("declarer", show(m_rec["declarer"]));
    return false;
  }
  const int d = index_of(m_rec["declarer"].get<std::string>());
  if (!m_h.active(d)) {
    err("declarer", "declarer_sits_out", text::Message("prefa.err.declarer_sits_out").text("name", name(d)));
    return false;
  }
  if (m_has_auction && m_auction.winner != d) {
    err("declarer", "auction_outcome",
        text::Message("prefa.err.auction_winner").text("winner", name(m_auction.winner)).text("name", name(d)));
    return false;
  }
  m_h.d = d;
  return true;
}

// The fields a hand of this type must not have.
bool Decoder::fields_of_type() {
  const std::string& type = m_h.type;
  auto present = [&](const char* k) { return has(k) && !(std::string(k) == "four_aces" && m_rec[k] == false); };
  if (m_h.d < 0) {
    for (const char* k : {"declarer", "contract", "won_bid", "calls", "along", "four_aces"})
      if (present(k))
        err(k, "field_not_allowed", text::Message("prefa.err.field_no_meaning").text("key", k).text("type", type));
  }
  if (type == "withdrawn") {
    for (const char* k : {"contract", "won_bid", "calls", "along", "tricks", "four_aces"})
      if (present(k)) err(k, "field_not_allowed", text::Message("prefa.err.field_withdrawn").text("key", k));
    if (!m_has_auction)
      m_diags.warning("auction", "prefa.withdrawn_unchecked", text::Message("prefa.warn.withdrawn_unchecked"),
                      catalogue());
  }
  if (type == "conceded") {
    for (const char* k : {"calls", "along", "tricks"})
      if (has(k)) err(k, "field_not_allowed", text::Message("prefa.err.field_conceded").text("key", k));
  }
  if (type == "all_pass" && has("tricks"))
    err("tricks", "field_not_allowed", text::Message("prefa.err.field_all_pass"));
  return !m_diags.has_errors();
}

// E-C2..E-C4: the contract of a contract or conceded hand, its game value (§4.1) and the four aces.
bool Decoder::contract() {
  if (m_h.type != "contract" && m_h.type != "conceded") return true;
  if (!has("contract")) {
    err("contract", "contract_missing", text::Message("prefa.err.contract_missing").text("type", m_h.type));
    return false;
  }
  const json& cj = m_rec["contract"];
  std::string cs = cj.is_string() ? cj.get<std::string>() : show(cj);
  m_h.contract = cj.is_string() ? parse_contract(cs) : std::nullopt;
  if (!m_h.contract) {
    err("contract", "contract_format", text::Message("prefa.err.contract_format").text("value", cs));
    return false;
  }
  const Contract c = *m_h.contract;
  if (c.level == 10 && c.strain == 4 && m_opt.ten_nt == 0) {
    err("contract", "contract_10nt", text::Message("prefa.err.contract_10nt"));
    return false;
  }
  std::optional<Contract> floor;  // E-C3
  if (m_has_auction && !m_auction.provisional) floor = m_auction.high;
  if (!won_bid(floor)) return false;
  if (floor && c.rank() < floor->rank())
    err("contract", "contract_below_bid",
        text::Message("prefa.err.contract_below_bid").text("contract", c.name()).text("won", floor->name()));
  if (has("four_aces")) {  // E-C4
    if (!m_rec["four_aces"].is_boolean()) {
      err("four_aces", "four_aces_type", text::Message("prefa.err.not_bool").text("value", show(m_rec["four_aces"])));
    } else {
      m_h.four_aces = m_rec["four_aces"].get<bool>();
      if (m_h.four_aces && m_opt.aces == Options::Aces::off)
        err("four_aces", "four_aces_option", text::Message("prefa.err.four_aces_option"));
    }
  }
  if (m_diags.has_errors()) return false;
  m_h.gv = c.level == 10 && c.strain == 4 ? m_opt.ten_nt : k_game_values[c.level - 6][c.strain];
  if (m_h.four_aces && m_opt.aces == Options::Aces::raise) m_h.gv += m_opt.aces_raise;  // spec prefa §4.1
  return true;
}

// won_bid: the declarer's last bid when no auction is recorded; raises the floor of the contract (E-C3).
bool Decoder::won_bid(std::optional<Contract>& floor) {
  if (!has("won_bid")) return true;
  const json& v = m_rec["won_bid"];
  auto wb = v.is_string() ? parse_contract(v.get<std::string>()) : std::nullopt;
  if (!wb || (wb->level == 10 && wb->strain == 4 && m_opt.ten_nt == 0)) {
    err("won_bid", "contract_format", text::Message("prefa.err.won_bid_format").text("value", show(v)));
    return false;
  }
  if (m_has_auction && m_auction.high && wb->rank() != m_auction.high->rank() && !m_auction.provisional)
    err("won_bid", "won_bid_auction",
        text::Message("prefa.err.won_bid_auction").text("bid", wb->name()).text("won", m_auction.high->name()));
  if (!floor || wb->rank() > floor->rank()) floor = wb;
  return true;
}

// R = the first active player to the right of the declarer, L = the other active non-declarer.
void Decoder::defenders() {
  if (m_h.d < 0) return;
  for (int step = 1; step < m_n; ++step) {
    int p = (m_h.d + step) % m_n;
    if (!m_h.active(p)) continue;
    if (m_h.R < 0)
      m_h.R = p;
    else if (m_h.L < 0)
      m_h.L = p;
  }
}

// E-T1: the tricks object, player -> 0..10, known players.
bool Decoder::decode_tricks() {
  if (!has("tricks")) return true;
  const json& t = m_rec["tricks"];
  if (!t.is_object()) {
    err("tricks", "tricks_shape", text::Message("prefa.err.tricks_shape"));
    return false;
  }
  for (auto it = t.begin(); it != t.end(); ++it) {
    int p = index_of(it.key());
    if (p < 0) {
      unknown_player("tricks", it.key());
      continue;
    }
    if (!is_whole(it.value()) || it.value().get<ll>() < 0 || it.value().get<ll>() > 10) {
      err("tricks", "tricks_range",
          text::Message("prefa.err.tricks_range").text("name", name(p)).text("value", show(it.value())));
      continue;
    }
    x(p) = static_cast<int>(it.value().get<ll>());
    m_given[static_cast<size_t>(p)] = true;
  }
  return !m_diags.has_errors();
}

// E-T6: polles, the three active players' tricks.
bool Decoder::polles_tricks() {
  if (!has("tricks")) {
    err("tricks", "polles_tricks", text::Message("prefa.err.polles_tricks"));
    return false;
  }
  if (!decode_tricks()) return false;
  int sum = 0;
  for (int p = 0; p < m_n; ++p) {
    if (!m_h.active(p) && given(p) && x(p) != 0)
      err("tricks", "tricks_not_played", text::Message("prefa.err.tricks_sits_out").text("name", name(p)));
    if (m_h.active(p) && !given(p))
      err("tricks", "tricks_missing", text::Message("prefa.err.polles_tricks_missing").text("name", name(p)));
    if (m_h.active(p)) sum += x(p);
  }
  if (!m_diags.has_errors() && sum != 10)
    err("tricks", "tricks_sum", text::Message("prefa.err.tricks_sum").number("sum", sum));
  return !m_diags.has_errors();
}

// spec prefa §4.5: a conceded hand is played as mode both with D = k - 2, x[R] = ceil((12-k)/2), x[L] = floor((12-k)/2).
void Decoder::conceded_tricks() {
  const int k = m_h.contract->level;
  m_h.mode = "both";
  x(m_h.d) = k - 2;
  x(m_h.R) = (12 - k + 1) / 2;
  x(m_h.L) = (12 - k) / 2;
}

// E-D1, E-D2: the defenders' play/pass (none at 10 tricks unless ten_level_defence_target is 1).
bool Decoder::calls() {
  const int R = m_h.R, L = m_h.L;
  if (!m_h.declares) {
    if (has("calls")) err("calls", "calls_at_ten", text::Message("prefa.err.calls_at_ten"));
    if (has("along")) err("along", "calls_at_ten", text::Message("prefa.err.along_at_ten"));
    m_h.cR = m_h.cL = "play";
    return !m_diags.has_errors();
  }
  if (!has("calls") || !m_rec["calls"].is_object()) {
    err("calls", "calls_missing",
        text::Message("prefa.err.calls_missing").text("right", name(R)).text("left", name(L)));
    return false;
  }
  for (auto it = m_rec["calls"].begin(); it != m_rec["calls"].end(); ++it) {
    int p = index_of(it.key());
    if (p != R && p != L) {
      err("calls", "calls_player",
          text::Message("prefa.err.calls_player").text("name", it.key()).text("right", name(R)).text("left", name(L)));
      continue;
    }
    std::string v = it.value().is_string() ? it.value().get<std::string>() : show(it.value());
    if (v != "play" && v != "pass") {
      err("calls", "calls_value", text::Message("prefa.err.calls_value").text("name", name(p)).text("value", v));
      continue;
    }
    (p == R ? m_h.cR : m_h.cL) = v;
  }
  if (!m_diags.has_errors() && (m_h.cR.empty() || m_h.cL.empty()))
    err("calls", "calls_missing",
        text::Message("prefa.err.calls_missing_one")
            .text("right", name(R))
            .text("left", name(L))
            .text("name", name(m_h.cR.empty() ? R : L)));
  return !m_diags.has_errors();
}

// E-D3..E-D5: who takes the other along, and the defence mode (spec prefa §2.2).
bool Decoder::along() {
  const int R = m_h.R, L = m_h.L;
  int along = -1;
  if (has("along")) {
    if (!m_rec["along"].is_string() || index_of(m_rec["along"].get<std::string>()) < 0) {
      unknown_player("along", show(m_rec["along"]));
      return false;
    }
    along = index_of(m_rec["along"].get<std::string>());
    if (along != R && along != L) {
      err("along", "along_not_defender", text::Message("prefa.err.along_not_defender").text("name", name(along)));
      return false;
    }
  }
  const bool pR = m_h.cR == "play", pL = m_h.cL == "play";
  if (pR && pL) {
    m_h.mode = "both";
    if (along >= 0) err("along", "along_nobody", text::Message("prefa.err.along_both_play"));
  } else if (!pR && !pL) {
    m_h.mode = "none";
    if (along >= 0) err("along", "along_nobody", text::Message("prefa.err.along_both_passed"));
  } else {
    const int player = pR ? R : L;
    const int passer = pR ? L : R;
    if (along < 0) {
      m_h.mode = "alone";
      m_h.e = player;
    } else if (along == player) {
      m_h.mode = "along";
      m_h.e = player;
      m_h.taken = passer;
    } else if (m_opt.redeclare && along == R && !pR && pL) {
      m_h.mode = "along";  // spec prefa §2.2: the re-declaring first defender becomes the taker
      m_h.e = R;
      m_h.taken = L;
    } else {
      err("along", "along_passer",
          text::Message("prefa.err.along_passer")
              .text("name", name(along))
              .text("player", name(player))
              .text("first", along == R ? "yes" : "no"));
    }
  }
  return !m_diags.has_errors();
}

// E-T2..E-T5, W-T7: the tricks of a played contract (none when both defenders passed).
bool Decoder::contract_tricks() {
  const Hand& h = m_h;
  if (h.mode == "none") {
    bool fine = true;
    if (has("tricks"))
      for (int p = 0; p < m_n; ++p)
        if (given(p) && x(p) != (p == h.d ? 10 : 0)) fine = false;
    if (!fine) {
      err("tricks", "tricks_no_play", text::Message("prefa.err.tricks_no_play").text("name", name(h.d)));
      return false;
    }
    std::fill(m_h.x.begin(), m_h.x.end(), 0);
    x(h.d) = 10;
    return true;
  }
  std::vector<int> played = {h.d};
  if (h.mode == "both") played = {h.d, h.R, h.L};
  if (h.mode == "alone") played = {h.d, h.e};
  if (h.mode == "along") played = {h.d, h.e, h.taken};
  auto plays = [&](int p) { return std::find(played.begin(), played.end(), p) != played.end(); };
  if (!has("tricks")) {
    std::string s;
    for (int p : played)
      if (p != h.taken) s += (s.empty() ? "" : ", ") + name(p);
    err("tricks", "tricks_missing", text::Message("prefa.err.tricks_missing").text("players", s));
    return false;
  }
  int sum = 0;
  for (int p = 0; p < m_n; ++p) {
    if (given(p) && !plays(p) && x(p) != 0)
      err("tricks", "tricks_not_played",
          text::Message(p == h.sitting_out ? "prefa.err.tricks_sits_out" : "prefa.err.tricks_passed")
              .text("name", name(p)));
    if (plays(p) && !given(p) && p != h.taken) m_missing.push_back(p);
    if (plays(p)) sum += x(p);
  }
  m_tricks_given = sum;
  if (!m_missing.empty()) {
    // what to add: each one's count, together the rest of the ten
    std::vector<std::string> who;
    std::string items;
    for (int p : m_missing) {
      who.push_back(name(p));
      items += (items.empty() ? "" : ",") + name(p) + ":N";
    }
    err("tricks", "tricks_missing",
        text::Message("prefa.err.tricks_missing_played")
            .text("players", list_of(who))
            .text("items", items)
            .number("count", static_cast<int64_t>(m_missing.size()))
            .number("rest", 10 - sum)
            .number("given", sum));
  }
  if (m_diags.has_errors()) return false;
  if (sum != 10) {
    err("tricks", "tricks_sum", text::Message("prefa.err.tricks_sum").number("sum", sum));
    return false;
  }
  if (h.mode == "along" && x(h.taken) > 0)
    m_diags.warning("tricks", "prefa.taken_along_tricks",
                    text::Message("prefa.warn.taken_along_tricks").text("name", name(h.taken)).text("along", name(h.e)),
                    catalogue());
  return true;
}

}  // namespace

std::optional<Hand> decode_hand(const json& rec, const std::vector<std::string>& players, const Options& opt,
                                const State& st, Diagnostics& diags) {
  return Decoder(rec, players, opt, st, diags).run();
}

void complete_tricks(json& rec, const std::vector<std::string>& players, const Options& opt, const State& st) {
  if (!rec.contains("tricks") || !rec["tricks"].is_object()) return;
  Diagnostics ignored;
  Decoder d(rec, players, opt, st, ignored);
  d.run();
  const std::vector<int> missing = d.missing_tricks();
  const int rest = 10 - d.tricks_given();
  if (missing.empty() || rest < 0 || (rest > 0 && missing.size() > 1)) return;  // the check names what to add
  for (int p : missing) rec["tricks"][players[static_cast<size_t>(p)]] = rest;  // one missing: the rest; else 0 each
}

}  // namespace marque::rules::prefa
