// The one instantiation of nlohmann/json's lexer, parser and serializer (core/json.hpp says why).
#include "core/json.hpp"

MARQUE_JSON_INSTANCES()
