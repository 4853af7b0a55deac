// `marque serve`, the part after its options are checked (cli/commands/serve.cpp). Two implementations, one per
// program: in `marque`, exec.cpp hands the same command line to the helper program marque-serve; in marque-serve,
// run.cpp runs the web server. The web server's libraries (cpp-httplib with OpenSSL, brotli and zlib; libqrencode)
// cost every process about 5 ms to load: only marque-serve links them.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "app/app.hpp"

namespace marque::cli::serve {

struct Request {
  std::string host;
  int port = 8080;
  std::string code;                     // "": eight random digits
  std::string tls_cert, tls_key;        // PEM files: HTTPS; "": plain HTTP
  bool quiet = false;                   // -q: no request log
  std::string lang;                     // the club's language (--lang, the config's lang); "": each browser's own
  std::vector<std::string> argv;        // the command line as typed (handed to the helper)
  std::function<app::Database()> open;  // the command line's database, opened for writing
  size_t streams = 256;                 // --streams: event streams open at once (a page each)
};

// Serves until SIGINT or SIGTERM (the helper), or replaces this process with the helper (marque); the exit code.
// Neither file sees CLI11 (the command line's biggest compile cost).
int run(const Request& request);

}  // namespace marque::cli::serve
