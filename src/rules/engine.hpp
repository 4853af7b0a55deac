// The rules engine: the one interface every game implements, and the generic replay that turns a
// `marque-game/1` document into a `marque-score/1` document. Pure: no SQLite, no CLI11, no clock, no I/O.
//
// Pipeline per record: decode -> validate -> score -> advance (Game::play), then end/result
// (Game::finished / Game::result). Scores are derived from records only, so any database row can be
// recomputed and checked (`marque check`).
#pragma once

#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/json.hpp"

#include "core/diag.hpp"
#include "core/labels.hpp"
#include "core/language.hpp"
#include "core/league.hpp"
#include "core/message.hpp"
#include "core/native_words.hpp"
#include "core/sheet.hpp"
#include "rules/entry.hpp"
#include "rules/registry.hpp"
#include "rules/result.hpp"
#include "rules/tournament_profile.hpp"

namespace marque::rules {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

// One option of a game's section 6 (variants). `values` lists the legal values for an enum-like option
// (JSON values: strings, numbers or booleans); empty = any value of `type` (checked by `check`).
struct OptionSpec {
  std::string id;
  std::string type;          // "enum", "int", "bool", "number", "list" (array of enum values), "any"
  std::vector<json> values;  // legal values (enum / list members); empty = free
  json default_value;        // the seed's value
  std::string help;
  // Optional extra check for free values; returns an error text or "" when fine.
  std::string (*check)(const json& value) = nullptr;
  // A number's range, both ends included (the spec's §6, or where it gives none a bound that keeps every score far
  // from int64 overflow): resolve_options refuses a number outside it, before `check` runs. Every "int" option
  // whose values are not listed has one (tests/unit/test_engine.cpp).
  long long min = std::numeric_limits<long long>::min(), max = std::numeric_limits<long long>::max();
};

// One field of a hand record, for `marque rules GAME`, guided entry and CSV column names.
struct FieldSpec {
  std::string name;
  std::string type;  // "string", "int", "number", "bool", "player", "enum", "object", "array"
  bool required = false;
  std::vector<std::string> values;  // legal values for enums
  std::string help;
};

// Resolves `options` of a set-up against a table: unknown ids / values are errors that list the allowed
// ones (field "options.<id>"); omitted ids take their defaults. Returns the full resolved object.
json resolve_options(const json& given, const std::vector<OptionSpec>& table, Diagnostics& diags);

// A game in progress: the fold over its records. Created by GameRules::start from a set-up record.
class Game {
public:
  virtual ~Game() = default;

  // Player names in setup order (coinche: seat order N, E, S, W). Keys of deltas/totals.
  virtual std::vector<std::string> players() const = 0;

  // The sides the game is played by (rules/result.hpp): by default one per player, in set-up order; a team game
  // returns its teams and fills HandResult::side_deltas/side_totals, written as "<side_key()>_deltas"/"_totals".
  virtual std::vector<Side> sides() const;
  virtual std::string side_key() const { return "team"; }
  // What the game calls its sides' totals when they are teams (a heading people read); "" for a game of players.
  virtual std::string sides_heading() const { return ""; }

  // decode -> validate -> score -> advance one record, typed: on errors (appended to diags, with `field` set to
  // the record's field name) the state is unchanged and nullopt is returned; otherwise the hand as data
  // (rules/result.hpp), from which the engine writes the marque-score/1 hands[i] entry. Warnings go into diags
  // (the engine lists them in the entry's "warnings").
  virtual std::optional<HandResult> play_hand(const json& record, Diagnostics& diags) = 0;
  // Each player's total as the game stands, in set-up order; and each side's when the sides are teams.
  virtual std::vector<Amount> standing() const = 0;
  virtual std::vector<Amount> side_standing() const { return {}; }

  virtual bool finished() const = 0;  // reached its end by its own rule
  virtual ojson result() const = 0;   // final (or provisional) result, format README §2
  // Extra top-level keys of the score document (coinche: team_totals; prefa: pools, received, final ...).
  virtual ojson extra() const { return ojson::object(); }
  // Who deals the next record ("" when the game has no dealer notion or is finished).
  virtual std::string next_dealer() const = 0;
  // Who sits the next record out: the dealer at a table where the dealer does not play (4-player Prefa and
  // Alsós, 5-player Tarot with the dealer sitting out); "" when everyone plays or the game is finished.
  virtual std::string sitting_out() const { return ""; }

