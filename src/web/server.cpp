// The HTTP side of `marque serve` (the only file that includes httplib.h): routes, the write guard, the event
// streams and the database poller. Pages come from web/pages, data from app:: use cases.
#include "web/server.hpp"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <signal.h>
#include <netdb.h>
#include <poll.h>
#include <pthread.h>
#include <sys/socket.h>
#include <unistd.h>

#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>
#include <ctime>
#include <deque>
#include <map>
#include <mutex>
#include <thread>

#include "core/date.hpp"
#include "core/escape.hpp"
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

namespace {

std::string fnv_hex(std::string_view a) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : a) {
    h ^= c;
    h *= 1099511628211ull;
  }
  char b[17];
  std::snprintf(b, sizeof b, "%016llx", static_cast<unsigned long long>(h));
  return std::string(b, 12);
}

std::optional<int64_t> id_of(const std::string& s) {
  int64_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || v <= 0) return std::nullopt;
  return v;
}

int status_of(const Error& e) {
  switch (e.exit_code()) {
    case k_exit_noinput: return 404;
    case k_exit_rejected: return 409;
    case k_exit_usage: return 400;
    case k_exit_tempfail: return 503;
    default: return 500;
  }
}

std::string title_of(int status) {
  switch (status) {
    case 400: return "Not understood";
    case 401: return "The write code is needed";
    case 403: return "Refused";
    case 404: return "Not found";
    case 409: return "Refused";
    case 413: return "Too large";
    case 414: return "Too long";
    case 421: return "Not this server";
    case 429: return "Too many requests";
    case 503: return "Busy";
    default: return "Something went wrong";
  }
}

}  // namespace

// Reads one connection's requests with limits, then hands each to httplib (issue 30). Each request is read whole
// first by a RequestReader (web/request.hpp: the head within a size and a count of lines, the body whole and bounded,
// a chunked one's sizes added up as they come, a compressed one refused), the head within a deadline (a client
// sending it a byte at a time is cut off) and the body within another; only then does httplib see them, from this
// buffer. A refusal is answered here (400, 408, 413, 414, 415, 416, 431, 501) and the connection closed. Not in the
// anonymous namespace, like Pool: Server::Impl holds a Listener.
struct Limits : RequestLimits {
  int head_ms = 10000;         // the head must arrive whole within this (when the server is busy: busy_head_ms)
  int busy_head_ms = 2000;
  int body_ms = 30000;         // the body, from the end of the head
  int idle_ms = 5000;          // waiting for the next request on a kept-alive connection
  int write_ms = 10000;
};

class Connection final : public httplib::Stream {
public:
  Connection(socket_t sock, const Limits& limits, const std::atomic<bool>& busy, const std::atomic<socket_t>& listening)
      : m_sock(sock), m_limits(limits), m_busy(busy), m_listening(listening) {}

  // The next request read whole into the buffer: true, or false when the connection ends (closed, idle, refused:
  // the refusal is written).
  bool next_request(int first_byte_ms) {
    m_buf.erase(0, m_give);  // what httplib left of the last request's body
    m_give = 0;
    using std::chrono::milliseconds;
    const auto start = Clock::now();
    std::optional<Clock::time_point> body_start;
    RequestReader reader(m_limits);
    for (;;) {
      const auto step = reader.read(m_buf);
      if (step == RequestReader::Step::done) break;
      if (step == RequestReader::Step::refused) {
        const Refusal& r = reader.refusal();
        return refuse(r.status, r.reason.c_str(), r.message);
      }
      if (step == RequestReader::Step::head) {
        const bool started = !m_buf.empty();
        // while most serving threads are taken, a connection that sends nothing or its head slowly goes sooner
        const int limit = m_busy ? std::min(first_byte_ms, m_limits.busy_head_ms) : !started ? first_byte_ms : m_limits.head_ms;
        const auto left = milliseconds(limit) - std::chrono::duration_cast<milliseconds>(Clock::now() - start);
        if (left.count() <= 0) {
          if (!started) return false;  // nothing asked: an idle connection, closed without a word
          return refuse(408, "Request Timeout", "the request's headers did not arrive within " + std::to_string(limit / 1000) + " s");
        }
        const int got = receive(static_cast<int>(left.count()));
        if (got == 0) return false;
        if (got < 0 && started) continue;  // the deadline is checked above
        if (got < 0) return false;
        continue;
      }
      // the body, read whole here (bounded), so that httplib never waits on the client
      if (!body_start) body_start = Clock::now();
      const auto left = milliseconds(m_limits.body_ms) - std::chrono::duration_cast<milliseconds>(Clock::now() - *body_start);
      if (left.count() <= 0)
        return refuse(408, "Request Timeout", "the request's body did not arrive within " + std::to_string(m_limits.body_ms / 1000) + " s");
      if (receive(static_cast<int>(left.count())) == 0) return false;
    }
    m_give = reader.length();
    return true;
  }

