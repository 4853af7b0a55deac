// A database's schema compared with exactly what the migrations make (schema/sql, embedded at build time):
// a schema can run code, so marque opens only its own.
#include <algorithm>
#include <array>
#include <iterator>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <SQLiteCpp/SQLiteCpp.h>

#include "core/diag.hpp"
#include "core/language.hpp"
#include "storage/migrations_data.hpp"
#include "storage/schema_texts.hpp"
#include "storage/store_impl.hpp"

namespace marque::storage::detail {

namespace {

// type, name, table, sql of every schema object, in a fixed order
using SchemaRows = std::vector<std::array<std::string, 4>>;
// SQLite's own statistics tables (made by ANALYZE, read only by the query planner) are not marque's schema
constexpr const char* k_schema_query = "SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_schema "
                                       "WHERE substr(name, 1, 11) <> 'sqlite_stat' ORDER BY type, name";
SchemaRows read_schema(SQLite::Database& db) {
  SchemaRows out;
  SQLite::Statement q(db, k_schema_query);
  while (q.executeStep())
    out.push_back({q.getColumn(0).getString(), q.getColumn(1).getString(), q.getColumn(2).getString(),
                   q.getColumn(3).getString()});
  return out;
}

// The schema each version's migrations make (index = version; 0 = empty), made once in memory.
const std::vector<SchemaRows>& expected_schemas() {
  static const std::vector<SchemaRows> all = [] {
    std::vector<SchemaRows> v(1);
    SQLite::Database mem(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    for (const auto& mig : k_migrations) {
      mem.exec(mig.sql);
      v.push_back(read_schema(mem));
    }
    return v;
  }();
  return all;
}

// the rows as one text, as tools/schema_gen.cpp writes k_schema_texts at build time
std::string schema_text(const SchemaRows& rows) {
  std::string out;
  for (const auto& r : rows)
    for (size_t c = 0; c < 4; ++c) {
      out += r[c];
      out += c < 3 ? '\x1f' : '\x1e';
    }
  return out;
}

// Whether the database's schema is, row by row, the text `want` (as schema_text writes it: k_schema_query's rows in
// its order, by type and name), read in place from SQLite's buffers: every command opens a database, and copying its
// forty rows' texts to compare them cost a hand about 0.35 M instructions (session 17). The rows are read as SQLite
// stores them, each found among `want`'s by its type and name (k_schema_query's filter and coalesce done here):
// sorting them, a fifth of a kilobyte each, cost 0.15 M more (session 18). False sends inspect() to the slow path,
// which decides.
bool schema_is(SQLite::Database& db, std::string_view want) {
  struct Row {
    std::string_view field[4];  // type, name, tbl_name, sql
    bool seen = false;
  };
  std::vector<Row> rows;
  rows.reserve(64);
  for (size_t at = 0; at < want.size();) {
    Row r;
    for (int c = 0; c < 4; ++c) {
      const size_t end = want.find(c < 3 ? '\x1f' : '\x1e', at);
      if (end == std::string_view::npos) return false;
      r.field[c] = want.substr(at, end - at);
      at = end + 1;
    }
    rows.push_back(r);
  }
  const auto before = [](const Row& r, const std::pair<std::string_view, std::string_view>& key) {
    return std::pair(r.field[0], r.field[1]) < key;
  };
  const auto text = [](const SQLite::Column& col) {
    return std::string_view(col.getText(""), static_cast<size_t>(col.getBytes()));
  };
  SQLite::Statement q(db, "SELECT type, name, tbl_name, sql FROM sqlite_schema");
  size_t found = 0;
  while (q.executeStep()) {
    const std::string_view name = text(q.getColumn(1));
    if (name.substr(0, 11) == "sqlite_stat") continue;
    const std::pair<std::string_view, std::string_view> key(text(q.getColumn(0)), name);
    const auto it = std::lower_bound(rows.begin(), rows.end(), key, before);
    if (it == rows.end() || it->seen || it->field[0] != key.first || it->field[1] != key.second ||
        it->field[2] != text(q.getColumn(2)) || it->field[3] != text(q.getColumn(3)))
      return false;
    it->seen = true;
    ++found;
  }
  return found == rows.size();
}

// "" when `have` is exactly `want`, else the first difference in words
std::string schema_difference(const SchemaRows& have, const SchemaRows& want) {
  std::map<std::pair<std::string, std::string>, std::pair<std::string, std::string>> w, h;
  for (const auto& r : want) w[{r[0], r[1]}] = {r[2], r[3]};
  for (const auto& r : have) h[{r[0], r[1]}] = {r[2], r[3]};
  for (const auto& [key, val] : h) {
    auto it = w.find(key);
    if (it == w.end()) return "an extra " + key.first + " \"" + shown(key.second) + "\"";
    if (it->second != val) return "a changed " + key.first + " \"" + shown(key.second) + "\"";
  }
  for (const auto& [key, val] : w)
    if (!h.count(key)) return "no " + key.first + " \"" + shown(key.second) + "\"";
  return "";
}

}  // namespace

bool schema_texts_match_migrations() {
  for (size_t v = 0; v < expected_schemas().size(); ++v)
    if (schema_text(expected_schemas()[v]) != k_schema_texts[v]) return false;
  return true;
}

int inspect(SQLite::Database& db, const std::string& what, const std::string& after) {
  int app = db.execAndGet("PRAGMA application_id").getInt();
  int objects = db.execAndGet("SELECT count(*) FROM sqlite_schema").getInt();
  if (app != k_application_id && (app != 0 || objects != 0))
    throw Error(k_exit_dataerr,
                text::tr("storage.not_marque", "{what} is not a marque database{after}",
                         text::Message().text("what", what).text("after", after)),
                text::tr("storage.not_marque.hint",
                         "it is some other SQLite file; name a marque database with --db, or a new file"));
  int version = db.execAndGet("PRAGMA user_version").getInt();
  int latest = static_cast<int>(std::size(k_migrations));
  if (version > latest)
    throw Error(k_exit_dataerr,
                text::tr("storage.newer_schema",
                         "{what} was written by a newer marque (schema {version}, this marque knows up to "
                         "{latest}){after}",
                         text::Message()
                             .text("what", what)
                             .text("version", std::to_string(version))
                             .text("latest", std::to_string(latest))
                             .text("after", after)),
                text::tr("storage.newer_schema.hint", "upgrade marque to open it"));
  if (version < 0)
    throw Error(k_exit_dataerr,
                what + " is not a marque database (schema version " + std::to_string(version) + ")" + after);
  // the schema made at build time; the migrations are run in memory only when it differs (for the message, and
  // in case this machine's SQLite writes a schema's text otherwise than the one marque was built with)
  static_assert(std::size(k_schema_texts) == std::size(k_migrations) + 1);
  if (schema_is(db, k_schema_texts[static_cast<size_t>(version)])) return version;
  const SchemaRows have = read_schema(db);
  std::string diff = schema_difference(have, expected_schemas()[static_cast<size_t>(version)]);
  if (!diff.empty())
    throw Error(k_exit_dataerr,
                what + " does not have the schema marque version " + std::to_string(version) + " makes: it has " +
                    diff + after,
                "a database's schema can run code, so marque opens only its own; restore a backup you trust "
                "(marque restore FILE --yes) or export from a trusted copy");
  return version;
}

}  // namespace marque::storage::detail
