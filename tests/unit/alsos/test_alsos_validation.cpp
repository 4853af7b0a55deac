// Alsós validation (spec alsos §3): every hard error names its field and the rule; warnings never block.
#include "test_alsos_helpers.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_alsos_validation {

using namespace alsos_test;

namespace {
json base() { return trump_hand("B", j(R"({"A":2,"B":5,"C":2})"), j(R"({"A":20,"B":100,"C":30})"), "B"); }
void check_error(const json& hand, const std::string& field, const std::string& part,
                 const json& options = json::object()) {
  auto e = error_of(hand, options);
  INFO(e.text());
  CHECK(e.field == field);
  CHECK(contains(e.message, part));
}
// the file scores, with a warning of this code that says `part`
bool has_warning(const json& file, const std::string& code, const std::string& part) {
  auto r = run(file);
  REQUIRE(r.ok);
  for (const auto& w : r.diags.warnings())
    if (w.code == code && contains(w.message, part)) return true;
  return false;
}
}  // namespace

TEST_CASE("alsos: set-up validation (V01, first dealer, options, start)", "[alsos]") {
  auto setup_error = [](const json& setup) {
    json f = {{"format", "marque-game/1"}, {"game", "alsos"}, {"setup", setup}, {"hands", json::array()}};
    return first_error(f);
  };
  CHECK(setup_error(j(R"({"players":["A"],"first_dealer":"A"})")).field == "players");
  CHECK(setup_error(j(R"({"players":["A","B","C","D","E"],"first_dealer":"A"})")).field == "players");
  CHECK(setup_error(j(R"({"players":["A","A","C"],"first_dealer":"A"})")).field == "players");
  CHECK(setup_error(j(R"({"players":["A","B","C"],"first_dealer":"Z"})")).field == "first_dealer");
  auto e = setup_error(j(R"({"players":["A","B","C"],"first_dealer":"A","options":{"kassza":"x"}})"));
  CHECK(e.field == "options.kassza");
  CHECK(contains(e.message, "kassza_mode"));
  e = setup_error(j(R"({"players":["A","B","C"],"first_dealer":"A","options":{"kassza_mode":"triple"}})"));
  CHECK(contains(e.message, "plus_one, double_game"));
  CHECK(setup_error(j(R"({"players":["A","B","C"],"first_dealer":"A","options":{"max_kontra_level":5}})")).field ==
        "options.max_kontra_level");
  CHECK(setup_error(j(R"({"players":["A","B","C"],"first_dealer":"A","options":{"game_value_trump":0}})")).field ==
        "options.game_value_trump");
  CHECK(setup_error(j(R"({"players":["A","B","C"],"first_dealer":"A","options":{"session_end":{"mode":"deals"}}})"))
            .field == "options.session_end");
  CHECK(
      setup_error(j(R"({"players":["A","B","C"],"first_dealer":"A","start":{"totals":{"A":3,"B":0,"C":0}}})")).field ==
      "start.totals");
}

TEST_CASE("alsos: contract and players (V02, V04, V05, V06)", "[alsos]") {
  json h = base();
  h["dealer"] = "Z";
  check_error(h, "dealer", "not in this session");
  h = base();
  h["contract"] = j(R"({"kind":"betli"})");
  check_error(h, "contract.declarer", "betli needs a declarer");
  h = base();
  h["contract"].erase("trump_suit");
  check_error(h, "contract.trump_suit", "trump_suit");
  h = base();
  h["contract"] = j(R"({"kind":"grand","declarer":"B"})");
  check_error(h, "contract.kind", "one of trump, no_trumps, betli, kloptzky, misdeal");
  h = base();
  h["contract"] = j(R"({"kind":"kloptzky","declarer":"B"})");
  check_error(h, "contract.declarer", "kloptzky has no declarer");
  // V05: the 4-player dealer sits out
  json four = j(R"({"hand":1,"dealer":"D","contract":{"kind":"trump","trump_suit":"makk","declarer":"A"},
                    "tricks":{"A":6,"B":2,"D":1},"card_points":{"A":110,"B":24,"D":8},"last_trick":"A"})");
  auto e = first_error(game_file({four}, json::object(), {"A", "B", "C", "D"}, "D"));
  CHECK(e.field == "tricks");
  CHECK(contains(e.message, "D is dealer and sits out"));
  // V06
  check_error(j(R"({"hand":1,"dealer":"A","contract":{"kind":"misdeal"},"tricks":{"A":3}})"), "tricks",
              "a misdeal carries no play data");
  // unknown field
  h = base();
  h["taker"] = "B";
  check_error(h, "taker", "is not a field");
}

