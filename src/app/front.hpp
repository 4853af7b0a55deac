// What a front end (cli/, web/) needs besides the database's use cases in app.hpp: a game's description by its id
// (title, labels, fields, examples: the front ends never look a game up in the registry themselves), a game file
// scored without a database (calc), the files an import reads (the importer chosen here), and the JSON documents the
// commands print, built from the use cases' data.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "app/app.hpp"
#include "core/sheet.hpp"

namespace marque::app {

// --- the games
// The rules of a game id; a usage Error (exit 2) naming the games when marque knows none of that id.
const rules::GameRules& game_rules(const std::string& id);
// The same, or nullptr when unknown (a stored row of a game this marque no longer has).
const rules::GameRules* find_rules(const std::string& id);
// Every game this marque knows, by id, in the registry's order (the phone's New game page offers them).
std::vector<std::string> game_ids();
// What people read for a game: its title (the id itself when unknown), its labels (nullptr when unknown).
std::string game_title(const std::string& id);
// The same in this thread's language: the game's "<id>.title" message said by its localized catalogue (English:
// game_title).
std::string local_game_title(const std::string& id);
const text::Labels* game_labels(const std::string& id);
// What is wrong with a date ("" when it is one: core/date's date_problem) in this thread's language.
std::string date_problem_said(std::string_view date);
// A contract ("contract"), bonus ("bonus") or deal not played ("type") id of the statistics in its game's words (its
// labels): what stats and the site print.
// (reports::StatsWords: kind, "contract" or "bonus", id -> words)
std::function<std::string(const std::string& kind, const std::string& what, const std::string& id)> stats_words();
// A game's paper sheet from its marque-game/1 file and marque-score/1 score (empty when the game is unknown).
sheet::Sheet score_sheet(const std::string& id, const json& file, const ojson& score);

// --- files
// A game file or an export bundle ("-" = standard input), its hand records streamed.
SourceDocument read_source(const std::string& name);
// The documents of one file to import: `importer` "csv" or "json", else chosen by the name (.csv: the CSV importer;
// anything else a marque-game/1 file or marque-export/1 bundle). A CSV file gives a document per game.
std::vector<SourceDocument> read_sources(const std::string& name, const std::string& importer);
// `marque import`: the files in one transaction (all or nothing); `before(i)` is told before file i is read.
ImportOutcome import_files(Session& store, const std::vector<std::string>& files, const std::string& importer,
                           bool dry_run, const std::function<void(size_t)>& before = nullptr);

// --- calc: a game file scored without a database
struct Calc {
  sheet::Sheet sheet;  // the paper sheet of the game
  std::vector<Diagnostic> warnings;
};
// Refused (Rejected naming the file) when the rules refuse a record.
Calc calc(SourceDocument src);
// The file's marque-score/1, replayed one record at a time: every entry to `on_entry` (nullptr: only checked);
// the returned replay's score has every key but an empty "hands" (as score_game_streamed).
rules::Replay calc_streamed(const SourceDocument& src, const std::function<void(const ojson&)>& on_entry);

// --- the documents the commands print as JSON
ojson import_json(const ImportOutcome& out, bool dry_run);
ojson history_json(const std::vector<Change>& changes);
ojson hands_json(const GameView& v);                  // marque list: each hand's score entry with no and words
ojson hand_json(int64_t game_id, const HandLine& h);  // marque show
ojson games_json(const std::vector<GameInfo>& games, std::optional<int64_t> focus);
ojson check_json(const CheckReport& r);
ojson seasons_json(const std::vector<Season>& seasons);  // marque-seasons/1

}  // namespace marque::app
