// `marque serve` in the marque program: the same command line, run by the helper program marque-serve, which is
// marque with the web server linked in. Looked for beside this program (the build folder), then in
// ../lib/marque/ (installed: /usr/bin/marque and /usr/lib/marque/marque-serve).
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <system_error>

#include "cli/serve/serve.hpp"
#include "core/diag.hpp"

namespace marque::cli::serve {

int run(const Request& request) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec)
    throw Error(k_exit_unavailable,
                "marque serve: cannot find this program's folder (/proc/self/exe: " + ec.message() + ")");
  const fs::path candidates[] = {self.parent_path() / "marque-serve",
                                 self.parent_path().parent_path() / "lib" / "marque" / "marque-serve"};
  std::vector<char*> argv;
  for (const auto& a : request.argv) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::string looked;
  for (const auto& helper : candidates) {
    if (::access(helper.c_str(), X_OK) != 0) {
      looked += (looked.empty() ? "" : ", ") + helper.string();
      continue;
    }
    std::cout.flush();
    std::cerr.flush();
    ::execv(helper.c_str(), argv.data());
    throw Error(k_exit_unavailable, "marque serve: cannot run " + helper.string() + ": " + std::strerror(errno));
  }
  throw Error(k_exit_unavailable,
              "marque serve: the web server program marque-serve is not installed (looked for " + looked + ")",
              "in a build folder: cmake --build build --target marque-serve; or install the package");
}

}  // namespace marque::cli::serve
