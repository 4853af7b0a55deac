// `marque serve` without HTTP: what the server keeps in memory (web/guard), the served pages' use cases (app/web.cpp:
// guided entry one step at a time, hands stored from answers, the scoreboard, the change stamp) and the pages' escaping.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <thread>

#include "app/app.hpp"
#include "web/guard.hpp"
#include "web/pages.hpp"
#include "web/request.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_web {

using namespace marque;
namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

struct WebTempDir {
  fs::path path;
  WebTempDir() {
    static int n = 0;
    path = fs::temp_directory_path() / ("marque-web-test-" + std::to_string(::getpid()) + "-" + std::to_string(n++));
    fs::create_directories(path);
  }
  ~WebTempDir() { fs::remove_all(path); }
};

}  // namespace

TEST_CASE("web guard: a submission key runs once; repeats, even at the same time, get the first answer", "[web]") {
  web::Replays replays;
  std::atomic<int> runs{0};
  auto run = [&] {
    ++runs;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    return web::Replays::Result{200, "hand 7", false};
  };
  std::vector<std::thread> ts;
  std::vector<web::Replays::Result> got(8);
  for (int i = 0; i < 8; ++i) ts.emplace_back([&, i] { got[static_cast<size_t>(i)] = replays.once("k1", run); });
  for (auto& t : ts) t.join();
  CHECK(runs == 1);
  int replayed = 0;
  for (const auto& r : got) {
    CHECK(r.body == "hand 7");
    replayed += r.replayed ? 1 : 0;
  }
  CHECK(replayed == 7);
  // a refusal is not kept: the same key may try again
  CHECK(replays.once("k2", [] { return web::Replays::Result{422, "refused", false}; }).status == 422);
  CHECK(replays.once("k2", [] { return web::Replays::Result{200, "stored", false}; }).body == "stored");
  // so is a failure
  CHECK_THROWS(replays.once("k3", []() -> web::Replays::Result { throw std::runtime_error("x"); }));
  CHECK(replays.once("k3", [] { return web::Replays::Result{200, "ok", false}; }).replayed == false);
}

TEST_CASE("web guard: the oldest results are forgotten beyond the limit", "[web]") {
  web::Replays replays(3);
  for (int i = 0; i < 5; ++i)
    replays.once("k" + std::to_string(i), [] { return web::Replays::Result{200, "x", false}; });
  CHECK(replays.size() == 3);
  CHECK(replays.once("k4", [] { return web::Replays::Result{200, "y", false}; }).replayed);
  CHECK_FALSE(replays.once("k0", [] { return web::Replays::Result{200, "y", false}; }).replayed);
}

TEST_CASE("web guard: rate limits are token buckets per key", "[web]") {
  web::RateLimiter limit(2, 3);  // 2 a second, 3 at once
  auto t = web::Clock::now();
  CHECK(limit.allow("a", nullptr, t));
  CHECK(limit.allow("a", nullptr, t));
  CHECK(limit.allow("a", nullptr, t));
  double retry = 0;
  CHECK_FALSE(limit.allow("a", &retry, t));
  CHECK(retry == Approx(0.5));
  CHECK(limit.allow("b", nullptr, t));  // another client is not slowed
  CHECK(limit.allow("a", nullptr, t + std::chrono::milliseconds(600)));
  CHECK_FALSE(limit.allow("a", nullptr, t + std::chrono::milliseconds(600)));
}

TEST_CASE("web guard: sessions, codes and secrets", "[web]") {
  web::Sessions s(2);
  std::string a = s.open(), b = s.open();
  CHECK(a.size() == 32);
  CHECK(a != b);
  REQUIRE(s.csrf_of(a));
  CHECK(s.csrf_of(a) != s.csrf_of(b));
  CHECK_FALSE(s.csrf_of("nope"));
  s.open();  // the oldest is forgotten beyond 2
  CHECK_FALSE(s.csrf_of(a));
  s.close(b);
  CHECK_FALSE(s.csrf_of(b));
  std::string code = web::random_code(6);
  CHECK(code.size() == 6);
  CHECK(code.find_first_not_of("0123456789") == std::string::npos);
  CHECK(web::same_secret("123456", "123456"));
  CHECK_FALSE(web::same_secret("123456", "123457"));
  CHECK_FALSE(web::same_secret("123456", "1234567"));
  CHECK_FALSE(web::same_secret("", "1"));
  CHECK_FALSE(web::same_secret("1", ""));
  CHECK(web::same_secret("", ""));
  CHECK_FALSE(web::same_secret("123456123456", "123456"));  // the secret cycled is not the secret
  CHECK_FALSE(web::same_secret("12345", "123456"));
}

