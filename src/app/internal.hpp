// What the use cases share (not part of the app's interface: app.hpp is): loading a stored game as a
// marque-game/1 file, replaying it, deriving what is stored beside the records, names as stored.
#pragma once

#include <charconv>
#include <functional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/app.hpp"
#include "core/language.hpp"
#include "storage/store.hpp"

namespace marque::tournament {
struct Event;
struct Entrant;
struct Table;
}  // namespace marque::tournament

namespace marque::app {

using storage::Store;

// The use cases' refusals as words (src/README.md, "Languages": refusals): the English patterns of an edit or a
// delete that a later hand refuses, an export bundle's errors, the typed words' errors; said in the reader's
// language from po/LANG.po. Falls back on rules::default_catalogue() (the games' list).
const text::Catalogue& catalogue();

// What a session holds: the open database and who writes through it.
struct Session::Impl {
  std::unique_ptr<Store> store;
  Writer writer;
};
inline Store& store_of(Session& session) { return *session.impl().store; }

// Open the database (the upgrade re-derives what the new schema keeps beside the records, in its transaction).
std::unique_ptr<Store> open_store(const std::string& path, Store::Mode mode);

// The app's rows from storage's (the same fields) and a filter as storage reads it.
GameInfo info_of(const storage::GameRow& g);
HandInfo info_of(const storage::HandRow& h);
Change info_of(const storage::ChangeRow& c);
Night info_of(const storage::NightRow& n);
Season info_of(const storage::SeasonRow& s);
template <class Row>
auto infos_of(const std::vector<Row>& rows) {
  std::vector<decltype(info_of(rows.front()))> out;
  out.reserve(rows.size());
  for (const auto& r : rows) out.push_back(info_of(r));
  return out;
}
Store::SummaryFilter stored_filter(const Filter& f);

// "no game ID" (exit 66)
[[noreturn]] void not_found(int64_t id);
// "game ID was deleted" (exit 66), with how to bring it back
[[noreturn]] void game_deleted(int64_t id);
// "no night ID in this database" (exit 66)
[[noreturn]] void no_night(int64_t id);
// a stored game, or not_found
storage::GameRow load_game(Store& store, int64_t id);
// the same as a replay reads it (Store::game_to_replay: no players, seats or parsed summary), or not_found
storage::GameRow load_game_to_replay(Store& store, int64_t id);
// The games closed by decision under `filter` none of whose hands was played (only redeals, all-pass deals,
// misdeals: GameRules::hand_facts): they count nowhere, as a game without hands (league.cpp).
std::set<int64_t> closed_without_play(Store& store, const Filter& filter);
// a stored game that takes changes to its hands: not deleted, closed or abandoned (else an error saying how to
// bring it back)
storage::GameRow live_game(Store& store, int64_t id);
// live_game's refusals on the row a hand added at the end reads (Store::game_to_replay(id, true): no players, seats
// or parsed summary; its last hand's number)
storage::GameRow live_game_to_extend(Store& store, int64_t id);
// start_game inside the caller's write transaction (the tables of a tournament round started together)
int64_t insert_game(Session& session, const std::string& game, const json& setup, const json& meta,
                    std::optional<int64_t> night_id = std::nullopt, std::optional<int64_t> after = std::nullopt);
// the game a command acts on from now on (stored per database: "the table in focus"). Only `start` and `use`
// set it: a hand, an edit, an undo or a game's end written with -g, or from a phone, leaves it where it is.
void focus_on(Store& store, int64_t id);

// The session's writer for the length of a scope (a served page's write: "web"), then the one before.
class WriterScope {
public:
  WriterScope(Session& session, Writer w);
  ~WriterScope();
  WriterScope(const WriterScope&) = delete;
  WriterScope& operator=(const WriterScope&) = delete;

private:
  Session& m_session;
  Writer m_saved;
};

// Hand numbers (what the scorer sees) and positions (what the replay counts): the position of the hand
// numbered `no` (else exit 66 naming the numbers there are), the number a new hand gets, and diagnostics with
// their positions turned into numbers (a position after the last is the new hand's number).
int position_of(const std::vector<storage::HandRow>& hands, int64_t game_id, int no);
int next_number(const std::vector<storage::HandRow>& hands);
std::vector<int> numbers_of(const std::vector<storage::HandRow>& hands);
Diagnostics numbered(const Diagnostics& d, const std::vector<int>& numbers);
// every error, and the warnings of hand number `no` only
Diagnostics only_hand_warnings(const Diagnostics& d, int no);
// Replay `file`; throw Rejected on errors, their hands numbered as the scorer sees them.
rules::Replay replay_or_reject(const json& file, const std::vector<int>& numbers);
// a stored game and its hands as a marque-game/1 document
json file_from(const storage::GameRow& g, const std::vector<storage::HandRow>& hands);

// Replay `file`; throw Rejected on errors.
rules::Replay replay_or_reject(const json& file);

// The derived per-game summary: the score document without its hands, plus the hand count.
ojson summary_of(const rules::Replay& r);

// Each seat's standing (place, points, team result), reduced from a game's summary by the game's own rules.
std::vector<storage::SeatStanding> seats_from(const std::string& game, const std::vector<std::string>& players,
                                              const json& summary);

// Everything derived about a game as a whole from its replay (status, summary, hand count, seats), and storing it.
storage::GameDerived derived_of(const rules::Replay& r);
void store_summary(Store& store, int64_t game_id, const rules::Replay& r);

// Store the derived scores of hands [from_seq, n] from a fresh replay.
void restore_scores(Store& store, int64_t game_id, const rules::Replay& r, int from_seq);

// the warnings of hand `seq` (0 = all)
std::vector<Diagnostic> warnings_of(const rules::Replay& r, int seq);
// a use case's answer after hand `seq` (numbered `no`) changed; `numbers` of every hand after the change
HandOutcome outcome_from(rules::Replay& r, int64_t game_id, int seq, int no, bool stored,
                         const std::vector<int>& numbers);

// o.words, o.result_words and o.made from the game's rules (the hand's record is `record`)
void describe(HandOutcome& o, const json& record);

// The sides of `game` (rules::Game::sides, core/sides.hpp): each side's total read from `doc` (a score document, its
// summary or one hands entry) and its delta from `entry` (null: none), in units of the game's amount denominator.
Sides sides_of(const rules::GameRules& rules, const rules::Game& game, const ojson& doc, const ojson* entry);
Sides sides_of(const rules::GameRules& rules, const rules::Game& game, const json& summary);

// A stored game whose records no longer replay (exit 65, its first error; marque check tells more).
[[noreturn]] void no_longer_replays(int64_t game_id, const Diagnostics& d);
// What is wrong with a date as words of catalogue() (core/date's date_problem; no message when it is a date), and
// "\"VALUE\" is PROBLEM".
text::Message date_problem_words(std::string_view s);
text::Message date_words(std::string_view s);
// What is wrong with a player's name, or "" when nothing is: a name is one line of visible text, not only spaces
// (no control character: a line feed or a tab in a name would spoof output lines and Tab completion candidates).
std::string name_problem(const std::string& name);
// The same as words of catalogue() (no message when the name is sound).
text::Message name_problem_words(const std::string& name);

// Checks what the rules leave to the database, before anything is stored: a name must be one line of visible text
// (name_problem), two players of one game whose names differ only in case or in spaces around them (folded as
// core/unicode folds them) would be one player (one row), and meta.date, when given, must be a real date.
void check_identity_and_date(const std::vector<std::string>& players, const json& meta, const std::string& name);

// A game names each player as the players table spells them: a game started or imported with "ann" or "Ann " when
// "Ann" exists is Ann's game, in its set-up and in every record. The respellings needed (given -> stored; a new
// name without the spaces around it).
std::vector<std::pair<std::string, std::string>> respellings(Store& store, const std::vector<std::string>& players);

// Every string of `doc` at a dotted name path (GameRules::NamePaths: "*" every element or value, "#" every key), in
// order.
void each_name(const json& doc, const std::vector<std::string>& path,
               const std::function<void(const std::string&)>& visit, size_t at = 0);

// `doc` (a set-up, or a hand record when `record`) with every name at the game's name paths that folds (core/unicode)
// to one of `players` spelt as that player is: a hand given as JSON with "élodie" is Élodie's, as typed words are.
json spelled_as(const rules::GameRules& rules, json doc, bool record, const std::vector<std::string>& players);

// A set-up that spells one name two ways (players=PAUL ... dealer=paul): a name at a later name path (the dealer)
// that folds (core/unicode) to one of the players of the first path (the list) takes that player's spelling.
json same_spelling(const rules::GameRules& rules, json setup);

// A player named on the command line (stats, ratings, player rename) who is not in the players table, once folded:
// exit 66 "no player named X" (then `what`: " to merge into"), with "did you mean" the closest stored names when one
// is close.
[[noreturn]] void no_player(Store& store, const std::string& name, const std::string& what = "");

// `f` (set-up and hands) with those respellings
json respelled(json f, const std::vector<std::pair<std::string, std::string>>& names);

// `j` as dump() writes it compactly, piece by piece to `put` (a string_view each; `put` returns false to stop):
// keys, plain strings and integers written directly, a float or a string that needs escaping dumped alone
// (nlohmann writes a scalar the same alone as inside a document). Its serializer escaping every character
// was a fifth of check's instructions and of an import's a tenth.
template <class Put>
bool compact_walk(const ojson& v, Put& put) {
  auto ch = [&](const char& c) { return put(std::string_view(&c, 1)); };  // no strlen for one character
  auto str = [&](const std::string& s) {
    for (unsigned char c : s)
      if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') return put(std::string_view(ojson(s).dump()));
    return ch('"') && put(std::string_view(s)) && ch('"');
  };
  switch (v.type()) {
    case ojson::value_t::object: {
      if (!ch('{')) return false;
      bool first = true;
      for (const auto& [key, value] : v.get_ref<const ojson::object_t&>()) {
        if (!first && !ch(',')) return false;
        first = false;
        if (!str(key) || !ch(':') || !compact_walk(value, put)) return false;
      }
      return ch('}');
    }
    case ojson::value_t::array: {
      if (!ch('[')) return false;
      bool first = true;
      for (const auto& value : v.get_ref<const ojson::array_t&>()) {
        if (!first && !ch(',')) return false;
        first = false;
        if (!compact_walk(value, put)) return false;
      }
      return ch(']');
    }
    case ojson::value_t::string:
      return str(v.get_ref<const std::string&>());
    case ojson::value_t::number_integer:
    case ojson::value_t::number_unsigned: {
      char buf[24];
      auto r = v.is_number_unsigned() ? std::to_chars(buf, buf + sizeof buf, v.get<uint64_t>())
                                      : std::to_chars(buf, buf + sizeof buf, v.get<int64_t>());
      return put(std::string_view(buf, static_cast<size_t>(r.ptr - buf)));
    }
    case ojson::value_t::null:
      return put(std::string_view("null", 4));
    case ojson::value_t::boolean:
      return v.get<bool>() ? put(std::string_view("true", 4)) : put(std::string_view("false", 5));
    default:
      return put(std::string_view(v.dump()));  // floats (nlohmann's shortest round-trip form), binary
  }
}

// `j` dumped compactly is exactly `text` (check: a stored score text against the fresh score; no string built)
bool dumps_as(const ojson& j, std::string_view text);

// `j.dump()`, byte for byte, through compact_walk (an import stores every hand's score text)
std::string compact_dump(const ojson& j);

// tournament.cpp's helpers that tournament_play.cpp shares: one change of a stored event (one transaction, its
// version kept), the stored event opened (in the caller's transaction), an entrant by id or name (T13), a drawn
// table (T02), the time of a change (RFC 3339; MARQUE_NOW when set)
nlohmann::ordered_json tournament_change(Session& session, const std::string& id, const std::string& action,
                                         const std::string& reason, const std::function<void(tournament::Event&)>& f);
tournament::Event tournament_open(Session& session, const std::string& id);
tournament::Entrant& tournament_entrant(tournament::Event& e, const std::string& who, const std::string& field);
tournament::Table& tournament_table(tournament::Event& e, int round, int table);
std::string tournament_now();
// tournament_play.cpp: a game started for each table of a published round of `e` that has none (spec 4.1), in the
// caller's transaction
void start_table_games(Session& session, tournament::Event& e, int round);

}  // namespace marque::app
