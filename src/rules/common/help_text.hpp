// A field's or an option's description, what `marque rules GAME` prints, marked for the catalogue under its id
// ("GAME.field.NAME", "GAME.option.ID") and not translated here: the rules stay in English (FieldSpec::help,
// OptionSpec::help), and a front end says the description in its language with text::translate(id, help, lang).
// scripts/messages.sh extracts both literals (xgettext keyword help_text:1c,2), so a description is written once.
#pragma once

namespace marque::rules {

constexpr const char* help_text(const char* /*id*/, const char* english) { return english; }

}  // namespace marque::rules
