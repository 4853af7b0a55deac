// The tournament layer's arithmetic (../shared/rules/tournament.md): SplitMix64 and Fisher-Yates exactly as 3.3
// writes them, the table sizes of 3.1 for every count from 3 to 120 and every game, and the rotation's bound for
// 16 tarot players in 4 rounds (3.9: no pair meets twice).
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "core/language.hpp"
#include "core/message.hpp"
#include "rules/engine.hpp"
#include "rules/registry.hpp"
#include "tournament/tournament.hpp"

namespace unit_tournament {

using namespace marque;
using namespace marque::tournament;

rules::TournamentProfile profile(const char* game) {
  return rules::find_game(game)->tournament_profile(nlohmann::json::object());
}

TEST_CASE("SplitMix64 gives the spec's first outputs", "[tournament]") {
  SplitMix64 g(1234567);
  CHECK(g.next() == 6457827717110365317ULL);
  CHECK(g.next() == 3203168211198807973ULL);
  CHECK(g.next() == 9817491932198370423ULL);
  SplitMix64 d0(2026);  // the case D0's note
  CHECK(d0.next() == 15824617304438902051ULL);
  CHECK(d0.next() == 8699989649721214301ULL);
  CHECK(d0.next() == 12310341597754734734ULL);
  CHECK(d0.next() == 7097835237234771186ULL);
  // round r's generator starts at seed + r * 2^32
  SplitMix64 r2 = round_generator(7, 2), same((uint64_t{2} << 32) + 7);
  CHECK(r2.next() == same.next());
}

TEST_CASE("Fisher-Yates from the end gives D0's lot order", "[tournament]") {
  std::vector<std::string> lot = {"Ann", "Ben", "Cat", "Dan", "Eve"};
  SplitMix64 g(2026);
  shuffle(lot, g);
  CHECK(lot == std::vector<std::string>{"Dan", "Ann", "Cat", "Eve", "Ben"});
  std::vector<int> one = {1};
  shuffle(one, g);  // nothing to swap, nothing drawn
  CHECK(one == std::vector<int>{1});
}

TEST_CASE("table sizes of 3.1 for 3 to 120 entrants", "[tournament]") {
  // tarot, fours: the spec's table for 8..60 (fives, fours), and 11 = 4+4+3
  const auto tarot = profile("tarot");
  for (int n = 8; n <= 60; ++n) {
    const Sizes s = table_sizes(tarot, n);
    REQUIRE(s.ok);
    const int fives = static_cast<int>(std::count(s.tables.begin(), s.tables.end(), 5));
    const int fours = static_cast<int>(std::count(s.tables.begin(), s.tables.end(), 4));
    if (n == 11) {
      CHECK(s.tables == std::vector<int>{4, 4, 3});
      continue;
    }
    CHECK(fives == n % 4);
    CHECK(fours == (n - 5 * (n % 4)) / 4);
  }
  CHECK(table_sizes(tarot, 3).tables == std::vector<int>{3});
  CHECK(table_sizes(tarot, 6).tables == std::vector<int>{3, 3});
  CHECK(table_sizes(tarot, 7).tables == std::vector<int>{4, 3});
  CHECK(!table_sizes(tarot, 2).ok);
  CHECK(table_sizes(tarot, 20, "fives").tables == std::vector<int>{5, 5, 5, 5});
  CHECK(table_sizes(tarot, 9, "fives").tables == std::vector<int>{5, 4});
  const auto prefa = profile("prefa"), alsos = profile("alsos");
  CHECK(table_sizes(prefa, 7).tables == std::vector<int>{4, 3});
  CHECK(table_sizes(prefa, 14).tables == std::vector<int>{4, 4, 3, 3});
  CHECK(table_sizes(prefa, 20).tables == std::vector<int>{4, 4, 3, 3, 3, 3});
  CHECK(table_sizes(prefa, 5).tables == std::vector<int>{4});
  CHECK(table_sizes(prefa, 5).sit_out == 1);
  CHECK(table_sizes(alsos, 5).tables == std::vector<int>{3, 2});
  CHECK(table_sizes(alsos, 2).tables == std::vector<int>{2});
  CHECK(table_sizes(alsos, 14).tables == std::vector<int>{4, 4, 3, 3});
  for (const char* game : {"tarot", "prefa", "alsos", "coinche", "piquet"}) {
    const auto p = profile(game);
    for (int n = 3; n <= 120; ++n) {
      INFO(game << " " << n);
      const Sizes s = table_sizes(p, n);
      REQUIRE(s.ok);
      int seated = 0;
      for (size_t i = 0; i < s.tables.size(); ++i) {
        seated += s.tables[i];
        CHECK(s.tables[i] >= p.min_table);
        CHECK(s.tables[i] <= p.max_table);
        if (i > 0) CHECK(s.tables[i] <= s.tables[i - 1]);  // numbered by decreasing size
      }
      CHECK(seated + s.sit_out == n);
      if (p.two_sided) {
        CHECK(s.tables.size() == static_cast<size_t>(n / 2));
        CHECK(s.sit_out == n % 2);
      } else if (p.preferred == 3) {  // prefa and alsos: N mod 3 tables of 4
        if (n != 5) CHECK(std::count(s.tables.begin(), s.tables.end(), 4) == n % 3);
      } else {
        CHECK(std::count(s.tables.begin(), s.tables.end(), 5) <= 3);
        CHECK((std::count(s.tables.begin(), s.tables.end(), 3) == 0) == (n != 3 && n != 6 && n != 7 && n != 11));
      }
    }
  }
}

TEST_CASE("rotation: 16 tarot players in 4 rounds, no pair meets twice", "[tournament]") {
  nlohmann::json doc = {{"format", "marque-tournament-case/1"},
                        {"kind", "draw"},
                        {"event",
                         {{"game", "tarot"}, {"rounds", 4}, {"draw", {{"method", "rotation"}, {"seed", "20261126"}}}}},
                        {"entrants", nlohmann::json::array()},
                        {"history", nlohmann::json::array()},
                        {"draw_rounds", {1, 2, 3, 4}}};
  for (int i = 1; i <= 16; ++i) doc["entrants"].push_back({{"id", "P" + std::to_string(i)}});
  const auto out = calc(doc);
  REQUIRE(out["rounds_played"].size() == 4);
  std::set<std::pair<std::string, std::string>> met;
  int repeats = 0;
  for (const auto& r : out["rounds_played"]) {
    REQUIRE(r["tables"].size() == 4);
    for (const auto& t : r["tables"]) {
      const auto seats = t["seats"].get<std::vector<std::string>>();
      REQUIRE(seats.size() == 4);
      for (size_t a = 0; a < seats.size(); ++a)
        for (size_t b = a + 1; b < seats.size(); ++b)
          if (!met.insert(std::minmax(seats[a], seats[b])).second) ++repeats;
    }
    CHECK(r["repeat_pairs"] == 0);
  }
  CHECK(repeats == 0);
  CHECK(calc(doc) == out);  // the same inputs, the same draw
}

TEST_CASE("league points: (M - rank) / (M - 1), 1 alone", "[tournament]") {
  CHECK(league_points(1, 9) == 1);
  CHECK(league_points(9, 9) == 0);
  CHECK(league_points(2, 5) == Amount::ratio(3, 4));
  CHECK(league_points(1, 1) == 1);
}

TEST_CASE("a withdrawn entrant is not absent in the rounds after its withdrawal (2.3, 2.4)", "[tournament]") {
  // 9 tarot players, Ida withdraws after round 1; Jon arrives for round 2 (late: absent in round 1)
  nlohmann::json doc = nlohmann::json::parse(R"({"format": "marque-tournament-case/1", "id": "w", "kind": "draw",
    "event": {"game": "tarot", "rounds": 2, "draw": {"method": "rotation", "seed": "7"}},
    "entrants": [{"id": "Ann"}, {"id": "Ben"}, {"id": "Cat"}, {"id": "Dan"}, {"id": "Eve"}, {"id": "Fay"},
                 {"id": "Gus"}, {"id": "Hal"}, {"id": "Ida", "withdrawn_after": 1}, {"id": "Jon", "arrived_round": 2}],
    "history": [{"round": 1, "tables": [["Ann", "Ben", "Cat", "Dan", "Eve"], ["Fay", "Gus", "Hal", "Ida"]]}],
    "draw_rounds": [2]})");
  const auto out = calc(doc);
  REQUIRE(out["rounds_played"].size() == 2);
  CHECK(out["rounds_played"][0]["absent"] == nlohmann::ordered_json::array({"Jon"}));
  CHECK(out["rounds_played"][1]["absent"].empty());
  for (const auto& t : out["rounds_played"][1]["tables"])
    for (const auto& s : t["seats"]) CHECK(s != "Ida");
}

