// Games (created with their seats, read, ended, in series, their derived summary), the leagues they name, the
// nights that group them, the front ends' settings, and what an import asks to avoid storing a game twice.
#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <SQLiteCpp/SQLiteCpp.h>

#include "core/json_check.hpp"
#include "storage/store_impl.hpp"

namespace marque::storage {

namespace {

constexpr const char* k_game_cols =
    "SELECT g.id, g.game, g.setup, g.meta, g.status, g.source, g.created_at, "
    "(SELECT count(*) FROM hands h WHERE h.game_id = g.id), g.night_id, g.summary, g.hand_count, "
    "coalesce(g.ended, ''), g.series_id, g.played_count, coalesce(g.state, '') FROM games g ";

// a row of k_game_cols
// A game's row; a damaged JSON text is exit 65 naming the game, or with `lenient` (a list of every game) is told in
// `damaged`, its texts left empty objects.
GameRow read_game(SQLite::Statement& q, bool lenient = false) {
  GameRow g;
  g.id = q.getColumn(0).getInt64();
  g.game = q.getColumn(1).getString();
  try {
    g.setup = detail::stored_json(q.getColumn(2).getString(), g.id, 0, "set-up");
    g.meta = detail::stored_meta(q.getColumn(3).getString(), g.id);
    g.summary = detail::stored_json(q.getColumn(9).getString(), g.id, 0, "summary");
  } catch (const Error& e) {
    if (!lenient) throw;
    g.damaged = e.what();
    g.setup = g.meta = g.summary = json::object();
  }
  g.status = q.getColumn(4).getString();
  g.source = q.getColumn(5).getString();
  g.created_at = q.getColumn(6).getString();
  g.hands = q.getColumn(7).getInt64();
  if (!q.getColumn(8).isNull()) g.night_id = q.getColumn(8).getInt64();
  g.hand_count = q.getColumn(10).getInt64();
  g.ended = q.getColumn(11).getString();
  if (!q.getColumn(12).isNull()) g.series_id = q.getColumn(12).getInt64();
  g.played_count = q.getColumn(13).getInt64();
  g.state = q.getColumn(14).getString();
  return g;
}

// a game's running state, NULL for none
void bind_state(SQLite::Statement& q, int at, const std::string& state) {
  if (state.empty())
    q.bind(at);
  else
    q.bind(at, state);
}

constexpr const char* k_night_cols =
    "SELECT n.id, n.date, coalesce(n.venue, ''), coalesce(l.name, ''), coalesce(n.note, '') "
    "FROM nights n LEFT JOIN leagues l ON l.id = n.league_id ";

}  // namespace

std::optional<int64_t> Store::league_id(const std::string& name, bool create) {
  MARQUE_DB_TRY
  if (name.empty()) return std::nullopt;
  if (m->names_cached)
    if (auto it = m->league_hits.find(name); it != m->league_hits.end()) return it->second;
  // the exact spelling first, then any spelling of it in another case, in any script ("été" is "Été")
  auto q_use = m->stmt(
      "SELECT id FROM leagues WHERE marque_fold(name) = marque_fold(?1) ORDER BY name = ?1 DESC, id LIMIT 1");
  auto& q = *q_use;
  q.bind(1, name);
  int64_t id = 0;
  if (q.executeStep()) {
    id = q.getColumn(0).getInt64();
  } else {
    if (!create) return std::nullopt;
    auto ins_use = m->stmt("INSERT INTO leagues(name) VALUES (?)");
    auto& ins = *ins_use;
    ins.bind(1, name);
    ins.exec();
    id = m->db->getLastInsertRowid();
  }
  if (m->names_cached) m->league_hits.emplace(name, id);
  return id;
  MARQUE_DB_CATCH
}

int64_t Store::create_game(const std::string& game, const json& setup, int rules_version, const json& meta,
                           const std::vector<std::string>& players, const std::string& source,
                           std::optional<int64_t> night_id, const std::string& import_key, const GameDerived* derived) {
  MARQUE_DB_TRY
  std::optional<int64_t> league;
  if (meta.contains("league") && meta["league"].is_string())
    league = league_id(meta["league"].get<std::string>(), true);
  const GameDerived none;
  const GameDerived& d = derived ? *derived : none;
  auto ins_use = m->stmt("INSERT INTO games(game, setup, rules_version, league_id, played_on, meta, source, night_id, "
                         "import_key, status, summary, hand_count, played_count, state) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
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
  ins.bind(13, d.played_count);
  bind_state(ins, 14, d.state);
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
    g.seats.push_back(detail::read_seat(p, 1));
  }
  return g;
  MARQUE_DB_CATCH
}

std::optional<GameRow> Store::game_to_replay(int64_t id, bool to_extend) {
  MARQUE_DB_TRY
  // the columns read_game reads that a replay needs, in one statement (a hand: the row, its hands' count, its last
  // hand's number and its tournament table were four statements, and the players a fifth); a replay alone does not
  // count the hands (75,000 instructions in a 200-hand game: every entry of the index stepped through)
  // no alias and no expression but the subqueries: SQLite prepares it in 0.03 M instructions less (NULL read as "")
  auto q_use = m->stmt(to_extend
                           ? "SELECT game, setup, meta, summary, status, ended, state, "
                             "(SELECT count(*) FROM hands WHERE game_id = ?1), "
                             "(SELECT no FROM hands WHERE game_id = ?1 ORDER BY seq DESC LIMIT 1), "
                             "(SELECT state FROM tournament_tables WHERE game_id = ?1 LIMIT 1) FROM games WHERE id = ?1"
                           : "SELECT game, setup, meta, summary, status, ended, state FROM games WHERE id = ?1");
  auto& q = *q_use;
  q.bind(1, id);
  if (!q.executeStep()) return std::nullopt;
  GameRow g;
  g.id = id;
  g.game = q.getColumn(0).getString();
  // read_game's checks in its order: the set-up, the meta, then the summary (accepted as the parser reads it)
  g.setup = detail::stored_json(q.getColumn(1).getString(), id, 0, "set-up");
  g.meta = detail::stored_meta(q.getColumn(2).getString(), id);
  {
    const SQLite::Column summary = q.getColumn(3);
    const auto* bytes = static_cast<const char*>(summary.getBlob());
    const std::string_view text(bytes, static_cast<size_t>(summary.getBytes()));
    // json_check accepts only what the parser accepts, in a pass over the bytes (a fifth of the parser's acceptor);
    // the parser decides what it refuses (a NUL byte after the value: json_check refuses what the parser may not)
    if (!json_check::valid(text) && !json::accept(text.begin(), text.end())) detail::stored_json("", id, 0, "summary");
  }
  g.status = q.getColumn(4).getString();
  const auto text_or_empty = [&q](int c) {
    return q.getColumn(c).isNull() ? std::string() : q.getColumn(c).getString();
  };
  g.ended = text_or_empty(5);
  g.state = text_or_empty(6);
  if (to_extend) {
    g.hands = q.getColumn(7).getInt64();
    g.last_no = q.getColumn(8).getInt();
    g.table_state = text_or_empty(9);
  }
  return g;
  MARQUE_DB_CATCH
}

std::optional<std::string> Store::game_kind(int64_t id) {
  MARQUE_DB_TRY
  auto q_use = m->stmt("SELECT game FROM games WHERE id = ?");
  auto& q = *q_use;
  q.bind(1, id);
  if (!q.executeStep()) return std::nullopt;
  return q.getColumn(0).getString();
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
  SQLite::Statement q(*m->db,
                      "SELECT id FROM games WHERE (id = ?1 OR series_id = ?1) AND ended IS NOT 'deleted' ORDER BY id");
  q.bind(1, series_id);
  while (q.executeStep()) out.push_back(q.getColumn(0).getInt64());
  return out;
  MARQUE_DB_CATCH
}

std::vector<GameRow> Store::games() {
  MARQUE_DB_TRY
  std::vector<GameRow> out;
  SQLite::Statement q(*m->db, std::string(k_game_cols) + "ORDER BY g.id");
  while (q.executeStep()) out.push_back(read_game(q, true));  // a damaged row is listed, told in `damaged`
  SQLite::Statement p(
      *m->db,
      "SELECT gp.game_id, p.name, gp.place, gp.points_units, gp.points_per, gp.team_result FROM game_players gp "
      "JOIN players p ON p.id = gp.player_id ORDER BY gp.game_id, gp.position");
  size_t i = 0;
  while (p.executeStep()) {
    int64_t gid = p.getColumn(0).getInt64();
    while (i < out.size() && out[i].id < gid) ++i;
    if (i < out.size() && out[i].id == gid) {
      out[i].players.push_back(p.getColumn(1).getString());
      out[i].seats.push_back(detail::read_seat(p, 2));
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

void Store::set_summary(int64_t game_id, const GameDerived& d) {
  MARQUE_DB_TRY {
    // the game's row in one statement (set_standing's played count with it)
    auto q_use = m->stmt(
        "UPDATE games SET status = ?, summary = ?, hand_count = ?, state = ?, played_count = ? WHERE id = ?");
    auto& q = *q_use;
    q.bind(1, d.status);
    q.bind(2, d.summary);
    q.bind(3, d.hand_count);
    bind_state(q, 4, d.state);
    q.bind(5, d.played_count);
    q.bind(6, game_id);
    q.exec();
  }
  set_seats(game_id, d.seats);
  MARQUE_DB_CATCH
}

void Store::set_standing(int64_t game_id, int64_t played_count, const std::vector<SeatStanding>& seats) {
  MARQUE_DB_TRY {
    auto q_use = m->stmt("UPDATE games SET played_count = ? WHERE id = ?");
    auto& q = *q_use;
    q.bind(1, played_count);
    q.bind(2, game_id);
    q.exec();
  }
  set_seats(game_id, seats);
  MARQUE_DB_CATCH
}

void Store::set_seats(int64_t game_id, const std::vector<SeatStanding>& seats) {
  MARQUE_DB_TRY
  for (size_t i = 0; i < seats.size(); ++i) {
    const auto position = static_cast<int64_t>(i);
    // A seat whose team result is NULL and stays so (every seat of a game of players, a team game before its end) is
    // updated without naming team_result: SQLite then skips that column's CHECK (team_result IN ('win', 'loss',
    // 'draw')), whose list of three builds a temporary b-tree at every row updated, about 30,000 instructions a
    // seat. The row as the statement below leaves it; when it has a result (no row changed), that statement.
    // both statements number their parameters alike: the seat's place and points (1-3), its game and position (4-5)
    const auto bind_seat = [&](SQLite::Statement& q) {
      q.bind(1, seats[i].place);
      q.bind(2, seats[i].points.units);
      q.bind(3, seats[i].points.per);
      q.bind(4, game_id);
      q.bind(5, position);
    };
    if (seats[i].team_result.empty()) {
      auto q_use = m->stmt("UPDATE game_players SET place = ?1, points_units = ?2, points_per = ?3 "
                           "WHERE game_id = ?4 AND position = ?5 AND team_result IS NULL");
      auto& q = *q_use;
      bind_seat(q);
      if (q.exec() == 1) continue;
    }
    auto s_use = m->stmt("UPDATE game_players SET place = ?1, points_units = ?2, points_per = ?3, team_result = ?6 "
                         "WHERE game_id = ?4 AND position = ?5");
    auto& s = *s_use;
    bind_seat(s);
    if (seats[i].team_result.empty())
      s.bind(6);
    else
      s.bind(6, seats[i].team_result);
    s.exec();
  }
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

// --- nights

int64_t Store::create_night(const std::string& date, const std::string& venue, const std::string& league,
                            const std::string& note) {
  MARQUE_DB_TRY
  auto lid = league_id(league, true);
  SQLite::Statement q(*m->db, "INSERT INTO nights(date, venue, league_id, note) VALUES (?, ?, ?, ?)");
  q.bind(1, date);
  if (venue.empty())
    q.bind(2);
  else
    q.bind(2, venue);
  if (lid)
    q.bind(3, *lid);
  else
    q.bind(3);
  if (note.empty())
    q.bind(4);
  else
    q.bind(4, note);
  q.exec();
  return m->db->getLastInsertRowid();
  MARQUE_DB_CATCH
}

std::optional<NightRow> Store::night(int64_t id) {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db, std::string(k_night_cols) + "WHERE n.id = ?");
  q.bind(1, id);
  if (!q.executeStep()) return std::nullopt;
  NightRow n{q.getColumn(0).getInt64(),  q.getColumn(1).getString(), q.getColumn(2).getString(),
             q.getColumn(3).getString(), q.getColumn(4).getString(), {}};
  SQLite::Statement g(*m->db, "SELECT id FROM games WHERE night_id = ? ORDER BY id");
  g.bind(1, id);
  while (g.executeStep()) n.games.push_back(g.getColumn(0).getInt64());
  return n;
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

// --- settings of the front ends

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

// --- import de-duplication (untrusted input, issue 14)

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
  // prepared once: an import asks it for every game
  auto q_use = m->stmt("SELECT id FROM games WHERE game = ? AND setup = ? AND hand_count = ? ORDER BY id");
  auto& q = *q_use;
  q.bind(1, game);
  q.bind(2, setup_json);
  q.bind(3, hand_count);
  std::vector<int64_t> out;
  while (q.executeStep()) out.push_back(q.getColumn(0).getInt64());
  return out;
  MARQUE_DB_CATCH
}

}  // namespace marque::storage
