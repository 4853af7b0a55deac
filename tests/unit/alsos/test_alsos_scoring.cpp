// Alsós scoring (spec alsos §4) and running state (§5), through rules::replay.
#include "test_alsos_helpers.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_alsos_scoring {

using namespace alsos_test;

TEST_CASE("alsos: trump game won and lost; a tie with a defender loses (§4.3.1)", "[alsos]") {
  CHECK(deltas_of(trump_hand("B", j(R"({"A":2,"B":5,"C":2})"), j(R"({"A":28,"B":96,"C":20})"), "B")) ==
        j(R"({"A":-1,"B":2,"C":-1})"));
  CHECK(deltas_of(trump_hand("B", j(R"({"A":4,"B":3,"C":2})"), j(R"({"A":70,"B":50,"C":20})"), "A")) ==
        j(R"({"A":1,"B":-2,"C":1})"));
  CHECK(deltas_of(trump_hand("A", j(R"({"A":3,"B":3,"C":3})"), j(R"({"A":50,"B":50,"C":40})"), "B", "C")) ==
        j(R"({"A":-2,"B":1,"C":1})"));
}

TEST_CASE("alsos: melds count for the game comparison (§4.3)", "[alsos]") {
  json h = trump_hand("A", j(R"({"A":4,"B":3,"C":2})"), j(R"({"A":60,"B":50,"C":30})"), "A");
  CHECK(deltas_of(h) == j(R"({"A":2,"B":-1,"C":-1})"));
  h["melds"] = j(R"({"B":{"sequences":20,"sets":0,"bela":false}})");  // B 70 > A 60
  CHECK(deltas_of(h) == j(R"({"A":-2,"B":1,"C":1})"));
  h["melds"] = j(R"({"A":{"sequences":0,"sets":0,"bela":true}, "B":{"sequences":20}})");  // A 80 > B 70
  CHECK(deltas_of(h) == j(R"({"A":2,"B":-1,"C":-1})"));
}

TEST_CASE("alsos: kontra factors: early x4, late x2, chains multiply (§4.2)", "[alsos]") {
  json h = trump_hand("B", j(R"({"A":2,"B":5,"C":2})"), j(R"({"A":28,"B":96,"C":20})"), "B");
  h["game_kontra"] = j(R"([{"by":"C","phase":"early"}])");
  CHECK(deltas_of(h)["B"] == 8);
  h["game_kontra"] = j(R"([{"by":"C","phase":"early"},{"by":"B","phase":"late"}])");
  CHECK(deltas_of(h)["B"] == 16);
  h["game_kontra"] = j(R"([{"by":"A","phase":"early"},{"by":"B","phase":"early"},{"by":"C","phase":"late"}])");
  CHECK(deltas_of(h)["B"] == 64);
}

TEST_CASE("alsos: kassza follows the game, for declarer and defender (§4.3.2)", "[alsos]") {
  json h = trump_hand("C", j(R"({"A":2,"B":4,"C":3})"), j(R"({"A":30,"B":64,"C":60})"), "B", "B");
  h["turn_up_suit"] = "makk";
  h["contract"]["trump_suit"] = "zold";
  h["figurak"] = j(R"([{"by":"A","name":"kassza","phase":"early","kontra":[{"by":"C","phase":"late"}]}])");
  h["melds"] = j(R"({"A":{"sequences":0,"sets":0,"bela":true}})");
  CHECK(deltas_of(h) == j(R"({"A":5,"B":5,"C":-10})"));
  // declarer's late kassza in a won game: 1 + 1 from each
  json w = trump_hand("B", j(R"({"A":2,"B":5,"C":2})"), j(R"({"A":28,"B":96,"C":20})"), "B");
  w["figurak"] = j(R"([{"by":"B","name":"kassza","phase":"late"}])");
  w["melds"] = j(R"({"B":{"bela":true}})");
  CHECK(deltas_of(w) == j(R"({"A":-2,"B":4,"C":-2})"));
}

TEST_CASE("alsos: tuli, absolut and szaz thresholds, trump and no trumps (§4.3.3)", "[alsos]") {
  json h = trump_hand("B", j(R"({"A":2,"B":5,"C":2})"), j(R"({"A":28,"B":82,"C":20})"), "B");
  h["figurak"] = j(R"([{"by":"B","name":"tuli","phase":"late"}])");
  CHECK(deltas_of(h)["B"] == 4);  // game 2 + tuli 2
  h["card_points"]["B"] = 81;
  h["card_points"]["A"] = 29;
  CHECK(deltas_of(h)["B"] == 0);  // game +2, tuli failed -2
  h["figurak"] = j(R"([{"by":"B","name":"absolut","phase":"early"}])");
  h["card_points"] = j(R"({"A":28,"B":100,"C":20})");
  CHECK(deltas_of(h)["B"] == 2 + 8);  // absolut 2 x 2 early, from each
  h["card_points"] = j(R"({"A":30,"B":99,"C":20})");
  CHECK(deltas_of(h)["B"] == 2 - 8);
  // szaz counts melds: 130 + 20 + 50 = 200
  h["figurak"] = j(R"([{"by":"B","name":"szaz","phase":"late"}])");
  h["card_points"] = j(R"({"A":12,"B":130,"C":10})");
  h["melds"] = j(R"({"B":{"sequences":50,"sets":0,"bela":true}})");
  CHECK(deltas_of(h)["B"] == 4);
  h["melds"]["B"]["bela"] = false;
  CHECK(deltas_of(h)["B"] == 0);
  // no-trump thresholds: tuli 66
  json nt = j(R"({"hand":1,"dealer":"A","contract":{"kind":"no_trumps","declarer":"B"},
                  "figurak":[{"by":"B","name":"tuli","phase":"late"}],
                  "tricks":{"A":2,"B":5,"C":2},"card_points":{"A":30,"B":66,"C":20},"last_trick":"B"})");
  CHECK(deltas_of(nt)["B"] == 2 * 2 + 2);
}

