// The roster at a terminal: `marque start GAME` with no players asks for them one seat at a time from the club's
// players (app::roster: most recent first, numbered; letters narrow the list, accents and case aside; a number
// picks; a name the club does not know is confirmed), then the first dealer. The answers are the words the one-line
// `start` takes (app::table_words), so the game starts exactly as `marque start GAME players=... dealer=...` would.
#pragma once

#include <iosfwd>
#include <optional>

#include "app/app.hpp"

namespace marque::cli {

// The set-up words given on the command line name no player (`start` asks for them at a terminal).
bool names_no_player(const rules::GameRules& gr, const nlohmann::json& setup);

// Asks the table of game `gr` on `in`/`out`; `ask_dealer` false when the command line names the dealer already.
// Returns the words players=... [dealer=...], or nullopt when the scorer abandons ('.' or the end of the input).
std::optional<rules::Words> roster_words(app::Database& db, const rules::GameRules& gr, bool ask_dealer,
                                         std::istream& in, std::ostream& out);

}  // namespace marque::cli
