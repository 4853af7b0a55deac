// Tournaments (schema 11): an event stored as its marque-tournament/1 document with every earlier version (who,
// when, why), and its drawn tables (code, result state, the marque game a table is played as).
#include "storage/store_impl.hpp"

namespace marque::storage {

namespace {

Store::TournamentRow tournament_row(SQLite::Statement& q) {
  return {q.getColumn(0).getString(), q.getColumn(1).getString(), q.getColumn(2).getString(),
          q.getColumn(3).getString(), q.getColumn(4).getInt64(),  q.getColumn(5).getString(),
          q.getColumn(6).getString(), q.getColumn(7).getString()};
}

// a tournament_tables row from columns round, table_no, code, state, game_id, published_at starting at `at`
Store::TournamentTableRow table_row(SQLite::Statement& q, int at) {
  Store::TournamentTableRow r{q.getColumn(at).getInt(), q.getColumn(at + 1).getInt(), q.getColumn(at + 2).getString(),
                              q.getColumn(at + 3).getString(), std::nullopt};
  if (!q.getColumn(at + 4).isNull()) r.game_id = q.getColumn(at + 4).getInt64();
  r.published = !q.getColumn(at + 5).isNull();
  if (r.published) r.published_at = q.getColumn(at + 5).getString();
  return r;
}

constexpr const char* k_table_columns = "tournament_id, round, table_no, code, state, game_id, published_at";

constexpr const char* k_tournament_columns =
    "SELECT id, name, game, status, version, document, created_at, updated_at FROM tournaments";

void add_tournament_version(SQLite::Database& db, const std::string& id, int64_t version, const std::string& document,
                            const std::string& action, const std::string& by, const std::string& reason) {
  SQLite::Statement q(db, "INSERT INTO tournament_versions(tournament_id, version, document, action, by, reason) "
                          "VALUES (?, ?, ?, ?, ?, ?)");
  q.bind(1, id);
  q.bind(2, version);
  q.bind(3, document);
  q.bind(4, action);
  q.bind(5, by);
  if (reason.empty())
    q.bind(6);
  else
    q.bind(6, reason);
  q.exec();
}

}  // namespace

std::optional<Store::TournamentRow> Store::tournament(const std::string& id) {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db, std::string(k_tournament_columns) + " WHERE id = ?");
  q.bind(1, id);
  if (!q.executeStep()) return std::nullopt;
  return tournament_row(q);
  MARQUE_DB_CATCH
}

std::vector<Store::TournamentRow> Store::tournaments() {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db, std::string(k_tournament_columns) + " ORDER BY created_at, id");
  std::vector<TournamentRow> out;
  while (q.executeStep()) out.push_back(tournament_row(q));
  return out;
  MARQUE_DB_CATCH
}

void Store::create_tournament(const TournamentRow& row, const std::string& action, const std::string& by,
                              const std::string& reason) {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db,
                      "INSERT INTO tournaments(id, name, game, status, version, document) VALUES (?, ?, ?, ?, 1, ?)");
  q.bind(1, row.id);
  q.bind(2, row.name);
  q.bind(3, row.game);
  q.bind(4, row.status);
  q.bind(5, row.document);
  q.exec();
  add_tournament_version(*m->db, row.id, 1, row.document, action, by, reason);
  MARQUE_DB_CATCH
}

int64_t Store::save_tournament(const std::string& id, const std::string& name, const std::string& status,
                               const std::string& document, const std::string& action, const std::string& by,
                               const std::string& reason) {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db, "UPDATE tournaments SET name = ?, status = ?, document = ?, version = version + 1, "
                              "updated_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = ? RETURNING version");
  q.bind(1, name);
  q.bind(2, status);
  q.bind(3, document);
  q.bind(4, id);
  if (!q.executeStep()) throw Error(k_exit_software, "no tournament " + detail::shown(id) + " to save");
  const int64_t version = q.getColumn(0).getInt64();
  q.reset();
  add_tournament_version(*m->db, id, version, document, action, by, reason);
  return version;
  MARQUE_DB_CATCH
}

std::vector<Store::TournamentVersionRow> Store::tournament_versions(const std::string& id) {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db, "SELECT version, action, at, by, coalesce(reason, ''), document FROM tournament_versions "
                              "WHERE tournament_id = ? ORDER BY version");
  q.bind(1, id);
  std::vector<TournamentVersionRow> out;
  while (q.executeStep())
    out.push_back({q.getColumn(0).getInt64(), q.getColumn(1).getString(), q.getColumn(2).getString(),
                   q.getColumn(3).getString(), q.getColumn(4).getString(), q.getColumn(5).getString()});
  return out;
  MARQUE_DB_CATCH
}

