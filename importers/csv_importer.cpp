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

// A game being read from the file: its document so far, and the game its hands are played into (a hand is
// checked against the hands before it).
struct CsvBuilding {
  CsvGame out;
  std::unique_ptr<rules::Game> state;
  const rules::GameRules* rules = nullptr;
};

// One file being imported: the header row, then every row as it is read (a long file never sits in memory as
// a table of cells). Rows with the same (game, table, date) go to one game.
class CsvImport {
public:
  explicit CsvImport(const std::string& name) : m_name(name) {}

  void on_row(CsvRow&& row) {
    if (m_rows++ == 0) {
      read_header(row);
      return;
    }
    check_utf8(row);
    std::string where = m_name + ":" + std::to_string(row.line);
    if (row.cells.size() > m_header.size())
      fail(where, "",
           "this row has " + std::to_string(row.cells.size()) + " cells, the header " +
               std::to_string(m_header.size()));
    add_hand(game_of(row, where), row, where);
  }

  // the games read, once the whole file was (`read`: the CSV reader's own diagnostics)
  std::vector<CsvGame> finish(const Diagnostics& read) {
    if (read.has_errors()) fail(m_name, "", read.errors().front().message);
    if (m_rows == 0) fail(m_name, "", "the file is empty; the first row names the columns");
    if (m_rows < 2) fail(m_name, "", "no rows after the header: nothing to import");
    std::vector<CsvGame> out;
    for (auto& b : m_games) out.push_back(std::move(b.out));
    return out;
  }

private:
  std::string col(const CsvRow& r, const std::string& h) const {
    for (size_t c = 0; c < m_header.size() && c < r.cells.size(); ++c)
      if (m_header[c] == h) return r.cells[c];
    return "";
  }

  // every cell is UTF-8 text (names and notes are stored and shown as such)
  void check_utf8(const CsvRow& row) const {
    for (size_t c = 0; c < row.cells.size(); ++c) {
      size_t at = 0;
      if (!valid_utf8(row.cells[c], &at))
        fail(m_name + ":" + std::to_string(row.line),
             c < m_header.size() && valid_utf8(m_header[c]) ? m_header[c] : "column " + std::to_string(c + 1),
             "not valid UTF-8 (byte " + std::to_string(at + 1) + " of the cell); save the file as UTF-8");
    }
  }

  void read_header(const CsvRow& row) {
    m_header = row.cells;
    check_utf8(row);
    for (size_t c = 0; c < m_header.size(); ++c)
      for (size_t k = 0; k < c; ++k)
        if (m_header[k] == m_header[c])
          fail(m_name + ":1", m_header[c],
               "this column appears twice (columns " + std::to_string(k + 1) + " and " + std::to_string(c + 1) +
                   "); marque refuses a duplicate column rather than keep one of them");
    for (size_t c = 0; c < m_header.size(); ++c)
      if (m_header[c] == "game") m_game_col = static_cast<int>(c);
    if (m_game_col < 0) fail(m_name + ":1", "game", "no 'game' column (" + rules::game_list("or") + ")");
  }

  // the game this row belongs to, started from the row's set-up columns when it is the game's first row
  CsvBuilding& game_of(const CsvRow& row, const std::string& where) {
    std::string kind = col(row, "game");
    auto key = std::make_tuple(kind, col(row, "table"), col(row, "date"));
    auto it = m_index.find(key);
    if (it == m_index.end()) {
      CsvBuilding b = start_game(row, kind, where);
      m_index[key] = m_games.size();
      m_games.push_back(std::move(b));
      it = m_index.find(key);
    }
    return m_games[it->second];
  }

  CsvBuilding start_game(const CsvRow& row, const std::string& kind, const std::string& where) const {
    const auto* rules = rules::find_game(kind);
    if (!rules) fail(where, "game", "'" + kind + "' is not a game marque knows; one of " + rules::game_list());
    std::vector<std::pair<std::string, std::string>> kv;
    for (size_t c = 0; c < m_header.size() && c < row.cells.size(); ++c) {
      const auto& h = m_header[c];
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
    CsvBuilding b;
    b.rules = rules;
    b.state = std::move(state);
    b.out.first_line = row.line;
    json meta = json::object();
    for (const char* m : {"date", "league", "venue"})
      if (!col(row, m).empty()) meta[m] = col(row, m);
    b.out.document = {
        {"format", "marque-game/1"}, {"game", kind}, {"setup", setup}, {"hands", json::array()}, {"meta", meta}};
    return b;
  }

  // the row's hand fields (every column that is not set-up), decoded and played into the game; a row with
  // none only sets the game up
  void add_hand(CsvBuilding& b, const CsvRow& row, const std::string& where) {
    std::vector<std::pair<std::string, std::string>> kv;
    for (size_t c = 0; c < m_header.size() && c < row.cells.size(); ++c)
      if (!reserved(m_header[c]) && !row.cells[c].empty()) kv.emplace_back(m_header[c], row.cells[c]);
    if (kv.empty()) return;
    Diagnostics d;
    json rec = b.rules->record_from_args(kv, *b.state, d);
    if (d.has_errors()) {
      auto e = d.errors().front();
      fail(where, e.field, e.message);
    }
    Diagnostics pd;
    auto entry = b.state->play_hand(rec, pd);
    if (!entry || pd.has_errors()) {
      auto e = pd.errors().front();
      fail(where, e.field, e.message);
    }
    if (++m_hands > k_max_file_hands)
      fail(where, "",
           "more than " + std::to_string(k_max_file_hands) + " hands in one file, the most marque reads; split it");
    b.out.hands.push_back(rec.dump());
    b.out.hand_lines.push_back(row.line);
  }

  std::string m_name;
  std::vector<std::string> m_header;
  int m_game_col = -1;
  std::vector<CsvBuilding> m_games;
  std::map<std::tuple<std::string, std::string, std::string>, size_t> m_index;
  size_t m_rows = 0, m_hands = 0;
};

}  // namespace

std::vector<CsvGame> import_csv(const std::string& text, const std::string& name) {
  CsvImport import(name);
  Diagnostics read;
  for_each_csv_row(text, read, [&](CsvRow&& row) { import.on_row(std::move(row)); });
  return import.finish(read);
}

}  // namespace marque::importers
