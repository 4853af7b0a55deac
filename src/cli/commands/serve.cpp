// marque serve [--listen ADDR:PORT] [--code CODE]: the scoreboard and hand entry as web pages (src/web), from this
// database, until Ctrl-C (SIGINT) or SIGTERM.
#include <pthread.h>
#include <signal.h>

#include <iostream>
#include <mutex>
#include <thread>

#include "cli/common.hpp"
#include "web/guard.hpp"
#include "web/server.hpp"

namespace marque::cli::commands {

namespace {

// "127.0.0.1:8080", "0.0.0.0:0", "[::1]:8080" -> host and port
std::pair<std::string, int> parse_listen(const std::string& s) {
  auto bad = [&] {
    return Error(k_exit_usage, "--listen " + s + ": expected ADDRESS:PORT, e.g. 127.0.0.1:8080 or 0.0.0.0:8080 (port 0: a free one)");
  };
  size_t colon = s.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 == s.size()) throw bad();
  std::string host = s.substr(0, colon), port = s.substr(colon + 1);
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  if (port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos) throw bad();
  int p = std::stoi(port);
  if (p > 65535) throw bad();
  return {host, p};
}

bool every_interface(const std::string& host) { return host == "0.0.0.0" || host == "::"; }

}  // namespace

void add_serve(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    std::string listen = "127.0.0.1:8080", code;
  };
  auto o = std::make_shared<Options>();
  auto* c = app.add_subcommand("serve", "serve the scoreboard and hand entry to the phones at the tables (a web server)");
  c->add_option("--listen", o->listen,
                "ADDRESS:PORT to listen on (default 127.0.0.1:8080: this machine only; 0.0.0.0:8080: the phones on the "
                "network; port 0: a free one)");
  c->add_option("--code", o->code, "the night's write code (default: 6 random digits, printed at start)");
  c->footer(
      "Watching needs nothing; entering hands needs the write code, typed once on each device that scores.\n"
      "Examples:\n  marque serve\n  marque serve --listen 0.0.0.0:8080");
  out.push_back({c, [o, &ctx] {
    auto [host, port] = parse_listen(o->listen);
    std::string code = o->code.empty() ? web::random_code(6) : o->code;
    if (code.size() < 4 || code.size() > 64 || code.find_first_of(" \t\r\n") != std::string::npos)
      throw Error(k_exit_usage, "--code: 4 to 64 characters without spaces");
    check_utf8("--code", code);
    ctx.open(true);  // the database opens (created or upgraded) before anything is served: its errors are the CLI's
    // SIGINT and SIGTERM go to the watcher below only (blocked here, before any thread starts)
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

    std::mutex log_mutex;
    web::Options opt;
    opt.host = host;
    opt.port = port;
    opt.code = code;
    if (!ctx.quiet)
      opt.log = [&log_mutex](const std::string& line) {
        std::lock_guard lock(log_mutex);
        std::cerr << line << std::endl;
      };
    web::Server server(opt, [&ctx] { return ctx.open(true); });
    const std::string port_text = std::to_string(server.port());
    {
      std::lock_guard lock(log_mutex);
      std::string shown = host.find(':') != std::string::npos ? "[" + host + "]" : host;
      std::cout << "marque serve: listening on http://" << shown << ":" << port_text << "/\n";
      if (every_interface(host)) {
        auto lan = web::lan_addresses();
        if (lan.empty()) {
          std::cout << "no network address found: is this machine on the network?\n";
        } else {
          std::string url = "http://" + lan.front() + ":" + port_text + "/";
          std::cout << "open on a phone: " << url << "\n" << web::qr_text(url);
          for (size_t i = 1; i < lan.size(); ++i) std::cout << "            or: http://" << lan[i] << ":" << port_text << "/\n";
        }
      } else if (host == "127.0.0.1" || host == "localhost" || host == "::1") {
        std::cout << "(this machine only: --listen 0.0.0.0:" << port_text << " serves the phones on the network)\n";
      }
      std::cout << "write code for tonight: " << code << "  (typed once on each device that enters hands; watching needs none)\n"
                << "Ctrl-C stops the server.\n"
                << std::flush;
    }
    std::thread watcher([&server, stop_signals] {
      int sig = 0;
      sigwait(&stop_signals, &sig);
      server.stop();
    });
    server.run();
    // stopped by a signal (the watcher is done) or by the server itself: wake the watcher either way
    pthread_kill(watcher.native_handle(), SIGTERM);
    watcher.join();
    std::lock_guard lock(log_mutex);
    std::cout << "marque serve: stopped\n" << std::flush;
    return 0;
  }});
}

}  // namespace marque::cli::commands
