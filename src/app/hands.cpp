// Hands: add, edit, delete (each one transaction, logged), undo and redo of those and of a game's own changes
// (start, close, abandon, delete, reopen). A hand keeps the number it was given when it was added: deleting
// a hand does not renumber the later ones (hands.no; hands.seq is the position the replay counts).
#include "app/internal.hpp"

#include <algorithm>
#include <functional>
#include "core/language.hpp"

namespace marque::app {

HandOutcome add_hand(Session& session, int64_t game_id, const json& record, bool dry_run) {
  return add_hand(
      session, game_id, [&](const rules::Game&) { return record; }, dry_run);
}

namespace {
// A game as it stands before a hand is added to its end: the replay, the numbers of its hands by position and the
// next hand's number.
struct GameEnd {
  rules::Replay r;
  std::vector<int> numbers;
  int next_no = 1;
};

// Resumed from the game's stored running state when it has one that fits its hands (issue 35: one hand's scoring,
// not the replay of the game; `check` compares the state with a full replay), else replayed from every record (a
// refusal when they no longer replay).
GameEnd game_end(Store& store, const storage::GameRow& g) {
  if (!g.state.empty()) {
    const json state = json::parse(g.state, nullptr, false);
    rules::Replay r = rules::resume(file_from(g, {}), state, static_cast<size_t>(g.hands));
    if (r.ok) {
      // every diagnostic from here concerns the hand added, so only the last hand's number is ever read
      std::vector<int> numbers(static_cast<size_t>(g.hands), 0);
      const int last = g.last_no;  // read with the game (Store::game_to_replay)
      if (!numbers.empty()) numbers.back() = last;
      return {std::move(r), std::move(numbers), last + 1};
    }
  }
  const auto hands = store.hands(g.id, false);
  std::vector<int> numbers = numbers_of(hands);
  rules::Replay r = replay_or_reject(file_from(g, hands), numbers);
  return {std::move(r), std::move(numbers), next_number(hands)};
}
}  // namespace

HandOutcome add_hand(Session& session, int64_t game_id, const RecordMaker& make_record, bool dry_run) {
  Store& store = store_of(session);
  Store::Transaction tx(store);
  auto g = live_game_to_extend(store, game_id);  // no players, seats nor parsed summary: a refusal reads them
  auto [r, numbers, no] = game_end(store, g);
  const rules::GameRules* rules = rules::find_game(g.game);
  const json record = rules ? spelled_as(*rules, make_record(*r.state), true, r.state->players())
                            : make_record(*r.state);
  rules::extend(r, record);
  // a refused hand reports its errors, and the warnings of this hand only (not those of earlier hands)
  if (!r.ok) {
    Diagnostics d = only_hand_warnings(numbered(r.diags, numbers), no);
    throw Rejected(rules ? with_suggestions(d, *rules, load_game(store, game_id).players, {}, record) : d);
  }
  const int seq = static_cast<int>(numbers.size()) + 1;
  numbers.push_back(no);
  HandOutcome o = outcome_from(r, game_id, seq, no, !dry_run, numbers);
  o.game = g.game;
  describe(o, record);
  if (dry_run) return o;
  // both texts just written by the serializer: the CHECK constraints' json_valid() knows them by their bytes
  store.insert_hand(game_id, seq, no, record.dump(), o.entry.dump(),
                    deltas_of(o.entry, r.state->players(), per_of(g.game)), session.writer().source, true);
  store.log_change(game_id, "add", seq, nullptr, record, std::nullopt, no);
  store_summary(store, game_id, r);
  tx.commit();
  return o;
}

namespace {
// A change to hand number `no` after which a later hand no longer replays (`full`: the replay that failed): the
// refusal said of the hand changed, without the notes of the other hands.
Diagnostics later_hand_refusal(const rules::Replay& full, const std::vector<int>& numbers, int no) {
  const std::vector<Diagnostic> errors = numbered(full.diags, numbers).errors();
  Diagnostics d;
  d.set_hand(no);
  if (errors.empty()) {
    d.error("", "edit.later_hand", text::Message("app.err.no_longer_replays"), catalogue());
  } else {
    const Diagnostic& later = errors.front();
    const text::Message words = text::Message("app.err.later_hand").text("hand", std::to_string(later.hand));
    d.error("", "edit.later_hand", text::Message(words).text("message", later.said_at_field()),
            text::Message(words).text("message", (later.field.empty() ? "" : later.field + ": ") + later.message),
            catalogue());
  }
  return d;
}

// Why an edit is refused, in terms of the hand edited (hand number `no`, position `seq`; `hands` hold the
// edited record): its own errors and warnings, never the notes of other hands; or, when the record is sound
// but a later hand no longer replays after it, that hand and why (the game over after the edited hand: the
// hands after it could not have been played).
Diagnostics edit_refusal(const storage::GameRow& g, const std::vector<storage::HandRow>& hands, int seq, int no,
                         const std::vector<int>& numbers, const rules::Replay& full) {
  rules::Replay upto = rules::replay(file_from(g, std::vector<storage::HandRow>(hands.begin(), hands.begin() + seq)));
  if (!upto.ok) return only_hand_warnings(numbered(upto.diags, numbers), no);
  if (!upto.state->finished() || static_cast<size_t>(seq) >= numbers.size())
    return later_hand_refusal(full, numbers, no);
  const int first = numbers[static_cast<size_t>(seq)], last = numbers.back();
  const bool one = first == last;
  const rules::GameRules* rules = rules::find_game(g.game);
  const std::string result = rules ? rules->result_words(json(upto.score)) : std::string();
  std::string english_result = result;
  if (rules && !text::language().empty() && text::language() != "en") {
    const text::UseLanguage english("en");
    english_result = rules->result_words(json(upto.score));
  }
  const text::Message words = text::Message("app.err.ends_game")
                                  .text("no", std::to_string(no))
                                  .text("has_result", result.empty() ? "no" : "yes")
                                  .text("one", one ? "yes" : "no")
                                  .text("first", std::to_string(first))
                                  .text("last", std::to_string(last));
  Diagnostics d;
  d.set_hand(no);
  d.error("", "edit.ends_game", text::Message(words).text("result", result),
          text::Message(words).text("result", english_result), catalogue());
  return d;
}

// The edit inside the caller's transaction.
HandOutcome edit_locked(Store& store, int64_t game_id, int no,
                        const std::function<json(const rules::Game&, const json&)>& make, bool dry_run) {
  auto g = live_game(store, game_id);
  auto hands = store.hands(game_id, false);
  const int seq = position_of(hands, game_id, no);
  const std::vector<int> numbers = numbers_of(hands);
  json before = hands[static_cast<size_t>(seq - 1)].record;
  // the game as it stood before this hand, for the words' defaults (the expected dealer ...)
  json prefix = file_from(g, std::vector<storage::HandRow>(hands.begin(), hands.begin() + (seq - 1)));
  rules::Replay prior = replay_or_reject(prefix, numbers);
  const rules::GameRules* rules = rules::find_game(g.game);
  const json record = rules ? spelled_as(*rules, make(*prior.state, before), true, prior.state->players())
                            : make(*prior.state, before);
  hands[static_cast<size_t>(seq - 1)].record = record;
  rules::Replay r = rules::replay(file_from(g, hands));
  if (!r.ok) throw Rejected(edit_refusal(g, hands, seq, no, numbers, r));
  HandOutcome o = outcome_from(r, game_id, seq, no, !dry_run, numbers);
  o.game = g.game;
  describe(o, record);
  if (dry_run) return o;
  store.update_record(game_id, seq, record);
  restore_scores(store, game_id, r, seq);
  store.log_change(game_id, "edit", seq, before, record, std::nullopt, no);
  return o;
}
}  // namespace

HandOutcome edit_hand(Session& session, int64_t game_id, int no, const json& record, bool dry_run) {
  Store& store = store_of(session);
  Store::Transaction tx(store);
  HandOutcome o = edit_locked(
      store, game_id, no, [&](const rules::Game&, const json&) { return record; }, dry_run);
  if (!dry_run) tx.commit();
  return o;
}

HandOutcome edit_hand_words(Session& session, int64_t game_id, int no, const rules::Words& words, bool replace,
                            bool dry_run) {
  Store& store = store_of(session);
  Store::Transaction tx(store);
  const rules::GameRules* rules = rules::find_game(load_game(store, game_id).game);
  if (!rules)
    throw Error(k_exit_dataerr, text::tr("app.unknown_kind", "game {id} is of a kind this marque does not know",
                                         text::Message().text("id", std::to_string(game_id))));
  HandOutcome o = edit_locked(
      store, game_id, no,
      [&](const rules::Game& before, const json& old) { return edited_record(*rules, before, old, words, replace); },
      dry_run);
  if (!dry_run) tx.commit();
  return o;
}

HandOutcome delete_hand(Session& session, int64_t game_id, int no, bool dry_run) {
  Store& store = store_of(session);
  Store::Transaction tx(store);
  auto g = live_game(store, game_id);
  auto hands = store.hands(game_id, false);
  const int seq = position_of(hands, game_id, no);
  json before = hands[static_cast<size_t>(seq - 1)].record;
  hands.erase(hands.begin() + (seq - 1));
  const std::vector<int> numbers = numbers_of(hands);
  rules::Replay r = rules::replay(file_from(g, hands));
  if (!r.ok) throw Rejected(later_hand_refusal(r, numbers, no));
  HandOutcome o = outcome_from(r, game_id, seq, no, !dry_run, numbers);
  o.game = g.game;
  o.entry = nullptr;  // the hand is gone: nothing to describe but the game
  describe(o, nullptr);
  if (dry_run) return o;
  store.delete_hand(game_id, seq);
  restore_scores(store, game_id, r, seq);
  store.log_change(game_id, "delete", seq, before, nullptr, std::nullopt, no);
  tx.commit();
  return o;
}

namespace {

bool is_hand_change(const std::string& action) { return action == "add" || action == "edit" || action == "delete"; }
bool is_game_change(const std::string& action) {
  return action == "start" || action == "close" || action == "abandon" || action == "delete_game" || action == "reopen";
}
bool undoable(const std::string& action) { return is_hand_change(action) || is_game_change(action); }

// The `ended` state a game change leaves (forward) or found (backward); a start undone leaves the game deleted.
std::string ended_of(const storage::ChangeRow& c, bool forward) {
  if (c.action == "start") return forward ? "" : "deleted";
  const json& side = forward ? c.after : c.before;
  return side.is_object() && side.contains("ended") && side["ended"].is_string() ? side["ended"].get<std::string>()
                                                                                 : "";
}

// Apply (forward = true) or revert a logged hand change to the stored hands; returns the lowest seq touched.
int apply_hand_change(Store& store, int64_t game_id, const storage::ChangeRow& c, bool forward,
                      const std::string& source) {
  int seq = c.seq.value_or(1);
  int no = c.no.value_or(seq);
  const json& target = forward ? c.after : c.before;
  if (c.action == "add") {
    if (forward) {
      store.insert_hand(game_id, seq, no, c.after.dump(), "{}", {}, source);
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
      store.insert_hand(game_id, seq, no, c.before.dump(), "{}", {}, source);
    }
  }
  return seq;
}

std::string describe(const storage::ChangeRow& c) {
  using text::tr;
  const std::string n = c.no ? std::to_string(*c.no) : c.seq ? std::to_string(*c.seq) : "";
  const text::Message hand = text::Message().text("no", n),
                      game = text::Message().text("id", std::to_string(c.game_id));
  if (c.action == "add") return tr("app.change.add", "the added hand {no}", hand);
  if (c.action == "edit") return tr("app.change.edit", "the edit of hand {no}", hand);
  if (c.action == "delete") return tr("app.change.delete", "the deletion of hand {no}", hand);
  if (c.action == "start") return tr("app.change.start", "the start of game {id}", game);
  if (c.action == "close") return tr("app.change.close", "the closing of game {id}", game);
  if (c.action == "abandon") return tr("app.change.abandon", "the abandoning of game {id}", game);
  if (c.action == "delete_game") return tr("app.change.delete_game", "the deletion of game {id}", game);
  if (c.action == "reopen") return tr("app.change.reopen", "the reopening of game {id}", game);
  return c.action;
}

// The change an undo (forward = false) or redo reverts or re-applies; nullptr when there is none.
const storage::ChangeRow* target_of(std::vector<storage::ChangeRow>& changes, bool forward) {
  auto by_id = [&](int64_t id) -> storage::ChangeRow* {
    for (auto& c : changes)
      if (c.id == id) return &c;
    return nullptr;
  };
  for (auto it = changes.rbegin(); it != changes.rend(); ++it) {
    if (!forward) {  // undo: the newest change in force (a redo stands for the change it re-applied)
      if (undoable(it->action) && !it->undone) return &*it;
      if (it->action == "redo" && it->ref) {
        auto* x = by_id(*it->ref);
        if (x && !x->undone) return x;
      }
    } else {  // redo: the newest undone change, unless a fresh change came after the undo
      if (undoable(it->action) && !it->undone) return nullptr;
      if (it->action == "undo" && it->ref) {
        auto* x = by_id(*it->ref);
        if (x && x->undone) return x;
      }
    }
  }
  return nullptr;
}

// Revert (forward = false) or re-apply a logged change, re-derive the scores, and log the undo/redo.
std::string walk_history(Session& session, int64_t game_id, bool forward) {
  Store& store = store_of(session);
  Store::Transaction tx(store);
  const storage::GameRow g = load_game(store, game_id);
  auto changes = store.changes(game_id);
  const storage::ChangeRow* target = target_of(changes, forward);
  std::string verb = forward ? "redo" : "undo";
  if (!target)
    throw Error(k_exit_rejected,
                text::tr("app.nothing_to_undo", "nothing to {verb, select, redo {redo} other {undo}} in game {id}",
                         text::Message().text("verb", verb).text("id", std::to_string(game_id))));
  if (is_game_change(target->action)) {
    store.set_ended(game_id, ended_of(*target, forward));
  } else {
    if (!g.ended.empty())
      throw Error(
          k_exit_rejected,
          text::tr("app.undo_ended",
                   "game {id} was {how, select, deleted {deleted} closed {closed} abandoned {abandoned} other {{how}}}",
                   text::Message().text("id", std::to_string(game_id)).text("how", g.ended)),
          text::tr("app.undo_ended.hint", "marque game reopen {id} first",
                   text::Message().text("id", std::to_string(game_id))));
    // the record the change puts back, as the change log holds it (check reports a damaged one)
    const json& record = forward ? target->after : target->before;
    if (!record.is_object() && (target->action == "edit" || (target->action == "add") == forward))
      throw Error(
          k_exit_dataerr,
          text::tr(
              "app.change_damaged",
              "game {id}: cannot {verb, select, redo {redo} other {undo}} {change}: its record in the "
              "change log is damaged",
              text::Message().text("id", std::to_string(game_id)).text("verb", verb).text("change", describe(*target))),
          text::tr("app.change_damaged.hint",
                   "marque check lists every damaged row; restore a backup (marque restore FILE --yes)"));
    int seq = apply_hand_change(store, game_id, *target, forward, session.writer().source);
    auto hands = store.hands(game_id, false);
    rules::Replay r = replay_or_reject(file_from(g, hands), numbers_of(hands));
    // positions of later hands may have moved: re-derive every score from the first touched hand
    restore_scores(store, game_id, r, std::max(1, seq));
  }
  store.mark_undone(target->id, !forward);
  if (forward)
    store.log_change(game_id, "redo", target->seq, target->before, target->after, target->id, target->no);
  else
    store.log_change(game_id, "undo", target->seq, target->after, target->before, target->id, target->no);
  tx.commit();
  const text::Message change = text::Message().text("change", describe(*target));
  return forward ? text::tr("app.redid", "redid {change}", change) : text::tr("app.undid", "undid {change}", change);
}

}  // namespace

std::string undo(Session& session, int64_t game_id) { return walk_history(session, game_id, false); }
std::string redo(Session& session, int64_t game_id) { return walk_history(session, game_id, true); }

}  // namespace marque::app
