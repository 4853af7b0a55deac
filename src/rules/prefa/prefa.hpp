// Prefa (Greek Preference) engine internals shared by the files of this folder.
// Normative text: shared/rules/prefa.md ("spec prefa §N" below).
#pragma once

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "rules/common/values.hpp"
#include "rules/engine.hpp"

namespace marque::rules::prefa {

// Money is kept in twelfths of a point: 10 * pool / N is exact for N = 3 and N = 4 (spec prefa §5.3, §5.4).
inline constexpr long long k_scale = 12;
// An amount of twelfths as an exact Amount (core/amount.hpp): what the score document and the words print.
inline Amount money(long long twelfths) { return Amount{twelfths, k_scale}; }

// spec prefa §3.3: strain index S=0, C=1, D=2, H=3, NT=4.
inline constexpr const char* k_strains[5] = {"S", "C", "D", "H", "NT"};

// spec prefa §4.1: game values by level (6..10) and strain; 10NT is set by option ten_no_trumps.
inline constexpr int k_game_values[5][5] = {
    {2, 3, 4, 5, 6}, {7, 7, 7, 7, 8}, {8, 8, 8, 8, 9}, {9, 9, 9, 9, 10}, {10, 10, 10, 10, 0}};

// The strains as people write them: 7♠, 6NT.
inline constexpr const char* k_strain_symbols[5] = {"♠", "♣", "♦", "♥", "NT"};

struct Contract {
  int level = 0;   // 6..10
  int strain = 0;  // 0..4
  int rank() const { return (level - 6) * 5 + strain; }
  std::string name() const { return std::to_string(level) + k_strains[strain]; }          // 7S
  std::string label() const { return std::to_string(level) + k_strain_symbols[strain]; }  // 7♠
};

// "7H" -> {7, 3}; nullopt when not of the form (6|7|8|9|10)(S|C|D|H|NT) (10NT is parsed; its legality is an
// option matter).
std::optional<Contract> parse_contract(const std::string& s);

const std::vector<OptionSpec>& option_table();  // built once
std::vector<FieldSpec> field_table();
// What people read for the ids (core/labels.hpp): the set-up, fields and values (prefa_fields.cpp), then the
// options (prefa_options.cpp) and the shared words.
const text::Labels& labels();
text::Labels option_labels();

// Command-line syntax (prefa_fields.cpp).
json record_from_args(const std::vector<std::pair<std::string, std::string>>& kv, const Game& game, Diagnostics& diags);
// Splits the `start.*` words off; the rest go through the generic set-up parser.
json start_from_args(const std::vector<std::pair<std::string, std::string>>& kv, json setup, Diagnostics& diags);

// The ⊥ sheet, the hand log and the settlement (prefa_sheet.cpp).
sheet::Sheet render_sheet(const json& game_file, const ojson& score);

// ---------------------------------------------------------------------------------------------------------
// The game (prefa_game.cpp: the fold, end, result; prefa_hand.cpp: one record; prefa_score.cpp: its scoring;
// prefa_options.cpp: the set-up)

using ll = long long;

inline const std::set<std::string> k_setup_fields = {"players", "initial_pool", "first_dealer", "scorer",
                                                     "stake",   "options",      "start"};
inline const std::set<std::string> k_record_fields = {"hand",     "dealer",   "type",    "auction",   "first_bidder",
                                                      "declarer", "contract", "won_bid", "four_aces", "calls",
                                                      "along",    "tricks",   "note"};

using common::show;

using common::is_whole;

// "A, B, C" (the players in messages).
inline std::string list_of(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& p : names) s += (s.empty() ? "" : ", ") + p;
  return s;
}

// Resolved options (spec prefa §6).
struct Options {
  int ten_nt = 0;  // 0 off, else game value of 10NT
  int ten_target = 0;
  bool provisional = false;
  bool seven_diamonds = false;
  enum class Aces { off, raise, bonus } aces = Aces::off;
  int aces_raise = 1;
  int aces_bonus_6 = 25;
  int aces_bonus_7 = 50;
  bool redeclare = false;
  bool all_but_one = false;
  bool level_overflow = false;
  bool negative = false;
  bool per_seat = false;
  bool partner_single = false;
  int sit_out_1 = 25;
  int sit_out_2 = 50;
  bool polles = false;
  bool concession = false;
  bool half_up = false;
};

