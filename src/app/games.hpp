// Games (games.cpp): the games and their hands as stored, which game a command means (the table in focus),
// starting one, its replay, its end by decision, a game as the scorer reads it, the series a game belongs to.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/session.hpp"
#include "core/sides.hpp"
#include "rules/engine.hpp"

namespace marque::app {

// One seat's standing in a game, derived from its summary by the game's own rules.
struct SeatStanding {
  int place = 0;
  Amount points;            // exact (core/amount.hpp)
  std::string team_result;  // a game played by sides: win | loss | draw, else ""
};

// A game as stored.
struct GameInfo {
  int64_t id = 0;
  std::string game;
  json setup;                        // set-up record as stored (players, first_dealer, options ...)
  json meta;                         // date, league, venue, note, night ...
  json summary;                      // derived: totals, finished, result (score document without hands)
  std::string status;                // open | finished
  std::string ended;                 // "" (runs by its rules), closed, abandoned or deleted
  std::optional<int64_t> series_id;  // the first game of the series this one continues
  std::string source;
  std::string created_at;
  std::optional<int64_t> night_id;
  std::vector<std::string> players;  // names by position
  int64_t hands = 0;
  int64_t hand_count = 0;           // derived: the stored hand count, checked against `hands`
  int64_t played_count = 0;         // derived: the deals really played
  std::vector<SeatStanding> seats;  // derived, by position
  std::string damaged;              // games() only: why the stored row cannot be read ("" when sound)
};

// A hand as stored.
struct HandInfo {
  int64_t id = 0;
  int seq = 0;  // position in the game (1..n)
  int no = 0;   // the hand's number as shown (kept when an earlier hand is deleted)
  json record;
  json score;
  std::string score_text;  // the stored text
  std::string source;
  std::string recorded_at;
};

// One change of a game's history (a hand added, edited, deleted; the game's start, close ...; undo, redo).
struct Change {
  int64_t id = 0;
  int64_t game_id = 0;
  std::string at;
  std::string action;
  std::optional<int> seq;
  std::optional<int> no;  // the number of the hand it touched
  json before;            // null when none
  json after;
  bool undone = false;
  std::optional<int64_t> ref;
};

// Games and their hands as stored, and a game's history of changes (oldest first).
std::vector<GameInfo> games(Session& session);
std::string game_kind(Session& session, int64_t game_id);
// one game as stored (a deleted one too); no game `game_id` is exit 66
GameInfo game_info(Session& session, int64_t game_id);
std::vector<HandInfo> hands(Session& session, int64_t game_id);
std::vector<Change> history(Session& session, int64_t game_id);

// The stored game as a marque-game/1 document (what `export` writes and `score` replays).
json game_file(Session& session, int64_t game_id);

// The table in focus: the game `use_game` or `start_game` chose last (a write never moves it, whichever game it
// names), else the newest game; nullopt when there is no game.
// `deleted_too`: the game in focus even when it was deleted (undo and redo bring it back).
std::optional<int64_t> focus_game(Session& session, bool deleted_too = false);
// The game a command means: `id` when given, else the table in focus (focus_game).
int64_t resolve_game(Session& session, std::optional<int64_t> id, bool deleted_too = false);
// The next game of the series game `after` belongs to (a Piquet match): the same kind, players and options, its
// first dealer from the words (dealer=NAME). The previous game must be over and its series not decided.
int64_t start_next_game(Session& session, int64_t after, const rules::Words& words);
// Put a game in focus (`marque use ID`).
void use_game(Session& session, int64_t id);
// A game's end by decision, logged (undo brings it back): "closed" (counts as it stands), "abandoned" (never
// counts), "deleted" (hidden everywhere), or "" to reopen it. Returns the game as it is now.
GameInfo set_game_end(Session& session, int64_t id, const std::string& ended);
// The series game `id` belongs to (a Piquet match or Rubicon session: GameRules::series_result over its games'
// summaries, oldest first, with "games": their ids); nullopt when the game has no series.
std::optional<json> series_result(Session& session, int64_t id);

// Replay a stored game; throws Error when its stored records no longer replay.
rules::Replay score_game(Session& session, int64_t game_id);
// A stored game read once, to be shown: its marque-game/1 document (game_file) and its replay (score_game: the
// same score document, the same refusal when its records no longer replay), from one read of the game and its hands.
struct ScoredGame {
  json file;
  rules::Replay r;

  ScoredGame() = default;
  ScoredGame(ScoredGame&&) = default;
  ScoredGame& operator=(ScoredGame&&) = default;
  ~ScoredGame() { release_json(file); }  // its records freed leaves first (core/json.hpp)
};
ScoredGame scored_game(Session& session, int64_t game_id);
// A replayed game's sides (core/sides.hpp) as it stands: each side's total, the last hand's deltas.
Sides sides_of(const rules::Replay& r);

// The same, one record at a time in bounded memory: `on_entry` (may be empty) gets each marque-score/1 hands
// entry in order; the returned replay's score has every key but an empty "hands". Throws Error as score_game.
rules::Replay score_game_streamed(Session& session, int64_t game_id, const std::function<void(const ojson&)>& on_entry);

// Validate a set-up and create the game (in a night when night_id is given: the night's date, venue and
// league fill the meta keys not given; `after`: the game of the same series it continues). The new game is in
// focus (not when a served page starts it: Writer "web"). Throws Rejected with the diagnostics.
int64_t start_game(Session& session, const std::string& game, const json& setup, const json& meta,
                   std::optional<int64_t> night_id = std::nullopt, std::optional<int64_t> after = std::nullopt);

// A game as the scorer reads it: the stored row, its score document, each hand with its number and its words,
// the outcome as a sentence, and the series it belongs to (a Piquet match).
struct HandLine {
  int no = 0;
  json record;
  ojson entry;        // its marque-score/1 hands entry
  std::string words;  // GameRules::hand_words
  std::string recorded_at, source;
  std::vector<std::string> notes;  // the entry's warnings said in this thread's language (Diagnostic::said)
  std::vector<Amount> side_deltas,
      side_totals;  // the hand's delta and the total after it of each side (GameView::sides)
};
struct GameView {
  GameInfo game;
  ojson score;
  std::vector<HandLine> hands;
  std::string result_words;    // GameRules::result_words
  std::optional<json> series;  // series_result, when the game has one
  std::string sitting_out;     // who sits the next hand out (Game::sitting_out), or ""
  Sides sides;                 // each side's total as the game stands
  json file;                   // the game as a marque-game/1 document (game_file)
};
GameView game_view(Session& session, int64_t game_id);
// The sides of `v` after its hand `h`: each side's delta in that hand and its total after it.
Sides hand_sides(const GameView& v, const HandLine& h);

}  // namespace marque::app
