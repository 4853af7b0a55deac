// Piquet (2 players): classic game to 100 and Rubicon Piquet — internal declarations shared by the
// piquet engine files. Normative text: shared/rules/piquet.md (cited as "spec piquet §N").
#pragma once

#include <array>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "rules/engine.hpp"

namespace marque::rules::piquet {

// Roles inside one deal (spec piquet §1): elder = non-dealer, younger = dealer.
constexpr int k_elder = 0;
constexpr int k_younger = 1;
constexpr std::array<const char*, 2> k_role_names = {"elder", "younger"};

// Ranks, index 7 = 0 ... A = 7 (spec piquet §3 V-SQ2).
constexpr std::array<const char*, 8> k_ranks = {"7", "8", "9", "10", "J", "Q", "K", "A"};

// Point pip ranges by number of cards, index = cards (spec piquet §3 V-PT3).
constexpr std::array<std::pair<int, int>, 9> k_pip_range = {{
    {0, 0}, {7, 11}, {15, 21}, {24, 31}, {34, 41}, {44, 51}, {54, 60}, {64, 68}, {75, 75}}};

constexpr int k_max_deal_total = 174;      // spec piquet §4.8 / V-TT1
constexpr int k_max_combinations = 57;     // spec piquet §3 C-3
constexpr int k_max_combinations_blank = 51;
constexpr int k_max_courts_blank = 7;      // spec piquet §3 C-3 note: a blank holder keeps <= 7 court cards
constexpr int k_repique = 60;              // spec piquet §4.1
constexpr int k_pique = 30;
constexpr int k_carte_blanche = 10;
constexpr int k_cards_majority = 10;
constexpr int k_capot = 40;
constexpr int k_rubicon = 100;             // spec piquet §5.3

enum class Mode { classic, rubicon };

struct Options {
  Mode mode = Mode::classic;
  int target = 100;
  std::string match = "best_of_3";
  bool pips_rounded = false;     // point_scoring
  bool old_tens = false;         // trick_scoring
  bool last_trick_on_capot = true;
  bool four_doubled = false;     // partie_deals = 4_doubled_ends
  std::string stake_rounding = "none";
  bool concession_pique = false;  // spec piquet §4.7: a conceded deal's 13 play points give no pique
};

Options options_from(const json& resolved);
const std::vector<OptionSpec>& option_table();  // built once
std::vector<FieldSpec> field_table();

// Keys of the per-deal breakdown other than the two player names (player names may not collide).
const std::vector<std::string>& reserved_breakdown_keys();

// Sequence / set names for the command line and the sheet.
std::string sequence_name(int length);
int rank_index(const json& v);  // -1 when not a rank

// One order of trick winners simulated under modern scoring (spec piquet §4.3).
struct PlayOutcome {
  int points[2] = {0, 0};
  int run = 0;  // r: tricks elder won in a row from trick 1
};
// Every order of 12 trick winners with `elder_tricks` elder tricks (the reference brute force, §3 V-P2).
// Cached: enumerated once per process; empty outside 0..12.
const std::vector<PlayOutcome>& play_orders(int elder_tricks, bool last_trick_on_capot);

std::unique_ptr<Game> start_game(const json& setup, Diagnostics& diags);

json record_from_args(const std::vector<std::pair<std::string, std::string>>& kv, const Game& game,
                      Diagnostics& diags);
json setup_from_args(const std::vector<std::pair<std::string, std::string>>& kv, Diagnostics& diags);
// The engine's default set-up parser (players=, dealer=, option.ID=, key=value).
json base_setup_from_args(const std::vector<std::pair<std::string, std::string>>& kv, Diagnostics& diags);

sheet::Sheet render_sheet(const json& game_file, const ojson& score);

// A deal record in detail (spec piquet §2.5), decoded by piquet_hand.cpp and scored by the game.
constexpr int k_equal = 2;  // category winner codes beside the roles
constexpr int k_none = 3;

struct Sequence {
  int length = 0;
  int top = 0;  // rank index
};
struct SetCombo {
  int rank = 0;
  int count = 0;
};

// A decoded detail record (roles: 0 elder, 1 younger).
struct Detail {
  int carte_blanche = -1;
  int point_winner = -1;  // role, k_equal
  int point_cards = 0;
  int point_pips = -1;
  int seq_winner = k_none;
  std::vector<Sequence> seqs;
  std::optional<Sequence> equal_to;
  int set_winner = k_none;
  std::vector<SetCombo> sets;
  bool has_tricks = false;
  int tricks[2] = {0, 0};
  bool has_play = false;
  int play[2] = {0, 0};
  int pique = -1;  // -1 null, 0 false, 1 true
  int concession = -1;
  int reckons_nothing = -1;
  int game_winner = -1;  // player index
  bool has_check = false;
  int check[2] = {0, 0};
};

// A value as a message shows it (strings in double quotes); a whole number within ±1,000,000.
inline std::string show(const json& v) { return v.is_string() ? "\"" + v.get<std::string>() + "\"" : v.dump(); }

inline bool as_int(const json& v, int& out) {
  if (v.is_number_integer()) {
    long long x = v.get<long long>();
    if (x < -1000000 || x > 1000000) return false;
    out = static_cast<int>(x);
    return true;
  }
  if (v.is_number_float()) {
    double d = v.get<double>();
    if (d != static_cast<double>(static_cast<long long>(d)) || d < -1000000 || d > 1000000) return false;
    out = static_cast<int>(d);
    return true;
  }
  return false;
}

// The fields of a detail record (piquet_hand.cpp): each reads its part of `rec` into `x`, or reports why not.
int parse_role_field(const json& rec, const char* field, Diagnostics& d, const std::string& extra_rule);
bool parse_point(const json& rec, Detail& x, Diagnostics& d, bool pips_rounded);
bool parse_sequences(const json& rec, Detail& x, Diagnostics& d);
bool parse_sets(const json& rec, Detail& x, Diagnostics& d);
bool parse_pair(const json& rec, const char* field, int lo, int hi, int out[2], Diagnostics& d, const std::string& rule);

// Standings and statistics (piquet_league.cpp): seats from a summary, one hand's facts, the profile.
std::vector<league::SeatResult> league_seats(const json& summary, const std::vector<std::string>& players);
league::HandFacts league_hand_facts(const json& record, const json& entry, const std::vector<std::string>& players);
const league::Profile& league_profile();

}  // namespace marque::rules::piquet
