// What `check` reads: a game exactly as stored (nothing parsed), PRAGMA integrity_check in words, and a cheaper
// connection for its integrity pass.
#include <algorithm>
#include <limits>
#include <optional>
#include <string>

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include "storage/store_impl.hpp"

namespace marque::storage {

namespace detail {

std::string integrity_of(SQLite::Database& db) {
  std::string out;
  SQLite::Statement q(db, "PRAGMA integrity_check(20)");
  try {
    while (q.executeStep()) {
      // one message a row, or several in one (SQLite 3.40: "*** in database main ***\nOn tree page ...\n...")
      std::string row = q.getColumn(0).getString();
      size_t start = 0;
      while (start <= row.size()) {
        size_t nl = row.find('\n', start);
        std::string line = row.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
        if (!line.empty() && line.rfind("*** in database", 0) != 0) out += (out.empty() ? "" : "; ") + line;
        if (nl == std::string::npos) break;
        start = nl + 1;
      }
    }
  } catch (const SQLite::Exception& e) {  // a badly damaged file: what was listed, then why it stopped
    if (out.empty() || out == "ok") out.clear();
    out += (out.empty() ? "" : "; ") + std::string(e.what());
  }
  return out.empty() ? std::string("ok") : out;
}

}  // namespace detail

namespace {

// json_valid() on a connection whose JSON columns the caller parses itself (Store::integrity_check)
void json_assumed_fn(sqlite3_context* ctx, int, sqlite3_value** argv) {
  if (sqlite3_value_type(argv[0]) == SQLITE_NULL)
    sqlite3_result_null(ctx);
  else
    sqlite3_result_int(ctx, 1);
}

// one posting row into `out`: the range's hand `at`, seat `pos` (a per below 1 is damage: read as 1, the comparison
// reports the game)
void put_posting(std::vector<std::vector<Amount>>& out, size_t at, size_t pos, int64_t units, int64_t per) {
  if (out.size() <= at) out.resize(at + 1);
  auto& row = out[at];
  if (row.size() <= pos) row.resize(pos + 1);
  row[pos] = {units, std::max<int64_t>(1, per)};
}

}  // namespace

std::optional<RawGame> Store::raw_game(int64_t id) {
  auto g = raw_game_header(id);
  if (!g) return g;
  g->hands = raw_hands(id, std::numeric_limits<int64_t>::min(), -1);
  g->postings = raw_postings(id, 1, 1000000000);
  return g;
}

std::optional<RawGame> Store::raw_game_header(int64_t id) {
  MARQUE_DB_TRY
  RawGame g;
  {
    auto q_use = m->stmt(
        "SELECT id, game, setup, meta, summary, status, hand_count, played_count, state FROM games WHERE id = ?");
    auto& q = *q_use;
    q.bind(1, id);
    if (!q.executeStep()) return std::nullopt;
    g.id = q.getColumn(0).getInt64();
    g.game = q.getColumn(1).getString();
    g.setup = q.getColumn(2).getString();
    g.meta = q.getColumn(3).getString();
    g.summary = q.getColumn(4).getString();
    g.status = q.getColumn(5).getString();
    g.hand_count = q.getColumn(6).getInt64();
    g.played_count = q.getColumn(7).getInt64();
    if (!q.getColumn(8).isNull()) g.state = q.getColumn(8).getString();
  }
  {
    auto p_use = m->stmt("SELECT p.name, gp.place, gp.points_units, gp.points_per, gp.team_result FROM game_players gp "
                         "JOIN players p ON p.id = gp.player_id WHERE gp.game_id = ? ORDER BY gp.position");
    auto& p = *p_use;
    p.bind(1, id);
    while (p.executeStep()) {
      g.players.push_back(p.getColumn(0).getString());
      g.seats.push_back(detail::read_seat(p, 1));
    }
  }
  {
    auto c_use = m->stmt("SELECT id, action, seq, before, after, ref FROM changes WHERE game_id = ? ORDER BY id");
    auto& c = *c_use;
    c.bind(1, id);
    while (c.executeStep()) {
      RawChange r;
      r.id = c.getColumn(0).getInt64();
      r.action = c.getColumn(1).getString();
      if (!c.getColumn(2).isNull()) r.seq = c.getColumn(2).getInt();
      if (!c.getColumn(3).isNull()) r.before = c.getColumn(3).getString();
      if (!c.getColumn(4).isNull()) r.after = c.getColumn(4).getString();
      if (!c.getColumn(5).isNull()) r.ref = c.getColumn(5).getInt64();
      g.changes.push_back(std::move(r));
    }
  }
  return g;
  MARQUE_DB_CATCH
}

std::vector<RawHand> Store::raw_hands(int64_t id, int64_t after_seq, int64_t limit) {
  MARQUE_DB_TRY
  auto h_use = m->stmt("SELECT id, seq, record, score FROM hands WHERE game_id = ? AND seq > ? ORDER BY seq LIMIT ?");
  auto& h = *h_use;
  h.bind(1, id);
  h.bind(2, after_seq);
  h.bind(3, limit);
  std::vector<RawHand> out;
  while (h.executeStep())
    out.push_back(
        {h.getColumn(0).getInt64(), h.getColumn(1).getInt(), h.getColumn(2).getString(), h.getColumn(3).getString()});
  return out;
  MARQUE_DB_CATCH
}

std::vector<std::vector<Amount>> Store::raw_postings(int64_t id, int64_t first_seq, int64_t last_seq) {
  MARQUE_DB_TRY
  auto q_use = m->stmt("SELECT h.seq, p.position, p.units, p.per FROM hands h JOIN postings p ON p.hand_id = h.id "
                       "WHERE h.game_id = ? AND h.seq BETWEEN ? AND ? ORDER BY h.seq, p.position");
  auto& q = *q_use;
  q.bind(1, id);
  q.bind(2, first_seq);
  q.bind(3, last_seq);
  std::vector<std::vector<Amount>> out;
  while (q.executeStep()) {
    const int64_t seq = q.getColumn(0).getInt64();
    auto pos = static_cast<size_t>(q.getColumn(1).getInt());
    if (seq < 1 || seq > 1000000000 || pos > 1000) continue;  // a damaged row: the comparison reports the game
    put_posting(out, static_cast<size_t>(seq - first_seq), pos, q.getColumn(2).getInt64(), q.getColumn(3).getInt64());
  }
  return out;
  MARQUE_DB_CATCH
}

std::vector<std::vector<Amount>> Store::raw_postings_of(int64_t id, const std::vector<RawHand>& hands) {
  constexpr int64_t first_seq = 1, last_seq = 1000000000;
  if (hands.empty()) return raw_postings(id, first_seq, last_seq);
  int64_t lo = hands.front().id, hi = lo;
  for (const auto& h : hands) {
    lo = std::min(lo, h.id);
    hi = std::max(hi, h.id);
  }
  // ids far apart (hands added between other games' hands): the join reads fewer rows
  if (hi - lo > 2 * static_cast<int64_t>(hands.size()) + 16) return raw_postings(id, first_seq, last_seq);
  MARQUE_DB_TRY
  std::vector<int64_t> seq_of(static_cast<size_t>(hi - lo + 1), 0);  // 0: another game's hand
  for (const auto& h : hands) seq_of[static_cast<size_t>(h.id - lo)] = h.seq;
  auto q_use = m->stmt("SELECT hand_id, position, units, per FROM postings WHERE hand_id BETWEEN ? AND ?");
  auto& q = *q_use;
  q.bind(1, lo);
  q.bind(2, hi);
  std::vector<std::vector<Amount>> out;
  while (q.executeStep()) {
    const int64_t seq = seq_of[static_cast<size_t>(q.getColumn(0).getInt64() - lo)];
    auto pos = static_cast<size_t>(q.getColumn(1).getInt());
    // the same rows as raw_postings' join: this game's positions first_seq..last_seq (a seq below 1 is damage)
    if (seq < first_seq || seq > last_seq || pos > 1000) continue;
    put_posting(out, static_cast<size_t>(seq - first_seq), pos, q.getColumn(2).getInt64(), q.getColumn(3).getInt64());
  }
  return out;
  MARQUE_DB_CATCH
}

std::string Store::integrity_check(bool json_checked) {
  MARQUE_DB_TRY
  if (json_checked)
    sqlite3_create_function_v2(m->db->getHandle(), "json_valid", 1,
                               SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, nullptr, json_assumed_fn, nullptr,
                               nullptr, nullptr);
  return detail::integrity_of(*m->db);
  MARQUE_DB_CATCH
}

void Store::use_small_cache() {
  MARQUE_DB_TRY
  m->db->exec("PRAGMA cache_size = -2048");
  MARQUE_DB_CATCH
}

}  // namespace marque::storage
