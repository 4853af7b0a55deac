#include "web/guard.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/random.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
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

bool same_secret(std::string_view given, std::string_view secret) {
  // every byte of `given` is compared with a byte of `secret` (cycled, no branch on where they differ); the lengths
  // are compared as numbers, folded in once at the end
  if (secret.empty()) return given.empty();
  unsigned diff = static_cast<unsigned>(given.size() ^ secret.size());
  for (size_t i = 0; i < given.size(); ++i) diff |= static_cast<unsigned char>(given[i] ^ secret[i % secret.size()]);
  return diff == 0;
}

std::string network_of(const std::string& address) {
  in6_addr a6{};
  in_addr a4{};
  if (::inet_pton(AF_INET6, address.c_str(), &a6) == 1) {
    if (IN6_IS_ADDR_V4MAPPED(&a6)) {
      std::memcpy(&a4, a6.s6_addr + 12, 4);
    } else {
      std::memset(a6.s6_addr + 8, 0, 8);
      char buf[INET6_ADDRSTRLEN] = {};
      ::inet_ntop(AF_INET6, &a6, buf, sizeof buf);
      return std::string(buf) + "/64";
    }
  } else if (::inet_pton(AF_INET, address.c_str(), &a4) != 1) {
    return address;
  }
  reinterpret_cast<unsigned char*>(&a4)[3] = 0;
  char buf[INET_ADDRSTRLEN] = {};
  ::inet_ntop(AF_INET, &a4, buf, sizeof buf);
  return std::string(buf) + "/24";
}

void Guesses::decay(Count& c, const Rule& r, Clock::time_point now) {
  if (c.n <= 0) return;
  c.n = std::max(0.0, c.n - std::chrono::duration<double>(now - c.last).count() / r.forget);
  c.last = now;
}

double Guesses::wait_of(const Count& c, const Rule& r, Clock::time_point now) {
  // the count rounded up: a failure partly forgotten still counts until it is forgotten whole
  const double n = std::ceil(c.n);
  if (n < r.free) return 0;
  const double delay = std::min(r.cap, std::exp2(n - r.free));
  return std::max(0.0, delay - std::chrono::duration<double>(now - c.last).count());
}

double Guesses::wait(const std::string& network, Clock::time_point now) {
  std::lock_guard lock(m_mutex);
  double w = wait_of(m_everyone, m_everyone_rule, now);
  auto it = m_networks.find(network);
  if (it != m_networks.end()) w = std::max(w, wait_of(it->second, m_network_rule, now));
  return w;
}

Guesses::Counts Guesses::failed(const std::string& network, Clock::time_point now) {
  std::lock_guard lock(m_mutex);
  if (m_networks.size() > 10000) {  // forget the networks whose failures are forgotten
    for (auto it = m_networks.begin(); it != m_networks.end();) {
      decay(it->second, m_network_rule, now);
      it = it->second.n <= 0 ? m_networks.erase(it) : std::next(it);
    }
  }
  Count& net = m_networks[network];
  for (auto [c, r] : {std::pair{&net, &m_network_rule}, std::pair{&m_everyone, &m_everyone_rule}}) {
    decay(*c, *r, now);
    c->n += 1;
    c->last = now;
  }
  return {static_cast<int>(std::ceil(net.n)), static_cast<int>(std::ceil(m_everyone.n)),
          std::max(wait_of(net, m_network_rule, now), wait_of(m_everyone, m_everyone_rule, now))};
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

std::string TableSessions::open(TableGrant grant) {
  std::lock_guard lock(m_mutex);
  std::string token = random_hex(16);
  grant.csrf = random_hex(16);
  m_sessions[token] = {std::move(grant), ++m_order};
  while (m_sessions.size() > m_max) {
    auto oldest = std::min_element(m_sessions.begin(), m_sessions.end(),
                                   [](const auto& a, const auto& b) { return a.second.second < b.second.second; });
    m_sessions.erase(oldest);
  }
  return token;
}

std::optional<TableGrant> TableSessions::of(const std::string& token) const {
  std::lock_guard lock(m_mutex);
  auto it = m_sessions.find(token);
  if (it == m_sessions.end()) return std::nullopt;
  return it->second.first;
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

bool Connections::enter(const std::string& address) {
  std::lock_guard lock(m_mutex);
  size_t& n = m_open[address];
  if (n >= m_max) return false;
  ++n;
  return true;
}

void Connections::leave(const std::string& address) {
  std::lock_guard lock(m_mutex);
  auto it = m_open.find(address);
  if (it == m_open.end()) return;
  if (--it->second == 0) m_open.erase(it);
}

std::shared_ptr<Streams::Ticket> Streams::open(const std::string& address) {
  std::lock_guard lock(m_mutex);
  size_t mine = 0;
  Ticket* oldest = nullptr;
  for (const auto& t : m_open)
    if (t->address == address && !t->dropped) {
      ++mine;
      if (!oldest) oldest = t.get();
    }
  if (mine >= m_per_address && oldest) {
    oldest->dropped = true;  // the caller wakes it (Notifier::wake)
  } else if (m_open.size() >= m_max) {
    return nullptr;
  }
  auto t = std::make_shared<Ticket>();
  t->address = address;
  t->order = ++m_order;
  m_open.push_back(t);
  return t;
}

void Streams::close(const std::shared_ptr<Ticket>& ticket) {
  std::lock_guard lock(m_mutex);
  std::erase(m_open, ticket);
}

size_t Streams::size() const {
  std::lock_guard lock(m_mutex);
  return m_open.size();
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

std::optional<uint64_t> Notifier::wait(uint64_t seen, std::chrono::milliseconds timeout,
                                       const std::atomic<bool>* cancel) {
  std::unique_lock lock(m_mutex);
  m_cv.wait_for(lock, timeout, [&] { return m_stopped || m_version != seen || (cancel && *cancel); });
  if (m_stopped || (cancel && *cancel)) return std::nullopt;
  return m_version;
}

void Notifier::wake() {
  { std::lock_guard lock(m_mutex); }  // a waiter between its check and its wait sees the flag set before this
  m_cv.notify_all();
}

void Notifier::stop() {
  {
    std::lock_guard lock(m_mutex);
    m_stopped = true;
  }
  m_cv.notify_all();
}

}  // namespace marque::web