TEST_CASE("alsos: dealer order is a warning (V03)", "[alsos]") {
  json h = base();
  h["dealer"] = "C";
  CHECK(has_warning(game_file({h}), "alsos.dealer_order", "expected dealer A, got C"));
}

TEST_CASE("alsos: figurak rules (V10-V17)", "[alsos]") {
  json b = j(R"({"hand":1,"dealer":"A","contract":{"kind":"betli","declarer":"C"},"tricks":{"C":0},
                 "figurak":[{"by":"C","name":"tuli","phase":"late"}]})");
  check_error(b, "figurak", "no figurák in betli");
  json nt = j(R"({"hand":1,"dealer":"A","contract":{"kind":"no_trumps","declarer":"B"},
                  "figurak":[{"by":"B","name":"kassza","phase":"early"}],
                  "tricks":{"A":3,"B":4,"C":2},"card_points":{"A":40,"B":60,"C":20},"last_trick":"B"})");
  check_error(nt, "figurak", "only in trump games");  // X1
  json h = base();
  h["figurak"] = j(R"([{"by":"B","name":"tuli","phase":"early"},{"by":"B","name":"tuli","phase":"late"}])");
  check_error(h, "figurak", "announced twice");
  h["figurak"] = j(R"([{"by":"B","name":"absolut","phase":"early"},{"by":"B","name":"szaz","phase":"early"}])");
  check_error(h, "figurak", "same phase");  // X2
  h["figurak"] = j(R"([{"by":"B","name":"szaz","phase":"early"},{"by":"B","name":"absolut","phase":"late"}])");
  check_error(h, "figurak", "szaz early and absolut late");
  h["figurak"] = j(R"([{"by":"B","name":"absolut","phase":"early"},{"by":"B","name":"szaz","phase":"late"}])");
  CHECK(run(game_file({h})).ok);  // the reverse order is allowed (§9.9)
  h["figurak"] = j(R"([{"by":"B","name":"kassza","phase":"early"}])");
  h["melds"] = j(R"({"A":{"bela":true}})");
  check_error(h, "figurak", "needs K+F of trumps");
  h.erase("melds");
  CHECK(has_warning(game_file({h}), "alsos.kassza_no_bela", "should give béla 20"));  // V16
  h["figurak"] = j(R"([{"by":"B","name":"kassza","phase":"early"},{"by":"A","name":"kassza","phase":"early"}])");
  check_error(h, "figurak", "at most one kassza");
  h["figurak"] = j(R"([{"by":"B","name":"tuli","phase":"late"},{"by":"A","name":"tuli","phase":"late"}])");
  CHECK(has_warning(game_file({h}), "alsos.figura_two_players", "announced by both"));  // V17
  h["figurak"] = j(R"([{"by":"B","name":"bela","phase":"late"}])");
  check_error(h, "figurak", "one of kassza, tuli");
  h["figurak"] = j(R"([{"by":"B","name":"tuli","phase":"middle"}])");
  check_error(h, "figurak", "one of early, late");
}

TEST_CASE("alsos: kontra chains (V20-V23)", "[alsos]") {
  json h = base();
  h["game_kontra"] = j(R"([{"by":"B","phase":"late"}])");
  check_error(h, "game_kontra", "must come from the defenders");  // X4
  h["game_kontra"] = j(R"([{"by":"A","phase":"late"},{"by":"C","phase":"late"}])");
  check_error(h, "game_kontra", "must come from the declarer");
  h["game_kontra"] = j(R"([{"by":"A","phase":"late"},{"by":"B","phase":"early"}])");
  check_error(h, "game_kontra", "early after a late level");
  h["game_kontra"] = j(
      R"([{"by":"A","phase":"late"},{"by":"B","phase":"late"},{"by":"A","phase":"late"},{"by":"B","phase":"late"}])");
  check_error(h, "game_kontra", "at most 3");
  CHECK(run(game_file({h}, j(R"({"max_kontra_level":4})"))).ok);
  h.erase("game_kontra");
  h["figurak"] = j(R"([{"by":"A","name":"tuli","phase":"late","kontra":[{"by":"B","phase":"early"}]}])");
  check_error(h, "figurak", "announced late");
  h["figurak"] = j(R"([{"by":"A","name":"tuli","phase":"late","kontra":[{"by":"C","phase":"late"}]}])");
  check_error(h, "figurak", "must come from the declarer");  // C is A's partner
  json b = j(R"({"hand":1,"dealer":"A","contract":{"kind":"betli","declarer":"C"},"tricks":{"C":0},
                 "game_kontra":[{"by":"A","phase":"early"}]})");
  check_error(b, "game_kontra", "betli has only late kontras");
  json k = j(R"({"hand":1,"dealer":"A","contract":{"kind":"kloptzky"},"tricks":{"A":5,"B":3,"C":1},
                 "game_kontra":[{"by":"A","phase":"late"}]})");
  check_error(k, "game_kontra", "no kontra in kloptzky");
}

