#include "storage/store.hpp"

#include "core/unicode.hpp"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <ctime>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <filesystem>
#include <thread>
#include <unordered_map>

#include "core/output_file.hpp"

#include <SQLiteCpp/Backup.h>
#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include "core/diag.hpp"
#include "storage/migrations_data.hpp"

#include <nlohmann/json.hpp>

namespace fs = std::filesystem;

namespace marque::storage {

namespace {

constexpr int k_default_lock_timeout_s = 30;

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

[[noreturn]] void rethrow_sqlite(const SQLite::Exception& e, const std::string& path) {
  int code = e.getErrorCode();
  if (code == SQLITE_NOTADB)
    throw Error(k_exit_dataerr, path + " is not a marque database (not an SQLite file)");
  if (code == SQLITE_CORRUPT)
    throw Error(k_exit_dataerr, "the database " + path + " is damaged (" + e.what() + ")",
                "marque check reports what it can still read; restore a backup (marque restore FILE --yes)");
  if (code == SQLITE_BUSY || code == SQLITE_LOCKED)
    throw Error(k_exit_tempfail, "gave up after " + std::to_string(Store::lock_timeout_seconds()) + " s: another process kept " +
                                     path + " locked for writing; try again",
                "MARQUE_LOCK_TIMEOUT=SECONDS waits longer");
  if (code == SQLITE_CONSTRAINT)
    throw Error(k_exit_rejected, std::string("the database refused the change: ") + e.what());
  if (code == SQLITE_CANTOPEN) throw Error(k_exit_cantcreat, "cannot open the database " + path);
  if (code == SQLITE_READONLY)
    throw Error(k_exit_cantcreat, "the database " + path + " is read-only; this command changes it",
                "copy it to a writable place, or use a reading command (score, standings, export, check)");
  throw Error(k_exit_ioerr, "database error on " + path + ": " + e.what());
}

// A name from a foreign file, fit for one line of a message.
std::string shown(const std::string& s) {
  std::string out;
  for (unsigned char c : s.substr(0, 80)) {
    if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return s.size() > 80 ? out + "..." : out;
}

// Another process holds the write lock: say so at once (once per connection), wait, give up after the
// documented time (SQLITE_BUSY, exit 75).
}  // namespace
struct BusyWait {  // outside the anonymous namespace: Store::Impl holds one
  std::string path;
  bool told = false;
  std::chrono::steady_clock::time_point since;
};
namespace {
int on_busy(void* arg, int count) {
  auto* b = static_cast<BusyWait*>(arg);
  auto now = std::chrono::steady_clock::now();
  if (count == 0) b->since = now;
  int limit = Store::lock_timeout_seconds();
  if (!b->told) {
    // the one message storage prints: a command must not seem to hang
    std::fprintf(stderr, "marque: waiting for another process writing to %s (giving up after %d s)\n", b->path.c_str(), limit);
    std::fflush(stderr);
    b->told = true;
  }
  if (now - b->since >= std::chrono::seconds(limit)) return 0;
  std::this_thread::sleep_for(std::chrono::milliseconds(std::min(5 + 5 * count, 100)));
  return 1;
}

// RFC 8259 JSON text, checked by nlohmann/json's non-recursive acceptor (no document is built). Stricter
// than SQLite 3.40's own json_valid() in one way only: strings must be valid UTF-8, which every text marque
// writes is (nlohmann/json's dump refuses anything else).
bool valid_json(const unsigned char* p, size_t n) {
  return nlohmann::json::accept(std::string_view(reinterpret_cast<const char*>(p), n));
}

// json_valid() for marque's CHECK constraints, tagged innocuous: SQLite 3.40's own json_valid() is not, and
// with trusted_schema off a schema that uses it cannot even be loaded ("unsafe use of json_valid()").
void json_valid_fn(sqlite3_context* ctx, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) {
    sqlite3_result_null(ctx);
    return;
  }
  const unsigned char* text = sqlite3_value_text(argv[0]);
  int n = sqlite3_value_bytes(argv[0]);
  sqlite3_result_int(ctx, text && valid_json(text, static_cast<size_t>(n)) ? 1 : 0);
}

// json_valid() on a connection whose JSON columns the caller parses itself (Store::integrity_check)
void json_assumed_fn(sqlite3_context* ctx, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    sqlite3_result_null(ctx);
  else
    sqlite3_result_int(ctx, 1);
}

// copy: a read-only folder holding a write-ahead log without its -shm (see the Store constructor)
enum class Access { create, readwrite, readonly, immutable, copy };

std::string uri_of(const std::string& path, const char* params) {
  std::string u = "file:";
  std::string abs = fs::absolute(path).lexically_normal().string();
  for (unsigned char c : abs) {
    if (c == '?' || c == '#' || c == '%' || c < 0x21 || c >= 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "%%%02X", c);
      u += buf;
    } else {
      u += static_cast<char>(c);
    }
  }
  return *params ? u + "?" + params : u;
}

// One connection, hardened before anything is read: defensive mode (no writable schema, no shadow-table
// writes), triggers and views off, schema functions only when innocuous; foreign keys on.
std::unique_ptr<SQLite::Database> connect(const std::string& path, Access a, BusyWait* busy) {
  int flags = SQLite::OPEN_URI | SQLite::OPEN_NOMUTEX;
  const char* params = "";
  switch (a) {
    case Access::create: flags |= SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE; break;
    case Access::readwrite: flags |= SQLite::OPEN_READWRITE; break;
    case Access::readonly:
    case Access::copy: flags |= SQLite::OPEN_READONLY; params = "mode=ro"; break;
    case Access::immutable: flags |= SQLite::OPEN_READONLY; params = "immutable=1"; break;
  }
  auto db = std::make_unique<SQLite::Database>(uri_of(path, params), flags);
  sqlite3* h = db->getHandle();
  sqlite3_db_config(h, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
  sqlite3_db_config(h, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
  sqlite3_db_config(h, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
  sqlite3_db_config(h, SQLITE_DBCONFIG_ENABLE_VIEW, 0, nullptr);
  db->exec("PRAGMA trusted_schema = OFF");
  sqlite3_create_function_v2(h, "json_valid", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, nullptr,
                             json_valid_fn, nullptr, nullptr, nullptr);
  if (busy) sqlite3_busy_handler(h, on_busy, busy);
  db->exec("PRAGMA foreign_keys = ON");
  // a damaged page is noticed when read instead of being trusted
  db->exec("PRAGMA cell_size_check = ON");
  return db;
}

// type, name, table, sql of every schema object, in a fixed order
using SchemaRows = std::vector<std::array<std::string, 4>>;
SchemaRows read_schema(SQLite::Database& db) {
  SchemaRows out;
  // SQLite's own statistics tables (made by ANALYZE, read only by the query planner) are not marque's schema
  SQLite::Statement q(db, "SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_schema "
                          "WHERE substr(name, 1, 11) <> 'sqlite_stat' ORDER BY type, name");
  while (q.executeStep())
    out.push_back({q.getColumn(0).getString(), q.getColumn(1).getString(), q.getColumn(2).getString(), q.getColumn(3).getString()});
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

// Application id, version and schema of a database about to be used. Returns its schema version (0 for a
// new, empty file). `what` names the file in messages ("the database X", "the backup X"); `after` ends them.
int inspect(SQLite::Database& db, const std::string& what, const std::string& after) {
  int app = db.execAndGet("PRAGMA application_id").getInt();
  int objects = db.execAndGet("SELECT count(*) FROM sqlite_schema").getInt();
  if (app != k_application_id && (app != 0 || objects != 0))
    throw Error(k_exit_dataerr, what + " is not a marque database" + after,
                "it is some other SQLite file; name a marque database with --db, or a new file");
  int version = db.execAndGet("PRAGMA user_version").getInt();
  int latest = static_cast<int>(std::size(k_migrations));
  if (version > latest)
    throw Error(k_exit_dataerr,
                what + " was written by a newer marque (schema " + std::to_string(version) + ", this marque knows up to " +
                    std::to_string(latest) + ")" + after,
                "upgrade marque to open it");
  if (version < 0) throw Error(k_exit_dataerr, what + " is not a marque database (schema version " + std::to_string(version) + ")" + after);
  std::string diff = schema_difference(read_schema(db), expected_schemas()[static_cast<size_t>(version)]);
  if (!diff.empty())
    throw Error(k_exit_dataerr,
                what + " does not have the schema marque version " + std::to_string(version) + " makes: it has " + diff + after,
                "a database's schema can run code, so marque opens only its own; restore a backup you trust "
                "(marque restore FILE --yes) or export from a trusted copy");
  return version;
}

std::string integrity_of(SQLite::Database& db) {
  std::string out;
  SQLite::Statement q(db, "PRAGMA integrity_check(20)");
  try {
    while (q.executeStep()) {
      // one message a row, or several in one (SQLite 3.40: "*** in database main ***\nOn tree page ...\n...")
      std::string row = q.getColumn(0).getString();
      size_t start = 0;
      while (start <= row.size()) {
        size_t nl = row.find('\n', start);
        std::string line = row.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
        if (!line.empty() && line.rfind("*** in database", 0) != 0) out += (out.empty() ? "" : "; ") + line;
        if (nl == std::string::npos) break;
        start = nl + 1;
      }
    }
  } catch (const SQLite::Exception& e) {  // a badly damaged file: what was listed, then why it stopped
    if (out.empty() || out == "ok") out.clear();
    out += (out.empty() ? "" : "; ") + std::string(e.what());
  }
  return out.empty() ? std::string("ok") : out;
}

// the online backup of `src` into a new file `file` (temporary file, then renamed over it)
void copy_database(SQLite::Database& src, const std::string& file) {
  std::string tmp = file + ".tmp";
  std::error_code ec;
  fs::remove(tmp, ec);
  {
    SQLite::Database dest(tmp, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    SQLite::Backup b(dest, src);
    int rc = b.executeStep(-1);
    if (rc != SQLITE_DONE) throw SQLite::Exception("the copy to " + file + " did not complete", rc);
  }
  fs::rename(tmp, file, ec);
  if (ec) throw Error(k_exit_cantcreat, "cannot write " + file + ": " + ec.message());
}

}  // namespace

std::string default_db_path() {
  std::string p = env("MARQUE_DB");
  if (!p.empty()) return p;
  std::string data = env("XDG_DATA_HOME");
  if (data.empty()) {
    std::string home = env("HOME");
    if (home.empty()) home = ".";
    data = home + "/.local/share";
  }
  return data + "/marque/marque.db";
}

// Hands from `from_seq` on move by `by`: in two steps (out of range, then back) so that
// UNIQUE(game_id, seq) never collides mid-update.
static void move_seqs(SQLite::Database* db, int64_t game_id, int from_seq, int by) {
  constexpr int64_t k_far = 1000000000;
  SQLite::Statement up(*db, "UPDATE hands SET seq = seq + ? WHERE game_id = ? AND seq >= ?");
  up.bind(1, k_far);
  up.bind(2, game_id);
  up.bind(3, from_seq);
  up.exec();
  SQLite::Statement down(*db, "UPDATE hands SET seq = seq - ? WHERE game_id = ? AND seq > ?");
  down.bind(1, k_far - by);
  down.bind(2, game_id);
  down.bind(3, k_far);
  down.exec();
}

struct Store::Impl {
  std::string path;
  BusyWait busy;  // before db: the connection's busy handler points here
  std::unique_ptr<SQLite::Database> db;
  int version = 0;
  int upgraded_from = 0;
  bool read_only = false;
  std::string temp_dir;  // a private copy of a read-only database, removed on closing
  // Statements prepared once per connection (declared after db, so destroyed before it). Parsing the SQL
  // of every insert again cost a fifth of an import.
  std::unordered_map<std::string, std::unique_ptr<SQLite::Statement>> statements;

  // A cached statement in use: reset (releasing any read snapshot) and unbound when the scope ends.
  class Use {
  public:
    explicit Use(SQLite::Statement& s) : m_s(s) {}
    ~Use() {
      m_s.tryReset();
      try {
        m_s.clearBindings();
      } catch (...) {  // cannot fail once prepared; never throw from a destructor
      }
    }
    Use(const Use&) = delete;
    Use& operator=(const Use&) = delete;
    SQLite::Statement& operator*() { return m_s; }

  private:
    SQLite::Statement& m_s;
  };
  Use stmt(const std::string& sql) {
    auto& slot = statements[sql];
    if (!slot) slot = std::make_unique<SQLite::Statement>(*db, sql);
    return Use(*slot);
  }

  void insert_postings(int64_t hand_id, const std::vector<Amount>& deltas) {
    auto use = stmt("INSERT INTO postings(hand_id, position, units, per) VALUES (?, ?, ?, ?)");
    auto& p = *use;
    for (size_t i = 0; i < deltas.size(); ++i) {
      p.bind(1, hand_id);
      p.bind(2, static_cast<int64_t>(i));
      p.bind(3, deltas[i].units);
      p.bind(4, deltas[i].per);
      p.exec();
      p.reset();
    }
  }
};

int Store::latest_schema_version() { return static_cast<int>(std::size(k_migrations)); }

int Store::lock_timeout_seconds() {
  std::string v = env("MARQUE_LOCK_TIMEOUT");
  if (!v.empty() && v.find_first_not_of("0123456789") == std::string::npos && v.size() < 7) return std::stoi(v);
  return k_default_lock_timeout_s;
}

Store::Store(const std::string& path, Mode mode, const Deriver& derive) : m(std::make_unique<Impl>()) {
  m->path = path;
  m->busy.path = path;
  if (sqlite3_libversion_number() < 3037000)
    throw Error(k_exit_software, std::string("SQLite ") + sqlite3_libversion() + " is too old; marque needs 3.37 or newer");
  bool exists = fs::exists(path);
  if (!exists && mode == Mode::read)
    throw Error(k_exit_noinput, "no database at " + path,
                "record a game first (marque start / marque import), or name one with --db");
  fs::path parent = fs::path(path).parent_path();
  if (!exists) {
    std::error_code ec;
    if (!parent.empty()) fs::create_directories(parent, ec);
    if (ec) throw Error(k_exit_cantcreat, "cannot create the folder " + parent.string() + ": " + ec.message());
  }
  // A file or folder this process cannot write (a read-only mount, a file of another user): reading commands
  // open it read-only (immutable when nothing can change it: no folder to write a -wal or -shm in).
  const std::string dir = parent.empty() ? std::string(".") : parent.string();
  const bool dir_writable = ::access(dir.c_str(), W_OK) == 0;
  const bool file_writable = !exists || ::access(path.c_str(), W_OK) == 0;
  std::vector<Access> tries;
  if (!exists) {
    tries = {Access::create};
  } else if (dir_writable && file_writable) {
    tries = {Access::readwrite};
  } else if (mode == Mode::write) {
    throw Error(k_exit_cantcreat,
                "the database " + path + " is read-only (" + (file_writable ? "its folder" : "the file") +
                    " cannot be written); this command changes it",
                "copy it to a writable place, or use a reading command (score, standings, export, check)");
  } else {
    std::error_code ec;
    bool wal = fs::exists(path + "-wal", ec) && fs::file_size(path + "-wal", ec) > 0;
    bool shm = fs::exists(path + "-shm", ec);
    if (!dir_writable && !wal)
      tries = {Access::immutable};
    else if (!dir_writable && !shm)
      tries = {Access::copy};  // commits still in the log, and no -shm can be made beside it
    else
      tries = {Access::readonly, Access::copy};
  }
  try {
    int version = 0;
    for (size_t i = 0;; ++i) {
      try {
        std::string open_path = path;
        if (tries[i] == Access::copy) {
          // the database and its write-ahead log copied to a private folder, where SQLite can replay the log
          std::error_code tec;
          std::string t = (fs::temp_directory_path(tec) / "marque-read-only-XXXXXX").string();
          std::vector<char> tmpl(t.begin(), t.end());
          tmpl.push_back('\0');
          if (!::mkdtemp(tmpl.data())) throw Error(k_exit_cantcreat, "cannot create a temporary folder to read " + path);
          m->temp_dir = tmpl.data();
          open_path = m->temp_dir + "/copy.db";
          std::error_code ec;
          fs::copy_file(path, open_path, ec);
          if (!ec) fs::copy_file(path + "-wal", open_path + "-wal", ec);
          if (ec) throw Error(k_exit_ioerr, "cannot read " + path + " (copying it with its write-ahead log: " + ec.message() + ")");
        }
        m->db = connect(open_path, tries[i] == Access::copy ? Access::readonly : tries[i], &m->busy);
        // one snapshot: another process may be creating or upgrading the database right now
        m->db->exec("BEGIN");
        try {
          version = inspect(*m->db, "the database " + path, "");
        } catch (...) {
          m->db->exec("ROLLBACK");
          throw;
        }
        m->db->exec("COMMIT");
        break;
      } catch (const SQLite::Exception& e) {
        // a read-only WAL database whose -shm cannot be used: read a private copy
        if (i + 1 < tries.size() && (e.getErrorCode() == SQLITE_CANTOPEN || e.getErrorCode() == SQLITE_READONLY)) continue;
        throw;
      }
    }
    m->read_only = tries.front() != Access::create && tries.front() != Access::readwrite;
    // one connection per process, used by one thread: no per-call mutex (a tenth of a standings run)
    // 64 MB of page cache (allocated only as used): a large import keeps its index pages instead of spilling
    m->db->exec("PRAGMA cache_size = -65536");
    m->version = version;
    const int latest = latest_schema_version();
    if (!m->read_only) {
      // outside any transaction (a journal mode cannot change inside one); waits for other processes
      m->db->exec("PRAGMA journal_mode = WAL");
      // FULL: the write-ahead log is synced at every commit, so a hand reported "recorded" survives a power cut
      // too (NORMAL could lose the last commits; it saves about a millisecond a hand)
      m->db->exec("PRAGMA synchronous = FULL");
    }
    if (m->version < latest) {
      if (m->read_only)
        throw Error(k_exit_cantcreat,
                    "the database " + path + " has schema " + std::to_string(m->version) + " and must be upgraded to " +
                        std::to_string(latest) + ", but it is read-only",
                    "open it once where its file and folder can be written");
      // Creation and upgrade are serialised: the version is read again under the write lock, so a second
      // process waits here and then finds the work done. Backup, migrations and the derivation commit together.
      // Foreign keys are off while the migrations run (a migration that rebuilds a table must not cascade to the
      // rows that refer to it; the pragma only works outside a transaction) and are all checked before the commit.
      m->db->exec("PRAGMA foreign_keys = OFF");
      m->db->exec("BEGIN IMMEDIATE");
      try {
        m->version = inspect(*m->db, "the database " + path, "");
        if (m->version < latest) {
          if (m->version > 0) {
            m->upgraded_from = m->version;
            // back up before touching an existing database (nobody can write it while we hold the lock; a
            // second connection reads the last commit, the old schema)
            auto reader = connect(path, Access::readonly, nullptr);
            copy_database(*reader, path + ".pre-v" + std::to_string(latest) + ".bak");
          }
          for (const auto& mig : k_migrations) {
            if (mig.version <= m->version) continue;
            if (m->version == 0) m->db->exec("PRAGMA application_id = " + std::to_string(k_application_id));
            m->db->exec(mig.sql);
            m->db->exec("PRAGMA user_version = " + std::to_string(mig.version));
          }
          if (m->db->execAndGet("SELECT count(*) FROM pragma_foreign_key_check").getInt() != 0)
            throw Error(k_exit_dataerr, "the database " + path + " cannot be upgraded: rows refer to rows that do not exist",
                        "run `marque check` with the previous marque, or restore a backup");
          const int from = m->version;
          m->version = latest;
          if (from > 0 && derive) derive(*this, from);
        }
        m->db->exec("COMMIT");
        m->db->exec("PRAGMA foreign_keys = ON");
      } catch (...) {
        try {
          m->db->exec("ROLLBACK");
        } catch (...) {
        }
        try {
          m->db->exec("PRAGMA foreign_keys = ON");
        } catch (...) {
        }
        throw;
      }
    }
  } catch (const SQLite::Exception& e) {
    rethrow_sqlite(e, path);
  }
}

Store::~Store() {
  if (m->temp_dir.empty()) return;
  m->statements.clear();
  m->db.reset();
  std::error_code ec;
  fs::remove_all(m->temp_dir, ec);
}

const std::string& Store::path() const { return m->path; }
int Store::schema_version() const { return m->version; }
int Store::upgraded_from() const { return m->upgraded_from; }


Store::Transaction::Transaction(Store& s) : m_store(s) {
  // BEGIN IMMEDIATE takes the write lock now; while another process holds it the busy handler says so at
  // once and waits up to lock_timeout_seconds(), then exit 75.
  try {
    m_store.m->db->exec("BEGIN IMMEDIATE");
  } catch (const SQLite::Exception& e) {
    rethrow_sqlite(e, m_store.m->path);
  }
}

Store::Transaction::~Transaction() {
  if (!m_done) {
    try {
      m_store.m->db->exec("ROLLBACK");
    } catch (...) {
    }
  }
}

void Store::Transaction::commit() {
  try {
    m_store.m->db->exec("COMMIT");
    m_done = true;
  } catch (const SQLite::Exception& e) {
    rethrow_sqlite(e, m_store.m->path);
  }
}

Store::ReadTransaction::ReadTransaction(Store& s) : m_store(s) {
  try {
    m_store.m->db->exec("BEGIN");
    m_store.m->db->execAndGet("SELECT count(*) FROM sqlite_schema");  // the snapshot starts here
  } catch (const SQLite::Exception& e) {
    rethrow_sqlite(e, m_store.m->path);
  }
}

Store::ReadTransaction::~ReadTransaction() {
  try {
    m_store.m->db->exec("COMMIT");
  } catch (...) {
  }
}

#define MARQUE_DB_TRY try {
#define MARQUE_DB_CATCH                   \
  }                                       \
  catch (const SQLite::Exception& e) {    \
    rethrow_sqlite(e, m->path);           \
  }

int64_t Store::player_id(const std::string& name, bool create) {
  MARQUE_DB_TRY
  // the exact spelling first, then the folded name (two old rows may share a folded name until merged)
  auto q_use = m->stmt("SELECT id FROM players WHERE name = ?1 OR name = ?1 COLLATE NOCASE OR folded = ?2 "
                       "ORDER BY name = ?1 DESC, name = ?1 COLLATE NOCASE DESC, id LIMIT 1");
  auto& q = *q_use;
  const std::string key = unicode::fold(name);
  q.bind(1, name);
  q.bind(2, key);
  if (q.executeStep()) {
    int64_t id = q.getColumn(0).getInt64();
    while (q.executeStep()) {
    }
    return id;
  }
  if (!create) return 0;
  auto ins_use = m->stmt("INSERT INTO players(name, folded) VALUES (?, ?)");
  auto& ins = *ins_use;
  ins.bind(1, name);
  ins.bind(2, key);
  ins.exec();
  return m->db->getLastInsertRowid();
  MARQUE_DB_CATCH
}

std::string Store::player_name(const std::string& name) {
  MARQUE_DB_TRY
  auto q_use = m->stmt("SELECT name FROM players WHERE name = ?1 OR name = ?1 COLLATE NOCASE OR folded = ?2 "
                       "ORDER BY name = ?1 DESC, name = ?1 COLLATE NOCASE DESC, id LIMIT 1");
  auto& q = *q_use;
  q.bind(1, name);
  q.bind(2, unicode::fold(name));
  std::string out;
  if (q.executeStep()) {
    out = q.getColumn(0).getString();
    while (q.executeStep()) {
    }
  }
  return out;
  MARQUE_DB_CATCH
}

void Store::refold_players() {
  MARQUE_DB_TRY
  std::vector<std::pair<int64_t, std::string>> all;
  {
    SQLite::Statement q(*m->db, "SELECT id, name FROM players");
    while (q.executeStep()) all.emplace_back(q.getColumn(0).getInt64(), q.getColumn(1).getString());
  }
  SQLite::Statement u(*m->db, "UPDATE players SET folded = ? WHERE id = ?");
  for (const auto& [id, name] : all) {
    u.bind(1, unicode::fold(name));
    u.bind(2, id);
    u.exec();
    u.reset();
  }
  MARQUE_DB_CATCH
}

std::string Store::setting(const std::string& key) {
  MARQUE_DB_TRY
  auto q_use = m->stmt("SELECT value FROM settings WHERE key = ?");
  auto& q = *q_use;
  q.bind(1, key);
  std::string out;
  if (q.executeStep()) {
    out = q.getColumn(0).getString();
    while (q.executeStep()) {
    }
  }
  return out;
  MARQUE_DB_CATCH
}

void Store::set_setting(const std::string& key, const std::string& value) {
  MARQUE_DB_TRY
  auto q_use = m->stmt("INSERT INTO settings(key, value) VALUES (?1, ?2) ON CONFLICT(key) DO UPDATE SET value = ?2");
  auto& q = *q_use;
  q.bind(1, key);
  q.bind(2, value);
  q.exec();
  MARQUE_DB_CATCH
}

std::vector<std::pair<int64_t, std::string>> Store::players() {
  MARQUE_DB_TRY
  std::vector<std::pair<int64_t, std::string>> out;
  SQLite::Statement q(*m->db, "SELECT id, name FROM players ORDER BY name COLLATE NOCASE");
  while (q.executeStep()) out.emplace_back(q.getColumn(0).getInt64(), q.getColumn(1).getString());
  return out;
  MARQUE_DB_CATCH
}

std::optional<int64_t> Store::league_id(const std::string& name, bool create) {
  MARQUE_DB_TRY
  if (name.empty()) return std::nullopt;
  auto q_use = m->stmt("SELECT id FROM leagues WHERE name = ? COLLATE NOCASE");
  auto& q = *q_use;
  q.bind(1, name);
  if (q.executeStep()) return q.getColumn(0).getInt64();
  if (!create) return std::nullopt;
  auto ins_use = m->stmt("INSERT INTO leagues(name) VALUES (?)");
  auto& ins = *ins_use;
  ins.bind(1, name);
  ins.exec();
  return m->db->getLastInsertRowid();
  MARQUE_DB_CATCH
}

int64_t Store::create_game(const std::string& game, const json& setup, int rules_version, const json& meta,
                           const std::vector<std::string>& players, const std::string& source,
                           std::optional<int64_t> night_id, const std::string& import_key,
                           const GameDerived* derived) {
  MARQUE_DB_TRY
  std::optional<int64_t> league;
  if (meta.contains("league") && meta["league"].is_string()) league = league_id(meta["league"].get<std::string>(), true);
  const GameDerived none;
  const GameDerived& d = derived ? *derived : none;
  auto ins_use = m->stmt("INSERT INTO games(game, setup, rules_version, league_id, played_on, meta, source, night_id, "
                         "import_key, status, summary, hand_count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  auto& ins = *ins_use;
  ins.bind(1, game);
  ins.bind(2, setup.dump());
  ins.bind(3, rules_version);
  if (league)
    ins.bind(4, *league);
  else
    ins.bind(4);
  if (meta.contains("date") && meta["date"].is_string() && !meta["date"].get<std::string>().empty())
    ins.bind(5, meta["date"].get<std::string>());
  else
    ins.bind(5);
  ins.bind(6, meta.is_object() ? meta.dump() : std::string("{}"));
  ins.bind(7, source);
  if (night_id)
    ins.bind(8, *night_id);
  else
    ins.bind(8);
  if (import_key.empty())
    ins.bind(9);
  else
    ins.bind(9, import_key);
  ins.bind(10, d.status);
  ins.bind(11, d.summary);
  ins.bind(12, d.hand_count);
  ins.exec();
  int64_t id = m->db->getLastInsertRowid();
  auto seat_use = m->stmt("INSERT INTO game_players(game_id, position, player_id, place, points_units, points_per, "
                          "team_result) VALUES (?, ?, ?, ?, ?, ?, ?)");
  auto& seat = *seat_use;
  for (size_t i = 0; i < players.size(); ++i) {
    int64_t pid = player_id(players[i], true);
    seat.bind(1, id);
    seat.bind(2, static_cast<int64_t>(i));
    seat.bind(3, pid);
    const SeatStanding standing = i < d.seats.size() ? d.seats[i] : SeatStanding{};
    seat.bind(4, standing.place);
    seat.bind(5, standing.points.units);
    seat.bind(6, standing.points.per);
    if (standing.team_result.empty())
      seat.bind(7);
    else
      seat.bind(7, standing.team_result);
    seat.exec();
    seat.reset();
  }
  return id;
  MARQUE_DB_CATCH
}

namespace {
// Stored JSON text, parsed; a damaged text (a flipped byte PRAGMA integrity_check cannot see) is exit 65
// naming the game and the hand, never an internal error.
json stored_json(const std::string& text, int64_t game_id, int seq, const char* what) {
  json j = json::parse(text, nullptr, false);
  if (j.is_discarded())
    throw Error(k_exit_dataerr,
                "game " + std::to_string(game_id) + (seq ? " hand " + std::to_string(seq) : std::string()) + ": the stored " +
                    what + " is damaged (not valid JSON)",
                "marque check lists every damaged row; restore a backup (marque restore FILE --yes)");
  return j;
}
GameRow read_game(SQLite::Statement& q) {
  GameRow g;
  g.id = q.getColumn(0).getInt64();
  g.game = q.getColumn(1).getString();
  g.setup = stored_json(q.getColumn(2).getString(), g.id, 0, "set-up");
  g.meta = stored_json(q.getColumn(3).getString(), g.id, 0, "meta");
  g.status = q.getColumn(4).getString();
  g.source = q.getColumn(5).getString();
  g.created_at = q.getColumn(6).getString();
  g.hands = q.getColumn(7).getInt64();
  if (!q.getColumn(8).isNull()) g.night_id = q.getColumn(8).getInt64();
  g.summary = stored_json(q.getColumn(9).getString(), g.id, 0, "summary");
  g.hand_count = q.getColumn(10).getInt64();
  g.ended = q.getColumn(11).getString();
  if (!q.getColumn(12).isNull()) g.series_id = q.getColumn(12).getInt64();
  return g;
}
SeatStanding read_seat(SQLite::Statement& q, int first) {
  SeatStanding s;
  s.place = q.getColumn(first).getInt();
  s.points = {q.getColumn(first + 1).getInt64(), std::max<int64_t>(1, q.getColumn(first + 2).getInt64())};
  if (!q.getColumn(first + 3).isNull()) s.team_result = q.getColumn(first + 3).getString();
  return s;
}
constexpr const char* k_game_cols =
    "SELECT g.id, g.game, g.setup, g.meta, g.status, g.source, g.created_at, "
    "(SELECT count(*) FROM hands h WHERE h.game_id = g.id), g.night_id, g.summary, g.hand_count, "
    "coalesce(g.ended, ''), g.series_id FROM games g ";
}  // namespace

std::optional<GameRow> Store::game(int64_t id) {
  MARQUE_DB_TRY
  auto q_use = m->stmt(std::string(k_game_cols) + "WHERE g.id = ?");
  auto& q = *q_use;
  q.bind(1, id);
  if (!q.executeStep()) return std::nullopt;
  GameRow g = read_game(q);
  auto p_use = m->stmt("SELECT p.name, gp.place, gp.points_units, gp.points_per, gp.team_result FROM game_players gp "
                       "JOIN players p ON p.id = gp.player_id WHERE gp.game_id = ? ORDER BY gp.position");
  auto& p = *p_use;
  p.bind(1, id);
  while (p.executeStep()) {
    g.players.push_back(p.getColumn(0).getString());
    g.seats.push_back(read_seat(p, 1));
  }
  return g;
  MARQUE_DB_CATCH
}

std::optional<int64_t> Store::game_by_import_key(const std::string& key) {
  MARQUE_DB_TRY
  auto q_use = m->stmt("SELECT id FROM games WHERE import_key = ?");
  auto& q = *q_use;
  q.bind(1, key);
  if (q.executeStep()) return q.getColumn(0).getInt64();
  return std::nullopt;
  MARQUE_DB_CATCH
}

int64_t Store::create_night(const std::string& date, const std::string& venue, const std::string& league,
                            const std::string& note) {
  MARQUE_DB_TRY
  auto lid = league_id(league, true);
  SQLite::Statement q(*m->db, "INSERT INTO nights(date, venue, league_id, note) VALUES (?, ?, ?, ?)");
  q.bind(1, date);
  if (venue.empty()) q.bind(2); else q.bind(2, venue);
  if (lid) q.bind(3, *lid); else q.bind(3);
  if (note.empty()) q.bind(4); else q.bind(4, note);
  q.exec();
  return m->db->getLastInsertRowid();
  MARQUE_DB_CATCH
}

namespace {
constexpr const char* k_night_cols =
    "SELECT n.id, n.date, coalesce(n.venue, ''), coalesce(l.name, ''), coalesce(n.note, '') "
    "FROM nights n LEFT JOIN leagues l ON l.id = n.league_id ";
}

std::optional<NightRow> Store::night(int64_t id) {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db, std::string(k_night_cols) + "WHERE n.id = ?");
  q.bind(1, id);
  if (!q.executeStep()) return std::nullopt;
  NightRow n{q.getColumn(0).getInt64(), q.getColumn(1).getString(), q.getColumn(2).getString(),
             q.getColumn(3).getString(), q.getColumn(4).getString(), {}};
  SQLite::Statement g(*m->db, "SELECT id FROM games WHERE night_id = ? ORDER BY id");
  g.bind(1, id);
  while (g.executeStep()) n.games.push_back(g.getColumn(0).getInt64());
  return n;
  MARQUE_DB_CATCH
}

std::optional<int64_t> Store::latest_night() {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db, "SELECT max(id) FROM nights");
  if (q.executeStep() && !q.getColumn(0).isNull()) return q.getColumn(0).getInt64();
  return std::nullopt;
  MARQUE_DB_CATCH
}

std::vector<NightRow> Store::nights() {
  MARQUE_DB_TRY
  std::vector<int64_t> ids;
  SQLite::Statement q(*m->db, "SELECT id FROM nights ORDER BY id");
  while (q.executeStep()) ids.push_back(q.getColumn(0).getInt64());
  std::vector<NightRow> out;
  for (auto id : ids) out.push_back(*night(id));
  return out;
  MARQUE_DB_CATCH
}

std::optional<int64_t> Store::latest_game() {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db, "SELECT max(id) FROM games WHERE ended IS NOT 'deleted'");
  if (q.executeStep() && !q.getColumn(0).isNull()) return q.getColumn(0).getInt64();
  return std::nullopt;
  MARQUE_DB_CATCH
}

void Store::set_ended(int64_t game_id, const std::string& ended) {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db, "UPDATE games SET ended = ? WHERE id = ?");
  if (ended.empty())
    q.bind(1);
  else
    q.bind(1, ended);
  q.bind(2, game_id);
  q.exec();
  MARQUE_DB_CATCH
}

void Store::set_series(int64_t game_id, int64_t series_id) {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db, "UPDATE games SET series_id = ? WHERE id = ?");
  q.bind(1, series_id);
  q.bind(2, game_id);
  q.exec();
  MARQUE_DB_CATCH
}

