#include <nlohmann/json.hpp>

#include "reports/standings.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <map>
#include <string_view>
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
  std::vector<Placing> out;
  placings(g, out);
  return out;
}

void placings(const GameStanding& g, std::vector<Placing>& out) {
  const size_t n = g.seats.size();
  out.resize(n);
  if (g.given.size() == n && n > 0) {  // an event: its ranking placed each seat
    for (size_t i = 0; i < n; ++i) out[i] = {g.seats[i].place, g.ranked, g.given[i], g.seats[i].place == 1};
    return;
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
    return;
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
}

namespace {

struct RankTally {
  int64_t games = 0, hands = 0, wins = 0;
  double league_points = 0;
};

struct KindTally : RankTally {
  bool played = false;
  Amount points;                                                    // exact sums (a Prefa third stays a third)
  std::vector<std::pair<int, std::pair<int64_t, Amount>>> by_size;  // table size -> hands, points (by size)
  int64_t team_wins = 0, team_losses = 0, team_draws = 0;
  int rank = 0;
  bool rated = false;
  double rating = 0;
};

struct PlayerTally : RankTally {
  std::string_view name;
  std::vector<KindTally> kinds;  // by kind index (first seen)
};

bool near(double a, double b) { return std::fabs(a - b) <= 1e-9; }
double per_game(const RankTally& t) { return t.games ? t.league_points / static_cast<double>(t.games) : 0.0; }
// equal on the first three keys of the ranking rule: the same rank
bool same_rank(const RankTally& a, const RankTally& b) {
  return near(a.league_points, b.league_points) && near(per_game(a), per_game(b)) && a.wins == b.wins;
}
// the ranking rule: league points, league points per game, wins, then name in dictionary order
bool ranks_before(const RankTally& a, std::string_view an, const RankTally& b, std::string_view bn) {
  if (!near(a.league_points, b.league_points)) return a.league_points > b.league_points;
  if (!near(per_game(a), per_game(b))) return per_game(a) > per_game(b);
  if (a.wins != b.wins) return a.wins > b.wins;
  return unicode::collate(an, bn) < 0;
}

double round_tenth(double v) { return std::round(v * 10) / 10; }
double round2(double v) { return std::round(v * 100) / 100; }
ojson null_if_empty(const std::string& s) { return s.empty() ? ojson(nullptr) : ojson(s); }

const char* const k_counted =
    "finished games, and games closed by decision, with at least one hand played (open, abandoned and deleted games do not count, nor a game closed after redeals only)";
const char* const k_ranking_rule =
    "league points (each game's placing score (m - place) / (m - 1) among its m competitors: its players, or its two sides "
    "when played by sides; shared places share the average), then league points per game, then wins, then name";

// The extras a kind reports, each once, in the order asked (the document keeps a key where it first appears).
std::vector<std::string> extras_of(const Standings& s, const std::string& kind) {
  std::vector<std::string> out;
  if (auto it = s.extras.find(kind); it != s.extras.end())
    for (const auto& e : it->second)
      if (std::find(out.begin(), out.end(), e) == out.end()) out.push_back(e);
  return out;
}

}  // namespace

Standings tally_standings(const std::vector<GameStanding>& games, const StandingsFilter& f,
                          const std::string& generator, const std::string& generated_at,
                          const StandingsExtras& extras) {
  // players and kinds by index: one name lookup per seat, then plain vectors
  std::unordered_map<std::string_view, uint32_t> player_index;  // by name as stored (one spelling per player)
  std::vector<PlayerTally> players;
  std::vector<std::string_view> kinds;  // first seen
  std::vector<int64_t> kind_games;
  std::vector<uint32_t> seat_players;
  // ratings are of games played at a table: an event's ranking (a tournament's contribution) is not one
  std::vector<std::vector<double>> ratings;  // by kind, by player (NaN: not rated yet)
  std::vector<double> before, after;
  std::vector<Placing> placed;
  for (const auto& g : games) {
    const size_t n = g.seats.size();
    const int64_t hands = g.hands;
    placings(g, placed);
    size_t kind = 0;
    while (kind < kinds.size() && kinds[kind] != g.game) ++kind;
    if (kind == kinds.size()) {
      kinds.push_back(g.game);
      kind_games.push_back(0);
      ratings.emplace_back();
    }
    kind_games[kind] += 1;
    seat_players.clear();
    for (size_t i = 0; i < n; ++i) {
      const Seat& seat = g.seats[i];
      auto [it, added] = player_index.try_emplace(seat.player, static_cast<uint32_t>(players.size()));
      if (added) {
        players.emplace_back();
        players.back().name = seat.player;
      }
      seat_players.push_back(it->second);
      auto& p = players[it->second];
      const double lp = placed[i].score;
      const bool win = placed[i].win;
      p.games += 1;
      p.hands += hands;
      p.wins += win ? 1 : 0;
      p.league_points += lp;
      if (p.kinds.size() <= kind) p.kinds.resize(kind + 1);
      auto& k = p.kinds[kind];
      k.played = true;
      k.games += 1;
      k.hands += hands;
      k.wins += win ? 1 : 0;
      k.points += seat.points;
      k.league_points += lp;
      auto bs = std::lower_bound(k.by_size.begin(), k.by_size.end(), static_cast<int>(n),
                                 [](const auto& e, int size) { return e.first < size; });
      if (bs == k.by_size.end() || bs->first != static_cast<int>(n))
        bs = k.by_size.insert(bs, {static_cast<int>(n), {}});
      bs->second.first += hands;
      bs->second.second += seat.points;
      if (const std::string& team = seat.team_result; team.empty()) {
      } else if (team == "draw") {
        ++k.team_draws;
      } else if (team == "win") {
        ++k.team_wins;
      } else if (team == "loss") {
        ++k.team_losses;
      }
    }
    // the game's duels (reports/ratings.hpp), in the games' order
    if (n < 2 || !g.given.empty()) continue;
    auto& table = ratings[kind];
    if (table.size() < players.size()) table.resize(players.size(), std::nan(""));
    before.clear();
    for (uint32_t pi : seat_players) before.push_back(std::isnan(table[pi]) ? k_rating_start : table[pi]);
    rate_game(g, placed, before, after);
    for (size_t i = 0; i < n; ++i) table[seat_players[i]] = after[i];
  }
  for (size_t kind = 0; kind < kinds.size(); ++kind)
    for (uint32_t pi = 0; pi < ratings[kind].size(); ++pi)
      if (!std::isnan(ratings[kind][pi])) {
        auto& k = players[pi].kinds[kind];
        k.rated = true;
        k.rating = round_tenth(ratings[kind][pi]);
      }
  std::vector<PlayerTally*> list;
  list.reserve(players.size());
  for (auto& p : players) list.push_back(&p);
  std::sort(list.begin(), list.end(),
            [](const PlayerTally* a, const PlayerTally* b) { return ranks_before(*a, a->name, *b, b->name); });
  // the kinds in byte order; each ranked by the same rule over its own games
  std::vector<size_t> kind_order(kinds.size());
  for (size_t i = 0; i < kinds.size(); ++i) kind_order[i] = i;
  std::sort(kind_order.begin(), kind_order.end(), [&](size_t a, size_t b) { return kinds[a] < kinds[b]; });
  for (size_t kind : kind_order) {
    std::vector<std::pair<KindTally*, std::string_view>> in_kind;
    for (auto* p : list)
      if (p->kinds.size() > kind && p->kinds[kind].played) in_kind.emplace_back(&p->kinds[kind], p->name);
    std::stable_sort(in_kind.begin(), in_kind.end(),
                     [](const auto& a, const auto& b) { return ranks_before(*a.first, a.second, *b.first, b.second); });
    for (size_t i = 0; i < in_kind.size(); ++i)
      in_kind[i].first->rank = i > 0 && same_rank(*in_kind[i - 1].first, *in_kind[i].first) ? in_kind[i - 1].first->rank
                                                                                            : static_cast<int>(i) + 1;
  }
  Standings out;
  out.filter = f;
  out.generator = generator;
  out.generated_at = generated_at;
  out.games = games.size();
  out.extras = extras;
  for (size_t kind : kind_order) out.games_by_kind.emplace_back(std::string(kinds[kind]), kind_games[kind]);
  out.standings.reserve(list.size());
  int rank = 0;
  for (size_t i = 0; i < list.size(); ++i) {
    const PlayerTally& p = *list[i];
    if (i == 0 || !same_rank(*list[i - 1], p)) rank = static_cast<int>(i) + 1;
    PlayerStanding e;
    e.rank = rank;
    e.player = std::string(p.name);
    e.games = p.games;
    e.hands = p.hands;
    e.wins = p.wins;
    e.league_points = round2(p.league_points);
    e.league_points_per_game = round2(per_game(p));
    for (size_t kind : kind_order) {
      if (p.kinds.size() <= kind || !p.kinds[kind].played) continue;
      const KindTally& k = p.kinds[kind];
      KindStanding ks;
      ks.kind = std::string(kinds[kind]);
      ks.rank = k.rank;
      ks.games = k.games;
      ks.hands = k.hands;
      ks.wins = k.wins;
      ks.league_points = round2(k.league_points);
      ks.points = round2(k.points.value());
      ks.average_per_hand = k.hands ? round2(k.points.value() / static_cast<double>(k.hands)) : 0.0;
      ks.average_per_game = round2(k.points.value() / static_cast<double>(k.games));
      ks.rated = k.rated;
      ks.rating = k.rating;
      for (const auto& [size, hp] : k.by_size)
        ks.by_table_size.push_back({size, hp.first, round2(hp.second.value()),
                                    hp.first ? round2(hp.second.value() / static_cast<double>(hp.first)) : 0.0});
      ks.team_wins = k.team_wins;
      ks.team_losses = k.team_losses;
      ks.team_draws = k.team_draws;
      e.by_game.push_back(std::move(ks));
    }
    out.standings.push_back(std::move(e));
  }
  return out;
}

ojson standings_json(const Standings& s) {
  const StandingsFilter& f = s.filter;
  ojson doc = ojson::object();
  doc["format"] = "marque-standings/2";
  doc["generator"] = s.generator;
  doc["generated_at"] = s.generated_at;
  doc["league"] = null_if_empty(f.league);
  doc["season"] = f.season.empty() ? ojson(nullptr)
                                   : ojson{{"name", f.season}, {"from", f.season_from}, {"to", f.season_to}};
  doc["filter"] = {{"league", null_if_empty(f.league)}, {"season", null_if_empty(f.season)},
                   {"game", null_if_empty(f.game)},     {"players", f.players ? ojson(f.players) : ojson(nullptr)},
                   {"from", null_if_empty(f.from)},     {"to", null_if_empty(f.to)}};
  doc["counted"] = k_counted;
  doc["ranking_rule"] = k_ranking_rule;
  doc["games"] = s.games;
  ojson kinds = ojson::object();
  for (const auto& [kind, count] : s.games_by_kind) kinds[kind] = count;
  doc["games_by_kind"] = kinds;
  ojson entries = ojson::array();
  for (const auto& p : s.standings) {
    ojson by_game = ojson::object();
    for (const auto& k : p.by_game) {
      ojson e = {{"rank", k.rank},
                 {"games", k.games},
                 {"hands", k.hands},
                 {"wins", k.wins},
                 {"league_points", k.league_points},
                 {"points", k.points},
                 {"average_per_hand", k.average_per_hand},
                 {"average_per_game", k.average_per_game}};
      if (k.rated) e["rating"] = k.rating;
      for (const auto& extra : extras_of(s, k.kind)) {
        if (extra == "by_table_size") {
          ojson sizes = ojson::object();
          for (const auto& z : k.by_table_size)
            sizes[std::to_string(z.players)] = {{"hands", z.hands},
                                                {"points", z.points},
                                                {"average_per_hand", z.average_per_hand}};
          e["by_table_size"] = sizes;
        } else if (extra == "team_results") {
          e["team_results"] = {{"wins", k.team_wins}, {"losses", k.team_losses}, {"draws", k.team_draws}};
        } else if (extra == "final_results") {
          e["final_results"] = k.points;
        } else if (extra == "partie_results") {
          e["partie_results"] = {{"won", k.wins}, {"lost", k.games - k.wins}};
        } else if (extra == "balance") {
          e["balance"] = k.points;
        }
      }
      by_game[k.kind] = e;
    }
    entries.push_back({{"rank", p.rank},
                       {"player", p.player},
                       {"games", p.games},
                       {"hands", p.hands},
                       {"wins", p.wins},
                       {"league_points", p.league_points},
                       {"league_points_per_game", p.league_points_per_game},
                       {"by_game", by_game}});
  }
  doc["standings"] = entries;
  return doc;
}

namespace {

// The document's JSON text written as nlohmann's dump(2) writes it (objects and arrays one member a line,
// "key": value, {} and [] when empty), numbers and plain strings appended directly: building the document
// and dumping it was half of standings' instructions over a club's history.
class PrettyWriter {
public:
  explicit PrettyWriter(std::string& out) : m_out(out) {}
  void open(char c) {  // '{' or '['; the container is known not to be empty
    m_out += c;
    ++m_depth;
    m_first = true;
  }
  void close(char c) {
    --m_depth;
    char buf[k_line];
    size_t n = line(buf, false);
    buf[n++] = c;
    m_out.append(buf, n);
    m_first = false;
  }
  void key(std::string_view k) {  // a member's key: one of the document's own words (plain ASCII)
    char buf[k_line + 64];
    m_out.append(buf, key_at(buf, k));
  }
  void key_text(std::string_view k) {  // a key from the data (a game kind's id)
    char buf[k_line];
    m_out.append(buf, line(buf, true));
    string(k);
    m_out += ": ";
  }
  void item() {  // an array's member
    char buf[k_line];
    m_out.append(buf, line(buf, true));
  }
  // a string as escape::json writes it: plain text as it is; anything else dumped by nlohmann/json and then made
  // safe (escape::json_safe: only such a string can hold the bytes it replaces, so the whole text needs no pass)
  void string(std::string_view s) {
    for (unsigned char c : s)
      if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') {
        m_out += escape::json_safe(ojson(std::string(s)).dump(-1, ' ', false, ojson::error_handler_t::replace));
        return;
      }
    m_out += '"';
    m_out += s;
    m_out += '"';
  }
  template <class V>
  void number(V v) {
    char buf[64];
    m_out.append(buf, put(buf, v));
  }
  void null() { m_out += "null"; }
  void string_or_null(const std::string& s) {
    if (s.empty())
      null();
    else
      string(s);
  }
  // "key": number, one append
  template <class V>
  void member(std::string_view k, V v) {
    char buf[k_line + 64 + 64];
    size_t n = key_at(buf, k);
    n += put(buf + n, v);
    m_out.append(buf, n);
  }
  template <class V>
  void member_text(std::string_view k, V v) {
    key_text(k);
    number(v);
  }

private:
  static constexpr size_t k_line = 2 + 2 * 16;  // ",\n" and the indentation of the document's depth (at most 6)
  // ",\n" (or "\n") and the indentation into buf; its length
  size_t line(char* buf, bool member) {
    size_t n = 0;
    if (member && !m_first) buf[n++] = ',';
    if (member) m_first = false;
    buf[n++] = '\n';
    const size_t pad = std::min<size_t>(static_cast<size_t>(m_depth) * 2, k_line - 2);
    std::memset(buf + n, ' ', pad);
    return n + pad;
  }
  size_t key_at(char* buf, std::string_view k) {  // k: at most 62 bytes (the document's own keys)
    size_t n = line(buf, true);
    buf[n++] = '"';
    std::memcpy(buf + n, k.data(), k.size());
    n += k.size();
    buf[n++] = '"';
    buf[n++] = ':';
    buf[n++] = ' ';
    return n;
  }
  static size_t put(char* buf, int64_t v) { return static_cast<size_t>(std::to_chars(buf, buf + 24, v).ptr - buf); }
  static size_t put(char* buf, uint64_t v) { return static_cast<size_t>(std::to_chars(buf, buf + 24, v).ptr - buf); }
  static size_t put(char* buf, int v) { return put(buf, static_cast<int64_t>(v)); }
  static size_t put(char* buf,
                    double v) {  // as nlohmann writes a double: its shortest round trip, null when not finite
    if (!std::isfinite(v)) {
      std::memcpy(buf, "null", 4);
      return 4;
    }
    return static_cast<size_t>(nlohmann::detail::to_chars(buf, buf + 64, v) - buf);
  }
  std::string& m_out;
  int m_depth = 0;
  bool m_first = true;
};

}  // namespace