TEST_CASE("web guard: connections and event streams per client address; a new stream ends the address's oldest",
          "[web]") {
  web::Connections c(2);
  CHECK(c.enter("10.0.0.1"));
  CHECK(c.enter("10.0.0.1"));
  CHECK_FALSE(c.enter("10.0.0.1"));  // its share is taken
  CHECK(c.enter("10.0.0.2"));        // another address is not kept out
  c.leave("10.0.0.1");
  CHECK(c.enter("10.0.0.1"));

  web::Streams s(4, 2);
  auto a1 = s.open("a"), a2 = s.open("a");
  REQUIRE(a1);
  REQUIRE(a2);
  auto a3 = s.open("a");  // a's third ends its first, not someone else's
  REQUIRE(a3);
  CHECK(a1->dropped);
  CHECK_FALSE(a2->dropped);
  s.close(a1);
  auto b1 = s.open("b"), b2 = s.open("b");
  REQUIRE(b1);
  REQUIRE(b2);
  CHECK(s.size() == 4);
  CHECK_FALSE(s.open("c"));  // every stream taken by others: refused (the page retries)
  s.close(b1);
  CHECK(s.open("c"));  // one freed: c gets it
  // a dropped stream's waiter wakes at once, without a change
  web::Notifier n;
  std::atomic<bool> cancel{false};
  std::thread t([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    cancel = true;
    n.wake();
  });
  const auto t0 = std::chrono::steady_clock::now();
  CHECK_FALSE(n.wait(n.version(), std::chrono::seconds(5), &cancel));
  CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(2));
  t.join();
}

TEST_CASE("web guard: wrong write codes wait per network and for everyone, longer each time", "[web]") {
  CHECK(web::network_of("192.168.1.23") == "192.168.1.0/24");
  CHECK(web::network_of("127.0.9.200") == "127.0.9.0/24");
  CHECK(web::network_of("::ffff:10.1.2.3") == "10.1.2.0/24");
  CHECK(web::network_of("2001:db8:1:2:aaaa:bbbb:cccc:dddd") == "2001:db8:1:2::/64");
  CHECK(web::network_of("not an address") == "not an address");

  web::Guesses g({3, 60, 600}, {10, 30, 60});
  const auto t0 = web::Clock::now();
  auto at = [&](double s) { return t0 + std::chrono::milliseconds(static_cast<int64_t>(s * 1000)); };
  for (int i = 0; i < 3; ++i) {
    CHECK(g.wait("a", at(0)) == 0);
    g.failed("a", at(0));
  }
  // the network's 4th attempt waits 1 s, then 2, 4 ... (at most 60); another network does not
  CHECK(g.wait("a", at(0)) == Approx(1));
  CHECK(g.wait("b", at(0)) == 0);
  CHECK(g.wait("a", at(1)) == 0);
  web::Guesses::Counts n = g.failed("a", at(1));
  CHECK(n.network == 4);
  CHECK(n.everyone == 4);
  CHECK(n.next_wait == Approx(2).margin(0.01));
  for (int i = 0; i < 10; ++i) g.failed("a", at(2 + i));
  CHECK(g.wait("a", at(11)) == Approx(60).margin(0.01));
  // everyone: 10 failures from 10 networks make an 11th network wait as well, at most 30 s
  web::Guesses all({3, 60, 600}, {10, 30, 60});
  for (int i = 0; i < 10; ++i) all.failed("net" + std::to_string(i), at(0));
  CHECK(all.wait("fresh", at(0)) == Approx(1));
  for (int i = 0; i < 20; ++i) all.failed("net" + std::to_string(i), at(0));
  CHECK(all.wait("fresh", at(0)) == Approx(30));
  // at the longest wait, a guesser gets one check each 30 s, and then only once it waited
  double t = 0;
  int checked = 0;
  for (int s = 0; s < 3600; ++s) {
    if (all.wait("x" + std::to_string(s), at(s)) == 0) {
      all.failed("x" + std::to_string(s), at(s));
      ++checked;
    }
    t = s;
  }
  CHECK(checked <= 3600 / 30);
  CHECK(checked >= 3600 / 30 - 2);
  // failures are forgotten: after a quiet hour nobody waits
  CHECK(all.wait("fresh", at(t + 3600)) == 0);
}

TEST_CASE("web guard: the notifier wakes the event streams and stops them", "[web]") {
  web::Notifier n;
  uint64_t v = n.version();
  CHECK(n.wait(v, std::chrono::milliseconds(10)) == v);  // nothing changed: the same version after the timeout
  std::thread t([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    n.bump();
  });
  CHECK(n.wait(v, std::chrono::seconds(5)) == v + 1);
  t.join();
  n.stop();
  CHECK_FALSE(n.wait(v + 1, std::chrono::seconds(5)));
}

