#include "storage/store.hpp"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <filesystem>
#include <thread>
#include <unordered_map>

#include <SQLiteCpp/Backup.h>
#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include "core/diag.hpp"
#include "storage/migrations_data.hpp"

namespace fs = std::filesystem;

namespace marque::storage {

namespace {

constexpr int k_busy_timeout_ms = 10000;

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

[[noreturn]] void rethrow_sqlite(const SQLite::Exception& e, const std::string& path) {
  int code = e.getErrorCode();
  if (code == SQLITE_NOTADB)
    throw Error(k_exit_dataerr, path + " is not a marque database (not an SQLite file)");
  if (code == SQLITE_BUSY || code == SQLITE_LOCKED)
    throw Error(k_exit_tempfail, "the database " + path + " is busy (another marque is writing); try again");
  if (code == SQLITE_CONSTRAINT)
    throw Error(k_exit_rejected, std::string("the database refused the change: ") + e.what());
  if (code == SQLITE_CANTOPEN) throw Error(k_exit_cantcreat, "cannot open the database " + path);
  throw Error(k_exit_ioerr, "database error on " + path + ": " + e.what());
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
  std::unique_ptr<SQLite::Database> db;
  int version = 0;
  int upgraded_from = 0;
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

  void insert_postings(int64_t hand_id, const std::vector<double>& deltas) {
    auto use = stmt("INSERT INTO postings(hand_id, position, amount) VALUES (?, ?, ?)");
    auto& p = *use;
    for (size_t i = 0; i < deltas.size(); ++i) {
      p.bind(1, hand_id);
      p.bind(2, static_cast<int64_t>(i));
      p.bind(3, deltas[i]);
      p.exec();
      p.reset();
    }
  }
};

int Store::latest_schema_version() { return static_cast<int>(std::size(k_migrations)); }

Store::Store(const std::string& path, Mode mode) : m(std::make_unique<Impl>()) {
  m->path = path;
  if (sqlite3_libversion_number() < 3037000)
    throw Error(k_exit_software, std::string("SQLite ") + sqlite3_libversion() + " is too old; marque needs 3.37 or newer");
  bool exists = fs::exists(path);
  if (!exists && mode == Mode::read)
    throw Error(k_exit_noinput, "no database at " + path,
                "record a game first (marque start / marque import), or name one with --db");
  if (!exists) {
    fs::path parent = fs::path(path).parent_path();
    std::error_code ec;
    if (!parent.empty()) fs::create_directories(parent, ec);
    if (ec) throw Error(k_exit_cantcreat, "cannot create the folder " + parent.string() + ": " + ec.message());
  }
  try {
    // one connection per process, used by one thread: no per-call mutex (a tenth of a standings run)
    m->db = std::make_unique<SQLite::Database>(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE | SQLite::OPEN_NOMUTEX,
                                               k_busy_timeout_ms);
    m->db->exec("PRAGMA foreign_keys = ON");
    // 64 MB of page cache (allocated only as used): a large import keeps its index pages instead of spilling
    m->db->exec("PRAGMA cache_size = -65536");
    int app = m->db->execAndGet("PRAGMA application_id").getInt();
    int tables = m->db->execAndGet("SELECT count(*) FROM sqlite_schema").getInt();
    if (app != k_application_id) {
      if (app != 0 || tables != 0)
        throw Error(k_exit_dataerr, path + " is not a marque database",
                    "it is some other SQLite file; name a marque database with --db, or a new file");
    }
    m->version = m->db->execAndGet("PRAGMA user_version").getInt();
    int latest = latest_schema_version();
    if (m->version > latest)
      throw Error(k_exit_dataerr,
                  path + " was written by a newer marque (schema " + std::to_string(m->version) +
                      ", this marque knows up to " + std::to_string(latest) + ")",
                  "upgrade marque to open it");
    if (m->version < latest) {
      if (m->version > 0) {
        m->upgraded_from = m->version;
        // back up before touching an existing database
        std::string backup = path + ".pre-v" + std::to_string(latest) + ".bak";
        std::error_code ec;
        fs::remove(backup, ec);
        m->db->exec("VACUUM INTO '" + [&] {
          std::string q;
          for (char c : backup) q += (c == '\'') ? std::string("''") : std::string(1, c);
          return q;
        }() + "'");
      }
      for (const auto& mig : k_migrations) {
        if (mig.version <= m->version) continue;
        SQLite::Transaction tx(*m->db, SQLite::TransactionBehavior::IMMEDIATE);
        if (m->version == 0) m->db->exec("PRAGMA application_id = " + std::to_string(k_application_id));
        m->db->exec(mig.sql);
        m->db->exec("PRAGMA user_version = " + std::to_string(mig.version));
        tx.commit();
        m->version = mig.version;
      }
    }
    m->db->exec("PRAGMA journal_mode = WAL");
    // FULL: the write-ahead log is synced at every commit, so a hand reported "recorded" survives a power cut
    // too (NORMAL could lose the last commits; it saves about a millisecond a hand)
    m->db->exec("PRAGMA synchronous = FULL");
  } catch (const SQLite::Exception& e) {
    rethrow_sqlite(e, path);
  }
}

Store::~Store() = default;

const std::string& Store::path() const { return m->path; }
int Store::schema_version() const { return m->version; }
int Store::upgraded_from() const { return m->upgraded_from; }

Store::Transaction::Transaction(Store& s) : m_store(s) {
  // BEGIN IMMEDIATE takes the write lock now; the busy timeout waits for another writer, and we retry
  // a few times more so that two scorers on one database never see "database is locked".
  for (int attempt = 0;; ++attempt) {
    try {
      m_store.m->db->exec("BEGIN IMMEDIATE");
      return;
    } catch (const SQLite::Exception& e) {
      int code = e.getErrorCode();
      if ((code == SQLITE_BUSY || code == SQLITE_LOCKED) && attempt < 20) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50 * (attempt + 1)));
        continue;
      }
      rethrow_sqlite(e, m_store.m->path);
    }
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

#define MARQUE_DB_TRY try {
#define MARQUE_DB_CATCH                   \
  }                                       \
  catch (const SQLite::Exception& e) {    \
    rethrow_sqlite(e, m->path);           \
  }

