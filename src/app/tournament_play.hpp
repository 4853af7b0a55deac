// A tournament's tables being played (../shared/rules/tournament.md 4.1, 4.3): each table of a published round is
// an ordinary marque game; a player seated there submits its result (the game's totals, or a slip), a second
// player confirms it (coinche and piquet: the other side; T08 otherwise) or disputes it with a note (back to open),
// the organiser overrides with a reason (TW04). Each change is one transaction that keeps the event's version
// before it; refusals are Rejected with the spec's codes and fields, nothing stored.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/tournament.hpp"
#include "core/amount.hpp"
#include "core/json.hpp"

namespace marque::app {

class Session;

// The tables of a published round started as games (spec 4.1: the seats in order, the first dealer of the draw, the
// event's options, the end rule of 1.2, meta {event, round, table}), each linked to its table; a table that has a
// game keeps it. One transaction. `round` 0: the latest round drawn (set to the round's number). Returns the
// round's tables.
std::vector<TournamentTable> tournament_start_tables(Session& session, const std::string& event, int& round);

// One table as a phone or the organiser sees it.
struct TablePlaySeat {
  int seat = 0;
  std::string entrant, name;
  std::vector<std::string> players;  // a coinche team's two players
};
struct TablePlay {
  std::string event, event_name, game, code, state, first_dealer, submitted_by, confirmed_by, note;
  int round = 0, table = 0;
  bool published = false, round_closed = false, two_sided = false, has_result = false, short_table = false;
  std::string published_at;                            // "" until published
  std::optional<int> time_limit_min;                   // the event's round clock
  std::vector<TablePlaySeat> seats;                    // in seat order
  std::optional<int64_t> game_id;                      // the table's marque game
  std::vector<std::pair<std::string, Amount>> totals;  // entrant id -> total (the result, else the game's)
  int deals = 0;                                       // the deals scored so far (the result's, else the game's)
  int deal_limit = 0;                                  // the round's length at this table in deals (0: none)
  std::string override_by, override_reason;
};
// A table by its code (case aside): the latest published table with that code. Error (exit 66) when no table has it.
TablePlay table_by_code(Session& session, const std::string& code);
// A table of an event.
TablePlay table_of_event(Session& session, const std::string& event, int round, int table);
// Every table of a round (0: the latest drawn) of an event, for the organiser's page.
std::vector<TablePlay> round_tables(Session& session, const std::string& event, int& round);

// The table's result submitted by `by` (an entrant seated there, or a team's player), taken from its game: totals
// per entrant, the deals scored, `short` when the game is not over (stopped by the clock). `by` empty: the organiser.
nlohmann::ordered_json table_submit(Session& session, const std::string& event, int round, int table,
                                    const std::string& by);
// A second player of the table confirms the submitted result (T08: the submitter, someone not seated, the same side).
nlohmann::ordered_json table_confirm(Session& session, const std::string& event, int round, int table,
                                     const std::string& by);
// A player of the table disputes the submitted result: back to open, the note kept for the organiser.
nlohmann::ordered_json table_dispute(Session& session, const std::string& event, int round, int table,
                                     const std::string& by, const std::string& note);
// The table's result as a slip of per-entrant totals, submitted by `by` (T06, T07, T16 as the spec says).
nlohmann::ordered_json table_slip(Session& session, const std::string& event, int round, int table,
                                  const std::string& by, const std::vector<std::pair<std::string, std::string>>& points,
                                  std::optional<int> deals);
// The organiser's override (4.3, TW04): confirm the submitted or disputed result without a second player, or, with
// `points`, set the result; a reason is required (T17).
nlohmann::ordered_json table_override(Session& session, const std::string& event, int round, int table,
                                      const std::string& reason, const std::string& by,
                                      const std::vector<std::pair<std::string, std::string>>& points);

}  // namespace marque::app
