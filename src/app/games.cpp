// Games: the stored game as a file, which game is meant, its replay, starting one.
#include "app/internal.hpp"

#include <algorithm>

namespace marque::app {

json game_file(Store& store, int64_t game_id) {
  auto g = load_game(store, game_id);
  return file_from(g, store.hands(game_id, false));
}

int64_t resolve_game(Store& store, std::optional<int64_t> id) {
  if (id) {
    if (!store.game(*id)) not_found(*id);
    return *id;
  }
  auto latest = store.latest_game();
  if (!latest)
    throw Error(k_exit_noinput, "there is no game in " + store.path() + " yet",
                "start one (marque start " + rules::all_games().front()->start_examples().front() + ") or import a file");
  return *latest;
}

rules::Replay score_game(Store& store, int64_t game_id) {
  json f = game_file(store, game_id);
  rules::Replay r = rules::replay(f);
  if (!r.ok) {
    std::string first = r.diags.errors().empty() ? std::string("unknown") : r.diags.errors().front().text();
    throw Error(k_exit_dataerr, "game " + std::to_string(game_id) + " no longer replays: " + first,
                "run marque check");
  }
  return r;
}

rules::Replay score_game_streamed(Store& store, int64_t game_id, const std::function<void(const ojson&)>& on_entry) {
  auto g = load_game(store, game_id);
  json env = {{"format", "marque-game/1"}, {"game", g.game}, {"setup", g.setup}, {"hands", json::array()}, {"meta", g.meta}};
  rules::Replay r = rules::replay(env);
  auto fail = [&] {
    std::string first = r.diags.errors().empty() ? std::string("unknown") : r.diags.errors().front().text();
    throw Error(k_exit_dataerr, "game " + std::to_string(game_id) + " no longer replays: " + first, "run marque check");
  };
  if (!r.ok) fail();
  store.for_each_record(game_id, [&](int, const std::string& text) {
    if (!r.ok) return;
    json rec = json::parse(text, nullptr, false);
    auto entry = rules::next(r, rec);
    if (entry && on_entry) on_entry(*entry);
  });
  if (!r.ok) fail();
  rules::finish(r);
  return r;
}

int64_t start_game(Store& store, const std::string& game, const json& setup, const json& meta_in,
                   std::optional<int64_t> night_id) {
  json meta = meta_in.is_object() ? meta_in : json::object();
  if (night_id) {
    auto n = store.night(*night_id);
    if (!n) throw Error(k_exit_noinput, "no night " + std::to_string(*night_id) + " in this database", "marque night list");
    if (!meta.contains("date")) meta["date"] = n->date;
    if (!meta.contains("venue") && !n->venue.empty()) meta["venue"] = n->venue;
    if (!meta.contains("league") && !n->league.empty()) meta["league"] = n->league;
    meta["night"] = *night_id;
  }
  const rules::GameRules* rules = rules::find_game(game);
  if (!rules) {
    Diagnostics d;
    d.error("game", "cli.game", "\"" + game + "\" is not a game marque knows; one of " + rules::game_list());
    throw Rejected(d);
  }
  json f = {{"format", "marque-game/1"}, {"game", game}, {"setup", setup}, {"hands", json::array()}, {"meta", meta}};
  rules::Replay r = replay_or_reject(f);
  check_identity_and_date(r.state->players(), meta, "rejected");
  Store::Transaction tx(store);
  if (auto names = respellings(store, r.state->players()); !names.empty()) {
    f = respelled(std::move(f), names);
    r = replay_or_reject(f);
  }
  int64_t id = store.create_game(game, f["setup"], rules->rules_version(), meta, r.state->players(), "cli", night_id);
  store_summary(store, id, r);
  store.log_change(id, "start", std::nullopt, nullptr, f["setup"]);
  tx.commit();
  return id;
}

std::vector<GameInfo> games(Store& store) { return store.games(); }

std::string game_kind(Store& store, int64_t game_id) { return load_game(store, game_id).game; }

std::vector<HandInfo> hands(Store& store, int64_t game_id) { return store.hands(game_id); }

std::vector<Change> history(Store& store, int64_t game_id) { return store.changes(game_id); }

}  // namespace marque::app
