// The served pages' use cases (`marque serve`, src/web/): guided entry one step at a time, a hand stored or
// replaced from its answers, a night's scoreboard and a cheap change stamp. Plain data; nothing here knows HTTP.
#include <sys/stat.h>

#include <algorithm>

#include "app/internal.hpp"
#include "core/date.hpp"

namespace marque::app {

namespace {

const rules::GameRules& rules_of(const std::string& kind, int64_t game_id) {
  const rules::GameRules* r = rules::find_game(kind);
  if (!r)
    throw Error(k_exit_dataerr, text::tr("app.unknown_kind", "game {id} is of a kind this marque does not know",
                                         text::Message().text("id", std::to_string(game_id))));
  return *r;
}

// A served page writes as "web"; like every write it leaves the command line's table in focus where it is.
Writer web_writer() { return Writer{"web"}; }

// The game before the hand asked: the whole game for a new hand, the hands before it for hand `edit_no`.
struct Before {
  storage::GameRow game;
  json file;
  rules::Replay prior;
  int no = 0;
};

Before before_hand(Store& store, int64_t game_id, std::optional<int> edit_no) {
  Store::ReadTransaction tx(store);
  Before b;
  b.game = live_game(store, game_id);
  auto hands = store.hands(game_id, false);
  if (edit_no) {
    const int seq = position_of(hands, game_id, *edit_no);
    hands.resize(static_cast<size_t>(seq - 1));
    b.no = *edit_no;
  } else {
    b.no = next_number(hands);
  }
  b.file = file_from(b.game, hands);
  b.prior = rules::replay(b.file);
  if (!b.prior.ok) {
    no_longer_replays(game_id, b.prior.diags);
  }
  return b;
}

}  // namespace

int64_t data_version(Session& session) { return store_of(session).data_version(); }

std::string change_stamp(Session& session) {
  Store& store = store_of(session);
  // stat() only: opening and closing a file of a database this process has open would drop SQLite's locks on it
  std::string out;
  for (const std::string& f : {store.path(), store.path() + "-wal"}) {
    struct stat st {};
    if (::stat(f.c_str(), &st) != 0) {
      out += "-;";
      continue;
    }
    out += std::to_string(st.st_ino) + ":" + std::to_string(st.st_size) + ":" + std::to_string(st.st_mtim.tv_sec) +
           "." + std::to_string(st.st_mtim.tv_nsec) + ";";
  }
  return out;
}

EntryStep entry_step(Session& session, int64_t game_id, std::optional<int> edit_no, const rules::Answers& answers,
                     const std::optional<std::string>& typed, AnswerOrder order, const EntryPresets& more) {
  Store& store = store_of(session);
  Before b = before_hand(store, game_id, edit_no);
  const rules::GameRules& gr = rules_of(b.game.game, game_id);
  const rules::Game& state = *b.prior.state;
  EntryStep s;
  s.game_id = game_id;
  s.game = b.game.game;
  s.title = game_title(b.game.game);
  s.no = b.no;
  s.edit = edit_no.has_value();
  s.players = state.players();
  s.dealer = state.next_dealer();
  s.sitting_out = state.sitting_out();
  s.has_redeal = !gr.redeal_answers(state).empty();
  // the answers sent back by a form: each must answer the question asked at its point; the terminal's: all of them
  // the terminal's answers as typed on its command line or at the preview: the players' own words read as ids
  Diagnostics native_errors;  // a native word that names several ids stays as typed: the engine refuses it
  if (order == AnswerOrder::given) s.answers = rules::native_to_ids(gr, answers, native_errors);
  for (size_t i = 0; order == AnswerOrder::asked && i < answers.size(); ++i) {
    auto q = rules::ask_next(gr, state, s.answers);
    if (!q || q->key != answers[i].first) break;
    s.answers.push_back(answers[i]);
  }
  // one answer to the next question, read and checked as typed; false: refused (the question asked with its error)
  auto answer = [&](rules::Question q, const std::string& text) {
    rules::Reading r = rules::read_entry_answer(gr, state, s.answers, q, text);
    if (!r.error.empty()) {
      s.error = r.error;
      s.question = std::move(q);
      return false;
    }
    s.answers.emplace_back(q.key, r.value);
    rules::Trial t = rules::try_answers(gr, b.file, s.answers);
    auto errors = rules::errors_for(q, t.errors);
    if (!errors.empty()) {
      s.answers.pop_back();
      s.errors = std::move(errors);
      s.question = std::move(q);
      return false;
    }
    return true;
  };
  if (typed) {
    auto q = rules::ask_next(gr, state, s.answers);
    if (q && !answer(std::move(*q), *typed)) return s;
  }
  // then the kept answers where the game asks them, and with `fill` every question a preset (or nothing) answers
  rules::Answers then = more.then;
  if (more.redeal) {
    const rules::Answers r = gr.redeal_answers(state);
    if (r.empty()) throw Error(k_exit_usage, std::string(gr.title()) + " has no redeal to store");
    then.insert(then.begin(), r.begin(), r.end());
  }
  while (!then.empty() || more.fill) {
    auto q = rules::ask_next(gr, state, s.answers);
    if (!q || rules::asked(s.answers, q->key)) break;
    const std::string* kept = rules::answer_of(then, q->key);
    if (!kept && !(more.fill && (!q->preset.empty() || q->optional))) break;
    const std::string text = kept ? *kept : std::string();
    const std::string key = q->key;
    if (!answer(std::move(*q), text)) return s;
    if (text.empty()) s.filled.push_back(key);
  }
  s.question = rules::ask_next(gr, state, s.answers);
  if (s.question) return s;
  rules::Trial t = rules::try_answers(gr, b.file, s.answers);
  if (!t.entry) {
    s.errors = std::move(t.errors);
    return s;
  }
  s.complete = true;
  s.entry = *t.entry;
  s.words = gr.hand_words(t.record, json::parse(s.entry.dump()), s.players);
  s.warnings = std::move(t.warnings);
  for (const auto& [k, v] : gr.entry_words(state, s.answers)) s.hand.push_back(k + "=" + v);
  return s;
}

HandOutcome add_hand_answers(Session& session, int64_t game_id, const rules::Answers& answers) {
  WriterScope scope(session, web_writer());
  const rules::GameRules& gr = rules_of(game_kind(session, game_id), game_id);
  return add_hand(
      session, game_id,
      [&](const rules::Game& before) { return record_from_words(gr, before, gr.entry_words(before, answers)); }, false);
}

HandOutcome web_add_hand_words(Session& session, int64_t game_id, const rules::Words& words) {
  WriterScope scope(session, web_writer());
  const rules::GameRules& gr = rules_of(game_kind(session, game_id), game_id);
  return add_hand(
      session, game_id, [&](const rules::Game& before) { return record_from_words(gr, before, words); }, false);
}

HandOutcome edit_hand_answers(Session& session, int64_t game_id, int no, const rules::Answers& answers) {
  Store& store = store_of(session);
  WriterScope scope(session, web_writer());
  Before b = before_hand(store, game_id, no);
  const rules::GameRules& gr = rules_of(b.game.game, game_id);
  // the record is made against the game before that hand; edit_hand checks it and every later hand again
  json record = record_from_words(gr, *b.prior.state, gr.entry_words(*b.prior.state, answers));
  return edit_hand(session, game_id, no, record, false);
}

HandOutcome web_edit_hand_words(Session& session, int64_t game_id, int no, const rules::Words& words) {
  WriterScope scope(session, web_writer());
  return edit_hand_words(session, game_id, no, words, false, false);
}

HandOutcome web_delete_hand(Session& session, int64_t game_id, int no) {
  WriterScope scope(session, web_writer());
  return delete_hand(session, game_id, no, false);
}

std::string web_undo(Session& session, int64_t game_id) {
  WriterScope scope(session, web_writer());
  return undo(session, game_id);
}

int64_t web_start_game(Session& session, const std::string& game, const std::vector<std::string>& players,
                       const std::string& dealer, std::optional<int64_t> night_id) {
  WriterScope scope(session, web_writer());
  const rules::GameRules* gr = rules::find_game(game);
  if (!gr) {
    Diagnostics d;
    d.error("game", "cli.game",
            text::Message("rules.err.unknown_game").text("id", clip(game, 40)).text("games", rules::game_list()),
            rules::default_catalogue());
    throw Rejected(d);
  }
  json setup = setup_from_words(*gr, table_words(players, dealer));
  json meta = json::object();
  if (!night_id) meta["date"] = today();  // a night gives its own date
  return start_game(session, game, setup, meta, night_id);
}

namespace {

BoardTable table_of(const GameInfo& g) {
  BoardTable t;
  t.game = g;
  const rules::GameRules* gr = rules::find_game(g.game);
  t.title = game_title(g.game);
  const json& s = g.summary;
  t.hands = g.hands;
  t.finished = g.status == "finished" || g.ended == "closed" || g.ended == "abandoned";
  if (!t.finished && s.contains("next_dealer") && s["next_dealer"].is_string())
    t.next_dealer = s["next_dealer"].get<std::string>();
  // the table's sides and whether the dealer sits out depend on the table, not on the hands: the game at its start
  // says them (no replay); the totals are the stored summary's
  Diagnostics d;
  auto start = gr ? gr->start(g.setup, d) : nullptr;
  if (!t.next_dealer.empty() && start) t.dealer_sits_out = !start->sitting_out().empty();
  if (start) t.lines = board_lines(sides_of(*gr, *start, s), t.hands);
  if (t.finished && gr) t.result_words = gr->result_words(s);
  return t;
}

}  // namespace

Board board(Session& session, std::optional<int64_t> night_id) {
  Store& store = store_of(session);
  Store::ReadTransaction tx(store);
  Board b;
  if (night_id) {
    b.night = night(session, *night_id);
    if (!b.night) no_night(*night_id);
  } else {
    auto all = nights(session);
    for (auto it = all.rbegin(); it != all.rend(); ++it)
      if (!it->games.empty()) {
        b.night = *it;
        break;
      }
  }
  for (const auto& g : games(session)) {
    bool in_night = b.night && g.night_id && *g.night_id == b.night->id;
    if (in_night) {
      b.tables.push_back(table_of(g));
    } else if (!night_id && g.status == "open" && g.ended.empty()) {
      b.others.push_back(table_of(g));
    }
  }
  return b;
}

std::string board_name(const Sides& sides, const SideLine& side) {
  if (!sides.teams) return side.name;
  std::string members;
  for (const auto& p : side.players) members += (members.empty() ? "" : " & ") + p;
  return side.name + (members.empty() ? "" : " · " + members);
}

std::vector<BoardLine> board_lines(const Sides& sides, int64_t hands) {
  std::vector<BoardLine> lines;
  for (const auto& side : sides.lines) lines.push_back({board_name(sides, side), side.total, false});
  if (hands > 0 && !lines.empty()) {
    Amount best = lines[0].total;
    for (const auto& l : lines) best = std::max(best, l.total);
    for (auto& l : lines) l.leads = l.total == best;
  }
  return lines;
}

}  // namespace marque::app
