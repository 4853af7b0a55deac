// A sixth game that only the tests know: "race" (each hand one player wins some points; the first to reach the
// target, default 10, wins). Registered in the registry by race(), never named by any other file: the unit test
// (unit/test_sixth_game.cpp) runs it through every layer, the program marque_sixth (marque with this game added,
// race_cli.cpp) through the command line (golden/sixth-game/race.test).
#pragma once

// declarations only: marque_sixth's one file (race_cli.cpp) includes this header alone, and the rules' headers cost
// it about 3 s of compile time (docs/measurements.md, session 15)
#include <nlohmann/json_fwd.hpp>

namespace marque::rules {
class GameRules;
}  // namespace marque::rules

namespace marque::test {

// The race's rules, registered on the first call.
const rules::GameRules& race();

// A race of Ann, Ben and Cat that Ben wins with 10 in three hands.
nlohmann::json race_file();

}  // namespace marque::test
