// The HTTP side of `marque serve`: the server's set-up, its connections read within limits before httplib sees them,
// the routes registered (their groups in routes_*.cpp), the addresses of this machine. Server::Impl, the write guard,
// the event streams and the database poller are in server_impl.hpp. Pages come from web/pages, data from app:: use
// cases.
#include "web/server_impl.hpp"

#include "core/language.hpp"

namespace marque::web {

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

// OpenSSL's last error, for a message ("no such file", "key values mismatch")
std::string tls_error() {
  char b[256] = {};
  ERR_error_string_n(ERR_get_error(), b, sizeof b);
  ERR_clear_error();
  return b;
}

// A socket's reads and writes wait at most this long (a TLS record read or written whole by OpenSSL)
void socket_timeouts(socket_t sock, int read_ms, int write_ms) {
  const timeval r{read_ms / 1000, (read_ms % 1000) * 1000}, w{write_ms / 1000, (write_ms % 1000) * 1000};
  ::setsockopt(sock, SOL_SOCKET, SO_RCVTIMEO, &r, sizeof r);
  ::setsockopt(sock, SOL_SOCKET, SO_SNDTIMEO, &w, sizeof w);
}

}  // namespace

// Reads one connection's requests with limits, then hands each to httplib (issue 30). Each request is read whole
// first by a RequestReader (web/request.hpp: the head within a size and a count of lines, the body whole and bounded,
// a chunked one's sizes added up as they come, a compressed one refused), the head within a deadline (a client
// sending it a byte at a time is cut off) and the body within another; only then does httplib see them, from this
// buffer. A refusal is answered here (400, 408, 413, 414, 415, 416, 431, 501) and the connection closed.
class Connection final : public httplib::Stream {
public:
  // ssl: the connection's TLS (its handshake made), or null for plain HTTP
  Connection(socket_t sock, SSL* ssl, const Limits& limits, const std::atomic<bool>& busy,
             const std::atomic<socket_t>& listening)
      : m_sock(sock), m_ssl(ssl), m_limits(limits), m_busy(busy), m_listening(listening) {}

  // The next request read whole into the buffer: true, or false when the connection ends (closed, idle, refused:
  // the refusal is written).
  // kept_alive: the connection served a request already and waits for its next one.
  bool next_request(int first_byte_ms, bool kept_alive) {
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
        // while most serving threads are taken, a connection that sends nothing or its head slowly goes sooner, and
        // a kept-alive one waiting for its next request sooner still: its thread serves a connection that waits
        // (the client opens a new one when it asks again)
        const int busy_ms = kept_alive && !started ? m_limits.busy_idle_ms : m_limits.busy_head_ms;
        const int limit = m_busy ? std::min(first_byte_ms, busy_ms) : !started ? first_byte_ms : m_limits.head_ms;
        const auto left = milliseconds(limit) - std::chrono::duration_cast<milliseconds>(Clock::now() - start);
        if (left.count() <= 0) {
          if (!started) return false;  // nothing asked: an idle connection, closed without a word
          return refuse(408, "Request Timeout",
                        "the request's headers did not arrive within " + std::to_string(limit / 1000) + " s");
        }
        const int got = receive(static_cast<int>(left.count()));
        if (got == 0) return false;
        if (got < 0 && started) continue;  // the deadline is checked above
        if (got < 0) return false;
        continue;
      }
      // the body, read whole here (bounded), so that httplib never waits on the client
      if (!body_start) body_start = Clock::now();
      const auto left = milliseconds(m_limits.body_ms) -
                        std::chrono::duration_cast<milliseconds>(Clock::now() - *body_start);
      if (left.count() <= 0)
        return refuse(408, "Request Timeout",
                      "the request's body did not arrive within " + std::to_string(m_limits.body_ms / 1000) + " s");
      if (receive(static_cast<int>(left.count())) == 0) return false;
    }
    m_give = reader.length();
    return true;
  }

  // Writes a refusal and ends the connection; false.
  bool refuse(int status, const char* reason, const std::string& message) {
    const std::string body = "refused: " + message + "\n";
    const std::string answer =
        "HTTP/1.1 " + std::to_string(status) + " " + reason +
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
    if (m_ssl) {
      const int n = SSL_write(m_ssl, ptr, static_cast<int>(std::min<size_t>(size, 1 << 30)));
      return n > 0 ? n : -1;
    }
    return ::send(m_sock, ptr, size, MSG_NOSIGNAL);
  }
  void get_remote_ip_and_port(std::string& ip, int& port) const override { address_of(&::getpeername, ip, port); }
  void get_local_ip_and_port(std::string& ip, int& port) const override { address_of(&::getsockname, ip, port); }
  socket_t socket() const override { return m_sock; }

