#include "app/app.hpp"

#include "reports/standings.hpp"
#include "reports/stats.hpp"

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <map>
#include <set>
#include <string_view>

#include "core/date.hpp"

namespace marque::app {

namespace {

using storage::Store;

[[noreturn]] void not_found(int64_t id) {
  throw Error(k_exit_noinput, "no game " + std::to_string(id) + " in this database", "marque games lists them");
}

storage::GameRow load_game(Store& store, int64_t id) {
  auto g = store.game(id);
  if (!g) not_found(id);
  return *g;
}

json file_from(const storage::GameRow& g, const std::vector<storage::HandRow>& hands) {
  json f = json::object();
  f["format"] = "marque-game/1";
  f["game"] = g.game;
  f["setup"] = g.setup;
  json hs = json::array();
  for (const auto& h : hands) hs.push_back(h.record);
  f["hands"] = std::move(hs);
  f["meta"] = g.meta;
  return f;
}

// Replay `file`; throw Rejected on errors.
rules::Replay replay_or_reject(const json& file) {
  rules::Replay r = rules::replay(file);
  if (!r.ok) throw Rejected(r.diags);
  return r;
}

// The derived per-game summary: the score document without its hands, plus the hand count.
ojson summary_of(const rules::Replay& r) {
  ojson s = ojson::object();
  for (auto it = r.score.begin(); it != r.score.end(); ++it)
    if (it.key() != "hands") s[it.key()] = it.value();
  s["hand_count"] = r.hands_played;
  return s;
}

// Each seat's standing (place, points, team result), reduced from a game's summary by the game's own rules.
std::vector<storage::SeatStanding> seats_from(const std::string& game, const std::vector<std::string>& players,
                                              const json& summary) {
  const rules::GameRules* rules = rules::find_game(game);
  if (!rules) return std::vector<storage::SeatStanding>(players.size());
  std::vector<storage::SeatStanding> out;
  for (auto& seat : rules->seats(summary, players))
    out.push_back({seat.place, exact(seat.points, rules->amount_denominator()), std::move(seat.team_result)});
  return out;
}

storage::GameDerived derived_of(const rules::Replay& r) {
  storage::GameDerived d;
  d.status = r.state->finished() ? "finished" : "open";
  const ojson summary = summary_of(r);
  d.summary = summary.dump();
  d.hand_count = static_cast<int64_t>(r.hands_played);
  d.seats = seats_from(r.score["game"].get<std::string>(), r.state->players(), json(summary));
  return d;
}

void store_summary(Store& store, int64_t game_id, const rules::Replay& r) { store.set_summary(game_id, derived_of(r)); }

// Store the derived scores of hands [from_seq, n] from a fresh replay.
void restore_scores(Store& store, int64_t game_id, const rules::Replay& r, int from_seq) {
  const auto& players = r.state->players();
  for (const auto& h : r.score["hands"]) {
    int seq = h["seq"].get<int>();
    if (seq < from_seq) continue;
    store.update_score(game_id, seq, h.dump(), deltas_of(h, players, per_of(r.score["game"].get<std::string>())));
  }
  store_summary(store, game_id, r);
}

std::vector<Diagnostic> warnings_of(const rules::Replay& r, int seq) {
  std::vector<Diagnostic> out;
  for (const auto& d : r.diags.items())
    if (!d.error && (seq == 0 || d.hand == seq)) out.push_back(d);
  return out;
}

HandOutcome outcome_from(rules::Replay& r, int64_t game_id, int seq, bool stored) {
  HandOutcome o;
  o.game_id = game_id;
  o.seq = seq;
  if (seq >= 1 && static_cast<size_t>(seq) <= r.score["hands"].size()) o.entry = r.score["hands"][seq - 1];
  o.score = r.score;
  o.warnings = warnings_of(r, seq);
  o.next_dealer = r.state->next_dealer();
  o.stored = stored;
  return o;
}

// ASCII case folding: how SQLite's NOCASE (the players table) compares names.
std::string folded(std::string s) {
  for (auto& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

// Checks what the rules leave to the database, before anything is stored: two players of one game whose
// names differ only in case would be one player (one row), and meta.date, when given, must be a real date.
void check_identity_and_date(const std::vector<std::string>& players, const json& meta, const std::string& name) {
  Diagnostics d;
  for (size_t i = 0; i < players.size(); ++i)
    for (size_t k = 0; k < i; ++k)
      if (folded(players[i]) == folded(players[k]))
        d.error("setup.players", "setup.players_case",
                "\"" + players[k] + "\" and \"" + players[i] +
                    "\" differ only in case: marque takes them for the same player; give two different names");
  if (meta.is_object() && meta.contains("date") && meta["date"].is_string() && !meta["date"].get<std::string>().empty()) {
    std::string problem = date_problem(meta["date"].get<std::string>());
    if (!problem.empty()) d.error("meta.date", "meta.date", "\"" + meta["date"].get<std::string>() + "\" is " + problem);
  }
  if (d.has_errors()) throw Rejected(d, name);
}

// A game names each player as the players table spells them: a game started or imported with "ann" when
// "Ann" exists is Ann's game, in its set-up and in every record. The respellings needed (given -> stored).
std::vector<std::pair<std::string, std::string>> respellings(Store& store, const std::vector<std::string>& players) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& p : players) {
    std::string canon = store.player_name(p);
    if (!canon.empty() && canon != p) out.emplace_back(p, std::move(canon));
  }
  return out;
}
// `f` (set-up and hands) with those respellings
json respelled(json f, const std::vector<std::pair<std::string, std::string>>& names) {
  const rules::GameRules* game = f.contains("game") && f["game"].is_string() ? rules::find_game(f["game"].get<std::string>()) : nullptr;
  if (!game) return f;
  for (const auto& [given, canon] : names) {
    f["setup"] = rules::rename_player(*game, f["setup"], false, given, canon);
    if (f.contains("hands") && f["hands"].is_array())
      for (auto& h : f["hands"]) h = rules::rename_player(*game, h, true, given, canon);
  }
  return f;
}

}  // namespace

std::unique_ptr<Store> open_store(const std::string& path, Store::Mode mode) {
  // the derivation runs inside the upgrade's own transaction: an interrupted upgrade leaves the old database
  auto derive = [](Store& store, int from) {
    if (from >= 7) return;
    const char* kill_at = std::getenv("MARQUE_TEST_KILL_IN_UPGRADE");  // fault injection for tests/reliability
    int64_t done = 0;
    for (int64_t id : store.game_ids()) {
      const storage::GameRow g = load_game(store, id);
      if (from < 3) {  // no summaries yet: replay the records
        rules::Replay r = rules::replay(file_from(g, store.hands(g.id, false)));
        if (r.ok) store_summary(store, g.id, r);
      } else {  // v3..v6: the stored summary is derived already; reduce it to the (exact) seat columns
        store.set_summary(g.id, g.status, g.summary.dump(), g.hands, seats_from(g.game, g.players, g.summary));
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
    out.push_back(exact(it != d.end() && it->is_number() ? it->get<double>() : 0.0, per));
  }
  return out;
}

Amount exact(double v, int64_t per) {
  if (auto a = Amount::of(v, per)) return *a;
  // the rules promised whole units of 1/per (GameRules::amount_denominator): a bug, never bad input
  throw std::logic_error("amount " + std::to_string(v) + " is not a whole number of 1/" + std::to_string(per) + " points");
}

int64_t per_of(const std::string& game) {
  const rules::GameRules* rules = rules::find_game(game);
  return rules ? rules->amount_denominator() : 1;
}

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

HandOutcome add_hand(Store& store, int64_t game_id, const json& record, bool dry_run) {
  return add_hand(store, game_id, [&](const rules::Game&) { return record; }, dry_run);
}

HandOutcome add_hand(Store& store, int64_t game_id, const RecordMaker& make_record, bool dry_run) {
  Store::Transaction tx(store);
  auto g = load_game(store, game_id);
  auto hands = store.hands(game_id, false);
  rules::Replay r = replay_or_reject(file_from(g, hands));
  const json record = make_record(*r.state);
  rules::extend(r, record);
  if (!r.ok) throw Rejected(r.diags);
  int seq = static_cast<int>(hands.size()) + 1;
  HandOutcome o = outcome_from(r, game_id, seq, !dry_run);
  if (dry_run) return o;
  store.insert_hand(game_id, seq, record.dump(), o.entry.dump(), deltas_of(o.entry, r.state->players(), per_of(r.score["game"].get<std::string>())), "cli");
  store.log_change(game_id, "add", seq, nullptr, record);
  store_summary(store, game_id, r);
  tx.commit();
  return o;
}

HandOutcome edit_hand(Store& store, int64_t game_id, int seq, const json& record, bool dry_run) {
  Store::Transaction tx(store);
  auto g = load_game(store, game_id);
  auto hands = store.hands(game_id, false);
  if (seq < 1 || static_cast<size_t>(seq) > hands.size())
    throw Error(k_exit_noinput, "game " + std::to_string(game_id) + " has no hand " + std::to_string(seq) +
                                    " (it has " + std::to_string(hands.size()) + ")");
  json before = hands[static_cast<size_t>(seq - 1)].record;
  hands[static_cast<size_t>(seq - 1)].record = record;
  rules::Replay r = replay_or_reject(file_from(g, hands));
  HandOutcome o = outcome_from(r, game_id, seq, !dry_run);
  if (dry_run) return o;
  store.update_record(game_id, seq, record);
  restore_scores(store, game_id, r, seq);
  store.log_change(game_id, "edit", seq, before, record);
  tx.commit();
  return o;
}

HandOutcome delete_hand(Store& store, int64_t game_id, int seq, bool dry_run) {
  Store::Transaction tx(store);
  auto g = load_game(store, game_id);
  auto hands = store.hands(game_id, false);
  if (seq < 1 || static_cast<size_t>(seq) > hands.size())
    throw Error(k_exit_noinput, "game " + std::to_string(game_id) + " has no hand " + std::to_string(seq) +
                                    " (it has " + std::to_string(hands.size()) + ")");
  json before = hands[static_cast<size_t>(seq - 1)].record;
  hands.erase(hands.begin() + (seq - 1));
  rules::Replay r = replay_or_reject(file_from(g, hands));
  HandOutcome o = outcome_from(r, game_id, seq, !dry_run);
  if (dry_run) return o;
  store.delete_hand(game_id, seq);
  restore_scores(store, game_id, r, seq);
  store.log_change(game_id, "delete", seq, before, nullptr);
  tx.commit();
  return o;
}

namespace {

// Apply (forward = true) or revert a logged change to the stored hands; returns the lowest seq touched.
int apply_change(Store& store, int64_t game_id, const storage::ChangeRow& c, bool forward) {
  int seq = c.seq.value_or(1);
  const json& target = forward ? c.after : c.before;
  if (c.action == "add") {
    if (forward) {
      store.insert_hand(game_id, seq, c.after.dump(), "{}", {}, "cli");
    } else {
      store.delete_hand(game_id, seq);
    }
  } else if (c.action == "edit") {
    store.update_record(game_id, seq, target);
  } else if (c.action == "delete") {
    if (forward) {
      store.delete_hand(game_id, seq);
    } else {
      store.shift_up(game_id, seq);
      store.insert_hand(game_id, seq, c.before.dump(), "{}", {}, "cli");
    }
  }
  return seq;
}

std::string describe(const storage::ChangeRow& c) {
  std::string s = c.action;
  if (c.action == "add") s = "the added hand";
  if (c.action == "edit") s = "the edit of hand";
  if (c.action == "delete") s = "the deletion of hand";
  if (c.seq) s += " " + std::to_string(*c.seq);
  return s;
}

bool undoable(const std::string& action) { return action == "add" || action == "edit" || action == "delete"; }


// Revert (forward = false) or re-apply a logged change, re-derive the scores, and log the undo/redo.
std::string walk_history(Store& store, int64_t game_id, bool forward) {
  Store::Transaction tx(store);
  load_game(store, game_id);
  auto changes = store.changes(game_id);
  auto by_id = [&](int64_t id) -> storage::ChangeRow* {
    for (auto& c : changes)
      if (c.id == id) return &c;
    return nullptr;
  };
  const storage::ChangeRow* target = nullptr;
  for (auto it = changes.rbegin(); it != changes.rend() && !target; ++it) {
    if (!forward) {  // undo: the newest change in force (a redo stands for the change it re-applied)
      if (undoable(it->action) && !it->undone) target = &*it;
      if (it->action == "redo" && it->ref) {
        auto* x = by_id(*it->ref);
        if (x && !x->undone) target = x;
      }
    } else {  // redo: the newest undone change, unless a fresh change came after the undo
      if (undoable(it->action) && !it->undone) break;
      if (it->action == "undo" && it->ref) {
        auto* x = by_id(*it->ref);
        if (x && x->undone) target = x;
      }
    }
  }
  std::string verb = forward ? "redo" : "undo";
  if (!target) throw Error(k_exit_rejected, "nothing to " + verb + " in game " + std::to_string(game_id));
  int seq = apply_change(store, game_id, *target, forward);
  rules::Replay r = replay_or_reject(game_file(store, game_id));
  // seq numbers of later hands may have moved: re-derive every score from the first touched hand
  restore_scores(store, game_id, r, std::max(1, seq));
  store.mark_undone(target->id, !forward);
  if (forward)
    store.log_change(game_id, "redo", target->seq, target->before, target->after, target->id);
  else
    store.log_change(game_id, "undo", target->seq, target->after, target->before, target->id);
  tx.commit();
  return (forward ? "redid " : "undid ") + describe(*target);
}

}  // namespace

std::string undo(Store& store, int64_t game_id) { return walk_history(store, game_id, false); }
std::string redo(Store& store, int64_t game_id) { return walk_history(store, game_id, true); }

namespace {

struct Fnv {
  uint64_t h = 1469598103934665603ULL;
  Fnv& operator<<(std::string_view text) {
    for (unsigned char c : text) {
      h ^= c;
      h *= 1099511628211ULL;
    }
    return *this;
  }
  std::string hex() const {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
  }
};

// The key hashes the compact dump of {"game", "hands", "meta" without night, "setup"} (keys in that order,
// as nlohmann::json sorts them). It is written piece by piece so that the hand records, already dumped for
// storing, are not copied and dumped again; the bytes hashed are the same as ever (keys in older databases
// stay valid).
std::string content_key_of(const json& f, const std::vector<std::string>& hand_dumps) {
  json meta = f.contains("meta") && f["meta"].is_object() ? f["meta"] : json::object();
  meta.erase("night");  // an export's night id is renumbered on import
  Fnv k;
  k << "{\"game\":" << f.value("game", json()).dump() << ",\"hands\":[";
  for (size_t i = 0; i < hand_dumps.size(); ++i) {
    if (i) k << ",";
    k << hand_dumps[i];
  }
  k << "],\"meta\":" << meta.dump() << ",\"setup\":" << f.value("setup", json()).dump() << "}";
  return k.hex();
}

std::vector<std::string> hand_dumps_of(const json& f) {
  std::vector<std::string> out;
  if (f.contains("hands") && f["hands"].is_array()) {
    out.reserve(f["hands"].size());
    for (const auto& rec : f["hands"]) out.push_back(rec.dump());
  }
  return out;
}

}  // namespace

std::string content_key(const json& f) { return content_key_of(f, hand_dumps_of(f)); }

namespace {

// The game already stored with this content: imported with this key, or (typed at the table, or changed
// since its import) one of the same kind, set-up and hand count whose content has this key now.
std::optional<int64_t> same_game(Store& store, const json& env, size_t hand_count, const std::string& key) {
  if (auto existing = store.game_by_import_key(key)) return existing;
  for (int64_t id : store.games_like(env["game"].get<std::string>(), env["setup"].dump(), static_cast<int64_t>(hand_count))) {
    auto g = store.game(id);
    if (!g) continue;
    std::vector<std::string> records;
    store.for_each_record(id, [&](int, const std::string& text) { records.push_back(text); });
    json f = {{"game", g->game}, {"setup", g->setup}, {"meta", g->meta}};
    if (content_key_of(f, records) == key) return id;
  }
  return std::nullopt;
}

// One game into the store (inside the caller's transaction): `env` is the game document whose hands are
// `records` (compact JSON texts, in order; env["hands"] is not read). The records are replayed one at a
// time, so a game of any length is imported in bounded memory.
ImportOutcome::Item import_one(Store& store, const json& env_in, const std::vector<std::string>& records,
                               const std::string& name, std::optional<int64_t> night_id) {
  ImportOutcome::Item item;
  item.file = name;
  json env = json::object();
  if (env_in.is_object())
    for (auto it = env_in.begin(); it != env_in.end(); ++it)
      if (it.key() != "hands" || !it.value().is_array()) env[it.key()] = it.value();  // a non-array is refused below
  if (!env.contains("hands")) env["hands"] = json::array();
  // a night id means something only in the database it came from (a bundle's nights are mapped by the caller)
  if (env.contains("meta") && env["meta"].is_object() && env["meta"].contains("night") && env["meta"]["night"].is_number_integer() && !night_id)
    env["meta"].erase("night");
  rules::Replay r = rules::replay(env_in.is_object() ? env : env_in);  // the envelope only
  if (!r.ok) throw Rejected(r.diags, name);
  check_identity_and_date(r.state->players(), env.contains("meta") ? env["meta"] : json(), name);
  // a player typed "ann" where "Ann" exists is Ann: the set-up and every record are stored as spelled there
  std::vector<std::string> respelled_records;  // only when a name is respelled (rare)
  if (auto names = respellings(store, r.state->players()); !names.empty()) {
    json f = env;
    for (const auto& rec : records) f["hands"].push_back(json::parse(rec));
    f = respelled(std::move(f), names);
    for (const auto& h : f["hands"]) respelled_records.push_back(h.dump());
    f["hands"] = json::array();
    env = std::move(f);
    r = rules::replay(env);
    if (!r.ok) throw Rejected(r.diags, name);
  }
  const std::vector<std::string>& records_in = respelled_records.empty() ? records : respelled_records;
  item.game = env["game"].get<std::string>();
  std::string key = content_key_of(env, records_in);
  if (auto existing = same_game(store, env, records_in.size(), key)) {
    item.game_id = *existing;
    item.duplicate = true;
    return item;
  }
  json meta = env.contains("meta") && env["meta"].is_object() ? env["meta"] : json::object();
  const auto* rules = rules::find_game(item.game);
  auto players = r.state->players();
  int64_t id = store.create_game(item.game, env["setup"], rules->rules_version(), meta, players, "import:" + name,
                                 night_id, key, nullptr);
  int seq = 0;
  for (const auto& rec : records_in) {
    ++seq;
    // the text was written by marque's own reader (depth and numbers checked), parsing it again is safe
    auto entry = rules::next(r, json::parse(rec));
    if (!entry) throw Rejected(r.diags, name);
    store.insert_hand(id, seq, rec, entry->dump(), deltas_of(*entry, players, rules->amount_denominator()), "import");
  }
  rules::finish(r);
  store.set_summary(id, derived_of(r));
  store.log_change(id, "import", std::nullopt, nullptr, json{{"file", name}, {"hands", seq}});
  item.game_id = id;
  item.hands = seq;
  return item;
}

// A marque-export/1 bundle's nights: an array of objects {id: integer, date, venue, league, note: strings}.
void check_nights(const json& d, const std::string& name) {
  auto refuse = [&](const std::string& field, const std::string& message) {
    Diagnostics diag;
    diag.error(field, "file.nights", message);
    throw Rejected(diag, name);
  };
  if (d.contains("players")) {
    if (!d["players"].is_array()) refuse("players", "must be an array of names");
    for (size_t i = 0; i < d["players"].size(); ++i)
      if (!d["players"][i].is_string()) refuse("players[" + std::to_string(i) + "]", "must be a string (a name)");
  }
  if (!d.contains("nights")) return;
  if (!d["nights"].is_array()) refuse("nights", "must be an array of nights");
  std::set<int64_t> ids;
  for (size_t i = 0; i < d["nights"].size(); ++i) {
    const json& n = d["nights"][i];
    std::string at = "nights[" + std::to_string(i) + "]";
    if (!n.is_object()) refuse(at, "must be an object {id, date, venue, league, note}");
    if (!n.contains("id") || !n["id"].is_number_integer()) refuse(at + ".id", "must be an integer (the night's id in the bundle)");
    if (!ids.insert(n["id"].get<int64_t>()).second) refuse(at + ".id", std::to_string(n["id"].get<int64_t>()) + " is the id of an earlier night too");
    for (const char* k : {"date", "venue", "league", "note"})
      if (n.contains(k) && !n[k].is_string()) refuse(at + "." + k, "must be a string");
    if (n.contains("date") && !n["date"].get<std::string>().empty() && !is_valid_date(n["date"].get<std::string>()))
      refuse(at + ".date", "\"" + n["date"].get<std::string>() + "\" is " + date_problem(n["date"].get<std::string>()));
  }
}

}  // namespace

namespace {
void import_document(Store& store, const SourceDocument& doc, ImportOutcome& out) {
  auto add = [&](const ImportOutcome::Item& item) {
    out.items.push_back(item);
    out.hands += item.hands;
    out.duplicates += item.duplicate ? 1 : 0;
  };
  const json& d = doc.document;
  if (d.is_object() && d.contains("format") && d["format"] == "marque-export/1") {
    if (!d.contains("games") || !d["games"].is_array()) {
      Diagnostics diag;
      diag.error("games", "file.games", "a marque-export/1 document needs a games array");
      throw Rejected(diag, doc.name);
    }
    check_nights(d, doc.name);
    // a night already stored with the same date, venue, league and note is the same night (an export
    // imported twice adds nothing)
    std::map<int64_t, int64_t> nights;  // exported night id -> id here
    if (d.contains("nights"))
      for (const auto& n : d["nights"]) {
        std::string date = n.value("date", ""), venue = n.value("venue", ""), league = n.value("league", ""),
                    note = n.value("note", "");
        auto same = store.find_night(date, venue, league, note);
        nights[n["id"].get<int64_t>()] = same ? *same : store.create_night(date, venue, league, note);
      }
    int i = 0;
    for (const auto& g : d["games"]) {
      ++i;
      std::optional<int64_t> night;
      if (g.is_object() && g.contains("meta") && g["meta"].is_object() && g["meta"].contains("night") &&
          g["meta"]["night"].is_number_integer()) {
        auto it = nights.find(g["meta"]["night"].get<int64_t>());
        if (it != nights.end()) night = it->second;
      }
      json gf = g;
      if (night) gf["meta"]["night"] = *night;
      const std::string name = doc.name + " game " + std::to_string(i);
      size_t gi = static_cast<size_t>(i - 1);
      if (doc.streamed)
        add(import_one(store, gf, gi < doc.game_hands.size() ? doc.game_hands[gi] : std::vector<std::string>{}, name, night));
      else
        add(import_one(store, gf, hand_dumps_of(gf), name, night));
    }
  } else {
    add(import_one(store, d, doc.streamed ? doc.hands : hand_dumps_of(d), doc.name, std::nullopt));
  }
}
}  // namespace

ImportOutcome import_sources(Store& store, size_t sources,
                             const std::function<std::vector<SourceDocument>(size_t)>& load, bool dry_run) {
  ImportOutcome out;
  Store::Transaction tx(store);
  for (size_t i = 0; i < sources; ++i)
    for (const auto& doc : load(i)) import_document(store, doc, out);
  if (!dry_run) tx.commit();
  return out;
}

ojson standings(Store& store, const Store::SummaryFilter& filter, const std::string& generated_at) {
  std::vector<reports::GameStanding> games;
  for (auto& row : store.standing_rows(filter)) {
    reports::GameStanding g{row.id, std::move(row.game), std::move(row.played_on), std::move(row.league), row.hands, {}};
    for (auto& [name, seat] : row.seats) g.seats.push_back({std::move(name), seat.place, seat.points, std::move(seat.team_result)});
    games.push_back(std::move(g));
  }
  reports::StandingsFilter f{filter.league, filter.game, filter.from, filter.to, filter.players};
  reports::StandingsExtras extras;
  for (const auto* g : rules::all_games()) extras[std::string(g->id())] = g->league_profile().standings_extras;
  return reports::build_standings(games, f, "marque", generated_at, extras);
}

ojson stats(Store& store, const std::string& player, const Store::SummaryFilter& filter) {
  std::string name = player;
  if (!player.empty()) {
    int64_t pid = store.player_id(player, false);
    if (!pid) throw Error(k_exit_noinput, "no player named " + player);
    for (const auto& [id, n] : store.players())
      if (id == pid) name = n;
  }
  std::vector<reports::StatsGame> games;
  for (const auto& row : store.summaries(filter)) {
    if (!name.empty() && std::find(row.players.begin(), row.players.end(), name) == row.players.end()) continue;
    const rules::GameRules* rules = rules::find_game(row.game);
    reports::StatsGame g{row.id, row.game, row.players, rules ? rules->league_profile().role : "", {}, {}};
    for (const auto& h : store.hands(row.id)) {
      g.facts.push_back(rules ? rules->hand_facts(h.record, h.score, row.players) : league::HandFacts{});
      g.scores.push_back(h.score);
    }
    games.push_back(std::move(g));
  }
  return reports::build_stats(games, name);
}

ojson export_all(Store& store, std::optional<int64_t> night_id) {
  ojson out = ojson::object();
  out["format"] = "marque-export/1";
  out["generator"] = std::string("marque");
  ojson players = ojson::array();
  for (const auto& [id, name] : store.players()) players.push_back(name);
  out["players"] = players;
  ojson nights = ojson::array();
  for (const auto& n : store.nights()) {
    if (night_id && n.id != *night_id) continue;
    nights.push_back({{"id", n.id}, {"date", n.date}, {"venue", n.venue}, {"league", n.league}, {"note", n.note}});
  }
  out["nights"] = nights;
  ojson games = ojson::array();
  for (const auto& g : store.games()) {
    if (night_id && g.night_id != night_id) continue;
    json f = file_from(g, store.hands(g.id, false));
    if (g.night_id) f["meta"]["night"] = *g.night_id;
    games.push_back(ojson::parse(f.dump()));
  }
  out["games"] = games;
  return out;
}

namespace {
bool same_json(const ojson& a, const json& b) {
  if (a.is_number() && b.is_number()) return a.get<double>() == b.get<double>();  // exact: dump/parse round-trips
  if (a.is_object() && b.is_object()) {
    if (a.size() != b.size()) return false;
    for (auto it = a.begin(); it != a.end(); ++it) {
      auto jt = b.find(it.key());
      if (jt == b.end() || !same_json(it.value(), *jt)) return false;
    }
    return true;
  }
  if (a.is_array() && b.is_array()) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
      if (!same_json(a[i], b[i])) return false;
    return true;
  }
  return json::parse(a.dump()) == b;
}
}  // namespace

namespace {

// Everything wrong with one game, from its stored text alone (no database access: runs on a worker thread).
// The hands are replayed one at a time (rules::next): each fresh score is compared with the stored one and
// dropped, so a game of any length is checked in bounded memory.
std::vector<std::string> check_game(const storage::RawGame& g) {
  std::vector<std::string> problems;
  const std::string name = "game " + std::to_string(g.id);
  const int64_t per = per_of(g.game);
  auto parse = [&](const std::string& text, const std::string& where) {
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded()) problems.push_back(name + where + " is damaged (not valid JSON)");
    return j;
  };
  // the texts compared with fresh ones are parsed only when they differ; checked here when the game cannot
  // be replayed (integrity_check leaves every JSON column to this function)
  auto accept_from = [&](size_t first_hand) {
    for (size_t i = first_hand; i < g.hands.size(); ++i) {
      const auto& h = g.hands[i];
      if (!json::accept(h.score)) problems.push_back(name + " hand " + std::to_string(h.seq) + ": the stored score is damaged (not valid JSON)");
      if (i > first_hand && !json::accept(h.record))
        problems.push_back(name + " hand " + std::to_string(h.seq) + ": the stored record is damaged (not valid JSON)");
    }
    if (!json::accept(g.summary)) problems.push_back(name + ": the stored summary is damaged (not valid JSON)");
  };
  json f = json::object();
  f["format"] = "marque-game/1";
  f["game"] = g.game;
  f["setup"] = parse(g.setup, ": the stored set-up");
  f["meta"] = parse(g.meta, ": the stored meta");
  if (!problems.empty()) {  // nothing to replay
    accept_from(0);
    return problems;
  }
  rules::Replay r = rules::replay(f);
  auto no_replay = [&](size_t at) {
    std::string first = r.diags.errors().empty() ? std::string("?") : r.diags.errors().front().text();
    problems.push_back(name + ": its records no longer replay: " + first);
    accept_from(at);
    return problems;
  };
  if (!r.ok) return no_replay(0);
  const auto players = r.state->players();
  // the records name each player exactly as the players table does (identity: statistics, renames)
  for (size_t i = 0; i < players.size() && i < g.players.size(); ++i)
    if (players[i] != g.players[i])
      problems.push_back(name + ": its records name \"" + players[i] + "\" but the player is \"" + g.players[i] +
                         "\" (marque player rename \"" + g.players[i] + "\" \"" + g.players[i] + "\" respells the records)");
  const auto& posted = g.postings;
  for (size_t i = 0; i < g.hands.size(); ++i) {
    const std::string hand = name + " hand " + std::to_string(g.hands[i].seq);
    json record = json::parse(g.hands[i].record, nullptr, false);
    if (record.is_discarded()) {
      problems.push_back(hand + ": the stored record is damaged (not valid JSON)");
      return no_replay(i);
    }
    std::optional<ojson> fresh_entry = rules::next(r, record);
    if (!fresh_entry) return no_replay(i);
    const ojson& fresh = *fresh_entry;
    bool same = posted.size() > i && posted[i].size() == players.size();
    for (size_t k = 0; same && k < players.size(); ++k) {  // exactly, in whole units of 1/per
      auto d = fresh["deltas"].find(players[k]);
      auto want = Amount::of(d != fresh["deltas"].end() && d->is_number() ? d->get<double>() : 0.0, per);
      same = want && *want == posted[i][k];
    }
    if (!same) problems.push_back(hand + ": stored postings differ from the rules");
    // the text as stored is the fresh dump unless something changed it; then compare the values
    const std::string& text = g.hands[i].score;
    if (fresh.dump() != text) {
      json stored = json::parse(text, nullptr, false);
      if (stored.is_discarded())
        problems.push_back(hand + ": the stored score is damaged (not valid JSON)");
      else if (!same_json(fresh, stored))
        problems.push_back(hand + ": stored score differs from the rules: stored " +
                           (stored.is_object() && stored.contains("deltas") ? stored["deltas"].dump() : text) + ", recomputed " +
                           fresh["deltas"].dump());
    }
  }
  rules::finish(r);
  // everything derived about the game as a whole, exactly as store_summary writes it
  const storage::GameDerived want = derived_of(r);
  if (want.status != g.status) problems.push_back(name + ": stored status " + g.status + ", recomputed " + want.status);
  if (want.summary != g.summary) {  // the text as stored is the fresh one unless something changed it
    json summary = json::parse(g.summary, nullptr, false);
    if (summary.is_discarded())
      problems.push_back(name + ": the stored summary is damaged (not valid JSON)");
    else if (!same_json(ojson::parse(want.summary), summary))
      problems.push_back(name + ": stored summary (totals/result) differs from the rules");
  }
  if (g.hand_count != want.hand_count)
    problems.push_back(name + ": stored hand count " + std::to_string(g.hand_count) + ", it has " + std::to_string(want.hand_count));
  for (size_t i = 0; i < want.seats.size(); ++i) {
    bool same = i < g.seats.size() && g.seats[i].place == want.seats[i].place &&
                g.seats[i].points == want.seats[i].points && g.seats[i].team_result == want.seats[i].team_result;
    if (!same) problems.push_back(name + ": stored standing of " + players[i] + " (place, points) differs from the rules");
  }
  return problems;
}

unsigned check_threads() {
  const char* v = std::getenv("MARQUE_CHECK_THREADS");
  if (v && *v >= '1' && *v <= '9' && !v[1]) return static_cast<unsigned>(*v - '0');
  return std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
}

}  // namespace

// One read transaction (one snapshot: a game, its hands and its derived rows are read as one); this thread
// reads each game's stored text in game order, worker threads replay and compare (games are independent),
// PRAGMA integrity_check runs meanwhile on a second connection; results are merged in game order.
CheckReport check(Store& store) {
  CheckReport rep;
  const std::string path = store.path();
  std::string integrity;
  std::thread integrity_thread([&] {
    try {
      Store other(path, Store::Mode::read);
      other.use_small_cache();
      integrity = other.integrity_check(true);  // every JSON text is parsed by check_game
    } catch (const std::exception& e) {
      integrity = e.what();
    }
  });
  struct Item {
    size_t index;
    storage::RawGame game;
  };
  std::vector<std::vector<std::string>> results;
  std::mutex mu;
  std::condition_variable has_items, has_space;
  std::deque<Item> queue;
  bool done = false;
  constexpr size_t k_queue = 32;
  auto worker = [&] {
    for (;;) {
      Item item;
      {
        std::unique_lock lock(mu);
        has_items.wait(lock, [&] { return !queue.empty() || done; });
        if (queue.empty()) return;
        item = std::move(queue.front());
        queue.pop_front();
      }
      has_space.notify_one();
      std::vector<std::string> p;
      try {
        p = check_game(item.game);
      } catch (const std::exception& e) {
        p = {"game " + std::to_string(item.game.id) + ": cannot be checked: " + e.what()};
      }
      std::lock_guard lock(mu);
      results[item.index] = std::move(p);
    }
  };
  std::vector<std::thread> workers;
  std::string list_problem;
  {
    Store::ReadTransaction snapshot(store);
    std::vector<int64_t> ids;
    try {
      ids = store.game_ids();
    } catch (const Error& e) {
      list_problem = std::string("cannot list the games: ") + e.what();
    }
    results.resize(ids.size());
    for (unsigned i = 0; i < check_threads(); ++i) workers.emplace_back(worker);
    for (size_t i = 0; i < ids.size(); ++i) {
      std::optional<storage::RawGame> g;
      try {
        g = store.raw_game(ids[i]);
      } catch (const Error& e) {
        std::lock_guard lock(mu);
        results[i] = {"game " + std::to_string(ids[i]) + ": cannot be read: " + e.what()};
        continue;
      }
      if (!g) continue;
      ++rep.games;
      rep.hands += static_cast<int64_t>(g->hands.size());
      std::unique_lock lock(mu);
      has_space.wait(lock, [&] { return queue.size() < k_queue; });
      queue.push_back({i, std::move(*g)});
      lock.unlock();
      has_items.notify_one();
    }
    {
      std::lock_guard lock(mu);
      done = true;
    }
    has_items.notify_all();
    for (auto& t : workers) t.join();
  }
  integrity_thread.join();
  if (integrity != "ok") rep.problems.push_back("integrity_check: " + integrity);
  if (!list_problem.empty()) rep.problems.push_back(list_problem);
  for (auto& r : results)
    for (auto& p : r) rep.problems.push_back(std::move(p));
  return rep;
}


int64_t rename_player(Store& store, const std::string& from_in, const std::string& to, bool merge) {
  Store::Transaction tx(store);
  int64_t from_id = store.player_id(from_in, false);
  if (!from_id) throw Error(k_exit_noinput, "no player named " + from_in);
  std::string from;
  for (const auto& [id, name] : store.players())
    if (id == from_id) from = name;
  int64_t to_id = store.player_id(to, false);
  if (to.empty() || to.find_first_not_of(" \t") == std::string::npos) throw Error(k_exit_usage, "the new name is empty");
  if (merge) {
    if (!to_id) throw Error(k_exit_noinput, "no player named " + to + " to merge into");
    if (to_id == from_id) throw Error(k_exit_usage, from + " and " + to + " are the same player");
  } else if (to_id && to_id != from_id) {
    throw Error(k_exit_rejected, "there is already a player named " + to,
                "if they are the same person: marque player merge \"" + from + "\" \"" + to + "\"");
  }
  std::string target = to;
  if (merge)
    for (const auto& [id, name] : store.players())
      if (id == to_id) target = name;
  auto games = store.games_of_player(from_id);
  if (merge)
    for (auto gid : games)
      for (auto other : store.games_of_player(to_id))
        if (other == gid)
          throw Error(k_exit_rejected, from + " and " + target + " both sat at game " + std::to_string(gid) +
                                           ": they cannot be the same person; nothing was merged");
  if (merge)
    store.move_seats(from_id, to_id);
  else
    store.rename_player(from_id, to);
  for (auto gid : games) {
    auto g = load_game(store, gid);
    auto hands = store.hands(gid, false);
    // the game's own spelling of the player (an older game may say "ann" for Ann): respelled as well
    std::string spelled = from;
    if (rules::Replay before = rules::replay(file_from(g, hands)); before.ok)
      for (size_t i = 0; i < g.players.size() && i < before.state->players().size(); ++i)
        if (g.players[i] == from) spelled = before.state->players()[i];
    const rules::GameRules* known = rules::find_game(g.game);
    if (!known) throw Error(k_exit_dataerr, "game " + std::to_string(gid) + " is a " + g.game + " game, which this marque does not know");
    const rules::GameRules& game = *known;
    auto respell = [&](const json& j, bool record) {
      json out = rules::rename_player(game, j, record, spelled, target);
      return spelled == from ? out : rules::rename_player(game, out, record, from, target);
    };
    store.update_setup(gid, respell(g.setup, false));
    for (const auto& h : hands) store.update_record(gid, h.seq, respell(h.record, true));
    rules::Replay r = replay_or_reject(game_file(store, gid));
    restore_scores(store, gid, r, 1);
  }
  store.log_player_event(merge ? "merge" : "rename", from, target, games);
  tx.commit();
  return static_cast<int64_t>(games.size());
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

}  // namespace marque::app
