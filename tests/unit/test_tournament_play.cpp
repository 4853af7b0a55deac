// A tournament's tables being played (app/tournament_play, tournament.md 4.1 and 4.3): each table of a published
// round started as an ordinary game, its result submitted from the game, confirmed by a second player (T08 for the
// submitter, the same side in coinche), disputed with a note (back to open), overridden with a reason (TW04), and
// the table's game refusing hands once its result is confirmed.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>

#include "app/app.hpp"

namespace unit_tournament_play {

using namespace marque;
namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

struct EventDir {
  fs::path path;
  EventDir() {
    static int n = 0;
    path = fs::temp_directory_path() / ("marque-tplay-test-" + std::to_string(::getpid()) + "-" + std::to_string(n++));
    fs::create_directories(path);
  }
  ~EventDir() { fs::remove_all(path); }
  std::string db() const { return (path / "t.db").string(); }
};

// an event of `game` with its entrants checked in, round 1 drawn, published and its tables started
int start_event(app::Session& s, const std::string& game, const std::vector<app::TournamentEntrant>& entrants) {
  app::TournamentSettings set;
  set.id = "club";
  set.name = "Club night";
  set.game = game;
  set.seed = "42";
  set.date = "2026-11-26";
  app::tournament_create(s, set);
  app::tournament_register(s, "club", entrants);
  int round = 0;
  app::tournament_draw(s, "club", round);
  app::tournament_publish(s, "club", round);
  app::tournament_start_tables(s, "club", round);
  return round;
}

std::vector<app::TournamentEntrant> players(std::initializer_list<const char*> names) {
  std::vector<app::TournamentEntrant> out;
  for (const char* n : names) {
    app::TournamentEntrant e;
    e.name = n;
    e.checked_in = true;
    out.push_back(e);
  }
  return out;
}

std::string code_of(const Rejected& r) { return r.diagnostics().errors().front().code; }

// a hand of the table's game: the first seat takes a garde and makes it
void play_hand(app::Session& s, const app::TablePlay& t) {
  app::add_hand(
      s, *t.game_id,
      json{{"type", "hand"}, {"taker", t.seats[0].name}, {"contract", "garde"}, {"oudlers", 2}, {"points", 50}}, false);
}

}  // namespace

