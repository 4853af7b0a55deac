// What standings and statistics read: the games that count under a filter (league, game, table size,
// dates), as summaries (JSON) or as standing rows (the derived columns only); a league's seasons.
#include <algorithm>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include "storage/store_impl.hpp"

namespace marque::storage {

namespace {

// WHERE clauses of a summary filter over games g (joined to leagues l), and their bindings
std::string filter_sql(const Store::SummaryFilter& f) {
  // a game counts when it has a hand and is over: finished by its rules (and not abandoned or deleted since),
  // or closed by decision (it counts as it stands); an open game counts once it is finished or closed
  std::string sql = " AND g.hand_count > 0 AND (g.ended = 'closed' OR (g.ended IS NULL AND g.status = 'finished'))";
  // the league's ids found once (folding every game's league name cost a tenth of standings over a club's history)
  if (!f.league.empty())
    sql += " AND g.league_id IN (SELECT id FROM leagues WHERE marque_fold(name) = marque_fold(:league))";
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

// A statement read through SQLite's own calls: a long scan's columns without SQLiteCpp's Column objects (a shared
// pointer copied for every value read, a tenth of standings over a club's history). Errors are SQLiteCpp's.
class Scan {
public:
  Scan(SQLite::Database& db, const std::string& sql) : m_db(db.getHandle()) {
    const int rc = sqlite3_prepare_v2(m_db, sql.c_str(), static_cast<int>(sql.size()) + 1, &m_stmt, nullptr);
    if (rc != SQLITE_OK) throw SQLite::Exception(m_db, rc);
  }
  ~Scan() { sqlite3_finalize(m_stmt); }
  Scan(const Scan&) = delete;
  Scan& operator=(const Scan&) = delete;
  void bind(const char* name, const std::string& v) {
    if (int i = sqlite3_bind_parameter_index(m_stmt, name))
      check(sqlite3_bind_text(m_stmt, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT));
  }
  void bind(const char* name, int v) {
    if (int i = sqlite3_bind_parameter_index(m_stmt, name)) check(sqlite3_bind_int(m_stmt, i, v));
  }
  bool step() {
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW) return true;
    if (rc != SQLITE_DONE) throw SQLite::Exception(m_db, rc);
    return false;
  }
  int64_t integer(int i) const { return sqlite3_column_int64(m_stmt, i); }
  bool null(int i) const { return sqlite3_column_type(m_stmt, i) == SQLITE_NULL; }
  std::string_view text(int i) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(m_stmt, i));
    return p ? std::string_view(p, static_cast<size_t>(sqlite3_column_bytes(m_stmt, i))) : std::string_view();
  }

private:
  void check(int rc) const {
    if (rc != SQLITE_OK) throw SQLite::Exception(m_db, rc);
  }
  sqlite3* m_db;
  sqlite3_stmt* m_stmt = nullptr;
};

}  // namespace

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
    r.summary = detail::stored_json(q.getColumn(4).getString(), r.id, 0, "summary");
    r.hands = r.summary.value("hand_count", 0);
    index[r.id] = out.size();
    out.push_back(std::move(r));
  }
  SQLite::Statement p(*m->db, "SELECT gp.game_id, p.name FROM game_players gp JOIN players p ON p.id = gp.player_id "
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
  // Plain reads instead of a join: the games that count from a covering index (a games row also holds its set-up
  // and summary text, slow to walk past), put in date order here (SQLite's sort was a tenth of standings); the
  // leagues and the players by id; then every seat in one scan of game_players.
  std::unordered_map<int64_t, std::string> leagues, names;
  {
    Scan l(*m->db, "SELECT id, name FROM leagues");
    while (l.step()) leagues.emplace(l.integer(0), l.text(1));
  }
  std::vector<StandingRow> read;
  std::vector<std::string> dates;  // the distinct dates
  std::vector<uint32_t> date_of;   // each row's: 0 = NULL (sorts first, as in SQL), else 1 + its index in `dates`
  {
    SummaryFilter no_size = f;
    no_size.players = 0;  // table size is checked below, from the seats
    Scan q(*m->db,
           "SELECT g.id, g.game, g.played_on, g.league_id, g.played_count, g.ended = 'closed' FROM games g WHERE 1" +
               filter_sql(no_size));
    if (!no_size.league.empty()) q.bind(":league", no_size.league);
    if (!no_size.game.empty()) q.bind(":game", no_size.game);
    if (!no_size.from.empty()) q.bind(":from", no_size.from);
    if (!no_size.to.empty()) q.bind(":to", no_size.to);
    std::unordered_map<std::string, uint32_t> date_index;
    uint32_t last = 0;  // the rows come mostly by date: the last date found is tried first
    while (q.step()) {
      StandingRow& r = read.emplace_back();
      r.id = q.integer(0);
      r.game = q.text(1);
      uint32_t date = 0;
      if (!q.null(2)) {
        const std::string_view day = q.text(2);
        if (last && dates[last - 1] == day) {
          date = last;
        } else {
          auto [it, added] = date_index.try_emplace(std::string(day), static_cast<uint32_t>(dates.size() + 1));
          if (added) dates.emplace_back(day);
          date = last = it->second;
        }
      }
      date_of.push_back(date);
      if (!q.null(3))
        if (auto it = leagues.find(q.integer(3)); it != leagues.end()) r.league = it->second;
      r.hands = q.integer(4);
      r.closed = q.integer(5) == 1;
    }
  }
  // ORDER BY g.played_on, g.id: the dates ranked once, then whole numbers compared
  std::vector<uint32_t> rank(dates.size() + 1, 0);
  {
    std::vector<uint32_t> by_date(dates.size());
    for (uint32_t i = 0; i < by_date.size(); ++i) by_date[i] = i;
    std::sort(by_date.begin(), by_date.end(), [&](uint32_t a, uint32_t b) { return dates[a] < dates[b]; });
    for (uint32_t r = 0; r < by_date.size(); ++r) rank[by_date[r] + 1] = r + 1;
  }
  std::vector<uint32_t> order(read.size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    const uint32_t da = rank[date_of[a]], db = rank[date_of[b]];
    return da != db ? da < db : read[a].id < read[b].id;
  });
  std::vector<StandingRow> out;
  out.reserve(read.size());
  std::unordered_map<int64_t, size_t> index;
  index.reserve(read.size());
  for (uint32_t i : order) {
    StandingRow& r = out.emplace_back(std::move(read[i]));
    if (date_of[i]) r.played_on = dates[date_of[i] - 1];
    index.emplace(r.id, out.size() - 1);
  }
  {
    Scan n(*m->db, "SELECT id, name FROM players");
    while (n.step()) names.emplace(n.integer(0), n.text(1));
  }
  Scan s(*m->db, "SELECT game_id, position, player_id, place, points_units, points_per, team_result FROM game_players");
  while (s.step()) {
    auto it = index.find(s.integer(0));
    if (it == index.end()) continue;
    auto& seats = out[it->second].seats;
    const auto pos = static_cast<size_t>(s.integer(1));
    if (seats.size() == pos) {
      if (seats.empty()) seats.reserve(4);
      seats.emplace_back();
    } else if (seats.size() < pos) {
      seats.resize(pos + 1);
    }
    league::Seat& seat = seats[pos];
    if (auto name = names.find(s.integer(2)); name != names.end())
      seat.player = name->second;
    else
      seat.player.clear();
    seat.place = static_cast<int>(s.integer(3));
    seat.points = {s.integer(4), std::max<int64_t>(1, s.integer(5))};
    const std::string_view team = s.text(6);  // NULL: none
    seat.team_result.assign(team.data(), team.size());
  }
  if (f.players)
    out.erase(std::remove_if(out.begin(), out.end(),
                             [&](const StandingRow& r) { return static_cast<int>(r.seats.size()) != f.players; }),
              out.end());
  return out;
  MARQUE_DB_CATCH
}