std::string standings_json_text(const Standings& s) {
  const StandingsFilter& f = s.filter;
  std::string out;
  out.reserve(4096 + s.standings.size() * 2048);
  PrettyWriter w(out);
  w.open('{');
  w.key("format");
  w.string("marque-standings/2");
  w.key("generator");
  w.string(s.generator);
  w.key("generated_at");
  w.string(s.generated_at);
  w.key("league");
  w.string_or_null(f.league);
  w.key("season");
  if (f.season.empty()) {
    w.null();
  } else {
    w.open('{');
    w.key("name");
    w.string(f.season);
    w.key("from");
    w.string(f.season_from);
    w.key("to");
    w.string(f.season_to);
    w.close('}');
  }
  w.key("filter");
  w.open('{');
  w.key("league");
  w.string_or_null(f.league);
  w.key("season");
  w.string_or_null(f.season);
  w.key("game");
  w.string_or_null(f.game);
  w.key("players");
  if (f.players)
    w.number(f.players);
  else
    w.null();
  w.key("from");
  w.string_or_null(f.from);
  w.key("to");
  w.string_or_null(f.to);
  w.close('}');
  w.key("counted");
  w.string(k_counted);
  w.key("ranking_rule");
  w.string(k_ranking_rule);
  w.member("games", s.games);
  w.key("games_by_kind");
  if (s.games_by_kind.empty()) {
    out += "{}";
  } else {
    w.open('{');
    for (const auto& [kind, count] : s.games_by_kind) w.member_text(kind, count);
    w.close('}');
  }
  w.key("standings");
  if (s.standings.empty()) {
    out += "[]";
  } else {
    w.open('[');
    std::map<std::string, std::vector<std::string>> extras;  // each kind's, once
    for (const auto& [kind, count] : s.games_by_kind) extras[kind] = extras_of(s, kind);
    for (const auto& p : s.standings) {
      w.item();
      w.open('{');
      w.member("rank", p.rank);
      w.key("player");
      w.string(p.player);
      w.member("games", p.games);
      w.member("hands", p.hands);
      w.member("wins", p.wins);
      w.member("league_points", p.league_points);
      w.member("league_points_per_game", p.league_points_per_game);
      w.key("by_game");
      if (p.by_game.empty()) {
        out += "{}";
      } else {
        w.open('{');
        for (const auto& k : p.by_game) {
          w.key_text(k.kind);
          w.open('{');
          w.member("rank", k.rank);
          w.member("games", k.games);
          w.member("hands", k.hands);
          w.member("wins", k.wins);
          w.member("league_points", k.league_points);
          w.member("points", k.points);
          w.member("average_per_hand", k.average_per_hand);
          w.member("average_per_game", k.average_per_game);
          if (k.rated) w.member("rating", k.rating);
          for (const auto& extra : extras[k.kind]) {
            if (extra == "by_table_size") {
              w.key("by_table_size");
              if (k.by_table_size.empty()) {
                out += "{}";
                continue;
              }
              w.open('{');
              for (const auto& z : k.by_table_size) {
                w.key(std::to_string(z.players));
                w.open('{');
                w.member("hands", z.hands);
                w.member("points", z.points);
                w.member("average_per_hand", z.average_per_hand);
                w.close('}');
              }
              w.close('}');
            } else if (extra == "team_results") {
              w.key("team_results");
              w.open('{');
              w.member("wins", k.team_wins);
              w.member("losses", k.team_losses);
              w.member("draws", k.team_draws);
              w.close('}');
            } else if (extra == "final_results") {
              w.member("final_results", k.points);
            } else if (extra == "partie_results") {
              w.key("partie_results");
              w.open('{');
              w.member("won", k.wins);
              w.member("lost", k.games - k.wins);
              w.close('}');
            } else if (extra == "balance") {
              w.member("balance", k.points);
            }
          }
          w.close('}');
        }
        w.close('}');
      }
      w.close('}');
    }
    w.close(']');
  }
  w.close('}');
  out += '\n';
  return out;
}

