// Alsós (spec /work/shared/rules/alsos.md): the tables, the resolved options, the decoded hand record, the game
// state (the fold over the records) and the declarations the folder's files share. Pure rules code: no SQLite,
// no CLI11, no I/O.
//
// One record goes: decode, validate (alsos_hand.cpp) -> score (alsos_score.cpp) -> advance (alsos_game.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "rules/common/values.hpp"
#include "rules/engine.hpp"

namespace marque::rules::alsos {

using i64 = std::int64_t;
using common::is_whole;

// The value of a JSON number for which is_whole holds.
i64 whole(const json& v);

// ---- tables (spec alsos §1.2, §1.5, §4.1) ----

enum class Kind { trump, no_trumps, betli, kloptzky, misdeal };
enum class Phase { early, late };
enum class Side { declarer, defenders };

constexpr std::array<std::string_view, 5> k_kind_ids = {"trump", "no_trumps", "betli", "kloptzky", "misdeal"};
constexpr std::array<std::string_view, 4> k_suit_ids = {"makk", "piros", "tok", "zold"};
// spec alsos §7: sheet codes M/P/T/Z for the trump suits.
constexpr std::array<std::string_view, 4> k_suit_codes = {"M", "P", "T", "Z"};
// The suits as people write them (spec §1.2), and in English.
constexpr std::array<std::string_view, 4> k_suit_names = {"makk", "piros", "tök", "zöld"};
constexpr std::array<std::string_view, 4> k_suit_english = {"acorns", "hearts", "bells", "leaves"};

// spec alsos §1.2: all card points with the last-trick 10.
constexpr i64 k_total_trump = 162;
constexpr i64 k_total_no_trumps = 130;
constexpr i64 k_last_trick_bonus = 10;
constexpr i64 k_bela_points = 20;
// spec alsos §3.5 V46: most points that can stay out of play (5 resp. 8 cards).
constexpr i64 k_max_unplayed_trump_9 = 67, k_max_unplayed_nt_9 = 54;
constexpr i64 k_max_unplayed_trump_12 = 98, k_max_unplayed_nt_12 = 84;

struct FiguraInfo {
  std::string_view id;
  std::string_view
      label;  // its name for people (spec §1.5); the two unnamed ones by their cards (§9.2: no invented names)
  std::string_view feat;  // what the announcer undertakes, in a few words (guided entry)
  i64 value;              // table value before the early doubling (spec §1.5)
  bool trump_only;        // V11
  bool derived;           // spec §2.3: outcome derived by the engine (made optional)
  i64 threshold_trump;    // tuli / absolut / szaz thresholds (spec §4.1), 0 = none
  i64 threshold_no_trumps;
  i64 min_points;  // V52: least card points of a made card-capture figura
  i64 min_tricks;  // V52
};

constexpr std::size_t k_kassza = 0, k_tuli = 1, k_absolut = 2, k_szaz = 3, k_negy_asz = 4, k_tuletroa = 5, k_ultimo = 6,
                      k_trump_akf = 7, k_trump_six = 8, k_durchmarsch = 9;

constexpr std::array<FiguraInfo, 10> k_figurak = {{
    {"kassza", "kassza", "K+F of trumps, +1 with the game", 1, true, true, 0, 0, 0, 0},
    {"tuli", "tuli", "82 card points (66 in no trumps)", 1, false, true, 82, 66, 0, 0},
    {"absolut", "absolút", "100 card points (80 in no trumps)", 2, false, true, 100, 80, 0, 0},
    {"szaz", "száz", "200 with melds (180 in no trumps)", 1, false, true, 200, 180, 0, 0},
    {"negy_asz", "négy ász", "all four aces", 1, false, false, 0, 0, 44, 2},
    {"tuletroa", "tuletroá", "U, 9 and 7 of trumps", 1, true, false, 0, 0, 34, 1},
    {"ultimo", "ultimó", "the last trick with the 7 of trumps", 2, true, false, 0, 0, 0, 1},
    {"trump_akf", "trump A-K-F", "A, K and F of trumps", 1, true, false, 0, 0, 18, 1},
    {"trump_six", "trump U-9-A-10-K-F", "U, 9, A, 10, K and F of trumps", 2, true, false, 0, 0, 62, 2},
    {"durchmarsch", "durchmarsch", "every trick", 5, false, true, 0, 0, 0, 0},
}};

// spec alsos §3.6 V53: the cards each card-capture figura claims (a bit per card): the four aces (bit 0 = trump
// ace, 1-3 = the plain aces), trump U, 9, 10, K, F, 7.
constexpr unsigned k_card_trump_ace = 1u << 0, k_card_plain_aces = 7u << 1, k_card_u = 1u << 4, k_card_9 = 1u << 5,
                   k_card_10 = 1u << 6, k_card_k = 1u << 7, k_card_f = 1u << 8, k_card_7 = 1u << 9;
constexpr std::array<unsigned, 10> k_figura_cards = {
    0,
    0,
    0,
    0,
    k_card_trump_ace | k_card_plain_aces,                                      // negy_asz
    k_card_u | k_card_9 | k_card_7,                                            // tuletroa
    k_card_7,                                                                  // ultimo
    k_card_trump_ace | k_card_k | k_card_f,                                    // trump_akf
    k_card_u | k_card_9 | k_card_trump_ace | k_card_10 | k_card_k | k_card_f,  // trump_six
    0,
};

constexpr std::array<std::string_view, 4> k_kontra_names = {"kontra", "rekontra", "szubkontra", "mordkontra"};
constexpr std::array<std::string_view, 4> k_kontra_codes = {"K", "RK", "SK", "MK"};

std::optional<std::size_t> figura_index(std::string_view id);
std::optional<int> suit_index(std::string_view id);

// ---- options (spec alsos §6) ----

enum class EndMode { manual, deals, radli };

struct Options {
  i64 gv_trump = 1;
  i64 gv_other_suit = 1;
  i64 gv_no_trumps = 2;
  i64 gv_betli = 2;
  i64 kloptzky_value = 3;
  int max_kontra_level = 3;
  bool kassza_double_game = false;
  std::array<i64, 3> sequence_values = {20, 50, 100};
  EndMode end = EndMode::manual;
  i64 end_deals = 0;
  i64 radli_target = 80;
  i64 radli_bonus = 20;
};

const std::vector<OptionSpec>& option_table();  // built once
// Resolved options object (after resolve_options) -> Options.
Options options_from(const json& resolved);
std::string session_end_text(const Options& o);

// spec alsos §3.5 V47: every sum of sequence values a hand of `cards` cards can score (lengths >= 3).
std::set<i64> sequence_sums(const std::array<i64, 3>& values, int cards);

// ---- the decoded hand record (spec alsos §2.2) ----

struct KontraLevel {
  std::string by;
  Phase phase = Phase::late;
};

struct Figura {
  std::string by;
  std::size_t fig = 0;  // index into k_figurak
  Phase phase = Phase::late;
  std::vector<KontraLevel> kontra;
  std::optional<bool> made;
};

struct Meld {
  i64 sequences = 0;
  i64 sets = 0;
  bool bela = false;
};

struct Gyerunk {
  std::string by;
  int level = 1;
  bool surrendered = false;
};

struct Hand {
  std::optional<i64> number;
  std::string dealer;
  std::optional<int> turn_up;
  Kind kind = Kind::trump;
  std::optional<int> trump;
  std::string declarer;
  std::vector<KontraLevel> game_kontra;
  std::vector<Figura> figurak;
  std::optional<Gyerunk> gyerunk;
  std::map<std::string, i64> tricks;
  std::map<std::string, i64> card_points;
  std::string last_trick;
  std::map<std::string, Meld> melds;
  std::optional<i64> unplayed;
};

// ---- the game state ----

class AlsosGame final : public Game {
public:
  AlsosGame(std::vector<std::string> players, std::string first_dealer, Options options, json options_json,
            std::vector<i64> start_totals, i64 hands_played);

