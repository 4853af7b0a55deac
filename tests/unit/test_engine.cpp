#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "core/amount.hpp"
#include "reports/standings.hpp"
#include "reports/text_table.hpp"
#include "rules/engine.hpp"
#include "support/game_test.hpp"

// one namespace per test file: the files are compiled together in a few unity units (tests/CMakeLists.txt)
namespace unit_test_engine {

using namespace marque;
using namespace marque::rules;

TEST_CASE("engine: every integer option has a range, and a number outside it is refused by name", "[engine][options]") {
  for (const GameRules* g : all_games())
    for (const OptionSpec& o : g->options()) {
      if (o.type != "int" || !o.values.empty()) continue;
      INFO(g->id() << " option " << o.id);
      CHECK(o.min > std::numeric_limits<long long>::min());
      CHECK(o.max < std::numeric_limits<long long>::max());
      CHECK(o.max <= 1000000);  // every score far from int64 overflow
      for (const json& v : {json(o.max + 1), json(o.min - 1), json(static_cast<double>(o.max) + 1),
                            json(9223372036854775807LL), json(18446744073709551615ULL), json(4503599627370496.0)}) {
        Diagnostics d;
        resolve_options(json{{o.id, v}}, g->options(), d);
        REQUIRE(d.has_errors());
        CHECK(d.errors().front().field == "options." + o.id);
        CHECK(d.errors().front().message.find("from " + std::to_string(o.min) + " to " + std::to_string(o.max)) !=
              std::string::npos);
      }
      Diagnostics ok;
      resolve_options(json{{o.id, o.max}}, g->options(), ok);
      CHECK_FALSE(ok.has_errors());
    }
}

TEST_CASE("engine: typed_value parses numbers, booleans and strings", "[engine]") {
  CHECK(typed_value("47.5") == json(47.5));
  CHECK(typed_value("3") == json(3));
  CHECK(typed_value("-2") == json(-2));
  CHECK(typed_value("true") == json(true));
  CHECK(typed_value("null").is_null());
  CHECK(typed_value("Ben") == json("Ben"));
  CHECK(typed_value("inf") == json("inf"));
  CHECK(typed_value("7H") == json("7H"));
}

TEST_CASE("engine: split_list trims and drops empties", "[engine]") {
  CHECK(split_list(" Ann, Ben ,,Cat ") == std::vector<std::string>{"Ann", "Ben", "Cat"});
  // keep_empty: the places of a NAME:NUMBER:... item stay where they are (Alsós, Piquet)
  CHECK(split_list(" Ann: 7 ::x ", ':', true) == std::vector<std::string>{"Ann", "7", "", "x"});
  CHECK(split_list("", ':', true) == std::vector<std::string>{""});
  CHECK(split_list("a:", ':', true) == std::vector<std::string>{"a", ""});
}

TEST_CASE("engine: resolve_options fills defaults and names unknown ids and values", "[engine]") {
  std::vector<OptionSpec> table = {
      {"ladder", "enum", {"standard", "petite_pousse"}, "standard", "bid ladder"},
      {"value", "int", {}, 10, "a value"},
  };
  Diagnostics d;
  json r = resolve_options(json{{"value", 20}}, table, d);
  CHECK_FALSE(d.has_errors());
  CHECK(r["ladder"] == "standard");
  CHECK(r["value"] == 20);

  Diagnostics d2;
  resolve_options(json{{"ladr", "x"}}, table, d2);
  REQUIRE(d2.has_errors());
  CHECK(d2.items()[0].field == "options.ladr");
  CHECK(d2.items()[0].message.find("ladder, value") != std::string::npos);

  Diagnostics d3;
  resolve_options(json{{"ladder", "weird"}}, table, d3);
  REQUIRE(d3.has_errors());
  CHECK(d3.items()[0].message.find("standard, petite_pousse") != std::string::npos);
}

TEST_CASE("engine: replay refuses wrong envelopes with a clear message", "[engine]") {
  auto first = [](const json& f) {
    Replay r = replay(f);
    REQUIRE_FALSE(r.ok);
    return r.diags.errors().front();
  };
  CHECK(first(json::array()).code == "file.not_object");
  CHECK(first(json{{"format", "marque-game/2"}, {"game", "tarot"}}).code == "file.format_version");
  CHECK(first(json{{"format", "marque-game/1"}, {"game", "bridge"}, {"setup", json::object()}}).field == "game");
  CHECK(first(json{{"format", "marque-game/1"}, {"game", "tarot"}}).field == "setup");
}

TEST_CASE("engine: every game is registered once", "[engine]") {
  // the built-in five first (a test may register a sixth after them), each id once
  REQUIRE(all_games().size() >= 5);
  const char* const builtin[] = {"tarot", "coinche", "prefa", "piquet", "alsos"};
  for (size_t i = 0; i < 5; ++i) CHECK(all_games()[i]->id() == builtin[i]);
  std::set<std::string_view> ids;
  for (const auto* g : all_games()) CHECK(ids.insert(g->id()).second);
  CHECK(find_game("bridge") == nullptr);
}

TEST_CASE("reports: numbers print without spurious decimals and keep their zeros", "[reports]") {
  using marque::reports::format_number;
  using marque::reports::format_signed;
  CHECK(format_number(1500.0) == "1500");
  CHECK(format_number(1510.4, 0) == "1510");
  CHECK(format_number(-3.5) == "-3.5");
  CHECK(format_number(1.0 / 3.0) == "0.33");
  CHECK(format_signed(12) == "+12");
  CHECK(format_signed(0) == "0");
  CHECK(marque::reports::display_width("Gergő") == 5);
  CHECK(marque::reports::display_width("日本") == 4);
  // written with std::to_chars: what "%.*f" wrote, trailing zeros dropped, for any double (ties, halves, huge)
  auto printf_way = [](double v, int decimals) {
    double r = std::round(v);
    char buf[64];
    if (std::fabs(v - r) < 1e-9 && std::fabs(r) < 9.2e18) {
      std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(r));
      return std::string(buf);
    }
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    std::string s = buf;
    if (s.find('.') != std::string::npos) {
      while (!s.empty() && s.back() == '0') s.pop_back();
      if (!s.empty() && s.back() == '.') s.pop_back();
    }
    return s == "-0" ? std::string("0") : s;
  };
  std::mt19937_64 random(35);
  std::vector<double> values = {0.125,
                                -0.125,
                                0.375,
                                2.5,
                                0.005,
                                1.005,
                                -0.0049999,
                                1e300,
                                -1e300,
                                1e-300,
                                123456.785,
                                std::nan(""),
                                std::numeric_limits<double>::infinity()};
  for (int i = 0; i < 20000; ++i) {
    values.push_back(static_cast<double>(static_cast<int64_t>(random() % 2000001) - 1000000) / 1000.0);
    values.push_back(std::ldexp(static_cast<double>(random() >> 11), static_cast<int>(random() % 120) - 80) *
                     (random() % 2 ? 1 : -1));
  }
  for (double v : values)
    for (int decimals : {0, 1, 2, 3}) {
      INFO(v << " " << decimals);
      CHECK(format_number(v, decimals) == printf_way(v, decimals));
    }
}

