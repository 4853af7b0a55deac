// check's problems said in the reader's language (app.check.*), their JSON in English, whichever thread found them.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include <SQLiteCpp/SQLiteCpp.h>

#include "app/app.hpp"
#include "core/language.hpp"

namespace unit_language_check {

using namespace marque;
using json = nlohmann::json;

TEST_CASE("check: a problem said in the language, the same problem in English for JSON", "[language][check]") {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("marque-check-lang-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string f = (dir / "c.db").string();
  {
    auto s = app::open_database(f, true);
    const int64_t id = app::start_game(*s, "tarot",
                                       json::parse(R"({"players":["Ann","Ben","Cat","Dan"],"first_dealer":"Ann"})"),
                                       json::object());
    app::add_hand(*s, id, json::parse(R"({"type":"hand","taker":"Ben","contract":"garde","oudlers":2,"points":50})"),
                  false);
  }
  {
    SQLite::Database db(f, SQLite::OPEN_READWRITE);
    db.exec("UPDATE games SET hand_count = 7");
  }
  ::setenv("MARQUE_CHECK_THREADS", "2", 1);  // found by a worker thread, said in the caller's language
  auto s = app::open_database(f, false);
  const std::string english = "game 1: stored hand count 7, it has 1";
  {
    text::UseLanguage fr("fr");
    const auto rep = app::check(*s);
    REQUIRE(rep.problems.size() == 1);
    REQUIRE(rep.said.size() == 1);
    CHECK(rep.problems[0] == english);
    CHECK(rep.said[0] == "partie 1\u00a0: nombre de donnes stocké 7, elle en a 1");
  }
  {
    text::UseLanguage hu("hu");
    CHECK(app::check(*s).said.at(0) == "1. játszma: tárolt leosztásszám 7, valójában 1");
  }
  const auto rep = app::check(*s);
  CHECK(rep.said.at(0) == english);
  ::unsetenv("MARQUE_CHECK_THREADS");
  s.reset();
  std::filesystem::remove_all(dir);
}

}  // namespace unit_language_check
