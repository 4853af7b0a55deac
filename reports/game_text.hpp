// Text renderings of a game's state for the terminal: the lines after a hand is recorded, changed or deleted,
// and a game's score. Pure: from marque-score/1 documents and the game's sides (core/sides.hpp), no SQLite, no rules;
// any front end can reuse them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/labels.hpp"
#include "core/sides.hpp"

namespace marque::reports {

// "Ann +93  Ben -31 ..." in the order of `names` (signed when `sign`)
std::string amounts_line(const nlohmann::ordered_json& values, const nlohmann::ordered_json& names, bool sign);

// Text and the spans of it a front end may set apart (the terminal colours them): what a span is, never how it looks.
struct Styled {
  enum class Role { made, failed, total };  // a hand's words when its contract was made / failed; a line of totals
  struct Span {
    size_t begin = 0, end = 0;  // bytes of `text`
    Role role = Role::total;
  };
  std::string text;
  std::vector<Span> spans;  // in order, never overlapping
};

// Which hand of which game a line speaks of, and what the rules said of it in words.
struct HandHeader {
  int64_t game_id = 0;
  std::string game;                      // kind: tarot, coinche ...
  int no = 0;                            // the hand's number (0: none, e.g. after a delete)
  std::string verb;                      // recorded, changed, deleted ...
  std::string words;                     // the hand in the game's own terms
  std::string result_words;              // the game's outcome (when over)
  std::string next_dealer;               // as said (dealer_text: "B (sits out)")
  const text::Labels* labels = nullptr;  // the game's words for the ids of the breakdown and the payments' reasons
  const Sides* sides = nullptr;          // the game's sides: the totals after the change, the hand's deltas
  std::optional<bool> made;              // the hand's contract made or failed, when the game says
};
// "game 2 · KIND (PLAYERS) · hand 5 recorded: WORDS" then the hand's deltas, totals, breakdown, pools, payments,
// and the game over (a sentence and the ranking) or the next dealer. `entry` is the hand's marque-score/1 entry
// (null: none), `score` the whole document; with its spans (hand_outcome_styled): the words (made or failed, when
// known) and the totals. `summary`: the hand's summary line as said (GameRules::summary_words), else the entry's
// stored English "summary".
Styled hand_outcome_styled(const nlohmann::ordered_json& entry, const nlohmann::ordered_json& score,
                           const HandHeader& h, const std::string& summary = "");
std::string hand_outcome_text(const nlohmann::ordered_json& entry, const nlohmann::ordered_json& score,
                              const HandHeader& h);
// "game 2 · KIND" (a game named in a view)
std::string game_label(int64_t game_id, const std::string& game);
// "game 2 · KIND (Nina, Emil, Sara, Will)": the words every write prints first (two tables of the same game and
// seats differ only by their players)
std::string game_label(int64_t game_id, const std::string& game, const std::vector<std::string>& players);

// The final ranking as a table: place, player (or team with its players), total.
std::string ranking_table(const nlohmann::ordered_json& score, const Sides& sides);

// One line of `marque list`: the hand's number, its words and its score entry.
struct ListedHand {
  int no = 0;
  std::string words;
  const nlohmann::ordered_json* entry = nullptr;
  const std::vector<Amount>* deltas = nullptr;  // its delta of each side
};
// The hands of a game as a table: #, dealer, what happened, one column per side (player or team) with the hand's
// score, then the sides' totals.
std::string hand_list_text(const Sides& sides, const std::vector<ListedHand>& hands);

// `marque show N`: the hand in words, its record in the game's labels (`labels`), who dealt, its score (h.sides: the
// sides after it) and the totals after it. `notes`: the hand's warnings said in the reader's language (in the order of
// the entry's English "warnings"), or null to show those.
std::string hand_show_text(const nlohmann::ordered_json& score, const HandHeader& h, const nlohmann::json& record,
                           const nlohmann::ordered_json& entry, const std::string& recorded_at,
                           const std::string& source, const text::Labels& labels,
                           const std::vector<std::string>* notes = nullptr);

// One change in a game's history, and the history as lines a scorer reads ("hand 2 edited: points 38 -> 52").
struct HistoryLine {
  std::string at;
  std::string action;  // start, import, add, edit, delete, undo, redo, close, abandon, delete_game, reopen
  int no = 0;          // the hand it touched (0 = the game)
  const nlohmann::json* before = nullptr;  // null when none
  const nlohmann::json* after = nullptr;
  bool undone = false;
};
std::string history_text(const std::vector<HistoryLine>& lines, const text::Labels& labels);
// A record in the game's labels ("taker Ben · garde · 47 points ..."), and what changed between two ("38 points ->
// 52 points, poignée Ben simple added"; "no change").
std::string record_words(const nlohmann::json& r, const text::Labels& labels);
std::string record_diff(const nlohmann::json& a, const nlohmann::json& b, const text::Labels& labels);

// "B (sits out)" when the dealer named is the one who sits the hand out (4-player Prefa ...), else the name.
std::string dealer_text(const std::string& dealer, const std::string& sitting_out);
// A game's score: hands, totals (and the sides' when they are teams), ranking or winner, next dealer (game_id 0: a
// file without an id; `sitting_out`: who sits the next hand out).
std::string score_text(const nlohmann::ordered_json& score, const Sides& sides, int64_t game_id,
                       const std::string& sitting_out = "");

}  // namespace marque::reports
