#include "web/guard.hpp"

#include <sys/random.h>

#include <algorithm>
#include <cerrno>
#include <stdexcept>
#include <vector>

namespace marque::web {

namespace {

void random_bytes(unsigned char* out, size_t n) {
  while (n > 0) {
    ssize_t got = ::getrandom(out, n, 0);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw std::runtime_error("no random numbers from the system");
    }
    out += got;
    n -= static_cast<size_t>(got);
  }
}

}  // namespace

std::string random_hex(size_t bytes) {
  std::vector<unsigned char> b(bytes);
  random_bytes(b.data(), b.size());
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (unsigned char c : b) {
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

std::string random_code(int digits) {
  std::string out;
  while (static_cast<int>(out.size()) < digits) {
    unsigned char c = 0;
    random_bytes(&c, 1);
    if (c >= 250) continue;  // 250 = 25 * 10: no digit more likely than another
    out += static_cast<char>('0' + c % 10);
  }
  return out;
}

bool same_secret(std::string_view a, std::string_view b) {
  unsigned char diff = a.size() == b.size() ? 0 : 1;
  for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ (i < b.size() ? b[i] : 0));
  return diff == 0;
}

std::string Sessions::open() {
  std::lock_guard lock(m_mutex);
  std::string token = random_hex(16);
  m_sessions[token] = {random_hex(16), ++m_order};
  while (m_sessions.size() > m_max) {
    auto oldest = std::min_element(m_sessions.begin(), m_sessions.end(),
                                   [](const auto& a, const auto& b) { return a.second.order < b.second.order; });
    m_sessions.erase(oldest);
  }
  return token;
}

std::optional<std::string> Sessions::csrf_of(const std::string& token) const {
  std::lock_guard lock(m_mutex);
  auto it = m_sessions.find(token);
  if (it == m_sessions.end()) return std::nullopt;
  return it->second.csrf;
}

void Sessions::close(const std::string& token) {
  std::lock_guard lock(m_mutex);
  m_sessions.erase(token);
}

bool RateLimiter::allow(const std::string& key, double* retry_after, Clock::time_point now) {
  std::lock_guard lock(m_mutex);
  if (m_buckets.size() > 10000) {  // forget the full buckets (the clients that stopped)
    for (auto it = m_buckets.begin(); it != m_buckets.end();) {
      double t = it->second.tokens + std::chrono::duration<double>(now - it->second.at).count() * m_rate;
      it = t >= m_burst ? m_buckets.erase(it) : std::next(it);
    }
  }
  auto [it, fresh] = m_buckets.try_emplace(key, Bucket{m_burst, now});
  Bucket& b = it->second;
  if (!fresh) {
    b.tokens = std::min(m_burst, b.tokens + std::chrono::duration<double>(now - b.at).count() * m_rate);
    b.at = now;
  }
  if (b.tokens >= 1.0) {
    b.tokens -= 1.0;
    return true;
  }
  if (retry_after) *retry_after = (1.0 - b.tokens) / m_rate;
  return false;
}

Replays::Result Replays::once(const std::string& key, const std::function<Result()>& run) {
  {
    std::unique_lock lock(m_mutex);
    for (;;) {
      auto it = m_entries.find(key);
      if (it == m_entries.end()) break;
      if (it->second.done) {
        Result r = it->second.result;
        r.replayed = true;
        return r;
      }
      m_done.wait(lock);  // the first request with this key is running
    }
    m_entries[key] = Entry{false, {}, ++m_order};
  }
  Result r;
  try {
    r = run();
  } catch (...) {
    std::lock_guard lock(m_mutex);
    m_entries.erase(key);
    m_done.notify_all();
    throw;
  }
  std::lock_guard lock(m_mutex);
  if (r.status >= 400) {
    m_entries.erase(key);
  } else {
    Entry& e = m_entries[key];
    e.done = true;
    e.result = r;
    while (m_entries.size() > m_max) {
      auto oldest = m_entries.end();
      for (auto it = m_entries.begin(); it != m_entries.end(); ++it)
        if (it->second.done && (oldest == m_entries.end() || it->second.order < oldest->second.order)) oldest = it;
      if (oldest == m_entries.end()) break;
      m_entries.erase(oldest);
    }
  }
  m_done.notify_all();
  return r;
}

size_t Replays::size() const {
  std::lock_guard lock(m_mutex);
  return m_entries.size();
}

uint64_t Notifier::version() const {
  std::lock_guard lock(m_mutex);
  return m_version;
}

void Notifier::bump() {
  {
    std::lock_guard lock(m_mutex);
    ++m_version;
  }
  m_cv.notify_all();
}

std::optional<uint64_t> Notifier::wait(uint64_t seen, std::chrono::milliseconds timeout) {
  std::unique_lock lock(m_mutex);
  m_cv.wait_for(lock, timeout, [&] { return m_stopped || m_version != seen; });
  if (m_stopped) return std::nullopt;
  return m_version;
}

void Notifier::stop() {
  {
    std::lock_guard lock(m_mutex);
    m_stopped = true;
  }
  m_cv.notify_all();
}

}  // namespace marque::web
