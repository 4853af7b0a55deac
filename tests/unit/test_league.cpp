// Fair standings, ratings that can be followed and statistics of real hands (issue 19): reports/ over seats and
// facts as the games' own rules reduce them.
#include <catch2/catch.hpp>

#include "core/escape.hpp"
#include "core/json.hpp"

#include "reports/ratings.hpp"
#include "reports/site.hpp"
#include "reports/standings.hpp"
#include "reports/stats.hpp"
#include "rules/engine.hpp"
#include "rules/registry.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_league {

using namespace marque;
using reports::GameStanding;
using reports::Seat;

namespace {

Seat seat(const std::string& player, int place, double points = 0, const std::string& team = "") {
  return {player, place, *amount_of(nlohmann::json(points), 1), team};
}

GameStanding game(int64_t id, const std::string& kind, std::vector<Seat> seats,
                  const std::string& date = "2026-10-01") {
  return {id, kind, date, "club", 10, std::move(seats)};
}

// a coinche-like match: N, S against E, W, the side of `winner_ns` winning
GameStanding by_sides(int64_t id, bool ns_wins, std::vector<std::string> p) {
  const char* w = ns_wins ? "win" : "loss";
  const char* l = ns_wins ? "loss" : "win";
  return game(id, "kind_b",
              {seat(p[0], ns_wins ? 1 : 3, 1000, w), seat(p[1], ns_wins ? 3 : 1, 600, l),
               seat(p[2], ns_wins ? 1 : 3, 1000, w), seat(p[3], ns_wins ? 3 : 1, 600, l)});
}

std::map<std::string, nlohmann::ordered_json> entries(const nlohmann::ordered_json& doc) {
  std::map<std::string, nlohmann::ordered_json> out;
  for (const auto& e : doc["standings"]) out[e["player"].get<std::string>()] = e;
  return out;
}

}  // namespace

TEST_CASE("standings: a game played by sides places its two sides 1 and 0, as any game places its winner and last",
          "[standings]") {
  auto doc = reports::build_standings(
      {by_sides(1, true, {"Ann", "Ben", "Cat", "Dan"}),
       game(2, "kind_a", {seat("Eve", 1, 30), seat("Fay", 2, 0), seat("Gus", 3, -10), seat("Hal", 4, -20)})},
      {}, "t", "x");
  auto e = entries(doc);
  CHECK(e["Ann"]["league_points"] == 1.0);  // not the 0.83 of "places 1-2 shared"
  CHECK(e["Cat"]["league_points"] == 1.0);
  CHECK(e["Ben"]["league_points"] == 0.0);
  CHECK(e["Dan"]["league_points"] == 0.0);
  CHECK(e["Eve"]["league_points"] == 1.0);  // the tarot-like winner: the same weight
  CHECK(e["Ann"]["wins"] == 1);
  CHECK(e["Ben"]["wins"] == 0);
  CHECK(e["Ann"]["rank"] == e["Eve"]["rank"]);
  // a draw by sides: a half each
  GameStanding draw = by_sides(3, true, {"Ann", "Ben", "Cat", "Dan"});
  for (auto& s : draw.seats) s.team_result = "draw", s.place = 1;
  auto placed = reports::placings(draw);
  for (const auto& p : placed) CHECK(p.score == Approx(0.5));
  // without a team result on every seat, a game places its players
  GameStanding individual = by_sides(4, true, {"Ann", "Ben", "Cat", "Dan"});
  individual.seats[1].team_result.clear();
  CHECK_FALSE(reports::by_sides(individual));
}

TEST_CASE("standings: points are never added across game kinds; names in dictionary order", "[standings]") {
  auto doc = reports::build_standings({game(1, "kind_a", {seat("Paul", 1, 300), seat("Élodie", 2, -300)}),
                                       game(2, "kind_b", {seat("Élodie", 1, 5), seat("Paul", 2, 1)})},
                                      {}, "t", "x");
  REQUIRE(doc["format"] == "marque-standings/2");
  for (const auto& e : doc["standings"]) {
    CHECK_FALSE(e.contains("points"));  // no sum of kind_a points and kind_b points
    CHECK(e["by_game"]["kind_a"].contains("points"));
  }
  // equal on league points, per game and wins: dictionary order, Élodie before Paul (bytewise É sorts after P)
  CHECK(doc["standings"][0]["player"] == "Élodie");
  CHECK(doc["standings"][0]["rank"] == 1);
  CHECK(doc["standings"][1]["rank"] == 1);
  CHECK(doc["games_by_kind"]["kind_a"] == 1);
  // each kind ranked over its own games
  CHECK(doc["standings"][0]["by_game"]["kind_a"]["rank"] == 2);
  CHECK(doc["standings"][0]["by_game"]["kind_b"]["rank"] == 1);
  const auto figures = reports::tally_standings({game(1, "kind_a", {seat("Paul", 1, 300), seat("Élodie", 2, -300)}),
                                                 game(2, "kind_b", {seat("Élodie", 1, 5), seat("Paul", 2, 1)})},
                                                {}, "t", "x");
  const std::string csv = reports::render_standings_csv(figures);
  CHECK(csv.find("kind_a_points") != std::string::npos);
  CHECK(csv.find(",points,") == std::string::npos);
  const std::string text = reports::render_standings_text(figures);
  CHECK(text.find("kind_a (1 game)") != std::string::npos);
  CHECK(text.find("Élodie") < text.find("Paul"));
}

