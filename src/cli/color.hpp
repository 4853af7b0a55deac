// Colour on the terminal: only when standard output is a terminal, NO_COLOR is unset or empty and TERM is not
// "dumb" (no-color.org, clig.dev). Colour never carries information alone: the words say made / failed too.
#pragma once

#include <string>

#include "reports/game_text.hpp"

namespace marque::cli {

bool color_enabled();
// `styled` (reports::hand_outcome_styled) on standard output; at a terminal its spans coloured: a hand's words in
// green when the contract was made and red when it failed, the totals in bold.
void print_styled(const reports::Styled& styled);

}  // namespace marque::cli
