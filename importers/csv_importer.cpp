#include "importers/csv_importer.hpp"

#include <functional>
#include <map>
#include <memory>
#include <tuple>

#include "importers/json_importer.hpp"
#include "rules/engine.hpp"

namespace marque::importers {

using json = nlohmann::json;

std::vector<CsvRow> read_csv(const std::string& text, Diagnostics& diags) {
  std::vector<CsvRow> rows;
  for_each_csv_row(text, diags, [&](CsvRow&& row) { rows.push_back(std::move(row)); });
  return rows;
}

void for_each_csv_row(const std::string& text, Diagnostics& diags, const std::function<void(CsvRow&&)>& on_row) {
  size_t i = 0;
  if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) i = 3;
  int line = 1;
  CsvRow row{line, {}};
  std::string cell;
  bool quoted = false, any = false;
  auto end_row = [&] {
    row.cells.push_back(cell);
    cell.clear();
    bool blank = row.cells.size() == 1 && row.cells[0].empty();
    if (!blank) on_row(std::move(row));
    row = CsvRow{line, {}};
    any = false;
  };
  for (; i < text.size(); ++i) {
    char c = text[i];
    if (quoted) {
      if (c == '"') {
        if (i + 1 < text.size() && text[i + 1] == '"') {
          cell += '"';
          ++i;
        } else {
          quoted = false;
        }
      } else {
        if (c == '\n' || (c == '\r' && !(i + 1 < text.size() && text[i + 1] == '\n'))) ++line;
        cell += c;
      }
      continue;
    }
    if (c == '"' && cell.empty()) {
      quoted = true;
      any = true;
    } else if (c == ',') {
      row.cells.push_back(cell);
      cell.clear();
      any = true;
    } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
      continue;
    } else if (c == '\n' || c == '\r') {  // LF, CRLF, or a lone CR (old Mac line ends)
      ++line;
      end_row();
    } else {
      cell += c;
      any = true;
    }
  }
  if (quoted) {  // the unfinished row is not handed on: the open quote is the error
    diags.error("", "csv.quote", "line " + std::to_string(row.line) + ": a quoted cell is not closed");
    return;
  }
  if (any || !cell.empty()) end_row();
}

namespace {

bool reserved(const std::string& h) {
  return h == "game" || h == "table" || h == "date" || h == "league" || h == "venue" || h == "players" ||
         h == "first_dealer" || h.rfind("option.", 0) == 0 || h == "note_game";
}

[[noreturn]] void fail(const std::string& where, const std::string& field, const std::string& message) {
  Diagnostics d;
  d.error("", "csv.row", where + ": " + (field.empty() ? "" : field + ": ") + message);
  throw Rejected(d);
}

}  // namespace

