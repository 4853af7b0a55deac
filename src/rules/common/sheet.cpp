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
  for (const auto& n : names) {
    std::vector<Amount> points{Amount::whole(0, per)};
    for (const auto& h : score["hands"]) {
      const auto& t = h.value(totals_key, ojson::object());
      auto a = t.contains(n) ? amount_of(t[n], per) : std::nullopt;
      points.push_back(a ? *a : points.back());
    }
    if (points.size() > 1) {  // the start: the first total less the first hand (a resumed sheet starts there)
      const auto& d = score["hands"][0].value(deltas_key, ojson::object());
      auto a = d.contains(n) ? amount_of(d[n], per) : std::nullopt;
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
