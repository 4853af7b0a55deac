// The club's website (marque site DIR): static, self-contained HTML pages (inline CSS and SVG, no script, no
// external asset) from data the use case gathers (app::site): an index with the standings of all time and of
// each season, a page per player (games, statistics, rating chart per game kind, best hands), a page per night
// with its sheets and a page per game. The sheets and charts are the printed sheets' own (reports/html_sheet).
// Every name and text is escaped (escape::html). Pure: no SQLite, no rules.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/sheet.hpp"
#include "reports/stats.hpp"

namespace marque::reports::site {

// A game as the site lists it.
struct Game {
  int64_t id = 0;
  std::string kind;   // the game kind's id (GameRules::id)
  std::string title;  // the game's name for people (GameRules::title)
  std::string date;   // "" when none
  std::string league;
  std::optional<int64_t> night;
  std::vector<std::string> players;  // by seat
  std::vector<int> places;           // by seat, among the game's competitors (players, or its two sides); 0 = none
  int competitors = 0;               // how many (reports/standings.hpp: placings)
  bool counts = false;               // counts in the standings (over, with a hand)
  std::string state;                 // "finished", "closed", "in progress", "abandoned"
  int64_t hands = 0;
  sheet::Document sheets;  // the game's sheet (app::sheets)
};

struct Night {
  int64_t id = 0;
  std::string date, venue, league, note;
  std::vector<int64_t> games;
  sheet::Document sheets;  // the night's summary and sheets (empty parts: a night without games)
};

struct Season {
  std::string name, league, from, to;
  nlohmann::ordered_json standings;  // marque-standings/2 of the season
};

struct Player {
  int64_t id = 0;  // the player's id in the database: a page's name that stays when players join
  std::string name;
  nlohmann::ordered_json stats;    // marque-stats/1 of the player (games that count)
  nlohmann::ordered_json ratings;  // marque-ratings/1 of the player
};

// A tournament (marque tournament): its marque-tournament/1 document as stored.
struct Event {
  std::string id, name, date, league, season, status;  // status: open | closed
  nlohmann::ordered_json document;
};
struct Site {
  std::string title;                 // the league, else "Card club"
  std::string league;                // "" = every league
  std::string generated_at;          // UTC
  std::string generator;             // "marque 0.1.0"
  nlohmann::ordered_json standings;  // all time
  std::vector<Season> seasons;
  std::vector<Night> nights;
  std::vector<Game> games;
  std::vector<Player> players;  // in dictionary order
  std::vector<Event> events;    // by date
  StatsWords words;             // a contract or bonus id in its game's words (none: the id)
};

// The file names of the pages (index.html, player-ID.html, night-ID.html, game-ID.html: ids of the database).
std::string player_file(const Site& site, const std::string& name);  // "" when the player has no page
std::string night_file(int64_t id);
std::string game_file(int64_t id);
std::string event_file(const std::string& id);  // event-ID.html

// Every page: file name -> HTML.
std::map<std::string, std::string> render(const Site& site);

}  // namespace marque::reports::site
