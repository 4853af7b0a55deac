// A score sheet as data: what each game returns (GameRules::sheet) and what reports/ renders as text (the
// paper layout, byte for byte as marque always printed it), HTML (real tables, for print) and JSON (`marque sheet
// --format json`: {"title", "blocks": [{"role", "lines"} | {"role", "table": {"columns", "rows", ...}}],
// "chart"}). Blocks come in reading order: a header (title, players, options), the hands table, notes under
// it, the result, a settlement. No SQLite, no rules, no rendering here.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace marque::sheet {

struct Column {
  std::string title;
  bool right = false;  // right-aligned (numbers)
};

struct Row {
  // "hand" (one hand), "running" (running totals), "carried" (totals brought forward), "total", "rule" (a line
  // across the table), "" (anything else: a redeal, a pool line ...)
  std::string kind;
  std::vector<std::string> cells;
};

struct Table {
  std::vector<Column> columns;
  std::vector<Row> rows;
  int bar_after = -1;       // a vertical bar after this column (a two-team sheet: Nous | Eux), -1 = none
  char underline = 0;       // a line of this character as wide as the table under it ('=' closes a sheet), 0 = none
  bool header = true;       // the column titles are printed as the first line of the table

  void row(std::vector<std::string> cells, std::string kind = "hand") { rows.push_back({std::move(kind), std::move(cells)}); }
  void rule() { rows.push_back({"rule", {}}); }
};

struct Block {
  std::string role;                // "header", "hands", "notes", "result", "settlement", "pools" ...
  std::vector<std::string> lines;  // a text block: one line each ("" = an empty line)
  std::optional<Table> table;      // a table block (then `lines` is empty)
};

// One line of a chart: a player's (or team's) running total, from the start of the sheet to each hand.
struct Series {
  std::string name;
  std::vector<double> points;
};

struct Sheet {
  std::string title;
  std::vector<Block> blocks;
  std::vector<Series> chart;

  // Add a line to the last block when it is a text block of this role, else start one.
  void line(std::string text, const std::string& role = "header") {
    if (blocks.empty() || blocks.back().table || blocks.back().role != role) blocks.push_back({role, {}, std::nullopt});
    blocks.back().lines.push_back(std::move(text));
  }
  // Start a table block; returns it to fill.
  Table& table(const std::string& role = "hands") {
    blocks.push_back({role, {}, Table{}});
    return *blocks.back().table;
  }
};

}  // namespace marque::sheet