  // Writes a refusal and ends the connection; false.
  bool refuse(int status, const char* reason, const std::string& message) {
    const std::string body = "refused: " + message + "\n";
    const std::string answer = "HTTP/1.1 " + std::to_string(status) + " " + reason +
                               "\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: " + std::to_string(body.size()) +
                               "\r\nConnection: close\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\r\n" + body;
    write(answer.data(), answer.size());
    m_refused = status;
    m_buf.clear();
    m_give = 0;
    return false;
  }
  int refused() const { return m_refused; }

  bool is_readable() const override { return m_give > 0; }
  bool is_writable() const override {
    pollfd out{m_sock, POLLOUT, 0};
    if (::poll(&out, 1, m_limits.write_ms) <= 0 || !(out.revents & POLLOUT)) return false;
    // the client is still there: nothing to read, or something that is not the end of the connection
    pollfd in{m_sock, POLLIN, 0};
    if (::poll(&in, 1, 0) > 0) {
      char c;
      if (::recv(m_sock, &c, 1, MSG_PEEK | MSG_DONTWAIT) == 0) return false;
    }
    return true;
  }
  ssize_t read(char* ptr, size_t size) override {
    const size_t n = std::min(size, m_give);
    if (n == 0) return 0;
    std::memcpy(ptr, m_buf.data(), n);
    m_buf.erase(0, n);
    m_give -= n;
    return static_cast<ssize_t>(n);
  }
  ssize_t write(const char* ptr, size_t size) override {
    if (!is_writable()) return -1;
    return ::send(m_sock, ptr, size, MSG_NOSIGNAL);
  }
  void get_remote_ip_and_port(std::string& ip, int& port) const override { address_of(&::getpeername, ip, port); }
  void get_local_ip_and_port(std::string& ip, int& port) const override { address_of(&::getsockname, ip, port); }
  socket_t socket() const override { return m_sock; }

private:
  // Bytes from the socket into the buffer, waiting at most `ms`: the count, 0 when the connection ended (or the
  // server stops: it is looked at every 100 ms), -1 when nothing came in time.
  int receive(int ms) {
    pollfd in{m_sock, POLLIN, 0};
    int ready = 0;
    for (int left = std::max(ms, 1); left > 0 && ready == 0; left -= 100) {
      if (m_listening == INVALID_SOCKET) return 0;
      ready = ::poll(&in, 1, std::min(left, 100));
    }
    if (ready < 0 && errno == EINTR) return -1;
    if (ready <= 0) return ready == 0 ? -1 : 0;
    char chunk[16 * 1024];
    const ssize_t got = ::recv(m_sock, chunk, sizeof chunk, 0);
    if (got <= 0) return 0;
    m_buf.append(chunk, static_cast<size_t>(got));
    return static_cast<int>(got);
  }
  void address_of(int (*get)(int, sockaddr*, socklen_t*), std::string& ip, int& port) const {
    sockaddr_storage a{};
    socklen_t len = sizeof a;
    ip.clear();
    port = -1;
    if (get(m_sock, reinterpret_cast<sockaddr*>(&a), &len) != 0) return;
    char host[NI_MAXHOST] = {}, serv[NI_MAXSERV] = {};
    if (::getnameinfo(reinterpret_cast<sockaddr*>(&a), len, host, sizeof host, serv, sizeof serv, NI_NUMERICHOST | NI_NUMERICSERV) != 0) return;
    ip = host;
    port = std::atoi(serv);
  }

  socket_t m_sock;
  const Limits& m_limits;
  const std::atomic<bool>& m_busy;
  const std::atomic<socket_t>& m_listening;  // the server's socket: INVALID_SOCKET once it stops
  std::string m_buf;  // bytes received, not yet given to httplib
  size_t m_give = 0;  // how many of them httplib may read: the current request's head and body
  int m_refused = 0;
};

// httplib's server with its connections read by Connection: at most `per_address` connections from one client
// address at once, the head's deadline shortened while most serving threads are taken.
class Listener final : public httplib::Server {
public:
  Limits limits;
  size_t threads = 96;
  std::function<void(const std::string&)> log;