std::vector<int64_t> Store::series_games(int64_t series_id) {
  MARQUE_DB_TRY
  std::vector<int64_t> out;
  SQLite::Statement q(*m->db, "SELECT id FROM games WHERE (id = ?1 OR series_id = ?1) AND ended IS NOT 'deleted' ORDER BY id");
  q.bind(1, series_id);
  while (q.executeStep()) out.push_back(q.getColumn(0).getInt64());
  return out;
  MARQUE_DB_CATCH
}

std::vector<GameRow> Store::games() {
  MARQUE_DB_TRY
  std::vector<GameRow> out;
  SQLite::Statement q(*m->db, std::string(k_game_cols) + "ORDER BY g.id");
  while (q.executeStep()) out.push_back(read_game(q));
  SQLite::Statement p(*m->db,
                      "SELECT gp.game_id, p.name, gp.place, gp.points_units, gp.points_per, gp.team_result FROM game_players gp "
                      "JOIN players p ON p.id = gp.player_id ORDER BY gp.game_id, gp.position");
  size_t i = 0;
  while (p.executeStep()) {
    int64_t gid = p.getColumn(0).getInt64();
    while (i < out.size() && out[i].id < gid) ++i;
    if (i < out.size() && out[i].id == gid) {
      out[i].players.push_back(p.getColumn(1).getString());
      out[i].seats.push_back(read_seat(p, 2));
    }
  }
  return out;
  MARQUE_DB_CATCH
}

