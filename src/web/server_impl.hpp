// The inside of `marque serve`'s server (private to src/web): Server::Impl, what it holds (the connection pool, the
// listener with its limits) and what its route groups share. Included by server.cpp and the route groups
// (routes_*.cpp): the only files that see cpp-httplib.
#pragma once

#include "web/server.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <httplib.h>
#include <openssl/err.h>
#include <openssl/ssl.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstring>
#include <ctime>
#include <deque>
#include <limits>
#include <map>
#include <mutex>
#include <thread>

#include "core/date.hpp"
#include "core/escape.hpp"
#include "core/language.hpp"
#include "web/assets_data.hpp"
#include "web/guard.hpp"
#include "web/pages.hpp"
#include "web/request.hpp"

namespace marque::web {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;
using httplib::Request;
using httplib::Response;

// Database connections, one per request under way that needs one, kept for the next. Not in the anonymous
// namespace: Server::Impl holds one, and the web library's unit compiles this file with the others.
class Pool {
public:
  Pool(DatabaseOpener open, size_t max) : m_open(std::move(open)), m_max(max) {}

  class Lease {
  public:
    Lease(Pool& p, app::Database db) : m_pool(p), m_db(std::move(db)) {}
    ~Lease() { m_pool.give_back(std::move(m_db)); }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    app::Database& db() { return m_db; }

  private:
    Pool& m_pool;
    app::Database m_db;
  };

  Lease take() {
    std::unique_lock lock(m_mutex);
    m_cv.wait(lock, [&] { return !m_free.empty() || m_open_count < m_max; });
    if (!m_free.empty()) {
      app::Database db = std::move(m_free.back());
      m_free.pop_back();
      return Lease(*this, std::move(db));
    }
    ++m_open_count;
    lock.unlock();
    try {
      return Lease(*this, m_open());
    } catch (...) {
      std::lock_guard again(m_mutex);
      --m_open_count;
      m_cv.notify_one();
      throw;
    }
  }

private:
  void give_back(app::Database db) {
    {
      std::lock_guard lock(m_mutex);
      if (db)
        m_free.push_back(std::move(db));
      else
        --m_open_count;
    }
    m_cv.notify_one();
  }

  DatabaseOpener m_open;
  size_t m_max;
  std::mutex m_mutex;
  std::condition_variable m_cv;
  std::vector<app::Database> m_free;
  size_t m_open_count = 0;
};

inline std::optional<int64_t> id_of(const std::string& s) {
  int64_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || v <= 0) return std::nullopt;
  return v;
}

// A body's "words" (key=value, as one-line entry takes them), or nullopt when it has none.
inline std::optional<rules::Words> typed_words(const json& body) {
  if (!body.contains("words") || !body["words"].is_string()) return std::nullopt;
  rules::Words words;
  for (const auto& w : rules::split_list(body["words"].get<std::string>(), ' ')) {
    auto eq = w.find('=');
    if (eq == std::string::npos || eq == 0)
      throw Rejected([&] {
        Diagnostics d;
        d.error("words", "cli.word", "'" + clip(w) + "' is not key=value");
        return d;
      }());
    words.emplace_back(w.substr(0, eq), w.substr(eq + 1));
  }
  return words;
}

inline int status_of(const Error& e) {
  switch (e.exit_code()) {
    case k_exit_noinput:
      return 404;
    case k_exit_rejected:
      return 409;
    case k_exit_usage:
      return 400;
    case k_exit_tempfail:
      return 503;
    default:
      return 500;
  }
}

// (in the request's language: a page's heading)
inline std::string title_of(int status) {
  switch (status) {
    case 400:
      return text::tr("web.error.not_understood", "Not understood");
    case 401:
      return text::tr("web.error.code_needed", "The write code is needed");
    case 403:
      return text::tr("web.error.refused", "Refused");
    case 404:
      return text::tr("web.error.not_found", "Not found");
    case 409:
      return text::tr("web.error.refused", "Refused");
    case 413:
      return text::tr("web.error.too_large", "Too large");
    case 414:
      return text::tr("web.error.too_long", "Too long");
    case 421:
      return text::tr("web.error.not_this_server", "Not this server");
    case 429:
      return text::tr("web.error.too_many", "Too many requests");
    case 503:
      return text::tr("web.error.busy", "Busy");
    default:
      return text::tr("web.error.other", "Something went wrong");
  }
}

