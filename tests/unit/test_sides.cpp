// A game's sides as the use cases give them to the renderers (core/sides.hpp): a team game's teams with the game's own
// heading and exact totals, a game of players one side per player; the terminal text renders them and marks the spans
// it may colour (reports::Styled), the served pages list them (app::board_lines).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>

#include "app/app.hpp"
#include "core/text.hpp"
#include "reports/game_text.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_sides {

using namespace marque;
namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

struct SidesTempDir {
  fs::path path;
  SidesTempDir() {
    static int n = 0;
    path = fs::temp_directory_path() / ("marque-sides-test-" + std::to_string(::getpid()) + "-" + std::to_string(n++));
    fs::create_directories(path);
  }
  ~SidesTempDir() { fs::remove_all(path); }
};

int64_t start(app::Session& db, const rules::GameRules& gr, const rules::Words& words) {
  return app::start_game(db, std::string(gr.id()), app::setup_from_words(gr, words), json::object());
}

app::HandOutcome hand(app::Session& db, int64_t id, const rules::GameRules& gr, const rules::Words& words) {
  return app::add_hand(
      db, id, [&](const rules::Game& before) { return app::record_from_words(gr, before, words); }, false);
}

std::string spanned(const reports::Styled& s, size_t i) {
  return s.text.substr(s.spans[i].begin, s.spans[i].end - s.spans[i].begin);
}

}  // namespace

TEST_CASE("sides: a team game's teams, their heading and exact totals, from the use cases", "[sides]") {
  SidesTempDir t;
  auto db = app::open_database((t.path / "s.db").string(), true);
  const auto& gr = rules::coinche_rules();
  const int64_t id =
      start(*db, gr, {{"N", "Nina"}, {"E", "Emil"}, {"S", "Sara"}, {"W", "Will"}, {"dealer", "W"}, {"target", "1000"}});
  app::HandOutcome o =
      hand(*db, id, gr,
           {{"bidder", "S"}, {"bid", "90"}, {"trump", "D"}, {"points", "95"}, {"last", "bidders"}, {"belote", "S"}});
  REQUIRE(o.sides.teams);
  CHECK(o.sides.heading == "Nous / Eux");
  REQUIRE(o.sides.lines.size() == 2);
  CHECK(o.sides.lines[0].name == "NS");
  CHECK(o.sides.lines[0].label == "N/S");
  CHECK(o.sides.lines[0].players == std::vector<std::string>{"Nina", "Sara"});
  CHECK(o.sides.lines[1].players == std::vector<std::string>{"Emil", "Will"});
  CHECK(o.sides.lines[0].delta == 215);
  CHECK(o.sides.lines[1].delta == 57);
  CHECK(o.sides.lines[0].total == 215);
  REQUIRE(o.made.has_value());
  CHECK(*o.made);

  // a second hand: the view's sides as the game stands, each hand's by itself
  hand(*db, id, gr, {{"redeal", "all_pass"}});
  app::HandOutcome third = hand(
      *db, id, gr,
      {{"bidder", "E"}, {"bid", "100"}, {"trump", "H"}, {"coinche", "N"}, {"points", "80"}, {"last", "defenders"}});
  CHECK(third.sides.lines[0].delta == 420);
  REQUIRE(third.made.has_value());
  CHECK_FALSE(*third.made);
  app::GameView v = app::game_view(*db, id);
  REQUIRE(v.sides.lines.size() == 2);
  CHECK(v.sides.lines[0].total == 635);
  CHECK(v.sides.lines[1].total == 57);
  REQUIRE(v.hands.size() == 3);
  const Sides first = app::hand_sides(v, v.hands[0]);
  CHECK(first.lines[0].delta == 215);
  CHECK(first.lines[0].total == 215);
  CHECK(first.lines[1].total == 57);
  CHECK(app::hand_sides(v, v.hands[1]).lines[0].delta == 0);

  // the served pages' lines: a team with its players, the leader marked
  const auto lines = app::board_lines(v.sides, 3);
  REQUIRE(lines.size() == 2);
  CHECK(lines[0].name == "NS · Nina & Sara");
  CHECK(lines[0].leads);
  CHECK_FALSE(lines[1].leads);
  // the board reads the same sides from the stored summary (no replay)
  app::Board b = app::board(*db, std::nullopt);
  REQUIRE(b.others.size() == 1);
  REQUIRE(b.others[0].lines.size() == 2);
  CHECK(b.others[0].lines[1].name == "EW · Emil & Will");
  CHECK(b.others[0].lines[1].total == 57);

  // marque score: the sides' totals under the game's heading
  const std::string score = reports::score_text(app::score_game(*db, id).score, app::sides_of(app::score_game(*db, id)),
                                                id);
  CHECK(score.find("\nNous / Eux: NS 635  EW 57\n") != std::string::npos);
}