  // The running state after the last record played, as data (issue 35: a hand added to the end of a stored game
  // resumes from it instead of replaying every record; `check` compares it with a full replay): every member that
  // play_hand changes, nothing the set-up gives. nullopt when the game keeps none (its hands are replayed).
  virtual std::optional<json> save_state() const { return std::nullopt; }
  // Put back what save_state() made, on a game start() made from the same set-up; false when it does not fit
  // (the caller replays the records instead).
  virtual bool restore_state(const json&) { return false; }
};

class GameRules {
public:
  virtual ~GameRules() = default;
  virtual std::string_view id() const = 0;     // the game's id in files and commands (its folder name)
  virtual std::string_view title() const = 0;  // its name for people
  virtual int rules_version() const = 0;       // bump when scoring semantics change
  // Every score of this game is a whole number of 1/amount_denominator() points (core/amount.hpp): 1 for games
  // that count whole points; stored and compared exactly in those units.
  virtual int64_t amount_denominator() const { return 1; }
  virtual std::vector<OptionSpec> options() const = 0;
  virtual std::vector<FieldSpec> fields() const = 0;
  // What people read for this game's ids (core/labels.hpp): every set-up key, hand field, option and value of
  // them, in English with the game's own terms kept; the one source for `show`, `history`, `start`, the phone and
  // the sheets.
  virtual const text::Labels& labels() const = 0;
  // The players' own words for its keys and values (core/native_words.hpp: "preneur", "garde sans", "κάσα"),
  // accepted beside the ids at the guided entry, on phones and on the command line; none by default.
  virtual const text::NativeWords& native_words() const;
  // Where a set-up and a hand record hold player names (the only places a rename or merge touches): dotted
  // paths, "*" = every element of an array or value of an object, "#" = the keys of an object; e.g.
  // "players.*", "poignees.*.player", "tricks.#". Coinche hands name seats, not players.
  struct NamePaths {
    std::vector<std::string> setup, record;
  };
  virtual const NamePaths& name_paths() const = 0;
  // What follows `marque start` for a typical table of this game (help texts and hints): the id, then
  // key=value words (players=Ann,Ben,Cat,Dan dealer=Ann ...).
  virtual std::vector<std::string> start_examples() const = 0;

  // The table a game starts at, for the roster of `start` (a terminal's questions, the phone's New game page): how
  // many players may sit, each seat in set-up order as people read it (coinche: "N (team N/S)"; empty: the seats
  // are unnamed, "player 1", "player 2" ...), and whether a first dealer must be named. The default tries
  // setup_from_args with players=P1,...,Pn dealer=P1 (n from 1 to 10) and start(), the team of each seat from the
  // sides of the game started; a game whose seats have names overrides it to add them.
  struct Seating {
    int min_players = 0, max_players = 0;  // 0, 0: no count of players starts this game with its defaults
    std::vector<std::string> seats;        // one per seat up to max_players when the game names its seats
    std::vector<std::string> teams;        // the team of each seat ("N/S") at min_players, when sides are teams
    bool dealer_required = true;
  };
  virtual Seating seating() const;

  // Check a set-up record (format README §1 `setup`) and start the fold. Errors -> nullptr.
  virtual std::unique_ptr<Game> start(const json& setup, Diagnostics& diags) const = 0;

  // Command-line words of `marque start GAME key=value...` -> a set-up record. The default handles
  // players=A,B,C (array), first_dealer=/dealer=, option.ID=VALUE (or opt.ID=) and plain key=value
  // (numbers and true/false typed). Games with other shapes (coinche seats) override it.
  virtual json setup_from_args(const std::vector<std::pair<std::string, std::string>>& kv, Diagnostics& diags) const;

  // Command-line words of `marque hand key=value...` -> a hand record, in this game's own syntax
  // (e.g. `poignee=Ben:simple`, `calls=C:play,A:pass`). `game` is the state before the hand (for names
  // and defaults such as the expected dealer). Unknown keys are errors naming the key.
  virtual json record_from_args(const std::vector<std::pair<std::string, std::string>>& kv, const Game& game,
                                Diagnostics& diags) const = 0;