// The limits and deadlines a connection's requests are read within (Connection, server.cpp).
struct Limits : RequestLimits {
  int head_ms = 10000;  // the head must arrive whole within this (when the server is busy: busy_head_ms)
  int busy_head_ms = 2000;
  int body_ms = 30000;     // the body, from the end of the head
  int idle_ms = 5000;      // waiting for the next request on a kept-alive connection
  int busy_idle_ms = 250;  // the same while most serving threads are taken
  int write_ms = 10000;
};

// httplib's server with its connections read by Connection: at most `per_address` connections from one client
// address at once, the head's deadline shortened while most serving threads are taken.
class Listener final : public httplib::Server {
public:
  Limits limits;
  size_t threads = 96;
  std::function<void(const std::string&)> log;
  // HTTPS (--tls-cert, --tls-key): each connection's TLS handshake, then its requests read as for plain HTTP
  std::unique_ptr<SSL_CTX, decltype(&SSL_CTX_free)> tls{nullptr, SSL_CTX_free};

  explicit Listener(size_t per_address) : m_connections(per_address) {}

private:
  bool process_and_close_socket(socket_t sock) override;  // server.cpp

  Connections m_connections;
  std::atomic<size_t> m_taken{0};
  std::atomic<bool> m_busy{false};
};

struct Server::Impl {
  Options opt;
  Listener http;
  Pool pool;
  Sessions sessions;
  TableSessions tables;  // phones opened by a tournament table's code (routes_tournament.cpp)
  RateLimiter writes;
  RateLimiter steps{60, 120};                // entry steps per session (a phone taps a few a second)
  RateLimiter attempts{1.0 / 6, 20};         // write-code attempts per client address
  Guesses guesses;                           // wrong codes per network and from everyone: a growing wait, checked first
  std::atomic<uint64_t> refused_guesses{0};  // attempts refused while waiting, since the last wrong code shown
  // the names a request's Host may give (own_host_names() and the listen address), looked up again on a miss
  std::mutex hosts_mutex;
  std::vector<std::string> hosts;
  Clock::time_point hosts_at{};
  Replays replays;
  Notifier notifier;
  Streams streams;
  int port = 0;
  std::string cookie;  // the session cookie's name (cookies do not tell ports apart: the port is in the name)
  std::string asset_version;
  std::map<std::string, const Asset*, std::less<>> assets;
  std::map<std::string, std::string, std::less<>> script_catalogues;  // per language: the scripts' messages (JSON)
  // the poller
  std::thread poller;
  std::mutex poll_mutex;
  std::condition_variable poll_cv;
  bool stopping = false;
  std::string stamp;  // the change stamp last seen
  DatabaseOpener opener;

  Impl(Options o, const DatabaseOpener& open)
      : opt(std::move(o)),
        http(opt.connections_per_address),
        pool(open, 16),
        writes(opt.writes_per_second, opt.write_burst),
        streams(opt.max_streams, opt.streams_per_address),
        opener(open) {}

  void log(const std::string& line) {
    if (opt.log) opt.log(clock_now() + "  " + line);
  }
  void alert(const std::string& line) {
    if (opt.alert) opt.alert(clock_now() + "  " + line);
  }

  // Only this machine's own names: a page of another site whose name leads here (DNS rebinding) is refused.
  bool host_allowed(const std::string& host) {
    std::lock_guard lock(hosts_mutex);
    if (host_is_ours(host, hosts, port)) return true;
    if (Clock::now() - hosts_at < std::chrono::seconds(10)) return false;
    // the machine's addresses may have changed (a new Wi-Fi): look again, at most every 10 s
    hosts = own_host_names();
    std::string self = opt.host;
    for (auto& ch : self) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    hosts.push_back(self);
    hosts_at = Clock::now();
    return host_is_ours(host, hosts, port);
  }

  // --- requests

  std::string session_token(const Request& req) const { return cookie_of(req, cookie); }
  // the language the phone chose in the menu (GET /language): "en", "fr", "hu", "el"
  static constexpr const char* k_language_cookie = "marque_lang";
  // the table a phone opened with its code, when the request may act on `req.path` by it: that table's pages and
  // API, its game's pages and API (routes_tournament.cpp)
  std::optional<TableGrant> table_grant(const Request& req) const;