TEST_CASE("sides: a game of players has one side per player and no heading", "[sides]") {
  SidesTempDir t;
  auto db = app::open_database((t.path / "p.db").string(), true);
  const auto& gr = rules::tarot_rules();
  const int64_t id = start(*db, gr, {{"players", "Ann,Ben,Cat,Dan"}, {"dealer", "Dan"}});
  app::HandOutcome o = hand(*db, id, gr, {{"taker", "Ben"}, {"contract", "garde"}, {"oudlers", "2"}, {"points", "47"}});
  CHECK_FALSE(o.sides.teams);
  CHECK(o.sides.heading.empty());
  REQUIRE(o.sides.lines.size() == 4);
  for (size_t i = 0; i < 4; ++i) {
    const std::string p = o.score["players"][i].get<std::string>();
    CHECK(o.sides.lines[i].name == p);
    CHECK(o.sides.lines[i].players == std::vector<std::string>{p});
    CHECK(o.sides.lines[i].total == *amount_of(o.score["totals"][p], 1));
    CHECK(o.sides.lines[i].delta == *amount_of(o.entry["deltas"][p], 1));
  }
  // the list's columns are the players, with each hand's deltas and the totals
  app::GameView v = app::game_view(*db, id);
  std::vector<reports::ListedHand> listed;
  for (const auto& h : v.hands) listed.push_back({h.no, h.words, &h.entry, &h.side_deltas});
  const std::string list = reports::hand_list_text(v.sides, listed);
  CHECK(list.find("Ann") != std::string::npos);
  CHECK(list.find(text::format_signed(v.hands[0].side_deltas[1])) != std::string::npos);
}

TEST_CASE("sides: the hand's text marks its words made or failed and its totals, the spans the terminal colours",
          "[sides]") {
  Sides sides;
  sides.teams = true;
  sides.heading = "Nous / Eux";
  sides.lines = {{"NS", "N/S", {"Nina", "Sara"}, Amount::whole(215), Amount::whole(215)},
                 {"EW", "E/W", {"Emil", "Will"}, Amount::whole(57), Amount::whole(57)}};
  const nlohmann::ordered_json score = {{"players", {"Nina", "Emil", "Sara", "Will"}},
                                        {"totals", {{"Nina", 215}, {"Emil", 57}, {"Sara", 215}, {"Will", 57}}}};
  const nlohmann::ordered_json entry = {{"deltas", {{"Nina", 215}, {"Emil", 57}, {"Sara", 215}, {"Will", 57}}}};
  reports::HandHeader h{1, "g", 1, "recorded", "N/S 90 by S: made", "", "Nina", nullptr, &sides, true};
  const reports::Styled s = reports::hand_outcome_styled(entry, score, h);
  CHECK(s.text == "game 1 · g (Nina, Emil, Sara, Will) · hand 1 recorded: N/S 90 by S: made\n"
                  "  hand:   NS +215  EW +57\n"
                  "  deltas: Nina +215  Emil +57  Sara +215  Will +57\n"
                  "  Nous / Eux: NS 215  EW 57\n"
                  "  totals: Nina 215  Emil 57  Sara 215  Will 57\n"
                  "  next dealer: Nina\n");
  REQUIRE(s.spans.size() == 3);
  CHECK(s.spans[0].role == reports::Styled::Role::made);
  CHECK(spanned(s, 0) == "N/S 90 by S: made");
  CHECK(s.spans[1].role == reports::Styled::Role::total);
  CHECK(spanned(s, 1) == "NS 215  EW 57");
  CHECK(spanned(s, 2) == "Nina 215  Emil 57  Sara 215  Will 57");

  // failed: red words; unknown: no span for the words; a game of players: no hand or heading line
  h.made = false;
  CHECK(reports::hand_outcome_styled(entry, score, h).spans[0].role == reports::Styled::Role::failed);
  h.made.reset();
  Sides players;
  for (const char* p : {"Nina", "Emil", "Sara", "Will"})
    players.lines.push_back({p, p, {p}, Amount::whole(1), Amount::whole(1)});
  h.sides = &players;
  const reports::Styled plain = reports::hand_outcome_styled(entry, score, h);
  REQUIRE(plain.spans.size() == 1);
  CHECK(spanned(plain, 0) == "Nina 215  Emil 57  Sara 215  Will 57");
  CHECK(plain.text.find("hand:") == std::string::npos);
  CHECK(plain.text.find("Nous") == std::string::npos);
}

}  // namespace unit_test_sides
