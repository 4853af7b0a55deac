// The JSON API of the entry form: a game's state, the next question, a hand stored, changed or deleted, an undo.
#include "web/server_impl.hpp"

namespace marque::web {

void Server::Impl::api_routes() {
  http.Get("/api/session", [this](const Request& req, Response& res) {
    auto csrf = sessions.csrf_of(session_token(req));
    if (!csrf)  // a table's phone (routes_tournament.cpp): its session writes to that table only
      if (auto grant = tables.of(cookie_of(req, cookie + "_t"))) csrf = grant->csrf;
    send_json(res, 200,
              {{"writer", csrf.has_value()},
               {"csrf", csrf ? ojson(*csrf) : ojson(nullptr)},
               {"version", notifier.version()}});
  });
  http.Get(R"(/api/games/(\d{1,18}))", [this](const Request& req, Response& res) {
    auto id = id_of(req.matches[1]);
    try {
      if (!id) throw Error(k_exit_noinput, "no such game");
      auto lease = pool.take();
      app::GameView v = app::game_view(*lease.db(), *id);
      ojson hands = ojson::array();
      for (const auto& h : v.hands)
        hands.push_back({{"no", h.no}, {"words", h.words}, {"record", h.record}, {"source", h.source}});
      send_json(res, 200,
                {{"id", v.game.id},
                 {"game", v.game.game},
                 {"players", v.score["players"]},
                 {"totals", v.score["totals"]},
                 {"finished", v.score.value("finished", false)},
                 {"ended", v.game.ended},
                 {"hands", hands}});
    } catch (const Error& e) {
      json_error(res, status_of(e), e.what());
    }
  });
  http.Post(R"(/api/games/(\d{1,18})/entry)", [this](const Request& req, Response& res) {
    std::string token;
    json body;
    if (!may_write(req, res, token, body)) return;
    double retry = 1;
    if (!steps.allow(token, &retry)) {
      res.set_header("Retry-After", std::to_string(static_cast<int>(retry) + 1));
      return json_error(res, 429, "too many requests at once: wait a moment");
    }
    auto id = id_of(req.matches[1]);
    auto answers = entry_answers(body);
    auto then = entry_answers(body, "then");
    if (!id || !answers || !then)
      return json_error(res, 400, "expected {\"answers\": [[key, value], ...], \"typed\": text}");
    // the fast paths: the previous hand's answers ("then"), the game's redeal, the presets taken ("fill")
    auto flag = [&](const char* k) { return body.contains(k) && body[k].is_boolean() && body[k].get<bool>(); };
    app::EntryPresets more{*then, flag("redeal"), flag("fill")};
    std::optional<int> edit;
    if (body.contains("edit") && body["edit"].is_number_integer() && body["edit"].get<int64_t>() > 0 &&
        body["edit"].get<int64_t>() < (1 << 30))
      edit = body["edit"].get<int>();
    std::optional<std::string> typed;
    if (body.contains("typed") && body["typed"].is_string()) typed = body["typed"].get<std::string>();
    try {
      auto lease = pool.take();
      send_json(res, 200,
                step_json(app::entry_step(*lease.db(), *id, edit, *answers, typed, app::AnswerOrder::asked, more)));
    } catch (const Error& e) {
      json_error(res, status_of(e), e.what());
    }
  });
  // a new game (the New game page): {"game", "players": [names in seat order], "dealer", "night", "key"}
  http.Post("/api/games", [this](const Request& req, Response& res) {
    write(req, res, [&](app::Database& db, const json& body) {
      auto text = [&](const char* k) {
        return body.contains(k) && body[k].is_string() ? body[k].get<std::string>() : std::string();
      };
      std::vector<std::string> players;
      const bool listed = body.contains("players") && body["players"].is_array() && body["players"].size() <= 16 &&
                          std::all_of(body["players"].begin(), body["players"].end(),
                                      [](const json& p) { return p.is_string(); });
      if (!listed)
        throw Error(k_exit_usage,
                    "expected {\"game\": ID, \"players\": [up to 16 names], \"dealer\": NAME, \"key\": ...}");
      for (const auto& p : body["players"]) players.push_back(p.get<std::string>());
      std::optional<int64_t> night;
      if (body.contains("night") && body["night"].is_number_integer() && body["night"].get<int64_t>() > 0)
        night = body["night"].get<int64_t>();
      const int64_t id = app::web_start_game(*db, text("game"), players, text("dealer"), night);
      const std::string at = "/game/" + std::to_string(id);
      std::string names;
      for (const auto& p : app::game_info(*db, id).players) names += (names.empty() ? "" : ", ") + p;
      return Done{{{"started", true}, {"game", id}, {"next", at + "/hand"}},
                  "game " + std::to_string(id) + " · " + text("game") + " started: " + names};
    });
  });
  http.Post(R"(/api/games/(\d{1,18})/hands)", [this](const Request& req, Response& res) {
    auto id = id_of(req.matches[1]).value_or(0);
    write(req, res, [&](app::Database& db, const json& body) {
      app::HandOutcome o;
      if (auto words = typed_words(body)) {  // one-line entry (typed on a phone while the network was down)
        if (words->empty()) throw Error(k_exit_usage, "no field given: type the hand as key=value words");
        o = app::web_add_hand_words(*db, id, *words);
      } else {
        auto answers = entry_answers(body);
        if (!answers || answers->empty())
          throw Error(k_exit_usage, "expected {\"answers\": [[key, value], ...], \"key\": ...} or {\"words\": ...}");
        o = app::add_hand_answers(*db, id, *answers);
      }
      return Done{{{"stored", true},
                   {"game", o.game_id},
                   {"no", o.no},
                   {"words", o.words},
                   {"result", o.result_words},
                   {"totals", o.score["totals"]},
                   {"next", "/game/" + std::to_string(o.game_id) + "#hand-" + std::to_string(o.no)}},
                  "game " + std::to_string(o.game_id) + " · hand " + std::to_string(o.no) + " stored: " + o.words};
    });
  });
  http.Post(R"(/api/games/(\d{1,18})/hands/(\d{1,9}))", [this](const Request& req, Response& res) {
    auto id = id_of(req.matches[1]).value_or(0);
    int no = static_cast<int>(id_of(req.matches[2]).value_or(0));
    write(req, res, [&](app::Database& db, const json& body) {
      app::HandOutcome o;
      if (auto words = typed_words(body)) {
        if (words->empty()) throw Error(k_exit_usage, "no field to change: type key=value, e.g. points=50");
        o = app::web_edit_hand_words(*db, id, no, *words);
      } else {
        auto answers = entry_answers(body);
        if (!answers || answers->empty()) throw Error(k_exit_usage, "expected the hand's answers or key=value words");
        o = app::edit_hand_answers(*db, id, no, *answers);
      }
      return Done{{{"stored", true},
                   {"game", o.game_id},
                   {"no", o.no},
                   {"words", o.words},
                   {"totals", o.score["totals"]},
                   {"next", "/game/" + std::to_string(o.game_id) + "#hand-" + std::to_string(o.no)}},
                  "game " + std::to_string(o.game_id) + " · hand " + std::to_string(o.no) + " changed: " + o.words};
    });
  });
  http.Post(R"(/api/games/(\d{1,18})/hands/(\d{1,9})/delete)", [this](const Request& req, Response& res) {
    auto id = id_of(req.matches[1]).value_or(0);
    int no = static_cast<int>(id_of(req.matches[2]).value_or(0));
    write(req, res, [&](app::Database& db, const json&) {
      app::HandOutcome o = app::web_delete_hand(*db, id, no);
      return Done{
          {{"deleted", no}, {"game", id}, {"totals", o.score["totals"]}, {"next", "/game/" + std::to_string(id)}},
          "game " + std::to_string(id) + " · hand " + std::to_string(no) + " deleted"};
    });
  });
  http.Post(R"(/api/games/(\d{1,18})/undo)", [this](const Request& req, Response& res) {
    auto id = id_of(req.matches[1]).value_or(0);
    write(req, res, [&](app::Database& db, const json&) {
      std::string what = app::web_undo(*db, id);
      return Done{{{"undone", what}, {"game", id}, {"next", "/game/" + std::to_string(id)}},
                  "game " + std::to_string(id) + ": " + what};
    });
  });
}

}  // namespace marque::web
