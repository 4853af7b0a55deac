// `marque check` (check.cpp): every stored game recomputed and compared with what is stored.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/session.hpp"

namespace marque::app {

struct CheckReport {
  int64_t games = 0;
  int64_t hands = 0;
  std::vector<std::string> problems;  // empty = everything recomputes identically
};
CheckReport check(Session& session);

}  // namespace marque::app
