// Players (players.cpp): who played how many games, the names of a set-up that are new, renames and merges.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "app/session.hpp"

namespace marque::app {

// Players with the number of games each played, and the renames and merges (at, action, old, new).
struct PlayerInfo {
  std::string name;
  size_t games = 0;
};
std::vector<PlayerInfo> players(Session& session);
// The names of a set-up that are not players of this database yet (matched as names are: case and accents
// folded), each with the existing players it is close to ("Bne" -> "Ben"), for a "did you mean".
struct NewPlayer {
  std::string name;
  std::vector<std::string> close_to;
};
std::vector<NewPlayer> new_players(Session& session, const std::vector<std::string>& names);
std::vector<json> player_events(Session& session);

// The club's players as a roster offers them (`start` at a terminal, the phone's New game page): most recent first
// (by the last game each sat at, a deleted one aside: its day, then the game started last), then those of no game
// in dictionary order; only the names that hold `search` when it is given (case and accents aside: "zo" finds Zoé).
struct RosterPlayer {
  std::string name;
  std::string last_played;  // the day of that last game, "" when none
  int64_t games = 0;
};
std::vector<RosterPlayer> roster(Session& session, const std::string& search = "");

// Rename a player everywhere (records, set-ups, scores re-derived); with `merge`, fold `from` into the
// existing player `to` (refused when both sat at one table). History kept in player_events.
// Returns the number of games touched. The new name is taken without the spaces around it (trimmed_name).
int64_t rename_player(Session& session, const std::string& from, const std::string& to, bool merge);
// A name without its leading and trailing spaces and tabs, as the command line's lists give it ("Ann " is Ann).
std::string trimmed_name(const std::string& name);

}  // namespace marque::app
