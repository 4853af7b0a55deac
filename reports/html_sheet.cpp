#include "reports/html_sheet.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/escape.hpp"
#include "reports/sheet_render.hpp"
#include "reports/text_table.hpp"

namespace marque::reports {

using ojson = nlohmann::ordered_json;

std::string html_escape(const std::string& s) { return escape::html(s); }

namespace {

std::string fmt(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

}  // namespace

std::string svg_chart(const std::vector<sheet::Series>& series) {
  if (series.empty() || series[0].points.size() < 2) return "";
  const double w = 640, h = 220, left = 50, right = 110, top = 10, bottom = 25;
  double lo = 0, hi = 0;
  for (const auto& s : series)
    for (double v : s.points) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  if (hi - lo < 1e-9) hi = lo + 1;
  size_t n = series[0].points.size() - 1;
  auto x = [&](size_t i) { return left + (w - left - right) * static_cast<double>(i) / static_cast<double>(std::max<size_t>(n, 1)); };
  auto y = [&](double v) { return top + (h - top - bottom) * (hi - v) / (hi - lo); };
  static const char* dashes[] = {"", "6 3", "2 2", "8 3 2 3", "1 3", "10 4"};
  std::string out = "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + fmt(w) + " " + fmt(h) +
                    "\" role=\"img\" aria-label=\"running totals\">\n";
  out += "<line x1=\"" + fmt(left) + "\" y1=\"" + fmt(y(0)) + "\" x2=\"" + fmt(w - right) + "\" y2=\"" + fmt(y(0)) +
         "\" stroke=\"#999\" stroke-width=\"1\"/>\n";
  out += "<text x=\"" + fmt(left - 4) + "\" y=\"" + fmt(y(hi) + 4) + "\" text-anchor=\"end\" font-size=\"10\">" +
         html_escape(format_number(hi)) + "</text>\n";
  out += "<text x=\"" + fmt(left - 4) + "\" y=\"" + fmt(y(lo)) + "\" text-anchor=\"end\" font-size=\"10\">" +
         html_escape(format_number(lo)) + "</text>\n";
  out += "<text x=\"" + fmt(w - right) + "\" y=\"" + fmt(h - 8) + "\" text-anchor=\"end\" font-size=\"10\">hand " +
         std::to_string(n) + "</text>\n";
  for (size_t k = 0; k < series.size(); ++k) {
    const auto& s = series[k];
    std::string pts;
    for (size_t i = 0; i < s.points.size(); ++i) pts += (i ? " " : "") + fmt(x(i)) + "," + fmt(y(s.points[i]));
    std::string gray = std::to_string(static_cast<int>(k * 40 % 160));
    out += "<polyline fill=\"none\" stroke=\"rgb(" + gray + "," + gray + "," + gray + ")\" stroke-width=\"2\"" +
           (dashes[k % 6][0] ? std::string(" stroke-dasharray=\"") + dashes[k % 6] + "\"" : std::string()) +
           " points=\"" + pts + "\"/>\n";
    out += "<text x=\"" + fmt(w - right + 6) + "\" y=\"" + fmt(y(s.points.back()) + 4 + 0.0 * static_cast<double>(k)) +
           "\" font-size=\"11\">" + html_escape(s.name) + " " + html_escape(format_number(s.points.back())) + "</text>\n";
  }
  out += "</svg>\n";
  return out;
}

namespace {

std::string totals_table(const ojson& score) {
  bool teams = score.contains("team_totals");
  std::vector<std::string> cols;
  if (teams)
    cols = {"NS", "EW"};
  else
    for (const auto& p : score["players"]) cols.push_back(p.get<std::string>());
  std::string out = "<table class=\"grid\">\n<thead><tr><th>#</th>";
  for (const auto& c : cols) out += "<th>" + html_escape(c) + "</th>";
  out += "</tr></thead>\n<tbody>\n";
  for (const auto& h : score["hands"]) {
    out += "<tr><td>" + std::to_string(h.value("seq", 0)) + "</td>";
    const auto& d = teams ? h.value("team_deltas", ojson::object()) : h.value("deltas", ojson::object());
    const auto& t = teams ? h.value("team_totals", ojson::object()) : h.value("totals", ojson::object());
    for (const auto& c : cols) {
      double dv = d.contains(c) && d[c].is_number() ? d[c].get<double>() : 0.0;
      double tv = t.contains(c) && t[c].is_number() ? t[c].get<double>() : 0.0;
      out += "<td><span class=\"d\">" + html_escape(format_signed(dv)) + "</span> " + html_escape(format_number(tv)) + "</td>";
    }
    out += "</tr>\n";
  }
  out += "</tbody>\n<tfoot><tr class=\"total\"><td>Total</td>";
  const auto& tot = teams ? score["team_totals"] : score["totals"];
  for (const auto& c : cols)
    out += "<td>" + html_escape(format_number(tot.contains(c) && tot[c].is_number() ? tot[c].get<double>() : 0.0)) + "</td>";
  out += "</tr></tfoot>\n</table>\n";
  return out;
}

constexpr const char* k_css = R"css(
@page { size: A4; margin: 14mm; }
body { font-family: "DejaVu Sans", Arial, sans-serif; color: #000; background: #fff; font-size: 11pt; }
h1 { font-size: 16pt; margin: 0 0 4mm; }
h2 { font-size: 13pt; margin: 0 0 1mm; border-bottom: 2px solid #000; }
.sub { margin: 0 0 3mm; font-style: italic; }
section.game { break-inside: avoid-page; margin-bottom: 8mm; }
section.game + section.game { break-before: page; }
div.sheet { margin: 2mm 0; }
div.sheet .block { font-size: 9pt; margin: 1mm 0; }
div.sheet .block.pools { font-family: "DejaVu Sans Mono", monospace; white-space: pre; font-size: 8.5pt; }
table.sheet { border-collapse: collapse; margin: 2mm 0; font-size: 8.5pt; font-family: "DejaVu Sans Mono", monospace; }
table.sheet td { white-space: pre; }
table.sheet th, table.sheet td { border-bottom: 1px solid #ccc; padding: 0.3mm 1.5mm; white-space: nowrap; }
table.sheet th { border-bottom: 1.5px solid #000; }
table.sheet .r { text-align: right; font-variant-numeric: tabular-nums; }
table.sheet .l { text-align: left; }
table.sheet .bar { border-right: 1.5px solid #000; }
table.sheet tr.running td, table.sheet tr.carried td { color: #444; font-style: italic; }
table.sheet tr.total td, table.sheet tr.ruled td { border-top: 1.5px solid #000; font-weight: 700; }
pre.corrections { font-family: "DejaVu Sans Mono", monospace; font-size: 8pt; white-space: pre-wrap; }
table.grid { border-collapse: collapse; margin: 2mm 0; }
table.grid th, table.grid td { border: 1px solid #000; padding: 0.5mm 2mm; text-align: right; font-variant-numeric: tabular-nums; }
table.grid th { font-weight: 700; }
table.grid .d { color: #555; font-size: 8pt; }
tr.total td { font-weight: 700; border-top: 2px solid #000; }
svg.chart { width: 160mm; height: auto; border: 1px solid #000; margin: 2mm 0; }
.result { font-weight: 700; }
)css";

std::string result_line(const ojson& score) {
  const auto& r = score.value("result", ojson::object());
  std::string s = score.value("finished", false) ? "Final: " : "Standing: ";
  if (r.contains("ranking") && r["ranking"].is_array()) {
    int i = 0;
    for (const auto& p : r["ranking"]) {
      std::string n = p.is_string() ? p.get<std::string>() : p.dump();
      int place = r.contains("places") && r["places"].contains(n) ? r["places"][n].get<int>() : i + 1;
      const auto& t = score["totals"];
      s += (i++ ? ",  " : "") + std::to_string(place) + ". " + n;
      if (t.contains(n) && t[n].is_number()) s += " " + format_number(t[n].get<double>());
    }
  } else if (r.contains("winner")) {
    s += "winner " + (r["winner"].is_string() ? r["winner"].get<std::string>() : std::string("none yet"));
  }
  return s;
}

}  // namespace

std::string render_html(const std::string& title, const std::vector<SheetPart>& parts) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + html_escape(title) +
                    "</title>\n<style>" + k_css + "</style>\n</head>\n<body>\n<h1>" + html_escape(title) + "</h1>\n";
  for (const auto& p : parts) {
    out += "<section class=\"game\">\n<h2>" + html_escape(p.heading) + "</h2>\n";
    if (!p.subheading.empty()) out += "<p class=\"sub\">" + html_escape(p.subheading) + "</p>\n";
    out += sheet_html(p.sheet);
    if (!p.corrections.empty()) out += "<pre class=\"corrections\">" + html_escape(p.corrections) + "</pre>\n";
    out += svg_chart(p.sheet.chart);
    out += totals_table(p.score);
    out += "<p class=\"result\">" + html_escape(result_line(p.score)) + "</p>\n</section>\n";
  }
  out += "</body>\n</html>\n";
  return out;
}

}  // namespace marque::reports
