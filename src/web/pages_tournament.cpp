// The tournament's pages (tournament.md 4.3): a table on its phone (/t/CODE), the form that asks a code (/t), the
// organiser's page of the current round (/tournament/ID), the list of events (/tournaments). Their behaviour is
// /assets/tournament.js (no inline script: the Content-Security-Policy forbids it).
#include <ctime>

#include "core/escape.hpp"
#include "core/text.hpp"
#include "web/pages.hpp"

namespace marque::web {

namespace {

std::string esc(const std::string& s) { return escape::html(s); }

std::string assets(const PageContext& c) {
  const std::string v = "?v=" + c.asset_version;
  return "<link rel=\"stylesheet\" href=\"/assets/tournament.css" + v + "\">\n<script src=\"/assets/tournament.js" + v +
         "\" defer></script>\n";
}

std::string name_of(const app::TablePlay& t, const std::string& entrant) {
  for (const auto& s : t.seats)
    if (s.entrant == entrant) return s.name;
  return entrant;
}

std::string state_words(const app::TablePlay& t) {
  if (t.state == "open" && t.has_result) return "open";
  if (t.state == "submitted") return "submitted by " + name_of(t, t.submitted_by) + ", waiting for a second player";
  if (t.state == "confirmed") {
    if (!t.override_by.empty()) return "confirmed by the organiser (" + t.override_reason + ")";
    if (t.confirmed_by.empty()) return "confirmed";
    return "confirmed by " + name_of(t, t.confirmed_by);
  }
  if (t.state == "disputed") return "disputed: " + t.note;
  return "playing";
}

std::string state_class(const app::TablePlay& t) { return t.state == "open" ? "playing" : t.state; }

std::string totals_of(const app::TablePlay& t) {
  std::string out = "<ol class=\"totals\">";
  for (const auto& [id, total] : t.totals)
    out += "<li><span class=\"name\">" + esc(name_of(t, id)) + "</span><span class=\"pts\">" +
           esc(text::format_number(total)) + "</span></li>";
  return out + "</ol>";
}

// the round's clock: published at, the time limit, the time left (counted down by tournament.js)
std::string clock_of(const app::TablePlay& t) {
  if (!t.published) return "<p class=\"clock\">not published yet</p>";
  std::string out = "<p class=\"clock\" data-published=\"" + esc(t.published_at) + "\"";
  if (t.time_limit_min) out += " data-limit=\"" + std::to_string(*t.time_limit_min) + "\"";
  out += ">published " + esc(t.published_at.size() >= 16 ? t.published_at.substr(11, 5) + " UTC" : t.published_at);
  if (t.time_limit_min)
    out += " · " + std::to_string(*t.time_limit_min) + " min · <span class=\"left\">time left</span>";
  return out + "</p>";
}

}  // namespace

std::string table_code_page(const std::string& error, const PageContext& c) {
  std::string main = "<h1>Your table</h1>\n";
  if (!error.empty()) main += "<p class=\"error\" role=\"alert\">" + esc(error) + "</p>\n";
  main += "<form method=\"get\" action=\"/t\" class=\"table-code\"><label>The table code on your table card "
          "<input name=\"code\" autocomplete=\"off\" autocapitalize=\"characters\" maxlength=\"8\" "
          "required></label> <button type=\"submit\" class=\"button\">Open the table</button></form>\n";
  return page_shell("Your table", "table-code", assets(c) + main, c, false);
}

std::string table_page(const app::TablePlay& t, const std::optional<app::GameView>& game, const PageContext& c) {
  const std::string title = "Table " + std::to_string(t.table) + " · round " + std::to_string(t.round);
  std::string main = assets(c) + "<section class=\"tourney-table\" data-code=\"" + esc(t.code) + "\" data-game=\"" +
                     (t.game_id ? std::to_string(*t.game_id) : std::string()) + "\">\n";
  main += "<h1>" + esc(title) + "</h1>\n<p class=\"sub\">" + esc(t.event_name) + " · code " + esc(t.code) + "</p>\n";
  // the part that changes with the database (app.js replaces it when anything is stored)
  main += "<div id=\"table-live\" data-live data-state=\"" + esc(t.state) + "\" data-submitted=\"" + esc(t.submitted_by) +
          "\">\n";
  main += "<p class=\"state state-" + esc(state_class(t)) + "\">" + esc(state_words(t)) + "</p>\n";
  main += clock_of(t);
  main += "<h2>Seats</h2>\n<ol class=\"seats\">";
  for (const auto& s : t.seats) {
    main += "<li><button type=\"button\" class=\"seat\" data-who=\"" + esc(s.entrant) + "\">" + std::to_string(s.seat) +
            " · " + esc(s.name);
    if (!s.players.empty()) main += " (" + esc(s.players.front()) + " & " + esc(s.players.back()) + ")";
    if (s.name == t.first_dealer) main += " <span class=\"dealer\">deals first</span>";
    main += "</button></li>";
  }
  main += "</ol>\n<p class=\"who-hint\">Tap your name: who is holding this phone.</p>\n";
  main += "<h2>Totals</h2>\n" + totals_of(t);
  main += "<p class=\"sub\">" + std::to_string(t.deals) + " deal" + (t.deals == 1 ? "" : "s") +
          (t.deal_limit > 0 ? " of " + std::to_string(t.deal_limit) : std::string()) + "</p>\n";
  if (game && !game->hands.empty()) {
    main += "<h2>Hands</h2>\n<ol class=\"hands-list\">";
    for (auto it = game->hands.rbegin(); it != game->hands.rend(); ++it)
      main += "<li value=\"" + std::to_string(it->no) + "\">" + esc(it->words) + "</li>";
    main += "</ol>\n";
  }
  main += "</div>\n";
  // the actions (tournament.js shows those the state allows)
  if (t.round_closed) {
    main += "<p>Round " + std::to_string(t.round) + " is closed.</p>\n";
  } else {
    main += "<div class=\"table-actions\">\n";
    if (t.game_id)
      main += "<a class=\"button act-enter\" href=\"/game/" + std::to_string(*t.game_id) +
              "/hand\">Enter a hand</a>\n<a class=\"act-hands\" href=\"/game/" + std::to_string(*t.game_id) +
              "\">The game's sheet</a>\n";
    main += "<button type=\"button\" class=\"button act act-submit\" data-act=\"submit\">Submit the result</button>\n"
            "<button type=\"button\" class=\"button act act-confirm\" data-act=\"confirm\">Confirm</button>\n"
            "<details class=\"act-dispute-box\"><summary class=\"button\">Dispute</summary>"
            "<label>What is wrong <textarea class=\"dispute-note\" maxlength=\"500\"></textarea></label>"
            "<button type=\"button\" class=\"button act act-dispute\" data-act=\"dispute\">Send the dispute</button>"
            "</details>\n";
    main += "<details class=\"slip\"><summary>Enter a slip instead</summary>\n<p class=\"sub\">Each seat's total "
            "from the paper sheet.</p>\n";
    for (const auto& s : t.seats)
      main += "<label class=\"slip-line\"><span>" + esc(s.name) +
              "</span><input type=\"text\" inputmode=\"decimal\" class=\"slip-points\" data-entrant=\"" + esc(s.entrant) +
              "\" autocomplete=\"off\"></label>\n";
    main += "<label class=\"slip-line\"><span>Deals played</span><input type=\"number\" inputmode=\"numeric\" "
            "class=\"slip-deals\" min=\"0\" max=\"99\"></label>\n"
            "<p class=\"slip-sum-line\">Sum: <span class=\"slip-sum\">0</span></p>\n"
            "<button type=\"button\" class=\"button act act-slip\" data-act=\"slip\">Submit the slip</button>\n"
            "</details>\n</div>\n";
  }
  main += "<p class=\"table-msg\" role=\"status\" aria-live=\"polite\"></p>\n</section>\n";
  return page_shell(title, "table", main, c, false);
}

std::string organiser_page(const std::string& event, const std::string& name, int round, int rounds,
                           const std::vector<app::TablePlay>& tables, const PageContext& c) {
  std::string main = assets(c) + "<section class=\"organiser\" data-event=\"" + esc(event) + "\" data-round=\"" +
                     std::to_string(round) + "\">\n";
  main += "<h1>" + esc(name) + "</h1>\n";
  if (tables.empty()) {
    main += "<p>No round drawn yet: <code>marque tournament draw " + esc(event) + "</code>, then publish it.</p>\n";
    return page_shell(name, "organiser", main + "</section>\n", c);
  }
  int done = 0;
  for (const auto& t : tables) done += t.state == "confirmed" ? 1 : 0;
  main += "<p class=\"sub\">Round " + std::to_string(round) + " of " + std::to_string(rounds) + " · " +
          std::to_string(done) + " of " + std::to_string(tables.size()) + " tables confirmed" +
          (tables.front().round_closed ? " · closed" : "") + "</p>\n";
  main += clock_of(tables.front());
  main += "<ol class=\"org-tables\">\n";
  for (const auto& t : tables) {
    main += "<li class=\"org-table state-" + esc(state_class(t)) + "\" data-table=\"" + std::to_string(t.table) +
            "\" data-state=\"" + esc(t.state) + "\">\n<h2>Table " + std::to_string(t.table) + " <span class=\"code\">" +
            esc(t.code) + "</span> <span class=\"state\">" + esc(t.state == "open" ? "playing" : t.state) +
            "</span></h2>\n<p class=\"seats-line\">";
    for (size_t i = 0; i < t.seats.size(); ++i) main += (i ? " · " : "") + esc(t.seats[i].name);
    main += "</p>\n<p class=\"state-words\">" + esc(state_words(t)) + " · " + std::to_string(t.deals) + " deals";
    if (t.game_id) main += " · <a href=\"/game/" + std::to_string(*t.game_id) + "\">game</a>";
    main += "</p>\n" + totals_of(t);
    if (!t.round_closed && t.state != "confirmed") {
      main += "<details class=\"override\"><summary>Override</summary>\n";
      for (const auto& s : t.seats)
        main += "<label class=\"slip-line\"><span>" + esc(s.name) +
                "</span><input type=\"text\" inputmode=\"decimal\" class=\"slip-points\" data-entrant=\"" +
                esc(s.entrant) + "\" placeholder=\"as submitted\" autocomplete=\"off\"></label>\n";
      main += "<label>Reason <input type=\"text\" class=\"override-reason\" maxlength=\"300\"></label>\n"
              "<button type=\"button\" class=\"button\" data-override=\"" +
              std::to_string(t.table) + "\">" + (t.has_result ? "Confirm" : "Set the result") +
              " as the organiser</button>\n</details>\n";
    }
    main += "</li>\n";
  }
  main += "</ol>\n";
  if (!tables.front().round_closed)
    main += "<button type=\"button\" class=\"button close-round\" data-close-round=\"" + std::to_string(round) + "\"" +
            (done == static_cast<int>(tables.size()) ? "" : " disabled") + ">Close round " + std::to_string(round) +
            "</button>\n";
  main += "<p class=\"table-msg\" role=\"status\" aria-live=\"polite\"></p>\n</section>\n";
  return page_shell(name, "organiser", main, c);
}

std::string tournaments_page(const std::vector<app::TournamentInfo>& events, const PageContext& c) {
  std::string main = "<h1>Tournaments</h1>\n";
  if (events.empty()) main += "<p>No event yet: <code>marque tournament create</code>.</p>\n";
  main += "<ul class=\"events\">";
  for (const auto& e : events)
    main += "<li><a href=\"/tournament/" + esc(e.id) + "\">" + esc(e.name) + "</a> <span class=\"sub\">" + esc(e.game) +
            " · " + esc(e.date) + " · " + std::to_string(e.entrants) + " entrants · round " + std::to_string(e.drawn) +
            " of " + std::to_string(e.rounds) + " · " + esc(e.status) + "</span></li>";
  main += "</ul>\n";
  return page_shell("Tournaments", "tournaments", main, c);
}

}  // namespace marque::web
