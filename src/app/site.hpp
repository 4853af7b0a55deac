// The club's website as data (site.cpp).
#pragma once

#include <string>

#include "app/session.hpp"

namespace marque::reports::site {
struct Site;  // reports/site.hpp
}

namespace marque::app {

// The club's website as data (reports/site.hpp) for `league` ("" = every league): the standings of all time and
// of each of the league's seasons, the games (not deleted) with their sheets, the nights, each player's statistics
// and rating history; one read snapshot. reports::site::render makes the pages.
reports::site::Site site(Session& session, const std::string& league, const std::string& generated_at,
                         const std::string& generator);

}  // namespace marque::app
