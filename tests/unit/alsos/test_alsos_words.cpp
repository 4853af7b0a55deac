// Alsós results in words: one hand of each kind (the spec's worked examples, alsos §8) and the session's outcome.
#include "test_alsos_helpers.hpp"

#include <filesystem>
#include <fstream>
#include <set>

#include "../example_messages.hpp"
#include "core/language.hpp"
#include "rules/engine.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_alsos_words {

using namespace alsos_test;
namespace rules = marque::rules;

namespace {

const rules::GameRules& alsos() { return *rules::find_game("alsos"); }

// The words of the last hand of `hands`.
std::string words_of(const std::vector<json>& hands, const std::vector<std::string>& players = {"A", "B", "C"},
                     const std::string& first_dealer = "A", const json& options = json::object()) {
  auto r = run(game_file(hands, options, players, first_dealer));
  for (const auto& e : r.diags.errors()) UNSCOPED_INFO(e.text());
  REQUIRE(r.ok);
  json entry = json::parse(r.score["hands"].back().dump());
  return alsos().hand_words(hands.back(), entry, players);
}

std::string result_of(const std::vector<json>& hands, const json& options = json::object(),
                      const std::vector<std::string>& players = {"A", "B", "C"}) {
  auto r = run(game_file(hands, options, players));
  REQUIRE(r.ok);
  return alsos().result_words(json::parse(r.score.dump()));
}

const char* k_m1 = R"({"hand":1,"dealer":"A","turn_up_suit":"piros",
 "contract":{"kind":"trump","trump_suit":"piros","declarer":"B"},
 "game_kontra":[{"by":"C","phase":"late"}],
 "figurak":[{"by":"B","name":"kassza","phase":"early","kontra":[]}],
 "tricks":{"A":2,"B":5,"C":2},"card_points":{"A":28,"B":96,"C":20},"last_trick":"B",
 "melds":{"B":{"sequences":20,"sets":0,"bela":true}}})";

}  // namespace

TEST_CASE("alsos words: M1-M3, trump and no-trump games with kontra and figurák", "[alsos][words]") {
  CHECK(words_of({j(k_m1)}) == "B's trump game in piros won 136 to 28; C's kontra lost; B's early kassza made");
  CHECK(words_of({j(R"({"hand":1,"dealer":"B","turn_up_suit":"makk",
     "contract":{"kind":"trump","trump_suit":"zold","declarer":"C"},
     "figurak":[{"by":"A","name":"kassza","phase":"early","kontra":[{"by":"C","phase":"late"}]}],
     "tricks":{"A":2,"B":4,"C":3},"card_points":{"A":30,"B":64,"C":60},"last_trick":"B",
     "melds":{"A":{"sequences":0,"sets":0,"bela":true}}})")},
                 {"A", "B", "C"},
                 "B") == "C's trump game in zöld lost 60 to 64; A's early kassza made, C's kontra lost");
  CHECK(
      words_of({j(R"({"hand":1,"dealer":"C","turn_up_suit":"tok",
     "contract":{"kind":"no_trumps","declarer":"A"},
     "figurak":[{"by":"A","name":"tuli","phase":"early","kontra":[{"by":"B","phase":"early"},{"by":"A","phase":"late"}]},
                {"by":"C","name":"absolut","phase":"late","kontra":[{"by":"A","phase":"late"}]}],
     "tricks":{"A":5,"B":2,"C":2},"card_points":{"A":72,"B":20,"C":24},"last_trick":"A",
     "melds":{"B":{"sequences":0,"sets":80,"bela":false}}})")},
               {"A", "B", "C"}, "C") ==
      "A's no-trump game lost 72 to 100; A's early tuli made, B's kontra lost, A's rekontra won; C's absolút failed, A's kontra won");
}

