#include "web/pages.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "app/front.hpp"
#include "core/escape.hpp"
#include "core/text.hpp"
#include "core/unicode.hpp"

namespace marque::web {

using ojson = nlohmann::ordered_json;
using json = nlohmann::json;

namespace {

std::string h(const std::string& s) { return escape::html(s); }
std::string num(double v) { return text::format_number(v); }
std::string signed_num(double v) { return text::format_signed(v); }
std::string num(const Amount& a) { return text::format_number(a); }
std::string signed_num(const Amount& a) { return text::format_signed(a); }

// A path given back to us (?next=): a path of this site only ("/game/3"), never another site ("//evil", "/\evil").
std::string local_path(const std::string& p) {
  if (p.empty() || p[0] != '/' || (p.size() > 1 && (p[1] == '/' || p[1] == '\\'))) return "/";
  for (unsigned char ch : p)
    if (ch < 0x20 || ch == 0x7f) return "/";
  return p;
}

std::string url_part(const std::string& s) {  // percent-encoding of a query value
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char ch : s) {
    if (std::isalnum(ch) || ch == '-' || ch == '_' || ch == '.' || ch == '~' || ch == '/') {
      out += static_cast<char>(ch);
    } else {
      out += '%';
      out += hex[ch >> 4];
      out += hex[ch & 15];
    }
  }
  return out;
}

// live_main: the whole of <main> is replaced when the database changes (app.js); else only its [data-live] parts.
// bare: no control at all (the big board on a screen): no menu, no code link, only the live mark under the page.
// head: more of <head> (a page's own style sheet and script: assets only, the policy allows nothing inline).
std::string page(const std::string& title, const std::string& body_class, const std::string& main, const PageContext& c,
                 bool live_main = true, bool bare = false, const std::string& head = "") {
  const std::string v = "?v=" + c.asset_version;
  std::string out = "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                    "<title>" +
                    h(title) +
                    " · marque</title>\n"
                    "<link rel=\"icon\" href=\"/assets/icon.svg" +
                    v +
                    "\">\n"
                    "<link rel=\"manifest\" href=\"/manifest.webmanifest\">\n"
                    "<meta name=\"theme-color\" content=\"#1f5fbf\">\n"
                    "<link rel=\"stylesheet\" href=\"/assets/style.css" +
                    v +
                    "\">\n"
                    "<script src=\"/assets/app.js" +
                    v + "\" defer></script>\n" + head;
  if (c.writer) out += "<meta name=\"csrf-token\" content=\"" + h(c.csrf) + "\">\n";
  out += "</head>\n<body class=\"page-" + h(body_class) + "\" data-version=\"" + std::to_string(c.version) + "\">\n";
  if (bare)
    return out + "<main id=\"main\" data-live>\n" + main +
           "</main>\n<footer><span id=\"live\" class=\"live off\">not live</span></footer>\n</body>\n</html>\n";
  out +=
      "<nav class=\"top\"><a href=\"/\">Tables</a><a href=\"/standings\">Standings</a><a href=\"/players\">Players</a>";
  if (c.writer)
    out += "<span class=\"who\" title=\"this device may enter hands\">✎ scorer</span>";
  else
    out += "<a class=\"who\" href=\"/login?next=" + h(url_part(local_path(c.path))) +
           "\" title=\"enter the write code to score\">✎ code</a>";
  out += std::string("</nav>\n<main id=\"main\"") + (live_main ? " data-live" : "") + ">\n" + main + "</main>\n";
  out += "<footer><span id=\"live\" class=\"live off\">not live</span>";
  if (c.writer)
    out += "<form method=\"post\" action=\"/logout\" class=\"logout\"><input type=\"hidden\" name=\"csrf\" value=\"" +
           h(c.csrf) + "\"><button type=\"submit\" class=\"link\">forget the code on this device</button></form>";
  out += "</footer>\n</body>\n</html>\n";
  return out;
}

double number_in(const ojson& obj, const std::string& key) {
  return obj.is_object() && obj.contains(key) && obj[key].is_number() ? obj[key].get<double>() : 0.0;
}

std::string totals_list(const std::vector<app::BoardLine>& lines, const std::string& cls) {
  std::string out = "<ol class=\"totals " + cls + "\">";
  for (const auto& l : lines)
    out += std::string("<li") + (l.leads ? " class=\"lead\"" : "") + "><span class=\"name\">" + h(l.name) +
           "</span><span class=\"pts\">" + h(num(l.total)) + "</span></li>";
  return out + "</ol>\n";
}

std::string game_heading(int64_t id, const std::string& title) { return "Game " + std::to_string(id) + " · " + title; }

std::string meta_line(const app::GameInfo& g) {
  std::string s;
  for (const char* k : {"date", "venue", "league"})
    if (g.meta.contains(k) && g.meta[k].is_string() && !g.meta[k].get<std::string>().empty())
      s += (s.empty() ? "" : " · ") + g.meta[k].get<std::string>();
  return s;
}

std::string table_card(const app::BoardTable& t, const PageContext& c) {
  const std::string id = std::to_string(t.game.id);
  std::string out = "<article class=\"table" + std::string(t.finished ? " over" : "") + "\" id=\"game-" + id + "\">\n";
  out += "<h2><a href=\"/game/" + id + "\">" + h(game_heading(t.game.id, t.title)) + "</a></h2>\n";
  std::string meta = std::to_string(t.hands) + (t.hands == 1 ? " hand" : " hands");
  if (!t.next_dealer.empty()) meta += " · dealer " + t.next_dealer + (t.dealer_sits_out ? " (sits out)" : "");
  if (t.game.ended == "closed" || t.game.ended == "abandoned") meta += " · " + t.game.ended;
  out += "<p class=\"meta\">" + h(meta) + "</p>\n";
  out += totals_list(t.lines, "");
  if (!t.result_words.empty()) out += "<p class=\"result\">" + h(t.result_words) + "</p>\n";
  if (c.writer && !t.finished)
    out += "<p class=\"actions\"><a class=\"button primary\" href=\"/game/" + id + "/hand\">Enter hand " +
           std::to_string(t.hands + 1) + "</a></p>\n";
  return out + "</article>\n";
}

std::string night_title(const app::Night& n) {
  return "Night of " + n.date + (n.venue.empty() ? "" : " — " + n.venue) +
         (n.league.empty() ? "" : " (" + n.league + ")");
}

// "NS +90 · EW -90": each side's delta in the hand
std::string deltas_line(const Sides& sides) {
  std::string out;
  for (const auto& l : sides.lines) out += (out.empty() ? "" : " · ") + l.name + " " + signed_num(l.delta);
  return out;
}

// The first field of a record as `marque edit` takes it ("taker=Ben"): the placeholder of the words to change.
std::string first_word(const json& r) {
  if (!r.is_object() || r.empty()) return "";
  return r.begin().key() + "=" + (r.begin()->is_string() ? r.begin()->get<std::string>() : r.begin()->dump());
}

// A hand's score as a table: each side, its score for the hand and its total after it.
std::string hand_table(const Sides& sides) {
  std::string out =
      "<table class=\"deltas\"><thead><tr><th></th><th class=\"num\">hand</th><th class=\"num\">total</th></tr></thead><tbody>";
  for (const auto& l : sides.lines) {
    const Amount& dv = l.delta;
    out += "<tr><th>" + h(app::board_name(sides, l)) + "</th><td class=\"num " +
           (dv > 0   ? "up"
            : dv < 0 ? "down"
                     : "") +
           "\">" + h(signed_num(dv)) + "</td><td class=\"num\">" + h(num(l.total)) + "</td></tr>";
  }
  return out + "</tbody></table>\n";
}

std::string notes_of(const ojson& entry) {
  std::string out;
  if (entry.contains("warnings") && entry["warnings"].is_array())
    for (const auto& w : entry["warnings"])
      out += "<p class=\"note\">note: " + h(w.is_string() ? w.get<std::string>() : w.dump()) + "</p>\n";
  return out;
}

}  // namespace

