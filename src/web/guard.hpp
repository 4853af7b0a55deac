// What the server keeps in memory for the night, apart from HTTP: the scorers' sessions (opened with the night's
// write code), rate limits, the results of the writes already made (a double tap or a retried request is answered
// with the first result, never stored twice) and the change notifier the event streams wait on. Nothing here is
// written to disk: a restarted server forgets them (the scorers enter the code again; a request retried across
// a restart is a new request). Thread-safe; no httplib.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace marque::web {

using Clock = std::chrono::steady_clock;

// n random bytes from the system's generator, as lower-case hex.
std::string random_hex(size_t bytes);
// A write code of `digits` decimal digits (uniform, from the system's generator).
std::string random_code(int digits);
// Equal without a timing difference that depends on where they differ.
bool same_secret(std::string_view a, std::string_view b);

// A scorer's session: its token (the cookie) and its CSRF token (in the pages, sent back with every write).
class Sessions {
public:
  explicit Sessions(size_t max_sessions = 1000) : m_max(max_sessions) {}
  // A new session; returns its token. The oldest is forgotten beyond max_sessions.
  std::string open();
  // The CSRF token of a live session; nullopt when unknown.
  std::optional<std::string> csrf_of(const std::string& token) const;
  void close(const std::string& token);

private:
  mutable std::mutex m_mutex;
  size_t m_max;
  uint64_t m_order = 0;
  struct Session {
    std::string csrf;
    uint64_t order = 0;
  };
  std::map<std::string, Session> m_sessions;
};

// Token buckets by key (a session, a client address): `rate` per second, at most `burst` at once.
class RateLimiter {
public:
  RateLimiter(double rate, double burst) : m_rate(rate), m_burst(burst) {}
  // Takes one token; false when the bucket is empty (then `retry_after` seconds until the next one).
  bool allow(const std::string& key, double* retry_after = nullptr, Clock::time_point now = Clock::now());

private:
  std::mutex m_mutex;
  double m_rate, m_burst;
  struct Bucket {
    double tokens = 0;
    Clock::time_point at;
  };
  std::map<std::string, Bucket> m_buckets;
};

// The results of the writes made, by submission key: the first request with a key runs, a repeat (sent at the
// same time or later) waits for it and gets the same answer. A refusal (status >= 400: nothing was stored) is not
// kept, so the same key may try again. The oldest results are forgotten beyond `max` keys.
class Replays {
public:
  struct Result {
    int status = 200;
    std::string body;
    bool replayed = false;  // this answer is the first request's
  };
  explicit Replays(size_t max = 20000) : m_max(max) {}
  Result once(const std::string& key, const std::function<Result()>& run);
  size_t size() const;

private:
  mutable std::mutex m_mutex;
  std::condition_variable m_done;
  size_t m_max;
  uint64_t m_order = 0;
  struct Entry {
    bool done = false;
    Result result;
    uint64_t order = 0;
  };
  std::map<std::string, Entry> m_entries;
};

// The database's version as the pages know it: a counter that moves when a change is seen (a write of this server,
// or the change stamp polled from the file). Event streams wait on it.
class Notifier {
public:
  uint64_t version() const;
  void bump();
  // Waits until the version differs from `seen`, the notifier stops, or `timeout` passes; returns the version
  // (nullopt once stopped).
  std::optional<uint64_t> wait(uint64_t seen, std::chrono::milliseconds timeout);
  void stop();

private:
  mutable std::mutex m_mutex;
  std::condition_variable m_cv;
  uint64_t m_version = 1;
  bool m_stopped = false;
};

}  // namespace marque::web
