// One hardened SQLite connection (defensive mode, no triggers or views, an innocuous json_valid()), the busy
// handler that waits for another process's write lock, and SQLite failures translated into marque::Error.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string_view>
#include <thread>

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include "core/diag.hpp"
#include "core/json_check.hpp"
#include "core/language.hpp"
#include "core/unicode.hpp"
#include "storage/store_impl.hpp"

namespace marque::storage::detail {

[[noreturn]] void rethrow_sqlite(const SQLite::Exception& e, const std::string& path) {
  int code = e.getErrorCode();
  if (code == SQLITE_NOTADB)
    throw Error(k_exit_dataerr, text::tr("storage.not_sqlite", "{path} is not a marque database (not an SQLite file)",
                                         text::Message().text("path", path)));
  if (code == SQLITE_CORRUPT)
    throw Error(k_exit_dataerr,
                text::tr("storage.damaged", "the database {path} is damaged ({detail})",
                         text::Message().text("path", path).text("detail", e.what())),
                text::tr("storage.damaged.hint",
                         "marque check reports what it can still read; restore a backup (marque restore FILE --yes)"));
  if (code == SQLITE_BUSY || code == SQLITE_LOCKED)
    throw Error(k_exit_tempfail,
                text::tr("storage.busy",
                         "gave up after {seconds} s: another process kept {path} locked for writing; try again",
                         text::Message().number("seconds", Store::lock_timeout_seconds()).text("path", path)),
                text::tr("storage.busy.hint", "MARQUE_LOCK_TIMEOUT=SECONDS waits longer"));
  if (code == SQLITE_CONSTRAINT)
    throw Error(k_exit_rejected, std::string("the database refused the change: ") + e.what());
  if (code == SQLITE_CANTOPEN)
    throw Error(k_exit_cantcreat,
                text::tr("storage.cannot_open", "cannot open the database {path}", text::Message().text("path", path)));
  if (code == SQLITE_READONLY)
    throw Error(k_exit_cantcreat,
                text::tr("storage.read_only", "the database {path} is read-only; this command changes it",
                         text::Message().text("path", path)),
                text::tr("storage.read_only.hint",
                         "copy it to a writable place, or use a reading command (score, standings, export, check)"));
  throw Error(k_exit_ioerr, "database error on " + path + ": " + e.what());
}

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

bool say_waits = true;

// Another process holds the write lock: wait, say so once it has lasted a second (once per connection; a lock
// held a moment is not worth a word, and not with --quiet), give up after the documented time.
bool wait_busy(BusyWait& b, int count) {
  if (!b.patient) return false;
  auto now = std::chrono::steady_clock::now();
  if (count == 0) b.since = now;
  int limit = Store::lock_timeout_seconds();
  if (!b.told && say_waits && now - b.since >= std::chrono::seconds(1)) {
    // the one message storage prints: a command must not seem to hang
    const std::string waiting = text::tr("storage.waiting",
                                         "waiting for another process writing to {path} (giving up after {seconds} s)",
                                         text::Message().text("path", b.path).number("seconds", limit));
    std::fprintf(stderr, "marque: %s\n", waiting.c_str());
    std::fflush(stderr);
    b.told = true;
  }
  if (now - b.since >= std::chrono::seconds(limit)) return false;
  std::this_thread::sleep_for(std::chrono::milliseconds(std::min(5 + 5 * count, 100)));
  return true;
}

namespace {

// Another process holds the write lock: wait_busy, as SQLite's busy handler (0: give up, SQLITE_BUSY, exit 75).
int on_busy(void* arg, int count) { return wait_busy(*static_cast<BusyWait*>(arg), count) ? 1 : 0; }

// RFC 8259 JSON text as nlohmann/json reads it, checked in one pass over the bytes (core/json_check.hpp: what it
// accepts; nlohmann/json's own acceptor, which tokenised every byte, was a fifth of an import's instructions).
// Stricter than SQLite 3.40's own json_valid() in one way only: strings must be valid UTF-8, which every text
// marque writes is (nlohmann/json's dump refuses anything else).
bool valid_json(const unsigned char* p, size_t n) {
  return json_check::valid(std::string_view(reinterpret_cast<const char*>(p), n));
}

// json_valid() for marque's CHECK constraints, tagged innocuous: SQLite 3.40's own json_valid() is not, and
// with trusted_schema off a schema that uses it cannot even be loaded ("unsafe use of json_valid()").
// A text the statement's caller vouches for (Vouched: just written by nlohmann/json's serializer) is known by its
// bytes, compared whole, and not scanned again.
void json_valid_fn(sqlite3_context* ctx, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) {
    sqlite3_result_null(ctx);
    return;
  }
  const unsigned char* text = sqlite3_value_text(argv[0]);
  const auto n = static_cast<size_t>(sqlite3_value_bytes(argv[0]));
  const auto* vouched = static_cast<const Vouched*>(sqlite3_user_data(ctx));
  sqlite3_result_int(ctx, text && ((vouched && vouched->holds(text, n)) || valid_json(text, n)) ? 1 : 0);
}

// marque_fold(name): a name's matching key (core/unicode: case folded in every script), so that a league typed
// "été" is the league "Été" (COLLATE NOCASE folds ASCII only).
void fold_fn(sqlite3_context* ctx, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL) {
    sqlite3_result_null(ctx);
    return;
  }
  const unsigned char* text = sqlite3_value_text(argv[0]);
  std::string key;
  try {  // a name that is not ASCII loads ICU (marque-icu.so): no exception through SQLite's frames if it is missing
    key = unicode::fold(
        std::string_view(reinterpret_cast<const char*>(text), static_cast<size_t>(sqlite3_value_bytes(argv[0]))));
  } catch (const std::exception& e) {
    sqlite3_result_error(ctx, e.what(), -1);
    return;
  }
  sqlite3_result_text(ctx, key.data(), static_cast<int>(key.size()), SQLITE_TRANSIENT);
}

