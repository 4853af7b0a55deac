// League standings and player placings: pure functions of per-game summaries (no SQLite).
// Each game's summary is reduced to its seats (place, points, team result) by the game's own rules when the
// game is stored (GameRules::seats); standings and ratings read only those.
// Ranking rule (documented in the README, the same in every format):
//   1. league points: the sum over games of the placing score (m - place) / (m - 1) among the game's m
//      competitors -- its players, or its two sides when the game is played by sides (every seat has a team
//      result: coinche partners are one side, 1 for the winning side and 0 for the other) -- 1 for first, 0
//      for last, shared places share the average, so tables of 2, 3, 4 and 5 players, a side of partners and
//      different games weigh the same; then 2. league points per game; 3. wins; 4. name in dictionary order.
// Points are never added across game kinds (a tarot point is not a coinche point): they are reported per kind
// (`by_game`), each kind ranked by the same rule over its own games.
// Ratings: reports/ratings.hpp.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/amount.hpp"
#include "core/league.hpp"

namespace marque::reports {

// One seat of a stored game: the player and what the game's rules reduced its summary to (core/league.hpp),
// kept in columns, so that standings over a club's whole history never parse a summary.
using Seat = league::Seat;

struct GameStanding {
  int64_t id = 0;
  std::string game;       // kind
  std::string played_on;  // ISO date or ""
  std::string league;
  int64_t hands = 0;
  std::vector<Seat> seats;  // setup order
  // a tournament's contribution (tournament.md 5.6): each seat's league points (M - rank) / (M - 1) among the
  // event's M ranked entrants (a team's two players both), in place of the placing of its places; empty for a game
  std::vector<double> given{};
  int ranked = 0;  // M
};

// How a game places one seat for the league: its place among the game's competitors (1 = first; shared places
// keep the best), how many competitors there are (players, or 2 for a game played by sides), its placing score
// ((m - place) / (m - 1), shared places sharing the average of the places they span) and whether it won (first
// place, alone or shared).
struct Placing {
  int place = 0;
  int of = 0;
  double score = 0;
  bool win = false;
};
// A game is played by sides when every seat has a team result (win, loss, draw): the side places 1 and 2.
bool by_sides(const GameStanding& g);
// The placing of every seat, by seat.
std::vector<Placing> placings(const GameStanding& g);
void placings(const GameStanding& g, std::vector<Placing>& out);  // the same into `out` (its memory used again)

struct StandingsFilter {
  std::string league, game, from, to;
  int players = 0;
  // a named season (league, from and to above are its own): its name and dates; "" = none
  std::string season, season_from, season_to;
};
// Which extra figures each game kind reports (league::Profile::standings_extras), by kind.
using StandingsExtras = std::map<std::string, std::vector<std::string>>;

// The standings as figures: what the marque-standings/2 document says, its numbers already rounded as it writes
// them (league points and points to 0.01, ratings to 0.1), so that the document, its text and its CSV read the
// same values. Made once (tally_standings); the JSON text is written from it directly (standings_json_text), the
// same bytes as the document dumped.
struct KindStanding {  // one player's figures in one game kind (`by_game`)
  std::string kind;
  int rank = 0;  // among the kind's players
  int64_t games = 0, hands = 0, wins = 0;
  double league_points = 0, points = 0, average_per_hand = 0, average_per_game = 0;
  bool rated = false;  // a rating in this kind (a game at a table of two or more, not an event's ranking)
  double rating = 0;
  struct Size {
    int players = 0;
    int64_t hands = 0;
    double points = 0, average_per_hand = 0;
  };
  std::vector<Size> by_table_size;  // by table size
  int64_t team_wins = 0, team_losses = 0, team_draws = 0;
};
struct PlayerStanding {
  int rank = 0;
  std::string player;
  int64_t games = 0, hands = 0, wins = 0;
  double league_points = 0, league_points_per_game = 0;
  std::vector<KindStanding> by_game;  // by kind (byte order)
};
struct Standings {
  StandingsFilter filter;
  std::string generator, generated_at;
  uint64_t games = 0;
  std::vector<std::pair<std::string, int64_t>> games_by_kind;  // by kind (byte order)
  StandingsExtras extras;
  std::vector<PlayerStanding> standings;  // in rank order
};
Standings tally_standings(const std::vector<GameStanding>& games, const StandingsFilter& filter,
                          const std::string& generator, const std::string& generated_at,
                          const StandingsExtras& extras = {});
// marque-standings/2 document (schema/json/standings.v2.schema.json).
nlohmann::ordered_json standings_json(const Standings& s);
// The document as a command prints it (cli/output.hpp json_text: two spaces, escaped, a final newline), written
// directly: byte for byte json_text(standings_json(s)).
std::string standings_json_text(const Standings& s);
// standings_json(tally_standings(...))
nlohmann::ordered_json build_standings(const std::vector<GameStanding>& games, const StandingsFilter& filter,
                                       const std::string& generator, const std::string& generated_at,
                                       const StandingsExtras& extras = {});
// Text: the combined ranking (league points only), then one table per game kind with its points.
std::string render_standings_text(const Standings& s);
// CSV: one row per player, the combined columns then a group of columns per game kind (kind_points ...).
std::string render_standings_csv(const Standings& s);

}  // namespace marque::reports