std::vector<CsvGame> import_csv(const std::string& text, const std::string& name) {
  // rows are handled as they are read (a long file never sits in memory as a table of cells)
  std::vector<std::string> header;
  int game_col = -1;
  auto col = [&](const CsvRow& r, const std::string& h) -> std::string {
    for (size_t c = 0; c < header.size() && c < r.cells.size(); ++c)
      if (header[c] == h) return r.cells[c];
    return "";
  };
  auto check_utf8 = [&](const CsvRow& row) {
    // every cell is UTF-8 text (names and notes are stored and shown as such)
    for (size_t c = 0; c < row.cells.size(); ++c) {
      size_t at = 0;
      if (!valid_utf8(row.cells[c], &at))
        fail(name + ":" + std::to_string(row.line), c < header.size() && valid_utf8(header[c]) ? header[c] : "column " + std::to_string(c + 1),
             "not valid UTF-8 (byte " + std::to_string(at + 1) + " of the cell); save the file as UTF-8");
    }
  };
  auto read_header = [&](const CsvRow& row) {
    header = row.cells;
    check_utf8(row);
    for (size_t c = 0; c < header.size(); ++c)
      for (size_t k = 0; k < c; ++k)
        if (header[k] == header[c])
          fail(name + ":1", header[c], "this column appears twice (columns " + std::to_string(k + 1) + " and " + std::to_string(c + 1) +
                                           "); marque refuses a duplicate column rather than keep one of them");
    for (size_t c = 0; c < header.size(); ++c)
      if (header[c] == "game") game_col = static_cast<int>(c);
    if (game_col < 0) fail(name + ":1", "game", "no 'game' column (" + rules::game_list("or") + ")");
  };

  struct Building {
    CsvGame out;
    std::unique_ptr<rules::Game> state;
    const rules::GameRules* rules = nullptr;
  };
  std::vector<Building> games;
  std::map<std::tuple<std::string, std::string, std::string>, size_t> index;
  size_t row_count = 0, hand_count = 0;
  auto on_row = [&](CsvRow&& row) {
    if (row_count++ == 0) {
      read_header(row);
      return;
    }
    check_utf8(row);
    std::string where = name + ":" + std::to_string(row.line);
    if (row.cells.size() > header.size())
      fail(where, "", "this row has " + std::to_string(row.cells.size()) + " cells, the header " + std::to_string(header.size()));
    std::string kind = col(row, "game");
    auto key = std::make_tuple(kind, col(row, "table"), col(row, "date"));
    auto it = index.find(key);
    if (it == index.end()) {
      const auto* rules = rules::find_game(kind);
      if (!rules) fail(where, "game", "'" + kind + "' is not a game marque knows; one of " + rules::game_list());
      std::vector<std::pair<std::string, std::string>> kv;
      for (size_t c = 0; c < header.size() && c < row.cells.size(); ++c) {
        const auto& h = header[c];
        if (row.cells[c].empty()) continue;
        if (h == "players" || h == "first_dealer" || h.rfind("option.", 0) == 0) kv.emplace_back(h, row.cells[c]);
      }
      Diagnostics d;
      json setup = rules->setup_from_args(kv, d);
      auto state = d.has_errors() ? nullptr : rules->start(setup, d);
      if (!state) {
        auto e = d.errors().front();
        fail(where, e.field, e.message);
      }
      Building b;
      b.rules = rules;
      b.state = std::move(state);
      b.out.first_line = row.line;
      json meta = json::object();
      for (const char* m : {"date", "league", "venue"})
        if (!col(row, m).empty()) meta[m] = col(row, m);
      b.out.document = {{"format", "marque-game/1"}, {"game", kind}, {"setup", setup}, {"hands", json::array()}, {"meta", meta}};
      index[key] = games.size();
      games.push_back(std::move(b));
      it = index.find(key);
    }
    auto& b = games[it->second];
    std::vector<std::pair<std::string, std::string>> kv;
    for (size_t c = 0; c < header.size() && c < row.cells.size(); ++c)
      if (!reserved(header[c]) && !row.cells[c].empty()) kv.emplace_back(header[c], row.cells[c]);
    if (kv.empty()) return;  // a set-up-only row
    Diagnostics d;
    json rec = b.rules->record_from_args(kv, *b.state, d);
    if (d.has_errors()) {
      auto e = d.errors().front();
      fail(where, e.field, e.message);
    }
    Diagnostics pd;
    auto entry = b.state->play(rec, pd);
    if (!entry || pd.has_errors()) {
      auto e = pd.errors().front();
      fail(where, e.field, e.message);
    }
    if (++hand_count > k_max_file_hands)
      fail(where, "", "more than " + std::to_string(k_max_file_hands) + " hands in one file, the most marque reads; split it");
    b.out.hands.push_back(rec.dump());
    b.out.hand_lines.push_back(row.line);
  };
  Diagnostics rd;
  for_each_csv_row(text, rd, on_row);
  if (rd.has_errors()) fail(name, "", rd.errors().front().message);
  if (row_count == 0) fail(name, "", "the file is empty; the first row names the columns");
  if (row_count < 2) fail(name, "", "no rows after the header: nothing to import");
  std::vector<CsvGame> out;
  for (auto& b : games) out.push_back(std::move(b.out));
  return out;
}

}  // namespace marque::importers
