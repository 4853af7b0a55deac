// Helpers the use cases share: loading a stored game as a file, replaying it, deriving what is stored beside
// the records (summary, seats, postings), names as the players table spells them.
#include "app/internal.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <utility>
#include <vector>

#include "core/date.hpp"
#include "core/unicode.hpp"

#include <functional>
#include "core/language.hpp"

namespace marque::app {

const text::Catalogue& catalogue() {
  static const text::Catalogue& c = *new text::Catalogue([] {
    text::Catalogue x;
    x.patterns.reserve(65);  // the patterns below: one allocation
    x.fallback = &rules::default_catalogue();
    // ICU MessageFormat: a quote around a placeholder is written twice (''{value}'')
    // a correction refused (hands.cpp): the game no longer replays after it
    x.add("app.err.no_longer_replays", "with this change the game no longer replays");
    x.add("app.err.later_hand", "with this change hand {hand} no longer fits: {message}");
    x.add("app.err.ends_game",
          "with this change the game is over after hand {no}{has_result, select, yes { ({result})} other {}}, but "
          "{one, select, yes {hand {first} was} other {hands {first} to {last} were}} played after it: delete "
          "{one, select, yes {it} other {them}} first, or change hand {no} otherwise");
    // typed key=value words (words.cpp)
    x.add("app.err.duplicate_key", "{key} is given twice ({first} and {second}); give it once");
    x.add("app.err.empty_item", "''{value}'' has an empty item between commas");
    x.add("app.err.seat_empty", "seat {seat} has no player: choose one");
    x.add("app.err.name_separator",
          "''{name}'' holds a '','' or ''='': a player''s name cannot (the players are listed with commas)");
    x.add("app.err.no_player_chosen", "no player chosen");
    // an export bundle (import_export.cpp)
    x.add("app.err.bundle_players", "must be an array of names");
    x.add("app.err.bundle_player", "must be a string (a name)");
    x.add("app.err.bundle_nights", "must be an array of nights");
    x.add("app.err.bundle_night", "must be an object '{'id, date, venue, league, note'}'");
    x.add("app.err.bundle_night_id", "must be an integer (the night's id in the bundle)");
    x.add("app.err.bundle_night_twice", "{id} is the id of an earlier night too");
    x.add("app.err.bundle_string", "must be a string");
    x.add("app.err.bundle_night_date", "is empty or missing; a night needs its date (YYYY-MM-DD, e.g. 2026-11-20)");
    x.add("app.err.bundle_seasons", "must be an array of seasons");
    x.add("app.err.bundle_season", "must be an object '{'name, league, from, to'}'");
    x.add("app.err.bundle_season_string", "must be a non-empty string");
    x.add("app.err.bundle_season_order", "a season ends on or after its first day");
    x.add("app.err.bundle_season_other", "league {league} has a season named {name} already, from {from} to {to}");
    x.add("app.err.bundle_version",
          "\"{format}\" is a version this marque does not know; it reads \"marque-export/1\" (a bundle) and "
          "\"marque-game/1\" (a game)");
    x.add("app.err.bundle_games", "a marque-export/1 document needs a games array");
    // a tournament's CSV of entrants (tournament.cpp) and its papers (tournament_print.cpp)
    x.add("app.err.entrants_empty", "no entrants: the file is empty");
    x.add("app.err.entrants_header", "the first line names the columns: name[,licence,club,...]");
    x.add("app.err.entrants_column",
          "unknown column \"{column}\" (name, id, licence, club, players, fixed_table, checked_in)");
    x.add("app.err.entrant_name", "an entrant needs a name");
    x.add("app.err.entrant_fixed_table", "fixed_table is a table number (1, 2, ...)");
    x.add("app.err.entrant_checked_in", "checked_in is yes or no");
    // a player's name (name_problem_words, check_identity_and_date)
    x.add("app.err.the_name", "the name {problem}");
    x.add("app.err.name_empty", "is empty");
    x.add("app.err.name_control",
          "{name} holds a control character ({kind, select, tab {a tab, } lf {a line feed, } cr {a carriage return, } "
          "esc {an escape, } other {}}{code}): a name is one line of visible text");
    x.add("app.err.players_case",
          "\"{first}\" and \"{second}\" differ only in {spaces, select, yes {the spaces around them} other {case}}: "
          "marque takes them for the same player; give two different names");
    // a tournament's changes (tournament.cpp): entrants, rounds, results
    x.add("app.err.t_unknown_entrant", "unknown entrant \"{who}\" in {event}");
    x.add("app.err.t_no_round", "no round has been drawn yet");
    x.add("app.err.t_round_not_drawn", "round {round} is not drawn ({drawn} of {rounds} drawn)");
    x.add("app.err.t_no_table", "no table {table} in the draw of round {round} ({tables} tables)");
    x.add("app.err.t_slip_step", "\"{value}\" is not a number in steps of {step}");
    x.add("app.err.t_id_taken", "entrant id \"{id}\" is taken ({name})");
    x.add("app.err.t_registered", "\"{name}\" is registered already");
    x.add("app.err.t_team_two", "a team registers exactly 2 players (--player A --player B)");
    x.add("app.err.t_event_id", "an event id is 1 to 64 of a-z, 0-9 and - (\"{id}\")");
    x.add("app.err.t_event_exists", "an event \"{id}\" exists already in this database");
    x.add("app.err.t_event_name", "an event needs a name (--name)");
    x.add("app.err.t_late", "round 1 is drawn: an entrant who arrives now is a late arrival (tournament late)");
    x.add("app.err.t_drawn_already", "{name} is drawn already (round {round})");
    x.add("app.err.t_withdraw_round", "a withdrawal is after a round drawn (0 to {last})");
    x.add("app.err.t_withdrew", "{name} withdrew after round {round}");
    x.add("app.err.t_round_closed", "round {round} is closed");
    x.add("app.err.t_named_twice", "{name} is named twice");
    x.add("app.err.t_correction_reason", "round {round} is closed: a correction gives its reason (--reason TEXT)");
    x.add("app.err.t_override_reason", "an override gives its reason (--reason TEXT)");
    x.add("app.err.t_no_result", "table {table} has no result to confirm: enter its slip (tournament result)");
    x.add("app.err.t_closed_already", "round {round} is closed already");
    x.add("app.err.t_nothing_to_undo", "nothing to undo: {event} is as it was created");
    x.add("app.err.print_what", "what to print is one of cards, door, slips, ranking");
    x.add("app.err.print_round_not_drawn",
          "round {round} has not been drawn; the event has {rounds, plural, one {# round} other {# rounds}}");
    x.add("app.err.print_round_open", "round {round} is not closed: a ranking after it waits for its results");
    x.add("app.err.print_no_round", "the event has no round drawn yet: nothing to seat");
    x.add("app.err.print_url", "the server''s address starts with http:// or https:// (http://HOST:PORT)");
    // a date (core/date's date_problem as words): "\"2026-02-30\" is not a date: February 2026 has 28 days"
    x.add("app.err.date_is", "\"{value}\" is {problem}");
    x.add("app.err.date_format", "not a date: write YYYY-MM-DD (e.g. 2026-11-20)");
    x.add("app.err.date_year", "not a date: the year must be 0001 or later");
    x.add("app.err.date_month", "not a date: the month must be 01 to 12");
    x.add("app.err.date_days",
          "not a date: {month, select, m1 {January} m2 {February} m3 {March} m4 {April} m5 {May} m6 {June} "
          "m7 {July} m8 {August} m9 {September} m10 {October} m11 {November} other {December}} {year} has {days} days");
    return x;
  }());
  return c;
}

[[noreturn]] void not_found(int64_t id) {
  throw Error(k_exit_noinput,
              text::tr("app.no_game", "no game {id} in this database", text::Message().text("id", std::to_string(id))),
              text::tr("app.no_game.hint", "marque games lists them"));
}

[[noreturn]] void game_deleted(int64_t id) {
  const text::Message args = text::Message().text("id", std::to_string(id));
  throw Error(k_exit_noinput, text::tr("app.game_deleted", "game {id} was deleted", args),
              text::tr("app.game_deleted.hint", "marque undo -g {id} brings it back", args));
}

[[noreturn]] void no_night(int64_t id) {
  throw Error(k_exit_noinput,
              text::tr("app.no_night", "no night {id} in this database",
                       text::Message().text("id", std::to_string(id))),
              "marque night list");
}

storage::GameRow load_game(Store& store, int64_t id) {
  auto g = store.game(id);
  if (!g) not_found(id);
  return *g;
}

storage::GameRow load_game_to_replay(Store& store, int64_t id) {
  auto g = store.game_to_replay(id);
  if (!g) not_found(id);
  return std::move(*g);
}

namespace {
// live_game's refusals of the game `g`; `table_done`: whether it is a tournament table's game whose result is in
template <class TableDone>
void refuse_unless_live(Store& store, const storage::GameRow& g, const TableDone& table_done) {
  const int64_t id = g.id;
  if (g.ended == "deleted") game_deleted(id);
  if (g.ended == "closed" || g.ended == "abandoned")
    throw Error(k_exit_rejected,
                text::tr("app.game_ended",
                         "game {id} was {how, select, closed {closed} other {abandoned}}: it takes "
                         "no more changes",
                         text::Message().text("id", std::to_string(id)).text("how", g.ended)),
                text::tr("app.game_ended.hint", "marque game reopen {id} opens it again",
                         text::Message().text("id", std::to_string(id))));
  // a tournament table's game (tournament.md 4.3): no hand once its result is submitted or confirmed (a round is
  // closed only when all its tables are confirmed)
  if (!table_done()) return;
  if (auto t = store.tournament_table_of_game(id);
      t && (t->table.state == "submitted" || t->table.state == "confirmed"))
    throw Error(k_exit_rejected,
                text::tr("app.table_game_done",
                         "game {id} is table {table} of round {round} of {event}: its result is {state, select, "
                         "submitted {submitted} other {confirmed}}, it takes no more hands",
                         text::Message()
                             .text("id", std::to_string(id))
                             .text("table", std::to_string(t->table.table))
                             .text("round", std::to_string(t->table.round))
                             .text("event", t->event)
                             .text("state", t->table.state)),
                t->table.state == "submitted"
                    ? text::tr("app.table_game_done.submitted",
                               "a player of the table disputes it to reopen it (tournament dispute)")
                    : text::tr("app.table_game_done.confirmed",
                               "the organiser corrects a confirmed result (tournament result --reason)"));
}
}  // namespace

storage::GameRow live_game(Store& store, int64_t id) {
  auto g = load_game(store, id);
  refuse_unless_live(store, g, [] { return true; });
  return g;
}

storage::GameRow live_game_to_extend(Store& store, int64_t id) {
  auto g = store.game_to_replay(id, true);
  if (!g) not_found(id);
  refuse_unless_live(store, *g, [&g] { return g->table_state == "submitted" || g->table_state == "confirmed"; });
  return std::move(*g);
}

WriterScope::WriterScope(Session& session, Writer w)
    : m_session(session), m_saved(std::exchange(session.impl().writer, std::move(w))) {}
WriterScope::~WriterScope() { m_session.impl().writer = std::move(m_saved); }

GameInfo info_of(const storage::GameRow& g) {
  GameInfo out{g.id,    g.game,       g.setup,        g.meta,       g.summary,  g.status,
               g.ended, g.series_id,  g.source,       g.created_at, g.night_id, g.players,
               g.hands, g.hand_count, g.played_count, {},           g.damaged};
  out.seats.reserve(g.seats.size());
  for (const auto& s : g.seats) out.seats.push_back({s.place, s.points, s.team_result});
  return out;
}
HandInfo info_of(const storage::HandRow& h) {
  return {h.id, h.seq, h.no, h.record, h.score, h.score_text, h.source, h.recorded_at};
}
Change info_of(const storage::ChangeRow& c) {
  return {c.id, c.game_id, c.at, c.action, c.seq, c.no, c.before, c.after, c.undone, c.ref};
}
Night info_of(const storage::NightRow& n) { return {n.id, n.date, n.venue, n.league, n.note, n.games}; }
Season info_of(const storage::SeasonRow& s) { return {s.id, s.name, s.league, s.from, s.to, s.games}; }
Store::SummaryFilter stored_filter(const Filter& f) { return {f.league, f.game, f.players, f.from, f.to, f.season}; }

void focus_on(Store& store, int64_t id) { store.set_setting("focus", std::to_string(id)); }

int position_of(const std::vector<storage::HandRow>& hands, int64_t game_id, int no) {
  for (size_t i = 0; i < hands.size(); ++i)
    if (hands[i].no == no) return static_cast<int>(i) + 1;
  std::string have;
  if (hands.empty()) {
    have = text::tr("app.no_hands_yet", "it has no hands yet");
  } else {
    // "its hands are 1-9, 11-14"
    std::string list;
    size_t i = 0;
    bool first = true;
    while (i < hands.size()) {
      size_t k = i;
      while (k + 1 < hands.size() && hands[k + 1].no == hands[k].no + 1) ++k;
      list += (first ? "" : ", ") + std::to_string(hands[i].no) + (k > i ? "-" + std::to_string(hands[k].no) : "");
      first = false;
      i = k + 1;
    }
    have = text::tr("app.its_hands", "its hands are {list}", text::Message().text("list", list));
  }
  throw Error(
      k_exit_noinput,
      text::tr("app.no_hand", "game {id} has no hand {no} ({have})",
               text::Message().text("id", std::to_string(game_id)).text("no", std::to_string(no)).text("have", have)),
      text::tr("app.no_hand.hint", "marque list shows the hands with their numbers"));
}

int next_number(const std::vector<storage::HandRow>& hands) { return hands.empty() ? 1 : hands.back().no + 1; }

std::vector<int> numbers_of(const std::vector<storage::HandRow>& hands) {
  std::vector<int> out;
  out.reserve(hands.size());
  for (const auto& h : hands) out.push_back(h.no);
  return out;
}

namespace {
int number_at(const std::vector<int>& numbers, int position) {
  if (position <= 0) return position;
  if (static_cast<size_t>(position) <= numbers.size()) return numbers[static_cast<size_t>(position) - 1];
  return (numbers.empty() ? 0 : numbers.back()) + (position - static_cast<int>(numbers.size()));
}
}  // namespace

Diagnostics numbered(const Diagnostics& d, const std::vector<int>& numbers) {
  Diagnostics out;
  for (Diagnostic item : d.items()) {
    item.hand = number_at(numbers, item.hand);
    out.push(std::move(item));
  }
  return out;
}

Diagnostics only_hand_warnings(const Diagnostics& d, int no) {
  Diagnostics out;
  for (const auto& item : d.items())
    if (item.error || item.hand == no) out.push(item);
  return out;
}

rules::Replay replay_or_reject(const json& file, const std::vector<int>& numbers) {
  rules::Replay r = rules::replay(file);
  if (!r.ok) throw Rejected(numbered(r.diags, numbers));
  return r;
}

json file_from(const storage::GameRow& g, const std::vector<storage::HandRow>& hands) {
  json f = json::object();
  f["format"] = "marque-game/1";
  f["game"] = g.game;
  f["setup"] = g.setup;
  json hs = json::array();
  for (const auto& h : hands) hs.push_back(h.record);
  f["hands"] = std::move(hs);
  f["meta"] = g.meta;
  return f;
}

// Replay `file`; throw Rejected on errors.
rules::Replay replay_or_reject(const json& file) {
  rules::Replay r = rules::replay(file);
  if (!r.ok) throw Rejected(r.diags);
  return r;
}

// The derived per-game summary: the score document without its hands, plus the hand count.
ojson summary_of(const rules::Replay& r) {
  ojson s = ojson::object();
  for (auto it = r.score.begin(); it != r.score.end(); ++it)
    if (it.key() != "hands") s[it.key()] = it.value();
  s["hand_count"] = r.hands_played;
  return s;
}

// Each seat's standing (place, points, team result), reduced from a game's summary by the game's own rules.
std::vector<storage::SeatStanding> seats_from(const std::string& game, const std::vector<std::string>& players,
                                              const json& summary) {
  const rules::GameRules* rules = rules::find_game(game);
  if (!rules) return std::vector<storage::SeatStanding>(players.size());
  std::vector<storage::SeatStanding> out;
  for (auto& seat : rules->seats(summary, players)) {
    Amount points = seat.points;
    if (!points.express_in(rules->amount_denominator()))  // the rules promised whole units of 1/per: a bug
      throw std::logic_error("a seat's points are not a whole number of 1/" +
                             std::to_string(rules->amount_denominator()));
    out.push_back({seat.place, points, std::move(seat.team_result)});
  }
  return out;
}

std::string compact_dump(const ojson& j) { return json_text::compact(j); }

storage::GameDerived derived_of(const rules::Replay& r) {
  storage::GameDerived d;
  d.status = r.state->finished() ? "finished" : "open";
  const ojson summary = summary_of(r);
  d.summary = compact_dump(summary);
  d.hand_count = static_cast<int64_t>(r.hands_played);
  d.played_count = static_cast<int64_t>(r.deals_played);
  d.seats = seats_from(r.score["game"].get<std::string>(), r.state->players(), json(summary));
  if (std::optional<json> state = rules::saved_state(r)) d.state = state->dump();
  return d;
}

void store_summary(Store& store, int64_t game_id, const rules::Replay& r) { store.set_summary(game_id, derived_of(r)); }

// Store the derived scores of hands [from_seq, n] from a fresh replay.
void restore_scores(Store& store, int64_t game_id, const rules::Replay& r, int from_seq) {
  const auto& players = r.state->players();
  for (const auto& h : r.score["hands"]) {
    int seq = h["seq"].get<int>();
    if (seq < from_seq) continue;
    store.update_score(game_id, seq, h.dump(), deltas_of(h, players, per_of(r.score["game"].get<std::string>())));
  }
  store_summary(store, game_id, r);
}

std::vector<Diagnostic> warnings_of(const rules::Replay& r, int seq) {
  std::vector<Diagnostic> out;
  for (const auto& d : r.diags.items())
    if (!d.error && (seq == 0 || d.hand == seq)) out.push_back(d);
  return out;
}

HandOutcome outcome_from(rules::Replay& r, int64_t game_id, int seq, int no, bool stored,
                         const std::vector<int>& numbers) {
  HandOutcome o;
  o.game_id = game_id;
  o.seq = seq;
  o.no = no;
  // the entries score["hands"] leaves out: a game resumed from its stored state holds only the hands played since
  const ojson& hands = r.score["hands"];
  const size_t first = r.hands_played - hands.size();
  if (static_cast<size_t>(seq) > first && static_cast<size_t>(seq) - first <= hands.size())
    o.entry = hands[static_cast<size_t>(seq) - first - 1];
  o.score = r.score;
  Diagnostics ws;
  for (const auto& w : warnings_of(r, seq)) ws.push(w);
  o.warnings = numbered(ws, numbers).items();
  o.next_dealer = r.state->next_dealer();
  o.sitting_out = r.state->sitting_out();
  o.stored = stored;
  if (r.rules) o.sides = sides_of(*r.rules, *r.state, r.score, o.entry.is_object() ? &o.entry : nullptr);
  return o;
}

void describe(HandOutcome& o, const json& record) {
  const rules::GameRules* rules = rules::find_game(o.score.value("game", ""));
  if (!rules) return;
  std::vector<std::string> players;
  for (const auto& p : o.score["players"]) players.push_back(p.get<std::string>());
  if (!o.entry.is_null()) o.words = rules->hand_words(record, o.entry, players);
  if (o.score.value("finished", false)) o.result_words = rules->result_words(json(o.score));
  // made or failed, as the hand's entry says it (the terminal colours the words by it)
  if (o.entry.is_object()) o.made = rules->hand_facts(json::object(), json(o.entry), players).made;
}

namespace {

// `obj[key]` exactly, in units of 1/per (0 when absent)
template <class J>
Amount side_amount(const J& obj, const std::string& key, int64_t per) {
  if (!obj.is_object()) return Amount::whole(0, per);
  auto it = obj.find(key);
  if (it == obj.end()) return Amount::whole(0, per);
  auto a = amount_of(*it, per);
  // the rules promised whole units of 1/per (GameRules::amount_denominator): a bug, never bad input
  if (!a)
    throw std::logic_error("amount " + it->dump() + " is not a whole number of 1/" + std::to_string(per) + " points");
  return *a;
}

template <class J>
Sides sides_in(const rules::GameRules& rules, const rules::Game& game, const J& doc, const J* entry) {
  Sides out;
  const std::vector<rules::Side> sides = game.sides();
  const std::vector<std::string> players = game.players();
  out.teams = sides.size() != players.size() ||
              std::any_of(sides.begin(), sides.end(), [](const rules::Side& s) { return s.players.size() != 1; });
  if (out.teams) out.heading = game.sides_heading();
  // a game of players keeps its totals by player; a team game its sides' beside them (GameRules::side_key)
  const std::string prefix = out.teams ? game.side_key() + "_" : "";
  const int64_t per = rules.amount_denominator();
  const J none = J::object();
  const J& totals = doc.is_object() && doc.contains(prefix + "totals") ? doc[prefix + "totals"] : none;
  const J& deltas = entry && entry->is_object() && entry->contains(prefix + "deltas") ? (*entry)[prefix + "deltas"]
                                                                                      : none;
  for (const auto& s : sides)
    out.lines.push_back({s.id, s.label, s.players, side_amount(totals, s.id, per), side_amount(deltas, s.id, per)});
  return out;
}

}  // namespace

Sides sides_of(const rules::GameRules& rules, const rules::Game& game, const ojson& doc, const ojson* entry) {
  return sides_in(rules, game, doc, entry);
}

Sides sides_of(const rules::GameRules& rules, const rules::Game& game, const json& summary) {
  return sides_in<json>(rules, game, summary, nullptr);
}

Sides hand_sides(const GameView& v, const HandLine& h) {
  Sides s = v.sides;
  for (size_t i = 0; i < s.lines.size(); ++i) {
    s.lines[i].delta = i < h.side_deltas.size() ? h.side_deltas[i] : Amount{};
    s.lines[i].total = i < h.side_totals.size() ? h.side_totals[i] : Amount{};
  }
  return s;
}

Sides sides_of(const rules::Replay& r) {
  if (!r.ok || !r.rules || !r.state) return {};
  const ojson& hands = r.score.contains("hands") ? r.score["hands"] : ojson();
  return sides_of(*r.rules, *r.state, r.score, hands.is_array() && !hands.empty() ? &hands.back() : nullptr);
}

namespace {
// The control character at p[i] (C0, DEL, C1, the line and paragraph separators, the bidi embeddings and isolates)
// and its length in bytes, or 0.
unsigned control_at(const unsigned char* p, size_t n, size_t i, size_t& len) {
  len = 1;
  if (p[i] < 0x20 || p[i] == 0x7F) return p[i];
  if (p[i] == 0xC2 && i + 1 < n && p[i + 1] >= 0x80 && p[i + 1] <= 0x9F) {
    len = 2;
    return p[i + 1];
  }
  if (p[i] == 0xE2 && i + 2 < n &&
      ((p[i + 1] == 0x80 && p[i + 2] >= 0xA8 && p[i + 2] <= 0xAE) ||
       (p[i + 1] == 0x81 && p[i + 2] >= 0xA6 && p[i + 2] <= 0xA9))) {
    len = 3;
    return 0x2000 | ((p[i + 1] & 0x3Fu) << 6) | (p[i + 2] & 0x3Fu);
  }
  return 0;
}

std::string code_point(unsigned cp) {
  char hex[16];
  std::snprintf(hex, sizeof hex, "U+%04X", cp);
  return hex;
}

// A name as a message shows it: in quotes, each control character written as its code point (<U+000A>), so the
// message stays one line and shows what was typed.
std::string shown_name(const std::string& name) {
  const auto* p = reinterpret_cast<const unsigned char*>(name.data());
  std::string out = "\"";
  for (size_t i = 0, len = 1; i < name.size(); i += len)
    if (unsigned cp = control_at(p, name.size(), i, len))
      out += "<" + code_point(cp) + ">";
    else
      out += name[i];
  return out + "\"";
}
}  // namespace

[[noreturn]] void no_longer_replays(int64_t game_id, const Diagnostics& d) {
  const std::string first = d.errors().empty() ? text::tr("app.replay_unknown", "unknown") : d.errors().front().text();
  throw Error(k_exit_dataerr,
              text::tr("app.no_longer_replays", "game {id} no longer replays: {first}",
                       text::Message().text("id", std::to_string(game_id)).text("first", first)),
              text::tr("app.no_longer_replays.hint", "run marque check"));
}

text::Message date_problem_words(std::string_view s) {
  const std::string problem = date_problem(s);
  if (problem.empty()) return {};
  if (problem.find("YYYY") != std::string::npos) return text::Message("app.err.date_format");
  if (problem.find("year") != std::string::npos) return text::Message("app.err.date_year");
  if (problem.find("month must") != std::string::npos) return text::Message("app.err.date_month");
  const int y = std::stoi(std::string(s.substr(0, 4))), m = std::stoi(std::string(s.substr(5, 2)));
  // the days of the month as date_problem says them ("... has 28 days")
  const size_t has = problem.rfind(" has ");
  return text::Message("app.err.date_days")
      .text("month", "m" + std::to_string(m))
      .text("year", std::to_string(y))
      .text("days", problem.substr(has + 5, problem.size() - has - 10));
}

text::Message date_words(std::string_view s) {
  return text::Message("app.err.date_is").text("value", std::string(s)).message("problem", date_problem_words(s));
}

text::Message name_problem_words(const std::string& name) {
  if (name.find_first_not_of(" \t") == std::string::npos) return text::Message("app.err.name_empty");
  const auto* p = reinterpret_cast<const unsigned char*>(name.data());
  for (size_t i = 0, len = 1; i < name.size(); i += len)
    if (unsigned cp = control_at(p, name.size(), i, len)) {
      const char* what = cp == 0x09 ? "tab" : cp == 0x0A ? "lf" : cp == 0x0D ? "cr" : cp == 0x1B ? "esc" : "other";
      return text::Message("app.err.name_control")
          .text("name", shown_name(name))
          .text("kind", what)
          .text("code", code_point(cp));
    }
  return {};
}

std::string name_problem(const std::string& name) {
  const text::Message m = name_problem_words(name);
  return m.empty() ? std::string() : text::say(m, catalogue());
}

std::string trimmed_name(const std::string& name) {
  const size_t b = name.find_first_not_of(" \t"), e = name.find_last_not_of(" \t");
  return b == std::string::npos ? std::string() : name.substr(b, e - b + 1);
}

void check_identity_and_date(const std::vector<std::string>& players, const json& meta, const std::string& name) {
  Diagnostics d;
  for (const auto& p : players)
    if (text::Message problem = name_problem_words(p); !problem.empty())
      d.error("setup.players", "setup.players_name", text::Message("app.err.the_name").message("problem", problem),
              catalogue());
  for (size_t i = 0; i < players.size(); ++i)
    for (size_t k = 0; k < i; ++k)
      if (unicode::same_name(trimmed_name(players[i]), trimmed_name(players[k])))
        d.error("setup.players", "setup.players_case",
                text::Message("app.err.players_case")
                    .text("first", players[k])
                    .text("second", players[i])
                    .text("spaces", players[i] != players[k] && trimmed_name(players[i]) == trimmed_name(players[k])
                                        ? "yes"
                                        : "no"),
                catalogue());
  if (meta.is_object() && meta.contains("date") && meta["date"].is_string() &&
      !meta["date"].get<std::string>().empty()) {
    if (!is_valid_date(meta["date"].get<std::string>()))
      d.error("meta.date", "meta.date", date_words(meta["date"].get<std::string>()), catalogue());
  }
  if (d.has_errors()) throw Rejected(d, name);
}

// A game names each player as the players table spells them: a game started or imported with "ann" when
// "Ann" exists is Ann's game, in its set-up and in every record. The respellings needed (given -> stored).
std::vector<std::pair<std::string, std::string>> respellings(Store& store, const std::vector<std::string>& players) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& p : players) {
    std::string canon = store.player_name(trimmed_name(p));
    if (canon.empty()) canon = trimmed_name(p);
    if (canon != p) out.emplace_back(p, std::move(canon));
  }
  return out;
}
void each_name(const json& doc, const std::vector<std::string>& path,
               const std::function<void(const std::string&)>& visit, size_t at) {
  if (at == path.size()) {
    if (doc.is_string()) visit(doc.get_ref<const std::string&>());
    return;
  }
  const std::string& seg = path[at];
  if (seg == "*" && (doc.is_array() || doc.is_object())) {
    for (const auto& x : doc) each_name(x, path, visit, at + 1);
  } else if (seg == "#" && doc.is_object()) {
    for (auto it = doc.begin(); it != doc.end(); ++it) each_name(json(it.key()), path, visit, at + 1);
  } else if (doc.is_object() && doc.contains(seg)) {
    each_name(doc[seg], path, visit, at + 1);
  }
}

