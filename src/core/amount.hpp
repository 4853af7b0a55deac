// Exact amounts. A score is a whole number of 1/per units: tarot, coinche, piquet and Alsós count whole points
// (per = 1), Prefa thirds and quarters of a point (per = 12, GameRules::amount_denominator). marque stores and
// compares amounts as these integers, so a third stays a third from the rules to the database and `check`
// compares exactly; the JSON formats keep printing numbers (value()).
#pragma once

#include <cmath>
#include <cstdint>
#include <numeric>
#include <optional>

namespace marque {

struct Amount {
  int64_t units = 0;
  int64_t per = 1;  // > 0

  // The amount a JSON number stands for in units of 1/per, when it is one (a third computed as 1.0 / 3 is
  // exactly 4/12); nullopt when v is not a whole number of units (or out of range).
  static std::optional<Amount> of(double v, int64_t per) {
    if (per <= 0 || !std::isfinite(v)) return std::nullopt;
    const double scaled = v * static_cast<double>(per);
    if (std::fabs(scaled) > 9e15) return std::nullopt;
    const double whole = std::round(scaled);
    if (std::fabs(scaled - whole) > 1e-6) return std::nullopt;
    return Amount{static_cast<int64_t>(whole), per};
  }
  double value() const { return static_cast<double>(units) / static_cast<double>(per); }

  friend bool operator==(const Amount& a, const Amount& b) {
    __extension__ using wide = __int128;  // a.units * b.per cannot overflow
    return static_cast<wide>(a.units) * b.per == static_cast<wide>(b.units) * a.per;
  }
  Amount& operator+=(const Amount& b) {
    if (b.per == per) {
      units += b.units;
    } else {
      const int64_t common = std::lcm(per, b.per);
      units = units * (common / per) + b.units * (common / b.per);
      per = common;
    }
    return *this;
  }
};

}  // namespace marque
