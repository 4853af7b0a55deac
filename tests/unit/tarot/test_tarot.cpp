// French Tarot engine through the public interface (find_game / replay). Numbers computed by hand from
// spec tarot §4 (S = per-defender amount).
#include <catch2/catch.hpp>

#include "reports/sheet_render.hpp"
#include "rules/engine.hpp"
#include "support/game_test.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_tarot {

using namespace marque;
using namespace marque::rules;

namespace {

json setup_n(int n, json options = json::object()) {
  json players = json::array({"Ann", "Ben", "Cat", "Dan", "Eve"});
  players.erase(players.begin() + n, players.end());
  return {{"players", players}, {"first_dealer", "Ann"}, {"options", options}};
}

using marque::test::first_error;
using marque::test::has_warning;

json file(const json& setup, const json& hands) { return test::game_file("tarot", setup, hands); }

json hand(json fields) {
  fields["type"] = "hand";
  return fields;
}

// `{hand(...)}` with one element copies the object (CWG 2137): game_file wraps a lone record.
Replay run(const json& setup, const json& hands) { return replay(file(setup, hands)); }

// deltas of the last hand, after checking the replay succeeded
ojson last_deltas(const Replay& r) {
  REQUIRE(r.ok);
  return r.score["hands"].back()["deltas"];
}

bool has_error(const Replay& r, const std::string& code, const std::string& field) {
  for (const auto& e : r.diags.errors())
    if (e.code == code && e.field == field) return true;
  return false;
}

int64_t per_defender(const Replay& r) { return r.score["hands"].back()["breakdown"]["per_defender"].get<int64_t>(); }

}  // namespace

TEST_CASE("tarot: registered and implemented", "[tarot]") {
  const GameRules* g = find_game("tarot");
  REQUIRE(g != nullptr);
  CHECK(g->title() == "French Tarot");
  CHECK_FALSE(g->fields().empty());
  CHECK(g->options().size() == 21);
}

TEST_CASE("tarot §4.3: 4 players, prise made (E1)", "[tarot][score]") {
  auto r = run(setup_n(4), {hand(R"({"taker": "Ben", "contract": "prise", "oudlers": 2, "points": 47})"_json)});
  auto d = last_deltas(r);
  CHECK(d["Ben"] == 93);
  CHECK(d["Ann"] == -31);
  CHECK(d["Cat"] == -31);
  CHECK(d["Dan"] == -31);
  auto b = r.score["hands"][0]["breakdown"];
  CHECK(b["target"] == 41);
  CHECK(b["diff"] == 6);
  CHECK(b["multiplier"] == 1);
  CHECK(b["per_defender"] == 31);
  CHECK(r.score["hands"][0]["dealer"] == "Ann");
  CHECK(r.score["next_dealer"] == "Ben");
}

TEST_CASE("tarot §4.1: targets by oudlers, just made scores 25", "[tarot][score]") {
  const int targets[4] = {56, 51, 41, 36};
  for (int o = 0; o < 4; ++o) {
    auto r = run(setup_n(4), {hand({{"taker", "Ben"}, {"contract", "prise"}, {"oudlers", o}, {"points", targets[o]}})});
    CHECK(last_deltas(r)["Ben"] == 75);
    auto r2 = run(setup_n(4),
                  {hand({{"taker", "Ben"}, {"contract", "prise"}, {"oudlers", o}, {"points", targets[o] - 1}})});
    CHECK(last_deltas(r2)["Ben"] == -78);  // failed by 1: 26 each
  }
}

TEST_CASE("tarot §4.1: multipliers, garde contre 6 or 8", "[tarot][score]") {
  auto s = [](const char* contract, json opts = json::object()) {
    auto r = run(setup_n(4, opts), {hand({{"taker", "Ben"}, {"contract", contract}, {"oudlers", 3}, {"points", 36}})});
    return per_defender(r);
  };
  CHECK(s("prise") == 25);
  CHECK(s("garde") == 50);
  CHECK(s("garde_sans") == 100);
  CHECK(s("garde_contre") == 150);
  CHECK(s("garde_contre", R"({"garde_contre_multiplier": 8})"_json) == 200);
}

TEST_CASE("tarot §4.2: half points go to the winning side (3 and 5 players)", "[tarot][score]") {
  auto r = run(setup_n(3), {hand(R"({"taker": "Ben", "contract": "prise", "oudlers": 2, "points": 40.5})"_json)});
  CHECK(last_deltas(r)["Ben"] == -52);
  CHECK(has_warning(r, "W_HALF_POINT"));
  CHECK(r.score["hands"][0]["breakdown"]["points_rounded"] == 40);
  auto r2 = run(setup_n(3), {hand(R"({"taker": "Ben", "contract": "prise", "oudlers": 2, "points": 41.5})"_json)});
  CHECK(last_deltas(r2)["Ben"] == 52);
  // 5 players, failed by half a point: 50.5 with 1 oudler -> 50, diff 1, garde: S = -52
  auto r3 = run(setup_n(5),
                {hand(
                    R"({"taker": "Ben", "contract": "garde", "partner": "Dan", "oudlers": 1, "points": 50.5})"_json)});
  auto d = last_deltas(r3);
  CHECK(d["Ben"] == -104);
  CHECK(d["Dan"] == -52);
  CHECK(d["Ann"] == 52);
  CHECK(d["Cat"] == 52);
  CHECK(d["Eve"] == 52);
}

TEST_CASE("tarot §4.2: gain_rounding rounds diff to 5 or 10, halves up", "[tarot][option]") {
  auto s = [](const char* rounding, int points) {
    return per_defender(run(setup_n(4, {{"gain_rounding", rounding}}),
                            {hand({{"taker", "Ben"}, {"contract", "prise"}, {"oudlers", 2}, {"points", points}})}));
  };
  CHECK(s("none", 47) == 31);
  CHECK(s("nearest_10", 47) == 35);  // 6 -> 10
  CHECK(s("nearest_10", 46) == 35);  // 5 -> 10
  CHECK(s("nearest_10", 45) == 25);  // 4 -> 0
  CHECK(s("nearest_5", 47) == 30);   // 6 -> 5
  CHECK(s("nearest_5", 44) == 30);   // 3 -> 5
}