std::vector<int64_t> Store::game_ids() {
  MARQUE_DB_TRY
  std::vector<int64_t> out;
  SQLite::Statement q(*m->db, "SELECT id FROM games ORDER BY id");
  while (q.executeStep()) out.push_back(q.getColumn(0).getInt64());
  return out;
  MARQUE_DB_CATCH
}

std::optional<RawGame> Store::raw_game(int64_t id) {
  MARQUE_DB_TRY
  RawGame g;
  {
    auto q_use = m->stmt("SELECT id, game, setup, meta, summary, status, hand_count FROM games WHERE id = ?");
    auto& q = *q_use;
    q.bind(1, id);
    if (!q.executeStep()) return std::nullopt;
    g.id = q.getColumn(0).getInt64();
    g.game = q.getColumn(1).getString();
    g.setup = q.getColumn(2).getString();
    g.meta = q.getColumn(3).getString();
    g.summary = q.getColumn(4).getString();
    g.status = q.getColumn(5).getString();
    g.hand_count = q.getColumn(6).getInt64();
  }
  {
    auto p_use = m->stmt("SELECT p.name, gp.place, gp.points_units, gp.points_per, gp.team_result FROM game_players gp "
                         "JOIN players p ON p.id = gp.player_id WHERE gp.game_id = ? ORDER BY gp.position");
    auto& p = *p_use;
    p.bind(1, id);
    while (p.executeStep()) {
      g.players.push_back(p.getColumn(0).getString());
      g.seats.push_back(read_seat(p, 1));
    }
  }
  {
    auto h_use = m->stmt("SELECT id, seq, record, score FROM hands WHERE game_id = ? ORDER BY seq");
    auto& h = *h_use;
    h.bind(1, id);
    while (h.executeStep())
      g.hands.push_back({h.getColumn(0).getInt64(), h.getColumn(1).getInt(), h.getColumn(2).getString(), h.getColumn(3).getString()});
  }
  auto q_use = m->stmt("SELECT h.seq, p.position, p.units, p.per FROM hands h JOIN postings p ON p.hand_id = h.id "
                       "WHERE h.game_id = ? ORDER BY h.seq, p.position");
  auto& q = *q_use;
  q.bind(1, id);
  while (q.executeStep()) {
    auto seq = static_cast<size_t>(q.getColumn(0).getInt());
    auto pos = static_cast<size_t>(q.getColumn(1).getInt());
    if (seq < 1 || seq > 1000000000 || pos > 1000) continue;  // a damaged row: the comparison reports the game
    if (g.postings.size() < seq) g.postings.resize(seq);
    auto& row = g.postings[seq - 1];
    if (row.size() <= pos) row.resize(pos + 1);
    row[pos] = {q.getColumn(2).getInt64(), std::max<int64_t>(1, q.getColumn(3).getInt64())};
  }
  return g;
  MARQUE_DB_CATCH
}

