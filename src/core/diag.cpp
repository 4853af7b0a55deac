#include "core/diag.hpp"

#include "core/language.hpp"

namespace marque {

namespace {

// "'a'", "'a' or 'b'", "'a', 'b' or 'c'" in this thread's language
std::string choices(const std::vector<std::string>& words) {
  std::string out;
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string quoted = text::tr("diag.quoted", "''{word}''", text::Message().text("word", words[i]));
    if (i == 0)
      out = quoted;
    else if (i + 1 < words.size())
      out += ", " + quoted;
    else
      out = text::tr("diag.choices.or", "{rest} or {last}", text::Message().text("rest", out).text("last", quoted));
  }
  return out;
}

bool english() { return text::language().empty() || text::language() == "en"; }

}  // namespace

std::string Diagnostic::said() const {
  if (english() || words.empty() || !catalogue) return message;
  std::string s = text::say(words, text::localized(*catalogue));
  if (!suggestions.empty())
    s = text::tr("diag.did_you_mean", "{message} — did you mean {choices}?",
                 text::Message().text("message", s).text("choices", choices(suggestions)));
  return clip_message(s);
}

std::string Diagnostic::said_at_field() const {
  if (field.empty()) return said();
  if (english()) return field + ": " + message;
  return text::tr("diag.at_field", "{field}: {message}", text::Message().text("field", field).text("message", said()));
}

std::string Diagnostic::text() const {
  if (english()) {
    std::string s;
    if (hand > 0) s += "hand " + std::to_string(hand) + ": ";
    if (!field.empty()) s += field + ": ";
    s += message;
    return s;
  }
  std::string s = said();
  if (!field.empty())
    s = text::tr("diag.at_field", "{field}: {message}", text::Message().text("field", field).text("message", s));
  if (hand > 0)
    s = text::tr("diag.at_hand", "hand {hand}: {message}", text::Message().number("hand", hand).text("message", s));
  return s;
}

std::string clip(const std::string& s, size_t max) {
  if (s.size() <= max) return s;
  size_t cut = max;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
  return s.substr(0, cut) + "…";
}

std::string clip_message(const std::string& message) {
  constexpr size_t k_token = 80, k_keep = 60, k_total = 1000;
  bool long_token = false;
  size_t run = 0;
  for (char c : message) {
    run = c == ' ' ? 0 : run + 1;
    if (run > k_token) {
      long_token = true;
      break;
    }
  }
  if (!long_token && message.size() <= k_total) return message;
  std::string out;
  size_t i = 0;
  while (i < message.size()) {
    size_t sp = message.find(' ', i);
    size_t end = sp == std::string::npos ? message.size() : sp;
    std::string token = message.substr(i, end - i);
    out += token.size() > k_token ? clip(token, k_keep) : token;
    if (sp == std::string::npos) break;
    out += ' ';
    i = sp + 1;
  }
  return clip(out, k_total);
}

namespace {

Diagnostic plain(bool error, bool info, int hand, std::string field, std::string code, std::string message) {
  Diagnostic d;
  d.error = error;
  d.info = info;
  d.hand = hand;
  d.field = clip_message(field);
  d.code = std::move(code);
  d.message = clip_message(message);
  return d;
}

// the message's echoed values cut as clip_message cuts the English text (a 100 MB name is not said whole)
text::Message clipped(text::Message m) {
  for (auto& a : m.args) {
    if (a.kind == text::Message::Arg::Kind::text) a.text = clip_message(a.text);
    for (auto& n : a.nested) n = clipped(std::move(n));
  }
  return m;
}

Diagnostic with_words(bool error, bool info, int hand, std::string field, std::string code, text::Message words,
                      const text::Catalogue& english) {
  Diagnostic d;
  d.error = error;
  d.info = info;
  d.hand = hand;
  d.field = clip_message(field);
  d.code = std::move(code);
  d.message = clip_message(text::say(words, english));  // as a plain English text is clipped
  d.words = clipped(std::move(words));
  d.catalogue = &english;
  return d;
}

}  // namespace

void Diagnostics::error(std::string field, std::string code, std::string message) {
  m_items.push_back(plain(true, false, m_hand, std::move(field), std::move(code), std::move(message)));
}

void Diagnostics::warning(std::string field, std::string code, std::string message) {
  m_items.push_back(plain(false, false, m_hand, std::move(field), std::move(code), std::move(message)));
}

void Diagnostics::note(std::string field, std::string code, std::string message) {
  m_items.push_back(plain(false, true, m_hand, std::move(field), std::move(code), std::move(message)));
}

void Diagnostics::error(std::string field, std::string code, text::Message words, const text::Catalogue& english) {
  m_items.push_back(with_words(true, false, m_hand, std::move(field), std::move(code), std::move(words), english));
}

void Diagnostics::error(std::string field, std::string code, text::Message words, text::Message english_words,
                        const text::Catalogue& english) {
  Diagnostic d = with_words(true, false, m_hand, std::move(field), std::move(code), std::move(english_words), english);
  d.words = clipped(std::move(words));
  m_items.push_back(std::move(d));
}

void Diagnostics::warning(std::string field, std::string code, text::Message words, const text::Catalogue& english) {
  m_items.push_back(with_words(false, false, m_hand, std::move(field), std::move(code), std::move(words), english));
}

void Diagnostics::note(std::string field, std::string code, text::Message words, const text::Catalogue& english) {
  m_items.push_back(with_words(false, true, m_hand, std::move(field), std::move(code), std::move(words), english));
}

bool Diagnostics::has_errors() const {
  for (const auto& d : m_items)
    if (d.error) return true;
  return false;
}

std::vector<Diagnostic> Diagnostics::errors() const {
  std::vector<Diagnostic> out;
  for (const auto& d : m_items)
    if (d.error) out.push_back(d);
  return out;
}

std::vector<Diagnostic> Diagnostics::warnings() const {
  std::vector<Diagnostic> out;
  for (const auto& d : m_items)
    if (!d.error) out.push_back(d);
  return out;
}

void Diagnostics::append(const Diagnostics& other) {
  for (auto d : other.m_items) {
    if (d.hand == 0) d.hand = m_hand;
    m_items.push_back(std::move(d));
  }
}

}  // namespace marque