TEST_CASE("standings: tables of 3, 4 and 5 players weigh the same through the placing score", "[standings]") {
  struct GameSummary {
    int64_t id;
    std::vector<std::string> players;
    nlohmann::json summary;
  };
  auto game = [](int64_t id, std::vector<std::string> players, std::vector<double> totals) {
    nlohmann::json t = nlohmann::json::object();
    for (size_t i = 0; i < players.size(); ++i) t[players[i]] = totals[i];
    return GameSummary{id, players, {{"totals", t}, {"hand_count", 10}, {"result", nlohmann::json::object()}}};
  };
  // Ann wins a 3-player table by a little; Ben wins a 5-player table by a lot: both get 1 league point
  std::vector<GameSummary> games = {game(1, {"Ann", "Cat", "Dan"}, {10, 0, -10}),
                                    game(2, {"Ben", "Eve", "Fay", "Gus", "Hal"}, {900, 100, -200, -300, -500})};
  // the seats as the game's own rules reduce its summary (what marque stores in columns)
  auto standings = [](const std::vector<GameSummary>& gs) {
    std::vector<marque::reports::GameStanding> out;
    for (const auto& g : gs) {
      marque::reports::GameStanding st{g.id, "tarot", "", "", 10, {}};
      auto seats = marque::rules::tarot_rules().seats(g.summary, g.players);
      for (size_t i = 0; i < seats.size(); ++i)
        st.seats.push_back({g.players[i], seats[i].place, seats[i].points, seats[i].team_result});
      out.push_back(std::move(st));
    }
    return out;
  };
  const marque::reports::StandingsExtras extras = {
      {"tarot", marque::rules::tarot_rules().league_profile().standings_extras}};
  auto doc = marque::reports::build_standings(standings(games), {}, "test", "2026-01-01T00:00:00Z", extras);
  std::map<std::string, double> lp;
  for (const auto& e : doc["standings"]) lp[e["player"].get<std::string>()] = e["league_points"].get<double>();
  CHECK(lp["Ann"] == Approx(1.0));
  CHECK(lp["Ben"] == Approx(1.0));
  CHECK(lp["Cat"] == Approx(0.5));  // middle of 3
  CHECK(lp["Fay"] == Approx(0.5));  // middle of 5
  CHECK(lp["Dan"] == Approx(0.0));
  CHECK(lp["Hal"] == Approx(0.0));
  // ties share the average of the places they span, ranks are shared, order is deterministic (name)
  CHECK(doc["standings"][0]["rank"] == 1);
  CHECK(doc["standings"][1]["rank"] == 1);
  CHECK(doc["standings"][0]["player"] == "Ann");
  // per-hand averages by table size are reported apart
  CHECK(doc["standings"][1]["by_game"]["tarot"]["by_table_size"].contains("5"));
  auto tie = marque::reports::build_standings(standings({game(3, {"Ann", "Ben", "Cat", "Dan"}, {5, 5, -5, -5})}), {},
                                              "t", "x");
  CHECK(tie["standings"][0]["league_points"].get<double>() ==
        Approx((1.0 + 2.0 / 3.0) / 2).margin(0.01));  // 2 decimals
}

