// marque-icu.so: ICU (Debian's libicu) for names, messages, numbers, dates and collation (plugins/icu_api.hpp), loaded
// by core/unicode.cpp the first time a name, a message or a language needs it (core/plugin.hpp): ICU's three
// libraries linked into every run cost each command about 800 symbol bindings and 70 page faults at start
// (docs/measurements.md, session 17). The only file that sees ICU; the code is what core/unicode.cpp, message.cpp
// and language.cpp ran before.
#include "plugins/icu_api.hpp"

#include <unicode/calendar.h>
#include <unicode/coll.h>
#include <unicode/datefmt.h>
#include <unicode/dtptngen.h>
#include <unicode/fmtable.h>
#include <unicode/measunit.h>
#include <unicode/msgfmt.h>
#include <unicode/numberformatter.h>
#include <unicode/smpdtfmt.h>
#include <unicode/timezone.h>
#include <unicode/uchar.h>
#include <unicode/ucol.h>
#include <unicode/unistr.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>

#include <map>
#include <memory>
#include <mutex>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace {

using marque::plugins::IcuApi;
using marque::plugins::IcuArg;

// --- names (core/unicode)

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

UCollator* root_collator() {
  static std::unique_ptr<UCollator, CollatorDeleter> c = [] {
    UErrorCode e = U_ZERO_ERROR;
    UCollator* raw = ucol_open("", &e);
    return std::unique_ptr<UCollator, CollatorDeleter>(U_SUCCESS(e) ? raw : nullptr);
  }();
  return c.get();
}

void fold(std::string_view utf8, std::string& out) {
  bool ok = true;
  std::u16string f = folded16(utf8, ok);
  out = ok ? to_utf8(f) : std::string(utf8);
}

void search_key(std::string_view utf8, std::string& out) {
  bool ok = true;
  std::u16string f = folded16(utf8, ok);
  UErrorCode e = U_ZERO_ERROR;
  const UNormalizer2* nfd = unorm2_getNFDInstance(&e);
  if (!ok || U_FAILURE(e)) return fold(utf8, out);
  const auto* in = reinterpret_cast<const UChar*>(f.data());
  int32_t len = unorm2_normalize(nfd, in, static_cast<int32_t>(f.size()), nullptr, 0, &e);
  e = U_ZERO_ERROR;
  std::u16string split(static_cast<size_t>(len), u'\0');
  unorm2_normalize(nfd, in, static_cast<int32_t>(f.size()), reinterpret_cast<UChar*>(split.data()), len, &e);
  if (U_FAILURE(e)) return fold(utf8, out);
  // the letters without their combining marks (the accents NFD puts apart); U+0300..U+036F and the other marks
  std::u16string kept;
  for (char16_t ch : split)
    if (u_charType(ch) != U_NON_SPACING_MARK) kept += ch;
  out = to_utf8(kept);
}

bool folded16_of(std::string_view utf8, std::u16string& out) {
  bool ok = true;
  out = folded16(utf8, ok);
  return ok;
}

int collate(std::string_view a, std::string_view b) {
  UCollator* c = root_collator();
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

// --- messages (core/message)

bool format(const std::string& pattern, const std::string& locale, const IcuArg* args, size_t count, std::string& out) {
  // one MessageFormat per pattern and language on each thread, made when first said (a sheet or a game's page says
  // the same few patterns hundreds of times: ICU parses a pattern and builds its number formats once, not per line)
  thread_local std::unordered_map<std::string, std::unique_ptr<icu::MessageFormat>> formats;
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::MessageFormat>& cached = formats[locale + '\0' + pattern];
  if (!cached) {
    auto made = std::make_unique<icu::MessageFormat>(icu::UnicodeString::fromUTF8(pattern), icu::Locale(locale.c_str()),
                                                     status);
    if (U_FAILURE(status)) return false;
    cached = std::move(made);
  }
  const icu::MessageFormat& f = *cached;
  std::vector<icu::UnicodeString> names;
  std::vector<icu::Formattable> values;
  names.reserve(count);
  values.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    const IcuArg& a = args[i];
    names.push_back(icu::UnicodeString::fromUTF8(icu::StringPiece(a.name.data(), static_cast<int32_t>(a.name.size()))));
    if (a.is_number)
      values.emplace_back(static_cast<int64_t>(a.number));
    else
      values.emplace_back(
          icu::UnicodeString::fromUTF8(icu::StringPiece(a.text.data(), static_cast<int32_t>(a.text.size()))));
  }
  icu::UnicodeString said;
  f.format(names.data(), values.data(), static_cast<int32_t>(values.size()), said, status);
  if (U_FAILURE(status)) return false;
  out.clear();
  said.toUTF8String(out);
  return true;
}

void pattern_problem(const std::string& pattern, const std::string& locale, std::string& out) {
  UErrorCode status = U_ZERO_ERROR;
  UParseError where{};
  icu::MessageFormat f(icu::UnicodeString::fromUTF8(pattern), icu::Locale(locale.c_str()), where, status);
  out = U_FAILURE(status) ? std::string(u_errorName(status)) + " at offset " + std::to_string(where.offset)
                          : std::string();
}

