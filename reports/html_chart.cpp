// The chart of a sheet's running totals as SVG (printed sheets, served pages, the club's site): one line per
// player or side with its own marker, target and zero lines, hand numbers on the axis, labels that never overlap.
#include <algorithm>
#include <cmath>
#include <string>

#include "core/language.hpp"
#include "reports/html_sheet.hpp"
#include "reports/sheet_render.hpp"
#include "reports/text_table.hpp"

namespace marque::reports {

namespace {

// A round step near range/want (1, 2, 2.5, 5 times a power of ten).
double nice_step(double range, int want) {
  const double raw = range / want;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (m * mag >= raw) return m * mag;
  return 10 * mag;
}

std::string marker(size_t k, double x, double y, double r) {
  const std::string X = css_number(x), Y = css_number(y);
  switch (k % 6) {
    case 0:
      return "<circle cx=\"" + X + "\" cy=\"" + Y + "\" r=\"" + css_number(r) + "\" fill=\"#000\"/>";
    case 1:
      return "<rect x=\"" + css_number(x - r) + "\" y=\"" + css_number(y - r) + "\" width=\"" + css_number(2 * r) +
             "\" height=\"" + css_number(2 * r) + "\" fill=\"#fff\" stroke=\"#000\"/>";
    case 2:
      return "<path d=\"M" + X + " " + css_number(y - r * 1.2) + "L" + css_number(x + r * 1.1) + " " +
             css_number(y + r) + "L" + css_number(x - r * 1.1) + " " + css_number(y + r) + "Z\" fill=\"#000\"/>";
    case 3:
      return "<path d=\"M" + X + " " + css_number(y - r * 1.3) + "L" + css_number(x + r * 1.3) + " " + Y + "L" + X +
             " " + css_number(y + r * 1.3) + "L" + css_number(x - r * 1.3) + " " + Y +
             "Z\" fill=\"#fff\" stroke=\"#000\"/>";
    case 4:
      return "<circle cx=\"" + X + "\" cy=\"" + Y + "\" r=\"" + css_number(r) + "\" fill=\"#fff\" stroke=\"#000\"/>";
    default:
      return "<path d=\"M" + css_number(x - r) + " " + css_number(y - r) + "L" + css_number(x + r) + " " +
             css_number(y + r) + "M" + css_number(x + r) + " " + css_number(y - r) + "L" + css_number(x - r) + " " +
             css_number(y + r) + "\" stroke=\"#000\" stroke-width=\"1.5\"/>";
  }
}

}  // namespace

std::string svg_chart(const sheet::Sheet& s, double width, const ChartStyle& style) {
  const auto& series = s.chart;
  if (series.empty() || series[0].points.size() < 2) return "";
  const size_t n = series[0].points.size() - 1;
  const double font = 11, gap = font * 1.25;
  std::vector<sheet::Level> levels;
  for (const auto& l : s.levels)
    if (std::none_of(levels.begin(), levels.end(), [&](const sheet::Level& m) { return m.value == l.value; }))
      levels.push_back(l);
  double lo = style.zero ? 0 : series[0].points[0], hi = lo;
  for (const auto& ser : series)
    for (double v : ser.points) lo = std::min(lo, v), hi = std::max(hi, v);
  for (const auto& l : levels) lo = std::min(lo, l.value), hi = std::max(hi, l.value);
  if (hi - lo < 1e-9) {  // a flat line: a little room around it (a rating that has not moved: ±10)
    if (!style.zero) lo -= 10;
    hi = lo + (style.zero ? 1 : 20);
  }
  const double step = nice_step(hi - lo, 5);
  lo = std::floor(lo / step + 1e-9) * step;
  hi = std::ceil(hi / step - 1e-9) * step;
  // the end labels: "Name total", with the series' marker
  std::vector<std::string> names;
  double label_w = 0;
  for (const auto& ser : series) {
    names.push_back(ser.name + " " + text::local_number(ser.points.back(), text::language()));
    label_w = std::max(label_w, text_em(names.back()) * font);
  }
  double tick_w = 0;
  for (double v = lo; v <= hi + step / 2; v += step)
    tick_w = std::max(tick_w, text_em(text::local_number(v, text::language())) * font);
  const double left = tick_w + 10, right = std::min(label_w + 28, width * 0.45), top = 10, bottom = 34;
  const double plot_h = std::max(180.0, static_cast<double>(series.size()) * gap);
  const double height = top + plot_h + bottom;
  const double plot_w = width - left - right;
  auto x = [&](size_t i) { return left + plot_w * static_cast<double>(i) / static_cast<double>(n); };
  auto y = [&](double v) { return top + plot_h * (hi - v) / (hi - lo); };
  std::string out = "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" + css_number(width) +
                    "\" height=\"" + css_number(height) + "\" viewBox=\"0 0 " + css_number(width) + " " +
                    css_number(height) + "\" role=\"img\" aria-label=\"" + html_escape(chart_what(style)) +
                    "\" font-family=\"Liberation Sans, Arial, sans-serif\" font-size=\"" + css_number(font) + "\">\n";
  // grid and its values
  for (double v = lo; v <= hi + step / 2; v += step) {
    const double yy = y(v);
    out += "<line x1=\"" + css_number(left) + "\" y1=\"" + css_number(yy) + "\" x2=\"" + css_number(left + plot_w) +
           "\" y2=\"" + css_number(yy) + "\" stroke=\"#bbb\" stroke-width=\"0.6\"/>\n";
    out += "<text x=\"" + css_number(left - 5) + "\" y=\"" + css_number(yy + font * 0.35) + "\" text-anchor=\"end\">" +
           html_escape(text::local_number(std::abs(v) < step / 1e6 ? 0.0 : v, text::language())) + "</text>\n";
  }
  out += "<rect x=\"" + css_number(left) + "\" y=\"" + css_number(top) + "\" width=\"" + css_number(plot_w) +
         "\" height=\"" + css_number(plot_h) + "\" fill=\"none\" stroke=\"#000\" stroke-width=\"0.8\"/>\n";
  // hand numbers: every k-th hand, k such that the numbers never touch
  const double num_w = text_em(std::to_string(n)) * font + 8;
  size_t every = 1;
  for (size_t k : {1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000})
    if (plot_w / static_cast<double>(n) * static_cast<double>(k) >= num_w) {
      every = k;
      break;
    } else {
      every = k;
    }
  for (size_t i = 1; i <= n; ++i) {
    out += "<line x1=\"" + css_number(x(i)) + "\" y1=\"" + css_number(top + plot_h) + "\" x2=\"" + css_number(x(i)) +
           "\" y2=\"" + css_number(top + plot_h + 4) + "\" stroke=\"#000\" stroke-width=\"0.8\"/>\n";
    const bool last_fits = i == n && (n % every == 0 ||
                                      plot_w * static_cast<double>(n % every) / static_cast<double>(n) >= num_w);
    if (i % every == 0 || last_fits)
      out += "<text x=\"" + css_number(x(i)) + "\" y=\"" + css_number(top + plot_h + 6 + font) +
             "\" text-anchor=\"middle\">" + std::to_string(i) + "</text>\n";
  }
  out += "<text x=\"" + css_number(left) + "\" y=\"" + css_number(height - 4) + "\">" + html_escape(chart_step(style)) +
         "</text>\n";
  // zero line and levels
  if (style.zero)
    out += "<line x1=\"" + css_number(left) + "\" y1=\"" + css_number(y(0)) + "\" x2=\"" + css_number(left + plot_w) +
           "\" y2=\"" + css_number(y(0)) + "\" stroke=\"#000\" stroke-width=\"1.4\"/>\n";
  for (const auto& l : levels) {
    out += "<line x1=\"" + css_number(left) + "\" y1=\"" + css_number(y(l.value)) + "\" x2=\"" +
           css_number(left + plot_w) + "\" y2=\"" + css_number(y(l.value)) +
           "\" stroke=\"#000\" stroke-width=\"1.2\" stroke-dasharray=\"8 4\"/>\n";
    const bool below = y(l.value) - font - 2 < top;
    out += "<text x=\"" + css_number(left + 4) + "\" y=\"" +
           css_number(below ? y(l.value) + font + 1 : y(l.value) - 3) +
           "\" font-style=\"italic\" paint-order=\"stroke\" stroke=\"#fff\" stroke-width=\"3\">" +
           html_escape(l.label) + "</text>\n";
  }
  // the series: black and grey, solid and dashed, each with its own marker
  static const char* dashes[] = {"", "7 3", "", "2 2", "7 3", "9 3 2 3"};
  static const char* grays[] = {"#000", "#000", "#666", "#000", "#666", "#333"};
  const size_t mark_every = std::max<size_t>(1, (n + 14) / 15);
  for (size_t k = 0; k < series.size(); ++k) {
    const auto& pts = series[k].points;
    std::string path;
    for (size_t i = 0; i < pts.size() && i <= n; ++i)
      path += (i ? " " : "") + css_number(x(i)) + "," + css_number(y(pts[i]));
    out += std::string("<polyline fill=\"none\" stroke=\"") + grays[k % 6] + "\" stroke-width=\"1.8\"" +
           (dashes[k % 6][0] ? std::string(" stroke-dasharray=\"") + dashes[k % 6] + "\"" : std::string()) +
           " points=\"" + path + "\"/>\n";
    for (size_t i = 1; i <= n && i < pts.size(); ++i)
      if (i % mark_every == 0 || i == n) out += marker(k, x(i), y(pts[i]), 2.6) + "\n";
  }
  // end labels, moved apart where they would touch
  std::vector<size_t> order(series.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::vector<double> want(series.size()), at(series.size());
  for (size_t k = 0; k < series.size(); ++k) want[k] = y(series[k].points.back());
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return want[a] < want[b]; });
  double prev = -1e9;
  for (size_t k : order) prev = at[k] = std::max(want[k], prev + gap);
  double limit = height - 2 - font * 0.35;
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    at[*it] = std::min(at[*it], limit);
    limit = at[*it] - gap;
  }
  const double lx = left + plot_w + 8;
  for (size_t k = 0; k < series.size(); ++k) {
    if (std::abs(at[k] - want[k]) > 1)
      out += "<line x1=\"" + css_number(x(n)) + "\" y1=\"" + css_number(want[k]) + "\" x2=\"" + css_number(lx + 2) +
             "\" y2=\"" + css_number(at[k]) + "\" stroke=\"#000\" stroke-width=\"0.5\"/>\n";
    out += marker(k, lx + 6, at[k], 3) + "\n";
    out += "<text x=\"" + css_number(lx + 14) + "\" y=\"" + css_number(at[k] + font * 0.35) + "\">" +
           html_escape(names[k]) + "</text>\n";
  }
  out += "</svg>\n";
  return out;
}

}  // namespace marque::reports
