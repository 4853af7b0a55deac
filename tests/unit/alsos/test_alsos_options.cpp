// Alsós options (spec alsos §6), the command-line syntax, the sheet and a whole session to its end.
#include "reports/sheet_render.hpp"
#include "test_alsos_helpers.hpp"

#include "rules/alsos/alsos.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_alsos_options {

using namespace alsos_test;
using marque::rules::find_game;

namespace {
json won_b() { return trump_hand("B", j(R"({"A":2,"B":5,"C":2})"), j(R"({"A":28,"B":96,"C":20})"), "B"); }
}  // namespace

TEST_CASE("alsos: option table has every option of §6 with the spec's defaults", "[alsos]") {
  const auto* g = find_game("alsos");
  REQUIRE(g != nullptr);
  json defaults = json::object();
  for (const auto& o : g->options()) defaults[o.id] = o.default_value;
  CHECK(defaults["game_value_trump"] == 1);
  CHECK(defaults["game_value_other_suit"].is_null());
  CHECK(defaults["game_value_no_trumps"] == 2);
  CHECK(defaults["game_value_betli"] == 2);
  CHECK(defaults["kloptzky_value"] == 3);
  CHECK(defaults["max_kontra_level"] == 3);
  CHECK(defaults["kassza_mode"] == "plus_one");
  CHECK(defaults["sequence_values"] == j("[20,50,100]"));
  CHECK(defaults["session_end"] == "manual");
}

TEST_CASE("alsos: game value options (§6)", "[alsos]") {
  CHECK(deltas_of(won_b(), j(R"({"game_value_trump":3})"))["B"] == 6);
  json other = won_b();
  other["turn_up_suit"] = "makk";                                     // piros named in round 2
  CHECK(deltas_of(other, j(R"({"game_value_trump":3})"))["B"] == 6);  // other_suit defaults to game_value_trump
  CHECK(deltas_of(other, j(R"({"game_value_other_suit":2})"))["B"] == 4);
  CHECK(deltas_of(won_b(), j(R"({"game_value_other_suit":2})"))["B"] == 2);  // round 1
  json nt = j(R"({"hand":1,"dealer":"A","contract":{"kind":"no_trumps","declarer":"B"},
                  "tricks":{"A":2,"B":5,"C":2},"card_points":{"A":30,"B":66,"C":20},"last_trick":"B"})");
  CHECK(deltas_of(nt)["B"] == 4);
  CHECK(deltas_of(nt, j(R"({"game_value_no_trumps":3})"))["B"] == 6);
  json b = j(R"({"hand":1,"dealer":"A","contract":{"kind":"betli","declarer":"C"},"tricks":{"C":0}})");
  CHECK(deltas_of(b)["C"] == 4);
  CHECK(deltas_of(b, j(R"({"game_value_betli":5})"))["C"] == 10);
  json k = j(R"({"hand":1,"dealer":"A","contract":{"kind":"kloptzky"},"tricks":{"A":5,"B":3,"C":1}})");
  CHECK(deltas_of(k, j(R"({"kloptzky_value":4})")) == j(R"({"A":-8,"B":4,"C":4})"));
}

TEST_CASE("alsos: max_kontra_level 4 allows a mordkontra by the owner's side (§6)", "[alsos]") {
  json h = won_b();
  h["game_kontra"] = j(
      R"([{"by":"A","phase":"late"},{"by":"B","phase":"late"},{"by":"C","phase":"late"},{"by":"B","phase":"late"}])");
  CHECK(deltas_of(h, j(R"({"max_kontra_level":4})"))["B"] == 32);
}

