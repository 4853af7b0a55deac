// `check`: every stored record replayed and compared with what is stored beside it, on both cores, in one
// read transaction, while PRAGMA integrity_check runs on a second connection.
#include "app/internal.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <deque>
#include <iterator>
#include <limits>
#include <mutex>
#include <set>
#include <string_view>
#include <thread>

namespace marque::app {

namespace {

// A stored text read from the left against a value walked as dump() writes it compactly (the order and bytes of
// compact_walk, app/internal.hpp): keys, plain strings and integers compared in place, a float or a string that
// needs escaping dumped alone (nlohmann writes a scalar the same alone as inside a document). No string is built
// and no callback runs per piece: the comparison is a third of what compact_walk's was.
struct TextMatch {
  const char* p;
  const char* end;

  bool ch(char c) {
    if (p == end || *p != c) return false;
    ++p;
    return true;
  }
  // a few bytes (a number, null, true, false) compared in place: a memcmp call per number was 1% of check
  bool raw(std::string_view s) {
    const size_t n = s.size();
    if (static_cast<size_t>(end - p) < n) return false;
    for (size_t i = 0; i < n; ++i)
      if (p[i] != s[i]) return false;
    p += n;
    return true;
  }
  // no byte of s[0, n) that dump() writes otherwise (a control character, '"', '\\') or checks (UTF-8, from 0x80),
  // eight bytes at a time
  // a byte of the word that dump() writes otherwise or checks: from 0x80; below 0x20 (no byte is from 0x80 when it
  // counts); '"'; '\\'
  static uint64_t special(uint64_t w) {
    constexpr uint64_t ones = 0x0101010101010101ULL, high = 0x8080808080808080ULL;
    auto zero = [&](uint64_t x) { return (x - ones) & ~x & high; };  // some byte is 0
    return (w & high) | ((w - ones * 0x20) & ~w & high) | zero(w ^ (ones * '"')) | zero(w ^ (ones * '\\'));
  }
  static bool plain(const char* s, size_t n) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      uint64_t w;
      std::memcpy(&w, s + i, 8);
      if (special(w)) return false;
    }
    for (; i < n; ++i)
      if (k_special[static_cast<unsigned char>(s[i])]) return false;
    return true;
  }
  static constexpr auto k_special = [] {
    std::array<bool, 256> t{};
    for (int c = 0; c < 256; ++c) t[static_cast<size_t>(c)] = c < 0x20 || c >= 0x80 || c == '"' || c == '\\';
    return t;
  }();
  // a string dump() escapes (and whose UTF-8 it checks), out of line: str() stays small
  [[gnu::noinline]] bool escaped(const std::string& s) { return raw(ojson(s).dump()); }
  // `"s"` at p: the string tested for a byte dump() writes otherwise (then dumped alone, as before) while it is
  // compared, a word at a time, in one pass
  bool str(const std::string& s) {
    const size_t n = s.size();
    const char* d = s.data();
    if (static_cast<size_t>(end - p) < n + 2 || *p != '"' || p[n + 1] != '"') return plain(d, n) ? false : escaped(s);
    const char* t = p + 1;
    uint64_t differ = 0;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      uint64_t w, v;
      std::memcpy(&w, d + i, 8);
      std::memcpy(&v, t + i, 8);
      if (special(w)) return escaped(s);
      differ |= w ^ v;
    }
    for (; i < n; ++i) {
      const auto c = static_cast<unsigned char>(d[i]);
      if (k_special[c]) return escaped(s);
      differ |= c ^ static_cast<unsigned char>(t[i]);
    }
    if (differ) return false;
    p += n + 2;
    return true;
  }
  template <class Int>
  bool number(Int v) {
    char buf[24];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    return raw(std::string_view(buf, static_cast<size_t>(r.ptr - buf)));
  }
  // `v` an ojson (a hand's entry, in its keys' order) or a json (a running state, its keys sorted as dump() writes
  // them)
  template <class J>
  bool walk(const J& v) {
    switch (v.type()) {
      case J::value_t::object: {
        if (!ch('{')) return false;
        bool first = true;
        for (const auto& [key, value] : v.template get_ref<const typename J::object_t&>()) {
          if (!first && !ch(',')) return false;
          first = false;
          if (!str(key) || !ch(':') || !walk(value)) return false;
        }
        return ch('}');
      }
      case J::value_t::array: {
        if (!ch('[')) return false;
        bool first = true;
        for (const auto& value : v.template get_ref<const typename J::array_t&>()) {
          if (!first && !ch(',')) return false;
          first = false;
          if (!walk(value)) return false;
        }
        return ch(']');
      }
      case J::value_t::string:
        return str(v.template get_ref<const std::string&>());
      case J::value_t::number_integer:  // the value in place (get<>() converts through a switch on the type)
        return number(*v.template get_ptr<const typename J::number_integer_t*>());
      case J::value_t::number_unsigned:
        return number(*v.template get_ptr<const typename J::number_unsigned_t*>());
      case J::value_t::null:
        return raw("null");
      case J::value_t::boolean:
        return *v.template get_ptr<const typename J::boolean_t*>() ? raw("true") : raw("false");
      default:
        return raw(v.dump());  // floats (nlohmann's shortest round-trip form), binary
    }
  }
  bool at_end() const { return p == end; }
};

}  // namespace

