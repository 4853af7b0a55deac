// Hands: add, edit, delete (each one transaction, logged), undo and redo.
#include "app/internal.hpp"

#include <algorithm>

namespace marque::app {

HandOutcome add_hand(Store& store, int64_t game_id, const json& record, bool dry_run) {
  return add_hand(store, game_id, [&](const rules::Game&) { return record; }, dry_run);
}

HandOutcome add_hand(Store& store, int64_t game_id, const RecordMaker& make_record, bool dry_run) {
  Store::Transaction tx(store);
  auto g = load_game(store, game_id);
  auto hands = store.hands(game_id, false);
  rules::Replay r = replay_or_reject(file_from(g, hands));
  const json record = make_record(*r.state);
  rules::extend(r, record);
  if (!r.ok) throw Rejected(r.diags);
  int seq = static_cast<int>(hands.size()) + 1;
  HandOutcome o = outcome_from(r, game_id, seq, !dry_run);
  if (dry_run) return o;
  store.insert_hand(game_id, seq, record.dump(), o.entry.dump(), deltas_of(o.entry, r.state->players(), per_of(r.score["game"].get<std::string>())), "cli");
  store.log_change(game_id, "add", seq, nullptr, record);
  store_summary(store, game_id, r);
  tx.commit();
  return o;
}

HandOutcome edit_hand(Store& store, int64_t game_id, int seq, const json& record, bool dry_run) {
  Store::Transaction tx(store);
  auto g = load_game(store, game_id);
  auto hands = store.hands(game_id, false);
  if (seq < 1 || static_cast<size_t>(seq) > hands.size())
    throw Error(k_exit_noinput, "game " + std::to_string(game_id) + " has no hand " + std::to_string(seq) +
                                    " (it has " + std::to_string(hands.size()) + ")");
  json before = hands[static_cast<size_t>(seq - 1)].record;
  hands[static_cast<size_t>(seq - 1)].record = record;
  rules::Replay r = replay_or_reject(file_from(g, hands));
  HandOutcome o = outcome_from(r, game_id, seq, !dry_run);
  if (dry_run) return o;
  store.update_record(game_id, seq, record);
  restore_scores(store, game_id, r, seq);
  store.log_change(game_id, "edit", seq, before, record);
  tx.commit();
  return o;
}

HandOutcome delete_hand(Store& store, int64_t game_id, int seq, bool dry_run) {
  Store::Transaction tx(store);
  auto g = load_game(store, game_id);
  auto hands = store.hands(game_id, false);
  if (seq < 1 || static_cast<size_t>(seq) > hands.size())
    throw Error(k_exit_noinput, "game " + std::to_string(game_id) + " has no hand " + std::to_string(seq) +
                                    " (it has " + std::to_string(hands.size()) + ")");
  json before = hands[static_cast<size_t>(seq - 1)].record;
  hands.erase(hands.begin() + (seq - 1));
  rules::Replay r = replay_or_reject(file_from(g, hands));
  HandOutcome o = outcome_from(r, game_id, seq, !dry_run);
  if (dry_run) return o;
  store.delete_hand(game_id, seq);
  restore_scores(store, game_id, r, seq);
  store.log_change(game_id, "delete", seq, before, nullptr);
  tx.commit();
  return o;
}

namespace {

// Apply (forward = true) or revert a logged change to the stored hands; returns the lowest seq touched.
int apply_change(Store& store, int64_t game_id, const storage::ChangeRow& c, bool forward) {
  int seq = c.seq.value_or(1);
  const json& target = forward ? c.after : c.before;
  if (c.action == "add") {
    if (forward) {
      store.insert_hand(game_id, seq, c.after.dump(), "{}", {}, "cli");
    } else {
      store.delete_hand(game_id, seq);
    }
  } else if (c.action == "edit") {
    store.update_record(game_id, seq, target);
  } else if (c.action == "delete") {
    if (forward) {
      store.delete_hand(game_id, seq);
    } else {
      store.shift_up(game_id, seq);
      store.insert_hand(game_id, seq, c.before.dump(), "{}", {}, "cli");
    }
  }
  return seq;
}

std::string describe(const storage::ChangeRow& c) {
  std::string s = c.action;
  if (c.action == "add") s = "the added hand";
  if (c.action == "edit") s = "the edit of hand";
  if (c.action == "delete") s = "the deletion of hand";
  if (c.seq) s += " " + std::to_string(*c.seq);
  return s;
}

bool undoable(const std::string& action) { return action == "add" || action == "edit" || action == "delete"; }


// Revert (forward = false) or re-apply a logged change, re-derive the scores, and log the undo/redo.
std::string walk_history(Store& store, int64_t game_id, bool forward) {
  Store::Transaction tx(store);
  load_game(store, game_id);
  auto changes = store.changes(game_id);
  auto by_id = [&](int64_t id) -> storage::ChangeRow* {
    for (auto& c : changes)
      if (c.id == id) return &c;
    return nullptr;
  };
  const storage::ChangeRow* target = nullptr;
  for (auto it = changes.rbegin(); it != changes.rend() && !target; ++it) {
    if (!forward) {  // undo: the newest change in force (a redo stands for the change it re-applied)
      if (undoable(it->action) && !it->undone) target = &*it;
      if (it->action == "redo" && it->ref) {
        auto* x = by_id(*it->ref);
        if (x && !x->undone) target = x;
      }
    } else {  // redo: the newest undone change, unless a fresh change came after the undo
      if (undoable(it->action) && !it->undone) break;
      if (it->action == "undo" && it->ref) {
        auto* x = by_id(*it->ref);
        if (x && x->undone) target = x;
      }
    }
  }
  std::string verb = forward ? "redo" : "undo";
  if (!target) throw Error(k_exit_rejected, "nothing to " + verb + " in game " + std::to_string(game_id));
  int seq = apply_change(store, game_id, *target, forward);
  rules::Replay r = replay_or_reject(game_file(store, game_id));
  // seq numbers of later hands may have moved: re-derive every score from the first touched hand
  restore_scores(store, game_id, r, std::max(1, seq));
  store.mark_undone(target->id, !forward);
  if (forward)
    store.log_change(game_id, "redo", target->seq, target->before, target->after, target->id);
  else
    store.log_change(game_id, "undo", target->seq, target->after, target->before, target->id);
  tx.commit();
  return (forward ? "redid " : "undid ") + describe(*target);
}

}  // namespace

std::string undo(Store& store, int64_t game_id) { return walk_history(store, game_id, false); }
std::string redo(Store& store, int64_t game_id) { return walk_history(store, game_id, true); }

}  // namespace marque::app