private:
  // Bytes from the socket into the buffer, waiting at most `ms`: the count, 0 when the connection ended (or the
  // server stops: it is looked at every 100 ms), -1 when nothing came in time.
  int receive(int ms) {
    if (!m_ssl || SSL_pending(m_ssl) == 0) {  // bytes OpenSSL holds already decrypted: no wait
      pollfd in{m_sock, POLLIN, 0};
      int ready = 0;
      for (int left = std::max(ms, 1); left > 0 && ready == 0; left -= 100) {
        if (m_listening == INVALID_SOCKET) return 0;
        ready = ::poll(&in, 1, std::min(left, 100));
      }
      if (ready < 0 && errno == EINTR) return -1;
      if (ready <= 0) return ready == 0 ? -1 : 0;
    }
    char chunk[16 * 1024];
    if (m_ssl) {  // a record read whole (the socket's read timeout bounds the wait): nothing yet is -1
      const int n = SSL_read(m_ssl, chunk, sizeof chunk);
      if (n <= 0) {
        const int e = SSL_get_error(m_ssl, n);
        return e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE ? -1 : 0;
      }
      m_buf.append(chunk, static_cast<size_t>(n));
      return n;
    }
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
    if (::getnameinfo(reinterpret_cast<sockaddr*>(&a), len, host, sizeof host, serv, sizeof serv,
                      NI_NUMERICHOST | NI_NUMERICSERV) != 0)
      return;
    ip = host;
    port = std::atoi(serv);
  }

  socket_t m_sock;
  SSL* m_ssl;
  const Limits& m_limits;
  const std::atomic<bool>& m_busy;
  const std::atomic<socket_t>& m_listening;  // the server's socket: INVALID_SOCKET once it stops
  std::string m_buf;                         // bytes received, not yet given to httplib
  size_t m_give = 0;                         // how many of them httplib may read: the current request's head and body
  int m_refused = 0;
};

