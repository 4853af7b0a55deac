// Piquet results in words, in the table's own terms: one deal ("Ann repique, Ben capot — Ann 99: point 7,
// septieme to the king; Ben 67: quatorze of aces") from its record and its marque-score/1 entry, and the outcome of
// a game or a partie ("A wins the partie 224 to 92 and scores 416: B is rubiconed"). As data: a message id and its
// arguments (core/message.hpp), said by the catalogue at the end of this file (English, the game's terms kept).
#include <algorithm>

#include "rules/piquet/piquet.hpp"

namespace marque::rules::piquet {

namespace {

using text::Message;

long long num(const json& o, const std::string& key) {
  return o.is_object() && o.contains(key) && o[key].is_number() ? o[key].get<long long>() : 0;
}
std::string str(const json& o, const std::string& key) {
  return o.is_object() && o.contains(key) && o[key].is_string() ? o[key].get<std::string>() : "";
}

}  // namespace

// Items one after the other: each said by `id` with {item} and the rest in {rest} ("piquet.list": ", " between
// them; "piquet.notes": "; " before each).
Message chain(const std::vector<Message>& items, const char* id, size_t from) {
  Message rest;
  for (size_t i = items.size(); i-- > from;)
    rest = Message(id).message("item", items[i]).message("rest", std::move(rest));
  return rest;
}
// "a, b, c"
Message listed(const std::vector<Message>& items) {
  return Message("piquet.list").message("item", items.front()).message("rest", chain(items, "piquet.list.more", 1));
}

namespace {

// "quart major", "tierce minor", "quint to the king", "septieme to the king"
Message sequence_message(const json& s) {
  int len = 0;
  int top = s.is_object() && s.contains("top") ? rank_index(s["top"]) : -1;
  if (!s.is_object() || !s.contains("length") || !read_int(s["length"], 3, 8, len) || top < 0)
    return Message("piquet.sequence.unknown");
  const char* id = top == 7                     ? "piquet.sequence.major"
                   : top == len - 1 && len <= 4 ? "piquet.sequence.minor"  // tierce minor 9-8-7, quart minor 10-9-8-7
                                                : "piquet.sequence.to";
  return Message(id).number("length", len).number("top", top);
}

// "quatorze of tens", "trio of queens"
Message set_message(const json& s) {
  int rank = s.is_object() && s.contains("rank") ? rank_index(s["rank"]) : -1;
  int count = 0;
  if (rank < 0 || !read_int(s.value("count", json()), 3, 4, count)) return Message("piquet.set.unknown");
  return Message("piquet.set").number("count", count).number("rank", rank);
}

// What the record says `role` won in the category `field` (point, sequences, sets).
void category_messages(const json& record, const char* field, const std::string& role, std::vector<Message>& out) {
  const json c = record.value(field, json());
  if (!c.is_object() || str(c, "winner") != role) return;
  if (std::string(field) == "point") {
    out.push_back(Message("piquet.item.point").number("cards", num(c, "cards")));
    return;
  }
  const bool sequences = std::string(field) == "sequences";
  for (const auto& item : c.value("scored", json::array()))
    out.push_back(sequences ? sequence_message(item) : set_message(item));
}

// One player's part of a detail deal: "Ann 28: point 5, quart major, the cards"
Message player_message(const json& record, const json& b, const std::string& player) {
  const json& pr = b[player];
  const std::string role = str(b, "elder") == player ? "elder" : "younger";
  std::vector<Message> items;
  if (num(pr, "carte_blanche")) items.push_back(Message("piquet.item.carte_blanche"));
  if (num(pr, "point")) category_messages(record, "point", role, items);
  if (num(pr, "sequences")) category_messages(record, "sequences", role, items);
  if (num(pr, "sets")) category_messages(record, "sets", role, items);
  if (num(pr, "cards") == k_cards_majority) items.push_back(Message("piquet.item.cards"));
  return Message("piquet.player")
      .text("player", player)
      .number("total", num(pr, "total"))
      .message("items", items.empty() ? Message() : Message("piquet.items").message("list", listed(items)));
}

// The deal's bonuses first, as announced: "Ann repique, Ben capot — "
Message bonus_message(const json& b) {
  std::vector<Message> bonuses;
  if (!str(b, "repique_by").empty())
    bonuses.push_back(Message("piquet.bonus.repique").text("player", str(b, "repique_by")));
  if (b.value("pique", false)) bonuses.push_back(Message("piquet.bonus.pique").text("player", str(b, "elder")));
  if (!str(b, "capot_by").empty()) bonuses.push_back(Message("piquet.bonus.capot").text("player", str(b, "capot_by")));
  return bonuses.empty() ? Message() : Message("piquet.bonuses").message("list", listed(bonuses));
}

// What else happened: equal categories, divided cards, a concession, a penalty, the end of a classic game; each
// after "; ".
Message notes_message(const json& record, const json& b) {
  std::vector<Message> notes;
  if (str(record.value("point", json()), "winner") == "equal") notes.push_back(Message("piquet.note.points_equal"));
  if (str(record.value("sequences", json()), "winner") == "equal")
    notes.push_back(Message("piquet.note.sequences_equal"));
  const json tricks = record.value("tricks", json());
  if (b.value("entry", std::string()) == "detail" && num(tricks, "elder") == 6 && num(tricks, "younger") == 6)
    notes.push_back(Message("piquet.note.cards_divided"));
  if (!str(b, "concession").empty())
    notes.push_back(Message("piquet.note.concession").text("player", str(b, "concession")));
  if (!str(b, "reckons_nothing").empty())
    notes.push_back(Message("piquet.note.reckons_nothing").text("player", str(b, "reckons_nothing")));
  if (num(b, "weight") == 2) notes.push_back(Message("piquet.note.counts_twice"));
  if (!str(b, "game_winner").empty())
    notes.push_back(Message("piquet.note.game_won")
                        .text("player", str(b, "game_winner"))
                        .text("where", str(b, "target_reached_in")));
  return chain(notes, "piquet.notes");
}

// "; Ben leads the match 1-0", "; the match stands at 1-1", "; Ben wins the match 2-1"
Message match_message(const json& result, const std::vector<std::string>& players) {
  const json won = result.value("games_won", json::object());
  long long w0 = num(won, players[0]), w1 = num(won, players[1]);
  Message m(!str(result, "match_winner").empty() ? "piquet.match.won"
            : w0 == w1                           ? "piquet.match.level"
                                                 : "piquet.match.leads");
  return m
      .text("player", !str(result, "match_winner").empty() ? str(result, "match_winner")
                      : w0 >= w1                           ? players[0]
                                                           : players[1])
      .number("high", std::max(w0, w1))
      .number("low", std::min(w0, w1));
}

}  // namespace

Message deal_message(const json& record, const json& entry, const std::vector<std::string>& players) {
  const json b = entry.is_object() ? entry.value("breakdown", json::object()) : json::object();
  const std::string kind = str(b, "entry");
  if (players.size() != 2 || kind.empty()) return {};
  if (kind == "redeal")
    return Message("piquet.deal.redeal")
        .text("given", str(b, "reason").empty() ? "no" : "yes")
        .text("reason", str(b, "reason"))
        .text("dealer", str(b, "dealer"));
  const json deltas = entry.value("deltas", json::object());
  if (kind == "totals")
    return Message("piquet.deal.totals")
        .text("first", players[0])
        .number("first_total", num(deltas, players[0]))
        .text("second", players[1])
        .number("second_total", num(deltas, players[1]))
        .message("notes", notes_message(record, b));
  return Message("piquet.deal")
      .message("bonuses", bonus_message(b))
      .message("first", player_message(record, b, players[0]))
      .message("second", player_message(record, b, players[1]))
      .message("notes", notes_message(record, b));
}

Message outcome_message(const json& score) {
  const json result = score.value("result", json::object());
  const json totals = score.value("totals", json::object());
  std::vector<std::string> players;
  for (const auto& p : score.value("players", json::array()))
    if (p.is_string()) players.push_back(p.get<std::string>());
  if (players.size() != 2) return {};
  const bool finished = score.value("finished", false);
  const int lead = num(totals, players[0]) == num(totals, players[1])  ? -1
                   : num(totals, players[0]) > num(totals, players[1]) ? 0
                                                                       : 1;
  const std::string a = lead == 1 ? players[1] : players[0], b = lead == 1 ? players[0] : players[1];
  // the players first and second by their totals (in set-up order when level), the deals, the target
  auto standing = [&](const char* id) {
    return Message(id)
        .text("winner", str(result, "winner"))
        .text("first", a)
        .text("second", b)
        .number("first_total", num(totals, a))
        .number("second_total", num(totals, b))
        .number("deals", num(result, "deals"));
  };
  if (str(result, "mode") == "rubicon") {
    if (finished && result.value("drawn", false)) return standing("piquet.partie.drawn");
    const char* id = finished ? "piquet.partie.won" : lead < 0 ? "piquet.partie.level" : "piquet.partie.leads";
    return standing(id)
        .number("scheduled", num(result, "scheduled_deals"))
        .number("score", num(result, "game_score"))
        .text("rubiconed", result.value("rubiconed", false) ? "yes" : "no");
  }
  const char* id = finished ? "piquet.game.won" : lead < 0 ? "piquet.game.level" : "piquet.game.leads";
  return standing(id)
      .number("target", num(result, "target"))
      .text("counting_two", num(result, "game_value") == 2 ? "yes" : "no")
      .message("match", str(result, "match") == "single" ? Message() : match_message(result, players));
}

const text::Catalogue& catalogue() {
  static const text::Catalogue& c = *new text::Catalogue([] {
    text::Catalogue x;
    x.patterns.reserve(167);  // the patterns below: one allocation
    x.fallback = &default_catalogue();
    x.labels = &labels;
    x.add("piquet.title", "Piquet");  // title() in the reader's language (sheets, site, tournament papers)
    x.add("piquet.list", "{item}{rest}");
    x.add("piquet.list.more", ", {item}{rest}");
    x.add("piquet.notes", "; {item}{rest}");
    x.add("piquet.deal.redeal", "redeal{given, select, yes { ({reason})} other {}}: {dealer} deals again");
    x.add("piquet.deal.totals", "{first} {first_total}, {second} {second_total} (deal totals){notes}");
    x.add("piquet.deal", "{bonuses}{first}; {second}{notes}");
    x.add("piquet.bonuses", "{list} — ");
    x.add("piquet.bonus.repique", "{player} repique");
    x.add("piquet.bonus.pique", "{player} pique");
    x.add("piquet.bonus.capot", "{player} capot");
    x.add("piquet.player", "{player} {total}{items}");
    x.add("piquet.items", ": {list}");
    x.add("piquet.item.carte_blanche", "carte blanche");
    x.add("piquet.item.point", "point {cards}");
    x.add("piquet.item.cards", "the cards");
    // a sequence by its length, a rank by its index (7 .. A)
    x.add(
        "piquet.sequence.major",
        "{length, plural, =3 {tierce} =4 {quart} =5 {quint} =6 {sixieme} =7 {septieme} =8 {huitieme} other {{length}}} "
        "major");
    x.add(
        "piquet.sequence.minor",
        "{length, plural, =3 {tierce} =4 {quart} =5 {quint} =6 {sixieme} =7 {septieme} =8 {huitieme} other {{length}}} "
        "minor");
    x.add(
        "piquet.sequence.to",
        "{length, plural, =3 {tierce} =4 {quart} =5 {quint} =6 {sixieme} =7 {septieme} =8 {huitieme} other {{length}}} "
        "to the {top, plural, =0 {seven} =1 {eight} =2 {nine} =3 {ten} =4 {knave} =5 {queen} =6 {king} other {ace}}");
    x.add("piquet.sequence.unknown", "a sequence");
    x.add(
        "piquet.set",
        "{count, plural, =4 {quatorze} other {trio}} of "
        "{rank, plural, =0 {sevens} =1 {eights} =2 {nines} =3 {tens} =4 {knaves} =5 {queens} =6 {kings} other {aces}}");
    x.add("piquet.set.unknown", "a set");
    x.add("piquet.note.points_equal", "points equal");
    x.add("piquet.note.sequences_equal", "sequences equal");
    x.add("piquet.note.cards_divided", "cards divided");
    x.add("piquet.note.concession", "{player} threw in his hand");
    x.add("piquet.note.reckons_nothing", "{player} reckons nothing");
    x.add("piquet.note.counts_twice", "counts double");
    x.add("piquet.note.game_won",
          "{player} wins the game{where, select, carte_blanche { in the carte blanche} point { in the point} "
          "sequences { in the sequences} sets { in the sets} play { in the play} other {}}");
    x.add("piquet.match.won", "; {player} wins the match {high}-{low}");
    x.add("piquet.match.level", "; the match stands at {high}-{low}");
    x.add("piquet.match.leads", "; {player} leads the match {high}-{low}");
    x.add("piquet.partie.drawn", "The partie is drawn, {first_total} all after {deals} deals: no score");
    x.add("piquet.partie.won", "{winner} wins the partie {first_total} to {second_total} and scores {score}: "
                               "{rubiconed, select, yes {{second} is rubiconed} other {{second} crossed the Rubicon}}");
    x.add("piquet.partie.level", "{first} and {second} are level at {first_total} after deal {deals} of {scheduled}");
    x.add("piquet.partie.leads",
          "{first} leads {first_total} to {second_total} after deal {deals} of {scheduled} ({score} if it ended now: "
          "{rubiconed, select, yes {{second} is rubiconed} other {{second} crossed the Rubicon}})");
    x.add(
        "piquet.game.won",
        "{winner} wins the game {first_total} to {second_total}{counting_two, select, yes {, counting 2} other {}}{match}");
    x.add("piquet.game.level", "{first} and {second} are level at {first_total} (target {target})");
    x.add("piquet.game.leads", "{first} leads {first_total} to {second_total} (target {target})");
    // refusals and warnings (piquet_hand.cpp): ICU MessageFormat, so a quote around a placeholder is written twice
    // (''{field}'') and a brace of the text is quoted ('{elder: n, younger: n}')
    x.add("piquet.err.role", "{value} is not a role of this deal; {field} is null, \"elder\" or \"younger\"{rule}");
    x.add("piquet.err.point_missing", "missing: Elder must always call a point (point: '{winner, cards, pips}')");
    x.add("piquet.err.point_winner",
          "{given, select, yes {{value} is not allowed} other {missing}}: Elder must always call a point; "
          "point.winner is \"elder\", \"younger\" or \"equal\"");
    x.add("piquet.err.point_cards",
          "{given, select, yes {{value} is not allowed} other {missing}}: the point is a whole number of cards from 1 "
          "to 8");
    x.add("piquet.err.point_short",
          "a point of {cards}: every 12-card hand has a suit of at least 3 cards — is {cards} a typo?");
    x.add("piquet.err.point_pips", "{value} is not a whole number of pips");
    x.add("piquet.err.point_pips_range",
          "{cards} cards cannot make {pips, number, ::group-off} (possible: {single, select, yes {{lo}} other "
          "{{lo}–{hi}}})");
    x.add("piquet.err.point_pips_required",
          "missing: the old-rule point (point_scoring = pips_rounded) needs the pip value");
    x.add("piquet.err.sequences_empty",
          "Sequence winner given but no sequence listed: list the sequences {role} scored");
    x.add("piquet.err.sequences_unwon",
          "sequences listed but winner is {winner}: only the winner of the sequences scores (name elder or younger)");
    x.add("piquet.err.sequences_cards", "these sequences need {cards} cards; a hand has 12");
    x.add("piquet.err.sets_empty", "Sets winner given but no set listed: list the trios / quatorzes {role} scored");
    x.add("piquet.err.sets_unwon", "sets listed but winner is {winner}: only the winner of the sets scores");
    x.add("piquet.err.set_duplicate", "two sets of {rank} listed: a rank makes at most one set");
    x.add("piquet.err.pair_type", "must be an object '{elder: n, younger: n}'");
    x.add("piquet.err.pair_key", "''{key}'' is not a role; the keys are elder and younger");
    x.add("piquet.err.pair_missing", "{role} is missing (both elder and younger are required)");
    x.add("piquet.err.pair_value", "{role} {value} is not allowed: {rule}");
    x.add("piquet.err.tricks_range", "tricks are 0 to 12 each");
    x.add("piquet.err.play_range", "play points are 0 to 13 each");
    x.add("piquet.err.check_totals_range", "a deal total is 0 to 174");
    x.add("piquet.err.concession_mode",
          "Conceding the play is only allowed in the final deal of a Rubicon partie; this is a classic game");
    x.add("piquet.err.concession_deal",
          "Conceding the play is only allowed in the final deal of a partie: this is deal {deal}, the last is deal "
          "{last}");
    x.add("piquet.err.concession_play",
          "a conceded deal is not played: remove {field} (the concession gives the opponent 13 and 10)");
    x.add("piquet.err.tricks_missing",
          "missing: the tricks each player took, '{elder: n, younger: n}' adding up to 12");
    x.add("piquet.err.tricks_sum", "Tricks add up to {sum} ({elder} + {younger}), must be 12");
    x.add("piquet.err.play_missing",
          "missing: the points each player made in play (leads, captures, last trick), '{elder: n, younger: n}'");
    x.add("piquet.err.after_end",
          "Ignored: the game was won during the {during, select, carte_blanche {carte blanche} other {{during}}} "
          "({player} reached {target, number, ::group-off})");
    x.add("piquet.err.play_infeasible",
          "elder {elder}, younger {younger} cannot arise: with {elder_tricks} tricks to {younger_tricks}, elder's play "
          "points can only be {elder_range}, younger's {younger_range}, in the combinations {pairs}");
    x.add(
        "piquet.err.play_old_max",
        "elder {elder}, younger {younger} cannot arise: with {elder_tricks} tricks to {younger_tricks} elder makes at "
        "most {elder_max} and younger at most {younger_max} in play");
    x.add("piquet.err.play_old_last", "0 and 0: someone won the last trick, which always scores 1");
    x.add("piquet.err.card_count", "The record needs {total} cards of rank {rank} ({who}); the pack has 4");
    x.add("piquet.card.role", "{role, select, elder {elder} other {younger}}: {parts}");
    x.add("piquet.card.set", "{count, plural, =4 {quatorze} other {trio}} of {rank}");
    x.add("piquet.card.sequence", "{name} to the {rank}{equal, select, yes { (equal)} other {}}");
    x.add("piquet.err.hand_size",
          "{role, select, elder {Elder} other {Younger}}'s combinations need {cards} cards; a hand has 12");
    x.add("piquet.err.combinations_max",
          "{role} scores {points} in point, sequences and sets: no 12-card hand makes more than {max}"
          "{blanche, select, yes { after a carte blanche} other { in combinations}}");
    x.add("piquet.err.sunk_point",
          "{role, select, elder {Elder} other {Younger}} held a {longest}-card suit but lost the point with {cards} — "
          "sunk point?");
    x.add("piquet.err.not_a_player", "{value} is not a player of this game ({first}, {second})");
    x.add("piquet.err.totals_field",
          "''{field}'' belongs to a detail entry; a totals entry carries only totals, dealer and game_winner");
    x.add("piquet.err.unknown_field", "''{field}'' is not a piquet deal field; ignored");
    x.add("piquet.err.totals_missing", "a totals entry needs totals: '{'\"{first}\": n, \"{second}\": n'}'");
    x.add("piquet.err.totals_player_missing", "the deal score of {player} is missing (both players are required)");
    x.add("piquet.err.totals_range",
          "{player}: {value} is not a whole number from 0 to 174; no deal can score more than 174");
    x.add("piquet.err.elder_zero",
          "{player} (elder) scored 0: elder always scores at least 1 for the first lead (unless conceding or "
          "penalised)");
    x.add("piquet.err.point_type", "must be an object '{winner, cards, pips}'");
    x.add("piquet.err.sequence_type", "{value} is not a sequence '{length, top}'");
    x.add(
        "piquet.err.sequence_length",
        "{given, select, yes {{value}} other {a missing length}} is not a sequence length: a sequence has 3 to 8 cards");
    x.add("piquet.err.sequence_rank",
          "{given, select, yes {{value}} other {a missing top}} is not a rank (A, K, Q, J, 10, 9, 8, 7)");
    x.add("piquet.err.sequence_top",
          "a {length, plural, =3 {tierce} =4 {quart} =5 {quint} =6 {sixieme} =7 {septieme} =8 {huitieme} other "
          "{{length}}} cannot be headed by a {top} ({lowest} is only {cards, plural, one {{cards} card} other {{cards} "
          "cards}})");
    x.add("piquet.err.winner_scored_type", "must be an object '{winner, scored}'");
    x.add("piquet.err.sequences_winner",
          "{value} is not allowed; sequences.winner is \"elder\", \"younger\", \"equal\" or \"none\"");
    x.add("piquet.err.sequences_scored", "must be an array of '{length, top}'");
    x.add("piquet.err.equal_to_ignored", "equal_to is informative only when sequences.winner is \"equal\"; ignored");
    x.add("piquet.err.sets_equal",
          "\"equal\" is impossible: two players cannot hold sets of the same rank and size (sets.winner is elder, "
          "younger or none)");
    x.add("piquet.err.sets_winner", "{value} is not allowed; sets.winner is \"elder\", \"younger\" or \"none\"");
    x.add("piquet.err.sets_scored", "must be an array of '{rank, count}'");
    x.add("piquet.err.set_type", "{value} is not a set '{rank, count}'");
    x.add("piquet.err.set_rank",
          "{given, select, yes {{value}} other {a missing rank}} is not a rank (A, K, Q, J, 10)");
    x.add("piquet.err.set_low", "a set of {rank}s: sets of nines or lower do not score (A, K, Q, J, 10)");
    x.add("piquet.err.set_count",
          "{given, select, yes {{value}} other {a missing count}} is not a set size: 3 (trio) or 4 (quatorze)");
    x.add("piquet.err.detail_totals", "a detail entry has no totals; use entry \"totals\" to record deal totals only");
    x.add("piquet.err.carte_blanche_both",
          "\"both\" is impossible: both players cannot hold a carte blanche, the pack has only 20 cards without K/Q/J");
    x.add("piquet.err.pique_type", "{value} is not allowed: pique is null, true or false");
    x.add("piquet.err.blank_courts",
          "{role} showed a carte blanche but his scored combinations need {courts} court cards (K/Q/J); after the "
          "exchange a blank holder has at most 7");
    // the hand's fields as typed (piquet_fields.cpp)
    x.add("piquet.err.cli_role", "''{value}'' is neither a player ({first}, {second}) nor elder / younger");
    x.add("piquet.err.cli_roles", "cannot tell whether {player} is elder or younger: give dealer=NAME");
    x.add("piquet.err.cli_length",
          "''{value}'' is not a sequence length (3-8, tierce, quart, quint, sixieme, septieme, huitieme)");
    x.add("piquet.err.cli_set_kind", "''{value}'' is not a set kind (trio or quatorze)");
    x.add("piquet.err.cli_pair", "''{value}'' is not NAME:NUMBER (e.g. {key}={player}:7)");
    x.add("piquet.err.cli_point",
          "''{value}'' is not NAME:CARDS[:PIPS] or equal:CARDS[:PIPS] (e.g. point={player}:5:49)");
    x.add("piquet.err.cli_yes_no", "''{value}'' is not yes or no");
    x.add("piquet.err.cli_player", "''{value}'' is not a player ({first}, {second})");
    x.add("piquet.err.cli_totals", "''{value}'' is not PLAYER:POINTS (e.g. totals={first}:27,{second}:13)");
    x.add("piquet.err.cli_unknown", "unknown field ''{key}''; the piquet hand fields are: {fields}");
    // the deal's score (piquet_score.cpp)
    x.add("piquet.err.pique_impossible", "Pique is impossible: {why}");
    x.add("piquet.err.why.elder_repiqued", "elder repiqued (a player who repiqued cannot also pique)");
    x.add("piquet.err.why.younger_repiqued", "younger repiqued");
    x.add("piquet.err.why.younger_scored", "younger scored {points} in declarations");
    x.add("piquet.err.why.elder_conceded", "elder conceded the play");
    x.add("piquet.err.why.conceded_no_pique",
          "a conceded deal earns no pique from its 13 play points (Cavendish, Case XXII; option concession_pique=true "
          "for the older reading)");
    x.add("piquet.err.why.reaches_only", "elder reaches only {points}");
    x.add("piquet.err.why.counts_only", "elder counts only {declarations} + {play} = {total} in declarations and play");
    x.add("piquet.err.why.runs",
          "elder has {declarations} in declarations and wins at most {runs} trick(s) in a row from the first, so he "
          "cannot reach 30 before younger scores");
    x.add("piquet.err.pique_certain",
          "Pique is certain: younger conceded and elder counts {declarations} + 13 = {total} before younger scores "
          "(concession_pique=true)");
    x.add("piquet.err.pique_false",
          "false contradicts the record: elder has {declarations} in declarations and every trick order giving these "
          "play points lets him reach 30 before younger scores — pique");
    x.add("piquet.err.pique_needed",
          "missing: cannot tell whether elder piqued (elder has {declarations} in declarations; he won between {lo} "
          "and {hi} tricks in a row from the first): record pique true or false");
    x.add("piquet.err.check_totals",
          "Computed {elder} / {younger}, entered {elder_entered} / {younger_entered} (elder / younger)");
    x.add("piquet.err.concession_hopeful",
          "{player} conceded but could still have reached 100 ({before, number, ::group-off} + {declarations} in "
          "declarations + up to 53 in play and cards)");
    // the game's course (piquet_game.cpp)
    x.add("piquet.err.dealer",
          "{player} cannot deal now: {why, select, redeal {{dealer}'s deal was void (redeal), so {dealer} deals again} "
          "first {deal {deal} must be dealt by {dealer} (first_dealer)} other {{other} dealt deal {previous}; deal "
          "{deal} must be dealt by {dealer}}} (the deal alternates)");
    x.add("piquet.err.entry", "{value} is not a record kind; entry is \"detail\" (default) or \"totals\"");
    x.add("piquet.err.redeal", "{value} is not true or false");
    x.add("piquet.err.redeal_scores",
          "A redeal carries no scores: remove ''{field}'' (a void deal has only dealer and reason)");
    x.add("piquet.err.reason", "must be a text");
    x.add("piquet.err.game_winner_classic", "game_winner ignored: it is used only in the classic game");
    // the set-up (piquet_options.cpp)
    x.add("piquet.err.players_missing", "missing: Piquet needs exactly 2 players, e.g. players: [\"Ann\", \"Ben\"]");
    x.add("piquet.err.player_name", "{value} is not a player name");
    x.add("piquet.err.players_count", "Piquet is for exactly 2 players; got {count, number, ::group-off} ({players})");
    x.add("piquet.err.players_distinct", "the two players must have different names (both are \"{name}\")");
    x.add("piquet.err.players_reserved", "\"{name}\" cannot be a player name in piquet (it is a deal-breakdown key)");
    // the end of the game, game_winner (piquet_game.cpp)
    x.add("piquet.err.game_over_classic",
          "the game was won by {winner} ({first} {first_total}, {second} {second_total}); no deal can follow it — "
          "start a new game for the next one");
    x.add(
        "piquet.err.game_over_partie",
        "the partie ended after deal {deals} ({first} {first_total}, {second} {second_total}); no deal can follow it");
    x.add("piquet.err.game_winner_totals",
          "missing: both players are on or above the target {target} after this deal ({first} {first_total}, "
          "{second} {second_total}) and a totals entry cannot tell who reached it first (game_winner=NAME)");
    x.add("piquet.err.game_winner_play",
          "missing: both players end the deal on {first_total}, on or above the target: record who reached it first "
          "in the play (game_winner=NAME)");
    x.add("piquet.warn.game_winner_unneeded",
          "game_winner {name} ignored: it is needed only when both players end the deal on or above the target "
          "{entry, select, totals {(totals entry)} other {with equal totals}}");
    x.add("piquet.warn.game_winner_reached", "game_winner ignored: {name} reached the target during the {during}");
    // the command line's words (piquet_fields.cpp)
    x.add("piquet.err.cli_game_over",
          "this {mode, select, rubicon {partie} other {game}} is finished ({result}); start a new one for the next "
          "deal");
    x.add("piquet.err.cli_start_pair", "''{value}'' is not PLAYER:NUMBER");
    x.add("piquet.err.cli_elder_players", "elder=NAME needs players=A,B first (two players)");
    x.add("piquet.err.cli_elder", "''{value}'' is not one of the players");
    x.add("piquet.err.cli_equal", "''{value}'' is not equal or equal:LEN:TOP");
    x.add("piquet.err.cli_item",
          "''{value}'' is not {field, select, sets {KIND:RANK (e.g. sets={player}:quatorze:10,trio:Q)} other "
          "{LEN:TOP (e.g. seq={player}:quart:A,tierce:9)}}");
    // a paper game resumed: start (piquet_options.cpp)
    x.add("piquet.err.start_shape", "must be an object '{'totals, deals, games_won, balance'}'");
    x.add("piquet.err.start_field", "''{key}'' is not a resume field; start has totals, deals, games_won, balance");
    x.add("piquet.err.start_map", "must be an object '{'\"{first}\": n, \"{second}\": n'}'");
    x.add("piquet.err.start_player", "''{value}'' is not a player of this game ({first}, {second})");
    x.add("piquet.err.start_number",
          "{name}: {value} is not a whole number{negative, select, yes {} other { of at least 0}}");
    x.add("piquet.err.start_deals", "{value} is not a number of deals (0 or more)");
    x.add("piquet.err.start_game_over",
          "{name} already has {total}, at or above the target {target}: that game is over");
    x.add("piquet.err.start_match_over", "{name} already won {won} game(s): the match ({match}) is over");
    x.add("piquet.err.start_balance_classic", "balance is the Rubicon session balance; this is a classic game");
    x.add("piquet.err.start_games_won_rubicon", "games_won counts classic games; this is a Rubicon partie");
    x.add("piquet.err.start_partie_over",
          "{deals} deals already played: that partie is over ({base} deals, two more only on a tie)");
    x.add("piquet.err.start_balance_sum", "a session balance is zero-sum: {first} and {second} do not add up to 0");
    x.add("piquet.err.first_dealer_missing",
          "missing: the player who deals the first deal (the result of the cut; dealer=NAME or elder=NAME)");
    x.add("piquet.err.first_dealer", "{value} is not one of the players ({players})");
    x.add("piquet.err.setup_field",
          "''{field}'' is not a piquet set-up field (players, first_dealer, options, start); ignored");
    x.add("piquet.err.totals_low", "the two deal scores add up to {sum}: the play alone gives at least 13");
    return x;
  }());
  return c;
}

}  // namespace marque::rules::piquet
