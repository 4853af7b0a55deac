// What standings and statistics read: the games that count under a filter (league, game, table size,
// dates), as summaries (JSON) or as standing rows (the derived columns only).
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
    seats[pos] = {names[s.getColumn(2).getInt64()], detail::read_seat(s, 3)};
  }
  if (f.players)
    out.erase(std::remove_if(out.begin(), out.end(),
                             [&](const StandingRow& r) { return static_cast<int>(r.seats.size()) != f.players; }),
              out.end());
  return out;
  MARQUE_DB_CATCH
}

}  // namespace marque::storage
