#include "core/native_words.hpp"

#include <algorithm>

#include "core/language.hpp"
#include "core/unicode.hpp"

namespace marque::text {

namespace {
std::string underscored(std::string k) {
  for (auto& c : k)
    if (c == ' ' || c == '-') c = '_';
  return k;
}

bool non_ascii(std::string_view s) {
  return std::any_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
}
}  // namespace

NativeWords::NativeWords(std::initializer_list<std::pair<std::string_view, std::string_view>> table,
                         std::initializer_list<std::pair<std::string_view, std::string_view>> keys) {
  m_words.reserve(table.size());
  auto next = keys.begin();  // the keys are written in the table's order: the next one is tried first
  for (const auto& [word, id] : table) {
    const std::string_view w = word;
    const auto eq = w.find('=');
    const std::string_view said = eq == std::string_view::npos ? w : w.substr(eq + 1);
    Entry e;
    e.key = eq == std::string_view::npos ? std::string_view() : w.substr(0, eq);
    e.id = id;
    e.said = said;
    e.match = said;
    if (non_ascii(said)) {
      auto k = next != keys.end() && said == next->first
                   ? next
                   : std::find_if(keys.begin(), keys.end(), [&](const auto& p) { return said == p.first; });
      if (k != keys.end()) {
        e.match = k->second;
        e.keyed = Entry::Keyed::cached;
        next = k + 1;
      } else {
        e.match = m_keyed.emplace_back(match_key(said));
        e.keyed = Entry::Keyed::icu;
      }
    }
    m_words.push_back(e);
  }
}

std::vector<std::pair<std::string, std::string>> NativeWords::cached_keys() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& e : m_words)
    if (e.keyed != Entry::Keyed::ascii)
      out.emplace_back(std::string(e.said), e.keyed == Entry::Keyed::cached ? std::string(e.match) : std::string());
  return out;
}

std::string NativeWords::match_key(std::string_view word) { return underscored(unicode::search_key(word)); }

namespace {
// Whether an entry's `match`, as match_key() would give it, is `w` (or begins with it: `prefix`). An ASCII word's
// key is the word folded (A-Z lower-cased: unicode::search_key) with spaces and hyphens as '_'; a cached key's the
// key with spaces and hyphens as '_'; ICU's is kept as match_key() gave it.
template <bool Fold, bool Underscore>
bool matched(std::string_view match, std::string_view w, bool prefix) {
  if (prefix ? match.size() < w.size() : match.size() != w.size()) return false;
  for (size_t i = 0; i < w.size(); ++i) {
    char c = match[i];
    if (Fold && c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (Underscore && (c == ' ' || c == '-')) c = '_';
    if (c != w[i]) return false;
  }
  return true;
}
}  // namespace

NativeWords::Found NativeWords::find(std::string_view key, std::string_view word, bool prefix) const {
  const std::string w = match_key(word);
  if (w.empty()) return {};
  std::vector<std::string> exact, begun;
  auto add = [](std::vector<std::string>& to, const std::string& id) {
    if (std::find(to.begin(), to.end(), id) == to.end()) to.push_back(id);
  };
  auto matches = [&](const Entry& e, bool begins) {
    switch (e.keyed) {
      case Entry::Keyed::ascii:
        return matched<true, true>(e.match, w, begins);
      case Entry::Keyed::cached:
        return matched<false, true>(e.match, w, begins);
      case Entry::Keyed::icu:
        break;
    }
    return matched<false, false>(e.match, w, begins);
  };
  for (const auto& e : m_words) {
    if (e.key != key) continue;
    if (matches(e, false))
      add(exact, std::string(e.id));
    else if (prefix && matches(e, true))
      add(begun, std::string(e.id));
  }
  const std::vector<std::string>& ids = exact.empty() ? begun : exact;
  if (ids.empty()) return {};
  if (ids.size() == 1) return {ids.front(), ""};
  std::string list;
  for (size_t i = 0; i < ids.size(); ++i)
    list += (i == 0 ? "" : i + 1 == ids.size() ? tr("entry.native.or", " or ") : ", ") + ids[i];
  return {"", tr("entry.native.ambiguous", "''{word}'' could be {ids}: type one of them",
                 Message().text("word", std::string(word)).text("ids", list))};
}

NativeWords::Found NativeWords::key(std::string_view word) const { return find("", word, false); }

NativeWords::Found NativeWords::value(std::string_view key, std::string_view word, bool prefix) const {
  return key.empty() ? Found{} : find(key, word, prefix);
}

}  // namespace marque::text
