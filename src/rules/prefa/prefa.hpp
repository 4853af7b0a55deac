// Prefa (Greek Preference) engine internals shared by the files of this folder.
// Normative text: shared/rules/prefa.md ("spec prefa §N" below).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rules/engine.hpp"

namespace marque::rules::prefa {

// Money is kept in twelfths of a point: 10 * pool / N is exact for N = 3 and N = 4 (spec prefa §5.3, §5.4).
inline constexpr long long k_scale = 12;

// spec prefa §3.3: strain index S=0, C=1, D=2, H=3, NT=4.
inline constexpr const char* k_strains[5] = {"S", "C", "D", "H", "NT"};

// spec prefa §4.1: game values by level (6..10) and strain; 10NT is set by option ten_no_trumps.
inline constexpr int k_game_values[5][5] = {
    {2, 3, 4, 5, 6}, {7, 7, 7, 7, 8}, {8, 8, 8, 8, 9}, {9, 9, 9, 9, 10}, {10, 10, 10, 10, 0}};

struct Contract {
  int level = 0;   // 6..10
  int strain = 0;  // 0..4
  int rank() const { return (level - 6) * 5 + strain; }
  std::string name() const { return std::to_string(level) + k_strains[strain]; }
};

// "7H" -> {7, 3}; nullopt when not of the form (6|7|8|9|10)(S|C|D|H|NT) (10NT is parsed; its legality is an
// option matter).
std::optional<Contract> parse_contract(const std::string& s);

const std::vector<OptionSpec>& option_table();  // built once
std::vector<FieldSpec> field_table();

// Command-line syntax (prefa_fields.cpp).
json record_from_args(const std::vector<std::pair<std::string, std::string>>& kv, const Game& game,
                      Diagnostics& diags);
// Splits the `start.*` words off; the rest go through the generic set-up parser.
json start_from_args(const std::vector<std::pair<std::string, std::string>>& kv, json setup, Diagnostics& diags);

// The ⊥ sheet, the hand log and the settlement (prefa_sheet.cpp).
sheet::Sheet render_sheet(const json& game_file, const ojson& score);

// Standings and statistics (prefa_league.cpp): seats from a summary, one hand's facts, the profile.
std::vector<league::SeatResult> league_seats(const json& summary, const std::vector<std::string>& players);
league::HandFacts league_hand_facts(const json& record, const json& entry, const std::vector<std::string>& players);
const league::Profile& league_profile();

}  // namespace marque::rules::prefa
