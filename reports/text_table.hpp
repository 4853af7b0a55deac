// Plain-text tables aligned by terminal display width (so "Gergő", "Zoë" and "日本" line up), and number
// formatting shared by every game's sheet. No SQLite, no rules.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace marque::reports {

// Terminal columns taken by a UTF-8 string (East Asian wide = 2, combining marks = 0).
int display_width(std::string_view utf8);
std::string pad_right(const std::string& s, int width);
std::string pad_left(const std::string& s, int width);

// 12 -> "12", -3.5 -> "-3.5", 1/3 -> "0.33" (at most `decimals`, trailing zeros dropped).
std::string format_number(double v, int decimals = 2);
// Like format_number with an explicit sign: "+12", "-3.5", "0".
std::string format_signed(double v, int decimals = 2);

class TextTable {
public:
  enum class Align { left, right };
  void columns(std::vector<Align> aligns) { m_aligns = std::move(aligns); }
  void row(std::vector<std::string> cells) { m_rows.push_back({false, std::move(cells)}); }
  void rule() { m_rows.push_back({true, {}}); }  // a line of dashes across the table
  // Column separator " " by default; `separator_after` puts " | " after that column index.
  void separator_after(int col) { m_bar_after = col; }
  std::string render() const;

private:
  struct Row {
    bool rule;
    std::vector<std::string> cells;
  };
  std::vector<Align> m_aligns;
  std::vector<Row> m_rows;
  int m_bar_after = -1;
};

}  // namespace marque::reports