TEST_CASE("tarot §4.3: petit au bout goes to the side that won it, times the multiplier (E2)", "[tarot][score]") {
  auto r = run(
      setup_n(4),
      {hand(
          R"({"taker": "Cat", "contract": "garde_sans", "oudlers": 1, "points": 48, "petit_au_bout": "defence"})"_json)});
  CHECK(last_deltas(r)["Cat"] == -456);
  auto r2 = run(
      setup_n(4),
      {hand(
          R"({"taker": "Cat", "contract": "garde_sans", "oudlers": 1, "points": 55, "petit_au_bout": "defence"})"_json)});
  CHECK(last_deltas(r2)["Cat"] == 228);
  // failed contract, petit au bout for the attack: -27 + 10 = -17
  auto r3 = run(
      setup_n(4),
      {hand(R"({"taker": "Ben", "contract": "prise", "oudlers": 1, "points": 49, "petit_au_bout": "attack"})"_json)});
  CHECK(per_defender(r3) == -17);
}

TEST_CASE("tarot §4.3: poignées go to the winning side; seed and fft values", "[tarot][score][option]") {
  // a defender's poignée helps the attack when it wins
  auto r = run(
      setup_n(4),
      {hand(
          R"({"taker": "Ben", "contract": "prise", "oudlers": 2, "points": 47, "poignees": [{"player": "Cat", "level": "simple"}]})"_json)});
  CHECK(per_defender(r) == 51);
  // the taker's double poignée is paid to the defence when he fails
  json h = hand(
      R"({"taker": "Ben", "contract": "prise", "oudlers": 2, "points": 40, "poignees": [{"player": "Ben", "level": "double", "trumps": 13}]})"_json);
  CHECK(per_defender(run(setup_n(4), {h})) == -66);
  CHECK(per_defender(run(setup_n(4, R"({"poignee_values": "fft"})"_json), {h})) == -56);
  json t = hand(
      R"({"taker": "Ben", "contract": "prise", "oudlers": 2, "points": 47, "poignees": [{"player": "Ben", "level": "triple"}]})"_json);
  CHECK(per_defender(run(setup_n(4), {t})) == 91);
  CHECK(per_defender(run(setup_n(4, R"({"poignee_values": "fft"})"_json), {t})) == 71);
}

TEST_CASE("tarot §1.3, §3.2: poignée thresholds per player count", "[tarot][validate]") {
  auto with = [](int n, const char* level, int trumps) {
    json h = hand({{"taker", "Ben"},
                   {"contract", "prise"},
                   {"oudlers", 2},
                   {"points", 47},
                   {"poignees", {{{"player", "Cat"}, {"level", level}, {"trumps", trumps}}}}});
    if (n == 5) h["partner"] = nullptr;
    return run(setup_n(n), {h});
  };
  CHECK(with(3, "simple", 13).ok);
  CHECK(has_error(with(3, "simple", 12), "E_POIGNEE_TRUMPS", "poignees"));
  CHECK(has_error(with(3, "double", 14), "E_POIGNEE_TRUMPS", "poignees"));
  CHECK(with(3, "triple", 18).ok);
  CHECK(with(4, "simple", 10).ok);
  CHECK(has_error(with(4, "double", 12), "E_POIGNEE_TRUMPS", "poignees"));
  CHECK(has_error(with(4, "triple", 19), "E_POIGNEE_TRUMPS", "poignees"));  // hand holds 18
  CHECK(with(5, "simple", 8).ok);
  CHECK(has_error(with(5, "triple", 12), "E_POIGNEE_TRUMPS", "poignees"));
  auto smaller = with(4, "simple", 13);
  CHECK(smaller.ok);
  CHECK(has_warning(smaller, "W_POIGNEE_SMALLER"));
  auto msg = first_error(with(3, "double", 14)).message;
  CHECK(msg == "3 players: a double poignée needs 15 trumps; Cat shows 14");
}

TEST_CASE("tarot §3.2: poignée duplicates, totals and levels", "[tarot][validate]") {
  json base = hand(R"({"taker": "Ben", "contract": "prise", "oudlers": 2, "points": 47})"_json);
  json dup = base;
  dup["poignees"] = R"([{"player": "Cat", "level": "simple"}, {"player": "Cat", "level": "double"}])"_json;
  CHECK(has_error(run(setup_n(4), {dup}), "E_POIGNEE_DUP", "poignees"));
  json total = base;
  total["poignees"] = R"([{"player": "Ann", "level": "triple"}, {"player": "Cat", "level": "simple"}])"_json;
  CHECK(has_error(run(setup_n(4), {total}), "E_POIGNEE_TOTAL", "poignees"));
  json level = base;
  level["poignees"] = R"([{"player": "Ann", "level": "quadruple"}])"_json;
  CHECK(has_error(run(setup_n(4), {level}), "E_POIGNEE_LEVEL", "poignees"));
}

TEST_CASE("tarot §4.3: chelem announced, unannounced, failed, defence (E6)", "[tarot][score]") {
  auto r = run(
      setup_n(4),
      {hand(
          R"({"taker": "Cat", "contract": "garde_sans", "chelem_announced": true, "chelem": "attack", "attack_tricks": 18, "oudlers": 3, "points": 91, "petit_au_bout": "attack"})"_json)});
  CHECK(last_deltas(r)["Cat"] == 2280);
  // announced, contract made, chelem failed: (25 + 44) x 2 - 200 = -62
  auto f = run(
      setup_n(4),
      {hand(R"({"taker": "Ben", "contract": "garde", "chelem_announced": true, "oudlers": 3, "points": 80})"_json)});
  CHECK(per_defender(f) == -62);
  // unannounced chelem: 80 + 200
  auto u = run(setup_n(4),
               {hand(R"({"taker": "Ben", "contract": "prise", "chelem": "attack", "oudlers": 3, "points": 91})"_json)});
  CHECK(per_defender(u) == 280);
  // defence chelem: -(25 + 46) - 200; option 0
  json dc = hand(R"({"taker": "Ben", "contract": "prise", "chelem": "defence", "oudlers": 0, "points": 10})"_json);
  CHECK(per_defender(run(setup_n(4), {dc})) == -271);
  CHECK(per_defender(run(setup_n(4, R"({"defence_chelem_bonus": 0})"_json), {dc})) == -71);
  // announced and the defence takes every trick: both terms (§9.5)
  dc["chelem_announced"] = true;
  CHECK(per_defender(run(setup_n(4), {dc})) == -471);
  // a chelem may come with half points with 4 players (Excuse kept): 86.5 accepted
  auto half =
      run(setup_n(4),
          {hand(R"({"taker": "Ben", "contract": "prise", "chelem": "attack", "oudlers": 2, "points": 86.5})"_json)});
  CHECK(half.ok);
  CHECK(half.score["hands"][0]["breakdown"]["points_rounded"] == 87);
}

