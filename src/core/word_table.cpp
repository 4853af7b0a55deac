#include "core/word_table.hpp"

#include <functional>
#include <mutex>

namespace marque::text {

namespace {
// look-ups that read the entries in order before the index is made: a command says a few messages and labels a record
// (a hand 10 to 20 look-ups, a sheet about 16; a scan of a game's catalogue about 600 instructions, the index about
// 130 an entry, 21,000 for tarot's), a server's page of 200 hands thousands
constexpr uint32_t k_scans = 64;
constexpr size_t k_small = 8;  // a table this small is always read in order

size_t hash_of(std::string_view id) { return std::hash<std::string_view>{}(id); }
}  // namespace

WordTable::WordTable(const WordTable& other)
    : m_entries(other.m_entries), m_kept(other.m_kept), m_kept_at(other.m_kept_at) {
  for (size_t k = 0; k < m_kept_at.size(); ++k) m_entries[m_kept_at[k]] = {m_kept[2 * k], m_kept[2 * k + 1]};
}

WordTable& WordTable::operator=(const WordTable& other) {
  if (this != &other) {
    WordTable copy(other);
    *this = std::move(copy);
  }
  return *this;
}

// a deque moved keeps its elements where they are: the views stay good
WordTable::WordTable(WordTable&& other) noexcept
    : m_entries(std::move(other.m_entries)), m_kept(std::move(other.m_kept)), m_kept_at(std::move(other.m_kept_at)) {
  other.changed();
}

WordTable& WordTable::operator=(WordTable&& other) noexcept {
  if (this != &other) {
    m_entries = std::move(other.m_entries);
    m_kept = std::move(other.m_kept);
    m_kept_at = std::move(other.m_kept_at);
    changed();
    other.changed();
  }
  return *this;
}

void WordTable::changed() {
  if (m_indexed.load(std::memory_order_relaxed)) {
    m_slots.clear();
    m_indexed.store(false, std::memory_order_relaxed);
  }
  m_scans.store(0, std::memory_order_relaxed);
}

void WordTable::add(std::string_view id, std::string_view text) {
  changed();
  m_kept.emplace_back(id);
  m_kept.emplace_back(text);
  m_kept_at.push_back(static_cast<uint32_t>(m_entries.size()));
  m_entries.emplace_back(m_kept[m_kept.size() - 2], m_kept.back());
}

void WordTable::add(const WordTable& other) {
  if (&other == this) {
    const WordTable copy(other);
    add(copy);
    return;
  }
  changed();
  m_entries.reserve(m_entries.size() + other.m_entries.size());
  auto kept = other.m_kept_at.begin();
  for (size_t i = 0; i < other.m_entries.size(); ++i) {
    const Entry& e = other.m_entries[i];
    if (kept != other.m_kept_at.end() && *kept == i) {
      ++kept;
      add(e.first, e.second);
    } else {
      m_entries.push_back(e);
    }
  }
}

const WordTable::Entry* WordTable::scan(std::string_view id) const {
  for (const Entry& e : m_entries)
    if (e.first == id) return &e;
  return nullptr;
}

void WordTable::index() const {
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  if (m_indexed.load(std::memory_order_relaxed)) return;
  size_t n = 16;
  while (n < 2 * m_entries.size()) n *= 2;
  m_slots.assign(n, 0);
  for (size_t i = 0; i < m_entries.size(); ++i) {
    const std::string_view id = m_entries[i].first;
    for (size_t s = hash_of(id) & (n - 1);; s = (s + 1) & (n - 1)) {
      if (m_slots[s] == 0) {
        m_slots[s] = static_cast<uint32_t>(i + 1);
        break;
      }
      if (m_entries[m_slots[s] - 1].first == id) break;  // an id added again: its first entry counts
    }
  }
  m_indexed.store(true, std::memory_order_release);
}

const WordTable::Entry* WordTable::find(std::string_view id) const {
  if (!m_indexed.load(std::memory_order_acquire)) {
    if (m_entries.size() <= k_small || m_scans.fetch_add(1, std::memory_order_relaxed) < k_scans) return scan(id);
    index();
  }
  const size_t n = m_slots.size();
  for (size_t s = hash_of(id) & (n - 1);; s = (s + 1) & (n - 1)) {
    const uint32_t at = m_slots[s];
    if (at == 0) return nullptr;
    if (m_entries[at - 1].first == id) return &m_entries[at - 1];
  }
}

}  // namespace marque::text
