// The tournament's pages (tournament.md 4.3): a table on its phone (/t/CODE), the form that asks a code (/t), the
// organiser's page of the current round (/tournament/ID), the list of events (/tournaments). Their behaviour is
// /assets/tournament.js (no inline script: the Content-Security-Policy forbids it).
#include <ctime>

#include "core/escape.hpp"
#include "core/language.hpp"
#include "core/text.hpp"
#include "web/pages.hpp"

namespace marque::web {

namespace {

using text::tr;
using Args = text::Message;

std::string esc(const std::string& s) { return escape::html(s); }
std::string n_of(int n) { return std::to_string(n); }

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
  if (t.state == "open" && t.has_result) return tr("web.table.open", "open");
  if (t.state == "submitted")
    return tr("web.table.submitted", "submitted by {name}, waiting for a second player",
              Args().text("name", name_of(t, t.submitted_by)));
  if (t.state == "confirmed") {
    if (!t.override_by.empty())
      return tr("web.table.overridden", "confirmed by the organiser ({reason})",
                Args().text("reason", t.override_reason));
    if (t.confirmed_by.empty()) return tr("web.room.confirmed", "confirmed");
    return tr("web.table.confirmed_by", "confirmed by {name}", Args().text("name", name_of(t, t.confirmed_by)));
  }
  if (t.state == "disputed") return tr("web.table.disputed", "disputed: {note}", Args().text("note", t.note));
  return tr("web.room.playing", "playing");
}

std::string state_class(const app::TablePlay& t) { return t.state == "open" ? "playing" : t.state; }

std::string totals_of(const app::TablePlay& t) {
  std::string out = "<ol class=\"totals\">";
  for (const auto& [id, total] : t.totals)
    out += "<li><span class=\"name\">" + esc(name_of(t, id)) + "</span><span class=\"pts\">" +
           esc(text::local_number(total, text::language())) + "</span></li>";
  return out + "</ol>";
}

// the round's clock: published at, the time limit, the time left (counted down by tournament.js)
std::string clock_of(const app::TablePlay& t) {
  if (!t.published) return "<p class=\"clock\">" + esc(tr("web.table.not_published", "not published yet")) + "</p>";
  std::string out = "<p class=\"clock\" data-published=\"" + esc(t.published_at) + "\"";
  if (t.time_limit_min) out += " data-limit=\"" + std::to_string(*t.time_limit_min) + "\"";
  out += ">" + esc(tr("web.table.published", "published {time}",
                      Args().text("time", t.published_at.size() >= 16 ? t.published_at.substr(11, 5) + " UTC"
                                                                      : t.published_at)));
  if (t.time_limit_min)
    out += " · " + esc(tr("web.table.minutes", "{n} min", Args().text("n", n_of(*t.time_limit_min)))) +
           " · <span class=\"left\">" + esc(tr("web.table.time_left", "time left")) + "</span>";
  return out + "</p>";
}

}  // namespace

std::string table_code_page(const std::string& error, const PageContext& c) {
  const std::string title = tr("web.table.yours", "Your table");
  std::string main = "<h1>" + esc(title) + "</h1>\n";
  if (!error.empty()) main += "<p class=\"error\" role=\"alert\">" + esc(error) + "</p>\n";
  main += "<form method=\"get\" action=\"/t\" class=\"table-code\"><label>" +
          esc(tr("web.table.code_label", "The table code on your table card")) +
          " <input name=\"code\" autocomplete=\"off\" autocapitalize=\"characters\" maxlength=\"8\" "
          "required></label> <button type=\"submit\" class=\"button\">" +
          esc(tr("web.table.open_button", "Open the table")) + "</button></form>\n";
  return page_shell(title, "table-code", assets(c) + main, c, false);
}

