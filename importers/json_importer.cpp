#include "importers/json_importer.hpp"

#include "core/diag.hpp"

namespace marque::importers {

nlohmann::json parse_json_text(const std::string& text, const std::string& name) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    std::string what = e.what();
    auto pos = what.find("parse error");
    Diagnostics d;
    d.error("", "file.json", "not valid JSON (" + (pos == std::string::npos ? what : what.substr(pos)) + ")");
    throw Rejected(d, name);
  }
}

}  // namespace marque::importers