TEST_CASE("the tournament's refusals are said in fr, hu and el, and English as before", "[tournament][language]") {
  const text::Catalogue& english = catalogue();
  REQUIRE(english.patterns.size() >= 29);
  for (const char* lang : {"fr", "hu", "el"}) {
    const text::Catalogue& local = text::localized(english, lang);
    INFO(lang << " (the catalogues: " << text::locale_dir() << ")");
    // every refusal translated (the games' list it says comes from default_catalogue(), its fallback)
    CHECK(std::count_if(local.patterns.begin(), local.patterns.end(), [](const auto& p) {
            return p.first.rfind("tournament.", 0) == 0;
          }) == static_cast<std::ptrdiff_t>(english.patterns.size()));
    for (const auto& [id, pattern] : local.patterns) {
      INFO(id << ": " << pattern);
      CHECK(text::pattern_problem(pattern, lang).empty());
    }
  }
  nlohmann::json doc = nlohmann::json::parse(R"({"format": "marque-tournament-case/1", "id": "w", "kind": "draw",
    "event": {"game": "tarot", "rounds": 2, "draw": {"method": "rotation", "seed": "7"}},
    "entrants": [{"id": "Ann"}, {"id": "Ben"}, {"id": "Cat"}, {"id": "Dan"}, {"id": "Eve"}, {"id": "Fay"},
                 {"id": "Gus"}, {"id": "Hal"}],
    "history": [{"round": 1, "tables": [["Ann", "Ben", "Cat", "Dan"], ["Eve", "Fay", "Gus", "Hal"]]}]})");
  Diagnostics read;
  std::vector<int> rounds;
  Event e = read_event(doc, read, &rounds);
  REQUIRE_FALSE(read.has_errors());
  Diagnostics d;
  draw_round(e, 5, d);
  REQUIRE(d.has_errors());
  const Diagnostic refusal = d.errors().front();
  CHECK(refusal.message == "round 5 cannot be drawn now (1 of 2 drawn)");
  CHECK(refusal.said() == refusal.message);
  text::UseLanguage fr("fr");
  CHECK(refusal.said() == "la ronde 5 ne peut pas être tirée maintenant (1 sur 2 tirées)");
  text::UseLanguage hu("hu");
  CHECK(refusal.said() == "a forduló (5) most nem sorsolható (1/2 sorsolva)");
}

}  // namespace unit_tournament
