// Prefa (Greek Preference, spec /work/shared/rules/prefa.md): the GameRules object. The folder, by spec section:
// prefa.hpp (types), prefa_options.cpp (§6 options, §2.1 set-up), prefa_fields.cpp (§2.2 fields, command-line
// words), prefa_hand.cpp (one record: decode, §3 validation), prefa_score.cpp (§4 scoring), prefa_game.cpp (§5 the
// fold, end, result), prefa_sheet.cpp (§7), prefa_league.cpp (standings and statistics), prefa_entry.cpp (guided entry),
// prefa_words.cpp (results in words).
#include "rules/prefa/prefa.hpp"
#include "rules/registry.hpp"

namespace marque::rules {
namespace prefa {
namespace {

// ---------------------------------------------------------------------------------------------------------
class PrefaRules final : public GameRules {
public:
  std::string_view id() const override { return "prefa"; }
  std::string_view title() const override { return "Prefa (Greek Preference)"; }
  int rules_version() const override { return 1; }
  // pools and transfers are kept in twelfths (thirds and quarters of a point): k_scale
  int64_t amount_denominator() const override { return k_scale; }
  std::vector<OptionSpec> options() const override { return option_table(); }
  std::vector<std::string> start_examples() const override { return {"prefa players=A,B,C initial_pool=31 dealer=A"}; }
  std::vector<league::SeatResult> seats(const json& summary, const std::vector<std::string>& players) const override {
    return prefa::league_seats(summary, players);
  }
  league::HandFacts hand_facts(const json& record, const json& entry,
                               const std::vector<std::string>& players) const override {
    return prefa::league_hand_facts(record, entry, players);
  }
  bool deal_played(const json& record, const ojson& entry) const override {
    return prefa::league_deal_played(record, entry);
  }
  TournamentProfile tournament_profile(const json&) const override {
    TournamentProfile t;
    t.preferred = 3, t.other = 4, t.fallback = 0, t.sit_out = true;
    t.min_table = 3, t.max_table = 4, t.min_entrants = 3;
    t.slip_per = 12;
    t.zero_sum_lengths = t.length_modes = {"deals_per_player"};
    t.default_round_length = {{"mode", "deals_per_player"}, {"n", 2}};
    t.active_per_n = {{3, 3}, {4, 3}};
    t.reference_active = 3;
    return t;
  }
  const league::Profile& league_profile() const override { return prefa::league_profile(); }
  const NamePaths& name_paths() const override {
    static const NamePaths paths{{"players.*", "first_dealer", "scorer", "start.dealer", "start.pools.#",
                                  "start.received.#", "start.received.*.#"},
                                 {"dealer", "declarer", "along", "first_bidder", "auction.*.player", "calls.#",
                                  "tricks.#"}};
    return paths;
  }
  std::vector<FieldSpec> fields() const override { return field_table(); }
  const text::Labels& labels() const override { return prefa::labels(); }
  const text::NativeWords& native_words() const override {
    static const text::NativeWords& table =
        *new text::NativeWords{{
                                   {"joueurs", "players"},
                                   {"játékosok", "players"},
                                   {"παίκτες", "players"},
                                   {"donneur", "dealer"},
                                   {"osztó", "dealer"},
                                   {"μοιράζει", "dealer"},
                                   // the set-up and the hand (glossary §3.4: Greek is the native column)
                                   {"κάσα", "option.initial_pool"},
                                   {"αρχική κάσα", "option.initial_pool"},
                                   {"caisse", "option.initial_pool"},
                                   {"caisse initiale", "option.initial_pool"},
                                   {"kezdő kassza", "option.initial_pool"},
                                   {"τζογαδόρος", "declarer"},
                                   {"déclarant", "declarer"},
                                   {"felvevő", "declarer"},
                                   {"αγορά", "contract"},
                                   {"contrat", "contract"},
                                   {"vállalás", "contract"},
                                   {"μπάζες", "tricks"},
                                   {"plis", "tricks"},
                                   {"ütések", "tricks"},
                                   {"μαζί", "along"},
                                   {"άσοι", "four_aces"},
                                   {"τέσσερις άσοι", "four_aces"},
                                   {"quatre as", "four_aces"},
                                   {"négy ász", "four_aces"},
                                   {"type=πάσο πάσο πάσο", "all_pass"},
                                   {"type=πολλές", "polles"},
                                   {"type=σόλο", "conceded"},
                                   {"type=tout le monde passe", "all_pass"},
                                   {"type=mindenki passzolt", "all_pass"},
                                   {"calls=παίζω", "play"},
                                   {"calls=πάσο", "pass"},
                                   {"calls=άμα μείνουν", "prov"},
                                   {"calls=je joue", "play"},
                                   {"calls=je passe", "pass"},
                                   {"calls=passe", "pass"},
                                   {"calls=játszom", "play"},
                                   {"calls=passz", "pass"},
                               },
                               {
#include "rules/prefa/prefa_native_keys.inc"
                               }};
    return table;
  }
  std::unique_ptr<Game> start(const json& setup, Diagnostics& diags) const override { return start_game(setup, diags); }
  json setup_from_args(const std::vector<std::pair<std::string, std::string>>& kv, Diagnostics& diags) const override {
    std::vector<std::pair<std::string, std::string>> plain, start_words;
    for (const auto& w : kv) (w.first.rfind("start.", 0) == 0 ? start_words : plain).push_back(w);
    json setup = GameRules::setup_from_args(plain, diags);
    return start_from_args(start_words, std::move(setup), diags);
  }
  json record_from_args(const std::vector<std::pair<std::string, std::string>>& kv, const Game& game,
                        Diagnostics& diags) const override {
    return prefa::record_from_args(kv, game, diags);
  }
  std::optional<Question> next_question(const Game& before, const Answers& answers) const override {
    return prefa::entry_question(before, answers);
  }
  Words entry_words(const Game& before, const Answers& answers) const override {
    return prefa::entry_words(before, answers);
  }
  Answers redeal_answers(const Game& before) const override { return prefa::redeal_answers(before); }
  text::Message hand_message(const json& record, const json& entry,
                             const std::vector<std::string>& players) const override {
    return prefa::hand_message(record, entry, players);
  }
  text::Message result_message(const json& score) const override { return prefa::result_message(score); }
  const text::Catalogue& catalogue() const override { return prefa::catalogue(); }
  sheet::Sheet score_sheet(const json& game_file, const ojson& score) const override {
    return prefa::render_sheet(game_file, score);
  }
};

}  // namespace
}  // namespace prefa

const GameRules& prefa_rules() {
  static const prefa::PrefaRules rules;
  return rules;
}

}  // namespace marque::rules
