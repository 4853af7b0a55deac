#include "reports/sheet_render.hpp"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "core/escape.hpp"
#include "core/language.hpp"
#include "reports/text_table.hpp"

namespace marque::reports {

using ojson = nlohmann::ordered_json;

namespace {

// The group (index into table.groups) column `c` belongs to, -1 = none.
int group_of(const sheet::Table& table, size_t c) {
  for (size_t g = 0; g < table.groups.size(); ++g) {
    const auto& gr = table.groups[g];
    if (gr.count > 0 && static_cast<int>(c) >= gr.first && static_cast<int>(c) < gr.first + gr.count)
      return static_cast<int>(g);
  }
  return -1;
}

// The table as text columns: a group of columns is one text column ("pools A/B/C", cells joined by '/').
struct TextColumns {
  std::vector<int> of;  // text column of each column
  size_t count = 0;
};

TextColumns text_columns(const sheet::Table& table) {
  TextColumns t;
  int last_group = -1;
  for (size_t c = 0; c < table.columns.size(); ++c) {
    int g = group_of(table, c);
    if (g < 0 || g != last_group) ++t.count;
    t.of.push_back(static_cast<int>(t.count) - 1);
    last_group = g;
  }
  return t;
}

std::vector<std::string> joined(const sheet::Table& table, const TextColumns& tc, const std::vector<std::string>& cells,
                                bool titles) {
  std::vector<std::string> out(tc.count);
  std::vector<bool> started(tc.count, false);
  for (size_t c = 0; c < table.columns.size(); ++c) {
    size_t k = static_cast<size_t>(tc.of[c]);
    int g = group_of(table, c);
    std::string cell = c < cells.size() ? cells[c] : "";
    if (g < 0) {
      out[k] = cell;
    } else {
      if (!started[k] && titles) out[k] = table.groups[static_cast<size_t>(g)].title + " ";
      out[k] += (started[k] ? "/" : "") + cell;
    }
    started[k] = true;
  }
  return out;
}

std::string table_text(const sheet::Table& table) {
  TextTable t;
  const TextColumns tc = text_columns(table);
  std::vector<TextTable::Align> aligns(tc.count, TextTable::Align::left);
  std::vector<std::string> titles;
  for (size_t c = 0; c < table.columns.size(); ++c) {
    titles.push_back(table.columns[c].title);
    if (group_of(table, c) < 0 && table.columns[c].right)
      aligns[static_cast<size_t>(tc.of[c])] = TextTable::Align::right;
  }
  t.columns(aligns);
  if (table.bar_after >= 0 && static_cast<size_t>(table.bar_after) < tc.of.size())
    t.separator_after(tc.of[static_cast<size_t>(table.bar_after)]);
  if (table.header) t.row(joined(table, tc, titles, true));
  for (const auto& r : table.rows) {
    if (r.kind == "rule") {
      t.rule();
    } else if (r.span.empty() || table.groups.empty()) {
      if (table.groups.empty())
        t.row(r.cells, r.span);
      else
        t.row(joined(table, tc, r.cells, false));
    } else {  // spans over grouped columns: each cell in the text column of its first column
      std::vector<std::string> cells;
      std::vector<int> span;
      size_t col = 0;
      for (size_t i = 0; i < r.cells.size() && col < tc.of.size(); ++i) {
        size_t n = i < r.span.size() && r.span[i] > 1 ? static_cast<size_t>(r.span[i]) : 1;
        size_t last = std::min(col + n, tc.of.size()) - 1;
        cells.push_back(r.cells[i]);
        span.push_back(tc.of[last] - tc.of[col] + 1);
        col += n;
      }
      t.row(cells, span);
    }
  }
  std::string out = t.render();
  if (table.underline) {
    size_t width = 0;
    for (size_t pos = 0; pos < out.size();) {
      size_t nl = out.find('\n', pos);
      width = std::max(width, static_cast<size_t>(display_width(out.substr(pos, nl - pos))));
      pos = nl == std::string::npos ? out.size() : nl + 1;
    }
    out += std::string(width, table.underline) + "\n";
  }
  return out;
}

ojson tally_json(const sheet::Tally& t) { return {{"label", t.label}, {"values", t.values}, {"upwards", t.upwards}}; }

ojson area_json(const sheet::Area& a) {
  ojson left = ojson::array(), right = ojson::array();
  for (const auto& t : a.left) left.push_back(tally_json(t));
  for (const auto& t : a.right) right.push_back(tally_json(t));
  return {{"name", a.name}, {"pool", tally_json(a.pool)}, {"left", left}, {"right", right}};
}

}  // namespace

std::string sheet_text(const sheet::Sheet& s) {
  std::string out;
  for (const auto& b : s.blocks) {
    if (b.table)
      out += table_text(*b.table);
    else
      for (const auto& l : b.lines) out += l + "\n";
  }
  return out;
}

std::string chart_text(const sheet::Sheet& s, int width, int height, const ChartStyle& style) {
  if (s.chart.empty() || s.chart[0].points.size() < 2 || width < 10 || height < 3) return "";
  static const char marks[] = {'*', 'o', 'x', '+', '#', '@', '%', '&'};
  const size_t n = s.chart[0].points.size() - 1;  // hands
  double lo = style.zero ? 0 : s.chart[0].points[0], hi = lo;
  for (const auto& ser : s.chart)
    for (double v : ser.points) lo = std::min(lo, v), hi = std::max(hi, v);
  for (const auto& l : s.levels) lo = std::min(lo, l.value), hi = std::max(hi, l.value);
  if (hi - lo < 1e-9) {  // a flat line: a little room around it (a rating that has not moved: ±10)
    if (!style.zero) lo -= 10;
    hi = lo + (style.zero ? 1 : 20);
  }
  const int w = width, h = height;
  auto row_of = [&](double v) { return static_cast<int>(std::lround((hi - v) / (hi - lo) * (h - 1))); };
  std::vector<std::string> grid(static_cast<size_t>(h), std::string(static_cast<size_t>(w), ' '));
  std::vector<std::string> label(static_cast<size_t>(h));
  auto hline = [&](double v, char c, const std::string& text) {
    int r = row_of(v);
    for (auto& ch : grid[static_cast<size_t>(r)]) ch = c;
    if (label[static_cast<size_t>(r)].empty()) label[static_cast<size_t>(r)] = text;
  };
  if (style.zero) hline(0, '-', "0");
  for (const auto& l : s.levels) hline(l.value, '=', text::local_number(l.value, text::language()));
  label[0] = label[0].empty() ? text::local_number(hi, text::language()) : label[0];
  if (label[static_cast<size_t>(h - 1)].empty())
    label[static_cast<size_t>(h - 1)] = text::local_number(lo, text::language());
  for (size_t k = 0; k < s.chart.size(); ++k) {
    const auto& pts = s.chart[k].points;
    for (int c = 0; c < w; ++c) {  // the series at this column, between its two nearest hands
      double x = static_cast<double>(c) * static_cast<double>(n) / (w - 1);
      size_t i = std::min(static_cast<size_t>(x), n - 1);
      double f = x - static_cast<double>(i);
      double v = pts[i] + (pts[std::min(i + 1, pts.size() - 1)] - pts[i]) * f;
      grid[static_cast<size_t>(row_of(v))][static_cast<size_t>(c)] = marks[k % sizeof marks];
    }
  }
  int lw = 0;
  for (const auto& l : label) lw = std::max(lw, display_width(l));
  const std::string what = chart_what(style), step_word = chart_step(style);
  std::string out =
      style.step.empty()
          ? text::tr("chart.text.heading", "{what}, hands 1-{n}",
                     text::Message().text("what", what).number("n", static_cast<int64_t>(n))) +
                "\n"
          : text::tr("chart.text.heading_steps", "{what}, {step}s 1-{n}",
                     text::Message().text("what", what).text("step", step_word).number("n", static_cast<int64_t>(n))) +
                "\n";
  for (int r = 0; r < h; ++r) {
    out += pad_left(label[static_cast<size_t>(r)], lw) + " |" + grid[static_cast<size_t>(r)];
    while (!out.empty() && out.back() == ' ') out.pop_back();
    out += "\n";
  }
  // hand numbers: the first, the last and a few between, where they fit
  std::string axis(static_cast<size_t>(w) + 8, ' ');
  const size_t step = std::max<size_t>(1, (n + 5) / 6);
  for (size_t i = 0; i <= n; i += step) {
    if (i == 0) continue;
    std::string t = std::to_string(i);
    size_t at = static_cast<size_t>(std::lround(static_cast<double>(i) * (w - 1) / static_cast<double>(n)));
    if (at + t.size() <= axis.size()) axis.replace(at, t.size(), t);
  }
  {
    std::string t = std::to_string(n);
    size_t at = static_cast<size_t>(w - 1);
    axis.replace(at, t.size(), t);
  }
  while (!axis.empty() && axis.back() == ' ') axis.pop_back();
  out += std::string(static_cast<size_t>(lw) + 1, ' ') + "+" + std::string(static_cast<size_t>(w), '-') + "\n";
  out += std::string(static_cast<size_t>(lw) + 2, ' ') + axis + "  (" + step_word + ")\n";
  std::string legend;
  for (size_t k = 0; k < s.chart.size(); ++k)
    legend += std::string(legend.empty() ? "" : "   ") + marks[k % sizeof marks] + " " + s.chart[k].name + " " +
              text::local_number(s.chart[k].points.back(), text::language());
  for (const auto& l : s.levels) legend += "   = " + l.label;
  return out + legend + "\n";
}

ojson sheet_json(const sheet::Sheet& s) {
  ojson blocks = ojson::array();
  for (const auto& b : s.blocks) {
    ojson j = {{"role", b.role}};
    if (b.table) {
      ojson cols = ojson::array(), rows = ojson::array();
      for (const auto& c : b.table->columns)
        cols.push_back({{"title", c.title}, {"align", c.right ? "right" : "left"}});
      for (const auto& r : b.table->rows) {
        ojson row = {{"kind", r.kind}, {"cells", r.cells}};
        if (!r.span.empty()) row["span"] = r.span;
        rows.push_back(std::move(row));
      }
      j["table"] = {{"columns", cols},
                    {"rows", rows},
                    {"bar_after", b.table->bar_after >= 0 ? ojson(b.table->bar_after) : ojson(nullptr)}};
      if (!b.table->groups.empty()) {
        ojson groups = ojson::array();
        for (const auto& g : b.table->groups)
          groups.push_back({{"title", g.title}, {"first", g.first}, {"count", g.count}});
        j["table"]["groups"] = groups;
      }
    } else {
      j["lines"] = b.lines;
    }
    if (b.drawing) {
      ojson top = ojson::array();
      for (const auto& a : b.drawing->top) top.push_back(area_json(a));
      j["drawing"] = {{"top", top}, {"bottom", area_json(b.drawing->bottom)}};
    }
    blocks.push_back(j);
  }
  ojson chart = ojson::array();
  for (const auto& c : s.chart) chart.push_back({{"name", c.name}, {"points", c.points}});
  ojson out = {{"format", "marque-sheet/1"}, {"title", s.title}, {"blocks", blocks}, {"chart", chart}};
  if (!s.levels.empty()) {
    ojson levels = ojson::array();
    for (const auto& l : s.levels) levels.push_back({{"value", l.value}, {"label", l.label}});
    out["levels"] = levels;
  }
  return out;
}

std::string chart_what(const ChartStyle& style) {
  return style.what.empty() ? text::tr("chart.running_totals", "running totals") : style.what;
}
std::string chart_step(const ChartStyle& style) {
  return style.step.empty() ? text::tr("chart.step.hand", "hand") : style.step;
}

// "Thierry", "Sophie & Nadine", "Ann, Ben (tie)"; "" when nobody is first.
std::string winner_text(const sheet::Part& p) {
  std::string w;
  int firsts = 0;
  for (const auto& pl : p.places)
    if (pl.place == 1) w += (firsts++ ? ", " : "") + pl.who;
  return firsts > 1 ? w + text::tr("sheet.summary.tie", " (tie)") : w;
}

std::string totals_text(const sheet::Part& p) {
  std::string t;
  for (const auto& pl : p.places) t += (t.empty() ? "" : " · ") + pl.who + " " + pl.total;
  return t;
}

namespace {

std::string corrections_text(const std::vector<sheet::Correction>& cs) {
  if (cs.empty()) return "";
  std::string out = "\n" + text::tr("sheet.corrections", "Corrections:") + "\n";
  for (const auto& c : cs)
    out += "  " + c.at + "  " + text::tr("sheet.correction.hand", "hand {no}", text::Message().number("no", c.hand)) +
           " " + c.what + "\n";
  return out;
}

}  // namespace

std::string document_text(const sheet::Document& d, bool chart) {
  std::string out;
  if (d.night) {  // the summary: every table's winner and final totals
    out += d.title + "\n\n";
    TextTable t;
    t.columns({TextTable::Align::left, TextTable::Align::left, TextTable::Align::left});
    t.row({text::tr("sheet.summary.game", "Game"), text::tr("sheet.summary.winner", "Winner"),
           text::tr("sheet.summary.totals", "Final totals")});
    for (const auto& p : d.parts)
      t.row({p.heading, p.finished ? winner_text(p) : text::tr("sheet.summary.in_progress", "(in progress)"),
             totals_text(p)});
    out += t.render() + "\n";
  }
  for (const auto& p : d.parts) {
    out += p.heading + (p.subheading.empty() ? "" : "  (" + p.subheading + ")") + "\n" + sheet_text(p.sheet) +
           corrections_text(p.corrections);
    if (chart) {
      std::string c = chart_text(p.sheet);
      if (!c.empty()) out += "\n" + c;
    }
    out += "\n";
  }
  return out;
}

ojson document_json(const sheet::Document& d) {
  ojson sheets = ojson::array();
  for (const auto& p : d.parts) {
    ojson j = sheet_json(p.sheet);
    j["game"] = p.game;
    j["heading"] = p.heading;
    j["subheading"] = p.subheading;
    ojson cs = ojson::array();
    for (const auto& c : p.corrections) cs.push_back({{"at", c.at}, {"hand", c.hand}, {"what", c.what}});
    j["corrections"] = cs;
    ojson places = ojson::array();
    for (const auto& pl : p.places) places.push_back({{"place", pl.place}, {"who", pl.who}, {"total", pl.total}});
    j["finished"] = p.finished;
    j["places"] = places;
    j["outcome"] = p.outcome;
    sheets.push_back(std::move(j));
  }
  if (!d.night) return sheets[0];
  return {{"format", "marque-sheets/1"}, {"title", d.title}, {"sheets", sheets}};
}

}  // namespace marque::reports