TEST_CASE("alsos: kassza_mode double_game doubles the game item instead (§6)", "[alsos]") {
  json h = won_b();
  h["figurak"] = j(R"([{"by":"B","name":"kassza","phase":"early"}])");
  h["melds"] = j(R"({"B":{"bela":true}})");
  CHECK(deltas_of(h)["B"] == 2 * (1 + 2));
  CHECK(deltas_of(h, j(R"({"kassza_mode":"double_game"})"))["B"] == 2 * 2);
  h["game_kontra"] = j(R"([{"by":"A","phase":"late"}])");
  CHECK(deltas_of(h, j(R"({"kassza_mode":"double_game"})"))["B"] == 2 * 4);
  h["figurak"][0]["kontra"] = j(R"([{"by":"A","phase":"late"}])");
  auto e = error_of(h, j(R"({"kassza_mode":"double_game"})"));
  CHECK(e.field == "figurak");
  CHECK(contains(e.message, "double_game"));
}

TEST_CASE("alsos: sequence_values change the legal meld sums (§6)", "[alsos]") {
  json h = won_b();
  h["melds"] = j(R"({"B":{"sequences":30}})");
  CHECK_FALSE(run(game_file({h})).ok);
  CHECK(run(game_file({h}, j(R"({"sequence_values":[30,50,100]})"))).ok);
  CHECK(error_of(won_b(), j(R"({"sequence_values":[20,50]})")).field == "options.sequence_values");
}

TEST_CASE("alsos: session_end deals ends the session after N scored deals (§5)", "[alsos]") {
  std::vector<json> hands;
  const char* dealers[] = {"A", "B", "C"};
  for (int i = 0; i < 3; ++i) {
    json h = won_b();
    h["hand"] = i + 1;
    h["dealer"] = dealers[i];
    hands.push_back(h);
  }
  json m = j(R"({"hand":2,"dealer":"B","contract":{"kind":"misdeal"}})");
  std::vector<json> with_misdeal = {hands[0], m, hands[1]};
  with_misdeal[2]["hand"] = 3;
  auto r = run(game_file(with_misdeal, j(R"({"session_end":{"mode":"deals","count":3}})")));
  REQUIRE(r.ok);
  CHECK(r.score["finished"] == false);  // a misdeal is not a deal
  r = run(game_file(hands, j(R"({"session_end":{"mode":"deals","count":3}})")));
  REQUIRE(r.ok);
  CHECK(r.score["finished"] == true);
  CHECK(json::parse(r.score["totals"].dump()) == j(R"({"A":-3,"B":6,"C":-3})"));
  CHECK(json::parse(r.score["result"]["ranking"].dump()) == j(R"(["B","A","C"])"));
  CHECK(json::parse(r.score["result"]["places"].dump()) == j(R"({"B":1,"A":2,"C":2})"));
  // uneven deal count: a set-up warning
  auto w = run(game_file({}, j(R"({"session_end":{"mode":"deals","count":4}})")));
  REQUIRE(w.ok);
  CHECK(marque::test::warning_codes(w.diags) == std::vector<std::string>{"alsos.deals_uneven"});
}

TEST_CASE("alsos: session_end radli: the first to the target gets the bonus from each (§5)", "[alsos]") {
  json h = won_b();
  h["game_kontra"] = j(R"([{"by":"A","phase":"early"},{"by":"B","phase":"early"}])");  // 16 from each
  auto r = run(game_file({h}, j(R"({"session_end":{"mode":"radli","radli_target":30,"radli_bonus":5}})")));
  REQUIRE(r.ok);
  CHECK(deltas(r) == j(R"({"A":-21,"B":42,"C":-21})"));
  CHECK(r.score["finished"] == true);
  r = run(game_file({h}, j(R"({"session_end":{"mode":"radli"}})")));
  REQUIRE(r.ok);
  CHECK(r.score["finished"] == false);  // 32 < 80
}

TEST_CASE("alsos: start resumes a paper sheet (set-up)", "[alsos]") {
  json f = game_file({won_b()});
  f["setup"]["start"] = j(R"({"totals":{"A":5,"B":-2,"C":-3},"hands_played":6})");
  f["hands"][0]["hand"] = 7;
  auto r = run(f);
  REQUIRE(r.ok);
  CHECK(json::parse(r.score["totals"].dump()) == j(R"({"A":4,"B":0,"C":-4})"));
  CHECK(r.score["hands"][0]["warnings"].empty());
  CHECK(r.score["deals"] == 7);
}

