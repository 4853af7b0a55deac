#include "rules/common/sheet.hpp"

#include "core/json.hpp"
#include "core/language.hpp"

namespace marque::rules::common {

using ojson = nlohmann::ordered_json;

std::vector<sheet::Series> running_totals(const ojson& score, int64_t per) {
  std::vector<sheet::Series> out;
  if (!score.is_object() || !score.contains("hands")) return out;
  const bool teams = score.contains("team_totals");
  std::vector<std::string> names;
  if (teams) {
    for (auto it = score["team_totals"].begin(); it != score["team_totals"].end(); ++it) names.push_back(it.key());
  } else {
    for (const auto& p : score.value("players", ojson::array())) names.push_back(p.get<std::string>());
  }
  const char* totals_key = teams ? "team_totals" : "totals";
  const char* deltas_key = teams ? "team_deltas" : "deltas";
  // h[key][n] read as an amount, when there is one (no copy of the entry's objects)
  auto amount_in = [&](const ojson& h, const char* key, const std::string& n) -> std::optional<Amount> {
    if (!h.is_object()) return std::nullopt;
    auto t = h.find(key);
    if (t == h.end() || !t->is_object()) return std::nullopt;
    auto a = t->find(n);
    return a == t->end() ? std::nullopt : amount_of(*a, per);
  };
  const ojson& hands = score["hands"];
  for (const auto& n : names) {
    std::vector<Amount> points{Amount::whole(0, per)};
    points.reserve(hands.size() + 1);
    for (const auto& h : hands) {
      auto a = amount_in(h, totals_key, n);
      points.push_back(a ? *a : points.back());
    }
    if (points.size() > 1) {  // the start: the first total less the first hand (a resumed sheet starts there)
      auto a = amount_in(hands[0], deltas_key, n);
      points[0] = points[1] - (a ? *a : Amount::whole(0, per));
    }
    sheet::Series s{n, {}};
    for (const auto& a : points) s.points.push_back(a.value());
    out.push_back(std::move(s));
  }
  return out;
}

std::string hand_number(const ojson& entry, size_t index) {
  for (const char* k : {"no", "seq"})
    if (entry.is_object() && entry.contains(k) && entry[k].is_number_integer())
      return std::to_string(entry[k].get<long long>());
  return std::to_string(index + 1);
}

std::string local(const Amount& a) { return text::local_number(a, text::language()); }
std::string local_signed(const Amount& a) { return text::local_signed(a, text::language()); }

}  // namespace marque::rules::common