TEST_CASE("tarot §4.3 and §6: petite chelem variant", "[tarot][score][option]") {
  json on = R"({"petite_chelem": "on"})"_json;
  auto s = [&](json h, json opts) { return per_defender(run(setup_n(4, opts), {h})); };
  json base = hand(R"({"taker": "Ben", "contract": "prise", "oudlers": 3, "points": 80})"_json);
  json a = base;
  a["petite_chelem_announced"] = true;
  a["attack_tricks"] = 15;
  CHECK(s(a, on) == 369);
  a["attack_tricks"] = 14;
  CHECK(s(a, on) == -81);
  json u = base;
  u["attack_tricks"] = 16;
  CHECK(s(u, on) == 219);
  CHECK(s(u, R"({"petite_chelem": "on", "petite_chelem_tricks": 17})"_json) == 69);
  CHECK(s(u, json::object()) == 69);  // variant off
  auto warn = run(setup_n(4, on), {base});
  CHECK(warn.ok);
  CHECK(has_warning(warn, "W_PETITE_NO_TRICKS"));
  json off = base;
  off["petite_chelem_announced"] = true;
  off["attack_tricks"] = 15;
  CHECK(has_error(run(setup_n(4), {off}), "E_PETITE_CHELEM", "petite_chelem_announced"));
  json both = off;
  both["chelem_announced"] = true;
  CHECK(has_error(run(setup_n(4, on), {both}), "E_PETITE_CHELEM", "petite_chelem_announced"));
  json notricks = off;
  notricks.erase("attack_tricks");
  CHECK(has_error(run(setup_n(4, on), {notricks}), "E_PETITE_CHELEM", "attack_tricks"));
}

TEST_CASE("tarot §4.5 and §6: misère personal and team", "[tarot][score][option]") {
  json h = hand(
      R"({"taker": "Ben", "contract": "prise", "oudlers": 2, "points": 47, "miseres": [{"player": "Cat"}]})"_json);
  auto d = last_deltas(run(setup_n(4, R"({"misere": "on"})"_json), {h}));
  CHECK(d["Ben"] == 83);
  CHECK(d["Ann"] == -41);
  CHECK(d["Cat"] == -1);
  CHECK(d["Dan"] == -41);
  auto t = run(setup_n(4, R"({"misere": "on", "misere_scoring": "team", "misere_value": 20})"_json), {h});
  CHECK(per_defender(t) == 51);
  CHECK(has_error(run(setup_n(4), {h}), "E_MISERE", "miseres"));
  json mp = h;
  mp["poignees"] = R"([{"player": "Cat", "level": "simple"}])"_json;
  CHECK(has_error(run(setup_n(4, R"({"misere": "on"})"_json), {mp}), "E_MISERE_POIGNEE", "miseres"));
  json sep = h;
  sep["miseres"] = R"([{"player": "Cat", "kind": "trumps"}, {"player": "Cat", "kind": "faces"}])"_json;
  auto s2 = run(setup_n(4, R"({"misere": "on", "misere_kinds": "separate"})"_json), {sep});
  CHECK(last_deltas(s2)["Cat"] == -31 + 60);
  CHECK(has_error(run(setup_n(4, R"({"misere": "on"})"_json), {sep}), "E_MISERE", "miseres"));
  json taker = h;
  taker["miseres"] = R"([{"player": "Ben"}])"_json;
  CHECK(has_warning(run(setup_n(4, R"({"misere": true})"_json), {taker}), "W_MISERE_TAKER"));
}

TEST_CASE("tarot §4.4: 5 players, partner, self-call, card in the chien (E5)", "[tarot][score]") {
  json h = hand(
      R"({"taker": "Ben", "contract": "garde", "called_card": {"rank": "king", "suit": "hearts"}, "partner": "Dan", "oudlers": 2, "points": 56.5, "poignees": [{"player": "Eve", "level": "simple", "trumps": 8}]})"_json);
  auto d = last_deltas(run(setup_n(5), {h}));
  CHECK(d["Ben"] == 204);
  CHECK(d["Dan"] == 102);
  CHECK(d["Ann"] == -102);
  json self = h;
  self["partner"] = "Ben";
  self.erase("poignees");
  auto ds = last_deltas(run(setup_n(5), {self}));
  CHECK(ds["Ben"] == 328);
  CHECK(ds["Dan"] == -82);
  json chien = self;
  chien["partner"] = nullptr;
  CHECK(last_deltas(run(setup_n(5), {chien}))["Ben"] == 328);
  CHECK(has_error(run(setup_n(5, R"({"self_call": false})"_json), {self}), "E_SELF_CALL", "partner"));
  json nokey = self;
  nokey.erase("partner");
  CHECK(has_error(run(setup_n(5), {nokey}), "E_PARTNER", "partner"));
  json four = hand(R"({"taker": "Ben", "contract": "prise", "oudlers": 2, "points": 47, "partner": "Cat"})"_json);
  CHECK(has_error(run(setup_n(4), {four}), "E_PARTNER", "partner"));
}

TEST_CASE("tarot §3.2: called card checks and jack_call", "[tarot][validate][option]") {
  json h = hand(R"({"taker": "Ben", "contract": "garde", "partner": "Dan", "oudlers": 2, "points": 56})"_json);
  json q = h;
  q["called_card"] = R"({"rank": "queen", "suit": "clubs"})"_json;
  auto rq = run(setup_n(5), {q});
  CHECK(rq.ok);
  CHECK(has_warning(rq, "W_CALLED_NONKING"));
  json j = h;
  j["called_card"] = R"({"rank": "jack", "suit": "clubs"})"_json;
  CHECK(has_error(run(setup_n(5), {j}), "E_CALLED_CARD", "called_card"));
  CHECK(run(setup_n(5, R"({"jack_call": true})"_json), {j}).ok);
  CHECK(run(setup_n(5, R"({"preset": "fft"})"_json), {j}).ok);
  json bad = h;
  bad["called_card"] = R"({"rank": "king", "suit": "stars"})"_json;
  CHECK(has_error(run(setup_n(5), {bad}), "E_CALLED_CARD", "called_card"));
  json four = hand(
      R"({"taker": "Ben", "contract": "prise", "oudlers": 2, "points": 47, "called_card": {"rank": "king", "suit": "hearts"}})"_json);
  CHECK(has_error(run(setup_n(4), {four}), "E_CALLED_CARD", "called_card"));
}

