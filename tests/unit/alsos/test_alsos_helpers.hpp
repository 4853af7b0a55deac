// Helpers for the Alsós unit tests: build game files, replay them, read deltas and first errors.
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "rules/engine.hpp"
#include "support/game_test.hpp"

namespace alsos_test {

using marque::rules::json;
using marque::rules::ojson;
using marque::test::contains;
using marque::test::first_error;
using marque::test::has_warning;
using marque::test::j;

inline json game_file(const std::vector<json>& hands, const json& options = json::object(),
                      const std::vector<std::string>& players = {"A", "B", "C"},
                      const std::string& first_dealer = "A") {
  json setup = {{"players", players}, {"first_dealer", first_dealer}, {"options", options}};
  return marque::test::game_file("alsos", setup, json(hands));
}

// A played-out trump game of 3 players A, B, C dealt by `dealer` (turn-up = trump suit piros unless changed).
inline json trump_hand(const std::string& declarer, const json& tricks, const json& points, const std::string& last,
                       const std::string& dealer = "A") {
  return {{"hand", 1},
          {"dealer", dealer},
          {"turn_up_suit", "piros"},
          {"contract", {{"kind", "trump"}, {"trump_suit", "piros"}, {"declarer", declarer}}},
          {"tricks", tricks},
          {"card_points", points},
          {"last_trick", last}};
}

inline marque::rules::Replay run(const json& file) { return marque::rules::replay(file); }

inline json deltas(const marque::rules::Replay& r, std::size_t seq = 1) {
  REQUIRE(r.ok);
  return json::parse(r.score["hands"][seq - 1]["deltas"].dump());
}

inline json deltas_of(const json& hand, const json& options = json::object()) {
  auto r = run(game_file({hand}, options));
  if (!r.ok) {
    for (const auto& e : r.diags.errors()) UNSCOPED_INFO(e.text());
  }
  return deltas(r);
}

inline marque::Diagnostic error_of(const json& hand, const json& options = json::object()) {
  return first_error(game_file({hand}, options));
}

}  // namespace alsos_test
