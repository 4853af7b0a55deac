#include "reports/text_table.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace marque::reports {

std::string TextTable::render() const {
  // each cell's columns (the first and how many) and display width, measured once; the rows' cells one after
  // another, row r's from cell_at[r]
  std::vector<size_t> cell_at(m_rows.size() + 1, 0);
  for (size_t r = 0; r < m_rows.size(); ++r) cell_at[r + 1] = cell_at[r] + m_rows[r].cells.size();
  std::vector<std::pair<size_t, size_t>> covers(cell_at.back());
  std::vector<int> widths(cell_at.back());
  size_t ncols = 0;
  for (size_t r = 0; r < m_rows.size(); ++r) {
    const Row& row = m_rows[r];
    size_t col = 0;
    for (size_t i = 0; i < row.cells.size(); ++i) {
      const size_t n = i < row.span.size() && row.span[i] > 1 ? static_cast<size_t>(row.span[i]) : 1;
      covers[cell_at[r] + i] = {col, n};
      widths[cell_at[r] + i] = display_width(row.cells[i]);
      col += n;
    }
    ncols = std::max(ncols, col);
  }
  std::vector<int> width(ncols, 0);
  auto sep = [&](size_t i) { return static_cast<int>(i) == m_bar_after ? 3 : 2; };
  for (size_t c = 0; c < covers.size(); ++c)
    if (covers[c].second == 1) width[covers[c].first] = std::max(width[covers[c].first], widths[c]);
  // a spanning cell wider than its columns widens the last of them
  for (size_t c = 0; c < covers.size(); ++c) {
    auto [first, n] = covers[c];
    if (n == 1) continue;
    int w = 0;
    for (size_t k = first; k < first + n; ++k) w += width[k] + (k + 1 < first + n ? sep(k) : 0);
    width[first + n - 1] += std::max(0, widths[c] - w);
  }
  std::string out;
  int total = 0;
  for (size_t i = 0; i < ncols; ++i) total += width[i] + (i + 1 < ncols ? sep(i) : 0);
  out.reserve(m_rows.size() * (static_cast<size_t>(total) + 1));
  std::string line;
  for (size_t r = 0; r < m_rows.size(); ++r) {
    const Row& row = m_rows[r];
    line.clear();
    if (row.rule) {
      line.assign(static_cast<size_t>(total), '-');
    } else {
      const size_t cells = row.cells.size();
      size_t col = 0;
      for (size_t i = 0; col < ncols; ++i) {
        const bool has = i < cells;
        size_t first = has ? covers[cell_at[r] + i].first : col, n = has ? covers[cell_at[r] + i].second : 1;
        int w = 0;
        for (size_t k = first; k < first + n; ++k) w += width[k] + (k + 1 < first + n ? sep(k) : 0);
        Align a = n == 1 && first < m_aligns.size() ? m_aligns[first] : Align::left;
        // the cell padded to w columns (pad_right or pad_left), written in place
        const int cw = has ? widths[cell_at[r] + i] : 0;
        const size_t fill = cw >= w ? 0 : static_cast<size_t>(w - cw);
        if (a != Align::left) line.append(fill, ' ');
        if (has) line += row.cells[i];
        if (a == Align::left) line.append(fill, ' ');
        col = first + n;
        if (col < ncols) {
          if (static_cast<int>(col - 1) == m_bar_after)
            line.append(" | ", 3);
          else
            line.append("  ", 2);
        }
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
    }
    out += line;
    out += '\n';
  }
  return out;
}

}  // namespace marque::reports