  explicit Listener(size_t per_address) : m_connections(per_address) {}

private:
  bool process_and_close_socket(socket_t sock) override {
    const size_t taken = ++m_taken;
    m_busy = taken * 4 > threads * 3;
    {
      Connection c(sock, limits, m_busy, svr_sock_);
      std::string address;
      int port = 0;
      c.get_remote_ip_and_port(address, port);
      if (!m_connections.enter(address)) {
        c.refuse(429, "Too Many Requests", "too many connections from " + address + " at once");
      } else {
        for (size_t served = 0; served < keep_alive_max_count_ && svr_sock_ != INVALID_SOCKET; ++served) {
          if (!c.next_request(served == 0 ? limits.head_ms : limits.idle_ms)) break;
          const bool last = served + 1 == keep_alive_max_count_ || svr_sock_ == INVALID_SOCKET;
          bool closed = false;
          if (!process_request(c, last, closed, nullptr) || closed || last) break;
        }
        m_connections.leave(address);
      }
      if (c.refused()) {
        if (log) log("refused a request (" + std::to_string(c.refused()) + ") from " + address);
        // the client may still be sending what was refused: closing now would reset the connection, and the
        // client lose the answer unread; its sending end is read out first, 3 s and 4 MB at most
        ::shutdown(sock, SHUT_WR);
        char sink[16 * 1024];
        const auto until = Clock::now() + std::chrono::seconds(3);
        pollfd in{sock, POLLIN, 0};
        for (size_t drained = 0; drained < (4u << 20) && Clock::now() < until && ::poll(&in, 1, 500) > 0;) {
          const ssize_t got = ::recv(sock, sink, sizeof sink, 0);
          if (got <= 0) break;
          drained += static_cast<size_t>(got);
        }
      }
    }
    ::shutdown(sock, SHUT_RDWR);
    ::close(sock);
    m_busy = --m_taken * 4 > threads * 3;
    return true;
  }

  Connections m_connections;
  std::atomic<size_t> m_taken{0};
  std::atomic<bool> m_busy{false};
};

struct Server::Impl {
  Options opt;
  Listener http;
  Pool pool;
  Sessions sessions;
  RateLimiter writes;
  RateLimiter steps{60, 120};         // entry steps per session (a phone taps a few a second)
  RateLimiter attempts{1.0 / 6, 20};  // write-code attempts per client address
  Guesses guesses;                    // wrong codes per network and from everyone: a growing wait, checked first
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
  // the poller
  std::thread poller;
  std::mutex poll_mutex;
  std::condition_variable poll_cv;
  bool stopping = false;
  std::string stamp;  // the change stamp last seen
  DatabaseOpener opener;

  Impl(Options o, const DatabaseOpener& open)
      : opt(std::move(o)), http(opt.connections_per_address), pool(open, 16), writes(opt.writes_per_second, opt.write_burst),
        streams(opt.max_streams, opt.streams_per_address), opener(open) {}

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

  std::string session_token(const Request& req) const {
    const std::string header = req.get_header_value("Cookie");
    size_t at = 0;
    while (at < header.size()) {
      size_t end = header.find(';', at);
      if (end == std::string::npos) end = header.size();
      std::string part = header.substr(at, end - at);
      size_t b = part.find_first_not_of(' ');
      if (b != std::string::npos) part = part.substr(b);
      if (part.rfind(cookie + "=", 0) == 0) return part.substr(cookie.size() + 1);
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
    }
    c.path = req.path;
    c.asset_version = asset_version;
    return c;
  }

