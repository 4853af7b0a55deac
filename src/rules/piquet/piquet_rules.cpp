// Piquet (spec /work/shared/rules/piquet.md): the GameRules object, wiring the folder's files.
// The folder, by spec section: piquet.hpp (types), piquet_options.cpp (§6 options, §2.3 set-up),
// piquet_fields.cpp (§2.4-2.6 fields and command-line words), piquet_hand.cpp (one record read and checked,
// §2.4-2.6 and §3), piquet_score.cpp (one record scored, §4), piquet_game.cpp (the fold, end and result, §5),
// piquet_sheet.cpp (§7), piquet_league.cpp (standings and statistics).
#include "rules/registry.hpp"

#include "rules/piquet/piquet.hpp"

namespace marque::rules {

namespace piquet {

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
  league::HandFacts hand_facts(const json& record, const json& entry,
                               const std::vector<std::string>& players) const override {
    return piquet::league_hand_facts(record, entry, players);
  }
  bool deal_played(const json& record, const ojson& entry) const override {
    return piquet::league_deal_played(record, entry);
  }
  TournamentProfile tournament_profile(const json&) const override {
    TournamentProfile t;
    t.two_sided = true, t.sit_out = true;
    t.zero_sum_lengths = {"partie"};
    t.length_modes = {"partie", "game"};
    t.default_round_length = {{"mode", "partie"}};
    t.default_options = {{"mode", "rubicon"}};
    t.default_method = "swiss", t.default_scoring = "match";
    t.match_chain = {"total_points", "head_to_head", "lot"};
    t.active_per_n = {{2, 1}};
    t.reference_active = 1;
    t.partie_deals = 6;
    return t;
  }
  const league::Profile& league_profile() const override { return piquet::league_profile(); }
  const NamePaths& name_paths() const override {
    static const NamePaths paths{{"players.*", "first_dealer"}, {"dealer", "game_winner", "totals.#"}};
    return paths;
  }
  std::vector<FieldSpec> fields() const override { return field_table(); }
  const text::Labels& labels() const override { return piquet::labels(); }
  std::unique_ptr<Game> start(const json& setup, Diagnostics& diags) const override { return start_game(setup, diags); }
  json setup_from_args(const std::vector<std::pair<std::string, std::string>>& kv, Diagnostics& diags) const override {
    return piquet::setup_from_args(kv, diags);
  }
  json record_from_args(const std::vector<std::pair<std::string, std::string>>& kv, const Game& game,
                        Diagnostics& diags) const override {
    return piquet::record_from_args(kv, game, diags);
  }
  std::optional<Question> next_question(const Game& before, const Answers& answers) const override {
    const auto* g = dynamic_cast<const PiquetGame*>(&before);
    return g ? next_question_of(*g, answers) : GameRules::next_question(before, answers);
  }
  Words entry_words(const Game& before, const Answers& answers) const override {
    const auto* g = dynamic_cast<const PiquetGame*>(&before);
    return g ? entry_words_of(*g, answers) : GameRules::entry_words(before, answers);
  }
  // a void deal (misdeal): the same dealer deals again
  Answers redeal_answers(const Game&) const override { return {{"entry", "detail"}, {"redeal", "yes"}}; }
  text::Message hand_message(const json& record, const json& entry,
                             const std::vector<std::string>& players) const override {
    return deal_message(record, entry, players);
  }
  text::Message result_message(const json& score) const override { return outcome_message(score); }
  const text::Catalogue& catalogue() const override { return piquet::catalogue(); }
  std::optional<json> series_result(const std::vector<json>& scores) const override { return series_of(scores); }
  // spec 5.2 / 5.4: the next classic game starts at 0-0 with the games won so far; the next partie with the
  // session's balance (start.games_won / start.balance)
  std::optional<json> next_game_setup(const json& setup, const json& summary) const override {
    json next = setup;
    next.erase("start");
    const json result = summary.is_object() ? summary.value("result", json::object()) : json::object();
    json start = json::object();
    if (result.value("mode", std::string()) == "rubicon") {
      if (result.contains("balance")) start["balance"] = result["balance"];
    } else if (result.contains("games_won")) {
      start["games_won"] = result["games_won"];
    }
    if (!start.empty()) next["start"] = start;
    return next;
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