TEST_CASE("standings: the JSON text written directly is the document dumped, byte for byte", "[standings]") {
  // names a writer could get wrong: quotes, backslashes, controls, DEL and C1 controls (escape::json_safe), accents,
  // invalid UTF-8 (replaced), a formula; fractions of points; a table of one; an event's ranking; every extra
  const std::vector<std::string> names = {"Ann \"the\" \\ best", "Tab\tNew\nline", "Del\x7f", "C1\xc2\x85", "Élodie",
                                          "bad\xff\xfe",         "=1+2",           "Zoë",     "",           "Paul"};
  std::vector<GameStanding> games;
  for (int64_t id = 1; id <= 40; ++id) {
    const std::string kind = id % 3 == 0 ? "kind_a" : id % 3 == 1 ? "kind_b" : "kind c/é";
    std::vector<Seat> seats;
    const size_t n = 2 + static_cast<size_t>(id % 4);
    for (size_t i = 0; i < n; ++i)
      seats.push_back({names[(static_cast<size_t>(id) * 3 + i * 7) % names.size()],
                       static_cast<int>((i + static_cast<size_t>(id)) % n) + 1,
                       Amount{id * 7 - 50 * static_cast<int64_t>(i), 12},
                       kind == "kind_b" ? (i % 2 == static_cast<size_t>(id % 2) ? "win" : "loss") : ""});
    games.push_back({id, kind, id % 5 ? "2026-10-0" + std::to_string(id % 9 + 1) : "", "club", id % 7, seats});
  }
  games.push_back(game(41, "kind_a", {seat("Solo", 1, 3)}));
  GameStanding event{0, "kind_a", "2026-11-01", "club", 0, {seat("Ann \"the\" \\ best", 1), seat("Event only", 2)}};
  event.given = {1.0, 0.0};
  event.ranked = 2;
  games.push_back(event);
  const reports::StandingsExtras extras = {{"kind_a", {"by_table_size", "final_results", "by_table_size"}},
                                           {"kind_b", {"team_results", "partie_results", "unknown"}},
                                           {"kind c/é", {"balance", "by_table_size"}}};
  reports::StandingsFilter season{"Club \"A\"", "kind_a",     "2026-01-01", "", 4,
                                  "Autumn\x7f", "2026-09-01", "2026-12-31"};
  for (const auto& [filter, some] : std::vector<std::pair<reports::StandingsFilter, size_t>>{
           {{}, games.size()}, {season, games.size()}, {{}, 0}, {{}, 1}}) {
    const std::vector<GameStanding> these(games.begin(), games.begin() + static_cast<std::ptrdiff_t>(some));
    const auto figures = reports::tally_standings(these, filter, "marque \"t\"", "2026-11-27T10:00:00Z", extras);
    const auto doc = reports::standings_json(figures);
    CHECK(reports::standings_json_text(figures) == escape::json(doc, 2) + "\n");
    CHECK(doc == reports::build_standings(these, filter, "marque \"t\"", "2026-11-27T10:00:00Z", extras));
    // each kind's rating is the ratings' own fold over the games at a table (not the event's ranking)
    std::vector<GameStanding> played;
    for (const auto& g : these)
      if (g.given.empty()) played.push_back(g);
    const auto rated = reports::ratings(played);
    for (const auto& p : figures.standings)
      for (const auto& k : p.by_game) {
        INFO(p.player << " " << k.kind);
        const bool has = rated.contains(k.kind) && rated[k.kind].contains(p.player);
        CHECK(k.rated == has);
        if (has) CHECK(k.rating == rated[k.kind][p.player].get<double>());
      }
  }
}

