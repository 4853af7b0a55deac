// Players: found by name (exact spelling, then case and accents folded), listed, renamed, merged, and the
// history of those renames and merges.
#include <string>
#include <utility>
#include <vector>

#include <SQLiteCpp/SQLiteCpp.h>

#include "core/unicode.hpp"
#include "storage/store_impl.hpp"

namespace marque::storage {

std::optional<Store::Impl::PlayerHit> Store::Impl::find_player(const std::string& name) {
  if (names_cached)
    if (auto it = player_hits.find(name); it != player_hits.end()) return it->second;
  // the exact spelling first, then the folded name (two old rows may share a folded name until merged)
  auto q_use = stmt("SELECT id, name FROM players WHERE name = ?1 OR name = ?1 COLLATE NOCASE OR folded = ?2 "
                    "ORDER BY name = ?1 DESC, name = ?1 COLLATE NOCASE DESC, id LIMIT 1");
  auto& q = *q_use;
  q.bind(1, name);
  q.bind(2, unicode::fold(name));
  if (!q.executeStep()) return std::nullopt;
  PlayerHit hit{q.getColumn(0).getInt64(), q.getColumn(1).getString()};
  while (q.executeStep()) {
  }
  if (names_cached) player_hits.emplace(name, hit);
  return hit;
}

int64_t Store::player_id(const std::string& name, bool create) {
  MARQUE_DB_TRY
  if (auto hit = m->find_player(name)) return hit->id;
  if (!create) return 0;
  auto ins_use = m->stmt("INSERT INTO players(name, folded) VALUES (?, ?)");
  auto& ins = *ins_use;
  ins.bind(1, name);
  ins.bind(2, unicode::fold(name));
  ins.exec();
  const int64_t id = m->db->getLastInsertRowid();
  if (m->names_cached) m->player_hits.emplace(name, Impl::PlayerHit{id, name});
  return id;
  MARQUE_DB_CATCH
}

std::string Store::player_name(const std::string& name) {
  MARQUE_DB_TRY
  auto hit = m->find_player(name);
  return hit ? hit->name : std::string();
  MARQUE_DB_CATCH
}

Store::NameCache::NameCache(Store& s) : m_store(s) {
  m_store.m->forget_names();
  m_store.m->names_cached = true;
}

Store::NameCache::~NameCache() {
  m_store.m->names_cached = false;
  m_store.m->forget_names();
}

void Store::refold_players() {
  MARQUE_DB_TRY
  m->forget_names();
  std::vector<std::pair<int64_t, std::string>> all;
  {
    SQLite::Statement q(*m->db, "SELECT id, name FROM players");
    while (q.executeStep()) all.emplace_back(q.getColumn(0).getInt64(), q.getColumn(1).getString());
  }
  SQLite::Statement u(*m->db, "UPDATE players SET folded = ? WHERE id = ?");
  for (const auto& [id, name] : all) {
    u.bind(1, unicode::fold(name));
    u.bind(2, id);
    u.exec();
    u.reset();
  }
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

std::vector<Store::PlayerLastGame> Store::players_last_game() {
  MARQUE_DB_TRY
  std::vector<PlayerLastGame> out;
  SQLite::Statement q(*m->db,
                      "SELECT p.id, p.name, g.id, coalesce(g.played_on, substr(g.created_at, 1, 10)) FROM players p "
                      "LEFT JOIN game_players gp ON gp.player_id = p.id "
                      "LEFT JOIN games g ON g.id = gp.game_id AND (g.ended IS NULL OR g.ended <> 'deleted') "
                      "ORDER BY p.id");
  while (q.executeStep()) {
    const int64_t id = q.getColumn(0).getInt64();
    if (out.empty() || out.back().id != id) out.push_back({id, q.getColumn(1).getString(), "", 0, 0});
    if (q.getColumn(2).isNull()) continue;
    PlayerLastGame& p = out.back();
    const int64_t game = q.getColumn(2).getInt64();
    const std::string day = q.getColumn(3).isNull() ? "" : q.getColumn(3).getString();
    ++p.games;
    if (!p.last_game || day > p.last_day || (day == p.last_day && game > p.last_game)) {
      p.last_day = day;
      p.last_game = game;
    }
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
  m->forget_names();
  SQLite::Statement q(*m->db, "UPDATE players SET name = ?, folded = ? WHERE id = ?");
  q.bind(1, new_name);
  q.bind(2, unicode::fold(new_name));
  q.bind(3, player_id);
  q.exec();
  MARQUE_DB_CATCH
}

void Store::move_seats(int64_t from_player, int64_t to_player) {
  MARQUE_DB_TRY
  m->forget_names();
  SQLite::Statement q(*m->db, "UPDATE game_players SET player_id = ? WHERE player_id = ?");
  q.bind(1, to_player);
  q.bind(2, from_player);
  q.exec();
  SQLite::Statement d(*m->db, "DELETE FROM players WHERE id = ?");
  d.bind(1, from_player);
  d.exec();
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
    out.push_back({{"at", q.getColumn(0).getString()},
                   {"action", q.getColumn(1).getString()},
                   {"old", q.getColumn(2).getString()},
                   {"new", q.getColumn(3).getString()},
                   {"games", json::parse(q.getColumn(4).getString(), nullptr, false)}});
  for (auto& e : out)
    if (e["games"].is_discarded()) e["games"] = json::array();
  return out;
  MARQUE_DB_CATCH
}

}  // namespace marque::storage
