// The embedded database: open/create, migrations, and the repositories for players, games, hands and the
// change history. The only module that sees SQLiteCpp (hidden behind a pimpl). Knows nothing of the rules.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/json.hpp"

#include "core/amount.hpp"
#include "core/league.hpp"

namespace marque::storage {

using json = nlohmann::json;

constexpr int32_t k_application_id = 0x4D415251;  // "MARQ"

// $MARQUE_DB, else $XDG_DATA_HOME/marque/marque.db, else ~/.local/share/marque/marque.db
std::string default_db_path();

// Derived: one seat's standing in a game (see schema/sql/0005).
struct SeatStanding {
  int place = 0;
  Amount points;            // exact (core/amount.hpp)
  std::string team_result;  // coinche: win | loss | draw, else ""
};

// Everything derived about a game as a whole: what set_summary stores (and create_game, for a game that
// arrives with its hands).
struct GameDerived {
  std::string status = "open";
  std::string summary = "{}";
  int64_t hand_count = 0;
  int64_t played_count = 0;  // the deals really played among them (not a redeal ...): what standings count
  std::vector<SeatStanding> seats;
  std::string state;  // the running state after the last hand (rules::saved_state), "" for none (NULL)
};

struct GameRow {
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
  int64_t hand_count = 0;           // derived column (games.hand_count), checked against `hands`
  int64_t played_count = 0;         // derived column (games.played_count): the deals really played
  std::vector<SeatStanding> seats;  // derived, by position
  std::string state;                // derived: the running state after the last hand as stored, "" for none
  std::string damaged;              // Store::games only: why the stored row cannot be read ("" when sound)
  // Store::game_to_replay(id, true) only: the number of the game's last hand (0: none), and the state of the
  // tournament table the game is played as ("" when none)
  int last_no = 0;
  std::string table_state;
};

// A season: a named date range of a league (schema 9), dates inclusive.
struct SeasonRow {
  int64_t id = 0;
  std::string name;
  std::string league;
  std::string from, to;
  int64_t games = 0;  // the league's games in its dates that count (Store::summaries)
};

struct NightRow {
  int64_t id = 0;
  std::string date;
  std::string venue;
  std::string league;
  std::string note;
  std::vector<int64_t> games;
};

struct HandRow {
  int64_t id = 0;
  int seq = 0;  // position in the game (1..n)
  int no = 0;   // the hand's number as shown (kept when an earlier hand is deleted)
  json record;
  json score;              // parsed unless hands(.., with_scores = false)
  std::string score_text;  // the stored text, unless hands(.., with_scores = false)
  std::string source;
  std::string recorded_at;
};

// A game exactly as stored, as text (nothing parsed): what `check` reads inside its read transaction and
// verifies on another thread. A damaged text stays a string here and is reported there.
struct RawHand {
  int64_t id = 0;
  int seq = 0;
  std::string record;
  std::string score;
};
struct RawChange {
  int64_t id = 0;
  std::string action;
  std::optional<int> seq;
  std::optional<std::string> before, after;
  std::optional<int64_t> ref;
};
struct RawGame {
  int64_t id = 0;
  std::string game, setup, meta, summary, status;
  std::optional<std::string> state;  // the stored running state (NULL: none)
  int64_t hand_count = 0, played_count = 0;
  std::vector<std::string> players;           // by position
  std::vector<SeatStanding> seats;            // by position
  std::vector<RawHand> hands;                 // by seq
  std::vector<std::vector<Amount>> postings;  // by seq, amounts by position
  std::vector<RawChange> changes;             // the change log, oldest first
};

struct ChangeRow {
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

class Store {
public:
  // peek: what can be read at once (a Tab's candidates): read-only, an older schema read as it is (never
  // upgraded), a lock never waited for (exit 75 at once)
  enum class Mode { read, write, peek };
  // Called inside the upgrade transaction, after the migrations, to re-derive what the new schema keeps
  // beside the records: the upgrade and the derivation commit together or not at all.
  using Deriver = std::function<void(Store&, int from_version)>;
  // Opens (creating when Mode::write and absent) in SQLite's defensive mode with trusted_schema off, checks
  // application_id, user_version and that the schema is exactly the one the migrations make (no trigger, view
  // or changed table), then migrates: version check, backup, migrations and `derive` in one exclusive
  // transaction, so that concurrent openers serialise. A read command on a file or folder it cannot write
  // opens the database read-only. Throws marque::Error with exit codes 65 (not marque / newer / foreign
  // schema / damaged), 66 (missing for read), 73, 74, 75 (another process kept the write lock too long).
  Store(const std::string& path, Mode mode, const Deriver& derive = {});
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  const std::string& path() const;
  // SQLite's PRAGMA data_version: a number that changes when another connection (this process's or another's)
  // commits, and only then (a checkpoint does not change it); read from the shared memory of the log, no file read
  int64_t data_version();
  int schema_version() const;
  // the schema version found on opening when it was upgraded now (0 = new or current)
  int upgraded_from() const;
  static int latest_schema_version();
  // how long a command waits for another process's write lock before exit 75 ($MARQUE_LOCK_TIMEOUT, seconds)
  static int lock_timeout_seconds();
  // whether a command waiting for that lock says so on standard error after a second (not with --quiet)
  static void tell_waits(bool tell);

