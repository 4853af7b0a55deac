// libFuzzer target: the hand command-line parser of every game. The input is split into lines; the first
// byte picks the game, each further line is one key=value word, as `marque hand` would receive them.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "rules/engine.hpp"

namespace {
const char* k_setups[] = {
    R"({"players":["Ann","Ben","Cat","Dan"],"first_dealer":"Ann"})",
    R"({"seats":{"N":"Nina","E":"Emil","S":"Sara","W":"Will"},"first_dealer":"N"})",
    R"({"players":["A","B","C"],"first_dealer":"A"})",
    R"({"players":["A","B"],"first_dealer":"A"})",
    R"({"players":["A","B","C"],"first_dealer":"A"})",
};
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const auto& games = marque::rules::all_games();
  size_t which = data[0] % games.size();
  const auto* rules = games[which];
  std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  std::vector<std::pair<std::string, std::string>> kv;
  for (const auto& line : marque::rules::split_list(text, '\n')) {
    auto eq = line.find('=');
    if (eq == std::string::npos || eq == 0) continue;
    kv.emplace_back(line.substr(0, eq), line.substr(eq + 1));
  }
  marque::Diagnostics d;
  auto game = rules->start(nlohmann::json::parse(k_setups[which]), d);
  if (!game) return 0;
  try {
    auto rec = rules->record_from_args(kv, *game, d);
    if (d.has_errors()) return 0;
    marque::Diagnostics d2;
    (void)game->play_hand(rec, d2);
  } catch (const nlohmann::json::exception&) {
    __builtin_trap();
  }
  return 0;
}