TEST_CASE("alsos: record_from_args maps the compact syntax to the record (§2.2)", "[alsos]") {
  const auto* g = find_game("alsos");
  auto fresh = run(game_file({}));
  REQUIRE(fresh.ok);
  marque::Diagnostics d;
  json rec = g->record_from_args({{"contract", "trump:piros:B"},
                                  {"turn", "p"},
                                  {"kontra", "C:late"},
                                  {"figura", "B:kassza:early,A:tuli:e/B:e/A:l"},
                                  {"figura", "C:negy_asz:late:failed"},
                                  {"tricks", "A:2,B:5,C:2"},
                                  {"points", "A:28,B:96,C:20"},
                                  {"last", "b"},
                                  {"melds", "B:20:0:bela"},
                                  {"note", "first deal"}},
                                 *fresh.state, d);
  INFO((d.items().empty() ? std::string() : d.items().front().text()));
  CHECK_FALSE(d.has_errors());
  CHECK(rec["hand"] == 1);
  CHECK(rec["dealer"] == "A");
  CHECK(rec["turn_up_suit"] == "piros");
  CHECK(rec["contract"] == j(R"({"kind":"trump","trump_suit":"piros","declarer":"B"})"));
  CHECK(rec["game_kontra"] == j(R"([{"by":"C","phase":"late"}])"));
  CHECK(rec["figurak"].size() == 3);
  CHECK(rec["figurak"][1] == j(R"({"by":"A","name":"tuli","phase":"early",
                                   "kontra":[{"by":"B","phase":"early"},{"by":"A","phase":"late"}]})"));
  CHECK(rec["figurak"][2]["made"] == false);
  CHECK(rec["tricks"] == j(R"({"A":2,"B":5,"C":2})"));
  CHECK(rec["card_points"] == j(R"({"A":28,"B":96,"C":20})"));
  CHECK(rec["last_trick"] == "B");
  CHECK(rec["melds"] == j(R"({"B":{"sequences":20,"sets":0,"bela":true}})"));
  CHECK(rec["note"] == "first deal");

  marque::Diagnostics d2;
  json r2 = g->record_from_args({{"contract", "nt:C"}, {"gyerunk", "C:2:surrendered"}}, *fresh.state, d2);
  CHECK_FALSE(d2.has_errors());
  CHECK(r2["contract"] == j(R"({"kind":"no_trumps","declarer":"C"})"));
  CHECK(r2["gyerunk"] == j(R"({"by":"C","level":2,"outcome":"surrendered"})"));
  marque::Diagnostics d3;
  json r3 = g->record_from_args({{"contract", "zold:A"}}, *fresh.state, d3);
  CHECK(r3["contract"] == j(R"({"kind":"trump","trump_suit":"zold","declarer":"A"})"));
  marque::Diagnostics d4;
  g->record_from_args({{"contract", "kloptzky"}, {"taker", "B"}}, *fresh.state, d4);
  REQUIRE(d4.has_errors());
  CHECK(d4.errors().front().field == "taker");
  CHECK(contains(d4.errors().front().message, "tricks"));
  marque::Diagnostics d5;
  g->record_from_args({{"contract", "trump:piros:Zed"}}, *fresh.state, d5);
  REQUIRE(d5.has_errors());
  CHECK(d5.errors().front().field == "contract");
  CHECK(contains(d5.errors().front().message, "Zed"));
  marque::Diagnostics d6;
  g->record_from_args({{"tricks", "A:two"}, {"contract", "kl"}}, *fresh.state, d6);
  REQUIRE(d6.has_errors());
  CHECK(d6.errors().front().field == "tricks");
}