TEST_CASE("web use cases: a name typed on a phone in another case or accent form is the player's", "[web]") {
  WebTempDir t;
  auto db = app::open_database((t.path / "n.db").string(), true);
  const auto& gr = rules::tarot_rules();
  json setup = app::setup_from_words(gr, {{"players", "Élodie,Σοφία,Ágnes,Paul"}, {"dealer", "Paul"}});
  int64_t id = app::start_game(*db, std::string(gr.id()), setup, json::object());
  app::EntryStep s = app::entry_step(*db, id, std::nullopt, {}, std::string("ΣΟΦΊΑ"));
  CHECK(s.error.empty());
  REQUIRE(s.answers.size() == 1);
  CHECK(s.answers.front() == std::pair<std::string, std::string>("taker", "Σοφία"));
  // answers as the form posts them, a name spelt otherwise: the stored hand spells it as the player does
  app::add_hand_answers(
      *db, id,
      {{"taker", "élodie"}, {"contract", "garde"}, {"oudlers", "2"}, {"points", "47"}, {"poignee", "ágnes:simple"}});
  json f = app::game_file(*db, id);
  REQUIRE(f["hands"].size() == 1);
  CHECK(f["hands"][0]["taker"] == "Élodie");
  CHECK(f["hands"][0]["poignees"][0]["player"] == "Ágnes");
}

TEST_CASE("web use cases: a hand asked step by step, stored once from its answers, seen on the board", "[web]") {
  WebTempDir t;
  auto db = app::open_database((t.path / "w.db").string(), true);
  const auto& gr = rules::tarot_rules();
  int64_t night = app::start_night(*db, "2026-11-20", "Café", "Club", "");
  json setup = app::setup_from_words(gr, {{"players", "<b>Ann</b>,Ben,Cat,Dan"}, {"dealer", "Ben"}});
  int64_t id = app::start_game(*db, std::string(gr.id()), setup, json::object(), night);
  app::use_game(*db, id);
  std::string stamp = app::change_stamp(*db);

  // the first question, then a typed answer that is not one of the choices
  app::EntryStep s = app::entry_step(*db, id, std::nullopt, {}, std::nullopt);
  REQUIRE(s.question);
  CHECK(s.no == 1);
  CHECK(s.dealer == "Ben");
  const std::string first_key = s.question->key;
  app::EntryStep bad = app::entry_step(*db, id, std::nullopt, {}, std::string("Nobody at all"));
  CHECK_FALSE(bad.error.empty());
  CHECK(bad.answers.empty());
  CHECK(bad.question->key == first_key);

  // every question answered with its default, or the first choice, or a number in range
  rules::Answers answers;
  for (int i = 0; i < 40; ++i) {
    app::EntryStep st = app::entry_step(*db, id, std::nullopt, answers, std::nullopt);
    REQUIRE(st.errors.empty());
    if (!st.question) {
      REQUIRE(st.complete);
      CHECK_FALSE(st.words.empty());
      break;
    }
    const auto& q = *st.question;
    std::string typed = !q.preset.empty() || q.optional ? ""
                        : !q.choices.empty()            ? q.choices[0].value
                        : q.min                         ? "40"
                                                        : "x";
    if (q.key == "oudlers") typed = "2";
    if (q.key == "points") typed = "50";
    st = app::entry_step(*db, id, std::nullopt, st.answers, typed);
    REQUIRE(st.error.empty());
    REQUIRE(st.errors.empty());
    answers = st.answers;
  }
  // answers sent back out of order are dropped from the first that does not answer the question asked there
  rules::Answers shuffled = answers;
  std::swap(shuffled[0], shuffled[1]);
  CHECK(app::entry_step(*db, id, std::nullopt, shuffled, std::nullopt).answers.empty());

  // the terminal's way (AnswerOrder::given): the same answers in any order are all taken, a field changed at the
  // preview comes last, and the finished step holds the hand's key=value words, what `hand` stores
  app::EntryStep given = app::entry_step(*db, id, std::nullopt, shuffled, std::nullopt, app::AnswerOrder::given);
  CHECK(given.answers == shuffled);
  REQUIRE(given.complete);
  CHECK(std::find(given.hand.begin(), given.hand.end(), "points=50") != given.hand.end());
  rules::Answers changed = shuffled;
  changed.emplace_back("points", "60");
  app::EntryStep more = app::entry_step(*db, id, std::nullopt, changed, std::nullopt, app::AnswerOrder::given);
  REQUIRE(more.complete);
  CHECK(std::find(more.hand.begin(), more.hand.end(), "points=60") != more.hand.end());
  CHECK(more.words != given.words);
  // the form's way never says the words of a hand not finished
  CHECK(app::entry_step(*db, id, std::nullopt, {}, std::nullopt).hand.empty());

  app::HandOutcome o = app::add_hand_answers(*db, id, answers);
  CHECK(o.no == 1);
  CHECK(app::hands(*db, id).size() == 1);
  CHECK(app::hands(*db, id)[0].source == "web");
  CHECK(app::change_stamp(*db) != stamp);
  // a web write leaves the command line's table in focus where it was
  int64_t other = app::start_game(*db, std::string(gr.id()), setup, json::object());
  app::add_hand_answers(*db, id, answers);
  CHECK(app::resolve_game(*db, std::nullopt) == other);

  // re-entered: hand 1 asked against the game before it, replaced
  app::EntryStep again = app::entry_step(*db, id, 1, {}, std::nullopt);
  CHECK(again.edit);
  CHECK(again.no == 1);
  app::HandOutcome e = app::edit_hand_answers(*db, id, 1, answers);
  CHECK(e.no == 1);
  CHECK(app::hands(*db, id).size() == 2);
  CHECK_THROWS_AS(app::web_edit_hand_words(*db, id, 1, {{"points", "95"}}), Rejected);

  app::Board b = app::board(*db, std::nullopt);
  REQUIRE(b.night);
  REQUIRE(b.tables.size() == 1);
  CHECK(b.tables[0].hands == 2);
  CHECK(b.tables[0].lines.size() == 4);
  CHECK(b.others.size() == 1);                                      // the game outside the night, open
  CHECK(app::web_undo(*db, id).find("edit") != std::string::npos);  // the last change: hand 1 re-entered
  CHECK(app::web_undo(*db, id).find("added") != std::string::npos);
  CHECK(app::hands(*db, id).size() == 1);

  // the pages print a hostile name as text
  web::PageContext c;
  std::string page = web::board_page(b, app::nights(*db), c);
  CHECK(page.find("<b>Ann</b>") == std::string::npos);
  CHECK(page.find("&lt;b&gt;Ann&lt;/b&gt;") != std::string::npos);
  CHECK(page.find("<script>") == std::string::npos);
  CHECK(page.find(" style=") == std::string::npos);  // no inline style (the CSP forbids it)
}