namespace {
// WHERE clauses of a summary filter over games g (joined to leagues l), and their bindings
std::string filter_sql(const Store::SummaryFilter& f) {
  // a game counts once it has a hand, unless it was abandoned or deleted
  std::string sql = " AND g.hand_count > 0 AND (g.ended IS NULL OR g.ended = 'closed')";
  if (!f.league.empty()) sql += " AND l.name = :league COLLATE NOCASE";
  if (!f.game.empty()) sql += " AND g.game = :game";
  if (!f.from.empty()) sql += " AND g.played_on >= :from";
  if (!f.to.empty()) sql += " AND g.played_on <= :to";
  if (f.players) sql += " AND (SELECT count(*) FROM game_players n WHERE n.game_id = g.id) = :players";
  return sql;
}
void bind_filter(SQLite::Statement& q, const Store::SummaryFilter& f) {
  if (!f.league.empty()) q.bind(":league", f.league);
  if (!f.game.empty()) q.bind(":game", f.game);
  if (!f.from.empty()) q.bind(":from", f.from);
  if (!f.to.empty()) q.bind(":to", f.to);
  if (f.players) q.bind(":players", f.players);
}
}  // namespace

void Store::set_summary(int64_t game_id, const std::string& status, const std::string& summary_json,
                        int64_t hand_count, const std::vector<SeatStanding>& seats) {
  MARQUE_DB_TRY
  {
    auto q_use = m->stmt("UPDATE games SET status = ?, summary = ?, hand_count = ? WHERE id = ?");
    auto& q = *q_use;
    q.bind(1, status);
    q.bind(2, summary_json);
    q.bind(3, hand_count);
    q.bind(4, game_id);
    q.exec();
  }
  auto s_use = m->stmt("UPDATE game_players SET place = ?, points_units = ?, points_per = ?, team_result = ? "
                       "WHERE game_id = ? AND position = ?");
  auto& s = *s_use;
  for (size_t i = 0; i < seats.size(); ++i) {
    s.bind(1, seats[i].place);
    s.bind(2, seats[i].points.units);
    s.bind(3, seats[i].points.per);
    if (seats[i].team_result.empty())
      s.bind(4);
    else
      s.bind(4, seats[i].team_result);
    s.bind(5, game_id);
    s.bind(6, static_cast<int64_t>(i));
    s.exec();
    s.reset();
  }
  MARQUE_DB_CATCH
}

