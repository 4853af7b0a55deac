// `check`: every stored record replayed and compared with what is stored beside it, on both cores, in one
// read transaction, while PRAGMA integrity_check runs on a second connection.
#include "app/internal.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <limits>
#include <mutex>
#include <set>
#include <string_view>
#include <thread>

namespace marque::app {

// `j` serialised (compact, as dump() writes it) is exactly `text`, compared while walking the value with no string
// built (compact_walk, app/internal.hpp). The stored score texts are marque's own dumps; nlohmann's serializer
// escaping every character was a fifth of check's instructions.
bool dumps_as(const ojson& j, std::string_view text) {
  size_t at = 0;
  auto same = [&](std::string_view s) {
    if (s.size() == 1) {
      if (at >= text.size() || text[at] != s[0]) return false;
      ++at;
      return true;
    }
    if (text.size() - at < s.size() || (!s.empty() && std::memcmp(text.data() + at, s.data(), s.size()) != 0))
      return false;
    at += s.size();
    return true;
  };
  return compact_walk(j, same) && at == text.size();
}

namespace {

bool same_json(const ojson& a, const json& b) {
  if (a.is_number() && b.is_number()) return a.get<double>() == b.get<double>();  // exact: dump/parse round-trips
  if (a.is_object() && b.is_object()) {
    if (a.size() != b.size()) return false;
    for (auto it = a.begin(); it != a.end(); ++it) {
      auto jt = b.find(it.key());
      if (jt == b.end() || !same_json(it.value(), *jt)) return false;
    }
    return true;
  }
  if (a.is_array() && b.is_array()) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
      if (!same_json(a[i], b[i])) return false;
    return true;
  }
  return json::parse(a.dump()) == b;
}
}  // namespace

namespace {

// The game's change log, which undo and redo read: every text valid JSON, a hand's change with its hand's number
// and the records it puts back, an undo or redo naming an earlier change of the game.
void check_changes(const storage::RawGame& g, std::vector<std::string>& problems) {
  std::set<int64_t> seen;
  for (const auto& c : g.changes) {
    const std::string change = "game " + std::to_string(g.id) + " change " + std::to_string(c.id) + " (" + c.action +
                               ")";
    auto side = [&](const std::optional<std::string>& text, const char* what, bool record) {
      if (!text) {
        if (record) problems.push_back(change + ": the stored " + what + " record is missing");
        return;
      }
      json j = json::parse(*text, nullptr, false);
      if (j.is_discarded())
        problems.push_back(change + ": the stored " + what + " is damaged (not valid JSON)");
      else if (record && !j.is_object())
        problems.push_back(change + ": the stored " + what + " is damaged (not a hand's record)");
    };
    const bool add = c.action == "add", edit = c.action == "edit", del = c.action == "delete";
    side(c.before, "before", del || edit);
    side(c.after, "after", add || edit);
    if ((add || edit || del) && (!c.seq || *c.seq < 1))
      problems.push_back(change + ": the hand it changed has no number");
    if ((c.action == "undo" || c.action == "redo") && (!c.ref || !seen.count(*c.ref)))
      problems.push_back(change + ": it names no earlier change of the game");
    seen.insert(c.id);
  }
}

// Everything wrong with one game, from its stored text alone (no database access). The hands come a slice at a
// time (hands(), in order) and are replayed one at a time (rules::next): each fresh score is compared with the
// stored one and dropped, so a game of any length is checked in bounded memory: a game of up to a slice is
// checked whole on a worker thread, a longer one by the reading thread as its slices are read.
class GameCheck {
public:
  // `g`: the game's stored text; its hands and postings are not read here
  explicit GameCheck(const storage::RawGame& g) : m_g(g), m_name("game " + std::to_string(g.id)) {
    check_changes(g, m_problems);
    auto parse = [&](const std::string& text, const std::string& where) {
      json j = json::parse(text, nullptr, false);
      if (j.is_discarded()) m_problems.push_back(m_name + where + " is damaged (not valid JSON)");
      return j;
    };
    json f = json::object();
    f["format"] = "marque-game/1";
    f["game"] = g.game;
    f["setup"] = parse(g.setup, ": the stored set-up");
    f["meta"] = parse(g.meta, ": the stored meta");
    if (!m_problems.empty()) {  // nothing to replay
      m_failed_at = 0;
      return;
    }
    m_replay = rules::replay(f);
    if (!m_replay.ok) {
      no_replay(0);
      return;
    }
    m_players = m_replay.state->players();
    // the records name each player exactly as the players table does (identity: statistics, renames)
    for (size_t i = 0; i < m_players.size() && i < g.players.size(); ++i)
      if (m_players[i] != g.players[i])
        m_problems.push_back(m_name + ": its records name \"" + m_players[i] + "\" but the player is \"" +
                             g.players[i] + "\" (marque player rename \"" + g.players[i] + "\" \"" + g.players[i] +
                             "\" respells the records)");
  }

