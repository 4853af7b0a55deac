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
  // h[key], when h is an object holding an object there (no copy of the entry's objects)
  auto object_in = [](const ojson& h, const char* key) -> const ojson* {
    if (!h.is_object()) return nullptr;
    auto t = h.find(key);
    return t == h.end() || !t->is_object() ? nullptr : &*t;
  };
  // o[n] read as an amount, when there is one
  auto amount_in = [&](const ojson* o, const std::string& n) -> std::optional<Amount> {
    if (!o) return std::nullopt;
    auto a = o->find(n);
    return a == o->end() ? std::nullopt : amount_of(*a, per);
  };
  const ojson& hands = score["hands"];
  // each name's points: the start, then its total after each hand (each hand's totals found once for every name)
  std::vector<std::vector<Amount>> points(names.size(), std::vector<Amount>{Amount::whole(0, per)});
  for (auto& p : points) p.reserve(hands.size() + 1);
  for (const auto& h : hands) {
    const ojson* totals = object_in(h, totals_key);
    for (size_t k = 0; k < names.size(); ++k) {
      auto a = amount_in(totals, names[k]);
      points[k].push_back(a ? *a : points[k].back());
    }
  }
  const ojson* first_deltas = names.empty() || hands.empty() ? nullptr : object_in(hands[0], deltas_key);
  for (size_t k = 0; k < names.size(); ++k) {
    std::vector<Amount>& pts = points[k];
    if (pts.size() > 1) {  // the start: the first total less the first hand (a resumed sheet starts there)
      auto a = amount_in(first_deltas, names[k]);
      pts[0] = pts[1] - (a ? *a : Amount::whole(0, per));
    }
    sheet::Series s{names[k], {}};
    s.points.reserve(pts.size());
    for (const auto& a : pts) s.points.push_back(a.value());
    out.push_back(std::move(s));
  }
  return out;
}

std::string hand_number(const ojson& entry, size_t index) {
  if (entry.is_object())
    for (const char* k : {"no", "seq"})
      if (auto it = entry.find(k); it != entry.end() && it->is_number_integer())
        return std::to_string(it->get<long long>());
  return std::to_string(index + 1);
}

std::string local(const Amount& a) { return text::local_number(a, text::language()); }
std::string local_signed(const Amount& a) { return text::local_signed(a, text::language()); }

}  // namespace marque::rules::common