struct Transfer {
  int from;
  int to;
  ll amount;  // twelfths
  std::string reason;
};

// The running state (spec prefa §5.1).
struct State {
  std::vector<ll> pool;
  std::vector<std::vector<ll>> recv;  // recv[to][from], twelfths
  int dealer = 0;                     // dealer of the next record
  int hands = 0;                      // hands played so far
  bool over = false;
  bool fresh = true;  // the next record is hand 1 of a game (first_bidder)
};

class PrefaGame final : public Game {
public:
  PrefaGame(std::vector<std::string> players, Options opt, State st, json setup_echo)
      : m_players(std::move(players)),
        m_n(static_cast<int>(m_players.size())),
        m_opt(opt),
        m_st(std::move(st)),
        m_setup(std::move(setup_echo)) {}

  std::vector<std::string> players() const override { return m_players; }
  std::optional<HandResult> play_hand(const json& record, Diagnostics& diags) override;
  std::vector<Amount> standing() const override { return amounts(values(m_st)); }
  bool finished() const override { return m_st.over; }
  ojson result() const override;
  ojson extra() const override;
  std::string next_dealer() const override { return m_st.over ? "" : m_players[static_cast<size_t>(m_st.dealer)]; }
  std::string sitting_out() const override { return m_n == 4 ? next_dealer() : ""; }  // spec §1: 4 players
  std::optional<json> save_state() const override;
  bool restore_state(const json& s) override;
  // For guided entry (prefa_entry.cpp): the resolved options and the state before the next hand.
  const Options& options() const { return m_opt; }
  const State& state() const { return m_st; }

private:
  int index_of(const std::string& name) const {
    for (int i = 0; i < m_n; ++i)
      if (m_players[static_cast<size_t>(i)] == name) return i;
    return -1;
  }
  const std::string& name(int i) const { return m_players[static_cast<size_t>(i)]; }

  // spec prefa §5.4: V_i = (received - paid)_i - 10 * (pool_i - mean(pool)), in twelfths.
  std::vector<ll> values(const State& s) const {
    ll sum = std::accumulate(s.pool.begin(), s.pool.end(), 0LL);
    std::vector<ll> v(static_cast<size_t>(m_n));
    for (int i = 0; i < m_n; ++i)
      v[static_cast<size_t>(i)] = cash(s, i) - 10 * k_scale * s.pool[static_cast<size_t>(i)] + 10 * k_scale * sum / m_n;
    return v;
  }
  ll cash(const State& s, int i) const {
    ll c = 0;
    for (int j = 0; j < m_n; ++j)
      c += s.recv[static_cast<size_t>(i)][static_cast<size_t>(j)] -
           s.recv[static_cast<size_t>(j)][static_cast<size_t>(i)];
    return c;
  }
  static std::vector<Amount> amounts(const std::vector<ll>& twelfths) {
    std::vector<Amount> out;
    for (ll v : twelfths) out.push_back(money(v));
    return out;
  }
  ojson per_player_money(const std::vector<ll>& v) const {
    ojson o = ojson::object();
    o.get_ref<ojson::object_t&>().reserve(static_cast<size_t>(m_n));
    for (int i = 0; i < m_n; ++i) o[name(i)] = money(v[static_cast<size_t>(i)]);
    return o;
  }
  ojson per_player_int(const std::vector<ll>& v) const {
    ojson o = ojson::object();
    o.get_ref<ojson::object_t&>().reserve(static_cast<size_t>(m_n));
    for (int i = 0; i < m_n; ++i) o[name(i)] = v[static_cast<size_t>(i)];
    return o;
  }
  ojson received_json(const State& s) const {
    ojson o = ojson::object();
    o.get_ref<ojson::object_t&>().reserve(static_cast<size_t>(m_n));
    for (int i = 0; i < m_n; ++i) {
      ojson row = ojson::object();
      row.get_ref<ojson::object_t&>().reserve(static_cast<size_t>(m_n - 1));
      for (int j = 0; j < m_n; ++j)
        if (i != j) row[name(j)] = money(s.recv[static_cast<size_t>(i)][static_cast<size_t>(j)]);
      o[name(i)] = std::move(row);
    }
    return o;
  }
  // spec prefa §5.3 general end settlement on a state: every player pays 10 * pool / N to every other player.
  void end_settlement(State& s, std::vector<Transfer>* out) const;
  ojson settlement_json(const State& s) const;