std::string table_page(const app::TablePlay& t, const std::optional<app::GameView>& game, const PageContext& c) {
  const std::string title = tr("web.table.title", "Table {table} · round {round}",
                               Args().text("table", n_of(t.table)).text("round", n_of(t.round)));
  std::string main = assets(c) + "<section class=\"tourney-table\" data-code=\"" + esc(t.code) + "\" data-game=\"" +
                     (t.game_id ? std::to_string(*t.game_id) : std::string()) + "\">\n";
  main += "<h1>" + esc(title) + "</h1>\n<p class=\"sub\">" + esc(t.event_name) + " · " +
          esc(tr("web.table.code", "code {code}", Args().text("code", t.code))) + "</p>\n";
  // the part that changes with the database (app.js replaces it when anything is stored)
  main += "<div id=\"table-live\" data-live data-state=\"" + esc(t.state) + "\" data-submitted=\"" +
          esc(t.submitted_by) + "\">\n";
  main += "<p class=\"state state-" + esc(state_class(t)) + "\">" + esc(state_words(t)) + "</p>\n";
  main += clock_of(t);
  main += "<h2>" + esc(tr("web.table.seats", "Seats")) + "</h2>\n<ol class=\"seats\">";
  const std::string mine = esc(tr("web.table.this_phone", "this phone"));  // shown after the seat tapped (CSS)
  for (const auto& s : t.seats) {
    main += "<li><button type=\"button\" class=\"seat\" data-who=\"" + esc(s.entrant) + "\" data-me=\"" + mine + "\">" +
            std::to_string(s.seat) + " · " + esc(s.name);
    if (!s.players.empty()) main += " (" + esc(s.players.front()) + " & " + esc(s.players.back()) + ")";
    if (s.name == t.first_dealer)
      main += " <span class=\"dealer\">" + esc(tr("web.room.deals_first", "deals first")) + "</span>";
    main += "</button></li>";
  }
  main += "</ol>\n<p class=\"who-hint\">" + esc(tr("web.table.who", "Tap your name: who is holding this phone.")) +
          "</p>\n";
  main += "<h2>" + esc(tr("web.table.totals", "Totals")) + "</h2>\n" + totals_of(t);
  const Args deals = Args().number("n", t.deals).number("limit", t.deal_limit);
  main += "<p class=\"sub\">" +
          esc(t.deal_limit > 0 ? tr("web.table.deals_of", "{n, plural, one {# deal} other {# deals}} of {limit}", deals)
                               : tr("web.table.deals", "{n, plural, one {# deal} other {# deals}}", deals)) +
          "</p>\n";
  if (game && !game->hands.empty()) {
    main += "<h2>" + esc(tr("web.game.hands", "Hands")) + "</h2>\n<ol class=\"hands-list\">";
    for (auto it = game->hands.rbegin(); it != game->hands.rend(); ++it)
      main += "<li value=\"" + std::to_string(it->no) + "\">" + esc(it->words) + "</li>";
    main += "</ol>\n";
  }
  main += "</div>\n";
  // the actions (tournament.js shows those the state allows)
  if (t.round_closed) {
    main += "<p>" + esc(tr("web.table.round_closed", "Round {n} is closed.", Args().text("n", n_of(t.round)))) +
            "</p>\n";
  } else {
    main += "<div class=\"table-actions\">\n";
    if (t.game_id)
      main += "<a class=\"button act-enter\" href=\"/game/" + std::to_string(*t.game_id) + "/hand\">" +
              esc(tr("web.table.enter", "Enter a hand")) + "</a>\n<a class=\"act-hands\" href=\"/game/" +
              std::to_string(*t.game_id) + "\">" + esc(tr("web.table.sheet", "The game's sheet")) + "</a>\n";
    main += "<button type=\"button\" class=\"button act act-submit\" data-act=\"submit\">" +
            esc(tr("web.table.submit", "Submit the result")) +
            "</button>\n"
            "<button type=\"button\" class=\"button act act-confirm\" data-act=\"confirm\">" +
            esc(tr("web.table.confirm", "Confirm")) +
            "</button>\n"
            "<details class=\"act-dispute-box\"><summary class=\"button\">" +
            esc(tr("web.table.dispute", "Dispute")) + "</summary><label>" +
            esc(tr("web.table.wrong", "What is wrong")) +
            " <textarea class=\"dispute-note\" maxlength=\"500\"></textarea></label>"
            "<button type=\"button\" class=\"button act act-dispute\" data-act=\"dispute\">" +
            esc(tr("web.table.send_dispute", "Send the dispute")) + "</button></details>\n";
    main += "<details class=\"slip\"><summary>" + esc(tr("web.table.slip", "Enter a slip instead")) +
            "</summary>\n<p class=\"sub\">" +
            esc(tr("web.table.slip_help", "Each seat's total from the paper sheet.")) + "</p>\n";
    for (const auto& s : t.seats)
      main += "<label class=\"slip-line\"><span>" + esc(s.name) +
              "</span><input type=\"text\" inputmode=\"decimal\" class=\"slip-points\" data-entrant=\"" +
              esc(s.entrant) + "\" autocomplete=\"off\"></label>\n";
    main += "<label class=\"slip-line\"><span>" + esc(tr("web.table.deals_played", "Deals played")) +
            "</span><input type=\"number\" inputmode=\"numeric\" "
            "class=\"slip-deals\" min=\"0\" max=\"99\"></label>\n"
            "<p class=\"slip-sum-line\">" +
            esc(tr("web.table.sum", "Sum:")) +
            " <span class=\"slip-sum\">0</span></p>\n"
            "<button type=\"button\" class=\"button act act-slip\" data-act=\"slip\">" +
            esc(tr("web.table.submit_slip", "Submit the slip")) + "</button>\n</details>\n</div>\n";
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
    main += "<p>" +
            with_code(tr("web.org.no_round", "No round drawn yet: {command}, then publish it.",
                         Args().text("command", k_code)),
                      "marque tournament draw " + event) +
            "</p>\n";
    return page_shell(name, "organiser", main + "</section>\n", c);
  }
  int done = 0;
  for (const auto& t : tables) done += t.state == "confirmed" ? 1 : 0;
  main += "<p class=\"sub\">" +
          esc(tr("web.room.round_of", "Round {n} of {all}", Args().text("n", n_of(round)).text("all", n_of(rounds))) +
              " · " +
              tr("web.org.confirmed", "{done} of {all} tables confirmed",
                 Args().number("done", done).number("all", static_cast<int64_t>(tables.size()))) +
              (tables.front().round_closed ? " · " + tr("web.room.closed", "closed") : "")) +
          "</p>\n";
  main += clock_of(tables.front());
  main += "<ol class=\"org-tables\">\n";
  for (const auto& t : tables) {
    main += "<li class=\"org-table state-" + esc(state_class(t)) + "\" data-table=\"" + std::to_string(t.table) +
            "\" data-state=\"" + esc(t.state) + "\">\n<h2>" +
            esc(tr("web.room.table", "Table {n}", Args().text("n", n_of(t.table)))) + " <span class=\"code\">" +
            esc(t.code) + "</span> <span class=\"state\">" + esc(table_state_word(t.state, false)) +
            "</span></h2>\n<p class=\"seats-line\">";
    for (size_t i = 0; i < t.seats.size(); ++i) main += (i ? " · " : "") + esc(t.seats[i].name);
    main += "</p>\n<p class=\"state-words\">" + esc(state_words(t)) + " · " +
            esc(tr("web.table.deals", "{n, plural, one {# deal} other {# deals}}", Args().number("n", t.deals)));
    if (t.game_id)
      main += " · <a href=\"/game/" + std::to_string(*t.game_id) + "\">" + esc(tr("web.org.game", "game")) + "</a>";
    main += "</p>\n" + totals_of(t);
    if (!t.round_closed && t.state != "confirmed") {
      main += "<details class=\"override\"><summary>" + esc(tr("web.org.override", "Override")) + "</summary>\n";
      for (const auto& s : t.seats)
        main += "<label class=\"slip-line\"><span>" + esc(s.name) +
                "</span><input type=\"text\" inputmode=\"decimal\" class=\"slip-points\" data-entrant=\"" +
                esc(s.entrant) + "\" placeholder=\"" + esc(tr("web.org.as_submitted", "as submitted")) +
                "\" autocomplete=\"off\"></label>\n";
      main += "<label>" + esc(tr("web.org.reason", "Reason")) +
              " <input type=\"text\" class=\"override-reason\" maxlength=\"300\"></label>\n"
              "<button type=\"button\" class=\"button\" data-override=\"" +
              std::to_string(t.table) + "\">" +
              esc(t.has_result ? tr("web.org.confirm_as", "Confirm as the organiser")
                               : tr("web.org.set_as", "Set the result as the organiser")) +
              "</button>\n</details>\n";
    }
    main += "</li>\n";
  }
  main += "</ol>\n";
  if (!tables.front().round_closed)
    main += "<button type=\"button\" class=\"button close-round\" data-close-round=\"" + std::to_string(round) + "\"" +
            (done == static_cast<int>(tables.size()) ? "" : " disabled") + ">" +
            esc(tr("web.org.close_round", "Close round {n}", Args().text("n", n_of(round)))) + "</button>\n";
  main += "<p class=\"table-msg\" role=\"status\" aria-live=\"polite\"></p>\n</section>\n";
  return page_shell(name, "organiser", main, c);
}

