// The renderings of a sheet model (core/sheet.hpp) other than the printable page (reports/html_sheet): the paper
// layout as text, a small text chart of the running totals, and JSON.
#pragma once

#include <string>

#include <nlohmann/json_fwd.hpp>

#include "core/sheet.hpp"

namespace marque::reports {

std::string sheet_text(const sheet::Sheet& s);
// How a chart is labelled: what its series are ("running totals", "rating"), what one step along it is ("hand",
// "game"), and whether the value axis always takes in zero (running totals do; a rating around 1500 does not,
// and draws no zero line).
struct ChartStyle {
  std::string what;  // "" = "running totals" in the reader's language
  std::string step;  // "" = "hand" in the reader's language
  bool zero = true;
};
// What a chart's series are and what one step along it is, as the style says or in the reader's language.
std::string chart_what(const ChartStyle& style);
std::string chart_step(const ChartStyle& style);
// The running totals as a text chart for a terminal (`marque sheet --chart`): one mark per series, the zero line,
// the chart's levels, hand numbers under it and a legend with each final total; "" when there is nothing to draw.
std::string chart_text(const sheet::Sheet& s, int width = 60, int height = 12, const ChartStyle& style = {});
nlohmann::ordered_json sheet_json(const sheet::Sheet& s);

// The text of a document of sheets (one game or a night): each game's heading, its sheet, its corrections and,
// with `chart`, its text chart.
std::string document_text(const sheet::Document& d, bool chart = false);
// A night's summary of one game: its winner ("Thierry", "Sophie & Nadine", "Ann, Ben (tie)") and its final totals
// in place order ("Thierry 359 · Sophie 203").
std::string winner_text(const sheet::Part& p);
std::string totals_text(const sheet::Part& p);
// marque-sheet/1 of one part (with its game, heading, subheading and corrections); a night: marque-sheets/1.
nlohmann::ordered_json document_json(const sheet::Document& d);

}  // namespace marque::reports
