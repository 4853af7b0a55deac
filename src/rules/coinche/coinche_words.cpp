// Coinche results in words, as a scorer says them at the table: one hand ("N/S 90♦ by S, coinched by E: made
// (125); belote S", "E/W 100♥ by E: dedans (101)", "all pass: redeal") and the game's outcome ("N/S (Nina & Sara)
// win 3102 to 3070 after 12 hands"). From the record, its marque-score/1 entry (breakdown: spec coinche §4) and
// the score document (§5), as data: a message id and its arguments (core/message.hpp), said by catalogue().
#include "rules/coinche/coinche.hpp"

namespace marque::rules::coinche {

namespace {

std::string text_at(const json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : "";
}

// The points at j[key] as an argument (an amount), or "?" when there are none.
void points(text::Message& m, std::string name, const json& j, const std::string& key) {
  std::optional<Amount> a;
  if (j.is_object() && j.contains(key)) a = amount_of(j[key], 1);
  if (a)
    m.amount(std::move(name), *a);
  else
    m.text(std::move(name), "?");
}

// "N/S", "E/W"
text::Message team(const std::string& t) { return text::Message("coinche.team").text("team", t); }

// "90♦", "capot♥", "générale♠"
text::Message contract(const json& b) {
  const std::string kind = text_at(b, "contract");
  text::Message m(kind == "capot"      ? "coinche.contract.capot"
                  : kind == "generale" ? "coinche.contract.generale"
                                       : "coinche.contract.points");
  if (m.id == "coinche.contract.points") points(m, "value", b, "value");
  return m.text("trump", text_at(b, "trump"));
}

// ", coinched by E", ", surcoinched by S" (who, when the record names them); nothing below that level
text::Message coinche_call(const json& rec, const json& b, int level, const char* id, const char* by) {
  const int said = b.contains("coinche") && b["coinche"].is_number_integer() ? b["coinche"].get<int>() : 0;
  if (level == 2 ? said != 2 : said < 1) return {};
  const std::string who = text_at(rec, by);
  return text::Message(id).text("named", who.empty() ? "no" : "yes").text("by", who);
}

// "made (125)", "dedans (101)", with the capot and who won it
text::Message outcome(const json& b) {
  const std::string bidders = text_at(b, "bidding_team");
  text::Message m("coinche.hand.outcome");
  m.text("made", b.value("made", false) ? "yes" : "no");
  points(m, "points", b.value("contract_points", json::object()), bidders);
  const std::string capot = text_at(b, "capot");
  if (capot.empty())
    m.message("capot", {});
  else if (capot == bidders)
    m.message("capot", text::Message("coinche.hand.capot"));
  else
    m.message("capot", text::Message("coinche.hand.capot_by").message("team", team(capot)));
  return m;
}

// "; belote S"
text::Message belote(const json& rec) {
  if (text_at(rec, "belote").empty()) return {};
  return text::Message("coinche.hand.belote").text("player", text_at(rec, "belote"));
}

// "; announcements E/W 70": the best announcement's team and its points, when they are some
text::Message announcements(const json& b) {
  const std::string best = text_at(b, "best_announcement");
  const json ann = b.value("announcements", json::object());
  const std::optional<Amount> value = !best.empty() && ann.is_object() && ann.contains(best) ? amount_of(ann[best], 1)
                                                                                             : std::nullopt;
  if (!value || *value == 0) return {};
  return text::Message("coinche.hand.announcements").message("team", team(best)).amount("points", *value);
}

// "N/S (Nina & Sara)", or "N/S" when the document does not name the team's players
text::Message team_of(const json& teams, const std::string& t) {
  const json& p = teams.is_object() && teams.contains(t) ? teams[t] : json();
  if (!(p.is_array() && p.size() == 2 && p[0].is_string() && p[1].is_string())) return team(t);
  return text::Message("coinche.team.players")
      .message("team", team(t))
      .text("first", p[0].get<std::string>())
      .text("second", p[1].get<std::string>());
}

}  // namespace

text::Message hand_message(const json& record, const json& entry) {
  const json b = entry.is_object() ? entry.value("breakdown", json::object()) : json::object();
  const std::string redeal = text_at(b, "redeal");
  if (redeal == "all_pass") return text::Message("coinche.hand.all_pass");
  if (redeal == "misdeal") return text::Message("coinche.hand.misdeal").text("dealer", text_at(b, "dealer"));
  if (text_at(b, "bidder").empty()) return {};
  return text::Message("coinche.hand.played")
      .message("team", team(text_at(b, "bidding_team")))
      .message("contract", contract(b))
      .text("bidder", text_at(b, "bidder"))
      .message("coinche", coinche_call(record, b, 1, "coinche.hand.coinched", "coinched_by"))
      .message("surcoinche", coinche_call(record, b, 2, "coinche.hand.surcoinched", "surcoinched_by"))
      .message("outcome", outcome(b))
      .message("belote", belote(record))
      .message("announcements", announcements(b));
}

text::Message result_message(const json& score) {
  const json totals = score.value("team_totals", json::object());
  const json teams = score.value("teams", json::object());
  const json result = score.value("result", json::object());
  const std::string winner = text_at(result, "winner"), leader = text_at(result, "leader");
  const bool over = score.value("finished", false);
  text::Message m;
  if (over && winner == "draw") {
    m = text::Message("coinche.result.draw");
    points(m, "points", totals, "NS");
  } else if (!over && leader != "NS" && leader != "EW") {
    m = text::Message("coinche.result.level");
    points(m, "points", totals, "NS");
  } else {
    const std::string first = over ? winner : leader, other = first == "NS" ? "EW" : "NS";
    m = text::Message(over ? "coinche.result.win" : "coinche.result.lead");
    m.message("team", team_of(teams, first));
    points(m, "points", totals, first);
    points(m, "other", totals, other);
  }
  return m.number("hands", result.value("hands_played", 0));
}

const text::Catalogue& catalogue() {
  static const text::Catalogue& c = *new text::Catalogue([] {
    text::Catalogue x;
    x.patterns.reserve(134);  // the patterns below: one allocation
    x.fallback = &default_catalogue();
    x.labels = &labels;
    x.add("coinche.title",
          "Coinche (belote contrée)");  // title() in the reader's language (sheets, site, tournament papers)
    x.add("coinche.team", "{team, select, NS {N/S} EW {E/W} other {{team}}}");
    x.add("coinche.team.players", "{team} ({first} & {second})");
    // refusals and warnings (coinche_hand.cpp): ICU MessageFormat, a quote around a placeholder written twice
    // an announcement in a refusal (coinche_hand.cpp)
    x.add("coinche.announce.carre", "carré of {rank}");
    x.add("coinche.announce.sequence", "{type} {top}{suit}{long, select, yes { ({length} cards)} other {}}");
    x.add("coinche.announce.belote", "belote");
    // the auction's refusals (C19, C20): "call 3 (E bid 90 ♦): …"
    x.add("coinche.err.auction_array",
          "must be an array of calls such as '{\"seat\": \"E\", \"call\": \"bid\", \"bid\": 90, \"suit\": \"D\"}'");
    x.add("coinche.err.call", "call {n} ({call}): {why}");
    x.add("coinche.err.call_object", "a call is an object with \"seat\" and \"call\"");
    x.add("coinche.err.call_seat", "missing \"seat\"");
    x.add("coinche.err.call_unknown", "unknown call; a call is bid, pass, coinche or surcoinche");
    x.add("coinche.err.turn",
          "it was {seat}''s turn: bids and passes go round {anticlockwise, select, yes {anticlockwise} other "
          "{clockwise}} from the player after the dealer {dealer}");
    x.add("coinche.err.bid_after_coinche", "no bid is allowed after a coinche");
    x.add("coinche.err.call_bid_steps",
          "bids go up in steps of 10 from 80 (got {given, select, yes {{value}} other {no bid}})");
    x.add("coinche.err.call_bid_above",
          "numeric bids stop at {max}{capot, select, yes {; bid capot instead} other {}}");
    x.add("coinche.err.call_contract", "\"{contract}\" bids are not enabled for this game");
    x.add("coinche.err.call_suit", "a bid names a trump suit: S, H, D or C");
    x.add("coinche.err.call_beat", "bid {bid} does not beat the current {current}");
    x.add("coinche.err.auction_over", "the auction was already over");
    x.add("coinche.err.coinche_first_bid", "a coinche needs a bid first");
    x.add("coinche.err.coinche_again", "the contract is already coinched");
    x.add("coinche.err.coinche_own", "{seat} cannot coinche {own, select, yes {his own bid} other {his partner}}");
    x.add("coinche.err.surcoinche_first", "surcoinche needs a coinche first");
    x.add("coinche.err.surcoinche_again", "the contract is already surcoinched");
    x.add("coinche.err.surcoinche_team", "only the bidding team can surcoinche");
    x.add("coinche.err.auction_incomplete",
          "the auction is incomplete: {bid, select, yes {it ends with three passes after the last bid} other {four "
          "passes (all pass) or a bid followed by three passes}}");
    x.add("coinche.err.misdeal_auction", "a misdeal has no auction (an auction of four passes is an all_pass redeal)");
    x.add("coinche.err.redeal_bid", "the auction has a bid by {seat}, so the hand is not an all-pass redeal");
    x.add("coinche.err.auction_all_pass", "the auction is four passes: record it as \"redeal\": \"all_pass\"");
    x.add("coinche.err.auction_gives", "the auction gives {field} {auction} but the record says {recorded}");
    x.add("coinche.err.none", "none");
    x.add("coinche.err.value", "{value}");
    // the announcements' refusals (C14 to C18): "announcement 2: …"
    x.add("coinche.err.announcements_array", "announcements is an array of announcement objects");
    x.add("coinche.err.announcements_off",
          "this game is played without announcements (belote only): option announcements is false");
    x.add("coinche.err.announcement", "announcement {n}: {why}");
    x.add("coinche.err.announce_object", "an announcement is an object with player, type and suit/top or rank");
    x.add("coinche.err.announce_player", "missing \"player\" (the seat who showed it)");
    x.add("coinche.err.announce_type",
          "unknown type ''{value}''; one of tierce, cinquante, cent, carre (belote is the separate belote field)");
    x.add("coinche.err.announce_sequence_rank", "a sequence has a suit and a top card, not a rank");
    x.add("coinche.err.announce_suit",
          "a {type} needs a suit: S, H, D or C (got {given, select, yes {{value}} other {none}})");
    x.add("coinche.err.announce_top_missing", "a {type} needs its top card (A, K, Q, J, 10, 9 ...)");
    x.add("coinche.err.announce_top", "unknown top card ''{value}''; ranks are A K Q J 10 9 8 7");
    x.add("coinche.err.announce_length",
          "length {value} does not fit a {type} ({fixed, select, yes {{cards} cards} other {5 to 8 cards}})");
    x.add("coinche.err.announce_below",
          "a {type}{long, select, yes { of {length} cards} other {}} cannot be headed by {an, select, yes {an} other "
          "{a}} {rank}: the sequence would run below the 7");
    x.add("coinche.err.carre_suit", "a carré has a rank, not a suit or top card");
    x.add("coinche.err.carre_rank_missing", "a carré needs its rank (J, 9, A, 10, K or Q)");
    x.add("coinche.err.carre_rank", "unknown rank ''{value}''; ranks are A K Q J 10 9 8 7");
    x.add("coinche.err.carre_low", "a carré of {rank}s is not an announcement: carrés are of J, 9, A, 10, K or Q");
    x.add("coinche.err.card_twice",
          "{card} is claimed by both {first} ({first_what}) and {second} ({second_what}): a card is held by one "
          "player only");
    x.add("coinche.err.declared_twice", "{seat} declares the {what} twice");
    x.add("coinche.err.sequences_overlap", "two sequences of {seat} overlap ({a} and {b})");
    x.add("coinche.warn.sequences_touch",
          "{seat}''s {a} and {b} touch: they form one longer run and should be declared as one");
    x.add("coinche.err.too_many_cards", "{seat} would need {cards} cards for these announcements, and holds 8");
    // the contract, the capot, the sole winner (C03, C06, C12, C13)
    x.add("coinche.err.contract_disabled", "{name} bids are not enabled for this game (option {contract}_bid)");
    x.add("coinche.err.contract_unknown",
          "unknown contract {value}; \"points\"{capot, select, yes {, \"capot\"} other {}}{generale, select, yes {, "
          "\"generale\"} other {}}");
    x.add("coinche.err.bid_not_numeric", "a {contract} contract has no numeric bid: remove ''bid'' ({value})");
    x.add("coinche.err.capot_points",
          "a capot team holds all 152 card points and the last trick; the record gives the {team, select, bidders "
          "{bidders} other {defenders}} {points} card points and the last trick to the {last, select, bidders "
          "{bidders} other {defenders}}");
    x.add("coinche.err.sole_no_capot", "sole_winner {seat} needs a capot (one team won all eight tricks)");
    x.add("coinche.err.sole_team", "{seat} is not in the capot team {team}");
    x.add("coinche.err.sole_missing",
          "who won all eight tricks alone? a générale needs ''sole_winner'' (a seat, or null if the partners shared "
          "them)");
    x.add("coinche.err.record", "a hand record is a JSON object");
    // the command line's words (coinche_fields.cpp)
    x.add("coinche.err.announcement_words",
          "''{value}'' is not an announcement: write PLAYER:TYPE:SUIT:TOP (W:tierce:C:Q) or PLAYER:carre:RANK "
          "(N:carre:J)");
    x.add("coinche.err.carre_words", "''{value}'': a carré is PLAYER:carre:RANK, e.g. N:carre:J");
    x.add("coinche.err.sequence_words",
          "''{value}'': a sequence is PLAYER:TYPE:SUIT:TOP[:LENGTH], e.g. W:tierce:C:Q or E:cent:H:A:6");
    x.add("coinche.err.call_words",
          "''{value}'' is not a call: write SEAT:pass, SEAT:90D, SEAT:capot:H, SEAT:coinche or SEAT:surcoinche");
    x.add("coinche.err.seats_words", "''{value}'' is not SEAT:NAME (e.g. seats=N:Nina,E:Emil,S:Sara,W:Will)");
    x.add("coinche.err.players_words", "players= lists the 4 players in seat order N, E, S, W (got {count})");
    x.add("coinche.err.starting_words", "''{value}'' is not TEAM:POINTS (e.g. starting_totals=NS:120,EW:80)");
    x.add("coinche.err.setup_key",
          "unknown key ''{key}'' for a coinche set-up; the keys are N=, E=, S=, W= (or seats=N:Ann,... / "
          "players=N,E,S,W names), dealer=, target=, starting_totals=NS:120,EW:80, nous=NS|EW, option.ID=VALUE (or "
          "ID=VALUE)");
    // the set-up's refusals (coinche_options.cpp)
    x.add("coinche.err.setup", "the set-up is an object with seats, first_dealer, starting_totals and options");
    x.add("coinche.err.setup_field",
          "''{key}'' is not a coinche set-up field; the fields are seats ('{N, E, S, W}' -> player), first_dealer, "
          "starting_totals, options, nous{players, select, yes { (coinche seats its players: seats N, E, S, W)} other "
          "{}}");
    x.add("coinche.err.seats_missing",
          "missing or not an object: seats '{\"N\": name, \"E\": name, \"S\": name, \"W\": name}'");
    x.add("coinche.err.setup_seat", "unknown seat ''{value}'': the seats are N, E, S, W");
    x.add("coinche.err.seat_name", "seat {seat} needs a player name (coinche is played by exactly 4 players)");
    x.add("coinche.err.seat_twice", "{name} cannot sit at both {first} and {second}");
    x.add("coinche.err.first_dealer_missing",
          "missing: the seat (N, E, S or W) of the first dealer, decided by the draw");
    x.add(
        "coinche.err.first_dealer_seat",
        "unknown seat ''{value}'': the first dealer is N, E, S or W{sits, select, yes {; {name} sits at {seat}} other "
        "{}}");
    x.add("coinche.err.starting_object", "an object '{\"NS\": points, \"EW\": points}'");
    x.add("coinche.err.unknown_team", "unknown team ''{value}'': the teams are NS and EW");
    x.add("coinche.err.starting_total",
          "{value} is not a total to resume from: a whole number from 0 to below the target {target}");
    x.add("coinche.warn.starting_rounding",
          "rounding is on ({rounding}) but the starting totals are not multiples of 10");
    x.add("coinche.err.nous", "nous is the scorekeeper''s team on the sheet: \"NS\" or \"EW\" (got {value})");
    x.add("coinche.err.game_over",
          "game over: {draw, select, yes {the game ended in a draw} other {{winner} won the game}} (NS {ns}, EW {ew}); "
          "no further hand can be recorded");
    x.add("coinche.err.seat_is_player",
          "unknown seat ''{value}'': records name seats, and {name} sits at {seat}; write {seat}");
    x.add("coinche.err.unknown_seat", "unknown seat ''{value}'': a seat is N, E, S or W");
    x.add("coinche.warn.unknown_field",
          "''{key}'' is not a coinche hand field and is ignored; the fields are: {fields}");
    x.add("coinche.err.dealer_missing", "missing field ''dealer'': the seat (N, E, S or W) who dealt this hand");
    x.add("coinche.warn.dealer", "expected {seat} ({name}) to deal, the record says {recorded}");
    x.add("coinche.err.redeal_value", "redeal is null, \"all_pass\" or \"misdeal\" (got {value})");
    x.add("coinche.err.redeal_field", "a redeal ({redeal}) records no contract or points: remove ''{key}''");
    x.add("coinche.err.bid_missing", "missing field ''bid'': the contract value (80, 90, 100 ...)");
    x.add("coinche.err.bid_steps", "bids go up in steps of 10 from 80 (got {value})");
    x.add("coinche.err.bid_above",
          "{bid} is above {max}: numeric bids stop at {max}{capot, select, yes {; bid capot instead} other {}}");
    x.add("coinche.warn.bid_high", "a {bid} bid needs announcements or belote to be made (a capot gives 252)");
    x.add("coinche.err.bidder_missing", "missing field ''bidder'': the seat who made the final bid");
    x.add("coinche.err.trump_missing", "missing field ''trump'': S, H, D or C");
    x.add("coinche.err.trump_suit", "trump must be a suit: S, H, D or C (got {value})");
    x.add("coinche.err.coinche_value", "coinche is 0 (none), 1 (coinche, x2) or 2 (surcoinche) (got {value})");
    x.add("coinche.err.coinched_by_level", "coinched_by {seat} needs coinche 1 or 2 (the record says {coinche})");
    x.add("coinche.err.coinched_by_team",
          "only an opponent of the bidder can coinche: {seat} {who, select, bidder {is the bidder} other {is the "
          "bidder''s partner}}");
    x.add("coinche.err.surcoinched_by_level",
          "surcoinched_by {seat} needs coinche 2 (surcoinche needs a coinche first)");
    x.add("coinche.err.surcoinched_by_team", "only the bidding team can surcoinche: {seat} is a defender");
    x.add("coinche.err.points_missing",
          "missing field ''bidder_card_points'': the card points in the bidding team''s tricks (0..152)");
    x.add("coinche.err.points_whole", "{value} is not a whole number of card points (0..152)");
    x.add("coinche.err.points_range", "{value} is outside 0..152, the card points in the pack");
    x.add("coinche.err.points_one",
          "{value} card points is impossible: {who, select, bidders {the bidders} other {the other team}} would hold "
          "exactly 1, and no card is worth 1 point");
    x.add("coinche.err.points_sum",
          "{defenders} + {bidders} is not 152: card points must add up to 152 (162 with the dix de der)");
    x.add("coinche.err.last_trick_missing", "missing field ''last_trick'': \"bidders\" or \"defenders\"");
    x.add("coinche.err.last_trick_value", "last_trick is \"bidders\" or \"defenders\" (got {value})");
    x.add("coinche.warn.all_points_no_capot",
          "all 152 card points to the bidders but no capot: did the defenders really win a trick?");
    x.add("coinche.warn.no_points_no_capot",
          "no card points for the bidders but no capot: did the bidders really win a trick?");
    x.add("coinche.err.player_or_seat", "unknown player or seat ''{value}''");
    x.add("coinche.err.player_or_seat_known", "unknown player or seat ''{value}''; the seats are {seats}");
    x.add("coinche.err.unknown_key", "unknown key ''{key}'' for a coinche hand; the keys are: {keys}");
    x.add("coinche.err.not_team",
          "''{value}'' is not a team: bidders, defenders, NS, EW or a player{none, select, yes {, or none} other {}}");
    x.add("coinche.err.team_needs_bidder", "''{value}'' names a team; give bidder= too, or write bidders / defenders");
    x.add("coinche.err.capot_value", "capot is null, \"bidders\" or \"defenders\" (got {value})");
    x.add("coinche.contract.points", "{value}{trump, select, S {♠} H {♥} D {♦} C {♣} other {}}");
    x.add("coinche.contract.capot", "capot{trump, select, S {♠} H {♥} D {♦} C {♣} other {}}");
    x.add("coinche.contract.generale", "générale{trump, select, S {♠} H {♥} D {♦} C {♣} other {}}");
    x.add("coinche.hand.all_pass", "all pass: redeal");
    x.add("coinche.hand.misdeal", "misdeal: {dealer} deals again");
    x.add("coinche.hand.played",
          "{team} {contract} by {bidder}{coinche}{surcoinche}: {outcome}{belote}{announcements}");
    x.add("coinche.hand.coinched", ", coinched{named, select, yes { by {by}} other {}}");
    x.add("coinche.hand.surcoinched", ", surcoinched{named, select, yes { by {by}} other {}}");
    x.add("coinche.hand.outcome", "{made, select, yes {made} other {dedans}} ({points}){capot}");
    x.add("coinche.hand.capot", ", capot");
    x.add("coinche.hand.capot_by", ", capot by {team}");
    x.add("coinche.hand.belote", "; belote {player}");
    x.add("coinche.hand.announcements", "; announcements {team} {points}");
    x.add("coinche.result.draw", "Draw: N/S and E/W both on {points}"
                                 "{hands, plural, =0 {} one { after {hands} hand} other { after {hands} hands}}");
    x.add("coinche.result.level", "N/S and E/W level at {points}"
                                  "{hands, plural, =0 {} one { after {hands} hand} other { after {hands} hands}}");
    x.add("coinche.result.win", "{team} win {points} to {other}"
                                "{hands, plural, =0 {} one { after {hands} hand} other { after {hands} hands}}");
    x.add("coinche.result.lead", "{team} lead {points} to {other}"
                                 "{hands, plural, =0 {} one { after {hands} hand} other { after {hands} hands}}");
    return x;
  }());
  return c;
}

}  // namespace marque::rules::coinche
