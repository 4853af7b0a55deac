// `marque serve`: the scoreboard and hand entry as web pages on the local network, from the same database and the
// same use cases as the command line (src/app). The only code that sees cpp-httplib (server.cpp); it calls app::
// use cases and renders with web/pages, never storage. Every page and asset is inside the binary.
//
// Who may write: watching needs nothing; a write needs the night's write code, entered once per device (a session
// cookie: HttpOnly, SameSite=Strict), a CSRF token from the page on every write, and a request from the page's own
// origin (Origin or Referer). Writes and code attempts per client are rate-limited, wrong codes make the next
// attempts wait (per network and for everyone, before the code is compared), and every answer carries a
// Content-Security-Policy without inline script, nosniff, a referrer policy and frame-ancestors 'none'.
//
// From outside (issue 30): only requests for this machine's own names (Host) are served; each request is read whole
// within limits (16 KB of headers, 64 of them, 64 KB of body, chunked or not) and deadlines before it is handled;
// one client address holds at most `connections_per_address` connections and `streams_per_address` event streams.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "app/app.hpp"

namespace marque::web {

struct Options {
  std::string host = "127.0.0.1";       // the address to listen on ("0.0.0.0": every interface)
  int port = 8080;                      // 0: a free port (Server::port() tells which)
  std::string code;                     // the night's write code
  std::string tls_cert, tls_key;        // PEM files: HTTPS (both given), else plain HTTP
  size_t threads = 0;                   // connections served at once, an event stream holds one (0: max_streams + 64)
  size_t max_streams = 256;             // event streams open at once (more are refused, the page retries)
  size_t streams_per_address = 4;       // event streams from one client address (one more ends its oldest)
  size_t connections_per_address = 24;  // connections open at once from one client address
  size_t max_body = 64 * 1024;          // bytes of a request body
  double writes_per_second = 5, write_burst = 20;  // per scorer's session
  // how often the watcher asks SQLite whether another connection (another process) committed (data_version)
  int poll_ms = 10;
  // the log of requests (one line each, for the terminal); empty: none
  std::function<void(const std::string&)> log;
  // what the scorer must see even without the log (wrong write codes); empty: none
  std::function<void(const std::string&)> alert;
  // the club's language (en, fr, hu, el); "": each request in its browser's Accept-Language
  std::string lang;
};

// Opens the database (one connection per serving thread that needs one).
using DatabaseOpener = std::function<app::Database()>;

class Server {
public:
  // Binds the address at once: throws Error (exit 69) when it cannot.
  Server(Options options, DatabaseOpener open);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  int port() const;
  // Serves until stop(); the database poller runs meanwhile.
  void run();
  // From any thread (a signal watcher): open event streams end, the requests under way finish, run() returns.
  void stop();

private:
  struct Impl;
  std::unique_ptr<Impl> m;
};

// The IPv4 addresses of this machine's interfaces that are up, other than loopback ("192.168.1.23").
std::vector<std::string> lan_addresses();
// The names a request's Host may give for this machine: every address of its interfaces that are up (IPv4 and
// IPv6, loopback too), "localhost", its host name and that name in ".local" (mDNS), lower case.
std::vector<std::string> own_host_names();
// Whether a Host header names this server: `name[:port]` or `[v6]:port`, the name one of `names` (case aside, a
// final dot aside), the port `port` (no port: 80).
bool host_is_ours(const std::string& host, const std::vector<std::string>& names, int port);
// `text` as a QR code drawn with Unicode half blocks (two rows of modules a line), light modules as blocks: for a
// terminal with a dark background (a light one shows it inverted, which most phone cameras read too).
std::string qr_text(const std::string& text);

}  // namespace marque::web
