// French Tarot rules engine, internal declarations (spec: shared/rules/tarot.md).
// Card points are kept as integer half points (×2) throughout; every score is an exact int64.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/common/values.hpp"
#include "rules/engine.hpp"

namespace marque::rules::tarot {

using common::lower;
using common::show_quoted;

// spec tarot §3.4: bid strength; also the contract id (petite = prise).
enum Contract : int { k_none = 0, k_prise = 1, k_pousse = 2, k_garde = 3, k_garde_sans = 4, k_garde_contre = 5 };
inline constexpr const char* k_contract_names[6] = {"", "prise", "pousse", "garde", "garde_sans", "garde_contre"};
// spec tarot §4.1: the target by the attack's oudlers.
inline constexpr int k_target[4] = {56, 51, 41, 36};
inline constexpr const char* k_levels[3] = {"simple", "double", "triple"};
// spec tarot §2.3: the reasons of a redeal.
inline constexpr const char* k_redeal_reasons[] = {"all_pass",    "petit_sec", "no_trumps",
                                                   "few_honours", "misdeal",   "other"};

// spec tarot §6: the resolved variants of one game.
struct Options {
  bool fft_poignee_values = false;  // poignee_values: seed 20/40/60, fft 20/30/40
  int garde_contre_multiplier = 6;  // 6 or 8
  bool petite_pousse = false;       // bid_ladder
  bool multi_rounds = true;         // bidding_rounds
  bool petit_sec_redeal = true;     // petit_sec: redeal | play_as_excuse
  bool redeal_no_trumps = false;    // extra_redeal_reasons
  bool redeal_few_honours = false;
  bool misere = false;
  int misere_value = 10;
  bool misere_team = false;      // misere_scoring
  bool misere_separate = false;  // misere_kinds
  bool petite_chelem = false;
  int petite_chelem_tricks = 0;  // 0 = T - 3
  int defence_chelem_bonus = 200;
  bool dealer_sits_out = false;  // five_player_mode
  bool self_call = true;
  bool jack_call = false;
  int gain_rounding = 0;  // 0, 5 or 10
  bool count_redeals = false;
  bool poignee_to_shower = false;           // poignee_to: winner (seed, FFT) | shower (house rule)
  bool petit_au_bout_lost_on_fail = false;  // petit_au_bout_failed_attack: counts (FFT) | lost (house rule)
};

enum class EndMode { open, deals, target };

// spec tarot §2.1: the checked session record.
struct Setup {
  std::vector<std::string> players;  // counter-clockwise seating order
  int first_dealer = 0;
  Options opt;
  json options;  // resolved option object (ids -> values)
  EndMode end = EndMode::open;
  int64_t end_value = 0;  // deals N or target X
  std::optional<int64_t> stake_per_point;
};

// spec tarot §6: option table (ids, values, defaults exactly as the spec).
const std::vector<OptionSpec>& option_table();  // built once
// spec tarot §6 bid_ladder: the contracts of the ladder, lowest first (petite for prise with petite_pousse), and
// as a message lists them; the contract id of a name ("prise"/"petite" -> k_prise ...; k_none when unknown).
std::vector<std::string> ladder(const Options& o);
std::string ladder_text(const Options& o);
int contract_id(const std::string& name);
// spec tarot §2.1, §3.1: check a set-up; errors use the set-up field name.
std::optional<Setup> parse_setup(const json& setup, Diagnostics& diags);
// The game fold for a checked set-up (tarot_game.cpp).
std::unique_ptr<Game> make_game(Setup setup);
// The set-up of a game made by make_game (its players and resolved options).
const Setup& setup_of(const Game& game);

// spec tarot §1.3 per active player count.
struct Sizes {
  int tricks;
  int hand_size;
  std::array<int, 3> poignee;  // simple, double, triple
};
Sizes sizes_for(int active_players);

// The running state the validation needs (before the record).
struct State {
  int dealer = 0;   // index of the expected dealer of this record
  int deal_no = 0;  // records so far
  int hand_no = 0;  // scored hands so far
  bool over = false;
  int over_after = 0;  // deal number after which the game ended
};

// Outcome of one valid record.
struct Outcome {
  bool redeal = false;
  std::vector<int64_t> deltas;  // by player index (setup order)
  ojson breakdown = ojson::object();
  std::vector<std::string> attack;  // taker (+ partner)
  bool dealer_repeats = false;      // spec tarot §5.2: the same dealer deals again
};

// decode -> validate (§3) -> score (§4) one record. nullopt on errors.
std::optional<Outcome> play_record(const Setup& setup, const State& state, const json& record, Diagnostics& diags);
// The state before the next record of a tarot game (guided entry tries its answers against it).
const State& state_of(const Game& game);

enum Chelem : int { k_chelem_none, k_chelem_attack, k_chelem_defence };

// One played hand, decoded and validated (spec tarot §2.2, §3): what the scoring reads. Players are indices.
struct Hand {
  struct Poignee {
    int player;
    int level;   // 0 simple, 1 double, 2 triple
    int trumps;  // -1 not given
  };
  struct Misere {
    int player;
    int kind;  // 0 combined, 1 trumps, 2 faces
  };
  int taker = -1;
  int partner = -1;          // -1 = the taker plays alone
  std::string partner_note;  // "self" / "chien" when a called king left the taker alone
  int contract = k_none;
  int oudlers = -1;
  int64_t points2 = -1;   // the attack's card points as counted, in half points
  bool made = false;      // decided on the exact count (§4.2)
  int petit_au_bout = 0;  // +1 attack, -1 defence
  int chelem = k_chelem_none;
  bool chelem_announced = false;
  bool petite_announced = false;
  int tricks = -1;  // attack_tricks, -1 not recorded
  std::vector<Poignee> poignees;
  std::vector<Misere> miseres;
};

// spec tarot §4: score a validated hand among the active players `act` (tarot_score.cpp). The half-point note
// (W_HALF_POINT) goes into diags; nullopt only on an internal error (deltas not zero-sum).
std::optional<Outcome> score_hand(const Setup& setup, const std::vector<int>& act, const Hand& hand,
                                  Diagnostics& diags);

// Players active in a deal (all, or all but the dealer in dealer_sits_out mode).
std::vector<int> active_players(const Setup& setup, int dealer);

// Command-line words (tarot_fields.cpp) and the sheet (tarot_sheet.cpp).
json setup_from_words(const std::vector<std::pair<std::string, std::string>>& kv, Diagnostics& diags);
json record_from_words(const std::vector<std::pair<std::string, std::string>>& kv,
                       const std::vector<std::string>& players, Diagnostics& diags);
sheet::Sheet render_sheet(const json& game_file, const ojson& score);
std::vector<FieldSpec> field_table();
// What people read for the ids (core/labels.hpp): the set-up, fields and values (tarot_fields.cpp), then the options
// (tarot_options.cpp) and the shared words.
const text::Labels& labels();
text::Labels option_labels();
// W_UNKNOWN_FIELD for each key of `rec` that is not a field of its type (§2.2 hand, §2.3 redeal).
void warn_unknown_fields(const json& rec, bool redeal, Diagnostics& diags);

// "47.5" from half points 95
std::string half_points_text(int64_t half);

// Guided entry (tarot_entry.cpp): the next question of a hand, the words of the answers.
std::optional<Question> entry_question(const Game& before, const Answers& answers);
Words entry_words_of(const Game& before, const Answers& answers);
// All passed: nobody took, a redeal.
Answers redeal_answers(const Game& before);

// Results in words, as data (tarot_words.cpp): one record with its marque-score/1 entry; the game's outcome or
// standing; the English patterns of their messages.
text::Message message_of_hand(const json& record, const json& entry);
text::Message message_of_hand(const json& record, const ojson& entry);  // the same: its breakdown copied, no more
text::Message message_of_result(const json& score);
const text::Catalogue& catalogue();

// Standings and statistics (tarot_league.cpp): seats from a summary, one hand's facts, the profile.
std::vector<league::SeatResult> league_seats(const json& summary, const std::vector<std::string>& players);
league::HandFacts league_hand_facts(const json& record, const json& entry, const std::vector<std::string>& players);
bool league_deal_played(const json& record, const ojson& entry);
const league::Profile& league_profile();

}  // namespace marque::rules::tarot
