// Nights: an evening of several tables (games), with its date, venue and league.
#include "app/internal.hpp"

namespace marque::app {

int64_t start_night(Session& session, const std::string& date, const std::string& venue, const std::string& league,
                    const std::string& note) {
  Store& store = store_of(session);
  Store::Transaction tx(store);
  int64_t id = store.create_night(date, venue, league, note);
  tx.commit();
  return id;
}

std::optional<Night> night(Session& session, int64_t id) {
  auto n = store_of(session).night(id);
  return n ? std::optional<Night>(info_of(*n)) : std::nullopt;
}

std::vector<Night> nights(Session& session) { return infos_of(store_of(session).nights()); }

}  // namespace marque::app
