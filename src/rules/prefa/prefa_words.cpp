// Prefa results in words, as data (core/message.hpp): one hand as a scorer says it at the table ("Ben 7♠: made",
// "Ann 9♣: made; Ben down 1"), and the game's outcome with what its numbers are: the final settlement (spec prefa
// §5.5) when the game is over, else the value of §5.4, what each player would get if the game were closed now. The
// English patterns are catalogue() below.
#include <map>
#include <utility>

#include "rules/common/league.hpp"
#include "rules/prefa/prefa.hpp"

namespace marque::rules::prefa {

namespace {

using text::Message;

std::string str(const json& o, const char* k) {
  return o.is_object() && o.contains(k) && o[k].is_string() ? o[k].get<std::string>() : "";
}
// a count of the breakdown (tricks, targets, pools): a whole number, 0 when missing
long long count(const json& o, const std::string& k) { return common::amount_at(o, k.c_str(), 1).whole_part(); }

std::string with_symbol(const std::string& contract) {
  auto c = parse_contract(contract);
  return c ? c->label() : contract;
}

// "A, B, C" (`last_and`: "A, B and C"; two: "A and B"), each item a message; no items: no message.
Message list_of(std::vector<Message> items, bool last_and, size_t from = 0) {
  if (from >= items.size()) return {};
  if (from + 1 == items.size()) return std::move(items[from]);
  Message first = std::move(items[from]);
  const bool two = from + 2 == items.size();
  Message rest = two ? std::move(items[from + 1]) : list_of(std::move(items), last_and, from + 1);
  return Message(two && last_and ? "prefa.list.and" : "prefa.list.comma")
      .message("first", std::move(first))
      .message("rest", std::move(rest));
}
Message joined(std::vector<Message> items) { return list_of(std::move(items), true); }
Message listed(std::vector<Message> items) { return list_of(std::move(items), false); }

// "+12", "-3.5", "0"
Message signed_amount(const Amount& a) {
  return Message("prefa.signed").text("sign", a > 0 ? "plus" : "other").amount("amount", a);
}

// The defenders who fell short of their own target, "Ben down 2" (defence failed).
std::vector<Message> short_defenders(const json& b) {
  std::vector<Message> out;
  const json targets = b.contains("targets") ? b["targets"] : json::object();
  const json tricks = b.contains("tricks") ? b["tricks"] : json::object();
  const json def = b.contains("defenders") ? b["defenders"] : json::object();
  const std::string mode = str(b, "mode");
  for (const std::string& p : {str(def, "R"), str(def, "L")}) {  // in play order
    if (!targets.contains(p)) continue;
    long long have = count(tricks, p);
    if (mode == "along") have += count(tricks, str(b, "taken"));
    const long long gap = count(targets, p) - have;
    if (gap > 0) out.push_back(Message("prefa.hand.short").text("player", p).number("short", gap));
  }
  return out;
}

Message contract_message(const json& b) {
  Message m("prefa.hand.contract");
  m.text("declarer", str(b, "declarer")).text("contract", with_symbol(str(b, "contract")));
  m.text("aces", b.value("four_aces", false) ? "yes" : "no");
  const std::string mode = str(b, "mode"), outcome = str(b, "outcome");
  if (str(b, "type") == "conceded") return m.message("play", Message("prefa.hand.conceded"));
  if (mode == "none") return m.message("play", Message("prefa.hand.unplayed"));
  Message play("prefa.hand.played");
  play.text("defence", mode == "alone" || mode == "along" ? mode : "both");
  play.text("lone", str(b, "lone_defender")).text("taker", str(b, "taker")).text("taken", str(b, "taken"));
  if (outcome == "down_1" || outcome == "down_2plus")
    play.message("result", Message("prefa.hand.down").number("short", count(b, "short")));
  else if (outcome == "defence_failed")
    play.message("result", Message("prefa.hand.defence_failed").message("defenders", joined(short_defenders(b))));
  else
    play.message("result", Message("prefa.hand.made"));
  return m.message("play", std::move(play));
}

// Polles: each active player's pool rise.
Message polles_message(const json& b, const json& entry, const std::vector<std::string>& players) {
  std::vector<Message> rises;
  const json before = b.contains("pools_before") ? b["pools_before"] : json::object();
  const json after = entry.contains("pools") ? entry["pools"] : json::object();
  for (const auto& p : players) {
    const long long up = count(after, p) - count(before, p);
    if (up > 0) rises.push_back(Message("prefa.hand.rise").text("player", p).number("points", up));
  }
  const bool rose = !rises.empty();
  return Message("prefa.hand.polles").text("rose", rose ? "yes" : "no").message("rises", joined(std::move(rises)));
}

}  // namespace

Message hand_message(const json& record, const json& entry, const std::vector<std::string>& players) {
  const json b = entry.is_object() && entry.contains("breakdown") ? entry["breakdown"] : json::object();
  const std::string type = str(b, "type").empty() ? str(record, "type") : str(b, "type");
  Message hand;
  if (type == "all_pass") {
    hand = Message("prefa.hand.all_pass");
  } else if (type == "polles") {
    hand = polles_message(b, entry, players);
  } else if (type == "withdrawn") {
    const json def = b.contains("defenders") ? b["defenders"] : json::object();
    hand = Message("prefa.hand.withdrawn")
               .text("declarer", str(b, "declarer"))
               .text("right", str(def, "R"))
               .text("left", str(def, "L"));
  } else if (!str(b, "contract").empty()) {
    hand = contract_message(b);
  } else {
    return {};
  }
  return Message("prefa.hand")
      .message("hand", std::move(hand))
      .text("over", b.value("game_over", false) ? "yes" : "no");
}

Message result_message(const json& score) {
  const json res = score.contains("result") && score["result"].is_object() ? score["result"] : json::object();
  const json final_ = res.contains("final") ? res["final"] : json::object();
  std::vector<std::string> ranking;
  if (res.contains("ranking") && res["ranking"].is_array())
    for (const auto& p : res["ranking"]) ranking.push_back(p.get<std::string>());
  if (ranking.empty()) return {};
  const json places = res.contains("places") ? res["places"] : json::object();
  std::vector<Message> first, values;
  for (const auto& p : ranking) {
    if (!places.contains(p) || places[p] == 1) first.push_back(Message("prefa.player").text("player", p));
    values.push_back(Message("prefa.result.value")
                         .text("player", p)
                         .message("value", signed_amount(common::amount_at(final_, p.c_str(), k_scale))));
  }
  const int64_t leaders = static_cast<int64_t>(first.size());
  Message top = signed_amount(common::amount_at(final_, ranking.front().c_str(), k_scale));
  if (score.value("finished", false)) {
    // spec prefa §5.5: every pool is 0; what is left is the points received less paid, settled in payments
    std::map<std::string, std::vector<Message>> by_payer;
    std::vector<std::string> payers;
    if (res.contains("settlement") && res["settlement"].contains("payments"))
      for (const auto& t : res["settlement"]["payments"]) {
        const std::string from = t["from"].get<std::string>();
        if (!by_payer.count(from)) payers.push_back(from);
        by_payer[from].push_back(Message("prefa.result.payment")
                                     .text("payee", t["to"].get<std::string>())
                                     .amount("amount", common::amount_at(t, "amount", k_scale)));
      }
    std::vector<Message> payments;
    for (const auto& p : payers)
      payments.push_back(
          Message("prefa.result.pays").text("payer", p).message("payees", joined(std::move(by_payer[p]))));
    return Message("prefa.result.over")
        .message("winners", joined(std::move(first)))
        .number("count", leaders)
        .message("top", std::move(top))
        .message("values", listed(std::move(values)))
        .text("paid", payments.empty() ? "no" : "yes")
        .message("payments", joined(std::move(payments)));
  }
  // spec prefa §5.4: the value, what the general end settlement would give now
  std::vector<Message> pools;
  const json pj = res.contains("pools") ? res["pools"] : json::object();
  for (auto it = pj.begin(); it != pj.end(); ++it)
    pools.push_back(Message("prefa.result.pool").text("player", it.key()).number("pool", count(pj, it.key())));
  return Message("prefa.result.open")
      .message("leaders", joined(std::move(first)))
      .number("count", leaders)
      .message("top", std::move(top))
      .number("players", static_cast<int64_t>(ranking.size()))
      .message("values", listed(std::move(values)))
      .message("pools", listed(std::move(pools)));
}

// The English patterns (ICU MessageFormat) of every message above.

const text::Catalogue& catalogue() {
  static const text::Catalogue& c = *new text::Catalogue([] {
    text::Catalogue x;
    x.patterns.reserve(119);  // the patterns below: one allocation
    x.fallback = &default_catalogue();
    x.labels = &labels;
    x.add("prefa.title", "Prefa (Greek Preference)");  // the game's title on the phone pages (GameRules::title)
    x.add("prefa.list.and", "{first} and {rest}");
    x.add("prefa.list.comma", "{first}, {rest}");
    // refusals and warnings (prefa_hand.cpp): ICU MessageFormat, a quote around a placeholder written twice
    // the command line's words (prefa_fields.cpp)
    x.add("prefa.err.cli_pair", "''{value}'' is not PLAYER:VALUE; write e.g. {example}");
    x.add("prefa.err.cli_bool", "''{value}'' is not true or false");
    x.add("prefa.err.cli_unknown_field", "unknown field ''{key}''; the prefa hand fields are: {fields}");
    // the set-up and a resumed sheet's start (prefa_options.cpp)
    x.add("prefa.err.setup_field",
          "unknown set-up field ''{key}''; the fields are players, initial_pool, first_dealer, scorer, stake, options, "
          "start");
    x.add("prefa.err.setup_players_missing",
          "missing: Prefa needs 3 or 4 different players, in counterclockwise seating order");
    x.add("prefa.err.setup_player_name", "{value} is not a name: Prefa needs 3 or 4 different non-empty names");
    x.add("prefa.err.setup_player_twice", "{name} appears twice: Prefa needs 3 or 4 different players");
    x.add("prefa.err.setup_player_count", "{n} players given: Prefa needs 3 or 4 different players");
    x.add("prefa.err.setup_initial_pool", "{value}: the initial pool must be a positive whole number from 1 to 999");
    x.add("prefa.err.setup_initial_pool_differs", "differs from the set-up field initial_pool {pool}");
    x.add("prefa.err.setup_stake", "{value}: the stake per point must be a number above 0 and at most 1000000");
    x.add("prefa.err.start_shape", "must be an object '{'pools, received, dealer, hands_played'}'");
    x.add("prefa.err.start_field", "unknown field; start has pools, received, dealer, hands_played");
    x.add("prefa.err.start_pools_missing", "missing: the pool of every player now on the sheet");
    x.add("prefa.err.start_pool_missing", "start: no pool given for {name}");
    x.add("prefa.err.start_pool_value", "{name}: {value} is not a pool: whole numbers 0..999");
    x.add("prefa.err.start_finished", "these pools are a finished game (section 5.3): nothing left to play");
    x.add("prefa.err.start_received_shape", "must be '{'p: '{'q: n'}}': the points p has received from q");
    x.add("prefa.err.start_unknown_player", "unknown player {name}");
    x.add("prefa.err.start_received_row", "{name}: must be '{'q: n'}'");
    x.add("prefa.err.start_received_self", "received only between two different players ({name})");
    x.add("prefa.err.start_received_value", "{to} from {from}: {value} is not a whole number from 0 to {max}");
    x.add("prefa.err.start_dealer", "start.dealer {dealer} differs from first_dealer {first}");
    x.add("prefa.err.start_hands_played", "{value} is not a whole number from 0 to {max}");
    x.add("prefa.err.cli_to_from",
          "''{value}'' is not TO/FROM; write e.g. start.received=A/B:97 (A received 97 from B)");
    x.add("prefa.err.cli_start_field",
          "unknown start field ''{key}''; they are start.pools, start.received, start.dealer, start.hands_played");
    // the auction, call by call (prefa_hand.cpp)
    x.add("prefa.err.auction_list", "must be a list of calls '{'\"player\": name, \"call\": pass | 6S..10H | prov'}'");
    x.add("prefa.err.auction_unfinished", "the auction is not finished: {name} still has to call");
    x.add("prefa.err.auction_ended", "call {k}: calls after the auction ended");
    x.add("prefa.err.auction_call_shape",
          "call {k}: a call is '{'\"player\": name, \"call\": pass | 6S..10H | prov'}'");
    x.add("prefa.err.auction_inactive", "call {k}: {name} sits out this hand (dealer) and cannot call");
    x.add("prefa.err.auction_unknown_player", "call {k}: unknown player {name}");
    x.add("prefa.err.auction_turn",
          "call {k}: {name} called out of turn: expected {expected} (calls go counterclockwise from 1st hand {first})");
    x.add("prefa.err.auction_prov_off", "call {k}: provisional entry is not in use (option provisional_entry)");
    x.add("prefa.err.auction_prov_late", "call {k}: provisional entry only before any spades bid, once per auction");
    x.add("prefa.err.auction_call",
          "call {k}: \"{value}\" is not a call: pass, 6S..10H{ten_nt, select, yes {, 10NT} other {}}{prov, select, "
          "yes { or prov} other {}}");
    x.add("prefa.err.auction_first_bid", "call {k}: the first bid must be spades (6S), not {value}");
    x.add("prefa.err.auction_same", "call {k}: {name} may only say ''same {high}'' or pass, not {value}");
    x.add("prefa.err.auction_next",
          "call {k}: {name} must bid exactly {next, select, none {nothing higher} other {{next}}} or pass, not {value} "
          "(no jump bids)");
    x.add("prefa.err.unknown_player", "unknown player {name}; the players are {players}");
    x.add("prefa.err.game_over",
          "the game is over: all pools are 0 after hand {hand}; no hand can follow the game-ending hand");
    x.add("prefa.warn.unknown_field", "unknown field ''{key}'' ignored");
    x.add("prefa.err.hand_number",
          "{value} is not the next hand: hand numbers must be consecutive, expected {expected}");
    x.add("prefa.err.unknown_dealer", "unknown dealer {name}; the players are {players}");
    x.add("prefa.err.first_bidder_option", "first_bidder is only used with option first_hand_seven_of_diamonds=on");
    x.add("prefa.err.first_bidder_hand", "first_bidder belongs to hand 1 only");
    x.add("prefa.err.first_bidder_inactive", "{name} deals and sits out: he holds no 7 of diamonds");
    x.add("prefa.err.first_bidder_missing",
          "missing: with option first_hand_seven_of_diamonds hand 1 names the 7-of-diamonds holder who bid first");
    x.add("prefa.err.auction_all_passed",
          "everybody passed in the auction, so the hand type is {expected}, not {type}");
    x.add("prefa.err.auction_won_pass_type", "the auction was won by {name}: type {type} needs everybody to pass");
    x.add("prefa.err.auction_withdrawn", "withdrawn needs a provisional win, but {name} won the auction with {bid}");
    x.add("prefa.err.field_no_meaning", "{key} has no meaning in a {type} hand");
    x.add("prefa.err.field_withdrawn",
          "{key} has no meaning in a withdrawn hand: the declarer withdrew before announcing a contract");
    x.add("prefa.err.field_conceded",
          "{key} must be absent in a conceded hand: it is scored as down 2 with fixed tricks");
    x.add("prefa.err.field_all_pass", "an all-pass hand is not played: no tricks");
    x.add("prefa.err.won_bid_format", "{value} is not a contract bid (6S..10H)");
    x.add("prefa.err.won_bid_auction", "won_bid {bid} differs from the auction, won with {won}");
    x.add("prefa.err.polles_tricks", "polles needs the three active players'' tricks");
    x.add("prefa.err.polles_tricks_missing",
          "tricks missing for {name}: polles needs the three active players'' tricks");
    x.add("prefa.err.calls_at_ten",
          "no declarations at 10-trick contracts: the defenders have no target (option ten_level_defence_target is 0)");
    x.add("prefa.err.along_at_ten", "no declarations at 10-trick contracts: nobody takes the other along");
    x.add("prefa.err.calls_player", "{name} is not a defender in this hand: declarations are for {right} and {left}");
    x.add("prefa.err.calls_missing_one", "declarations needed for {right} and {left}; missing for {name}");
    x.add("prefa.err.along_passer",
          "{name} passed and cannot take {player} along{first, select, yes { (re-declaring needs option "
          "redeclare_take_along=on)} other {}}");
    x.add("prefa.err.tricks_no_play", "both defenders passed: no play (tricks absent, or {name}: 10)");
    x.add("prefa.err.tricks_missing_played",
          "tricks missing for {players}, who played: add {items} to tricks, {count, plural, one {N = } other "
          "{together }}{rest, number, ::group-off} (10 less the {given, number, ::group-off} given)");
    x.add("prefa.warn.withdrawn_unchecked", "cannot verify the provisional entry: no auction recorded");
    x.add("prefa.warn.taken_along_tricks", "{name}''s tricks are credited to {along} (taken along)");
    // the overflow (prefa_score.cpp)
    x.add("prefa.warn.overflow_lapsed",
          "pools exhausted: {points, plural, one {# pool point} other {{points, number, ::group-off} pool points}} "
          "lapsed");
    x.add("prefa.warn.overflow_tie", "equal largest pools for the overflow; tie broken in play order: {name}");
    x.add("prefa.warn.dealer_rotation", "dealer out of rotation: {name} dealt, expected {expected}");
    x.add("prefa.err.type", "{value} is not a hand type: contract, all_pass, withdrawn, conceded or polles");
    x.add("prefa.err.type_missing", "missing: contract (with a declarer), all_pass, withdrawn, conceded or polles");
    x.add("prefa.err.type_option", "type {type} is not allowed under current options (needs {needs})");
    x.add("prefa.err.type_all_pass",
          "type all_pass is not allowed under current options: with all_pass=polles an all-pass hand is played (type "
          "polles)");
    x.add("prefa.err.declarer_missing", "missing: a {type} hand needs the declarer");
    x.add("prefa.err.declarer_sits_out", "{name} is the dealer: the dealer sits out and cannot declare");
    x.add("prefa.err.auction_winner", "the auction was won by {winner}, not {name}");
    x.add("prefa.err.contract_missing", "missing: a {type} hand needs the contract (6S..10H)");
    x.add("prefa.err.contract_format", "\"{value}\" is not a contract: 6..10 tricks and S, C, D, H or NT (6S..10H)");
    x.add("prefa.err.contract_10nt", "10NT is not allowed (option ten_no_trumps is off)");
    x.add("prefa.err.contract_below_bid",
          "declared contract {contract} is below the auction contract {won}: the declarer must announce at least the "
          "contract he won");
    x.add("prefa.err.not_bool", "{value} is not true or false");
    x.add("prefa.err.four_aces_option", "four aces bonus not in use (option four_aces is off)");
    x.add("prefa.err.tricks_shape", "must be an object player -> tricks, e.g. '{'\"B\": 7, \"C\": 3'}'");
    x.add("prefa.err.tricks_range", "{name}: {value} tricks; tricks must be 0..10");
    x.add("prefa.err.tricks_sum", "tricks add up to {sum}, must be 10");
    x.add("prefa.err.tricks_sits_out", "{name} sits out (dealer): no tricks");
    x.add("prefa.err.tricks_passed", "{name} passed and was not taken along: no tricks");
    x.add("prefa.err.tricks_missing", "missing: tricks of {players}");
    x.add("prefa.err.calls_value", "{name}: \"{value}\" is not a declaration: play or pass");
    x.add("prefa.err.calls_missing", "declarations needed for {right} and {left} (play or pass)");
    x.add("prefa.err.along_not_defender", "{name} is not a defender: only a defender can take the other along");
    x.add("prefa.err.along_both_play", "nobody to take along: both defenders play");
    x.add("prefa.err.along_both_passed", "nobody to take along: both defenders passed");
    x.add("prefa.player", "{player}");
    x.add("prefa.signed", "{sign, select, plus {+{amount}} other {{amount}}}");
    x.add("prefa.hand", "{hand}{over, select, yes {; game over} other {}}");
    x.add("prefa.hand.all_pass", "All passed: redeal");
    x.add("prefa.hand.polles", "All passed, polles: {rose, select, yes {pools {rises}} other {no pool rises}}");
    x.add("prefa.hand.rise", "{player} +{points}");
    x.add("prefa.hand.withdrawn",
          "{declarer} withdrew after a provisional win: pool +2, 2 points to each of {right} and {left}");
    x.add("prefa.hand.contract", "{declarer} {contract}{aces, select, yes { with four aces} other {}}{play}");
    x.add("prefa.hand.conceded", " conceded: down 2");
    x.add("prefa.hand.unplayed", ", both defenders pass: made unplayed");
    x.add("prefa.hand.played",
          "{defence, select, alone {, {lone} alone} along {, {taker} takes {taken} along} other {}}: {result}");
    x.add("prefa.hand.down", "down {short}");
    x.add("prefa.hand.made", "made");
    x.add("prefa.hand.defence_failed", "made; {defenders}");
    x.add("prefa.hand.short", "{player} down {short}");
    x.add("prefa.result.value", "{player} {value}");
    x.add("prefa.result.payment", "{payee} {amount}");
    x.add("prefa.result.pays", "{payer} pays {payees}");
    x.add("prefa.result.pool", "{player} {pool}");
    x.add("prefa.result.over",
          "{winners} {count, plural, one {wins} other {win}} with {top}; final settlement (points received less points "
          "paid, every pool at 0): {values}{paid, select, yes { — {payments}} other {, nobody pays anybody}}");
    x.add("prefa.result.open",
          "{leaders} {count, plural, one {leads} other {lead}} with {top}; values if the game were closed now (points "
          "received less paid, each open pool point paid at 10 points shared among all {players} players): {values}; "
          "pools still open: {pools}");
    return x;
  }());
  return c;
}

}  // namespace marque::rules::prefa
