// The organiser's event as it changes (marque tournament create, register, draw, result ...): the stored
// marque-tournament/1 document opened as an Event, changed by the use cases (src/app/tournament.cpp), then checked,
// ranked and written again. Pure like the rest of the library: the time of a change is given, never read.
#pragma once

#include "tournament/tournament.hpp"

namespace marque::tournament {

// The stored document as an Event ready for a change: read, its lot order settled (until round 1 is drawn it is
// derived again from the entrants checked in; after it, late arrivals follow in order of arrival). Errors into diags.
Event open_event(const json& doc, Diagnostics& diags);
// The event after a change: checked (section 7; until round 1 is drawn, too few entrants to seat is not yet an
// error), ranked and written as its marque-tournament/1 document. Rejected (exit 1) with every error.
ojson settle_event(Event& e);
// The state of a table's result (4.3): open (nothing entered), submitted, confirmed, disputed; an overridden result
// counts as confirmed.
std::string table_state(const Table& t);

}  // namespace marque::tournament