  // Standings (core/league.hpp): each seat's place, points and team result, from the game's summary (its
  // marque-score/1 document without hands: result, totals, team_totals ...); `players` in set-up order. The
  // default reads result.places when the result has them, else ranks the totals.
  virtual std::vector<league::SeatResult> seats(const json& summary, const std::vector<std::string>& players) const;
  // Statistics: who took the contract in a hand, whether it was made, its name, the bonuses earned; from the
  // record and its marque-score/1 hands entry. The default: nothing (a game without contracts or bonuses).
  virtual league::HandFacts hand_facts(const json& record, const json& entry,
                                       const std::vector<std::string>& players) const;
  // hand_facts(record, entry).played from the entry as replay makes it (Replay::deals_played counts these on
  // every replay: a game answers it without converting the entry; the default converts it)
  virtual bool deal_played(const json& record, const ojson& entry) const;
  // What the statistics call the actor, and which extra standings figures the game reports.
  virtual const league::Profile& league_profile() const;
  // What a tournament of this game draws and ranks (rules/tournament_profile.hpp), for an event's options; the
  // default: players at tables of two, total points.
  virtual TournamentProfile tournament_profile(const json& options) const;

  // Guided entry (rules/entry.hpp), the same for the terminal and the web form: the next question of a hand in
  // the order a scorer thinks, given the answers so far and the game before the hand; nullopt when nothing is
  // left to ask. The default asks each required field not yet answered, in field order.
  virtual std::optional<Question> next_question(const Game& before, const Answers& answers) const;
  // The command-line words of the answers (what record_from_args reads). The default: every answer not left
  // out, as it is. A game that asks one word in several questions (tricks player by player) joins them here.
  virtual Words entry_words(const Game& before, const Answers& answers) const;
  // The answers of a redeal (the deal not played: all passed), by question key, that a page stores in one tap;
  // the other questions they leave are answered by their presets. Empty: the game has no redeal.
  virtual Answers redeal_answers(const Game&) const { return {}; }

  // Results in words, in the game's own terms, as data (core/message.hpp: a message id and its arguments, said by
  // the game's catalogue()). One hand: "Ben's garde made by 9", "N/S 90♦ coinched: dedans", "Eleni 7♠ down 1";
  // from its record and marque-score/1 entry, `players` in set-up order. The default says who took what and
  // whether it was made (hand_facts).
  virtual text::Message hand_message(const json& record, const json& entry,
                                     const std::vector<std::string>& players) const;
  // The same from the entry as the replay makes it (an ordered_json): the default says hand_message of a plain
  // copy of it; a game whose words read little of the entry copies only that (tarot: its breakdown).
  virtual text::Message hand_message_of(const json& record, const ojson& entry,
                                        const std::vector<std::string>& players) const {
    return hand_message(record, json(entry), players);
  }
  // The game's outcome as one sentence ("Thierry wins with 312 points, Marc last with -280"), from its
  // marque-score/1 document (totals, result, finished). The default ranks by result.ranking or the totals.
  virtual text::Message result_message(const json& score) const;
  // The game's words in English: the patterns of every message it says (its labels() say label arguments). The
  // default holds the engine's own (rules.hand.*, rules.result.*); a game adds its own to a copy of
  // default_catalogue().
  virtual const text::Catalogue& catalogue() const;
  // The two in words, in the language this thread speaks (core/language.hpp: the catalogue() translated by the
  // language's .mo, English where it lacks a message): the terminal's show, history and game-over line, the
  // phone's result line and the sheet's outcome.
  std::string hand_words(const json& record, const json& entry, const std::vector<std::string>& players) const {
    return text::say(hand_message(record, entry, players), text::localized(catalogue()));
  }
  std::string hand_words(const json& record, const ojson& entry, const std::vector<std::string>& players) const {
    return text::say(hand_message_of(record, entry, players), text::localized(catalogue()));
  }
  std::string result_words(const json& score) const {
    return text::say(result_message(score), text::localized(catalogue()));
  }
  // A hand's summary line as data: the codes the sheet writes of it (Alsós: "Bálint BE won: game 2 D", spec §7),
  // what its marque-score/1 entry stores as English "summary"; none by default. The hand's echo says it in the
  // reader's language (summary_words).
  virtual text::Message summary_message(const json& /*entry*/) const { return {}; }
  std::string summary_words(const json& entry) const {
    return text::say(summary_message(entry), text::localized(catalogue()));
  }