std::string uri_of(const std::string& path, const char* params) {
  std::string u = "file:";
  std::string abs = std::filesystem::absolute(path).lexically_normal().string();
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

}  // namespace

std::unique_ptr<SQLite::Database> connect(const std::string& path, Access a, BusyWait* busy, const Vouched* vouched) {
  // Before SQLite starts (once per process; refused harmlessly if it has started): SQLite's own count of the memory
  // it uses (nobody reads it) takes a global mutex at every allocation: off. And no first bulk of 20 page-cache
  // lines per cache (about 90 KB, each line's header written at once, read or not): the lines a command reads are
  // allocated as it reads them (a hand on a 200-hand game: 34 fewer page faults of its 445; session 17).
  static const bool configured = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) == SQLITE_OK &&
                                 sqlite3_config(SQLITE_CONFIG_PAGECACHE, nullptr, 0, 0) == SQLITE_OK;
  (void)configured;
  int flags = SQLite::OPEN_URI | SQLite::OPEN_NOMUTEX;
  const char* params = "";
  switch (a) {
    case Access::create:
      flags |= SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE;
      break;
    case Access::readwrite:
      flags |= SQLite::OPEN_READWRITE;
      break;
    case Access::readonly:
    case Access::copy:
      flags |= SQLite::OPEN_READONLY;
      params = "mode=ro";
      break;
    case Access::immutable:
      flags |= SQLite::OPEN_READONLY;
      params = "immutable=1";
      break;
  }
  auto db = std::make_unique<SQLite::Database>(uri_of(path, params), flags);
  sqlite3* h = db->getHandle();
  sqlite3_db_config(h, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
  sqlite3_db_config(h, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
  sqlite3_db_config(h, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
  sqlite3_db_config(h, SQLITE_DBCONFIG_ENABLE_VIEW, 0, nullptr);
  db->exec("PRAGMA trusted_schema = OFF");
  sqlite3_create_function_v2(h, "json_valid", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                             const_cast<Vouched*>(vouched), json_valid_fn, nullptr, nullptr, nullptr);
  sqlite3_create_function_v2(h, "marque_fold", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, nullptr,
                             fold_fn, nullptr, nullptr, nullptr);
  if (busy) sqlite3_busy_handler(h, on_busy, busy);
  db->exec("PRAGMA foreign_keys = ON");
  // a damaged page is noticed when read instead of being trusted
  db->exec("PRAGMA cell_size_check = ON");
  return db;
}

}  // namespace marque::storage::detail
