// Tournaments (../shared/rules/tournament.md) as use cases: `calc`, an event scored without a database, and the
// organiser's event in the database (create, register, check in, draw, publish, results, close, ranking, export,
// import). An event is stored as its marque-tournament/1 document (src/tournament reads, draws and ranks it); each
// change is one transaction that keeps the version before it (who, when, why). Refusals are Rejected with the
// spec's codes (T01-T17) and field paths: exit 1, nothing stored.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/json.hpp"

namespace marque::app {

class Session;

// A marque-tournament/1 document or a marque-tournament-case/1 file (its `expect` ignored; a draw case's
// draw_rounds drawn in turn) read, checked, drawn and ranked: its marque-tournament/1 document. Refused (Rejected
// with every error's code and field, exit 1) when the spec refuses it.
nlohmann::ordered_json tournament_calc(const nlohmann::json& doc);

// What `tournament create` sets; what is left empty takes the game's default (tournament.md 1.1).
struct TournamentSettings {
  std::string id, name, game, date, venue, league, season;
  nlohmann::json options = nlohmann::json::object();  // the house rules of every table
  std::optional<int> rounds, time_limit_min, deals_per_player, target, deals;
  std::string length_mode;  // round_length.mode ("" = the game's default)
  std::string scoring, method, seed, table_preference, confirmation, league_contribution;
};

struct TournamentEntrant {
  std::string name, id, licence, club;
  std::vector<std::string> players;  // a coinche team's two players
  std::optional<int> fixed_table;
  bool checked_in = false;
};

// A table's result as a slip of per-entrant totals (4.1, 4.2); a correction (4.5) when its round is closed.
struct TournamentSlip {
  int round = 0;  // 0: the latest round drawn
  int table = 0;
  std::vector<std::pair<std::string, std::string>> points;  // entrant (id or name) -> total as typed
  std::optional<int> deals;
  std::string submitted_by, confirmed_by;
  bool short_table = false;
  std::string reason;  // a correction's reason (required after the round is closed)
};

struct TournamentInfo {
  std::string id, name, game, status, date, updated_at;
  int64_t version = 0;
  int entrants = 0, rounds = 0, drawn = 0, closed = 0;
};

struct TournamentVersion {
  int64_t version = 0;
  std::string action, at, by, reason;
};

struct TournamentTable {
  int round = 0, table = 0;
  std::string code, state;
  bool published = false;
  std::optional<int64_t> game_id;
};

// The seed written when none is given: from the system clock (3.3), a decimal unsigned 64-bit integer.
std::string tournament_clock_seed();

nlohmann::ordered_json tournament_create(Session& session, const TournamentSettings& s);
nlohmann::ordered_json tournament_register(Session& session, const std::string& event,
                                           const std::vector<TournamentEntrant>& entrants);
// A CSV list of entrants (a header row naming name, and optionally id, licence, club, players, fixed_table,
// checked_in), read into entrants; Rejected naming the line and column of each mistake.
std::vector<TournamentEntrant> tournament_entrants_csv(const std::string& text, const std::string& file);
nlohmann::ordered_json tournament_check_in(Session& session, const std::string& event,
                                           const std::vector<std::string>& who, bool present);
// a late arrival (2.2): checked in, drawn from the next round on
nlohmann::ordered_json tournament_late(Session& session, const std::string& event, const std::string& who);
// a withdrawal after round `after` (default: the latest round drawn)
nlohmann::ordered_json tournament_withdraw(Session& session, const std::string& event, const std::string& who,
                                           std::optional<int> after);
// the next round drawn (3), stored as drawn, not yet published; `round` is set to its number
nlohmann::ordered_json tournament_draw(Session& session, const std::string& event, int& round);
// the round's tables published: their codes open them on a phone (3.2, 4.3), each table's game started (4.1);
// 0 = the latest round
nlohmann::ordered_json tournament_publish(Session& session, const std::string& event, int& round);
nlohmann::ordered_json tournament_result(Session& session, const std::string& event, const TournamentSlip& slip,
                                         const std::string& by);
// the organiser's decision (4.3): a submitted or disputed result confirmed without a second player, with a reason
nlohmann::ordered_json tournament_override(Session& session, const std::string& event, int round, int table,
                                           const std::string& reason, const std::string& by);
nlohmann::ordered_json tournament_close_round(Session& session, const std::string& event, int& round);
// the event's version before its latest change, stored as a new version (nothing is lost)
nlohmann::ordered_json tournament_undo(Session& session, const std::string& event);
nlohmann::ordered_json tournament_show(Session& session, const std::string& event);
// a marque-tournament/1 document or a marque-tournament-case/1 file, as calc reads it, stored as a new event exactly
// as calc prints it; `id` the event's id in the database ("" = the document's event.id, else the case id)
nlohmann::ordered_json tournament_import(Session& session, const nlohmann::json& doc, const std::string& id);
std::vector<TournamentInfo> tournament_list(Session& session);
std::vector<TournamentVersion> tournament_history(Session& session, const std::string& event);
std::vector<TournamentTable> tournament_tables(Session& session, const std::string& event);

}  // namespace marque::app
