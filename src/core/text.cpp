#include "core/text.hpp"

#include "core/json.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace marque::text {

namespace {

// Decode one UTF-8 code point; invalid bytes count as one column each.
char32_t next_cp(std::string_view s, size_t& i) {
  auto b = static_cast<unsigned char>(s[i]);
  int len = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 1;
  if (i + static_cast<size_t>(len) > s.size()) len = 1;
  char32_t cp = len == 1 ? b : len == 2 ? (b & 0x1F) : len == 3 ? (b & 0x0F) : (b & 0x07);
  for (int k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + static_cast<size_t>(k)]) & 0x3F);
  i += static_cast<size_t>(len);
  return cp;
}

int cp_width(char32_t c) {
  if (c == 0) return 0;
  if (c < 0x20 || (c >= 0x7F && c < 0xA0)) return 0;
  // combining marks
  if ((c >= 0x0300 && c <= 0x036F) || (c >= 0x1AB0 && c <= 0x1AFF) || (c >= 0x1DC0 && c <= 0x1DFF) ||
      (c >= 0x20D0 && c <= 0x20FF) || (c >= 0xFE20 && c <= 0xFE2F) || c == 0x200B || c == 0x200D)
    return 0;
  // East Asian wide and fullwidth
  if ((c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) || (c >= 0x3041 && c <= 0x33FF) ||
      (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
      (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) ||
      (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x1F300 && c <= 0x1F64F) ||
      (c >= 0x1F900 && c <= 0x1F9FF) || (c >= 0x20000 && c <= 0x3FFFD))
    return 2;
  return 1;
}

}  // namespace

int display_width(std::string_view s) {
  int w = 0;
  size_t i = 0;
  while (i < s.size()) {
    const auto b = static_cast<unsigned char>(s[i]);
    if (b < 0x80) {  // ASCII: one column, a control character none (cp_width's answer, without the decoding)
      w += b >= 0x20 && b != 0x7F;
      ++i;
    } else {
      w += cp_width(next_cp(s, i));
    }
  }
  return w;
}

std::string pad_right(const std::string& s, int width) {
  int w = display_width(s);
  return w >= width ? s : s + std::string(static_cast<size_t>(width - w), ' ');
}

std::string pad_left(const std::string& s, int width) {
  int w = display_width(s);
  return w >= width ? s : std::string(static_cast<size_t>(width - w), ' ') + s;
}

std::string format_number(double v, int decimals) {
  double r = std::round(v);
  // a whole number as an integer while it is one (|r| < 2^63; beyond, the cast is undefined): printed as "%.0f"
  if (std::fabs(v - r) < 1e-9 && std::fabs(r) < 9.2e18) {
    char buf[32];
    auto end = std::to_chars(buf, buf + sizeof buf, static_cast<long long>(r)).ptr;  // as "%lld"
    return std::string(buf, end);
  }
  // as "%.*f" (std::to_chars with a precision writes what printf writes in the "C" locale, without its format
  // parsing: a tenth of a standings table's instructions); snprintf's own truncation for a number too long
  char buf[64];
  std::string s;
  if (auto [end, ec] = std::to_chars(buf, buf + sizeof buf - 1, v, std::chars_format::fixed, decimals);
      ec == std::errc()) {
    s.assign(buf, end);
  } else {
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    s = buf;
  }
  if (s.find('.') != std::string::npos) {
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
  }
  if (s == "-0") s = "0";
  return s;
}

std::string format_signed(double v, int decimals) {
  std::string s = format_number(v, decimals);
  if (s != "0" && s[0] != '-') s = "+" + s;
  return s;
}

}  // namespace marque::text

namespace marque::text {

std::string format_number(const Amount& a, int decimals) {
  if (a.is_whole()) return std::to_string(a.whole_part());
  return format_number(static_cast<double>(a.units) / static_cast<double>(a.per), decimals);
}

std::string format_signed(const Amount& a, int decimals) {
  if (a.is_whole()) {  // the digits written once, after their sign: "+12", "-5", "0"
    char buf[24];
    const long long v = a.whole_part();
    char* begin = buf + 1;
    char* end = std::to_chars(begin, buf + sizeof buf, v).ptr;
    if (v > 0) *--begin = '+';
    return std::string(begin, end);
  }
  std::string s = format_number(a, decimals);
  if (s != "0" && s[0] != '-') s = "+" + s;
  return s;
}

}  // namespace marque::text

namespace marque {

namespace {
template <class J>
void amount_to(J& j, const Amount& a) {
  if (a.is_whole())
    j = a.whole_part();
  else
    j = static_cast<double>(a.units) / static_cast<double>(a.per);
}

template <class J>
std::optional<Amount> amount_from(const J& v, int64_t per) {
  if (per <= 0) return std::nullopt;
  if (v.is_number_integer()) {
    const int64_t n = v.template get<int64_t>();
    __extension__ using wide = __int128;
    const wide u = static_cast<wide>(n) * per;
    if (u > INT64_MAX || u < INT64_MIN) return std::nullopt;
    return Amount{static_cast<int64_t>(u), per};
  }
  if (!v.is_number_float()) return std::nullopt;
  const double d = v.template get<double>();
  if (!std::isfinite(d) || std::fabs(d) * static_cast<double>(per) > 9e15) return std::nullopt;
  const Amount a{std::llround(d * static_cast<double>(per)), per};
  J back;
  amount_to(back, a);
  if (back != v) return std::nullopt;
  return a;
}
}  // namespace

std::optional<Amount> amount_of(const nlohmann::json& v, int64_t per) { return amount_from(v, per); }
std::optional<Amount> amount_of(const nlohmann::ordered_json& v, int64_t per) { return amount_from(v, per); }

bool is_whole_number(const nlohmann::json& v) {
  if (v.is_number_integer()) return true;
  if (!v.is_number_float()) return false;
  const double d = v.get<double>();
  return std::isfinite(d) && std::floor(d) == d;
}

std::optional<Amount> parse_decimal(std::string_view s) {
  size_t i = 0;
  bool negative = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  int64_t units = 0, per = 1;
  int digits = 0;
  bool point = false;
  for (; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '.' && !point) {
      point = true;
      continue;
    }
    if (c < '0' || c > '9' || ++digits > 18) return std::nullopt;
    units = units * 10 + (c - '0');
    if (point) per *= 10;
  }
  if (digits == 0) return std::nullopt;
  return Amount{negative ? -units : units, per};
}

void to_json(nlohmann::json& j, const Amount& a) { amount_to(j, a); }
void to_json(nlohmann::ordered_json& j, const Amount& a) { amount_to(j, a); }

}  // namespace marque
