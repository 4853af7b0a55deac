// French Tarot (spec /work/shared/rules/tarot.md): the GameRules object. The folder, by spec section:
//   tarot.hpp          types shared by the files below
//   tarot_options.cpp  options (§6) and the set-up (§2.1)
//   tarot_fields.cpp   the hand fields (§2.2) and the command-line words
//   tarot_hand.cpp     one record: decode and validate (§3)
//   tarot_score.cpp    one validated hand: score it (§4)
//   tarot_game.cpp     the game: the fold over records, end and result (§5)
//   tarot_sheet.cpp    the paper sheet (§7)
//   tarot_league.cpp   standings and statistics
//   tarot_entry.cpp    guided entry: the questions of a hand
//   tarot_words.cpp    results in words
#include <algorithm>

#include "rules/registry.hpp"
#include "rules/tarot/tarot.hpp"

namespace marque::rules {

namespace tarot {
namespace {

class TarotRules final : public GameRules {
public:
  std::string_view id() const override { return "tarot"; }
  std::string_view title() const override { return "French Tarot"; }
  int rules_version() const override { return 1; }
  std::vector<OptionSpec> options() const override { return option_table(); }
  std::vector<std::string> start_examples() const override {
    return {"tarot players=Ann,Ben,Cat,Dan dealer=Ann",
            "tarot players=Ann,Ben,Cat end.mode=deals end.deals=8 option.preset=fft"};
  }
  std::vector<league::SeatResult> seats(const json& summary, const std::vector<std::string>& players) const override {
    return tarot::league_seats(summary, players);
  }
  league::HandFacts hand_facts(const json& record, const json& entry,
                               const std::vector<std::string>& players) const override {
    return tarot::league_hand_facts(record, entry, players);
  }
  bool deal_played(const json& record, const ojson& entry) const override {
    return tarot::league_deal_played(record, entry);
  }
  TournamentProfile tournament_profile(const json& options) const override {
    TournamentProfile t;
    t.preferred = 4, t.other = 5, t.fallback = 3;
    t.preference_default = "fours", t.preference_other = "fives";
    t.min_table = 3, t.max_table = 5, t.min_entrants = 3;
    t.slip_per = 2;
    t.zero_sum_lengths = t.length_modes = {"deals_per_player"};
    t.default_round_length = {{"mode", "deals_per_player"}, {"n", 1}};
    t.default_options = {{"five_player_mode", "dealer_sits_out"}};
    t.default_rounds = 5;
    const bool mort = !options.contains("five_player_mode") || options["five_player_mode"] == "dealer_sits_out";
    t.active_per_n = {{3, 3}, {4, 4}, {5, mort ? 4 : 5}};
    t.reference_active = 4;
    t.table_end = [](const json&, int deals, int size) {
      json patch = deals > 0 ? json{{"end", {{"mode", "deals"}, {"deals", deals}}}} : json::object();
      if (size != 5) patch["options"] = {{"five_player_mode", nullptr}};  // a table of 5's rule only
      return patch;
    };
    return t;
  }
  const league::Profile& league_profile() const override { return tarot::league_profile(); }
  const NamePaths& name_paths() const override {
    static const NamePaths paths{{"players.*", "first_dealer"},
                                 {"dealer", "taker", "partner", "player", "bids.*.player", "poignees.*.player",
                                  "miseres.*.player"}};
    return paths;
  }
  std::vector<FieldSpec> fields() const override { return field_table(); }
  const text::Labels& labels() const override { return tarot::labels(); }
  const text::NativeWords& native_words() const override {
    static const text::NativeWords& table = *new text::NativeWords{
        {
            {"joueurs", "players"},
            {"játékosok", "players"},
            {"παίκτες", "players"},
            {"donneur", "dealer"},
            {"osztó", "dealer"},
            {"μοιράζει", "dealer"},
            // the hand (glossary §3.1: the French terms, which the Hungarian and Greek tables keep)
            {"preneur", "taker"},
            {"felvevő", "taker"},
            {"τζογαδόρος", "taker"},
            {"contrat", "contract"},
            {"vállalás", "contract"},
            {"αγορά", "contract"},
            {"appelé", "partner"},
            {"partenaire", "partner"},
            {"συμπαίκτης", "partner"},
            {"bouts", "oudlers"},
            {"oudler", "oudlers"},
            {"pont", "points"},
            {"πόντοι", "points"},
            {"petit au bout", "petit_au_bout"},
            {"poignée", "poignee"},
            {"poignées", "poignees"},
            {"chelem annoncé", "chelem_announced"},
            {"misère", "misere"},
            {"misères", "miseres"},
            {"plis de l'attaque", "attack_tricks"},
            {"motif", "reason"},
            {"contract=garde sans", "garde_sans"},
            {"contract=garde contre", "garde_contre"},
            {"contract=passe", "pass"},
            {"taker=redonne", "redeal"},
            {"type=redonne", "redeal"},
            {"type=donne", "hand"},
            {"petit_au_bout=attaque", "attack"},
            {"petit_au_bout=défense", "defence"},
            {"petit_au_bout=aucun", "none"},
            {"chelem=attaque", "attack"},
            {"chelem=défense", "defence"},
            {"chelem=aucun", "none"},
            {"partner=seul", "self"},
            {"partner=au chien", "none"},
            {"partner=chien", "none"},
            {"misere=aucune", "none"},
            {"poignee=aucune", "none"},
            {"miseres=atout", "trumps"},
            {"miseres=figures", "faces"},
            {"reason=tout le monde passe", "all_pass"},
            {"reason=passe", "all_pass"},
            {"reason=petit sec", "petit_sec"},
            {"reason=sans atout", "no_trumps"},
            {"reason=peu d'honneurs", "few_honours"},
            {"reason=fausse donne", "misdeal"},
            {"reason=autre", "other"},
            {"reason=mindenki passzolt", "all_pass"},
            {"reason=hibás osztás", "misdeal"},
            {"reason=egyéb", "other"},
            {"reason=πάσο πάσο πάσο", "all_pass"},
            {"reason=λάθος μοίρασμα", "misdeal"},
            {"reason=άλλο", "other"},
        },
        {
#include "rules/tarot/tarot_native_keys.inc"
        }};
    return table;
  }