TEST_CASE("tarot §5.2 and §6: dealer sits out with 5 at the table (E9)", "[tarot][option]") {
  json s = setup_n(5, R"({"five_player_mode": "dealer_sits_out"})"_json);
  s["first_dealer"] = "Eve";
  json h = hand(
      R"({"taker": "Ann", "contract": "garde", "oudlers": 2, "points": 45, "poignees": [{"player": "Ben", "level": "simple", "trumps": 10}]})"_json);
  auto r = run(s, {h});
  auto d = last_deltas(r);
  CHECK(d["Ann"] == 234);
  CHECK(d["Eve"] == 0);
  CHECK(r.score["next_dealer"] == "Ann");
  // the mort deals again after a redeal
  auto rd = run(s, R"([{"type": "redeal", "reason": "all_pass"}])"_json);
  REQUIRE(rd.ok);
  CHECK(rd.score["next_dealer"] == "Eve");
  json sit = h;
  sit["taker"] = "Eve";
  CHECK(has_error(run(s, {sit}), "E_SITTING_OUT", "taker"));
  CHECK(first_error(run(s, {sit})).message.find("Eve is the dealer and sits out") == 0);
  // a 5-player mode with 4 players is a set-up error
  CHECK(has_error(run(setup_n(4, R"({"five_player_mode": "dealer_sits_out"})"_json), json::array()), "E_VARIANT",
                  "options.five_player_mode"));
}

TEST_CASE("tarot §5.2: dealer rotation, misdeal, W_DEALER", "[tarot][rules]") {
  json h = hand(R"({"taker": "Ben", "contract": "prise", "oudlers": 2, "points": 47})"_json);
  auto r = run(setup_n(4),
               {h, {{"type", "redeal"}, {"reason", "misdeal"}}, {{"type", "redeal"}, {"reason", "all_pass"}}, h});
  REQUIRE(r.ok);
  CHECK(r.score["hands"][0]["dealer"] == "Ann");
  CHECK(r.score["hands"][1]["dealer"] == "Ben");
  CHECK(r.score["hands"][2]["dealer"] == "Ben");  // misdeal: same dealer again
  CHECK(r.score["hands"][3]["dealer"] == "Cat");
  CHECK(r.score["next_dealer"] == "Dan");
  CHECK(r.score["hands"][3]["deal_no"] == 4);
  CHECK(r.score["hands"][3]["hand_no"] == 2);
  json wrong = h;
  wrong["dealer"] = "Cat";
  auto w = run(setup_n(4), {wrong});
  CHECK(w.ok);
  CHECK(has_warning(w, "W_DEALER"));
  CHECK(w.score["next_dealer"] == "Ben");
}

TEST_CASE("tarot §2.3: redeal records", "[tarot][validate]") {
  CHECK(has_error(run(setup_n(4), R"([{"type": "redeal", "reason": "petit_sec"}])"_json), "E_REDEAL", "player"));
  CHECK(has_error(run(setup_n(4), R"([{"type": "redeal", "reason": "bored"}])"_json), "E_REDEAL", "reason"));
  auto nt = run(setup_n(4), R"([{"type": "redeal", "reason": "no_trumps", "player": "Cat"}])"_json);
  CHECK(nt.ok);
  CHECK(has_warning(nt, "W_REDEAL_NOT_HOUSE"));
  auto nt2 = run(setup_n(4, R"({"extra_redeal_reasons": ["no_trumps"]})"_json),
                 R"([{"type": "redeal", "reason": "no_trumps", "player": "Cat"}])"_json);
  CHECK_FALSE(has_warning(nt2, "W_REDEAL_NOT_HOUSE"));
  auto ps = run(setup_n(4, R"({"petit_sec": "play_as_excuse"})"_json),
                R"([{"type": "redeal", "reason": "petit_sec", "player": "Cat"}])"_json);
  CHECK(has_warning(ps, "W_REDEAL_NOT_HOUSE"));
  json passes =
      R"([{"player": "Ben", "bid": "pass"}, {"player": "Cat", "bid": "pass"}, {"player": "Dan", "bid": "pass"}, {"player": "Ann", "bid": "pass"}])"_json;
  CHECK(run(setup_n(4), {{{"type", "redeal"}, {"reason", "all_pass"}, {"bids", passes}}}).ok);
  json part = passes;
  part.erase(part.size() - 1);
  CHECK(has_error(run(setup_n(4), {{{"type", "redeal"}, {"reason", "all_pass"}, {"bids", part}}}), "E_BIDS", "bids"));
  CHECK(has_error(run(setup_n(4), R"([{"type": "deal"}])"_json), "E_TYPE", "type"));
}

TEST_CASE("tarot §3.4: auction legality, multi and single rounds (E8)", "[tarot][validate][option]") {
  json s = setup_n(4, R"({"bid_ladder": "petite_pousse"})"_json);
  s["first_dealer"] = "Dan";
  json bids =
      R"([{"player": "Ann", "bid": "petite"}, {"player": "Ben", "bid": "pousse"}, {"player": "Cat", "bid": "pass"}, {"player": "Dan", "bid": "pass"}, {"player": "Ann", "bid": "pass"}])"_json;
  json h = hand({{"taker", "Ben"}, {"contract", "pousse"}, {"bids", bids}, {"oudlers", 1}, {"points", 58}});
  CHECK(last_deltas(run(s, {h}))["Ben"] == 96);
  json single = s;
  single["options"]["bidding_rounds"] = "single";
  auto e = run(single, {h});
  CHECK(has_error(e, "E_BIDS", "bids"));
  CHECK(first_error(e).message == "bid 5: Ann has already spoken (bidding_rounds single: one bid each)");
  json h1 = h;
  h1["bids"].erase(h1["bids"].size() - 1);
  CHECK(run(single, {h1}).ok);
  CHECK(has_error(run(s, {h1}), "E_BIDS", "bids"));  // multi: Ann still has to speak
  json low = h;
  low["bids"][1]["bid"] = "petite";
  CHECK(first_error(run(s, {low})).message.find("not above Ann's prise") != std::string::npos);
  json again = h;
  again["bids"] =
      R"([{"player": "Ann", "bid": "pass"}, {"player": "Ben", "bid": "pousse"}, {"player": "Cat", "bid": "pass"}, {"player": "Dan", "bid": "pass"}, {"player": "Ann", "bid": "garde"}])"_json;
  CHECK(first_error(run(s, {again})).message ==
        "bid 5: the auction was already over (Ben takes at pousse); Ann cannot speak");
  json winner = h;
  winner["taker"] = "Cat";
  CHECK(has_error(run(s, {winner}), "E_BIDS", "bids"));
  json contract = h;
  contract["contract"] = "garde";
  CHECK(has_error(run(s, {contract}), "E_BIDS", "bids"));
}

