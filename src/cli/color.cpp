#include "cli/color.hpp"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string_view>

#include "cli/output.hpp"
#include "core/escape.hpp"

namespace marque::cli {

namespace {

constexpr const char* k_green = "\x1b[32m";
constexpr const char* k_red = "\x1b[31m";
constexpr const char* k_bold = "\x1b[1m";
constexpr const char* k_reset = "\x1b[0m";

}  // namespace

bool color_enabled() {
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color && *no_color) return false;
  const char* term = std::getenv("TERM");
  if (term && std::strcmp(term, "dumb") == 0) return false;
  return isatty(STDOUT_FILENO) == 1;
}

void print_styled(const reports::Styled& styled) {
  if (!color_enabled()) {
    std::cout << styled.text;
    return;
  }
  // the text is escaped for the terminal (a name's control characters shown, never obeyed), its spans coloured
  escape::TerminalFilter filter;
  std::string out;
  const std::string_view text = styled.text;
  size_t at = 0;
  auto plain = [&](size_t to) {
    filter.feed(text.substr(at, to - at), out);
    filter.finish(out);
    at = to;
  };
  for (const auto& span : styled.spans) {
    if (span.begin < at || span.end < span.begin || span.end > text.size()) continue;
    plain(span.begin);
    out += span.role == reports::Styled::Role::made     ? k_green
           : span.role == reports::Styled::Role::failed ? k_red
                                                        : k_bold;
    plain(span.end);
    out += k_reset;
  }
  plain(text.size());
  write_stdout(out);
}

}  // namespace marque::cli
