// libFuzzer target: any bytes as a CSV spreadsheet through the CSV importer (RFC 4180 reader, set-up and
// hand columns, every game's command-line syntax). A bad file is a Rejected with a message, never a crash.
#include <cstddef>
#include <cstdint>
#include <string>

#include "importers/csv_importer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    (void)marque::importers::import_csv(text, "fuzz.csv");
  } catch (const marque::Rejected&) {
  } catch (const nlohmann::json::exception&) {
    __builtin_trap();
  }
  return 0;
}