std::string chart_svg(const std::vector<sheet::Series>& series) {
  size_t n = 0;
  for (const auto& s : series) n = std::max(n, s.points.size());
  if (series.empty() || n < 2) return "";
  const double w = 360, hgt = 200, left = 60, right = 8, top = 12, bottom = 28;
  double lo = 0, hi = 0;
  for (const auto& s : series)
    for (double v : s.points) {
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  if (hi - lo < 1e-9) hi = lo + 1;
  auto fmt = [](double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%.1f", v);
    return std::string(b);
  };
  auto x = [&](size_t i) { return left + (w - left - right) * static_cast<double>(i) / static_cast<double>(n - 1); };
  auto y = [&](double v) { return top + (hgt - top - bottom) * (hi - v) / (hi - lo); };
  std::string out = "<figure class=\"chart\"><svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + fmt(w) + " " +
                    fmt(hgt) + "\" role=\"img\" aria-label=\"running totals\">\n";
  out += "<line class=\"zero\" x1=\"" + fmt(left) + "\" y1=\"" + fmt(y(0)) + "\" x2=\"" + fmt(w - right) + "\" y2=\"" +
         fmt(y(0)) + "\"/>\n";
  out += "<text class=\"axis\" x=\"" + fmt(left - 4) + "\" y=\"" + fmt(y(hi) + 4) + "\" text-anchor=\"end\">" +
         h(num(hi)) + "</text>\n";
  out += "<text class=\"axis\" x=\"" + fmt(left - 4) + "\" y=\"" + fmt(y(lo)) + "\" text-anchor=\"end\">" + h(num(lo)) +
         "</text>\n";
  if (lo < 0 && hi > 0)
    out += "<text class=\"axis\" x=\"" + fmt(left - 4) + "\" y=\"" + fmt(y(0) + 4) +
           "\" text-anchor=\"end\">0</text>\n";
  out += "<text class=\"axis\" x=\"" + fmt(w - right) + "\" y=\"" + fmt(hgt - 6) + "\" text-anchor=\"end\">hand " +
         std::to_string(n - 1) + "</text>\n";
  for (size_t k = 0; k < series.size(); ++k) {
    std::string pts;
    for (size_t i = 0; i < series[k].points.size(); ++i)
      pts += (i ? " " : "") + fmt(x(i)) + "," + fmt(y(series[k].points[i]));
    out += "<polyline class=\"s" + std::to_string(k % 8) + "\" points=\"" + pts + "\"/>\n";
  }
  out += "</svg>\n<figcaption><ul class=\"legend\">";
  for (size_t k = 0; k < series.size(); ++k)
    out += "<li><span class=\"swatch s" + std::to_string(k % 8) + "\"></span>" + h(series[k].name) + " <b>" +
           h(num(series[k].points.empty() ? 0.0 : series[k].points.back())) + "</b></li>";
  return out + "</ul></figcaption></figure>\n";
}

std::string sheet_html(const sheet::Sheet& s) {
  std::string out = "<div class=\"sheet\">\n";
  for (const auto& b : s.blocks) {
    if (b.table) {
      const auto& t = *b.table;
      out += "<div class=\"sheet-wrap\"><table class=\"sheet-table role-" + h(b.role) + "\">\n";
      auto cell_class = [&](size_t i) {
        std::string cls;
        if (i < t.columns.size() && t.columns[i].right) cls += "num";
        if (t.bar_after >= 0 && static_cast<size_t>(t.bar_after) == i)
          cls += std::string(cls.empty() ? "" : " ") + "bar";
        return cls.empty() ? std::string() : " class=\"" + cls + "\"";
      };
      if (t.header) {
        out += "<thead><tr>";
        for (size_t i = 0; i < t.columns.size(); ++i)
          out += "<th" + cell_class(i) + ">" + h(t.columns[i].title) + "</th>";
        out += "</tr></thead>\n";
      }
      out += "<tbody>\n";
      for (const auto& r : t.rows) {
        if (r.kind == "rule") {
          out += "<tr class=\"rule\"><td colspan=\"" + std::to_string(std::max<size_t>(1, t.columns.size())) +
                 "\"></td></tr>\n";
          continue;
        }
        out += "<tr" + (r.kind.empty() ? std::string() : " class=\"" + h(r.kind) + "\"") + ">";
        for (size_t i = 0; i < r.cells.size(); ++i) {
          // the last cell of a short row spans the columns left (a redeal's words across the deal's columns)
          std::string span;
          if (i + 1 == r.cells.size() && r.cells.size() < t.columns.size())
            span = " colspan=\"" + std::to_string(t.columns.size() - i) + "\"";
          out += "<td" + cell_class(i) + span + ">" + h(r.cells[i]) + "</td>";
        }
        out += "</tr>\n";
      }
      out += "</tbody></table></div>\n";
    } else {
      out += "<div class=\"lines role-" + h(b.role) + "\">";
      for (const auto& l : b.lines) out += l.empty() ? "<p class=\"gap\"></p>" : "<p>" + h(l) + "</p>";
      out += "</div>\n";
    }
  }
  return out + "</div>\n";
}

std::string board_page(const app::Board& b, const std::vector<app::Night>& nights, const PageContext& c) {
  std::string title = b.night ? night_title(*b.night) : "Open tables";
  std::string main = "<h1>" + h(title) + "</h1>\n";
  if (c.writer)
    main += "<p class=\"actions\"><a class=\"button\" id=\"new-game-link\" href=\"/new\">New game</a></p>\n";
  if (b.night && !b.night->note.empty()) main += "<p class=\"sub\">" + h(b.night->note) + "</p>\n";
  if (b.tables.empty() && b.others.empty())
    main +=
        "<p class=\"empty\">No table yet. Start a game with <code>marque start GAME … --night ID</code>; it shows here at "
        "once.</p>\n";
  if (!b.tables.empty() || !b.others.empty())
    main += "<p class=\"sub\"><a href=\"" + h(c.path.rfind("/night/", 0) == 0 ? c.path + "/big" : "/big") +
            "\">Big board</a> (the totals, large, for a screen)</p>\n";
  // the open tables first, then the other open ones, then those that are over
  std::string over;
  main += "<section class=\"board\">\n";
  for (const auto& t : b.tables)
    if (t.finished)
      over += table_card(t, c);
    else
      main += table_card(t, c);
  main += "</section>\n";
  if (!b.others.empty()) {
    main += std::string("<h2 class=\"section\">") + (b.night ? "Other open tables" : "") +
            "</h2>\n<section class=\"board\">\n";
    for (const auto& t : b.others) main += table_card(t, c);
    main += "</section>\n";
  }
  if (!over.empty())
    main += "<h2 class=\"section\">Over</h2>\n<section class=\"board over\">\n" + over + "</section>\n";
  if (nights.size() > 1 || (nights.size() == 1 && !b.night)) {
    main += "<h2 class=\"section\">Nights</h2>\n<ul class=\"nights\">";
    for (auto it = nights.rbegin(); it != nights.rend(); ++it)
      main += "<li><a href=\"/night/" + std::to_string(it->id) + "\">" + h(night_title(*it)) +
              "</a> <span class=\"count\">" + std::to_string(it->games.size()) +
              (it->games.size() == 1 ? " game" : " games") + "</span></li>";
    main += "</ul>\n";
  }
  return page(title, "board", main, c);
}

std::string big_board_page(const app::Board& b, const PageContext& c) {
  const std::string title = b.night ? night_title(*b.night) : "Open tables";
  std::string main = "<h1>" + h(title) + "</h1>\n<section class=\"bigboard\">\n";
  bool any = false;
  for (const auto* list : {&b.tables, &b.others})
    for (const auto& t : *list) {
      if (t.finished) continue;
      any = true;
      main += "<article class=\"table\" id=\"big-" + std::to_string(t.game.id) + "\">\n<h2>" +
              h(game_heading(t.game.id, t.title)) + "</h2>\n" + totals_list(t.lines, "") + "</article>\n";
    }
  main += "</section>\n";
  if (!any) main += "<p class=\"empty\">No open table.</p>\n";
  return page(title, "big", main, c, true, true);
}

std::string game_page(const app::GameView& v, const sheet::Sheet& s, const PageContext& c) {
  const auto& g = v.game;
  const std::string id = std::to_string(g.id);
  const std::string title = game_heading(g.id, app::game_title(g.game));
  bool finished = g.status == "finished" || !g.ended.empty();
  std::string main = "<h1>" + h(title) + "</h1>\n";
  std::string sub = meta_line(g);
  std::string dealer = v.score.contains("next_dealer") && v.score["next_dealer"].is_string()
                           ? v.score["next_dealer"].get<std::string>()
                           : "";
  if (!dealer.empty() && dealer == v.sitting_out) dealer += " (sits out)";
  std::string count = std::to_string(v.hands.size()) + (v.hands.size() == 1 ? " hand" : " hands");
  main += "<p class=\"sub\">" +
          h(sub + (sub.empty() ? "" : " · ") + count + (!finished && !dealer.empty() ? " · dealer " + dealer : "") +
            (g.ended.empty() ? "" : " · " + g.ended)) +
          "</p>\n";
  main += totals_list(app::board_lines(v.sides, static_cast<int64_t>(v.hands.size())), "big");
  if (!v.result_words.empty()) main += "<p class=\"result\">" + h(v.result_words) + "</p>\n";
  if (v.series && v.series->contains("words") && (*v.series)["words"].is_string())
    main += "<p class=\"series\">" + h((*v.series)["words"].get<std::string>()) + "</p>\n";
  main += "<div class=\"actions\">";
  if (c.writer) {
    if (!finished)
      main += "<a class=\"button primary\" href=\"/game/" + id + "/hand\">Enter hand " +
              std::to_string(v.hands.empty() ? 1 : v.hands.back().no + 1) + "</a>";
    if (g.ended.empty() || g.ended == "closed")
      main += "<button type=\"button\" class=\"button\" data-undo=\"" + id + "\">Undo the last change</button>";
    main += "<p class=\"err\" role=\"alert\" hidden></p>";
  } else if (!finished) {
    main += "<a class=\"button\" href=\"/login?next=" + h(url_part("/game/" + id)) + "\">Enter the code to score</a>";
  }
  main += "</div>\n";
  main += chart_svg(s.chart);
  main += "<h2 class=\"section\">Hands</h2>\n";
  if (v.hands.empty()) main += "<p class=\"empty\">No hand yet.</p>\n";
  main += "<ol class=\"hands\">";
  for (auto it = v.hands.rbegin(); it != v.hands.rend(); ++it) {
    const std::string no = std::to_string(it->no);
    main += "<li id=\"hand-" + no + "\"><a href=\"/game/" + id + "/hand/" + no + "\"><span class=\"no\">" + no +
            "</span><span class=\"words\">" + h(it->words.empty() ? "hand " + no : it->words) +
            "</span></a><span class=\"deltas\">" + h(deltas_line(app::hand_sides(v, *it))) + "</span></li>";
  }
  main += "</ol>\n";
  main += "<h2 class=\"section\">Sheet</h2>\n" + sheet_html(s);
  return page(title, "game", main, c);
}

std::string hand_page(const app::GameView& v, const app::HandLine& hl, const PageContext& c) {
  const auto& g = v.game;
  const std::string id = std::to_string(g.id), no = std::to_string(hl.no);
  const text::Labels* labels = app::game_labels(g.game);
  const std::string heading = game_heading(g.id, app::game_title(g.game));
  const std::string title = heading + " · hand " + no;
  std::string main = "<p class=\"back\"><a href=\"/game/" + id + "\">← " + h(heading) + "</a></p>\n<h1>Hand " + no +
                     "</h1>\n";
  if (!hl.words.empty()) main += "<p class=\"words big\">" + h(hl.words) + "</p>\n";
  if (hl.entry.contains("dealer") && hl.entry["dealer"].is_string())
    main += "<p class=\"sub\">dealer " + h(hl.entry["dealer"].get<std::string>()) + "</p>\n";
  main += hand_table(app::hand_sides(v, hl)) + notes_of(hl.entry);
  if (labels)
    main += "<p class=\"record\"><span class=\"label\">record</span> " + h(labels->record(hl.record)) + "</p>\n";
  main += "<p class=\"sub\">recorded " + h(hl.recorded_at) + (hl.source.empty() ? "" : " (" + h(hl.source) + ")") +
          "</p>\n";
  if (c.writer && g.ended.empty()) {
    main += "<div class=\"actions\"><a class=\"button primary\" href=\"/game/" + id + "/hand/" + no +
            "/entry\">Enter this hand again</a></div>\n";
    main +=
        "<form class=\"words-edit\" data-game=\"" + id + "\" data-no=\"" + no +
        "\">\n"
        "<label for=\"words\">Change fields (key=value, as <code>marque edit</code> takes them)</label>\n"
        "<input id=\"words\" name=\"words\" autocomplete=\"off\" autocapitalize=\"off\" spellcheck=\"false\" placeholder=\"" +
        h(first_word(hl.record)) +
        "\">\n"
        "<p class=\"err\" role=\"alert\" hidden></p>\n"
        "<button type=\"submit\" class=\"button\">Change</button>\n</form>\n";
    main += "<div class=\"actions danger\"><button type=\"button\" class=\"button\" data-delete=\"" + id +
            "\" data-no=\"" + no + "\">Delete this hand</button><p class=\"err\" role=\"alert\" hidden></p></div>\n";
  }
  return page(title, "hand", main, c);
}

std::string entry_page(const app::GameView& v, std::optional<int> edit_no, const PageContext& c) {
  const auto& g = v.game;
  const std::string id = std::to_string(g.id);
  const std::string heading = game_heading(g.id, app::game_title(g.game));
  int no = edit_no ? *edit_no : (v.hands.empty() ? 1 : v.hands.back().no + 1);
  std::string title = heading + " · " +
                      (edit_no ? "hand " + std::to_string(no) + " again" : "hand " + std::to_string(no));
  std::string main = "<p class=\"back\"><a href=\"/game/" + id + "\">← " + h(heading) + "</a></p>\n";
  main +=
      "<section id=\"entry\" class=\"entry\" data-game=\"" + id + "\"" +
      (edit_no ? " data-edit=\"" + std::to_string(no) + "\"" : "") + " data-no=\"" + std::to_string(no) + "\">\n<h1>" +
      (edit_no ? "Hand " + std::to_string(no) + " again" : "Hand " + std::to_string(no)) +
      "</h1>\n<p class=\"loading\">Loading the questions…</p>\n"
      "<noscript><p class=\"err\">Entering a hand needs JavaScript (this page's own script, nothing from elsewhere).</p></noscript>\n"
      "</section>\n";
  main += "<h2 class=\"section\">Totals now</h2>\n<div id=\"totals\" data-live>" +
          totals_list(app::board_lines(v.sides, static_cast<int64_t>(v.hands.size())), "small") + "</div>\n";
  // the form keeps its state when the page refreshes itself: only #totals is replaced
  return page(title, "entry", main, c, false);
}

namespace {

// The New game page's address with what is chosen so far (and `extra`, already encoded: "&q=..."): every tap is a
// link, so the choices survive a reload, a refusal and the back button.
std::string new_game_href(const NewGameForm& f, const std::vector<std::string>& players, const std::string& dealer,
                          const std::string& extra = "", const std::string& at = "players") {
  std::string q;
  auto add = [&](const char* k, const std::string& v) {
    q += (q.empty() ? "?" : "&") + std::string(k) + "=" + url_part(v);
  };
  if (f.night) add("night", std::to_string(f.night->id));
  if (!f.game.empty()) add("game", f.game);
  for (const auto& p : players) add("p", p);
  if (!dealer.empty()) add("dealer", dealer);
  // the page opens at the players (a tap seats one and the list is still under the thumb)
  return "/new" + q + (extra.empty() ? "" : (q.empty() ? "?" : "&") + extra.substr(1)) +
         (f.game.empty() ? "" : "#" + at);
}

// The state as hidden fields of a form (the search box sends it back with the letters typed).
std::string new_game_fields(const NewGameForm& f) {
  auto field = [](const char* k, const std::string& v) {
    return "<input type=\"hidden\" name=\"" + std::string(k) + "\" value=\"" + h(v) + "\">";
  };
  std::string out;
  if (f.night) out += field("night", std::to_string(f.night->id));
  out += field("game", f.game);
  for (const auto& p : f.players) out += field("p", p);
  if (!f.dealer.empty()) out += field("dealer", f.dealer);
  return out;
}

}  // namespace

std::string new_game_page(const NewGameForm& f, const std::vector<app::RosterPlayer>& roster, const PageContext& c) {
  const std::string back = f.night ? "/night/" + std::to_string(f.night->id) : "/";
  std::string main = "<p class=\"back\"><a href=\"" + back + "\">← Tables</a></p>\n<h1>New game</h1>\n";
  if (f.night) main += "<p class=\"sub\">" + h(night_title(*f.night)) + "</p>\n";
  main += "<section id=\"new-game\" class=\"new-game\">\n<h2>Game</h2>\n<div class=\"choices games" +
          std::string(f.game.empty() ? "" : " chosen") + "\" role=\"group\">";
  for (const auto& id : app::game_ids()) {
    NewGameForm other;  // another game, the players chosen so far kept
    other.game = id;
    other.night = f.night;
    main += "<a class=\"button choice" + std::string(id == f.game ? " on" : "") + "\" data-game=\"" + h(id) +
            "\" href=\"" + h(new_game_href(other, f.players, f.dealer)) + "\"" +
            (id == f.game ? " aria-current=\"true\"" : "") + ">" + h(app::game_title(id)) + "</a>";
  }
  main += "</div>\n";
  const rules::GameRules* gr = f.game.empty() ? nullptr : app::find_rules(f.game);
  if (!gr) return page("New game", "new-game", main + "</section>\n", c, false);

  const rules::GameRules::Seating seating = gr->seating();
  if (seating.max_players == 0)  // no table of players starts it with its defaults: the command line says why
    return page("New game", "new-game",
                main + "<p class=\"empty\">" + h(app::game_title(f.game)) +
                    " starts from the command line only: <code>marque start " + h(f.game) +
                    " …</code></p>\n</section>\n",
                c, false);
  const size_t lo = static_cast<size_t>(seating.min_players), hi = static_cast<size_t>(seating.max_players);
  auto seat_label = [&](size_t i) { return i < seating.seats.size() ? seating.seats[i] : std::to_string(i + 1); };
  main += "<h2 id=\"players\">Players <span class=\"count\">" +
          (lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi)) + "</span></h2>\n";
  main += "<ol class=\"seats\">";
  for (size_t i = 0; i < f.players.size(); ++i) {
    std::vector<std::string> rest = f.players;
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
    main += "<li data-player=\"" + h(f.players[i]) + "\"><span class=\"seat\">" + h(seat_label(i)) +
            "</span><span class=\"name\">" + h(f.players[i]) + "</span><a class=\"remove\" href=\"" +
            h(new_game_href(f, rest, f.dealer == f.players[i] ? "" : f.dealer)) + "\" aria-label=\"take " +
            h(f.players[i]) + " off the table\">✕</a></li>";
  }
  const bool full = f.players.size() >= hi;
  if (!full)
    main += "<li class=\"next\"><span class=\"seat\">" + h(seat_label(f.players.size())) +
            "</span><span class=\"name\">" +
            (f.players.size() < lo ? "tap a player below" : "another player, or Start") + "</span></li>";
  main += "</ol>\n";

  if (!full) {
    // a name the club does not know: confirmed before it takes a seat
    if (!f.fresh.empty()) {
      std::vector<std::string> with = f.players;
      with.push_back(f.fresh);
      main += "<div class=\"confirm\" role=\"alert\">";
      if (!f.fresh_error.empty()) {
        main += "<p class=\"err\">" + h(f.fresh_error) + "</p>";
      } else {
        std::string close;
        for (size_t i = 0; i < f.fresh_close.size(); ++i) close += (i ? " or " : "") + f.fresh_close[i];
        main += "<p><b>" + h(f.fresh) + "</b> is not one of the club's players" +
                (close.empty() ? std::string(".") : " — did you mean " + h(close) + "?") + "</p>";
        main += "<a class=\"button primary\" id=\"add-new\" href=\"" + h(new_game_href(f, with, f.dealer)) + "\">Add " +
                h(f.fresh) + " as a new player</a>";
      }
      main += "<a class=\"button\" href=\"" + h(new_game_href(f, f.players, f.dealer)) + "\">Cancel</a></div>\n";
    }
    main += "<form class=\"roster-search\" method=\"get\" action=\"/new#players\" role=\"search\">" +
            new_game_fields(f) +
            "<label for=\"q\">Find a player, or type a new name</label><div class=\"row\"><input id=\"q\" name=\"q\" "
            "value=\"" +
            h(f.search) +
            "\" autocomplete=\"off\" autocapitalize=\"words\" spellcheck=\"false\" enterkeyhint=\"search\">"
            "<button type=\"submit\" class=\"button\">Search</button></div></form>\n";
    const size_t k_listed = 40;
    main += "<ul class=\"roster\" aria-label=\"the club's players, the most recent first\">";
    size_t listed = 0, more = 0;
    bool exact = false;
    for (const auto& p : roster) {
      if (std::any_of(f.players.begin(), f.players.end(),
                      [&](const std::string& s) { return unicode::same_name(s, p.name); }))
        continue;
      exact = exact || unicode::same_name(p.name, f.search);
      if (listed >= k_listed) {
        ++more;
        continue;
      }
      ++listed;
      std::vector<std::string> with = f.players;
      with.push_back(p.name);
      main += "<li data-key=\"" + h(unicode::search_key(p.name)) + "\"><a class=\"pick\" href=\"" +
              h(new_game_href(f, with, f.dealer)) + "\"><span class=\"name\">" + h(p.name) +
              "</span><span class=\"count\">" + h(p.last_played.empty() ? "no game yet" : p.last_played) +
              "</span></a></li>";
    }
    main += "</ul>\n";
    if (more) main += "<p class=\"sub\">" + std::to_string(more) + " more: search for them by name.</p>\n";
    if (!listed && f.search.empty() && f.fresh.empty())
      main += "<p class=\"empty\">No player in the club yet: type a name above.</p>\n";
    if (!f.search.empty() && !exact && f.fresh.empty())
      main += "<p><a class=\"button\" id=\"new-name\" href=\"" +
              h(new_game_href(f, f.players, f.dealer, "&new=" + url_part(f.search))) + "\">New player: " + h(f.search) +
              "</a></p>\n";
  }

  if (f.players.size() >= lo) {
    main += "<h2 id=\"dealer\">First dealer</h2>\n<div class=\"choices\" role=\"group\">";
    for (const auto& p : f.players)
      main += "<a class=\"button choice dealer" + std::string(p == f.dealer ? " on" : "") + "\" href=\"" +
              h(new_game_href(f, f.players, p, "", "dealer")) + "\"" + (p == f.dealer ? " aria-current=\"true\"" : "") +
              ">" + h(p) + "</a>";
    main += "</div>\n";
  }
  main +=
      "<form class=\"start-game\">" + new_game_fields(f) +
      "<p class=\"err\" role=\"alert\" hidden></p><button type=\"submit\" class=\"button primary\" id=\"start\">Start " +
      h(app::game_title(f.game)) + "</button></form>\n";
  main += "</section>\n";
  return page("New game", "new-game", main, c, false);
}

