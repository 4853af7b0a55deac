// Words as data: a message id and its named arguments, said in a language by a catalogue of ICU MessageFormat
// patterns ("{taker}'s {contract} made by {margin, number, ::group-off}"; plurals and selects as ICU writes them).
// The rules say their results this way (GameRules::hand_words, result_words) so that a front end can say them in
// any language; the English catalogue of each game lives beside its rules, other languages' in catalogues read at
// run time. No SQLite, no rules here.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/amount.hpp"
#include "core/word_table.hpp"

namespace marque::text {

struct Message {
  struct Arg {
    enum class Kind { text, number, amount, message, label } kind = Kind::text;
    std::string name;
    std::string text;             // Kind::text: as it is (a player's name)
    int64_t number = 0;           // Kind::number
    Amount amount;                // Kind::amount: printed as format_number does (at most 2 decimals)
    std::vector<Message> nested;  // Kind::message: one message, said first (a contract's name, a list)
    std::string path;             // Kind::label: a value of the game's labels (core/labels.hpp) at this key/path,
                                  // the value as JSON text in `text` ("garde" at "contract" says "garde")
  };
  std::string id;  // "<game>.hand.made"; "" = no message (say() gives "")
  std::vector<Arg> args;

  Message() = default;
  explicit Message(std::string message_id) : id(std::move(message_id)) {}
  Message& text(std::string name, std::string value);
  Message& number(std::string name, int64_t value);
  Message& amount(std::string name, const Amount& value);
  Message& message(std::string name, Message value);
  // a value as the game's labels say it (Labels::value(path, value)): a contract, a suit, a level
  Message& label(std::string name, std::string path, const nlohmann::json& value);
  bool empty() const { return id.empty(); }
};

class Labels;

// Patterns by message id, in one language. `fallback` is asked for an id this one lacks (a translation that is not
// complete says the rest in English; a game's English catalogue falls back on the engine's, default_catalogue()).
// An id added twice keeps its first pattern.
struct Catalogue {
  std::string locale = "en";  // ICU locale id: plural rules
  WordTable patterns;         // id -> pattern (core/word_table.hpp)
  const Catalogue* fallback = nullptr;
  // says Kind::label arguments (a game's labels in the same language): a function, so that the table is built only by
  // a message that says a label, not with the catalogue
  const Labels& (*labels)() = nullptr;

  // two string literals (the English catalogues): kept as views, never copied (no literal holds a '\0')
  template <size_t N, size_t M>
  void add(const char (&id)[N], const char (&pattern)[M]) {
    patterns.add_static(std::string_view(id, N - 1), std::string_view(pattern, M - 1));
  }
  // any other text (a translation, a pattern made at run time): copied
  void add(std::string_view id, std::string_view pattern) { patterns.add(id, pattern); }
  // this catalogue's pattern for the id, else its fallback's; nullptr when none has it
  const std::string_view* find(std::string_view id) const;
};

// The message in words. A id no catalogue knows is said as the id followed by its arguments ("x.y(a=1)"), so that a
// missing pattern shows instead of disappearing (tests check that every message a game says has a pattern).
std::string say(const Message& m, const Catalogue& catalogue);

// The two ways say() says a message whose pattern is `pattern` (message.cpp; tests/unit/test_message.cpp compares
// them): by plain substitution, where that is provably what ICU says (false: not plain), and by ICU MessageFormat
// (the plugin marque-icu.so, loaded when first needed).
bool said_plainly(std::string_view pattern, const Message& m, const Catalogue& catalogue, std::string& out);
std::string said_by_icu(std::string_view pattern, const Message& m, const Catalogue& catalogue);

// What is wrong with a pattern as ICU MessageFormat reads it in `locale` ("" when nothing: the translations' test
// checks every pattern of every catalogue this way).
std::string pattern_problem(std::string_view pattern, const std::string& locale);

}  // namespace marque::text
