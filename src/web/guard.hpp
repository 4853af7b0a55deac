// What the server keeps in memory for the night, apart from HTTP: the scorers' sessions (opened with the night's
// write code), rate limits, the results of the writes already made (a double tap or a retried request is answered
// with the first result, never stored twice) and the change notifier the event streams wait on. Nothing here is
// written to disk: a restarted server forgets them (the scorers enter the code again; a request retried across
// a restart is a new request). Thread-safe; no httplib.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace marque::web {

using Clock = std::chrono::steady_clock;

// n random bytes from the system's generator, as lower-case hex.
std::string random_hex(size_t bytes);
// A write code of `digits` decimal digits (uniform, from the system's generator).
std::string random_code(int digits);
// Equal in constant time: the time taken depends on the length of `given` only, never on `secret` (its length or
// where the two differ).
bool same_secret(std::string_view given, std::string_view secret);
// The network a client address belongs to, as guessing limits count it: an IPv4 address's /24 ("192.168.1.0/24"),
// an IPv6 address's /64 ("2001:db8:1:2::/64"; an IPv4-mapped one is IPv4). Anything else is itself.
std::string network_of(const std::string& address);

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

// Sessions opened by a tournament table's code (tournament.md 4.3): a phone that typed or scanned the code of a
// table of a published round writes to that table and its game only (no write code), until the round is closed.
struct TableGrant {
  std::string csrf, event, code;
  int round = 0, table = 0;
  int64_t game_id = 0;  // 0: the table has no game (a slip)
};
class TableSessions {
public:
  explicit TableSessions(size_t max_sessions = 4000) : m_max(max_sessions) {}
  // A new table session for `grant` (its csrf made here); returns its token. The oldest is forgotten beyond max.
  std::string open(TableGrant grant);
  std::optional<TableGrant> of(const std::string& token) const;

private:
  mutable std::mutex m_mutex;
  size_t m_max;
  uint64_t m_order = 0;
  std::map<std::string, std::pair<TableGrant, uint64_t>> m_sessions;
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

// Wrong write codes, per network (network_of) and from everyone together. After `free` failures, each attempt
// waits until `2^(failures - free)` seconds (at most `cap`) have passed since the last failure; a failure is
// forgotten every `forget` seconds. The wait is checked before the code is compared: a guess made too early is not
// looked at, right or wrong. Everyone's wait bounds a guessing attack from any number of addresses: once its
// failures pass `free`, at most one guess every `cap` seconds.
class Guesses {
public:
  struct Rule {
    double free, cap, forget;  // failures without a wait; the longest wait and the time a failure is kept (s)
  };
  Guesses(Rule per_network = {5, 600, 600}, Rule everyone = {20, 60, 60})
      : m_network_rule(per_network), m_everyone_rule(everyone) {}
  // Seconds until an attempt from `network` may be checked (0: now).
  double wait(const std::string& network, Clock::time_point now = Clock::now());
  // A wrong code from `network` (checked: wait() was 0): the failures now counted for it and for everyone.
  struct Counts {
    int network = 0, everyone = 0;
    double next_wait = 0;  // seconds until the next attempt from that network may be checked
  };
  Counts failed(const std::string& network, Clock::time_point now = Clock::now());

private:
  struct Count {
    double n = 0;
    Clock::time_point last{};
  };
  static void decay(Count& c, const Rule& r, Clock::time_point now);
  static double wait_of(const Count& c, const Rule& r, Clock::time_point now);
  std::mutex m_mutex;
  Rule m_network_rule, m_everyone_rule;
  std::map<std::string, Count> m_networks;
  Count m_everyone;
};

// The connections open, by client address: at most `per_address` from one address at once (a slow client holding
// many connections cannot take every serving thread).
class Connections {
public:
  explicit Connections(size_t per_address) : m_max(per_address) {}
  // Counts a new connection from `address`; false (nothing counted) when it has its share already.
  bool enter(const std::string& address);
  void leave(const std::string& address);

private:
  std::mutex m_mutex;
  size_t m_max;
  std::map<std::string, size_t> m_open;
};

// The event streams open: at most `max` in all and `per_address` from one address. One more from an address that
// has its share ends that address's oldest (a page reloaded, a tab left open): a client holding streams cannot keep
// others out, only take its own share.
class Streams {
public:
  struct Ticket {
    std::string address;
    uint64_t order = 0;
    std::atomic<bool> dropped{false};  // ended for a newer stream of the same address
  };
  Streams(size_t max, size_t per_address) : m_max(max), m_per_address(per_address) {}
  // A new stream from `address`; nullptr when every stream is taken (by other addresses). Its oldest one is
  // marked dropped when the address has its share.
  std::shared_ptr<Ticket> open(const std::string& address);
  void close(const std::shared_ptr<Ticket>& ticket);
  size_t size() const;

private:
  mutable std::mutex m_mutex;
  size_t m_max, m_per_address;
  uint64_t m_order = 0;
  std::vector<std::shared_ptr<Ticket>> m_open;  // oldest first; a dropped one stays until its stream ends
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
  // Waits until the version differs from `seen`, the notifier stops, `cancel` (when given) is set and wake() is
  // called, or `timeout` passes; returns the version (nullopt once stopped or cancelled).
  std::optional<uint64_t> wait(uint64_t seen, std::chrono::milliseconds timeout,
                               const std::atomic<bool>* cancel = nullptr);
  // Wakes the waiters without a change (one of them was cancelled).
  void wake();
  void stop();

private:
  mutable std::mutex m_mutex;
  std::condition_variable m_cv;
  uint64_t m_version = 1;
  bool m_stopped = false;
};

}  // namespace marque::web
