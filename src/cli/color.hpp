// Colour on the terminal: only when standard output is a terminal, NO_COLOR is unset or empty and TERM is not
// "dumb" (no-color.org, clig.dev). Colour never carries information alone: the words say made / failed too.
#pragma once

#include <string>

#include "app/app.hpp"

namespace marque::cli {

bool color_enabled();
// `text` (reports::hand_outcome_text of `o`) on standard output; at a terminal the hand's words in green when the
// contract was made and red when it failed (GameRules::hand_facts), and the totals in bold.
void print_hand_outcome(const std::string& text, const app::HandOutcome& o);

}  // namespace marque::cli
