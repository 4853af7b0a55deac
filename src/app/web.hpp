// Served pages (web.cpp): what `marque serve` (src/web/) needs besides the other use cases. Plain data in and out,
// nothing here knows HTTP. The writes store hands with source "web" and leave the table in focus where it is (the
// command line's `marque hand` keeps writing to its own table while phones write to theirs).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/games.hpp"
#include "app/hands.hpp"
#include "app/nights.hpp"
#include "app/session.hpp"
#include "rules/engine.hpp"

namespace marque::app {

// A cheap stamp of the database's state, compared with the previous one to know whether anything was committed
// since, by this process or any other (a hand typed at the command line): the size and modification time of the
// database file and of its write-ahead log (no query, no file opened). Equal stamps: nothing changed.
std::string change_stamp(Session& session);

// SQLite's count of the commits other connections made to the database, by this process or another (any change
// makes it differ; a checkpoint does not): cheap enough to ask every few milliseconds, as the server's watcher does
int64_t data_version(Session& session);

// One step of guided hand entry (rules/entry.hpp), the one use case behind the phone's form (web/) and the terminal's
// questions (cli/guided.cpp): for the next hand of a game or, with `edit_no`, to re-enter hand number `edit_no` (asked
// against the game before that hand). `answers` are the answers accepted so far, in order: as a form sends them back
// (AnswerOrder::asked), each must answer the question the game asks at that point (the rest is dropped); as the
// terminal keeps them (AnswerOrder::given: the fields of the command line, then a field changed at the preview), all
// are taken as they are. `typed`, when given, is the answer to the next question: read as the terminal reads it
// (rules::read_answer, its preset for an empty answer) and checked against the engine (rules::errors_for). Then
// the next question, or when none is left the whole hand tried (rules::try_answers): its errors, or its preview in
// words (GameRules::hand_words) with its score entry and the hand's key=value words. Throws Error for an unknown game
// or hand, or a game that takes no more hands (closed, abandoned, deleted).
enum class AnswerOrder { asked, given };
// What a page asks to be answered for it after `typed` (the fast paths): `then`, answers by question key, each given
// where the game asks its question (the previous hand's, "same as last hand"; an empty one takes the preset);
// `redeal`, the game's redeal answers (GameRules::redeal_answers) before them; `fill`, every question that has a
// preset (or may be left out) answered so. Each is read and checked as if typed; the first refused stops there,
// asked with its error.
struct EntryPresets {
  rules::Answers then;
  bool redeal = false;
  bool fill = false;
};
struct EntryStep {
  int64_t game_id = 0;
  std::string game;   // its kind
  std::string title;  // the game kind's title (GameRules::title)
  int no = 0;         // the number the hand gets, or the number of the hand re-entered
  bool edit = false;
  std::vector<std::string> players;
  std::string dealer;               // who deals this hand ("" when the game has none)
  std::string sitting_out;          // who sits this hand out (Game::sitting_out: the dealer at some tables), or ""
  bool has_redeal = false;          // the game has a redeal a page stores in one tap (GameRules::redeal_answers)
  rules::Answers answers;           // accepted, in order
  std::vector<std::string> filled;  // the keys EntryPresets answered by their presets (an empty answer)
  std::optional<rules::Question> question;  // asked next; nullopt when every question is answered
  std::string error;                        // `typed` could not be read (not one of the choices ...)
  std::vector<Diagnostic> errors;           // the engine's errors of `typed`, or (no question left) of the whole hand
  bool complete = false;                    // every question answered and the hand scores: the preview below
  std::string words;                        // the hand in the game's words
  ojson entry;                              // its marque-score/1 hands entry (deltas, totals ...)
  std::vector<Diagnostic> warnings;         // of this hand
  std::vector<std::string> hand;            // the hand as key=value words (GameRules::entry_words), what `hand` takes
};
EntryStep entry_step(Session& session, int64_t game_id, std::optional<int> edit_no, const rules::Answers& answers,
                     const std::optional<std::string>& typed, AnswerOrder order = AnswerOrder::asked,
                     const EntryPresets& more = {});
// Store the hand the answers describe as the game's next hand (GameRules::entry_words, then the record made and
// checked inside the write transaction, as `marque hand` does). Throws Rejected with the diagnostics.
HandOutcome add_hand_answers(Session& session, int64_t game_id, const rules::Answers& answers);
// Store the next hand from its one-line words, as `marque hand` takes them (a hand kept on a phone while the network
// was down). Throws Rejected.
HandOutcome web_add_hand_words(Session& session, int64_t game_id, const rules::Words& words);
// Replace hand number `no` by the hand the answers describe. Throws Rejected.
HandOutcome edit_hand_answers(Session& session, int64_t game_id, int no, const rules::Answers& answers);
// edit_hand_words, delete_hand and undo as a served page makes them (source "web", the focus left alone).
HandOutcome web_edit_hand_words(Session& session, int64_t game_id, int no, const rules::Words& words);
HandOutcome web_delete_hand(Session& session, int64_t game_id, int no);
std::string web_undo(Session& session, int64_t game_id);

// A game started from a served page (the phone's New game page), as `marque start GAME players=... dealer=...`
// starts it (table_words, setup_from_words, start_game): in night `night_id` when given (its date, venue and
// league), else dated today; source "web", the command line's table in focus left where it is. Returns its id.
// Throws Rejected (a wrong number of players, a player twice ...: the field and the rule) or Error.
int64_t web_start_game(Session& session, const std::string& game, const std::vector<std::string>& players,
                       const std::string& dealer, std::optional<int64_t> night_id);

// The scoreboard of a night (`night_id`; nullopt: the latest night that has games, with every other open game
// beside it): each table's running totals, in the order of the set-up, from the stored summaries (no replay).
struct BoardLine {
  std::string name;  // a player, or a team ("NS · Nina & Sara")
  Amount total;
  bool leads = false;  // the best total of the table (every one that shares it)
};
// A side as a served page names it: a player, or a team with its players ("NS · Nina & Sara").
std::string board_name(const Sides& sides, const SideLine& side);
// The sides' totals as a page lists them, the best marked once a hand is played (`hands` > 0).
std::vector<BoardLine> board_lines(const Sides& sides, int64_t hands);
struct BoardTable {
  GameInfo game;
  std::string title;  // the game kind's title
  std::vector<BoardLine> lines;
  int64_t hands = 0;
  std::string next_dealer;       // "" when over or none
  bool dealer_sits_out = false;  // the dealer does not play at this table (4-player Prefa ...: Game::sitting_out)
  bool finished = false;         // over by its rules or closed
  std::string result_words;      // when finished
};
struct Board {
  std::optional<Night> night;
  std::vector<BoardTable> tables;  // the night's games (not deleted)
  std::vector<BoardTable> others;  // other open games (no night given: those outside the night shown)
};
Board board(Session& session, std::optional<int64_t> night_id);

}  // namespace marque::app
