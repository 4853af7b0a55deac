// The club's website: each page as one self-contained HTML file (reports/site.hpp).
#include "reports/site.hpp"

#include <algorithm>

#include "core/escape.hpp"
#include "core/text.hpp"
#include "reports/html_sheet.hpp"
#include "reports/ratings.hpp"
#include "reports/sheet_render.hpp"
#include "reports/text_table.hpp"
#include "reports/tournament_print.hpp"
#include "reports/tournament_text.hpp"

namespace marque::reports::site {

using ojson = nlohmann::ordered_json;

namespace {

std::string h(const std::string& s) { return escape::html(s); }

// the site's own look, after the printed sheets' (their sections: white A4 pages on a grey screen). On a screen the
// site's own sections (standings, players, lists) are at most A4 wide, not A4 boxes; a screen narrower than a
// section's page (a phone: narrower than A4) fits the section to the screen, a wide table scrolling inside its box,
// so no page scrolls sideways. Printed, the sheets keep their A4 width (sheet_css).
constexpr const char* k_site_css = R"css(
nav.site { width: 190mm; margin: 0 auto 4mm; font-size: 11pt; display: flex; flex-wrap: wrap; gap: 2mm 6mm; }
nav.site a { color: #000; }
section.site h1 { margin-bottom: 1mm; }
section.site h2 { margin-top: 6mm; }
section.site h3 { margin-top: 5mm; }
section.site p.note { font-size: 9pt; font-style: italic; }
table.list { border-collapse: collapse; margin: 2mm 0; }
table.list th, table.list td { padding: 0.2em 0.6em 0.2em 0; border-bottom: 0.5px solid #999; text-align: left;
                               vertical-align: baseline; }
table.list th { border-bottom: 1.5px solid #000; }
table.list .r { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
table.list a, section.site a { color: #000; }
ul.cols { columns: 3; padding-left: 1.2em; }
section.ranking { overflow-x: auto; }
section.ranking table { border-collapse: collapse; font-size: 9pt; margin: 2mm 0; }
section.ranking th, section.ranking td { padding: 0.2em 0.5em; border-bottom: 0.5px solid #999; text-align: left; }
section.ranking td { white-space: nowrap; }
section.ranking th { border-bottom: 1.5px solid #000; }
section.ranking td.num, section.ranking th.num { text-align: right; font-variant-numeric: tabular-nums; }
section.ranking tr.rule td { border-top: 2px solid #000; }
section.ranking p.notes { font-size: 9pt; }
dl.stats { display: grid; grid-template-columns: max-content auto; gap: 0.5mm 4mm; margin: 2mm 0; }
dl.stats dt { font-weight: 700; }
dl.stats dd { margin: 0; }
@media screen {
  section.site { width: auto; max-width: 190mm; overflow-wrap: break-word; }
}
@media screen and (max-width: 297mm) {
  section.landscape { width: auto; overflow-x: auto; }
}
@media screen and (max-width: 210mm) {
  body { padding: 3mm 0; }
  nav.site { width: auto; margin: 0 2.5mm 3mm; }
  section, section.landscape { width: auto; margin: 0 0 3mm; padding: 4mm 2.5mm; overflow-x: auto; }
  table.list, table.sheet, table.drawing { display: block; max-width: 100%; overflow-x: auto; }
  table.list { font-size: 9pt; }
  table.list th, table.list td { padding-right: 0.3em; }
  table.list th.r { white-space: normal; }
  table.sheet td.l:last-child { min-width: 12em; }
  table.summary span.w { white-space: normal; }
  table.summary th, table.summary td { padding: 1mm; }
  ul.cols { columns: 2; }
}
)css";

std::string page(const Site& site, const std::string& title, const std::string& body) {
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, "
         "initial-scale=1\">\n<meta name=\"generator\" content=\"" +
         h(site.generator) + "\">\n<title>" + h(title) + "</title>\n<style>" + sheet_css() + k_site_css +
         "</style>\n</head>\n<body>\n<nav class=\"site\"><a href=\"index.html\">" + h(site.title) +
         ": standings</a><a href=\"index.html#players\">players</a><a href=\"index.html#nights\">nights</a><a href=\"index.html#games\">games</a>" +
         (site.events.empty() ? "" : "<a href=\"index.html#tournaments\">tournaments</a>") + "</nav>\n" + body +
         "</body>\n</html>\n";
}

std::string num(const ojson& v, int decimals = 2) {
  if (v.is_number_integer()) return std::to_string(v.get<int64_t>());
  if (v.is_number()) return format_number(v.get<double>(), decimals);
  return "";
}

std::string player_link(const Site& site, const std::string& name) {
  const std::string f = player_file(site, name);
  return f.empty() ? h(name) : "<a href=\"" + f + "\">" + h(name) + "</a>";
}

std::string game_title(const Site& site, int64_t id) {
  for (const auto& g : site.games)
    if (g.id == id) return g.title;
  return "game";
}

// One standings document as tables: the combined ranking (league points only), then one table per game kind.
// Each table says which document it is (data-standings: "all" or the season's name) and each cell which figure it
// shows (data-key), so a reader (the crawl test) can compare them with marque-standings/2.
std::string standings_html(const Site& site, const ojson& doc, const std::string& id) {
  std::string out;
  const ojson& rows = doc["standings"];
  if (rows.empty())
    return "<p class=\"note\">No game counts yet: a game counts once it is over (finished, or closed).</p>\n";
  out +=
      "<table class=\"list standings\" data-standings=\"" + h(id) +
      "\" data-kind=\"\">\n<thead><tr><th class=\"r\">#</th><th>player</th>"
      "<th class=\"r\">league points</th><th class=\"r\">games</th><th class=\"r\">wins</th><th class=\"r\">per game</th>"
      "<th class=\"r\">hands</th></tr></thead>\n<tbody>\n";
  for (const auto& e : rows) {
    const std::string name = e["player"].get<std::string>();
    out += "<tr data-player=\"" + h(name) + "\"><td class=\"r\" data-key=\"rank\">" + num(e["rank"]) + "</td><td>" +
           player_link(site, name) + "</td>";
    for (const char* k : {"league_points", "games", "wins", "league_points_per_game", "hands"})
      out += std::string("<td class=\"r\" data-key=\"") + k + "\">" + num(e[k]) + "</td>";
    out += "</tr>\n";
  }
  out += "</tbody>\n</table>\n";
  for (auto k = doc["games_by_kind"].begin(); k != doc["games_by_kind"].end(); ++k) {
    const std::string kind = k.key();
    std::string title = kind;
    for (const auto& g : site.games)
      if (g.kind == kind) title = g.title;
    const int64_t n = k.value().get<int64_t>();
    out += "<h3>" + h(title) + " (" + std::to_string(n) + (n == 1 ? " game" : " games") + ")</h3>\n";
    out +=
        "<table class=\"list standings\" data-standings=\"" + h(id) + "\" data-kind=\"" + h(kind) +
        "\">\n<thead><tr><th class=\"r\">#</th><th>player</th><th class=\"r\">league points</th><th class=\"r\">games</th>"
        "<th class=\"r\">wins</th><th class=\"r\">hands</th><th class=\"r\">points</th><th class=\"r\">per hand</th><th class=\"r\">rating</th>"
        "</tr></thead>\n<tbody>\n";
    std::vector<std::pair<std::string, const ojson*>> in_kind;
    for (const auto& e : rows)
      if (e["by_game"].contains(kind)) in_kind.emplace_back(e["player"].get<std::string>(), &e["by_game"][kind]);
    std::stable_sort(in_kind.begin(), in_kind.end(), [](const auto& a, const auto& b) {
      return (*a.second)["rank"].template get<int>() < (*b.second)["rank"].template get<int>();
    });
    for (const auto& [name, e] : in_kind) {
      out += "<tr data-player=\"" + h(name) + "\"><td class=\"r\" data-key=\"rank\">" + num((*e)["rank"]) +
             "</td><td>" + player_link(site, name) + "</td>";
      for (const char* key : {"league_points", "games", "wins", "hands", "points", "average_per_hand", "rating"})
        out += std::string("<td class=\"r\" data-key=\"") + key + "\">" +
               (e->contains(key) ? num((*e)[key], std::string(key) == "rating" ? 1 : 2) : "") + "</td>";
      out += "</tr>\n";
    }
    out += "</tbody>\n</table>\n";
  }
  return out;
}

std::string games_table(const Site& site, const std::vector<const Game*>& games, const std::string& player = "") {
  std::string out = "<table class=\"list games\">\n<thead><tr><th>date</th><th>game</th><th>players</th>" +
                    std::string(player.empty() ? "" : "<th class=\"r\">place</th>") +
                    "<th class=\"r\">hands</th><th>state</th></tr></thead>\n<tbody>\n";
  for (const Game* g : games) {
    std::string players;
    int place = 0;
    for (size_t i = 0; i < g->players.size(); ++i) {
      players += (i ? ", " : "") + player_link(site, g->players[i]);
      if (g->players[i] == player && i < g->places.size()) place = g->places[i];
    }
    out += "<tr><td>" + h(g->date.empty() ? "-" : g->date) + "</td><td><a href=\"" + game_file(g->id) + "\">" +
           h(g->title) + " #" + std::to_string(g->id) + "</a></td><td>" + players + "</td>" +
           (player.empty()
                ? ""
                : "<td class=\"r\">" + (place ? std::to_string(place) + "/" + std::to_string(g->competitors) : "-") +
                      "</td>") +
           "<td class=\"r\">" + std::to_string(g->hands) + "</td><td>" + h(g->state) +
           (g->counts ? "" : " (does not count)") + "</td></tr>\n";
  }
  return out + "</tbody>\n</table>\n";
}

std::string event_link(const Event& e) { return "<a href=\"" + event_file(e.id) + "\">" + h(e.name) + "</a>"; }

// an event's page: its ranking (final, or after the last closed round) with the tie-break columns and the
// corrections' notes, then each round's tables with their results
std::string event_page(const Site& site, const Event& e) {
  const ojson& doc = e.document;
  const ojson& ev = doc["event"];
  std::map<std::string, std::string> names;
  for (const auto& en : doc["entrants"]) {
    const std::string id = tournament_value(en["id"]), name = en.contains("name") ? tournament_value(en["name"]) : "";
    names[id] = name.empty() ? id : name;
  }
  auto name_of = [&](const ojson& id) {
    auto it = names.find(tournament_value(id));
    return it == names.end() ? tournament_value(id) : it->second;
  };
  int closed = 0;
  for (const auto& r : doc["rounds_played"])
    if (r.value("status", std::string()) == "closed") closed = r.value("round", 0);
  std::string body = "<section class=\"site\">\n<h1>" + h(e.name) + "</h1>\n<p class=\"sub\">" + h(e.date) + " · " +
                     h(tournament_value(ev["game"])) + " · " + std::to_string(doc["rounds_played"].size()) + " of " +
                     h(tournament_value(ev["rounds"])) + " rounds" + (e.league.empty() ? "" : " · " + h(e.league)) +
                     (e.season.empty() ? "" : " · season " + h(e.season)) + " · " +
                     (e.status == "closed" ? "final" : "in progress") + "</p>\n</section>\n";
  if (closed > 0) {
    TournamentPrint p;
    p.what = TournamentPaper::ranking;
    p.round = e.status == "closed" ? 0 : closed;
    body += tournament_print_sections(doc, p);
  } else {
    body +=
        "<section class=\"site\"><p class=\"note\">No round closed yet: the ranking comes after the first.</p></section>\n";
  }
  body += "<section class=\"site\">\n";
  for (const auto& r : doc["rounds_played"]) {
    body += "<h2>Round " + tournament_value(r["round"]) +
            (r.value("status", std::string()) == "closed" ? "" : " (open)") +
            "</h2>\n<table class=\"list\">\n<thead><tr><th class=\"r\">table</th><th>seats and results</th><th>"
            "result</th></tr></thead>\n<tbody>\n";
    for (const auto& t : r["tables"]) {
      std::string seats;
      for (const auto& sid : t["seats"]) {
        seats += (seats.empty() ? "" : ", ") + h(name_of(sid));
        const std::string id = tournament_value(sid);
        if (t["result"].is_object() && t["result"].contains(id)) seats += " " + h(tournament_value(t["result"][id]));
      }
      std::string state = tournament_value(t["status"]);
      if (t["override"].is_object()) state += " by the organiser: " + tournament_value(t["override"]["reason"]);
      body += "<tr><td class=\"r\">" + tournament_value(t["table"]) + "</td><td>" + seats + "</td><td>" + h(state) +
              "</td></tr>\n";
    }
    body += "</tbody>\n</table>\n";
    std::string others;
    for (const auto& b : r["byes"]) others += (others.empty() ? "" : ", ") + h(name_of(b)) + " (bye)";
    for (const auto& a : r["absent"]) others += (others.empty() ? "" : ", ") + h(name_of(a)) + " (absent)";
    if (!others.empty()) body += "<p>Not at a table: " + others + "</p>\n";
  }
  body += "</section>\n";
  return page(site, e.name + " — " + site.title, body);
}

std::string index_page(const Site& site) {
  std::string body = "<section class=\"site\">\n<h1>" + h(site.title) +
                     "</h1>\n<p class=\"sub\">Standings, players, nights and games" + " — made by " +
                     h(site.generator) + " on " + h(site.generated_at) + "</p>\n";
  // where to go on this page
  body += "<p class=\"sub\">";
  for (size_t i = 0; i < site.seasons.size(); ++i)
    body += "<a href=\"#season-" + std::to_string(i + 1) + "\">" + h(site.seasons[i].name) + "</a> · ";
  body +=
      "<a href=\"#all-time\">all time</a> · <a href=\"#players\">players</a> · <a href=\"#nights\">nights</a></p>\n";
  body +=
      "<p class=\"note\">A game counts once it is over (finished, or closed by decision). The ranking uses league points only: "
      "each game gives 1 to its winner (a side of partners) and 0 to its last, shared places share the average. "
      "Points are shown per game kind, never added across kinds.</p>\n";
  for (size_t i = 0; i < site.seasons.size(); ++i) {
    const Season& s = site.seasons[i];
    body += "<h2 id=\"season-" + std::to_string(i + 1) + "\">" + h(s.name) + " <small>(" + h(s.league) + ", " +
            h(s.from) + " to " + h(s.to) + ")</small></h2>\n";
    body += standings_html(site, s.standings, s.name);
    std::string events;
    for (const auto& e : site.events)
      if (!e.season.empty() && e.season == s.name && (s.league.empty() || e.league == s.league))
        events += (events.empty() ? "" : " · ") + event_link(e);
    if (!events.empty()) body += "<p>Tournaments of the season: " + events + "</p>\n";
  }
  body += "<h2 id=\"all-time\">All time" +
          std::string(site.league.empty() ? "" : " <small>(" + h(site.league) + ")</small>") + "</h2>\n";
  body += standings_html(site, site.standings, "all");
  body += "<h2 id=\"players\">Players</h2>\n<ul class=\"cols\">\n";
  for (const auto& p : site.players) body += "<li>" + player_link(site, p.name) + "</li>\n";
  body += "</ul>\n<h2 id=\"nights\">Nights</h2>\n";
  if (site.nights.empty())
    body += "<p class=\"note\">No night yet.</p>\n";
  else {
    body +=
        "<table class=\"list nights\">\n<thead><tr><th>date</th><th>venue</th><th>league</th><th class=\"r\">games</th></tr></thead>\n<tbody>\n";
    for (const auto& n : site.nights)
      body += "<tr><td><a href=\"" + night_file(n.id) + "\">" + h(n.date) + "</a></td><td>" + h(n.venue) + "</td><td>" +
              h(n.league) + "</td><td class=\"r\">" + std::to_string(n.games.size()) + "</td></tr>\n";
    body += "</tbody>\n</table>\n";
  }
  // the games of a night are on its page; the others here (every game is on its players' pages too)
  std::vector<const Game*> loose;
  for (const auto& g : site.games)
    if (!g.night) loose.push_back(&g);
  if (!site.events.empty()) {
    body += "<h2 id=\"tournaments\">Tournaments</h2>\n<table class=\"list tournaments\">\n<thead><tr><th>date</th>"
            "<th>event</th><th>game</th><th>season</th><th>state</th></tr></thead>\n<tbody>\n";
    for (const auto& e : site.events)
      body += "<tr><td>" + h(e.date) + "</td><td>" + event_link(e) + "</td><td>" +
              h(tournament_value(e.document["event"]["game"])) + "</td><td>" + h(e.season) + "</td><td>" + h(e.status) +
              "</td></tr>\n";
    body += "</tbody>\n</table>\n";
  }
  body += "<h2 id=\"games\">Games outside a night</h2>\n";
  body += loose.empty() ? std::string("<p class=\"note\">None: every game was played on one of the nights above.</p>\n")
                        : games_table(site, loose);
  body += "</section>\n";
  return page(site, site.title + " — standings", body);
}

// a hand of a statistics document ({"delta", "game", "hand"}) as a link to its game
std::string hand_link(const Site& site, const ojson& hand) {
  if (!hand.is_object() || !hand["game"].is_number_integer()) return "-";
  const int64_t game = hand["game"].get<int64_t>();
  return format_signed(hand["delta"].get<double>()) + " <a href=\"" + game_file(game) + "\">" +
         h(game_title(site, game)) + " #" + std::to_string(game) + ", hand " + num(hand["hand"]) + "</a>";
}

std::string player_page(const Site& site, const Player& p) {
  std::string body = "<section class=\"site\">\n<h1>" + h(p.name) + "</h1>\n";
  // the player's line of each season's standings and of all time's
  std::vector<std::pair<std::string, const ojson*>> tables;
  for (const auto& s : site.seasons) tables.emplace_back(s.name, &s.standings);
  tables.emplace_back("All time", &site.standings);
  std::string lines;
  for (const auto& [title, doc] : tables)
    for (const auto& e : (*doc)["standings"])
      if (e["player"] == p.name)
        lines += "<li>" + h(title) + ": rank " + num(e["rank"]) + ", " + num(e["league_points"]) +
                 " league points in " + num(e["games"]) + (e["games"] == 1 ? " game, " : " games, ") + num(e["wins"]) +
                 (e["wins"] == 1 ? " win" : " wins") + "</li>\n";
  if (!lines.empty()) body += "<h2>Standings</h2>\n<ul>\n" + lines + "</ul>\n";
  // games
  std::vector<const Game*> mine;
  for (const auto& g : site.games)
    if (std::find(g.players.begin(), g.players.end(), p.name) != g.players.end()) mine.push_back(&g);
  body += "<h2>Games</h2>\n" + games_table(site, mine, p.name);
  // statistics and ratings per game kind
  const ojson* kinds = p.stats.contains("players") && p.stats["players"].contains(p.name) ? &p.stats["players"][p.name]
                                                                                          : nullptr;
  const ojson& rated = p.ratings["ratings"];
  std::vector<std::string> kind_ids;
  if (kinds)
    for (auto k = kinds->begin(); k != kinds->end(); ++k) kind_ids.push_back(k.key());
  for (auto k = rated.begin(); k != rated.end(); ++k)
    if (std::find(kind_ids.begin(), kind_ids.end(), k.key()) == kind_ids.end()) kind_ids.push_back(k.key());
  for (const auto& kind : kind_ids) {
    std::string title = kind;
    for (const auto& g : site.games)
      if (g.kind == kind) title = g.title;
    body += "<h2>" + h(title) + "</h2>\n";
    if (kinds && kinds->contains(kind)) {
      const ojson& e = (*kinds)[kind];
      body += "<dl class=\"stats\">\n<dt>hands played</dt><dd>" + num(e["hands"]);
      if (e.contains("deals_not_played") && !e["deals_not_played"].empty()) {
        std::string apart;
        for (auto d = e["deals_not_played"].begin(); d != e["deals_not_played"].end(); ++d)
          apart += (apart.empty() ? "" : ", ") + h(d.key()) + " " + num(d.value());
        body += " (and not played: " + apart + ")";
      }
      body += "</dd>\n";
      if (e.contains("role"))
        body += "<dt>as " + h(e["role"].get<std::string>()) + "</dt><dd>" + num(e["as_role"]) + " times, made " +
                num(e["made"]) + " (" + format_number(100.0 * e["success_rate"].get<double>(), 0) + "%)</dd>\n";
      if (e.contains("contracts") && !e["contracts"].empty()) {
        std::string c;
        for (auto it = e["contracts"].begin(); it != e["contracts"].end(); ++it)
          c += (c.empty() ? "" : ", ") + h(it.key()) + " " + num(it.value()["made"]) + "/" + num(it.value()["count"]);
        body += "<dt>contracts</dt><dd>" + c + "</dd>\n";
      }
      if (e.contains("bonuses") && !e["bonuses"].empty()) {
        std::string b;
        for (auto it = e["bonuses"].begin(); it != e["bonuses"].end(); ++it)
          b += (b.empty() ? "" : ", ") + h(it.key()) + " " + num(it.value());
        body += "<dt>bonuses</dt><dd>" + b + "</dd>\n";
      }
      if (e["hands"].get<int64_t>() > 0)
        body += "<dt>best hand</dt><dd>" + hand_link(site, e["best_hand"]) + "</dd>\n<dt>worst hand</dt><dd>" +
                hand_link(site, e["worst_hand"]) + "</dd>\n<dt>streaks</dt><dd>" + num(e["longest_winning_streak"]) +
                " won, " + num(e["longest_losing_streak"]) + " lost in a row</dd>\n";
      body += "</dl>\n";
    }
    if (rated.contains(kind)) {
      for (const auto& r : rated[kind]) {
        body += "<p>Rating " + format_number(r["rating"].get<double>(), 1) + " after " + num(r["games"]) +
                (r["games"] == 1 ? " game" : " games") + " (from " +
                format_number(p.ratings["start"].get<double>(), 0) + ").</p>\n";
        body += svg_chart(rating_chart(p.ratings, kind), 700, {"rating", "game", false});
      }
    }
  }
  body += "</section>\n";
  return page(site, p.name + " — " + site.title, body);
}

std::string night_page(const Site& site, const Night& n) {
  std::string body = "<section class=\"site\">\n<h1>Night of " + h(n.date) + "</h1>\n<p class=\"sub\">" + h(n.venue) +
                     (n.league.empty() ? "" : " · " + h(n.league)) + "</p>\n";
  if (!n.note.empty()) body += "<p>" + h(n.note) + "</p>\n";
  std::vector<const Game*> games;
  for (const auto& g : site.games)
    if (g.night && *g.night == n.id) games.push_back(&g);
  body += games_table(site, games) + "</section>\n";
  body += sheet_sections(n.sheets, false);  // the night's title is above: its results, then each game's sheet
  return page(site, "Night of " + n.date + " — " + site.title, body);
}

std::string game_page(const Site& site, const Game& g) {
  std::string body = "<section class=\"site\">\n<h1>" + h(g.title) + " #" + std::to_string(g.id) +
                     "</h1>\n<p class=\"sub\">" + h(g.date.empty() ? "no date" : g.date) +
                     (g.league.empty() ? "" : " · " + h(g.league)) + " · " + h(g.state) +
                     (g.counts ? ", counts in the standings" : ", does not count in the standings") +
                     "</p>\n<p>Players: ";
  for (size_t i = 0; i < g.players.size(); ++i) body += (i ? ", " : "") + player_link(site, g.players[i]);
  body += "</p>\n";
  if (g.night) body += "<p><a href=\"" + night_file(*g.night) + "\">the night's sheets</a></p>\n";
  body += "</section>\n" + sheet_sections(g.sheets);
  return page(site, g.title + " #" + std::to_string(g.id) + " — " + site.title, body);
}

}  // namespace

std::string player_file(const Site& site, const std::string& name) {
  for (const auto& p : site.players)
    if (p.name == name) return "player-" + std::to_string(p.id) + ".html";
  return "";
}
std::string night_file(int64_t id) { return "night-" + std::to_string(id) + ".html"; }
std::string game_file(int64_t id) { return "game-" + std::to_string(id) + ".html"; }
std::string event_file(const std::string& id) { return "event-" + id + ".html"; }

std::map<std::string, std::string> render(const Site& site) {
  std::map<std::string, std::string> pages;
  pages["index.html"] = index_page(site);
  for (const auto& p : site.players) pages[player_file(site, p.name)] = player_page(site, p);
  for (const auto& n : site.nights) pages[night_file(n.id)] = night_page(site, n);
  for (const auto& g : site.games) pages[game_file(g.id)] = game_page(site, g);
  for (const auto& e : site.events) pages[event_file(e.id)] = event_page(site, e);
  return pages;
}

}  // namespace marque::reports::site
