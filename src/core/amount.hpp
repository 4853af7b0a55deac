// Exact amounts. A score is a whole number of 1/per units: tarot, coinche, piquet and Alsós count whole points
// (per = 1; tarot's card points in halves, per = 2), Prefa thirds and quarters of a point (per = 12,
// GameRules::amount_denominator). The rules compute with these, marque stores and compares them as these integers,
// so a third stays a third from the rules to the database and `check` compares exactly; only the JSON formats
// print them as numbers (to_json below).
#pragma once

#include <compare>
#include <cstdint>
#include <numeric>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

namespace marque {

struct Amount {
  int64_t units = 0;
  int64_t per = 1;  // > 0

  // n whole points, in units of 1/per
  static constexpr Amount whole(int64_t n, int64_t per = 1) { return Amount{n * per, per}; }
  // num/den points exactly (den > 0), in units of 1/den
  static constexpr Amount ratio(int64_t num, int64_t den) { return Amount{num, den}; }

  // the amount as a floating number, for what is not exact anyway (averages, charts)
  double value() const { return static_cast<double>(units) / static_cast<double>(per); }
  bool is_whole() const { return units % per == 0; }
  // the whole points (rounded towards zero)
  int64_t whole_part() const { return units / per; }
  // the same amount in units of 1/p when it is a whole number of them (else false, *this unchanged)
  bool express_in(int64_t p) {
    __extension__ using wide = __int128;
    const wide scaled = static_cast<wide>(units) * p;
    if (scaled % per != 0) return false;
    units = static_cast<int64_t>(scaled / per);
    per = p;
    return true;
  }

  friend std::strong_ordering operator<=>(const Amount& a, const Amount& b) {
    __extension__ using wide = __int128;  // a.units * b.per cannot overflow
    const wide l = static_cast<wide>(a.units) * b.per, r = static_cast<wide>(b.units) * a.per;
    return l < r ? std::strong_ordering::less : l > r ? std::strong_ordering::greater : std::strong_ordering::equal;
  }
  friend bool operator==(const Amount& a, const Amount& b) { return (a <=> b) == 0; }
  // against whole points
  friend std::strong_ordering operator<=>(const Amount& a, int64_t n) { return a <=> whole(n); }
  friend bool operator==(const Amount& a, int64_t n) { return a == whole(n); }

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
  Amount& operator-=(const Amount& b) { return *this += -b; }
  Amount operator-() const { return Amount{-units, per}; }
  friend Amount operator+(Amount a, const Amount& b) { return a += b; }
  friend Amount operator-(Amount a, const Amount& b) { return a -= b; }
  friend Amount operator*(Amount a, int64_t k) {
    a.units *= k;
    return a;
  }
  friend Amount operator*(int64_t k, Amount a) { return a * k; }
};

// The amount a JSON number of a marque document stands for, in units of 1/per: an integer, or the very number
// to_json writes for a fraction (a third as 0.3333333333333333 is 4/12); nullopt for anything else (not a
// number, not a whole number of units). No tolerance: it is to_json read back.
std::optional<Amount> amount_of(const nlohmann::json& v, int64_t per);
std::optional<Amount> amount_of(const nlohmann::ordered_json& v, int64_t per);

// "47.5" -> 95/2, "-3" -> -3, "+0.25", ".5", "5.": a decimal number written as people type it, exactly (units of
// 1/10^decimals); nullopt for anything else (exponents, spaces, more than 18 digits).
std::optional<Amount> parse_decimal(std::string_view s);

// Whether a JSON number is a whole number (3, 3.0, 1e300), however large.
bool is_whole_number(const nlohmann::json& v);

// An amount in a JSON document (`ojson x = amount;`): an integer when whole, else the nearest JSON number (a third
// prints as 0.3333333333333333); the one place an amount becomes a floating number.
void to_json(nlohmann::json& j, const Amount& a);
void to_json(nlohmann::ordered_json& j, const Amount& a);

}  // namespace marque
