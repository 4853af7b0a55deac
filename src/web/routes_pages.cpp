// `marque serve`'s pages (web/pages.cpp renders them from app:: use cases) and their assets.
#include "web/server_impl.hpp"

#include <algorithm>

#include "app/front.hpp"
#include "core/date.hpp"
#include "core/language.hpp"
#include "core/unicode.hpp"

namespace marque::web {

void Server::Impl::page_routes() {
  http.Get("/", [this](const Request& req, Response& res) {
    html(req, res, [](app::Database& db, const PageContext& c) {
      return board_page(app::board(*db, std::nullopt), app::nights(*db), c);
    });
  });
  http.Get(R"(/night/(\d{1,18}))", [this](const Request& req, Response& res) {
    auto id = id_of(req.matches[1]);
    if (!id) return page_error(req, res, 404, text::tr("web.error.no_night", "no such night"));
    html(req, res, [&](app::Database& db, const PageContext& c) {
      return board_page(app::board(*db, *id), app::nights(*db), c);
    });
  });
  http.Get("/big", [this](const Request& req, Response& res) {
    html(req, res,
         [](app::Database& db, const PageContext& c) { return big_board_page(app::board(*db, std::nullopt), c); });
  });
  http.Get(R"(/night/(\d{1,18})/big)", [this](const Request& req, Response& res) {
    auto id = id_of(req.matches[1]);
    if (!id) return page_error(req, res, 404, text::tr("web.error.no_night", "no such night"));
    html(req, res, [&](app::Database& db, const PageContext& c) { return big_board_page(app::board(*db, *id), c); });
  });
  http.Get(R"(/game/(\d{1,18}))", [this](const Request& req, Response& res) {
    auto id = id_of(req.matches[1]);
    if (!id) return page_error(req, res, 404, text::tr("web.error.no_game", "no such game"));
    html(req, res, [&](app::Database& db, const PageContext& c) {
      app::GameView v = app::game_view(*db, *id);
      if (v.game.ended == "deleted") throw Error(k_exit_noinput, "game " + std::to_string(*id) + " was deleted");
      return game_page(v, app::score_sheet(v.game.game, v.file, v.score), c);
    });
  });
  http.Get(R"(/game/(\d{1,18})/hand/(\d{1,9}))", [this](const Request& req, Response& res) {
    auto id = id_of(req.matches[1]);
    auto no = id_of(req.matches[2]);
    if (!id || !no) return page_error(req, res, 404, text::tr("web.error.no_hand", "no such hand"));
    html(req, res, [&](app::Database& db, const PageContext& c) {
      app::GameView v = app::game_view(*db, *id);
      for (const auto& h : v.hands)
        if (h.no == *no) return hand_page(v, h, c);
      throw Error(k_exit_noinput, "game " + std::to_string(*id) + " has no hand " + std::to_string(*no));
    });
  });
  auto entry = [this](const Request& req, Response& res, bool edit) {
    auto id = id_of(req.matches[1]);
    std::optional<int64_t> no = edit ? id_of(req.matches[2]) : std::nullopt;
    if (!id || (edit && !no)) return page_error(req, res, 404, text::tr("web.error.no_game", "no such game"));
    if (!sessions.csrf_of(session_token(req)) && !table_grant(req)) {  // a table's phone enters its own game
      res.set_redirect("/login?next=" + req.path, 303);
      return;
    }
    html(req, res, [&](app::Database& db, const PageContext& c) {
      app::GameView v = app::game_view(*db, *id);
      if (v.game.ended == "deleted") throw Error(k_exit_noinput, "game " + std::to_string(*id) + " was deleted");
      return entry_page(v, no ? std::optional<int>(static_cast<int>(*no)) : std::nullopt, c);
    });
  };
  http.Get(R"(/game/(\d{1,18})/hand)", [entry](const Request& req, Response& res) { entry(req, res, false); });
  http.Get(R"(/game/(\d{1,18})/hand/(\d{1,9})/entry)",
           [entry](const Request& req, Response& res) { entry(req, res, true); });
  // a new game from a phone (a scorer's page): the game, the players from the roster, the first dealer
  http.Get("/new", [this](const Request& req, Response& res) {
    if (!sessions.csrf_of(session_token(req))) {
      res.set_redirect("/login?next=/new", 303);
      return;
    }
    NewGameForm f;
    f.game = req.get_param_value("game");
    for (size_t i = 0; i < std::min<size_t>(req.get_param_value_count("p"), 16); ++i)
      if (std::string p = app::trimmed_name(req.get_param_value("p", i)); !p.empty()) f.players.push_back(p);
    f.dealer = req.get_param_value("dealer");
    if (std::find(f.players.begin(), f.players.end(), f.dealer) == f.players.end()) f.dealer.clear();
    f.search = app::trimmed_name(req.get_param_value("q"));
    f.fresh = app::trimmed_name(req.get_param_value("new"));
    const std::optional<int64_t> night = id_of(req.get_param_value("night"));
    html(req, res, [&](app::Database& db, const PageContext& c) {
      // the night given, else tonight's (the latest night dated today): the game joins it
      for (const auto& n : app::nights(*db))
        if (night ? n.id == *night : n.date == today()) f.night = n;
      std::vector<app::RosterPlayer> roster = app::roster(*db, f.search);
      auto is_seated = [&](const std::string& name) {
        return std::any_of(f.players.begin(), f.players.end(),
                           [&](const std::string& s) { return unicode::same_name(s, name); });
      };
      // letters that match no player of the club not seated yet: a new name, to confirm
      if (!f.search.empty() && f.fresh.empty() &&
          std::all_of(roster.begin(), roster.end(), [&](const app::RosterPlayer& p) { return is_seated(p.name); })) {
        f.fresh = f.search;
        f.search.clear();
        roster = app::roster(*db, "");
      }
      if (is_seated(f.fresh)) {
        f.fresh_error = f.fresh + " is at the table already";
      } else if (!f.fresh.empty()) {
        try {
          app::table_words({f.fresh}, "");  // a name a list of players can hold
          auto news = app::new_players(*db, {f.fresh});
          if (news.empty())
            f.fresh_error = f.fresh + " is one of the club's players already: tap the name in the list";
          else
            f.fresh_close = news.front().close_to;
        } catch (const Rejected& e) {
          f.fresh_error = e.diagnostics().errors().empty() ? e.what() : e.diagnostics().errors().front().message;
        }
      }
      return new_game_page(f, roster, c);
    });
  });
  http.Get("/standings", [this](const Request& req, Response& res) {
    html(req, res, [](app::Database& db, const PageContext& c) {
      return standings_page(app::standings(*db, app::Filter{}, ""), c);
    });
  });
  http.Get("/players", [this](const Request& req, Response& res) {
    html(req, res, [](app::Database& db, const PageContext& c) { return players_page(app::players(*db), c); });
  });
  http.Get("/player", [this](const Request& req, Response& res) {
    const std::string name = req.get_param_value("name");
    html(req, res, [&](app::Database& db, const PageContext& c) {
      for (const auto& p : app::players(*db))
        if (p.name == name) return player_page(p.name, app::stats(*db, p.name, app::Filter{}), c);
      throw Error(k_exit_noinput, "no player named " + clip(name) + " here");
    });
  });

  http.Get(R"(/assets/([a-z0-9_.-]{1,64}))", [this](const Request& req, Response& res) {
    auto it = assets.find(std::string(req.matches[1]));
    if (it == assets.end()) return page_error(req, res, 404, text::tr("web.error.no_file", "no such file"));
    res.set_header("Cache-Control",
                   req.get_param_value("v") == asset_version ? "public, max-age=31536000, immutable" : "no-cache");
    res.set_header("ETag", "\"" + asset_version + "\"");
    res.set_content(std::string(it->second->body), std::string(it->second->type));
  });
  // the language menu: the phone's choice kept a year (over the club's and the browser's language; any other value
  // forgets it), then back to the page it was made on
  http.Get("/language", [this](const Request& req, Response& res) {
    const std::string lang = text::language_of(req.get_param_value("set"));
    res.set_header("Set-Cookie", std::string(k_language_cookie) + "=" + lang + "; Path=/; SameSite=Lax" +
                                     (lang.empty() ? "; Max-Age=0" : "; Max-Age=31536000") +
                                     (http.tls ? "; Secure" : ""));
    res.set_redirect(local_path(req.get_param_value("next")), 303);
  });
  http.Get("/favicon.ico", [](const Request&, Response& res) { res.set_redirect("/assets/icon.svg", 301); });
  // the installable web app: its manifest, and the service worker from the root (its scope: every page), which
  // caches the pages for when the network is down (assets/sw.js) and is told the assets' version
  http.Get("/manifest.webmanifest", [this](const Request&, Response& res) {
    const Asset* a = assets.at("manifest.webmanifest");
    res.set_header("Cache-Control", "no-cache");
    res.set_content(std::string(a->body), std::string(a->type));
  });
  http.Get("/sw.js", [this](const Request&, Response& res) {
    std::string body(assets.at("sw.js")->body);
    const std::string mark = "@VERSION@";
    body.replace(body.find(mark), mark.size(), asset_version);
    res.set_header("Cache-Control", "no-cache");
    res.set_content(body, "text/javascript; charset=utf-8");
  });
}

}  // namespace marque::web
