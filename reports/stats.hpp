// Player statistics per game kind, from the stored records and their derived scores (pure: no SQLite).
// For each player: hands played; as the game's actor (taker, bidder, declarer) how often and how often made;
// contracts by kind; bonuses (whatever each game reports: poignées, capots, piques ...); best and worst hand;
// longest winning and losing streaks (played hands with a positive / negative delta in a row). Only hands
// really played count (league::HandFacts::played): redeals, all-pass deals and misdeals are counted apart
// ("deals_not_played") and are never a best or worst hand nor part of a streak. Players in dictionary order.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/league.hpp"

namespace marque::reports {

struct StatsGame {
  int64_t id = 0;
  std::string game;
  std::vector<std::string> players;
  std::string role;                      // the game's name for the actor ("" = no contracts): league::Profile
  std::vector<league::HandFacts> facts;  // by seq, from the game's own rules (GameRules::hand_facts)
  std::vector<nlohmann::json> scores;    // marque-score/1 hand entries, by seq
  std::vector<int> numbers;              // each hand's number as the scorer sees it, by seq (empty: the seq)
};

// {"format": "marque-stats/1", "players": {name: {kind: {...}}}}; `only` = one player ("" = all)
nlohmann::ordered_json build_stats(const std::vector<StatsGame>& games, const std::string& only);
// A game kind's contract ("contract"), bonus ("bonus") or deal not played ("type") id in the game's words (the command line's: its labels).
using StatsWords = std::function<std::string(const std::string& kind, const std::string& what, const std::string& id)>;
std::string render_stats_text(const nlohmann::ordered_json& doc, const StatsWords& words = {});
// The statistics' name of a game's actor ("taker", "bidder", "declarer": league::Profile::role) in the reader's
// language.
std::string role_word(const std::string& role);

}  // namespace marque::reports
