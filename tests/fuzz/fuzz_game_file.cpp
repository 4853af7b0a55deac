// libFuzzer target: any bytes as a marque-game/1 file through the whole rules pipeline (replay).
// Must never crash, hang or leak: a malformed file is a Diagnostics value, never an exception.
#include <cstddef>
#include <cstdint>

#include "rules/engine.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto doc = nlohmann::json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return 0;
  try {
    auto r = marque::rules::replay(doc);
    if (r.ok) (void)r.score.dump();
  } catch (const nlohmann::json::exception&) {
    // a JSON type error escaping an engine is a bug: let the fuzzer see it
    __builtin_trap();
  }
  return 0;
}
