// The served pages as HTML, and the entry API's answers as JSON: pure functions of what the use cases return (no
// HTTP, no storage). Every stored text (a name, a note, a hand in words) goes through escape::html; the pages carry
// no inline script or style (the Content-Security-Policy forbids them): their behaviour is /assets/app.js.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/app.hpp"
#include "core/sheet.hpp"

namespace marque::web {

// What every page needs to know of the request.
struct PageContext {
  bool writer = false;        // the request carries a scorer's session (the write code was entered)
  std::string csrf;           // that session's CSRF token (sent back by app.js with every write)
  uint64_t version = 0;       // the database's version when the page was made (the event stream compares it)
  std::string path;           // the page's own path (where the code form comes back to)
  std::string asset_version;  // appended to the assets' addresses (a new binary is a new address)
  std::string messages;       // the scripts' messages in the page's language (JSON; "" in English: their own words)
};

// The night's scoreboard: every table's running totals, a link to each game.
std::string board_page(const app::Board& b, const std::vector<app::Night>& nights, const PageContext& c);
// The big board for a screen or a TV: each open table's totals, large, no control (refreshed like the board).
std::string big_board_page(const app::Board& b, const PageContext& c);
// A game: totals, the hands newest first in words, the chart of running totals, the paper sheet.
std::string game_page(const app::GameView& v, const sheet::Sheet& s, const PageContext& c);
// One hand: its words, its score, its record; for a scorer the ways to change it.
std::string hand_page(const app::GameView& v, const app::HandLine& h, const PageContext& c);
// The form that asks a hand's questions (app.js drives it through POST /api/games/ID/entry).
std::string entry_page(const app::GameView& v, std::optional<int> edit_no, const PageContext& c);
// The New game page (a scorer's): the game, then the players from the club's roster (`roster`: most recent first,
// narrowed by the search) each tap seating one at the next seat, a name the club does not know confirmed, then the
// first dealer and Start (app.js: POST /api/games). What is chosen so far travels in the page's address.
struct NewGameForm {
  std::string game;                  // "" until chosen
  std::vector<std::string> players;  // seated so far, in seat order
  std::string dealer;
  std::string search;                    // the letters typed in the search box
  std::string fresh;                     // a name the club does not know, waiting for its confirmation
  std::vector<std::string> fresh_close;  // the club's players close to it ("did you mean")
  std::string fresh_error;               // why that name cannot be a player's ("" when it can)
  std::optional<app::Night> night;       // the night the game joins (tonight's)
};
std::string new_game_page(const NewGameForm& f, const std::vector<app::RosterPlayer>& roster, const PageContext& c);
std::string standings_page(const nlohmann::ordered_json& doc, const PageContext& c);
std::string players_page(const std::vector<app::PlayerInfo>& players, const PageContext& c);
std::string player_page(const std::string& name, const nlohmann::ordered_json& stats, const PageContext& c);
std::string login_page(const std::string& next, const std::string& error, const PageContext& c);
std::string message_page(int status, const std::string& title, const std::string& message, const PageContext& c);
// A tournament's room screen for a TV (app::tournament_room's data): the round's tables, where each one sits and the
// latest ranking as slides that assets/room.js shows in turn, a screenful at a time; no control, refreshed live.
std::string room_page(const nlohmann::ordered_json& room, const PageContext& c);

// The entry API's answer for one step (app::entry_step), and a refusal (app::rejection_json) with the field of each
// message kept for the form.
nlohmann::ordered_json step_json(const app::EntryStep& s);
nlohmann::ordered_json diagnostics_json(const std::vector<Diagnostic>& ds);

// The running totals as an SVG chart sized for a phone (lines coloured by the stylesheet, a legend under it).
std::string chart_svg(const std::vector<sheet::Series>& series);
// A sheet model (core/sheet.hpp) as HTML tables and lines.
std::string sheet_html(const sheet::Sheet& s);

// The frame every page shares (head, menu, footer) around `main` (pages_tournament.cpp builds on it).
std::string page_shell(const std::string& title, const std::string& body_class, const std::string& main,
                       const PageContext& c, bool live_main = true, bool bare = false);

// A path given back to us (?next=): a path of this site only ("/game/3"), else "/" (never "//evil", "/\\evil").
std::string local_path(const std::string& p);

// A translated text as HTML with a command in it as <code>: the text says it by a {command} argument given as
// k_code (tr("web.x", "type {command}", Message().text("command", k_code))), `code` takes its place.
inline constexpr const char* k_code = "\x1f";
std::string with_code(const std::string& said, const std::string& code);

// A tournament table's state ("open", "submitted", ...) in a word: "playing", "submitted", ...; a dispute is "being
// checked" in the hall (the room board), "disputed" on the organiser's page.
std::string table_state_word(const std::string& state, bool hall);

// The scripts' messages (messages.cpp): every t('id', 'English') of a script's source, in its order, each once
// (the same calls scripts/messages.sh extracts into the catalogues).
std::vector<std::pair<std::string, std::string>> script_messages(std::string_view script);
// Those messages in `lang` as a JSON object {id: pattern} (an ICU MessageFormat pattern each, app.js says them).
std::string script_catalogue(const std::vector<std::pair<std::string, std::string>>& messages, std::string_view lang);

// The tournament's pages (pages_tournament.cpp): the form that asks a table's code (`error`: why the last one did
// not open), a table on its phone, the organiser's page of an event's current round, the list of events.
std::string table_code_page(const std::string& error, const PageContext& c);
std::string table_page(const app::TablePlay& t, const std::optional<app::GameView>& game, const PageContext& c);
std::string organiser_page(const std::string& event, const std::string& name, int round, int rounds,
                           const std::vector<app::TablePlay>& tables, const PageContext& c);
std::string tournaments_page(const std::vector<app::TournamentInfo>& events, const PageContext& c);

}  // namespace marque::web