  // the hands at positions first..first + hands.size() - 1 (counted from 0, in order) and the postings of those
  // positions (posted[k]: position first + k)
  void hands(const std::vector<storage::RawHand>& hands, const std::vector<std::vector<Amount>>& posted, size_t first) {
    for (size_t k = 0; k < hands.size(); ++k) {
      const size_t i = first + k;
      if (m_failed_at) {
        accept(hands[k], i);
        continue;
      }
      const std::string hand = m_name + " hand " + std::to_string(hands[k].seq);
      json record = json::parse(hands[k].record, nullptr, false);
      if (record.is_discarded()) {
        m_problems.push_back(hand + ": the stored record is damaged (not valid JSON)");
        no_replay(i);
        accept(hands[k], i);
        continue;
      }
      std::optional<ojson> fresh_entry = rules::next(m_replay, record);
      if (!fresh_entry) {
        no_replay(i);
        accept(hands[k], i);
        continue;
      }
      const ojson& fresh = *fresh_entry;
      const auto& players = m_players;
      bool same = posted.size() > k && posted[k].size() == players.size();
      // exactly: the rules' own amounts against the stored units (no tolerance)
      same = same && m_replay.last_deltas.size() == players.size();
      for (size_t p = 0; same && p < players.size(); ++p) same = m_replay.last_deltas[p] == posted[k][p];
      if (!same) m_problems.push_back(hand + ": stored postings differ from the rules");
      // the text as stored is the fresh dump unless something changed it; then compare the values
      const std::string& text = hands[k].score;
      if (!dumps_as(fresh, text)) {
        json stored = json::parse(text, nullptr, false);
        if (stored.is_discarded())
          m_problems.push_back(hand + ": the stored score is damaged (not valid JSON)");
        else if (!same_json(fresh, stored))
          m_problems.push_back(hand + ": stored score differs from the rules: stored " +
                               (stored.is_object() && stored.contains("deltas") ? stored["deltas"].dump() : text) +
                               ", recomputed " + fresh["deltas"].dump());
      }
    }
  }