std::vector<Store::SummaryRow> Store::summaries(const SummaryFilter& f) {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db, "SELECT g.id, g.game, coalesce(g.played_on, ''), coalesce(l.name, ''), g.summary "
                              "FROM games g LEFT JOIN leagues l ON l.id = g.league_id WHERE 1" +
                                  filter_sql(f) + " ORDER BY g.played_on, g.id");
  bind_filter(q, f);
  std::vector<SummaryRow> out;
  std::map<int64_t, size_t> index;
  while (q.executeStep()) {
    SummaryRow r;
    r.id = q.getColumn(0).getInt64();
    r.game = q.getColumn(1).getString();
    r.played_on = q.getColumn(2).getString();
    r.league = q.getColumn(3).getString();
    r.summary = stored_json(q.getColumn(4).getString(), r.id, 0, "summary");
    r.hands = r.summary.value("hand_count", 0);
    index[r.id] = out.size();
    out.push_back(std::move(r));
  }
  SQLite::Statement p(*m->db,
                      "SELECT gp.game_id, p.name FROM game_players gp JOIN players p ON p.id = gp.player_id "
                      "ORDER BY gp.game_id, gp.position");
  while (p.executeStep()) {
    auto it = index.find(p.getColumn(0).getInt64());
    if (it != index.end()) out[it->second].players.push_back(p.getColumn(1).getString());
  }
  return out;
  MARQUE_DB_CATCH
}