// `j` serialised (compact, as dump() writes it) is exactly `text`, compared while walking the value with no string
// built. The stored score texts are marque's own dumps.
bool dumps_as(const ojson& j, std::string_view text) {
  TextMatch m{text.data(), text.data() + text.size()};
  return m.walk(j) && m.at_end();
}

namespace {

// A stored text's bytes as an iterator of this unit's own (internal linkage): json::parse over it is instantiated
// here, in this unit's code (built at -O2: CMakeLists.txt), not taken from whichever -O1 unit the linker reads first.
// The same parser, the same grammar and errors.
struct TextIter {
  using iterator_category = std::forward_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;
  const char* p = nullptr;
  reference operator*() const { return *p; }
  TextIter& operator++() {
    ++p;
    return *this;
  }
  TextIter operator++(int) {
    TextIter t = *this;
    ++p;
    return t;
  }
  bool operator==(const TextIter&) const = default;
};

// json::parse(text, nullptr, false) (a discarded value for a text that is not JSON)
json parse_text(std::string_view text) {
  return json::parse(TextIter{text.data()}, TextIter{text.data() + text.size()}, nullptr, false);
}
// json::accept(text)
bool accept_text(std::string_view text) {
  return json::accept(TextIter{text.data()}, TextIter{text.data() + text.size()});
}

// `j` emptied from its leaves up, before it is destroyed: nlohmann's destructor moves every node of a tree through a
// stack of its own (two moves and a null destroyed per node) to bound the recursion; a hand's entry or record is a
// few levels deep, and its containers emptied first leave that stack nothing to do (a tenth of check was destroy).
// Below `depth` levels (a record may nest anything) the destructor's own way, unbounded, takes the rest.
template <class J>
void dismantle(J& j, int depth = 32) {
  if (depth == 0) return;
  if (j.is_object()) {
    auto& o = j.template get_ref<typename J::object_t&>();
    for (auto& kv : o)
      if (kv.second.is_structured()) dismantle(kv.second, depth - 1);
    o.clear();
  } else if (j.is_array()) {
    auto& a = j.template get_ref<typename J::array_t&>();
    for (auto& v : a)
      if (v.is_structured()) dismantle(v, depth - 1);
    a.clear();
  }
}

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

// The words of check's problems (app.check.*); said in the reader's language for the text, in English for JSON.
const text::Catalogue& check_words() {
  static const text::Catalogue& c = *new text::Catalogue([] {
    text::Catalogue x;
    x.fallback = &catalogue();
    x.add("app.check.game", "game {game}");
    x.add("app.check.hand", "game {game} hand {hand}");
    x.add("app.check.change",
          "game {game} change {change} ({action, select, add {add} edit {edit} delete {delete} undo {undo} redo "
          "{redo} other {{action}}})");
    x.add("app.check.missing", "{where}: the stored {what, select, before {before} other {after}} record is missing");
    x.add("app.check.not_json",
          "{where}: the stored {what, select, before {before} after {after} setup {set-up} meta {meta} summary "
          "{summary} score {score} other {record}} is damaged (not valid JSON)");
    x.add("app.check.not_record",
          "{where}: the stored {what, select, before {before} other {after}} is damaged (not a hand''s record)");
    x.add("app.check.no_number", "{where}: the hand it changed has no number");
    x.add("app.check.no_earlier", "{where}: it names no earlier change of the game");
    x.add("app.check.spelling",
          "{where}: its records name \"{record}\" but the player is \"{player}\" (marque player rename \"{player}\" "
          "\"{player}\" respells the records)");
    x.add("app.check.postings", "{where}: stored postings differ from the rules");
    x.add("app.check.score", "{where}: stored score differs from the rules: stored {stored}, recomputed {fresh}");
    x.add("app.check.status", "{where}: stored status {stored}, recomputed {fresh}");
    x.add("app.check.summary", "{where}: stored summary (totals/result) differs from the rules");
    x.add("app.check.state_not_json", "{where}: the stored running state is damaged (not valid JSON)");
    x.add("app.check.state", "{where}: stored running state differs from the rules");
    x.add("app.check.hand_count", "{where}: stored hand count {stored}, it has {fresh}");
    x.add("app.check.played_count", "{where}: stored count of deals played {stored}, it has {fresh}");
    x.add("app.check.standing", "{where}: stored standing of {player} (place, points) differs from the rules");
    x.add("app.check.no_replay", "{where}: its records no longer replay: {why}");
    x.add("app.check.unreadable", "{where}: cannot be read: {why}");
    x.add("app.check.unchecked", "{where}: cannot be checked: {why}");
    x.add("app.check.no_list", "cannot list the games: {why}");
    return x;
  }());
  return c;
}

// One problem: its English text (JSON) and the same in the reader's language (the thread's).
struct Problem {
  std::string english, said;
  // a text every language reads as it is
  Problem(std::string text) : english(std::move(text)), said(english) {}  // NOLINT(google-explicit-constructor)
  Problem(const text::Message& m)
      : english(text::say(m, check_words())), said(text::say(m, text::localized(check_words()))) {}
  // the English words and the same words in the reader's language (a text already said in each)
  Problem(const text::Message& en, const text::Message& local)
      : english(text::say(en, check_words())), said(text::say(local, text::localized(check_words()))) {}
};

text::Message check_game_words(int64_t game) {
  return text::Message("app.check.game").text("game", std::to_string(game));
}
text::Message check_hand_words(int64_t game, int64_t hand) {
  return text::Message("app.check.hand").text("game", std::to_string(game)).text("hand", std::to_string(hand));
}
text::Message problem_at(const char* id, const text::Message& where) {
  return text::Message(id).message("where", where);
}

// a problem that names why (an exception's English text, as it is in every language)
Problem with_why(const char* id, const text::Message& where, const std::string& why) {
  return problem_at(id, where).text("why", why);
}

// The game's change log, which undo and redo read: every text valid JSON, a hand's change with its hand's number
// and the records it puts back, an undo or redo naming an earlier change of the game.
void check_changes(const storage::RawGame& g, std::vector<Problem>& problems) {
  std::set<int64_t> seen;
  for (const auto& c : g.changes) {
    const text::Message change = text::Message("app.check.change")
                                     .text("game", std::to_string(g.id))
                                     .text("change", std::to_string(c.id))
                                     .text("action", c.action);
    auto side = [&](const std::optional<std::string>& text, const char* what, bool record) {
      if (!text) {
        if (record) problems.push_back(problem_at("app.check.missing", change).text("what", what));
        return;
      }
      if (!record) {  // only whether it is JSON: no document built
        if (!accept_text(*text)) problems.push_back(problem_at("app.check.not_json", change).text("what", what));
        return;
      }
      json j = parse_text(*text);
      if (j.is_discarded())
        problems.push_back(problem_at("app.check.not_json", change).text("what", what));
      else if (!j.is_object())
        problems.push_back(problem_at("app.check.not_record", change).text("what", what));
    };
    const bool add = c.action == "add", edit = c.action == "edit", del = c.action == "delete";
    side(c.before, "before", del || edit);
    side(c.after, "after", add || edit);
    if ((add || edit || del) && (!c.seq || *c.seq < 1)) problems.push_back(problem_at("app.check.no_number", change));
    if ((c.action == "undo" || c.action == "redo") && (!c.ref || !seen.count(*c.ref)))
      problems.push_back(problem_at("app.check.no_earlier", change));
    seen.insert(c.id);
  }
}

// derived_of(r) (app/internal.cpp) but its summary text and its running state's: the status, counts and seats (from
// the summary as a json document, made from r.score with no ordered copy)
storage::GameDerived derived_but_summary(const rules::Replay& r) {
  storage::GameDerived d;
  d.status = r.state->finished() ? "finished" : "open";
  d.hand_count = static_cast<int64_t>(r.hands_played);
  d.played_count = static_cast<int64_t>(r.deals_played);
  json summary = json::object();  // summary_of(r), as json
  for (auto it = r.score.begin(); it != r.score.end(); ++it)
    if (it.key() != "hands") summary[it.key()] = json(it.value());
  summary["hand_count"] = r.hands_played;
  d.seats = seats_from(r.score["game"].get<std::string>(), r.state->players(), summary);
  dismantle(summary);
  return d;
}

// the running state derived_of(r) stores (its dump, or no text when the game has none) is `text`: the fresh state
// walked against the text, no dump made
bool state_stored_as(const rules::Replay& r, const std::optional<std::string>& text) {
  std::optional<json> state = rules::saved_state(r);
  if (!text) return true;  // none stored: the next change stores it
  if (!state) return text->empty();
  TextMatch m{text->data(), text->data() + text->size()};
  const bool same = m.walk(*state) && m.at_end();
  dismantle(*state);
  return same;
}

// compact_dump(summary_of(r)) == text, without the copy and the string: the score's keys but "hands" in their
// order, then "hand_count"
bool summary_stored_as(const rules::Replay& r, std::string_view text) {
  if (!r.score.is_object() || r.score.contains("hand_count")) return compact_dump(summary_of(r)) == text;
  TextMatch m{text.data(), text.data() + text.size()};
  if (!m.ch('{')) return false;
  bool first = true;
  for (const auto& [key, value] : r.score.get_ref<const ojson::object_t&>()) {
    if (key == "hands") continue;
    if (!first && !m.ch(',')) return false;
    first = false;
    if (!m.str(key) || !m.ch(':') || !m.walk(value)) return false;
  }
  if (!first && !m.ch(',')) return false;
  return m.raw("\"hand_count\":") && m.number(static_cast<uint64_t>(r.hands_played)) && m.ch('}') && m.at_end();
}

// Everything wrong with one game, from its stored text alone (no database access). The hands come a slice at a
// time (hands(), in order) and are replayed one at a time (rules::next): each fresh score is compared with the
// stored one and dropped, so a game of any length is checked in bounded memory: a game of up to a slice is
// checked whole on a worker thread, a longer one by the reading thread as its slices are read.
class GameCheck {
public:
  // `g`: the game's stored text; its hands and postings are not read here
  explicit GameCheck(const storage::RawGame& g) : m_g(g), m_name(check_game_words(g.id)) {
    check_changes(g, m_problems);
    auto parse = [&](const std::string& text, const char* what) {
      json j = parse_text(text);
      if (j.is_discarded()) m_problems.push_back(problem_at("app.check.not_json", m_name).text("what", what));
      return j;
    };
    json f = json::object();
    f["format"] = "marque-game/1";
    f["game"] = g.game;
    f["setup"] = parse(g.setup, "setup");
    f["meta"] = parse(g.meta, "meta");
    if (!m_problems.empty()) {  // nothing to replay
      m_failed_at = 0;
      return;
    }
    m_replay = rules::start_stream(f);  // the score's tail is made once, by finish()
    if (!m_replay.ok) {
      no_replay(0);
      return;
    }
    m_players = m_replay.state->players();
    // the records name each player exactly as the players table does (identity: statistics, renames)
    for (size_t i = 0; i < m_players.size() && i < g.players.size(); ++i)
      if (m_players[i] != g.players[i])
        m_problems.push_back(
            problem_at("app.check.spelling", m_name).text("record", m_players[i]).text("player", g.players[i]));
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
      // the hand's words, made only for a problem (a Message per hand was 3% of check)
      auto hand = [&] { return check_hand_words(m_g.id, hands[k].seq); };
      json record = parse_text(hands[k].record);
      if (record.is_discarded()) {
        m_problems.push_back(problem_at("app.check.not_json", hand()).text("what", "record"));
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
      if (!same) m_problems.push_back(problem_at("app.check.postings", hand()));
      // the text as stored is the fresh dump unless something changed it; then compare the values
      const std::string& text = hands[k].score;
      if (!dumps_as(fresh, text)) {
        json stored = json::parse(text, nullptr, false);
        if (stored.is_discarded())
          m_problems.push_back(problem_at("app.check.not_json", hand()).text("what", "score"));
        else if (!same_json(fresh, stored))
          m_problems.push_back(
              problem_at("app.check.score", hand())
                  .text("stored", stored.is_object() && stored.contains("deltas") ? stored["deltas"].dump() : text)
                  .text("fresh", fresh["deltas"].dump()));
      }
      dismantle(*fresh_entry);
      dismantle(record);
    }
  }

