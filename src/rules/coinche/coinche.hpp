// Coinche (belote contrée) internals shared by the engine files of this folder: seats and teams, the
// resolved options (spec coinche §6), the decoded hand record (§2.2), scoring (§4) and the game fold (§5).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/common/values.hpp"
#include "rules/engine.hpp"

namespace marque::rules::coinche {

// spec coinche §1: seats N, E, S, W (index 0..3); N+S = team NS (0), E+W = team EW (1).
inline constexpr std::array<std::string_view, 4> k_seats = {"N", "E", "S", "W"};
inline constexpr std::array<std::string_view, 2> k_teams = {"NS", "EW"};
// spec coinche §2.2 / §2.3: suits S H D C (index 0..3), ranks in announcement order A K Q J 10 9 8 7 (0..7).
inline constexpr std::array<std::string_view, 4> k_suits = {"S", "H", "D", "C"};
inline constexpr std::array<std::string_view, 4> k_suit_symbols = {"\u2660", "\u2665", "\u2666", "\u2663"};
inline constexpr std::array<std::string_view, 8> k_ranks = {"A", "K", "Q", "J", "10", "9", "8", "7"};
inline constexpr std::array<std::string_view, 4> k_announcement_types = {"tierce", "cinquante", "cent", "carre"};

// spec coinche §4.1 / §6: nominal values of the special contracts; default flat scores (`capot_flat` /
// `generale_flat`) and the largest flat value accepted (keeps flat x surcoinche far from int overflow).
inline constexpr int k_capot_value = 250;
inline constexpr int k_generale_value = 500;
inline constexpr int k_capot_flat = 500;
inline constexpr int k_generale_flat = 1000;
inline constexpr int k_max_flat = 1000000;
inline constexpr int k_card_points = 152;

inline int team_of(int seat) { return seat % 2; }
int seat_index(std::string_view s);  // -1 when not N/E/S/W
int suit_index(std::string_view s);  // -1 when not S/H/D/C
int rank_index(const json& v);       // -1 when not a rank ("A".."7"; 10/9/8/7 also as numbers)

// spec coinche §6, resolved.
struct Options {
  int target_score = 3000;
  bool target_exceed = false;          // target_rule = exceed
  std::string tie_at_target = "draw";  // draw, extra_deal, last_contract
  std::string success_threshold = "bid_plus_2";
  bool must_outscore = true;
  bool cards_only = false;  // contract_points = cards_only
  std::string multiplier_scope = "points";
  int surcoinche_factor = 4;
  std::string coinche_loser = "normal";
  bool belote_to_defenders = false;  // belote_on_failure = to_defenders
  bool failure_base_162 = false;     // failure_base = 162_or_252
  std::string rounding = "none";     // none, half_up, six_up
  bool bid_only = false;             // scoring_mode = bid_only
  bool announcements = true;
  bool tie_cancel = false;               // announcement_tie = cancel
  bool capot_announcements_all = false;  // capot_announcements = all
  bool unbid_capot_bonus = true;
  bool capot_bid = false;
  bool generale_bid = false;
  bool flat_special = false;             // special_contract_scoring = flat
  int capot_flat = k_capot_flat;         // flat value of a capot contract
  int generale_flat = k_generale_flat;   // flat value of a générale contract
  bool belote_multiplied = true;         // false: belote added once, after the coinche multiplier
  bool announcements_multiplied = true;  // false: announcements added once, after the coinche multiplier
  bool coinche_flat_160 = false;         // coinche_scoring = flat_160
  int max_numeric_bid = 0;               // 0 = none
  bool anticlockwise = false;            // direction
  bool all_pass_same = false;            // all_pass_dealer = same

