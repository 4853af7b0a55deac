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
  std::vector<std::string> problems;  // in English (JSON); empty = everything recomputes identically
  std::vector<std::string> said;      // the same problems in the reader's language (the text output)
};
CheckReport check(Session& session);

}  // namespace marque::app
