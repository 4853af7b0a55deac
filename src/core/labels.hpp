// What people read for the ids of a game: its record fields, set-up keys, options and their values, as data
// (id -> label), the one source for the terminal, the phone, the paper sheet and the site, and what a translation
// replaces. No SQLite, no rules: each game's description (rules/<game>/) fills a table, GameRules::labels() hands
// it out, and everything that shows a record or a set-up to a person reads it through here.
//
// An id is a key ("points"), a dotted path inside a record ("poignees.level"), a value of a key ("contract=garde")
// or a value anywhere in the game ("=garde_sans"). A label may hold "{}" where the value goes ("{} points",
// "taker {}"); a label that is empty says nothing (a value the words around it already say).
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/json.hpp"
#include "core/word_table.hpp"

namespace marque::text {

// An entry of a table said in the reader's language: its id is the message's msgctxt and its label the English msgid
// (xgettext keyword said_label:1c,2 in scripts/messages.sh; po/LANG.po translates it). Labels::find says every entry
// through the catalogue; one the catalogue lacks stays English.
constexpr std::pair<std::string_view, std::string_view> said_label(std::string_view id, std::string_view english) {
  return {id, english};
}

class Labels {
public:
  Labels() = default;
  // The pairs' texts outlive the table (string literals: kept as views, not copied).
  Labels(std::initializer_list<std::pair<std::string_view, std::string_view>> table);
  // Tables of a game's parts (fields, options ...): later ones do not override earlier ones.
  void add(std::initializer_list<std::pair<std::string_view, std::string_view>> table);
  void add(const Labels& other);
  void add(std::string id, std::string label);  // copied
  void reserve(size_t entries) { m_table.reserve(entries); }
  size_t size() const { return m_table.size(); }  // entries added (an id added again counted again)

  // The label of exactly this id, or nullptr when the table has none.
  const std::string_view* find(std::string_view id) const;
  // The label of a key or path "a.b.c": that of "a.b.c", else "b.c", else "c"; nullptr when none.
  const std::string_view* key_label(std::string_view path) const;
  // The label of a value of a key or path: "a.b.c=value", "b.c=value", "c=value" (its own: it says the whole item),
  // then "=value" (the value's anywhere: it goes in the key's label); nullptr when none.
  const std::string_view* own_value_label(std::string_view path, std::string_view value) const;
  const std::string_view* value_label(std::string_view path, std::string_view value) const;

  // A key for people: its label without "{}" (and a colon before it), or the id with spaces for "_" when the table
  // has none.
  std::string key(std::string_view path) const;
  // A value for people, without its key: "garde", "no petit au bout", "47", "Ann", "simple, double".
  std::string value(std::string_view path, const nlohmann::json& v) const;
  // A key and its value as a scorer says them: "taker Ann", "garde", "47 points", "no petit au bout",
  // "poignée Sophie simple 11 trumps"; "" when the label says nothing.
  std::string item(std::string_view path, const nlohmann::json& v) const;
  // A whole record or set-up, item by item in the order of the table: "taker Ann · garde · 2 oudlers · 47 points".
  std::string record(const nlohmann::json& r, std::string_view sep = " · ") const;

  // Every id of the table, in the order added (for the check that a game labels all of its fields and values).
  std::vector<std::string> ids() const;
  // Where an id is in that order (an order among ids, not a count); npos when the table has none.
  size_t rank(std::string_view id) const;

private:
  WordTable m_table;  // an id added again keeps its first label
};

}  // namespace marque::text
