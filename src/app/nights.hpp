// Nights (nights.cpp): an evening grouping several games.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/session.hpp"

namespace marque::app {

struct Night {
  int64_t id = 0;
  std::string date;
  std::string venue;
  std::string league;
  std::string note;
  std::vector<int64_t> games;
};

// Start one (one transaction), one night (nullopt when unknown), all of them.
int64_t start_night(Session& session, const std::string& date, const std::string& venue, const std::string& league,
                    const std::string& note);
std::optional<Night> night(Session& session, int64_t id);
std::vector<Night> nights(Session& session);

}  // namespace marque::app
