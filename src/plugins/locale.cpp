// marque-locale.so: the translations' catalogues (GNU gettext .mo files) read by Boost.Locale with its ICU backend,
// loaded by core/language.cpp the first time a language other than English is spoken (core/plugin.hpp): Boost.Locale
// and Boost.Thread linked into every run cost each command about 1 ms of start-up (docs/measurements.md, session 16).
// The only file that sees Boost.
#include <boost/locale/generator.hpp>
#include <boost/locale/localization_backend.hpp>
#include <boost/locale/message.hpp>

#include <locale>
#include <map>
#include <mutex>
#include <string>

namespace {

// The std::locale that carries a language's catalogue (Boost.Locale, ICU backend), made once per language.
const std::locale& catalogue_locale(const std::string& dir, const std::string& lang) {
  static std::mutex mutex;
  static std::map<std::string, std::locale> made;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = made.find(lang);
  if (it != made.end()) return it->second;
  boost::locale::localization_backend_manager backends = boost::locale::localization_backend_manager::global();
  backends.select("icu");
  boost::locale::generator gen(backends);
  gen.categories(boost::locale::message_facet);
  // catalogues for char only: by default Boost.Locale also converts every message to wchar_t (and char16_t,
  // char32_t), one iconv_open per string, about 75 M instructions of a French command's 83 M
  gen.characters(boost::locale::char_facet);
  gen.add_messages_path(dir);
  gen.add_messages_domain("marque");
  return made.emplace(lang, gen(lang + ".UTF-8")).first->second;
}

}  // namespace

// The message `id` (its msgctxt) whose English is `english` in `lang`, from the catalogues in `dir`
// (share/locale): the translation, or `english` when the catalogue lacks it.
extern "C" __attribute__((visibility("default"))) void marque_pgettext(const std::string& dir, const std::string& lang,
                                                                       const char* id, const char* english,
                                                                       std::string& out) {
  // nothing thrown out of a plugin (marque has its own libstdc++, CMakeLists.txt): a catalogue Boost.Locale cannot
  // read leaves the English
  try {
    out = boost::locale::pgettext(id, english, catalogue_locale(dir, lang));
  } catch (...) {
    out = english;
  }
}