TEST_CASE("engine: extend plays one more record exactly as a replay of the longer file", "[engine]") {
  for (const char* game : {"tarot", "coinche", "prefa", "piquet", "alsos"}) {
    json file = marque::test::example(game);
    REQUIRE(file["hands"].size() >= 2);
    Replay whole = replay(file);
    REQUIRE(whole.ok);
    for (size_t cut : {size_t{0}, file["hands"].size() - 1}) {
      json prefix = file;
      prefix["hands"] = json(std::vector<json>(file["hands"].begin(), file["hands"].begin() + static_cast<long>(cut)));
      Replay r = replay(prefix);
      REQUIRE(r.ok);
      for (size_t i = cut; i < file["hands"].size(); ++i) extend(r, file["hands"][i]);
      INFO(game << " from hand " << cut);
      REQUIRE(r.ok);
      CHECK(r.score.dump() == whole.score.dump());
    }
    // a record with errors: not ok, no state, the diagnostic names the hand
    Replay bad = replay(file);
    extend(bad, json::array());
    CHECK_FALSE(bad.ok);
    CHECK_FALSE(bad.state);
    CHECK(bad.diags.has_errors());
  }
}

namespace {

// Every case file of the examples whose game replays: its file name, its game file and the replay.
template <class Visit>
void for_each_example_game(Visit visit) {
  namespace fs = std::filesystem;
  for (const auto& dir : fs::directory_iterator(MARQUE_EXAMPLES_DIR)) {
    if (!dir.is_directory()) continue;
    for (const auto& e : fs::directory_iterator(dir.path())) {
      if (e.path().extension() != ".json") continue;
      std::ifstream in(e.path());
      json c = json::parse(in, nullptr, false);
      if (!c.is_object() || !c.contains("game_file")) continue;
      const json& f = c["game_file"];
      Replay r = replay(f);
      if (r.ok) visit(e.path().string(), f, r);
    }
  }
}

}  // namespace

// issue 15: a rename touches only the fields that hold names. Every worked example that replays, with every
// player renamed through the game's name paths, replays to the same numbers under the new names.
TEST_CASE("engine: renaming every player of every example keeps its scores", "[engine][rename]") {
  int games = 0;
  for_each_example_game([&](const std::string& path, json f, const Replay& before) {
    const GameRules& rules = *find_game(f["game"].get<std::string>());
    auto players = before.state->players();
    std::map<std::string, std::string> to;
    for (const auto& p : players) to[p] = "Zed " + p;
    for (const auto& [from, name] : to) {
      f["setup"] = rename_player(rules, f["setup"], false, from, name);
      for (auto& h : f["hands"]) h = rename_player(rules, h, true, from, name);
    }
    Replay after = replay(f);
    INFO(path);
    REQUIRE(after.ok);
    REQUIRE(after.state->players().size() == players.size());
    for (size_t i = 0; i < players.size(); ++i) CHECK(after.state->players()[i] == to[players[i]]);
    REQUIRE(after.score["hands"].size() == before.score["hands"].size());
    for (size_t i = 0; i < before.score["hands"].size(); ++i)
      for (const auto& p : players)
        CHECK(after.score["hands"][i]["deltas"][to[p]] == before.score["hands"][i]["deltas"][p]);
    ++games;
  });
  CHECK(games > 80);
}