std::string standings_page(const ojson& doc, const PageContext& c) {
  std::string main = "<h1>Standings</h1>\n";
  if (doc.contains("league") && doc["league"].is_string())
    main += "<p class=\"sub\">" + h(doc["league"].get<std::string>()) + "</p>\n";
  const ojson& rows = doc.contains("standings") ? doc["standings"] : ojson::array();
  if (rows.empty()) {
    main += "<p class=\"empty\">No game counts yet (a game counts once it is over: finished, or closed).</p>\n";
    return page("Standings", "standings", main, c);
  }
  main +=
      "<div class=\"sheet-wrap\"><table class=\"standings\"><thead><tr><th class=\"num\">#</th><th>player</th>"
      "<th class=\"num\">games</th><th class=\"num\">wins</th><th class=\"num\">league points</th></tr></thead><tbody>\n";
  for (const auto& r : rows) {
    std::string name = r.value("player", "");
    main += "<tr><td class=\"num\">" + std::to_string(r.value("rank", 0)) +
            "</td><td><a href=\"/player?name=" + h(url_part(name)) + "\">" + h(name) + "</a></td><td class=\"num\">" +
            std::to_string(r.value("games", 0)) + "</td><td class=\"num\">" + std::to_string(r.value("wins", 0)) +
            "</td><td class=\"num strong\">" + h(num(number_in(r, "league_points"))) + "</td></tr>\n";
  }
  main += "</tbody></table></div>\n";
  if (doc.contains("ranking_rule") && doc["ranking_rule"].is_string())
    main += "<p class=\"sub\">Ranked by " + h(doc["ranking_rule"].get<std::string>()) + ".</p>\n";
  return page("Standings", "standings", main, c);
}

