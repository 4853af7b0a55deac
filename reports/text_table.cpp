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
  size_t ncols = 0;
  for (const auto& r : m_rows)
    for (const auto& [first, n] : covered(r.cells, r.span)) ncols = std::max(ncols, first + n);
  std::vector<int> width(ncols, 0);
  auto sep = [&](size_t i) { return static_cast<int>(i) == m_bar_after ? 3 : 2; };
  for (const auto& r : m_rows) {
    auto cov = covered(r.cells, r.span);
    for (size_t i = 0; i < r.cells.size(); ++i)
      if (cov[i].second == 1) width[cov[i].first] = std::max(width[cov[i].first], display_width(r.cells[i]));
  }
  // a spanning cell wider than its columns widens the last of them
  for (const auto& r : m_rows) {
    auto cov = covered(r.cells, r.span);
    for (size_t i = 0; i < r.cells.size(); ++i) {
      auto [first, n] = cov[i];
      if (n == 1) continue;
      int w = 0;
      for (size_t k = first; k < first + n; ++k) w += width[k] + (k + 1 < first + n ? sep(k) : 0);
      width[first + n - 1] += std::max(0, display_width(r.cells[i]) - w);
    }
  }
  std::string out;
  int total = 0;
  for (size_t i = 0; i < ncols; ++i) total += width[i] + (i + 1 < ncols ? sep(i) : 0);
  for (const auto& r : m_rows) {
    std::string line;
    if (r.rule) {
      line = std::string(static_cast<size_t>(total), '-');
    } else {
      auto cov = covered(r.cells, r.span);
      size_t col = 0;
      for (size_t i = 0; col < ncols; ++i) {
        std::string cell = i < r.cells.size() ? r.cells[i] : "";
        size_t first = i < cov.size() ? cov[i].first : col, n = i < cov.size() ? cov[i].second : 1;
        int w = 0;
        for (size_t k = first; k < first + n; ++k) w += width[k] + (k + 1 < first + n ? sep(k) : 0);
        Align a = n == 1 && first < m_aligns.size() ? m_aligns[first] : Align::left;
        line += a == Align::left ? pad_right(cell, w) : pad_left(cell, w);
        col = first + n;
        if (col < ncols) line += static_cast<int>(col - 1) == m_bar_after ? " | " : "  ";
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
    }
    out += line + "\n";
  }
  return out;
}

}  // namespace marque::reports
