#include <nlohmann/json.hpp>

#include "reports/ratings.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "core/escape.hpp"
#include "core/language.hpp"
#include "core/unicode.hpp"
#include "reports/text_table.hpp"

namespace marque::reports {

using ojson = nlohmann::ordered_json;

namespace {

// The Elo fold over the games; `steps` (may be null) receives every player's step.
std::map<std::string, std::unordered_map<std::string, double>> rate(const std::vector<GameStanding>& games,
                                                                    RatingHistory* steps) {
  std::map<std::string, std::unordered_map<std::string, double>> r;
  std::vector<double> before, after;
  for (const auto& g : games) {
    const size_t n = g.seats.size();
    if (n < 2) continue;
    auto& table = r[g.game];
    const std::vector<Placing> placed = placings(g);
    before.clear();
    for (size_t i = 0; i < n; ++i) {
      auto it = table.find(g.seats[i].player);
      before.push_back(it != table.end() ? it->second : k_rating_start);
    }
    rate_game(g, placed, before, after);
    for (size_t i = 0; i < n; ++i) {
      table[g.seats[i].player] = after[i];
      if (steps)
        (*steps)[g.game][g.seats[i].player].push_back(
            {g.id, g.played_on, placed[i].place, placed[i].of, before[i], after[i]});
    }
  }
  return r;
}

double round1(double v) { return std::round(v * 10) / 10; }

}  // namespace

void rate_game(const GameStanding& g, const std::vector<Placing>& placed, const std::vector<double>& before,
               std::vector<double>& after) {
  const size_t n = g.seats.size();
  const bool sides = by_sides(g) && placed[0].of == 2;
  // a game by sides: 0 = winning side, 1 = the other; -1 = no sides told apart
  int side[64];
  std::vector<int> many;
  int* s = side;
  if (n > 64) {
    many.resize(n);
    s = many.data();
  }
  bool win = false, loss = false;
  for (size_t i = 0; i < n; ++i) {
    s[i] = sides ? (g.seats[i].team_result == "loss" ? 1 : 0) : -1;
    loss = loss || s[i] == 1;
    win = win || s[i] == 0;
  }
  const bool apart = sides && win && loss;
  after.resize(n);
  for (size_t i = 0; i < n; ++i) {
    double change = 0;
    int opponents = 0;
    for (size_t j = 0; j < n; ++j)
      if (j != i && (!apart || s[j] != s[i])) ++opponents;
    const double k = 32.0 / static_cast<double>(std::max(opponents, 1));
    for (size_t j = 0; j < n; ++j) {
      if (i == j || (apart && s[j] == s[i])) continue;  // partners never duel
      const double expected = 1.0 / (1.0 + std::pow(10.0, (before[j] - before[i]) / 400.0));
      const int pi = placed[i].place, pj = placed[j].place;
      const double actual = pi < pj ? 1.0 : pi == pj ? 0.5 : 0.0;
      change += k * (actual - expected);
    }
    after[i] = before[i] + change;
  }
}

ojson ratings(const std::vector<GameStanding>& games) {
  ojson out = ojson::object();
  for (const auto& [kind, table] : rate(games, nullptr)) {
    std::vector<std::string> names;
    names.reserve(table.size());
    for (const auto& entry : table) names.push_back(entry.first);
    unicode::sort_names(names);
    ojson t = ojson::object();
    for (const auto& p : names) t[p] = round1(table.at(p));
    out[kind] = t;
  }
  return out;
}

RatingHistory rating_history(const std::vector<GameStanding>& games) {
  RatingHistory h;
  rate(games, &h);
  return h;
}

ojson build_ratings(const RatingHistory& history, const std::string& player, const std::string& kind) {
  ojson kinds = ojson::object();
  for (const auto& [k, players] : history) {
    if (!kind.empty() && k != kind) continue;
    struct Row {
      std::string name;
      const std::vector<RatingStep>* steps;
    };
    std::vector<Row> rows;
    for (const auto& [name, steps] : players)
      if (player.empty() || name == player) rows.push_back({name, &steps});
    if (rows.empty()) continue;
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
      const double ra = a.steps->back().after, rb = b.steps->back().after;
      if (std::fabs(ra - rb) > 1e-9) return ra > rb;
      return unicode::collate(a.name, b.name) < 0;
    });
    ojson list = ojson::array();
    for (const auto& row : rows) {
      ojson steps = ojson::array();
      for (const auto& s : *row.steps)
        steps.push_back({{"game", s.game},
                         {"date", s.played_on.empty() ? ojson(nullptr) : ojson(s.played_on)},
                         {"place", s.place},
                         {"of", s.of},
                         {"rating", round1(s.after)},
                         {"change", round1(s.after - s.before)}});
      list.push_back({{"player", row.name},
                      {"rating", round1(row.steps->back().after)},
                      {"games", row.steps->size()},
                      {"history", steps}});
    }
    kinds[k] = list;
  }
  return {{"format", "marque-ratings/1"},
          {"start", k_rating_start},
          {"kind", kind.empty() ? ojson(nullptr) : ojson(kind)},
          {"player", player.empty() ? ojson(nullptr) : ojson(player)},
          {"ratings", kinds}};
}

