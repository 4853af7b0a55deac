// marque serve [--listen ADDR:PORT] [--code CODE] [--tls-cert FILE --tls-key FILE]: the scoreboard and hand entry as web pages (src/web), from this
// database, until Ctrl-C (SIGINT) or SIGTERM. The options are checked here; the server itself runs in the helper
// program marque-serve (cli/serve/), so that no other command loads the web server's libraries.
#include <unistd.h>

#include "cli/common.hpp"
#include "cli/serve/serve.hpp"
#include "core/language.hpp"

namespace marque::cli::commands {

namespace {

// "127.0.0.1:8080", "0.0.0.0:0", "[::1]:8080" -> host and port
std::pair<std::string, int> parse_listen(const std::string& s) {
  auto bad = [&] {
    return Error(k_exit_usage,
                 "--listen " + s + ": expected ADDRESS:PORT, e.g. 127.0.0.1:8080 or 0.0.0.0:8080 (port 0: a free one)");
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

}  // namespace

CommandRecord add_serve(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    std::string listen = "127.0.0.1:8080", code, tls_cert, tls_key;
    size_t streams = 256;
  };
  auto o = std::make_shared<Options>();
  auto* c = app.add_subcommand(
      "serve",
      text::tr("help.serve", "serve the scoreboard and hand entry to the phones at the tables (a web server)"));
  c->add_option(
      "--listen", o->listen,
      text::tr("help.serve.listen",
               "ADDRESS:PORT to listen on (default 127.0.0.1:8080: this machine only; 0.0.0.0:8080: the phones on the "
               "network; port 0: a free one)"));
  c->add_option("--code", o->code,
                text::tr("help.serve.code", "the night's write code (default: 8 random digits, printed at start)"));
  c->add_option(
      "--tls-cert", o->tls_cert,
      text::tr("help.serve.tls_cert",
               "serve HTTPS with this certificate (a PEM file, its chain after it): a phone then keeps the pages for "
               "when the network drops"));
  c->add_option("--tls-key", o->tls_key,
                text::tr("help.serve.tls_key", "the certificate's private key (a PEM file), with --tls-cert"));
  c->add_option("--streams", o->streams,
                text::tr("help.serve.streams",
                         "pages watching at once, each with its event stream (default 256; 4 from one device)"))
      ->check(CLI::Range(size_t{1}, size_t{4096}));
  c->footer(
      text::tr("help.serve.footer",
               "Watching needs nothing; entering hands needs the write code, typed once on each device that scores.\n"
               "Examples:\n  marque serve\n  marque serve --listen 0.0.0.0:8080\n"
               "  marque serve --listen 0.0.0.0:8443 --tls-cert club.pem --tls-key club.key"));
  out.push_back({c, [o, &ctx] {
                   auto [host, port] = parse_listen(o->listen);
                   if (!o->code.empty() && (o->code.size() < 4 || o->code.size() > 64 ||
                                            o->code.find_first_of(" \t\r\n") != std::string::npos))
                     throw Error(k_exit_usage, "--code: 4 to 64 characters without spaces");
                   check_utf8("--code", o->code);
                   if (o->tls_cert.empty() != o->tls_key.empty())
                     throw Error(k_exit_usage, std::string(o->tls_cert.empty() ? "--tls-key" : "--tls-cert") +
                                                   ": give both --tls-cert FILE and --tls-key FILE (the certificate "
                                                   "and its private key), or neither");
                   auto readable = [](const char* option, const std::string& file) {
                     if (!file.empty() && ::access(file.c_str(), R_OK) != 0)
                       throw Error(k_exit_noinput, std::string(option) + " " + file + ": cannot read this file");
                   };
                   readable("--tls-cert", o->tls_cert);
                   readable("--tls-key", o->tls_key);
                   return serve::run({host, port, o->code, o->tls_cert, o->tls_key, ctx.quiet, club_language(ctx),
                                      ctx.argv, [&ctx] { return ctx.open(true); }, o->streams});
                 }});
  return {"serve", true};
}

}  // namespace marque::cli::commands