TEST_CASE("tarot §3.2: point, oudler, trick and chelem checks", "[tarot][validate]") {
  auto err = [](json fields, int n = 4) {
    json h = hand(R"({"taker": "Ben", "contract": "prise", "oudlers": 2, "points": 47})"_json);
    for (auto it = fields.begin(); it != fields.end(); ++it) h[it.key()] = it.value();
    return run(setup_n(n), {h});
  };
  auto big = err(R"({"points": 92.5})"_json);
  CHECK(first_error(big).field == "points");
  CHECK(first_error(big).code == "E_POINTS_RANGE");
  CHECK(first_error(big).message == "92.5 is above 91, the most card points in tarot");
  CHECK(first_error(big).text() == "hand 1: points: 92.5 is above 91, the most card points in tarot");
  CHECK(has_error(err(R"({"points": 47.25})"_json, 3), "E_POINTS_RANGE", "points"));
  CHECK(has_error(err(R"({"points": -1})"_json), "E_POINTS_RANGE", "points"));
  CHECK(has_error(err(R"({"points": 47.5})"_json), "E_HALF_POINT_4P", "points"));
  CHECK(has_error(err(R"({"oudlers": 3, "points": 12})"_json), "E_POINTS_OUDLERS", "points"));
  CHECK(has_error(err(R"({"oudlers": 0, "points": 78})"_json), "E_POINTS_OUDLERS", "points"));  // > 91 - 13.5
  CHECK(has_error(err(R"({"oudlers": 4})"_json), "E_OUDLERS", "oudlers"));
  CHECK(has_error(err(R"({"oudler_cards": ["petit"]})"_json), "E_OUDLERS", "oudler_cards"));
  CHECK(has_error(err(R"({"oudler_cards": ["petit", "petit"]})"_json), "E_OUDLERS", "oudler_cards"));
  CHECK(has_error(err(R"({"defence_points": 45})"_json), "E_DEFENCE_POINTS", "defence_points"));
  CHECK(err(R"({"defence_points": 44})"_json).ok);
  CHECK(has_error(err(R"({"attack_tricks": 19})"_json), "E_TRICKS", "attack_tricks"));
  CHECK(has_error(err(R"({"attack_tricks": 18})"_json), "E_TRICKS", "attack_tricks"));
  CHECK(has_error(err(R"({"attack_tricks": 0})"_json), "E_TRICKS", "attack_tricks"));
  CHECK(has_error(err(R"({"chelem": "all"})"_json), "E_CHELEM", "chelem"));
  CHECK(has_error(err(R"({"chelem": "attack", "oudlers": 3, "points": 80})"_json), "E_CHELEM_POINTS", "points"));
  CHECK(has_error(err(R"({"chelem": "defence", "contract": "garde_contre", "oudlers": 0, "points": 6})"_json),
                  "E_CHELEM_POINTS", "points"));
  CHECK(has_error(err(R"({"chelem": "defence", "oudlers": 3, "points": 60})"_json), "E_CHELEM_CONTRACT", "chelem"));
  CHECK(has_error(err(R"({"petit_au_bout": "attack", "oudlers": 0, "points": 40})"_json), "E_PETIT_AU_BOUT",
                  "petit_au_bout"));
  CHECK(has_error(err(R"({"petit_au_bout": "defence", "oudlers": 3, "points": 40})"_json), "E_PETIT_AU_BOUT",
                  "petit_au_bout"));
  CHECK(has_error(err(R"({"petit_au_bout": "attack", "oudler_cards": ["21", "excuse"]})"_json), "E_PETIT_AU_BOUT",
                  "petit_au_bout"));
  CHECK(has_error(err(R"({"petit_au_bout": "maybe"})"_json), "E_PETIT_AU_BOUT", "petit_au_bout"));
  CHECK(has_error(err(R"({"contract": "pousse"})"_json), "E_CONTRACT", "contract"));
  CHECK(has_error(err(R"({"contract": "grande"})"_json), "E_CONTRACT", "contract"));
  CHECK(err(R"({"contract": "petite"})"_json).ok);  // synonym of prise
  CHECK(has_error(err(R"({"taker": "Zoe"})"_json), "E_UNKNOWN_PLAYER", "taker"));
  // every error is reported, not just the first
  auto many = err(R"({"points": 95, "oudlers": 5, "taker": "Zoe"})"_json);
  CHECK(many.diags.errors().size() == 3);
}

TEST_CASE("tarot §5.3: end modes, count_redeals, game over", "[tarot][rules][option]") {
  json h = hand(R"({"taker": "Ben", "contract": "garde", "oudlers": 2, "points": 50.5})"_json);
  json s = setup_n(3);
  s["end"] = R"({"mode": "target", "target": 100})"_json;
  auto r = run(s, {h});
  CHECK(r.score["finished"] == true);
  CHECK(r.score["next_dealer"] == "");
  CHECK(r.score["hands"][0]["game_over"] == true);
  auto over = run(s, {h, h});
  CHECK(has_error(over, "E_GAME_OVER", "type"));
  CHECK(first_error(over).hand == 2);
  s["end"] = R"({"mode": "deals", "deals": 2})"_json;
  json redeal = R"({"type": "redeal", "reason": "all_pass"})"_json;
  CHECK(run(s, {h, redeal}).score["finished"] == false);
  s["options"]["count_redeals"] = true;
  CHECK(run(s, {h, redeal}).score["finished"] == true);
  s["end"] = R"({"mode": "deals"})"_json;
  CHECK(has_error(run(s, json::array()), "E_END", "end"));
  s["end"] = R"({"mode": "forever"})"_json;
  CHECK(has_error(run(s, json::array()), "E_END", "end"));
}

