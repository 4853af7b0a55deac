// A table of texts by id, as the catalogues (core/message.hpp: a message's pattern) and the labels (core/labels.hpp:
// an id's label) keep them. Every command builds a game's English tables from string literals when it first says
// something, and reads a handful of their entries: an entry is two views of texts that outlive the table
// (`add_static`: literals, static tables), never a copy; a text made at run time (a translation read from a .mo
// catalogue, a label made of parts) is kept by the table itself (`add`). An id added twice keeps its first text. The
// first look-ups read the entries in order; after a few a hash index is made once (a server's page of 200 hands), so
// building a table costs a vector and looking up stays cheap. No SQLite, no rules here.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace marque::text {

class WordTable {
public:
  using Entry = std::pair<std::string_view, std::string_view>;  // id, text

  WordTable() = default;
  WordTable(const WordTable& other);
  WordTable& operator=(const WordTable& other);
  WordTable(WordTable&& other) noexcept;
  WordTable& operator=(WordTable&& other) noexcept;
  ~WordTable() = default;

  void reserve(size_t n) { m_entries.reserve(n); }
  // `id` and `text` outlive the table (string literals, static tables): kept as they are
  void add_static(std::string_view id, std::string_view text) {
    if (m_indexed.load(std::memory_order_relaxed) || m_scans.load(std::memory_order_relaxed) != 0) changed();
    m_entries.emplace_back(id, text);
  }
  // copied into the table
  void add(std::string_view id, std::string_view text);
  // another table's entries after these (the texts it keeps copied again, its static ones as they are)
  void add(const WordTable& other);

  // The entry first added with this id; nullptr when none. Safe from several threads once the table is built.
  const Entry* find(std::string_view id) const;
  // where an entry is in the order added
  size_t position(const Entry* e) const { return static_cast<size_t>(e - m_entries.data()); }

  // The entries in the order added (an id added twice is there twice, the first one counts: `unique` says which).
  size_t size() const { return m_entries.size(); }
  bool empty() const { return m_entries.empty(); }
  std::vector<Entry>::const_iterator begin() const { return m_entries.begin(); }
  std::vector<Entry>::const_iterator end() const { return m_entries.end(); }
  bool unique(const Entry& e) const { return find(e.first) == &e; }

private:
  void changed();
  void index() const;
  const Entry* scan(std::string_view id) const;

  std::vector<Entry> m_entries;
  std::deque<std::string> m_kept;         // the texts of `add`: two per entry, in order (a deque: they never move)
  std::vector<uint32_t> m_kept_at;        // the positions of those entries, ascending
  mutable std::vector<uint32_t> m_slots;  // the hash index: position + 1 by id, 0 empty (power of two long)
  mutable std::atomic<bool> m_indexed{false};
  mutable std::atomic<uint32_t> m_scans{0};
};

}  // namespace marque::text
