// The tournament layer (../shared/rules/tournament.md): an event of many tables over several rounds, above the
// games. Pure: no SQLite, no files, no clock, no CLI. The event model, reading and writing marque-tournament/1 (and
// reading marque-tournament-case/1), validation with the codes T01-T17 and the warnings TW01-TW08, the seeded draw
// (rotation, swiss, fixed), round points, the ranking with its tie-break chain, corrections and the league
// contribution. Every score is an exact Amount; every draw a pure function of its inputs (SplitMix64 and
// Fisher-Yates exactly as the spec writes them, no unordered container, no standard distribution).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/amount.hpp"
#include "core/diag.hpp"
#include "core/json.hpp"
#include "rules/tournament_profile.hpp"

namespace marque::tournament {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

// --- randomness (3.3)
class SplitMix64 {
public:
  explicit SplitMix64(uint64_t state) : m_state(state) {}
  uint64_t next();

private:
  uint64_t m_state;
};
// Fisher-Yates from the end: for i = n-1 down to 1, j = next() mod (i+1), swap a[i] and a[j].
template <class T>
void shuffle(std::vector<T>& a, SplitMix64& g) {
  for (size_t i = a.size(); i-- > 1;) {
    const size_t j = static_cast<size_t>(g.next() % (i + 1));
    std::swap(a[i], a[j]);
  }
}
// The generator of round r: started at seed + r * 2^32 (mod 2^64); round 0 is the lot order's.
SplitMix64 round_generator(uint64_t seed, int round);

// A table code (3.2): 4 characters of ABCDEFGHJKLMNPQRSTUVWXYZ23456789 from the generator, not in `used` (added)
std::string table_code(SplitMix64& g, std::set<std::string>& used);

// --- table sizes (3.1)
struct Sizes {
  std::vector<int> tables;  // in table-number order (decreasing size)
  int sit_out = 0;          // entrants who cannot be seated (byes)
  bool ok = false;          // false: the game cannot seat that many (T13)
};
// `preference`: the draw's table_preference ("" = the game's default)
Sizes table_sizes(const rules::TournamentProfile& p, int n, const std::string& preference = "");

// --- the event (1.1, 2.1)
struct Settings {
  std::string id, name, venue, league, season, game, entrant_kind;
  std::vector<std::string> dates;
  json options = json::object();
  int rounds = 0;
  json round_length;
  std::optional<int> time_limit_min;
  std::string unfinished = "as_played", confirmation = "second_player", league_contribution = "event";
  // draw
  std::string method, seed_text, algorithm = "marque-draw/1", table_preference;
  uint64_t seed = 0;
  json plan;  // fixed: round -> table -> registration numbers
  std::vector<std::pair<std::string, std::string>> premet;
  // scoring
  std::string mode, normalise = "none", withdrawn = "last", late = "absent";
  json placement_table;  // {"4": [..]} or null
  Amount mp_win = Amount::whole(2), mp_draw = Amount::whole(1), mp_loss = Amount::whole(0),
         mp_short_win = Amount::whole(2);
  Amount bye_total, bye_mp = Amount::whole(2), bye_for;
  std::vector<std::string> tiebreaks;
};

struct Entrant {
  std::string id, name;
  std::vector<std::string> players;
  int no = 0;
  std::optional<int> fixed_table;
  bool checked_in = true;
  int arrived_round = 1;
  std::optional<int> withdrawn_after;
  json extra = json::object();  // licence, club
};

struct Result {
  bool present = false;
  std::map<std::string, Amount> points;  // entrant -> table result
  std::vector<std::string> order;        // the entrants as written
  std::optional<int> deals;
  std::string status = "confirmed";
  std::optional<std::string> submitted_by, confirmed_by;
  json override_by = nullptr;  // {by, reason} or null
  bool short_table = false;
  std::string note;  // a dispute's note for the organiser (4.3); written only when there is one
  std::string path;  // where it was read ("rounds_played[0].results[1]."), for the errors' fields
};

struct Table {
  int number = 0;
  std::string code;
  std::vector<std::string> seats;
  std::string first_dealer;
  json game = nullptr;
  Result result;
};

struct Round {
  int number = 0;
  bool closed = false, drawn_here = false;
  json drawn_at = nullptr, closed_at = nullptr;
  std::vector<Table> tables;
  std::vector<std::string> byes, absent;
  int repeat_pairs = 0;
  std::map<std::string, Amount> points, placement;  // computed (5.1)
};

struct RankChange {
  std::string entrant;
  int before = 0, after = 0;
};
struct Correction {
  std::string at, by, reason;
  int round = 0, table = 0;
  std::map<std::string, Amount> before, after;
  std::vector<std::string> order;
  std::vector<RankChange> rank_changes;
  bool applied = false;  // a note of a marque-tournament/1 document: its table already holds `after`
};

struct Row {
  int rank = 0;
  std::string entrant;
  Amount score;
  ojson tiebreaks = ojson::object();
  std::string decided_by;  // "" = null
  std::vector<Amount> rounds;
  std::optional<int> withdrawn_after;
  Amount league_points;
};

struct Warning {
  std::string code;
  int round = 0, table = 0;
  std::string message;
};

struct Event {
  Settings settings;
  rules::TournamentProfile profile;
  std::vector<Entrant> entrants;
  std::vector<std::string> lot_order;
  std::vector<Round> rounds;
  std::vector<Correction> corrections;
  std::vector<Warning> warnings;
  std::map<int, std::vector<Row>> ranking_after;
  std::vector<Row> ranking;
  // a draw case's given current ranking (best first), used by Swiss draws and byes in place of results
  std::vector<std::string> given_ranking;