int64_t Store::player_id(const std::string& name, bool create) {
  MARQUE_DB_TRY
  auto q_use = m->stmt("SELECT id FROM players WHERE name = ? COLLATE NOCASE");
  auto& q = *q_use;
  q.bind(1, name);
  if (q.executeStep()) return q.getColumn(0).getInt64();
  if (!create) return 0;
  auto ins_use = m->stmt("INSERT INTO players(name) VALUES (?)");
  auto& ins = *ins_use;
  ins.bind(1, name);
  ins.exec();
  return m->db->getLastInsertRowid();
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
  auto seat_use = m->stmt("INSERT INTO game_players(game_id, position, player_id, place, points, team_result) "
                          "VALUES (?, ?, ?, ?, ?, ?)");
  auto& seat = *seat_use;
  for (size_t i = 0; i < players.size(); ++i) {
    int64_t pid = player_id(players[i], true);
    seat.bind(1, id);
    seat.bind(2, static_cast<int64_t>(i));
    seat.bind(3, pid);
    const SeatStanding standing = i < d.seats.size() ? d.seats[i] : SeatStanding{};
    seat.bind(4, standing.place);
    seat.bind(5, standing.points);
    if (standing.team_result.empty())
      seat.bind(6);
    else
      seat.bind(6, standing.team_result);
    seat.exec();
    seat.reset();
  }
  return id;
  MARQUE_DB_CATCH
}

