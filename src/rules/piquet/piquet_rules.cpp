// Piquet (spec /work/shared/rules/piquet.md): the GameRules object, rank and sequence names, the play orders.
// The folder, by spec section: piquet.hpp (types), piquet_options.cpp (§6 options), piquet_fields.cpp (§2.4-2.6
// fields and command-line words), piquet_hand.cpp (a detail record read and checked, §2.5 and §3),
// piquet_game.cpp (scoring §4, the fold, end and result §5, the set-up §2.3), piquet_sheet.cpp (§7),
// piquet_league.cpp (standings and statistics).
#include "rules/registry.hpp"

#include <array>
#include "rules/piquet/piquet.hpp"

namespace marque::rules {

namespace piquet {

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