  std::vector<std::string> finish() {
    const storage::RawGame& g = m_g;
    const std::string& name = m_name;
    auto& problems = m_problems;
    if (m_failed_at) {
      if (!json::accept(g.summary)) problems.push_back(name + ": the stored summary is damaged (not valid JSON)");
      if (g.state && !json::accept(*g.state))
        problems.push_back(name + ": the stored running state is damaged (not valid JSON)");
      return std::move(problems);
    }
    rules::finish(m_replay);
    // everything derived about the game as a whole, exactly as store_summary writes it
    const storage::GameDerived want = derived_of(m_replay);
    if (want.status != g.status)
      problems.push_back(name + ": stored status " + g.status + ", recomputed " + want.status);
    if (want.summary != g.summary) {  // the text as stored is the fresh one unless something changed it
      json summary = json::parse(g.summary, nullptr, false);
      if (summary.is_discarded())
        problems.push_back(name + ": the stored summary is damaged (not valid JSON)");
      else if (!same_json(ojson::parse(want.summary), summary))
        problems.push_back(name + ": stored summary (totals/result) differs from the rules");
    }
    // the running state a hand added resumes from (none stored: the next change stores it)
    if (g.state && *g.state != want.state) {  // the text as stored is the fresh dump unless something changed it
      if (!json::accept(*g.state))
        problems.push_back(name + ": the stored running state is damaged (not valid JSON)");
      else
        problems.push_back(name + ": stored running state differs from the rules");
    }
    if (g.hand_count != want.hand_count)
      problems.push_back(name + ": stored hand count " + std::to_string(g.hand_count) + ", it has " +
                         std::to_string(want.hand_count));
    if (g.played_count != want.played_count)
      problems.push_back(name + ": stored count of deals played " + std::to_string(g.played_count) + ", it has " +
                         std::to_string(want.played_count));
    for (size_t i = 0; i < want.seats.size(); ++i) {
      bool same = i < g.seats.size() && g.seats[i].place == want.seats[i].place &&
                  g.seats[i].points == want.seats[i].points && g.seats[i].team_result == want.seats[i].team_result;
      if (!same)
        problems.push_back(name + ": stored standing of " + m_players[i] + " (place, points) differs from the rules");
    }
    return std::move(problems);
  }

private:
  // the replay stopped at position `at`: why, then only whether the texts from there on are JSON
  void no_replay(size_t at) {
    const auto& errors = m_replay.diags.errors();
    std::string first = errors.empty() ? std::string("?") : errors.front().text();
    m_problems.push_back(m_name + ": its records no longer replay: " + first);
    m_failed_at = at;
  }
  // the texts compared with fresh ones are parsed only when they differ; checked here once the game cannot be
  // replayed (integrity_check leaves every JSON column to this class); the record the replay stopped at is
  // reported already
  void accept(const storage::RawHand& h, size_t i) {
    if (!json::accept(h.score))
      m_problems.push_back(m_name + " hand " + std::to_string(h.seq) +
                           ": the stored score is damaged (not valid JSON)");
    if (i > *m_failed_at && !json::accept(h.record))
      m_problems.push_back(m_name + " hand " + std::to_string(h.seq) +
                           ": the stored record is damaged (not valid JSON)");
  }

  const storage::RawGame& m_g;
  std::string m_name;
  std::vector<std::string> m_problems;
  rules::Replay m_replay;
  std::vector<std::string> m_players;
  std::optional<size_t> m_failed_at;  // the position the replay stopped at (0 also when it could not start)
};

// a game read whole (up to a slice of hands), on a worker thread
std::vector<std::string> check_game(const storage::RawGame& g) {
  GameCheck c(g);
  c.hands(g.hands, g.postings, 0);
  return c.finish();
}

// hands read at a time: a game with more is checked a slice at a time by the reading thread
constexpr int64_t k_slice = 2048;

// a long game: `g` holds its first slice of hands; the others are read and checked one slice at a time (the
// postings of each slice's positions with it); `hands` counts them
std::vector<std::string> check_in_slices(Store& store, storage::RawGame& g, int64_t& hands) {
  try {
    GameCheck c(g);
    size_t first = 0;
    while (!g.hands.empty()) {
      const auto n = static_cast<int64_t>(g.hands.size());
      c.hands(g.hands, store.raw_postings(g.id, static_cast<int64_t>(first) + 1, static_cast<int64_t>(first) + n),
              first);
      hands += n;
      first += g.hands.size();
      const int64_t last = g.hands.back().seq;
      g.hands = n < k_slice ? std::vector<storage::RawHand>{} : store.raw_hands(g.id, last, k_slice);
    }
    return c.finish();
  } catch (const Error& e) {
    return {"game " + std::to_string(g.id) + ": cannot be read: " + e.what()};
  } catch (const std::exception& e) {
    return {"game " + std::to_string(g.id) + ": cannot be checked: " + e.what()};
  }
}

unsigned check_threads() {
  const char* v = std::getenv("MARQUE_CHECK_THREADS");
  if (v && *v >= '1' && *v <= '9' && !v[1]) return static_cast<unsigned>(*v - '0');
  return std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
}

}  // namespace