namespace {
GameRow read_game(SQLite::Statement& q) {
  GameRow g;
  g.id = q.getColumn(0).getInt64();
  g.game = q.getColumn(1).getString();
  g.setup = json::parse(q.getColumn(2).getString());
  g.meta = json::parse(q.getColumn(3).getString());
  g.status = q.getColumn(4).getString();
  g.source = q.getColumn(5).getString();
  g.created_at = q.getColumn(6).getString();
  g.hands = q.getColumn(7).getInt64();
  if (!q.getColumn(8).isNull()) g.night_id = q.getColumn(8).getInt64();
  g.summary = json::parse(q.getColumn(9).getString());
  g.hand_count = q.getColumn(10).getInt64();
  return g;
}
SeatStanding read_seat(SQLite::Statement& q, int first) {
  SeatStanding s;
  s.place = q.getColumn(first).getInt();
  s.points = q.getColumn(first + 1).getDouble();
  if (!q.getColumn(first + 2).isNull()) s.team_result = q.getColumn(first + 2).getString();
  return s;
}
constexpr const char* k_game_cols =
    "SELECT g.id, g.game, g.setup, g.meta, g.status, g.source, g.created_at, "
    "(SELECT count(*) FROM hands h WHERE h.game_id = g.id), g.night_id, g.summary, g.hand_count FROM games g ";
}  // namespace