TEST_CASE("alsos: gyerunk (V30-V32)", "[alsos]") {
  json h = base();
  h["figurak"] = j(R"([{"by":"C","name":"tuli","phase":"late"}])");
  h["gyerunk"] = j(R"({"by":"B","level":1,"outcome":"accepted"})");
  check_error(h, "gyerunk", "only when no figura other than kassza");  // X5
  h.erase("figurak");
  h["gyerunk"] = j(R"({"by":"B","level":5,"outcome":"accepted"})");
  check_error(h, "gyerunk", "level 5");
  h["gyerunk"] = j(R"({"by":"B","level":1,"outcome":"maybe"})");
  check_error(h, "gyerunk", "accepted, surrendered");
  json k = j(R"({"hand":1,"dealer":"A","contract":{"kind":"kloptzky"},"tricks":{"A":5,"B":3,"C":1},
                 "gyerunk":{"by":"A","level":1,"outcome":"accepted"}})");
  check_error(k, "gyerunk", "no gyerünk in kloptzky");
  h["gyerunk"] = j(R"({"by":"B","level":1,"outcome":"surrendered"})");
  CHECK(has_warning(game_file({h}), "alsos.surrendered_play_facts", "are ignored"));  // V32
}

TEST_CASE("alsos: play facts (V40-V48)", "[alsos]") {
  json h = base();
  h["tricks"] = j(R"({"A":3,"B":3,"C":2})");
  check_error(h, "tricks", "add up to 8, but a deal has 9 tricks");  // X6
  h = base();
  h["tricks"].erase("C");
  check_error(h, "tricks", "missing: C");
  h = base();
  h["card_points"].erase("A");
  check_error(h, "card_points", "missing: A");
  h = base();
  h.erase("last_trick");
  check_error(h, "last_trick", "last_trick");
  h = base();
  h["card_points"] = j(R"({"A":20,"B":100,"C":170})");
  check_error(h, "card_points", "outside 0..162");
  h = base();
  h["tricks"] = j(R"({"A":0,"B":7,"C":2})");
  check_error(h, "card_points", "took no trick but has 20");  // V43
  h = base();
  h["last_trick"] = "A";
  h["card_points"] = j(R"({"A":8,"B":100,"C":30})");
  check_error(h, "last_trick", "at least 1 trick and 10 card points");  // V44
  h = base();
  h["last_trick"] = "C";
  h["tricks"] = j(R"({"A":2,"B":6,"C":1})");
  h["card_points"] = j(R"({"A":40,"B":101,"C":11})");
  check_error(h, "card_points", "no card is worth 1 point");  // X3
  h = base();
  h["card_points"] = j(R"({"A":1,"B":100,"C":30})");
  check_error(h, "card_points", "no card is worth 1 point");
  h = base();
  h["card_points"] = j(R"({"A":40,"B":100,"C":30})");
  check_error(h, "card_points", "add up to 170, above 162");
  h = base();
  h["unplayed_points"] = 10;
  check_error(h, "card_points", "must be exactly 162");
  h["unplayed_points"] = 12;
  CHECK(run(game_file({h})).ok);
  h["unplayed_points"] = 70;
  check_error(h, "unplayed_points", "outside 0..67");
  json b = j(R"({"hand":1,"dealer":"A","contract":{"kind":"betli","declarer":"C"},"tricks":{"A":5}})");
  check_error(b, "tricks", "betli needs the declarer's tricks");
  b["tricks"] = j(R"({"A":5,"B":4,"C":1})");
  check_error(b, "tricks", "more than the 9 tricks");
  // V47, V48
  h = base();
  h["melds"] = j(R"({"B":{"sequences":30}})");
  check_error(h, "melds", "one of 0, 20, 40, 50, 60, 70, 100, 120, 150");
  h["melds"] = j(R"({"B":{"sets":100}})");
  check_error(h, "melds", "80 x the number");
  h["melds"] = j(R"({"B":{"sequences":20},"A":{"sequences":50}})");
  check_error(h, "melds", "at most one player has sequences");
  h["melds"] = j(R"({"B":{"bela":true},"A":{"bela":true}})");
  check_error(h, "melds", "only one player");
  json nt = j(R"({"hand":1,"dealer":"A","contract":{"kind":"no_trumps","declarer":"B"},
                  "tricks":{"A":3,"B":4,"C":2},"card_points":{"A":40,"B":60,"C":20},"last_trick":"B",
                  "melds":{"B":{"bela":true}}})");
  check_error(nt, "melds", "béla exists only in trump games");
  json k = j(R"({"hand":1,"dealer":"B","contract":{"kind":"kloptzky"},"tricks":{"A":5,"B":3,"C":1},
                 "melds":{"A":{"sets":80}}})");
  check_error(k, "melds", "no melds in kloptzky");
  // 12-card hands allow more sequence sums (2 players)
  json two = j(R"({"hand":1,"dealer":"A","contract":{"kind":"trump","trump_suit":"tok","declarer":"B"},
                   "tricks":{"A":4,"B":8},"card_points":{"A":50,"B":100},"last_trick":"B","melds":{"B":{"sequences":90}}})");
  CHECK(run(game_file({two}, json::object(), {"A", "B"}, "A")).ok);
  two["melds"]["B"]["sequences"] = 91;
  auto e = first_error(game_file({two}, json::object(), {"A", "B"}, "A"));
  CHECK(e.field == "melds");
  CHECK(contains(e.message, "12-card hand"));
}