  std::vector<std::string> players() const override { return m_players; }
  std::optional<HandResult> play_hand(const json& record, Diagnostics& diags) override;
  std::vector<Amount> standing() const override;
  bool finished() const override { return m_finished; }
  ojson result() const override;
  ojson extra() const override;
  std::string next_dealer() const override;
  std::string sitting_out() const override { return m_players.size() == 4 ? next_dealer() : ""; }  // spec §1.1
  std::optional<json> save_state() const override;
  bool restore_state(const json& s) override;

  // For the command-line syntax, the checks of a record, the questions of a hand and the sheet.
  i64 next_hand_number() const { return m_hands_played + m_records + 1; }
  const Options& options() const { return m_opt; }
  const json& options_json() const { return m_options_json; }
  const std::vector<std::string>& roster() const { return m_players; }  // players() without the copy
  // Exact spelling (the records name players exactly as the set-up does); -1 when not a player.
  int player_index(const std::string& name) const;
  // Who is expected to deal the next record (spec §5), also once the session has ended.
  const std::string& expected_dealer() const { return m_players[static_cast<std::size_t>(m_dealer)]; }
  // Tricks of a deal: 12 with 2 players, else 9 (spec §1.3).
  i64 tricks_per_deal() const { return m_players.size() == 2 ? 12 : 9; }
  // The players who take cards when `dealer` deals (spec §1.1: with 4 players the dealer sits out).
  std::vector<std::string> active_players(const std::string& dealer) const;
  // A record decoded and validated (spec §3) as play_hand would, nothing scored nor played: guided entry asks
  // the engine so whether a choice is legal.
  bool check(const json& record, Diagnostics& diags) const;

private:
  std::optional<Hand> decode(const json& record, Diagnostics& diags) const;  // alsos_hand.cpp
  bool validate(const Hand& h, Diagnostics& diags) const;                    // alsos_hand.cpp
  // spec §5: the session's end after a scored deal (and the radli bonus, added to `delta` and `totals`).
  bool session_ends(i64 deals, std::vector<i64>& delta, std::vector<i64>& totals, ojson& breakdown,
                    std::vector<std::string>& labels, std::string& reason) const;