TEST_CASE("alsos: a defender's figura is paid by and to both defenders (§4.4)", "[alsos]") {
  json h = trump_hand("B", j(R"({"A":2,"B":5,"C":2})"), j(R"({"A":28,"B":96,"C":20})"), "B");
  h["figurak"] = j(R"([{"by":"A","name":"negy_asz","phase":"late","made":true}])");
  h["card_points"] = j(R"({"A":50,"B":80,"C":14})");
  CHECK(deltas_of(h) == j(R"({"A":0,"B":0,"C":0})"));  // game +1 each, negy_asz -1 each
  h["figurak"][0]["made"] = false;
  CHECK(deltas_of(h) == j(R"({"A":-2,"B":4,"C":-2})"));
}

TEST_CASE("alsos: durchmarsch is derived from the tricks (§4.3.3)", "[alsos]") {
  json h = trump_hand("B", j(R"({"A":0,"B":9,"C":0})"), j(R"({"A":0,"B":152,"C":0})"), "B");
  h["figurak"] = j(R"([{"by":"B","name":"durchmarsch","phase":"early"}])");
  CHECK(deltas_of(h)["B"] == 2 + 20);
}

TEST_CASE("alsos: observed figurak use made; ultimo early (§4.3.3)", "[alsos]") {
  json h = trump_hand("A", j(R"({"A":6,"B":2,"C":1})"), j(R"({"A":110,"B":24,"C":8})"), "A", "C");
  h["figurak"] = j(R"([{"by":"A","name":"ultimo","phase":"early","made":true},
                       {"by":"A","name":"tuletroa","phase":"late","made":false}])");
  CHECK(deltas_of(h)["A"] == 2 * (1 + 4 - 1));
}

TEST_CASE("alsos: betli made and failed; only late kontras (§4.3.1)", "[alsos]") {
  json h = j(R"({"hand":1,"dealer":"A","turn_up_suit":"zold","contract":{"kind":"betli","declarer":"C"},
                 "game_kontra":[{"by":"A","phase":"late"},{"by":"C","phase":"late"}],"tricks":{"C":0}})");
  CHECK(deltas_of(h) == j(R"({"A":-8,"B":-8,"C":16})"));
  h["tricks"]["C"] = 1;
  CHECK(deltas_of(h) == j(R"({"A":8,"B":8,"C":-16})"));
}

TEST_CASE("alsos: kloptzky: one loser, two losers, all tied (§4.5)", "[alsos]") {
  json h = j(R"({"hand":1,"dealer":"B","contract":{"kind":"kloptzky"},"tricks":{"A":5,"B":3,"C":1}})");
  CHECK(deltas_of(h) == j(R"({"A":-6,"B":3,"C":3})"));
  h["tricks"] = j(R"({"A":4,"B":4,"C":1})");
  CHECK(deltas_of(h) == j(R"({"A":-3,"B":-3,"C":6})"));
  h["tricks"] = j(R"({"A":3,"B":3,"C":3})");
  CHECK(deltas_of(h) == j(R"({"A":0,"B":0,"C":0})"));
  // 4 players: the sitting-out dealer receives too
  json four = j(R"({"hand":1,"dealer":"D","contract":{"kind":"kloptzky"},"tricks":{"A":4,"B":4,"C":1}})");
  auto r = run(game_file({four}, json::object(), {"A", "B", "C", "D"}, "D"));
  CHECK(deltas(r) == j(R"({"A":-6,"B":-6,"C":6,"D":6})"));
}

TEST_CASE("alsos: four players: the dealer sits out but pays as a defender (§1.1, §4.4)", "[alsos]") {
  json h = j(
      R"({"hand":1,"dealer":"D","turn_up_suit":"makk","contract":{"kind":"trump","trump_suit":"makk","declarer":"A"},
                 "figurak":[{"by":"A","name":"ultimo","phase":"early","made":true},{"by":"B","name":"negy_asz","phase":"late","made":false}],
                 "tricks":{"A":6,"B":2,"C":1},"card_points":{"A":110,"B":24,"C":8},"last_trick":"A"})");
  auto r = run(game_file({h}, json::object(), {"A", "B", "C", "D"}, "D"));
  CHECK(deltas(r) == j(R"({"A":18,"B":-6,"C":-6,"D":-6})"));
  CHECK(r.score["hands"][0]["breakdown"]["sitting_out"] == "D");
  CHECK(r.score["next_dealer"] == "A");
}

