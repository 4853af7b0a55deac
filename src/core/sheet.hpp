// A score sheet as data: what each game returns (GameRules::sheet) and what reports/ renders as text (the
// paper layout, byte for byte as marque always printed it), HTML (real tables, for print) and JSON (`marque sheet
// --format json`: {"title", "blocks": [{"role", "lines"} | {"role", "table": {"columns", "rows", ...}}],
// "chart"}). Blocks come in reading order: a header (title, players, options), the hands table, notes under
// it, the result, a settlement. No SQLite, no rules, no rendering here.
#pragma once

#include <cstdint>
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
  std::vector<int> span;  // span[i] > 1: cell i covers that many columns (a redeal's words across the deal columns)
};

// Consecutive columns headed together (a Prefa hand log's pools, one column per player): HTML draws `title` over
// them; text prints them as ONE column headed "title a/b/c" with the cells joined by '/'.
struct Group {
  int first = 0;
  int count = 0;
  std::string title;
};

struct Table {
  std::vector<Column> columns;
  std::vector<Row> rows;
  int bar_after = -1;         // a vertical bar after this column (a two-team sheet: Nous | Eux), -1 = none
  char underline = 0;         // a line of this character as wide as the table under it ('=' closes a sheet), 0 = none
  bool header = true;         // the column titles are printed as the first line of the table
  std::vector<Group> groups;  // columns headed together, in column order
  // A column titled "|" whose cells are "|" or empty is a vertical line: text prints it, HTML draws a border.

  void row(std::vector<std::string> cells, std::string kind = "hand") {
    spanned_row(std::move(cells), {}, std::move(kind));
  }
  void spanned_row(std::vector<std::string> cells, std::vector<int> span, std::string kind = "hand") {
    Row r;
    r.kind = std::move(kind);
    r.cells = std::move(cells);
    r.span = std::move(span);
    rows.push_back(std::move(r));
  }
  void rule() { row({}, "rule"); }
};

// Values written one under the other, each new one superseding (striking out) the one before it: a Prefa pool, a
// "received from" column. `upwards`: written from the bottom up (a column that grows away from a line).
struct Tally {
  std::string label;                // what it counts ("from Ben"); "" for an area's own pool
  std::vector<std::string> values;  // oldest first, with their marks ("18+", "3*", "0.")
  bool upwards = false;
};

// One player's area of a drawn sheet: the name at its top centre, the pool under it, tallies along its edges.
struct Area {
  std::string name;
  Tally pool;
  std::vector<Tally> left, right;  // along its left and right edges, outermost first
};

// A sheet drawn rather than ruled (Prefa's ⊥): the areas above the line, left to right, and the scorer's area
// below it. A block may carry one beside its lines or table: text and JSON print those, HTML draws this.
struct Drawing {
  std::vector<Area> top;
  Area bottom;
};

struct Block {
  std::string role;                // "header", "hands", "notes", "result", "settlement", "pools" ...
  std::vector<std::string> lines;  // a text block: one line each ("" = an empty line)
  std::optional<Table> table;      // a table block (then `lines` is empty)
  std::optional<Drawing> drawing;  // the same block drawn (HTML), when the game draws it
};

// One line of a chart: a player's (or team's) running total, from the start of the sheet to each hand.
struct Series {
  std::string name;
  std::vector<double> points;
};

// A level drawn across the chart: a target score, the rubicon.
struct Level {
  double value = 0;
  std::string label;  // "target 2000"
};

struct Sheet {
  std::string title;
  std::vector<Block> blocks;
  std::vector<Series> chart;
  std::vector<Level> levels;  // lines across the chart (the zero line is always drawn)

  // Add a line to the last block when it is a text block of this role, else start one.
  void line(std::string text, const std::string& role = "header") {
    if (blocks.empty() || blocks.back().table || blocks.back().role != role) {
      blocks.emplace_back();
      blocks.back().role = role;
    }
    blocks.back().lines.push_back(std::move(text));
  }
  // Start a table block; returns it to fill.
  Table& table(const std::string& role = "hands") {
    blocks.emplace_back();
    blocks.back().role = role;
    return blocks.back().table.emplace();
  }
};

// --- What a printed or typed document of sheets holds (app::sheets returns it, reports/ renders it) ---

// A correction made to a game after its hands were written, as the sheet's foot shows it: the net change of a
// hand (an edit later undone, or edited back, is none).
struct Correction {
  std::string at;    // local time with its offset: "2026-11-20 21:14 +01:00"
  int hand = 0;      // the hand's number on the sheet
  std::string what;  // "edited: contract prise -> garde", "deleted: taker=Ben contract=prise ..."
};

// One place of a game's outcome: a player, or a team's players ("Sophie & Nadine"), and the final total.
struct Place {
  int place = 0;  // 1 = first (ties share it)
  std::string who;
  std::string total;
};

// One game of a document: its heading, its sheet, its corrections, and its outcome (a night's summary).
struct Part {
  int64_t game = 0;
  std::string heading;     // "Game 3 — " and the game's title
  std::string subheading;  // "2026-11-20 · Café du Coin · Thursday club"
  Sheet sheet;
  std::vector<Correction> corrections;
  std::vector<Place> places;  // best first
  bool finished = false;
  std::string outcome;  // the outcome in one sentence (GameRules::result_words)
};

// One game's sheet, or a night's (the summary first, then each game).
struct Document {
  std::string title;  // a night: "Night of 2026-11-20 — Café du Coin (Thursday club)"; one game: its heading
  bool night = false;
  std::vector<Part> parts;
};

}  // namespace marque::sheet