ojson build_standings(const std::vector<GameStanding>& games, const StandingsFilter& f, const std::string& generator,
                      const std::string& generated_at, const StandingsExtras& extras) {
  return standings_json(tally_standings(games, f, generator, generated_at, extras));
}

namespace {

// "(3 games)" in the reader's language
std::string games_count(int64_t n) {
  return text::tr("report.standings.games", " ({n, plural, one {{shown} game} other {{shown} games}})",
                  text::Message().number("n", n).text("shown", std::to_string(n)));
}

// a season's day: ISO in English (as before), the language's date otherwise
std::string season_day(const std::string& iso) {
  return text::language() == "en" ? iso : text::local_date(iso, text::language());
}

std::string standings_heading(const Standings& s) {
  const StandingsFilter& f = s.filter;
  std::string head = text::tr("report.standings.title", "Standings");
  if (!f.league.empty()) head += " — " + f.league;
  if (!f.season.empty())
    head += " — " + f.season +
            text::tr("report.standings.season", " ({from} to {to})",
                     text::Message().text("from", season_day(f.season_from)).text("to", season_day(f.season_to)));
  if (!f.game.empty()) head += " — " + f.game;
  return head + games_count(static_cast<int64_t>(s.games));
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

const KindStanding* kind_in(const PlayerStanding& p, const std::string& kind) {
  for (const auto& k : p.by_game)
    if (k.kind == kind) return &k;
  return nullptr;
}

// The players of one kind in that kind's rank order (the standings' order among equal ranks): (player, figures)
std::vector<std::pair<const std::string*, const KindStanding*>> kind_rows(const Standings& s, const std::string& kind) {
  std::vector<std::pair<const std::string*, const KindStanding*>> rows;
  for (const auto& p : s.standings)
    if (const KindStanding* k = kind_in(p, kind)) rows.emplace_back(&p.player, k);
  std::stable_sort(rows.begin(), rows.end(),
                   [](const auto& a, const auto& b) { return a.second->rank < b.second->rank; });
  return rows;
}

std::string int_cell(int64_t v) { return std::to_string(v); }
std::string num_cell(double v, int decimals = 2) { return format_number(v, decimals); }
// a number a person reads: in the language's format (English: as the CSV's)
std::string shown_cell(double v, int decimals = 2) {
  return text::language() == "en" ? num_cell(v, decimals) : text::local_number(v, text::language(), decimals);
}

}  // namespace

std::string render_standings_text(const Standings& s) {
  using A = TextTable::Align;
  TextTable t;
  t.columns({A::right, A::left, A::right, A::right, A::right, A::right, A::right});
  t.row(columns({text::tr("report.standings.per_game", "per game"), text::tr("report.standings.hands", "hands")}));
  t.rule();
  for (const auto& e : s.standings)
    t.row({std::to_string(e.rank), e.player, shown_cell(e.league_points), int_cell(e.games), int_cell(e.wins),
           shown_cell(e.league_points_per_game), int_cell(e.hands)});
  std::string out = standings_heading(s) + "\n" + t.render();
  // one table per game kind: its points stay among its own games
  for (const auto& [kind, n] : s.games_by_kind) {
    TextTable kt;
    kt.columns({A::right, A::left, A::right, A::right, A::right, A::right, A::right, A::right, A::right});
    kt.row(columns({text::tr("report.standings.hands", "hands"), text::tr("report.standings.points", "points"),
                    text::tr("report.standings.per_hand", "pts/hand"), text::tr("report.standings.rating", "rating")}));
    kt.rule();
    for (const auto& [player, e] : kind_rows(s, kind))
      kt.row({std::to_string(e->rank), *player, shown_cell(e->league_points), int_cell(e->games), int_cell(e->wins),
              int_cell(e->hands), shown_cell(e->points), shown_cell(e->average_per_hand),
              e->rated ? shown_cell(e->rating, 0) : std::string()});
    out += "\n" + kind + games_count(n) + "\n" + kt.render();
  }
  return out;
}

std::string render_standings_csv(const Standings& s) {
  // every text cell through the one CSV escaping function (quoting, formulas neutralised)
  auto q = [](const std::string& c) { return escape::csv_cell(c); };
  std::string out = "rank,player,league_points,games,wins,league_points_per_game,hands";
  for (const auto& [kind, n] : s.games_by_kind)
    for (const char* c : {"rank", "games", "wins", "hands", "league_points", "points", "average_per_hand",
                          "average_per_game", "rating"})
      out += "," + q(kind + "_" + c);
  out += "\n";
  for (const auto& e : s.standings) {
    out += std::to_string(e.rank) + "," + q(e.player) + "," + num_cell(e.league_points) + "," + int_cell(e.games) +
           "," + int_cell(e.wins) + "," + num_cell(e.league_points_per_game) + "," + int_cell(e.hands);
    for (const auto& [kind, n] : s.games_by_kind) {
      const KindStanding* k = kind_in(e, kind);
      if (!k) {
        out += ",,,,,,,,,";
        continue;
      }
      out += "," + std::to_string(k->rank) + "," + std::to_string(k->games) + "," + std::to_string(k->wins) + "," +
             std::to_string(k->hands) + "," + num_cell(k->league_points) + "," + num_cell(k->points) + "," +
             num_cell(k->average_per_hand) + "," + num_cell(k->average_per_game) + "," +
             (k->rated ? num_cell(k->rating, 1) : std::string());
    }
    out += "\n";
  }
  return out;
}

}  // namespace marque::reports
