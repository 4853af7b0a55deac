// Nights: an evening of several tables (games), with its date, venue and league.
#include "app/internal.hpp"

namespace marque::app {

int64_t start_night(Store& store, const std::string& date, const std::string& venue, const std::string& league,
                    const std::string& note) {
  Store::Transaction tx(store);
  int64_t id = store.create_night(date, venue, league, note);
  tx.commit();
  return id;
}

std::optional<Night> night(Store& store, int64_t id) { return store.night(id); }

std::vector<Night> nights(Store& store) { return store.nights(); }

}  // namespace marque::app
