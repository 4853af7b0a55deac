#include "core/diag.hpp"

namespace marque {

std::string Diagnostic::text() const {
  std::string s;
  if (hand > 0) s += "hand " + std::to_string(hand) + ": ";
  if (!field.empty()) s += field + ": ";
  s += message;
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

void Diagnostics::error(std::string field, std::string code, std::string message) {
  m_items.push_back({true, m_hand, clip_message(field), std::move(code), clip_message(message)});
}

void Diagnostics::warning(std::string field, std::string code, std::string message) {
  m_items.push_back({false, m_hand, clip_message(field), std::move(code), clip_message(message)});
}

void Diagnostics::note(std::string field, std::string code, std::string message) {
  m_items.push_back({false, m_hand, clip_message(field), std::move(code), clip_message(message), true});
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