std::string players_page(const std::vector<app::PlayerInfo>& players, const PageContext& c) {
  std::string main = "<h1>Players</h1>\n";
  if (players.empty()) main += "<p class=\"empty\">No player yet.</p>\n";
  main += "<ul class=\"players\">";
  for (const auto& p : players)
    main += "<li><a href=\"/player?name=" + h(url_part(p.name)) + "\"><span class=\"name\">" + h(p.name) +
            "</span><span class=\"count\">" + std::to_string(p.games) + (p.games == 1 ? " game" : " games") +
            "</span></a></li>";
  main += "</ul>\n";
  return page("Players", "players", main, c);
}

namespace {

std::string label_of(const std::string& key) {
  std::string s = key;
  std::replace(s.begin(), s.end(), '_', ' ');
  return s;
}

// A statistic's value in a line: numbers as the sheets write them (a rate as a percentage), an object of plain values
// as "count 3 · made 2", an object of objects (contracts by name) as one line each.
std::string value_html(const std::string& key, const ojson& v) {
  if (v.is_number()) {
    if (key.find("rate") != std::string::npos) return h(num(v.get<double>() * 100)) + "&#8239;%";
    return h(num(v.get<double>()));
  }
  if (v.is_string()) return h(v.get<std::string>());
  if (v.is_boolean()) return v.get<bool>() ? "yes" : "no";
  if (v.is_null()) return "—";
  if (v.is_object()) {
    if (v.empty()) return "—";
    bool nested = false;
    for (const auto& e : v) nested = nested || e.is_object();
    std::string out = nested ? "<ul class=\"kv\">" : "";
    for (auto it = v.begin(); it != v.end(); ++it) {
      if (nested)
        out += "<li><b>" + h(label_of(it.key())) + "</b> " + value_html(it.key(), *it) + "</li>";
      else
        out += (out.empty() ? "" : " · ") + h(label_of(it.key())) + " " + value_html(it.key(), *it);
    }
    return out + (nested ? "</ul>" : "");
  }
  std::string out;
  for (const auto& e : v) out += (out.empty() ? "" : ", ") + value_html(key, e);
  return out;
}

}  // namespace

