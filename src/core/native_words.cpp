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
}  // namespace

NativeWords::NativeWords(std::initializer_list<std::pair<const char*, const char*>> table,
                         std::initializer_list<std::pair<const char*, const char*>> keys) {
  for (const auto& [word, id] : table) {
    const std::string_view w(word);
    const auto eq = w.find('=');
    const std::string_view said = eq == std::string_view::npos ? w : w.substr(eq + 1);
    Entry e;
    e.key = eq == std::string_view::npos ? "" : std::string(w.substr(0, eq));
    e.id = id;
    if (std::any_of(said.begin(), said.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; })) {
      const auto k = std::find_if(keys.begin(), keys.end(), [&](const auto& p) { return said == p.first; });
      m_cached.emplace_back(std::string(said), k == keys.end() ? std::string() : std::string(k->second));
      e.match = k == keys.end() ? match_key(said) : underscored(k->second);
    } else {
      e.match = match_key(said);
    }
    m_words.push_back(std::move(e));
  }
}

std::string NativeWords::match_key(std::string_view word) { return underscored(unicode::search_key(word)); }

NativeWords::Found NativeWords::find(std::string_view key, std::string_view word, bool prefix) const {
  const std::string w = match_key(word);
  if (w.empty()) return {};
  std::vector<std::string> exact, begun;
  auto add = [](std::vector<std::string>& to, const std::string& id) {
    if (std::find(to.begin(), to.end(), id) == to.end()) to.push_back(id);
  };
  for (const auto& e : m_words) {
    if (e.key != key) continue;
    if (e.match == w)
      add(exact, e.id);
    else if (prefix && e.match.rfind(w, 0) == 0)
      add(begun, e.id);
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
