#include "core/unicode.hpp"

#include <algorithm>

#include "core/plugin.hpp"
#include "plugins/icu_api.hpp"

namespace marque::unicode {

const plugins::IcuApi& icu() {
  // one look-up for the program's life; a missing plugin throws each time asked (Error: k_exit_unavailable)
  static const plugins::IcuApi* api = plugin::marque<const plugins::IcuApi* (*)()>("marque-icu.so", "marque_icu_api")();
  return *api;
}

namespace {

bool ascii(std::string_view s) {
  for (unsigned char c : s)
    if (c >= 0x80) return false;
  return true;
}

// An ASCII text as ICU's NFKC case folding gives it: A-Z lower-cased, every other character as it is. No two ASCII
// characters compose, none decomposes, none is a default ignorable (which NFKC_Casefold removes), and case folding
// changes only A-Z; UTF-16 and back leaves ASCII as it is (tests/unit/test_unicode.cpp compares every ASCII
// character and random ASCII texts with ICU's answer).
std::string ascii_folded(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

}  // namespace

std::string fold(std::string_view utf8) {
  if (ascii(utf8)) return ascii_folded(utf8);
  std::string out;
  icu().fold(utf8, out);
  return out;
}

// ASCII: the folded text is also its NFD (no ASCII character decomposes) and holds no combining mark to drop
std::string search_key(std::string_view utf8) {
  if (ascii(utf8)) return ascii_folded(utf8);
  std::string out;
  icu().search_key(utf8, out);
  return out;
}

bool search_matches(std::string_view name, std::string_view typed) {
  return search_key(name).find(search_key(typed)) != std::string::npos;
}

int collate(std::string_view a, std::string_view b) { return icu().collate(a, b); }

void sort_names(std::vector<std::string>& names) {
  std::stable_sort(names.begin(), names.end(),
                   [](const std::string& a, const std::string& b) { return collate(a, b) < 0; });
}

namespace {
// the folded UTF-16 code units of a name (false: not valid UTF-8); ASCII: its folded bytes
bool folded16(std::string_view utf8, std::u16string& out) {
  if (!ascii(utf8)) return icu().folded16(utf8, out);
  const std::string f = ascii_folded(utf8);
  out.assign(f.begin(), f.end());
  return true;
}
}  // namespace

int distance(std::string_view a, std::string_view b) {
  std::u16string x, y;
  if (!folded16(a, x) || !folded16(b, y)) return 1000;
  const size_t n = x.size(), m = y.size();
  std::vector<std::vector<int>> d(n + 1, std::vector<int>(m + 1));
  for (size_t i = 0; i <= n; ++i) d[i][0] = static_cast<int>(i);
  for (size_t k = 0; k <= m; ++k) d[0][k] = static_cast<int>(k);
  for (size_t i = 1; i <= n; ++i)
    for (size_t k = 1; k <= m; ++k) {
      int cost = x[i - 1] == y[k - 1] ? 0 : 1;
      d[i][k] = std::min({d[i - 1][k] + 1, d[i][k - 1] + 1, d[i - 1][k - 1] + cost});
      if (i > 1 && k > 1 && x[i - 1] == y[k - 2] && x[i - 2] == y[k - 1])
        d[i][k] = std::min(d[i][k], d[i - 2][k - 2] + 1);
    }
  return d[n][m];
}

std::vector<std::string> suggestions(std::string_view word, const std::vector<std::string>& candidates, size_t max) {
  if (word.empty() || word.size() > 200) return {};
  const std::string w = fold(word);
  std::vector<std::pair<int, std::string>> scored;
  for (const auto& c : candidates) {
    if (c.size() > 200) continue;
    int dist = distance(word, c);
    const std::string fc = fold(c);
    const bool prefix = w.size() >= 2 && fc.rfind(w, 0) == 0;
    // short words: one edit; longer ones: two
    const int limit = w.size() <= 3 ? 1 : 2;
    if (dist == 0) continue;
    // a candidate the word begins ("gar" -> "garde") is as close as two edits
    if (dist <= limit || prefix) scored.emplace_back(dist <= limit ? dist : 2, c);
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> out;
  for (const auto& [d, c] : scored) {
    if (out.size() >= max || d > scored.front().first) break;  // only the closest
    if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  }
  return out;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates) {
  auto s = suggestions(word, candidates);
  if (s.empty()) return "";
  std::string out = "did you mean ";
  for (size_t i = 0; i < s.size(); ++i) out += (i == 0 ? "" : i + 1 == s.size() ? " or " : ", ") + ("'" + s[i] + "'");
  return out + "?";
}

}  // namespace marque::unicode
