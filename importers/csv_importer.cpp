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
    diags.error("", "csv.quote", text::Message("import.err.csv_quote").number("line", row.line), catalogue());
    return;
  }
  if (any || !cell.empty()) end_row();
}

namespace {

bool reserved(const std::string& h) {
  return h == "game" || h == "table" || h == "date" || h == "league" || h == "venue" || h == "players" ||
         h == "first_dealer" || h.rfind("option.", 0) == 0 || h == "note_game";
}

// "FILE:LINE: FIELD: MESSAGE" (the field, a column, when the rule concerns one)
[[noreturn]] void fail(const std::string& where, text::Message field, text::Message message) {
  Diagnostics d;
  text::Message words = field.empty() ? text::Message("import.err.csv_at") : text::Message("import.err.csv_at_field");
  words.text("where", where);
  if (!field.empty()) words.message("field", std::move(field));
  d.error("", "csv.row", words.message("message", std::move(message)), catalogue());
  throw Rejected(d);
}
[[noreturn]] void fail(const std::string& where, text::Message message) { fail(where, text::Message(), message); }
[[noreturn]] void fail(const std::string& where, const std::string& column, text::Message message) {
  fail(where, text::Message("rules.list.one").text("item", column), std::move(message));
}

// The same for a refusal of the game's own rules (`e`: its words are the game's catalogue's, said now in this
// thread's language; the English message as it was)
[[noreturn]] void fail(const std::string& where, const Diagnostic& e) {
  Diagnostic d;
  d.code = "csv.row";
  d.message = clip_message(where + ": " + (e.field.empty() ? "" : e.field + ": ") + e.message);
  d.words = text::Message(e.field.empty() ? "import.err.csv_at" : "import.err.csv_at_field").text("where", where);
  if (!e.field.empty()) d.words.text("field", e.field);
  d.words.text("message", e.said());
  d.catalogue = &catalogue();
  Diagnostics ds;
  ds.push(std::move(d));
  throw Rejected(ds);
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
      fail(where, text::Message("import.err.csv_cells")
                      .number("cells", static_cast<int64_t>(row.cells.size()))
                      .number("header", static_cast<int64_t>(m_header.size())));
    add_hand(game_of(row, where), row, where);
  }

  // the games read, once the whole file was (`read`: the CSV reader's own diagnostics)
  std::vector<CsvGame> finish(const Diagnostics& read) {
    if (read.has_errors()) fail(m_name, read.errors().front().words);
    if (m_rows == 0) fail(m_name, text::Message("import.err.csv_empty"));
    if (m_rows < 2) fail(m_name, text::Message("import.err.csv_no_rows"));
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
             c < m_header.size() && valid_utf8(m_header[c])
                 ? text::Message("rules.list.one").text("item", m_header[c])
                 : text::Message("import.err.csv_column").number("n", static_cast<int64_t>(c + 1)),
             text::Message("import.err.csv_utf8").number("byte", static_cast<int64_t>(at + 1)));
    }
  }

  void read_header(const CsvRow& row) {
    m_header = row.cells;
    check_utf8(row);
    for (size_t c = 0; c < m_header.size(); ++c)
      for (size_t k = 0; k < c; ++k)
        if (m_header[k] == m_header[c])
          fail(m_name + ":1", m_header[c],
               text::Message("import.err.csv_duplicate_column")
                   .number("first", static_cast<int64_t>(k + 1))
                   .number("second", static_cast<int64_t>(c + 1)));
    for (size_t c = 0; c < m_header.size(); ++c)
      if (m_header[c] == "game") m_game_col = static_cast<int>(c);
    if (m_game_col < 0)
      fail(m_name + ":1", "game", text::Message("import.err.csv_no_game").message("games", rules::game_list_words()));
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
    if (!rules)
      fail(where, "game",
           text::Message("import.err.csv_unknown_game").text("kind", kind).text("games", rules::game_list()));
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
      fail(where, d.errors().front());
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
      fail(where, d.errors().front());
    }
    Diagnostics pd;
    auto entry = b.state->play_hand(rec, pd);
    if (!entry || pd.has_errors()) {
      fail(where, pd.errors().front());
    }
    if (++m_hands > k_max_file_hands)
      fail(where, text::Message("import.err.csv_too_many").number("n", static_cast<int64_t>(k_max_file_hands)));
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