  std::vector<Problem> finish() {
    const storage::RawGame& g = m_g;
    const text::Message& name = m_name;
    auto& problems = m_problems;
    if (m_failed_at) {
      if (!accept_text(g.summary)) problems.push_back(problem_at("app.check.not_json", name).text("what", "summary"));
      if (g.state && !accept_text(*g.state)) problems.push_back(problem_at("app.check.state_not_json", name));
      return std::move(problems);
    }
    rules::finish(m_replay);
    // everything derived about the game as a whole, exactly as store_summary writes it (derived_of), the summary
    // compared with its stored text without being copied and dumped
    const storage::GameDerived want = derived_but_summary(m_replay);
    if (want.status != g.status)
      problems.push_back(problem_at("app.check.status", name).text("stored", g.status).text("fresh", want.status));
    if (!summary_stored_as(m_replay, g.summary)) {  // the text as stored is the fresh one unless something changed it
      json summary = json::parse(g.summary, nullptr, false);
      if (summary.is_discarded())
        problems.push_back(problem_at("app.check.not_json", name).text("what", "summary"));
      else if (!same_json(ojson::parse(compact_dump(summary_of(m_replay))), summary))
        problems.push_back(problem_at("app.check.summary", name));
    }
    // the running state a hand added resumes from (none stored: the next change stores it)
    if (!state_stored_as(m_replay, g.state)) {  // the text as stored is the fresh dump unless something changed it
      if (!accept_text(*g.state))
        problems.push_back(problem_at("app.check.state_not_json", name));
      else
        problems.push_back(problem_at("app.check.state", name));
    }
    if (g.hand_count != want.hand_count)
      problems.push_back(problem_at("app.check.hand_count", name)
                             .text("stored", std::to_string(g.hand_count))
                             .text("fresh", std::to_string(want.hand_count)));
    if (g.played_count != want.played_count)
      problems.push_back(problem_at("app.check.played_count", name)
                             .text("stored", std::to_string(g.played_count))
                             .text("fresh", std::to_string(want.played_count)));
    for (size_t i = 0; i < want.seats.size(); ++i) {
      bool same = i < g.seats.size() && g.seats[i].place == want.seats[i].place &&
                  g.seats[i].points == want.seats[i].points && g.seats[i].team_result == want.seats[i].team_result;
      if (!same) problems.push_back(problem_at("app.check.standing", name).text("player", m_players[i]));
    }
    return std::move(problems);
  }

private:
  // the replay stopped at position `at`: why, then only whether the texts from there on are JSON
  void no_replay(size_t at) {
    const auto& errors = m_replay.diags.errors();
    std::string first = "?", said = "?";
    if (!errors.empty()) {
      said = errors.front().text();
      text::UseLanguage english("en");
      first = errors.front().text();
    }
    m_problems.push_back(Problem(problem_at("app.check.no_replay", m_name).text("why", first),
                                 problem_at("app.check.no_replay", m_name).text("why", said)));
    m_failed_at = at;
  }
  // the texts compared with fresh ones are parsed only when they differ; checked here once the game cannot be
  // replayed (integrity_check leaves every JSON column to this class); the record the replay stopped at is
  // reported already
  void accept(const storage::RawHand& h, size_t i) {
    if (!accept_text(h.score))
      m_problems.push_back(problem_at("app.check.not_json", check_hand_words(m_g.id, h.seq)).text("what", "score"));
    if (i > *m_failed_at && !accept_text(h.record))
      m_problems.push_back(problem_at("app.check.not_json", check_hand_words(m_g.id, h.seq)).text("what", "record"));
  }