  // The submission key of the change the next write transaction makes (a phone's key; "" = none). That
  // transaction refuses it with marque::Repeated when the key is stored already (the change was made: nothing is
  // written again), and stores it when it commits; the key then applies to no later transaction.
  void set_submission(std::string key);

  // One write transaction per command (BEGIN IMMEDIATE). Rolls back in its destructor unless committed.
  class Transaction {
  public:
    explicit Transaction(Store& s);
    ~Transaction();
    void commit();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;

  private:
    Store& m_store;
    bool m_done = false;
  };

  // Inside one write transaction that only adds players and leagues (an import): each name's lookup is asked of
  // the database once and remembered (a bundle names the same members in game after game). A player or league
  // added meanwhile can never answer a remembered name better: it is added only when no row matches its name.
  // Forgotten when this object ends (before the transaction does), and by any rename, merge or refold.
  class NameCache {
  public:
    explicit NameCache(Store& s);
    ~NameCache();
    NameCache(const NameCache&) = delete;
    NameCache& operator=(const NameCache&) = delete;

  private:
    Store& m_store;
  };

  // One read transaction (one snapshot of the database) for a command that reads in several statements.
  class ReadTransaction {
  public:
    explicit ReadTransaction(Store& s);
    ~ReadTransaction();
    ReadTransaction(const ReadTransaction&) = delete;
    ReadTransaction& operator=(const ReadTransaction&) = delete;

  private:
    Store& m_store;
  };

  // players
  int64_t player_id(const std::string& name, bool create);  // case-insensitive; 0 when absent and !create
  std::vector<std::pair<int64_t, std::string>> players();
  // every player with the last game they sat at (a deleted game aside): its day (played on, else created) and id,
  // "" and 0 for a player of no game; and the number of those games. In no particular order.
  struct PlayerLastGame {
    int64_t id = 0;
    std::string name;
    std::string last_day;
    int64_t last_game = 0;
    int64_t games = 0;
  };
  std::vector<PlayerLastGame> players_last_game();
  // the stored spelling of the player named `name` (case and accents folded: core/unicode), "" when none
  std::string player_name(const std::string& name);
  // fill players.folded from the names (the upgrade to schema 8)
  void refold_players();

  // per-database settings of the front ends ("focus": the game last used); "" when unset
  std::string setting(const std::string& key);
  void set_setting(const std::string& key, const std::string& value);

  // games
  // meta.league names the league (created when new); night_id links the game to a night.
  int64_t create_game(const std::string& game, const json& setup, int rules_version, const json& meta,
                      const std::vector<std::string>& players, const std::string& source,
                      std::optional<int64_t> night_id = std::nullopt, const std::string& import_key = std::string(),
                      const GameDerived* derived = nullptr);
  // the game imported with this content key, if any
  std::optional<int64_t> game_by_import_key(const std::string& key);
  std::optional<GameRow> game(int64_t id);
  // What a replay of the game reads, in one statement: id, game, set-up, meta, status, ended and state; the summary
  // checked as game() checks it (a damaged text is the same exit 65) but not parsed; no players nor seats, and
  // GameRow::hands left 0. `to_extend`: also the count of its hands, its last hand's number and its tournament
  // table's state (GameRow::hands, last_no, table_state), what a hand added at its end asks. nullopt: no such game.
  std::optional<GameRow> game_to_replay(int64_t id, bool to_extend = false);
  // only which game `id` is, without reading its set-up, summary or players; nullopt for no such game
  std::optional<std::string> game_kind(int64_t id);
  // the newest game that is not deleted
  std::optional<int64_t> latest_game();
  // a game closed, abandoned or deleted by decision ("" = runs by its own rules again)
  void set_ended(int64_t game_id, const std::string& ended);
  // the first game of the series a game continues
  void set_series(int64_t game_id, int64_t series_id);
  // the games of a series, oldest first (the first game and every game that continues it)
  std::vector<int64_t> series_games(int64_t series_id);
  std::vector<GameRow> games();
  std::vector<int64_t> game_ids();
  // the game as stored, unparsed (for `check`)
  std::optional<RawGame> raw_game(int64_t id);
  // the same without its hands and postings (RawGame::hands and postings empty): check reads a long game's
  // hands a slice at a time (raw_hands, raw_postings), in bounded memory
  std::optional<RawGame> raw_game_header(int64_t id);
  // up to `limit` hands of the game after position `after_seq`, in order
  std::vector<RawHand> raw_hands(int64_t id, int64_t after_seq, int64_t limit);
  // the postings of positions first_seq..last_seq: [seq - first_seq] amounts by position, as long as the last
  // position that has any (a position with none is empty)
  std::vector<std::vector<Amount>> raw_postings(int64_t id, int64_t first_seq, int64_t last_seq);
  // raw_postings(id, 1, 1000000000) when `hands` are every hand of game `id` (raw_hands), read by the hands' ids
  // (one range of the postings' key, no join) when those ids are close together
  std::vector<std::vector<Amount>> raw_postings_of(int64_t id, const std::vector<RawHand>& hands);
  // derived after any change: status, summary (the score document without its hands), hand count, played
  // count and every seat's standing (by position)
  void set_summary(int64_t game_id, const GameDerived& d);
  // only what standings read: the count of deals played and the seats' standings (an upgrade that changes how
  // they are derived)
  void set_standing(int64_t game_id, int64_t played_count, const std::vector<SeatStanding>& seats);