TEST_CASE("tarot §3.1 and §6: set-up errors and options", "[tarot][option]") {
  json two = R"({"players": ["Ann", "Ben"]})"_json;
  CHECK(has_error(run(two, json::array()), "E_PLAYER_COUNT", "players"));
  json dup = R"({"players": ["Ann", "Ben", "ann"]})"_json;
  CHECK(has_error(run(dup, json::array()), "E_PLAYER_COUNT", "players"));
  json fd = setup_n(4);
  fd["first_dealer"] = "Zoe";
  CHECK(has_error(run(fd, json::array()), "E_FIRST_DEALER", "first_dealer"));
  auto unknown = run(setup_n(4, R"({"poignee_value": "fft"})"_json), json::array());
  CHECK(has_error(unknown, "E_VARIANT", "options.poignee_value"));
  CHECK(first_error(unknown).message.find("poignee_values") != std::string::npos);
  auto value = run(setup_n(4, R"({"bid_ladder": "long"})"_json), json::array());
  CHECK(first_error(value).message.find("standard, petite_pousse") != std::string::npos);
  CHECK(has_error(run(setup_n(4, R"({"garde_contre_multiplier": 7})"_json), json::array()), "E_VARIANT",
                  "options.garde_contre_multiplier"));
  // the fft preset sets single rounds; an explicit key overrides it
  json s = setup_n(4, R"({"preset": "fft", "bid_ladder": "petite_pousse"})"_json);
  s["first_dealer"] = "Dan";
  json bids =
      R"([{"player": "Ann", "bid": "petite"}, {"player": "Ben", "bid": "pousse"}, {"player": "Cat", "bid": "pass"}, {"player": "Dan", "bid": "pass"}, {"player": "Ann", "bid": "pass"}])"_json;
  json h = hand({{"taker", "Ben"}, {"contract", "pousse"}, {"bids", bids}, {"oudlers", 1}, {"points", 58}});
  CHECK(has_error(run(s, {h}), "E_BIDS", "bids"));
  s["options"]["bidding_rounds"] = "multi";
  CHECK(run(s, {h}).ok);
}

TEST_CASE("tarot §5.4-5.5: a whole game to its end, ranking with ties, settlement", "[tarot][rules]") {
  json s = setup_n(4);
  s["end"] = R"({"mode": "deals", "deals": 4})"_json;
  s["stake_per_point"] = 5;
  json hands = {
      hand(R"({"taker": "Ben", "contract": "prise", "oudlers": 2, "points": 47})"_json),  // Ben +93
      hand(R"({"taker": "Cat", "contract": "prise", "oudlers": 2, "points": 47})"_json),  // Cat +93
      {{"type", "redeal"}, {"reason", "petit_sec"}, {"player", "Ann"}},
      hand(R"({"taker": "Dan", "contract": "prise", "oudlers": 2, "points": 35})"_json),  // Dan -93
      hand(R"({"taker": "Ann", "contract": "prise", "oudlers": 2, "points": 35})"_json),  // Ann -93
  };
  auto r = run(s, hands);
  REQUIRE(r.ok);
  CHECK(r.score["finished"] == true);
  auto t = r.score["totals"];
  int64_t sum = 0;
  for (auto it = t.begin(); it != t.end(); ++it) sum += it->get<int64_t>();
  CHECK(sum == 0);
  // h1 Ben +93, others -31; h2 Cat +93, others -31; h4 Dan -93, others +31;
  // h5 Ann -93 others +31 => Ann -31-31+31-93 = -124, Ben 93-31+31+31 = 124, Cat -31+93+31+31 = 124, Dan -31-31-93+31 = -124
  CHECK(t["Ann"] == -124);
  CHECK(t["Ben"] == 124);
  CHECK(t["Cat"] == 124);
  CHECK(t["Dan"] == -124);
  auto res = r.score["result"];
  CHECK(res["ranking"] == ojson::array({"Ben", "Cat", "Ann", "Dan"}));
  CHECK(res["places"]["Ben"] == 1);
  CHECK(res["places"]["Cat"] == 1);
  CHECK(res["places"]["Ann"] == 3);
  CHECK(res["places"]["Dan"] == 3);
  CHECK(res["settlement"]["money"]["Ann"] == -620);
  CHECK(res["settlement"]["transfers"].size() == 2);
  CHECK(res["settlement"]["transfers"][0] == ojson({{"from", "Ann"}, {"to", "Ben"}, {"amount", 620}}));
  // records after the end are refused
  hands.push_back(hands[0]);
  CHECK(has_error(run(s, hands), "E_GAME_OVER", "type"));
}

TEST_CASE("tarot: record_from_args maps the one-line syntax to record fields", "[tarot][cli]") {
  const GameRules& g = *find_game("tarot");
  Diagnostics sd;
  auto game = g.start(setup_n(5), sd);
  REQUIRE(game);
  auto parse = [&](std::vector<std::pair<std::string, std::string>> kv, Diagnostics& d) {
    return g.record_from_args(kv, *game, d);
  };
  Diagnostics d;
  json r = parse({{"taker", "ben"},
                  {"contract", "GS"},
                  {"partner", "self"},
                  {"called", "king:hearts"},
                  {"oudlers", "2"},
                  {"points", "56,5"},
                  {"poignee", "Eve:simple:8,Dan:d"},
                  {"petit_au_bout", "attack"},
                  {"oudler_cards", "petit,21"}},
                 d);
  CHECK_FALSE(d.has_errors());
  CHECK(r["type"] == "hand");
  CHECK(r["taker"] == "Ben");
  CHECK(r["contract"] == "garde_sans");
  CHECK(r["partner"] == "Ben");
  CHECK(r["called_card"] == json(R"({"rank": "king", "suit": "hearts"})"_json));
  CHECK(r["oudlers"] == 2);
  CHECK(r["points"] == 56.5);
  CHECK(r["poignees"] == json::array({{{"player", "Eve"}, {"level", "simple"}, {"trumps", 8}},
                                      {{"player", "Dan"}, {"level", "double"}}}));
  CHECK(r["oudler_cards"] == json::array({"petit", "21"}));
  CHECK_FALSE(r.contains("dealer"));  // nothing invented
  Diagnostics d2;
  json chien = parse({{"taker", "Ben"}, {"partner", "chien"}, {"bids", "Ben:pass,Cat:garde"}}, d2);
  CHECK(chien["partner"].is_null());
  CHECK(chien["bids"][1] == json(R"({"player": "Cat", "bid": "garde"})"_json));
  Diagnostics d3;
  json redeal = parse({{"reason", "petit_sec"}, {"player", "cat"}}, d3);
  CHECK(redeal == json(R"({"type": "redeal", "reason": "petit_sec", "player": "Cat"})"_json));
  Diagnostics d4;
  parse({{"taker", "Ben"}, {"pab", "attack"}}, d4);
  REQUIRE(d4.has_errors());
  CHECK(d4.errors()[0].field == "pab");
  CHECK(d4.errors()[0].message.find("unknown field 'pab'") == 0);
  CHECK(d4.errors()[0].message.find("petit_au_bout") != std::string::npos);
  Diagnostics d5;
  parse({{"poignee", "Ben"}}, d5);
  CHECK(d5.has_errors());
}

