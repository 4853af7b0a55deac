// libFuzzer target: any bytes as a marque-game/1 file through the whole rules pipeline (replay).
// Must never crash, hang or leak: a malformed file is a Diagnostics value, never an exception.
#include <cstddef>
#include <cstdint>

#include <string>

#include "importers/json_importer.hpp"
#include "rules/engine.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // through marque's own reader, as every input file goes (depth, duplicate keys, number ranges)
  nlohmann::json doc;
  try {
    doc = marque::importers::parse_json_text(std::string(reinterpret_cast<const char*>(data), size), "fuzz.json");
  } catch (const marque::Rejected&) {
    return 0;
  }
  try {
    auto r = marque::rules::replay(doc);
    if (r.ok) (void)r.score.dump();
  } catch (const nlohmann::json::exception&) {
    // a JSON type error escaping an engine is a bug: let the fuzzer see it
    __builtin_trap();
  }
  return 0;
}
