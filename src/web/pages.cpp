#include "web/pages.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

#include "app/front.hpp"
#include "core/escape.hpp"
#include "core/language.hpp"
#include "core/text.hpp"
#include "core/unicode.hpp"

namespace marque::web {

using ojson = nlohmann::ordered_json;
using json = nlohmann::json;

namespace {

using text::tr;
using Args = text::Message;

std::string h(const std::string& s) { return escape::html(s); }
// numbers as the page's language writes them (English: as the sheets and the terminal do)
std::string num(double v) { return text::local_number(v, text::language()); }
std::string signed_num(double v) { return text::local_signed(v, text::language()); }
std::string num(const Amount& a) { return text::local_number(a, text::language()); }
std::string signed_num(const Amount& a) { return text::local_signed(a, text::language()); }

}  // namespace

// A path given back to us (?next=): a path of this site only ("/game/3"), never another site ("//evil", "/\evil").
std::string local_path(const std::string& p) {
  if (p.empty() || p[0] != '/' || (p.size() > 1 && (p[1] == '/' || p[1] == '\\'))) return "/";
  for (unsigned char ch : p)
    if (ch < 0x20 || ch == 0x7f) return "/";
  return p;
}

std::string table_state_word(const std::string& state, bool hall) {
  if (state == "open") return tr("web.room.playing", "playing");
  if (state == "submitted") return tr("web.room.submitted", "submitted");
  if (state == "confirmed") return tr("web.room.confirmed", "confirmed");
  if (state == "disputed") return hall ? tr("web.room.checked", "being checked") : tr("web.org.disputed", "disputed");
  return state;
}

std::string with_code(const std::string& said, const std::string& code) {
  // split before escaping: the HTML escape shows a control character such as the marker as text ("\x1f")
  const size_t at = said.find(k_code);
  if (at == std::string::npos) return escape::html(said);
  return escape::html(said.substr(0, at)) + "<code>" + escape::html(code) + "</code>" +
         escape::html(said.substr(at + 1));
}

namespace {

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

// The language menu (in the footer of every page but a screen's): each language in its own name; a tap keeps the
// choice on the phone (GET /language: a cookie, over the club's and the browser's language) and comes back here.
std::string language_menu(const PageContext& c) {
  static const std::pair<const char*, const char*> names[] = {{"en", "English"},
                                                              {"fr", "Français"},
                                                              {"hu", "Magyar"},
                                                              {"el", "Ελληνικά"}};
  std::string out = "<nav class=\"lang\" aria-label=\"" + h(tr("web.menu.language", "Language")) + "\">";
  for (const auto& [code, name] : names) {
    const bool on = text::language() == code;
    out += "<a href=\"/language?next=" + h(url_part(local_path(c.path))) + "&amp;set=" + code + "\" lang=\"" + code +
           "\" hreflang=\"" + code + "\"" + (on ? " aria-current=\"true\"" : "") + ">" + name + "</a>";
  }
  return out + "</nav>";
}

// live_main: the whole of <main> is replaced when the database changes (app.js); else only its [data-live] parts.
// bare: no control at all (the big board on a screen): no menu, no code link, only the live mark under the page.
// head: more of <head> (a page's own style sheet and script: assets only, the policy allows nothing inline).
std::string page(const std::string& title, const std::string& body_class, const std::string& main, const PageContext& c,
                 bool live_main = true, bool bare = false, const std::string& head = "") {
  const std::string v = "?v=" + c.asset_version;
  std::string out = "<!doctype html>\n<html lang=\"" + text::language() +
                    "\">\n<head>\n<meta charset=\"utf-8\">\n"
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
  // the scripts' words in the page's language (a data block, not a script: the policy allows it)
  if (!c.messages.empty()) out += "<script type=\"application/json\" id=\"messages\">" + c.messages + "</script>\n";
  if (c.writer) out += "<meta name=\"csrf-token\" content=\"" + h(c.csrf) + "\">\n";
  out += "</head>\n<body class=\"page-" + h(body_class) + "\" data-version=\"" + std::to_string(c.version) + "\">\n";
  if (bare)
    return out + "<main id=\"main\" data-live>\n" + main + "</main>\n<footer><span id=\"live\" class=\"live off\">" +
           h(tr("web.live.off", "not live")) + "</span></footer>\n</body>\n</html>\n";
  out += "<nav class=\"top\"><a href=\"/\">" + h(tr("web.menu.tables", "Tables")) + "</a><a href=\"/standings\">" +
         h(tr("web.menu.standings", "Standings")) + "</a><a href=\"/players\">" + h(tr("web.menu.players", "Players")) +
         "</a>";
  if (c.writer)
    out += "<span class=\"who\" title=\"" + h(tr("web.menu.scorer_title", "this device may enter hands")) +
           "\">✎ <span class=\"who-word\">" + h(tr("web.menu.scorer", "scorer")) + "</span></span>";
  else
    out += "<a class=\"who\" href=\"/login?next=" + h(url_part(local_path(c.path))) + "\" title=\"" +
           h(tr("web.menu.code_title", "enter the write code to score")) + "\">✎ " + h(tr("web.menu.code", "code")) +
           "</a>";
  out += std::string("</nav>\n<main id=\"main\"") + (live_main ? " data-live" : "") + ">\n" + main + "</main>\n";
  out += "<footer><span id=\"live\" class=\"live off\">" + h(tr("web.live.off", "not live")) + "</span>";
  if (c.writer)
    out += "<form method=\"post\" action=\"/logout\" class=\"logout\"><input type=\"hidden\" name=\"csrf\" value=\"" +
           h(c.csrf) + "\"><button type=\"submit\" class=\"link\">" +
           h(tr("web.menu.forget", "forget the code on this device")) + "</button></form>";
  out += language_menu(c) + "</footer>\n</body>\n</html>\n";
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

std::string game_heading(int64_t id, const std::string& title) {
  return tr("web.game.heading", "Game {id} · {title}", Args().text("id", std::to_string(id)).text("title", title));
}

std::string hands_count(int64_t n) {
  return tr("web.count.hands", "{n, plural, one {# hand} other {# hands}}", Args().number("n", n));
}
std::string games_count(int64_t n) {
  return tr("web.count.games", "{n, plural, one {# game} other {# games}}", Args().number("n", n));
}
std::string sits_out(const std::string& name) {
  return tr("web.dealer.sits_out", "{name} (sits out)", Args().text("name", name));
}
std::string dealer_is(const std::string& name) { return tr("web.dealer", "dealer {name}", Args().text("name", name)); }
std::string ended_words(const std::string& ended) {
  if (ended == "closed") return tr("web.game.closed", "closed");
  if (ended == "abandoned") return tr("web.game.abandoned", "abandoned");
  return ended;
}
std::string enter_hand(int64_t n) {
  return tr("web.game.enter_hand", "Enter hand {n}", Args().text("n", std::to_string(n)));
}

std::string meta_line(const app::GameInfo& g) {
  std::string s;
  for (const char* k : {"date", "venue", "league"})
    if (g.meta.contains(k) && g.meta[k].is_string() && !g.meta[k].get<std::string>().empty())
      s += (s.empty() ? "" : " · ") + (std::string(k) == "date"
                                           ? text::local_date(g.meta[k].get<std::string>(), text::language())
                                           : g.meta[k].get<std::string>());
  return s;
}

std::string table_card(const app::BoardTable& t, const PageContext& c) {
  const std::string id = std::to_string(t.game.id);
  std::string out = "<article class=\"table" + std::string(t.finished ? " over" : "") + "\" id=\"game-" + id + "\">\n";
  out += "<h2><a href=\"/game/" + id + "\">" + h(game_heading(t.game.id, t.title)) + "</a></h2>\n";
  std::string meta = hands_count(t.hands);
  if (!t.next_dealer.empty()) meta += " · " + dealer_is(t.dealer_sits_out ? sits_out(t.next_dealer) : t.next_dealer);
  if (t.game.ended == "closed" || t.game.ended == "abandoned") meta += " · " + ended_words(t.game.ended);
  out += "<p class=\"meta\">" + h(meta) + "</p>\n";
  out += totals_list(t.lines, "");
  if (!t.result_words.empty()) out += "<p class=\"result\">" + h(t.result_words) + "</p>\n";
  if (c.writer && !t.finished)
    out += "<p class=\"actions\"><a class=\"button primary\" href=\"/game/" + id + "/hand\">" +
           h(enter_hand(t.hands + 1)) + "</a></p>\n";
  return out + "</article>\n";
}

std::string night_title(const app::Night& n) {
  return tr("web.night.title", "Night of {date}", Args().text("date", text::local_date(n.date, text::language()))) +
         (n.venue.empty() ? "" : " — " + n.venue) + (n.league.empty() ? "" : " (" + n.league + ")");
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
  std::string out = "<table class=\"deltas\"><thead><tr><th></th><th class=\"num\">" +
                    h(tr("web.hand.column_hand", "hand")) + "</th><th class=\"num\">" +
                    h(tr("web.hand.column_total", "total")) + "</th></tr></thead><tbody>";
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

// When a hand was stored, as the language writes it ("2026-11-26T21:40:12Z": English shows it as stored).
std::string recorded_at(const std::string& at) {
  if (text::language() == "en" || at.size() < 16 || at[10] != 'T') return at;
  return text::local_date(at.substr(0, 10), text::language()) + " " + at.substr(11, 5) + " UTC";
}

// Where a hand came from (the writer's id: "cli", "web"), in words.
std::string source_words(const std::string& source) {
  if (source == "cli") return tr("web.source.cli", "cli");
  if (source == "web") return tr("web.source.web", "web");
  return source;
}

std::string notes_of(const ojson& entry) {
  std::string out;
  if (entry.contains("warnings") && entry["warnings"].is_array())
    for (const auto& w : entry["warnings"])
      out += "<p class=\"note\">" +
             h(tr("web.hand.note", "note: {text}",
                  Args().text("text", w.is_string() ? w.get<std::string>() : w.dump()))) +
             "</p>\n";
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
                    fmt(hgt) + "\" role=\"img\" aria-label=\"" + h(tr("web.chart.label", "running totals")) + "\">\n";
  out += "<line class=\"zero\" x1=\"" + fmt(left) + "\" y1=\"" + fmt(y(0)) + "\" x2=\"" + fmt(w - right) + "\" y2=\"" +
         fmt(y(0)) + "\"/>\n";
  out += "<text class=\"axis\" x=\"" + fmt(left - 4) + "\" y=\"" + fmt(y(hi) + 4) + "\" text-anchor=\"end\">" +
         h(num(hi)) + "</text>\n";
  out += "<text class=\"axis\" x=\"" + fmt(left - 4) + "\" y=\"" + fmt(y(lo)) + "\" text-anchor=\"end\">" + h(num(lo)) +
         "</text>\n";
  if (lo < 0 && hi > 0)
    out += "<text class=\"axis\" x=\"" + fmt(left - 4) + "\" y=\"" + fmt(y(0) + 4) +
           "\" text-anchor=\"end\">0</text>\n";
  out += "<text class=\"axis\" x=\"" + fmt(w - right) + "\" y=\"" + fmt(hgt - 6) + "\" text-anchor=\"end\">" +
         h(tr("web.chart.hand", "hand {n}", Args().text("n", std::to_string(n - 1)))) + "</text>\n";
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
  std::string title = b.night ? night_title(*b.night) : tr("web.board.open_tables", "Open tables");
  std::string main = "<h1>" + h(title) + "</h1>\n";
  if (c.writer)
    main += "<p class=\"actions\"><a class=\"button\" id=\"new-game-link\" href=\"/new\">" +
            h(tr("web.new.title", "New game")) + "</a></p>\n";
  if (b.night && !b.night->note.empty()) main += "<p class=\"sub\">" + h(b.night->note) + "</p>\n";
  if (b.tables.empty() && b.others.empty())
    main += "<p class=\"empty\">" +
            with_code(tr("web.board.empty", "No table yet. Start a game with {command}; it shows here at once.",
                         Args().text("command", k_code)),
                      "marque start GAME … --night ID") +
            "</p>\n";
  if (!b.tables.empty() || !b.others.empty())
    main += "<p class=\"sub\"><a href=\"" + h(c.path.rfind("/night/", 0) == 0 ? c.path + "/big" : "/big") + "\">" +
            h(tr("web.board.big", "Big board")) + "</a> " +
            h(tr("web.board.big_what", "(the totals, large, for a screen)")) + "</p>\n";
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
    main += std::string("<h2 class=\"section\">") + (b.night ? h(tr("web.board.others", "Other open tables")) : "") +
            "</h2>\n<section class=\"board\">\n";
    for (const auto& t : b.others) main += table_card(t, c);
    main += "</section>\n";
  }
  if (!over.empty())
    main += "<h2 class=\"section\">" + h(tr("web.board.over", "Over")) + "</h2>\n<section class=\"board over\">\n" +
            over + "</section>\n";
  if (nights.size() > 1 || (nights.size() == 1 && !b.night)) {
    main += "<h2 class=\"section\">" + h(tr("web.board.nights", "Nights")) + "</h2>\n<ul class=\"nights\">";
    for (auto it = nights.rbegin(); it != nights.rend(); ++it)
      main += "<li><a href=\"/night/" + std::to_string(it->id) + "\">" + h(night_title(*it)) +
              "</a> <span class=\"count\">" + h(games_count(static_cast<int64_t>(it->games.size()))) + "</span></li>";
    main += "</ul>\n";
  }
  return page(title, "board", main, c);
}

std::string big_board_page(const app::Board& b, const PageContext& c) {
  const std::string title = b.night ? night_title(*b.night) : tr("web.board.open_tables", "Open tables");
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
  if (!any) main += "<p class=\"empty\">" + h(tr("web.big.empty", "No open table.")) + "</p>\n";
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
  if (!dealer.empty() && dealer == v.sitting_out) dealer = sits_out(dealer);
  const std::string hands = hands_count(static_cast<int64_t>(v.hands.size()));
  main += "<p class=\"sub\">" +
          h(sub + (sub.empty() ? "" : " · ") + hands + (!finished && !dealer.empty() ? " · " + dealer_is(dealer) : "") +
            (g.ended.empty() ? "" : " · " + ended_words(g.ended))) +
          "</p>\n";
  main += totals_list(app::board_lines(v.sides, static_cast<int64_t>(v.hands.size())), "big");
  if (!v.result_words.empty()) main += "<p class=\"result\">" + h(v.result_words) + "</p>\n";
  if (v.series && v.series->contains("words") && (*v.series)["words"].is_string())
    main += "<p class=\"series\">" + h((*v.series)["words"].get<std::string>()) + "</p>\n";
  main += "<div class=\"actions\">";
  if (c.writer) {
    if (!finished)
      main += "<a class=\"button primary\" href=\"/game/" + id + "/hand\">" +
              h(enter_hand(v.hands.empty() ? 1 : v.hands.back().no + 1)) + "</a>";
    if (g.ended.empty() || g.ended == "closed")
      main += "<button type=\"button\" class=\"button\" data-undo=\"" + id + "\">" +
              h(tr("web.game.undo", "Undo the last change")) + "</button>";
    main += "<p class=\"err\" role=\"alert\" hidden></p>";
  } else if (!finished) {
    main += "<a class=\"button\" href=\"/login?next=" + h(url_part("/game/" + id)) + "\">" +
            h(tr("web.game.code_to_score", "Enter the code to score")) + "</a>";
  }
  main += "</div>\n";
  main += chart_svg(s.chart);
  main += "<h2 class=\"section\">" + h(tr("web.game.hands", "Hands")) + "</h2>\n";
  if (v.hands.empty()) main += "<p class=\"empty\">" + h(tr("web.game.no_hand", "No hand yet.")) + "</p>\n";
  main += "<ol class=\"hands\">";
  for (auto it = v.hands.rbegin(); it != v.hands.rend(); ++it) {
    const std::string no = std::to_string(it->no);
    main += "<li id=\"hand-" + no + "\"><a href=\"/game/" + id + "/hand/" + no + "\"><span class=\"no\">" + no +
            "</span><span class=\"words\">" +
            h(it->words.empty() ? tr("web.hand.title", "hand {n}", Args().text("n", no)) : it->words) +
            "</span></a><span class=\"deltas\">" + h(deltas_line(app::hand_sides(v, *it))) + "</span></li>";
  }
  main += "</ol>\n";
  main += "<h2 class=\"section\">" + h(tr("web.game.sheet", "Sheet")) + "</h2>\n" + sheet_html(s);
  return page(title, "game", main, c);
}

std::string hand_page(const app::GameView& v, const app::HandLine& hl, const PageContext& c) {
  const auto& g = v.game;
  const std::string id = std::to_string(g.id), no = std::to_string(hl.no);
  const text::Labels* labels = app::game_labels(g.game);
  const std::string heading = game_heading(g.id, app::game_title(g.game));
  const std::string title = heading + " · " + tr("web.hand.title", "hand {n}", Args().text("n", no));
  std::string main = "<p class=\"back\"><a href=\"/game/" + id + "\">← " + h(heading) + "</a></p>\n<h1>" +
                     h(tr("web.hand.heading", "Hand {n}", Args().text("n", no))) + "</h1>\n";
  if (!hl.words.empty()) main += "<p class=\"words big\">" + h(hl.words) + "</p>\n";
  if (hl.entry.contains("dealer") && hl.entry["dealer"].is_string())
    main += "<p class=\"sub\">" + h(dealer_is(hl.entry["dealer"].get<std::string>())) + "</p>\n";
  main += hand_table(app::hand_sides(v, hl)) + notes_of(hl.entry);
  if (labels)
    main += "<p class=\"record\"><span class=\"label\">" + h(tr("web.hand.record", "record")) + "</span> " +
            h(labels->record(hl.record)) + "</p>\n";
  main += "<p class=\"sub\">" +
          h(tr("web.hand.recorded", "recorded {at}", Args().text("at", recorded_at(hl.recorded_at)))) +
          (hl.source.empty() ? "" : " (" + h(source_words(hl.source)) + ")") + "</p>\n";
  if (c.writer && g.ended.empty()) {
    main += "<div class=\"actions\"><a class=\"button primary\" href=\"/game/" + id + "/hand/" + no + "/entry\">" +
            h(tr("web.hand.again", "Enter this hand again")) + "</a></div>\n";
    main +=
        "<form class=\"words-edit\" data-game=\"" + id + "\" data-no=\"" + no +
        "\">\n"
        "<label for=\"words\">" +
        with_code(tr("web.hand.change_label", "Change fields (key=value, as {command} takes them)",
                     Args().text("command", k_code)),
                  "marque edit") +
        "</label>\n"
        "<input id=\"words\" name=\"words\" autocomplete=\"off\" autocapitalize=\"off\" spellcheck=\"false\" placeholder=\"" +
        h(first_word(hl.record)) +
        "\">\n"
        "<p class=\"err\" role=\"alert\" hidden></p>\n"
        "<button type=\"submit\" class=\"button\">" +
        h(tr("web.hand.change", "Change")) + "</button>\n</form>\n";
    main += "<div class=\"actions danger\"><button type=\"button\" class=\"button\" data-delete=\"" + id +
            "\" data-no=\"" + no + "\">" + h(tr("web.hand.delete", "Delete this hand")) +
            "</button><p class=\"err\" role=\"alert\" hidden></p></div>\n";
  }
  return page(title, "hand", main, c);
}

std::string entry_page(const app::GameView& v, std::optional<int> edit_no, const PageContext& c) {
  const auto& g = v.game;
  const std::string id = std::to_string(g.id);
  const std::string heading = game_heading(g.id, app::game_title(g.game));
  int no = edit_no ? *edit_no : (v.hands.empty() ? 1 : v.hands.back().no + 1);
  const Args n = Args().text("n", std::to_string(no));
  std::string title = heading + " · " +
                      (edit_no ? tr("web.entry.title_again", "hand {n} again", n)
                               : tr("web.hand.title", "hand {n}", n));
  std::string main = "<p class=\"back\"><a href=\"/game/" + id + "\">← " + h(heading) + "</a></p>\n";
  main += "<section id=\"entry\" class=\"entry\" data-game=\"" + id + "\"" +
          (edit_no ? " data-edit=\"" + std::to_string(no) + "\"" : "") + " data-no=\"" + std::to_string(no) +
          "\">\n<h1>" +
          h(edit_no ? tr("web.entry.heading_again", "Hand {n} again", n) : tr("web.hand.heading", "Hand {n}", n)) +
          "</h1>\n<p class=\"loading\">" + h(tr("web.entry.loading", "Loading the questions…")) +
          "</p>\n"
          "<noscript><p class=\"err\">" +
          h(tr("web.entry.noscript",
               "Entering a hand needs JavaScript (this page's own script, nothing from elsewhere).")) +
          "</p></noscript>\n"
          "</section>\n";
  main += "<h2 class=\"section\">" + h(tr("web.entry.totals", "Totals now")) + "</h2>\n<div id=\"totals\" data-live>" +
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
  const std::string title = tr("web.new.title", "New game");
  std::string main = "<p class=\"back\"><a href=\"" + back + "\">← " + h(tr("web.menu.tables", "Tables")) +
                     "</a></p>\n<h1>" + h(title) + "</h1>\n";
  if (f.night) main += "<p class=\"sub\">" + h(night_title(*f.night)) + "</p>\n";
  main += "<section id=\"new-game\" class=\"new-game\">\n<h2>" + h(tr("web.new.game", "Game")) +
          "</h2>\n<div class=\"choices games" + std::string(f.game.empty() ? "" : " chosen") + "\" role=\"group\">";
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
  if (!gr) return page(title, "new-game", main + "</section>\n", c, false);

  const rules::GameRules::Seating seating = gr->seating();
  if (seating.max_players == 0)  // no table of players starts it with its defaults: the command line says why
    return page(title, "new-game",
                main + "<p class=\"empty\">" +
                    with_code(tr("web.new.cli_only", "{game} starts from the command line only: {command}",
                                 Args().text("game", app::game_title(f.game)).text("command", k_code)),
                              "marque start " + f.game + " …") +
                    "</p>\n</section>\n",
                c, false);
  const size_t lo = static_cast<size_t>(seating.min_players), hi = static_cast<size_t>(seating.max_players);
  auto seat_label = [&](size_t i) { return i < seating.seats.size() ? seating.seats[i] : std::to_string(i + 1); };
  main += "<h2 id=\"players\">" + h(tr("web.menu.players", "Players")) + " <span class=\"count\">" +
          h(lo == hi ? std::to_string(lo)
                     : tr("web.new.players_range", "{lo} to {hi}",
                          Args().text("lo", std::to_string(lo)).text("hi", std::to_string(hi)))) +
          "</span></h2>\n";
  main += "<ol class=\"seats\">";
  for (size_t i = 0; i < f.players.size(); ++i) {
    std::vector<std::string> rest = f.players;
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
    main += "<li data-player=\"" + h(f.players[i]) + "\"><span class=\"seat\">" + h(seat_label(i)) +
            "</span><span class=\"name\">" + h(f.players[i]) + "</span><a class=\"remove\" href=\"" +
            h(new_game_href(f, rest, f.dealer == f.players[i] ? "" : f.dealer)) + "\" aria-label=\"" +
            h(tr("web.new.remove", "take {name} off the table", Args().text("name", f.players[i]))) + "\">✕</a></li>";
  }
  const bool full = f.players.size() >= hi;
  if (!full)
    main += "<li class=\"next\"><span class=\"seat\">" + h(seat_label(f.players.size())) +
            "</span><span class=\"name\">" +
            h(f.players.size() < lo ? tr("web.new.tap", "tap a player below")
                                    : tr("web.new.another", "another player, or Start")) +
            "</span></li>";
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
        for (size_t i = 0; i < f.fresh_close.size(); ++i)
          close += (i ? tr("web.new.or", " or ") : "") + f.fresh_close[i];
        const Args fresh = Args().text("name", f.fresh).text("close", close);
        main += "<p>" +
                h(close.empty() ? tr("web.new.unknown", "{name} is not one of the club's players.", fresh)
                                : tr("web.new.unknown_close",
                                     "{name} is not one of the club's players — did you mean {close}?", fresh)) +
                "</p>";
        main += "<a class=\"button primary\" id=\"add-new\" href=\"" + h(new_game_href(f, with, f.dealer)) + "\">" +
                h(tr("web.new.add", "Add {name} as a new player", fresh)) + "</a>";
      }
      main += "<a class=\"button\" href=\"" + h(new_game_href(f, f.players, f.dealer)) + "\">" +
              h(tr("web.new.cancel", "Cancel")) + "</a></div>\n";
    }
    main += "<form class=\"roster-search\" method=\"get\" action=\"/new#players\" role=\"search\">" +
            new_game_fields(f) + "<label for=\"q\">" + h(tr("web.new.find", "Find a player, or type a new name")) +
            "</label><div class=\"row\"><input id=\"q\" name=\"q\" "
            "value=\"" +
            h(f.search) +
            "\" autocomplete=\"off\" autocapitalize=\"words\" spellcheck=\"false\" enterkeyhint=\"search\">"
            "<button type=\"submit\" class=\"button\">" +
            h(tr("web.new.search", "Search")) + "</button></div></form>\n";
    const size_t k_listed = 40;
    main += "<ul class=\"roster\" aria-label=\"" +
            h(tr("web.new.roster", "the club's players, the most recent first")) + "\">";
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
              "</span><span class=\"count\">" +
              h(p.last_played.empty() ? tr("web.new.no_game_yet", "no game yet")
                                      : text::local_date(p.last_played, text::language())) +
              "</span></a></li>";
    }
    main += "</ul>\n";
    if (more)
      main += "<p class=\"sub\">" +
              h(tr("web.new.more", "{n} more: search for them by name.",
                   Args().number("n", static_cast<int64_t>(more)))) +
              "</p>\n";
    if (!listed && f.search.empty() && f.fresh.empty())
      main += "<p class=\"empty\">" + h(tr("web.new.no_player", "No player in the club yet: type a name above.")) +
              "</p>\n";
    if (!f.search.empty() && !exact && f.fresh.empty())
      main += "<p><a class=\"button\" id=\"new-name\" href=\"" +
              h(new_game_href(f, f.players, f.dealer, "&new=" + url_part(f.search))) + "\">" +
              h(tr("web.new.new_player", "New player: {name}", Args().text("name", f.search))) + "</a></p>\n";
  }

  if (f.players.size() >= lo) {
    main += "<h2 id=\"dealer\">" + h(tr("web.new.first_dealer", "First dealer")) +
            "</h2>\n<div class=\"choices\" role=\"group\">";
    for (const auto& p : f.players)
      main += "<a class=\"button choice dealer" + std::string(p == f.dealer ? " on" : "") + "\" href=\"" +
              h(new_game_href(f, f.players, p, "", "dealer")) + "\"" + (p == f.dealer ? " aria-current=\"true\"" : "") +
              ">" + h(p) + "</a>";
    main += "</div>\n";
  }
  main += "<form class=\"start-game\">" + new_game_fields(f) +
          "<p class=\"err\" role=\"alert\" hidden></p><button type=\"submit\" class=\"button primary\" id=\"start\">" +
          h(tr("web.new.start", "Start {game}", Args().text("game", app::game_title(f.game)))) + "</button></form>\n";
  main += "</section>\n";
  return page(title, "new-game", main, c, false);
}

