// Tournaments (../shared/rules/tournament.md) as use cases. Today: `calc`, an event scored without a database;
// the organiser's commands (create, register, draw, results ...) join it here.
#pragma once

#include "core/json.hpp"

namespace marque::app {

// A marque-tournament/1 document or a marque-tournament-case/1 file (its `expect` ignored; a draw case's
// draw_rounds drawn in turn) read, checked, drawn and ranked: its marque-tournament/1 document. Refused (Rejected
// with every error's code and field, exit 1) when the spec refuses it.
nlohmann::ordered_json tournament_calc(const nlohmann::json& doc);

}  // namespace marque::app