std::string player_page(const std::string& name, const ojson& stats, const PageContext& c) {
  std::string main = "<p class=\"back\"><a href=\"/players\">← Players</a></p>\n<h1>" + h(name) + "</h1>\n";
  const ojson* mine = nullptr;
  if (stats.contains("players") && stats["players"].is_object())
    for (auto it = stats["players"].begin(); it != stats["players"].end(); ++it) mine = &it.value();
  if (!mine || mine->empty()) {
    main += "<p class=\"empty\">No hand played yet.</p>\n";
    return page(name, "player", main, c);
  }
  for (auto it = mine->begin(); it != mine->end(); ++it) {
    main += "<section class=\"stats\"><h2>" + h(app::game_title(it.key())) + "</h2><dl>";
    for (auto f = it->begin(); f != it->end(); ++f)
      main += "<dt>" + h(label_of(f.key())) + "</dt><dd>" + value_html(f.key(), *f) + "</dd>";
    main += "</dl></section>\n";
  }
  return page(name, "player", main, c);
}

std::string login_page(const std::string& next, const std::string& error, const PageContext& c) {
  std::string main =
      "<h1>Scorer's code</h1>\n<p>Watching needs nothing. To enter hands on this device, type the night's write code "
      "(printed where <code>marque serve</code> runs).</p>\n"
      "<form method=\"post\" action=\"/login\" class=\"login\">\n<input type=\"hidden\" name=\"next\" value=\"" +
      h(local_path(next)) +
      "\">\n<label for=\"code\">Write code</label>\n"
      "<input id=\"code\" name=\"code\" inputmode=\"numeric\" autocomplete=\"one-time-code\" maxlength=\"64\" required autofocus>\n";
  if (!error.empty()) main += "<p class=\"err\" role=\"alert\">" + h(error) + "</p>\n";
  main += "<button type=\"submit\" class=\"button primary\">Enter</button>\n</form>\n";
  return page("Scorer's code", "login", main, c);
}

