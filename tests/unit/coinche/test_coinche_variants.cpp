// Coinche §6 variants added for issue #13 (spec /work/shared/rules/coinche.md §4.4 and §6):
// belote_multiplied, announcements_multiplied, coinche_scoring, capot_flat / generale_flat.
#include <catch2/catch.hpp>

#include "rules/engine.hpp"
#include "support/game_test.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_coinche_variants {

using namespace marque;
using namespace marque::rules;

using marque::test::contains;
using marque::test::with;

namespace {

json game_file(const json& hands, const json& options = json::object(), const std::string& first_dealer = "W") {
  json setup = {{"seats", {{"N", "Nina"}, {"E", "Emil"}, {"S", "Sara"}, {"W", "Will"}}},
                {"first_dealer", first_dealer},
                {"options", options}};
  return {{"format", "marque-game/1"}, {"game", "coinche"}, {"setup", setup}, {"hands", hands}};
}

using P = std::pair<long long, long long>;

// team scores of hand 1 as {NS, EW}
P one(const json& rec, const json& options = json::object(), const std::string& first = "W") {
  ojson s = test::scored(game_file(json::array({rec}), options, first));
  const auto& td = s["hands"][0]["team_deltas"];
  return {td["NS"].get<long long>(), td["EW"].get<long long>()};
}

Diagnostic option_error(const json& options) { return test::first_error(game_file(json::array(), options)); }

// spec coinche §8 E4a: 90♦ by S coinched by E, 95 card points + dix de der (T 105 v 57), belote S.
json e4() {
  return R"({"dealer": "W", "bidder": "S", "bid": 90, "trump": "D", "coinche": 1, "coinched_by": "E", "bidder_card_points": 95, "last_trick": "bidders", "capot": null, "belote": "S", "announcements": []})"_json;
}
json surcoinched(const json& rec) { return with(rec, R"({"coinche": 2, "surcoinched_by": "N"})"_json); }
json uncoinched(const json& rec) { return with(rec, R"({"coinche": 0, "coinched_by": null})"_json); }
// E4a failed: 60 card points (T 70 + belote 20 = 90 v 92).
json e4_failed() { return with(e4(), R"({"bidder_card_points": 60})"_json); }
const json k_tierce_s = json::array({{{"player", "S"}, {"type", "tierce"}, {"suit", "C"}, {"top", "K"}}});

// spec coinche §8 E6: unbid capot by NS (252), N carré of J + S tierce (220), E cinquante, belote W.
json e6() {
  return R"({"dealer": "W", "bidder": "N", "bid": 120, "trump": "H", "bidder_card_points": 152, "last_trick": "bidders", "capot": "bidders", "belote": "W", "announcements": [{"player": "N", "type": "carre", "rank": "J"}, {"player": "S", "type": "tierce", "suit": "D", "top": "A"}, {"player": "E", "type": "cinquante", "suit": "S", "top": "10"}]})"_json;
}

json capot_contract() {
  return R"({"dealer": "W", "bidder": "N", "contract": "capot", "trump": "H", "bidder_card_points": 152, "last_trick": "bidders", "capot": "bidders"})"_json;
}

}  // namespace