  // A series of games of this kind played one after the other by the same players with the same options (a
  // classic Piquet match of several games, a Rubicon session of several parties): its result from the games'
  // marque-score/1 documents, oldest first (each may carry "ended": "closed" when it was closed by decision: a
  // Rubicon session ends when its last partie is closed). An object with at least "finished" (the series is
  // decided), "words" (one sentence) and the game's own keys (games won, balances, settlement ...); nullopt when
  // this game has no series (the default).
  virtual std::optional<json> series_result(const std::vector<json>& scores) const;
  // The set-up of the next game of a series, from the set-up and summary of the game it follows (the same
  // players and options; what the series carries over, e.g. games won or the session's balance); the caller
  // sets its first dealer. nullopt when this game has no series (the default).
  virtual std::optional<json> next_game_setup(const json& setup, const json& summary) const;

  // The traditional paper score sheet as data (core/sheet.hpp: header, hand table, notes, result, settlement,
  // chart), from the game file and its score document; reports/ renders it as text, HTML and JSON.
  virtual sheet::Sheet score_sheet(const json& game_file, const ojson& score) const = 0;
};

// Result of scoring a whole game file.
struct Replay {
  bool ok = false;              // no errors
  ojson score;                  // marque-score/1 (valid only when ok)
  Diagnostics diags;            // errors (hand-stamped) and warnings
  std::unique_ptr<Game> state;  // final state (when ok)
  size_t hands_played = 0;      // records played (score["hands"] holds them unless streamed with next())
  size_t deals_played = 0;      // of those, the deals really played (GameRules::hand_facts: not a redeal, ...)
  std::vector<std::vector<Amount>> deltas;  // each record's deltas, exact, per player in set-up order (not streamed)
  std::vector<Amount> last_deltas;          // the last record's (streamed too)
  const GameRules* rules = nullptr;         // the game's rules (when ok)

  Replay() = default;
  Replay(Replay&&) = default;
  Replay& operator=(Replay&&) = default;
  ~Replay() { release_json(score); }  // the score document freed leaves first (core/json.hpp)
};

// Check the envelope (`format`, `game`, `setup`, `hands`) and replay every record. Stops at the first
// record with errors (later records are not checked against a broken state).
Replay replay(const json& game_file);
// Play one more record on a successful replay: the same as replaying the file with the record appended,
// without replaying the earlier records again. On errors r.ok is false and r holds only diagnostics.
void extend(Replay& r, const json& record);
// Streaming (a game of any length in bounded memory): replay() the file without its hands, then next() for
// each record, in order: it returns the record's marque-score/1 hands entry (with seq) and keeps nothing of
// it; the top-level keys after "hands" (totals, result ...) are brought up to date by finish(). On errors
// next() returns nullopt and r holds only diagnostics (r.ok false).
std::optional<ojson> next(Replay& r, const json& record);
void finish(Replay& r);
// replay() without making the score's tail (totals, result ...) before finish() makes it: for a file streamed
// with next() (check), whose tail after no hand would be thrown away.
Replay start_stream(const json& file);
// A game's stored running state (issue 35): r's state after its last record (Game::save_state) with the rules'
// version and the records and deals played; nullopt when r failed or its game keeps none.
std::optional<json> saved_state(const Replay& r);
// The game `file` holds (its hands left out) as replay() of its `hands` records would leave it, from a
// saved_state() document: score["hands"] empty, hands_played and deals_played as they were, ready for extend()
// or next(). r.ok is false (no diagnostics) when the state does not fit: another rules version, another count of
// records, a document the game does not take back; the caller then replays the records.
Replay resume(const json& file, const json& state, size_t hands);

// `doc` (a set-up, or a hand record when `record`) with the player `from` renamed `to` at exactly the game's
// name paths; every other value (a piquet rank "A", a note) is left alone.
json rename_player(const GameRules& rules, const json& doc, bool record, const std::string& from,
                   const std::string& to);

// Split "a,b,c" (trims spaces, drops empties; with keep_empty an empty item stays: "a::b" is "a", "", "b").
std::vector<std::string> split_list(const std::string& s, char sep = ',', bool keep_empty = false);
// "47.5" -> 47.5, "3" -> 3, "true" -> true, "null" -> null, else the string itself.
json typed_value(const std::string& s);
// The engine's own English patterns (rules.*), for a game's catalogue() to start from.
const text::Catalogue& default_catalogue();

}  // namespace marque::rules
