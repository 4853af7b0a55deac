// Piquet (2 players): classic game to 100 and Rubicon Piquet — the folder's types and the declarations its
// files share. Normative text: shared/rules/piquet.md (cited as "spec piquet §N").
//
// A deal record goes: piquet_fields.cpp (words -> record) -> piquet_hand.cpp (read and check, §2.4-2.6, §3)
// -> piquet_score.cpp (score, §4) -> piquet_game.cpp (the fold, end and result, §5).
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rules/common/values.hpp"
#include "rules/engine.hpp"

namespace marque::rules::piquet {

// Roles inside one deal (spec piquet §1): elder = non-dealer, younger = dealer.
constexpr int k_elder = 0;
constexpr int k_younger = 1;
constexpr std::array<const char*, 2> k_role_names = {"elder", "younger"};

// Ranks, index 7 = 0 ... A = 7 (spec piquet §3 V-SQ2).
constexpr std::array<const char*, 8> k_ranks = {"7", "8", "9", "10", "J", "Q", "K", "A"};

// Point pip ranges by number of cards, index = cards (spec piquet §3 V-PT3).
constexpr std::array<std::pair<int, int>, 9> k_pip_range = {
    {{0, 0}, {7, 11}, {15, 21}, {24, 31}, {34, 41}, {44, 51}, {54, 60}, {64, 68}, {75, 75}}};

constexpr int k_max_deal_total = 174;   // spec piquet §4.8 / V-TT1
constexpr int k_max_combinations = 57;  // spec piquet §3 C-3
constexpr int k_max_combinations_blank = 51;
constexpr int k_max_courts_blank = 7;  // spec piquet §3 C-3 note: a blank holder keeps <= 7 court cards
constexpr int k_repique = 60;          // spec piquet §4.1
constexpr int k_pique = 30;
constexpr int k_carte_blanche = 10;
constexpr int k_cards_majority = 10;
constexpr int k_capot = 40;
constexpr int k_rubicon = 100;  // spec piquet §5.3

// The four categories of §4.4 scored before the play, in their order.
constexpr std::array<const char*, 4> k_decl_categories = {"carte_blanche", "point", "sequences", "sets"};

// ---- options and set-up (piquet_options.cpp) ------------------------------------------------------------

enum class Mode { classic, rubicon };

struct Options {
  Mode mode = Mode::classic;
  int target = 100;
  std::string match = "best_of_3";
  bool pips_rounded = false;  // point_scoring
  bool old_tens = false;      // trick_scoring
  bool last_trick_on_capot = true;
  bool four_doubled = false;  // partie_deals = 4_doubled_ends
  std::string stake_rounding = "none";
  bool concession_pique = false;  // spec piquet §4.7: a conceded deal's 13 play points give no pique
};

Options options_from(const json& resolved);
const std::vector<OptionSpec>& option_table();  // built once
// Games a player needs to win the match (spec piquet §5.2, §6 match).
int games_needed(const std::string& match);

// The state of a paper game being resumed (set-up `start`).
struct Resume {
  std::array<long long, 2> totals = {0, 0}, won = {0, 0}, balance = {0, 0};
  int deals = 0;
};

std::unique_ptr<Game> start_game(const json& setup, Diagnostics& diags);  // options
std::unique_ptr<Game> make_game(std::vector<std::string> players, Options opts, int first_dealer,
                                const Resume& r);  // game

// ---- fields and command-line words (piquet_fields.cpp) --------------------------------------------------

std::vector<FieldSpec> field_table();
// What people read for the ids (core/labels.hpp): the set-up, fields and values (piquet_fields.cpp), then the
// options (piquet_options.cpp) and the shared words.
const text::Labels& labels();
text::Labels option_labels();
json record_from_args(const std::vector<std::pair<std::string, std::string>>& kv, const Game& game, Diagnostics& diags);
json setup_from_args(const std::vector<std::pair<std::string, std::string>>& kv, Diagnostics& diags);
// The engine's default set-up parser (players=, dealer=, option.ID=, key=value).
json base_setup_from_args(const std::vector<std::pair<std::string, std::string>>& kv, Diagnostics& diags);

// ---- one deal record (piquet_hand.cpp) ------------------------------------------------------------------

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

// What a deal is read and scored against: the game before it (piquet_game.cpp fills it).
struct DealContext {
  const Options& opts;
  const std::vector<std::string>& players;
  int dealer = 0;                      // player index of this deal's dealer (younger)
  std::array<int, 2> totals = {0, 0};  // game / partie totals before the deal, by player
  int deal_no = 1;                     // this deal's number (redeals not counted)
  int weight = 1;                      // 2 for the doubled deals of partie_deals = 4_doubled_ends
  int last_deal = 6;                   // the partie's final scheduled deal (rubicon)
  int player_of(int role) const { return role == k_younger ? dealer : 1 - dealer; }
  int role_of(int player) const { return player == dealer ? k_younger : k_elder; }
  const std::string& name(int player) const { return players[static_cast<size_t>(player)]; }
};

// The parts of a detail record, each read with its own diagnostics: a classic game that ends inside the
// declarations (§5.2) keeps the parts up to the deciding category and ignores the rest (C-9).
enum Part {
  k_part_fields,
  k_part_blanche,
  k_part_point,
  k_part_sequences,
  k_part_sets,
  k_part_play,
  k_part_tail,
  k_parts
};
struct DetailRead {
  Detail x;
  std::array<Diagnostics, k_parts> diags;
  bool ok(int part) const { return !diags[static_cast<size_t>(part)].has_errors(); }
};

// Stage 1 (§3): every part of a detail record read and range-checked.
void read_detail(const json& rec, const DealContext& c, DetailRead& out);
// The parts' diagnostics into `d` in record order; the parts after the category in which a classic game ended
// (`ended` >= 0, won by player `winner`) are dropped, their fields reset and reported ignored (C-9, W).
void keep_parts(const json& rec, DetailRead& r, int ended, int winner, const DealContext& c, Diagnostics& d);
// V-P2 / V-P3: the play points against the tricks; returns r (elder's opening run) of every compatible order.
std::vector<int> check_play_points(const Detail& x, const Options& opts, Diagnostics& d);
// Stage 2 (C-1 .. C-4), given the category points by role (cat[k][role]) and where a classic game ended.
void check_consistency(const Detail& x, const int cat[4][2], int ended, Diagnostics& d);
// `game_winner` (player) of either entry: player index, -1 absent, -2 not a player (reported).
// The errors of a detail record's carte blanche, sequences and sets alone (V-SQ*, V-ST*, C-1, C-2), whatever else it
// lacks: what guided entry offers its choices by.
std::vector<Diagnostic> declaration_errors(const json& rec, const DealContext& c);
int read_game_winner(const json& rec, const DealContext& c, Diagnostics& d);
// A totals entry (§2.5, V-TT1): the two deal totals by player; then its stage 2 (C-7, warnings only).
void read_totals(const json& rec, const DealContext& c, std::array<int, 2>& t, Diagnostics& d);
void check_totals_entry(const DealContext& c, const std::array<int, 2>& t, Diagnostics& d);

// The readers of the parts (one each).
int parse_role_field(const json& rec, const char* field, Diagnostics& d, const std::string& extra_rule);
bool parse_point(const json& rec, Detail& x, Diagnostics& d, bool pips_rounded);
bool parse_sequences(const json& rec, Detail& x, Diagnostics& d);
bool parse_sets(const json& rec, Detail& x, Diagnostics& d);
bool parse_pair(const json& rec, const char* field, int lo, int hi, int out[2], Diagnostics& d,
                const text::Message& rule);

// Sequence / set names for the command line, the sheet and the words; ranks.
std::string sequence_name(int length);
int rank_index(const json& v);  // -1 when not a rank

// A whole number within [lo, hi] (common::whole_in as an int).
inline bool read_int(const json& v, int lo, int hi, int& out) {
  auto n = common::whole_in(v, lo, hi);
  if (n) out = static_cast<int>(*n);
  return n.has_value();
}
// A value as a message shows it: strings in quotation marks.
inline std::string show(const json& v) { return common::show_quoted(v, '"'); }
std::string join(const std::vector<std::string>& v, const std::string& sep = ", ");

// ---- scoring of one deal (piquet_score.cpp) -------------------------------------------------------------

// One order of 12 trick winners simulated under modern scoring (spec piquet §4.3).
struct PlayOutcome {
  int points[2] = {0, 0};
  int run = 0;  // r: tricks elder won in a row from trick 1
};
// Every order of 12 trick winners with `elder_tricks` elder tricks (the reference brute force, §3 V-P2).
// Cached: enumerated once per process; empty outside 0..12.
const std::vector<PlayOutcome>& play_orders(int elder_tricks, bool last_trick_on_capot);

int sequence_points(int length);  // §4.1
int set_points(int count);

// Categories 1-4 in the order of §4.4 (§4.2), the repique (§4.5) and the classic end inside a deal (§5.2).
struct Declarations {
  int cat[4][2] = {};       // category points by role
  int counted[2] = {0, 0};  // deal points so far, repique included
  int repique_by = -1;      // role
  std::string repique_cat;
  int ended = -1;           // category index in which a classic game ended
  int classic_winner = -1;  // player index
  int decl(int role) const { return cat[0][role] + cat[1][role] + cat[2][role] + cat[3][role]; }
};
Declarations score_declarations(const DetailRead& r, const DealContext& c);

// The play (§4.3), the pique (§4.6, C-5), the concession (§4.7) and the deal totals (§4.8, C-6, C-8 W).
struct DealScore {
  bool play_ignored = false;  // classic game won in the declarations
  int rep[2] = {0, 0}, play[2] = {0, 0}, cards[2] = {0, 0}, piq[2] = {0, 0}, total[2] = {0, 0};
  int capot_by = -1;  // role
  bool pique = false;
  bool pique_determined = true;
};
DealScore score_play(const Detail& x, const Declarations& dc, const std::vector<int>& runs, const DealContext& c,
                     Diagnostics& d);
void score_totals(const Detail& x, const Declarations& dc, DealScore& s, const DealContext& c, Diagnostics& d);
// The deal's breakdown (§4.8 per-deal output) before the game's end is known.
ojson detail_breakdown(const Detail& x, const Declarations& dc, const DealScore& s, const DealContext& c);
// Keys of the per-deal breakdown other than the two player names (player names may not collide).
const std::vector<std::string>& reserved_breakdown_keys();

// ---- the game (piquet_game.cpp) -------------------------------------------------------------------------

class PiquetGame final : public Game {
public:
  PiquetGame(std::vector<std::string> players, Options opts, int first_dealer);
  void resume(const Resume& r);