TEST_CASE("tournament tables: a published round's tables are games; submit, confirm (T08), a hand refused after",
          "[tournament_play]") {
  EventDir d;
  auto s = app::open_database(d.db(), true);
  const int round = start_event(*s, "tarot", players({"Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}));
  int r = round;
  const auto tables = app::round_tables(*s, "club", r);
  REQUIRE(tables.size() == 2);
  for (const auto& t : tables) {
    REQUIRE(t.game_id);
    const auto g = app::game_info(*s, *t.game_id);
    CHECK(g.meta["event"] == "club");
    CHECK(g.meta["round"] == round);
    CHECK(g.meta["table"] == t.table);
    CHECK(g.setup["end"]["deals"] == 4);  // tarot: k x N deals (1.2)
    CHECK(g.players.size() == 4);
    CHECK(g.players[0] == t.seats[0].name);
  }
  const auto t = tables[0];
  CHECK(app::table_by_code(*s, t.code).table == t.table);
  // lower case opens the same table
  std::string lower = t.code;
  for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  CHECK(app::table_by_code(*s, lower).table == t.table);

  play_hand(*s, t);
  play_hand(*s, t);
  const auto before = app::table_of_event(*s, "club", round, t.table);
  CHECK(before.state == "open");
  CHECK(before.deals == 2);

  // someone from the other table cannot submit
  const std::string other = tables[1].seats[0].entrant;
  try {
    app::table_submit(*s, "club", round, t.table, other);
    FAIL("submitted by someone not seated");
  } catch (const Rejected& e) {
    CHECK(code_of(e) == "T08");
  }
  app::table_submit(*s, "club", round, t.table, t.seats[0].entrant);
  auto now = app::table_of_event(*s, "club", round, t.table);
  CHECK(now.state == "submitted");
  CHECK(now.short_table);  // 2 deals of 4: not over
  CHECK(now.totals == before.totals);

  // confirmation by the submitter: T08, nothing stored
  const auto versions = app::tournament_history(*s, "club").size();
  try {
    app::table_confirm(*s, "club", round, t.table, t.seats[0].entrant);
    FAIL("confirmed by the submitter");
  } catch (const Rejected& e) {
    CHECK(code_of(e) == "T08");
  }
  CHECK(app::tournament_history(*s, "club").size() == versions);
  CHECK(app::table_of_event(*s, "club", round, t.table).state == "submitted");

  // no hand while submitted
  CHECK_THROWS_AS(play_hand(*s, t), Error);
  app::table_confirm(*s, "club", round, t.table, t.seats[2].name);  // by name
  now = app::table_of_event(*s, "club", round, t.table);
  CHECK(now.state == "confirmed");
  CHECK(now.confirmed_by == t.seats[2].entrant);
  CHECK(app::tournament_history(*s, "club").back().action == "confirm");
  // a hand refused once the result is confirmed, with a clear error
  try {
    play_hand(*s, t);
    FAIL("a hand stored after confirmation");
  } catch (const Error& e) {
    CHECK(std::string(e.what()).find("confirmed") != std::string::npos);
  }
  // the stored document carries the table's game (4.1)
  const auto doc = app::tournament_show(*s, "club");
  CHECK(doc["rounds_played"][0]["tables"][static_cast<size_t>(t.table - 1)]["game"]["format"] == "marque-game/1");
}

TEST_CASE("tournament tables: a dispute goes back to open with its note; the organiser overrides with a reason",
          "[tournament_play]") {
  EventDir d;
  auto s = app::open_database(d.db(), true);
  const int round = start_event(*s, "tarot", players({"Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"}));
  int r = round;
  const auto t = app::round_tables(*s, "club", r)[1];
  play_hand(*s, t);
  app::table_submit(*s, "club", round, t.table, t.seats[1].entrant);
  // a dispute needs its note
  CHECK_THROWS_AS(app::table_dispute(*s, "club", round, t.table, t.seats[2].entrant, ""), Rejected);
  app::table_dispute(*s, "club", round, t.table, t.seats[2].entrant, "hand 1 was a garde sans");
  auto now = app::table_of_event(*s, "club", round, t.table);
  CHECK(now.state == "disputed");
  CHECK(now.note.find("hand 1 was a garde sans") != std::string::npos);
  // disputed: back to open for the table, its game takes hands again
  play_hand(*s, t);
  // the organiser overrides: a reason is required (T17), then confirmed (TW04)
  try {
    app::table_override(*s, "club", round, t.table, "", "organiser", {});
    FAIL("an override without a reason");
  } catch (const Rejected& e) {
    CHECK(code_of(e) == "T17");
  }
  app::table_override(*s, "club", round, t.table, "checked the paper sheet", "organiser", {});
  now = app::table_of_event(*s, "club", round, t.table);
  CHECK(now.state == "confirmed");
  CHECK(now.override_reason == "checked the paper sheet");
  const auto doc = app::tournament_show(*s, "club");
  bool tw04 = false;
  for (const auto& w : doc["warnings"]) tw04 = tw04 || w.value("code", "") == "TW04";
  CHECK(tw04);
  // a slip must sum to 0 (T07) and name the table's seats (T06)
  const auto t1 = app::round_tables(*s, "club", r)[0];
  std::vector<std::pair<std::string, std::string>> slip;
  for (const auto& seat : t1.seats) slip.emplace_back(seat.entrant, "10");
  try {
    app::table_slip(*s, "club", round, t1.table, t1.seats[0].entrant, slip, 4);
    FAIL("a slip that does not sum to 0");
  } catch (const Rejected& e) {
    CHECK(code_of(e) == "T07");
  }
  slip = {{t1.seats[0].entrant, "30"},
          {t1.seats[1].entrant, "-10"},
          {t1.seats[2].entrant, "-10"},
          {t1.seats[3].entrant, "-10"}};
  app::table_slip(*s, "club", round, t1.table, t1.seats[0].entrant, slip, 4);
  CHECK(app::table_of_event(*s, "club", round, t1.table).state == "submitted");
  app::table_confirm(*s, "club", round, t1.table, t1.seats[3].entrant);
  int closing = round;
  app::tournament_close_round(*s, "club", closing);
  // a closed round: no submission any more (T09)
  try {
    app::table_submit(*s, "club", round, t1.table, t1.seats[0].entrant);
    FAIL("submitted in a closed round");
  } catch (const Rejected& e) {
    CHECK(code_of(e) == "T09");
  }
  CHECK(app::table_by_code(*s, t1.code).round_closed);
}

TEST_CASE("tournament tables: coinche teams sit as partners; the same side cannot confirm (T08)", "[tournament_play]") {
  EventDir d;
  auto s = app::open_database(d.db(), true);
  std::vector<app::TournamentEntrant> teams;
  for (const auto& [a, b] : std::vector<std::pair<const char*, const char*>>{{"Ann", "Ben"}, {"Cat", "Dan"}}) {
    app::TournamentEntrant e;
    e.name = std::string(a) + " & " + b;
    e.players = {a, b};
    e.checked_in = true;
    teams.push_back(e);
  }
  const int round = start_event(*s, "coinche", teams);
  int r = round;
  const auto t = app::round_tables(*s, "club", r).at(0);
  REQUIRE(t.game_id);
  const auto g = app::game_info(*s, *t.game_id);
  REQUIRE(g.players.size() == 4);
  CHECK(g.setup["options"]["target_score"] == 2000);
  app::table_slip(*s, "club", round, t.table, t.seats[0].players.at(0),
                  {{t.seats[0].entrant, "2010"}, {t.seats[1].entrant, "1200"}}, 10);
  try {
    app::table_confirm(*s, "club", round, t.table, t.seats[0].players.at(1));  // the submitter's partner
    FAIL("confirmed by the same side");
  } catch (const Rejected& e) {
    CHECK(code_of(e) == "T08");
  }
  app::table_confirm(*s, "club", round, t.table, t.seats[1].players.at(0));
  CHECK(app::table_of_event(*s, "club", round, t.table).state == "confirmed");
}

}  // namespace unit_tournament_play
