// Prefa options (spec prefa §6), hand fields (spec prefa §2.2) and contract strings.
#include <cctype>

#include "rules/prefa/prefa.hpp"

namespace marque::rules::prefa {

namespace {

std::string check_pool(const json& v) {
  long long x = v.get<long long>();
  return x >= 1 && x <= 999 ? "" : "must be a whole number from 1 to 999";
}

std::string check_raise(const json& v) {
  if (v.is_null()) return "";
  if (!v.is_number()) return "must be a positive whole number (or null for max(1, initial_pool / 10))";
  double d = v.get<double>();
  return d >= 1 && d <= 999 && d == static_cast<double>(static_cast<long long>(d)) ? "" : "must be a whole number from 1 to 999";
}

std::string check_points(const json& v) {
  long long x = v.get<long long>();
  return x >= 0 && x <= 100000 ? "" : "must be a whole number of points >= 0";
}

std::string check_compensation(const json& v) {
  if (!v.is_array() || v.size() != 2) return "must be two whole numbers [one short, two or more short], e.g. [25, 50]";
  for (const auto& x : v) {
    if (!x.is_number_integer() || x.get<long long>() < 0)
      return "must be two whole numbers >= 0 [one short, two or more short], e.g. [25, 50]";
  }
  return "";
}

}  // namespace

std::optional<Contract> parse_contract(const std::string& s) {
  std::string u;
  for (char c : s) u += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  Contract c;
  size_t pos = 0;
  if (u.rfind("10", 0) == 0) {
    c.level = 10;
    pos = 2;
  } else if (!u.empty() && u[0] >= '6' && u[0] <= '9') {
    c.level = u[0] - '0';
    pos = 1;
  } else {
    return std::nullopt;
  }
  std::string strain = u.substr(pos);
  for (int i = 0; i < 5; ++i)
    if (strain == k_strains[i]) {
      c.strain = i;
      if (u != s) return std::nullopt;  // the record spells contracts in capitals, as the spec
      return c;
    }
  return std::nullopt;
}

// spec prefa §6, every option with the seed default first.
namespace {
std::vector<OptionSpec> build_option_table() {
  return {
      {"initial_pool", "int", {}, 31, "starting pool of every player (also the set-up field initial_pool)", check_pool},
      {"ten_no_trumps", "enum", {"off", "value_10", "value_11"}, "off", "allow 10NT (above 10H) with game value 10 or 11"},
      {"ten_level_defence_target", "enum", {0, 1}, 0, "defenders' target at 10-trick contracts (1: they declare play/pass)"},
      {"provisional_entry", "enum", {"off", "on"}, "off", "call prov and hand type withdrawn (pool +2, 2 points to each other active player)"},
      {"first_hand_seven_of_diamonds", "enum", {"off", "on"}, "off", "hand 1: the 7-of-diamonds holder (first_bidder) bids first and deals hand 2"},
      {"four_aces", "enum", {"off", "raise_value", "bonus"}, "off", "four aces announced with the contract: raise the game value or a bonus"},
      {"four_aces_raise", "any", {}, nullptr, "game value raise for four aces (null: max(1, floor(initial_pool/10)))", check_raise},
      {"four_aces_bonus_6", "int", {}, 25, "four-aces bonus per other player at 6-level contracts", check_points},
      {"four_aces_bonus_7plus", "int", {}, 50, "four-aces bonus per other player at 7+ contracts", check_points},
      {"redeclare_take_along", "enum", {"off", "on"}, "off", "R passed, L plays alone: R may take L along and becomes the taker"},
      {"game_end", "enum", {"all_pools_zero", "all_but_one_zero"}, "all_pools_zero", "when the game ends"},
      {"overflow_mode", "enum", {"largest_first", "level"}, "largest_first", "overflow from the largest pool, or one point at a time"},
      {"overflow_exhausted", "enum", {"lapse", "negative"}, "lapse", "overflow beyond every pool lapses or makes the declarer's pool negative"},
      {"taken_along_failure", "enum", {"merged", "per_seat"}, "merged", "defence failure under take-along: one target, or each seat charged to the taker"},
      {"partner_compensation_doubling", "enum", {"doubled", "single"}, "doubled", "a 2+ short defender pays his partner doubled or single"},
      {"sitting_out_compensation", "list", {}, json::array({25, 50}), "points a failing declarer pays the sitting-out dealer [1 short, 2+ short]", check_compensation},
      {"all_pass", "enum", {"redeal", "polles"}, "redeal", "all-pass hands: redeal, or play them for penalties (polles)"},
      {"concession", "enum", {"off", "on"}, "off", "declarer may concede after the talon (scored as down 2)"},
      {"end_rounding", "enum", {"exact", "integer_half_up"}, "exact", "rounding of the 10*p/N end-settlement transfers"},
      {"sheet_columns", "enum", {"gross", "net"}, "gross", "sheet columns: cumulative received, or running pairwise net"},
  };
}
}  // namespace

const std::vector<OptionSpec>& option_table() {
  static const std::vector<OptionSpec> table = build_option_table();
  return table;
}

// spec prefa §2.2
std::vector<FieldSpec> field_table() {
  return {
      {"hand", "int", false, {}, "hand number, consecutive (default: the next one)"},
      {"dealer", "player", false, {}, "who dealt (default: the right-hand neighbour of the previous dealer)"},
      {"type", "enum", false, {"contract", "all_pass", "withdrawn", "conceded", "polles"}, "hand type (default contract when a declarer is given)"},
      {"auction", "array", false, {}, "optional calls in order; CLI: auction=B:6S,C:6C,A:pass,... (call: pass, 6S..10H, prov)"},
      {"first_bidder", "player", false, {}, "hand 1 with option first_hand_seven_of_diamonds: the 7-of-diamonds holder"},
      {"declarer", "player", false, {}, "required for contract, withdrawn, conceded"},
      {"contract", "string", false, {}, "final contract 6S..10H (10NT with option ten_no_trumps); required for contract, conceded"},
      {"won_bid", "string", false, {}, "declarer's last auction bid when no auction is recorded"},
      {"four_aces", "bool", false, {}, "declarer announced four aces (option four_aces)"},
      {"calls", "object", false, {}, "defenders' play/pass, levels 6..9; CLI: calls=C:play,A:pass"},
      {"along", "player", false, {}, "the defender who takes the other along"},
      {"tricks", "object", false, {}, "tricks of every player who played; CLI: tricks=B:7,C:3"},
      {"note", "string", false, {}, "free text"},
  };
}

}  // namespace marque::rules::prefa
