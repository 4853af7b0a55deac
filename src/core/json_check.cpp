// One pass over a JSON text's bytes: the grammar of RFC 8259 with a bit per open container, no recursion, no
// document, no copy (json_check.hpp says exactly what it accepts). The check behind the schema's CHECK
// constraints: nlohmann/json's acceptor, which it replaces there, tokenised every byte into buffers and was about
// a fifth of an import's instructions.
#include "core/json_check.hpp"

#include <charconv>
#include <cstdint>
#include <string>
#include <system_error>

namespace marque::json_check {

namespace {

using Byte = unsigned char;

bool is_space(Byte c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }
bool is_digit(Byte c) { return c >= '0' && c <= '9'; }

int hex_value(Byte c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

struct Scanner {
  const Byte* p;
  const Byte* end;

  void skip_space() {
    while (p != end && is_space(*p)) ++p;
  }

  bool take(Byte c) {
    if (p == end || *p != c) return false;
    ++p;
    return true;
  }

  bool literal(std::string_view word) {
    if (static_cast<size_t>(end - p) < word.size()) return false;
    for (char c : word)
      if (*p++ != static_cast<Byte>(c)) return false;
    return true;
  }

  // four hex digits after "\u": the code unit, or -1
  long unit() {
    if (end - p < 4) return -1;
    long u = 0;
    for (int i = 0; i < 4; ++i) {
      int h = hex_value(*p++);
      if (h < 0) return -1;
      u = u * 16 + h;
    }
    return u;
  }

  bool escape() {
    if (p == end) return false;
    switch (*p++) {
      case '"':
      case '\\':
      case '/':
      case 'b':
      case 'f':
      case 'n':
      case 'r':
      case 't':
        return true;
      case 'u': {
        long u = unit();
        if (u < 0 || (u >= 0xDC00 && u <= 0xDFFF)) return false;  // a low surrogate alone
        if (u < 0xD800 || u > 0xDBFF) return true;
        if (!take('\\') || !take('u')) return false;  // a high surrogate needs its low one
        long low = unit();
        return low >= 0xDC00 && low <= 0xDFFF;
      }
      default:
        return false;
    }
  }

  // the bytes after a UTF-8 lead byte c (RFC 3629's table, as nlohmann/json checks it)
  bool utf8_tail(Byte c) {
    Byte lo = 0x80, hi = 0xBF;
    int more;
    if (c >= 0xC2 && c <= 0xDF) {
      more = 1;
    } else if (c >= 0xE0 && c <= 0xEF) {
      more = 2;
      if (c == 0xE0) lo = 0xA0;
      if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      more = 3;
      if (c == 0xF0) lo = 0x90;
      if (c == 0xF4) hi = 0x8F;
    } else {
      return false;
    }
    if (end - p < more) return false;
    if (*p < lo || *p > hi) return false;
    ++p;
    for (int i = 1; i < more; ++i, ++p)
      if (*p < 0x80 || *p > 0xBF) return false;
    return true;
  }

  // after the opening quote, through the closing one
  bool string() {
    for (;;) {
      while (p != end && *p >= 0x20 && *p < 0x80 && *p != '"' && *p != '\\') ++p;
      if (p == end) return false;
      Byte c = *p++;
      if (c == '"') return true;
      if (c == '\\') {
        if (!escape()) return false;
      } else if (c < 0x20 || !utf8_tail(c)) {
        return false;
      }
    }
  }

  size_t digits() {
    const Byte* from = p;
    while (p != end && is_digit(*p)) ++p;
    return static_cast<size_t>(p - from);
  }

  bool number() {
    const Byte* from = p;
    take('-');
    if (p == end) return false;
    size_t whole = 0;  // digits of the integer part that count for its size (no leading zero)
    if (*p == '0') {
      ++p;
    } else {
      whole = digits();
      if (whole == 0) return false;
    }
    size_t fraction = 0;
    if (take('.')) {
      fraction = digits();
      if (fraction == 0) return false;
    }
    bool exponent = false;
    if (p != end && (*p == 'e' || *p == 'E')) {
      ++p;
      if (!take('+')) take('-');
      if (digits() == 0) return false;
      exponent = true;
    }
    // under 300 digits and no exponent: far inside a double's range (1.8e308)
    if (!exponent && whole + fraction < 300) return true;
    double value = 0;
    auto r = std::from_chars(reinterpret_cast<const char*>(from), reinterpret_cast<const char*>(p), value);
    if (r.ec != std::errc::result_out_of_range) return r.ec == std::errc();
    return !finite_magnitude_too_large(from);
  }

  // a number from_chars found out of range: too large (refused, as nlohmann/json's strtod makes it infinite) or
  // too small (accepted, it reads as 0): the decimal exponent of its first significant digit tells
  bool finite_magnitude_too_large(const Byte* q) const {
    if (*q == '-') ++q;
    long lead = 0;  // the power of ten of the first non-zero digit, plus one
    bool seen = false;
    for (; q != p && is_digit(*q); ++q) {
      if (*q != '0') seen = true;
      if (seen) ++lead;
    }
    if (!seen && q != p && *q == '.') {
      for (++q; q != p && *q == '0'; ++q) --lead;
    }
    while (q != p && *q != 'e' && *q != 'E') ++q;
    long e = 0;
    if (q != p) {
      ++q;
      bool negative = *q == '-';
      if (*q == '+' || *q == '-') ++q;
      for (; q != p; ++q) e = e < 100000000 ? e * 10 + (*q - '0') : e;
      if (negative) e = -e;
    }
    return lead + e > 0;
  }
};

}  // namespace

bool valid(std::string_view text) {
  Scanner s{reinterpret_cast<const Byte*>(text.data()), reinterpret_cast<const Byte*>(text.data()) + text.size()};
  if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") s.p += 3;
  std::string open;  // the containers open, innermost last: '[' or '{'
  s.skip_space();
  for (;;) {
    // a value
    if (s.p == s.end) return false;
    switch (*s.p++) {
      case '{':
        s.skip_space();
        if (s.take('}')) break;
        open.push_back('{');
        if (!s.take('"') || !s.string()) return false;
        s.skip_space();
        if (!s.take(':')) return false;
        s.skip_space();
        continue;
      case '[':
        s.skip_space();
        if (s.take(']')) break;
        open.push_back('[');
        continue;
      case '"':
        if (!s.string()) return false;
        break;
      case 't':
        if (!s.literal("rue")) return false;
        break;
      case 'f':
        if (!s.literal("alse")) return false;
        break;
      case 'n':
        if (!s.literal("ull")) return false;
        break;
      default:
        --s.p;
        if (!s.number()) return false;
        break;
    }
    // after a value: the containers it closes, then a separator before the next value, or the end
    for (;;) {
      s.skip_space();
      if (open.empty()) return s.p == s.end;
      if (s.p == s.end) return false;
      Byte c = *s.p++;
      if (c == ',') break;
      if (c != (open.back() == '[' ? ']' : '}')) return false;
      open.pop_back();
    }
    s.skip_space();
    if (open.back() == '{') {
      if (!s.take('"') || !s.string()) return false;
      s.skip_space();
      if (!s.take(':')) return false;
      s.skip_space();
    }
  }
}

}  // namespace marque::json_check