namespace {

// an event's status in a word (the list of events)
std::string event_status(const std::string& status) {
  if (status == "open") return tr("web.events.open", "open");
  if (status == "closed") return tr("web.events.closed", "closed");
  if (status == "damaged") return tr("web.events.damaged", "damaged");
  return status;
}

}  // namespace

std::string tournaments_page(const std::vector<app::TournamentInfo>& events, const PageContext& c) {
  const std::string title = tr("web.events.title", "Tournaments");
  std::string main = "<h1>" + esc(title) + "</h1>\n";
  if (events.empty())
    main += "<p>" +
            with_code(tr("web.events.empty", "No event yet: {command}.", Args().text("command", k_code)),
                      "marque tournament create") +
            "</p>\n";
  main += "<ul class=\"events\">";
  for (const auto& e : events)
    main += "<li><a href=\"/tournament/" + esc(e.id) + "\">" + esc(e.name) + "</a> <span class=\"sub\">" + esc(e.game) +
            " · " + esc(text::local_date(e.date, text::language())) + " · " +
            esc(tr("web.events.entrants", "{n, plural, one {# entrant} other {# entrants}}",
                   Args().number("n", e.entrants))) +
            " · " +
            esc(tr("web.events.round", "round {n} of {all}",
                   Args().text("n", n_of(e.drawn)).text("all", n_of(e.rounds)))) +
            " · " + esc(event_status(e.status)) + "</span></li>";
  main += "</ul>\n";
  return page_shell(title, "tournaments", main, c);
}

}  // namespace marque::web
