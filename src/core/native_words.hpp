// The players' own words for a game's ids (rules/<game>/: GameRules::native_words), from the glossary
// (../shared/i18n/glossary.md): "preneur" for the key taker, "garde sans" for the contract garde_sans, "κάσα"
// for prefa's pool. The guided entry, the phones and the command line accept them beside the ids, in every language,
// without regard to case or accents ("κασα", "GARDE SANS", "garde-sans"); a native word is read as its id, so the
// record never changes with the language. No SQLite, no rules here.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace marque::text {

class NativeWords {
public:
  NativeWords() = default;
  // (word, id): a key's word ("preneur", "taker"), or a value's word after its key ("contract=garde sans",
  // "garde_sans").
  NativeWords(std::initializer_list<std::pair<const char*, const char*>> table);

  // What a word was read as: the id ("" when the table has no such word) or, for a word that names several ids,
  // the refusal ("'x' could be a or b: type one of them").
  struct Found {
    std::string id;
    std::string error;
  };
  // The key a word names (its id exactly as the table has it).
  Found key(std::string_view word) const;
  // The value of `key` a word names; `prefix`: a unique beginning of a word is enough (at the guided entry).
  Found value(std::string_view key, std::string_view word, bool prefix = false) const;

  // A word's matching key: folded case, no accents, final sigma as sigma, spaces and hyphens as '_'.
  static std::string match_key(std::string_view word);
  bool empty() const { return m_words.empty(); }

private:
  Found find(std::string_view key, std::string_view word, bool prefix) const;
  struct Entry {
    std::string key;    // "" for a key's word
    std::string id;     // the key, or the value
    std::string match;  // match_key(word)
  };
  std::vector<Entry> m_words;
};

}  // namespace marque::text