  std::vector<std::string> players() const override { return m_players; }
  std::optional<HandResult> play_hand(const json& rec, Diagnostics& diags) override;
  std::vector<Amount> standing() const override { return {Amount::whole(m_totals[0]), Amount::whole(m_totals[1])}; }
  bool finished() const override { return m_finished; }
  ojson result() const override { return m_opts.mode == Mode::classic ? classic_result() : rubicon_result(); }
  std::string next_dealer() const override { return m_finished ? "" : m_players[static_cast<size_t>(m_dealer)]; }
  std::optional<json> save_state() const override;
  bool restore_state(const json& s) override;

  const Options& options() const { return m_opts; }
  // The next deal as a DealContext (guided entry reads it too).
  DealContext context() const;

private:
  std::vector<std::string> m_players;
  Options m_opts;
  int m_dealer;                          // player index of the next deal's dealer (spec piquet §5.1)
  std::array<int, 2> m_totals = {0, 0};  // game / partie totals (rubicon: weighted)
  int m_deals = 0;                       // deals counted (redeals excluded), including resumed ones
  int m_recorded = 0;                    // records played in this file (redeals included)
  bool m_last_redeal = false;
  bool m_extended = false;  // rubicon tie: two more deals (§5.3)
  bool m_finished = false;
  int m_winner = -1;
  bool m_drawn = false;
  std::string m_reached_in;  // classic: category in which the target was reached
  std::array<int, 2> m_won_before = {0, 0};
  std::array<long long, 2> m_balance_before = {0, 0};

