// Players: rename and merge (records rewritten at the games' name paths, history kept).
#include "app/internal.hpp"

#include "core/language.hpp"
#include "core/unicode.hpp"

#include <algorithm>

namespace marque::app {

int64_t rename_player(Session& session, const std::string& from_in, const std::string& to_in, bool merge) {
  Store& store = store_of(session);
  const std::string to = trimmed_name(to_in);  // "Ann " is Ann, as everywhere a name is typed
  if (const text::Message problem = name_problem_words(to_in); !problem.empty() && problem.id != "app.err.name_empty")
    throw Error(k_exit_rejected,
                text::tr("app.new_name", "the new name {problem}",
                         text::Message().text("problem", text::say(problem, text::localized(catalogue())))));
  Store::Transaction tx(store);
  int64_t from_id = store.player_id(from_in, false);
  if (!from_id) no_player(store, from_in);
  std::string from;
  for (const auto& [id, name] : store.players())
    if (id == from_id) from = name;
  int64_t to_id = store.player_id(to, false);
  if (to.empty() || to.find_first_not_of(" \t") == std::string::npos)
    throw Error(k_exit_usage, text::tr("app.new_name_empty", "the new name is empty"));
  if (merge) {
    if (!to_id) no_player(store, to, text::tr("app.no_player.merge_into", " to merge into"));
    if (to_id == from_id)
      throw Error(k_exit_usage, text::tr("app.same_player", "{from} and {to} are the same player",
                                         text::Message().text("from", from).text("to", to)));
  } else if (to_id && to_id != from_id) {
    throw Error(k_exit_rejected,
                text::tr("app.player_exists", "there is already a player named {name}",
                         text::Message().text("name", to)),
                text::tr("app.player_exists.hint",
                         "if they are the same person: marque player merge \"{from}\" \"{to}\"",
                         text::Message().text("from", from).text("to", to)));
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
    if (!known)
      throw Error(k_exit_dataerr,
                  "game " + std::to_string(gid) + " is a " + g.game + " game, which this marque does not know");
    const rules::GameRules& game = *known;
    auto respell = [&](const json& j, bool record) {
      json out = rules::rename_player(game, j, record, spelled, target);
      return spelled == from ? out : rules::rename_player(game, out, record, from, target);
    };
    store.update_setup(gid, respell(g.setup, false));
    for (const auto& h : hands) store.update_record(gid, h.seq, respell(h.record, true));
    rules::Replay r = replay_or_reject(game_file(session, gid));
    restore_scores(store, gid, r, 1);
  }
  store.log_player_event(merge ? "merge" : "rename", from, target, games);
  tx.commit();
  return static_cast<int64_t>(games.size());
}

std::vector<PlayerInfo> players(Session& session) {
  Store& store = store_of(session);
  std::vector<PlayerInfo> out;
  for (const auto& [id, name] : store.players()) out.push_back({name, store.games_of_player(id).size()});
  // as a dictionary sorts them ("Élodie" before "Paul"), not byte by byte
  std::stable_sort(out.begin(), out.end(),
                   [](const PlayerInfo& a, const PlayerInfo& b) { return unicode::collate(a.name, b.name) < 0; });
  return out;
}

std::vector<RosterPlayer> roster(Session& session, const std::string& search) {
  auto rows = store_of(session).players_last_game();
  std::erase_if(rows, [&](const auto& r) { return !unicode::search_matches(r.name, search); });
  std::sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
    if (a.last_day != b.last_day) return a.last_day > b.last_day;  // "" (no game) after every day
    if (a.last_game != b.last_game) return a.last_game > b.last_game;
    return unicode::collate(a.name, b.name) < 0;
  });
  std::vector<RosterPlayer> out;
  for (const auto& r : rows) out.push_back({r.name, r.last_day, r.games});
  return out;
}

std::vector<json> player_events(Session& session) { return store_of(session).player_events(); }

std::vector<NewPlayer> new_players(Session& session, const std::vector<std::string>& names) {
  Store& store = store_of(session);
  check_identity_and_date(names, json(), "rejected");  // a name that is no name is refused before it is called new
  std::vector<std::string> known;
  for (const auto& [id, name] : store.players()) known.push_back(name);
  std::vector<NewPlayer> out;
  for (const auto& n : names)
    if (store.player_id(n, false) == 0) out.push_back({n, unicode::suggestions(n, known)});
  return out;
}

}  // namespace marque::app
