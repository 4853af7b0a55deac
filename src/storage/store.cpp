// The Store object: opening (in named steps: how to open, connect with the read-only fallbacks and inspect,
// tune, migrate), the upgrade in one transaction, and the transactions commands run in.
#include "storage/store.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include "core/diag.hpp"
#include "core/language.hpp"
#include "storage/migrations_data.hpp"
#include "storage/store_impl.hpp"

namespace fs = std::filesystem;

namespace marque::storage {

using detail::Access;

namespace {

constexpr int k_default_lock_timeout_s = 30;

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string(v) : std::string();
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

int Store::latest_schema_version() { return static_cast<int>(std::size(k_migrations)); }

int Store::lock_timeout_seconds() {
  std::string v = env("MARQUE_LOCK_TIMEOUT");
  if (!v.empty() && v.find_first_not_of("0123456789") == std::string::npos && v.size() < 7) return std::stoi(v);
  return k_default_lock_timeout_s;
}

void Store::tell_waits(bool tell) { detail::say_waits = tell; }

// --- opening, step by step

namespace {
// "the database PATH" in this thread's language: what a refusal of inspect() names
std::string the_database(const std::string& path) {
  return text::tr("storage.the_database", "the database {path}", text::Message().text("path", path));
}
}  // namespace

std::vector<Access> Store::Impl::access_plan(Store::Mode mode) {
  bool exists = fs::exists(path);
  if (!exists && mode != Mode::write)
    throw Error(k_exit_noinput,
                text::tr("storage.no_database", "no database at {path}", text::Message().text("path", path)),
                text::tr("storage.no_database.hint",
                         "record a game first (marque start / marque import), or name one with --db"));
  std::error_code kind_ec;
  if (exists && !fs::is_regular_file(path, kind_ec))  // SQLite would call a pipe or a device "disk I/O error"
    throw Error(
        k_exit_cantcreat,
        text::tr("storage.not_a_file",
                 "the database {path} is {folder, select, yes {a folder} other {not a regular file (a device, "
                 "a pipe or a socket)}}",
                 text::Message().text("path", path).text("folder", fs::is_directory(path, kind_ec) ? "yes" : "no")),
        text::tr("storage.not_a_file.hint", "name a database file with --db (marque config shows the one in force)"));
  fs::path parent = fs::path(path).parent_path();
  if (!exists) {
    std::error_code ec;
    if (!parent.empty()) fs::create_directories(parent, ec);
    if (ec)
      throw Error(k_exit_cantcreat,
                  text::tr("storage.cannot_create_folder", "cannot create the folder {folder}: {why}",
                           text::Message().text("folder", parent.string()).text("why", ec.message())));
  }
  // A file or folder this process cannot write (a read-only mount, a file of another user): reading commands
  // open it read-only (immutable when nothing can change it: no folder to write a -wal or -shm in).
  const std::string dir = parent.empty() ? std::string(".") : parent.string();
  const bool dir_writable = ::access(dir.c_str(), W_OK) == 0;
  const bool file_writable = !exists || ::access(path.c_str(), W_OK) == 0;
  if (!exists) return {Access::create};
  if (dir_writable && mode == Mode::peek) return {Access::readonly};
  if (dir_writable && file_writable) return {Access::readwrite};
  if (mode == Mode::write)
    throw Error(
        k_exit_cantcreat,
        text::tr("storage.read_only_because",
                 "the database {path} is read-only ({what, select, folder {its folder} other {the file}} cannot "
                 "be written); this command changes it",
                 text::Message().text("path", path).text("what", file_writable ? "folder" : "file")),
        text::tr("storage.read_only.hint",
                 "copy it to a writable place, or use a reading command (score, standings, export, check)"));
  std::error_code ec;
  bool wal = fs::exists(path + "-wal", ec) && fs::file_size(path + "-wal", ec) > 0;
  bool shm = fs::exists(path + "-shm", ec);
  if (!dir_writable && !wal) return {Access::immutable};
  if (!dir_writable && !shm) return {Access::copy};  // commits still in the log, and no -shm can be made beside it
  return {Access::readonly, Access::copy};
}

std::string Store::Impl::private_copy() {
  // the database and its write-ahead log copied to a private folder, where SQLite can replay the log
  std::error_code tec;
  std::string t = (fs::temp_directory_path(tec) / "marque-read-only-XXXXXX").string();
  std::vector<char> tmpl(t.begin(), t.end());
  tmpl.push_back('\0');
  if (!::mkdtemp(tmpl.data())) throw Error(k_exit_cantcreat, "cannot create a temporary folder to read " + path);
  temp_dir = tmpl.data();
  std::string copy = temp_dir + "/copy.db";
  std::error_code ec;
  fs::copy_file(path, copy, ec);
  if (!ec) fs::copy_file(path + "-wal", copy + "-wal", ec);
  if (ec)
    throw Error(k_exit_ioerr, "cannot read " + path + " (copying it with its write-ahead log: " + ec.message() + ")");
  return copy;
}

int Store::Impl::connect_with_fallbacks(const std::vector<Access>& tries) {
  for (size_t i = 0;; ++i) {
    try {
      const bool copy = tries[i] == Access::copy;
      const std::string open_path = copy ? private_copy() : path;
      db = detail::connect(open_path, copy ? Access::readonly : tries[i], &busy, &vouched);
      // one snapshot: another process may be creating or upgrading the database right now
      db->exec("BEGIN");
      int found = 0;
      try {
        found = detail::inspect(*db, the_database(path), "");
      } catch (...) {
        db->exec("ROLLBACK");
        throw;
      }
      db->exec("COMMIT");
      return found;
    } catch (const SQLite::Exception& e) {
      // a read-only WAL database whose -shm cannot be used: read a private copy
      if (i + 1 < tries.size() && (e.getErrorCode() == SQLITE_CANTOPEN || e.getErrorCode() == SQLITE_READONLY))
        continue;
      throw;
    }
  }
}

void Store::Impl::tune() {
  // one connection per process, used by one thread: no per-call mutex (a tenth of a standings run)
  // 64 MB of page cache (allocated only as used): a large import keeps its index pages instead of spilling
  db->exec("PRAGMA cache_size = -65536");
  if (read_only) return;
  // outside any transaction (a journal mode cannot change inside one); waits for other processes. Leaving the
  // rollback journal needs the file to itself, and where waiting could deadlock (another process is upgrading the
  // same old file) SQLite answers SQLITE_BUSY at once without the busy handler: try again, within the same limit.
  for (int attempt = 0;; ++attempt) {
    try {
      db->exec("PRAGMA journal_mode = WAL");
      break;
    } catch (const SQLite::Exception& e) {
      if (e.getErrorCode() != SQLITE_BUSY || !detail::wait_busy(busy, attempt)) throw;
    }
  }
  // FULL: the write-ahead log is synced at every commit, so a hand reported "recorded" survives a power cut
  // too (NORMAL could lose the last commits; it saves about a millisecond a hand)
  db->exec("PRAGMA synchronous = FULL");
  // The write-ahead log and its index (-wal, -shm) stay beside the database when the last connection closes,
  // emptied (~Store): the next command opens them instead of creating two files and deleting them again (two
  // inodes made and freed a command, about 4% of a hand's time; session 18). The database file alone stays whole
  // to copy: the last close still checkpoints every commit into it.
  int persist = 1;
  sqlite3_file_control(db->getHandle(), "main", SQLITE_FCNTL_PERSIST_WAL, &persist);
}

void Store::Impl::migrate(Store& store, const Store::Deriver& derive) {
  const int latest = latest_schema_version();
  if (read_only)
    throw Error(k_exit_cantcreat,
                "the database " + path + " has schema " + std::to_string(version) + " and must be upgraded to " +
                    std::to_string(latest) + ", but it is read-only",
                "open it once where its file and folder can be written");
  // Creation and upgrade are serialised: the version is read again under the write lock, so a second
  // process waits here and then finds the work done. Backup, migrations and the derivation commit together.
  // Foreign keys are off while the migrations run (a migration that rebuilds a table must not cascade to the
  // rows that refer to it; the pragma only works outside a transaction) and are all checked before the commit.
  db->exec("PRAGMA foreign_keys = OFF");
  db->exec("BEGIN IMMEDIATE");
  try {
    version = detail::inspect(*db, the_database(path), "");
    if (version < latest) {
      if (version > 0) {
        upgraded_from = version;
        // back up before touching an existing database (nobody can write it while we hold the lock; a
        // second connection reads the last commit, the old schema)
        auto reader = detail::connect(path, Access::readonly, &busy);
        detail::copy_database(*reader, path + ".pre-v" + std::to_string(latest), ".bak");
      }
      for (const auto& mig : k_migrations) {
        if (mig.version <= version) continue;
        if (version == 0) db->exec("PRAGMA application_id = " + std::to_string(k_application_id));
        db->exec(mig.sql);
        db->exec("PRAGMA user_version = " + std::to_string(mig.version));
      }
      if (db->execAndGet("SELECT count(*) FROM pragma_foreign_key_check").getInt() != 0)
        throw Error(k_exit_dataerr,
                    "the database " + path + " cannot be upgraded: rows refer to rows that do not exist",
                    "run `marque check` with the previous marque, or restore a backup");
      const int from = version;
      version = latest;
      if (from > 0 && derive) derive(store, from);
    }
    db->exec("COMMIT");
    db->exec("PRAGMA foreign_keys = ON");
  } catch (...) {
    try {
      db->exec("ROLLBACK");
    } catch (...) {
    }
    try {
      db->exec("PRAGMA foreign_keys = ON");
    } catch (...) {
    }
    throw;
  }
}

Store::Store(const std::string& path, Mode mode, const Deriver& derive) : m(std::make_unique<Impl>()) {
  m->path = path;
  m->busy.path = path;
  m->busy.patient = mode != Mode::peek;
  if (sqlite3_libversion_number() < 3037000)
    throw Error(k_exit_software,
                std::string("SQLite ") + sqlite3_libversion() + " is too old; marque needs 3.37 or newer");
  const std::vector<Access> tries = m->access_plan(mode);
  try {
    m->version = m->connect_with_fallbacks(tries);
    m->read_only = tries.front() != Access::create && tries.front() != Access::readwrite;
    m->tune();
    if (m->version < latest_schema_version() && mode != Mode::peek) m->migrate(*this, derive);
  } catch (const SQLite::Exception& e) {
    detail::rethrow_sqlite(e, path);
  }
}

Store::~Store() {
  // the last connection's close checkpoints the log and, with this limit, truncates it to nothing (tune())
  if (m->db && !m->read_only) {
    try {
      m->db->exec("PRAGMA journal_size_limit = 0");
    } catch (...) {  // a destructor: closing goes on whatever the pragma says
    }
  }
  if (m->temp_dir.empty()) return;
  m->statements.clear();
  m->db.reset();
  std::error_code ec;
  fs::remove_all(m->temp_dir, ec);
}

const std::string& Store::path() const { return m->path; }
int64_t Store::data_version() {
  MARQUE_DB_TRY
  auto q_use = m->stmt("PRAGMA data_version");
  auto& q = *q_use;
  q.executeStep();
  return q.getColumn(0).getInt64();
  MARQUE_DB_CATCH
}
int Store::schema_version() const { return m->version; }
int Store::upgraded_from() const { return m->upgraded_from; }

// --- transactions

Store::Transaction::Transaction(Store& s) : m_store(s) {
  // BEGIN IMMEDIATE takes the write lock now; while another process holds it the busy handler says so at
  // once and waits up to lock_timeout_seconds(), then exit 75.
  try {
    m_store.m->db->exec("BEGIN IMMEDIATE");
    if (!m_store.m->submission.empty()) {
      SQLite::Statement q(*m_store.m->db, "SELECT 1 FROM submissions WHERE key = ?");
      q.bind(1, m_store.m->submission);
      if (q.executeStep()) {
        m_store.m->db->exec("ROLLBACK");
        m_store.m->submission.clear();
        throw Repeated("this change was stored already (its submission key was seen): nothing was stored again");
      }
    }
  } catch (const SQLite::Exception& e) {
    detail::rethrow_sqlite(e, m_store.m->path);
  }
}

void Store::set_submission(std::string key) { m->submission = std::move(key); }

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
    if (!m_store.m->submission.empty()) {
      SQLite::Statement q(*m_store.m->db, "INSERT INTO submissions(key) VALUES (?)");
      q.bind(1, m_store.m->submission);
      q.exec();
      m_store.m->submission.clear();
    }
    m_store.m->db->exec("COMMIT");
    m_done = true;
  } catch (const SQLite::Exception& e) {
    detail::rethrow_sqlite(e, m_store.m->path);
  }
}

Store::ReadTransaction::ReadTransaction(Store& s) : m_store(s) {
  try {
    m_store.m->db->exec("BEGIN");
    m_store.m->db->execAndGet("SELECT count(*) FROM sqlite_schema");  // the snapshot starts here
  } catch (const SQLite::Exception& e) {
    detail::rethrow_sqlite(e, m_store.m->path);
  }
}

Store::ReadTransaction::~ReadTransaction() {
  try {
    m_store.m->db->exec("COMMIT");
  } catch (...) {
  }
}

}  // namespace marque::storage
