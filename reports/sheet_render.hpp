// The three renderings of a sheet model (core/sheet.hpp): the paper layout as text, an HTML fragment with real
// tables (inside reports/html_sheet's printable page), and JSON.
#pragma once

#include <string>

#include <nlohmann/json_fwd.hpp>

#include "core/sheet.hpp"

namespace marque::reports {

std::string sheet_text(const sheet::Sheet& s);
std::string sheet_html(const sheet::Sheet& s);  // <div class="sheet">...</div>
nlohmann::ordered_json sheet_json(const sheet::Sheet& s);

}  // namespace marque::reports
