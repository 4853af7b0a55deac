// Use cases: one function per command, plain values in and out, one file per area (session.cpp, games.cpp,
// hands.cpp, import_export.cpp, league.cpp, check.cpp, players.cpp; what they share is internal.hpp). Each
// writing use case runs in ONE transaction: it either stores everything it was asked to or nothing (a Rejected
// is thrown with the diagnostics, and the transaction rolls back). No CLI11, no terminal output here.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/sides.hpp"
#include "rules/engine.hpp"
#include "storage/store.hpp"

namespace marque::reports::site {
struct Site;  // reports/site.hpp
}

namespace marque::app {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

// What the front ends see of storage: plain rows and the open database as a handle they pass back to the use
// cases (a front end never calls the Store itself).
using Database = std::unique_ptr<storage::Store>;
using GameInfo = storage::GameRow;
using HandInfo = storage::HandRow;
using Change = storage::ChangeRow;
using Night = storage::NightRow;
using Filter = storage::Store::SummaryFilter;
using Season = storage::SeasonRow;
// The database path a command uses when none is given ($MARQUE_DB, else the XDG data folder).
std::string default_db_path();
// The schema version this marque makes and reads (its newest migration), for --version.
int schema_version();

// Open the database; when it has an older schema, upgrade it and re-derive what the new schema keeps beside
// the records (summaries, seat columns) in the same transaction as the migrations.
std::unique_ptr<storage::Store> open_store(const std::string& path, storage::Store::Mode mode);
// The same for a front end: `write` = may write (creates the file when absent).
Database open_database(const std::string& path, bool write);
// The database as it is, for a Tab: read-only, never upgraded (an older schema is read as it is), never waiting
// for another process's lock (exit 75 at once); nothing is written.
Database peek_database(const std::string& path);
// --quiet: a command that waits for another process's write lock does not say so (it says so after a second).
void quiet_waits(bool quiet);

struct DatabaseInfo {
  std::string path;
  int schema_version = 0;
};
DatabaseInfo info(storage::Store& store);
// Copy the whole database to `file` (SQLite online backup).
void backup(storage::Store& store, const std::string& file);
// Replace the database by the backup `file` (checked first; the replaced database is kept as a safety copy,
// whose path is returned); `db` is reopened, which upgrades an older backup in one transaction.
std::string restore(Database& db, const std::string& file);

// Games and their hands as stored, and a game's history of changes (oldest first).
std::vector<GameInfo> games(storage::Store& store);
std::string game_kind(storage::Store& store, int64_t game_id);
// one game as stored (a deleted one too); no game `game_id` is exit 66
GameInfo game_info(storage::Store& store, int64_t game_id);
std::vector<HandInfo> hands(storage::Store& store, int64_t game_id);
std::vector<Change> history(storage::Store& store, int64_t game_id);

// Nights: start one (one transaction), one night (nullopt when unknown), all of them.
int64_t start_night(storage::Store& store, const std::string& date, const std::string& venue, const std::string& league,
                    const std::string& note);
std::optional<Night> night(storage::Store& store, int64_t id);
std::vector<Night> nights(storage::Store& store);

// Players with the number of games each played, and the renames and merges (at, action, old, new).
struct PlayerInfo {
  std::string name;
  size_t games = 0;
};
std::vector<PlayerInfo> players(storage::Store& store);
// The names of a set-up that are not players of this database yet (matched as names are: case and accents
// folded), each with the existing players it is close to ("Bne" -> "Ben"), for a "did you mean".
struct NewPlayer {
  std::string name;
  std::vector<std::string> close_to;
};
std::vector<NewPlayer> new_players(storage::Store& store, const std::vector<std::string>& names);
std::vector<json> player_events(storage::Store& store);

// The stored game as a marque-game/1 document (what `export` writes and `score` replays).
json game_file(storage::Store& store, int64_t game_id);

// The table in focus: the game `use_game` or `start_game` chose last (a write never moves it, whichever game it
// names), else the newest game; nullopt when there is no game.
// `deleted_too`: the game in focus even when it was deleted (undo and redo bring it back).
std::optional<int64_t> focus_game(storage::Store& store, bool deleted_too = false);
// The game a command means: `id` when given, else the table in focus (focus_game).
int64_t resolve_game(storage::Store& store, std::optional<int64_t> id, bool deleted_too = false);
// The next game of the series game `after` belongs to (a Piquet match): the same kind, players and options, its
// first dealer from the words (dealer=NAME). The previous game must be over and its series not decided.
int64_t start_next_game(storage::Store& store, int64_t after, const rules::Words& words);
// Put a game in focus (`marque use ID`).
void use_game(storage::Store& store, int64_t id);
// A game's end by decision, logged (undo brings it back): "closed" (counts as it stands), "abandoned" (never
// counts), "deleted" (hidden everywhere), or "" to reopen it. Returns the game as it is now.
GameInfo set_game_end(storage::Store& store, int64_t id, const std::string& ended);
// The series game `id` belongs to (a Piquet match or Rubicon session: GameRules::series_result over its games'
// summaries, oldest first, with "games": their ids); nullopt when the game has no series.
std::optional<json> series_result(storage::Store& store, int64_t id);

// Replay a stored game; throws Error when its stored records no longer replay.
rules::Replay score_game(storage::Store& store, int64_t game_id);
// A replayed game's sides (core/sides.hpp) as it stands: each side's total, the last hand's deltas.
Sides sides_of(const rules::Replay& r);

// The same, one record at a time in bounded memory: `on_entry` (may be empty) gets each marque-score/1 hands
// entry in order; the returned replay's score has every key but an empty "hands". Throws Error as score_game.
rules::Replay score_game_streamed(storage::Store& store, int64_t game_id, const std::function<void(const ojson&)>& on_entry);

// Validate a set-up and create the game (in a night when night_id is given: the night's date, venue and
// league fill the meta keys not given; `after`: the game of the same series it continues). The new game is in
// focus. Throws Rejected with the diagnostics.
int64_t start_game(storage::Store& store, const std::string& game, const json& setup, const json& meta,
                   std::optional<int64_t> night_id = std::nullopt, std::optional<int64_t> after = std::nullopt);

struct HandOutcome {
  int64_t game_id = 0;
  std::string game;            // its kind
  int seq = 0;                 // position of the hand added / edited in the game (1..n)
  int no = 0;                  // its number as the scorer sees it (sheet, list, edit)
  std::vector<int> numbers;    // the number of every hand, by position, after the change
  std::string words;           // the hand in the game's own terms ("Ben's garde made by 9")
  std::string result_words;    // when the game is over: its outcome as a sentence
  ojson entry;                 // its marque-score/1 hand entry
  ojson score;                 // the whole score document after the change
  std::vector<Diagnostic> warnings;
  std::string next_dealer;
  std::string sitting_out;     // who sits the next hand out (Game::sitting_out: the next dealer, or "")
  bool stored = false;         // false for --dry-run
  Sides sides;                 // each side's total after the change and its delta in this hand
  std::optional<bool> made;    // whether the hand's contract was made (GameRules::hand_facts), when it says
};

// A game as the scorer reads it: the stored row, its score document, each hand with its number and its words,
// the outcome as a sentence, and the series it belongs to (a Piquet match).
struct HandLine {
  int no = 0;
  json record;
  ojson entry;        // its marque-score/1 hands entry
  std::string words;  // GameRules::hand_words
  std::string recorded_at, source;
  std::vector<Amount> side_deltas, side_totals;  // the hand's delta and the total after it of each side (GameView::sides)
};
struct GameView {
  GameInfo game;
  ojson score;
  std::vector<HandLine> hands;
  std::string result_words;   // GameRules::result_words
  std::optional<json> series;  // series_result, when the game has one
  std::string sitting_out;     // who sits the next hand out (Game::sitting_out), or ""
  Sides sides;                 // each side's total as the game stands
};
GameView game_view(storage::Store& store, int64_t game_id);
// The sides of `v` after its hand `h`: each side's delta in that hand and its total after it.
Sides hand_sides(const GameView& v, const HandLine& h);

HandOutcome add_hand(storage::Store& store, int64_t game_id, const json& record, bool dry_run);
// The same, with the record made from the game's state before it (e.g. from key=value words), inside the
// write transaction: the game is read and replayed once.
using RecordMaker = std::function<json(const rules::Game& before)>;
HandOutcome add_hand(storage::Store& store, int64_t game_id, const RecordMaker& make_record, bool dry_run);
// Replace hand number `no` by `record` (already merged by the caller); later totals are recomputed.
HandOutcome edit_hand(storage::Store& store, int64_t game_id, int no, const json& record, bool dry_run);
// Delete hand number `no` (kept in the history; later hands keep their numbers). Returns the score document after
// the change.
HandOutcome delete_hand(storage::Store& store, int64_t game_id, int no, bool dry_run);
// Undo / redo the last change of a game (a hand added, edited or deleted; the game's start, close, abandon or
// delete); returns a one-line description of what was reverted.
std::string undo(storage::Store& store, int64_t game_id);
std::string redo(storage::Store& store, int64_t game_id);

struct ImportOutcome {
  struct Item {
    std::string file;
    std::string game;      // game kind
    int64_t game_id = 0;   // new id, or the id of the identical game already stored
    int64_t hands = 0;
    bool duplicate = false;
  };
  std::vector<Item> items;
  int64_t hands = 0;       // hands stored
  int64_t duplicates = 0;  // games skipped because the same content was imported before
};
struct SourceDocument {
  std::string name;  // file name for messages
  json document;
  // streamed: the hand records are not in `document` (its hands arrays are empty) but here, one compact JSON
  // text each: `hands` for a marque-game/1 document, `game_hands[i]` for games[i] of a marque-export/1 bundle
  bool streamed = false;
  std::vector<std::string> hands;
  std::vector<std::vector<std::string>> game_hands;
};
// All sources in one transaction: all or nothing. Each document is a marque-game/1 game or a marque-export/1
// bundle of games. A game whose content (game, set-up, hands) was imported before is skipped and counted.
// Throws Rejected (diagnostics prefixed with the file).
// Sources are loaded one at a time (a club's whole history never sits in memory at once): `load(i)` returns
// the documents of source i (a CSV gives several), for i in [0, sources).
ImportOutcome import_sources(storage::Store& store, size_t sources,
                             const std::function<std::vector<SourceDocument>(size_t)>& load, bool dry_run);

// marque-export/1: every game (optionally only one night's) as marque-game/1 documents with players,
// leagues and nights; imports back into an empty database with the same scores.
ojson export_all(storage::Store& store, std::optional<int64_t> night_id = std::nullopt);

// The content key of a game document (FNV-1a 64 of its canonical game/setup/hands/meta), hex.
std::string content_key(const json& game_file);

// Seasons: a league's named date ranges (dates inclusive). add_season refuses a name the league has already
// (however capitalised), a date that is not a real day and an end before the start; the league is created when
// new. find_season: the season of that name (in `league`, or the one league that has one), else exit 66 (none)
// or 2 (several leagues have one: name the league).
Season add_season(storage::Store& store, const std::string& name, const std::string& league, const std::string& from,
                  const std::string& to);
std::vector<Season> seasons(storage::Store& store, const std::string& league = std::string());
Season find_season(storage::Store& store, const std::string& name, const std::string& league);
void delete_season(storage::Store& store, const std::string& name, const std::string& league);
// The filter a season stands for: filter.season (when set) gives the league and the dates (with --from or --to:
// exit 2); `season` (may be null) receives the season.
Filter with_season(storage::Store& store, Filter filter, Season* season);

// The games that count (storage::Store::summaries): finished by their rules or closed by decision, with a hand.
// marque-standings/2 over the games the filter selects (filter.season: that season's).
ojson standings(storage::Store& store, const storage::Store::SummaryFilter& filter, const std::string& generated_at);

// marque-stats/1 for one player ("" = everyone), optionally one game kind / league / season.
ojson stats(storage::Store& store, const std::string& player, const storage::Store::SummaryFilter& filter);

// marque-ratings/1 (reports/ratings.hpp): every player's (or one player's) rating history per game kind
// (filter.game: one kind), after each game the rating and its change, over the games the filter selects.
ojson ratings(storage::Store& store, const std::string& player, const storage::Store::SummaryFilter& filter);

// The club's website as data (reports/site.hpp) for `league` ("" = every league): the standings of all time and
// of each of the league's seasons, the games (not deleted) with their sheets, the nights, each player's statistics
// and rating history; one read snapshot. reports::site::render makes the pages.
reports::site::Site site(storage::Store& store, const std::string& league, const std::string& generated_at,
                         const std::string& generator);

struct CheckReport {
  int64_t games = 0;
  int64_t hands = 0;
  std::vector<std::string> problems;  // empty = everything recomputes identically
};
CheckReport check(storage::Store& store);

// Rename a player everywhere (records, set-ups, scores re-derived); with `merge`, fold `from` into the
// existing player `to` (refused when both sat at one table). History kept in player_events.
// Returns the number of games touched. The new name is taken without the spaces around it (trimmed_name).
int64_t rename_player(storage::Store& store, const std::string& from, const std::string& to, bool merge);
// A name without its leading and trailing spaces and tabs, as the command line's lists give it ("Ann " is Ann).
std::string trimmed_name(const std::string& name);

// Typed words (key=value, as `marque start` and `marque hand` take them): refused when a key is given twice or a
// comma-separated list has an empty item; a game's set-up or hand record made from them, its errors with "did you
// mean" for a mistyped key, value or name (Rejected).
rules::Words checked_words(const rules::Words& words);
json setup_from_words(const rules::GameRules& rules, const rules::Words& words);
json record_from_words(const rules::GameRules& rules, const rules::Game& before, const rules::Words& words);
Diagnostics with_suggestions(const Diagnostics& diags, const rules::GameRules& rules, const std::vector<std::string>& players,
                             const rules::Words& words, const json& record = nullptr);
// `marque edit N key=value...`: the fields given replace the old ones in `old` (or, with `replace`, are the record).
json edited_record(const rules::GameRules& rules, const rules::Game& before, const json& old, const rules::Words& words,
                   bool replace);
// Edit hand number `no` with typed words, merged inside the write transaction against the game before that hand.
HandOutcome edit_hand_words(storage::Store& store, int64_t game_id, int no, const rules::Words& words, bool replace,
                            bool dry_run);

// Canonical JSON of a rejection (format README §3).
ojson rejection_json(const Diagnostics& diags);

// Deltas of a score entry in player order, exactly, in units of 1/per (the game's amount_denominator).
std::vector<Amount> deltas_of(const ojson& entry, const std::vector<std::string>& players, int64_t per);
// The amount denominator of a game kind (1 when unknown).
int64_t per_of(const std::string& game);

// Score sheets (sheets.cpp): the sheet of one game (`game`, default the game in focus) or of every game of a night
// (`night`), as plain data for reports/ to render: each game's heading, its traditional sheet (GameRules::
// score_sheet), its net corrections in local time (TZ), its places and outcome (a night's summary). Throws Error
// (exit 66) for an unknown night or one without games.
sheet::Document sheets(storage::Store& store, std::optional<int64_t> game, std::optional<int64_t> night = std::nullopt);

}  // namespace marque::app