  int next_seat(int seat) const { return anticlockwise ? (seat + 3) % 4 : (seat + 1) % 4; }
  int round(int x) const;  // R(x) of §4.4
};

const std::vector<OptionSpec>& option_table();  // built once
// What people read for the ids (core/labels.hpp): the set-up, fields and values (coinche_fields.cpp), then the
// options (coinche_options.cpp) and the shared words.
const text::Labels& labels();
text::Labels option_labels();
Options options_from(const json& resolved);

// spec coinche §2.3
struct Announcement {
  int player = -1;
  int type = -1;   // index in k_announcement_types
  int suit = -1;   // sequences
  int top = -1;    // sequences: rank index of the highest card
  int length = 0;  // sequences: 3, 4, 5..8
  int rank = -1;   // carré
  int value() const;
  bool is_sequence() const { return type >= 0 && type <= 2; }
  text::Message describe() const;  // "tierce Q♣", "carré of J" (coinche.announce.*)
};

// spec coinche §2.2, decoded and validated.
struct Hand {
  int dealer = -1;
  std::string redeal;  // "", "all_pass", "misdeal"
  int bidder = -1;
  std::string contract = "points";
  int bid = 0;
  int trump = -1;
  int coinche = 0;
  int coinched_by = -1;
  int surcoinched_by = -1;
  int bidder_card_points = 0;
  bool last_trick_bidders = true;
  int capot = -1;  // -1 none, 0 bidders, 1 defenders
  int sole_winner = -1;
  int belote = -1;
  std::vector<Announcement> announcements;
};

// spec coinche §4: everything the score of one played hand depends on, per team (index 0 NS, 1 EW).
struct Scored {
  int bidding_team = 0;
  int value = 0;       // V
  int multiplier = 1;  // m
  int der = 10;
  std::array<int, 2> card{}, trick{}, ann{}, belote{}, points{}, contract_points{};
  int best_team = -1;  // team holding the best announcement (-1 none / cancelled)
  int threshold = 0;
  bool made = false;
  std::array<int, 2> score{};
};

// Score one validated played hand (coinche_score.cpp).
Scored score_hand(const Options& o, const Hand& h);

// Decode + validate a record (§3, coinche_hand.cpp) against the options and the expected dealer; nullopt on errors.
std::optional<Hand> decode_hand(const json& rec, const Options& o, int expected_dealer,
                                const std::array<std::string, 4>& names, Diagnostics& diags);

// Whether these announcements (record form) pass C14..C18 with this trump and belote (-1: none): what guided entry
// offers (coinche_hand.cpp, the same checks as decode_hand).
bool announcements_legal(const json& announcements, int trump, int belote, const Options& o,
                         const std::array<std::string, 4>& names);

class CoincheGame final : public Game {
public:
  CoincheGame(std::array<std::string, 4> names, int first_dealer, std::array<int64_t, 2> start, Options opts);
  std::vector<std::string> players() const override;
  // the two teams, N/S and E/W (spec §2.1), keyed NS and EW in the score document
  std::vector<Side> sides() const override;
  std::string sides_heading() const override;
  std::optional<HandResult> play_hand(const json& record, Diagnostics& diags) override;
  std::vector<Amount> standing() const override;
  std::vector<Amount> side_standing() const override;
  bool finished() const override { return m_finished; }
  ojson result() const override;
  ojson extra() const override;
  std::string next_dealer() const override;
  std::optional<json> save_state() const override;
  bool restore_state(const json& s) override;

  int next_dealer_seat() const { return m_next_dealer; }
  const std::array<std::string, 4>& names() const { return m_names; }
  const Options& options() const { return m_options; }
  // seat of a player given as a seat letter or a name; -1 if neither
  int seat_of(const std::string& who) const;

private:
  ojson team_json(const std::array<int64_t, 2>& v) const;
  void check_end(int made_team);

  std::array<std::string, 4> m_names;
  Options m_options;
  std::array<int64_t, 2> m_totals{};
  int m_next_dealer = 0;
  bool m_finished = false;
  std::string m_winner;  // "NS", "EW", "draw" once finished
  int m_played = 0;
  int m_redeals = 0;
};

// Command-line syntax (coinche_fields.cpp).
json setup_from_words(const std::vector<std::pair<std::string, std::string>>& kv, Diagnostics& diags);
json record_from_words(const std::vector<std::pair<std::string, std::string>>& kv, const Game& game,
                       Diagnostics& diags);
// Guided entry (coinche_entry.cpp): the next question of a hand, and the answers as `marque hand` words.
std::optional<Question> entry_question(const Game& before, const Answers& answers);
Words entry_words_of(const Answers& answers);
// Results in words as data (coinche_words.cpp): one hand from its record and score entry; the game from its score
// document; the English patterns of their messages.
text::Message hand_message(const json& record, const json& entry);
text::Message result_message(const json& score);
const text::Catalogue& catalogue();
// The Nous / Eux sheet (coinche_sheet.cpp).
sheet::Sheet render_sheet(const json& game_file, const ojson& score);
// Set-up check (coinche_game.cpp).
std::unique_ptr<Game> start_game(const json& setup, Diagnostics& diags);

// Small helpers the folder's files share.
inline std::string seat_name(int s) { return s >= 0 && s < 4 ? std::string(k_seats[static_cast<size_t>(s)]) : "?"; }
inline std::string team_name(int t) { return t >= 0 && t < 2 ? std::string(k_teams[static_cast<size_t>(t)]) : "?"; }
using common::lower;
using common::show;
// A JSON whole number (3, or 3.0); nullopt otherwise.
inline std::optional<int64_t> as_int(const json& v) { return common::whole_in(v, INT64_MIN, INT64_MAX); }

// Standings and statistics (coinche_league.cpp): seats from a summary, one hand's facts, the profile.
std::vector<league::SeatResult> league_seats(const json& summary, const std::vector<std::string>& players);
league::HandFacts league_hand_facts(const json& record, const json& entry, const std::vector<std::string>& players);
bool league_deal_played(const json& record, const ojson& entry);
const league::Profile& league_profile();

}  // namespace marque::rules::coinche