std::string message_page(int status, const std::string& title, const std::string& message, const PageContext& c) {
  std::string main = "<h1>" + h(title) + "</h1>\n<p class=\"err\">" + h(message) +
                     "</p>\n<p><a href=\"/\">← the tables</a></p>\n";
  (void)status;
  return page(title, "message", main, c);
}

ojson diagnostics_json(const std::vector<Diagnostic>& ds) {
  ojson arr = ojson::array();
  for (const auto& d : ds) arr.push_back({{"field", d.field}, {"code", d.code}, {"message", d.message}});
  return arr;
}

namespace {

// One answer of guided entry as its chip reads: "no petit au bout", "taker Ann", "47 points", "tricks Ann 7". An
// answer is a typed word: "yes"/"no" of a yes-or-no question, a number, "" or "none" for nothing, else a name or a
// value's id.
std::string answer_words(const text::Labels& labels, const std::string& key, const std::string& answer) {
  json v = answer;
  if (answer == "yes" || answer == "no")
    v = answer == "yes";
  else if (answer.empty())
    v = nullptr;
  else if (answer.find_first_not_of("0123456789.-") == std::string::npos &&
           answer.find_first_of("0123456789") != std::string::npos)
    v = rules::typed_value(answer);
  // a list's step or part ("annonce#2", "annonce#2.who": rules/entry.hpp) reads as the list and the item's number
  if (const auto hash = key.find('#'); hash != std::string::npos) {
    const std::string list = key.substr(0, hash);
    std::string what = labels.key(list);
    if (what.empty()) what = rules::shown(list);
    const auto dot = key.find('.', hash);
    const std::string n = key.substr(hash + 1, dot == std::string::npos ? std::string::npos : dot - hash - 1);
    if (dot != std::string::npos) return what + " " + n + ": " + rules::shown(answer);
    if (answer == "add") return what + " " + n;
    if (answer == "text") return what + ": in one line";
    return what + ": " + (answer.empty() || answer == "none" ? "none" : answer);
  }
  // a question of one player's part of a field ("tricks.Ann") reads as that field ("tricks Ann 7")
  const auto dot = key.rfind('.');
  const std::string said = dot == std::string::npos ? labels.item(key, v)
                                                    : labels.item(key.substr(0, dot), json{{key.substr(dot + 1), v}});
  if (!said.empty()) return said;
  const std::string what = labels.key(key);  // a value its label leaves unsaid ("detail"): the key and the answer
  return what.empty() ? answer : what + ": " + answer;
}

}  // namespace

