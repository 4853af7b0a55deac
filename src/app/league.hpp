// Standings, statistics, ratings and seasons (league.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/session.hpp"

namespace marque::reports {
struct Standings;  // reports/standings.hpp
}

namespace marque::app {

// The games a league view selects (the games that count: finished by their rules or closed by decision, with a
// hand played).
struct Filter {
  std::string league;    // "" = every league
  std::string game;      // "" = every game kind
  int players = 0;       // 0 = any table size
  std::string from, to;  // ISO dates, inclusive; "" = open
  // a season's name: with_season resolves it into league, from and to
  std::string season;
};

// A season: a named date range of a league, dates inclusive.
struct Season {
  int64_t id = 0;
  std::string name;
  std::string league;
  std::string from, to;
  int64_t games = 0;  // the league's games in its dates that count
};

// Seasons: a league's named date ranges (dates inclusive). add_season refuses a name the league has already
// (however capitalised), a date that is not a real day and an end before the start; the league is created when
// new. find_season: the season of that name (in `league`, or the one league that has one), else exit 66 (none)
// or 2 (several leagues have one: name the league).
Season add_season(Session& session, const std::string& name, const std::string& league, const std::string& from,
                  const std::string& to);
std::vector<Season> seasons(Session& session, const std::string& league = std::string());
Season find_season(Session& session, const std::string& name, const std::string& league);
void delete_season(Session& session, const std::string& name, const std::string& league);
// The filter a season stands for: filter.season (when set) gives the league and the dates (with --from or --to:
// exit 2); `season` (may be null) receives the season.
Filter with_season(Session& session, Filter filter, Season* season);

// marque-standings/2 over the games the filter selects (filter.season: that season's): its figures
// (reports::standings_json_text writes the document from them; render_standings_text and _csv read them) ...
reports::Standings standings_figures(Session& session, const Filter& filter, const std::string& generated_at);
// ... and the document.
ojson standings(Session& session, const Filter& filter, const std::string& generated_at);

// marque-stats/1 for one player ("" = everyone), optionally one game kind / league / season.
ojson stats(Session& session, const std::string& player, const Filter& filter);

// marque-ratings/1 (reports/ratings.hpp): every player's (or one player's) rating history per game kind
// (filter.game: one kind), after each game the rating and its change, over the games the filter selects.
ojson ratings(Session& session, const std::string& player, const Filter& filter);

}  // namespace marque::app
