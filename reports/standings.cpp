#include <nlohmann/json.hpp>

#include "reports/standings.hpp"

#include "core/escape.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_map>

#include "reports/text_table.hpp"

namespace marque::reports {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

namespace {

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

ojson ratings(const std::vector<GameStanding>& games) {
  std::map<std::string, std::unordered_map<std::string, double>> r;
  std::vector<double> before;
  for (const auto& g : games) {
    size_t n = g.seats.size();
    if (n < 2) continue;
    auto& table = r[g.game];
    before.clear();
    for (const auto& s : g.seats) {
      auto it = table.find(s.player);
      before.push_back(it != table.end() ? it->second : 1500.0);
    }
    double k = 32.0 / static_cast<double>(n - 1);
    for (size_t i = 0; i < n; ++i) {
      double change = 0;
      for (size_t j = 0; j < n; ++j) {
        if (i == j) continue;
        double expected = 1.0 / (1.0 + std::pow(10.0, (before[j] - before[i]) / 400.0));
        int pi = g.seats[i].place, pj = g.seats[j].place;
        double actual = pi < pj ? 1.0 : pi == pj ? 0.5 : 0.0;
        change += k * (actual - expected);
      }
      table[g.seats[i].player] = before[i] + change;
    }
  }
  ojson out = ojson::object();
  for (const auto& [kind, table] : r) {
    std::map<std::string, double> sorted(table.begin(), table.end());
    ojson t = ojson::object();
    for (const auto& [p, v] : sorted) t[p] = std::round(v * 10) / 10;
    out[kind] = t;
  }
  return out;
}

ojson build_standings(const std::vector<GameStanding>& games, const StandingsFilter& f, const std::string& generator,
                      const std::string& generated_at, const StandingsExtras& extras) {
  struct Kind {
    int64_t games = 0, hands = 0, wins = 0;
    Amount points;  // exact sums (a Prefa third stays a third)
    double league_points = 0;
    std::map<int, std::pair<int64_t, Amount>> by_size;  // table size -> hands, points
    int64_t team_wins = 0, team_losses = 0, team_draws = 0;
  };
  struct Player {
    std::string name;
    int64_t games = 0, hands = 0, wins = 0;
    Amount points;
    double league_points = 0;
    std::map<std::string, Kind> kinds;
  };
  std::map<std::string, Player> players;  // by lower-case name
  std::unordered_map<std::string, Player*> by_name;  // name as stored -> its player (names repeat a lot)
  for (const auto& g : games) {
    size_t n = g.seats.size();
    int64_t hands = g.hands;
    for (size_t i = 0; i < n; ++i) {
      const Seat& seat = g.seats[i];
      const std::string& name = seat.player;
      auto found = by_name.find(name);
      if (found == by_name.end()) found = by_name.emplace(name, &players[lower(name)]).first;
      auto& p = *found->second;
      p.name = name;
      const Amount& pts = seat.points;
      int same = 0;
      for (const auto& other : g.seats) same += other.place == seat.place ? 1 : 0;
      // shared places share the average of the placing scores they span
      double lp = 0;
      for (int k = 0; k < same; ++k) lp += n > 1 ? static_cast<double>(n - static_cast<size_t>(seat.place + k)) / static_cast<double>(n - 1) : 1.0;
      lp /= same;
      bool win = seat.place == 1;
      p.games += 1;
      p.hands += hands;
      p.wins += win ? 1 : 0;
      p.points += pts;
      p.league_points += lp;
      auto& k = p.kinds[g.game];
      k.games += 1;
      k.hands += hands;
      k.wins += win ? 1 : 0;
      k.points += pts;
      k.league_points += lp;
      auto& bs = k.by_size[static_cast<int>(n)];
      bs.first += hands;
      bs.second += pts;
      if (seat.team_result == "draw") ++k.team_draws;
      else if (seat.team_result == "win") ++k.team_wins;
      else if (seat.team_result == "loss") ++k.team_losses;
    }
  }
  std::vector<Player> list;
  for (auto& [key, p] : players) list.push_back(p);
  std::sort(list.begin(), list.end(), [](const Player& a, const Player& b) {
    if (std::fabs(a.league_points - b.league_points) > 1e-9) return a.league_points > b.league_points;
    double aa = a.league_points / static_cast<double>(a.games), bb = b.league_points / static_cast<double>(b.games);
    if (std::fabs(aa - bb) > 1e-9) return aa > bb;
    if (a.wins != b.wins) return a.wins > b.wins;
    return lower(a.name) < lower(b.name);
  });
  ojson rating = ratings(games);
  auto r2 = [](double v) { return std::round(v * 100) / 100; };
  ojson doc = ojson::object();
  doc["format"] = "marque-standings/1";
  doc["generator"] = generator;
  doc["generated_at"] = generated_at;
  doc["league"] = f.league.empty() ? ojson(nullptr) : ojson(f.league);
  doc["filter"] = {{"league", f.league.empty() ? ojson(nullptr) : ojson(f.league)},
                   {"game", f.game.empty() ? ojson(nullptr) : ojson(f.game)},
                   {"players", f.players ? ojson(f.players) : ojson(nullptr)},
                   {"from", f.from.empty() ? ojson(nullptr) : ojson(f.from)},
                   {"to", f.to.empty() ? ojson(nullptr) : ojson(f.to)}};
  doc["ranking_rule"] = "league points (placing score (n - place) / (n - 1) summed over games), then league points per game, then wins, then name";
  doc["games"] = games.size();
  ojson entries = ojson::array();
  int rank = 0;
  const Player* prev = nullptr;
  for (size_t i = 0; i < list.size(); ++i) {
    const auto& p = list[i];
    if (!prev || std::fabs(prev->league_points - p.league_points) > 1e-9 ||
        std::fabs(prev->league_points / static_cast<double>(prev->games) - p.league_points / static_cast<double>(p.games)) > 1e-9 ||
        prev->wins != p.wins)
      rank = static_cast<int>(i) + 1;
    prev = &p;
    ojson kinds = ojson::object();
    for (const auto& [kind, k] : p.kinds) {
      ojson e = {{"games", k.games}, {"hands", k.hands}, {"wins", k.wins}, {"points", r2(k.points.value())},
                 {"league_points", r2(k.league_points)},
                 {"average_per_hand", k.hands ? r2(k.points.value() / static_cast<double>(k.hands)) : 0.0},
                 {"average_per_game", r2(k.points.value() / static_cast<double>(k.games))}};
      if (rating.contains(kind) && rating[kind].contains(p.name)) e["rating"] = rating[kind][p.name];
      auto wanted = extras.find(kind);
      for (const auto& extra : wanted == extras.end() ? std::vector<std::string>{} : wanted->second) {
        if (extra == "by_table_size") {
          ojson sizes = ojson::object();
          for (const auto& [size, hp] : k.by_size)
            sizes[std::to_string(size)] = {{"hands", hp.first}, {"points", r2(hp.second.value())},
                                           {"average_per_hand", hp.first ? r2(hp.second.value() / static_cast<double>(hp.first)) : 0.0}};
          e["by_table_size"] = sizes;
        } else if (extra == "team_results") {
          e["team_results"] = {{"wins", k.team_wins}, {"losses", k.team_losses}, {"draws", k.team_draws}};
        } else if (extra == "final_results") {
          e["final_results"] = r2(k.points.value());
        } else if (extra == "partie_results") {
          e["partie_results"] = {{"won", k.wins}, {"lost", k.games - k.wins}};
        } else if (extra == "balance") {
          e["balance"] = r2(k.points.value());
        }
      }
      kinds[kind] = e;
    }
    entries.push_back({{"rank", rank}, {"player", p.name}, {"games", p.games}, {"hands", p.hands}, {"wins", p.wins},
                       {"league_points", r2(p.league_points)}, {"points", r2(p.points.value())},
                       {"average_per_hand", p.hands ? r2(p.points.value() / static_cast<double>(p.hands)) : 0.0},
                       {"average_per_game", r2(p.points.value() / static_cast<double>(p.games))}, {"by_game", kinds}});
  }
  doc["standings"] = entries;
  return doc;
}

std::string render_standings_text(const ojson& doc) {
  TextTable t;
  using A = TextTable::Align;
  t.columns({A::right, A::left, A::right, A::right, A::right, A::right, A::right, A::right, A::left});
  t.row({"#", "player", "league pts", "games", "wins", "hands", "points", "pts/hand", "ratings"});
  t.rule();
  for (const auto& e : doc["standings"]) {
    std::string ratings;
    for (auto k = e["by_game"].begin(); k != e["by_game"].end(); ++k)
      if (k.value().contains("rating"))
        ratings += (ratings.empty() ? "" : " ") + k.key() + " " + format_number(k.value()["rating"].get<double>(), 0);
    t.row({std::to_string(e["rank"].get<int>()), e["player"].get<std::string>(), format_number(e["league_points"].get<double>()),
           std::to_string(e["games"].get<int64_t>()), std::to_string(e["wins"].get<int64_t>()),
           std::to_string(e["hands"].get<int64_t>()), format_number(e["points"].get<double>()),
           format_number(e["average_per_hand"].get<double>()), ratings});
  }
  std::string head = "Standings";
  if (doc["league"].is_string()) head += " — " + doc["league"].get<std::string>();
  if (doc["filter"]["game"].is_string()) head += " — " + doc["filter"]["game"].get<std::string>();
  return head + " (" + std::to_string(doc["games"].get<int64_t>()) + " games)\n" + t.render();
}

std::string render_standings_csv(const ojson& doc) {
  // every text cell through the one CSV escaping function (quoting, formulas neutralised)
  auto q = [](const std::string& s) { return escape::csv_cell(s); };
  std::string out = "rank,player,league_points,games,wins,hands,points,average_per_hand,average_per_game,ratings\n";
  for (const auto& e : doc["standings"])
    out += std::to_string(e["rank"].get<int>()) + "," + q(e["player"].get<std::string>()) + "," +
           format_number(e["league_points"].get<double>()) + "," + std::to_string(e["games"].get<int64_t>()) + "," +
           std::to_string(e["wins"].get<int64_t>()) + "," + std::to_string(e["hands"].get<int64_t>()) + "," +
           format_number(e["points"].get<double>()) + "," + format_number(e["average_per_hand"].get<double>()) + "," +
           format_number(e["average_per_game"].get<double>()) + "," + q([&] {
             std::string r;
             for (auto k = e["by_game"].begin(); k != e["by_game"].end(); ++k)
               if (k.value().contains("rating"))
                 r += (r.empty() ? "" : " ") + k.key() + ":" + format_number(k.value()["rating"].get<double>(), 1);
             return r;
           }()) + "\n";
  return out;
}

}  // namespace marque::reports
