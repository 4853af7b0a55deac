#include "core/message.hpp"

#include <memory>
#include <unordered_map>

#include <unicode/fmtable.h>
#include <unicode/msgfmt.h>
#include <unicode/unistr.h>

#include "core/json.hpp"
#include "core/labels.hpp"
#include "core/language.hpp"
#include "core/text.hpp"

namespace marque::text {

Message& Message::text(std::string name, std::string value) {
  Arg a;
  a.kind = Arg::Kind::text;
  a.name = std::move(name);
  a.text = std::move(value);
  args.push_back(std::move(a));
  return *this;
}

Message& Message::number(std::string name, int64_t value) {
  Arg a;
  a.kind = Arg::Kind::number;
  a.name = std::move(name);
  a.number = value;
  args.push_back(std::move(a));
  return *this;
}

Message& Message::amount(std::string name, const Amount& value) {
  Arg a;
  a.kind = Arg::Kind::amount;
  a.name = std::move(name);
  a.amount = value;
  args.push_back(std::move(a));
  return *this;
}

Message& Message::message(std::string name, Message value) {
  Arg a;
  a.kind = Arg::Kind::message;
  a.name = std::move(name);
  a.nested.push_back(std::move(value));
  args.push_back(std::move(a));
  return *this;
}

Message& Message::label(std::string name, std::string path, const nlohmann::json& value) {
  Arg a;
  a.kind = Arg::Kind::label;
  a.name = std::move(name);
  a.path = std::move(path);
  a.text = value.dump();
  args.push_back(std::move(a));
  return *this;
}

const std::string* Catalogue::find(const std::string& id) const {
  for (const Catalogue* c = this; c; c = c->fallback) {
    auto it = c->patterns.find(id);
    if (it != c->patterns.end()) return &it->second;
  }
  return nullptr;
}

namespace {

std::string arg_text(const Message::Arg& a, const Catalogue& catalogue) {
  switch (a.kind) {
    case Message::Arg::Kind::text:
      return a.text;
    case Message::Arg::Kind::number:
      return std::to_string(a.number);
    case Message::Arg::Kind::amount:
      return local_number(a.amount, catalogue.locale);
    case Message::Arg::Kind::message:
      return a.nested.empty() ? std::string() : say(a.nested.front(), catalogue);
    case Message::Arg::Kind::label: {
      const nlohmann::json v = nlohmann::json::parse(a.text, nullptr, false);
      for (const Catalogue* c = &catalogue; c; c = c->fallback)
        if (c->labels) return c->labels->value(a.path, v);
      return v.is_string() ? v.get<std::string>() : a.text;
    }
  }
  return {};
}

std::string unknown(const Message& m, const Catalogue& catalogue) {
  std::string s = m.id + "(";
  for (size_t i = 0; i < m.args.size(); ++i)
    s += (i ? ", " : "") + m.args[i].name + "=" + arg_text(m.args[i], catalogue);
  return s + ")";
}

}  // namespace

std::string pattern_problem(const std::string& pattern, const std::string& locale) {
  UErrorCode status = U_ZERO_ERROR;
  UParseError where{};
  icu::MessageFormat format(icu::UnicodeString::fromUTF8(pattern), icu::Locale(locale.c_str()), where, status);
  if (!U_FAILURE(status)) return {};
  return std::string(u_errorName(status)) + " at offset " + std::to_string(where.offset);
}

// Whether the argument `name` appears in `pattern` only plainly, "{name}": never "{name, plural ...}" or another
// complex form, nor with spaces ("{ name }")
static bool said_plainly_only(const std::string& pattern, const std::string& name) {
  for (size_t at = pattern.find('{'); at != std::string::npos; at = pattern.find('{', at + 1)) {
    size_t j = pattern.find_first_not_of(" \t\n", at + 1);
    if (j == std::string::npos || pattern.compare(j, name.size(), name) != 0) continue;
    const size_t end = j + name.size();
    const size_t k = pattern.find_first_not_of(" \t\n", end);
    if (k == std::string::npos) continue;
    if (pattern[k] == ',') return false;
    if (pattern[k] == '}' && (j != at + 1 || k != end)) return false;
  }
  return true;
}

std::string say(const Message& m, const Catalogue& catalogue) {
  if (m.id.empty()) return {};
  const std::string* pattern = catalogue.find(m.id);
  if (!pattern) return unknown(m, catalogue);
  if (m.args.empty() && pattern->find_first_of("{'") == std::string::npos) return *pattern;
  // a number said plainly ("{n}") is said as marque prints numbers: in English no grouping ("1000", not "1,000");
  // in another language as it writes numbers in prose (local_number: fr "1 000", hu "1000" but "12 345", el "1.000")
  std::string text = *pattern;
  const std::string skeleton = catalogue.locale == "en"   ? ", number, ::group-off}"
                               : catalogue.locale == "hu" ? ", number, ::group-min2}"
                                                          : ", number}";
  // In English a whole number said only plainly is handed to ICU as its digits (what ::group-off prints: no
  // grouping, "-" before a negative one), so that no number formatter is made: the first costs a process about
  // 0.4 M instructions (ICU sets up its skeleton parser), each number formatted about 30,000 more. A number a plural
  // or a select also reads stays a number.
  std::vector<bool> as_digits(m.args.size(), false);
  for (size_t i = 0; i < m.args.size(); ++i) {
    const auto& a = m.args[i];
    if (a.kind != Message::Arg::Kind::number && !(a.kind == Message::Arg::Kind::amount && a.amount.is_whole()))
      continue;
    if (catalogue.locale == "en" && said_plainly_only(text, a.name)) {
      as_digits[i] = true;
      continue;
    }
    const std::string plain = "{" + a.name + "}", exact = "{" + a.name + skeleton;
    for (size_t at = text.find(plain); at != std::string::npos; at = text.find(plain, at + exact.size()))
      text.replace(at, plain.size(), exact);
  }
  // one MessageFormat per pattern and language on each thread, made when first said (a sheet or a game's page says
  // the same few patterns hundreds of times: ICU parses a pattern and builds its number formats once, not per line)
  thread_local std::unordered_map<std::string, std::unique_ptr<icu::MessageFormat>> formats;
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::MessageFormat>& cached = formats[catalogue.locale + '\0' + text];
  if (!cached) {
    auto made = std::make_unique<icu::MessageFormat>(icu::UnicodeString::fromUTF8(text),
                                                     icu::Locale(catalogue.locale.c_str()), status);
    if (U_FAILURE(status)) return unknown(m, catalogue);
    cached = std::move(made);
  }
  const icu::MessageFormat& format = *cached;
  std::vector<icu::UnicodeString> names;
  std::vector<icu::Formattable> values;
  names.reserve(m.args.size());
  values.reserve(m.args.size());
  for (size_t i = 0; i < m.args.size(); ++i) {
    const auto& a = m.args[i];
    names.push_back(icu::UnicodeString::fromUTF8(a.name));
    // numbers are numbers (plural rules, "{n, number, ::group-off}"); an amount that is not whole is its text
    if (as_digits[i])
      values.emplace_back(icu::UnicodeString::fromUTF8(
          std::to_string(a.kind == Message::Arg::Kind::number ? static_cast<int64_t>(a.number)
                                                              : static_cast<int64_t>(a.amount.whole_part()))));
    else if (a.kind == Message::Arg::Kind::number)
      values.emplace_back(static_cast<int64_t>(a.number));
    else if (a.kind == Message::Arg::Kind::amount && a.amount.is_whole())
      values.emplace_back(static_cast<int64_t>(a.amount.whole_part()));
    else
      values.emplace_back(icu::UnicodeString::fromUTF8(arg_text(a, catalogue)));
  }
  icu::UnicodeString out;
  format.format(names.data(), values.data(), static_cast<int32_t>(values.size()), out, status);
  if (U_FAILURE(status)) return unknown(m, catalogue);
  std::string s;
  out.toUTF8String(s);
  return s;
}

}  // namespace marque::text
