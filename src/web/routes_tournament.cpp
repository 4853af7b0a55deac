// A tournament's tables on phones and the organiser's page (tournament.md 4.3). /t asks a table's code; /t/CODE (the
// QR of the table card) opens that table on the phone with a session of its own (a cookie beside the write code's)
// that writes to that table and its game only, while its round is published and open; /api/t/CODE... submit,
// confirm, dispute, a slip. /tournament/ID is the organiser's page of the current round (behind the write code),
// /api/tournaments/ID its JSON, override and close-round its writes. Every write goes through app:: use cases.
#include <cctype>

#include "web/server_impl.hpp"

#include "core/language.hpp"

namespace marque::web {

namespace {

std::string upper(std::string s) {
  for (auto& ch : s) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return s;
}

bool under(const std::string& path, const std::string& base) { return path == base || path.rfind(base + "/", 0) == 0; }

// now as RFC 3339 in UTC (the round clock's reference for a page)
std::string utc_now() {
  char stamp[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return stamp;
}

std::string text_of(const json& body, const char* key) {
  return body.contains(key) && body[key].is_string() ? body[key].get<std::string>() : std::string();
}

ojson table_json(const app::TablePlay& t) {
  ojson seats = ojson::array();
  for (const auto& s : t.seats) {
    ojson seat = {{"seat", s.seat}, {"entrant", s.entrant}, {"name", s.name}};
    if (!s.players.empty()) seat["players"] = s.players;
    seats.push_back(seat);
  }
  ojson totals = ojson::object();
  for (const auto& [id, a] : t.totals) totals[id] = a;
  const auto text_or_null = [](const std::string& s) { return s.empty() ? ojson(nullptr) : ojson(s); };
  return {{"event", t.event},
          {"round", t.round},
          {"table", t.table},
          {"code", t.code},
          {"state", t.state},
          {"seats", seats},
          {"first_dealer", t.first_dealer},
          {"game_id", t.game_id ? ojson(*t.game_id) : ojson(nullptr)},
          {"totals", totals},
          {"deals", t.deals},
          {"deal_limit", t.deal_limit},
          {"short", t.short_table},
          {"submitted_by", text_or_null(t.submitted_by)},
          {"confirmed_by", text_or_null(t.confirmed_by)},
          {"note", text_or_null(t.note)},
          {"override", t.override_by.empty() && t.override_reason.empty()
                           ? ojson(nullptr)
                           : ojson{{"by", t.override_by}, {"reason", t.override_reason}}},
          {"published_at", text_or_null(t.published_at)},
          {"round_closed", t.round_closed}};
}

// per-entrant totals of a body: {"points": {entrant: number or text}}
std::vector<std::pair<std::string, std::string>> points_of(const json& body) {
  std::vector<std::pair<std::string, std::string>> out;
  if (!body.contains("points") || !body["points"].is_object()) return out;
  for (auto it = body["points"].begin(); it != body["points"].end(); ++it) {
    const json& v = it.value();
    if (v.is_string())
      out.emplace_back(it.key(), v.get<std::string>());
    else if (v.is_number_integer())
      out.emplace_back(it.key(), std::to_string(v.get<int64_t>()));
    else if (v.is_number())
      out.emplace_back(it.key(), v.dump());
    else
      throw Error(k_exit_usage, "points." + it.key() + " is a number");
  }
  return out;
}

}  // namespace

std::optional<TableGrant> Server::Impl::table_grant(const Request& req) const {
  auto g = tables.of(cookie_of(req, cookie + "_t"));
  if (!g) return std::nullopt;
  const std::string path = upper(req.path);
  if (under(path, "/T/" + g->code) || under(path, "/API/T/" + g->code)) return g;
  const std::string id = std::to_string(g->game_id);
  if (g->game_id && (under(req.path, "/game/" + id) || under(req.path, "/api/games/" + id))) return g;
  return std::nullopt;
}

void Server::Impl::tournament_routes() {
  // --- the table phones
  http.Get("/t", [this](const Request& req, Response& res) {
    const std::string code = req.get_param_value("code");
    std::string clean;
    for (char ch : code)
      if (std::isalnum(static_cast<unsigned char>(ch))) clean += ch;
    if (!clean.empty() && clean.size() <= 8) return res.set_redirect("/t/" + upper(clean), 303);
    send_page(res, 200, table_code_page("", context(req)));
  });
  http.Get(R"(/t/([A-Za-z0-9]{1,8}))", [this](const Request& req, Response& res) {
    const std::string code = upper(req.matches[1]);
    const std::string network = network_of(req.remote_addr);
    const auto own = tables.of(cookie_of(req, cookie + "_t"));
    const bool known = own && own->code == code;  // this phone opened this table already: not a guess
    if (double wait = known ? 0 : guesses.wait(network); wait > 0) {
      ++refused_guesses;
      res.set_header("Retry-After", std::to_string(static_cast<int>(std::ceil(wait))));
      send_page(res, 429,
                table_code_page(text::tr("web.table.wait",
                                         "Wrong codes were tried from this network: the next try waits {n} s.",
                                         text::Message().number("n", static_cast<int64_t>(std::ceil(wait)))),
                                context(req)));
      return;
    }
    PageContext c = context(req);
    try {
      auto lease = pool.take();
      app::TablePlay t;
      try {
        t = app::table_by_code(*lease.db(), code);
      } catch (const Error& e) {
        if (e.exit_code() != k_exit_noinput) throw;
        Guesses::Counts n = guesses.failed(network);
        alert("wrong table code from " + req.remote_addr + " (" + std::to_string(n.network) + " from " + network + ")");
        return send_page(res, 404,
                         table_code_page(text::tr("web.table.no_code",
                                                  "No table has the code {code}: look at your table card.",
                                                  text::Message().text("code", code)),
                                         c));
      }
      if (!t.published)
        return send_page(
            res, 409,
            table_code_page(text::tr("web.table.unpublished",
                                     "Round {n} of {event} is not published yet: wait for the organiser.",
                                     text::Message().text("n", std::to_string(t.round)).text("event", t.event_name)),
                            c));
      if (t.round_closed)
        return send_page(
            res, 410,
            table_code_page(text::tr("web.table.closed",
                                     "Round {n} of {event} is closed: this code no longer opens its table.",
                                     text::Message().text("n", std::to_string(t.round)).text("event", t.event_name)),
                            c));
      if (!c.writer || !known || own->round != t.round || own->event != t.event) {
        TableGrant g{"", t.event, t.code, t.round, t.table, t.game_id.value_or(0)};
        const std::string token = tables.open(g);
        c.writer = true;
        c.csrf = tables.of(token)->csrf;
        res.set_header("Set-Cookie",
                       cookie + "_t=" + token + "; Path=/; HttpOnly; SameSite=Strict" + (http.tls ? "; Secure" : ""));
        log("a phone opened table " + std::to_string(t.table) + " of round " + std::to_string(t.round) + " of " +
            t.event + ": " + req.remote_addr);
      }
      std::optional<app::GameView> game;
      if (t.game_id) game = app::game_view(*lease.db(), *t.game_id);
      send_page(res, 200, table_page(t, game, c));
    } catch (const Error& e) {
      page_error(req, res, status_of(e), e.what());
    } catch (const std::exception& e) {
      page_error(req, res, 500, std::string("internal error: ") + e.what());
    }
  });
  http.Get(R"(/api/t/([A-Za-z0-9]{1,8}))", [this](const Request& req, Response& res) {
    const std::string code = upper(req.matches[1]);
    const bool organiser = sessions.csrf_of(session_token(req)).has_value();
    if (!organiser && !table_grant(req))
      return json_error(res, 401, "open the table with its code first", {{"login", "/t/" + code}});
    try {
      auto lease = pool.take();
      send_json(res, 200, table_json(app::table_by_code(*lease.db(), code)));
    } catch (const Error& e) {
      json_error(res, status_of(e), e.what());
    }
  });
  // a write of a table: its table looked up by code, a phone's session held to its own table and round
  const auto table_write = [this](const std::string& route,
                                  std::function<Done(app::Database&, const app::TablePlay&, const json&)> run) {
    http.Post(route, [this, run](const Request& req, Response& res) {
      const std::string code = upper(req.matches[1]);
      const bool organiser = sessions.csrf_of(session_token(req)).has_value();
      const auto grant = organiser ? std::nullopt : table_grant(req);
      write(req, res, [&](app::Database& db, const json& body) {
        app::TablePlay t = app::table_by_code(*db, code);
        if (grant && (grant->event != t.event || grant->round != t.round || grant->table != t.table))
          throw Error(k_exit_rejected, "this phone opened another table: open this one with its code");
        if (!t.published || t.round_closed)
          throw Error(k_exit_rejected,
                      "round " + std::to_string(t.round) + " is " + (t.round_closed ? "closed" : "not published"));
        return run(db, t, body);
      });
    });
  };
  const auto done = [](app::Database& db, const app::TablePlay& t, const std::string& what) {
    app::TablePlay now = app::table_of_event(*db, t.event, t.round, t.table);
    return Done{{{"table", table_json(now)}, {"next", "/t/" + t.code}},
                t.event + " round " + std::to_string(t.round) + " table " + std::to_string(t.table) + ": " + what};
  };
  table_write(R"(/api/t/([A-Za-z0-9]{1,8})/hands)", [](app::Database& db, const app::TablePlay& t, const json& body) {
    if (!t.game_id) throw Error(k_exit_rejected, "table " + std::to_string(t.table) + " has no game: enter a slip");
    auto words = typed_words(body);
    if (!words || words->empty()) throw Error(k_exit_usage, "expected {\"words\": \"key=value ...\", \"key\": ...}");
    app::HandOutcome o = app::web_add_hand_words(*db, *t.game_id, *words);
    return Done{{{"stored", true},
                 {"game", o.game_id},
                 {"no", o.no},
                 {"words", o.words},
                 {"totals", o.score["totals"]},
                 {"next", "/t/" + t.code}},
                "table " + t.code + " · hand " + std::to_string(o.no) + " stored: " + o.words};
  });
  table_write(R"(/api/t/([A-Za-z0-9]{1,8})/submit)", [done](app::Database& db, const app::TablePlay& t, const json& b) {
    app::table_submit(*db, t.event, t.round, t.table, text_of(b, "by"));
    return done(db, t, "submitted by " + text_of(b, "by"));
  });
  table_write(R"(/api/t/([A-Za-z0-9]{1,8})/confirm)",
              [done](app::Database& db, const app::TablePlay& t, const json& b) {
                app::table_confirm(*db, t.event, t.round, t.table, text_of(b, "by"));
                return done(db, t, "confirmed by " + text_of(b, "by"));
              });
  table_write(R"(/api/t/([A-Za-z0-9]{1,8})/dispute)",
              [done](app::Database& db, const app::TablePlay& t, const json& b) {
                app::table_dispute(*db, t.event, t.round, t.table, text_of(b, "by"), text_of(b, "note"));
                return done(db, t, "disputed by " + text_of(b, "by"));
              });
  table_write(R"(/api/t/([A-Za-z0-9]{1,8})/slip)", [done](app::Database& db, const app::TablePlay& t, const json& b) {
    std::optional<int> deals;
    if (b.contains("deals") && b["deals"].is_number_integer() && b["deals"].get<int64_t>() >= 0 &&
        b["deals"].get<int64_t>() < 10000)
      deals = b["deals"].get<int>();
    app::table_slip(*db, t.event, t.round, t.table, text_of(b, "by"), points_of(b), deals);
    return done(db, t, "slip by " + text_of(b, "by"));
  });

  // --- the organiser
  http.Get("/tournaments", [this](const Request& req, Response& res) {
    html(req, res,
         [](app::Database& db, const PageContext& c) { return tournaments_page(app::tournament_list(*db), c); });
  });
  const auto info_of = [](app::Database& db, const std::string& id) {
    for (const auto& i : app::tournament_list(*db))
      if (i.id == id) return i;
    throw Error(k_exit_noinput, "no tournament \"" + clip(id) + "\"");
  };
  http.Get(R"(/tournament/([a-z0-9-]{1,64}))", [this, info_of](const Request& req, Response& res) {
    const std::string id = req.matches[1];
    if (!sessions.csrf_of(session_token(req)))
      return res.set_redirect("/login?next=" + std::string("/tournament/") + id, 303);
    html(req, res, [&](app::Database& db, const PageContext& c) {
      const auto info = info_of(db, id);
      int round = 0;
      const auto in_round = app::round_tables(*db, id, round);
      return organiser_page(id, info.name, round, info.rounds, in_round, c);
    });
  });
  http.Get(R"(/api/tournaments/([a-z0-9-]{1,64}))", [this, info_of](const Request& req, Response& res) {
    const std::string id = req.matches[1];
    if (!sessions.csrf_of(session_token(req)))
      return json_error(res, 401, "the night's write code is needed", {{"login", "/login"}});
    try {
      auto lease = pool.take();
      const auto info = info_of(lease.db(), id);
      int round = 0;
      const auto in_round = app::round_tables(*lease.db(), id, round);
      ojson list = ojson::array();
      int confirmed = 0;
      for (const auto& t : in_round) {
        list.push_back(table_json(t));
        confirmed += t.state == "confirmed" ? 1 : 0;
      }
      const app::TablePlay* first = in_round.empty() ? nullptr : &in_round.front();
      send_json(res, 200,
                {{"event", id},
                 {"name", info.name},
                 {"game", info.game},
                 {"round", round},
                 {"rounds", info.rounds},
                 {"round_closed", first ? first->round_closed : false},
                 {"clock",
                  {{"published_at",
                    first && !first->published_at.empty() ? ojson(first->published_at) : ojson(nullptr)},
                   {"time_limit_min", first && first->time_limit_min ? ojson(*first->time_limit_min) : ojson(nullptr)},
                   {"now", utc_now()}}},
                 {"confirmed", confirmed},
                 {"tables", list}});
    } catch (const Error& e) {
      json_error(res, status_of(e), e.what());
    }
  });
  http.Post(R"(/api/tournaments/([a-z0-9-]{1,64})/override)", [this](const Request& req, Response& res) {
    const std::string id = req.matches[1];
    write(req, res, [&](app::Database& db, const json& b) {
      if (!sessions.csrf_of(session_token(req))) throw Error(k_exit_rejected, "the organiser's write code is needed");
      const auto number = [&](const char* k) {
        return b.contains(k) && b[k].is_number_integer() && b[k].get<int64_t>() > 0 && b[k].get<int64_t>() < 10000
                   ? b[k].get<int>()
                   : 0;
      };
      int round = number("round");
      const int table = number("table");
      if (round == 0) app::round_tables(*db, id, round);
      app::table_override(*db, id, round, table, text_of(b, "reason"), "organiser", points_of(b));
      app::TablePlay now = app::table_of_event(*db, id, round, table);
      return Done{{{"table", table_json(now)}, {"next", "/tournament/" + id}},
                  id + " round " + std::to_string(round) + " table " + std::to_string(table) + ": overridden (" +
                      text_of(b, "reason") + ")"};
    });
  });
  http.Post(R"(/api/tournaments/([a-z0-9-]{1,64})/close-round)", [this](const Request& req, Response& res) {
    const std::string id = req.matches[1];
    write(req, res, [&](app::Database& db, const json& b) {
      if (!sessions.csrf_of(session_token(req))) throw Error(k_exit_rejected, "the organiser's write code is needed");
      int round = b.contains("round") && b["round"].is_number_integer() ? b["round"].get<int>() : 0;
      app::tournament_close_round(*db, id, round);
      return Done{{{"closed", round}, {"next", "/tournament/" + id}},
                  id + ": round " + std::to_string(round) + " closed"};
    });
  });
}

}  // namespace marque::web
