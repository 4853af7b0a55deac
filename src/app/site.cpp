// The club's website as data (reports/site.hpp): the standings of all time and of each season, every player's
// statistics and rating history, every night and game with its sheets, read in one snapshot.
#include "app/internal.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "core/language.hpp"
#include "core/unicode.hpp"
#include "reports/site.hpp"
#include "reports/standings.hpp"

namespace marque::app {

reports::site::Site site(Session& session, const std::string& league, const std::string& generated_at,
                         const std::string& generator) {
  Store& store = store_of(session);
  Store::ReadTransaction snapshot(store);  // one snapshot: a writer meanwhile changes nothing the site shows
  reports::site::Site s;
  s.league = league;
  s.generated_at = generated_at;
  s.generator = generator;
  s.words = stats_words();
  Filter all;
  all.league = league;
  s.standings = standings(session, all, generated_at);
  if (!league.empty() && s.standings["league"].is_string()) s.league = s.standings["league"].get<std::string>();
  for (const auto& season : seasons(session, league)) {
    Filter f;
    f.league = season.league;
    f.season = season.name;
    s.seasons.push_back({season.name, season.league, season.from, season.to, standings(session, f, generated_at)});
  }
  // the games of the league (not deleted), in date then id order
  std::set<std::string> names;
  const std::set<int64_t> unplayed = closed_without_play(store, all);
  for (const auto& g : games(session)) {
    const std::string game_league = g.meta.is_object() && g.meta.contains("league") && g.meta["league"].is_string()
                                        ? g.meta["league"].get<std::string>()
                                        : "";
    if (!league.empty() && !unicode::same_name(game_league, league)) continue;
    if (!league.empty() && s.league.empty()) s.league = game_league;
    reports::site::Game game;
    game.id = g.id;
    game.kind = g.game;
    const rules::GameRules* rules = rules::find_game(g.game);
    game.title = rules ? local_game_title(g.game) : g.game;
    game.date = g.meta.is_object() && g.meta.contains("date") && g.meta["date"].is_string()
                    ? g.meta["date"].get<std::string>()
                    : "";
    game.league = game_league;
    game.night = g.night_id;
    game.players = g.players;
    // places among the competitors, as the standings place them (a game by sides: its sides 1 and 2)
    reports::GameStanding standing{g.id, g.game, game.date, game_league, g.played_count, {}};
    for (size_t i = 0; i < g.seats.size() && i < g.players.size(); ++i)
      standing.seats.push_back({g.players[i], g.seats[i].place, g.seats[i].points, g.seats[i].team_result});
    for (const auto& placed : reports::placings(standing)) {
      game.places.push_back(placed.place);
      game.competitors = placed.of;
    }
    game.hands = g.hand_count;
    game.counts = g.hand_count > 0 && (g.ended == "closed" || (g.ended.empty() && g.status == "finished")) &&
                  !unplayed.count(g.id);
    game.state = !g.ended.empty() ? g.ended : g.status == "finished" ? "finished" : "in progress";
    game.sheets = sheets(session, g.id);
    for (const auto& p : g.players) names.insert(p);
    s.games.push_back(std::move(game));
  }
  std::stable_sort(s.games.begin(), s.games.end(),
                   [](const auto& a, const auto& b) { return a.date != b.date ? a.date < b.date : a.id < b.id; });
  for (const auto& n : nights(session)) {
    if (!league.empty() && !unicode::same_name(n.league, league)) continue;
    reports::site::Night night{n.id, n.date, n.venue, n.league, n.note, {}, {}};
    for (const auto& g : s.games)
      if (g.night && *g.night == n.id) night.games.push_back(g.id);
    if (!night.games.empty()) night.sheets = sheets(session, std::nullopt, n.id);
    s.nights.push_back(std::move(night));
  }
  std::vector<std::string> sorted(names.begin(), names.end());
  if (text::language() == "en")
    unicode::sort_names(sorted);
  else
    text::sort_names(sorted, text::language());  // the club's language's order: hu "Csaba" after "Czakó"
  // everyone's statistics and ratings computed once (a pass over the hands), then each player's share
  const ojson every_stats = stats(session, "", all);
  const ojson every_rating = ratings(session, "", all);
  std::map<std::string, int64_t> ids;
  for (const auto& [id, name] : store.players()) ids[name] = id;
  for (const auto& name : sorted) {
    ojson mine = ojson::object(), rated = ojson::object();
    for (auto k = every_stats.begin(); k != every_stats.end(); ++k)
      mine[k.key()] = k.key() == "players" ? ojson::object() : k.value();
    if (every_stats["players"].contains(name)) mine["players"][name] = every_stats["players"][name];
    for (auto k = every_rating.begin(); k != every_rating.end(); ++k)
      rated[k.key()] = k.key() == "ratings" ? ojson::object() : k.value();
    rated["player"] = name;
    for (auto k = every_rating["ratings"].begin(); k != every_rating["ratings"].end(); ++k)
      for (const auto& p : k.value())
        if (p["player"] == name) rated["ratings"][k.key()] = ojson::array({p});
    s.players.push_back({ids[name], name, std::move(mine), std::move(rated)});
  }
  // the tournaments of the league (its document names it), by date
  for (const auto& row : store.tournaments()) {
    ojson doc = ojson::parse(row.document, nullptr, false);
    if (doc.is_discarded() || !doc.is_object() || !doc["event"].is_object()) continue;
    const ojson& ev = doc["event"];
    auto text = [&](const char* key) {
      return ev.contains(key) && ev[key].is_string() ? ev[key].get<std::string>() : "";
    };
    const std::string event_league = text("league");
    if (!league.empty() && !unicode::same_name(event_league, league)) continue;
    const std::string date = ev.contains("dates") && ev["dates"].is_array() && !ev["dates"].empty() &&
                                     ev["dates"][0].is_string()
                                 ? ev["dates"][0].get<std::string>()
                                 : "";
    s.events.push_back({row.id, row.name, date, event_league, text("season"), row.status, std::move(doc)});
  }
  std::stable_sort(s.events.begin(), s.events.end(), [](const auto& a, const auto& b) { return a.date < b.date; });
  // the title: the league, or the one league every game names, else a club's plain name
  std::set<std::string> leagues;
  for (const auto& g : s.games) leagues.insert(g.league);
  s.title = !s.league.empty()                                  ? s.league
            : leagues.size() == 1 && !leagues.begin()->empty() ? *leagues.begin()
                                                               : text::tr("site.card_club", "Card club");
  return s;
}

}  // namespace marque::app
