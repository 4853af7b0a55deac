#include "reports/text_table.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace marque::reports {

std::string TextTable::render() const {
  size_t ncols = 0;
  for (const auto& r : m_rows) ncols = std::max(ncols, r.cells.size());
  std::vector<int> width(ncols, 0);
  for (const auto& r : m_rows)
    for (size_t i = 0; i < r.cells.size(); ++i) width[i] = std::max(width[i], display_width(r.cells[i]));
  std::string out;
  int total = 0;
  for (size_t i = 0; i < ncols; ++i) total += width[i] + (i + 1 < ncols ? (static_cast<int>(i) == m_bar_after ? 3 : 2) : 0);
  for (const auto& r : m_rows) {
    std::string line;
    if (r.rule) {
      line = std::string(static_cast<size_t>(total), '-');
    } else {
      for (size_t i = 0; i < ncols; ++i) {
        std::string cell = i < r.cells.size() ? r.cells[i] : "";
        Align a = i < m_aligns.size() ? m_aligns[i] : Align::left;
        line += a == Align::left ? pad_right(cell, width[i]) : pad_left(cell, width[i]);
        if (i + 1 < ncols) line += static_cast<int>(i) == m_bar_after ? " | " : "  ";
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
    }
    out += line + "\n";
  }
  return out;
}

}  // namespace marque::reports
