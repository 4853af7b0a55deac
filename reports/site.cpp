// The club's website: each page as one self-contained HTML file (reports/site.hpp).
#include "reports/site.hpp"

#include <algorithm>

#include "core/escape.hpp"
#include "core/language.hpp"
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

// a stored date ("2026-11-20") as the club's language writes it, escaped
std::string d(const std::string& date) { return h(text::local_date(date, text::language())); }

// when the site was made ("2026-11-26T21:05:00Z"): in English as stored, else its date as the language writes it and
// the time of day in UTC ("26/11/2026 21:05 UTC")
std::string when(const std::string& stamp) {
  if (text::language() == "en" || stamp.size() < 16 || stamp[10] != 'T') return stamp;
  return text::local_date(stamp.substr(0, 10), text::language()) + " " + stamp.substr(11, 5) + " UTC";
}

// a game's or an event's state as the site says it
std::string state_words(const std::string& state) {
  if (state == "finished") return text::tr("site.state.finished", "finished");
  if (state == "in progress") return text::tr("site.state.in_progress", "in progress");
  if (state == "closed") return text::tr("site.state.closed", "closed");
  if (state == "abandoned") return text::tr("site.state.abandoned", "abandoned");
  if (state == "open") return text::tr("site.state.open", "open");
  if (state == "confirmed") return text::tr("site.state.confirmed", "confirmed");
  if (state == "submitted") return text::tr("site.state.submitted", "submitted");
  if (state == "overridden") return text::tr("site.state.overridden", "overridden");
  if (state == "disputed") return text::tr("site.state.disputed", "disputed");
  return state;
}

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
  return "<!DOCTYPE html>\n<html lang=\"" + text::language() +
         "\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, "
         "initial-scale=1\">\n<meta name=\"generator\" content=\"" +
         h(site.generator) + "\">\n<title>" + h(title) + "</title>\n<style>" + sheet_css() + k_site_css +
         "</style>\n</head>\n<body>\n<nav class=\"site\"><a href=\"index.html\">" +
         h(text::tr("site.nav.standings", "{club}: standings", text::Message().text("club", site.title))) +
         "</a><a href=\"index.html#players\">" + h(text::tr("site.nav.players", "players")) +
         "</a><a href=\"index.html#nights\">" + h(text::tr("site.nav.nights", "nights")) +
         "</a><a href=\"index.html#games\">" + h(text::tr("site.nav.games", "games")) + "</a>" +
         (site.events.empty()
              ? ""
              : "<a href=\"index.html#tournaments\">" + h(text::tr("site.nav.tournaments", "tournaments")) + "</a>") +
         "</nav>\n" + body + "</body>\n</html>\n";
}

std::string num(const ojson& v, int decimals = 2) {
  const std::string& lang = text::language();
  if (v.is_number_integer())
    return lang == "en" ? std::to_string(v.get<int64_t>()) : text::local_number(Amount::whole(v.get<int64_t>()), lang);
  if (v.is_number()) return text::local_number(v.get<double>(), lang, decimals);
  return "";
}

std::string player_link(const Site& site, const std::string& name) {
  const std::string f = player_file(site, name);
  return f.empty() ? h(name) : "<a href=\"" + f + "\">" + h(name) + "</a>";
}

std::string game_title(const Site& site, int64_t id) {
  for (const auto& g : site.games)
    if (g.id == id) return g.title;
  return text::tr("site.game", "game");
}

