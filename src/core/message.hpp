// Words as data: a message id and its named arguments, said in a language by a catalogue of ICU MessageFormat
// patterns ("{taker}'s {contract} made by {margin, number, ::group-off}"; plurals and selects as ICU writes them).
// The rules say their results this way (GameRules::hand_words, result_words) so that a front end can say them in
// any language; the English catalogue of each game lives beside its rules, other languages' in catalogues read at
// run time. No SQLite, no rules here.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/amount.hpp"

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
// complete says the rest in English).
struct Catalogue {
  std::string locale = "en";  // ICU locale id: plural rules
  std::unordered_map<std::string, std::string> patterns;
  const Catalogue* fallback = nullptr;
  const Labels* labels = nullptr;  // says Kind::label arguments (a game's labels in the same language)

  void add(std::string_view id, std::string_view pattern) { patterns.emplace(std::string(id), std::string(pattern)); }
  const std::string* find(const std::string& id) const;
};

// The message in words. A id no catalogue knows is said as the id followed by its arguments ("x.y(a=1)"), so that a
// missing pattern shows instead of disappearing (tests check that every message a game says has a pattern).
std::string say(const Message& m, const Catalogue& catalogue);

// The two ways say() says a message whose pattern is `pattern` (message.cpp; tests/unit/test_message.cpp compares
// them): by plain substitution, where that is provably what ICU says (false: not plain), and by ICU MessageFormat
// (the plugin marque-icu.so, loaded when first needed).
bool said_plainly(const std::string& pattern, const Message& m, const Catalogue& catalogue, std::string& out);
std::string said_by_icu(const std::string& pattern, const Message& m, const Catalogue& catalogue);

// What is wrong with a pattern as ICU MessageFormat reads it in `locale` ("" when nothing: the translations' test
// checks every pattern of every catalogue this way).
std::string pattern_problem(const std::string& pattern, const std::string& locale);

}  // namespace marque::text
