#include "core/message.hpp"

#include <algorithm>
#include <memory>
#include <unordered_map>

#include "core/json.hpp"
#include "core/labels.hpp"
#include "core/language.hpp"
#include "core/text.hpp"
#include "core/unicode.hpp"
#include "plugins/icu_api.hpp"

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

const std::string_view* Catalogue::find(std::string_view id) const {
  for (const Catalogue* c = this; c; c = c->fallback)
    if (const auto* e = c->patterns.find(id)) return &e->second;
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
        if (c->labels) return c->labels().value(a.path, v);
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

std::string pattern_problem(std::string_view pattern, const std::string& locale) {
  std::string out;
  unicode::icu().pattern_problem(std::string(pattern), locale, out);
  return out;
}

namespace {

// Whether `s` is well-formed UTF-8 (the Unicode standard's table 3-7: no overlong form, no surrogate, nothing above
// U+10FFFF), what ICU reads back unchanged: ICU says each ill-formed sequence as U+FFFD.
bool well_formed(std::string_view s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const size_t n = s.size();
  for (size_t i = 0; i < n;) {
    const unsigned char c = p[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t len = 0;
    unsigned char lo = 0x80, hi = 0xBF;  // the second byte's range
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      if (c == 0xE0) lo = 0xA0;
      if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      if (c == 0xF0) lo = 0x90;
      if (c == 0xF4) hi = 0x8F;
    } else {
      return false;
    }
    if (n - i < len || p[i + 1] < lo || p[i + 1] > hi) return false;
    for (size_t k = 2; k < len; ++k)
      if ((p[i + k] & 0xC0) != 0x80) return false;
    i += len;
  }
  return true;
}

bool name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool name_char(char c) { return name_start(c) || (c >= '0' && c <= '9'); }

}  // namespace

namespace {

// The subset of ICU MessageFormat said() reads itself (said_plainly, below), in English only. ICU's rules it follows
// (icu::MessagePattern, apostrophe mode DOUBLE_OPTIONAL; icu::MessageFormat; CLDR's English plural rules):
// - text is said as it is, but "''", which says one apostrophe; an apostrophe before '{', '}', '#' or '|' starts
//   ICU's quoting, and one that ends the pattern is ICU's business: both are left to ICU;
// - "{name}": the argument's text; a number (or a whole amount) by its digits, as say() hands ICU an English number
//   said plainly and as "::group-off" prints one; "{name, number, ::group-off}" the same for a number;
// - "{name, select, k1 {..} k2 {..} other {..}}": the branch whose key is the argument's text, else `other`;
// - "{name, plural, =0 {..} one {..} other {..}}": an explicit "=N" (up to 6 digits, no leading zero) for the number
//   N, else `one` for the whole number 1, else `other`; '#' in their branches the number as ICU's English number
//   format writes it ("12,345"); a negative number, "zero", "two", "few", "many" and "offset:" are left to ICU;
// - names of ASCII letters, digits and '_' (not starting with a digit), each naming one argument given once; keys of
//   ASCII letters, digits and '_', none twice, `other` always there; single spaces where ICU allows white space.
// Anything else returns false: ICU says the message. Every branch is read, as ICU reads the whole pattern.
class Plain {
public:
  Plain(std::string_view pattern, const Message& m, const Catalogue& c) : p_(pattern), m_(m), c_(c) {}

  bool said(std::string& out) {
    size_t at = 0;
    if (!message(at, nullptr, out)) return false;
    return at == p_.size();
  }

private:
  const std::string_view p_;
  const Message& m_;
  const Catalogue& c_;

  char at_(size_t i) const { return i < p_.size() ? p_[i] : '\0'; }
  void spaces(size_t& at) const {
    while (at < p_.size() && p_[at] == ' ') ++at;
  }
  bool word(size_t& at, std::string_view& w, bool key) const {
    const size_t from = at;
    if (!key && !name_start(at_(at))) return false;
    while (at < p_.size() && name_char(p_[at])) ++at;
    w = std::string_view(p_.data() + from, at - from);
    return !w.empty();
  }
  const Message::Arg* arg(std::string_view name) const {
    const Message::Arg* found = nullptr;
    for (const auto& a : m_.args)
      if (a.name == name) {
        if (found) return nullptr;
        found = &a;
      }
    return found;
  }
  static bool is_number(const Message::Arg& a) {
    return a.kind == Message::Arg::Kind::number || (a.kind == Message::Arg::Kind::amount && a.amount.is_whole());
  }
  static std::string grouped(int64_t n) {  // n >= 0
    std::string d = std::to_string(n);
    for (size_t i = d.size(); i > 3; i -= 3) d.insert(i - 3, ",");
    return d;
  }
  static int64_t number_of(const Message::Arg& a) {
    return a.kind == Message::Arg::Kind::number ? static_cast<int64_t>(a.number)
                                                : static_cast<int64_t>(a.amount.whole_part());
  }
  bool text_of(const Message::Arg& a, std::string& t) const {
    t = arg_text(a, c_);
    return well_formed(t);
  }

  // a (sub)message up to its closing '}' (nested) or the pattern's end
  bool message(size_t& at, const int64_t* plural_number, std::string& out) {
    const bool nested = at != 0;
    while (at < p_.size()) {
      const char ch = p_[at];
      if (ch == '}') return nested;
      if (ch == '#') {
        // in a plural's branch, the plural's number as ICU's English number format writes it ("#,##0": 12,345)
        out += plural_number ? grouped(*plural_number) : "#";
        ++at;
        continue;
      }
      if (ch == '\'') {
        const char next = at_(at + 1);
        if (next == '\'') {
          out += '\'';
          at += 2;
          continue;
        }
        if (at + 1 >= p_.size() || next == '{' || next == '}' || next == '#' || next == '|') return false;
        out += '\'';
        ++at;
        continue;
      }
      if (ch == '{') {
        if (!argument(++at, out)) return false;
        continue;
      }
      const size_t end = p_.find_first_of("}#'{", at);
      const size_t stop = end == std::string_view::npos ? p_.size() : end;
      out.append(p_, at, stop - at);
      at = stop;
    }
    return !nested;
  }

  // an argument after its '{', through its '}'
  bool argument(size_t& at, std::string& out) {
    std::string_view name;
    if (!word(at, name, false)) return false;
    const Message::Arg* a = arg(name);
    if (!a) return false;
    if (at_(at) == '}') {
      ++at;
      if (is_number(*a)) {
        out += std::to_string(number_of(*a));
        return true;
      }
      std::string t;
      if (!text_of(*a, t)) return false;
      out += t;
      return true;
    }
    static constexpr std::string_view group_off = ", number, ::group-off}";
    if (p_.compare(at, group_off.size(), group_off) == 0) {
      if (!is_number(*a)) return false;
      at += group_off.size();
      out += std::to_string(number_of(*a));
      return true;
    }
    if (at_(at) != ',') return false;
    ++at;
    spaces(at);
    std::string_view kind;
    if (!word(at, kind, false) || (kind != "select" && kind != "plural")) return false;
    const bool plural = kind == "plural";
    if (at_(at) != ',') return false;
    ++at;
    // what the branch is chosen by: select the argument's text; plural its number (an explicit "=N" first, then
    // "one" for 1, else "other")
    std::string text;
    const int64_t n = plural && is_number(*a) ? number_of(*a) : 0;
    if (plural ? !is_number(*a) || n < 0 : is_number(*a) || !text_of(*a, text)) return false;
    std::vector<std::pair<std::string, std::string>> branches;  // key, what it says
    for (;;) {
      spaces(at);
      if (at_(at) == '}') {
        ++at;
        break;
      }
      std::string key;
      if (plural && at_(at) == '=') {
        // an explicit value: 1 to 6 digits, no leading zero (ICU compares numbers, this compares texts)
        const size_t from = ++at;
        while (at < p_.size() && p_[at] >= '0' && p_[at] <= '9') ++at;
        if (at == from || at - from > 6 || (at - from > 1 && p_[from] == '0')) return false;
        key = "=";
        key += p_.substr(from, at - from);
      } else {
        std::string_view w;
        if (!word(at, w, true) || (plural && w != "one" && w != "other")) return false;
        key = std::string(w);
      }
      for (const auto& b : branches)
        if (b.first == key) return false;
      spaces(at);
      if (at_(at) != '{') return false;
      ++at;
      std::string branch;
      // '#' is the number in a plural's own branches only (a select's branch inside one says '#')
      if (!message(at, plural ? &n : nullptr, branch) || at_(at) != '}') return false;
      ++at;
      branches.emplace_back(std::move(key), std::move(branch));
    }
    auto find = [&](const std::string& key) -> const std::string* {
      for (const auto& b : branches)
        if (b.first == key) return &b.second;
      return nullptr;
    };
    const std::string* other = find("other");
    if (!other) return false;
    const std::string* said = plural ? find("=" + std::to_string(n)) : find(text);
    if (plural && !said && n == 1) said = find("one");
    out += said ? *said : *other;
    return true;
  }
};

}  // namespace

bool said_plainly(std::string_view pattern, const Message& m, const Catalogue& catalogue, std::string& out) {
  if (catalogue.locale != "en" || !well_formed(pattern)) return false;
  std::string s;
  s.reserve(pattern.size() + 32);
  if (!Plain(pattern, m, catalogue).said(s)) return false;
  out = std::move(s);
  return true;
}

// Whether the argument `name` appears in `pattern` only plainly, "{name}": never "{name, plural ...}" or another
// complex form, nor with spaces ("{ name }")
static bool said_plainly_only(std::string_view pattern, const std::string& name) {
  for (size_t at = pattern.find('{'); at != std::string_view::npos; at = pattern.find('{', at + 1)) {
    size_t j = pattern.find_first_not_of(" \t\n", at + 1);
    if (j == std::string_view::npos || pattern.substr(j, name.size()) != name) continue;
    const size_t end = j + name.size();
    const size_t k = pattern.find_first_not_of(" \t\n", end);
    if (k == std::string_view::npos) continue;
    if (pattern[k] == ',') return false;
    if (pattern[k] == '}' && (j != at + 1 || k != end)) return false;
  }
  return true;
}

std::string say(const Message& m, const Catalogue& catalogue) {
  if (m.id.empty()) return {};
  const std::string_view* pattern = catalogue.find(m.id);
  if (!pattern) return unknown(m, catalogue);
  if (m.args.empty() && pattern->find_first_of("{'") == std::string_view::npos) return std::string(*pattern);
  if (std::string plain; said_plainly(*pattern, m, catalogue, plain)) return plain;
  return said_by_icu(*pattern, m, catalogue);
}

std::string said_by_icu(std::string_view pattern, const Message& m, const Catalogue& catalogue) {
  // a number said plainly ("{n}") is said as marque prints numbers: in English no grouping ("1000", not "1,000");
  // in another language as it writes numbers in prose (local_number: fr "1 000", hu "1000" but "12 345", el "1.000")
  std::string text(pattern);
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
  std::vector<std::string> texts(m.args.size());
  std::vector<plugins::IcuArg> values(m.args.size());
  for (size_t i = 0; i < m.args.size(); ++i) {
    const auto& a = m.args[i];
    plugins::IcuArg& v = values[i];
    v.name = a.name;
    // numbers are numbers (plural rules, "{n, number, ::group-off}"); an amount that is not whole is its text
    if (as_digits[i]) {
      texts[i] = std::to_string(a.kind == Message::Arg::Kind::number ? static_cast<int64_t>(a.number)
                                                                     : static_cast<int64_t>(a.amount.whole_part()));
    } else if (a.kind == Message::Arg::Kind::number) {
      v.is_number = true;
      v.number = static_cast<int64_t>(a.number);
    } else if (a.kind == Message::Arg::Kind::amount && a.amount.is_whole()) {
      v.is_number = true;
      v.number = static_cast<int64_t>(a.amount.whole_part());
    } else {
      texts[i] = arg_text(a, catalogue);
    }
    if (!v.is_number) v.text = texts[i];
  }
  // one MessageFormat per pattern and language on each thread, in the plugin
  std::string said;
  if (!unicode::icu().format(text, catalogue.locale, values.data(), values.size(), said)) return unknown(m, catalogue);
  return said;
}

}  // namespace marque::text
