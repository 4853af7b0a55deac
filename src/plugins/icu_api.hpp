// What marque-icu.so (src/plugins/icu.cpp, the only file that sees ICU) hands the program: the functions of ICU that
// core/unicode.cpp, core/message.cpp and core/language.cpp call when their own plain paths cannot answer (a name that
// is not ASCII, a message that is not plain English substitution, a language's numbers, dates and order). Loaded the
// first time one is needed (core/plugin.hpp): libicuuc, libicui18n and libicudata linked into every run cost each
// command about 800 symbol bindings and 70 page faults at start (docs/measurements.md, session 17).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace marque::plugins {

// One argument of a message as ICU MessageFormat receives it: a number (plural rules, number skeletons) or a text.
struct IcuArg {
  std::string_view name;
  bool is_number = false;
  int64_t number = 0;
  std::string_view text;
};

struct IcuApi {
  // core/unicode: the matching key (NFKC case folding; the text as it is when not valid UTF-8), the search key (also
  // without accents), the folded UTF-16 (false: not valid UTF-8), the root collation order (< 0, 0, > 0; a fixed
  // byte order on a tie)
  void (*fold)(std::string_view utf8, std::string& out);
  void (*search_key)(std::string_view utf8, std::string& out);
  bool (*folded16)(std::string_view utf8, std::u16string& out);
  int (*collate)(std::string_view a, std::string_view b);
  // core/message: `pattern` formatted in `locale` with named arguments (false: ICU refused the pattern or an
  // argument); what ICU finds wrong with a pattern ("" when nothing)
  bool (*format)(const std::string& pattern, const std::string& locale, const IcuArg* args, size_t count,
                 std::string& out);
  void (*pattern_problem)(const std::string& pattern, const std::string& locale, std::string& out);
  // core/language: a number, a percentage and a date in a language (false: ICU failed, the caller's plain form),
  // and the language's collation order
  bool (*number)(double v, std::string_view lang, int decimals, bool sign, std::string& out);
  bool (*percent)(double fraction, std::string_view lang, int decimals, std::string& out);
  bool (*date)(int year, int month, int day, std::string_view lang, bool long_form, std::string& out);
  bool (*collate_less)(std::string_view a, std::string_view b, std::string_view lang);
};

}  // namespace marque::plugins

// The plugin's one entry point: extern "C" const marque::plugins::IcuApi* marque_icu_api();
