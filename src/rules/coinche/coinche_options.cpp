// Coinche options (spec coinche §6) and the set-up (§2.1: seats, first dealer, starting totals, options).
#include <algorithm>
#include <cmath>
#include <iterator>
#include <set>

#include "rules/coinche/coinche.hpp"
#include "rules/common/help_text.hpp"

namespace marque::rules::coinche {

namespace {

std::string check_positive(const json& v) {
  auto i = as_int(v);
  return i && *i > 0 ? "" : "the target must be a positive whole number of points";
}

std::string check_flat(const json& v) {
  auto i = as_int(v);
  if (!i || *i <= 0) return "a flat value must be a positive whole number of points";
  return *i <= k_max_flat ? "" : "a flat value is at most " + std::to_string(k_max_flat) + " points";
}

}  // namespace

// spec coinche §4.4 / §6 `rounding`: trick points to the nearest 10; half_up: ..5 up; six_up: ..5 down, ..6 up.
int Options::round(int x) const {
  if (rounding == "half_up") return (x + 5) / 10 * 10;
  if (rounding == "six_up") return (x + 4) / 10 * 10;
  return x;
}

// spec coinche §6: every option, ids and values as the spec, seed defaults first.
namespace {
std::vector<OptionSpec> build_option_table() {
  OptionSpec specs[] = {
      {"target_score",
       "int",
       {},
       3000,
       help_text("coinche.option.target_score", "game target (3000, 2000, 1500, 1000 or any positive number)"),
       &check_positive,
       // the spec gives no upper bound: a million points is a thousand hands of the longest game at 3000 and
       // keeps every total far from overflow
       1,
       1000000},
      {"target_rule",
       "enum",
       {"reach", "exceed"},
       "reach",
       help_text("coinche.option.target_rule", "reach: total >= target ends the game; exceed: total > target")},
      {"tie_at_target",
       "enum",
       {"draw", "extra_deal", "last_contract"},
       "draw",
       help_text("coinche.option.tie_at_target", "both teams over the target with equal totals")},
      {"success_threshold",
       "enum",
       {"bid_plus_2", "bid", "bid_82_floor"},
       "bid_plus_2",
       help_text("coinche.option.success_threshold", "points the bidders need")},
      {"must_outscore_defenders",
       "bool",
       {},
       true,
       help_text("coinche.option.must_outscore_defenders", "bidders must also score strictly more than the defenders")},
      {"contract_points",
       "enum",
       {"all", "cards_only"},
       "all",
       help_text("coinche.option.contract_points", "whether belote and announcements count for the contract")},
      {"multiplier_scope",
       "enum",
       {"points", "bid", "all"},
       "points",
       help_text("coinche.option.multiplier_scope", "what coinche / surcoinche multiplies")},
      {"surcoinche_factor", "int", {4, 3}, 4, help_text("coinche.option.surcoinche_factor", "surcoinche multiplier")},
      {"coinche_loser",
       "enum",
       {"normal", "belote_only", "nothing"},
       "normal",
       help_text("coinche.option.coinche_loser", "what the losing side of a coinched hand keeps")},
      {"belote_on_failure",
       "enum",
       {"keep", "to_defenders"},
       "keep",
       help_text("coinche.option.belote_on_failure", "who scores the failing bidders' belote")},
      {"failure_base",
       "any",
       {160, "162_or_252"},
       160,
       help_text("coinche.option.failure_base", "defenders' base on a failed contract")},
      {"rounding",
       "enum",
       {"none", "half_up", "six_up"},
       "none",
       help_text("coinche.option.rounding", "trick points rounded to the nearest 10 for scoring")},
      {"scoring_mode",
       "enum",
       {"made_plus_bid", "bid_only"},
       "made_plus_bid",
       help_text("coinche.option.scoring_mode",
                 "points faits + points demandés, or points annoncés (only the contract value)")},
      {"announcements",
       "bool",
       {},
       true,
       help_text("coinche.option.announcements", "play with tierce / cinquante / cent / carré (belote always counts)")},
      {"announcement_tie",
       "enum",
       {"seat_order", "cancel"},
       "seat_order",
       help_text("coinche.option.announcement_tie", "equal best non-trump sequences in both teams")},
      {"capot_announcements",
       "enum",
       {"own", "all"},
       "own",
       help_text("coinche.option.capot_announcements", "on a capot: the capot team's own announcements, or all")},
      {"unbid_capot_bonus",
       "bool",
       {},
       true,
       help_text("coinche.option.unbid_capot_bonus", "an unbid capot gets the 100-point last trick (252)")},
      {"capot_bid",
       "bool",
       {},
       false,
       help_text("coinche.option.capot_bid", "adds a capot contract (value 250) above every numeric bid")},
      {"generale_bid",
       "bool",
       {},
       false,
       help_text("coinche.option.generale_bid", "adds a générale contract (value 500) above capot")},
      {"special_contract_scoring",
       "enum",
       {"formula", "flat"},
       "formula",
       help_text("coinche.option.special_contract_scoring", "capot / générale contracts: formula or flat 500 / 1000")},
      {"max_numeric_bid",
       "any",
       {"none", 160},
       "none",
       help_text("coinche.option.max_numeric_bid", "caps numeric bids")},
      {"direction",
       "enum",
       {"clockwise", "anticlockwise"},
       "clockwise",
       help_text("coinche.option.direction", "seat order of deal, auction and ties")},
      {"all_pass_dealer",
       "enum",
       {"next", "same"},
       "next",
       help_text("coinche.option.all_pass_dealer", "who deals after four passes")},
      {"belote_multiplied",
       "bool",
       {},
       true,
       help_text("coinche.option.belote_multiplied",
                 "coinche / surcoinche multiplies the belote (false: its 20 is added once, after the multiplier)")},
      {"announcements_multiplied",
       "bool",
       {},
       true,
       help_text("coinche.option.announcements_multiplied",
                 "coinche / surcoinche multiplies the announcements (false: added once, after the multiplier)")},
      {"coinche_scoring",
       "enum",
       {"standard", "flat_160"},
       "standard",
       help_text(
           "coinche.option.coinche_scoring",
           "flat_160: a coinched / surcoinched hand gives (160 + bid) x 2 (x surcoinche_factor) to the winning side, "
           "plus each side's own belote")},
      {"capot_flat",
       "int",
       {},
       k_capot_flat,
       help_text("coinche.option.capot_flat", "flat value of a capot contract under special_contract_scoring=flat"),
       &check_flat,
       1,
       k_max_flat},
      {"generale_flat",
       "int",
       {},
       k_generale_flat,
       help_text("coinche.option.generale_flat",
                 "flat value of a générale contract under special_contract_scoring=flat"),
       &check_flat,
       1,
       k_max_flat},
  };
  // moved, not copied as from an initializer list
  return std::vector<OptionSpec>(std::make_move_iterator(std::begin(specs)), std::make_move_iterator(std::end(specs)));
}
}  // namespace

text::Labels option_labels() {
  return {
      text::said_label("target_score", "game to {}"),
      text::said_label("target_rule", "the target {}"),
      text::said_label("target_rule=reach", "the target reached ends the game"),
      text::said_label("target_rule=exceed", "the target passed ends the game"),
      text::said_label("tie_at_target", "a tie at the target: {}"),
      text::said_label("=draw", "a draw"),
      text::said_label("=extra_deal", "one more deal"),
      text::said_label("=last_contract", "the last contract decides"),
      text::said_label("success_threshold", "the bidders need {}"),
      text::said_label("=bid_plus_2", "their bid and 2 more"),
      text::said_label("success_threshold=bid", "their bid"),
      text::said_label("=bid_82_floor", "their bid, 82 at least"),
      text::said_label("must_outscore_defenders", "bidders must outscore the defenders"),
      text::said_label("must_outscore_defenders=false", "bidders need not outscore the defenders"),
      text::said_label("contract_points", "contract points: {}"),
      text::said_label("contract_points=all", "belote and announcements count for the contract"),
      text::said_label("=cards_only", "cards only"),
      text::said_label("multiplier_scope", "coinche multiplies {}"),
      text::said_label("multiplier_scope=points", "the points"),
      text::said_label("multiplier_scope=bid", "the bid"),
      text::said_label("multiplier_scope=all", "everything"),
      text::said_label("surcoinche_factor", "surcoinche ×{}"),
      text::said_label("coinche_loser", "the loser of a coinche keeps {}"),
      text::said_label("=normal", "what it made"),
      text::said_label("=belote_only", "only its belote"),
      text::said_label("=nothing", "nothing"),
      text::said_label("belote_on_failure", "belote of failed bidders {}"),
      text::said_label("=keep", "kept"),
      text::said_label("=to_defenders", "to the defenders"),
      text::said_label("failure_base", "defenders score {} on a failed contract"),
      text::said_label("=162_or_252", "162 (252 on a capot)"),
      text::said_label("rounding", "trick points rounded {}"),
      text::said_label("rounding=none", "not rounded"),
      text::said_label("=half_up", "to the nearest 10, halves up"),
      text::said_label("=six_up", "to the nearest 10, from 6 up"),
      text::said_label("scoring_mode", "scored {}"),
      text::said_label("=made_plus_bid", "points made plus the bid"),
      text::said_label("=bid_only", "the bid only"),
      text::said_label("announcements=false", "no announcements"),  // the option; its key is the record's
      text::said_label("announcement_tie", "tied announcements: {}"),
      text::said_label("=seat_order", "the first in seat order wins"),
      text::said_label("=cancel", "both cancelled"),
      text::said_label("capot_announcements", "on a capot: {}"),
      text::said_label("=own", "the capot team's own announcements"),
      text::said_label("capot_announcements=all", "all announcements"),
      text::said_label("unbid_capot_bonus", "an unbid capot scores 252"),
      text::said_label("unbid_capot_bonus=false", "no bonus for an unbid capot"),
      text::said_label("capot_bid", "capot can be bid"),
      text::said_label("capot_bid=false", "no capot can be bid"),
      text::said_label("generale_bid", "générale can be bid"),
      text::said_label("generale_bid=false", "no générale can be bid"),
      text::said_label("special_contract_scoring", "capot and générale scored {}"),
      text::said_label("=formula", "by the formula"),
      text::said_label("=flat", "flat"),
      text::said_label("max_numeric_bid", "bids up to {}"),
      text::said_label("max_numeric_bid=none", "no cap on bids"),
      text::said_label("direction", "play {}"),
      text::said_label("=clockwise", "clockwise"),
      text::said_label("=anticlockwise", "anticlockwise"),
      text::said_label("all_pass_dealer", "after four passes {}"),
      text::said_label("=next", "the next player deals"),
      text::said_label("=same", "the same dealer deals"),
      text::said_label("belote_multiplied", "coinche multiplies the belote"),
      text::said_label("belote_multiplied=false", "coinche does not multiply the belote"),
      text::said_label("announcements_multiplied", "coinche multiplies the announcements"),
      text::said_label("announcements_multiplied=false", "coinche does not multiply the announcements"),
      text::said_label("coinche_scoring", "coinched hands scored {}"),
      text::said_label("coinche_scoring=standard", "as usual"),
      text::said_label("=flat_160", "flat 160 plus the bid, doubled"),
      text::said_label("capot_flat", "flat capot {}"),
      text::said_label("generale_flat", "flat générale {}"),
  };
}

const std::vector<OptionSpec>& option_table() {
  static const std::vector<OptionSpec>& table = *new std::vector<OptionSpec>(build_option_table());  // never destroyed
  return table;
}

Options options_from(const json& r) {
  Options o;
  o.target_score = static_cast<int>(as_int(r["target_score"]).value_or(3000));
  o.target_exceed = r["target_rule"] == "exceed";
  o.tie_at_target = r["tie_at_target"].get<std::string>();
  o.success_threshold = r["success_threshold"].get<std::string>();
  o.must_outscore = r["must_outscore_defenders"].get<bool>();
  o.cards_only = r["contract_points"] == "cards_only";
  o.multiplier_scope = r["multiplier_scope"].get<std::string>();
  o.surcoinche_factor = static_cast<int>(as_int(r["surcoinche_factor"]).value_or(4));
  o.coinche_loser = r["coinche_loser"].get<std::string>();
  o.belote_to_defenders = r["belote_on_failure"] == "to_defenders";
  o.failure_base_162 = r["failure_base"] == "162_or_252";
  o.rounding = r["rounding"].get<std::string>();
  o.bid_only = r["scoring_mode"] == "bid_only";
  o.announcements = r["announcements"].get<bool>();
  o.tie_cancel = r["announcement_tie"] == "cancel";
  o.capot_announcements_all = r["capot_announcements"] == "all";
  o.unbid_capot_bonus = r["unbid_capot_bonus"].get<bool>();
  o.capot_bid = r["capot_bid"].get<bool>();
  o.generale_bid = r["generale_bid"].get<bool>();
  o.flat_special = r["special_contract_scoring"] == "flat";
  o.max_numeric_bid = r["max_numeric_bid"].is_number() ? static_cast<int>(as_int(r["max_numeric_bid"]).value_or(0)) : 0;
  o.anticlockwise = r["direction"] == "anticlockwise";
  o.all_pass_same = r["all_pass_dealer"] == "same";
  o.belote_multiplied = r["belote_multiplied"].get<bool>();
  o.announcements_multiplied = r["announcements_multiplied"].get<bool>();
  o.coinche_flat_160 = r["coinche_scoring"] == "flat_160";
  o.capot_flat = static_cast<int>(as_int(r["capot_flat"]).value_or(k_capot_flat));
  o.generale_flat = static_cast<int>(as_int(r["generale_flat"]).value_or(k_generale_flat));
  return o;
}

// spec coinche §2.1: seats, first_dealer, starting_totals, options (+ `nous`, the sheet's own team, §7).
std::unique_ptr<Game> start_game(const json& setup, Diagnostics& d) {
  if (!setup.is_object()) {
    d.error("setup", "coinche.setup", text::Message("coinche.err.setup"), catalogue());
    return nullptr;
  }
  static constexpr std::array<std::string_view, 5> k_setup_fields = {"seats", "first_dealer", "starting_totals",
                                                                     "options", "nous"};
  for (auto it = setup.begin(); it != setup.end(); ++it)
    if (std::find(k_setup_fields.begin(), k_setup_fields.end(), it.key()) == k_setup_fields.end())
      d.error(it.key(), "coinche.setup_field",
              text::Message("coinche.err.setup_field")
                  .text("key", it.key())
                  .text("players", it.key() == "players" ? "yes" : "no"),
              catalogue());
  // options, normalising the numbers the spec writes as values ("160" -> 160)
  json given = setup.contains("options") ? setup["options"] : json(nullptr);
  if (given.is_object()) {
    for (const char* key :
         {"failure_base", "max_numeric_bid", "surcoinche_factor", "target_score", "capot_flat", "generale_flat"})
      if (given.contains(key) && given[key].is_string()) {
        std::string s = given[key].get<std::string>();
        if (!s.empty() && s.find_first_not_of("0123456789") == std::string::npos && s.size() < 9)
          given[key] = std::stoi(s);
      }
    if (given.contains("max_numeric_bid") && given["max_numeric_bid"].is_null()) given["max_numeric_bid"] = "none";
  }
  json resolved = resolve_options(given, option_table(), d);
  Options o = options_from(resolved);

  std::array<std::string, 4> names;
  if (!setup.contains("seats") || !setup["seats"].is_object()) {
    d.error("seats", "coinche.seats", text::Message("coinche.err.seats_missing"), catalogue());
  } else {
    const json& seats = setup["seats"];
    for (auto it = seats.begin(); it != seats.end(); ++it)
      if (seat_index(it.key()) < 0)
        d.error("seats." + it.key(), "C01", text::Message("coinche.err.setup_seat").text("value", it.key()),
                catalogue());
    for (size_t i = 0; i < 4; ++i) {
      std::string key(k_seats[i]);
      if (!seats.contains(key) || !seats[key].is_string() || seats[key].get<std::string>().empty()) {
        d.error("seats." + key, "coinche.seats", text::Message("coinche.err.seat_name").text("seat", key), catalogue());
        continue;
      }
      names[i] = seats[key].get<std::string>();
      for (size_t j = 0; j < i; ++j)
        if (names[j] == names[i])
          d.error("seats." + key, "coinche.seats",
                  text::Message("coinche.err.seat_twice")
                      .text("name", names[i])
                      .text("first", std::string(k_seats[j]))
                      .text("second", key),
                  catalogue());
    }
  }
  int first = -1;
  if (!setup.contains("first_dealer") || setup["first_dealer"].is_null()) {
    d.error("first_dealer", "coinche.first_dealer", text::Message("coinche.err.first_dealer_missing"), catalogue());
  } else {
    first = setup["first_dealer"].is_string() ? seat_index(setup["first_dealer"].get<std::string>()) : -1;
    if (first < 0) {
      int sits = -1;  // the seat of a player named as first dealer: said as a hint
      for (size_t i = 0; i < 4; ++i)
        if (setup["first_dealer"] == names[i]) sits = static_cast<int>(i);
      text::Message m("coinche.err.first_dealer_seat");
      m.text("value", show(setup["first_dealer"]))
          .text("sits", sits >= 0 ? "yes" : "no")
          .text("name", sits >= 0 ? names[static_cast<size_t>(sits)] : std::string())
          .text("seat", sits >= 0 ? std::string(k_seats[static_cast<size_t>(sits)]) : std::string());
      d.error("first_dealer", "C01", std::move(m), catalogue());
    }
  }
  std::array<int64_t, 2> start{};
  if (setup.contains("starting_totals") && !setup["starting_totals"].is_null()) {
    const json& st = setup["starting_totals"];
    if (!st.is_object()) {
      d.error("starting_totals", "coinche.starting_totals", text::Message("coinche.err.starting_object"), catalogue());
    } else {
      for (auto it = st.begin(); it != st.end(); ++it)
        if (it.key() != "NS" && it.key() != "EW")
          d.error("starting_totals." + it.key(), "coinche.starting_totals",
                  text::Message("coinche.err.unknown_team").text("value", it.key()), catalogue());
      for (size_t t = 0; t < 2; ++t) {
        std::string key(k_teams[t]);
        if (!st.contains(key)) continue;
        auto v = as_int(st[key]);
        if (!v || *v < 0 || *v >= o.target_score)
          d.error(
              "starting_totals." + key, "coinche.starting_totals",
              text::Message("coinche.err.starting_total").text("value", show(st[key])).number("target", o.target_score),
              catalogue());
        else
          start[t] = *v;
      }
      // W05
      if (o.rounding != "none" && (start[0] % 10 != 0 || start[1] % 10 != 0))
        d.warning("starting_totals", "W05",
                  text::Message("coinche.warn.starting_rounding").text("rounding", o.rounding), catalogue());
    }
  }
  if (setup.contains("nous") && !(setup["nous"] == "NS" || setup["nous"] == "EW"))
    d.error("nous", "coinche.nous", text::Message("coinche.err.nous").text("value", show(setup["nous"])), catalogue());
  if (d.has_errors()) return nullptr;
  return std::make_unique<CoincheGame>(names, first, start, o);
}

}  // namespace marque::rules::coinche