// --- a language's numbers, dates and order (core/language)

icu::Locale icu_locale(std::string_view lang) { return icu::Locale(std::string(lang).c_str()); }

std::string utf8(const icu::UnicodeString& s) {
  std::string out;
  s.toUTF8String(out);
  return out;
}

bool number(double v, std::string_view lang, int decimals, bool sign, std::string& out) {
  namespace nf = icu::number;
  // one formatter per language, decimals and sign for the thread's life: ICU compiles a formatter the first times it
  // is used (its symbols, patterns), about 0.6 M instructions each time a new one formats (a French sheet of 200
  // hands made one per number: 130 M of its 222 M instructions)
  thread_local std::map<std::tuple<std::string, int, bool>, nf::LocalizedNumberFormatter> made;
  auto key = std::make_tuple(std::string(lang), decimals, sign);
  auto it = made.find(key);
  if (it == made.end())
    // Hungarian prose leaves a 4-digit number whole ("1552"), groups from 5 digits ("12 345"); fr and el group at 4
    it = made.emplace(std::move(key), nf::NumberFormatter::with()
                                          .precision(nf::Precision::maxFraction(decimals))
                                          .grouping(lang == "hu" ? UNUM_GROUPING_MIN2 : UNUM_GROUPING_AUTO)
                                          .sign(sign ? UNUM_SIGN_EXCEPT_ZERO : UNUM_SIGN_AUTO)
                                          .locale(icu_locale(lang)))
             .first;
  const nf::LocalizedNumberFormatter& f = it->second;
  UErrorCode status = U_ZERO_ERROR;
  const icu::UnicodeString s = f.formatDouble(v, status).toString(status);
  if (U_FAILURE(status)) return false;
  out = utf8(s);
  return true;
}

bool percent(double fraction, std::string_view lang, int decimals, std::string& out) {
  namespace nf = icu::number;
  nf::LocalizedNumberFormatter f = nf::NumberFormatter::with()
                                       .unit(icu::MeasureUnit::getPercent())
                                       .scale(nf::Scale::powerOfTen(2))
                                       .precision(nf::Precision::maxFraction(decimals))
                                       .locale(icu_locale(lang.empty() ? "en" : lang));
  UErrorCode status = U_ZERO_ERROR;
  const icu::UnicodeString s = f.formatDouble(fraction, status).toString(status);
  if (U_FAILURE(status)) return false;
  out = utf8(s);
  return true;
}

bool date(int y, int m, int d, std::string_view lang, bool long_form, std::string& out) {
  const icu::Locale loc = icu_locale(lang.empty() ? "en" : lang);
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::Calendar> cal(icu::Calendar::createInstance(icu::TimeZone::getGMT()->clone(), loc, status));
  if (U_FAILURE(status)) return false;
  cal->clear();
  cal->set(y, m - 1, d, 12, 0, 0);
  const UDate when = cal->getTime(status);
  std::unique_ptr<icu::DateFormat> f;
  if (long_form) {
    f.reset(icu::DateFormat::createDateInstance(icu::DateFormat::kFull, loc));
  } else {
    // the skeleton yMd: a four-digit year (CLDR's short style would give "26/11/26")
    std::unique_ptr<icu::DateTimePatternGenerator> gen(icu::DateTimePatternGenerator::createInstance(loc, status));
    if (U_FAILURE(status)) return false;
    const icu::UnicodeString pattern = gen->getBestPattern(icu::UnicodeString("yMMdd"), status);
    f = std::make_unique<icu::SimpleDateFormat>(pattern, loc, status);
  }
  if (U_FAILURE(status) || !f) return false;
  f->setTimeZone(*icu::TimeZone::getGMT());
  icu::UnicodeString said;
  f->format(when, said);
  out = utf8(said);
  return true;
}

const icu::Collator& collator(std::string_view lang) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<icu::Collator>> made;
  std::lock_guard<std::mutex> lock(mutex);
  auto& slot = made[std::string(lang.empty() ? "en" : lang)];
  if (!slot) {
    UErrorCode status = U_ZERO_ERROR;
    slot.reset(icu::Collator::createInstance(icu_locale(lang.empty() ? "en" : lang), status));
    if (U_FAILURE(status) || !slot) {
      status = U_ZERO_ERROR;
      slot.reset(icu::Collator::createInstance(icu::Locale::getRoot(), status));
    }
  }
  return *slot;
}

bool collate_less(std::string_view a, std::string_view b, std::string_view lang) {
  UErrorCode status = U_ZERO_ERROR;
  return collator(lang).compareUTF8(icu::StringPiece(a.data(), static_cast<int32_t>(a.size())),
                                    icu::StringPiece(b.data(), static_cast<int32_t>(b.size())), status) == UCOL_LESS;
}

const IcuApi k_api{fold,   search_key, folded16_of, collate,     format, pattern_problem,
                   number, percent,    date,        collate_less};

}  // namespace

extern "C" __attribute__((visibility("default"))) const marque::plugins::IcuApi* marque_icu_api() { return &k_api; }