TEST_CASE("coinche §6 belote_multiplied=false: the belote is added once after the multiplier", "[coinche]") {
  const json off = R"({"belote_multiplied": false})"_json;
  // made, coinched (E11a): 2 x 105 + 20 + 90 = 320 instead of 2 x 125 + 90 = 340
  CHECK(one(e4()) == P{340, 57});
  CHECK(one(e4(), off) == P{320, 57});
  // made, surcoinched: 4 x 105 + 20 + 90 = 530 instead of 4 x 125 + 90 = 590; x3: 3 x 105 + 20 + 90 = 425
  CHECK(one(surcoinched(e4())) == P{590, 57});
  CHECK(one(surcoinched(e4()), off) == P{530, 57});
  CHECK(one(surcoinched(e4()), R"({"belote_multiplied": false, "surcoinche_factor": 3})"_json) == P{425, 57});
  // not coinched: nothing changes
  CHECK(one(uncoinched(e4()), off) == P{215, 57});
  // multiplier_scope=all: 2 x (105 + 90) + 20 = 410 (default 430); scope bid: unchanged 125 + 2 x 90
  CHECK(one(e4(), R"({"belote_multiplied": false, "multiplier_scope": "all"})"_json) == P{410, 57});
  CHECK(one(e4(), R"({"belote_multiplied": false, "multiplier_scope": "bid"})"_json) == P{305, 57});
  // the defenders' belote on a made coinched contract is never multiplied (coinche_loser=normal)
  CHECK(one(with(e4(), R"({"belote": "W"})"_json), off) == P{2 * 105 + 90, 77});
  // failed, coinched, defenders' belote: 2 x 160 + 20 + 90 = 430 (default 2 x 180 + 90 = 450)
  json failed_w = with(e4_failed(), R"({"belote": "W"})"_json);
  CHECK(one(failed_w) == P{0, 450});
  CHECK(one(failed_w, off) == P{0, 430});
  CHECK(one(surcoinched(failed_w), off) == P{0, 4 * 160 + 20 + 90});
  // failed, the bidders' belote: kept by them (never multiplied), or to the defenders once
  CHECK(one(e4_failed()) == P{20, 410});
  CHECK(one(e4_failed(), off) == P{20, 410});
  CHECK(one(e4_failed(), R"({"belote_on_failure": "to_defenders"})"_json) == P{0, 450});
  CHECK(one(e4_failed(), R"({"belote_on_failure": "to_defenders", "belote_multiplied": false})"_json) == P{0, 430});
  // capot (E6 with N's belote, coinched by E): 2 x (252 + 220) + 20 + 120 = 1084 (default 1104)
  json capot = with(e6(), R"({"belote": "N", "coinche": 1, "coinched_by": "E"})"_json);
  CHECK(one(capot) == P{1104, 0});
  CHECK(one(capot, off) == P{1084, 0});
}

TEST_CASE("coinche §6 announcements_multiplied=false: announcements added once after the multiplier", "[coinche]") {
  const json off = R"({"announcements_multiplied": false})"_json;
  json e11b = with(e4(), {{"announcements", k_tierce_s}});
  // made, coinched (E11b / E11c): 2 x (105 + 20 + 20) + 90 = 380; without: 2 x 125 + 20 + 90 = 360
  CHECK(one(e11b) == P{380, 57});
  CHECK(one(e11b, off) == P{360, 57});
  // both options off: 2 x 105 + 20 + 20 + 90 = 340
  CHECK(one(e11b, R"({"announcements_multiplied": false, "belote_multiplied": false})"_json) == P{340, 57});
  // surcoinched: 4 x 125 + 20 + 90 = 610 (default 4 x 145 + 90 = 670)
  CHECK(one(surcoinched(e11b)) == P{670, 57});
  CHECK(one(surcoinched(e11b), off) == P{610, 57});
  // not coinched, or scope bid: nothing changes
  CHECK(one(uncoinched(e11b), off) == P{235, 57});
  CHECK(one(e11b, R"({"announcements_multiplied": false, "multiplier_scope": "bid"})"_json) == P{325, 57});
  // scope all: 2 x (125 + 90) + 20 = 450 (default 2 x (145 + 90) = 470)
  CHECK(one(e11b, R"({"announcements_multiplied": false, "multiplier_scope": "all"})"_json) == P{450, 57});
  // failed and surcoinched (spec E5a): NS take 160 + their tierce; 4 x 160 + 20 + 110 = 770 (default 830)
  json e5 =
      R"({"dealer": "S", "bidder": "W", "bid": 110, "trump": "C", "coinche": 2, "coinched_by": "N", "surcoinched_by": "E", "bidder_card_points": 100, "last_trick": "bidders", "announcements": [{"player": "N", "type": "tierce", "suit": "H", "top": "10"}]})"_json;
  CHECK(one(e5, {}, "S") == P{830, 0});
  CHECK(one(e5, off, "S") == P{770, 0});
  CHECK(one(e5, R"({"announcements_multiplied": false, "surcoinche_factor": 3})"_json, "S") == P{610, 0});
  // failed and coinched (T 60 + 20 + 20 = 100 v 102), the bidders' tierce changes hands:
  // 2 x 160 + 20 + 90 = 430 (default 2 x (160 + 20) + 90 = 450)
  json failed = with(e4_failed(), {{"announcements", k_tierce_s}, {"bidder_card_points", 50}});
  CHECK(one(failed) == P{20, 450});
  CHECK(one(failed, off) == P{20, 430});
  // capot (E6 coinched by E): 2 x 252 + 220 + 120 = 844 (default 2 x 472 + 120 = 1064); W keeps the belote
  json capot = with(e6(), R"({"coinche": 1, "coinched_by": "E"})"_json);
  CHECK(one(capot) == P{1064, 20});
  CHECK(one(capot, off) == P{844, 20});
}

