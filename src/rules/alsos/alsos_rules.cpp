// Alsós (spec /work/shared/rules/alsos.md): the GameRules object, wiring the folder's files: options and set-up
// (alsos_options.cpp), fields and command-line words (alsos_fields.cpp), the fold (AlsosGame, alsos_game.cpp), the
// sheet, standings, guided entry and results in words.
#include "rules/alsos/alsos.hpp"
#include "rules/engine.hpp"
#include "rules/registry.hpp"

namespace marque::rules {

namespace alsos {
namespace {

class Rules final : public GameRules {
public:
  std::string_view id() const override { return "alsos"; }
  std::string_view title() const override { return "Alsós"; }
  int rules_version() const override { return 1; }
  std::vector<OptionSpec> options() const override { return option_table(); }
  std::vector<std::string> start_examples() const override { return {"alsos players=Ann,Béla,Csaba dealer=Ann"}; }
  std::vector<league::SeatResult> seats(const json& summary, const std::vector<std::string>& players) const override {
    return alsos::league_seats(summary, players);
  }
  league::HandFacts hand_facts(const json& record, const json& entry,
                               const std::vector<std::string>& players) const override {
    return alsos::league_hand_facts(record, entry, players);
  }
  bool deal_played(const json& record, const ojson& entry) const override {
    return alsos::league_deal_played(record, entry);
  }
  TournamentProfile tournament_profile(const json&) const override {
    TournamentProfile t;
    t.preferred = 3, t.other = 4, t.fallback = 2;
    t.min_table = 2, t.max_table = 4, t.min_entrants = 2;
    t.zero_sum_lengths = t.length_modes = {"deals_per_player"};
    t.default_round_length = {{"mode", "deals_per_player"}, {"n", 2}};
    t.active_per_n = {{2, 2}, {3, 3}, {4, 4}};
    t.reference_active = 3;
    t.table_end = [](const json&, int deals, int) {
      return deals > 0 ? json{{"options", {{"session_end", {{"mode", "deals"}, {"count", deals}}}}}} : json::object();
    };
    return t;
  }
  const league::Profile& league_profile() const override { return alsos::league_profile(); }
  const NamePaths& name_paths() const override {
    static const NamePaths paths{{"players.*", "first_dealer"},
                                 {"dealer", "last_trick", "contract.declarer", "figurak.*.by", "figurak.*.kontra.*.by",
                                  "game_kontra.*.by", "gyerunk.by", "tricks.#", "card_points.#", "melds.#"}};
    return paths;
  }
  std::vector<FieldSpec> fields() const override { return field_table(); }
  const text::Labels& labels() const override { return alsos::labels(); }
  const text::NativeWords& native_words() const override {
    static const text::NativeWords& table =
        *new text::NativeWords{{
                                   {"joueurs", "players"},
                                   {"játékosok", "players"},
                                   {"παίκτες", "players"},
                                   {"donneur", "dealer"},
                                   {"osztó", "dealer"},
                                   {"μοιράζει", "dealer"},
                                   // the hand (glossary §3.5: Hungarian is the native column)
                                   {"játék", "contract"},
                                   {"vállalás", "contract"},
                                   {"ütések", "tricks"},
                                   {"utolsó ütés", "last"},
                                   {"figurák", "figurak"},
                                   {"béla", "bela"},
                                   {"felütött lap", "turn"},
                                   {"contract=adu", "trump"},
                                   {"contract=adus", "trump"},
                                   {"contract=színtelen", "no_trumps"},
                                   {"contract=hibás osztás", "misdeal"},
                                   {"contract=atout", "trump"},
                                   {"contract=sans atout", "no_trumps"},
                                   {"contract=ατού", "trump"},
                                   {"contract=άχροα", "no_trumps"},
                                   {"figurak=elölről", "early"},
                                   {"figurak=hátulról", "late"},
                                   {"kontra=elölről", "early"},
                                   {"kontra=hátulról", "late"},
                               },
                               {
#include "rules/alsos/alsos_native_keys.inc"
                               }};
    return table;
  }

  std::unique_ptr<Game> start(const json& setup, Diagnostics& d) const override { return start_game(setup, d); }
  json setup_from_args(const std::vector<std::pair<std::string, std::string>>& kv, Diagnostics& d) const override {
    return alsos::setup_from_args(*this, kv, d);
  }

  json record_from_args(const std::vector<std::pair<std::string, std::string>>& kv, const Game& game,
                        Diagnostics& d) const override {
    const auto* g = dynamic_cast<const AlsosGame*>(&game);
    if (!g) {
      d.error("game", "alsos.not_alsos", "not an Alsós game");
      return json::object();
    }
    return alsos::record_from_args(kv, *g, d);
  }

  std::optional<Question> next_question(const Game& before, const Answers& answers) const override {
    const auto* g = dynamic_cast<const AlsosGame*>(&before);
    return g ? alsos::next_question(*g, answers) : std::nullopt;
  }
  Words entry_words(const Game& before, const Answers& answers) const override {
    const auto* g = dynamic_cast<const AlsosGame*>(&before);
    return g ? alsos::entry_words(*g, answers) : GameRules::entry_words(before, answers);
  }
  // a misdeal: nothing scored, the same player deals again
  Answers redeal_answers(const Game&) const override { return {{"kind", "misdeal"}}; }

  text::Message hand_message(const json& record, const json& entry,
                             const std::vector<std::string>& players) const override {
    return alsos::hand_message(record, entry, players);
  }
  text::Message result_message(const json& score) const override { return alsos::result_message(score); }
  text::Message summary_message(const json& entry) const override { return alsos::summary_message(entry); }
  const text::Catalogue& catalogue() const override { return alsos::catalogue(); }

  sheet::Sheet score_sheet(const json& game_file, const ojson& score) const override {
    return alsos::render_sheet(game_file, score);
  }
};

}  // namespace
}  // namespace alsos

const GameRules& alsos_rules() {
  static const alsos::Rules rules;
  return rules;
}

}  // namespace marque::rules
