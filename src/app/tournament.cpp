// Tournament use cases: the stateless calc today (src/tournament does the work).
#include "app/tournament.hpp"

#include "tournament/tournament.hpp"

namespace marque::app {

nlohmann::ordered_json tournament_calc(const nlohmann::json& doc) { return tournament::calc(doc); }

}  // namespace marque::app
