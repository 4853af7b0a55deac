// marque_sixth: the marque program with the tests' sixth game ("race", race_game.cpp) in its registry, so that
// golden/sixth-game/race.test takes a game no source file of marque names through the command line.
#include "support/race_game.hpp"

namespace {

[[maybe_unused]] const bool registered = (marque::test::race(), true);

}  // namespace
