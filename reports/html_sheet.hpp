// Printable HTML score sheets: ONE self-contained file (inline CSS for A4 print, inline SVG chart of the
// running totals) for one game or a whole night. Pure: built from score documents, no SQLite, no rules.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/sheet.hpp"

namespace marque::reports {

struct SheetPart {
  std::string heading;        // "Game 3 — " and the game's title
  std::string subheading;     // "2026-11-20 · Café du Coin · Thursday club"
  sheet::Sheet sheet;         // the game's traditional sheet (core/sheet.hpp), drawn as HTML tables
  std::string corrections;    // the corrections under it (text lines)
  nlohmann::ordered_json score;  // marque-score/1
};

std::string html_escape(const std::string& s);
// Inline SVG line chart of the sheet's chart series (running totals per player or team).
std::string svg_chart(const std::vector<sheet::Series>& series);
std::string render_html(const std::string& title, const std::vector<SheetPart>& parts);

}  // namespace marque::reports
