// Piquet options (spec piquet §6): every variant, ids, values and defaults exactly as the table.
#include "rules/piquet/piquet.hpp"

namespace marque::rules::piquet {

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

}  // namespace marque::rules::piquet
