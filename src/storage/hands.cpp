// Hands (a game's records and derived scores, seq 1..n contiguous), their postings, and the history of
// changes that undo and redo walk.
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <SQLiteCpp/SQLiteCpp.h>

#include "storage/store_impl.hpp"

namespace marque::storage {

namespace {

// Hands from `from_seq` on move by `by`: in two steps (out of range, then back) so that
// UNIQUE(game_id, seq) never collides mid-update.
void move_seqs(SQLite::Database& db, int64_t game_id, int from_seq, int by) {
  constexpr int64_t k_far = 1000000000;
  SQLite::Statement up(db, "UPDATE hands SET seq = seq + ? WHERE game_id = ? AND seq >= ?");
  up.bind(1, k_far);
  up.bind(2, game_id);
  up.bind(3, from_seq);
  up.exec();
  SQLite::Statement down(db, "UPDATE hands SET seq = seq - ? WHERE game_id = ? AND seq > ?");
  down.bind(1, k_far - by);
  down.bind(2, game_id);
  down.bind(3, k_far);
  down.exec();
}

}  // namespace

void Store::Impl::insert_postings(int64_t hand_id, const std::vector<Amount>& deltas) {
  auto use = stmt("INSERT INTO postings(hand_id, position, units, per) VALUES (?, ?, ?, ?)");
  auto& p = *use;
  for (size_t i = 0; i < deltas.size(); ++i) {
    p.bind(1, hand_id);
    p.bind(2, static_cast<int64_t>(i));
    p.bind(3, deltas[i].units);
    p.bind(4, deltas[i].per);
    p.exec();
    p.reset();
  }
}

std::vector<HandRow> Store::hands(int64_t game_id, bool with_scores) {
  MARQUE_DB_TRY
  std::vector<HandRow> out;
  // without the scores, their texts are not read either (an empty text in their place)
  auto q_use = m->stmt(with_scores ? "SELECT id, seq, record, score, source, recorded_at, no FROM hands WHERE game_id "
                                     "= ? ORDER BY seq"
                                   : "SELECT id, seq, record, '', source, recorded_at, no FROM hands WHERE game_id = "
                                     "? ORDER BY seq");
  auto& q = *q_use;
  q.bind(1, game_id);
  while (q.executeStep()) {
    HandRow h;
    h.id = q.getColumn(0).getInt64();
    h.seq = q.getColumn(1).getInt();
    const SQLite::Column record = q.getColumn(2);  // parsed in place, as getString() would read it (blob, bytes)
    const auto* bytes = static_cast<const char*>(record.getBlob());
    h.record = detail::stored_json(std::string_view(bytes, static_cast<size_t>(record.getBytes())), game_id, h.seq,
                                   "record");
    if (with_scores) {
      h.score_text = q.getColumn(3).getString();
      h.score = detail::stored_json(h.score_text, game_id, h.seq, "score");
    }
    h.source = q.getColumn(4).getString();
    h.recorded_at = q.getColumn(5).getString();
    h.no = q.getColumn(6).getInt();
    out.push_back(std::move(h));
  }
  return out;
  MARQUE_DB_CATCH
}

int Store::last_hand_no(int64_t game_id) {
  MARQUE_DB_TRY
  auto q_use = m->stmt("SELECT no FROM hands WHERE game_id = ? ORDER BY seq DESC LIMIT 1");
  auto& q = *q_use;
  q.bind(1, game_id);
  return q.executeStep() ? q.getColumn(0).getInt() : 0;
  MARQUE_DB_CATCH
}

void Store::insert_hand(int64_t game_id, int seq, int no, const std::string& record_json, const std::string& score_json,
                        const std::vector<Amount>& deltas, const std::string& source, bool serialized) {
  MARQUE_DB_TRY
  auto ins_use = m->stmt("INSERT INTO hands(game_id, seq, record, score, source, no) VALUES (?, ?, ?, ?, ?, ?)");
  auto& ins = *ins_use;
  ins.bind(1, game_id);
  ins.bind(2, seq);
  ins.bind(3, record_json);
  ins.bind(4, score_json);
  ins.bind(5, source);
  ins.bind(6, no);
  struct Vouch {  // for this one statement
    detail::Vouched& v;
    ~Vouch() { v = {}; }
  } vouch{m->vouched};
  if (serialized) {
    m->vouched.texts[0] = record_json;
    m->vouched.texts[1] = score_json;
  }
  ins.exec();
  m->insert_postings(m->db->getLastInsertRowid(), deltas);
  MARQUE_DB_CATCH
}

void Store::update_score(int64_t game_id, int seq, const std::string& score_json, const std::vector<Amount>& deltas) {
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
  move_seqs(*m->db, game_id, seq + 1, -1);
  MARQUE_DB_CATCH
}

void Store::shift_up(int64_t game_id, int seq) {
  MARQUE_DB_TRY
  move_seqs(*m->db, game_id, seq, +1);
  MARQUE_DB_CATCH
}

void Store::for_each_record(int64_t game_id, const std::function<void(int seq, const std::string& record_json)>& fn) {
  MARQUE_DB_TRY
  SQLite::Statement q(*m->db, "SELECT seq, record FROM hands WHERE game_id = ? ORDER BY seq");
  q.bind(1, game_id);
  while (q.executeStep()) fn(q.getColumn(0).getInt(), q.getColumn(1).getString());
  MARQUE_DB_CATCH
}

// --- history

int64_t Store::log_change(int64_t game_id, const std::string& action, std::optional<int> seq, const json& before,
                          const json& after, std::optional<int64_t> ref, std::optional<int> no) {
  MARQUE_DB_TRY
  auto q_use = m->stmt(
      "INSERT INTO changes(game_id, action, seq, before, after, ref, no) VALUES (?, ?, ?, ?, ?, ?, ?)");
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
  if (no)
    q.bind(7, *no);
  else
    q.bind(7);
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
  SQLite::Statement q(*m->db, "SELECT id, game_id, at, action, seq, before, after, undone, ref, no FROM changes "
                              "WHERE game_id = ? ORDER BY id");
  q.bind(1, game_id);
  while (q.executeStep()) {
    ChangeRow c;
    c.id = q.getColumn(0).getInt64();
    c.game_id = q.getColumn(1).getInt64();
    c.at = q.getColumn(2).getString();
    c.action = q.getColumn(3).getString();
    if (!q.getColumn(4).isNull()) c.seq = q.getColumn(4).getInt();
    if (!q.getColumn(5).isNull()) c.before = json::parse(q.getColumn(5).getString(), nullptr, false);
    if (!q.getColumn(6).isNull()) c.after = json::parse(q.getColumn(6).getString(), nullptr, false);
    if (c.before.is_discarded()) c.before = "(damaged)";
    if (c.after.is_discarded()) c.after = "(damaged)";
    c.undone = q.getColumn(7).getInt() != 0;
    if (!q.getColumn(8).isNull()) c.ref = q.getColumn(8).getInt64();
    if (!q.getColumn(9).isNull()) c.no = q.getColumn(9).getInt();
    out.push_back(std::move(c));
  }
  return out;
  MARQUE_DB_CATCH
}

}  // namespace marque::storage
