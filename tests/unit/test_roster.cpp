// The roster at `start` (issue 32, point 7): each game's table (GameRules::seating), the club's players most recent
// first with a search that sets case and accents aside, a game started from a phone (app::web_start_game, the same
// set-up words as `start`), and the New game page.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>

#include "app/app.hpp"
#include "app/front.hpp"
#include "core/unicode.hpp"
#include "support/race_game.hpp"
#include "web/pages.hpp"

namespace unit_test_roster {

using namespace marque;
namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

struct RosterDir {
  fs::path path;
  RosterDir() {
    static int n = 0;
    path = fs::temp_directory_path() / ("marque-roster-test-" + std::to_string(::getpid()) + "-" + std::to_string(n++));
    fs::create_directories(path);
  }
  ~RosterDir() { fs::remove_all(path); }
};

int64_t start(app::Database& db, const std::string& game, const std::string& players, const std::string& date) {
  const auto& gr = app::game_rules(game);
  const std::string first = players.substr(0, players.find(','));
  return app::start_game(*db, game, app::setup_from_words(gr, {{"players", players}, {"dealer", first}}),
                         json{{"date", date}});
}

std::vector<std::string> names(const std::vector<app::RosterPlayer>& r) {
  std::vector<std::string> out;
  for (const auto& p : r) out.push_back(p.name);
  return out;
}

}  // namespace

TEST_CASE("roster: each game's table, from its own set-up rules", "[roster]") {
  auto seating = [](const std::string& id) { return app::game_rules(id).seating(); };
  const auto tarot = seating("tarot");
  CHECK(tarot.min_players == 3);
  CHECK(tarot.max_players == 5);
  CHECK(tarot.seats.empty());
  CHECK(tarot.teams.empty());
  const auto coinche = seating("coinche");
  CHECK(coinche.min_players == 4);
  CHECK(coinche.max_players == 4);
  CHECK(coinche.seats == std::vector<std::string>{"N (team N/S)", "E (team E/W)", "S (team N/S)", "W (team E/W)"});
  CHECK(coinche.dealer_required);
  CHECK(seating("piquet").min_players == 2);
  CHECK(seating("piquet").max_players == 2);
  CHECK(seating("piquet").dealer_required);
  CHECK(seating("prefa").min_players == 3);
  CHECK(seating("prefa").max_players == 4);
  CHECK(seating("alsos").max_players == 4);
  // a game only the tests know: two players or more (the probe stops at ten)
  const auto race = test::race().seating();
  CHECK(race.min_players == 2);
  CHECK(race.max_players == 10);
}

TEST_CASE("roster: a search sets case and accents aside", "[roster]") {
  CHECK(unicode::search_key("Zoé") == "zoe");
  CHECK(unicode::search_key("ZOE") == "zoe");
  CHECK(unicode::search_key("Zoe\xCC\x81") == "zoe");  // e + combining acute
  CHECK(unicode::search_key("Gergő") == "gergo");
  CHECK(unicode::search_matches("Zoé", "zo"));
  CHECK(unicode::search_matches("Enzo", "ZO"));
  CHECK(unicode::search_matches("Ágnes", "agn"));
  CHECK(unicode::search_matches("Σοφία", "ΣΟΦΙ"));
  CHECK(unicode::search_matches("Ann", ""));
  CHECK_FALSE(unicode::search_matches("Ann", "bo"));
}

TEST_CASE("roster: the club's players, most recent first, narrowed by a search", "[roster]") {
  RosterDir t;
  auto db = app::open_database((t.path / "r.db").string(), true);
  start(db, "tarot", "Ann,Ben,Cat", "2026-11-01");
  start(db, "tarot", "Dan,Zoé,Enzo", "2026-11-20");
  start(db, "piquet", "Ann,Éva", "2026-11-20");  // the same day, started later: first
  const int64_t gone = start(db, "piquet", "Ben,Gus", "2026-11-25");
  app::set_game_end(*db, gone, "deleted");  // a deleted game counts for nobody
  const auto all = app::roster(*db);
  CHECK(names(all) == std::vector<std::string>{"Ann", "Éva", "Dan", "Enzo", "Zoé", "Ben", "Cat", "Gus"});
  CHECK(all.front().last_played == "2026-11-20");
  CHECK(all.front().games == 2);
  CHECK(all.back().last_played.empty());  // Gus: no game but the deleted one
  CHECK(names(app::roster(*db, "ZO")) == std::vector<std::string>{"Enzo", "Zoé"});
  CHECK(names(app::roster(*db, "ev")) == std::vector<std::string>{"Éva"});
  CHECK(app::roster(*db, "nobody").empty());
}

