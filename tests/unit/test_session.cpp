// The app's session (issue 31): the writer is the session's own, set by the front end (the command line keeps "cli";
// a served page's write is "web" for the length of the call) and never shared with another session or thread.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <thread>

#include "app/app.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_session {

using namespace marque;
namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

struct SessionDir {
  fs::path path;
  SessionDir() {
    static int n = 0;
    path = fs::temp_directory_path() /
           ("marque-session-test-" + std::to_string(::getpid()) + "-" + std::to_string(n++));
    fs::create_directories(path);
  }
  ~SessionDir() { fs::remove_all(path); }
  std::string db() const { return (path / "s.db").string(); }
};

int64_t new_game(app::Session& s) {
  const auto& gr = rules::tarot_rules();
  return app::start_game(s, std::string(gr.id()),
                         app::setup_from_words(gr, {{"players", "Ann,Ben,Cat,Dan"}, {"dealer", "Ann"}}),
                         json::object());
}

const json k_hand = json::parse(R"({"type":"hand","taker":"Ben","contract":"garde","oudlers":2,"points":50})");

}  // namespace

TEST_CASE("session: each session writes as its own writer; a served page's write is \"web\" for that call only",
          "[session]") {
  SessionDir d;
  auto cli = app::open_database(d.db(), true);
  auto web = app::open_database(d.db(), true);
  CHECK(cli->writer().source == "cli");
  const int64_t id = new_game(*cli);

  web->set_writer(app::Writer{"web"});
  app::add_hand(*web, id, k_hand, false);
  app::add_hand(*cli, id, k_hand, false);
  CHECK(cli->writer().source == "cli");
  auto hands = app::hands(*cli, id);
  REQUIRE(hands.size() == 2);
  CHECK(hands[0].source == "web");
  CHECK(hands[1].source == "cli");

  // the served pages' use cases write as "web" and leave the session's writer as it was, refused or not
  web->set_writer(app::Writer{});
  app::web_delete_hand(*web, id, 2);
  CHECK(web->writer().source == "cli");
  CHECK_THROWS(app::web_delete_hand(*web, id, 9));
  CHECK(web->writer().source == "cli");
  app::web_undo(*web, id);  // the deleted hand comes back, put back by the web
  CHECK(web->writer().source == "cli");
  hands = app::hands(*cli, id);
  REQUIRE(hands.size() == 2);
  CHECK(hands[1].source == "web");
}

TEST_CASE("session: two threads, each with its own session, keep their own writers", "[session]") {
  SessionDir d;
  int64_t a = 0, b = 0;
  {
    auto s = app::open_database(d.db(), true);
    a = new_game(*s);
    b = new_game(*s);
  }
  auto writes = [&](int64_t game, const std::string& source) {
    auto s = app::open_database(d.db(), true);
    s->set_writer(app::Writer{source});
    for (int i = 0; i < 6; ++i) app::add_hand(*s, game, k_hand, false);
  };
  std::thread web([&] { writes(a, "web"); });
  std::thread cli([&] { writes(b, "cli"); });
  web.join();
  cli.join();
  auto s = app::open_database(d.db(), false);
  for (const auto& h : app::hands(*s, a)) CHECK(h.source == "web");
  for (const auto& h : app::hands(*s, b)) CHECK(h.source == "cli");
  CHECK(app::hands(*s, a).size() == 6);
  CHECK(app::hands(*s, b).size() == 6);
}

}  // namespace unit_test_session

namespace unit_test_session {

TEST_CASE("session: a change's submission key is stored with it; the same key again stores nothing, even from a new "
          "session (a server restarted)",
          "[session]") {
  SessionDir d;
  int64_t id = 0;
  {
    auto web = app::open_database(d.db(), true);
    id = new_game(*web);
    web->set_submission("/api/games/1/hands|key-0001");
    app::add_hand(*web, id, k_hand, false);
    // the key applies to that one change: the next write without a key is stored
    app::add_hand(*web, id, k_hand, false);
  }
  auto again = app::open_database(d.db(), true);  // the server's memory of keys is gone
  again->set_submission("/api/games/1/hands|key-0001");
  CHECK_THROWS_AS(app::add_hand(*again, id, k_hand, false), Repeated);
  CHECK(app::hands(*again, id).size() == 2);
  // refused, the key is forgotten: the session's next change is stored
  app::add_hand(*again, id, k_hand, false);
  CHECK(app::hands(*again, id).size() == 3);
  // another key is another change
  again->set_submission("/api/games/1/hands|key-0002");
  app::add_hand(*again, id, k_hand, false);
  CHECK(app::hands(*again, id).size() == 4);
}

}  // namespace unit_test_session