std::optional<GameRow> Store::game(int64_t id) {
  MARQUE_DB_TRY
  auto q_use = m->stmt(std::string(k_game_cols) + "WHERE g.id = ?");
  auto& q = *q_use;
  q.bind(1, id);
  if (!q.executeStep()) return std::nullopt;
  GameRow g = read_game(q);
  auto p_use = m->stmt("SELECT p.name, gp.place, gp.points, gp.team_result FROM game_players gp "
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
  SQLite::Statement q(*m->db, "SELECT max(id) FROM games");
  if (q.executeStep() && !q.getColumn(0).isNull()) return q.getColumn(0).getInt64();
  return std::nullopt;
  MARQUE_DB_CATCH
}

std::vector<GameRow> Store::games() {
  MARQUE_DB_TRY
  std::vector<GameRow> out;
  SQLite::Statement q(*m->db, std::string(k_game_cols) + "ORDER BY g.id");
  while (q.executeStep()) out.push_back(read_game(q));
  SQLite::Statement p(*m->db,
                      "SELECT gp.game_id, p.name, gp.place, gp.points, gp.team_result FROM game_players gp "
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

namespace {
// WHERE clauses of a summary filter over games g (joined to leagues l), and their bindings
std::string filter_sql(const Store::SummaryFilter& f) {
  std::string sql;
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
  auto s_use = m->stmt("UPDATE game_players SET place = ?, points = ?, team_result = ? WHERE game_id = ? AND position = ?");
  auto& s = *s_use;
  for (size_t i = 0; i < seats.size(); ++i) {
    s.bind(1, seats[i].place);
    s.bind(2, seats[i].points);
    if (seats[i].team_result.empty())
      s.bind(3);
    else
      s.bind(3, seats[i].team_result);
    s.bind(4, game_id);
    s.bind(5, static_cast<int64_t>(i));
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
    r.summary = json::parse(q.getColumn(4).getString());
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
                      "SELECT game_id, position, player_id, place, points, team_result FROM game_players");
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

void Store::delete_game(int64_t game_id) {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db, "DELETE FROM games WHERE id = ?");
  q.bind(1, game_id);
  q.exec();
  MARQUE_DB_CATCH
}

std::vector<HandRow> Store::hands(int64_t game_id, bool with_scores) {
  MARQUE_DB_TRY
  std::vector<HandRow> out;
  auto q_use = m->stmt("SELECT id, seq, record, score, source, recorded_at FROM hands WHERE game_id = ? ORDER BY seq");
  auto& q = *q_use;
  q.bind(1, game_id);
  while (q.executeStep()) {
    HandRow h;
    h.id = q.getColumn(0).getInt64();
    h.seq = q.getColumn(1).getInt();
    h.record = json::parse(q.getColumn(2).getString());
    h.score_text = q.getColumn(3).getString();
    if (with_scores) h.score = json::parse(h.score_text);
    h.source = q.getColumn(4).getString();
    h.recorded_at = q.getColumn(5).getString();
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

void Store::insert_hand(int64_t game_id, int seq, const std::string& record_json, const std::string& score_json,
                        const std::vector<double>& deltas, const std::string& source) {
  MARQUE_DB_TRY
  auto ins_use = m->stmt("INSERT INTO hands(game_id, seq, record, score, source) VALUES (?, ?, ?, ?, ?)");
  auto& ins = *ins_use;
  ins.bind(1, game_id);
  ins.bind(2, seq);
  ins.bind(3, record_json);
  ins.bind(4, score_json);
  ins.bind(5, source);
  ins.exec();
  m->insert_postings(m->db->getLastInsertRowid(), deltas);
  MARQUE_DB_CATCH
}

void Store::update_score(int64_t game_id, int seq, const std::string& score_json, const std::vector<double>& deltas) {
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
                          const json& after, std::optional<int64_t> ref) {
  MARQUE_DB_TRY
  auto q_use = m->stmt("INSERT INTO changes(game_id, action, seq, before, after, ref) VALUES (?, ?, ?, ?, ?, ?)");
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
                      "SELECT id, game_id, at, action, seq, before, after, undone, ref FROM changes "
                      "WHERE game_id = ? ORDER BY id");
  q.bind(1, game_id);
  while (q.executeStep()) {
    ChangeRow c;
    c.id = q.getColumn(0).getInt64();
    c.game_id = q.getColumn(1).getInt64();
    c.at = q.getColumn(2).getString();
    c.action = q.getColumn(3).getString();
    if (!q.getColumn(4).isNull()) c.seq = q.getColumn(4).getInt();
    if (!q.getColumn(5).isNull()) c.before = json::parse(q.getColumn(5).getString());
    if (!q.getColumn(6).isNull()) c.after = json::parse(q.getColumn(6).getString());
    c.undone = q.getColumn(7).getInt() != 0;
    if (!q.getColumn(8).isNull()) c.ref = q.getColumn(8).getInt64();
    out.push_back(std::move(c));
  }
  return out;
  MARQUE_DB_CATCH
}

std::vector<std::vector<double>> Store::postings(int64_t game_id) {
  MARQUE_DB_TRY
  std::vector<std::vector<double>> out;
  SQLite::Statement q(*m->db,
                      "SELECT h.seq, p.position, p.amount FROM hands h JOIN postings p ON p.hand_id = h.id "
                      "WHERE h.game_id = ? ORDER BY h.seq, p.position");
  q.bind(1, game_id);
  while (q.executeStep()) {
    auto seq = static_cast<size_t>(q.getColumn(0).getInt());
    auto pos = static_cast<size_t>(q.getColumn(1).getInt());
    if (out.size() < seq) out.resize(seq);
    auto& row = out[seq - 1];
    if (row.size() <= pos) row.resize(pos + 1, 0.0);
    row[pos] = q.getColumn(2).getDouble();
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
  SQLite::Statement q(*m->db, "UPDATE players SET name = ? WHERE id = ?");
  q.bind(1, new_name);
  q.bind(2, player_id);
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
                   {"games", json::parse(q.getColumn(4).getString())}});
  return out;
  MARQUE_DB_CATCH
}

void Store::backup_to(const std::string& file) {
  MARQUE_DB_TRY
  std::error_code ec;
  fs::remove(file + ".tmp", ec);
  {
    SQLite::Database dest(file + ".tmp", SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    SQLite::Backup b(dest, *m->db);
    b.executeStep(-1);
  }
  fs::rename(file + ".tmp", file, ec);
  if (ec) throw Error(k_exit_cantcreat, "cannot write " + file + ": " + ec.message());
  MARQUE_DB_CATCH
}

void Store::restore_from(const std::string& file) {
  MARQUE_DB_TRY
  if (!fs::exists(file)) throw Error(k_exit_noinput, "no backup file " + file);
  SQLite::Database src(file, SQLite::OPEN_READONLY);
  if (src.execAndGet("PRAGMA application_id").getInt() != k_application_id)
    throw Error(k_exit_dataerr, file + " is not a marque database; nothing was restored");
  if (src.execAndGet("PRAGMA user_version").getInt() > latest_schema_version())
    throw Error(k_exit_dataerr, file + " was written by a newer marque; nothing was restored");
  SQLite::Backup b(*m->db, src);
  b.executeStep(-1);
  MARQUE_DB_CATCH
}

std::string Store::integrity_check() {
  MARQUE_DB_TRY
  return m->db->execAndGet("PRAGMA integrity_check").getString();
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