TEST_CASE("alsos: figura outcomes (V50-V53)", "[alsos]") {
  json h = base();
  h["figurak"] = j(R"([{"by":"B","name":"negy_asz","phase":"late"}])");
  check_error(h, "figurak", "made (true/false) is required");
  h["figurak"] = j(R"([{"by":"B","name":"tuli","phase":"late","made":false}])");
  check_error(h, "figurak", "recorded as failed but the numbers say made");
  h["figurak"] = j(R"([{"by":"A","name":"negy_asz","phase":"late","made":true}])");
  check_error(h, "figurak", "at least 44 card points");
  h["figurak"] = j(R"([{"by":"A","name":"ultimo","phase":"late","made":true}])");
  h["card_points"] = j(R"({"A":30,"B":100,"C":20})");
  check_error(h, "figurak", "needs the last trick");
  h["figurak"] = j(R"([{"by":"B","name":"trump_akf","phase":"late","made":true},
                       {"by":"A","name":"trump_six","phase":"late","made":true}])");
  h["card_points"] = j(R"({"A":70,"B":80,"C":0})");
  h["tricks"] = j(R"({"A":4,"B":5,"C":0})");
  check_error(h, "figurak", "claim the same card");
  json all = trump_hand("B", j(R"({"A":0,"B":9,"C":0})"), j(R"({"A":0,"B":152,"C":0})"), "B");
  all["figurak"] = j(R"([{"by":"A","name":"negy_asz","phase":"late","made":true}])");
  auto e = error_of(all);
  CHECK(e.field == "figurak");
}

TEST_CASE("alsos: a rejected record leaves the state unchanged and later records are refused after the end",
          "[alsos]") {
  auto r = run(game_file({base()}, j(R"({"session_end":{"mode":"deals","count":1}})")));
  REQUIRE(r.ok);
  CHECK(r.score["finished"] == true);
  CHECK(r.score["next_dealer"] == "");
  json h2 = base();
  h2["hand"] = 2;
  h2["dealer"] = "B";
  auto e = first_error(game_file({base(), h2}, j(R"({"session_end":{"mode":"deals","count":1}})")));
  CHECK(e.hand == 2);
  CHECK(contains(e.message, "session has ended"));

  json bad = base();
  bad["tricks"] = j(R"({"A":3,"B":3,"C":2})");
  auto fresh = run(game_file({}));
  REQUIRE(fresh.ok);
  marque::Diagnostics d;
  CHECK_FALSE(fresh.state->play_hand(bad, d).has_value());
  CHECK(d.has_errors());
  CHECK(fresh.state->next_dealer() == "A");
  CHECK(fresh.state->standing() == std::vector<marque::Amount>(3, marque::Amount::whole(0)));
}

}  // namespace unit_test_alsos_validation
