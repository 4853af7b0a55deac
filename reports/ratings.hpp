// Ratings: an Elo rating per player and game kind, from 1500, recomputed from the games given (pure: no SQLite),
// in the order given (date, then id). Each pair of opponents at a table is a duel won by the better placing
// (reports/standings.hpp: placings), a draw when equal; partners of a game played by sides are one side and
// never duel each other (a drawn game by sides: every pair draws). Each duel moves a rating by
// K * (result - expected), K = 32 / (the seat's number of opponents), expected = 1 / (1 + 10^((Rj - Ri) / 400)).
// The history says after each game where a rating went and by how much, so a player can follow it.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/sheet.hpp"
#include "reports/standings.hpp"

namespace marque::reports {

constexpr double k_rating_start = 1500;

// One game in a player's rating history.
struct RatingStep {
  int64_t game = 0;
  std::string played_on;
  int place = 0;  // among the competitors (players, or sides)
  int of = 0;
  double before = 0, after = 0;
};
// {kind: {player: steps in game order}}
using RatingHistory = std::map<std::string, std::map<std::string, std::vector<RatingStep>>>;

// One game's duels (g.seats.size() >= 2): each seat's rating after the game in `after`, from its rating before it
// (`before`, by seat) and the game's placings (placings(g)). `rate` folds the games with it, and so do standings.
void rate_game(const GameStanding& g, const std::vector<Placing>& placed, const std::vector<double>& before,
               std::vector<double>& after);
// The ratings after the last game: {kind: {player: rating rounded to 0.1}}, players in dictionary order.
nlohmann::ordered_json ratings(const std::vector<GameStanding>& games);
// Every step of every rating.
RatingHistory rating_history(const std::vector<GameStanding>& games);

// marque-ratings/1: {"format", "kind", "player", "ratings": {kind: [{"player", "rating", "games", "history":
// [{"game", "date", "place", "of", "rating", "change"}]}]}}, players by rating (then name). `player` = one
// player's history ("" = everyone), `kind` = one game kind ("" = every kind).
nlohmann::ordered_json build_ratings(const RatingHistory& history, const std::string& player, const std::string& kind);
// Text: per kind, the players by rating (everyone) or the player's history game by game (one player).
std::string render_ratings_text(const nlohmann::ordered_json& doc);
// One kind's histories of a marque-ratings/1 document as a chart (a series per player: the start, then the rating
// after each game; the start as a level), for the printed sheets' chart renderings (chart_text, svg_chart).
sheet::Sheet rating_chart(const nlohmann::ordered_json& doc, const std::string& kind);
// CSV: one row per game of each history: kind, player, game, date, place, of, rating, change.
std::string render_ratings_csv(const nlohmann::ordered_json& doc);

}  // namespace marque::reports
