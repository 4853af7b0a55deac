#include "core/unicode.hpp"

#include <unicode/uchar.h>
#include <unicode/ucol.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>

#include <algorithm>
#include <memory>

namespace marque::unicode {

namespace {

std::u16string to_utf16(std::string_view s, bool& ok) {
  UErrorCode e = U_ZERO_ERROR;
  int32_t len = 0;
  u_strFromUTF8(nullptr, 0, &len, s.data(), static_cast<int32_t>(s.size()), &e);
  if (e != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(e)) {
    ok = false;
    return {};
  }
  e = U_ZERO_ERROR;
  std::u16string out(static_cast<size_t>(len), u'\0');
  u_strFromUTF8(reinterpret_cast<UChar*>(out.data()), len, nullptr, s.data(), static_cast<int32_t>(s.size()), &e);
  ok = U_SUCCESS(e);
  return out;
}

std::string to_utf8(const std::u16string& s) {
  UErrorCode e = U_ZERO_ERROR;
  int32_t len = 0;
  u_strToUTF8(nullptr, 0, &len, reinterpret_cast<const UChar*>(s.data()), static_cast<int32_t>(s.size()), &e);
  e = U_ZERO_ERROR;
  std::string out(static_cast<size_t>(len), '\0');
  u_strToUTF8(out.data(), len, nullptr, reinterpret_cast<const UChar*>(s.data()), static_cast<int32_t>(s.size()), &e);
  return U_SUCCESS(e) ? out : std::string();
}

std::u16string folded16(std::string_view utf8, bool& ok) {
  std::u16string in = to_utf16(utf8, ok);
  if (!ok) return {};
  UErrorCode e = U_ZERO_ERROR;
  const UNormalizer2* n = unorm2_getNFKCCasefoldInstance(&e);
  if (U_FAILURE(e)) {
    ok = false;
    return {};
  }
  int32_t len = unorm2_normalize(n, reinterpret_cast<const UChar*>(in.data()), static_cast<int32_t>(in.size()), nullptr,
                                 0, &e);
  e = U_ZERO_ERROR;
  std::u16string out(static_cast<size_t>(len), u'\0');
  unorm2_normalize(n, reinterpret_cast<const UChar*>(in.data()), static_cast<int32_t>(in.size()),
                   reinterpret_cast<UChar*>(out.data()), len, &e);
  ok = U_SUCCESS(e);
  return out;
}

struct CollatorDeleter {
  void operator()(UCollator* c) const { ucol_close(c); }
};

UCollator* collator() {
  static std::unique_ptr<UCollator, CollatorDeleter> c = [] {
    UErrorCode e = U_ZERO_ERROR;
    UCollator* raw = ucol_open("", &e);
    return std::unique_ptr<UCollator, CollatorDeleter>(U_SUCCESS(e) ? raw : nullptr);
  }();
  return c.get();
}

}  // namespace

std::string fold(std::string_view utf8) {
  bool ok = true;
  std::u16string f = folded16(utf8, ok);
  if (!ok) return std::string(utf8);
  return to_utf8(f);
}

std::string search_key(std::string_view utf8) {
  bool ok = true;
  std::u16string f = folded16(utf8, ok);
  UErrorCode e = U_ZERO_ERROR;
  const UNormalizer2* nfd = unorm2_getNFDInstance(&e);
  if (!ok || U_FAILURE(e)) return fold(utf8);
  const auto* in = reinterpret_cast<const UChar*>(f.data());
  int32_t len = unorm2_normalize(nfd, in, static_cast<int32_t>(f.size()), nullptr, 0, &e);
  e = U_ZERO_ERROR;
  std::u16string split(static_cast<size_t>(len), u'\0');
  unorm2_normalize(nfd, in, static_cast<int32_t>(f.size()), reinterpret_cast<UChar*>(split.data()), len, &e);
  if (U_FAILURE(e)) return fold(utf8);
  // the letters without their combining marks (the accents NFD puts apart); U+0300..U+036F and the other marks
  std::u16string out;
  for (char16_t ch : split)
    if (u_charType(ch) != U_NON_SPACING_MARK) out += ch;
  return to_utf8(out);
}

bool search_matches(std::string_view name, std::string_view typed) {
  return search_key(name).find(search_key(typed)) != std::string::npos;
}

int collate(std::string_view a, std::string_view b) {
  UCollator* c = collator();
  if (c) {
    UErrorCode e = U_ZERO_ERROR;
    UCollationResult r = ucol_strcollUTF8(c, a.data(), static_cast<int32_t>(a.size()), b.data(),
                                          static_cast<int32_t>(b.size()), &e);
    if (U_SUCCESS(e)) {
      if (r != UCOL_EQUAL) return r == UCOL_LESS ? -1 : 1;
      return a < b ? -1 : a == b ? 0 : 1;  // equal to the collator: a fixed order all the same
    }
  }
  return a < b ? -1 : a == b ? 0 : 1;
}

void sort_names(std::vector<std::string>& names) {
  std::stable_sort(names.begin(), names.end(),
                   [](const std::string& a, const std::string& b) { return collate(a, b) < 0; });
}

int distance(std::string_view a, std::string_view b) {
  bool ok1 = true, ok2 = true;
  std::u16string x = folded16(a, ok1), y = folded16(b, ok2);
  if (!ok1 || !ok2) return 1000;
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
