// Private to src/storage: Store::Impl and the helpers the storage files share. Never included outside this
// folder (only storage sees SQLiteCpp). The files are also built as one unity unit: a helper shared by two
// files lives here (declared, or inline when small) and in exactly one .cpp, never in two anonymous namespaces.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <SQLiteCpp/SQLiteCpp.h>

#include "core/amount.hpp"
#include "core/diag.hpp"
#include "storage/store.hpp"

namespace marque::storage {

namespace detail {

// --- connection.cpp: one hardened connection, the busy handler, errors in words

// Another process holds the write lock: the busy handler says so at once (once per connection), waits, gives
// up after the documented time (SQLITE_BUSY, exit 75). Store::Impl holds one per connection.
struct BusyWait {
  std::string path;
  bool told = false;
  std::chrono::steady_clock::time_point since;
  bool patient = true;  // false: give up at once (a Tab's look at the database, Store::Mode::peek)
};

// whether a command that waits for another process's write lock says so on standard error (Store::tell_waits)
extern bool say_waits;

// copy: a read-only folder holding a write-ahead log without its -shm (see Store::Impl::access_plan)
enum class Access { create, readwrite, readonly, immutable, copy };

// The texts a statement about to run binds that marque's own serializer has just written (Store::insert_hand's
// `serialized`): json_valid() answers 1 for exactly these bytes without scanning them. Empty between statements.
struct Vouched {
  std::string_view texts[2];
  bool holds(const unsigned char* p, size_t n) const {
    for (const auto& t : texts)
      if (t.data() && t.size() == n &&
          (reinterpret_cast<const char*>(p) == t.data() ||
           t.compare(0, n, std::string_view(reinterpret_cast<const char*>(p), n)) == 0))
        return true;
    return false;
  }
};

// One connection, hardened before anything is read: defensive mode (no writable schema, no shadow-table
// writes), triggers and views off, schema functions only when innocuous; foreign keys on. `busy` and `vouched`
// may be null.
std::unique_ptr<SQLite::Database> connect(const std::string& path, Access a, BusyWait* busy,
                                          const Vouched* vouched = nullptr);
// The busy handler's step, for a statement SQLite refuses at once (SQLITE_BUSY without calling the handler): says
// once that it waits when it has waited a second, sleeps a little and returns true, or false when the lock timeout has passed. `count` is 0 at
// the first try.
bool wait_busy(BusyWait& b, int count);

// An SQLite failure on the database `path` as a marque::Error with its exit code (65, 73, 74, 75 ...).
[[noreturn]] void rethrow_sqlite(const SQLite::Exception& e, const std::string& path);

// A name from a foreign file, fit for one line of a message.
std::string shown(const std::string& s);

// --- schema.cpp: the schema a database has against the one the migrations make

// Application id, version and schema of a database about to be used. Returns its schema version (0 for a
// new, empty file). `what` names the file in messages ("the database X", "the backup X"); `after` ends them.
int inspect(SQLite::Database& db, const std::string& what, const std::string& after);
// the build-time schema texts (tools/schema_gen.cpp) are what the migrations make on this machine's SQLite (a test)
bool schema_texts_match_migrations();

// --- integrity.cpp

// "ok", or the first problems PRAGMA integrity_check lists (or why it stopped), joined by "; "
std::string integrity_of(SQLite::Database& db);

// --- backup.cpp

// the online backup of `src` into a new file `stem + suffix` (or stem-2 + suffix ... when taken: never over an
// existing file, core/output_file.hpp); returns its name
std::string copy_database(SQLite::Database& src, const std::string& stem, const std::string& suffix);

// --- reading rows (games, hands, league)

// Stored JSON text, parsed; a damaged text (a flipped byte PRAGMA integrity_check cannot see) is exit 65
// naming the game and the hand, never an internal error.
inline json stored_json(std::string_view text, int64_t game_id, int seq, const char* what) {
  json j = json::parse(text.data(), text.data() + text.size(), nullptr, false);
  if (j.is_discarded())
    throw Error(k_exit_dataerr,
                "game " + std::to_string(game_id) + (seq ? " hand " + std::to_string(seq) : std::string()) +
                    ": the stored " + what + " is damaged (not valid JSON)",
                "marque check lists every damaged row; restore a backup (marque restore FILE --yes)");
  return j;
}

// a game's stored meta: stored_json, and an object whose date, league, venue and note are texts when present
inline json stored_meta(const std::string& text, int64_t game_id) {
  json j = stored_json(text, game_id, 0, "meta");
  bool sound = j.is_object();
  for (const char* key : {"date", "league", "venue", "note"}) sound = sound && (!j.contains(key) || j[key].is_string());
  if (!sound)
    throw Error(k_exit_dataerr,
                "game " + std::to_string(game_id) + ": the stored meta is damaged (not an object of texts)",
                "marque check lists every damaged row; restore a backup (marque restore FILE --yes)");
  return j;
}

// a seat's derived standing from columns first.. (place, points_units, points_per, team_result)
inline SeatStanding read_seat(SQLite::Statement& q, int first) {
  SeatStanding s;
  s.place = q.getColumn(first).getInt();
  s.points = {q.getColumn(first + 1).getInt64(), std::max<int64_t>(1, q.getColumn(first + 2).getInt64())};
  if (!q.getColumn(first + 3).isNull()) s.team_result = q.getColumn(first + 3).getString();
  return s;
}

}  // namespace detail

struct Store::Impl {
  std::string path;
  detail::BusyWait busy;    // before db: the connection's busy handler points here
  detail::Vouched vouched;  // before db: its json_valid() reads this
  std::unique_ptr<SQLite::Database> db;
  int version = 0;
  int upgraded_from = 0;
  bool read_only = false;
  std::string temp_dir;    // a private copy of a read-only database, removed on closing
  std::string submission;  // the submission key the next write transaction brings (set_submission)
  // Statements prepared once per connection (declared after db, so destroyed before it). Parsing the SQL
  // of every insert again cost a fifth of an import.
  std::unordered_map<std::string, std::unique_ptr<SQLite::Statement>> statements;
  // Store::NameCache: while one lives, the players and leagues found by the name asked (misses are not kept)
  struct PlayerHit {
    int64_t id = 0;
    std::string name;  // as stored
  };
  bool names_cached = false;
  std::unordered_map<std::string, PlayerHit> player_hits;
  std::unordered_map<std::string, int64_t> league_hits;
  void forget_names() {
    player_hits.clear();
    league_hits.clear();
  }
  // the player a name means (players.cpp: the exact spelling, then case, then case and accents folded)
  std::optional<PlayerHit> find_player(const std::string& name);

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

  // --- opening, in steps (store.cpp); the constructor runs them in this order
  // how to open the file: create, read-write, or the read-only fallbacks tried in turn
  std::vector<detail::Access> access_plan(Store::Mode mode);
  // connect by the first access that works and inspect the database in one snapshot; returns its version
  int connect_with_fallbacks(const std::vector<detail::Access>& tries);
  // the database and its write-ahead log copied to a private folder; returns the copy's path
  std::string private_copy();
  // page cache, journal mode and syncing of the connection
  void tune();
  // creation or upgrade to the latest schema in one exclusive transaction, `derive` included
  void migrate(Store& store, const Store::Deriver& derive);

  // hands.cpp: a hand's postings (one amount per position)
  void insert_postings(int64_t hand_id, const std::vector<Amount>& deltas);
};

}  // namespace marque::storage

// Every Store method body: an SQLite failure becomes a marque::Error naming the database.
#define MARQUE_DB_TRY try {
#define MARQUE_DB_CATCH                                    \
  }                                                        \
  catch (const SQLite::Exception& e) {                     \
    ::marque::storage::detail::rethrow_sqlite(e, m->path); \
  }
