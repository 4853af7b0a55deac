// Helpers the games share to reduce their results and records for standings and statistics (core/league.hpp).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/league.hpp"

namespace marque::rules::common {

// j[key] (j a json or an ordered_json, an entry as replay makes it) when j is an object holding a string there,
// else ""; breakdown_text: the same in j["breakdown"]. What a game's deal_played reads without a conversion.
template <class J>
std::string text_at(const J& j, const char* key) {
  if (!j.is_object()) return std::string();
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->template get<std::string>() : std::string();
}
template <class J>
std::string breakdown_text(const J& entry, const char* key) {
  if (!entry.is_object()) return std::string();
  auto it = entry.find("breakdown");
  return it != entry.end() ? text_at(*it, key) : std::string();
}

// Places 1..n from values, higher is better; ties share the best place.
std::vector<int> places_from(const std::vector<Amount>& values);
// j[key] when j is an object holding a number there (a whole number of 1/per units, core/amount.hpp), else 0 /
// "" for string_at.
Amount amount_at(const nlohmann::json& j, const char* key, int64_t per);
std::string string_at(const nlohmann::json& j, const char* key);
// The seats of a game without teams: places as given, points from the summary's totals.
std::vector<league::SeatResult> seats_with_places(const nlohmann::json& summary,
                                                  const std::vector<std::string>& players,
                                                  const std::vector<int>& places, int64_t per);
// The default seats: result.places when the result has them, else the totals ranked.
std::vector<league::SeatResult> default_seats(const nlohmann::json& summary, const std::vector<std::string>& players,
                                              int64_t per);

}  // namespace marque::rules::common