TEST_CASE("alsos: two players: 12 tricks, one defender (§1.1)", "[alsos]") {
  json h = j(
      R"({"hand":1,"dealer":"A","turn_up_suit":"tok","contract":{"kind":"trump","trump_suit":"tok","declarer":"B"},
                 "tricks":{"A":4,"B":8},"card_points":{"A":50,"B":100},"last_trick":"B"})");
  auto r = run(game_file({h}, json::object(), {"A", "B"}, "A"));
  CHECK(deltas(r) == j(R"({"A":-1,"B":1})"));
}

TEST_CASE("alsos: gyerunk accepted doubles game and kassza; surrender settles without play (§4.2, §4.7)", "[alsos]") {
  json h = trump_hand("B", j(R"({"A":2,"B":5,"C":2})"), j(R"({"A":28,"B":96,"C":20})"), "B");
  h["figurak"] = j(R"([{"by":"B","name":"kassza","phase":"late"}])");
  h["melds"] = j(R"({"B":{"bela":true}})");
  h["gyerunk"] = j(R"({"by":"B","level":1,"outcome":"accepted"})");
  CHECK(deltas_of(h)["B"] == 2 * (2 + 2));
  h["gyerunk"] = j(R"({"by":"A","level":2,"outcome":"accepted"})");
  CHECK(deltas_of(h)["B"] == 2 * (4 + 4));
  // M7: declarer proposes, defenders kontra, declarer gives up: G = 2
  json s = j(
      R"({"hand":1,"dealer":"B","turn_up_suit":"piros","contract":{"kind":"trump","trump_suit":"piros","declarer":"C"},
                 "game_kontra":[{"by":"A","phase":"late"}],"figurak":[{"by":"C","name":"kassza","phase":"late"}],
                 "gyerunk":{"by":"C","level":2,"outcome":"surrendered"}})");
  auto r = run(game_file({s}, json::object(), {"A", "B", "C"}, "B"));
  CHECK(deltas(r) == j(R"({"A":6,"B":6,"C":-12})"));
  // a defender proposes and the declarer's side gives up at level 1: G = 1, the defenders win
  s["gyerunk"] = j(R"({"by":"A","level":1,"outcome":"surrendered"})");
  CHECK(deltas(run(game_file({s}, json::object(), {"A", "B", "C"}, "B"))) == j(R"({"A":3,"B":3,"C":-6})"));
  // the declarer proposes and the defenders give up: the declarer wins at G = 1
  s["gyerunk"] = j(R"({"by":"C","level":1,"outcome":"surrendered"})");
  CHECK(deltas(run(game_file({s}, json::object(), {"A", "B", "C"}, "B"))) == j(R"({"A":-3,"B":-3,"C":6})"));
}

TEST_CASE("alsos: misdeal scores nothing and the same dealer deals again (§5)", "[alsos]") {
  json m = j(R"({"hand":1,"dealer":"A","contract":{"kind":"misdeal"},"note":"card face up"})");
  json h = trump_hand("B", j(R"({"A":2,"B":5,"C":2})"), j(R"({"A":28,"B":96,"C":20})"), "B");
  h["hand"] = 2;
  auto r = run(game_file({m, h}));
  REQUIRE(r.ok);
  CHECK(deltas(r, 1) == j(R"({"A":0,"B":0,"C":0})"));
  CHECK(r.score["hands"][1]["warnings"].empty());  // A deals again: no dealer warning
  CHECK(r.score["next_dealer"] == "B");
  CHECK(r.score["deals"] == 1);
}

TEST_CASE("alsos: running totals, dealer rotation and ranking (§5)", "[alsos]") {
  json h1 = trump_hand("B", j(R"({"A":2,"B":5,"C":2})"), j(R"({"A":28,"B":96,"C":20})"), "B", "A");
  json h2 = trump_hand("A", j(R"({"A":5,"B":2,"C":2})"), j(R"({"A":96,"B":28,"C":20})"), "A", "B");
  h2["hand"] = 2;
  auto r = run(game_file({h1, h2}));
  REQUIRE(r.ok);
  CHECK(json::parse(r.score["totals"].dump()) == j(R"({"A":1,"B":1,"C":-2})"));
  CHECK(r.score["next_dealer"] == "C");
  CHECK(json::parse(r.score["result"]["ranking"].dump()) == j(R"(["A","B","C"])"));
  CHECK(json::parse(r.score["result"]["places"].dump()) == j(R"({"A":1,"B":1,"C":3})"));
  CHECK(r.score["finished"] == false);
}

}  // namespace unit_test_alsos_scoring
