// The one instantiation of nlohmann/json's lexer, parser and serializer (core/json.hpp says why).
#include "core/json.hpp"

#define MARQUE_JSON_HERE
MARQUE_JSON_INSTANCES(MARQUE_JSON_HERE)
