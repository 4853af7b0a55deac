// A tournament's tables being played (tournament_play.hpp): the tables' games started, a table found by its code,
// its result submitted from its game or as a slip, confirmed, disputed, overridden. Each change goes through
// tournament_change (tournament.cpp): one transaction, the event's version before it kept.
#include "app/tournament_play.hpp"

#include <algorithm>

#include "app/internal.hpp"
#include "app/words.hpp"
#include "core/date.hpp"
#include "core/unicode.hpp"
#include "rules/registry.hpp"
#include "tournament/organise.hpp"

namespace marque::app {

namespace {

using tournament::Event;
using ordered = nlohmann::ordered_json;

[[noreturn]] void refuse_play(const std::string& field, const std::string& code, const std::string& message) {
  Diagnostics d;
  d.error(field, code, message);
  throw Rejected(d, "tournament");
}

std::string result_path(int round, int table) {
  return "rounds_played[" + std::to_string(round - 1) + "].tables[" + std::to_string(table - 1) + "].";
}

tournament::Round& round_at(Event& e, int& round) {
  if (round == 0) round = static_cast<int>(e.rounds.size());
  tournament::Table& t = tournament_table(e, round, 1);  // T02 when the round is not drawn
  (void)t;
  return e.rounds[static_cast<size_t>(round - 1)];
}

// a seat's game players: the entrant, or a team's two players
std::vector<std::string> players_of(const tournament::Entrant& en) {
  return en.players.empty() ? std::vector<std::string>{en.name} : en.players;
}

// who speaks for a seat of the table: `who` as an entrant's id or name, or a team's player; the id a result stores
// for them (the entrant's id, a team's player by name: validate() tells the sides apart by it)
std::string seated(Event& e, const tournament::Table& t, const std::string& who, const std::string& field) {
  for (const auto& id : t.seats)
    if (const tournament::Entrant* en = e.find(id)) {
      if (en->id == who || unicode::same_name(en->name, who)) return en->id;
      for (const auto& p : en->players)
        if (unicode::same_name(p, who)) return p;
    }
  if (who.empty()) refuse_play(field, "T08", "who is it? a player seated at table " + std::to_string(t.number));
  const auto& anyone = tournament_entrant(e, who, field);  // T13: unknown
  refuse_play(field, "T08", anyone.name + " is not seated at table " + std::to_string(t.number));
}

void open_round(const tournament::Round& r, int table) {
  if (r.closed)
    refuse_play(result_path(r.number, table) + "status", "T09",
                "round " + std::to_string(r.number) +
                    " is closed: the organiser corrects a result (tournament result "
                    "--reason)");
}

// a table of an open round whose result is submitted (T03 otherwise: only a submitted result is `verb`)
tournament::Table& submitted_table(Event& e, int round, int table, const std::string& verb) {
  auto& t = tournament_table(e, round, table);
  open_round(e.rounds[static_cast<size_t>(round - 1)], table);
  if (tournament::table_state(t) != "submitted")
    refuse_play(result_path(round, table) + "status", "T03",
                "table " + std::to_string(table) + " is " + tournament::table_state(t) +
                    ": only a submitted result is " + verb);
  return t;
}

TablePlay play_of(const Event& e, const tournament::Round& r, const tournament::Table& t,
                  const Store::TournamentTableRow* row, Store& store) {
  TablePlay p;
  p.event = e.settings.id;
  p.event_name = e.settings.name;
  p.game = e.settings.game;
  p.code = t.code;
  p.state = tournament::table_state(t);
  p.round = r.number;
  p.table = t.number;
  p.round_closed = r.closed;
  p.two_sided = e.profile.two_sided;
  p.time_limit_min = e.settings.time_limit_min;
  p.deal_limit = tournament::deal_limit(e, static_cast<int>(t.seats.size()));
  if (row) {
    p.published = row->published;
    p.published_at = row->published_at;
    p.game_id = row->game_id;
  }
  for (size_t i = 0; i < t.seats.size(); ++i) {
    const tournament::Entrant* en = e.find(t.seats[i]);
    p.seats.push_back({static_cast<int>(i) + 1, t.seats[i], en ? en->name : t.seats[i],
                       en ? en->players : std::vector<std::string>{}});
    if (t.seats[i] == t.first_dealer) p.first_dealer = en ? en->name : t.first_dealer;
  }
  const auto& res = t.result;
  p.has_result = res.present;
  p.note = res.note;
  p.short_table = res.short_table;
  if (res.submitted_by) p.submitted_by = *res.submitted_by;
  if (res.confirmed_by) p.confirmed_by = *res.confirmed_by;
  if (res.override_by.is_object()) {
    p.override_by = res.override_by.value("by", std::string());
    p.override_reason = res.override_by.value("reason", std::string());
  }
  if (res.present) {
    for (const auto& id : t.seats)
      if (auto it = res.points.find(id); it != res.points.end()) p.totals.emplace_back(id, it->second);
    p.deals = res.deals.value_or(0);
  } else if (p.game_id) {  // the game's running totals
    if (auto g = store.game(*p.game_id); g && g->ended != "deleted") {
      const rules::GameRules* gr = rules::find_game(g->game);
      Diagnostics d;
      auto start = gr ? gr->start(g->setup, d) : nullptr;
      if (start) {
        const Sides sides = sides_of(*gr, *start, g->summary);
        for (size_t i = 0; i < sides.lines.size() && i < t.seats.size(); ++i)
          p.totals.emplace_back(t.seats[i], sides.lines[i].total);
      }
      p.deals = static_cast<int>(info_of(*g).played_count);
    }
  }
  return p;
}

const Store::TournamentTableRow* row_of(const std::vector<Store::TournamentTableRow>& rows, int round, int table) {
  for (const auto& r : rows)
    if (r.round == round && r.table == table) return &r;
  return nullptr;
}

// the result of a table's game: per entrant its total, the deals scored, short when the game is not over
struct GameResult {
  std::map<std::string, Amount> points;
  std::vector<std::string> order;
  int deals = 0;
  bool short_table = false;
  json file;
};

GameResult result_of_game(Session& session, const tournament::Table& t, int64_t game_id) {
  Store& store = store_of(session);
  const auto g = load_game(store, game_id);
  const rules::GameRules* gr = rules::find_game(g.game);
  Diagnostics d;
  auto start = gr ? gr->start(g.setup, d) : nullptr;
  if (!start) throw Error(k_exit_dataerr, "game " + std::to_string(game_id) + " cannot be read back");
  const Sides sides = sides_of(*gr, *start, g.summary);
  if (sides.lines.size() != t.seats.size())
    throw Error(k_exit_dataerr, "game " + std::to_string(game_id) + " has " + std::to_string(sides.lines.size()) +
                                    " sides for " + std::to_string(t.seats.size()) + " seats");
  GameResult out;
  for (size_t i = 0; i < t.seats.size(); ++i) {
    out.points[t.seats[i]] = sides.lines[i].total;
    out.order.push_back(t.seats[i]);
  }
  const GameInfo info = info_of(g);
  out.deals = static_cast<int>(info.played_count);
  out.short_table = info.status != "finished";
  out.file = game_file(session, game_id);
  return out;
}

}  // namespace

void start_table_games(Session& session, tournament::Event& e, int round) {
  Store& store = store_of(session);
  auto& r = e.rounds.at(static_cast<size_t>(round - 1));
  open_round(r, 1);
  const rules::GameRules* gr = rules::find_game(e.settings.game);
  if (!gr) refuse_play("event.game", "T12", "\"" + e.settings.game + "\" is not a game marque knows");
  const auto rows = store.tournament_tables(e.settings.id);
  const std::string focus = store.setting("focus");  // the command line's table stays in focus
  for (const auto& t : r.tables) {
    const auto* row = row_of(rows, r.number, t.number);
    if (!row || !row->published)
      refuse_play("round", "T02", "round " + std::to_string(r.number) + " is not published (tournament publish)");
    if (row->game_id) continue;
    std::vector<std::string> players;
    if (e.profile.teams && t.seats.size() == 2) {  // partners sit opposite: A1, B1, A2, B2
      const auto a = players_of(*e.find(t.seats[0])), b = players_of(*e.find(t.seats[1]));
      players = {a.at(0), b.at(0), a.at(1 % a.size()), b.at(1 % b.size())};
    } else {
      for (const auto& id : t.seats) players.push_back(e.find(id)->name);
    }
    const tournament::Entrant* dealer = e.find(t.first_dealer);
    json setup = setup_from_words(*gr, table_words(players, dealer ? players_of(*dealer).front() : ""));
    json options = setup.contains("options") && setup["options"].is_object() ? setup["options"] : json::object();
    for (const auto& [k, v] : e.settings.options.items()) options[k] = v;
    const auto profile = gr->tournament_profile(e.settings.options);
    if (profile.table_end) {
      const int size = static_cast<int>(t.seats.size());
      const json patch = profile.table_end(e.settings.round_length, tournament::deal_limit(e, size), size);
      for (const auto& [k, v] : patch.items())
        if (k == "options")
          for (const auto& [ok, ov] : v.items())
            if (ov.is_null())
              options.erase(ok);
            else
              options[ok] = ov;
        else
          setup[k] = v;
    }
    setup["options"] = options;
    const json meta = {{"date", e.settings.dates.empty() ? today() : e.settings.dates.front()},
                       {"event", e.settings.id},
                       {"round", r.number},
                       {"table", t.number}};
    store.link_tournament_table(e.settings.id, r.number, t.number, insert_game(session, e.settings.game, setup, meta));
  }
  if (store.setting("focus") != focus) store.set_setting("focus", focus);
}

std::vector<TournamentTable> tournament_start_tables(Session& session, const std::string& event, int& round) {
  tournament_change(session, event, "start tables", "", [&](Event& e) {
    round_at(e, round);
    start_table_games(session, e, round);
  });
  std::vector<TournamentTable> out;
  for (const auto& t : tournament_tables(session, event))
    if (t.round == round) out.push_back(t);
  return out;
}

TablePlay table_of_event(Session& session, const std::string& event, int round, int table) {
  Store& store = store_of(session);
  Store::ReadTransaction tx(store);
  Event e = tournament_open(session, event);
  auto& t = tournament_table(e, round, table);
  const auto rows = store.tournament_tables(event);
  return play_of(e, e.rounds[static_cast<size_t>(round - 1)], t, row_of(rows, round, table), store);
}

TablePlay table_by_code(Session& session, const std::string& code) {
  std::string upper = code;
  for (auto& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  Store& store = store_of(session);
  std::optional<Store::TournamentTableAt> at;
  {
    Store::ReadTransaction tx(store);
    const auto found = upper.size() == 4 ? store.tournament_tables_by_code(upper)
                                         : std::vector<Store::TournamentTableAt>{};
    if (!found.empty()) at = found.front();
  }
  if (!at)
    throw Error(k_exit_noinput,
                text::tr("app.no_table_code", "no table has the code \"{code}\"",
                         text::Message().text("code", clip(code, 8))),
                text::tr("app.no_table_code.hint", "the code is on the table card"));
  return table_of_event(session, at->event, at->table.round, at->table.table);
}

std::vector<TablePlay> round_tables(Session& session, const std::string& event, int& round) {
  Store& store = store_of(session);
  Store::ReadTransaction tx(store);
  Event e = tournament_open(session, event);
  std::vector<TablePlay> out;
  if (e.rounds.empty()) return out;
  auto& r = round_at(e, round);
  const auto rows = store.tournament_tables(event);
  for (const auto& t : r.tables) out.push_back(play_of(e, r, t, row_of(rows, r.number, t.number), store));
  return out;
}

ordered table_submit(Session& session, const std::string& event, int round, int table, const std::string& by) {
  // the game's result read in the same transaction as the change
  return tournament_change(session, event, "submit", "", [&](Event& e) {
    auto& t = tournament_table(e, round, table);
    auto& r = e.rounds[static_cast<size_t>(round - 1)];
    open_round(r, table);
    const std::string p = result_path(round, table);
    const std::string who = by.empty() ? std::string() : seated(e, t, by, p + "submitted_by");
    const std::string state = tournament::table_state(t);
    if (state == "submitted" || state == "confirmed")
      refuse_play(p + "status", "T09", "table " + std::to_string(table) + "'s result is " + state + " already");
    std::optional<int64_t> game;
    for (const auto& x : store_of(session).tournament_tables(event))
      if (x.round == round && x.table == table) game = x.game_id;
    if (!game)
      refuse_play(p + "game", "T06",
                  "table " + std::to_string(table) + " has no game: its result is a slip (tournament result --point)");
    GameResult g = result_of_game(session, t, *game);
    tournament::Result res;
    res.present = true;
    res.points = g.points;
    res.order = g.order;
    res.deals = g.deals;
    res.short_table = g.short_table;
    res.path = p;
    if (!who.empty()) res.submitted_by = who;
    res.status = e.settings.confirmation == "none" ? "confirmed" : "submitted";
    t.result = std::move(res);
    t.game = g.file;
  });
}

ordered table_confirm(Session& session, const std::string& event, int round, int table, const std::string& by) {
  return tournament_change(session, event, "confirm", "", [&](Event& e) {
    auto& t = submitted_table(e, round, table, "confirmed");
    const std::string p = result_path(round, table);
    t.result.confirmed_by = seated(e, t, by, p + "confirmed_by");
    t.result.status = "confirmed";
    t.result.note.clear();
    // the spec's T08 (the submitter, the same side) is checked when the event is settled
  });
}

ordered table_dispute(Session& session, const std::string& event, int round, int table, const std::string& by,
                      const std::string& note) {
  return tournament_change(session, event, "dispute", note, [&](Event& e) {
    auto& t = submitted_table(e, round, table, "disputed");
    const std::string p = result_path(round, table);
    const std::string who = seated(e, t, by, p + "disputed_by");
    if (note.empty()) refuse_play(p + "note", "T17", "a dispute says what is wrong (a note for the organiser)");
    t.result.status = "disputed";
    t.result.confirmed_by.reset();
    const tournament::Entrant* en = e.find(who);
    t.result.note = (en ? en->name : who) + ": " + note;
  });
}

ordered table_slip(Session& session, const std::string& event, int round, int table, const std::string& by,
                   const std::vector<std::pair<std::string, std::string>>& points, std::optional<int> deals) {
  TournamentSlip slip;
  {
    Event e = [&] {
      Store::ReadTransaction tx(store_of(session));
      return tournament_open(session, event);
    }();
    auto& t = tournament_table(e, round, table);
    const std::string state = tournament::table_state(t);
    if (state == "submitted" || state == "confirmed")
      refuse_play(result_path(round, table) + "status", "T09",
                  "table " + std::to_string(table) + "'s result is " + state + " already");
    slip.submitted_by = seated(e, t, by, result_path(round, table) + "submitted_by");
  }
  slip.round = round;
  slip.table = table;
  slip.points = points;
  slip.deals = deals;
  return tournament_result(session, event, slip, by);
}

ordered table_override(Session& session, const std::string& event, int round, int table, const std::string& reason,
                       const std::string& by, const std::vector<std::pair<std::string, std::string>>& points) {
  if (points.empty()) return tournament_override(session, event, round, table, reason, by);
  if (reason.empty()) refuse_play("reason", "T17", "an override gives its reason");
  return tournament_change(session, event, "override", reason, [&](Event& e) {
    auto& t = tournament_table(e, round, table);
    open_round(e.rounds[static_cast<size_t>(round - 1)], table);
    const std::string p = result_path(round, table);
    tournament::Result res;
    res.present = true;
    res.path = p;
    for (const auto& [who, value] : points) {
      const auto& en = tournament_entrant(e, who, p + "result");
      auto a = parse_decimal(value);
      if (!a || !a->express_in(e.profile.slip_per))
        refuse_play(p + "result." + en.id, "T07", "\"" + clip(value) + "\" is not a number in the game's steps");
      if (res.points.count(en.id)) refuse_play(p + "result." + en.id, "T06", en.name + " is named twice");
      res.points[en.id] = *a;
      res.order.push_back(en.id);
    }
    res.deals = t.result.deals;
    res.submitted_by = t.result.submitted_by;
    res.override_by = json{{"by", by}, {"reason", reason}};
    res.status = "confirmed";
    t.result = std::move(res);
  });
}

}  // namespace marque::app
