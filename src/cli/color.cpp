#include "cli/color.hpp"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <iostream>

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

void print_hand_outcome(const std::string& text, const app::HandOutcome& o) {
  if (!color_enabled()) {
    std::cout << text;
    return;
  }
  std::optional<bool> made;
  if (const auto* gr = rules::find_game(o.game); gr && o.entry.is_object() && o.score.contains("players")) {
    std::vector<std::string> players;
    for (const auto& p : o.score["players"])
      if (p.is_string()) players.push_back(p.get<std::string>());
    made = gr->hand_facts(nlohmann::json::object(), nlohmann::json::parse(o.entry.dump()), players).made;
  }
  // the text is escaped for the terminal first (a name's control characters shown, never obeyed), then coloured
  const std::string safe = escape::terminal(text);
  std::string out;
  size_t at = 0;
  bool first = true;
  while (at < safe.size()) {
    size_t nl = safe.find('\n', at);
    std::string line = safe.substr(at, nl == std::string::npos ? std::string::npos : nl - at);
    at = nl == std::string::npos ? safe.size() : nl + 1;
    if (first && made && !o.words.empty()) {
      // "game 3 · GAME · hand 2 recorded: Ben's garde made by 9": the words after the first ": "
      size_t colon = line.find(": ");
      if (colon != std::string::npos) line = line.substr(0, colon + 2) + (*made ? k_green : k_red) + line.substr(colon + 2) + k_reset;
    } else if (line.rfind("  totals: ", 0) == 0 || line.rfind("  Nous / Eux: ", 0) == 0) {
      size_t colon = line.find(": ");
      line = line.substr(0, colon + 2) + k_bold + line.substr(colon + 2) + k_reset;
    }
    first = false;
    out += line;
    if (nl != std::string::npos) out += "\n";
  }
  write_stdout(out);
}

}  // namespace marque::cli
