// The table's own language: which one marque speaks (en, fr, hu, el), its catalogues and its conventions for numbers,
// dates, percentages and the order of names. The translations are GNU gettext catalogues (po/LANG.po, compiled into
// share/locale/LANG/LC_MESSAGES/marque.mo), read by Boost.Locale with its ICU backend (the plugin marque-locale.so,
// src/plugins/locale.cpp, the only file that sees Boost, loaded the first time a language other than English is
// spoken), so nothing here depends on the locales installed on the system: a machine with only the C locale
// speaks French. A message's msgctxt is its id and its msgid the English pattern, so one message has one id on the
// terminal, the phone and the sheet (src/README.md, "Languages": adding a surface).
//
// The language a thread speaks is set once where a front end starts its work (the command line after parsing its
// options, the server per request) with a UseLanguage; what says words (GameRules::hand_words, result_words, a
// front end's own text) asks language() or says through localized(). JSON, CSV and the file formats never go
// through here: they stay language-neutral (numbers with a dot, ISO dates, ids).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/amount.hpp"
#include "core/message.hpp"

namespace marque::text {

// The languages marque speaks, English first: "en", "fr", "hu", "el".
const std::vector<std::string>& languages();
// The language a value names: "fr", "FR", "fr_FR.UTF-8", "fr-CA", "hu_HU@euro" -> "fr"/"hu"; "" for one marque does
// not speak ("de_DE", "C", "POSIX", "C.UTF-8", "").
std::string language_of(std::string_view value);
// The language the environment asks for: the first of LC_ALL, LC_MESSAGES, LANG that is set and not empty, if it
// names a language marque speaks ("" otherwise, English).
std::string language_from_environment();
// The language a browser asks for (an Accept-Language header: "hu-HU,hu;q=0.9,en;q=0.8"): the spoken language of
// the highest quality, the first on a tie; "" when none is spoken (English).
std::string language_from_accept(std::string_view header);

// The language this thread speaks ("en" until a UseLanguage says otherwise).
const std::string& language();
// This thread speaks `lang` ("" or one marque does not speak = English) from now on (a server's thread, per request).
void set_language(std::string lang);
// This thread speaks `lang` ("" = English) while the object lives.
class UseLanguage {
public:
  explicit UseLanguage(std::string lang);
  ~UseLanguage();
  UseLanguage(const UseLanguage&) = delete;
  UseLanguage& operator=(const UseLanguage&) = delete;

private:
  std::string previous_;
};

// Where the compiled catalogues are: $MARQUE_LOCALEDIR when set; else share/locale beside the program (the build
// tree), else the installed prefix's share/locale (/usr/bin/marque and /usr/lib/marque/marque-serve: /usr/share/locale).
std::string locale_dir();

// The English text `english` of the message `id` in `lang` (its msgctxt id, its msgid the English): the
// translation, or `english` itself when the catalogue lacks it or `lang` is English.
std::string translate(std::string_view id, std::string_view english, std::string_view lang);
// A plain text of a front end, in this thread's language: tr("cli.nothing_stored", "nothing was stored").
// scripts/messages.sh extracts its two literals (xgettext keyword tr:1c,2).
inline std::string tr(std::string_view id, std::string_view english) { return translate(id, english, language()); }
// The same with arguments (an ICU MessageFormat pattern; `args` holds them, its id unused):
// tr("report.game_over.words", "game over: {words}", Message().text("words", w)). xgettext keyword tr:1c,2,3t.
std::string tr(std::string_view id, std::string_view english, const Message& args);

// A game's English catalogue in `lang` (default: this thread's language): every pattern the .mo translates, the
// English one for the rest (fallback); its locale is `lang`, so numbers and plurals follow the language. The same
// object for the same catalogue and language (cached for the program's life); the English catalogue itself for "en".
const Catalogue& localized(const Catalogue& english, std::string_view lang);
inline const Catalogue& localized(const Catalogue& english) { return localized(english, language()); }

// Numbers in a language's conventions (ICU, CLDR): fr "1 234,5" (U+202F groups), hu "1234,5" in prose (a 4-digit
// number ungrouped, "12 345" with U+00A0), el "1.234,5"; en as text.hpp prints them ("1234.5": no grouping).
// At most `decimals` decimals, trailing zeros dropped.
std::string local_number(const Amount& a, std::string_view lang, int decimals = 2);
std::string local_number(double v, std::string_view lang, int decimals = 2);
// The same with the sign always shown on a delta: "+93", "-31", "0".
std::string local_signed(const Amount& a, std::string_view lang, int decimals = 2);
std::string local_signed(double v, std::string_view lang, int decimals = 2);
// A fraction as a percentage: 0.25 -> fr "25 %" (U+00A0), hu "25%", el "25%", en "25%".
std::string local_percent(double fraction, std::string_view lang, int decimals = 0);
// A stored date ("2026-11-26") as the language writes it: short fr "26/11/2026", hu "2026. 11. 26.",
// el "26/11/2026", en "2026-11-26" (as stored); long fr "jeudi 26 novembre 2026", hu "2026. november 26., csütörtök",
// el "Πέμπτη 26 Νοεμβρίου 2026", en "Thursday, November 26, 2026". A value that is not a date is returned as it is.
std::string local_date(std::string_view iso_date, std::string_view lang, bool long_form = false);

// Names in the language's order (ICU collation): hu "Csaba" after "Czakó", el accents and final sigma secondary,
// fr accents secondary. A stable sort; names equal to the collator keep their order.
void sort_names(std::vector<std::string>& names, std::string_view lang);
// a < b in the language's order
bool collate_less(std::string_view a, std::string_view b, std::string_view lang);

}  // namespace marque::text