TEST_CASE("coinche §6 coinche_scoring=flat_160: (160 + bid) x m to the winning side, plus own belote", "[coinche]") {
  const json flat = R"({"coinche_scoring": "flat_160"})"_json;
  // made, coinched (E11d): (160 + 90) x 2 + 20 = 520, the defenders nothing
  CHECK(one(e4(), flat) == P{520, 0});
  // the defenders keep only their own belote
  CHECK(one(with(e4(), R"({"belote": "W"})"_json), flat) == P{500, 20});
  // surcoinched: x4, or x surcoinche_factor 3
  CHECK(one(surcoinched(e4()), flat) == P{1020, 0});
  CHECK(one(surcoinched(e4()), R"({"coinche_scoring": "flat_160", "surcoinche_factor": 3})"_json) == P{770, 0});
  // failed: the defenders take (160 + 90) x 2; the bidders keep their own belote
  CHECK(one(e4_failed(), flat) == P{20, 500});
  CHECK(one(surcoinched(e4_failed()), flat) == P{20, 1000});
  // announcements are not scored on a coinched hand
  CHECK(one(with(e4(), {{"announcements", k_tierce_s}}), flat) == P{520, 0});
  // an uncoinched hand is unchanged (E4a without the coinche)
  CHECK(one(uncoinched(e4()), flat) == P{215, 57});
  CHECK(one(uncoinched(e4_failed()), flat) == P{20, 250});
  // standard is the default and names today's scoring
  CHECK(one(e4(), R"({"coinche_scoring": "standard"})"_json) == P{340, 57});
  // capot / générale contracts: V = 250 / 500 (the whole §4.4 computation is replaced, flat contracts too)
  json capot = with(capot_contract(), R"({"coinche": 1, "coinched_by": "E"})"_json);
  CHECK(one(capot, R"({"capot_bid": true, "coinche_scoring": "flat_160"})"_json) == P{820, 0});
  CHECK(one(capot, R"({"capot_bid": true, "coinche_scoring": "flat_160", "special_contract_scoring": "flat"})"_json) ==
        P{820, 0});
  json gen = with(capot, R"({"contract": "generale", "sole_winner": "N"})"_json);
  CHECK(one(gen, R"({"generale_bid": true, "coinche_scoring": "flat_160"})"_json) == P{1320, 0});
  CHECK(one(with(gen, R"({"sole_winner": null})"_json),
            R"({"generale_bid": true, "coinche_scoring": "flat_160"})"_json) == P{0, 1320});
  // scoring_mode=bid_only has its own formula (§4.5): 4 x 90
  CHECK(one(surcoinched(e4()), R"({"coinche_scoring": "flat_160", "scoring_mode": "bid_only"})"_json) == P{360, 0});
}