TEST_CASE("web use cases: a hand kept on a phone offline, stored from its one-line words as `hand` stores them",
          "[web]") {
  WebTempDir t;
  auto db = app::open_database((t.path / "w.db").string(), true);
  const auto& gr = rules::tarot_rules();
  json setup = app::setup_from_words(gr, {{"players", "Ann,Ben,Cat,Dan"}, {"dealer", "Ann"}});
  int64_t id = app::start_game(*db, std::string(gr.id()), setup, json::object());
  const rules::Words words = {{"taker", "Dan"}, {"contract", "prise"}, {"oudlers", "1"}, {"points", "40"}};
  app::HandOutcome o = app::web_add_hand_words(*db, id, words);
  CHECK(o.no == 1);
  // the same words through the command line's use case, in another game: the same record
  int64_t cli = app::start_game(*db, std::string(gr.id()), setup, json::object());
  app::add_hand(
      *db, cli, [&](const rules::Game& before) { return app::record_from_words(gr, before, words); }, false);
  REQUIRE(app::hands(*db, id).size() == 1);
  CHECK(app::hands(*db, id)[0].record == app::hands(*db, cli)[0].record);
  CHECK(app::hands(*db, id)[0].source == "web");
  // refused as `hand` refuses it: nothing stored
  CHECK_THROWS_AS(app::web_add_hand_words(*db, id, {{"taker", "Zed"}, {"contract", "prise"}}), Rejected);
  CHECK(app::hands(*db, id).size() == 1);
}

TEST_CASE("web use cases: a typed answer takes the words one-line entry takes; players listed in seat order", "[web]") {
  WebTempDir t;
  auto db = app::open_database((t.path / "w.db").string(), true);
  const auto& gr = rules::tarot_rules();
  json setup = app::setup_from_words(gr, {{"players", "Ann,Ben,Cat,Dan,Eve"}, {"dealer", "Ann"}});
  int64_t id = app::start_game(*db, std::string(gr.id()), setup, json::object());
  app::EntryStep s = app::entry_step(*db, id, std::nullopt, {{"taker", "Cat"}}, std::string("GS"));
  CHECK(s.error.empty());
  CHECK(s.answers == rules::Answers{{"taker", "Cat"}, {"contract", "garde_sans"}});
  REQUIRE(s.question);
  REQUIRE(s.question->key == "partner");
  CHECK(s.question->choices[2].value == "Dan");
  CHECK(s.question->choices[2].number == 4);  // the fourth seat, though the taker is not offered
}