// One standings document as tables: the combined ranking (league points only), then one table per game kind.
// Each table says which document it is (data-standings: "all" or the season's name) and each cell which figure it
// shows (data-key), so a reader (the crawl test) can compare them with marque-standings/2.
std::string standings_html(const Site& site, const ojson& doc, const std::string& id) {
  std::string out;
  const ojson& rows = doc["standings"];
  if (rows.empty())
    return "<p class=\"note\">" +
           h(text::tr("site.no_game_counts",
                      "No game counts yet: a game counts once it is over (finished, or closed).")) +
           "</p>\n";
  const std::string player = h(text::tr("site.col.player", "player")),
                    league_points = h(text::tr("site.col.league_points", "league points")),
                    games = h(text::tr("site.col.games", "games")), wins = h(text::tr("site.col.wins", "wins")),
                    hands = h(text::tr("site.col.hands", "hands"));
  out += "<table class=\"list standings\" data-standings=\"" + h(id) +
         "\" data-kind=\"\">\n<thead><tr><th class=\"r\">#</th><th>" + player + "</th><th class=\"r\">" +
         league_points + "</th><th class=\"r\">" + games + "</th><th class=\"r\">" + wins + "</th><th class=\"r\">" +
         h(text::tr("site.col.per_game", "per game")) + "</th><th class=\"r\">" + hands +
         "</th></tr></thead>\n<tbody>\n";
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
    out += "<h3>" + h(title) + " (" +
           h(text::tr("site.games_count", "{n, plural, one {# game} other {# games}}",
                      text::Message().number("n", n))) +
           ")</h3>\n";
    out += "<table class=\"list standings\" data-standings=\"" + h(id) + "\" data-kind=\"" + h(kind) +
           "\">\n<thead><tr><th class=\"r\">#</th><th>" + player + "</th><th class=\"r\">" + league_points +
           "</th><th class=\"r\">" + games + "</th><th class=\"r\">" + wins + "</th><th class=\"r\">" + hands +
           "</th><th class=\"r\">" + h(text::tr("site.col.points", "points")) + "</th><th class=\"r\">" +
           h(text::tr("site.col.per_hand", "per hand")) + "</th><th class=\"r\">" +
           h(text::tr("site.col.rating", "rating")) + "</th></tr></thead>\n<tbody>\n";
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
  std::string out = "<table class=\"list games\">\n<thead><tr><th>" + h(text::tr("site.col.date", "date")) +
                    "</th><th>" + h(text::tr("site.col.game", "game")) + "</th><th>" +
                    h(text::tr("site.col.players", "players")) + "</th>" +
                    (player.empty() ? "" : "<th class=\"r\">" + h(text::tr("site.col.place", "place")) + "</th>") +
                    "<th class=\"r\">" + h(text::tr("site.col.hands", "hands")) + "</th><th>" +
                    h(text::tr("site.col.state", "state")) + "</th></tr></thead>\n<tbody>\n";
  for (const Game* g : games) {
    std::string players;
    int place = 0;
    for (size_t i = 0; i < g->players.size(); ++i) {
      players += (i ? ", " : "") + player_link(site, g->players[i]);
      if (g->players[i] == player && i < g->places.size()) place = g->places[i];
    }
    out += "<tr><td>" + (g->date.empty() ? "-" : d(g->date)) + "</td><td><a href=\"" + game_file(g->id) + "\">" +
           h(g->title) + " #" + std::to_string(g->id) + "</a></td><td>" + players + "</td>" +
           (player.empty()
                ? ""
                : "<td class=\"r\">" + (place ? std::to_string(place) + "/" + std::to_string(g->competitors) : "-") +
                      "</td>") +
           "<td class=\"r\">" + num(ojson(g->hands)) + "</td><td>" + h(state_words(g->state)) +
           (g->counts ? "" : h(text::tr("site.does_not_count", " (does not count)"))) + "</td></tr>\n";
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
  std::string body = "<section class=\"site\">\n<h1>" + h(e.name) + "</h1>\n<p class=\"sub\">" + d(e.date) + " · " +
                     h(tournament_value(ev["game"])) + " · " +
                     h(text::tr("site.event.rounds", "{played} of {rounds} rounds",
                                text::Message()
                                    .number("played", static_cast<int64_t>(doc["rounds_played"].size()))
                                    .text("rounds", tournament_value(ev["rounds"])))) +
                     (e.league.empty() ? "" : " · " + h(e.league)) +
                     (e.season.empty() ? ""
                                       : " · " + h(text::tr("site.event.season", "season {name}",
                                                            text::Message().text("name", e.season)))) +
                     " · " +
                     h(e.status == "closed" ? text::tr("site.event.final", "final")
                                            : text::tr("site.state.in_progress", "in progress")) +
                     "</p>\n</section>\n";
  if (closed > 0) {
    TournamentPrint p;
    p.what = TournamentPaper::ranking;
    p.round = e.status == "closed" ? 0 : closed;
    body += tournament_print_sections(doc, p);
  } else {
    body += "<section class=\"site\"><p class=\"note\">" +
            h(text::tr("site.event.no_round", "No round closed yet: the ranking comes after the first.")) +
            "</p></section>\n";
  }
  body += "<section class=\"site\">\n";
  for (const auto& r : doc["rounds_played"]) {
    body += "<h2>" +
            h(text::tr("site.event.round", "Round {n}", text::Message().text("n", tournament_value(r["round"])))) +
            (r.value("status", std::string()) == "closed" ? "" : h(text::tr("site.event.open", " (open)"))) +
            "</h2>\n<table class=\"list\">\n<thead><tr><th class=\"r\">" + h(text::tr("site.col.table", "table")) +
            "</th><th>" + h(text::tr("site.col.seats_results", "seats and results")) + "</th><th>" +
            h(text::tr("site.col.result", "result")) + "</th></tr></thead>\n<tbody>\n";
    for (const auto& t : r["tables"]) {
      std::string seats;
      for (const auto& sid : t["seats"]) {
        seats += (seats.empty() ? "" : ", ") + h(name_of(sid));
        const std::string id = tournament_value(sid);
        if (t["result"].is_object() && t["result"].contains(id)) seats += " " + h(tournament_value(t["result"][id]));
      }
      std::string state = state_words(tournament_value(t["status"]));
      if (t["override"].is_object())
        state += text::tr("site.event.by_organiser", " by the organiser: {reason}",
                          text::Message().text("reason", tournament_value(t["override"]["reason"])));
      body += "<tr><td class=\"r\">" + tournament_value(t["table"]) + "</td><td>" + seats + "</td><td>" + h(state) +
              "</td></tr>\n";
    }
    body += "</tbody>\n</table>\n";
    std::string others;
    for (const auto& b : r["byes"])
      others += (others.empty() ? "" : ", ") + h(name_of(b)) + h(text::tr("site.event.bye", " (bye)"));
    for (const auto& a : r["absent"])
      others += (others.empty() ? "" : ", ") + h(name_of(a)) + h(text::tr("site.event.absent", " (absent)"));
    if (!others.empty()) body += "<p>" + h(text::tr("site.event.not_at_table", "Not at a table: ")) + others + "</p>\n";
  }
  body += "</section>\n";
  return page(site, e.name + " — " + site.title, body);
}

std::string index_page(const Site& site) {
  std::string body =
      "<section class=\"site\">\n<h1>" + h(site.title) + "</h1>\n<p class=\"sub\">" +
      h(text::tr("site.index.made_by", "Standings, players, nights and games — made by {generator} on {when}",
                 text::Message().text("generator", site.generator).text("when", when(site.generated_at)))) +
      "</p>\n";
  // where to go on this page
  body += "<p class=\"sub\">";
  for (size_t i = 0; i < site.seasons.size(); ++i)
    body += "<a href=\"#season-" + std::to_string(i + 1) + "\">" + h(site.seasons[i].name) + "</a> · ";
  body += "<a href=\"#all-time\">" + h(text::tr("site.index.all_time_link", "all time")) +
          "</a> · <a href=\"#players\">" + h(text::tr("site.nav.players", "players")) + "</a> · <a href=\"#nights\">" +
          h(text::tr("site.nav.nights", "nights")) + "</a></p>\n";
  body += "<p class=\"note\">" +
          h(text::tr(
              "site.index.note",
              "A game counts once it is over (finished, or closed by decision). The ranking uses league points only: "
              "each game gives 1 to its winner (a side of partners) and 0 to its last, shared places share the "
              "average. Points are shown per game kind, never added across kinds.")) +
          "</p>\n";
  for (size_t i = 0; i < site.seasons.size(); ++i) {
    const Season& s = site.seasons[i];
    body += "<h2 id=\"season-" + std::to_string(i + 1) + "\">" + h(s.name) + " <small>(" + h(s.league) + ", " +
            h(text::tr("site.season.dates", "{from} to {to}",
                       text::Message()
                           .text("from", text::local_date(s.from, text::language()))
                           .text("to", text::local_date(s.to, text::language())))) +
            ")</small></h2>\n";
    body += standings_html(site, s.standings, s.name);
    std::string events;
    for (const auto& e : site.events)
      if (!e.season.empty() && e.season == s.name && (s.league.empty() || e.league == s.league))
        events += (events.empty() ? "" : " · ") + event_link(e);
    if (!events.empty())
      body += "<p>" + h(text::tr("site.season.tournaments", "Tournaments of the season: ")) + events + "</p>\n";
  }
  body += "<h2 id=\"all-time\">" + h(text::tr("site.index.all_time", "All time")) +
          std::string(site.league.empty() ? "" : " <small>(" + h(site.league) + ")</small>") + "</h2>\n";
  body += standings_html(site, site.standings, "all");
  body += "<h2 id=\"players\">" + h(text::tr("site.index.players", "Players")) + "</h2>\n<ul class=\"cols\">\n";
  for (const auto& p : site.players) body += "<li>" + player_link(site, p.name) + "</li>\n";
  body += "</ul>\n<h2 id=\"nights\">" + h(text::tr("site.index.nights", "Nights")) + "</h2>\n";
  if (site.nights.empty())
    body += "<p class=\"note\">" + h(text::tr("site.index.no_night", "No night yet.")) + "</p>\n";
  else {
    body += "<table class=\"list nights\">\n<thead><tr><th>" + h(text::tr("site.col.date", "date")) + "</th><th>" +
            h(text::tr("site.col.venue", "venue")) + "</th><th>" + h(text::tr("site.col.league", "league")) +
            "</th><th class=\"r\">" + h(text::tr("site.col.games", "games")) + "</th></tr></thead>\n<tbody>\n";
    for (const auto& n : site.nights)
      body += "<tr><td><a href=\"" + night_file(n.id) + "\">" + d(n.date) + "</a></td><td>" + h(n.venue) + "</td><td>" +
              h(n.league) + "</td><td class=\"r\">" + std::to_string(n.games.size()) + "</td></tr>\n";
    body += "</tbody>\n</table>\n";
  }
  // the games of a night are on its page; the others here (every game is on its players' pages too)
  std::vector<const Game*> loose;
  for (const auto& g : site.games)
    if (!g.night) loose.push_back(&g);
  if (!site.events.empty()) {
    body += "<h2 id=\"tournaments\">" + h(text::tr("site.index.tournaments", "Tournaments")) +
            "</h2>\n<table class=\"list tournaments\">\n<thead><tr><th>" + h(text::tr("site.col.date", "date")) +
            "</th><th>" + h(text::tr("site.col.event", "event")) + "</th><th>" + h(text::tr("site.col.game", "game")) +
            "</th><th>" + h(text::tr("site.col.season", "season")) + "</th><th>" +
            h(text::tr("site.col.state", "state")) + "</th></tr></thead>\n<tbody>\n";
    for (const auto& e : site.events)
      body += "<tr><td>" + d(e.date) + "</td><td>" + event_link(e) + "</td><td>" +
              h(tournament_value(e.document["event"]["game"])) + "</td><td>" + h(e.season) + "</td><td>" +
              h(state_words(e.status)) + "</td></tr>\n";
    body += "</tbody>\n</table>\n";
  }
  body += "<h2 id=\"games\">" + h(text::tr("site.index.loose_games", "Games outside a night")) + "</h2>\n";
  body += loose.empty() ? "<p class=\"note\">" +
                              h(text::tr("site.index.no_loose_games",
                                         "None: every game was played on one of the nights above.")) +
                              "</p>\n"
                        : games_table(site, loose);
  body += "</section>\n";
  return page(site, text::tr("site.index.title", "{club} — standings", text::Message().text("club", site.title)), body);
}

// a hand of a statistics document ({"delta", "game", "hand"}) as a link to its game
std::string hand_link(const Site& site, const ojson& hand) {
  if (!hand.is_object() || !hand["game"].is_number_integer()) return "-";
  const int64_t game = hand["game"].get<int64_t>();
  return h(text::local_signed(hand["delta"].get<double>(), text::language())) + " <a href=\"" + game_file(game) +
         "\">" + h(game_title(site, game)) + " #" + std::to_string(game) + ", " +
         h(text::tr("site.hand", "hand {no}", text::Message().text("no", num(hand["hand"])))) + "</a>";
}

std::string player_page(const Site& site, const Player& p) {
  std::string body = "<section class=\"site\">\n<h1>" + h(p.name) + "</h1>\n";
  // the player's line of each season's standings and of all time's
  std::vector<std::pair<std::string, const ojson*>> tables;
  for (const auto& s : site.seasons) tables.emplace_back(s.name, &s.standings);
  tables.emplace_back(text::tr("site.index.all_time", "All time"), &site.standings);
  std::string lines;
  for (const auto& [title, doc] : tables)
    for (const auto& e : (*doc)["standings"])
      if (e["player"] == p.name)
        lines += "<li>" + h(title) + ": " +
                 h(text::tr("site.player.standing",
                            "rank {rank}, {points} league points in {games, plural, one {# game} other {# games}}, "
                            "{wins, plural, one {# win} other {# wins}}",
                            text::Message()
                                .text("rank", num(e["rank"]))
                                .text("points", num(e["league_points"]))
                                .number("games", e["games"].get<int64_t>())
                                .number("wins", e["wins"].get<int64_t>()))) +
                 "</li>\n";
  if (!lines.empty())
    body += "<h2>" + h(text::tr("site.player.standings", "Standings")) + "</h2>\n<ul>\n" + lines + "</ul>\n";
  // games
  std::vector<const Game*> mine;
  for (const auto& g : site.games)
    if (std::find(g.players.begin(), g.players.end(), p.name) != g.players.end()) mine.push_back(&g);
  body += "<h2>" + h(text::tr("site.player.games", "Games")) + "</h2>\n" + games_table(site, mine, p.name);
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
      // a contract or bonus in the game's words (English: its id, as before)
      const auto said = [&](const std::string& k, const std::string& what, const std::string& id) {
        return text::language() == "en" || !site.words ? id : site.words(k, what, id);
      };
      body += "<dl class=\"stats\">\n<dt>" + h(text::tr("site.stats.hands_played", "hands played")) + "</dt><dd>" +
              num(e["hands"]);
      if (e.contains("deals_not_played") && !e["deals_not_played"].empty()) {
        std::string apart;
        for (auto d = e["deals_not_played"].begin(); d != e["deals_not_played"].end(); ++d)
          apart += (apart.empty() ? "" : ", ") + h(said(kind, "type", d.key())) + " " + num(d.value());
        body += h(text::tr("site.stats.not_played", " (and not played: ")) + apart + ")";
      }
      body += "</dd>\n";
      if (e.contains("role"))
        body += "<dt>" +
                h(text::tr("site.stats.as_role", "as {role}",
                           text::Message().text("role", role_word(e["role"].get<std::string>())))) +
                "</dt><dd>" +
                h(text::tr("site.stats.times_made", "{n} times, made {made} ({rate})",
                           text::Message()
                               .text("n", num(e["as_role"]))
                               .text("made", num(e["made"]))
                               .text("rate",
                                     text::language() == "en"
                                         ? format_number(100.0 * e["success_rate"].get<double>(), 0) + "%"
                                         : text::local_percent(e["success_rate"].get<double>(), text::language())))) +
                "</dd>\n";
      if (e.contains("contracts") && !e["contracts"].empty()) {
        std::string c;
        for (auto it = e["contracts"].begin(); it != e["contracts"].end(); ++it)
          c += (c.empty() ? "" : ", ") + h(said(kind, "contract", it.key())) + " " + num(it.value()["made"]) + "/" +
               num(it.value()["count"]);
        body += "<dt>" + h(text::tr("site.stats.contracts", "contracts")) + "</dt><dd>" + c + "</dd>\n";
      }
      if (e.contains("bonuses") && !e["bonuses"].empty()) {
        std::string b;
        for (auto it = e["bonuses"].begin(); it != e["bonuses"].end(); ++it)
          b += (b.empty() ? "" : ", ") + h(said(kind, "bonus", it.key())) + " " + num(it.value());
        body += "<dt>" + h(text::tr("site.stats.bonuses", "bonuses")) + "</dt><dd>" + b + "</dd>\n";
      }
      if (e["hands"].get<int64_t>() > 0)
        body += "<dt>" + h(text::tr("site.stats.best_hand", "best hand")) + "</dt><dd>" +
                hand_link(site, e["best_hand"]) + "</dd>\n<dt>" + h(text::tr("site.stats.worst_hand", "worst hand")) +
                "</dt><dd>" + hand_link(site, e["worst_hand"]) + "</dd>\n<dt>" +
                h(text::tr("site.stats.streaks", "streaks")) + "</dt><dd>" +
                h(text::tr("site.stats.streaks_text", "{won} won, {lost} lost in a row",
                           text::Message()
                               .text("won", num(e["longest_winning_streak"]))
                               .text("lost", num(e["longest_losing_streak"])))) +
                "</dd>\n";
      body += "</dl>\n";
    }
    if (rated.contains(kind)) {
      for (const auto& r : rated[kind]) {
        body += "<p>" +
                h(text::tr("site.rating.line",
                           "Rating {rating} after {games, plural, one {# game} other {# games}} (from {start}).",
                           text::Message()
                               .text("rating", text::local_number(r["rating"].get<double>(), text::language(), 1))
                               .number("games", r["games"].get<int64_t>())
                               .text("start",
                                     text::local_number(p.ratings["start"].get<double>(), text::language(), 0)))) +
                "</p>\n";
        body += svg_chart(rating_chart(p.ratings, kind), 700,
                          {text::tr("chart.rating", "rating"), text::tr("chart.step.game", "game"), false});
      }
    }
  }
  body += "</section>\n";
  return page(site, p.name + " — " + site.title, body);
}