namespace {
// The score document without its hands (what follows them: totals, result, next dealer ...).
ojson tail_of(const ojson& score) {
  ojson t = score;
  t.erase("hands");
  return t;
}

// `file` cut after every record: the game resumed from the state saved there plays the records after the cut
// exactly as the replay of the whole file does (each entry, the tail, the counts, the state saved at the end).
void check_resumes(const std::string& name, const json& file) {
  const Replay whole = replay(file);
  REQUIRE(whole.ok);
  const std::optional<json> end_state = saved_state(whole);
  REQUIRE(end_state);
  json bare = file;
  bare["hands"] = json::array();
  const size_t n = file["hands"].size();
  for (size_t cut = 0; cut <= n; ++cut) {
    INFO(name << " resumed after record " << cut);
    json prefix = file;
    prefix["hands"] = json(std::vector<json>(file["hands"].begin(), file["hands"].begin() + static_cast<long>(cut)));
    const Replay before = replay(prefix);
    REQUIRE(before.ok);
    const std::optional<json> state = saved_state(before);
    REQUIRE(state);
    Replay r = resume(bare, *state, cut);
    REQUIRE(r.ok);
    CHECK(saved_state(r) == state);  // what it saved, it takes back whole
    CHECK(tail_of(r.score) == tail_of(before.score));
    CHECK(r.hands_played == before.hands_played);
    CHECK(r.deals_played == before.deals_played);
    CHECK(r.state->next_dealer() == before.state->next_dealer());
    CHECK(r.state->sitting_out() == before.state->sitting_out());
    for (size_t i = cut; i < n; ++i) {
      extend(r, file["hands"][i]);
      REQUIRE(r.ok);
      CHECK(r.score["hands"].back() == whole.score["hands"][i]);
    }
    CHECK(tail_of(r.score) == tail_of(whole.score));
    CHECK(r.deals_played == whole.deals_played);
    CHECK(saved_state(r) == end_state);
  }
}
}  // namespace

// issue 35: a hand added to the end of a stored game resumes the game from its stored running state
TEST_CASE("engine: a game resumed from the state saved after any record plays on as the whole replay",
          "[engine][state]") {
  for (const char* game : {"tarot", "coinche", "prefa", "piquet", "alsos"})
    check_resumes(game, marque::test::example(game));
  int games = 0;
  for_each_example_game([&](const std::string& path, const json& f, const Replay&) {
    check_resumes(path, f);
    ++games;
  });
  CHECK(games > 80);
}

TEST_CASE("engine: a saved state that does not fit is not resumed (the caller replays)", "[engine][state]") {
  const json file = marque::test::example("tarot");
  const Replay whole = replay(file);
  const json state = *saved_state(whole);
  json bare = file;
  bare["hands"] = json::array();
  const size_t n = file["hands"].size();
  CHECK(resume(bare, state, n).ok);
  CHECK_FALSE(resume(bare, state, n + 1).ok);  // another count of records: a hand added without it
  json other = state;
  other["rules_version"] = other["rules_version"].get<int>() + 1;
  CHECK_FALSE(resume(bare, other, n).ok);  // another rules version
  for (const json& game : {json(nullptr), json::array(), json{{"dealer", "Ann"}}, json::object()}) {
    json bad = state;
    bad["game"] = game;
    CHECK_FALSE(resume(bare, bad, n).ok);  // a shape the game does not take: no throw
  }
  json seats = state;
  seats["game"]["totals"].push_back(0);
  CHECK_FALSE(resume(bare, seats, n).ok);  // a fifth total at a table of four
  CHECK_FALSE(resume(bare, json("{}"), n).ok);
  CHECK_FALSE(resume(file, state, n).ok);  // the file's own hands are not what the state played
}

TEST_CASE("engine: the deals played a replay counts are those the statistics count, in every example",
          "[engine][league]") {
  int games = 0, unplayed = 0;
  for_each_example_game([&](const std::string& path, const json& f, const Replay& r) {
    const GameRules& rules = *find_game(f["game"].get<std::string>());
    size_t played = 0;
    for (size_t i = 0; i < r.score["hands"].size(); ++i)
      played += rules.hand_facts(f["hands"][i], json(r.score["hands"][i]), r.state->players()).played ? 1 : 0;
    INFO(path);
    CHECK(r.deals_played == played);
    unplayed += static_cast<int>(r.hands_played - played);
    ++games;
  });
  CHECK(games > 80);
  CHECK(unplayed > 0);  // deals not played are among the examples
}

TEST_CASE("amounts: a third computed as a double is exactly four twelfths; sums stay exact", "[amount]") {
  using marque::Amount;
  auto third = marque::amount_of(nlohmann::json(1.0 / 3), 12);
  REQUIRE(third);
  CHECK(third->units == 4);
  CHECK(marque::amount_of(nlohmann::json(-35.0 / 3), 12)->units == -140);
  CHECK_FALSE(marque::amount_of(nlohmann::json(0.1), 12));  // not a whole number of twelfths
  CHECK_FALSE(marque::amount_of(nlohmann::json(2.5), 1));
  CHECK_FALSE(marque::amount_of(nlohmann::json(1e300), 12));
  Amount sum = *third;
  sum += *third;
  sum += *third;
  CHECK(sum == Amount{1, 1});  // three thirds are exactly one
  sum += Amount{1, 4};         // a quarter: common denominator
  CHECK(sum == Amount{5, 4});
  CHECK(sum.value() == 1.25);
}

}  // namespace unit_test_engine