  const Entrant* find(const std::string& id) const;
  // active in round r: checked in, arrived, not withdrawn before it
  bool active(const Entrant& e, int round) const;
};

// withdrawn before round r (2.3: withdrawn_after < r): not drawn, not absent, in no later result
inline bool withdrawn_before(const Entrant& en, int round) { return en.withdrawn_after && *en.withdrawn_after < round; }

// --- reading (6.5; marque-tournament-case/1): the event, or the errors (code, field) in `diags`. A case's draw
// rounds are returned in `draw_rounds`.
Event read_event(const json& doc, Diagnostics& diags, std::vector<int>* draw_rounds = nullptr);
// the checks of section 7 on an event as read (the draw as played and its results); errors into diags
void validate(const Event& e, Diagnostics& diags);
// the English patterns of validate's and draw_round's refusals (words.cpp), for Diagnostics' words
const text::Catalogue& catalogue();
// the length of a round in scored deals at a table of `size` (1.2; 0: not a deal count)
int deal_limit(const Event& e, int size);

// --- the draw (3)
// The lot order from the seed (3.3): the checked-in entrants of round 1 in registration order shuffled, then the
// late ones in order of arrival.
std::vector<std::string> derive_lot_order(const Event& e);
// Draws round r (the rounds before it as played or drawn) and appends it to e.rounds; errors into diags.
void draw_round(Event& e, int round, Diagnostics& diags);
// The repeat pairs of the rounds with numbers in [from, to] counted against every round before them (3.5.1).
int repeat_pairs(const Event& e, int from, int to);

// --- results and ranking (4, 5)
// The ranking after the closed rounds 1..through (5.4, 5.5) from the results as they stand; a draw case's given
// ranking when it has one and no results.
std::vector<Row> ranking_of(const Event& e, int through);
// Round points, rankings after each closed round, the final ranking, corrections with their notes, warnings.
void compute(Event& e);
// League points of a rank among M ranked entrants (5.6): (M - rank) / (M - 1), 1 when M = 1.
Amount league_points(int rank, int ranked);
// What the event adds to league standings (5.6): per player (team members each) the league points of the final
// ranking when league_contribution = event; empty for games or none.
std::vector<std::pair<std::string, Amount>> league_contribution(const Event& e);

// --- writing: the marque-tournament/1 document
ojson to_json(const Event& e);

// The whole stateless `calc`: a marque-tournament/1 document or a marque-tournament-case/1 file in, its
// marque-tournament/1 document out; refused (Rejected with the errors) when invalid.
ojson calc(const json& doc);

}  // namespace marque::tournament