std::vector<Store::StandingRow> Store::standing_rows(const SummaryFilter& f) {
  MARQUE_DB_TRY
  // Two plain reads instead of a join: the games in date order from a covering index (a games row also holds
  // its set-up and summary text, slow to walk past), then every seat in one scan of game_players.
  std::vector<StandingRow> out;
  std::unordered_map<int64_t, size_t> index;
  {
    SummaryFilter no_size = f;
    no_size.players = 0;  // table size is checked below, from the seats
    SQLite::Statement q(*m->db, "SELECT g.id, g.game, coalesce(g.played_on, ''), coalesce(l.name, ''), g.hand_count "
                                "FROM games g LEFT JOIN leagues l ON l.id = g.league_id WHERE 1" +
                                    filter_sql(no_size) + " ORDER BY g.played_on, g.id");
    bind_filter(q, no_size);
    while (q.executeStep()) {
      StandingRow r;
      r.id = q.getColumn(0).getInt64();
      r.game = q.getColumn(1).getString();
      r.played_on = q.getColumn(2).getString();
      r.league = q.getColumn(3).getString();
      r.hands = q.getColumn(4).getInt64();
      index.emplace(r.id, out.size());
      out.push_back(std::move(r));
    }
  }
  std::unordered_map<int64_t, std::string> names;
  SQLite::Statement n(*m->db, "SELECT id, name FROM players");
  while (n.executeStep()) names.emplace(n.getColumn(0).getInt64(), n.getColumn(1).getString());
  SQLite::Statement s(*m->db,
                      "SELECT game_id, position, player_id, place, points_units, points_per, team_result FROM game_players");
  while (s.executeStep()) {
    auto it = index.find(s.getColumn(0).getInt64());
    if (it == index.end()) continue;
    auto& seats = out[it->second].seats;
    size_t pos = static_cast<size_t>(s.getColumn(1).getInt64());
    if (seats.size() <= pos) seats.resize(pos + 1);
    seats[pos] = {names[s.getColumn(2).getInt64()], read_seat(s, 3)};
  }
  if (f.players)
    out.erase(std::remove_if(out.begin(), out.end(),
                             [&](const StandingRow& r) { return static_cast<int>(r.seats.size()) != f.players; }),
              out.end());
  return out;
  MARQUE_DB_CATCH
}