TEST_CASE("web fast paths: the usual answers taken, the previous hand's answers given again, a redeal (issue #32)",
          "[web][fast]") {
  WebTempDir t;
  auto db = app::open_database((t.path / "f.db").string(), true);
  const auto& gr = rules::coinche_rules();
  json setup = app::setup_from_words(gr, {{"N", "Nina"}, {"E", "Emil"}, {"S", "Sara"}, {"W", "Will"}, {"dealer", "W"}});
  int64_t id = app::start_game(*db, std::string(gr.id()), setup, json::object());

  // fill: the dealer and "played" are their presets; the bidder has none, so he is asked
  app::EntryPresets fill{{}, false, true};
  app::EntryStep s = app::entry_step(*db, id, std::nullopt, {}, std::nullopt, app::AnswerOrder::asked, fill);
  CHECK(s.answers == rules::Answers{{"dealer", "W"}, {"redeal", "played"}});
  CHECK(s.filled == std::vector<std::string>{"dealer", "redeal"});
  REQUIRE(s.question);
  CHECK(s.question->key == "bidder");
  CHECK(s.has_redeal);
  // a typed answer, then every question with a preset up to the next that has none
  s = app::entry_step(*db, id, std::nullopt, s.answers, std::string("S"), app::AnswerOrder::asked, fill);
  REQUIRE(s.question);
  CHECK(s.question->key == "bid");
  // the page sees the bid grid, the complement and the redeal
  nlohmann::ordered_json j = web::step_json(s);
  CHECK(j["question"]["layout"] == "grid");
  CHECK(j["redeal"] == true);
  CHECK(j["filled"].empty());  // this step filled nothing: the bid follows the bidder and has no preset

  // the previous hand's answers (a preset kept as an empty answer: the dealer moves on) give the whole hand
  rules::Answers last = {{"dealer", ""},  {"redeal", ""},   {"bidder", "S"},     {"bid", "90"},      {"trump", "D"},
                         {"coinche", ""}, {"points", "95"}, {"last", "bidders"}, {"belote", "none"}, {"annonce", ""}};
  app::EntryPresets same{last, false, true};
  app::EntryStep all = app::entry_step(*db, id, std::nullopt, {}, std::nullopt, app::AnswerOrder::asked, same);
  REQUIRE(all.complete);
  CHECK(all.answers.front() == std::pair<std::string, std::string>("dealer", "W"));
  app::add_hand_answers(*db, id, all.answers);
  app::EntryStep again = app::entry_step(*db, id, std::nullopt, {}, std::nullopt, app::AnswerOrder::asked, same);
  REQUIRE(again.complete);
  CHECK(again.answers.front() == std::pair<std::string, std::string>("dealer", "N"));  // the next dealer
  // one answer changed: the rest are given again after it
  app::EntryStep changed = app::entry_step(
      *db, id, std::nullopt,
      {{"dealer", "N"}, {"redeal", "played"}, {"bidder", "S"}, {"bid", "90"}, {"trump", "D"}, {"coinche", "no"}},
      std::string("100"), app::AnswerOrder::asked, same);
  REQUIRE(changed.complete);
  CHECK(rules::answer_of(changed.answers, "points") != nullptr);
  CHECK(*rules::answer_of(changed.answers, "points") == "100");
  CHECK(*rules::answer_of(changed.answers, "belote") == "none");
  // a kept answer the game refuses now stops there, asked with its error (151 card points: C09)
  rules::Answers bad = last;
  bad[6].second = "151";
  app::EntryStep refused = app::entry_step(*db, id, std::nullopt, {}, std::nullopt, app::AnswerOrder::asked,
                                           app::EntryPresets{bad, false, true});
  REQUIRE(refused.question);
  CHECK(refused.question->key == "points");
  CHECK_FALSE(refused.errors.empty());

  // a redeal in one request: all passed, the dealer preset; stored, the dealer moves on
  app::EntryStep r = app::entry_step(*db, id, std::nullopt, {}, std::nullopt, app::AnswerOrder::asked,
                                     app::EntryPresets{{}, true, true});
  REQUIRE(r.complete);
  CHECK(r.answers == rules::Answers{{"dealer", "N"}, {"redeal", "all_pass"}});
  app::HandOutcome o = app::add_hand_answers(*db, id, r.answers);
  CHECK(o.no == 2);
  CHECK(app::game_view(*db, id).score["next_dealer"] == "Emil");

  // tarot: nobody took, all passed; its points offer the defence's side
  const auto& tr = rules::tarot_rules();
  json ts = app::setup_from_words(tr, {{"players", "Ann,Ben,Cat,Dan"}, {"dealer", "Ann"}});
  int64_t tid = app::start_game(*db, std::string(tr.id()), ts, json::object());
  app::EntryStep tredeal = app::entry_step(*db, tid, std::nullopt, {}, std::nullopt, app::AnswerOrder::asked,
                                           app::EntryPresets{{}, true, true});
  REQUIRE(tredeal.complete);
  CHECK(tredeal.answers == rules::Answers{{"taker", "redeal"}, {"reason", "all_pass"}});
  app::EntryStep tp = app::entry_step(*db, tid, std::nullopt,
                                      {{"taker", "Ben"}, {"contract", "garde"}, {"oudlers", "2"}}, std::nullopt);
  REQUIRE(tp.question);
  CHECK(tp.question->key == "points");
  CHECK(tp.question->complement == 91);
}

