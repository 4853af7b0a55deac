// The open database as a session (session.cpp): opening it (with the upgrade's derivation), backup and restore,
// and who writes through it. The session owns the storage behind a pimpl: a front end holds a Database and passes
// `*db` to the use cases, never sees storage. Also exact amounts and rejections as JSON, which every area uses.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/amount.hpp"
#include "core/diag.hpp"
#include "core/json.hpp"

namespace marque::app {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

// Who writes through a session: the source a hand is stored with ("cli", "web"). A write never moves the table in
// focus whoever writes it (only `start` and `use` do). The command line keeps the default; a served page's writes
// are made as "web" for the length of the call (web.hpp), on the session its request leased.
struct Writer {
  std::string source = "cli";
};

// One open database and its writer. A session is used by one thread at a time (the web server leases one per
// request); nothing in it is shared with another session.
class Session {
public:
  struct Impl;  // app/internal.hpp: the storage and the writer
  explicit Session(std::unique_ptr<Impl> impl);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  const Writer& writer() const;
  void set_writer(Writer w);
  // The submission key of the change the next write brings (a phone's retry-safe key, "" = none): a key stored
  // already refuses that write with marque::Repeated (nothing is stored twice, even after a restart); otherwise the
  // key is stored with the change, in its transaction.
  void set_submission(std::string key);

  Impl& impl() { return *m; }

private:
  std::unique_ptr<Impl> m;
};

// The open database as a front end holds it: `*db` is what the use cases take.
using Database = std::unique_ptr<Session>;

// The database path a command uses when none is given ($MARQUE_DB, else the XDG data folder).
std::string default_db_path();
// The schema version this marque makes and reads (its newest migration), for --version.
int schema_version();

// Open the database (`write` = may write: creates the file when absent); when it has an older schema, upgrade it
// and re-derive what the new schema keeps beside the records (summaries, seat columns) in the same transaction as
// the migrations.
Database open_database(const std::string& path, bool write);
// The database as it is, for a Tab: read-only, never upgraded (an older schema is read as it is), never waiting
// for another process's lock (exit 75 at once); nothing is written.
Database peek_database(const std::string& path);
// --quiet: a command that waits for another process's write lock does not say so (it says so after a second).
void quiet_waits(bool quiet);

struct DatabaseInfo {
  std::string path;
  int schema_version = 0;
};
DatabaseInfo info(Session& session);
// Copy the whole database to `file` (SQLite online backup).
void backup(Session& session, const std::string& file);
// Replace the database by the backup `file` (checked first; the replaced database is kept as a safety copy,
// whose path is returned); `db` is reopened, which upgrades an older backup in one transaction.
std::string restore(Database& db, const std::string& file);

// Canonical JSON of a rejection (format README §3).
ojson rejection_json(const Diagnostics& diags);

// Deltas of a score entry in player order, exactly, in units of 1/per (the game's amount_denominator).
std::vector<Amount> deltas_of(const ojson& entry, const std::vector<std::string>& players, int64_t per);
// The amount denominator of a game kind (1 when unknown).
int64_t per_of(const std::string& game);

}  // namespace marque::app
