// `marque serve` in the helper program marque-serve: the web server (src/web, cpp-httplib and libqrencode) on
// the database of the command line, until SIGINT or SIGTERM. Only this program links the web server: the other
// commands start without loading its libraries (OpenSSL, brotli, zlib come with Debian's cpp-httplib).
#include <malloc.h>
#include <pthread.h>
#include <signal.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <iostream>
#include <mutex>
#include <thread>

#include "cli/serve/serve.hpp"
#include "core/language.hpp"
#include "core/text.hpp"
#include "web/guard.hpp"
#include "web/server.hpp"

namespace marque::cli::serve {

namespace {

bool every_interface(const std::string& host) { return host == "0.0.0.0" || host == "::"; }

}  // namespace

int run(const Request& request) {
  // glibc gives each thread that allocates at once an arena of its own, 64 MB of address space each: 192 serving
  // threads could reserve gigabytes and, under a limit on the address space (ulimit -v), a flood of requests would
  // make an allocation fail; a few arenas shared by all keep the server's address space what it needs
  mallopt(M_ARENA_MAX, 4);
  const std::string& host = request.host;
  const int port = request.port;
  // 8 random digits: at the one wrong code a minute the server allows once guessing has begun, trying them all
  // takes 190 years (README)
  std::string code = request.code.empty() ? web::random_code(8) : request.code;
  request.open();  // the database opens (created or upgraded) before anything is served: its errors are the CLI's
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
  opt.tls_cert = request.tls_cert;
  opt.tls_key = request.tls_key;
  opt.lang = request.lang;
  opt.max_streams = request.streams;
  if (!request.quiet)
    opt.log = [&log_mutex](const std::string& line) {
      std::lock_guard lock(log_mutex);
      std::cerr << line << std::endl;
    };
  // wrong write codes are shown even with -q: the scorer must see a guessing attack
  opt.alert = [&log_mutex](const std::string& line) {
    std::lock_guard lock(log_mutex);
    std::cerr << line << std::endl;
  };
  web::Server server(opt, request.open);
  const std::string port_text = std::to_string(server.port());
  const std::string scheme = request.tls_cert.empty() ? "http://" : "https://";
  {
    std::lock_guard lock(log_mutex);
    std::string shown = host.find(':') != std::string::npos ? "[" + host + "]" : host;
    std::cout << text::tr("cli.serve.listening", "marque serve: listening on {url}",
                          text::Message().text("url", scheme + shown + ":" + port_text + "/"))
              << "\n";
    if (every_interface(host)) {
      auto lan = web::lan_addresses();
      if (lan.empty()) {
        std::cout << text::tr("cli.serve.no_address", "no network address found: is this machine on the network?")
                  << "\n";
      } else {
        std::string url = scheme + lan.front() + ":" + port_text + "/";
        const std::string open = text::tr("cli.serve.open_on_phone", "open on a phone: "),
                          other = text::tr("cli.serve.or", "or: ");
        std::cout << open << url << "\n" << web::qr_text(url);
        // the other addresses under the first (the labels right-aligned: "open on a phone: ", "            or: ")
        for (size_t i = 1; i < lan.size(); ++i)
          std::cout << text::pad_left(other, text::display_width(open)) << scheme << lan[i] << ":" << port_text
                    << "/\n";
      }
    } else if (host == "127.0.0.1" || host == "localhost" || host == "::1") {
      std::cout << text::tr("cli.serve.this_machine",
                            "(this machine only: --listen 0.0.0.0:{port} serves the phones on the network)",
                            text::Message().text("port", port_text))
                << "\n";
    }
    // a code of 8 digits is shown in two groups of four (the login takes it with or without the space)
    const std::string shown_code = request.code.empty() ? code.substr(0, 4) + " " + code.substr(4) : code;
    // a chosen code of few digits can be guessed: at the one try a minute left to a guesser, 10^n minutes
    if (!request.code.empty() && code.size() < 8 && code.find_first_not_of("0123456789") == std::string::npos) {
      const double minutes = std::pow(10.0, static_cast<double>(code.size()));
      const bool days = minutes < 2 * 525960;
      std::cout << text::tr("cli.serve.short_code",
                            "note: a code of {digits} digits can be guessed within {n} {unit, select, days {days} "
                            "other {years}} at one try a minute; the default 8 digits need 190 years",
                            text::Message()
                                .number("digits", static_cast<int64_t>(code.size()))
                                .number("n", static_cast<int64_t>(days ? minutes / 1440 : minutes / 525960))
                                .text("unit", days ? "days" : "years"))
                << "\n";
    }
    std::cout << text::tr("cli.serve.write_code",
                          "write code for tonight: {code}  (typed once on each device that enters hands; watching "
                          "needs none)",
                          text::Message().text("code", shown_code))
              << "\n"
              << text::tr("cli.serve.stop", "Ctrl-C stops the server.") << "\n"
              << std::flush;
  }
  // A stop asked before the server listens is lost (cpp-httplib's stop() acts on a running server only): a signal
  // that came early, while the server was still starting, is asked again until run() has returned.
  std::atomic<bool> ran{false};
  std::thread watcher([&server, &ran, stop_signals] {
    int sig = 0;
    sigwait(&stop_signals, &sig);
    while (!ran) {
      server.stop();
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
  });
  server.run();
  ran = true;
  // stopped by a signal (the watcher is done) or by the server itself: wake the watcher either way
  pthread_kill(watcher.native_handle(), SIGTERM);
  watcher.join();
  std::lock_guard lock(log_mutex);
  std::cout << text::tr("cli.serve.stopped", "marque serve: stopped") << "\n" << std::flush;
  return 0;
}

}  // namespace marque::cli::serve
