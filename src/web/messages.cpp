// The scripts' own words (assets/*.js): each says a text with t('id', 'English'), like text::tr in C++; the page
// carries the translations of them all in its language (a JSON block app.js reads), so a script speaks the page's
// language offline too (the page is what the service worker keeps).
#include <set>

#include "core/language.hpp"
#include "web/pages.hpp"

namespace marque::web {

namespace {

bool ident(char ch) {
  return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '$' ||
         ch == '.';
}

void skip_space(std::string_view s, size_t& at) {
  while (at < s.size() && (s[at] == ' ' || s[at] == '\n' || s[at] == '\r' || s[at] == '\t')) ++at;
}

void put_utf8(std::string& out, unsigned cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// A JavaScript string literal at `at` ('…' or "…"): its text, `at` moved past it; nullopt when there is none.
std::optional<std::string> literal(std::string_view s, size_t& at) {
  if (at >= s.size() || (s[at] != '\'' && s[at] != '"')) return std::nullopt;
  const char quote = s[at++];
  std::string out;
  while (at < s.size() && s[at] != quote) {
    char ch = s[at++];
    if (ch == '\n') return std::nullopt;
    if (ch != '\\' || at >= s.size()) {
      out += ch;
      continue;
    }
    ch = s[at++];
    if (ch == 'n') {
      out += '\n';
    } else if (ch == 't') {
      out += '\t';
    } else if (ch == 'u' && at + 4 <= s.size()) {
      put_utf8(out, static_cast<unsigned>(std::stoul(std::string(s.substr(at, 4)), nullptr, 16)));
      at += 4;
    } else {
      out += ch;
    }
  }
  if (at >= s.size()) return std::nullopt;
  ++at;
  return out;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> script_messages(std::string_view script) {
  std::vector<std::pair<std::string, std::string>> out;
  std::set<std::string> seen;
  for (size_t at = script.find("t("); at != std::string_view::npos; at = script.find("t(", at + 1)) {
    if (at > 0 && ident(script[at - 1])) continue;
    size_t p = at + 2;
    skip_space(script, p);
    auto id = literal(script, p);
    if (!id) continue;
    skip_space(script, p);
    if (p >= script.size() || script[p] != ',') continue;
    ++p;
    skip_space(script, p);
    auto english = literal(script, p);
    if (!english || !seen.insert(*id).second) continue;
    out.emplace_back(*id, *english);
  }
  return out;
}

std::string script_catalogue(const std::vector<std::pair<std::string, std::string>>& messages, std::string_view lang) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (const auto& [id, english] : messages) j[id] = text::translate(id, english, lang);
  std::string out = j.dump();
  // inside <script type="application/json">: "</" would end the element
  for (size_t at = out.find("</"); at != std::string::npos; at = out.find("</", at + 3)) out.replace(at, 2, "<\\/");
  return out;
}

}  // namespace marque::web