// One read transaction (one snapshot: a game, its hands and its derived rows are read as one); this thread
// reads each game's stored text in game order, worker threads replay and compare (games are independent),
// PRAGMA integrity_check runs meanwhile on a second connection; results are merged in game order.
CheckReport check(Session& session) {
  Store& store = store_of(session);
  CheckReport rep;
  const std::string path = store.path();
  std::string integrity;
  std::thread integrity_thread([&] {
    try {
      Store other(path, Store::Mode::read);
      other.use_small_cache();
      integrity = other.integrity_check(true);  // every JSON text is parsed by check_game
    } catch (const std::exception& e) {
      integrity = e.what();
    }
  });
  struct Item {
    size_t index;
    storage::RawGame game;
  };
  std::vector<std::vector<std::string>> results;
  std::mutex mu;
  std::condition_variable has_items, has_space;
  std::deque<Item> queue;
  bool done = false;
  constexpr size_t k_queue = 32;
  auto worker = [&] {
    for (;;) {
      Item item;
      {
        std::unique_lock lock(mu);
        has_items.wait(lock, [&] { return !queue.empty() || done; });
        if (queue.empty()) return;
        item = std::move(queue.front());
        queue.pop_front();
      }
      has_space.notify_one();
      std::vector<std::string> p;
      try {
        p = check_game(item.game);
      } catch (const std::exception& e) {
        p = {"game " + std::to_string(item.game.id) + ": cannot be checked: " + e.what()};
      }
      std::lock_guard lock(mu);
      results[item.index] = std::move(p);
    }
  };
  std::vector<std::thread> workers;
  std::string list_problem;
  {
    Store::ReadTransaction snapshot(store);
    std::vector<int64_t> ids;
    try {
      ids = store.game_ids();
    } catch (const Error& e) {
      list_problem = std::string("cannot list the games: ") + e.what();
    }
    results.resize(ids.size());
    for (unsigned i = 0; i < check_threads(); ++i) workers.emplace_back(worker);
    for (size_t i = 0; i < ids.size(); ++i) {
      std::optional<storage::RawGame> g;
      try {
        g = store.raw_game_header(ids[i]);
        if (g) g->hands = store.raw_hands(ids[i], std::numeric_limits<int64_t>::min(), k_slice);
        if (g && static_cast<int64_t>(g->hands.size()) < k_slice)
          g->postings = store.raw_postings(ids[i], 1, 1000000000);
      } catch (const Error& e) {
        std::lock_guard lock(mu);
        results[i] = {"game " + std::to_string(ids[i]) + ": cannot be read: " + e.what()};
        continue;
      }
      if (!g) continue;
      ++rep.games;
      if (static_cast<int64_t>(g->hands.size()) == k_slice) {  // a long game: here, a slice at a time
        std::vector<std::string> p = check_in_slices(store, *g, rep.hands);
        std::lock_guard lock(mu);
        results[i] = std::move(p);
        continue;
      }
      rep.hands += static_cast<int64_t>(g->hands.size());
      std::unique_lock lock(mu);
      has_space.wait(lock, [&] { return queue.size() < k_queue; });
      queue.push_back({i, std::move(*g)});
      lock.unlock();
      has_items.notify_one();
    }
    {
      std::lock_guard lock(mu);
      done = true;
    }
    has_items.notify_all();
    for (auto& t : workers) t.join();
  }
  integrity_thread.join();
  if (integrity != "ok") rep.problems.push_back("integrity_check: " + integrity);
  if (!list_problem.empty()) rep.problems.push_back(list_problem);
  for (auto& r : results)
    for (auto& p : r) rep.problems.push_back(std::move(p));
  return rep;
}

}  // namespace marque::app