TEST_CASE("alsos words: M4 betli, M5 kloptzky, M6 four players, M7 gyerünk given up, M8 a tie", "[alsos][words]") {
  CHECK(words_of({j(R"({"hand":1,"dealer":"A","turn_up_suit":"zold","contract":{"kind":"betli","declarer":"C"},
     "game_kontra":[{"by":"A","phase":"late"},{"by":"C","phase":"late"}],"tricks":{"C":0}})")}) ==
        "C's betli made; A's kontra lost, C's rekontra won");
  CHECK(words_of({j(R"({"hand":1,"dealer":"A","contract":{"kind":"betli","declarer":"C"},"tricks":{"C":1}})")}) ==
        "C's betli failed");
  CHECK(
      words_of(
          {j(R"({"hand":1,"dealer":"B","turn_up_suit":"piros","contract":{"kind":"kloptzky"},"tricks":{"A":5,"B":3,"C":1}})")},
          {"A", "B", "C"}, "B") == "kloptzky: A took the most tricks (5), pays 3 to each of the others");
  CHECK(words_of({j(R"({"hand":1,"dealer":"B","contract":{"kind":"kloptzky"},"tricks":{"A":3,"B":3,"C":3}})")},
                 {"A", "B", "C"}, "B") == "kloptzky: all tied on 3 tricks, no payment");
  CHECK(words_of({j(R"({"hand":1,"dealer":"D","contract":{"kind":"kloptzky"},"tricks":{"A":4,"B":4,"C":1}})")},
                 {"A", "B", "C", "D"},
                 "D") == "kloptzky: A and B took the most tricks (4 each), pay 3 to each of the others");
  CHECK(words_of({j(R"({"hand":1,"dealer":"D","turn_up_suit":"makk",
     "contract":{"kind":"trump","trump_suit":"makk","declarer":"A"},
     "figurak":[{"by":"A","name":"ultimo","phase":"early","made":true},{"by":"B","name":"negy_asz","phase":"late","made":false}],
     "tricks":{"A":6,"B":2,"C":1},"card_points":{"A":110,"B":24,"C":8},"last_trick":"A"})")},
                 {"A", "B", "C", "D"},
                 "D") == "A's trump game in makk won 110 to 24; A's early ultimó made; B's négy ász failed");
  CHECK(
      words_of({j(R"({"hand":1,"dealer":"B","turn_up_suit":"piros",
     "contract":{"kind":"trump","trump_suit":"piros","declarer":"C"},
     "game_kontra":[{"by":"A","phase":"late"}],"figurak":[{"by":"C","name":"kassza","phase":"late"}],
     "gyerunk":{"by":"C","level":2,"outcome":"surrendered"}})")},
               {"A", "B", "C"}, "B") ==
      "C's trump game in piros lost; A's kontra won; gyerünk by C, kontra by the defenders, C gave up; C's kassza failed");
  CHECK(
      words_of(
          {j(R"({"hand":1,"dealer":"C","turn_up_suit":"tok","contract":{"kind":"trump","trump_suit":"tok","declarer":"A"},
     "tricks":{"A":3,"B":3,"C":3},"card_points":{"A":50,"B":50,"C":40},"last_trick":"B"})")},
          {"A", "B", "C"}, "C") == "A's trump game in tök lost 50 to 50");
}

TEST_CASE("alsos words: gyerünk accepted, a misdeal, the rádli bonus, kassza doubling the game", "[alsos][words]") {
  json h = j(k_m1);
  h.erase("game_kontra");
  h["gyerunk"] = j(R"({"by":"A","level":2,"outcome":"accepted"})");
  CHECK(words_of({h}) ==
        "B's trump game in piros won 136 to 28; gyerünk by A, kontra by B, accepted (×4); B's early kassza made");
  CHECK(words_of({j(R"({"hand":1,"dealer":"A","contract":{"kind":"misdeal"},"note":"card shown"})")}) ==
        "misdeal (card shown): A deals again");
  CHECK(words_of({j(R"({"hand":1,"dealer":"A","contract":{"kind":"misdeal"}})")}) == "misdeal: A deals again");
  CHECK(words_of({j(k_m1)}, {"A", "B", "C"}, "A",
                 j(R"({"session_end":{"mode":"radli","radli_target":8,"radli_bonus":20}})")) ==
        "B's trump game in piros won 136 to 28; C's kontra lost; B's early kassza made; rádli: B +20 from each");
  CHECK(words_of({j(k_m1)}, {"A", "B", "C"}, "A", j(R"({"kassza_mode":"double_game"})")) ==
        "B's trump game in piros won 136 to 28; C's kontra lost; B's early kassza made");
}

TEST_CASE("alsos words: the session's outcome with its settlement", "[alsos][words]") {
  CHECK(result_of({}) == "no deal played yet");
  json m1 = j(k_m1);
  CHECK(result_of({m1}) == "B leads with +8 after 1 deal, A and C last with -4; to settle now: A pays B 4, C pays B 4");
  json betli = j(R"({"hand":2,"dealer":"B","contract":{"kind":"betli","declarer":"C"},"tricks":{"C":0}})");
  json kl = j(R"({"hand":3,"dealer":"C","contract":{"kind":"kloptzky"},"tricks":{"A":5,"B":3,"C":1}})");
  CHECK(result_of({m1, betli, kl}, j(R"({"session_end":{"mode":"deals","count":3}})")) ==
        "B wins with +9 after 3 deals, A last with -12; settlement: A pays B 9, A pays C 3");
  CHECK(result_of({m1}, j(R"({"session_end":{"mode":"radli","radli_target":8,"radli_bonus":20}})")) ==
        "B wins the rádli with +48 after 1 deal, A and C last with -24; settlement: A pays B 24, C pays B 24");
  json tie = j(R"({"hand":1,"dealer":"A","contract":{"kind":"kloptzky"},"tricks":{"A":3,"B":3,"C":3}})");
  CHECK(result_of({tie}) == "A, B and C share the lead with 0 after 1 deal; nobody owes anything");
}

TEST_CASE("alsos words: every message of the worked examples has a pattern", "[alsos][words]") {
  unit_test_example_messages::check_example_messages("alsos", 20);
}

// The summary line under a hand's totals (spec §7's codes) said from the entry's data: in English exactly the
// "summary" marque-score/1 stores, for every hand of every worked example and the hands of a radli session; in
// another language the words said (the codes kept)
TEST_CASE("alsos words: the hand's summary line from its data, in English as stored", "[alsos][words][language]") {
  namespace fs = std::filesystem;
  std::vector<json> files;
  for (const auto& e : fs::directory_iterator(fs::path(MARQUE_EXAMPLES_DIR) / "alsos")) {
    std::ifstream in(e.path());
    json c = json::parse(in, nullptr, false);
    if (c.is_object() && c.contains("game_file")) files.push_back(c["game_file"]);
  }
  json misdeal = j(R"({"hand":2,"dealer":"B","contract":{"kind":"misdeal"}})");
  json tie = j(R"({"hand":3,"dealer":"B","contract":{"kind":"kloptzky"},"tricks":{"A":3,"B":3,"C":3}})");
  json kl = j(R"({"hand":4,"dealer":"C","contract":{"kind":"kloptzky"},"tricks":{"A":2,"B":4,"C":3}})");
  files.push_back(game_file({j(k_m1), misdeal, tie, kl},
                            j(R"({"session_end":{"mode":"radli","radli_target":40,"radli_bonus":20}})")));
  files.push_back(game_file({j(k_m1)}, j(R"({"session_end":{"mode":"radli","radli_target":8,"radli_bonus":2}})")));
  std::size_t checked = 0;
  std::set<std::string> kinds;
  for (const auto& f : files) {
    auto r = run(f);
    if (!r.ok) continue;
    const json score = json::parse(r.score.dump());
    for (const auto& entry : score["hands"]) {
      INFO(entry.dump());
      REQUIRE(entry.contains("summary"));
      CHECK(alsos().summary_words(entry) == entry["summary"].get<std::string>());
      kinds.insert(entry["breakdown"]["kind"].get<std::string>() +
                   (entry["breakdown"].contains("radli") ? "+radli" : ""));
      ++checked;
    }
  }
  CHECK(checked > 10);
  CHECK(kinds.count("misdeal"));
  CHECK(kinds.count("kloptzky"));
  CHECK(kinds.count("trump+radli"));

  auto r = run(game_file({j(k_m1)}, j(R"({"session_end":{"mode":"radli","radli_target":8,"radli_bonus":2}})")));
  REQUIRE(r.ok);
  const json score = json::parse(r.score.dump());
  CHECK(score["hands"][0]["summary"] == "B P(turn) won: game K(l) 2 D; kassza(e) 2 D; radli: B +2 from each");
  marque::text::UseLanguage hu("hu");
  CHECK(alsos().summary_words(score["hands"][0]) ==
        "B P(felütött) sikerült: játszma K(l) 2 D; kassza(e) 2 D; rádli: B +2 mindenkitől");
}

}  // namespace unit_test_alsos_words
