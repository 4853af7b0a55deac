// The table's own language (core/language.hpp): the catalogues through Boost.Locale (its ICU backend: no system
// locale needed) in the plugin marque-locale.so (src/plugins/locale.cpp, loaded the first time a language other than
// English is spoken: core/plugin.hpp), numbers, dates and collation through ICU (the plugin marque-icu.so,
// src/plugins/icu.cpp, loaded when first needed: English numbers and short dates need none).
#include "core/language.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <unordered_set>

#include "core/date.hpp"
#include "core/diag.hpp"
#include "core/plugin.hpp"
#include "core/text.hpp"
#include "core/unicode.hpp"
#include "plugins/icu_api.hpp"

namespace marque::text {

namespace {

thread_local std::string t_language = "en";

bool spoken(std::string_view lang) {
  for (const auto& l : languages())
    if (l == lang) return true;
  return false;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

// The translation of `id` in `lang` (marque-locale.so's Boost.Locale), loaded when first asked. Without the plugin
// (a broken installation) marque speaks English, as it does without the catalogues, and says so once on stderr.
std::string pgettext(const char* id, const char* english, const std::string& lang) {
  using Pgettext = void (*)(const std::string&, const std::string&, const char*, const char*, std::string&);
  static const Pgettext f = []() -> Pgettext {
    try {
      return plugin::marque<Pgettext>("marque-locale.so", "marque_pgettext");
    } catch (const Error& e) {
      std::cerr << "marque: warning: " << e.what() << ": the translations are not available, English is spoken\n";
      return nullptr;
    }
  }();
  if (!f) return english;
  std::string out;
  f(locale_dir(), lang, id, english, out);
  return out;
}

// a number in a language by ICU (marque-icu.so: one formatter per language, decimals and sign for the thread's life)
std::string icu_number(double v, std::string_view lang, int decimals, bool sign) {
  std::string out;
  if (!unicode::icu().number(v, lang, decimals, sign, out))
    return sign ? format_signed(v, decimals) : format_number(v, decimals);
  return out;
}

std::string base_dir() {
  if (const char* dir = std::getenv("MARQUE_LOCALEDIR"); dir && *dir) return dir;
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return "/usr/share/locale";
  // beside the program (the build tree), then the prefix of bin/marque, then of lib/marque/marque-serve
  const fs::path dir = self.parent_path();
  for (const fs::path& p :
       {dir / "share/locale", dir.parent_path() / "share/locale", dir.parent_path().parent_path() / "share/locale"})
    if (fs::is_directory(p / "fr", ec)) return p.string();
  return (dir.parent_path() / "share/locale").string();
}

}  // namespace

const std::vector<std::string>& languages() {
  static const std::vector<std::string> all = {"en", "fr", "hu", "el"};
  return all;
}

std::string language_of(std::string_view value) {
  const size_t end = value.find_first_of("_-.@");
  const std::string lang = lower(value.substr(0, end));
  return spoken(lang) ? lang : std::string();
}

std::string language_from_environment() {
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* v = std::getenv(name);
    if (v && *v) return language_of(v);
  }
  return {};
}

std::string language_from_accept(std::string_view header) {
  std::string best;
  double best_q = 0;
  size_t at = 0;
  while (at <= header.size()) {
    size_t end = header.find(',', at);
    if (end == std::string_view::npos) end = header.size();
    std::string_view item = header.substr(at, end - at);
    at = end + 1;
    double q = 1;
    if (const size_t semi = item.find(';'); semi != std::string_view::npos) {
      const std::string_view param = item.substr(semi + 1);
      if (const size_t eq = param.find("q="); eq != std::string_view::npos)
        q = std::atof(std::string(param.substr(eq + 2)).c_str());
      item = item.substr(0, semi);
    }
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    const std::string lang = language_of(item);
    if (!lang.empty() && q > best_q) {
      best = lang;
      best_q = q;
    }
  }
  return best == "en" ? std::string() : best;
}

const std::string& language() { return t_language; }

void set_language(std::string lang) { t_language = lang.empty() || !spoken(lang) ? "en" : std::move(lang); }

UseLanguage::UseLanguage(std::string lang) : previous_(t_language) { set_language(std::move(lang)); }
UseLanguage::~UseLanguage() { t_language = previous_; }

std::string locale_dir() {
  static const std::string dir = base_dir();
  return dir;
}

std::string translate(std::string_view id, std::string_view english, std::string_view lang) {
  if (lang.empty() || lang == "en" || !spoken(lang)) return std::string(english);
  return pgettext(std::string(id).c_str(), std::string(english).c_str(), std::string(lang));
}

std::string tr(std::string_view id, std::string_view english, const Message& args) {
  const std::string& lang = language();
  const std::string said = translate(id, english, lang);
  Catalogue c;  // for this call only: its entry views `id` and `said`
  c.locale = lang;
  c.patterns.add_static(id, said);
  Message m = args;
  m.id = std::string(id);
  return say(m, c);
}

const Catalogue& localized(const Catalogue& english, std::string_view lang) {
  if (lang.empty() || lang == "en" || !spoken(lang)) return english;
  static std::mutex mutex;
  static std::map<std::pair<const Catalogue*, std::string>, std::unique_ptr<Catalogue>> made;
  std::lock_guard<std::mutex> lock(mutex);
  auto& slot = made[{&english, std::string(lang)}];
  if (slot) return *slot;
  auto c = std::make_unique<Catalogue>();
  c->locale = std::string(lang);
  c->fallback = &english;
  c->labels = english.labels;
  // each id as the English says it (its first pattern along the fallbacks), translated where the .mo says otherwise
  std::unordered_set<std::string_view> seen;
  for (const Catalogue* e = &english; e; e = e->fallback)
    for (const auto& [id, pattern] : e->patterns) {
      if (!seen.insert(id).second) continue;
      std::string said = translate(id, pattern, lang);
      if (said != pattern) c->patterns.add(id, said);
    }
  slot = std::move(c);
  return *slot;
}

std::string local_number(double v, std::string_view lang, int decimals) {
  if (lang.empty() || lang == "en") return format_number(v, decimals);
  return icu_number(v, lang, decimals, false);
}
std::string local_number(const Amount& a, std::string_view lang, int decimals) {
  if (lang.empty() || lang == "en") return format_number(a, decimals);
  return icu_number(a.value(), lang, decimals, false);
}
std::string local_signed(double v, std::string_view lang, int decimals) {
  if (lang.empty() || lang == "en") return format_signed(v, decimals);
  return icu_number(v, lang, decimals, true);
}
std::string local_signed(const Amount& a, std::string_view lang, int decimals) {
  if (lang.empty() || lang == "en") return format_signed(a, decimals);
  return icu_number(a.value(), lang, decimals, true);
}

std::string local_percent(double fraction, std::string_view lang, int decimals) {
  std::string out;
  if (!unicode::icu().percent(fraction, lang, decimals, out)) return format_number(fraction * 100, decimals) + "%";
  return out;
}

std::string local_date(std::string_view iso_date, std::string_view lang, bool long_form) {
  if (!is_valid_date(iso_date)) return std::string(iso_date);
  if (!long_form && (lang.empty() || lang == "en")) return std::string(iso_date);
  const int y = std::atoi(std::string(iso_date.substr(0, 4)).c_str());
  const int m = std::atoi(std::string(iso_date.substr(5, 2)).c_str());
  const int d = std::atoi(std::string(iso_date.substr(8, 2)).c_str());
  std::string out;
  if (!unicode::icu().date(y, m, d, lang, long_form, out)) return std::string(iso_date);
  return out;
}

bool collate_less(std::string_view a, std::string_view b, std::string_view lang) {
  return unicode::icu().collate_less(a, b, lang);
}

void sort_names(std::vector<std::string>& names, std::string_view lang) {
  std::stable_sort(names.begin(), names.end(),
                   [&](const std::string& a, const std::string& b) { return collate_less(a, b, lang); });
}

}  // namespace marque::text
