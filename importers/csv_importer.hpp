// CSV importer for spreadsheets: one row per hand, extract only. Columns:
//   game, table, date, league, venue, players, first_dealer, option.ID   -- the game's set-up (reserved)
//   every other column                                                   -- a hand field, in the same
//                                                                           key=value syntax as `marque hand`
// Rows with the same (game, table, date) form one game, in file order. Empty cells are left out.
// The output is marque-game/1 documents plus, for each hand, its line in the file for messages
// ("file.csv:14: points: 95 is above 91").
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/diag.hpp"

namespace marque::importers {

// RFC 4180 reader: quotes, "" escapes, CRLF, LF or lone CR line ends, a UTF-8 BOM, newlines inside quotes. Each row keeps the
// physical line it starts on.
struct CsvRow {
  int line = 0;
  std::vector<std::string> cells;
};
std::vector<CsvRow> read_csv(const std::string& text, Diagnostics& diags);
// The same, each row handed to `on_row` as soon as it is read.
void for_each_csv_row(const std::string& text, Diagnostics& diags, const std::function<void(CsvRow&&)>& on_row);

struct CsvGame {
  nlohmann::json document;         // marque-game/1, its "hands" left empty: the records are in `hands`
  std::vector<std::string> hands;  // the hand records, one compact JSON text each (bounded memory)
  std::vector<int> hand_lines;     // hand seq - 1 -> line
  int first_line = 0;
};
// Throws Rejected whose messages name file:line and field.
std::vector<CsvGame> import_csv(const std::string& text, const std::string& name);

}  // namespace marque::importers