TEST_CASE("tarot: setup_from_args builds end and options", "[tarot][cli]") {
  const GameRules& g = *find_game("tarot");
  Diagnostics d;
  json s = g.setup_from_args({{"players", "Ann,Ben,Cat"},
                              {"dealer", "Ben"},
                              {"end", "deals:8"},
                              {"preset", "fft"},
                              {"option.extra_redeal_reasons", "no_trumps"},
                              {"stake", "10"}},
                             d);
  CHECK_FALSE(d.has_errors());
  CHECK(s["players"] == json::array({"Ann", "Ben", "Cat"}));
  CHECK(s["first_dealer"] == "Ben");
  CHECK(s["end"] == json(R"({"mode": "deals", "deals": 8})"_json));
  CHECK(s["options"]["preset"] == "fft");
  CHECK(s["options"]["extra_redeal_reasons"] == json::array({"no_trumps"}));
  CHECK(s["stake_per_point"] == 10);
  Diagnostics d2;
  json t = g.setup_from_args({{"players", "Ann,Ben,Cat"}, {"end.mode", "target"}, {"end.target", "500"}}, d2);
  CHECK(t["end"] == json(R"({"mode": "target", "target": 500})"_json));
  Diagnostics d3;
  g.setup_from_args({{"players", "Ann,Ben,Cat"}, {"end", "open"}}, d3);
  CHECK_FALSE(d3.has_errors());
  Diagnostics d4;
  g.setup_from_args({{"playerz", "Ann"}}, d4);
  CHECK(d4.has_errors());
  Diagnostics d5;
  g.setup_from_args({{"end", "sometimes"}}, d5);
  CHECK(d5.has_errors());
}

TEST_CASE("tarot §7: the score sheet", "[tarot][sheet]") {
  json s = setup_n(3);
  s["end"] = R"({"mode": "deals", "deals": 3})"_json;
  s["players"] = R"(["Ann", "Gergő", "Cat"])"_json;
  json hands = {
      hand(R"({"dealer": "Ann", "taker": "Gergő", "contract": "garde", "oudlers": 2, "points": 50.5})"_json),
      {{"type", "redeal"}, {"reason", "petit_sec"}, {"player", "Cat"}},
      hand(
          R"({"taker": "Ann", "contract": "prise", "oudlers": 1, "points": 46, "poignees": [{"player": "Gergő", "level": "simple", "trumps": 13}]})"_json),
      hand(
          R"({"taker": "Cat", "contract": "garde_sans", "oudlers": 3, "points": 57, "petit_au_bout": "attack"})"_json)};
  json f = file(s, hands);
  auto r = replay(f);
  REQUIRE(r.ok);
  std::string sheet = marque::reports::sheet_text(find_game("tarot")->score_sheet(f, r.score));
  CHECK(sheet.find("redeal: petit sec (Cat)") != std::string::npos);
  CHECK(sheet.find("+10") != std::string::npos);
  CHECK(sheet.find("-5 SP(Gergő)") != std::string::npos);
  CHECK(sheet.find("+21 PB(A)") != std::string::npos);
  CHECK(sheet.find("Final ranking: 1. Cat +428   2. Gergő -34   3. Ann -394") != std::string::npos);
  CHECK(sheet.find("(sum = 0)") != std::string::npos);
  // each table line has the bar at the same display column
  std::vector<int> bars;
  size_t pos = 0;
  while (pos < sheet.size()) {
    size_t nl = sheet.find('\n', pos);
    std::string line = sheet.substr(pos, nl - pos);
    size_t bar = line.find(" | ");
    if (bar != std::string::npos) {
      int w = 0;
      for (size_t i = 0; i < bar; ++i) w += (static_cast<unsigned char>(line[i]) & 0xC0) != 0x80;
      bars.push_back(w);
    }
    pos = nl + 1;
  }
  REQUIRE(bars.size() == 5);
  for (int b : bars) CHECK(b == bars[0]);
}

TEST_CASE("tarot §3.2 E_CHELEM_POINTS: a side without tricks owns at most the Excuse", "[tarot][validate]") {
  auto chelem = [](const char* contract, const char* side, int oudlers, double points) {
    return hand({{"taker", "Ben"}, {"contract", contract}, {"chelem", side}, {"oudlers", oudlers}, {"points", points}});
  };
  // attack chelem: 3 oudlers -> exactly 91
  CHECK(run(setup_n(4), chelem("prise", "attack", 3, 91)).ok);
  CHECK(has_error(run(setup_n(4), chelem("prise", "attack", 3, 87)), "E_CHELEM_POINTS", "points"));
  CHECK(has_error(run(setup_n(4), chelem("garde", "attack", 3, 90)), "E_CHELEM_POINTS", "points"));
  // 2 oudlers (the defence kept the Excuse) -> 86.5 or 87 (86.5 only where half points exist)
  CHECK(run(setup_n(4), chelem("prise", "attack", 2, 87)).ok);
  CHECK(run(setup_n(4), chelem("prise", "attack", 2, 86.5)).ok);
  CHECK(has_error(run(setup_n(4), chelem("prise", "attack", 2, 91)), "E_CHELEM_POINTS", "points"));
  CHECK(has_error(run(setup_n(4), chelem("prise", "attack", 2, 85)), "E_CHELEM_POINTS", "points"));
  // fewer oudlers are impossible
  CHECK(has_error(run(setup_n(4), chelem("prise", "attack", 1, 87)), "E_CHELEM_POINTS", "points"));
  CHECK(has_error(run(setup_n(4), chelem("prise", "attack", 0, 87)), "E_CHELEM_POINTS", "points"));
  // with oudler_cards, the attack's 2 oudlers cannot include the Excuse
  json ex = chelem("prise", "attack", 2, 87);
  ex["oudler_cards"] = json::array({"petit", "excuse"});
  CHECK(has_error(run(setup_n(4), ex), "E_CHELEM_POINTS", "oudler_cards"));
  ex["oudler_cards"] = json::array({"petit", "21"});
  CHECK(run(setup_n(4), ex).ok);
  // garde contre: the attack owns the chien, so an attack chelem is not bound by this rule (the chien may
  // hold cards); the mirror applies to a defence chelem: 0 oudlers -> 0 points, 1 (the Excuse) -> 4 or 4.5
  CHECK(run(setup_n(4), chelem("garde_contre", "defence", 0, 0)).ok);
  CHECK(run(setup_n(4), chelem("garde_contre", "defence", 1, 4)).ok);
  CHECK(run(setup_n(4), chelem("garde_contre", "defence", 1, 4.5)).ok);
  CHECK(has_error(run(setup_n(4), chelem("garde_contre", "defence", 0, 3)), "E_CHELEM_POINTS", "points"));
  CHECK(has_error(run(setup_n(4), chelem("garde_contre", "defence", 1, 6)), "E_CHELEM_POINTS", "points"));
  CHECK(has_error(run(setup_n(4), chelem("garde_contre", "defence", 2, 8)), "E_CHELEM_POINTS", "points"));
  json dx = chelem("garde_contre", "defence", 1, 4);
  dx["oudler_cards"] = json::array({"21"});
  CHECK(has_error(run(setup_n(4), dx), "E_CHELEM_POINTS", "oudler_cards"));
  dx["oudler_cards"] = json::array({"excuse"});
  CHECK(run(setup_n(4), dx).ok);
}

