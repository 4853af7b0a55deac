// Plain-text tables aligned by terminal display width (so "Gergő", "Zoë" and "日本" line up), and number
// formatting shared by every game's sheet. No SQLite, no rules.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/text.hpp"

namespace marque::reports {

// The text helpers live in core (the games' sheets use them too); reports keeps their names.
using text::display_width;
using text::format_number;
using text::format_signed;
using text::pad_left;
using text::pad_right;

class TextTable {
public:
  enum class Align { left, right };
  void columns(std::vector<Align> aligns) { m_aligns = std::move(aligns); }
  void row(std::vector<std::string> cells) { m_rows.push_back({false, std::move(cells), {}}); }
  // span[i] > 1: cell i covers that many columns (left-aligned across them; the last one widens when it must)
  void row(std::vector<std::string> cells, std::vector<int> span) {
    m_rows.push_back({false, std::move(cells), std::move(span)});
  }
  void rule() { m_rows.push_back({true, {}, {}}); }  // a line of dashes across the table
  // Column separator " " by default; `separator_after` puts " | " after that column index.
  void separator_after(int col) { m_bar_after = col; }
  std::string render() const;

private:
  struct Row {
    bool rule;
    std::vector<std::string> cells;
    std::vector<int> span;
  };
  std::vector<Align> m_aligns;
  std::vector<Row> m_rows;
  int m_bar_after = -1;
};

}  // namespace marque::reports
