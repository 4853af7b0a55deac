// What standings and statistics read: the games that count under a filter (league, game, table size,
// dates), as summaries (JSON) or as standing rows (the derived columns only); a league's seasons.
#include <algorithm>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <SQLiteCpp/SQLiteCpp.h>

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
  // Two plain reads instead of a join: the games in date order from a covering index (a games row also holds
  // its set-up and summary text, slow to walk past), then every seat in one scan of game_players.
  std::vector<StandingRow> out;
  std::unordered_map<int64_t, size_t> index;
  {
    SummaryFilter no_size = f;
    no_size.players = 0;  // table size is checked below, from the seats
    SQLite::Statement q(*m->db, "SELECT g.id, g.game, coalesce(g.played_on, ''), coalesce(l.name, ''), g.played_count "
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
  SQLite::Statement s(
      *m->db, "SELECT game_id, position, player_id, place, points_units, points_per, team_result FROM game_players");
  while (s.executeStep()) {
    auto it = index.find(s.getColumn(0).getInt64());
    if (it == index.end()) continue;
    auto& seats = out[it->second].seats;
    size_t pos = static_cast<size_t>(s.getColumn(1).getInt64());
    if (seats.size() <= pos) seats.resize(pos + 1);
    seats[pos] = {names[s.getColumn(2).getInt64()], detail::read_seat(s, 3)};
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