std::string standings_page(const ojson& doc, const PageContext& c) {
  const std::string title = tr("web.menu.standings", "Standings");
  std::string main = "<h1>" + h(title) + "</h1>\n";
  if (doc.contains("league") && doc["league"].is_string())
    main += "<p class=\"sub\">" + h(doc["league"].get<std::string>()) + "</p>\n";
  const ojson& rows = doc.contains("standings") ? doc["standings"] : ojson::array();
  if (rows.empty()) {
    main += "<p class=\"empty\">" +
            h(tr("web.standings.empty", "No game counts yet (a game counts once it is over: finished, or closed).")) +
            "</p>\n";
    return page(title, "standings", main, c);
  }
  main += "<div class=\"sheet-wrap\"><table class=\"standings\"><thead><tr><th class=\"num\">" +
          h(tr("web.standings.rank", "#")) + "</th><th>" + h(tr("web.standings.player", "player")) +
          "</th><th class=\"num\">" + h(tr("web.standings.games", "games")) + "</th><th class=\"num\">" +
          h(tr("web.standings.wins", "wins")) + "</th><th class=\"num\">" +
          h(tr("web.standings.league_points", "league points")) + "</th></tr></thead><tbody>\n";
  for (const auto& r : rows) {
    std::string name = r.value("player", "");
    main += "<tr><td class=\"num\">" + std::to_string(r.value("rank", 0)) +
            "</td><td><a href=\"/player?name=" + h(url_part(name)) + "\">" + h(name) + "</a></td><td class=\"num\">" +
            std::to_string(r.value("games", 0)) + "</td><td class=\"num\">" + std::to_string(r.value("wins", 0)) +
            "</td><td class=\"num strong\">" + h(num(number_in(r, "league_points"))) + "</td></tr>\n";
  }
  main += "</tbody></table></div>\n";
  if (doc.contains("ranking_rule") && doc["ranking_rule"].is_string())
    main += "<p class=\"sub\">" +
            h(tr("web.standings.ranked_by", "Ranked by {rule}.",
                 Args().text("rule", doc["ranking_rule"].get<std::string>()))) +
            "</p>\n";
  return page(title, "standings", main, c);
}