TEST_CASE("coinche §6 capot_flat / generale_flat under special_contract_scoring=flat", "[coinche]") {
  const json capot = capot_contract();
  const json failed = with(capot, R"({"bidder_card_points": 100, "capot": null})"_json);
  auto opts = [](const json& extra) {
    json o = R"({"capot_bid": true, "generale_bid": true, "special_contract_scoring": "flat"})"_json;
    for (auto it = extra.begin(); it != extra.end(); ++it) o[it.key()] = it.value();
    return o;
  };
  // defaults 500 / 1000
  CHECK(one(capot, opts({})) == P{500, 0});
  // capot made / failed, coinched / surcoinched
  CHECK(one(capot, opts(R"({"capot_flat": 250})"_json)) == P{250, 0});
  CHECK(one(with(capot, R"({"coinche": 1, "coinched_by": "E"})"_json), opts(R"({"capot_flat": 250})"_json)) ==
        P{500, 0});
  CHECK(one(surcoinched(with(capot, R"({"coinched_by": "E"})"_json)), opts(R"({"capot_flat": 250})"_json)) ==
        P{1000, 0});
  CHECK(one(failed, opts(R"({"capot_flat": 250})"_json)) == P{0, 250});
  CHECK(one(with(failed, R"({"coinche": 1, "coinched_by": "E"})"_json), opts(R"({"capot_flat": 250})"_json)) ==
        P{0, 500});
  // own belote added once, after the flat value
  CHECK(one(with(capot, R"({"belote": "S"})"_json), opts(R"({"capot_flat": 250})"_json)) == P{270, 0});
  // générale made / failed (shared tricks), with generale_flat; capot_flat does not touch it
  json gen = with(capot, R"({"contract": "generale", "sole_winner": "N"})"_json);
  CHECK(one(gen, opts(R"({"generale_flat": 500, "capot_flat": 250})"_json)) == P{500, 0});
  CHECK(one(with(gen, R"({"coinche": 1, "coinched_by": "E"})"_json), opts(R"({"generale_flat": 500})"_json)) ==
        P{1000, 0});
  CHECK(one(with(gen, R"({"sole_winner": null})"_json), opts(R"({"generale_flat": 500})"_json)) == P{0, 500});
  // the numbers may be written as text, like the other numeric options
  CHECK(one(capot, opts(R"({"capot_flat": "300"})"_json)) == P{300, 0});
  // under the formula scoring they change nothing (made capot 252 + 250)
  CHECK(one(capot, R"({"capot_bid": true, "capot_flat": 300})"_json) == P{502, 0});
}

TEST_CASE("coinche §6 new options: validated, listed with help", "[coinche]") {
  auto d = option_error(R"({"coinche_scoring": "flat"})"_json);
  CHECK(d.field == "options.coinche_scoring");
  CHECK(contains(d.message, "standard, flat_160"));
  CHECK(option_error(R"({"belote_multiplied": "sometimes"})"_json).field == "options.belote_multiplied");
  CHECK(option_error(R"({"announcements_multiplied": 2})"_json).field == "options.announcements_multiplied");
  auto z = option_error(R"({"capot_flat": 0})"_json);
  CHECK(z.field == "options.capot_flat");
  CHECK(contains(z.message, "from 1 to 1000000"));  // the option table's range (issue 30)
  CHECK(option_error(R"({"generale_flat": -1000})"_json).field == "options.generale_flat");
  CHECK(option_error(R"({"generale_flat": "lots"})"_json).field == "options.generale_flat");
  CHECK(option_error(R"({"capot_flat": 2000000000})"_json).field == "options.capot_flat");
  const GameRules& g = *find_game("coinche");
  for (const char* id :
       {"belote_multiplied", "announcements_multiplied", "coinche_scoring", "capot_flat", "generale_flat"}) {
    bool listed = false;
    for (const auto& o : g.options())
      if (o.id == id) listed = !o.help.empty();
    INFO(id);
    CHECK(listed);
  }
  // from the command line (ID=VALUE words)
  Diagnostics dg;
  json setup = g.setup_from_args({{"N", "Nina"},
                                  {"E", "Emil"},
                                  {"S", "Sara"},
                                  {"W", "Will"},
                                  {"dealer", "W"},
                                  {"belote_multiplied", "false"},
                                  {"option.coinche_scoring", "flat_160"},
                                  {"capot_flat", "250"}},
                                 dg);
  CHECK_FALSE(dg.has_errors());
  CHECK(setup["options"]["belote_multiplied"] == false);
  CHECK(setup["options"]["coinche_scoring"] == "flat_160");
  CHECK(setup["options"]["capot_flat"] == 250);
  Diagnostics ds;
  CHECK(g.start(setup, ds));
}

}  // namespace unit_test_coinche_variants