TEST_CASE("ratings: partners never duel; a win by sides moves a rating as a win at a table of four", "[ratings]") {
  auto h = reports::rating_history(
      {by_sides(1, true, {"Ann", "Ben", "Cat", "Dan"}),
       game(2, "kind_a", {seat("Eve", 1), seat("Fay", 2), seat("Gus", 3), seat("Hal", 4)})});
  REQUIRE(h["kind_b"]["Ann"].size() == 1);
  const auto& ann = h["kind_b"]["Ann"][0];
  CHECK(ann.before == 1500);
  CHECK(ann.after == Approx(1516));  // two opponents, K = 16 each, expected 0.5
  CHECK(h["kind_b"]["Ben"][0].after == Approx(1484));
  CHECK(h["kind_a"]["Eve"][0].after == Approx(1516));  // three opponents, K = 32/3 each
  CHECK(ann.place == 1);
  CHECK(ann.of == 2);
  CHECK(ann.game == 1);
  // the history goes on from game to game, and the document says each step's change
  auto more = reports::rating_history(
      {by_sides(1, true, {"Ann", "Ben", "Cat", "Dan"}), by_sides(2, false, {"Ann", "Ben", "Cat", "Dan"})});
  REQUIRE(more["kind_b"]["Ann"].size() == 2);
  CHECK(more["kind_b"]["Ann"][1].before == more["kind_b"]["Ann"][0].after);
  auto doc = reports::build_ratings(more, "Ann", "");
  REQUIRE(doc["ratings"]["kind_b"].size() == 1);
  const auto& steps = doc["ratings"]["kind_b"][0]["history"];
  REQUIRE(steps.size() == 2);
  CHECK(steps[0]["change"] == Approx(16.0));
  CHECK(steps[1]["change"].get<double>() < 0);
  CHECK(doc["ratings"]["kind_b"][0]["rating"] == steps[1]["rating"]);
  const std::string csv = reports::render_ratings_csv(doc);
  CHECK(csv.find("kind_b,Ann,2,2026-10-01,2,2,") != std::string::npos);
  // final ratings (what standings show) are the history's last steps
  auto r = reports::ratings(
      {by_sides(1, true, {"Ann", "Ben", "Cat", "Dan"}), by_sides(2, false, {"Ann", "Ben", "Cat", "Dan"})});
  CHECK(r["kind_b"]["Ann"] == doc["ratings"]["kind_b"][0]["rating"]);
}

TEST_CASE("stats: redeals and all-pass deals are counted apart, never a best or worst hand, never in a streak",
          "[stats]") {
  reports::StatsGame g{7, "kind_a", {"Ann", "Ben"}, "taker", {}, {}, {}};
  auto hand = [&](int no, double ann, bool played, const std::string& what = "") {
    league::HandFacts f;
    f.played = played;
    f.not_played = what;
    if (played) f.actor = "Ann", f.made = ann > 0, f.contract = "garde";
    g.facts.push_back(f);
    g.scores.push_back({{"deltas", {{"Ann", ann}, {"Ben", -ann}}}});
    g.numbers.push_back(no);
  };
  hand(1, -50, true);
  hand(2, 0, false, "all_pass");  // a zero would be Ann's worst... and Ben's best
  hand(3, -20, true);
  hand(5, 0, false, "redeal");  // numbers as shown (hand 4 was deleted)
  hand(6, -10, true);
  auto doc = reports::build_stats({g}, "");
  const auto& ann = doc["players"]["Ann"]["kind_a"];
  const auto& ben = doc["players"]["Ben"]["kind_a"];
  CHECK(ann["hands"] == 3);
  CHECK(ann["deals_not_played"]["all_pass"] == 1);
  CHECK(ann["deals_not_played"]["redeal"] == 1);
  CHECK(ann["as_role"] == 3);
  CHECK(ann["best_hand"]["delta"] == -10.0);
  CHECK(ann["best_hand"]["hand"] == 6);
  CHECK(ann["best_hand"]["at"] == "game 7 hand 6");
  CHECK(ben["worst_hand"]["delta"] == 10.0);
  CHECK(ann["longest_losing_streak"] == 3);  // the unplayed deals neither break nor make a streak
  CHECK(reports::render_stats_text(doc).find("2 deals not played: all_pass 1, redeal 1") != std::string::npos);
}

