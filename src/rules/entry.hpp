// Guided entry: how a game asks for one hand, question by question, in the order a scorer thinks (who took,
// what contract, what happened). The same description drives the terminal prompts (cli/guided.cpp) and the web
// form; it is pure (no I/O) and each game gives its own (GameRules::next_question, in <game>_entry.cpp).
//
// An answer is a command-line word key=value: when every question is answered, GameRules::entry_words turns the
// answers into the words `marque hand` takes, and the record is made and checked by record_from_args and the
// replay, exactly as for typed words. Nothing here stores anything.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/json.hpp"

#include "core/diag.hpp"

namespace marque::rules {

class Game;
class GameRules;

// One legal answer.
struct Choice {
  std::string value;  // what the word carries after key=
  std::string label;  // for people ("garde — ×2"); "" = the value itself
  int number = 0;     // what a scorer types for it; 0 = its place in the list (a player: his seat, see ask_next)
};

struct Question {
  std::string key;   // the answer's key: the word key=value
  std::string text;  // the question as asked: "Who took?"
  // How it is answered:
  //   "player"  one player of the table (choices: the players, as the game names them)
  //   "choice"  one of `choices`
  //   "choices" several of `choices`, comma-separated (may be none when optional)
  //   "int", "number"  a number within [min, max] when they are set
  //   "yes_no"  yes or no (choices yes/no)
  //   "text"    free text
  //   "words"   the game's own short syntax (help shows it), e.g. tricks=B:7,C:3
  std::string kind = "choice";
  std::vector<Choice> choices;
  std::string preset;               // the default answer (an empty answer takes it); "" = none
  bool optional = false;            // an empty answer without a preset leaves the field out
  std::optional<int64_t> min, max;  // "int" / "number"
  std::string help;                 // one line: the syntax, what the default means
  // The record fields this answer fills, for matching the engine's errors to the question (empty = {key}).
  std::vector<std::string> fields;
  // How a page lays the choices out (the terminal ignores it): "" buttons as usual, "grid" many short buttons in
  // a dense grid (bids), "labels" each button shows its label, not its value (suits: "♠ pique" for S). An "int" or
  // "number" question may list choices too: the usual values as buttons (a typed number or a choice's value).
  std::string layout;
  // A number whose other side is `complement` minus it (the defence's card points: 91 minus the attack's): a page
  // offers to enter the other side's figure (`complement_text` names it) and sends complement minus that.
  std::optional<int64_t> complement;
  std::string complement_text;
};

// The answers so far, in the order given: (key, value). A key with an empty value was asked and left out.
using Answers = std::vector<std::pair<std::string, std::string>>;
// Command-line words (key, value) as record_from_args reads them.
using Words = std::vector<std::pair<std::string, std::string>>;

// The answer to `key` (nullptr when not asked yet; an empty string when asked and left out).
const std::string* answer_of(const Answers& answers, std::string_view key);
// Asked (answered or left out).
bool asked(const Answers& answers, std::string_view key);
// Answered with a value (not left out).
bool answered(const Answers& answers, std::string_view key);

// Question builders for the common shapes.
Question ask_player(std::string key, std::string text, const std::vector<std::string>& players);
Question ask_choice(std::string key, std::string text, std::vector<Choice> choices);
Question ask_number(std::string key, std::string text, std::string kind, std::optional<int64_t> min,
                    std::optional<int64_t> max);
Question ask_yes_no(std::string key, std::string text, bool preset_yes = false);
std::vector<Choice> choices_of(const std::vector<std::string>& values);
// A choice's value as a person reads it in a list: an id's underscores as spaces ("all pass", "garde sans"; typed
// so, it is the same choice); a name as it is.
std::string shown(const std::string& value);

// The answer as the question reads it: a number picks the n-th choice ("2" -> the second player), a choice is
// matched without regard to case and may be abbreviated to a unique prefix, yes/no take y/n/oui/non/igen/nem...;
// an empty answer takes the preset. Returns the value to store (possibly "" for an optional field left out),
// or an error message naming what is legal.
struct Reading {
  std::string value;
  std::string error;  // "" = fine
};
Reading read_answer(const Question& q, const std::string& typed);

// Guided entry as the terminal and the web form run it. ask_next: the game's next_question with every choice
// that is a player numbered by his seat (1 = the first player of the set-up) and listed in seat order, the other
// choices after them (numbered on from the last seat), so a player keeps his number from question to question.
// read_entry_answer: read_answer, then for a choice (or yes/no) it does not name the game's own command-line
// words (record_from_args, as `marque hand` reads them): an answer that makes the same record as one choice is
// that choice ("GS" for garde_sans, "♥" for hearts, "on" for yes).
std::optional<Question> ask_next(const GameRules& rules, const Game& before, const Answers& answers);
Reading read_entry_answer(const GameRules& rules, const Game& before, const Answers& answers, const Question& q,
                          const std::string& typed);

// The engine's errors that concern the answer to `q` (its fields), leaving out those that only say another
// field is still missing.
std::vector<Diagnostic> errors_for(const Question& q, const std::vector<Diagnostic>& errors);

// Tries the answers as the next hand of `game_file` (a marque-game/1 document): entry_words, record_from_args,
// then the replay of the file with the record appended. `entry` is its marque-score/1 hands entry when it
// scores; `errors` every error otherwise.
struct Trial {
  nlohmann::json record;
  std::optional<nlohmann::ordered_json> entry;
  std::vector<Diagnostic> errors;
  std::vector<Diagnostic> warnings;  // of this hand only
};
Trial try_answers(const GameRules& rules, const nlohmann::json& game_file, const Answers& answers);

}  // namespace marque::rules