  std::unique_ptr<Game> start(const json& setup, Diagnostics& diags) const override {
    auto s = parse_setup(setup, diags);
    if (!s) return nullptr;
    return make_game(std::move(*s));
  }

  json setup_from_args(const std::vector<std::pair<std::string, std::string>>& kv, Diagnostics& diags) const override {
    return setup_from_words(kv, diags);
  }

  json record_from_args(const std::vector<std::pair<std::string, std::string>>& kv, const Game& game,
                        Diagnostics& diags) const override {
    return record_from_words(kv, game.players(), diags);
  }

  std::optional<Question> next_question(const Game& before, const Answers& answers) const override {
    return entry_question(before, answers);
  }
  Words entry_words(const Game& before, const Answers& answers) const override {
    return entry_words_of(before, answers);
  }
  Answers redeal_answers(const Game& before) const override { return tarot::redeal_answers(before); }

  text::Message hand_message(const json& record, const json& entry, const std::vector<std::string>&) const override {
    return message_of_hand(record, entry);
  }
  text::Message hand_message_of(const json& record, const ojson& entry,
                                const std::vector<std::string>&) const override {
    return message_of_hand(record, entry);
  }
  text::Message result_message(const json& score) const override { return message_of_result(score); }
  const text::Catalogue& catalogue() const override { return tarot::catalogue(); }

  sheet::Sheet score_sheet(const json& game_file, const ojson& score) const override {
    return tarot::render_sheet(game_file, score);
  }
};

}  // namespace
}  // namespace tarot

const GameRules& tarot_rules() {
  static const tarot::TarotRules rules;
  return rules;
}

}  // namespace marque::rules
