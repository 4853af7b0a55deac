#include "reports/sheet_render.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "core/escape.hpp"
#include "reports/text_table.hpp"

namespace marque::reports {

using ojson = nlohmann::ordered_json;

namespace {

std::string table_text(const sheet::Table& table) {
  TextTable t;
  std::vector<TextTable::Align> aligns;
  std::vector<std::string> titles;
  for (const auto& c : table.columns) {
    aligns.push_back(c.right ? TextTable::Align::right : TextTable::Align::left);
    titles.push_back(c.title);
  }
  t.columns(aligns);
  if (table.bar_after >= 0) t.separator_after(table.bar_after);
  if (table.header) t.row(titles);
  for (const auto& r : table.rows) {
    if (r.kind == "rule")
      t.rule();
    else
      t.row(r.cells);
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

std::string table_html(const sheet::Table& table) {
  auto cls = [&](size_t i) {
    std::string c = i < table.columns.size() && table.columns[i].right ? "r" : "l";
    if (static_cast<int>(i) == table.bar_after) c += " bar";
    return c;
  };
  std::string out = "<table class=\"sheet\">\n";
  if (table.header) {
    out += "<thead><tr>";
    for (size_t i = 0; i < table.columns.size(); ++i)
      out += "<th class=\"" + cls(i) + "\">" + escape::html(table.columns[i].title) + "</th>";
    out += "</tr></thead>\n";
  }
  out += "<tbody>\n";
  for (size_t k = 0; k < table.rows.size(); ++k) {
    const auto& r = table.rows[k];
    if (r.kind == "rule") continue;  // a rule in text is a border in HTML (the next row's class)
    bool after_rule = k > 1 && table.rows[k - 1].kind == "rule";  // not the header's underline
    out += "<tr class=\"" + (r.kind.empty() ? std::string("other") : r.kind) + (after_rule ? " ruled" : "") + "\">";
    for (size_t i = 0; i < std::max(r.cells.size(), table.columns.size()); ++i)
      out += "<td class=\"" + cls(i) + "\">" + escape::html(i < r.cells.size() ? r.cells[i] : "") + "</td>";
    out += "</tr>\n";
  }
  out += "</tbody>\n</table>\n";
  return out;
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

std::string sheet_html(const sheet::Sheet& s) {
  std::string out = "<div class=\"sheet\">\n";
  for (const auto& b : s.blocks) {
    if (b.table) {
      out += table_html(*b.table);
      continue;
    }
    out += "<div class=\"block " + escape::html(b.role) + "\">";
    for (size_t i = 0; i < b.lines.size(); ++i) out += (i ? "<br>" : "") + escape::html(b.lines[i]);
    out += "</div>\n";
  }
  return out + "</div>\n";
}

ojson sheet_json(const sheet::Sheet& s) {
  ojson blocks = ojson::array();
  for (const auto& b : s.blocks) {
    ojson j = {{"role", b.role}};
    if (b.table) {
      ojson cols = ojson::array(), rows = ojson::array();
      for (const auto& c : b.table->columns) cols.push_back({{"title", c.title}, {"align", c.right ? "right" : "left"}});
      for (const auto& r : b.table->rows) rows.push_back({{"kind", r.kind}, {"cells", r.cells}});
      j["table"] = {{"columns", cols}, {"rows", rows}, {"bar_after", b.table->bar_after >= 0 ? ojson(b.table->bar_after) : ojson(nullptr)}};
    } else {
      j["lines"] = b.lines;
    }
    blocks.push_back(j);
  }
  ojson chart = ojson::array();
  for (const auto& c : s.chart) chart.push_back({{"name", c.name}, {"points", c.points}});
  return {{"format", "marque-sheet/1"}, {"title", s.title}, {"blocks", blocks}, {"chart", chart}};
}

}  // namespace marque::reports