TEST_CASE("tarot §4.3 and §6 poignee_to: the winning side, or the side that showed it", "[tarot][score][option]") {
  // the taker's simple poignée (20) on a failed prise: 1 oudler, 40 points -> diff 11, contract part -(25 + 11)
  json failed = hand(
      R"({"taker": "Ben", "contract": "prise", "oudlers": 1, "points": 40, "poignees": [{"player": "Ben", "level": "simple"}]})"_json);
  CHECK(per_defender(run(setup_n(4), failed)) == -56);  // winner: -36 - 20
  CHECK(per_defender(run(setup_n(4, R"({"poignee_to": "winner"})"_json), failed)) == -56);
  CHECK(per_defender(run(setup_n(4, R"({"poignee_to": "shower"})"_json), failed)) == -16);  // shower: -36 + 20
  // a defender's poignée on a made prise: winner gives it to the attack, shower to the defence
  json made = hand(
      R"({"taker": "Ben", "contract": "prise", "oudlers": 2, "points": 47, "poignees": [{"player": "Cat", "level": "simple"}]})"_json);
  CHECK(per_defender(run(setup_n(4), made)) == 51);                                      // 25 + 6 + 20
  CHECK(per_defender(run(setup_n(4, R"({"poignee_to": "shower"})"_json), made)) == 11);  // 25 + 6 - 20
  // 5 players: the called partner's poignée counts for the attack
  json five = hand(
      R"({"taker": "Ben", "contract": "prise", "partner": "Cat", "oudlers": 1, "points": 40, "poignees": [{"player": "Cat", "level": "simple"}]})"_json);
  auto s5 = run(setup_n(5, R"({"poignee_to": "shower"})"_json), five);
  REQUIRE(s5.ok);
  CHECK(last_deltas(s5)["Dan"] == 16);  // -(36) + 20 for the attack -> each defender +16
  auto bad = run(setup_n(4, R"({"poignee_to": "taker"})"_json), made);
  CHECK_FALSE(bad.ok);
  CHECK(first_error(bad).field == "options.poignee_to");
}

TEST_CASE("tarot §4.3 and §6 petit_au_bout_failed_attack: the failing attack keeps its petit, or loses it",
          "[tarot][score][option]") {
  // a failed garde (2 oudlers, 40 points: diff 1, contract part -(25 + 1) x 2) with the petit au bout for the attack
  json failed = hand(
      R"({"taker": "Ben", "contract": "garde", "oudlers": 2, "points": 40, "petit_au_bout": "attack"})"_json);
  CHECK(per_defender(run(setup_n(4), failed)) == -32);  // counts: -52 + 20
  CHECK(per_defender(run(setup_n(4, R"({"petit_au_bout_failed_attack": "counts"})"_json), failed)) == -32);
  auto lost = run(setup_n(4, R"({"petit_au_bout_failed_attack": "lost"})"_json), failed);
  CHECK(per_defender(lost) == -72);  // lost: -52 - 20
  CHECK(lost.score["hands"].back()["breakdown"]["petit_au_bout_part"] == -20);
  CHECK(last_deltas(lost)["Ben"] == -216);
  // a made contract keeps +10 x m for the attack; a petit au bout won by the defence is -10 x m either way
  json made = hand(
      R"({"taker": "Ben", "contract": "garde", "oudlers": 2, "points": 45, "petit_au_bout": "attack"})"_json);
  CHECK(per_defender(run(setup_n(4, R"({"petit_au_bout_failed_attack": "lost"})"_json), made)) == 78);  // (29 + 10) x 2
  json defence = hand(
      R"({"taker": "Ben", "contract": "garde", "oudlers": 1, "points": 40, "petit_au_bout": "defence"})"_json);
  CHECK(per_defender(run(setup_n(4), defence)) == -92);  // -(25 + 11) x 2 - 20
  CHECK(per_defender(run(setup_n(4, R"({"petit_au_bout_failed_attack": "lost"})"_json), defence)) == -92);
  auto bad = run(setup_n(4, R"({"petit_au_bout_failed_attack": "never"})"_json), failed);
  CHECK_FALSE(bad.ok);
  CHECK(first_error(bad).field == "options.petit_au_bout_failed_attack");
}

// issue 31: the game is typed (Game::play_hand; the JSON play() of the transition is not the game's), its numbers
// exact: a half point stays a half (47.5 = 95/2), deltas and totals are Amounts in set-up order.
TEST_CASE("tarot: a hand played typed, card points in exact halves", "[tarot][typed]") {
  Diagnostics d;
  auto game = find_game("tarot")->start(setup_n(3), d);  // half points: 3 players (spec tarot §3)
  REQUIRE(game);
  const json rec = hand(R"({"dealer": "Ann", "taker": "Ben", "contract": "garde", "oudlers": 2, "points": 47.5})"_json);
  auto h = game->play_hand(rec, d);
  REQUIRE(h);
  CHECK_FALSE(d.has_errors());
  CHECK(amount_of(h->breakdown["points"], 2)->units == 95);
  CHECK(h->breakdown["points"] == 47.5);
  // 48 rounded to the attack, 41 to make: (25 + 7) x 2 = 64 from each defender
  CHECK(h->deltas == std::vector<Amount>{Amount::whole(-64), Amount::whole(128), Amount::whole(-64)});
  CHECK(h->totals == h->deltas);
  CHECK(game->standing() == h->totals);
  CHECK(h->head["type"] == "hand");
  CHECK(h->tail["game_over"] == false);
}

}  // namespace unit_test_tarot
