// Opening the database (with the upgrade's derivation), exact amounts, rejections as JSON.
#include "app/internal.hpp"

#include <csignal>
#include <cstdlib>
#include <stdexcept>

namespace marque::app {

namespace {

// The deals really played among a game's stored hands, from their records and stored scores (v10).
int64_t deals_played(const storage::GameRow& g, const std::vector<storage::HandRow>& hands) {
  const rules::GameRules* rules = rules::find_game(g.game);
  int64_t n = 0;
  for (const auto& h : hands) n += !rules || rules->hand_facts(h.record, h.score, g.players).played ? 1 : 0;
  return n;
}

}  // namespace

std::unique_ptr<Store> open_store(const std::string& path, Store::Mode mode) {
  // the derivation runs inside the upgrade's own transaction: an interrupted upgrade leaves the old database
  auto derive = [](Store& store, int from) {
    if (from < 8) store.refold_players();  // v8: names matched by their Unicode case folding
    if (from >= 10) return;
    if (from >= 7) {
      // v9: the seats of a game played by sides name their side's result as the game stands (a game closed
      // early counts its sides 1 and 0); v10: a Piquet seat's points are its partie result. Both re-reduced from
      // the stored summaries; v10: the deals played counted from the stored records and scores.
      for (int64_t id : store.game_ids()) {
        const storage::GameRow g = load_game(store, id);
        store.set_standing(g.id, deals_played(g, store.hands(g.id)), seats_from(g.game, g.players, g.summary));
      }
      return;
    }
    const char* kill_at = std::getenv("MARQUE_TEST_KILL_IN_UPGRADE");  // fault injection for tests/reliability
    int64_t done = 0;
    for (int64_t id : store.game_ids()) {
      const storage::GameRow g = load_game(store, id);
      if (from < 3) {  // no summaries yet: replay the records
        rules::Replay r = rules::replay(file_from(g, store.hands(g.id, false)));
        if (r.ok) store_summary(store, g.id, r);
      } else {  // v3..v6: the stored summary is derived already; reduce it to the (exact) seat columns
        store.set_summary(g.id, {g.status, g.summary.dump(), g.hands, deals_played(g, store.hands(g.id)),
                                 seats_from(g.game, g.players, g.summary), ""});  // no running state (v13)
      }
      // v7: the postings in exact units, from the stored scores (their deltas)
      const int64_t per = per_of(g.game);
      for (const auto& h : store.hands(g.id, true))
        store.update_score(g.id, h.seq, h.score_text, deltas_of(ojson::parse(h.score_text), g.players, per));
      if (kill_at && ++done == 2) std::raise(SIGKILL);
    }
  };
  return std::make_unique<Store>(path, mode, derive);
}

std::vector<Amount> deltas_of(const ojson& entry, const std::vector<std::string>& players, int64_t per) {
  std::vector<Amount> out;
  out.reserve(players.size());
  const auto& d = entry["deltas"];
  for (const auto& p : players) {
    auto it = d.find(p);
    auto a = it != d.end() ? amount_of(*it, per) : std::optional<Amount>(Amount::whole(0, per));
    // the rules promised whole units of 1/per (GameRules::amount_denominator): a bug, never bad input
    if (!a)
      throw std::logic_error("amount " + it->dump() + " is not a whole number of 1/" + std::to_string(per) + " points");
    out.push_back(*a);
  }
  return out;
}

int64_t per_of(const std::string& game) {
  const rules::GameRules* rules = rules::find_game(game);
  return rules ? rules->amount_denominator() : 1;
}

ojson rejection_json(const Diagnostics& diags) {
  ojson out = ojson::object();
  ojson errors = ojson::array(), warnings = ojson::array();
  for (const auto& d : diags.items()) {
    ojson e = ojson::object();
    if (d.hand > 0)
      e["hand"] = d.hand;
    else
      e["hand"] = nullptr;
    e["field"] = d.field;
    e["code"] = d.code;
    e["message"] = d.message;
    (d.error ? errors : warnings).push_back(std::move(e));
  }
  out["errors"] = std::move(errors);
  out["warnings"] = std::move(warnings);
  return out;
}

Session::Session(std::unique_ptr<Impl> impl) : m(std::move(impl)) {}
Session::~Session() = default;
const Writer& Session::writer() const { return m->writer; }
void Session::set_writer(Writer w) { m->writer = std::move(w); }
void Session::set_submission(std::string key) { m->store->set_submission(std::move(key)); }

std::string default_db_path() { return storage::default_db_path(); }

namespace {
Database session_on(const std::string& path, Store::Mode mode) {
  return std::make_unique<Session>(std::make_unique<Session::Impl>(Session::Impl{open_store(path, mode), Writer{}}));
}
}  // namespace

Database open_database(const std::string& path, bool write) {
  return session_on(path, write ? Store::Mode::write : Store::Mode::read);
}

Database peek_database(const std::string& path) { return session_on(path, Store::Mode::peek); }

void quiet_waits(bool quiet) { Store::tell_waits(!quiet); }

DatabaseInfo info(Session& session) { return {store_of(session).path(), store_of(session).schema_version()}; }

void backup(Session& session, const std::string& file) { store_of(session).backup_to(file); }

std::string restore(Database& db, const std::string& file) {
  Store& store = store_of(*db);
  const std::string path = store.path();
  std::string safety = store.restore_from(file);
  db->impl().store.reset();
  db->impl().store = open_store(path, Store::Mode::write);  // upgrades an older backup (one transaction)
  return safety;
}

}  // namespace marque::app
