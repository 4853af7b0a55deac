#include "reports/text_table.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace marque::reports {

namespace {

// The columns a row's cells cover: first column and count of each cell.
std::vector<std::pair<size_t, size_t>> covered(const std::vector<std::string>& cells, const std::vector<int>& span) {
  std::vector<std::pair<size_t, size_t>> out;
  size_t col = 0;
  for (size_t i = 0; i < cells.size(); ++i) {
    size_t n = i < span.size() && span[i] > 1 ? static_cast<size_t>(span[i]) : 1;
    out.emplace_back(col, n);
    col += n;
  }
  return out;
}

}  // namespace

std::string TextTable::render() const {
  // each row's cells: the columns they cover and their display widths, measured once
  std::vector<std::vector<std::pair<size_t, size_t>>> covers(m_rows.size());
  std::vector<std::vector<int>> widths(m_rows.size());
  size_t ncols = 0;
  for (size_t r = 0; r < m_rows.size(); ++r) {
    covers[r] = covered(m_rows[r].cells, m_rows[r].span);
    for (const auto& [first, n] : covers[r]) ncols = std::max(ncols, first + n);
    widths[r].reserve(m_rows[r].cells.size());
    for (const auto& c : m_rows[r].cells) widths[r].push_back(display_width(c));
  }
  std::vector<int> width(ncols, 0);
  auto sep = [&](size_t i) { return static_cast<int>(i) == m_bar_after ? 3 : 2; };
  for (size_t r = 0; r < m_rows.size(); ++r) {
    const auto& cov = covers[r];
    for (size_t i = 0; i < m_rows[r].cells.size(); ++i)
      if (cov[i].second == 1) width[cov[i].first] = std::max(width[cov[i].first], widths[r][i]);
  }
  // a spanning cell wider than its columns widens the last of them
  for (size_t r = 0; r < m_rows.size(); ++r) {
    const auto& cov = covers[r];
    for (size_t i = 0; i < m_rows[r].cells.size(); ++i) {
      auto [first, n] = cov[i];
      if (n == 1) continue;
      int w = 0;
      for (size_t k = first; k < first + n; ++k) w += width[k] + (k + 1 < first + n ? sep(k) : 0);
      width[first + n - 1] += std::max(0, widths[r][i] - w);
    }
  }
  std::string out;
  int total = 0;
  for (size_t i = 0; i < ncols; ++i) total += width[i] + (i + 1 < ncols ? sep(i) : 0);
  std::string line;
  for (size_t r = 0; r < m_rows.size(); ++r) {
    const Row& row = m_rows[r];
    line.clear();
    if (row.rule) {
      line.assign(static_cast<size_t>(total), '-');
    } else {
      const auto& cov = covers[r];
      size_t col = 0;
      for (size_t i = 0; col < ncols; ++i) {
        const bool has = i < row.cells.size();
        size_t first = i < cov.size() ? cov[i].first : col, n = i < cov.size() ? cov[i].second : 1;
        int w = 0;
        for (size_t k = first; k < first + n; ++k) w += width[k] + (k + 1 < first + n ? sep(k) : 0);
        Align a = n == 1 && first < m_aligns.size() ? m_aligns[first] : Align::left;
        // the cell padded to w columns (pad_right or pad_left), written in place
        const int cw = has ? widths[r][i] : 0;
        const size_t fill = cw >= w ? 0 : static_cast<size_t>(w - cw);
        if (a != Align::left) line.append(fill, ' ');
        if (has) line += row.cells[i];
        if (a == Align::left) line.append(fill, ' ');
        col = first + n;
        if (col < ncols) line += static_cast<int>(col - 1) == m_bar_after ? " | " : "  ";
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
    }
    out += line;
    out += '\n';
  }
  return out;
}

}  // namespace marque::reports
