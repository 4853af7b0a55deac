// Libraries loaded when first needed (core/plugin.hpp).
#include "core/plugin.hpp"

#include <dlfcn.h>

#include <filesystem>
#include <map>
#include <mutex>
#include <system_error>

#include "core/diag.hpp"

namespace marque::plugin {

namespace {

std::mutex g_mutex;

// dlopen's handle of `path`, opened once (never closed: the functions handed out stay valid); "" + what went wrong
void* open(const std::string& path, std::string& problem) {
  static std::map<std::string, void*> opened;
  if (auto it = opened.find(path); it != opened.end()) return it->second;
  void* h = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    const char* e = ::dlerror();
    problem = e ? e : path;
    return nullptr;
  }
  opened.emplace(path, h);
  return h;
}

void* find(void* handle, const std::string& where, const char* symbol) {
  ::dlerror();
  void* f = ::dlsym(handle, symbol);
  if (!f) throw Error(k_exit_unavailable, "cannot find " + std::string(symbol) + " in " + where);
  return f;
}

}  // namespace

void* marque_function(const std::string& file, const char* symbol) {
  namespace fs = std::filesystem;
  std::lock_guard<std::mutex> lock(g_mutex);
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec)
    throw Error(k_exit_unavailable,
                "cannot load " + file + ": cannot find this program's folder (/proc/self/exe: " + ec.message() + ")");
  const fs::path dir = self.parent_path();
  std::string looked;
  for (const fs::path& p : {dir / "plugins" / file, dir.parent_path() / "lib" / "marque" / "plugins" / file,
                            dir.parent_path() / "plugins" / file}) {
    if (!fs::exists(p, ec)) {
      looked += (looked.empty() ? "" : ", ") + p.string();
      continue;
    }
    std::string problem;
    void* h = open(p.string(), problem);
    if (!h) throw Error(k_exit_unavailable, "cannot load " + p.string() + ": " + problem);
    return find(h, p.string(), symbol);
  }
  throw Error(k_exit_unavailable, "marque's library " + file + " is not installed (looked for " + looked + ")",
              "in a build folder: cmake --build build; or install the package");
}

void* system_function(const std::string& soname, const char* symbol) {
  std::lock_guard<std::mutex> lock(g_mutex);
  std::string problem;
  void* h = open(soname, problem);
  if (!h) throw Error(k_exit_unavailable, "cannot load " + soname + ": " + problem);
  return find(h, soname, symbol);
}

}  // namespace marque::plugin