// =====================================================================================================================
// Served pages (web.cpp): what `marque serve` (src/web/) needs besides the use cases above. Plain data in and out,
// nothing here knows HTTP. The writes store hands with source "web" and leave the table in focus where it is (the
// command line's `marque hand` keeps writing to its own table while phones write to theirs).
// =====================================================================================================================
namespace marque::app {

// A cheap stamp of the database's state, compared with the previous one to know whether anything was committed
// since, by this process or any other (a hand typed at the command line): the size and modification time of the
// database file and of its write-ahead log (no query, no file opened). Equal stamps: nothing changed.
std::string change_stamp(storage::Store& store);

// One step of guided hand entry (rules/entry.hpp) as a form asks it, for the next hand of a game or, with `edit_no`,
// to re-enter hand number `edit_no` (asked against the game before that hand). `answers` are the answers accepted so
// far, in order, as the form sends them back: each must answer the question the game asks at that point (the rest
// is dropped). `typed`, when given, is the answer to the next question: read as the terminal reads it
// (rules::read_answer, its preset for an empty answer) and checked against the engine (rules::errors_for). Then
// the next question, or when none is left the whole hand tried (rules::try_answers): its errors, or its preview in
// words (GameRules::hand_words) with its score entry. Throws Error for an unknown game or hand, or a game that takes
// no more hands (closed, abandoned, deleted).
struct EntryStep {
  int64_t game_id = 0;
  std::string game;    // its kind
  std::string title;   // the game kind's title (GameRules::title)
  int no = 0;          // the number the hand gets, or the number of the hand re-entered
  bool edit = false;
  std::vector<std::string> players;
  std::string dealer;  // who deals this hand ("" when the game has none)
  std::string sitting_out;  // who sits this hand out (Game::sitting_out: the dealer at some tables), or ""
  rules::Answers answers;                   // accepted, in order
  std::optional<rules::Question> question;  // asked next; nullopt when every question is answered
  std::string error;                        // `typed` could not be read (not one of the choices ...)
  std::vector<Diagnostic> errors;           // the engine's errors of `typed`, or (no question left) of the whole hand
  bool complete = false;                    // every question answered and the hand scores: the preview below
  std::string words;                        // the hand in the game's words
  ojson entry;                              // its marque-score/1 hands entry (deltas, totals ...)
  std::vector<Diagnostic> warnings;         // of this hand
};
EntryStep entry_step(storage::Store& store, int64_t game_id, std::optional<int> edit_no, const rules::Answers& answers,
                     const std::optional<std::string>& typed);
// Store the hand the answers describe as the game's next hand (GameRules::entry_words, then the record made and
// checked inside the write transaction, as `marque hand` does). Throws Rejected with the diagnostics.
HandOutcome add_hand_answers(storage::Store& store, int64_t game_id, const rules::Answers& answers);
// Replace hand number `no` by the hand the answers describe. Throws Rejected.
HandOutcome edit_hand_answers(storage::Store& store, int64_t game_id, int no, const rules::Answers& answers);
// edit_hand_words, delete_hand and undo as a served page makes them (source "web", the focus left alone).
HandOutcome web_edit_hand_words(storage::Store& store, int64_t game_id, int no, const rules::Words& words);
HandOutcome web_delete_hand(storage::Store& store, int64_t game_id, int no);
std::string web_undo(storage::Store& store, int64_t game_id);

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
// What people read for a game: its title (the id itself when unknown), its labels (nullptr when unknown). The same
// as app/front.hpp's on main (h-cli): one of the two goes at the merge.
std::string game_title(const std::string& id);
const text::Labels* game_labels(const std::string& id);
struct BoardTable {
  GameInfo game;
  std::string title;        // the game kind's title
  std::vector<BoardLine> lines;
  int64_t hands = 0;
  std::string next_dealer;  // "" when over or none
  bool dealer_sits_out = false;  // the dealer does not play at this table (4-player Prefa ...: Game::sitting_out)
  bool finished = false;    // over by its rules or closed
  std::string result_words; // when finished
};
struct Board {
  std::optional<Night> night;
  std::vector<BoardTable> tables;  // the night's games (not deleted)
  std::vector<BoardTable> others;  // other open games (no night given: those outside the night shown)
};
Board board(storage::Store& store, std::optional<int64_t> night_id);

}  // namespace marque::app
