// What `marque tournament` prints as text (cli/commands/tournament.cpp): the events' list, a round's draw, a ranking,
// a table's state, in the reader's language. The CLI's own renderers: a draw is read with the app's table rows,
// which reports/ does not see.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/tournament.hpp"
#include "core/json.hpp"
#include "core/message.hpp"

namespace marque::cli::commands::tournament_text {

// a count in the reader's language
std::string count(int64_t n);
// a number as an id (a round, a table): its digits as they are
text::Message& id_arg(text::Message& m, const char* name, int64_t n);
// a table's result state (open, submitted, confirmed, disputed) in the reader's language
std::string state_said(const std::string& state);
// the events, one line each
std::string list_text(const std::vector<app::TournamentInfo>& list);
// the ranking's rows after round `after` (0: the latest)
const ojson& ranking_rows(const ojson& doc, int after);
// the ranking after round `after` as a table
std::string ranking_text(const ojson& doc, int after);
// round `round`'s draw: its tables, seats and states
std::string draw_text(const ojson& doc, int round, const std::vector<app::TournamentTable>& tables);
// "round R table T: WHAT"
std::string table_said(int round, int table, const std::string& what);

}  // namespace marque::cli::commands::tournament_text