  // The request comes from a page of this server: its Origin, else its Referer, names this host.
  bool same_origin(const Request& req) const {
    const std::string host = req.get_header_value("Host");
    if (host.empty()) return false;
    const std::string self = "http://" + host;
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
  void html(const Request& req, Response& res, const std::function<std::string(app::Database&, const PageContext&)>& make) {
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
    if (key.size() < 8 || key.size() > 64 || key.find_first_not_of("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_") != std::string::npos) {
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
        Done done = run(lease.db(), body);
        said = done.log;
        // the stamp of this write is seen here, then the pages are told: the poller does not tell them twice
        {
          std::lock_guard lock(poll_mutex);
          stamp = app::change_stamp(*lease.db());
        }
        notifier.bump();
        return {200, escape::json(done.answer), false};
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

  // --- routes

  void routes() {
    http.Get("/", [this](const Request& req, Response& res) {
      html(req, res, [](app::Database& db, const PageContext& c) { return board_page(app::board(*db, std::nullopt), app::nights(*db), c); });
    });
    http.Get(R"(/night/(\d{1,18}))", [this](const Request& req, Response& res) {
      auto id = id_of(req.matches[1]);
      if (!id) return page_error(req, res, 404, "no such night");
      html(req, res, [&](app::Database& db, const PageContext& c) { return board_page(app::board(*db, *id), app::nights(*db), c); });
    });
    http.Get(R"(/game/(\d{1,18}))", [this](const Request& req, Response& res) {
      auto id = id_of(req.matches[1]);
      if (!id) return page_error(req, res, 404, "no such game");
      html(req, res, [&](app::Database& db, const PageContext& c) {
        app::GameView v = app::game_view(*db, *id);
        if (v.game.ended == "deleted") throw Error(k_exit_noinput, "game " + std::to_string(*id) + " was deleted");
        const rules::GameRules* gr = rules::find_game(v.game.game);
        sheet::Sheet s = gr ? gr->score_sheet(app::game_file(*db, *id), v.score) : sheet::Sheet{};
        return game_page(v, s, c);
      });
    });
    http.Get(R"(/game/(\d{1,18})/hand/(\d{1,9}))", [this](const Request& req, Response& res) {
      auto id = id_of(req.matches[1]);
      auto no = id_of(req.matches[2]);
      if (!id || !no) return page_error(req, res, 404, "no such hand");
      html(req, res, [&](app::Database& db, const PageContext& c) {
        app::GameView v = app::game_view(*db, *id);
        for (const auto& h : v.hands)
          if (h.no == *no) return hand_page(v, h, c);
        throw Error(k_exit_noinput, "game " + std::to_string(*id) + " has no hand " + std::to_string(*no));
      });
    });
    auto entry = [this](const Request& req, Response& res, bool edit) {
      auto id = id_of(req.matches[1]);
      std::optional<int64_t> no = edit ? id_of(req.matches[2]) : std::nullopt;
      if (!id || (edit && !no)) return page_error(req, res, 404, "no such game");
      if (!sessions.csrf_of(session_token(req))) {
        res.set_redirect("/login?next=" + req.path, 303);
        return;
      }
      html(req, res, [&](app::Database& db, const PageContext& c) {
        app::GameView v = app::game_view(*db, *id);
        if (v.game.ended == "deleted") throw Error(k_exit_noinput, "game " + std::to_string(*id) + " was deleted");
        return entry_page(v, no ? std::optional<int>(static_cast<int>(*no)) : std::nullopt, c);
      });
    };
    http.Get(R"(/game/(\d{1,18})/hand)", [entry](const Request& req, Response& res) { entry(req, res, false); });
    http.Get(R"(/game/(\d{1,18})/hand/(\d{1,9})/entry)", [entry](const Request& req, Response& res) { entry(req, res, true); });
    http.Get("/standings", [this](const Request& req, Response& res) {
      html(req, res, [](app::Database& db, const PageContext& c) { return standings_page(app::standings(*db, app::Filter{}, ""), c); });
    });
    http.Get("/players", [this](const Request& req, Response& res) {
      html(req, res, [](app::Database& db, const PageContext& c) { return players_page(app::players(*db), c); });
    });
    http.Get("/player", [this](const Request& req, Response& res) {
      const std::string name = req.get_param_value("name");
      html(req, res, [&](app::Database& db, const PageContext& c) {
        for (const auto& p : app::players(*db))
          if (p.name == name) return player_page(p.name, app::stats(*db, p.name, app::Filter{}), c);
        throw Error(k_exit_noinput, "no player named " + clip(name) + " here");
      });
    });

    // the write code
    http.Get("/login", [this](const Request& req, Response& res) {
      send_page(res, 200, login_page(req.get_param_value("next"), "", context(req)));
    });
    http.Post("/login", [this](const Request& req, Response& res) {
      const std::string next = req.get_param_value("next");
      if (!same_origin(req)) return page_error(req, res, 403, "refused: this form does not come from marque's own pages");
      double retry = 1;
      if (!attempts.allow(req.remote_addr, &retry)) {
        res.set_header("Retry-After", std::to_string(static_cast<int>(retry) + 1));
        send_page(res, 429, login_page(next, "Too many attempts from this device: wait a minute.", context(req)));
        return;
      }
      const std::string network = network_of(req.remote_addr);
      // the wait after wrong codes is checked before the code is looked at: a guess made too early is not checked
      if (double wait = guesses.wait(network); wait > 0) {
        ++refused_guesses;
        res.set_header("Retry-After", std::to_string(static_cast<int>(std::ceil(wait))));
        send_page(res, 429, login_page(next, "Wrong codes were tried from this network or others: the next try waits " +
                                                 std::to_string(static_cast<int>(std::ceil(wait))) + " s.", context(req)));
        return;
      }
      // the code as printed is in groups of four digits: spaces typed between them do not count
      std::string code = req.get_param_value("code");
      std::erase_if(code, [](char ch) { return ch == ' '; });
      if (!same_secret(code, opt.code)) {
        Guesses::Counts n = guesses.failed(network);
        const uint64_t refused = refused_guesses.exchange(0);
        alert("wrong write code from " + req.remote_addr + " (" + std::to_string(n.network) + " from " + network + ", " +
              std::to_string(n.everyone) + " from everyone" +
              (refused ? ", " + std::to_string(refused) + " tries refused while waiting" : std::string()) + ")" +
              (n.next_wait > 0 ? "; the next try from there waits " + std::to_string(static_cast<int>(std::ceil(n.next_wait))) + " s" : ""));
        send_page(res, 403, login_page(next, "That is not tonight's code.", context(req)));
        return;
      }
      const std::string token = sessions.open();
      res.set_header("Set-Cookie", cookie + "=" + token + "; Path=/; HttpOnly; SameSite=Strict");
      std::string to = next;
      if (to.empty() || to[0] != '/' || (to.size() > 1 && (to[1] == '/' || to[1] == '\\')) ||
          to.find_first_of("\r\n") != std::string::npos)
        to = "/";
      res.set_redirect(to, 303);
      log("a device entered the write code: " + req.remote_addr);
    });
    http.Post("/logout", [this](const Request& req, Response& res) {
      const std::string token = session_token(req);
      auto csrf = sessions.csrf_of(token);
      if (!same_origin(req) || !csrf || !same_secret(req.get_param_value("csrf"), *csrf))
        return page_error(req, res, 403, "refused: reload the page and try again");
      sessions.close(token);
      res.set_header("Set-Cookie", cookie + "=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0");
      res.set_redirect("/", 303);
    });

    // the JSON API
    http.Get("/api/session", [this](const Request& req, Response& res) {
      auto csrf = sessions.csrf_of(session_token(req));
      send_json(res, 200, {{"writer", csrf.has_value()}, {"csrf", csrf ? ojson(*csrf) : ojson(nullptr)}, {"version", notifier.version()}});
    });
    http.Get(R"(/api/games/(\d{1,18}))", [this](const Request& req, Response& res) {
      auto id = id_of(req.matches[1]);
      try {
        if (!id) throw Error(k_exit_noinput, "no such game");
        auto lease = pool.take();
        app::GameView v = app::game_view(*lease.db(), *id);
        ojson hands = ojson::array();
        for (const auto& h : v.hands) hands.push_back({{"no", h.no}, {"words", h.words}, {"record", h.record}, {"source", h.source}});
        send_json(res, 200, {{"id", v.game.id}, {"game", v.game.game}, {"players", v.score["players"]}, {"totals", v.score["totals"]},
                             {"finished", v.score.value("finished", false)}, {"ended", v.game.ended}, {"hands", hands}});
      } catch (const Error& e) {
        json_error(res, status_of(e), e.what());
      }
    });
    http.Post(R"(/api/games/(\d{1,18})/entry)", [this](const Request& req, Response& res) {
      std::string token;
      json body;
      if (!may_write(req, res, token, body)) return;
      double retry = 1;
      if (!steps.allow(token, &retry)) {
        res.set_header("Retry-After", std::to_string(static_cast<int>(retry) + 1));
        return json_error(res, 429, "too many requests at once: wait a moment");
      }
      auto id = id_of(req.matches[1]);
      auto answers = entry_answers(body);
      if (!id || !answers) return json_error(res, 400, "expected {\"answers\": [[key, value], ...], \"typed\": text}");
      std::optional<int> edit;
      if (body.contains("edit") && body["edit"].is_number_integer() && body["edit"].get<int64_t>() > 0 &&
          body["edit"].get<int64_t>() < (1 << 30))
        edit = body["edit"].get<int>();
      std::optional<std::string> typed;
      if (body.contains("typed") && body["typed"].is_string()) typed = body["typed"].get<std::string>();
      try {
        auto lease = pool.take();
        send_json(res, 200, step_json(app::entry_step(*lease.db(), *id, edit, *answers, typed)));
      } catch (const Error& e) {
        json_error(res, status_of(e), e.what());
      }
    });
    http.Post(R"(/api/games/(\d{1,18})/hands)", [this](const Request& req, Response& res) {
      auto id = id_of(req.matches[1]).value_or(0);
      write(req, res, [&](app::Database& db, const json& body) {
        auto answers = entry_answers(body);
        if (!answers || answers->empty()) throw Error(k_exit_usage, "expected {\"answers\": [[key, value], ...], \"key\": ...}");
        app::HandOutcome o = app::add_hand_answers(*db, id, *answers);
        return Done{{{"stored", true}, {"game", o.game_id}, {"no", o.no}, {"words", o.words}, {"result", o.result_words},
                     {"totals", o.score["totals"]}, {"next", "/game/" + std::to_string(o.game_id) + "#hand-" + std::to_string(o.no)}},
                    "game " + std::to_string(o.game_id) + " · hand " + std::to_string(o.no) + " stored: " + o.words};
      });
    });
    http.Post(R"(/api/games/(\d{1,18})/hands/(\d{1,9}))", [this](const Request& req, Response& res) {
      auto id = id_of(req.matches[1]).value_or(0);
      int no = static_cast<int>(id_of(req.matches[2]).value_or(0));
      write(req, res, [&](app::Database& db, const json& body) {
        app::HandOutcome o;
        if (body.contains("words") && body["words"].is_string()) {
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
          if (words.empty()) throw Error(k_exit_usage, "no field to change: type key=value, e.g. points=50");
          o = app::web_edit_hand_words(*db, id, no, words);
        } else {
          auto answers = entry_answers(body);
          if (!answers || answers->empty()) throw Error(k_exit_usage, "expected the hand's answers or key=value words");
          o = app::edit_hand_answers(*db, id, no, *answers);
        }
        return Done{{{"stored", true}, {"game", o.game_id}, {"no", o.no}, {"words", o.words}, {"totals", o.score["totals"]},
                     {"next", "/game/" + std::to_string(o.game_id) + "#hand-" + std::to_string(o.no)}},
                    "game " + std::to_string(o.game_id) + " · hand " + std::to_string(o.no) + " changed: " + o.words};
      });
    });
    http.Post(R"(/api/games/(\d{1,18})/hands/(\d{1,9})/delete)", [this](const Request& req, Response& res) {
      auto id = id_of(req.matches[1]).value_or(0);
      int no = static_cast<int>(id_of(req.matches[2]).value_or(0));
      write(req, res, [&](app::Database& db, const json&) {
        app::HandOutcome o = app::web_delete_hand(*db, id, no);
        return Done{{{"deleted", no}, {"game", id}, {"totals", o.score["totals"]}, {"next", "/game/" + std::to_string(id)}},
                    "game " + std::to_string(id) + " · hand " + std::to_string(no) + " deleted"};
      });
    });
    http.Post(R"(/api/games/(\d{1,18})/undo)", [this](const Request& req, Response& res) {
      auto id = id_of(req.matches[1]).value_or(0);
      write(req, res, [&](app::Database& db, const json&) {
        std::string what = app::web_undo(*db, id);
        return Done{{{"undone", what}, {"game", id}, {"next", "/game/" + std::to_string(id)}}, "game " + std::to_string(id) + ": " + what};
      });
    });

    // the pages hear of every change through one event stream each
    http.Get("/events", [this](const Request& req, Response& res) {
      // a client holding streams ends its own oldest, never another's: at most opt.streams_per_address each
      std::shared_ptr<Streams::Ticket> ticket = streams.open(req.remote_addr);
      if (!ticket) {
        res.set_header("Retry-After", "5");
        return json_error(res, 503, "too many pages watching at once");
      }
      notifier.wake();  // the address's oldest stream, if it was dropped, ends now
      res.set_header("Cache-Control", "no-store");
      auto seen = std::make_shared<std::optional<uint64_t>>();
      auto said = std::make_shared<Clock::time_point>(Clock::now());  // the last message sent
      res.set_chunked_content_provider(
          "text/event-stream",
          [this, seen, said, ticket](size_t, httplib::DataSink& sink) {
            std::string msg;
            if (!*seen) {
              *seen = notifier.version();
              msg = "retry: 1000\nevent: hello\ndata: {\"version\":" + std::to_string(**seen) + "}\n\n";
            } else {
              // a second at a time, asking whether the client is still there (a page that went away frees its stream
              // within a second); a line every 15 s keeps proxies from closing it
              auto v = notifier.wait(**seen, std::chrono::seconds(1), &ticket->dropped);
              if (v && *v == **seen && Clock::now() - *said < std::chrono::seconds(15)) return sink.is_writable();
              if (!v) {
                // dropped for a newer page of the same client: its page comes back later, not at once
                if (ticket->dropped) {
                  const std::string later = "retry: 15000\nevent: dropped\ndata: {}\n\n";
                  sink.write(later.data(), later.size());
                }
                sink.done();
                return true;
              }
              msg = *v != **seen ? "event: change\ndata: {\"version\":" + std::to_string(*v) + "}\n\n" : std::string(": still here\n\n");
              *seen = *v;
            }
            *said = Clock::now();
            return sink.write(msg.data(), msg.size());
          },
          [this, ticket](bool) { streams.close(ticket); });
    });

    http.Get(R"(/assets/([a-z0-9_.-]{1,64}))", [this](const Request& req, Response& res) {
      auto it = assets.find(std::string(req.matches[1]));
      if (it == assets.end()) return page_error(req, res, 404, "no such file");
      res.set_header("Cache-Control",
                     req.get_param_value("v") == asset_version ? "public, max-age=31536000, immutable" : "no-cache");
      res.set_header("ETag", "\"" + asset_version + "\"");
      res.set_content(std::string(it->second->body), std::string(it->second->type));
    });
    http.Get("/favicon.ico", [](const Request&, Response& res) { res.set_redirect("/assets/icon.svg", 301); });

    // anything else
    http.Get(".*", [this](const Request& req, Response& res) { page_error(req, res, 404, "there is no page " + clip(req.path, 80)); });
    http.Post(".*", [](const Request&, Response& res) { json_error(res, 404, "no such address"); });
  }

  // --- the poller: a change made by another process (a hand typed at the command line) reaches the pages too

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
    while (!stopping) {
      poll_cv.wait_for(lock, std::chrono::milliseconds(opt.poll_ms), [&] { return stopping; });
      if (stopping) break;
      std::string now = app::change_stamp(*db);
      if (now != stamp) {
        stamp = now;
        notifier.bump();
      }
    }
  }
  app::Database pool_open() { return opener(); }
};

Server::Server(Options options, DatabaseOpener open) : m(std::make_unique<Impl>(std::move(options), open)) {
  // a phone that goes away mid-answer must not end the server
  ::signal(SIGPIPE, SIG_IGN);
  std::string all;
  for (const auto& a : k_assets) {
    m->assets.emplace(std::string(a.name), &a);
    all += a.body;
  }
  m->asset_version = fnv_hex(all);
  auto& http = m->http;
  const size_t threads = m->opt.threads;
  http.new_task_queue = [threads] {
    // serving threads with stacks of 2 MB, not glibc's 8 MB each: 128 threads would reserve 1 GB of address space
    // (under `ulimit -v` the server must start and live)
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 2 << 20);
    pthread_setattr_default_np(&attr);
    pthread_attr_destroy(&attr);
    return new httplib::ThreadPool(threads);
  };
  // an answer is written in pieces (headers, then body): without TCP_NODELAY the body waits for the client's
  // delayed ACK of the headers, 40 ms on every request
  http.set_tcp_nodelay(true);
  // SO_REUSEADDR only: httplib's default adds SO_REUSEPORT, with which a second `marque serve` on the same port
  // would start without a word and share the connections
  http.set_socket_options([](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  http.set_payload_max_length(m->opt.max_body);
  http.limits.body = m->opt.max_body;
  http.threads = threads;
  http.log = [this](const std::string& line) { m->log(line); };
  http.set_read_timeout(10, 0);
  http.set_write_timeout(10, 0);
  http.set_keep_alive_timeout(5);
  http.set_keep_alive_max_count(1000);
  http.set_default_headers({
      {"Content-Security-Policy",
       "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"},
      {"X-Content-Type-Options", "nosniff"},
      {"Referrer-Policy", "same-origin"},
      {"X-Frame-Options", "DENY"},
      {"Cross-Origin-Opener-Policy", "same-origin"},
      {"Cross-Origin-Resource-Policy", "same-origin"},
      {"Cache-Control", "no-store"},
  });
  http.set_exception_handler([](const Request&, Response& res, std::exception_ptr) {
    res.status = 500;
    res.set_content("{\"error\":\"internal error\"}", "application/json; charset=utf-8");
  });
  m->routes();
  http.set_pre_routing_handler([this](const Request& req, Response& res) {
    // the routes are std::regex, which recurses a stack frame or more a character: a long address would overflow
    // a serving thread's stack (and end the server) before any route refused it
    if (req.path.size() > 512) {
      m->page_error(req, res, 414, "refused: the address is longer than 512 characters");
      return httplib::Server::HandlerResponse::Handled;
    }
    if (!req.has_header("Host")) {
      m->page_error(req, res, 400, "refused: the request has no Host header");
      return httplib::Server::HandlerResponse::Handled;
    }
    const std::string host = req.get_header_value("Host");
    if (m->host_allowed(host)) return httplib::Server::HandlerResponse::Unhandled;
    m->page_error(req, res, 421, "refused: this server answers for this machine's own names and addresses only, not " +
                                     clip(host, 80) + " (the Host header)");
    m->log("refused a request for the host " + clip(host, 80) + " (" + req.remote_addr + ")");
    return httplib::Server::HandlerResponse::Handled;
  });
  if (m->opt.port == 0) {
    m->port = http.bind_to_any_port(m->opt.host);
    if (m->port <= 0) throw Error(k_exit_unavailable, "cannot listen on " + m->opt.host + " (no free port, or not an address of this machine)");
  } else {
    if (!http.bind_to_port(m->opt.host, m->opt.port))
      throw Error(k_exit_unavailable, "cannot listen on " + m->opt.host + ":" + std::to_string(m->opt.port),
                  "is another server using that port? --listen " + m->opt.host + ":0 takes a free one");
    m->port = m->opt.port;
  }
  m->cookie = "marque_" + std::to_string(m->port);
}

Server::~Server() {
  stop();
  if (m->poller.joinable()) m->poller.join();
}

int Server::port() const { return m->port; }

void Server::run() {
  m->poller = std::thread([this] { m->poll(); });
  m->http.listen_after_bind();
  stop();
  if (m->poller.joinable()) m->poller.join();
}

void Server::stop() {
  {
    std::lock_guard lock(m->poll_mutex);
    m->stopping = true;
  }
  m->poll_cv.notify_all();
  m->notifier.stop();
  m->http.stop();
}

std::vector<std::string> lan_addresses() {
  std::vector<std::string> out;
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) != 0) return out;
  for (ifaddrs* a = list; a; a = a->ifa_next) {
    if (!a->ifa_addr || a->ifa_addr->sa_family != AF_INET) continue;
    if (!(a->ifa_flags & IFF_UP) || (a->ifa_flags & IFF_LOOPBACK)) continue;
    char buf[INET_ADDRSTRLEN] = {};
    auto* sin = reinterpret_cast<sockaddr_in*>(a->ifa_addr);
    if (inet_ntop(AF_INET, &sin->sin_addr, buf, sizeof buf)) out.emplace_back(buf);
  }
  freeifaddrs(list);
  return out;
}

std::vector<std::string> own_host_names() {
  std::vector<std::string> out = {"localhost", "127.0.0.1", "::1"};
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) == 0) {
    for (ifaddrs* a = list; a; a = a->ifa_next) {
      if (!a->ifa_addr || !(a->ifa_flags & IFF_UP)) continue;
      char buf[INET6_ADDRSTRLEN] = {};
      if (a->ifa_addr->sa_family == AF_INET)
        inet_ntop(AF_INET, &reinterpret_cast<sockaddr_in*>(a->ifa_addr)->sin_addr, buf, sizeof buf);
      else if (a->ifa_addr->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &reinterpret_cast<sockaddr_in6*>(a->ifa_addr)->sin6_addr, buf, sizeof buf);
      if (buf[0]) out.emplace_back(buf);
    }
    freeifaddrs(list);
  }
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) == 0 && name[0]) {
    std::string n = name;
    for (auto& ch : n) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    out.push_back(n);
    if (n.find('.') == std::string::npos) out.push_back(n + ".local");
  }
  return out;
}

bool host_is_ours(const std::string& host, const std::vector<std::string>& names, int port) {
  std::string name = host, port_text;
  if (!name.empty() && name.front() == '[') {
    const size_t close = name.find(']');
    if (close == std::string::npos) return false;
    port_text = name.substr(close + 1);
    name = name.substr(1, close - 1);
    if (!port_text.empty() && port_text.front() != ':') return false;
  } else if (const size_t colon = name.find(':'); colon != std::string::npos) {
    port_text = name.substr(colon);
    name = name.substr(0, colon);
  }
  if (!port_text.empty()) port_text = port_text.substr(1);
  const std::string want = std::to_string(port);
  if (port_text.empty() ? port != 80 : port_text != want) return false;
  if (!name.empty() && name.back() == '.') name.pop_back();
  for (auto& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return !name.empty() && std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace marque::web