std::string render_ratings_text(const ojson& doc) {
  using A = TextTable::Align;
  std::string out;
  const bool one = doc["player"].is_string();
  for (auto k = doc["ratings"].begin(); k != doc["ratings"].end(); ++k) {
    if (!out.empty()) out += "\n";
    if (one) {
      // the player's history: after each game, the rating and its change
      for (const auto& p : k.value()) {
        out += "Rating of " + p["player"].get<std::string>() + " — " + k.key() + ": " +
               format_number(p["rating"].get<double>(), 1) + " after " + std::to_string(p["games"].get<int64_t>()) +
               (p["games"].get<int64_t>() == 1 ? " game" : " games") + " (from " +
               format_number(doc["start"].get<double>(), 0) + ")\n";
        TextTable t;
        t.columns({A::left, A::right, A::right, A::right, A::right});
        t.row({"date", "game", "place", "rating", "change"});
        t.rule();
        for (const auto& s : p["history"])
          t.row({s["date"].is_string() ? s["date"].get<std::string>() : "-", std::to_string(s["game"].get<int64_t>()),
                 std::to_string(s["place"].get<int>()) + "/" + std::to_string(s["of"].get<int>()),
                 format_number(s["rating"].get<double>(), 1), format_signed(s["change"].get<double>(), 1)});
        out += t.render();
      }
      continue;
    }
    out += "Ratings — " + k.key() + "\n";
    TextTable t;
    t.columns({A::right, A::left, A::right, A::right, A::right, A::left});
    t.row({"#", "player", "rating", "games", "last", "last game"});
    t.rule();
    int rank = 0;
    for (const auto& p : k.value()) {
      const auto& last = p["history"].back();
      t.row({std::to_string(++rank), p["player"].get<std::string>(), format_number(p["rating"].get<double>(), 1),
             std::to_string(p["games"].get<int64_t>()), format_signed(last["change"].get<double>(), 1),
             (last["date"].is_string() ? last["date"].get<std::string>() + " " : std::string()) + "game " +
                 std::to_string(last["game"].get<int64_t>())});
    }
    out += t.render();
  }
  return out.empty() ? std::string("No rated game.\n") : out;
}

sheet::Sheet rating_chart(const ojson& doc, const std::string& kind) {
  sheet::Sheet s;
  if (!doc["ratings"].contains(kind)) return s;
  const double start = doc["start"].get<double>();
  for (const auto& p : doc["ratings"][kind]) {
    sheet::Series series{p["player"].get<std::string>(), {start}};
    for (const auto& step : p["history"]) series.points.push_back(step["rating"].get<double>());
    s.chart.push_back(std::move(series));
  }
  s.levels.push_back({start, text::tr("chart.rating_start", "start {rating}",
                                      text::Message().text("rating", text::local_number(start, text::language(), 0)))});
  return s;
}

std::string render_ratings_csv(const ojson& doc) {
  auto q = [](const std::string& s) { return escape::csv_cell(s); };
  std::string out = "kind,player,game,date,place,of,rating,change\n";
  for (auto k = doc["ratings"].begin(); k != doc["ratings"].end(); ++k)
    for (const auto& p : k.value())
      for (const auto& s : p["history"])
        out += q(k.key()) + "," + q(p["player"].get<std::string>()) + "," + std::to_string(s["game"].get<int64_t>()) +
               "," + (s["date"].is_string() ? s["date"].get<std::string>() : std::string()) + "," +
               std::to_string(s["place"].get<int>()) + "," + std::to_string(s["of"].get<int>()) + "," +
               format_number(s["rating"].get<double>(), 1) + "," + format_number(s["change"].get<double>(), 1) + "\n";
  return out;
}

}  // namespace marque::reports