  std::string cookie_of(const Request& req, const std::string& name) const {
    const std::string header = req.get_header_value("Cookie");
    size_t at = 0;
    while (at < header.size()) {
      size_t end = header.find(';', at);
      if (end == std::string::npos) end = header.size();
      std::string part = header.substr(at, end - at);
      size_t b = part.find_first_not_of(' ');
      if (b != std::string::npos) part = part.substr(b);
      if (part.rfind(name + "=", 0) == 0) return part.substr(name.size() + 1);
      at = end + 1;
    }
    return "";
  }

  PageContext context(const Request& req) {
    PageContext c;
    c.version = notifier.version();  // before anything is read: a change after it makes the page refresh
    if (auto csrf = sessions.csrf_of(session_token(req))) {
      c.writer = true;
      c.csrf = *csrf;
    } else if (auto grant = table_grant(req)) {
      c.writer = true;
      c.csrf = grant->csrf;
    }
    c.path = req.path;
    c.asset_version = asset_version;
    if (auto it = script_catalogues.find(text::language()); it != script_catalogues.end()) c.messages = it->second;
    return c;
  }

  // The request comes from a page of this server: its Origin, else its Referer, names this host.
  bool same_origin(const Request& req) const {
    const std::string host = req.get_header_value("Host");
    if (host.empty()) return false;
    const std::string self = (http.tls ? "https://" : "http://") + host;
    if (req.has_header("Origin")) return req.get_header_value("Origin") == self;
    if (req.has_header("Referer")) {
      const std::string ref = req.get_header_value("Referer");
      return ref == self || ref.rfind(self + "/", 0) == 0;
    }
    return false;
  }

  static void send_json(Response& res, int status, const ojson& j) {
    res.status = status;
    res.set_content(escape::json(j), "application/json; charset=utf-8");
  }
  static void json_error(Response& res, int status, const std::string& message, ojson extra = ojson::object()) {
    extra["error"] = message;
    send_json(res, status, extra);
  }
  void send_page(Response& res, int status, const std::string& html) {
    res.status = status;
    res.set_content(html, "text/html; charset=utf-8");
  }
  void page_error(const Request& req, Response& res, int status, const std::string& message) {
    send_page(res, status, message_page(status, title_of(status), message, context(req)));
  }

  // A page: its HTML from `make`, failures as a page saying why.
  void html(const Request& req, Response& res,
            const std::function<std::string(app::Database&, const PageContext&)>& make) {
    PageContext c = context(req);
    try {
      auto lease = pool.take();
      send_page(res, 200, make(lease.db(), c));
    } catch (const Error& e) {
      page_error(req, res, status_of(e), e.what());
    } catch (const std::exception& e) {
      page_error(req, res, 500, std::string("internal error: ") + e.what());
    }
  }

  // A write's checks: same origin, a session, its CSRF token, a JSON body. Returns the session token and the body.
  bool may_write(const Request& req, Response& res, std::string& token, json& body) {
    if (!same_origin(req)) {
      json_error(res, 403, "refused: this request does not come from marque's own pages");
      return false;
    }
    token = session_token(req);
    auto csrf = sessions.csrf_of(token);
    if (!csrf)
      if (auto grant = table_grant(req)) {  // a table's phone: that table and its game only
        csrf = grant->csrf;
        token = "table:" + cookie_of(req, cookie + "_t");
      }
    if (!csrf) {
      json_error(res, 401, "the night's write code is needed to change the scores", {{"login", "/login"}});
      return false;
    }
    if (!same_secret(req.get_header_value("X-CSRF-Token"), *csrf)) {
      json_error(res, 403, "refused: the page is out of date, reload it");
      return false;
    }
    if (req.get_header_value("Content-Type").rfind("application/json", 0) != 0) {
      json_error(res, 415, "a JSON body is expected");
      return false;
    }
    if (!json_shallow(req.body, 8)) {
      json_error(res, 400, "the request body is nested too deeply");
      return false;
    }
    body = json::parse(req.body, nullptr, false);
    if (body.is_discarded() || !body.is_object()) {
      json_error(res, 400, "the request body is not a JSON object");
      return false;
    }
    return true;
  }