  const storage::RawGame& m_g;
  text::Message m_name;
  std::vector<Problem> m_problems;
  rules::Replay m_replay;
  std::vector<std::string> m_players;
  std::optional<size_t> m_failed_at;  // the position the replay stopped at (0 also when it could not start)
};

// a game read whole (up to a slice of hands), on a worker thread
std::vector<Problem> check_game(const storage::RawGame& g) {
  GameCheck c(g);
  c.hands(g.hands, g.postings, 0);
  return c.finish();
}

// hands read at a time: a game with more is checked a slice at a time by the reading thread
constexpr int64_t k_slice = 2048;

// a long game: `g` holds its first slice of hands; the others are read and checked one slice at a time (the
// postings of each slice's positions with it); `hands` counts them
std::vector<Problem> check_in_slices(Store& store, storage::RawGame& g, int64_t& hands) {
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
    return {with_why("app.check.unreadable", check_game_words(g.id), e.what())};
  } catch (const std::exception& e) {
    return {with_why("app.check.unchecked", check_game_words(g.id), e.what())};
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
  std::vector<std::vector<Problem>> results;
  std::mutex mu;
  std::condition_variable has_items, has_space;
  std::deque<Item> queue;
  bool done = false;
  constexpr size_t k_queue = 32;
  const std::string language = text::language();  // the workers say the problems in the reader's language
  auto worker = [&] {
    text::UseLanguage speak(language);
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
      std::vector<Problem> p;
      try {
        p = check_game(item.game);
      } catch (const std::exception& e) {
        p = {with_why("app.check.unchecked", check_game_words(item.game.id), e.what())};
      }
      std::lock_guard lock(mu);
      results[item.index] = std::move(p);
    }
  };
  std::vector<std::thread> workers;
  std::optional<Problem> list_problem;
  {
    Store::ReadTransaction snapshot(store);
    std::vector<int64_t> ids;
    try {
      ids = store.game_ids();
    } catch (const Error& e) {
      list_problem = Problem(text::Message("app.check.no_list").text("why", e.what()));
    }
    results.resize(ids.size());
    for (unsigned i = 0; i < check_threads(); ++i) workers.emplace_back(worker);
    for (size_t i = 0; i < ids.size(); ++i) {
      std::optional<storage::RawGame> g;
      try {
        g = store.raw_game_header(ids[i]);
        if (g) g->hands = store.raw_hands(ids[i], std::numeric_limits<int64_t>::min(), k_slice);
        if (g && static_cast<int64_t>(g->hands.size()) < k_slice) g->postings = store.raw_postings_of(ids[i], g->hands);
      } catch (const Error& e) {
        std::lock_guard lock(mu);
        results[i] = {with_why("app.check.unreadable", check_game_words(ids[i]), e.what())};
        continue;
      }
      if (!g) continue;
      ++rep.games;
      if (static_cast<int64_t>(g->hands.size()) == k_slice) {  // a long game: here, a slice at a time
        std::vector<Problem> p = check_in_slices(store, *g, rep.hands);
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
  std::vector<Problem> all;
  if (integrity != "ok") all.emplace_back("integrity_check: " + integrity);
  if (list_problem) all.push_back(std::move(*list_problem));
  for (auto& r : results)
    for (auto& p : r) all.push_back(std::move(p));
  for (auto& p : all) {
    rep.problems.push_back(std::move(p.english));
    rep.said.push_back(std::move(p.said));
  }
  return rep;
}

}  // namespace marque::app