  const std::string& name(int p) const { return m_players[static_cast<size_t>(p)]; }
  int base_deals() const { return m_opts.four_doubled ? 4 : 6; }
  int scheduled_deals() const { return base_deals() + (m_extended ? 2 : 0); }
  int weight_of(int deal_no) const;
  ojson by_player(int a, int b) const;
  text::Message end_message() const;
  void check_dealer(const json& rec, Diagnostics& d) const;
  std::optional<HandResult> play_inner(const json& rec, Diagnostics& d);
  std::optional<HandResult> play_redeal(const json& rec, Diagnostics& d);
  std::optional<HandResult> play_totals(const json& rec, Diagnostics& d);
  std::optional<HandResult> play_detail(const json& rec, Diagnostics& d);
  bool classic_after(const std::array<int, 2>& now, int game_winner, bool totals_entry, int& winner,
                     Diagnostics& d) const;
  HandResult hand_of(const std::array<int, 2>& deltas, ojson breakdown, int dealer) const;
  void commit(const std::array<int, 2>& now, int classic_winner, const std::string& reached_in);
  ojson classic_result() const;
  ojson rubicon_result() const;
};

// A match or a session (spec piquet §5.2 last bullet, §5.4): the result of a series of games from their
// marque-score/1 documents, oldest first (piquet_game.cpp).
json series_of(const std::vector<json>& scores);

// ---- guided entry (piquet_entry.cpp) --------------------------------------------------------------------

std::optional<Question> next_question_of(const PiquetGame& game, const Answers& answers);
Words entry_words_of(const PiquetGame& game, const Answers& answers);

// ---- results in words, as data (piquet_words.cpp) --------------------------------------------------------

text::Message deal_message(const json& record, const json& entry, const std::vector<std::string>& players);
text::Message outcome_message(const json& score);
const text::Catalogue& catalogue();  // their English patterns
// messages one after the other, each said by `id` ({item}{rest}); "a, b, c" (piquet.list)
text::Message chain(const std::vector<text::Message>& items, const char* id, size_t from = 0);
text::Message listed(const std::vector<text::Message>& items);
// a refusal or warning as a message of that catalogue (piquet.err.*), said in the reader's language
inline void err(Diagnostics& d, std::string field, const std::string& code, text::Message m) {
  d.error(std::move(field), code, std::move(m), catalogue());
}
inline void warn(Diagnostics& d, std::string field, const std::string& code, text::Message m) {
  d.warning(std::move(field), code, std::move(m), catalogue());
}

// ---- sheet and league --------------------------------------------------------------------------------

sheet::Sheet render_sheet(const json& game_file, const ojson& score);

std::vector<league::SeatResult> league_seats(const json& summary, const std::vector<std::string>& players);
league::HandFacts league_hand_facts(const json& record, const json& entry, const std::vector<std::string>& players);
bool league_deal_played(const json& record, const ojson& entry);
const league::Profile& league_profile();

}  // namespace marque::rules::piquet