TEST_CASE("the table in focus: only start and use move it; a write to another game never does (issue #29)", "[web]") {
  WebTempDir t;
  auto db = app::open_database((t.path / "f.db").string(), true);
  const auto& gr = rules::tarot_rules();
  int64_t a = app::start_game(*db, "tarot",
                              app::setup_from_words(gr, {{"players", "Ann,Ben,Cat,Dan"}, {"dealer", "Ann"}}),
                              json::object());
  int64_t b = app::start_game(*db, "tarot",
                              app::setup_from_words(gr, {{"players", "Eve,Fay,Gus,Hal"}, {"dealer", "Eve"}}),
                              json::object());
  CHECK(app::focus_game(*db) == b);  // start moves it
  app::use_game(*db, a);
  CHECK(app::focus_game(*db) == a);
  const rules::Words hand{{"taker", "Fay"}, {"contract", "garde"}, {"oudlers", "2"}, {"points", "47"}};
  app::add_hand(
      *db, b, [&](const rules::Game& before) { return app::record_from_words(gr, before, hand); }, false);
  app::edit_hand_words(*db, b, 1, {{"points", "50"}}, false, false);
  app::undo(*db, b);
  app::redo(*db, b);
  app::delete_hand(*db, b, 1, false);
  app::set_game_end(*db, b, "closed");
  app::set_game_end(*db, b, "");
  app::web_undo(*db, b);  // a phone's write too
  CHECK(app::focus_game(*db) == a);
  CHECK(app::resolve_game(*db, std::nullopt) == a);
}

TEST_CASE("web pages: at a table where the dealer sits out, the board and the game page say so (issue #29)", "[web]") {
  WebTempDir t;
  auto db = app::open_database((t.path / "s.db").string(), true);
  const rules::GameRules& gr = *rules::find_game("prefa");
  int64_t night = app::start_night(*db, "2026-11-20", "Café", "Club", "");
  int64_t four = app::start_game(*db, "prefa",
                                 app::setup_from_words(gr, {{"players", "Ann,Ben,Cat,Dan"}, {"dealer", "Ann"}}),
                                 json::object(), night);
  int64_t three = app::start_game(*db, "prefa",
                                  app::setup_from_words(gr, {{"players", "Eve,Fay,Gus"}, {"dealer", "Eve"}}),
                                  json::object(), night);
  web::PageContext c;
  const std::string board = web::board_page(app::board(*db, night), app::nights(*db), c);
  CHECK(board.find("dealer Ann (sits out)") != std::string::npos);
  CHECK(board.find("dealer Eve (sits out)") == std::string::npos);
  CHECK(board.find("dealer Eve") != std::string::npos);
  // the phone's questions: who deals and who sits out
  const app::EntryStep step = app::entry_step(*db, four, std::nullopt, {}, std::nullopt);
  CHECK(step.dealer == "Ann");
  CHECK(web::step_json(step)["sitting_out"] == "Ann");
  CHECK(app::entry_step(*db, three, std::nullopt, {}, std::nullopt).sitting_out.empty());
  for (int64_t id : {four, three}) {
    app::GameView v = app::game_view(*db, id);
    const std::string page = web::game_page(v, gr.score_sheet(app::game_file(*db, id), v.score), c);
    CHECK((page.find("(sits out)") != std::string::npos) == (id == four));
  }
}

TEST_CASE("web pages: the board lists the open tables first; the big board their totals only, no control (issue #32)",
          "[web]") {
  WebTempDir t;
  auto db = app::open_database((t.path / "b.db").string(), true);
  const auto& gr = rules::tarot_rules();
  int64_t night = app::start_night(*db, "2026-11-20", "Café", "Club", "");
  auto start = [&](const std::string& players, const std::string& dealer) {
    return app::start_game(*db, "tarot", app::setup_from_words(gr, {{"players", players}, {"dealer", dealer}}),
                           json::object(), night);
  };
  const std::string over = std::to_string(start("Eve,Fay,Gus,Hal", "Eve"));
  const std::string open = std::to_string(start("Ann,Ben,Cat,Dan", "Ann"));
  app::set_game_end(*db, std::stoll(over), "closed");
  web::PageContext c;
  c.path = "/night/" + std::to_string(night);
  const app::Board b = app::board(*db, night);
  const std::string board = web::board_page(b, app::nights(*db), c);
  REQUIRE(board.find("id=\"game-" + over + "\"") != std::string::npos);
  CHECK(board.find("id=\"game-" + open + "\"") < board.find("id=\"game-" + over + "\""));
  CHECK(board.find("href=\"/night/" + std::to_string(night) + "/big\"") != std::string::npos);
  c.path = "/";
  CHECK(web::board_page(app::board(*db, std::nullopt), app::nights(*db), c).find("href=\"/big\"") != std::string::npos);

  const std::string big = web::big_board_page(b, c);
  CHECK(big.find("id=\"big-" + open + "\"") != std::string::npos);
  CHECK(big.find("Ann") != std::string::npos);
  CHECK(big.find("big-" + over) == std::string::npos);  // over: not on the big board
  CHECK(big.find("Eve") == std::string::npos);
  CHECK(big.find(" data-live") != std::string::npos);  // refreshed like the board
  for (const char* control : {"<a ", "<button", "<form", "<input", "<nav"})
    CHECK(big.find(control) == std::string::npos);
  app::set_game_end(*db, std::stoll(open), "closed");
  CHECK(web::big_board_page(app::board(*db, night), c).find("No open table.") != std::string::npos);
}

