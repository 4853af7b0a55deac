// Score sheets as a scorer reads or prints them: one game's, or a night's, assembled as plain data (core/sheet.hpp
// sheet::Document) from the stored games: each game's heading, its traditional sheet (the game's own
// GameRules::score_sheet), its net corrections in local time, and its outcome for a night's summary. reports/
// renders it (text, HTML, JSON); nothing is printed here.
#include "app/internal.hpp"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <map>

#include "core/language.hpp"
#include "core/text.hpp"
#include "reports/game_text.hpp"

namespace marque::app {

namespace {

// "2026-11-20T20:14:03Z" (stored, UTC) -> "2026-11-20 21:14 +01:00" in the machine's time zone (TZ); a time
// that does not read as one is shown as stored.
std::string local_time(const std::string& utc) {
  std::tm tm{};
  int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
  if (std::sscanf(utc.c_str(), "%d-%d-%dT%d:%d:%d", &y, &mo, &d, &h, &mi, &s) != 6) return utc;
  tm.tm_year = y - 1900;
  tm.tm_mon = mo - 1;
  tm.tm_mday = d;
  tm.tm_hour = h;
  tm.tm_min = mi;
  tm.tm_sec = s;
  const std::time_t t = timegm(&tm);
  std::tm local{};
  if (t == static_cast<std::time_t>(-1) || !localtime_r(&t, &local)) return utc;
  char buf[40];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M", &local);
  const long off = local.tm_gmtoff / 60;
  char zone[48];
  std::snprintf(zone, sizeof zone, " %c%02ld:%02ld", off < 0 ? '-' : '+', std::labs(off) / 60, std::labs(off) % 60);
  return std::string(buf) + zone;
}

// The net corrections of a game: per hand, its record before the first edit or deletion that still stands and
// after the last one (edits and deletions that were undone are skipped); a hand edited back to what it was has
// none. In the order of each hand's last change.
std::vector<sheet::Correction> net_corrections(const std::vector<Change>& changes, const text::Labels& labels) {
  struct Net {
    json before, after;
    std::string at;
    size_t order = 0;
    bool deleted = false;
  };
  std::map<int, Net> by_hand;
  size_t order = 0;
  for (const auto& c : changes) {
    if ((c.action != "edit" && c.action != "delete") || c.undone || !c.no) continue;
    auto [it, fresh] = by_hand.try_emplace(*c.no);
    Net& n = it->second;
    if (fresh) n.before = c.before;
    n.after = c.action == "delete" ? json(nullptr) : c.after;
    n.deleted = c.action == "delete";
    n.at = c.at;
    n.order = order++;
  }
  std::vector<std::pair<size_t, sheet::Correction>> out;
  for (const auto& [no, n] : by_hand) {
    sheet::Correction c;
    c.at = local_time(n.at);
    c.hand = no;
    if (n.deleted) {
      c.what = text::tr("sheet.correction.deleted", "deleted: ") + reports::record_words(n.before, labels);
    } else {
      if (n.before == n.after) continue;
      c.what = text::tr("sheet.correction.edited", "edited: ") + reports::record_diff(n.before, n.after, labels);
    }
    out.emplace_back(n.order, std::move(c));
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<sheet::Correction> list;
  for (auto& [o, c] : out) list.push_back(std::move(c));
  return list;
}

// The outcome's places: each seat's place and total as the game reduces them (GameRules::seats); a team's seats
// (same place, total and team result) as one line "Sophie & Nadine". A game that counts a result other than its
// totals (a Rubicon partie: ±R) shows both: "+186 (341)".
// `summary`: summary_of(r) as plain JSON.
std::vector<sheet::Place> places_of(const rules::GameRules& rules, const rules::Replay& r, const json& summary) {
  const std::vector<std::string> players = r.state->players();
  const auto seats = rules.seats(summary, players);
  const bool teams =
      sides_of(rules, *r.state, r.score, nullptr).teams;  // a team game: partners share a line before the end too
  const json none = json::object();
  const json& totals = summary.contains("totals") ? summary["totals"] : none;
  std::vector<sheet::Place> out;
  std::vector<std::string> team_of;  // the team result of each line of `out`, "" = no team
  for (size_t i = 0; i < seats.size() && i < players.size(); ++i) {
    const auto& s = seats[i];
    const std::string& lang = text::language();
    std::string total = text::local_number(s.points, lang);
    if (auto raw = totals.find(players[i]); !teams && raw != totals.end() && raw->is_number() && *raw != json(s.points))
      total = text::local_signed(s.points, lang) + " (" + text::local_number(raw->get<double>(), lang) + ")";
    bool joined = false;
    // a team game in progress has no team result yet: partners are the two seats alone at their place and total
    const bool pair = teams && std::count_if(seats.begin(), seats.end(), [&](const league::SeatResult& o) {
                                 return o.place == s.place && o.points == s.points;
                               }) == 2;
    if (!s.team_result.empty() || pair)
      for (size_t k = 0; k < out.size(); ++k)
        if (team_of[k] == s.team_result && out[k].place == s.place && out[k].total == total) {
          out[k].who += " & " + players[i];
          joined = true;
          break;
        }
    if (joined) continue;
    out.push_back({s.place, players[i], total});
    team_of.push_back(s.team_result);
  }
  std::stable_sort(out.begin(), out.end(), [](const sheet::Place& a, const sheet::Place& b) {
    return (a.place ? a.place : 1 << 30) < (b.place ? b.place : 1 << 30);
  });
  // places counted over the lines (two teams: 1 and 2, not the seats' 1 and 3)
  std::vector<int> seat_place;
  for (const auto& p : out) seat_place.push_back(p.place);
  for (size_t k = 0; k < out.size(); ++k)
    if (seat_place[k] > 0)
      out[k].place = 1 + static_cast<int>(std::count_if(seat_place.begin(), seat_place.end(),
                                                        [&](int q) { return q > 0 && q < seat_place[k]; }));
  return out;
}

sheet::Part part_of(Session& session, int64_t id) {
  const ScoredGame scored = scored_game(session, id);  // the game and its hands read once, replayed once
  const json& file = scored.file;
  const rules::Replay& r = scored.r;
  const rules::GameRules* rules = rules::find_game(file.value("game", std::string()));
  if (!rules) throw Error(k_exit_dataerr, "game " + std::to_string(id) + " is of a kind this marque does not know");
  sheet::Part p;
  p.game = id;
  const json meta = file.value("meta", json::object());
  for (const char* k : {"date", "venue", "league"})
    if (meta.is_object() && meta.contains(k) && meta[k].is_string() && !meta[k].get<std::string>().empty())
      p.subheading += (p.subheading.empty() ? "" : " · ") +
                      (std::string(k) == "date" ? text::local_date(meta[k].get<std::string>(), text::language())
                                                : meta[k].get<std::string>());
  p.sheet = rules->score_sheet(file, r.score);
  const std::string title = local_game_title(std::string(rules->id()));
  p.heading = text::tr("sheet.game_heading", "Game {id} — {title}",
                       text::Message().number("id", id).text("title", title));
  p.corrections = net_corrections(history(session, id), rules->labels());
  p.finished = r.score.value("finished", false);
  // what the places and the outcome read: the score document without its hands (none of the games' seats or
  // result words reads them)
  const json summary(summary_of(r));
  p.places = places_of(*rules, r, summary);
  p.outcome = rules->result_words(summary);
  return p;
}

}  // namespace

sheet::Document sheets(Session& session, std::optional<int64_t> game_id, std::optional<int64_t> night_id) {
  sheet::Document doc;
  std::vector<int64_t> ids;
  if (night_id) {
    auto n = night(session, *night_id);
    if (!n) no_night(*night_id);
    ids = n->games;
    doc.title = text::tr("sheet.night_title", "Night of {date}",
                         text::Message().text("date", text::local_date(n->date, text::language()))) +
                (n->venue.empty() ? "" : " — " + n->venue) + (n->league.empty() ? "" : " (" + n->league + ")");
    doc.night = true;
    if (ids.empty())
      throw Error(k_exit_noinput, text::tr("app.night_empty", "night {id} has no games yet",
                                           text::Message().text("id", std::to_string(*night_id))));
  } else {  // a game named by its id is read once, by part_of (no game: load_game's refusal, resolve_game's own)
    ids.push_back(game_id ? *game_id : resolve_game(session, std::nullopt));
  }
  for (auto id : ids) doc.parts.push_back(part_of(session, id));
  if (doc.title.empty()) doc.title = doc.parts.front().heading;
  return doc;
}

}  // namespace marque::app