TEST_CASE("stats: every game says which of its deals were not played", "[stats]") {
  using nlohmann::json;
  const std::vector<std::string> four = {"Ann", "Ben", "Cat", "Dan"}, three = {"Ann", "Ben", "Cat"},
                                 two = {"Ann", "Ben"};
  struct Case {
    const char* game;
    json record, entry;
    std::vector<std::string> players;
    bool played;
  };
  const std::vector<Case> cases = {
      {"tarot", {{"type", "redeal"}, {"reason", "all_pass"}}, {{"type", "redeal"}}, four, false},
      {"tarot",
       {{"type", "hand"}, {"taker", "Ann"}, {"contract", "garde"}},
       {{"breakdown", {{"made", true}}}},
       four,
       true},
      {"coinche", {{"redeal", "all_pass"}}, {{"breakdown", {{"redeal", "all_pass"}}}}, four, false},
      {"coinche", {{"redeal", "misdeal"}}, json::object(), four, false},
      {"coinche",
       {{"bidder", "N"}, {"bid", 80}},
       {{"breakdown", {{"redeal", nullptr}, {"bidder", "N"}, {"made", true}}}},
       four,
       true},
      {"prefa", {{"type", "all_pass"}}, json::object(), three, false},
      {"prefa", {{"type", "polles"}}, json::object(), three, true},
      {"piquet",
       {{"redeal", true}, {"reason", "a card was exposed"}},
       {{"breakdown", {{"entry", "redeal"}}}},
       two,
       false},
      {"alsos", {{"contract", {{"kind", "misdeal"}}}}, {{"breakdown", {{"kind", "misdeal"}}}}, three, false},
  };
  for (const auto& c : cases) {
    const rules::GameRules* r = rules::find_game(c.game);
    REQUIRE(r);
    league::HandFacts f = r->hand_facts(c.record, c.entry, c.players);
    INFO(c.game << " " << c.record.dump());
    CHECK(f.played == c.played);
    CHECK(f.not_played.empty() == c.played);
  }
}

TEST_CASE("site: every page is self-contained, every name escaped, every link to a page of the site", "[site]") {
  const std::string evil = "<script>alert(1)</script> & \"Co\"";
  const std::vector<GameStanding> games = {
      game(1, "kind_a", {seat(evil, 1, 30), seat("Élodie", 2, 0), seat("Paul", 3, -30)})};
  reports::site::Site site;
  site.title = "Club <i>";
  site.league = "Club <i>";
  site.generator = "marque test";
  site.generated_at = "2026-11-24T12:00:00Z";
  site.standings = reports::build_standings(games, {}, "t", "x");
  site.seasons.push_back({"Autumn <b>", "Club <i>", "2026-09-01", "2026-12-31", site.standings});
  reports::site::Game g;
  g.id = 1;
  g.kind = "kind_a";
  g.title = "Kind <A>";
  g.date = "2026-10-01";
  g.night = 7;
  g.players = {evil, "Élodie", "Paul"};
  g.places = {1, 2, 3};
  g.competitors = 3;
  g.counts = true;
  g.state = "finished";
  site.games.push_back(g);
  site.nights.push_back({7, "2026-10-01", "Café <du> Coin", "Club <i>", "", {1}, {}});
  auto history = reports::rating_history(games);
  int64_t id = 0;
  for (const std::string& name : {evil, std::string("Élodie"), std::string("Paul")})
    site.players.push_back({++id, name, nlohmann::ordered_json{{"players", nlohmann::ordered_json::object()}},
                            reports::build_ratings(history, name, "")});
  const auto pages = reports::site::render(site);
  CHECK(pages.size() == 6);  // index, three players, a night, a game
  for (const auto& name :
       {"index.html", "player-1.html", "player-2.html", "player-3.html", "night-7.html", "game-1.html"})
    CHECK(pages.count(name) == 1);
  for (const auto& [name, html] : pages) {
    INFO(name);
    CHECK(html.find("<script") == std::string::npos);
    CHECK(html.find("<b>") == std::string::npos);
    CHECK(html.find("<i>") == std::string::npos);
    CHECK(html.find("href=\"http") == std::string::npos);  // (an SVG's xmlns names its namespace, loads nothing)
    CHECK(html.find("url(") == std::string::npos);
    CHECK(html.find("@import") == std::string::npos);
    CHECK(html.find(" src=") == std::string::npos);
    // every link names a page of the site (or a place on the index)
    for (size_t at = html.find("href=\""); at != std::string::npos; at = html.find("href=\"", at + 1)) {
      const std::string target = html.substr(at + 6, html.find('"', at + 6) - at - 6);
      const std::string file = target[0] == '#' ? name : target.substr(0, target.find('#'));  // "#x": this page
      INFO(target);
      CHECK(pages.count(file) == 1);
    }
  }
  const std::string& index = pages.at("index.html");
  CHECK(index.find("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;") != std::string::npos);
  CHECK(index.find("Autumn &lt;b&gt;") != std::string::npos);
  CHECK(pages.at("night-7.html").find("Café &lt;du&gt; Coin") != std::string::npos);
  // the player's page draws the rating after each game
  CHECK(pages.at(reports::site::player_file(site, evil)).find("<svg class=\"chart\"") != std::string::npos);
}

}  // namespace unit_test_league