TEST_CASE("web request reader: a request read as it comes, within limits", "[web]") {
  using Step = web::RequestReader::Step;
  const web::RequestLimits limits;
  // as it comes, a byte at a time: the outcome of the whole at once
  auto read = [&](const std::string& bytes, size_t slice) {
    web::RequestReader r(limits);
    std::string buf;
    Step step = Step::head;
    for (size_t at = 0; at < bytes.size() && (step == Step::head || step == Step::body); at += slice) {
      buf += bytes.substr(at, slice);
      step = r.read(buf);
    }
    return std::make_pair(step, step == Step::refused ? r.refusal().status
                                : step == Step::done  ? static_cast<int>(r.length())
                                                      : 0);
  };
  const std::string get = "GET /game/1?x=2 HTTP/1.1\r\nHost: localhost\r\nX-Empty:\r\n\r\n";
  CHECK(read(get + "GET / HTTP/1.1\r\n", 1) == std::make_pair(Step::done, static_cast<int>(get.size())));
  web::RequestReader r(limits);
  REQUIRE(r.read(get) == Step::done);
  CHECK(r.request().method == "GET");
  CHECK(r.request().target == "/game/1?x=2");
  CHECK(r.request().version == "HTTP/1.1");
  REQUIRE(r.request().headers.size() == 2);
  CHECK(r.request().headers[0] == std::make_pair(std::string("host"), std::string("localhost")));
  // a chunked body, decoded, its trailers read
  const std::string chunked =
      "POST /api/games/1/entry HTTP/1.1\r\nTransfer-Encoding: Chunked\r\n\r\n3;x=y\r\n{\"a\r\n2\r\n\":\r\n2\r\n1}\r\n0\r\nX-T: 1\r\n\r\n";
  for (size_t slice : {1, 7, 1000})
    CHECK(read(chunked, slice) == std::make_pair(Step::done, static_cast<int>(chunked.size())));
  web::RequestReader c(limits);
  REQUIRE(c.read(chunked) == Step::done);
  CHECK(c.request().body == "{\"a\":1}");
  // the refusals
  const std::string post = "POST / HTTP/1.1\r\n";
  CHECK(read("GET /" + std::string(9000, 'a') + " HTTP/1.1\r\n\r\n", 4096).second == 414);
  CHECK(read("GET / HTTP/1.1\r\nX: " + std::string(9000, 'a') + "\r\n\r\n", 4096).second == 431);
  std::string many = "GET / HTTP/1.1\r\n";
  for (int i = 0; i < 65; ++i) many += "X-" + std::to_string(i) + ": 1\r\n";
  CHECK(read(many + "\r\n", 100).second == 431);
  CHECK(read(post + "Content-Length: 65537\r\n\r\n", 100).second == 413);
  CHECK(read(post + "Content-Length: 99999999999999999999999\r\n\r\n", 100).second == 413);
  CHECK(read(post + "Content-Length: 1\r\nContent-Length: 2\r\n\r\n", 100).second == 400);
  CHECK(read(post + "Content-Length: x\r\n\r\n", 100).second == 400);
  CHECK(read(post + "Content-Encoding: gzip\r\nContent-Length: 1\r\n\r\nx", 100).second == 415);
  CHECK(read("GET / HTTP/1.1\r\nRange: bytes=" + std::string(100, '1') + "\r\n\r\n", 100).second == 416);
  CHECK(read(post + "Transfer-Encoding: gzip, chunked\r\n\r\n", 100).second == 501);
  CHECK(read(post + "Transfer-Encoding: chunked\r\nContent-Length: 1\r\n\r\n", 100).second == 400);
  CHECK(read(post + "Transfer-Encoding: chunked\r\n\r\n10001\r\n", 100).second == 413);
  CHECK(read(post + "Transfer-Encoding: chunked\r\n\r\nzz\r\n", 100).second == 400);
  CHECK(read(post + "Transfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n", 100).second == 400);
  // a size line's extension, and trailers, are bounded however the bytes come: at once as a byte at a time
  const std::string long_size = post + "Transfer-Encoding: chunked\r\n\r\n1;" + std::string(2000, 'x') +
                                "\r\na\r\n0\r\n\r\n";
  CHECK(read(long_size, 1).second == 400);
  CHECK(read(long_size, long_size.size()).second == 400);
  std::string trailers = post + "Transfer-Encoding: chunked\r\n\r\n0\r\n";
  for (int i = 0; i < 20000; ++i) trailers += "X: 1\r\n";
  CHECK(read(trailers + "\r\n", trailers.size() + 2).second == 431);
  CHECK(read(trailers + "\r\n", 6).second == 431);
  // nothing yet, or a head not yet whole
  CHECK(read("GET / HTTP/1.1\r\n", 1).first == Step::head);
  CHECK(read(post + "Content-Length: 5\r\n\r\nab", 1).first == Step::body);
}

