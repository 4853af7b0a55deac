#include "core/native_words.hpp"

#include <algorithm>

#include "core/language.hpp"
#include "core/unicode.hpp"

namespace marque::text {

NativeWords::NativeWords(std::initializer_list<std::pair<const char*, const char*>> table) {
  for (const auto& [word, id] : table) {
    const std::string_view w(word);
    const auto eq = w.find('=');
    Entry e;
    e.key = eq == std::string_view::npos ? "" : std::string(w.substr(0, eq));
    e.id = id;
    e.match = match_key(eq == std::string_view::npos ? w : w.substr(eq + 1));
    m_words.push_back(std::move(e));
  }
}

std::string NativeWords::match_key(std::string_view word) {
  std::string k = unicode::search_key(word);
  for (auto& c : k)
    if (c == ' ' || c == '-') c = '_';
  return k;
}

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
