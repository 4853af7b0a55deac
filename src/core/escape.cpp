#include "core/json.hpp"

#include "core/escape.hpp"

#include <cstdio>

namespace marque::escape {

namespace {
void hex(unsigned char c, std::string& out) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "\\x%02x", c);
  out += buf;
}
bool c0_or_del(unsigned char u) { return (u < 0x20 && u != '\n' && u != '\t') || u == 0x7f; }
bool c1_second(unsigned char u) { return u >= 0x80 && u <= 0x9f; }  // after 0xc2: U+0080..U+009F
}  // namespace

void TerminalFilter::feed(std::string_view s, std::string& out) {
  out.reserve(out.size() + s.size());
  const char* const end = s.data() + s.size();
  for (const char* p = s.data(); p != end; ++p) {
    if (!m_pending_c2) {  // a run of printable ASCII, tabs and newlines, kept as it is, appended at once
      const char* q = p;
      while (q != end && ((static_cast<unsigned char>(*q) >= 0x20 && static_cast<unsigned char>(*q) < 0x7f) ||
                          *q == '\n' || *q == '\t'))
        ++q;
      out.append(p, q);
      p = q;
      if (p == end) break;
    }
    const char c = *p;
    auto u = static_cast<unsigned char>(c);
    if (m_pending_c2) {
      m_pending_c2 = false;
      if (c1_second(u)) {
        hex(0xc2, out);
        hex(u, out);
        continue;
      }
      out += '\xc2';
    }
    if (u == 0xc2) {
      m_pending_c2 = true;
    } else if (c0_or_del(u)) {
      hex(u, out);
    } else {
      out += c;
    }
  }
}

void TerminalFilter::finish(std::string& out) {
  if (m_pending_c2) out += '\xc2';
  m_pending_c2 = false;
}

std::string terminal(std::string_view s) {
  std::string out;
  TerminalFilter f;
  f.feed(s, out);
  f.finish(out);
  return out;
}

namespace {
bool plain_number(std::string_view s) {
  size_t i = 0;
  if (i < s.size() && (s[i] == '-' || s[i] == '+')) ++i;
  size_t digits = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    size_t frac = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i, ++frac;
    if (!frac) return false;
  }
  return digits > 0 && i == s.size();
}
}  // namespace

std::string csv_cell(std::string_view s) {
  std::string v;
  v.reserve(s.size() + 2);
  if (!s.empty() && (s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@' || s[0] == '\t' || s[0] == '\r') &&
      !plain_number(s))
    v += '\'';
  // tab, CR and LF are kept (quoted); every other control character is shown
  for (size_t i = 0; i < s.size(); ++i) {
    auto u = static_cast<unsigned char>(s[i]);
    if (u == '\r' || u == '\n' || u == '\t') {
      v += s[i];
    } else if (c0_or_del(u)) {
      hex(u, v);
    } else if (u == 0xc2 && i + 1 < s.size() && c1_second(static_cast<unsigned char>(s[i + 1]))) {
      hex(u, v);
      hex(static_cast<unsigned char>(s[++i]), v);
    } else {
      v += s[i];
    }
  }
  if (v.find_first_of(",\"\n\r\t;") == std::string::npos) return v;
  std::string o = "\"";
  for (char c : v) o += c == '"' ? std::string("\"\"") : std::string(1, c);
  return o + "\"";
}

std::string json_safe(std::string d) {
  // in a JSON text these bytes can only occur inside strings, so each is replaced by its \u escape
  bool any = false;
  for (size_t i = 0; i < d.size() && !any; ++i) {
    auto u = static_cast<unsigned char>(d[i]);
    any = u == 0x7f || (u == 0xc2 && i + 1 < d.size() && c1_second(static_cast<unsigned char>(d[i + 1])));
  }
  if (!any) return d;
  std::string out;
  out.reserve(d.size() + 16);
  char buf[8];
  for (size_t i = 0; i < d.size(); ++i) {
    auto u = static_cast<unsigned char>(d[i]);
    if (u == 0x7f) {
      out += "\\u007f";
    } else if (u == 0xc2 && i + 1 < d.size() && c1_second(static_cast<unsigned char>(d[i + 1]))) {
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned char>(d[++i]));
      out += buf;
    } else {
      out += d[i];
    }
  }
  return out;
}

std::string html(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return terminal(out);
}

}  // namespace marque::escape