json spelled_as(const rules::GameRules& rules, json doc, bool record, const std::vector<std::string>& players) {
  std::vector<std::pair<std::string, std::string>> respell;
  auto visit = [&](const std::string& name) {
    if (std::find(players.begin(), players.end(), name) != players.end()) return;  // a player's own spelling
    for (const auto& p : players)
      if (unicode::same_name(p, name)) {
        respell.emplace_back(name, p);
        return;
      }
  };
  for (const auto& p : record ? rules.name_paths().record : rules.name_paths().setup)
    each_name(doc, rules::split_list(p, '.'), visit);
  for (const auto& [from, to] : respell) doc = rules::rename_player(rules, doc, record, from, to);
  return doc;
}

json same_spelling(const rules::GameRules& rules, json setup) {
  std::vector<std::string> seen;  // the players as the first name path lists them (two of them spelt alike are
                                  // refused later: check_identity_and_date)
  const auto& paths = rules.name_paths().setup;
  if (!paths.empty())
    each_name(setup, rules::split_list(paths.front(), '.'), [&](const std::string& name) { seen.push_back(name); });
  return spelled_as(rules, std::move(setup), false, seen);
}

void no_player(Store& store, const std::string& name, const std::string& what) {
  std::vector<std::string> known;
  for (const auto& [id, stored] : store.players()) known.push_back(stored);
  const std::string hint = unicode::did_you_mean(name, known);
  throw Error(k_exit_noinput,
              text::tr("app.no_player", "no player named {name}", text::Message().text("name", name)) + what +
                  (hint.empty() ? "" : " — " + hint),
              "marque player list");
}

// `f` (set-up and hands) with those respellings
json respelled(json f, const std::vector<std::pair<std::string, std::string>>& names) {
  const rules::GameRules* game = f.contains("game") && f["game"].is_string()
                                     ? rules::find_game(f["game"].get<std::string>())
                                     : nullptr;
  if (!game) return f;
  for (const auto& [given, canon] : names) {
    f["setup"] = rules::rename_player(*game, f["setup"], false, given, canon);
    if (f.contains("hands") && f["hands"].is_array())
      for (auto& h : f["hands"]) h = rules::rename_player(*game, h, true, given, canon);
  }
  return f;
}

}  // namespace marque::app
