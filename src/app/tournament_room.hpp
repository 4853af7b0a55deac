// The room screen of an event (tournament.md 6.4): what a TV in the hall shows, read-only. The round on the tables
// (the latest published one: a round drawn but not published stays hidden) with its clock, each table's seats and
// the state of its result, "where do I sit" in alphabetical order, and the latest ranking: after the last closed
// round, or with the current round's results as they come in (provisional, a submitted result not yet confirmed
// marked). No table code is shown: a code opens its table on a phone.
#pragma once

#include <string>

#include "core/json.hpp"

namespace marque::app {

class Session;

// The screen as data, read in one snapshot:
// {"event": {id, name, game, rounds, time_limit_min}, "round": n or null, "round_status": drawn | closed,
//  "published_at", "ends_at" (published_at + the time limit, or null), "tables": [{table, state, seats: [{seat,
//  entrant, name}], first_dealer, result: {entrant: points} or null}], "byes": [names], "sit": [{name, table, seat}],
//  "ranking": {after, provisional, tables_in, tables, rows: [{rank, entrant, name, score, round_points, state,
//  withdrawn}]}}. Unknown event: Error (exit 4).
nlohmann::ordered_json tournament_room(Session& session, const std::string& event);

}  // namespace marque::app