void Store::sync_tournament_tables(const std::string& id, const std::vector<TournamentTableRow>& tables) {
  MARQUE_DB_TRY
  // the tables no longer drawn first, so that a code drawn again is free
  SQLite::Statement gone(*m->db,
                         "DELETE FROM tournament_tables WHERE tournament_id = ? AND round = ? AND table_no = ?");
  for (const auto& old : tournament_tables(id)) {
    const bool drawn = std::any_of(tables.begin(), tables.end(),
                                   [&](const auto& t) { return t.round == old.round && t.table == old.table; });
    if (drawn) continue;
    gone.bind(1, id);
    gone.bind(2, old.round);
    gone.bind(3, old.table);
    gone.exec();
    gone.reset();
  }
  SQLite::Statement up(
      *m->db, "INSERT INTO tournament_tables(tournament_id, round, table_no, code, state) VALUES (?, ?, ?, ?, ?) "
              "ON CONFLICT(tournament_id, round, table_no) DO UPDATE SET code = excluded.code, "
              "state = excluded.state");
  for (const auto& t : tables) {
    up.bind(1, id);
    up.bind(2, t.round);
    up.bind(3, t.table);
    up.bind(4, t.code);
    up.bind(5, t.state);
    up.exec();
    up.reset();
  }
  MARQUE_DB_CATCH
}

std::vector<Store::TournamentTableRow> Store::tournament_tables(const std::string& id) {
  MARQUE_DB_TRY
  SQLite::Statement q(
      *m->db,
      "SELECT round, table_no, code, state, game_id, published_at FROM tournament_tables WHERE tournament_id = ? "
      "ORDER BY round, table_no");
  q.bind(1, id);
  std::vector<TournamentTableRow> out;
  while (q.executeStep()) out.push_back(table_row(q, 0));
  return out;
  MARQUE_DB_CATCH
}

void Store::publish_tournament_round(const std::string& id, int round) {
  MARQUE_DB_TRY
  SQLite::Statement q(
      *m->db, "UPDATE tournament_tables SET published_at = coalesce(published_at, strftime('%Y-%m-%dT%H:%M:%SZ', "
              "'now')) WHERE tournament_id = ? AND round = ?");
  q.bind(1, id);
  q.bind(2, round);
  q.exec();
  MARQUE_DB_CATCH
}

void Store::link_tournament_table(const std::string& id, int round, int table, int64_t game_id) {
  MARQUE_DB_TRY
  SQLite::Statement q(
      *m->db, "UPDATE tournament_tables SET game_id = ? WHERE tournament_id = ? AND round = ? AND table_no = ?");
  q.bind(1, game_id);
  q.bind(2, id);
  q.bind(3, round);
  q.bind(4, table);
  q.exec();
  MARQUE_DB_CATCH
}

std::optional<std::string> Store::tournament_of_game(int64_t game_id) {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db, "SELECT tournament_id FROM tournament_tables WHERE game_id = ? LIMIT 1");
  q.bind(1, game_id);
  if (!q.executeStep()) return std::nullopt;
  return q.getColumn(0).getString();
  MARQUE_DB_CATCH
}

std::vector<Store::TournamentTableAt> Store::tournament_tables_by_code(const std::string& code) {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db, std::string("SELECT ") + k_table_columns +
                                  " FROM tournament_tables WHERE code = ? ORDER BY published_at IS NULL, "
                                  "published_at DESC, round DESC");
  q.bind(1, code);
  std::vector<TournamentTableAt> out;
  while (q.executeStep()) out.push_back({q.getColumn(0).getString(), table_row(q, 1)});
  return out;
  MARQUE_DB_CATCH
}

std::optional<Store::TournamentTableAt> Store::tournament_table_of_game(int64_t game_id) {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db,
                      std::string("SELECT ") + k_table_columns + " FROM tournament_tables WHERE game_id = ? LIMIT 1");
  q.bind(1, game_id);
  if (!q.executeStep()) return std::nullopt;
  return TournamentTableAt{q.getColumn(0).getString(), table_row(q, 1)};
  MARQUE_DB_CATCH
}

}  // namespace marque::storage