std::string night_page(const Site& site, const Night& n) {
  const std::string title = text::tr("sheet.night_title", "Night of {date}",
                                     text::Message().text("date", text::local_date(n.date, text::language())));
  std::string body = "<section class=\"site\">\n<h1>" + h(title) + "</h1>\n<p class=\"sub\">" + h(n.venue) +
                     (n.league.empty() ? "" : " · " + h(n.league)) + "</p>\n";
  if (!n.note.empty()) body += "<p>" + h(n.note) + "</p>\n";
  std::vector<const Game*> games;
  for (const auto& g : site.games)
    if (g.night && *g.night == n.id) games.push_back(&g);
  body += games_table(site, games) + "</section>\n";
  body += sheet_sections(n.sheets, false);  // the night's title is above: its results, then each game's sheet
  return page(site, title + " — " + site.title, body);
}

std::string game_page(const Site& site, const Game& g) {
  std::string body = "<section class=\"site\">\n<h1>" + h(g.title) + " #" + std::to_string(g.id) +
                     "</h1>\n<p class=\"sub\">" +
                     (g.date.empty() ? h(text::tr("site.game.no_date", "no date")) : d(g.date)) +
                     (g.league.empty() ? "" : " · " + h(g.league)) + " · " + h(state_words(g.state)) +
                     h(g.counts ? text::tr("site.game.counts", ", counts in the standings")
                                : text::tr("site.game.does_not_count", ", does not count in the standings")) +
                     "</p>\n<p>" + h(text::tr("site.game.players", "Players: "));
  for (size_t i = 0; i < g.players.size(); ++i) body += (i ? ", " : "") + player_link(site, g.players[i]);
  body += "</p>\n";
  if (g.night)
    body += "<p><a href=\"" + night_file(*g.night) + "\">" +
            h(text::tr("site.game.night_sheets", "the night's sheets")) + "</a></p>\n";
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
