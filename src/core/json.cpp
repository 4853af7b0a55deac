// The one instantiation of nlohmann/json's lexer, parser and serializer (core/json.hpp says why).
#include "core/json.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <vector>

MARQUE_JSON_INSTANCES()

namespace marque::json_text {

namespace {
// Written into a buffer directly: characters stored, plain strings copied whole; only a string that needs escapes
// and a float go through nlohmann/json's serializer (it escapes every character it writes; std::string's own
// push_back is not inlined in this build)
template <class J>
class Compact {
public:
  explicit Compact(std::vector<char>& buf) : m_buf(buf) {
    if (m_buf.size() < 1024) m_buf.resize(1024);
    m_p = m_buf.data();
    m_end = m_p + m_buf.size();
  }
  std::string text() const { return std::string(m_buf.data(), static_cast<size_t>(m_p - m_buf.data())); }
  void put(char c) {
    if (m_p == m_end) grow(1);
    *m_p++ = c;
  }
  void put(const char* p, size_t n) {
    if (static_cast<size_t>(m_end - m_p) < n) grow(n);
    std::memcpy(m_p, p, n);
    m_p += n;
  }
  void string(const std::string& s) {
    for (unsigned char c : s)
      if (!k_plain[c]) {
        const std::string escaped = J(s).dump();
        put(escaped.data(), escaped.size());
        return;
      }
    put('"');
    put(s.data(), s.size());
    put('"');
  }
  void value(const J& v) {
    switch (v.type()) {
      case J::value_t::object: {
        put('{');
        bool first = true;
        for (const auto& [key, item] : v.template get_ref<const typename J::object_t&>()) {
          if (!first) put(',');
          first = false;
          string(key);
          put(':');
          value(item);
        }
        put('}');
        return;
      }
      case J::value_t::array: {
        put('[');
        bool first = true;
        for (const auto& item : v.template get_ref<const typename J::array_t&>()) {
          if (!first) put(',');
          first = false;
          value(item);
        }
        put(']');
        return;
      }
      case J::value_t::string:
        string(v.template get_ref<const std::string&>());
        return;
      case J::value_t::number_integer:
      case J::value_t::number_unsigned: {
        char buf[24];
        auto r = v.is_number_unsigned() ? std::to_chars(buf, buf + sizeof buf, v.template get<uint64_t>())
                                        : std::to_chars(buf, buf + sizeof buf, v.template get<int64_t>());
        put(buf, static_cast<size_t>(r.ptr - buf));
        return;
      }
      case J::value_t::null:
        put("null", 4);
        return;
      case J::value_t::boolean:
        if (v.template get<bool>())
          put("true", 4);
        else
          put("false", 5);
        return;
      default: {  // floats (nlohmann's shortest round-trip form), binary
        const std::string text = v.dump();
        put(text.data(), text.size());
      }
    }
  }

private:
  // a byte nlohmann/json writes as it is inside a string (no escape: printable ASCII but '"' and '\\')
  static constexpr std::array<bool, 256> k_plain = [] {
    std::array<bool, 256> t{};
    for (int c = 0x20; c < 0x80; ++c) t[static_cast<size_t>(c)] = c != '"' && c != '\\';
    return t;
  }();
  void grow(size_t n) {
    const auto used = static_cast<size_t>(m_p - m_buf.data());
    m_buf.resize(std::max(m_buf.size() * 2, used + n));
    m_p = m_buf.data() + used;
    m_end = m_buf.data() + m_buf.size();
  }
  std::vector<char>& m_buf;
  char* m_p;
  char* m_end;
};

template <class J>
std::string compact_of(const J& j) {
  thread_local std::vector<char> buf;  // kept from one call to the next: no growing each time
  Compact<J> out(buf);
  out.value(j);
  return out.text();
}
}  // namespace

std::string compact(const nlohmann::json& j) { return compact_of(j); }
std::string compact(const nlohmann::ordered_json& j) { return compact_of(j); }

}  // namespace marque::json_text