  struct SummaryFilter {
    std::string league;    // "" = every league
    std::string game;      // "" = every game kind
    int players = 0;       // 0 = any table size
    std::string from, to;  // ISO dates, inclusive; "" = open
    // a season's name: the use cases (app) resolve it into league, from and to; storage never reads it
    std::string season;
  };
  struct SummaryRow {
    int64_t id = 0;
    std::string game;
    std::string played_on;
    std::string league;
    std::vector<std::string> players;
    int64_t hands = 0;
    json summary;
  };
  // games that count (at least one hand; finished by their rules, or closed by decision: not open, abandoned or
  // deleted) in chronological order (date, then id)
  std::vector<SummaryRow> summaries(const SummaryFilter& filter);
  struct StandingRow {
    int64_t id = 0;
    std::string game;
    std::string played_on;
    std::string league;
    int64_t hands = 0;                // the deals really played (games.played_count)
    bool closed = false;              // closed by decision (games.ended)
    std::vector<league::Seat> seats;  // player name and standing, by position
  };
  // the same games, read from the derived columns only (no JSON): what standings need
  std::vector<StandingRow> standing_rows(const SummaryFilter& filter);
  // the games closed by decision among those (the use cases check that one of their hands was played)
  std::vector<int64_t> closed_game_ids(const SummaryFilter& filter);

  // seasons: a league's named date ranges (the league is created when new); `league` "" = every league, in
  // league then start date order
  int64_t create_season(const std::string& name, const std::string& league, const std::string& from,
                        const std::string& to);
  std::vector<SeasonRow> seasons(const std::string& league = std::string());
  // removes the league's season of that name (matched case-insensitively); false when there is none
  bool delete_season(const std::string& name, const std::string& league);

  // tournaments (schema 11): an event as its marque-tournament/1 document, every version of it kept with who,
  // when and why; each drawn table's code, result state and the marque game it is played as
  struct TournamentRow {
    std::string id, name, game, status;  // status: open | closed
    int64_t version = 0;
    std::string document;  // the marque-tournament/1 text as stored (the app parses it and reports a damaged one)
    std::string created_at, updated_at;
  };
  struct TournamentVersionRow {
    int64_t version = 0;
    std::string action, at, by, reason, document;
  };
  struct TournamentTableRow {
    int round = 0, table = 0;
    std::string code, state;  // state: open | submitted | confirmed | disputed
    std::optional<int64_t> game_id;
    bool published = false;
    std::string published_at{};  // when its round was published (UTC, RFC 3339), "" before
  };
  struct TournamentTableAt {
    std::string event;
    TournamentTableRow table;
  };
  std::optional<TournamentRow> tournament(const std::string& id);
  std::vector<TournamentRow> tournaments();
  // a new event: its row and version 1
  void create_tournament(const TournamentRow& row, const std::string& action, const std::string& by,
                         const std::string& reason);
  // the next version of an event (the one before it stays in tournament_versions); returns its number
  int64_t save_tournament(const std::string& id, const std::string& name, const std::string& status,
                          const std::string& document, const std::string& action, const std::string& by,
                          const std::string& reason);
  std::vector<TournamentVersionRow> tournament_versions(const std::string& id);
  // the event's drawn tables as the document now has them: new ones added, codes and states updated (a table's
  // game kept), the ones no longer drawn removed
  void sync_tournament_tables(const std::string& id, const std::vector<TournamentTableRow>& tables);
  std::vector<TournamentTableRow> tournament_tables(const std::string& id);
  // the round's tables published (their codes open them on a phone)
  void publish_tournament_round(const std::string& id, int round);
  void link_tournament_table(const std::string& id, int round, int table, int64_t game_id);
  // the event a game is the table of, if any
  std::optional<std::string> tournament_of_game(int64_t game_id);
  // the drawn tables whose code is `code` (upper case), in every event, the latest published first
  std::vector<TournamentTableAt> tournament_tables_by_code(const std::string& code);
  // the table a game is played as, if any
  std::optional<TournamentTableAt> tournament_table_of_game(int64_t game_id);

