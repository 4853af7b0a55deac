// French Tarot rules engine, internal declarations (spec: shared/rules/tarot.md).
// Card points are kept as integer half points (×2) throughout; every score is an exact int64.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/engine.hpp"

namespace marque::rules::tarot {

// spec tarot §3.4: bid strength; also the contract id (petite = prise).
enum Contract : int { k_none = 0, k_prise = 1, k_pousse = 2, k_garde = 3, k_garde_sans = 4, k_garde_contre = 5 };

// spec tarot §6: the resolved variants of one game.
struct Options {
  bool fft_poignee_values = false;    // poignee_values: seed 20/40/60, fft 20/30/40
  int garde_contre_multiplier = 6;    // 6 or 8
  bool petite_pousse = false;         // bid_ladder
  bool multi_rounds = true;           // bidding_rounds
  bool petit_sec_redeal = true;       // petit_sec: redeal | play_as_excuse
  bool redeal_no_trumps = false;      // extra_redeal_reasons
  bool redeal_few_honours = false;
  bool misere = false;
  int misere_value = 10;
  bool misere_team = false;           // misere_scoring
  bool misere_separate = false;       // misere_kinds
  bool petite_chelem = false;
  int petite_chelem_tricks = 0;       // 0 = T - 3
  int defence_chelem_bonus = 200;
  bool dealer_sits_out = false;       // five_player_mode
  bool self_call = true;
  bool jack_call = false;
  int gain_rounding = 0;              // 0, 5 or 10
  bool count_redeals = false;
  bool poignee_to_shower = false;     // poignee_to: winner (seed, FFT) | shower (house rule)
};

enum class EndMode { open, deals, target };

// spec tarot §2.1: the checked session record.
struct Setup {
  std::vector<std::string> players;   // counter-clockwise seating order
  int first_dealer = 0;
  Options opt;
  json options;                       // resolved option object (ids -> values)
  EndMode end = EndMode::open;
  int64_t end_value = 0;              // deals N or target X
  std::optional<int64_t> stake_per_point;
};

// spec tarot §6: option table (ids, values, defaults exactly as the spec).
const std::vector<OptionSpec>& option_table();  // built once
// spec tarot §2.1, §3.1: check a set-up; errors use the set-up field name.
std::optional<Setup> parse_setup(const json& setup, Diagnostics& diags);
// The game fold for a checked set-up (tarot_game.cpp).
std::unique_ptr<Game> make_game(Setup setup);

// spec tarot §1.3 per active player count.
struct Sizes {
  int tricks;
  int hand_size;
  std::array<int, 3> poignee;  // simple, double, triple
};
Sizes sizes_for(int active_players);

// The running state the validation needs (before the record).
struct State {
  int dealer = 0;       // index of the expected dealer of this record
  int deal_no = 0;      // records so far
  int hand_no = 0;      // scored hands so far
  bool over = false;
  int over_after = 0;   // deal number after which the game ended
};

// Outcome of one valid record.
struct Outcome {
  bool redeal = false;
  std::vector<int64_t> deltas;   // by player index (setup order)
  ojson breakdown = ojson::object();
  std::vector<std::string> attack;  // taker (+ partner)
  bool dealer_repeats = false;   // spec tarot §5.2: the same dealer deals again
};

// decode -> validate (§3) -> score (§4) one record. nullopt on errors.
std::optional<Outcome> play_record(const Setup& setup, const State& state, const json& record, Diagnostics& diags);

// Players active in a deal (all, or all but the dealer in dealer_sits_out mode).
std::vector<int> active_players(const Setup& setup, int dealer);

// CLI syntax and sheet (tarot_cli.cpp).
json setup_from_words(const std::vector<std::pair<std::string, std::string>>& kv, Diagnostics& diags);
json record_from_words(const std::vector<std::pair<std::string, std::string>>& kv, const std::vector<std::string>& players,
                       Diagnostics& diags);
sheet::Sheet render_sheet(const json& game_file, const ojson& score);
std::vector<FieldSpec> field_table();

// Helpers shared by the files.
std::string lower(std::string s);
std::string show_json(const json& v);
// "47.5" from half points 95
std::string half_points_text(int64_t half);

// Standings and statistics (tarot_league.cpp): seats from a summary, one hand's facts, the profile.
std::vector<league::SeatResult> league_seats(const json& summary, const std::vector<std::string>& players);
league::HandFacts league_hand_facts(const json& record, const json& entry, const std::vector<std::string>& players);
const league::Profile& league_profile();

}  // namespace marque::rules::tarot
