#include "reports/html_sheet.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <optional>

#include "core/escape.hpp"
#include "core/language.hpp"
#include "reports/sheet_render.hpp"
#include "reports/text_table.hpp"

namespace marque::reports {

std::string html_escape(const std::string& s) { return escape::html(s); }

std::string css_number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  std::string s = buf;
  if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
  return s;
}

// ---------------------------------------------------------------------------------------------------------------
// Text widths in the page's font: Liberation Sans, metrically Arial (Helvetica's AFM widths, 1/1000 em).
namespace {

constexpr std::array<short, 95> k_regular = {
    278,  278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,  // ' ' .. '/'
    556,  556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,  // '0' .. '?'
    1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,  // '@' .. 'O'
    667,  778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,  // 'P' .. '_'
    333,  556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,  // '`' .. 'o'
    556,  556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584};      // 'p' .. '~'
constexpr std::array<short, 95> k_bold = {278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333,
                                          278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333,
                                          584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278,
                                          556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944,
                                          667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556,
                                          333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556,
                                          333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584};

// The code point at s[i] (advancing i); a broken sequence counts as one byte.
char32_t next_code_point(std::string_view s, size_t& i) {
  unsigned char c = static_cast<unsigned char>(s[i]);
  size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
  if (i + len > s.size()) len = 1;
  char32_t cp = len == 1 ? c : len == 2 ? (c & 0x1F) : len == 3 ? (c & 0x0F) : (c & 0x07);
  for (size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
  i += len;
  return cp;
}

}  // namespace

double text_em(std::string_view s, bool bold) {
  double w = 0;
  for (size_t i = 0; i < s.size();) {
    const size_t start = i;
    const char32_t c = next_code_point(s, i);
    if (c < 32) continue;
    if (c < 127) {
      w += (bold ? k_bold : k_regular)[c - 32];
      continue;
    }
    const int cols = display_width(s.substr(start, i - start));
    if (cols <= 0) continue;  // a combining mark
    if (cols == 2)
      w += 1000;  // East Asian wide
    else if (c == 0xB7 || c == 0xA0)
      w += 278;
    else if (c < 0x250)
      w += 700;  // Latin letters with accents (the widest of them)
    else
      w += 1000;  // anything else: as wide as a square, to be safe
  }
  return w / 1000.0 * (bold ? 1.03 : 1.0);
}

namespace {

// ---------------------------------------------------------------------------------------------------------------
// The page: A4 with 10 mm margins; CSS px at 96 per inch.
constexpr double k_mm = 96.0 / 25.4;
constexpr double k_portrait_px = 190 * k_mm;   // 718 px
constexpr double k_landscape_px = 277 * k_mm;  // 1047 px
constexpr double k_pt = 96.0 / 72.0;
constexpr double k_cell_pad_em = 0.8;  // a cell's left and right padding together (0.4em each)
constexpr double k_safety = 0.96;      // the share of the page a table may plan to fill
constexpr double k_wrap_text_em = 11;  // a wrapped text column keeps about this width
constexpr double k_wrap_head_em = 6;   // a column of numbers whose long title wraps keeps about this width

// The widest word of `s` (where a line may break: spaces).
double widest_word_em(const std::string& s, bool bold) {
  double w = 0;
  size_t pos = 0;
  while (pos <= s.size()) {
    size_t sp = s.find(' ', pos);
    if (sp == std::string::npos) sp = s.size();
    w = std::max(w, text_em(std::string_view(s).substr(pos, sp - pos), bold));
    pos = sp + 1;
  }
  return w;
}

// A table as drawn: the sheet's table with its "|" columns turned into borders and its rules into the borders of
// the rows after them.
struct Cell {
  std::string text;
  size_t span = 1;
};
struct DrawnRow {
  std::string kind;
  bool ruled = false;  // a rule above it
  std::vector<Cell> cells;
};
struct DrawnColumn {
  std::string title;
  bool right = false;
  bool bar = false;  // a vertical line after it
  int group = -1;
};
struct DrawnTable {
  std::string role;
  std::vector<DrawnColumn> cols;
  std::vector<sheet::Group> groups;  // over `cols`
  std::vector<DrawnRow> rows;
  bool header = true;
  bool closed = false;     // a rule under the last row
  bool underline = false;  // the sheet's closing double line
};

bool is_bar_column(const sheet::Table& t, size_t c) {
  if (t.columns[c].title != "|") return false;
  for (const auto& r : t.rows)
    if (r.span.empty() && c < r.cells.size() && !r.cells[c].empty() && r.cells[c] != "|") return false;
  return true;
}

DrawnTable drawn(const sheet::Table& t, const std::string& role) {
  DrawnTable d;
  d.role = role;
  d.header = t.header;
  d.underline = t.underline != 0;
  std::vector<int> kept(t.columns.size(), -1);  // drawn column of each column
  for (size_t c = 0; c < t.columns.size(); ++c) {
    if (is_bar_column(t, c)) {
      if (!d.cols.empty()) d.cols.back().bar = true;
      continue;
    }
    kept[c] = static_cast<int>(d.cols.size());
    d.cols.push_back({t.columns[c].title, t.columns[c].right, static_cast<int>(c) == t.bar_after, -1});
  }
  for (const auto& g : t.groups) {
    int first = -1, count = 0;
    for (int c = g.first; c < g.first + g.count && c < static_cast<int>(kept.size()); ++c)
      if (c >= 0 && kept[static_cast<size_t>(c)] >= 0) {
        if (first < 0) first = kept[static_cast<size_t>(c)];
        ++count;
      }
    if (count == 0) continue;
    for (int c = first; c < first + count; ++c)
      d.cols[static_cast<size_t>(c)].group = static_cast<int>(d.groups.size());
    d.groups.push_back({first, count, g.title});
  }
  bool seen_row = false, pending_rule = false;
  for (const auto& r : t.rows) {
    if (r.kind == "rule") {
      pending_rule = seen_row;  // a rule before the first row underlines the header, which is drawn anyway
      continue;
    }
    DrawnRow row;
    row.kind = r.kind.empty() ? "other" : r.kind;
    row.ruled = pending_rule;
    pending_rule = false;
    seen_row = true;
    size_t col = 0;
    for (size_t i = 0; col < t.columns.size(); ++i) {
      size_t n = i < r.span.size() && r.span[i] > 1 ? static_cast<size_t>(r.span[i]) : 1;
      n = std::min(n, t.columns.size() - col);
      size_t drawn_n = 0;
      for (size_t k = col; k < col + n; ++k) drawn_n += kept[k] >= 0 ? 1 : 0;
      if (drawn_n > 0) row.cells.push_back({i < r.cells.size() ? r.cells[i] : "", drawn_n});
      col += n;
    }
    d.rows.push_back(std::move(row));
  }
  d.closed = pending_rule;
  return d;
}

// ---------------------------------------------------------------------------------------------------------------
// Fitting: each column's widths in em, the table's at a type size, the choice of page and size.
struct Widths {
  double max_em = 0;   // on one line
  double min_em = 0;   // wrapped at every space it may wrap at
  double comf_em = 0;  // wrapped as a reader still reads it easily
};

std::vector<Widths> column_widths(const DrawnTable& t) {
  std::vector<Widths> w(t.cols.size());
  std::vector<bool> wraps(t.cols.size(), false);
  for (size_t c = 0; c < t.cols.size(); ++c) {
    if (!t.header) continue;
    w[c].max_em = text_em(t.cols[c].title, true);
    w[c].min_em = widest_word_em(t.cols[c].title, true);
  }
  std::vector<double> cells_max(t.cols.size(), 0), cells_min(t.cols.size(), 0);
  for (const auto& r : t.rows) {
    size_t col = 0;
    const bool bold = r.kind == "total";
    for (const auto& cell : r.cells) {
      if (cell.span == 1 && col < t.cols.size()) {
        cells_max[col] = std::max(cells_max[col], text_em(cell.text, bold));
        cells_min[col] = std::max(cells_min[col],
                                  t.cols[col].right ? text_em(cell.text, bold) : widest_word_em(cell.text, bold));
      }
      col += cell.span;
    }
  }
  for (size_t c = 0; c < t.cols.size(); ++c) {
    const bool text = !t.cols[c].right && cells_max[c] > k_wrap_text_em;  // a long text column may wrap
    wraps[c] = text;
    w[c].max_em = std::max(w[c].max_em, cells_max[c]);
    w[c].min_em = std::max(w[c].min_em, text ? cells_min[c] : cells_max[c]);
    const double cap = text ? k_wrap_text_em : std::max(k_wrap_head_em, cells_max[c]);
    w[c].comf_em = std::clamp(cap, w[c].min_em, w[c].max_em);
  }
  return w;
}

enum class Tier { max, comf, min };

double width_px(const std::vector<Widths>& w, Tier tier, double pt, const std::vector<size_t>& cols) {
  double em = 0;
  for (size_t c : cols)
    em += (tier == Tier::max ? w[c].max_em : tier == Tier::comf ? w[c].comf_em : w[c].min_em) + k_cell_pad_em;
  return em * pt * k_pt + 1.5 * static_cast<double>(cols.size() + 1);
}

std::vector<size_t> all_columns(size_t n) {
  std::vector<size_t> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = i;
  return v;
}

struct Fit {
  size_t rank = 0;  // the candidate it fits (k_candidates.size(): split)
  bool landscape = false;
  double pt = 10;
  std::vector<std::vector<size_t>> chunks;  // the columns of each table the table is split into (one = no split)
};

struct Candidate {
  bool landscape;
  double pt;
  Tier tier;
};
// In order of preference: portrait at a legible size on one line, then wrapped, then landscape, then smaller.
constexpr std::array<Candidate, 10> k_candidates = {{{false, 10, Tier::max},
                                                     {false, 9, Tier::max},
                                                     {false, 10, Tier::comf},
                                                     {false, 9, Tier::comf},
                                                     {true, 10, Tier::max},
                                                     {true, 9, Tier::max},
                                                     {true, 10, Tier::comf},
                                                     {true, 9, Tier::comf},
                                                     {true, 8, Tier::comf},
                                                     {true, 8, Tier::min}}};

double page_px(bool landscape) { return (landscape ? k_landscape_px : k_portrait_px) * k_safety; }

// Groups that make a matrix (pools, cash and value, each with one column per player, the same players in the same
// order) headed the other way round: one group per player with a narrow column for each. A player's name then
// heads several narrow columns of numbers instead of being repeated over each: far narrower. nullopt: no matrix.
std::optional<DrawnTable> transposed(const DrawnTable& t) {
  if (t.groups.size() < 2) return std::nullopt;
  const int n = t.groups[0].count;
  for (size_t g = 0; g < t.groups.size(); ++g) {
    const auto& gr = t.groups[g];
    if (gr.count != n || n < 2 || (g > 0 && gr.first != t.groups[g - 1].first + n)) return std::nullopt;
    for (int k = 0; k < n; ++k)
      if (t.cols[static_cast<size_t>(gr.first + k)].title != t.cols[static_cast<size_t>(t.groups[0].first + k)].title)
        return std::nullopt;
  }
  const size_t first = static_cast<size_t>(t.groups[0].first), count = t.groups.size() * static_cast<size_t>(n);
  std::vector<size_t> order;  // new position -> old column
  for (size_t c = 0; c < first; ++c) order.push_back(c);
  for (int k = 0; k < n; ++k)
    for (const auto& gr : t.groups) order.push_back(static_cast<size_t>(gr.first + k));
  for (size_t c = first + count; c < t.cols.size(); ++c) order.push_back(c);
  DrawnTable out = t;
  out.groups.clear();
  for (size_t i = 0; i < order.size(); ++i) {
    out.cols[i] = t.cols[order[i]];
    out.cols[i].group = -1;
  }
  for (int k = 0; k < n; ++k) {
    const int at = static_cast<int>(first) + k * static_cast<int>(t.groups.size());
    out.groups.push_back(
        {at, static_cast<int>(t.groups.size()), t.cols[static_cast<size_t>(t.groups[0].first + k)].title});
    for (size_t g = 0; g < t.groups.size(); ++g) {
      auto& col = out.cols[static_cast<size_t>(at) + g];
      col.title = t.groups[g].title;
      col.group = k;
      col.bar = g + 1 == t.groups.size();
    }
  }
  if (first > 0) out.cols[first - 1].bar = true;
  // the rows' cells in the new order (a cell spanning grouped columns is left as it is: no matrix then)
  for (auto& r : out.rows) {
    size_t cells = 0;
    for (const auto& c : r.cells) {
      if (c.span > 1) return std::nullopt;
      ++cells;
    }
    std::vector<Cell> moved(order.size());
    for (size_t i = 0; i < order.size(); ++i) moved[i] = order[i] < cells ? r.cells[order[i]] : Cell{};
    while (moved.size() > cells && moved.back().text.empty()) moved.pop_back();
    r.cells = std::move(moved);
  }
  return out;
}

// The first candidate a table fits; else split by columns at the last one, the first column (the hand
// numbers) repeated in each part, a group of columns kept together when it fits a part.
// The columns of each part of a table split to fit `budget` px: the first column (the hand numbers) in every part,
// then as many columns as fit, a group of columns kept together when it fits a part on its own.
std::vector<std::vector<size_t>> split_columns(const DrawnTable& t, const std::vector<Widths>& w, double pt,
                                               double budget) {
  std::vector<std::vector<size_t>> parts;
  std::vector<size_t> part = {0};
  auto fits = [&](const std::vector<size_t>& v) { return width_px(w, Tier::comf, pt, v) <= budget; };
  for (size_t c = 1; c < t.cols.size();) {
    size_t unit = 1;  // a group moves as one
    if (t.cols[c].group >= 0) {
      const auto& g = t.groups[static_cast<size_t>(t.cols[c].group)];
      unit = static_cast<size_t>(g.first + g.count) - c;
    }
    std::vector<size_t> alone = {0};
    for (size_t k = c; k < c + unit; ++k) alone.push_back(k);
    if (unit > 1 && !fits(alone)) unit = 1;
    std::vector<size_t> with = part;
    for (size_t k = c; k < c + unit; ++k) with.push_back(k);
    if (!fits(with) && part.size() > 1) {  // this part is full
      parts.push_back(part);
      part = {0};
      continue;
    }
    part = with;
    c += unit;
  }
  parts.push_back(part);
  return parts;
}

Fit fit_table(const DrawnTable& t) {
  const auto w = column_widths(t);
  const auto cols = all_columns(t.cols.size());
  for (size_t k = 0; k < k_candidates.size(); ++k) {
    const auto& c = k_candidates[k];
    if (width_px(w, c.tier, c.pt, cols) <= page_px(c.landscape)) return {k, c.landscape, c.pt, {cols}};
  }
  // split on landscape pages at 9 pt, into as few parts as fit, as even as they can be
  const double pt = 9, budget = page_px(true);
  Fit f{k_candidates.size(), true, pt, split_columns(t, w, pt, budget)};
  for (double share = 0.4; share < 1; share += 0.05) {
    auto even = split_columns(t, w, pt, budget * share);
    bool within = std::all_of(even.begin(), even.end(),
                              [&](const std::vector<size_t>& v) { return width_px(w, Tier::comf, pt, v) <= budget; });
    if (even.size() == f.chunks.size() && within) {
      f.chunks = std::move(even);
      break;
    }
  }
  return f;
}

// ---------------------------------------------------------------------------------------------------------------
// Drawing a table (or one part of a split one).
std::string cell_class(const DrawnColumn& col, bool last_of_chunk) {
  std::string c = col.right ? "r" : "l";
  if (col.bar && !last_of_chunk) c += " bar";
  return c;
}

// A title that may wrap between its words but never inside one ("Marie-Christine" stays whole).
std::string words_html(const std::string& s) {
  std::string out;
  size_t pos = 0;
  while (pos <= s.size()) {
    size_t sp = s.find(' ', pos);
    if (sp == std::string::npos) sp = s.size();
    if (sp > pos)
      out += (out.empty() ? "" : " ") + std::string("<span class=\"w\">") + html_escape(s.substr(pos, sp - pos)) +
             "</span>";
    pos = sp + 1;
  }
  return out;
}

std::string table_html(const DrawnTable& t, const std::vector<size_t>& cols, double pt, size_t part, size_t parts) {
  std::vector<int> pos(t.cols.size(), -1);  // position in this part of each column
  for (size_t i = 0; i < cols.size(); ++i) pos[cols[i]] = static_cast<int>(i);
  std::string cls = "sheet " + t.role + (t.underline ? " underlined" : "") + (t.closed ? " closed" : "") +
                    (parts > 1 ? " part" : "") + (t.rows.size() <= 12 ? " short" : "");
  std::string out = "<table class=\"" + html_escape(cls) + "\" style=\"font-size:" + css_number(pt) + "pt\">\n";
  if (parts > 1)
    out += "<caption>columns, part " + std::to_string(part + 1) + " of " + std::to_string(parts) + "</caption>\n";
  if (t.header) {
    out += "<thead>";
    bool grouped = false;
    for (size_t c : cols) grouped = grouped || t.cols[c].group >= 0;
    if (grouped) {  // the groups' titles over their columns
      out += "<tr class=\"groups\">";
      for (size_t i = 0; i < cols.size();) {
        const int g = t.cols[cols[i]].group;
        size_t n = 1;
        while (g >= 0 && i + n < cols.size() && t.cols[cols[i + n]].group == g) ++n;
        out += "<th" + (n > 1 ? " colspan=\"" + std::to_string(n) + "\"" : std::string()) + " class=\"" +
               (g >= 0 ? std::string("group") : std::string("blank")) + "\">" +
               (g >= 0 ? html_escape(t.groups[static_cast<size_t>(g)].title) : std::string()) + "</th>";
        i += n;
      }
      out += "</tr>";
    }
    out += "<tr>";
    for (size_t i = 0; i < cols.size(); ++i)
      out += "<th class=\"" + cell_class(t.cols[cols[i]], i + 1 == cols.size()) + "\">" +
             words_html(t.cols[cols[i]].title) + "</th>";
    out += "</tr></thead>\n";
  }
  out += "<tbody>\n";
  for (const auto& r : t.rows) {
    std::string cells;
    size_t col = 0;
    for (const auto& cell : r.cells) {
      // the columns of this part the cell covers
      size_t first = cols.size(), n = 0;
      for (size_t k = col; k < col + cell.span && k < t.cols.size(); ++k)
        if (pos[k] >= 0) {
          first = std::min(first, static_cast<size_t>(pos[k]));
          ++n;
        }
      const size_t last_col = col + cell.span - 1;
      col += cell.span;
      if (n == 0) continue;
      const DrawnColumn& dc = t.cols[cols[first + n - 1]];
      std::string c = cell.span > 1 ? std::string("l span") : cell_class(t.cols[cols[first]], first + n == cols.size());
      if (cell.span > 1 && dc.bar && first + n < cols.size() && cols[first + n - 1] == last_col) c += " bar";
      cells += "<td" + (n > 1 ? " colspan=\"" + std::to_string(n) + "\"" : std::string()) + " class=\"" + c + "\">" +
               html_escape(cell.text) + "</td>";
    }
    for (size_t k = col; k < t.cols.size(); ++k)  // a short row: empty cells to the end
      if (pos[k] >= 0)
        cells += "<td class=\"" + cell_class(t.cols[k], static_cast<size_t>(pos[k]) + 1 == cols.size()) + "\"></td>";
    out += "<tr class=\"" + html_escape(r.kind) + (r.ruled ? " ruled" : "") + "\">" + cells + "</tr>\n";
  }
  out += "</tbody>\n</table>\n";
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// A drawn sheet (Prefa's ⊥): one table, the areas above the line in one row, the scorer's area under it.
// A column of values as written on paper: all but the last struck out; a long one goes on in a further column
// beside it (`rows` values a column; 15, more when the drawing is too wide), as a scorer does at the foot of the paper. Upwards: the first value
// next to the line (at the bottom), the next ones above it.
std::string values_html(const std::vector<std::string>& values, bool upwards, size_t rows_max) {
  const size_t n = values.size();
  if (n == 0) return "";
  const size_t rows = std::min(n, rows_max);
  std::string out = "<div class=\"vs\">";
  for (size_t i = 0; i < n; ++i) {
    const size_t col = i / rows_max, row = i % rows_max;
    const size_t at = upwards ? rows - row : row + 1;
    const std::string v = html_escape(values[i]);
    out += "<div class=\"v\" style=\"grid-area:" + std::to_string(at) + "/" + std::to_string(col + 1) + "\">" +
           (i + 1 < n ? "<s>" + v + "</s>" : "<b>" + v + "</b>") + "</div>";
  }
  return out + "</div>";
}

size_t tally_columns(size_t values, size_t rows) { return std::max<size_t>(1, (values + rows - 1) / rows); }

std::string tally_html(const sheet::Tally& t, std::string cls, size_t rows) {
  const std::string values = values_html(t.values, t.upwards, rows);
  std::string label = t.label.empty() ? "" : "<div class=\"label\">" + html_escape(t.label) + "</div>";
  return "<td class=\"tally " + cls + (t.upwards ? " up" : "") + "\">" + (t.upwards ? values + label : label + values) +
         "</td>";
}

std::string centre_html(const sheet::Area& a, const std::string& cls, size_t colspan, size_t rows) {
  return "<td class=\"centre" + cls + "\"" +
         (colspan > 1 ? " colspan=\"" + std::to_string(colspan) + "\"" : std::string()) + "><div class=\"name\">" +
         html_escape(a.name) + "</div>" + values_html(a.pool.values, false, rows) + "</td>";
}

// One row of areas: each area's left tallies, its centre (name and pool), its right tallies, as cells of the one
// table (so that a tally written upwards sits on the line); `width`: the cells the row must fill.
std::string areas_row(const std::vector<sheet::Area>& areas, size_t width, const char* cls, size_t rows) {
  std::string out = std::string("<tr class=\"") + cls + "\">";
  size_t used = 0;
  for (size_t k = 0; k < areas.size(); ++k) {
    const auto& a = areas[k];
    size_t cells = a.left.size() + 1 + a.right.size();
    size_t centre_span = k + 1 == areas.size() && width > used + cells ? width - used - cells + 1 : 1;
    std::vector<std::string> tds;
    for (const auto& t : a.left) tds.push_back(tally_html(t, "left", rows));
    tds.push_back(centre_html(a, "", centre_span, rows));
    for (const auto& t : a.right) tds.push_back(tally_html(t, "right", rows));
    // the area's edges: the first cell's left border, the last cell's right border
    tds.front().insert(tds.front().find("class=\"") + 7, "first ");
    tds.back().insert(tds.back().find("class=\"") + 7, "last ");
    for (const auto& td : tds) out += td;
    used += cells + centre_span - 1;
  }
  return out + "</tr>\n";
}

// Width of an area in em: its tallies and its centre, side by side.
double area_em(const sheet::Area& a, size_t rows) {
  auto values_em = [&](const std::vector<std::string>& values) {
    double w = 0;
    for (const auto& v : values) w = std::max(w, text_em(v, true));
    return (w + 0.8) * static_cast<double>(tally_columns(values.size(), rows));
  };
  auto tally = [&](const sheet::Tally& t) {
    return std::max(widest_word_em(t.label, false) * 0.85, values_em(t.values)) + k_cell_pad_em;
  };
  double w = std::max(text_em(a.name, true) * 1.1, values_em(a.pool.values));
  w += k_cell_pad_em * 2;
  for (const auto& t : a.left) w += tally(t);
  for (const auto& t : a.right) w += tally(t);
  return w + 1;
}

std::string drawing_html(const sheet::Drawing& d, double pt, size_t rows) {
  size_t width = 0;
  for (const auto& a : d.top) width += a.left.size() + 1 + a.right.size();
  width = std::max(width, d.bottom.left.size() + 1 + d.bottom.right.size());
  return "<table class=\"drawing\" style=\"font-size:" + css_number(pt) + "pt\">\n" +
         areas_row(d.top, width, "top", rows) + areas_row({d.bottom}, width, "bottom", rows) + "</table>\n";
}

double drawing_px(const sheet::Drawing& d, double pt, size_t rows) {
  double top = 0;
  for (const auto& a : d.top) top += area_em(a, rows);
  return std::max(top, area_em(d.bottom, rows)) * pt * k_pt;
}

// ---------------------------------------------------------------------------------------------------------------
// A game's section: its page (portrait or landscape), each table's type size and parts.
struct Plan {
  bool landscape = false;
  std::vector<DrawnTable> tables;    // per block (tables only): as drawn
  std::vector<Fit> fits;             // per block (tables only)
  std::vector<double> drawing_pt;    // per block (drawings only)
  std::vector<size_t> drawing_rows;  // per block (drawings only): values in a column before the next one
};

Plan plan_of(const sheet::Sheet& s) {
  Plan p;
  p.fits.resize(s.blocks.size());
  p.tables.resize(s.blocks.size());
  p.drawing_pt.assign(s.blocks.size(), 10);
  p.drawing_rows.assign(s.blocks.size(), 15);
  for (size_t b = 0; b < s.blocks.size(); ++b) {
    const auto& block = s.blocks[b];
    if (block.drawing) {  // the first page and size it fits, with columns of 15 values, else longer columns
      bool fitted = false, landscape = true;  // nothing fits: landscape, 8 pt, one column each
      p.drawing_pt[b] = 8;
      p.drawing_rows[b] = 1000000;
      for (size_t rows : {15, 25, 40, 60, 100})
        for (const auto& c : k_candidates)
          if (!fitted && drawing_px(*block.drawing, c.pt, rows) <= page_px(c.landscape)) {
            p.drawing_pt[b] = c.pt;
            p.drawing_rows[b] = rows;
            landscape = c.landscape;
            fitted = true;
          }
      p.landscape = p.landscape || landscape;
    } else if (block.table) {
      p.tables[b] = drawn(*block.table, block.role);
      p.fits[b] = fit_table(p.tables[b]);
      if (auto t = transposed(p.tables[b])) {  // a matrix: headed by player when that fits better
        Fit f = fit_table(*t);
        if (f.rank < p.fits[b].rank) {
          p.tables[b] = std::move(*t);
          p.fits[b] = std::move(f);
        }
      }
      p.landscape = p.landscape || p.fits[b].landscape;
    }
  }
  return p;
}

// ---------------------------------------------------------------------------------------------------------------
// The page.
constexpr const char* k_css = R"css(
@page { size: A4 portrait; margin: 10mm; }
@page wide { size: A4 landscape; margin: 10mm; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font-family: "Liberation Sans", Arial, Helvetica, "DejaVu Sans", sans-serif; color: #000; background: #fff;
       font-size: 10pt; line-height: 1.25; margin: 0; }
section { width: 190mm; box-sizing: content-box; }
section.landscape { page: wide; width: 277mm; }
section + section { break-before: page; }
@media screen {
  body { background: #ddd; padding: 6mm 0; }
  section { background: #fff; margin: 0 auto 6mm; padding: 10mm; box-shadow: 0 0 3px #888; }
}
h1 { font-size: 16pt; margin: 0 0 4mm; }
h2 { font-size: 14pt; margin: 0 0 1mm; padding-bottom: 0.5mm; border-bottom: 2px solid #000; break-after: avoid; }
h3 { font-size: 11pt; margin: 4mm 0 1mm; break-after: avoid; }
p.sub { margin: 0 0 2mm; font-style: italic; }
div.block { margin: 1.5mm 0; overflow-wrap: anywhere; white-space: pre-wrap; break-inside: avoid; break-after: avoid; }
span.w { white-space: nowrap; }
div.block.result, div.block.settlement { font-weight: 700; }
div.block.notes { font-size: 9pt; }
table.sheet { border-collapse: collapse; margin: 2mm 0; break-inside: auto; }
table.sheet caption { caption-side: top; text-align: left; font-style: italic; font-size: 8pt; }
table.sheet th, table.sheet td { padding: 0.15em 0.4em; vertical-align: baseline; border-bottom: 0.5px solid #999;
                                 overflow-wrap: normal; word-break: normal; hyphens: manual; }
table.sheet th { font-weight: 700; border-bottom: 1.5px solid #000; vertical-align: bottom; }
table.sheet tr.groups th { border-bottom: 0.5px solid #000; text-align: center; }
table.sheet tr.groups th.blank { border-bottom: none; }
table.sheet .r { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
table.sheet td.l { text-align: left; }
table.sheet th.l { text-align: left; }
table.sheet .bar { border-right: 1.5px solid #000; }
table.sheet tr { break-inside: avoid; }
table.sheet.short { break-inside: avoid; }
table.sheet tr.running td { font-style: italic; border-bottom: 0.5px dotted #999; }
table.sheet tr.carried td { font-style: italic; }
table.sheet tr.ruled td, table.sheet tr.total td { border-top: 1.5px solid #000; }
table.sheet tr.total td { font-weight: 700; }
table.sheet.closed tbody tr:last-child td { border-bottom: 1.5px solid #000; }
table.sheet.underlined tbody tr:last-child td { border-bottom: 3px double #000; }
table.sheet.settlement td, table.sheet.received td { border-bottom: none; }
table.drawing { border-collapse: collapse; margin: 2mm 0; border: 1.5px solid #000; }
table.drawing td { vertical-align: top; padding: 0.5mm 1.5mm; text-align: center; font-variant-numeric: tabular-nums;
                   white-space: nowrap; }
table.drawing tr.top td { border-bottom: 1.5px solid #000; }
table.drawing td.first { border-left: 1.5px solid #000; }
table.drawing td.last { border-right: 1.5px solid #000; }
table.drawing td.tally.up { vertical-align: bottom; }
table.drawing td.left { text-align: left; }
table.drawing td.right { text-align: right; }
table.drawing td.centre { padding: 0.5mm 4mm; }
table.drawing .name { font-weight: 700; border-bottom: 0.5px solid #000; display: inline-block; margin-bottom: 0.5mm; }
table.drawing .label { font-size: 75%; font-style: italic; white-space: normal; }
table.drawing s { text-decoration-thickness: 1px; }
table.drawing div.vs { display: grid; width: max-content; grid-auto-columns: auto; column-gap: 0.8em; margin: 0 auto; }
table.drawing td.left div.vs { justify-items: start; margin: 0 auto 0 0; }
table.drawing td.right div.vs { justify-items: end; margin: 0 0 0 auto; }
svg.chart { display: block; margin: 3mm 0; break-inside: avoid; max-width: 100%; height: auto; }
table.summary { border-collapse: collapse; margin: 2mm 0 4mm; width: 100%; }
table.summary th, table.summary td { border: 1px solid #000; padding: 1mm 2mm; text-align: left; vertical-align: top; }
table.summary td.totals div { white-space: nowrap; }
table.corrections { border-collapse: collapse; font-size: 9pt; }
table.corrections td { padding: 0.3mm 2mm 0.3mm 0; vertical-align: baseline; }
table.corrections td.at { white-space: nowrap; }
p.outcome { margin: 1mm 0; font-style: italic; }
)css";

std::string section_open(const char* cls, bool landscape) {
  return std::string("<section class=\"") + cls + (landscape ? " landscape" : "") + "\" data-page-width=\"" +
         css_number(landscape ? 277 * k_mm : 190 * k_mm) + "\">\n";
}

std::string summary_html(const sheet::Document& d, bool titled) {
  std::string out = section_open("summary", false) +
                    (titled ? "<h1>" + html_escape(d.title) + "</h1>\n"
                            : "<h2>" + html_escape(text::tr("sheet.summary.results", "Results")) + "</h2>\n");
  out += "<table class=\"summary\">\n<thead><tr><th>" + html_escape(text::tr("sheet.summary.game", "Game")) +
         "</th><th>" + html_escape(text::tr("sheet.summary.winner", "Winner")) + "</th><th>" +
         html_escape(text::tr("sheet.summary.totals", "Final totals")) + "</th></tr></thead>\n<tbody>\n";
  for (const auto& p : d.parts) {
    std::string totals;
    for (const auto& pl : p.places)
      totals += "<div>" + std::to_string(pl.place) + ". " + html_escape(pl.who) + " " + html_escape(pl.total) +
                "</div>";
    out += "<tr><td><span class=\"w\">" + html_escape(p.heading) + "</span>" +
           (p.subheading.empty() ? "" : "<br><i>" + html_escape(p.subheading) + "</i>") + "</td><td><b>" +
           html_escape(p.finished ? winner_text(p) : text::tr("sheet.summary.in_progress_html", "in progress")) +
           "</b>" + (p.outcome.empty() ? "" : "<p class=\"outcome\">" + html_escape(p.outcome) + "</p>") +
           "</td><td class=\"totals\">" + totals + "</td></tr>\n";
  }
  return out + "</tbody>\n</table>\n</section>\n";
}

std::string part_html(const sheet::Part& p) {
  const Plan plan = plan_of(p.sheet);
  std::string out = section_open("game", plan.landscape) + "<h2>" + html_escape(p.heading) + "</h2>\n";
  if (!p.subheading.empty()) out += "<p class=\"sub\">" + html_escape(p.subheading) + "</p>\n";
  out += "<div class=\"sheet\">\n";
  for (size_t b = 0; b < p.sheet.blocks.size(); ++b) {
    const auto& block = p.sheet.blocks[b];
    if (block.drawing) {
      out += drawing_html(*block.drawing, plan.drawing_pt[b], plan.drawing_rows[b]);
    } else if (block.table) {
      const DrawnTable& t = plan.tables[b];
      const Fit& f = plan.fits[b];
      for (size_t k = 0; k < f.chunks.size(); ++k) out += table_html(t, f.chunks[k], f.pt, k, f.chunks.size());
    } else {
      std::string lines;
      for (const auto& l : block.lines)
        if (!l.empty()) lines += "<div>" + html_escape(l) + "</div>";
      if (!lines.empty()) out += "<div class=\"block " + html_escape(block.role) + "\">" + lines + "</div>\n";
    }
  }
  out += "</div>\n";
  if (!p.corrections.empty()) {
    out += "<h3>" + html_escape(text::tr("sheet.corrections.html", "Corrections")) +
           "</h3>\n<table class=\"corrections\">\n";
    for (const auto& c : p.corrections)
      out += "<tr><td class=\"at\">" + html_escape(c.at) + "</td><td class=\"at\">" +
             html_escape(text::tr("sheet.correction.hand", "hand {no}", text::Message().number("no", c.hand))) +
             "</td><td>" + html_escape(c.what) + "</td></tr>\n";
    out += "</table>\n";
  }
  out += svg_chart(p.sheet, k_portrait_px - 2);  // as wide as a portrait page, landscape or not
  return out + "</section>\n";
}

}  // namespace

std::string sheet_css() { return k_css; }

std::string sheet_sections(const sheet::Document& doc, bool titled) {
  std::string out;
  if (doc.night) out += summary_html(doc, titled);
  for (const auto& p : doc.parts) out += part_html(p);
  return out;
}

std::string render_html(const sheet::Document& doc) {
  return "<!DOCTYPE html>\n<html lang=\"" + text::language() + "\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
         html_escape(doc.title) + "</title>\n<style>" + k_css + "</style>\n</head>\n<body>\n" + sheet_sections(doc) +
         "</body>\n</html>\n";
}

}  // namespace marque::reports