  // nights (an evening grouping several games)
  int64_t create_night(const std::string& date, const std::string& venue, const std::string& league,
                       const std::string& note);
  std::optional<NightRow> night(int64_t id);
  std::vector<NightRow> nights();

  // hands (seq is 1-based and contiguous in a game)
  // with_scores = false leaves HandRow::score null (replays need only the records)
  std::vector<HandRow> hands(int64_t game_id, bool with_scores = true);
  // the number of the game's last hand (by seq), 0 when it has none: one row, not the game's hands
  int last_hand_no(int64_t game_id);
  // `no`: the hand's number as shown (a new hand: the last number + 1)
  // `serialized`: both texts were just written by nlohmann/json's serializer (dump, or compact_dump: the same
  // bytes), JSON by construction; the CHECK constraints' json_valid() then knows them by their bytes instead of
  // scanning them again (an import: each text checked once, when it was read or written)
  void insert_hand(int64_t game_id, int seq, int no, const std::string& record_json, const std::string& score_json,
                   const std::vector<Amount>& deltas, const std::string& source, bool serialized = false);
  // Replace the derived score of an existing hand (after an edit earlier in the game).
  void update_score(int64_t game_id, int seq, const std::string& score_json, const std::vector<Amount>& deltas);
  void update_record(int64_t game_id, int seq, const json& record);
  // Remove hand `seq` and close the gap (later hands move down by one position and keep their numbers).
  void delete_hand(int64_t game_id, int seq);
  // Open a gap at `seq` (hands seq.. move up by one), for re-inserting a deleted hand.
  void shift_up(int64_t game_id, int seq);

  // history
  int64_t log_change(int64_t game_id, const std::string& action, std::optional<int> seq, const json& before,
                     const json& after, std::optional<int64_t> ref = std::nullopt,
                     std::optional<int> no = std::nullopt);
  void mark_undone(int64_t change_id, bool undone);
  std::vector<ChangeRow> changes(int64_t game_id);

  // players: games a player sat at; rename a player row; move one player's seats to another and drop it
  std::vector<int64_t> games_of_player(int64_t player_id);
  void rename_player(int64_t player_id, const std::string& new_name);
  void move_seats(int64_t from_player, int64_t to_player);
  void update_setup(int64_t game_id, const json& setup);
  void log_player_event(const std::string& action, const std::string& old_name, const std::string& new_name,
                        const std::vector<int64_t>& games);
  std::vector<json> player_events();

  // SQLite online backup of the whole database to `file`; restore copies `file` over this database after
  // checking the backup (marque's, not newer, marque's schema, PRAGMA integrity_check, every record JSON;
  // else exit 65 naming the backup), and returns the safety copy kept of the database it replaced.
  void backup_to(const std::string& file);
  std::string restore_from(const std::string& file);

  // import de-duplication: the night with exactly these fields; the games of this kind, set-up text (as
  // stored: the compact dump) and hand count
  std::optional<int64_t> find_night(const std::string& date, const std::string& venue, const std::string& league,
                                    const std::string& note);
  std::vector<int64_t> games_like(const std::string& game, const std::string& setup_json, int64_t hand_count);
  // every stored record text of a game in seq order, one at a time (a long game never sits in memory)
  void for_each_record(int64_t game_id, const std::function<void(int seq, const std::string& record_json)>& fn);

  // raw integrity helpers for `check` and tests: "ok", or the first problems PRAGMA integrity_check lists
  // json_checked: the caller parses every JSON column itself (check's workers do, and name the row), so
  // the CHECK constraints' json_valid() is not run a second time here
  std::string integrity_check(bool json_checked = false);
  // a connection that only streams through the file once (check's integrity pass) needs no large page cache
  void use_small_cache();

private:
  std::optional<int64_t> league_id(const std::string& name, bool create);
  // each seat's standing (by position)
  void set_seats(int64_t game_id, const std::vector<SeatStanding>& seats);
  struct Impl;
  std::unique_ptr<Impl> m;
};

}  // namespace marque::storage
