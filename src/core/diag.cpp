#include "core/diag.hpp"

namespace marque {

std::string Diagnostic::text() const {
  std::string s;
  if (hand > 0) s += "hand " + std::to_string(hand) + ": ";
  if (!field.empty()) s += field + ": ";
  s += message;
  return s;
}

void Diagnostics::error(std::string field, std::string code, std::string message) {
  m_items.push_back({true, m_hand, std::move(field), std::move(code), std::move(message)});
}

void Diagnostics::warning(std::string field, std::string code, std::string message) {
  m_items.push_back({false, m_hand, std::move(field), std::move(code), std::move(message)});
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
