// Piquet rules object: options (spec piquet §6), record fields (§2.4–2.6) and the glue to the engine
// interface. The fold lives in piquet_game.cpp, the command-line syntax in piquet_fields.cpp, the score
// card in piquet_sheet.cpp.
#include "rules/registry.hpp"

#include <array>
#include "rules/piquet/piquet.hpp"

namespace marque::rules {

namespace piquet {

namespace {

std::string check_target(const json& v) {
  if (!v.is_number()) return "the target must be a whole number of at least 1";
  double d = v.get<double>();
  if (d < 1 || d != static_cast<double>(static_cast<long long>(d))) return "the target must be a whole number of at least 1";
  if (d > 100000) return "the target must be at most 100000";
  return "";
}

}  // namespace

// spec piquet §6: every variant, ids / values / defaults exactly as the table.
namespace {
std::vector<OptionSpec> build_option_table() {
  return {
      {"mode", "enum", {"classic", "rubicon"}, "classic",
       "classic = game to the target (seed); rubicon = partie of six deals (spec 5.2 / 5.3)"},
      {"target", "int", {}, 100, "classic game target (seed 100; 150/200 also used; Hoyle 101)", &check_target},
      {"match", "enum", {"best_of_3", "single", "best_of_5_doubles"}, "best_of_3",
       "classic match: best of three games, a single game, or first to 3 games with a game won against a "
       "loser under 50 counting 2"},
      {"point_scoring", "enum", {"cards", "pips_rounded"}, "cards",
       "point scores its number of cards, or (old rule) pips / 10 rounded half up; needs point.pips"},
      {"trick_scoring", "enum", {"modern", "old_tens"}, "modern",
       "modern = every lead / capture scores; old_tens = only with a ten or higher (pique taken from the record)"},
      {"last_trick_on_capot", "enum", {"yes", "no"}, "yes", "does a capot winner get the extra point for the last trick"},
      {"partie_deals", "enum", {6, "4_doubled_ends"}, 6,
       "rubicon partie of 6 deals, or 4 deals with the first and last counting double"},
      {"stake_rounding", "enum", {"none", "floor_50", "floor_25"}, "none",
       "settlement: fractions of 50 (or 25) points are not reckoned"},
      {"concession_pique", "bool", {}, false,
       "rubicon conceded last deal: false = the 13 play points give no pique (Cavendish, Case XXII); "
       "true = older reading, an eligible elder piques when his declarations + 13 reach 30"},
  };
}
}  // namespace

const std::vector<OptionSpec>& option_table() {
  static const std::vector<OptionSpec> table = build_option_table();
  return table;
}

Options options_from(const json& o) {
  Options r;
  r.mode = o.value("mode", std::string("classic")) == "rubicon" ? Mode::rubicon : Mode::classic;
  r.target = o.contains("target") && o["target"].is_number() ? static_cast<int>(o["target"].get<double>()) : 100;
  r.match = o.value("match", std::string("best_of_3"));
  r.pips_rounded = o.value("point_scoring", std::string("cards")) == "pips_rounded";
  r.old_tens = o.value("trick_scoring", std::string("modern")) == "old_tens";
  r.last_trick_on_capot = o.value("last_trick_on_capot", std::string("yes")) != "no";
  r.four_doubled = o.contains("partie_deals") && o["partie_deals"] == "4_doubled_ends";
  r.stake_rounding = o.value("stake_rounding", std::string("none"));
  r.concession_pique = o.contains("concession_pique") && o["concession_pique"].is_boolean() && o["concession_pique"].get<bool>();
  return r;
}

// spec piquet §2.4 / 2.5 / 2.6
std::vector<FieldSpec> field_table() {
  const std::vector<std::string> roles = {"elder", "younger"};
  return {
      {"entry", "enum", false, {"detail", "totals"}, "record kind (default detail); CLI: totals=... selects totals"},
      {"dealer", "player", false, {}, "younger hand of this deal; checked against the alternation (CLI: dealer=NAME or elder=NAME)"},
      {"redeal", "bool", false, {}, "void deal (misdeal): no score, same dealer again (CLI: redeal=yes [reason=...])"},
      {"reason", "string", false, {}, "why the deal was void"},
      {"carte_blanche", "enum", false, {"elder", "younger"}, "who showed a blank hand, 10 points (CLI: carte=NAME)"},
      {"point", "object", true, {}, "{winner: elder|younger|equal, cards, pips} (CLI: point=NAME:5[:49] or point=equal:4[:38])"},
      {"sequences", "object", false, {}, "{winner: elder|younger|equal|none, scored: [{length, top}]} (CLI: seq=NAME:quart:A,tierce:9 | seq=none | seq=equal[:quint:K])"},
      {"sets", "object", false, {}, "{winner: elder|younger|none, scored: [{rank, count}]} (CLI: sets=NAME:quatorze:10,trio:Q | sets=none)"},
      {"tricks", "object", true, {}, "{elder, younger}, sum 12 (CLI: tricks=NAME:7 or tricks=NAME:7,NAME:5)"},
      {"play_points", "object", true, {}, "points made in play: leads, captures, last trick (CLI: play=NAME:9,NAME:6)"},
      {"pique", "bool", false, {}, "did elder pique; only when the record cannot tell (CLI: pique=yes|no)"},
      {"concession", "enum", false, roles, "rubicon final deal: who threw in his hand before play (CLI: concession=NAME)"},
      {"reckons_nothing", "enum", false, roles, "Portland penalty: that player scores nothing (CLI: reckons_nothing=NAME)"},
      {"game_winner", "player", false, {}, "classic: who won when both end on or above the target with a tie (CLI: game_winner=NAME)"},
      {"check_totals", "object", false, {}, "{elder, younger}: the counts called out, compared (CLI: check=NAME:28,NAME:23)"},
      {"totals", "object", false, {}, "totals entry: {player: deal score} (CLI: totals=NAME:27,NAME:13)"},
  };
}

const std::vector<std::string>& reserved_breakdown_keys() {
  static const std::vector<std::string> keys = {"entry",   "deal",       "dealer",  "elder",           "younger",
                                                "repique_by", "pique",   "capot_by", "weight",         "redeal",
                                                "reason",  "target_reached_in", "game_winner", "concession",
                                                "reckons_nothing", "pique_determined", "game"};
  return keys;
}

std::string sequence_name(int length) {
  static constexpr std::array<const char*, 9> k_names = {"", "", "", "tierce", "quart", "quint", "sixieme", "septieme", "huitieme"};
  return length >= 3 && length <= 8 ? k_names[static_cast<size_t>(length)] : std::to_string(length);
}

int rank_index(const json& v) {
  std::string s;
  if (v.is_string()) {
    s = v.get<std::string>();
  } else if (v.is_number_integer()) {
    s = std::to_string(v.get<long long>());
  } else {
    return -1;
  }
  for (size_t i = 0; i < k_ranks.size(); ++i)
    if (s == k_ranks[i]) return static_cast<int>(i);
  return -1;
}

namespace {
std::vector<PlayOutcome> enumerate_play_orders(int elder_tricks, bool last_trick_on_capot) {
  std::vector<PlayOutcome> out;
  for (unsigned mask = 0; mask < 4096; ++mask) {
    if (__builtin_popcount(mask) != elder_tricks) continue;
    PlayOutcome o;
    int leader = k_elder;
    bool in_run = true;
    for (int i = 0; i < 12; ++i) {
      int winner = (mask >> i) & 1u ? k_elder : k_younger;  // bit set = elder won trick i+1
      if (in_run && winner == k_elder) ++o.run;
      else in_run = false;
      o.points[leader] += 1;                     // spec piquet §4.3: the leader scores 1
      if (winner != leader) o.points[winner] += 1;  // winning the opponent's lead scores 1
      if (i == 11) {
        bool capot = elder_tricks == 12 || elder_tricks == 0;
        if (!(capot && !last_trick_on_capot)) o.points[winner] += 1;  // last trick
      }
      leader = winner;
    }
    out.push_back(o);
  }
  return out;
}
}  // namespace

const std::vector<PlayOutcome>& play_orders(int elder_tricks, bool last_trick_on_capot) {
  // 26 tables of at most 924 orders, enumerated once per process (an import checks thousands of deals)
  static const auto tables = [] {
    std::array<std::vector<PlayOutcome>, 26> t;
    for (int k = 0; k <= 12; ++k) {
      t[static_cast<size_t>(2 * k)] = enumerate_play_orders(k, false);
      t[static_cast<size_t>(2 * k + 1)] = enumerate_play_orders(k, true);
    }
    return t;
  }();
  static const std::vector<PlayOutcome> none;
  if (elder_tricks < 0 || elder_tricks > 12) return none;
  return tables[static_cast<size_t>(2 * elder_tricks + (last_trick_on_capot ? 1 : 0))];
}

namespace {

class PiquetRules final : public GameRules {
public:
  std::string_view id() const override { return "piquet"; }
  std::string_view title() const override { return "Piquet"; }
  int rules_version() const override { return 1; }
  std::vector<OptionSpec> options() const override { return option_table(); }
  std::vector<std::string> start_examples() const override { return {"piquet players=Ann,Ben elder=Ann mode=rubicon"}; }
  std::vector<league::SeatResult> seats(const json& summary, const std::vector<std::string>& players) const override {
    return piquet::league_seats(summary, players);
  }
  league::HandFacts hand_facts(const json& record, const json& entry, const std::vector<std::string>& players) const override {
    return piquet::league_hand_facts(record, entry, players);
  }
  const league::Profile& league_profile() const override { return piquet::league_profile(); }
  const NamePaths& name_paths() const override {
    static const NamePaths paths{{"players.*", "first_dealer"},
                                 {"dealer", "game_winner", "totals.#"}};
    return paths;
  }
  std::vector<FieldSpec> fields() const override { return field_table(); }
  std::unique_ptr<Game> start(const json& setup, Diagnostics& diags) const override { return start_game(setup, diags); }
  json setup_from_args(const std::vector<std::pair<std::string, std::string>>& kv, Diagnostics& diags) const override {
    return piquet::setup_from_args(kv, diags);
  }
  json record_from_args(const std::vector<std::pair<std::string, std::string>>& kv, const Game& game,
                        Diagnostics& diags) const override {
    return piquet::record_from_args(kv, game, diags);
  }
  sheet::Sheet score_sheet(const json& game_file, const ojson& score) const override {
    return piquet::render_sheet(game_file, score);
  }
  // The default key=value set-up parser, reused by piquet::setup_from_args for the plain keys.
  json base_setup(const std::vector<std::pair<std::string, std::string>>& kv, Diagnostics& diags) const {
    return GameRules::setup_from_args(kv, diags);
  }
};

const PiquetRules& instance() {
  static const PiquetRules r;
  return r;
}

}  // namespace

json base_setup_from_args(const std::vector<std::pair<std::string, std::string>>& kv, Diagnostics& diags) {
  return instance().base_setup(kv, diags);
}

}  // namespace piquet

const GameRules& piquet_rules() { return piquet::instance(); }

}  // namespace marque::rules