std::vector<int64_t> Store::closed_game_ids(const SummaryFilter& f) {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db,
                      "SELECT g.id FROM games g LEFT JOIN leagues l ON l.id = g.league_id WHERE g.ended = 'closed'" +
                          filter_sql(f) + " ORDER BY g.id");
  bind_filter(q, f);
  std::vector<int64_t> out;
  while (q.executeStep()) out.push_back(q.getColumn(0).getInt64());
  return out;
  MARQUE_DB_CATCH
}

// --- seasons

int64_t Store::create_season(const std::string& name, const std::string& league, const std::string& from,
                             const std::string& to) {
  MARQUE_DB_TRY
  auto lid = league_id(league, true);
  SQLite::Statement q(*m->db, "INSERT INTO seasons(league_id, name, date_from, date_to) VALUES (?, ?, ?, ?)");
  if (lid)
    q.bind(1, *lid);
  else
    q.bind(1);
  q.bind(2, name);
  q.bind(3, from);
  q.bind(4, to);
  q.exec();
  return m->db->getLastInsertRowid();
  MARQUE_DB_CATCH
}

std::vector<SeasonRow> Store::seasons(const std::string& league) {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db,
                      "SELECT s.id, s.name, l.name, s.date_from, s.date_to, (SELECT count(*) FROM games g WHERE "
                      "g.league_id = s.league_id AND g.played_on BETWEEN s.date_from AND s.date_to" +
                          filter_sql({}) + ") FROM seasons s JOIN leagues l ON l.id = s.league_id" +
                          std::string(league.empty() ? "" : " WHERE marque_fold(l.name) = marque_fold(:league)") +
                          " ORDER BY l.name, s.date_from, s.date_to, s.id");
  if (!league.empty()) q.bind(":league", league);
  std::vector<SeasonRow> out;
  while (q.executeStep())
    out.push_back({q.getColumn(0).getInt64(), q.getColumn(1).getString(), q.getColumn(2).getString(),
                   q.getColumn(3).getString(), q.getColumn(4).getString(), q.getColumn(5).getInt64()});
  return out;
  MARQUE_DB_CATCH
}

bool Store::delete_season(const std::string& name, const std::string& league) {
  MARQUE_DB_TRY
  SQLite::Statement q(
      *m->db,
      "DELETE FROM seasons WHERE name = ? AND league_id IN (SELECT id FROM leagues WHERE marque_fold(name) = marque_fold(?))");
  q.bind(1, name);
  q.bind(2, league);
  return q.exec() > 0;
  MARQUE_DB_CATCH
}

}  // namespace marque::storage