TEST_CASE("roster: a game started from a phone is the one-line start's, refusals store nothing", "[roster]") {
  RosterDir t;
  auto db = app::open_database((t.path / "p.db").string(), true);
  const int64_t first = start(db, "tarot", "Ann,Ben,Cat", "2026-11-01");
  const int64_t night = app::start_night(*db, "2026-11-26", "Café", "Club", "");
  const int64_t id = app::web_start_game(*db, "tarot", {"Ann", "ben", " Zoé ", "Dan"}, "Zoé", night);
  const app::GameInfo g = app::game_info(*db, id);
  CHECK(g.players == std::vector<std::string>{"Ann", "Ben", "Zoé", "Dan"});  // the club's spelling, trimmed
  CHECK(g.setup["first_dealer"] == "Zoé");
  CHECK(g.source == "web");
  CHECK(g.meta["date"] == "2026-11-26");  // the night's
  CHECK(g.night_id == night);
  CHECK(app::focus_game(*db) == first);  // a phone's new table leaves the command line's where it is
  // the same set-up as `marque start tarot players=Ann,Ben,Zoé,Dan dealer=Zoé`
  const auto& gr = app::game_rules("tarot");
  const int64_t typed = app::start_game(*db, "tarot",
                                        app::setup_from_words(gr, {{"players", "Ann,Ben,Zoé,Dan"}, {"dealer", "Zoé"}}),
                                        json::object(), night);
  CHECK(g.setup == app::game_info(*db, typed).setup);
  app::use_game(*db, first);
  // coinche: the players in seat order N, E, S, W
  const int64_t c = app::web_start_game(*db, "coinche", {"Nina", "Emil", "Sara", "Will"}, "Will", std::nullopt);
  CHECK(app::game_info(*db, c).setup["seats"] == json{{"N", "Nina"}, {"E", "Emil"}, {"S", "Sara"}, {"W", "Will"}});
  CHECK(app::game_info(*db, c).setup["first_dealer"] == "W");

  const size_t before = app::games(*db).size();
  auto refused_field = [&](const std::string& game, const std::vector<std::string>& players,
                           const std::string& dealer) {
    try {
      app::web_start_game(*db, game, players, dealer, std::nullopt);
    } catch (const Rejected& e) {
      REQUIRE_FALSE(e.diagnostics().errors().empty());
      return e.diagnostics().errors().front().field;
    }
    return std::string("(started)");
  };
  CHECK(refused_field("tarot", {"Ann", "Ben"}, "Ann") == "players");                  // too few
  CHECK(refused_field("tarot", {"Ann", "Ben", "Ann", "Cat"}, "Ann") != "(started)");  // a player twice
  CHECK(refused_field("tarot", {"Ann", "Ben", "ann", "Cat"}, "Ann") != "(started)");
  CHECK(refused_field("tarot", {"Ann", "B,en", "Cat"}, "Ann") == "players");  // a name a list cannot hold
  CHECK(refused_field("tarot", {"Ann", "", "Cat"}, "Ann") == "players");
  CHECK(refused_field("whist", {"Ann", "Ben", "Cat", "Dan"}, "Ann") == "game");
  CHECK(refused_field("tarot", {"Ann", "Ben", "Cat"}, "Xavier") != "(started)");  // a dealer not at the table
  CHECK(app::games(*db).size() == before);
}

TEST_CASE("roster: the New game page offers the games, the seats, the roster and the first dealer", "[roster]") {
  RosterDir t;
  auto db = app::open_database((t.path / "n.db").string(), true);
  start(db, "tarot", "Ann,Ben,<b>Cat</b>", "2026-11-01");
  start(db, "piquet", "Dan,Ben", "2026-11-20");
  web::PageContext c;
  c.writer = true;
  c.csrf = "token";
  web::NewGameForm f;
  std::string page = web::new_game_page(f, app::roster(*db), c);
  for (const auto& id : app::game_ids()) CHECK(page.find("data-game=\"" + id + "\"") != std::string::npos);
  CHECK(page.find("class=\"seats\"") == std::string::npos);  // no game yet: no seat

  f.game = "coinche";
  f.players = {"Ben"};
  page = web::new_game_page(f, app::roster(*db), c);
  CHECK(page.find("N (team N/S)") != std::string::npos);
  CHECK(page.find("E (team E/W)") != std::string::npos);
  // the roster: most recent first, Ben (seated) left out, every name escaped
  const size_t dan = page.find(">Dan<"), ann = page.find(">Ann<"), cat = page.find("&lt;b&gt;Cat&lt;/b&gt;");
  CHECK(dan != std::string::npos);
  CHECK(ann != std::string::npos);
  CHECK(cat != std::string::npos);
  CHECK(dan < ann);
  CHECK(page.find("<b>Cat</b>") == std::string::npos);
  CHECK(page.find("class=\"pick\" href=\"/new?game=coinche&amp;p=Ben&amp;p=Dan#players\"") != std::string::npos);
  CHECK(page.find("First dealer") == std::string::npos);  // not before the table is full

  // a new name waits for its confirmation; the first dealer once enough players sit
  f.game = "tarot";
  f.players = {"Ann", "Ben", "Dan"};
  f.fresh = "Zoé";
  f.fresh_close = {"Zoe"};
  page = web::new_game_page(f, app::roster(*db), c);
  CHECK(page.find("did you mean Zoe?") != std::string::npos);
  CHECK(page.find(
            "href=\"/new?game=tarot&amp;p=Ann&amp;p=Ben&amp;p=Dan&amp;p=Zo%C3%A9#players\">Add Zoé as a new player") !=
        std::string::npos);
  CHECK(page.find("First dealer") != std::string::npos);
  CHECK(page.find("<input type=\"hidden\" name=\"p\" value=\"Dan\">") != std::string::npos);
  f.fresh_error = "the name is empty";
  page = web::new_game_page(f, app::roster(*db), c);
  CHECK(page.find("Add Zoé") == std::string::npos);
  CHECK(page.find("the name is empty") != std::string::npos);
}

}  // namespace unit_test_roster
