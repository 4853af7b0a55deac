// Coinche (belote contrée) rules object: spec /work/shared/rules/coinche.md. Only the wiring: options and set-up
// in coinche_options.cpp (§6, §2.1), fields and command-line words in coinche_fields.cpp (§2.2), one record's
// validation in coinche_hand.cpp (§3) and its score in coinche_score.cpp (§4), the fold in coinche_game.cpp (§5),
// the Nous / Eux sheet in coinche_sheet.cpp (§7), standings in coinche_league.cpp, guided entry in
// coinche_entry.cpp, results in words in coinche_words.cpp.
#include "rules/coinche/coinche.hpp"
#include "rules/common/help_text.hpp"
#include "rules/registry.hpp"

namespace marque::rules {

namespace coinche {
namespace {

class CoincheRules final : public GameRules {
public:
  std::string_view id() const override { return "coinche"; }
  std::string_view title() const override { return "Coinche (belote contrée)"; }
  int rules_version() const override { return 1; }
  std::vector<OptionSpec> options() const override { return coinche::option_table(); }
  const text::Labels& labels() const override { return coinche::labels(); }
  const text::NativeWords& native_words() const override {
    static const text::NativeWords& table =
        *new text::NativeWords{{
                                   {"joueurs", "players"},
                                   {"játékosok", "players"},
                                   {"παίκτες", "players"},
                                   {"donneur", "dealer"},
                                   {"osztó", "dealer"},
                                   {"μοιράζει", "dealer"},
                                   // the hand (glossary §3.2: French is the native column)
                                   {"preneur", "bidder"},
                                   {"enchère", "bid"},
                                   {"contrat", "bid"},
                                   {"atout", "trump"},
                                   {"adu", "trump"},
                                   {"ατού", "trump"},
                                   {"dix de der", "last"},
                                   {"der", "last"},
                                   {"annonces", "annonce"},
                                   {"redonne", "redeal"},
                                   {"trump=cœur", "H"},
                                   {"trump=trèfle", "C"},
                                   {"trump=pikk", "S"},
                                   {"trump=kőr", "H"},
                                   {"trump=káró", "D"},
                                   {"trump=treff", "C"},
                                   {"trump=μπαστούνια", "S"},
                                   {"trump=κούπες", "H"},
                                   {"trump=καρά", "D"},
                                   {"trump=σπαθιά", "C"},
                                   {"bid=générale", "generale"},
                                   {"last=preneurs", "bidders"},
                                   {"last=défenseurs", "defenders"},
                                   {"capot=preneurs", "bidders"},
                                   {"capot=défense", "defenders"},
                                   {"capot=défenseurs", "defenders"},
                                   {"redeal=tout le monde passe", "all_pass"},
                                   {"redeal=passe", "all_pass"},
                                   {"redeal=fausse donne", "misdeal"},
                               },
                               {
#include "rules/coinche/coinche_native_keys.inc"
                               }};
    return table;
  }

