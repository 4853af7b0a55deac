// The five games' rule objects, each defined in its own folder (src/rules/<game>/).
#pragma once

namespace marque::rules {
class GameRules;
const GameRules& tarot_rules();
const GameRules& coinche_rules();
const GameRules& prefa_rules();
const GameRules& piquet_rules();
const GameRules& alsos_rules();
}  // namespace marque::rules