  // A write: checked, rate-limited, run once per submission key (a repeat gets the first answer), then the pages
  // are told.
  // `run` returns the answer and what the terminal's log says of it.
  struct Done {
    ojson answer;
    std::string log;
  };
  void write(const Request& req, Response& res, const std::function<Done(app::Database&, const json& body)>& run) {
    std::string token;
    json body;
    if (!may_write(req, res, token, body)) return;
    const std::string key = body.contains("key") && body["key"].is_string() ? body["key"].get<std::string>() : "";
    if (key.size() < 8 || key.size() > 64 ||
        key.find_first_not_of("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_") !=
            std::string::npos) {
      json_error(res, 400, "each write carries a submission key (8 to 64 letters, digits, '-' or '_')");
      return;
    }
    double retry = 1;
    if (!writes.allow(token, &retry)) {
      res.set_header("Retry-After", std::to_string(static_cast<int>(retry) + 1));
      json_error(res, 429, "too many changes at once: wait a moment");
      return;
    }
    std::string said;
    Replays::Result r = replays.once(token + "|" + req.path + "|" + key, [&]() -> Replays::Result {
      try {
        auto lease = pool.take();
        // the key is also stored with the change, in its transaction: a repeat after a restart is refused there
        lease.db()->set_submission(req.path + "|" + key);
        struct Forget {
          app::Database& db;
          ~Forget() { db->set_submission(""); }
        } forget{lease.db()};
        Done done = run(lease.db(), body);
        said = done.log;
        // the stamp of this write is seen here, then the pages are told: the poller does not tell them twice
        {
          std::lock_guard lock(poll_mutex);
          stamp = app::change_stamp(*lease.db());
        }
        notifier.bump();
        return {200, escape::json(done.answer), false};
      } catch (const Repeated& e) {
        said = e.what();
        return {200, escape::json(ojson{{"stored", true}, {"replayed", true}, {"message", std::string(e.what())}}),
                true};
      } catch (const Rejected& e) {
        ojson j = app::rejection_json(e.diagnostics());
        j["error"] = e.diagnostics().items().empty() ? std::string(e.what()) : e.diagnostics().items().front().message;
        said = "refused: " + j["error"].get<std::string>();
        return {422, escape::json(j), false};
      } catch (const Error& e) {
        said = std::string("refused: ") + e.what();
        ojson j = {{"error", std::string(e.what())}};
        if (!e.hint().empty()) j["hint"] = e.hint();
        return {status_of(e), escape::json(j), false};
      }
    });
    res.status = r.status;
    if (r.replayed) res.set_header("X-Marque-Replayed", "1");
    res.set_content(r.body, "application/json; charset=utf-8");
    log(r.replayed ? req.path + ": a repeated request, answered with the first result (" + req.remote_addr + ")"
                   : said + " (" + req.remote_addr + ")");
  }

  // --- routes: routes() registers the groups (routes_*.cpp), then the answer to anything else
  void routes();
  void page_routes();        // routes_pages.cpp: the pages, their assets
  void login_routes();       // routes_login.cpp: the write code (log in, log out)
  void api_routes();         // routes_api.cpp: the JSON API (entry steps, hands stored, changed, deleted, undone)
  void event_routes();       // routes_events.cpp: the event stream each page hears changes through
  void tournament_routes();  // routes_tournament.cpp: the table phones (/t), the organiser's page (/tournament/ID)
  void room_routes();        // routes_room.cpp: a tournament's room screen (a TV in the hall) and its JSON

  // --- the watcher: a change made by another process (a hand typed at the command line) reaches the pages too.
  // Every opt.poll_ms (10 ms) it asks SQLite's data_version, which changes when another connection commits and
  // only then: a read of the log's shared memory, no file opened or read, so a short wait costs nothing and a
  // commit reaches the pages within the wait. A changed version is then compared by the files' stamp, which the
  // server's own writes leave as they see it: a page is not told twice of the same hand.

  void poll() {
    app::Database db;
    try {
      db = pool_open();
    } catch (const std::exception& e) {
      log(std::string("cannot watch the database for changes: ") + e.what());
      return;
    }
    std::unique_lock lock(poll_mutex);
    stamp = app::change_stamp(*db);
    int64_t version = 0;
    bool known = false;  // (not an optional: g++ 12 sees it "maybe uninitialized")
    while (!stopping) {
      try {
        version = app::data_version(*db);
        known = true;
      } catch (const std::exception&) {
        known = false;  // unreadable for a moment (a restore under way): the stamp alone tells
      }
      poll_cv.wait_for(lock, std::chrono::milliseconds(opt.poll_ms), [&] { return stopping; });
      if (stopping) break;
      try {
        if (known && app::data_version(*db) == version) continue;
      } catch (const std::exception&) {
      }
      std::string now = app::change_stamp(*db);
      if (now != stamp) {
        stamp = now;
        notifier.bump();
      }
    }
  }
  app::Database pool_open() { return opener(); }
};

}  // namespace marque::web
