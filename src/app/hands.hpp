// Hands (hands.cpp): add, edit, delete (each one transaction, logged), undo and redo; a hand keeps its number.
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

struct HandOutcome {
  int64_t game_id = 0;
  std::string game;          // its kind
  int seq = 0;               // position of the hand added / edited in the game (1..n)
  int no = 0;                // its number as the scorer sees it (sheet, list, edit)
  std::vector<int> numbers;  // the number of every hand, by position, after the change
  std::string words;         // the hand in the game's own terms ("Ben's garde made by 9")
  std::string result_words;  // when the game is over: its outcome as a sentence
  ojson entry;               // its marque-score/1 hand entry
  ojson score;               // the score document after the change (a hand added to a game resumed from its
                             // stored state: its "hands" hold that hand only; totals, result ... are whole)
  std::vector<Diagnostic> warnings;
  std::string next_dealer;
  std::string sitting_out;   // who sits the next hand out (Game::sitting_out: the next dealer, or "")
  bool stored = false;       // false for --dry-run
  Sides sides;               // each side's total after the change and its delta in this hand
  std::optional<bool> made;  // whether the hand's contract was made (GameRules::hand_facts), when it says
};

// The hand is stored with the session's writer (Session::writer) as its source.
HandOutcome add_hand(Session& session, int64_t game_id, const json& record, bool dry_run);
// The same, with the record made from the game's state before it (e.g. from key=value words), inside the
// write transaction: the game is read and replayed once.
using RecordMaker = std::function<json(const rules::Game& before)>;
HandOutcome add_hand(Session& session, int64_t game_id, const RecordMaker& make_record, bool dry_run);
// Replace hand number `no` by `record` (already merged by the caller); later totals are recomputed.
HandOutcome edit_hand(Session& session, int64_t game_id, int no, const json& record, bool dry_run);
// Edit hand number `no` with typed words, merged inside the write transaction against the game before that hand.
HandOutcome edit_hand_words(Session& session, int64_t game_id, int no, const rules::Words& words, bool replace,
                            bool dry_run);
// Delete hand number `no` (kept in the history; later hands keep their numbers). Returns the score document after
// the change.
HandOutcome delete_hand(Session& session, int64_t game_id, int no, bool dry_run);
// Undo / redo the last change of a game (a hand added, edited or deleted; the game's start, close, abandon or
// delete); returns a one-line description of what was reverted.
std::string undo(Session& session, int64_t game_id);
std::string redo(Session& session, int64_t game_id);

}  // namespace marque::app
