// The players' own words for a game's ids (rules/<game>/: GameRules::native_words), from the glossary
// (../shared/i18n/glossary.md): "preneur" for the key taker, "garde sans" for the contract garde_sans, "κάσα"
// for prefa's pool. The guided entry, the phones and the command line accept them beside the ids, in every language,
// without regard to case or accents ("κασα", "GARDE SANS", "garde-sans"); a native word is read as its id, so the
// record never changes with the language. No SQLite, no rules here.
#pragma once

#include <deque>
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
  // `keys`: (word, its search key as ICU gives it) for the table's words that are not ASCII, so that building the
  // table needs no ICU (marque-icu.so: a hand typed with ASCII words never loads it); a word not there is keyed by
  // ICU. Each game's are in rules/<game>/<game>_native_keys.inc, which tests/unit/test_native_words.cpp checks
  // against ICU and writes again (MARQUE_WRITE_NATIVE_KEYS=1). The texts outlive the table (string literals: kept as
  // views, not copied).
  NativeWords(std::initializer_list<std::pair<std::string_view, std::string_view>> table,
              std::initializer_list<std::pair<std::string_view, std::string_view>> keys = {});
  NativeWords(const NativeWords&) = delete;  // its entries view m_keyed
  NativeWords& operator=(const NativeWords&) = delete;
  NativeWords(NativeWords&&) noexcept = default;  // a deque moved keeps its elements where they are
  NativeWords& operator=(NativeWords&&) noexcept = default;

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
  // The table's words that are not ASCII, each with the key `keys` gave it ("" for none: ICU keyed it)
  std::vector<std::pair<std::string, std::string>> cached_keys() const;

private:
  Found find(std::string_view key, std::string_view word, bool prefix) const;
  struct Entry {
    std::string_view key;   // "" for a key's word
    std::string_view id;    // the key, or the value
    std::string_view said;  // the word
    // match_key(word) as it is compared (core/native_words.cpp, `matched`): an ASCII word itself, a word that is not
    // ASCII its key from `keys`, else the key ICU gave it (kept in m_keyed)
    std::string_view match;
    enum class Keyed : unsigned char { ascii, cached, icu } keyed = Keyed::ascii;
  };
  std::vector<Entry> m_words;
  std::deque<std::string> m_keyed;  // the keys ICU gave (a deque: they never move)
};

}  // namespace marque::text