std::vector<HandRow> Store::hands(int64_t game_id, bool with_scores) {
  MARQUE_DB_TRY
  std::vector<HandRow> out;
  auto q_use = m->stmt("SELECT id, seq, record, score, source, recorded_at, no FROM hands WHERE game_id = ? ORDER BY seq");
  auto& q = *q_use;
  q.bind(1, game_id);
  while (q.executeStep()) {
    HandRow h;
    h.id = q.getColumn(0).getInt64();
    h.seq = q.getColumn(1).getInt();
    h.record = stored_json(q.getColumn(2).getString(), game_id, h.seq, "record");
    h.score_text = q.getColumn(3).getString();
    if (with_scores) h.score = stored_json(h.score_text, game_id, h.seq, "score");
    h.source = q.getColumn(4).getString();
    h.recorded_at = q.getColumn(5).getString();
    h.no = q.getColumn(6).getInt();
    out.push_back(std::move(h));
  }
  return out;
  MARQUE_DB_CATCH
}

int Store::hand_count(int64_t game_id) {
  MARQUE_DB_TRY
  auto q_use = m->stmt("SELECT count(*) FROM hands WHERE game_id = ?");
  auto& q = *q_use;
  q.bind(1, game_id);
  q.executeStep();
  return q.getColumn(0).getInt();
  MARQUE_DB_CATCH
}

void Store::insert_hand(int64_t game_id, int seq, int no, const std::string& record_json, const std::string& score_json,
                        const std::vector<Amount>& deltas, const std::string& source) {
  MARQUE_DB_TRY
  auto ins_use = m->stmt("INSERT INTO hands(game_id, seq, record, score, source, no) VALUES (?, ?, ?, ?, ?, ?)");
  auto& ins = *ins_use;
  ins.bind(1, game_id);
  ins.bind(2, seq);
  ins.bind(3, record_json);
  ins.bind(4, score_json);
  ins.bind(5, source);
  ins.bind(6, no);
  ins.exec();
  m->insert_postings(m->db->getLastInsertRowid(), deltas);
  MARQUE_DB_CATCH
}

void Store::update_score(int64_t game_id, int seq, const std::string& score_json, const std::vector<Amount>& deltas) {
  MARQUE_DB_TRY
  auto q_use = m->stmt("UPDATE hands SET score = ? WHERE game_id = ? AND seq = ? RETURNING id");
  auto& q = *q_use;
  q.bind(1, score_json);
  q.bind(2, game_id);
  q.bind(3, seq);
  if (!q.executeStep()) return;
  int64_t hid = q.getColumn(0).getInt64();
  while (q.executeStep()) {
  }
  auto del_use = m->stmt("DELETE FROM postings WHERE hand_id = ?");
  auto& del = *del_use;
  del.bind(1, hid);
  del.exec();
  m->insert_postings(hid, deltas);
  MARQUE_DB_CATCH
}

void Store::update_record(int64_t game_id, int seq, const json& record) {
  MARQUE_DB_TRY
  auto q_use = m->stmt("UPDATE hands SET record = ? WHERE game_id = ? AND seq = ?");
  auto& q = *q_use;
  q.bind(1, record.dump());
  q.bind(2, game_id);
  q.bind(3, seq);
  q.exec();
  MARQUE_DB_CATCH
}

void Store::delete_hand(int64_t game_id, int seq) {
  MARQUE_DB_TRY
  SQLite::Statement d(*m->db, "DELETE FROM hands WHERE game_id = ? AND seq = ?");
  d.bind(1, game_id);
  d.bind(2, seq);
  d.exec();
  move_seqs(m->db.get(), game_id, seq + 1, -1);
  MARQUE_DB_CATCH
}

void Store::shift_up(int64_t game_id, int seq) {
  MARQUE_DB_TRY
  move_seqs(m->db.get(), game_id, seq, +1);
  MARQUE_DB_CATCH
}

int64_t Store::log_change(int64_t game_id, const std::string& action, std::optional<int> seq, const json& before,
                          const json& after, std::optional<int64_t> ref, std::optional<int> no) {
  MARQUE_DB_TRY
  auto q_use = m->stmt("INSERT INTO changes(game_id, action, seq, before, after, ref, no) VALUES (?, ?, ?, ?, ?, ?, ?)");
  auto& q = *q_use;
  q.bind(1, game_id);
  q.bind(2, action);
  if (seq)
    q.bind(3, *seq);
  else
    q.bind(3);
  if (before.is_null())
    q.bind(4);
  else
    q.bind(4, before.dump());
  if (after.is_null())
    q.bind(5);
  else
    q.bind(5, after.dump());
  if (ref)
    q.bind(6, *ref);
  else
    q.bind(6);
  if (no)
    q.bind(7, *no);
  else
    q.bind(7);
  q.exec();
  return m->db->getLastInsertRowid();
  MARQUE_DB_CATCH
}

void Store::mark_undone(int64_t change_id, bool undone) {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db, "UPDATE changes SET undone = ? WHERE id = ?");
  q.bind(1, undone ? 1 : 0);
  q.bind(2, change_id);
  q.exec();
  MARQUE_DB_CATCH
}

std::vector<ChangeRow> Store::changes(int64_t game_id) {
  MARQUE_DB_TRY
  std::vector<ChangeRow> out;
  SQLite::Statement q(*m->db,
                      "SELECT id, game_id, at, action, seq, before, after, undone, ref, no FROM changes "
                      "WHERE game_id = ? ORDER BY id");
  q.bind(1, game_id);
  while (q.executeStep()) {
    ChangeRow c;
    c.id = q.getColumn(0).getInt64();
    c.game_id = q.getColumn(1).getInt64();
    c.at = q.getColumn(2).getString();
    c.action = q.getColumn(3).getString();
    if (!q.getColumn(4).isNull()) c.seq = q.getColumn(4).getInt();
    if (!q.getColumn(5).isNull()) c.before = json::parse(q.getColumn(5).getString(), nullptr, false);
    if (!q.getColumn(6).isNull()) c.after = json::parse(q.getColumn(6).getString(), nullptr, false);
    if (c.before.is_discarded()) c.before = "(damaged)";
    if (c.after.is_discarded()) c.after = "(damaged)";
    c.undone = q.getColumn(7).getInt() != 0;
    if (!q.getColumn(8).isNull()) c.ref = q.getColumn(8).getInt64();
    if (!q.getColumn(9).isNull()) c.no = q.getColumn(9).getInt();
    out.push_back(std::move(c));
  }
  return out;
  MARQUE_DB_CATCH
}