ojson step_json(const app::EntryStep& s) {
  ojson j;
  j["game"] = s.game_id;
  j["title"] = s.title;
  j["no"] = s.no;
  j["edit"] = s.edit;
  j["players"] = s.players;
  j["dealer"] = s.dealer;
  j["sitting_out"] = s.sitting_out;
  j["redeal"] = s.has_redeal;
  j["filled"] = s.filled;
  ojson answers = ojson::array(), trail = ojson::array();
  const text::Labels* labels = app::game_labels(s.game);
  for (const auto& [k, v] : s.answers) {
    answers.push_back(ojson::array({k, v}));
    trail.push_back(labels ? answer_words(*labels, k, v) : k + ": " + v);
  }
  j["answers"] = answers;
  j["trail"] = trail;  // the answers as the chips show them, in the game's labels
  if (s.question) {
    const auto& q = *s.question;
    ojson qj = {{"key", q.key},       {"text", q.text},         {"kind", q.kind},
                {"preset", q.preset}, {"optional", q.optional}, {"help", q.help}};
    ojson choices = ojson::array();
    for (const auto& ch : q.choices) {
      choices.push_back({{"value", ch.value}, {"label", ch.label}});
    }
    qj["choices"] = choices;
    qj["min"] = q.min ? ojson(*q.min) : ojson(nullptr);
    qj["max"] = q.max ? ojson(*q.max) : ojson(nullptr);
    qj["layout"] = q.layout;
    qj["complement"] = q.complement ? ojson(*q.complement) : ojson(nullptr);
    qj["complement_text"] = q.complement_text;
    j["question"] = qj;
  } else {
    j["question"] = nullptr;
  }
  j["error"] = s.error;
  j["errors"] = diagnostics_json(s.errors);
  j["complete"] = s.complete;
  if (s.complete) {
    ojson preview;
    preview["words"] = s.words;
    // each player's score for the hand and total after it (partners show the same numbers)
    ojson sides = ojson::array();
    const ojson& d = s.entry.contains("deltas") ? s.entry["deltas"] : ojson::object();
    const ojson& t = s.entry.contains("totals") ? s.entry["totals"] : ojson::object();
    for (const auto& p : s.players)
      sides.push_back({{"name", p}, {"delta", signed_num(number_in(d, p))}, {"total", num(number_in(t, p))}});
    preview["sides"] = sides;
    ojson notes = ojson::array();
    for (const auto& w : s.warnings)
      notes.push_back((w.field.empty() || !labels ? "" : labels->key(w.field) + ": ") + w.message);
    preview["notes"] = notes;
    j["preview"] = preview;
  }
  return j;
}

// --- a tournament's room screen (tournament.md 6.4): slides that assets/room.js shows in turn, a page at a time