TEST_CASE("web request reader: nesting and an entry's answers", "[web]") {
  CHECK(web::json_shallow(R"({"a":[[1]],"b":"[[[[[["})", 3));
  CHECK_FALSE(web::json_shallow(R"({"a":[[[1]]]})", 3));
  CHECK(web::entry_answers(json::parse(R"({"answers":[["taker","Ben"]]})")) == rules::Answers{{"taker", "Ben"}});
  CHECK(web::entry_answers(json::object()) == rules::Answers{});
  CHECK_FALSE(web::entry_answers(json::parse(R"({"answers":[["taker",1]]})")));
  // the fast paths' "then": the same shape, checked the same way
  CHECK(web::entry_answers(json::parse(R"({"then":[["points",""]]})"), "then") == rules::Answers{{"points", ""}});
  CHECK_FALSE(web::entry_answers(json::parse(R"({"then":{"points":"1"}})"), "then"));
}

TEST_CASE("web languages: the scripts' messages are read from their t() calls, said in the page's language",
          "[web][language]") {
  const std::string js = "const a = t('web.js.next', 'Next');\n"
                         "el('p', {}, t(\"web.js.kept\", '✓ Kept: {words}', { words }));\n"
                         "x.t('not.this', 'a method'); set('no.call', 'x'); at('not.at', 'y');\n"
                         "t('web.js.next', 'Next');  // once\n"
                         "t('web.js.words_bad', \"words: ''{word}'' is not key=value\", { word });\n"
                         "t('web.js.escaped', 'it\\'s \\u00e9');\n";
  const auto said = web::script_messages(js);
  REQUIRE(said.size() == 4);
  CHECK(said[0] == std::pair<std::string, std::string>{"web.js.next", "Next"});
  CHECK(said[1] == std::pair<std::string, std::string>{"web.js.kept", "✓ Kept: {words}"});
  CHECK(said[2].second == "words: ''{word}'' is not key=value");
  CHECK(said[3].second == "it's é");
  // English: the script's own words; French from the catalogue; a page cannot be ended by a message ("</")
  const std::string en = web::script_catalogue(said, "en");
  CHECK(en.find("\"web.js.next\":\"Next\"") != std::string::npos);
  const std::string fr = web::script_catalogue(said, "fr");
  CHECK(fr.find("\"web.js.next\":\"Suivant\"") != std::string::npos);
  CHECK(web::script_catalogue({{"x", "</script>"}}, "en").find("</") == std::string::npos);
}

TEST_CASE("web languages: the page says its language, carries the scripts' words and the menu", "[web][language]") {
  web::PageContext c;
  c.path = "/game/1/hand";
  c.messages = "{\"web.js.next\":\"Suivant\"}";
  text::UseLanguage fr("fr");
  const std::string html = web::login_page("/game/1/hand", "", c);
  CHECK(html.find("<html lang=\"fr\">") != std::string::npos);
  CHECK(html.find("<script type=\"application/json\" id=\"messages\">{\"web.js.next\":\"Suivant\"}</script>") !=
        std::string::npos);
  CHECK(html.find("Code du marqueur") != std::string::npos);
  // the menu: each language in its own name, this one marked, the links back to this page (never ending in /hand:
  // the service worker fetches such links ahead)
  CHECK(html.find("<a href=\"/language?next=/game/1/hand&amp;set=hu\" lang=\"hu\" hreflang=\"hu\">Magyar</a>") !=
        std::string::npos);
  CHECK(html.find("hreflang=\"fr\" aria-current=\"true\">Français</a>") != std::string::npos);
  CHECK(html.find("Scorer") == std::string::npos);
}

}  // namespace unit_test_web