std::vector<int64_t> Store::games_of_player(int64_t player_id) {
  MARQUE_DB_TRY
  std::vector<int64_t> out;
  SQLite::Statement q(*m->db, "SELECT game_id FROM game_players WHERE player_id = ? ORDER BY game_id");
  q.bind(1, player_id);
  while (q.executeStep()) out.push_back(q.getColumn(0).getInt64());
  return out;
  MARQUE_DB_CATCH
}

void Store::rename_player(int64_t player_id, const std::string& new_name) {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db, "UPDATE players SET name = ?, folded = ? WHERE id = ?");
  q.bind(1, new_name);
  q.bind(2, unicode::fold(new_name));
  q.bind(3, player_id);
  q.exec();
  MARQUE_DB_CATCH
}

void Store::move_seats(int64_t from_player, int64_t to_player) {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db, "UPDATE game_players SET player_id = ? WHERE player_id = ?");
  q.bind(1, to_player);
  q.bind(2, from_player);
  q.exec();
  SQLite::Statement d(*m->db, "DELETE FROM players WHERE id = ?");
  d.bind(1, from_player);
  d.exec();
  MARQUE_DB_CATCH
}

void Store::update_setup(int64_t game_id, const json& setup) {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db, "UPDATE games SET setup = ? WHERE id = ?");
  q.bind(1, setup.dump());
  q.bind(2, game_id);
  q.exec();
  MARQUE_DB_CATCH
}

void Store::log_player_event(const std::string& action, const std::string& old_name, const std::string& new_name,
                             const std::vector<int64_t>& games) {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db, "INSERT INTO player_events(action, old_name, new_name, games) VALUES (?, ?, ?, ?)");
  q.bind(1, action);
  q.bind(2, old_name);
  q.bind(3, new_name);
  q.bind(4, json(games).dump());
  q.exec();
  MARQUE_DB_CATCH
}

std::vector<json> Store::player_events() {
  MARQUE_DB_TRY
  std::vector<json> out;
  SQLite::Statement q(*m->db, "SELECT at, action, old_name, new_name, games FROM player_events ORDER BY id");
  while (q.executeStep())
    out.push_back({{"at", q.getColumn(0).getString()}, {"action", q.getColumn(1).getString()},
                   {"old", q.getColumn(2).getString()}, {"new", q.getColumn(3).getString()},
                   {"games", json::parse(q.getColumn(4).getString(), nullptr, false)}});
  for (auto& e : out)
    if (e["games"].is_discarded()) e["games"] = json::array();
  return out;
  MARQUE_DB_CATCH
}

void Store::backup_to(const std::string& file) {
  MARQUE_DB_TRY
  // a temporary file created exclusively beside FILE, then put in its place (core/output_file.hpp)
  files::write_output_file_with(file, [&](const std::string& tmp) {
    SQLite::Database dest(tmp, SQLite::OPEN_READWRITE);
    SQLite::Backup b(dest, *m->db);
    b.executeStep(-1);
  });
  MARQUE_DB_CATCH
}

std::string Store::restore_from(const std::string& file) {
  MARQUE_DB_TRY
  if (!fs::exists(file)) throw Error(k_exit_noinput, "no backup file " + file);
  const std::string what = "the backup " + file, after = "; nothing was restored";
  // the backup is checked like a database being opened, and more: it is about to replace a good one
  BusyWait busy{file, false, {}};
  fs::path dir = fs::path(file).parent_path();
  bool dir_writable = ::access(dir.empty() ? "." : dir.c_str(), W_OK) == 0;
  std::unique_ptr<SQLite::Database> src;
  try {
    src = connect(file, dir_writable ? Access::readonly : Access::immutable, &busy);
    int version = inspect(*src, what, after);
    if (version == 0) throw Error(k_exit_dataerr, what + " holds no marque data" + after);
    std::string integrity = integrity_of(*src);
    if (integrity != "ok") throw Error(k_exit_dataerr, what + " is damaged (integrity_check: " + shown(integrity) + ")" + after);
    std::string bad_json = "SELECT 'game ' || id FROM games WHERE NOT json_valid(setup) OR NOT json_valid(meta)";
    if (version >= 3) bad_json += " OR NOT json_valid(summary)";
    bad_json += " UNION ALL SELECT 'game ' || game_id || ' hand ' || seq FROM hands WHERE NOT json_valid(record) OR NOT json_valid(score) LIMIT 1";
    SQLite::Statement q(*src, bad_json);
    if (q.executeStep())
      throw Error(k_exit_dataerr, what + " is damaged: " + q.getColumn(0).getString() + " is not valid JSON" + after);
  } catch (const SQLite::Exception& e) {
    if (e.getErrorCode() == SQLITE_NOTADB || e.getErrorCode() == SQLITE_CORRUPT)
      throw Error(k_exit_dataerr, what + " is damaged or not an SQLite file (" + e.what() + ")" + after);
    throw Error(k_exit_ioerr, "cannot read " + what + ": " + e.what() + after);
  }
  // a safety copy of what is about to be replaced
  char stamp[32];
  std::time_t now = std::time(nullptr);
  std::strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%S", std::gmtime(&now));
  std::string safety = m->path + ".pre-restore-" + stamp + ".bak";
  copy_database(*m->db, safety);
  SQLite::Backup b(*m->db, *src);
  int rc = b.executeStep(-1);
  if (rc != SQLITE_DONE) throw SQLite::Exception("the restore did not complete", rc);
  return safety;
  MARQUE_DB_CATCH
}

void Store::use_small_cache() {
  MARQUE_DB_TRY
  m->db->exec("PRAGMA cache_size = -2048");
  MARQUE_DB_CATCH
}


std::string Store::integrity_check(bool json_checked) {
  MARQUE_DB_TRY
  if (json_checked)
    sqlite3_create_function_v2(m->db->getHandle(), "json_valid", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                               nullptr, json_assumed_fn, nullptr, nullptr, nullptr);
  return integrity_of(*m->db);
  MARQUE_DB_CATCH
}

// --- import de-duplication and streaming reads (untrusted input, issue 14) ---

std::optional<int64_t> Store::find_night(const std::string& date, const std::string& venue, const std::string& league,
                                         const std::string& note) {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db, std::string(k_night_cols) +
                                  "WHERE n.date = ? AND coalesce(n.venue, '') = ? AND coalesce(l.name, '') = ? AND "
                                  "coalesce(n.note, '') = ? ORDER BY n.id LIMIT 1");
  q.bind(1, date);
  q.bind(2, venue);
  q.bind(3, league);
  q.bind(4, note);
  if (q.executeStep()) return q.getColumn(0).getInt64();
  return std::nullopt;
  MARQUE_DB_CATCH
}

std::vector<int64_t> Store::games_like(const std::string& game, const std::string& setup_json, int64_t hand_count) {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db, "SELECT id FROM games WHERE game = ? AND setup = ? AND hand_count = ? ORDER BY id");
  q.bind(1, game);
  q.bind(2, setup_json);
  q.bind(3, hand_count);
  std::vector<int64_t> out;
  while (q.executeStep()) out.push_back(q.getColumn(0).getInt64());
  return out;
  MARQUE_DB_CATCH
}

void Store::for_each_record(int64_t game_id, const std::function<void(int seq, const std::string& record_json)>& fn) {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db, "SELECT seq, record FROM hands WHERE game_id = ? ORDER BY seq");
  q.bind(1, game_id);
  while (q.executeStep()) fn(q.getColumn(0).getInt(), q.getColumn(1).getString());
  MARQUE_DB_CATCH
}

}  // namespace marque::storage
