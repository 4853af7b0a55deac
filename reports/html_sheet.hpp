// The printable page of score sheets: ONE self-contained HTML file (inline CSS for A4 print, inline SVG charts) for
// one game or a night (a summary, then each game). Each game's traditional sheet is drawn as real tables from its
// sheet model (core/sheet.hpp) and always fits the paper: portrait A4 when it does, else a smaller type or
// landscape, and a table too wide even then is split by columns with the hand numbers repeated. The fitting is
// decided here from the text's width in the page's font (Liberation Sans / Arial metrics), so a converter without
// scripts (weasyprint) prints the same. Pure: no SQLite, no rules.
#pragma once

#include <string>
#include <string_view>

#include "core/sheet.hpp"
#include "reports/sheet_render.hpp"

namespace marque::reports {

std::string html_escape(const std::string& s);
// Width of `s` in em of the page's font (an upper estimate for characters outside its metrics table).
double text_em(std::string_view s, bool bold = false);
// A length or coordinate for CSS and SVG: one decimal at most, none when whole ("12", "3.5").
std::string css_number(double v);
// Inline SVG line chart of a sheet's running totals, `width` CSS px wide: the zero line, the sheet's levels
// (target, rubicon), hand numbers on the axis, each series' name and final total at its end (never overlapping).
// `style`: what the series are, what a step along them is, whether the value axis takes in zero (sheet_render.hpp).
std::string svg_chart(const sheet::Sheet& s, double width = 700, const ChartStyle& style = {});
std::string render_html(const sheet::Document& doc);
// The parts of the printable page, for a page that shows sheets among other things (marque site): its style sheet
// (A4 sections on a grey screen) and its sections (a night's summary, then each game's sheet with its chart).
std::string sheet_css();
// titled = false: a night's summary without the night's title (a page that has its own, the club's website).
std::string sheet_sections(const sheet::Document& doc, bool titled = true);

}  // namespace marque::reports
