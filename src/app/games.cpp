// Games: the stored game as a file, which game is meant, its replay, starting one.
#include "app/internal.hpp"

#include <algorithm>
#include "core/language.hpp"

namespace marque::app {

json game_file(Session& session, int64_t game_id) {
  Store& store = store_of(session);
  auto g = load_game_to_replay(store, game_id);
  return file_from(g, store.hands(game_id, false));
}

std::optional<int64_t> focus_game(Session& session, bool deleted_too) {
  Store& store = store_of(session);
  // the game `marque use` or `marque start` chose, while it is there
  const std::string focus = store.setting("focus");
  if (!focus.empty() && focus.size() < 19 && focus.find_first_not_of("0123456789") == std::string::npos) {
    auto g = store.game(std::stoll(focus));
    if (g && (deleted_too || g->ended != "deleted")) return g->id;
  }
  return store.latest_game();
}

int64_t resolve_game(Session& session, std::optional<int64_t> id, bool deleted_too) {
  Store& store = store_of(session);
  if (id) {
    if (!store.game_kind(*id)) not_found(*id);  // whether it exists: each command reads the game it needs
    return *id;
  }
  auto latest = focus_game(session, deleted_too);
  if (!latest)
    throw Error(k_exit_noinput,
                text::tr("app.no_game_yet", "there is no game in {path} yet",
                         text::Message().text("path", store.path())),
                text::tr("app.no_game_yet.hint", "start one (marque start {example}) or import a file",
                         text::Message().text("example", rules::all_games().front()->start_examples().front())));
  return *latest;
}

namespace {
// A hand whose number is not its position (an earlier hand was deleted) carries "no" in its score entry, so
// the sheet writes the number every command uses.
void number_entries(ojson& score, const std::vector<storage::HandRow>& hands) {
  if (!score.contains("hands")) return;
  auto& entries = score["hands"];
  for (size_t i = 0; i < entries.size() && i < hands.size(); ++i)
    if (hands[i].no != static_cast<int>(i) + 1) entries[i]["no"] = hands[i].no;
}
}  // namespace

rules::Replay score_game(Session& session, int64_t game_id) {
  Store& store = store_of(session);
  auto g = load_game_to_replay(store, game_id);
  auto hands = store.hands(game_id, false);
  rules::Replay r = rules::replay(file_from(g, hands));
  if (!r.ok) {
    no_longer_replays(game_id, r.diags);
  }
  number_entries(r.score, hands);
  return r;
}

namespace {
// The stored game `g` with its hands (their records moved into the file), replayed once; its score document not
// numbered (number_entries). The same refusal as score_game when the records no longer replay.
ScoredGame scored_of(const storage::GameRow& g, std::vector<storage::HandRow>& hands) {
  ScoredGame out;
  out.file = file_from(g, {});
  json& records = out.file["hands"];
  records.get_ref<json::array_t&>().reserve(hands.size());
  for (auto& h : hands) records.push_back(std::move(h.record));
  out.r = rules::replay(out.file);
  if (!out.r.ok) no_longer_replays(g.id, out.r.diags);
  return out;
}
}  // namespace

ScoredGame scored_game(Session& session, int64_t game_id) {
  Store& store = store_of(session);
  const storage::GameRow g = load_game_to_replay(store, game_id);
  auto hands = store.hands(game_id, false);
  ScoredGame out = scored_of(g, hands);
  number_entries(out.r.score, hands);
  return out;
}

rules::Replay score_game_streamed(Session& session, int64_t game_id,
                                  const std::function<void(const ojson&)>& on_entry) {
  Store& store = store_of(session);
  auto g = load_game_to_replay(store, game_id);
  json env = {
      {"format", "marque-game/1"}, {"game", g.game}, {"setup", g.setup}, {"hands", json::array()}, {"meta", g.meta}};
  rules::Replay r = rules::replay(env);
  auto fail = [&] { no_longer_replays(game_id, r.diags); };
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

int64_t start_game(Session& session, const std::string& game, const json& setup, const json& meta_in,
                   std::optional<int64_t> night_id, std::optional<int64_t> after) {
  Store::Transaction tx(store_of(session));
  const int64_t id = insert_game(session, game, setup, meta_in, night_id, after);
  tx.commit();
  return id;
}

int64_t insert_game(Session& session, const std::string& game, const json& setup, const json& meta_in,
                    std::optional<int64_t> night_id, std::optional<int64_t> after) {
  Store& store = store_of(session);
  json meta = meta_in.is_object() ? meta_in : json::object();
  if (night_id) {
    auto n = store.night(*night_id);
    if (!n) no_night(*night_id);
    if (!meta.contains("date")) meta["date"] = n->date;
    if (!meta.contains("venue") && !n->venue.empty()) meta["venue"] = n->venue;
    if (!meta.contains("league") && !n->league.empty()) meta["league"] = n->league;
    meta["night"] = *night_id;
  }
  const rules::GameRules* rules = rules::find_game(game);
  if (!rules) {
    Diagnostics d;
    d.error("game", "cli.game",
            text::Message("rules.err.unknown_game").text("id", game).text("games", rules::game_list()),
            rules::default_catalogue());
    throw Rejected(d);
  }
  json f = {{"format", "marque-game/1"},
            {"game", game},
            {"setup", same_spelling(*rules, setup)},
            {"hands", json::array()},
            {"meta", meta}};
  rules::Replay r = replay_or_reject(f);
  check_identity_and_date(r.state->players(), meta, "rejected");
  if (auto names = respellings(store, r.state->players()); !names.empty()) {
    f = respelled(std::move(f), names);
    r = replay_or_reject(f);
  }
  const std::string& source = session.writer().source;
  int64_t id = store.create_game(game, f["setup"], rules->rules_version(), meta, r.state->players(), source, night_id);
  store_summary(store, id, r);
  store.log_change(id, "start", std::nullopt, nullptr, f["setup"]);
  if (after) {
    auto prev = load_game(store, *after);
    store.set_series(id, prev.series_id.value_or(prev.id));
  }
  if (source != "web") focus_on(store, id);  // a phone's new table leaves the command line's table in focus
  return id;
}

int64_t start_next_game(Session& session, int64_t after, const rules::Words& words) {
  Store& store = store_of(session);
  auto prev = load_game(store, after);
  const std::string gid = "game " + std::to_string(after);
  auto series = series_result(session, after);
  const rules::GameRules* rules = rules::find_game(prev.game);
  std::optional<json> next_setup = rules ? rules->next_game_setup(prev.setup, prev.summary) : std::nullopt;
  if (!series || !next_setup)
    throw Error(k_exit_usage, gid + " is " + prev.game + ": its games are not played in a series (a match)",
                "start a new game with marque start");
  if (prev.status != "finished" && prev.ended != "closed")
    throw Error(k_exit_rejected, gid + " is not over yet: its series goes on in it");
  if (series->value("finished", false))
    throw Error(k_exit_rejected,
                "the series of " + gid + " is decided" +
                    (series->contains("words") ? ": " + (*series)["words"].get<std::string>() : std::string()),
                series->value("mode", std::string()) == "rubicon"
                    ? "the session was closed: start a new one with marque start"
                    : "start a new match with marque start");
  json setup = *next_setup;
  Diagnostics d;
  for (const auto& [k, v] : checked_words(words)) {
    if (k == "dealer" || k == "first_dealer")
      setup["first_dealer"] = v;
    else
      d.error(k, "cli.unknown_key", "unknown key '" + k + "'; the next game takes only dealer=NAME (the cut)");
  }
  if (!words.empty() && d.has_errors()) throw Rejected(d);
  if (words.empty())
    throw Error(k_exit_usage, "who deals first in the next game? give dealer=NAME (the players cut again)");
  json meta = prev.meta;
  return start_game(session, prev.game, setup, meta, prev.night_id, after);
}

void use_game(Session& session, int64_t id) {
  Store& store = store_of(session);
  Store::Transaction tx(store);
  auto g = load_game(store, id);
  if (g.ended == "deleted") game_deleted(id);
  focus_on(store, id);
  tx.commit();
}

GameInfo set_game_end(Session& session, int64_t id, const std::string& ended) {
  Store& store = store_of(session);
  Store::Transaction tx(store);
  auto g = load_game(store, id);
  const std::string gid = "game " + std::to_string(id);
  if (g.ended == ended) {
    if (ended.empty()) throw Error(k_exit_rejected, gid + " is open already");
    throw Error(k_exit_rejected, gid + " was " + ended + " already");
  }
  if (g.ended == "deleted" && !ended.empty()) game_deleted(id);
  const std::string action = ended == "closed"      ? "close"
                             : ended == "abandoned" ? "abandon"
                             : ended == "deleted"   ? "delete_game"
                                                    : "reopen";
  store.set_ended(id, ended);
  store.log_change(id, action, std::nullopt, json{{"ended", g.ended}}, json{{"ended", ended}});
  tx.commit();
  g.ended = ended;
  return info_of(g);
}

std::optional<json> series_result(Session& session, int64_t id) {
  Store& store = store_of(session);
  auto g = load_game(store, id);
  const rules::GameRules* rules = rules::find_game(g.game);
  if (!rules) return std::nullopt;
  std::vector<json> scores;
  for (int64_t gid : store.series_games(g.series_id.value_or(g.id))) {
    auto row = store.game(gid);
    if (!row || row->ended == "abandoned") continue;
    json s = row->summary;
    s["setup"] = row->setup;  // the options (stake_rounding ...) are the set-up's, not the summary's
    s["ended"] = row->ended;  // a game closed by decision (a Rubicon session ends when its last partie is closed)
    scores.push_back(std::move(s));
  }
  auto r = rules->series_result(scores);
  if (r) (*r)["games"] = store.series_games(g.series_id.value_or(g.id));
  return r;
}

GameView game_view(Session& session, int64_t game_id) {
  Store& store = store_of(session);
  GameView v;
  const storage::GameRow g = load_game(store, game_id);
  v.game = info_of(g);
  auto hands = store.hands(game_id, false);
  ScoredGame scored = scored_of(g, hands);
  rules::Replay& r = scored.r;
  const json& records = scored.file["hands"];
  const rules::GameRules* rules = rules::find_game(v.game.game);
  std::vector<std::string> players = r.state->players();
  if (rules) v.sides = sides_of(*rules, *r.state, r.score, nullptr);
  v.hands.reserve(hands.size());
  for (size_t i = 0; i < hands.size(); ++i) {
    HandLine line;
    line.no = hands[i].no;
    line.record = records[i];
    line.entry = r.score["hands"][i];
    line.words = rules ? rules->hand_words(line.record, line.entry, players) : "";  // the entry as it is
    line.recorded_at = hands[i].recorded_at;
    line.source = hands[i].source;
    for (const auto& d : r.diags.items())  // the replay stamps a hand's warnings with its seq, i + 1
      if (!d.error && d.hand == static_cast<int>(i) + 1) line.notes.push_back(d.said());
    if (rules)
      for (const auto& side : sides_of(*rules, *r.state, line.entry, &line.entry).lines) {
        line.side_deltas.push_back(side.delta);
        line.side_totals.push_back(side.total);
      }
    v.hands.push_back(std::move(line));
  }
  // the result words read the score document's top-level keys only, not its hands
  if (rules && r.state->finished()) v.result_words = rules->result_words(json(summary_of(r)));
  v.sitting_out = r.state->sitting_out();
  v.score = std::move(r.score);
  number_entries(v.score, hands);
  v.file = std::move(scored.file);
  v.series = series_result(session, game_id);
  return v;
}

std::vector<GameInfo> games(Session& session) {
  Store& store = store_of(session);
  auto all = infos_of(store.games());
  std::erase_if(all, [](const GameInfo& g) { return g.ended == "deleted"; });
  return all;
}

// one column, not the whole row (a hand's command asks it before add_hand reads the game: about 0.2 M instructions)
std::string game_kind(Session& session, int64_t game_id) {
  auto kind = store_of(session).game_kind(game_id);
  if (!kind) not_found(game_id);
  return *kind;
}
GameInfo game_info(Session& session, int64_t game_id) { return info_of(load_game(store_of(session), game_id)); }

std::vector<HandInfo> hands(Session& session, int64_t game_id) { return infos_of(store_of(session).hands(game_id)); }

std::vector<Change> history(Session& session, int64_t game_id) { return infos_of(store_of(session).changes(game_id)); }

}  // namespace marque::app