TEST_CASE("alsos: setup_from_args reads end=, start= and options", "[alsos]") {
  const auto* g = find_game("alsos");
  marque::Diagnostics d;
  json s = g->setup_from_args({{"players", "A,B,C,D"},
                               {"dealer", "D"},
                               {"end", "deals:8"},
                               {"option.kassza_mode", "double_game"},
                               {"start", "A:2,B:-2,C:0,D:0"},
                               {"hands_played", "4"}},
                              d);
  CHECK_FALSE(d.has_errors());
  CHECK(s["options"]["session_end"] == j(R"({"mode":"deals","count":8})"));
  CHECK(s["options"]["kassza_mode"] == "double_game");
  CHECK(s["start"] == j(R"({"totals":{"A":2,"B":-2,"C":0,"D":0},"hands_played":4})"));
  marque::Diagnostics d2;
  json r = g->setup_from_args({{"players", "A,B,C"}, {"dealer", "A"}, {"end", "radli:60"}}, d2);
  CHECK(r["options"]["session_end"] == j(R"({"mode":"radli","radli_target":60})"));
}

TEST_CASE("alsos: a whole 4-player session to its end, with the sheet", "[alsos]") {
  std::vector<json> hands = {
      j(R"({"hand":1,"dealer":"A","turn_up_suit":"makk","contract":{"kind":"trump","trump_suit":"makk","declarer":"B"},
            "tricks":{"B":5,"C":2,"D":2},"card_points":{"B":96,"C":28,"D":20},"last_trick":"B"})"),
      j(R"({"hand":2,"dealer":"B","turn_up_suit":"tok","contract":{"kind":"no_trumps","declarer":"C"},
            "tricks":{"A":3,"C":4,"D":2},"card_points":{"A":40,"C":60,"D":20},"last_trick":"C"})"),
      j(R"({"hand":3,"dealer":"C","contract":{"kind":"misdeal"}})"),
      j(R"({"hand":4,"dealer":"C","turn_up_suit":"zold","contract":{"kind":"betli","declarer":"D"},"tricks":{"D":1}})"),
      j(R"({"hand":5,"dealer":"D","turn_up_suit":"piros","contract":{"kind":"kloptzky"},"tricks":{"A":4,"B":4,"C":1}})"),
  };
  json f = game_file(hands, j(R"({"session_end":{"mode":"deals","count":4}})"), {"Ann", "Béla", "Csaba", "Dóra"},
                     "Ann");
  // rename A..D to the real names
  std::string text = f.dump();
  for (auto [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"\"A\"", "\"Ann\""}, {"\"B\"", "\"Béla\""}, {"\"C\"", "\"Csaba\""}, {"\"D\"", "\"Dóra\""}})
    for (auto p = text.find(from); p != std::string::npos; p = text.find(from, p + to.size()))
      text.replace(p, from.size(), to);
  f = json::parse(text);
  auto r = run(f);
  if (!r.ok)
    for (const auto& e : r.diags.errors()) UNSCOPED_INFO(e.text());
  REQUIRE(r.ok);
  CHECK(r.score["finished"] == true);
  // 1: Béla wins 1 from each of Csaba, Dóra and the sitting-out Ann (+3)
  // 2: Csaba wins no trumps 2 from each (+6)
  // 4: Dóra's betli fails: 2 to each (-6)
  // 5: Ann and Béla 4 tricks each pay 3 to Csaba and Dóra
  CHECK(json::parse(r.score["totals"].dump()) == j(R"({"Ann":-7,"Béla":-3,"Csaba":13,"Dóra":-3})"));
  std::string sheet = marque::reports::sheet_text(find_game("alsos")->score_sheet(f, r.score));
  CHECK(contains(sheet, "Béla M(turn) won"));
  CHECK(contains(sheet, "Csaba NT won"));
  CHECK(contains(sheet, "——"));
  CHECK(contains(sheet, "Dóra BE lost"));
  CHECK(contains(sheet, "KL"));
  CHECK(contains(sheet, "-1*"));  // Ann sat out hand 1 and paid
  CHECK(contains(sheet, "result: 1. Csaba +13"));
  CHECK(contains(sheet, "settlement"));
}

}  // namespace unit_test_alsos_options
