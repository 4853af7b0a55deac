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

// Items one after the other: each said by `id` with {item} and the rest in {rest} ("piquet.list": ", " between
// them; "piquet.notes": "; " before each).
Message chain(const std::vector<Message>& items, const char* id, size_t from = 0) {
  Message rest;
  for (size_t i = items.size(); i-- > from;)
    rest = Message(id).message("item", items[i]).message("rest", std::move(rest));
  return rest;
}
// "a, b, c"
Message listed(const std::vector<Message>& items) {
  return Message("piquet.list").message("item", items.front()).message("rest", chain(items, "piquet.list.more", 1));
}

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
  static const text::Catalogue c = [] {
    text::Catalogue x = default_catalogue();
    x.labels = &labels();
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
    return x;
  }();
  return c;
}

}  // namespace marque::rules::piquet