  std::vector<std::string> m_players;
  int m_n;
  Options m_opt;
  State m_st;
  json m_setup;
};

// One record decoded and checked (spec prefa §2.2, §3; prefa_hand.cpp): what the scoring (§4) reads.
struct Hand {
  int number = 0;  // the hand number (the next one)
  int dealer = 0;
  int sitting_out = -1;        // the dealer, with 4 players
  int first_bidder = -1;       // hand 1 with option first_hand_seven_of_diamonds
  std::string type;            // contract, all_pass, withdrawn, conceded, polles
  int d = -1, R = -1, L = -1;  // declarer, right and left defender
  std::optional<Contract> contract;
  int gv = 0;  // game value, four aces raise included (§4.1)
  bool four_aces = false;
  int T = 0;              // the defenders' total target (§4.2)
  bool declares = false;  // the defenders declare play/pass (levels 6..9, or 10 with target 1)
  std::string cR, cL;     // their calls
  std::string mode;       // both, alone, along, none (§2.2)
  int e = -1;             // the lone defender (alone) or the taker (along)
  int taken = -1;         // the taken-along defender
  std::vector<int> x;     // tricks per player (conceded: synthesised; none: declarer 10)
  bool active(int p) const { return p >= 0 && p != sitting_out; }
};

// spec prefa §3: decode and check one record against the state before it; errors -> nullopt.
std::optional<Hand> decode_hand(const json& rec, const std::vector<std::string>& players, const Options& opt,
                                const State& st, Diagnostics& diags);
// One-line entry (prefa_fields.cpp): the tricks of the players who played and have none, where the counts given
// decide them (E-T3): the rest of the ten when one is missing, 0 each when the given counts make ten
// (`declarer=B contract=10D tricks=B:10`). Anything else is left as it is, for decode_hand to say what to add.
void complete_tricks(json& rec, const std::vector<std::string>& players, const Options& opt, const State& st);

// spec prefa §4: one checked hand scored on `next` (a copy of the state): its breakdown, transfers and the
// overflow's warnings (prefa_score.cpp).
struct Scored {
  ojson breakdown;
  std::vector<Transfer> transfers;
  std::vector<std::pair<std::string, text::Message>> warnings;  // code, words of catalogue()
};
Scored score_hand(const Hand& h, const std::vector<std::string>& players, const Options& opt, State& next);

// Guided entry (prefa_entry.cpp): the questions of one hand and the command-line words of the answers.
std::optional<Question> entry_question(const Game& before, const Answers& answers);
Words entry_words(const Game& before, const Answers& answers);
// All passed: a redeal, nothing scored (none with polles: then an all-pass hand is played for penalties).
Answers redeal_answers(const Game& before);

// Results in words as data (prefa_words.cpp): the messages and their English patterns.
text::Message hand_message(const json& record, const json& entry, const std::vector<std::string>& players);
text::Message result_message(const json& score);
const text::Catalogue& catalogue();

// the largest stake (money per point) a game takes
constexpr long long k_max_stake = 1000000;
// A stake as the exact decimal number it was written as ("0.05" is 5/100); nullopt when it is not a number.
std::optional<Amount> stake_of(const json& v);
// spec prefa §2.1: players, initial pool, first dealer, scorer, stake, options, start -> the game (prefa_options.cpp)
std::unique_ptr<Game> start_game(const json& setup, Diagnostics& diags);

// Standings and statistics (prefa_league.cpp): seats from a summary, one hand's facts, the profile.
std::vector<league::SeatResult> league_seats(const json& summary, const std::vector<std::string>& players);
league::HandFacts league_hand_facts(const json& record, const json& entry, const std::vector<std::string>& players);
bool league_deal_played(const json& record, const ojson& entry);
const league::Profile& league_profile();

}  // namespace marque::rules::prefa
