// Guided entry: how a game asks for one hand, question by question, in the order a scorer thinks (who took,
// what contract, what happened). The same description drives the terminal prompts (cli/guided.cpp) and the web
// form; it is pure (no I/O) and each game gives its own (GameRules::next_question, in <game>_entry.cpp).
//
// An answer is a command-line word key=value: when every question is answered, GameRules::entry_words turns the
// answers into the words `marque hand` takes, and the record is made and checked by record_from_args and the
// replay, exactly as for typed words. Nothing here stores anything.
#pragma once

#include <functional>
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

// --- a composite field asked as pickers
// A list field (coinche announcements, Alsós kontras, figurák and melds, Piquet sequences and sets ...) is asked one
// item at a time, each item one part at a time with only the legal choices, then "add another" or "done"; the
// answers fold back into the field's one-line syntax, which record_from_args reads as if typed. Answer keys:
//   KEY#N        before item N (1, 2 ...): "add" (ask item N), "done" / "none" (the list ends), "text" (only at
//                N = 1: the one-line syntax is asked instead, as the answer KEY itself)
//   KEY#N.PART   a part of item N ("annonce#1.who" = "W")
// The same description drives the terminal (numbered choices) and the phone (buttons): both only see Questions.
struct ListItem {
  std::vector<std::pair<std::string, std::string>> parts;  // (part, value) in the order asked
  const std::string* part(std::string_view name) const;    // nullptr when not asked (yet)
};

struct ListAsk {
  std::string key;      // the field's answer key, as `marque hand` takes it ("annonce")
  std::string first;    // the opening question: "Announcements?"
  std::string add;      // the label of the choice that starts an item: "add an announcement"
  std::string another;  // between items: "Another announcement?"
  Question typed;       // the one-line syntax (key = `key`, kind "words"), offered as "type it"
  // The next part of `current` (its key is the part's name, e.g. "who"), knowing the complete items before it;
  // nullopt when `current` is complete.
  std::function<std::optional<Question>(const std::vector<ListItem>& earlier, const ListItem& current)> next_part;
  // An item in the one-line syntax (default: its parts' values joined by ':'); items are joined by `separator`.
  std::function<std::string(const ListItem&)> item_words;
  std::string separator = ",";
  // The most items the list can hold (0 = no limit): "add another" is not offered beyond it.
  size_t max_items = 0;
  // The fewest (a list its field requires, e.g. the sequences of the player who won them): "none" / "done" are not
  // offered before them.
  size_t min_items = 0;
};

// The next question of the list (nullopt when it is finished: answered as text or given as a word, "none" or
// "done" chosen). Each question it asks names the list's record fields (`typed.fields`) for errors_for.
std::optional<Question> ask_list(const ListAsk& list, const Answers& answers);
// The complete items answered so far, in order.
std::vector<ListItem> list_items(const ListAsk& list, const Answers& answers);
// The answers with the list's steps and parts folded into one answer (KEY, "item,item"), placed where its first
// step was; a list answered "none" folds to (KEY, "") ; the other answers are unchanged, so is a list typed as text.
Answers fold_list(const ListAsk& list, const Answers& answers);
// The choices for `part` of item `current` that lead to a legal item: one of `complete` (every complete item the list
// knows) that agrees with the parts of `current` answered so far, has this choice for `part`, and passes `legal` (the
// game's own checks, knowing the items before).
std::vector<Choice> legal_choices(const ListItem& current, std::string_view part, std::vector<Choice> choices,
                                  const std::vector<ListItem>& complete,
                                  const std::function<bool(const ListItem&)>& legal);
// True for a key that is a step or a part of some list (KEY#N or KEY#N.PART).
bool is_list_key(std::string_view key);

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

// The words with the players' own words read as ids (GameRules::native_words): each key, then each value, whole or
// item by item (',' and ':' apart: "Giorgos:παίζω"), of the keys the table gives values for. A word that names
// several ids is an error in `diags` (the field, the ids it could be); the words are left as typed then.
Words native_to_ids(const GameRules& rules, const Words& words, Diagnostics& diags);

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