  std::vector<std::string> m_players;
  Options m_opt;
  json m_options_json;
  std::vector<i64> m_totals;
  int m_dealer = 0;        // index of who deals the next record
  i64 m_hands_played = 0;  // deals before the first record (setup.start)
  i64 m_records = 0;       // records played (misdeals included)
  i64 m_deals = 0;         // scored deals, setup.start included (spec §5: misdeals not counted)
  bool m_finished = false;
  std::string m_end_reason;
};

// The set-up (alsos_options.cpp, spec §2.1 + [M] `start`): checks it and starts the fold; errors -> nullptr.
std::unique_ptr<Game> start_game(const json& setup, Diagnostics& diags);

// One validated record scored (alsos_score.cpp, spec §4): the deltas in set-up order, the breakdown of the
// score entry, the sheet's contract code and item labels. nullopt on an error (V51) appended to diags.
struct Scored {
  std::vector<i64> delta;
  ojson breakdown;
  std::string contract_code;
  std::vector<std::string> labels;
};
std::optional<Scored> score_hand(const Hand& h, const AlsosGame& game, Diagnostics& diags);

// The command-line syntax (alsos_fields.cpp): the field table, the words of `hand` and of `start`.
std::vector<FieldSpec> field_table();
// What people read for the ids (core/labels.hpp): the set-up, fields and values (alsos_fields.cpp), then the
// options (alsos_options.cpp) and the shared words.
const text::Labels& labels();
text::Labels option_labels();
json record_from_args(const std::vector<std::pair<std::string, std::string>>& kv, const AlsosGame& game,
                      Diagnostics& diags);
// `marque start alsos` words: the shared default (`base`'s) plus end=, start=, hands_played=.
json setup_from_args(const GameRules& base, const std::vector<std::pair<std::string, std::string>>& kv,
                     Diagnostics& diags);
// The record field a command-line key of `hand` fills ("points" -> "card_points"), "" when it is not a key.
std::string field_of_key(std::string_view key);

// The paper sheet (alsos_sheet.cpp).
sheet::Sheet render_sheet(const json& game_file, const ojson& score);

// Guided entry (alsos_entry.cpp): the questions of a hand and their command-line words.
std::optional<Question> next_question(const AlsosGame& before, const Answers& answers);
Words entry_words(const AlsosGame& before, const Answers& answers);

// Results in words as data (alsos_words.cpp): one hand, the session's outcome, the English patterns of their
// messages.
text::Message hand_message(const json& record, const json& entry, const std::vector<std::string>& players);
text::Message result_message(const json& score);
// The hand's summary (spec §7, what marque-score/1 stores as "summary"): its contract's code ("Bálint BE won") and
// its items' labels ("game K(l) 2 D; Ann kassza(e) 1 F"), from its marque-score/1 entry; the sheet's two columns.
text::Message contract_message(const json& entry);
text::Message items_message(const json& entry);
text::Message radli_message(const json& entry);  // the radli's label alone (none when the hand ended no session)
text::Message summary_message(const json& entry);
const text::Catalogue& catalogue();

// Settlement (spec alsos §5): largest debtor pays largest creditor.
ojson settlement(const std::vector<std::string>& players, const std::vector<i64>& totals);

// Small helpers of the folder's files.
// A field counts as given unless it is absent, null or an empty array/object (exporters may write defaults).
inline bool given(const json& r, const char* key) {
  if (!r.contains(key)) return false;
  const json& v = r[key];
  if (v.is_null()) return false;
  if ((v.is_array() || v.is_object()) && v.empty()) return false;
  return true;
}

template <typename Range>
std::string join(const Range& r, const std::string& sep = ", ") {
  std::string s;
  for (const auto& x : r) {
    if (!s.empty()) s += sep;
    s += std::string(x);
  }
  return s;
}

inline std::string phase_id(Phase p) { return p == Phase::early ? "early" : "late"; }
inline std::string side_id(Side s) { return s == Side::declarer ? "declarer" : "defenders"; }
inline Side other(Side s) { return s == Side::declarer ? Side::defenders : Side::declarer; }

inline std::string kind_name(Kind k) { return std::string(k_kind_ids[static_cast<std::size_t>(k)]); }

// Standings and statistics (alsos_league.cpp): seats from a summary, one hand's facts, the profile.
std::vector<league::SeatResult> league_seats(const json& summary, const std::vector<std::string>& players);
league::HandFacts league_hand_facts(const json& record, const json& entry, const std::vector<std::string>& players);
bool league_deal_played(const json& record, const ojson& entry);
const league::Profile& league_profile();

}  // namespace marque::rules::alsos
