// Importers only extract: they turn a file's bytes into marque-game/1 documents with provenance.
// Validation, scoring and writing happen in the shared pipeline (app::import_documents).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace marque::importers {

// Parse a marque-game/1 (or any JSON) text; a malformed text is a Rejected naming the file and the
// position ("not valid JSON (parse error at line 3, column 5: ...)").
nlohmann::json parse_json_text(const std::string& text, const std::string& name);

}  // namespace marque::importers