bool Listener::process_and_close_socket(socket_t sock) {
  const size_t taken = ++m_taken;
  m_busy = taken * 4 > threads * 3;
  // No memory for this connection (under a limit on the address space, in a flood of requests): it is closed, and
  // the server goes on serving the others (an exception out of a serving thread would end the whole server).
  try {
    // HTTPS: the handshake first, within the head's deadline (a socket that blocks, each read and write bounded)
    std::unique_ptr<SSL, decltype(&SSL_free)> ssl(nullptr, SSL_free);
    bool ready = true;
    if (tls) {
      const int flags = ::fcntl(sock, F_GETFL, 0);
      if (flags >= 0) ::fcntl(sock, F_SETFL, flags & ~O_NONBLOCK);
      socket_timeouts(sock, m_busy ? std::min(limits.head_ms, limits.busy_head_ms) : limits.head_ms, limits.write_ms);
      ssl.reset(SSL_new(tls.get()));
      ready = ssl && SSL_set_fd(ssl.get(), static_cast<int>(sock)) == 1 && SSL_accept(ssl.get()) == 1;
      ERR_clear_error();  // a failed handshake (a client that does not trust the certificate ...): closed
      socket_timeouts(sock, 1000, limits.write_ms);
    }
    if (ready) {
      Connection c(sock, ssl.get(), limits, m_busy, svr_sock_);
      std::string address;
      int port = 0;
      c.get_remote_ip_and_port(address, port);
      if (!m_connections.enter(address)) {
        c.refuse(429, "Too Many Requests", "too many connections from " + address + " at once");
      } else {
        struct Leave {
          Connections& connections;
          const std::string& address;
          ~Leave() { connections.leave(address); }
        } leave{m_connections, address};
        for (size_t served = 0; served < keep_alive_max_count_ && svr_sock_ != INVALID_SOCKET; ++served) {
          if (!c.next_request(served == 0 ? limits.head_ms : limits.idle_ms, served > 0)) break;
          const bool last = served + 1 == keep_alive_max_count_ || svr_sock_ == INVALID_SOCKET;
          bool closed = false;
          if (!process_request(c, last, closed, nullptr) || closed || last) break;
        }
      }
      if (ssl) SSL_shutdown(ssl.get());
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
  } catch (const std::bad_alloc&) {
    try {
      if (log) log("closed a connection: out of memory");
    } catch (const std::bad_alloc&) {
    }
  }
  ::shutdown(sock, SHUT_RDWR);
  ::close(sock);
  m_busy = --m_taken * 4 > threads * 3;
  return true;
}

void Server::Impl::routes() {
  page_routes();
  login_routes();
  api_routes();
  event_routes();
  room_routes();
  tournament_routes();
  // anything else
  http.Get(".*", [this](const Request& req, Response& res) {
    page_error(req, res, 404,
               text::tr("web.error.no_page", "there is no page {path}",
                        text::Message().text("path", clip(req.path, 80))));
  });
  http.Post(".*", [](const Request&, Response& res) { json_error(res, 404, "no such address"); });
}

Server::Server(Options options, DatabaseOpener open) : m(std::make_unique<Impl>(std::move(options), open)) {
  // a phone that goes away mid-answer must not end the server
  ::signal(SIGPIPE, SIG_IGN);
  std::string all;
  for (const auto& a : k_assets) {
    m->assets.emplace(std::string(a.name), &a);
    all += a.body;
  }
  m->asset_version = fnv_hex(all);
  // the scripts' messages in each language marque speaks (English: the scripts' own words)
  std::vector<std::pair<std::string, std::string>> said;
  for (const auto& a : k_assets)
    if (a.name.size() > 3 && a.name.substr(a.name.size() - 3) == ".js")
      for (auto& one : script_messages(a.body)) said.push_back(std::move(one));
  for (const auto& lang : text::languages())
    if (lang != "en") m->script_catalogues[lang] = script_catalogue(said, lang);
  auto& http = m->http;
  const size_t threads = m->opt.threads ? m->opt.threads : m->opt.max_streams + 64;
  http.new_task_queue = [threads] {
    // serving threads with stacks of 512 KB, not glibc's 8 MB each: 320 threads would reserve 2.5 GB of address
    // space (under `ulimit -v` the server must start and live); a route's regex recursion over the longest path
    // allowed (512 characters) stays far within it
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 512 << 10);
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
  if (!m->opt.tls_cert.empty() || !m->opt.tls_key.empty()) {
    if (m->opt.tls_cert.empty() || m->opt.tls_key.empty())
      throw Error(k_exit_usage, "--tls-cert and --tls-key go together: the certificate and its private key");
    http.tls.reset(SSL_CTX_new(TLS_server_method()));
    SSL_CTX* ctx = http.tls.get();
    if (!ctx) throw Error(k_exit_software, "cannot start TLS: " + tls_error());
    SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
    if (SSL_CTX_use_certificate_chain_file(ctx, m->opt.tls_cert.c_str()) != 1)
      throw Error(k_exit_noinput,
                  "--tls-cert " + m->opt.tls_cert + ": not a PEM certificate that can be read (" + tls_error() + ")");
    // the key is checked against the certificate as it is read: a key of another certificate says so
    if (SSL_CTX_use_PrivateKey_file(ctx, m->opt.tls_key.c_str(), SSL_FILETYPE_PEM) != 1 ||
        SSL_CTX_check_private_key(ctx) != 1) {
      const bool other = ERR_GET_REASON(ERR_peek_last_error()) == X509_R_KEY_VALUES_MISMATCH;
      const std::string why = tls_error();
      if (other)
        throw Error(k_exit_usage, "--tls-key " + m->opt.tls_key + ": not the private key of the certificate " +
                                      m->opt.tls_cert + " (" + why + ")");
      throw Error(k_exit_noinput,
                  "--tls-key " + m->opt.tls_key + ": not a PEM private key that can be read (" + why + ")");
    }
  }
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
       "worker-src 'self'; manifest-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"},
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
    // the language this request is answered in (its serving thread speaks it until the next request)
    // (the phone's own choice from the language menu, else the club's, else the browser's)
    const std::string chosen = text::language_of(m->cookie_of(req, Impl::k_language_cookie));
    text::set_language(!chosen.empty()        ? chosen
                       : !m->opt.lang.empty() ? m->opt.lang
                                              : text::language_from_accept(req.get_header_value("Accept-Language")));
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
    m->page_error(req, res, 421,
                  "refused: this server answers for this machine's own names and addresses only, not " +
                      clip(host, 80) + " (the Host header)");
    m->log("refused a request for the host " + clip(host, 80) + " (" + req.remote_addr + ")");
    return httplib::Server::HandlerResponse::Handled;
  });
  if (m->opt.port == 0) {
    m->port = http.bind_to_any_port(m->opt.host);
    if (m->port <= 0)
      throw Error(k_exit_unavailable,
                  "cannot listen on " + m->opt.host + " (no free port, or not an address of this machine)");
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
