#include <nlohmann/json.hpp>

#include "reports/standings.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <unordered_map>

#include "core/escape.hpp"
#include "core/language.hpp"
#include "core/unicode.hpp"
#include "reports/ratings.hpp"
#include "reports/text_table.hpp"

namespace marque::reports {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

bool by_sides(const GameStanding& g) {
  if (g.seats.size() < 2) return false;
  for (const auto& s : g.seats)
    if (s.team_result.empty()) return false;
  return true;
}

std::vector<Placing> placings(const GameStanding& g) {
  const size_t n = g.seats.size();
  std::vector<Placing> out(n);
  if (g.given.size() == n && n > 0) {  // an event: its ranking placed each seat
    for (size_t i = 0; i < n; ++i) out[i] = {g.seats[i].place, g.ranked, g.given[i], g.seats[i].place == 1};
    return out;
  }
  if (by_sides(g)) {
    // two sides: the winning side first (1), the other second (0); a draw (or no winner told apart) shares
    bool win = false, loss = false;
    for (const auto& s : g.seats) {
      win = win || s.team_result == "win";
      loss = loss || s.team_result == "loss";
    }
    const bool apart = win && loss;
    for (size_t i = 0; i < n; ++i) {
      const bool lost = apart && g.seats[i].team_result == "loss";
      out[i] = {lost ? 2 : 1, 2, apart ? (lost ? 0.0 : 1.0) : 0.5, !lost};
    }
    return out;
  }
  for (size_t i = 0; i < n; ++i) {
    const int place = g.seats[i].place;
    int same = 0;
    for (const auto& other : g.seats) same += other.place == place ? 1 : 0;
    // shared places share the average of the placing scores they span
    double score = 0;
    for (int k = 0; k < same; ++k)
      score += n > 1 ? static_cast<double>(static_cast<int>(n) - (place + k)) / static_cast<double>(n - 1) : 1.0;
    out[i] = {place, static_cast<int>(n), score / same, place == 1};
  }
  return out;
}

namespace {

struct RankTally {
  int64_t games = 0, hands = 0, wins = 0;
  double league_points = 0;
};

struct KindTally : RankTally {
  Amount points;                                      // exact sums (a Prefa third stays a third)
  std::map<int, std::pair<int64_t, Amount>> by_size;  // table size -> hands, points
  int64_t team_wins = 0, team_losses = 0, team_draws = 0;
  int rank = 0;
};

struct PlayerTally : RankTally {
  std::string name;
  std::map<std::string, KindTally> kinds;
};

bool near(double a, double b) { return std::fabs(a - b) <= 1e-9; }
double per_game(const RankTally& t) { return t.games ? t.league_points / static_cast<double>(t.games) : 0.0; }
// equal on the first three keys of the ranking rule: the same rank
bool same_rank(const RankTally& a, const RankTally& b) {
  return near(a.league_points, b.league_points) && near(per_game(a), per_game(b)) && a.wins == b.wins;
}
// the ranking rule: league points, league points per game, wins, then name in dictionary order
bool ranks_before(const RankTally& a, const std::string& an, const RankTally& b, const std::string& bn) {
  if (!near(a.league_points, b.league_points)) return a.league_points > b.league_points;
  if (!near(per_game(a), per_game(b))) return per_game(a) > per_game(b);
  if (a.wins != b.wins) return a.wins > b.wins;
  return unicode::collate(an, bn) < 0;
}

double round2(double v) { return std::round(v * 100) / 100; }
ojson null_if_empty(const std::string& s) { return s.empty() ? ojson(nullptr) : ojson(s); }

}  // namespace

ojson build_standings(const std::vector<GameStanding>& games, const StandingsFilter& f, const std::string& generator,
                      const std::string& generated_at, const StandingsExtras& extras) {
  std::unordered_map<std::string, PlayerTally> players;  // by name as stored (one spelling per player)
  std::map<std::string, int64_t> games_by_kind;
  for (const auto& g : games) {
    const size_t n = g.seats.size();
    const int64_t hands = g.hands;
    const std::vector<Placing> placed = placings(g);
    games_by_kind[g.game] += 1;
    for (size_t i = 0; i < n; ++i) {
      const Seat& seat = g.seats[i];
      auto& p = players[seat.player];
      p.name = seat.player;
      const double lp = placed[i].score;
      const bool win = placed[i].win;
      p.games += 1;
      p.hands += hands;
      p.wins += win ? 1 : 0;
      p.league_points += lp;
      auto& k = p.kinds[g.game];
      k.games += 1;
      k.hands += hands;
      k.wins += win ? 1 : 0;
      k.points += seat.points;
      k.league_points += lp;
      auto& bs = k.by_size[static_cast<int>(n)];
      bs.first += hands;
      bs.second += seat.points;
      if (seat.team_result == "draw")
        ++k.team_draws;
      else if (seat.team_result == "win")
        ++k.team_wins;
      else if (seat.team_result == "loss")
        ++k.team_losses;
    }
  }
  std::vector<PlayerTally*> list;
  list.reserve(players.size());
  for (auto& [name, p] : players) list.push_back(&p);
  std::sort(list.begin(), list.end(),
            [](const PlayerTally* a, const PlayerTally* b) { return ranks_before(*a, a->name, *b, b->name); });
  // each game kind ranked by the same rule over its own games
  for (const auto& [kind, count] : games_by_kind) {
    std::vector<std::pair<KindTally*, const std::string*>> in_kind;
    for (auto* p : list)
      if (auto it = p->kinds.find(kind); it != p->kinds.end()) in_kind.emplace_back(&it->second, &p->name);
    std::stable_sort(in_kind.begin(), in_kind.end(), [](const auto& a, const auto& b) {
      return ranks_before(*a.first, *a.second, *b.first, *b.second);
    });
    for (size_t i = 0; i < in_kind.size(); ++i)
      in_kind[i].first->rank = i > 0 && same_rank(*in_kind[i - 1].first, *in_kind[i].first) ? in_kind[i - 1].first->rank
                                                                                            : static_cast<int>(i) + 1;
  }
  // ratings are of games played at a table: an event's ranking (a tournament's contribution) is not one
  const bool events = std::any_of(games.begin(), games.end(), [](const GameStanding& g) { return !g.given.empty(); });
  std::vector<GameStanding> played;
  if (events)
    std::copy_if(games.begin(), games.end(), std::back_inserter(played),
                 [](const GameStanding& g) { return g.given.empty(); });
  ojson rating = ratings(events ? played : games);
  ojson doc = ojson::object();
  doc["format"] = "marque-standings/2";
  doc["generator"] = generator;
  doc["generated_at"] = generated_at;
  doc["league"] = null_if_empty(f.league);
  doc["season"] = f.season.empty() ? ojson(nullptr)
                                   : ojson{{"name", f.season}, {"from", f.season_from}, {"to", f.season_to}};
  doc["filter"] = {{"league", null_if_empty(f.league)}, {"season", null_if_empty(f.season)},
                   {"game", null_if_empty(f.game)},     {"players", f.players ? ojson(f.players) : ojson(nullptr)},
                   {"from", null_if_empty(f.from)},     {"to", null_if_empty(f.to)}};
  doc["counted"] =
      "finished games, and games closed by decision, with at least one hand played (open, abandoned and deleted games do not count, nor a game closed after redeals only)";
  doc["ranking_rule"] =
      "league points (each game's placing score (m - place) / (m - 1) among its m competitors: its players, or its two sides "
      "when played by sides; shared places share the average), then league points per game, then wins, then name";
  doc["games"] = games.size();
  ojson kinds = ojson::object();
  for (const auto& [kind, count] : games_by_kind) kinds[kind] = count;
  doc["games_by_kind"] = kinds;
  // each kind's ratings by name (an ordered_json object finds a key by walking its members)
  std::unordered_map<std::string, std::unordered_map<std::string, const ojson*>> rating_of;
  for (const auto& [kind, table] : rating.items())
    for (const auto& [name, value] : table.items()) rating_of[kind][name] = &value;
  ojson entries = ojson::array();
  int rank = 0;
  for (size_t i = 0; i < list.size(); ++i) {
    const PlayerTally& p = *list[i];
    if (i == 0 || !same_rank(*list[i - 1], p)) rank = static_cast<int>(i) + 1;
    ojson by_game = ojson::object();
    for (const auto& [kind, k] : p.kinds) {
      ojson e = {{"rank", k.rank},
                 {"games", k.games},
                 {"hands", k.hands},
                 {"wins", k.wins},
                 {"league_points", round2(k.league_points)},
                 {"points", round2(k.points.value())},
                 {"average_per_hand", k.hands ? round2(k.points.value() / static_cast<double>(k.hands)) : 0.0},
                 {"average_per_game", round2(k.points.value() / static_cast<double>(k.games))}};
      if (auto r = rating_of.find(kind); r != rating_of.end())
        if (auto v = r->second.find(p.name); v != r->second.end()) e["rating"] = *v->second;
      auto wanted = extras.find(kind);
      for (const auto& extra : wanted == extras.end() ? std::vector<std::string>{} : wanted->second) {
        if (extra == "by_table_size") {
          ojson sizes = ojson::object();
          for (const auto& [size, hp] : k.by_size)
            sizes[std::to_string(size)] = {{"hands", hp.first},
                                           {"points", round2(hp.second.value())},
                                           {"average_per_hand",
                                            hp.first ? round2(hp.second.value() / static_cast<double>(hp.first))
                                                     : 0.0}};
          e["by_table_size"] = sizes;
        } else if (extra == "team_results") {
          e["team_results"] = {{"wins", k.team_wins}, {"losses", k.team_losses}, {"draws", k.team_draws}};
        } else if (extra == "final_results") {
          e["final_results"] = round2(k.points.value());
        } else if (extra == "partie_results") {
          e["partie_results"] = {{"won", k.wins}, {"lost", k.games - k.wins}};
        } else if (extra == "balance") {
          e["balance"] = round2(k.points.value());
        }
      }
      by_game[kind] = e;
    }
    entries.push_back({{"rank", rank},
                       {"player", p.name},
                       {"games", p.games},
                       {"hands", p.hands},
                       {"wins", p.wins},
                       {"league_points", round2(p.league_points)},
                       {"league_points_per_game", round2(per_game(p))},
                       {"by_game", by_game}});
  }
  doc["standings"] = entries;
  return doc;
}

namespace {

// "(3 games)" in the reader's language
std::string games_count(int64_t n) {
  return text::tr("report.standings.games", " ({n, plural, one {{shown} game} other {{shown} games}})",
                  text::Message().number("n", n).text("shown", std::to_string(n)));
}

// a season's day: ISO in English (as before), the language's date otherwise
std::string season_day(const ojson& v) {
  const std::string iso = v.get<std::string>();
  return text::language() == "en" ? iso : text::local_date(iso, text::language());
}

std::string standings_heading(const ojson& doc) {
  std::string head = text::tr("report.standings.title", "Standings");
  if (doc["league"].is_string()) head += " — " + doc["league"].get<std::string>();
  if (doc["season"].is_object())
    head += " — " + doc["season"]["name"].get<std::string>() +
            text::tr("report.standings.season", " ({from} to {to})",
                     text::Message()
                         .text("from", season_day(doc["season"]["from"]))
                         .text("to", season_day(doc["season"]["to"])));
  if (doc["filter"]["game"].is_string()) head += " — " + doc["filter"]["game"].get<std::string>();
  return head + games_count(doc["games"].get<int64_t>());
}

// the columns' words: rank, player, league points, games, wins, then the table's own
std::vector<std::string> columns(std::initializer_list<std::string> more) {
  std::vector<std::string> out = {"#", text::tr("report.standings.player", "player"),
                                  text::tr("report.standings.league_pts", "league pts"),
                                  text::tr("report.standings.games_col", "games"),
                                  text::tr("report.standings.wins", "wins")};
  out.insert(out.end(), more);
  return out;
}

// The players of one kind in that kind's rank order: (rank, player, entry)
std::vector<std::pair<std::string, const ojson*>> kind_rows(const ojson& doc, const std::string& kind) {
  std::vector<std::pair<std::string, const ojson*>> rows;
  for (const auto& e : doc["standings"])
    if (e["by_game"].contains(kind)) rows.emplace_back(e["player"].get<std::string>(), &e["by_game"][kind]);
  std::stable_sort(rows.begin(), rows.end(), [](const auto& a, const auto& b) {
    return (*a.second)["rank"].template get<int>() < (*b.second)["rank"].template get<int>();
  });
  return rows;
}

std::string int_cell(const ojson& v) { return std::to_string(v.get<int64_t>()); }
std::string num_cell(const ojson& v, int decimals = 2) { return format_number(v.get<double>(), decimals); }
// a number a person reads: in the language's format (English: as the CSV's)
std::string shown_cell(const ojson& v, int decimals = 2) {
  return text::language() == "en" ? num_cell(v, decimals)
                                  : text::local_number(v.get<double>(), text::language(), decimals);
}

}  // namespace

std::string render_standings_text(const ojson& doc) {
  using A = TextTable::Align;
  TextTable t;
  t.columns({A::right, A::left, A::right, A::right, A::right, A::right, A::right});
  t.row(columns({text::tr("report.standings.per_game", "per game"), text::tr("report.standings.hands", "hands")}));
  t.rule();
  for (const auto& e : doc["standings"])
    t.row({std::to_string(e["rank"].get<int>()), e["player"].get<std::string>(), shown_cell(e["league_points"]),
           int_cell(e["games"]), int_cell(e["wins"]), shown_cell(e["league_points_per_game"]), int_cell(e["hands"])});
  std::string out = standings_heading(doc) + "\n" + t.render();
  // one table per game kind: its points stay among its own games
  for (auto k = doc["games_by_kind"].begin(); k != doc["games_by_kind"].end(); ++k) {
    const std::string& kind = k.key();
    TextTable kt;
    kt.columns({A::right, A::left, A::right, A::right, A::right, A::right, A::right, A::right, A::right});
    kt.row(columns({text::tr("report.standings.hands", "hands"), text::tr("report.standings.points", "points"),
                    text::tr("report.standings.per_hand", "pts/hand"), text::tr("report.standings.rating", "rating")}));
    kt.rule();
    for (const auto& [player, e] : kind_rows(doc, kind))
      kt.row({std::to_string((*e)["rank"].get<int>()), player, shown_cell((*e)["league_points"]),
              int_cell((*e)["games"]), int_cell((*e)["wins"]), int_cell((*e)["hands"]), shown_cell((*e)["points"]),
              shown_cell((*e)["average_per_hand"]),
              e->contains("rating") ? shown_cell((*e)["rating"], 0) : std::string()});
    const int64_t n = k.value().get<int64_t>();
    out += "\n" + kind + games_count(n) + "\n" + kt.render();
  }
  return out;
}

std::string render_standings_csv(const ojson& doc) {
  // every text cell through the one CSV escaping function (quoting, formulas neutralised)
  auto q = [](const std::string& s) { return escape::csv_cell(s); };
  static const char* const k_kind_columns[] = {
      "rank", "games", "wins", "hands", "league_points", "points", "average_per_hand", "average_per_game", "rating"};
  std::string out = "rank,player,league_points,games,wins,league_points_per_game,hands";
  for (auto k = doc["games_by_kind"].begin(); k != doc["games_by_kind"].end(); ++k)
    for (const char* c : k_kind_columns) out += "," + q(k.key() + "_" + c);
  out += "\n";
  for (const auto& e : doc["standings"]) {
    out += std::to_string(e["rank"].get<int>()) + "," + q(e["player"].get<std::string>()) + "," +
           num_cell(e["league_points"]) + "," + int_cell(e["games"]) + "," + int_cell(e["wins"]) + "," +
           num_cell(e["league_points_per_game"]) + "," + int_cell(e["hands"]);
    for (auto k = doc["games_by_kind"].begin(); k != doc["games_by_kind"].end(); ++k) {
      const bool played = e["by_game"].contains(k.key());
      for (const char* c : k_kind_columns) {
        out += ",";
        if (!played || !e["by_game"][k.key()].contains(c)) continue;
        const ojson& v = e["by_game"][k.key()][c];
        out += v.is_number_integer() ? std::to_string(v.get<int64_t>())
                                     : format_number(v.get<double>(), std::string(c) == "rating" ? 1 : 2);
      }
    }
    out += "\n";
  }
  return out;
}

}  // namespace marque::reports