  // spec coinche §2.2: one FieldSpec per record field
  std::vector<std::string> start_examples() const override {
    return {"coinche N=Nina E=Emil S=Sara W=Will dealer=W target=2000 option.rounding=half_up"};
  }
  // the roster asks the players seat by seat: N, E, S, W, each with its team
  Seating seating() const override {
    Seating s = GameRules::seating();
    for (size_t i = 0; i < k_seats.size(); ++i)
      s.seats.push_back(std::string(k_seats[i]) + (i < s.teams.size() ? " (team " + s.teams[i] + ")" : ""));
    return s;
  }
  std::vector<league::SeatResult> seats(const json& summary, const std::vector<std::string>& players) const override {
    return coinche::league_seats(summary, players);
  }
  league::HandFacts hand_facts(const json& record, const json& entry,
                               const std::vector<std::string>& players) const override {
    return coinche::league_hand_facts(record, entry, players);
  }
  bool deal_played(const json& record, const ojson& entry) const override {
    return coinche::league_deal_played(record, entry);
  }
  TournamentProfile tournament_profile(const json&) const override {
    TournamentProfile t;
    t.teams = true, t.two_sided = true, t.sit_out = true;
    t.length_modes = {"target", "deals"};
    t.default_round_length = {{"mode", "target"}, {"target", 2000}};
    t.default_method = "swiss", t.default_scoring = "match";
    t.match_chain = {"points_diff", "points_for", "head_to_head", "lot"};
    t.active_per_n = {{2, 1}};
    t.reference_active = 1;
    t.table_end = [](const json& length, int, int) {
      return length.value("mode", std::string()) == "target" && length.contains("target")
                 ? json{{"options", {{"target_score", length["target"]}}}}
                 : json::object();
    };
    return t;
  }
  const league::Profile& league_profile() const override { return coinche::league_profile(); }
  const NamePaths& name_paths() const override {
    static const NamePaths paths{{"seats.*"}, {}};
    return paths;
  }
  std::vector<FieldSpec> fields() const override {
    const std::vector<std::string> seats = {"N", "E", "S", "W"};
    return {
        {"dealer", "player", true, seats,
         help_text("coinche.field.dealer", "seat who dealt this hand (default: the expected dealer)")},
        {"redeal",
         "enum",
         false,
         {"all_pass", "misdeal"},
         help_text("coinche.field.redeal", "a hand with no play: all four passed, or a void deal")},
        {"bidder", "player", false, seats,
         help_text("coinche.field.bidder", "seat who made the final bid (played hands)")},
        {"contract",
         "enum",
         false,
         {"points", "capot", "generale"},
         help_text("coinche.field.contract", "kind of contract (capot / generale need their options)")},
        {"bid",
         "int",
         false,
         {},
         help_text("coinche.field.bid",
                   "contract value: 80, 90, 100 ... (contract points); bid=90D also sets the trump")},
        {"trump",
         "enum",
         false,
         {"S", "H", "D", "C"},
         help_text("coinche.field.trump", "trump suit named by the bidder")},
        {"coinche",
         "int",
         false,
         {"0", "1", "2"},
         help_text("coinche.field.coinche", "0 none, 1 coinche (x2), 2 surcoinche; coinche=E also sets coinched_by")},
        {"coinched_by", "player", false, seats,
         help_text("coinche.field.coinched_by", "the defender who said coinche")},
        {"surcoinched_by", "player", false, seats,
         help_text("coinche.field.surcoinched_by", "the bidding-team player who said surcoinche (surcoinche=S)")},
        {"auction",
         "array",
         false,
         {},
         help_text("coinche.field.auction", "the bidding: auction=N:pass,E:80H,S:90D,W:pass,N:pass,E:coinche,S:pass")},
        {"bidder_card_points",
         "int",
         false,
         {},
         help_text("coinche.field.bidder_card_points",
                   "card points in the bidding team's tricks, 0..152, not 1 or 151 (points=)")},
        {"defender_card_points",
         "int",
         false,
         {},
         help_text("coinche.field.defender_card_points", "cross-check: 152 - bidder_card_points")},
        {"last_trick",
         "enum",
         false,
         {"bidders", "defenders"},
         help_text("coinche.field.last_trick", "team that won the eighth trick (last=)")},
        {"capot",
         "enum",
         false,
         {"bidders", "defenders"},
         help_text("coinche.field.capot", "team that won all eight tricks")},
        {"sole_winner", "player", false, seats,
         help_text("coinche.field.sole_winner", "the player who won all eight tricks alone (générale; sole=)")},
        {"belote", "player", false, seats, help_text("coinche.field.belote", "player who said belote and rebelote")},
        {"announcements",
         "array",
         false,
         {},
         help_text("coinche.field.announcements",
                   "annonce=W:tierce:C:Q,N:carre:J,E:cent:H:A:6 (player:type:suit:top[:length] or player:carre:rank)")},
    };
  }

  std::unique_ptr<Game> start(const json& setup, Diagnostics& diags) const override {
    return coinche::start_game(setup, diags);
  }
  json setup_from_args(const std::vector<std::pair<std::string, std::string>>& kv, Diagnostics& diags) const override {
    return coinche::setup_from_words(kv, diags);
  }
  json record_from_args(const std::vector<std::pair<std::string, std::string>>& kv, const Game& game,
                        Diagnostics& diags) const override {
    return coinche::record_from_words(kv, game, diags);
  }
  std::optional<Question> next_question(const Game& before, const Answers& answers) const override {
    return coinche::entry_question(before, answers);
  }
  Words entry_words(const Game&, const Answers& answers) const override { return coinche::entry_words_of(answers); }
  Answers redeal_answers(const Game&) const override { return {{"redeal", "all_pass"}}; }
  text::Message hand_message(const json& record, const json& entry, const std::vector<std::string>&) const override {
    return coinche::hand_message(record, entry);
  }
  text::Message result_message(const json& score) const override { return coinche::result_message(score); }
  const text::Catalogue& catalogue() const override { return coinche::catalogue(); }
  sheet::Sheet score_sheet(const json& game_file, const ojson& score) const override {
    return coinche::render_sheet(game_file, score);
  }
};

}  // namespace
}  // namespace coinche

const GameRules& coinche_rules() {
  static const coinche::CoincheRules rules;
  return rules;
}

}  // namespace marque::rules
