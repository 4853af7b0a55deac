// A library a few commands need, loaded when one of them first needs it (dlopen) rather than at every start: each
// shared library a program links costs every run its loading, its relocations and its constructors (Boost.Locale
// about 1 ms; docs/measurements.md, session 16). marque's own plugins (src/plugins/) are looked for in plugins/
// beside the program (the build folder; the installed marque-serve's /usr/lib/marque/plugins/), in
// ../lib/marque/plugins/ (the installed /usr/bin/marque) and in ../plugins/ (the tests' programs in build/tests/); a
// system library by its soname, where the loader looks.
#pragma once

#include <string>

namespace marque::plugin {

// The function `symbol` of marque's plugin `file` ("marque-locale.so"), loaded once for the program's life (the
// pointer stays valid). Throws Error(k_exit_unavailable) naming where it looked when the plugin or the symbol is
// missing.
void* marque_function(const std::string& file, const char* symbol);
// The function `symbol` of the system library `soname` ("libqrencode.so.4"); the same errors.
void* system_function(const std::string& soname, const char* symbol);

// Typed: plugin::marque<int (*)(const char*)>("marque-x.so", "marque_x")
template <typename F>
F marque(const std::string& file, const char* symbol) {
  return reinterpret_cast<F>(marque_function(file, symbol));
}
template <typename F>
F system(const std::string& soname, const char* symbol) {
  return reinterpret_cast<F>(system_function(soname, symbol));
}

}  // namespace marque::plugin