std::string players_page(const std::vector<app::PlayerInfo>& players, const PageContext& c) {
  const std::string title = tr("web.menu.players", "Players");
  std::string main = "<h1>" + h(title) + "</h1>\n";
  if (players.empty()) main += "<p class=\"empty\">" + h(tr("web.players.empty", "No player yet.")) + "</p>\n";
  main += "<ul class=\"players\">";
  for (const auto& p : players)
    main += "<li><a href=\"/player?name=" + h(url_part(p.name)) + "\"><span class=\"name\">" + h(p.name) +
            "</span><span class=\"count\">" + h(games_count(p.games)) + "</span></a></li>";
  main += "</ul>\n";
  return page(title, "players", main, c);
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
  if (v.is_boolean()) return h(v.get<bool>() ? tr("web.yes", "yes") : tr("web.no", "no"));
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
  std::string main = "<p class=\"back\"><a href=\"/players\">← " + h(tr("web.menu.players", "Players")) +
                     "</a></p>\n<h1>" + h(name) + "</h1>\n";
  const ojson* mine = nullptr;
  if (stats.contains("players") && stats["players"].is_object())
    for (auto it = stats["players"].begin(); it != stats["players"].end(); ++it) mine = &it.value();
  if (!mine || mine->empty()) {
    main += "<p class=\"empty\">" + h(tr("web.player.empty", "No hand played yet.")) + "</p>\n";
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
  const std::string title = tr("web.login.title", "Scorer's code");
  std::string main =
      "<h1>" + h(title) + "</h1>\n<p>" +
      with_code(tr("web.login.intro",
                   "Watching needs nothing. To enter hands on this device, type the night's write code (printed "
                   "where {command} runs).",
                   Args().text("command", k_code)),
                "marque serve") +
      "</p>\n"
      "<form method=\"post\" action=\"/login\" class=\"login\">\n<input type=\"hidden\" name=\"next\" value=\"" +
      h(local_path(next)) + "\">\n<label for=\"code\">" + h(tr("web.login.code", "Write code")) +
      "</label>\n"
      "<input id=\"code\" name=\"code\" inputmode=\"numeric\" autocomplete=\"one-time-code\" maxlength=\"64\" required autofocus>\n";
  if (!error.empty()) main += "<p class=\"err\" role=\"alert\">" + h(error) + "</p>\n";
  main += "<button type=\"submit\" class=\"button primary\">" + h(tr("web.login.enter", "Enter")) +
          "</button>\n</form>\n";
  return page(title, "login", main, c);
}

std::string message_page(int status, const std::string& title, const std::string& message, const PageContext& c) {
  std::string main = "<h1>" + h(title) + "</h1>\n<p class=\"err\">" + h(message) + "</p>\n<p><a href=\"/\">← " +
                     h(tr("web.message.back", "the tables")) + "</a></p>\n";
  (void)status;
  return page(title, "message", main, c);
}

ojson diagnostics_json(const std::vector<Diagnostic>& ds) {
  ojson arr = ojson::array();
  // "message" in English as the JSON of every refusal; "text" what the phone shows, in the page's language
  for (const auto& d : ds) {
    Diagnostic shown = d;
    shown.hand = 0;  // the page says which hand
    arr.push_back({{"field", d.field}, {"code", d.code}, {"message", d.message}, {"text", shown.text()}});
  }
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

std::string room_state_label(const std::string& state) { return table_state_word(state, true); }

std::string room_tables(const ojson& room) {
  const int round = room["round"].get<int>();
  const Args n = Args().text("n", std::to_string(round));
  std::string out = "<section class=\"room-slide\" data-slide=\"tables\">\n<h2>" +
                    h(room["round_status"] == "closed"
                          ? tr("web.room.tables_closed", "Round {n} · closed · the tables", n)
                          : tr("web.room.tables", "Round {n} · the tables", n)) +
                    "</h2>\n<ol class=\"room-tables room-pages\">\n";
  for (const auto& t : room["tables"]) {
    const std::string state = t["state"].get<std::string>();
    out += "<li class=\"room-table state-" + h(state) + "\" data-item>\n<h3>" +
           h(tr("web.room.table", "Table {n}", Args().text("n", std::to_string(t["table"].get<int>())))) +
           " <span class=\"room-state\">" + h(room_state_label(state)) + "</span></h3>\n<ol class=\"room-seats\">";
    for (const auto& s : t["seats"]) {
      const std::string name = s["name"].get<std::string>();
      out += "<li><span class=\"name\">" + h(name) + "</span>";
      if (t["first_dealer"].is_string() && t["first_dealer"] == name)
        out += " <span class=\"room-dealer\">" + h(tr("web.room.deals_first", "deals first")) + "</span>";
      if (t["result"].is_object() && t["result"].contains(s["entrant"].get<std::string>()))
        out += "<span class=\"pts\">" + room_number(t["result"][s["entrant"].get<std::string>()]) + "</span>";
      out += "</li>";
    }
    out += "</ol>\n</li>\n";
  }
  out += "</ol>\n";
  if (!room["byes"].empty()) {
    out += "<p class=\"room-byes\">" + h(tr("web.room.bye", "Bye:")) + " ";
    for (size_t i = 0; i < room["byes"].size(); ++i) out += (i ? ", " : "") + h(room["byes"][i].get<std::string>());
    out += "</p>\n";
  }
  return out + "</section>\n";
}

std::string room_sit(const ojson& room) {
  std::string out = "<section class=\"room-slide\" data-slide=\"sit\">\n<h2>" +
                    h(tr("web.room.sit", "Where do I sit? · round {n}",
                         Args().text("n", std::to_string(room["round"].get<int>())))) +
                    "</h2>\n<ol class=\"room-sit room-pages\">\n";
  for (const auto& s : room["sit"])
    out += "<li data-item><span class=\"name\">" + h(s["name"].get<std::string>()) + "</span> <span class=\"where\">" +
           h(tr("web.room.where", "table {table} · seat {seat}",
                Args()
                    .text("table", std::to_string(s["table"].get<int>()))
                    .text("seat", std::to_string(s["seat"].get<int>())))) +
           "</span></li>\n";
  return out + "</ol>\n</section>\n";
}

std::string room_ranking(const ojson& room) {
  const ojson& r = room["ranking"];
  const bool provisional = r["provisional"].get<bool>();
  const std::string after = std::to_string(r["after"].get<int>());
  std::string out = "<section class=\"room-slide\" data-slide=\"ranking\">\n<h2>" +
                    h(tr("web.room.ranking", "Ranking after round {n}", Args().text("n", after)));
  if (provisional)
    out += " <span class=\"room-provisional\">" +
           h(tr("web.room.provisional", "provisional · {in} of {all} tables in",
                Args().number("in", r["tables_in"].get<int>()).number("all", r["tables"].get<int>()))) +
           "</span>";
  out += "</h2>\n<table class=\"room-ranking\">\n<thead><tr><th class=\"num\">" + h(tr("web.room.rank", "Rank")) +
         "</th><th>" + h(tr("web.room.name", "Name")) + "</th><th class=\"num\">" + h(tr("web.room.score", "Score")) +
         "</th><th class=\"num\">" + h(tr("web.room.round", "Round {n}", Args().text("n", after))) +
         "</th></tr></thead>\n<tbody class=\"room-pages\">\n";
  bool rule = false, marked = false;
  for (const auto& row : r["rows"]) {
    const bool withdrawn = row["withdrawn"].get<bool>();
    std::string cls = withdrawn && !rule ? " class=\"room-withdrawn-first\"" : "";
    rule = rule || withdrawn;
    std::string round_pts = room_number(row["round_points"]);
    if (row["state"] == "submitted") {
      round_pts += "<span class=\"room-mark\" title=\"" + h(tr("web.room.mark_title", "submitted, not yet confirmed")) +
                   "\">*</span>";
      marked = true;
    } else if (row["state"] == "open" || row["state"] == "disputed") {
      round_pts = "<span class=\"room-playing\">" + h(tr("web.room.playing", "playing")) + "</span>";
    }
    out += "<tr data-item" + cls + "><td class=\"num\">" + std::to_string(row["rank"].get<int>()) + "</td><td>" +
           h(row["name"].get<std::string>()) +
           (withdrawn ? " <span class=\"room-gone\">" + h(tr("web.room.withdrawn", "withdrawn")) + "</span>" : "") +
           "</td><td class=\"num\">" + room_number(row["score"]) + "</td><td class=\"num\">" + round_pts +
           "</td></tr>\n";
  }
  out += "</tbody>\n</table>\n";
  if (marked)
    out += "<p class=\"room-note\">* " +
           h(tr("web.room.note", "submitted, waiting for a second player's confirmation")) + "</p>\n";
  return out + "</section>\n";
}

}  // namespace

std::string room_page(const ojson& room, const PageContext& c) {
  const ojson& ev = room["event"];
  const std::string title = ev["name"].get<std::string>();
  std::string main = "<header class=\"room-head\"><h1>" + h(title) + "</h1><p class=\"room-round\">";
  if (room["round"].is_number()) {
    main += h(tr("web.room.round_of", "Round {n} of {all}",
                 Args()
                     .text("n", std::to_string(room["round"].get<int>()))
                     .text("all", std::to_string(ev["rounds"].get<int>()))));
    if (room["round_status"] == "closed")
      main += " · " + h(tr("web.room.closed", "closed"));
    else if (room["ends_at"].is_string())
      main += " · <span class=\"room-clock\" data-ends=\"" + h(room["ends_at"].get<std::string>()) + "\">" +
              h(tr("web.room.ends_at", "ends at {time} UTC",
                   Args().text("time", room["ends_at"].get<std::string>().substr(11, 5)))) +
              "</span>";
  } else {
    main += h(tr("web.room.no_draw", "The draw is not published yet"));
  }
  main += "</p></header>\n";
  if (room["round"].is_number()) main += room_tables(room) + room_sit(room);
  if (room["ranking"]["after"].is_number()) main += room_ranking(room);
  if (!room["round"].is_number() && !room["ranking"]["after"].is_number())
    main += "<section class=\"room-slide\" data-slide=\"wait\"><p class=\"room-wait\">" +
            h(tr("web.room.wait", "The tables appear here when the round is published.")) + "</p></section>\n";
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