namespace {

std::string room_number(const ojson& v) { return v.is_number() ? num(v.get<double>()) : std::string("—"); }

std::string room_state_label(const std::string& state) {
  if (state == "open") return "playing";
  if (state == "submitted") return "submitted";
  if (state == "confirmed") return "confirmed";
  if (state == "disputed") return "being checked";
  return state;
}

std::string room_tables(const ojson& room) {
  const int round = room["round"].get<int>();
  std::string out = "<section class=\"room-slide\" data-slide=\"tables\">\n<h2>Round " + std::to_string(round) +
                    (room["round_status"] == "closed" ? " · closed" : "") +
                    " · the tables</h2>\n<ol class=\"room-tables room-pages\">\n";
  for (const auto& t : room["tables"]) {
    const std::string state = t["state"].get<std::string>();
    out += "<li class=\"room-table state-" + h(state) + "\" data-item>\n<h3>Table " +
           std::to_string(t["table"].get<int>()) + " <span class=\"room-state\">" + h(room_state_label(state)) +
           "</span></h3>\n<ol class=\"room-seats\">";
    for (const auto& s : t["seats"]) {
      const std::string name = s["name"].get<std::string>();
      out += "<li><span class=\"name\">" + h(name) + "</span>";
      if (t["first_dealer"].is_string() && t["first_dealer"] == name)
        out += " <span class=\"room-dealer\">deals first</span>";
      if (t["result"].is_object() && t["result"].contains(s["entrant"].get<std::string>()))
        out += "<span class=\"pts\">" + room_number(t["result"][s["entrant"].get<std::string>()]) + "</span>";
      out += "</li>";
    }
    out += "</ol>\n</li>\n";
  }
  out += "</ol>\n";
  if (!room["byes"].empty()) {
    out += "<p class=\"room-byes\">Bye: ";
    for (size_t i = 0; i < room["byes"].size(); ++i) out += (i ? ", " : "") + h(room["byes"][i].get<std::string>());
    out += "</p>\n";
  }
  return out + "</section>\n";
}

std::string room_sit(const ojson& room) {
  std::string out = "<section class=\"room-slide\" data-slide=\"sit\">\n<h2>Where do I sit? · round " +
                    std::to_string(room["round"].get<int>()) + "</h2>\n<ol class=\"room-sit room-pages\">\n";
  for (const auto& s : room["sit"])
    out += "<li data-item><span class=\"name\">" + h(s["name"].get<std::string>()) +
           "</span> <span class=\"where\">table " + std::to_string(s["table"].get<int>()) + " · seat " +
           std::to_string(s["seat"].get<int>()) + "</span></li>\n";
  return out + "</ol>\n</section>\n";
}

std::string room_ranking(const ojson& room) {
  const ojson& r = room["ranking"];
  const bool provisional = r["provisional"].get<bool>();
  const std::string after = std::to_string(r["after"].get<int>());
  std::string out = "<section class=\"room-slide\" data-slide=\"ranking\">\n<h2>Ranking after round " + after;
  if (provisional)
    out += " <span class=\"room-provisional\">provisional · " + std::to_string(r["tables_in"].get<int>()) + " of " +
           std::to_string(r["tables"].get<int>()) + " tables in</span>";
  out += "</h2>\n<table class=\"room-ranking\">\n<thead><tr><th class=\"num\">Rank</th><th>Name</th><th class=\"num\">"
         "Score</th><th class=\"num\">Round " +
         after + "</th></tr></thead>\n<tbody class=\"room-pages\">\n";
  bool rule = false, marked = false;
  for (const auto& row : r["rows"]) {
    const bool withdrawn = row["withdrawn"].get<bool>();
    std::string cls = withdrawn && !rule ? " class=\"room-withdrawn-first\"" : "";
    rule = rule || withdrawn;
    std::string round_pts = room_number(row["round_points"]);
    if (row["state"] == "submitted") {
      round_pts += "<span class=\"room-mark\" title=\"submitted, not yet confirmed\">*</span>";
      marked = true;
    } else if (row["state"] == "open" || row["state"] == "disputed") {
      round_pts = "<span class=\"room-playing\">playing</span>";
    }
    out += "<tr data-item" + cls + "><td class=\"num\">" + std::to_string(row["rank"].get<int>()) + "</td><td>" +
           h(row["name"].get<std::string>()) + (withdrawn ? " <span class=\"room-gone\">withdrawn</span>" : "") +
           "</td><td class=\"num\">" + room_number(row["score"]) + "</td><td class=\"num\">" + round_pts +
           "</td></tr>\n";
  }
  out += "</tbody>\n</table>\n";
  if (marked) out += "<p class=\"room-note\">* submitted, waiting for a second player's confirmation</p>\n";
  return out + "</section>\n";
}

}  // namespace

std::string room_page(const ojson& room, const PageContext& c) {
  const ojson& ev = room["event"];
  const std::string title = ev["name"].get<std::string>();
  std::string main = "<header class=\"room-head\"><h1>" + h(title) + "</h1><p class=\"room-round\">";
  if (room["round"].is_number()) {
    main += "Round " + std::to_string(room["round"].get<int>()) + " of " + std::to_string(ev["rounds"].get<int>());
    if (room["round_status"] == "closed")
      main += " · closed";
    else if (room["ends_at"].is_string())
      main += " · <span class=\"room-clock\" data-ends=\"" + h(room["ends_at"].get<std::string>()) + "\">ends at " +
              h(room["ends_at"].get<std::string>().substr(11, 5)) + " UTC</span>";
  } else {
    main += "The draw is not published yet";
  }
  main += "</p></header>\n";
  if (room["round"].is_number()) main += room_tables(room) + room_sit(room);
  if (room["ranking"]["after"].is_number()) main += room_ranking(room);
  if (!room["round"].is_number() && !room["ranking"]["after"].is_number())
    main += "<section class=\"room-slide\" data-slide=\"wait\"><p class=\"room-wait\">The tables appear here when the "
            "round is published.</p></section>\n";
  const std::string v = "?v=" + c.asset_version;
  return page(title, "room", main, c, true, true,
              "<link rel=\"stylesheet\" href=\"/assets/room.css" + v + "\">\n<script src=\"/assets/room.js" + v +
                  "\" defer></script>\n");
}

std::string page_shell(const std::string& title, const std::string& body_class, const std::string& main,
                       const PageContext& c, bool live_main, bool bare) {
  return page(title, body_class, main, c, live_main, bare);
}

}  // namespace marque::web
