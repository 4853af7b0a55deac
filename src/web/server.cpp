// The HTTP side of `marque serve` (the only file that includes httplib.h): routes, the write guard, the event
// streams and the database poller. Pages come from web/pages, data from app:: use cases.
#include "web/server.hpp"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>

#include <httplib.h>

#include <atomic>
#include <charconv>
#include <chrono>
#include <ctime>
#include <deque>
#include <map>
#include <mutex>
#include <thread>

#include "core/date.hpp"
#include "core/escape.hpp"
#include "web/assets_data.hpp"
#include "web/guard.hpp"
#include "web/pages.hpp"

namespace marque::web {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;
using httplib::Request;
using httplib::Response;

// Database connections, one per request under way that needs one, kept for the next. Not in the anonymous
// namespace: Server::Impl holds one, and the web library's unit compiles this file with the others.
class Pool {
public:
  Pool(DatabaseOpener open, size_t max) : m_open(std::move(open)), m_max(max) {}

  class Lease {
  public:
    Lease(Pool& p, app::Database db) : m_pool(p), m_db(std::move(db)) {}
    ~Lease() { m_pool.give_back(std::move(m_db)); }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    app::Database& db() { return m_db; }

  private:
    Pool& m_pool;
    app::Database m_db;
  };

  Lease take() {
    std::unique_lock lock(m_mutex);
    m_cv.wait(lock, [&] { return !m_free.empty() || m_open_count < m_max; });
    if (!m_free.empty()) {
      app::Database db = std::move(m_free.back());
      m_free.pop_back();
      return Lease(*this, std::move(db));
    }
    ++m_open_count;
    lock.unlock();
    try {
      return Lease(*this, m_open());
    } catch (...) {
      std::lock_guard again(m_mutex);
      --m_open_count;
      m_cv.notify_one();
      throw;
    }
  }

private:
  void give_back(app::Database db) {
    {
      std::lock_guard lock(m_mutex);
      if (db)
        m_free.push_back(std::move(db));
      else
        --m_open_count;
    }
    m_cv.notify_one();
  }

  DatabaseOpener m_open;
  size_t m_max;
  std::mutex m_mutex;
  std::condition_variable m_cv;
  std::vector<app::Database> m_free;
  size_t m_open_count = 0;
};

namespace {

std::string fnv_hex(std::string_view a) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : a) {
    h ^= c;
    h *= 1099511628211ull;
  }
  char b[17];
  std::snprintf(b, sizeof b, "%016llx", static_cast<unsigned long long>(h));
  return std::string(b, 12);
}

std::optional<int64_t> id_of(const std::string& s) {
  int64_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || v <= 0) return std::nullopt;
  return v;
}

int status_of(const Error& e) {
  switch (e.exit_code()) {
    case k_exit_noinput: return 404;
    case k_exit_rejected: return 409;
    case k_exit_usage: return 400;
    case k_exit_tempfail: return 503;
    default: return 500;
  }
}

std::string title_of(int status) {
  switch (status) {
    case 400: return "Not understood";
    case 401: return "The write code is needed";
    case 403: return "Refused";
    case 404: return "Not found";
    case 409: return "Refused";
    case 413: return "Too large";
    case 429: return "Too many requests";
    case 503: return "Busy";
    default: return "Something went wrong";
  }
}

// Nesting deeper than this in a request body is refused before it is parsed.
bool shallow(const std::string& body, int max_depth) {
  int depth = 0;
  bool in_string = false, escaped = false;
  for (char ch : body) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (ch == '\\')
        escaped = true;
      else if (ch == '"')
        in_string = false;
      continue;
    }
    if (ch == '"') in_string = true;
    if (ch == '[' || ch == '{') {
      if (++depth > max_depth) return false;
    }
    if (ch == ']' || ch == '}') --depth;
  }
  return true;
}

}  // namespace

struct Server::Impl {
  Options opt;
  httplib::Server http;
  Pool pool;
  Sessions sessions;
  RateLimiter writes;
  RateLimiter steps{60, 120};         // entry steps per session (a phone taps a few a second)
  RateLimiter attempts{1.0 / 6, 20};  // write-code attempts per client address
  RateLimiter failures{1.0 / 60, 50}; // wrong codes, all clients together: guessing stays slow from many addresses
  Replays replays;
  Notifier notifier;
  std::atomic<size_t> streams{0};
  int port = 0;
  std::string cookie;  // the session cookie's name (cookies do not tell ports apart: the port is in the name)
  std::string asset_version;
  std::map<std::string, const Asset*, std::less<>> assets;
  // the poller
  std::thread poller;
  std::mutex poll_mutex;
  std::condition_variable poll_cv;
  bool stopping = false;
  std::string stamp;  // the change stamp last seen
  DatabaseOpener opener;

  Impl(Options o, const DatabaseOpener& open)
      : opt(std::move(o)), pool(open, 16), writes(opt.writes_per_second, opt.write_burst), opener(open) {}

  void log(const std::string& line) {
    if (opt.log) opt.log(clock_now() + "  " + line);
  }

  // --- requests

  std::string session_token(const Request& req) const {
    const std::string header = req.get_header_value("Cookie");
    size_t at = 0;
    while (at < header.size()) {
      size_t end = header.find(';', at);
      if (end == std::string::npos) end = header.size();
      std::string part = header.substr(at, end - at);
      size_t b = part.find_first_not_of(' ');
      if (b != std::string::npos) part = part.substr(b);
      if (part.rfind(cookie + "=", 0) == 0) return part.substr(cookie.size() + 1);
      at = end + 1;
    }
    return "";
  }

  PageContext context(const Request& req) {
    PageContext c;
    c.version = notifier.version();  // before anything is read: a change after it makes the page refresh
    if (auto csrf = sessions.csrf_of(session_token(req))) {
      c.writer = true;
      c.csrf = *csrf;
    }
    c.path = req.path;
    c.asset_version = asset_version;
    return c;
  }

  // The request comes from a page of this server: its Origin, else its Referer, names this host.
  bool same_origin(const Request& req) const {
    const std::string host = req.get_header_value("Host");
    if (host.empty()) return false;
    const std::string self = "http://" + host;
    if (req.has_header("Origin")) return req.get_header_value("Origin") == self;
    if (req.has_header("Referer")) {
      const std::string ref = req.get_header_value("Referer");
      return ref == self || ref.rfind(self + "/", 0) == 0;
    }
    return false;
  }

  static void send_json(Response& res, int status, const ojson& j) {
    res.status = status;
    res.set_content(escape::json(j), "application/json; charset=utf-8");
  }
  static void json_error(Response& res, int status, const std::string& message, ojson extra = ojson::object()) {
    extra["error"] = message;
    send_json(res, status, extra);
  }
  void send_page(Response& res, int status, const std::string& html) {
    res.status = status;
    res.set_content(html, "text/html; charset=utf-8");
  }
  void page_error(const Request& req, Response& res, int status, const std::string& message) {
    send_page(res, status, message_page(status, title_of(status), message, context(req)));
  }

  // A page: its HTML from `make`, failures as a page saying why.
  void html(const Request& req, Response& res, const std::function<std::string(app::Database&, const PageContext&)>& make) {
    PageContext c = context(req);
    try {
      auto lease = pool.take();
      send_page(res, 200, make(lease.db(), c));
    } catch (const Error& e) {
      page_error(req, res, status_of(e), e.what());
    } catch (const std::exception& e) {
      page_error(req, res, 500, std::string("internal error: ") + e.what());
    }
  }

  // A write's checks: same origin, a session, its CSRF token, a JSON body. Returns the session token and the body.
  bool may_write(const Request& req, Response& res, std::string& token, json& body) {
    if (!same_origin(req)) {
      json_error(res, 403, "refused: this request does not come from marque's own pages");
      return false;
    }
    token = session_token(req);
    auto csrf = sessions.csrf_of(token);
    if (!csrf) {
      json_error(res, 401, "the night's write code is needed to change the scores", {{"login", "/login"}});
      return false;
    }
    if (!same_secret(req.get_header_value("X-CSRF-Token"), *csrf)) {
      json_error(res, 403, "refused: the page is out of date, reload it");
      return false;
    }
    if (req.get_header_value("Content-Type").rfind("application/json", 0) != 0) {
      json_error(res, 415, "a JSON body is expected");
      return false;
    }
    if (!shallow(req.body, 8)) {
      json_error(res, 400, "the request body is nested too deeply");
      return false;
    }
    body = json::parse(req.body, nullptr, false);
    if (body.is_discarded() || !body.is_object()) {
      json_error(res, 400, "the request body is not a JSON object");
      return false;
    }
    return true;
  }

  static std::optional<rules::Answers> answers_of(const json& body) {
    rules::Answers a;
    if (!body.contains("answers")) return a;
    if (!body["answers"].is_array() || body["answers"].size() > 200) return std::nullopt;
    for (const auto& p : body["answers"]) {
      if (!p.is_array() || p.size() != 2 || !p[0].is_string() || !p[1].is_string()) return std::nullopt;
      a.emplace_back(p[0].get<std::string>(), p[1].get<std::string>());
    }
    return a;
  }

  // A write: checked, rate-limited, run once per submission key (a repeat gets the first answer), then the pages
  // are told.
  // `run` returns the answer and what the terminal's log says of it.
  struct Done {
    ojson answer;
    std::string log;
  };
  void write(const Request& req, Response& res, const std::function<Done(app::Database&, const json& body)>& run) {
    std::string token;
    json body;
    if (!may_write(req, res, token, body)) return;
    const std::string key = body.contains("key") && body["key"].is_string() ? body["key"].get<std::string>() : "";
    if (key.size() < 8 || key.size() > 64 || key.find_first_not_of("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_") != std::string::npos) {
      json_error(res, 400, "each write carries a submission key (8 to 64 letters, digits, '-' or '_')");
      return;
    }
    double retry = 1;
    if (!writes.allow(token, &retry)) {
      res.set_header("Retry-After", std::to_string(static_cast<int>(retry) + 1));
      json_error(res, 429, "too many changes at once: wait a moment");
      return;
    }
    std::string said;
    Replays::Result r = replays.once(token + "|" + req.path + "|" + key, [&]() -> Replays::Result {
      try {
        auto lease = pool.take();
        Done done = run(lease.db(), body);
        said = done.log;
        // the stamp of this write is seen here, then the pages are told: the poller does not tell them twice
        {
          std::lock_guard lock(poll_mutex);
          stamp = app::change_stamp(*lease.db());
        }
        notifier.bump();
        return {200, escape::json(done.answer), false};
      } catch (const Rejected& e) {
        ojson j = app::rejection_json(e.diagnostics());
        j["error"] = e.diagnostics().items().empty() ? std::string(e.what()) : e.diagnostics().items().front().message;
        said = "refused: " + j["error"].get<std::string>();
        return {422, escape::json(j), false};
      } catch (const Error& e) {
        said = std::string("refused: ") + e.what();
        ojson j = {{"error", std::string(e.what())}};
        if (!e.hint().empty()) j["hint"] = e.hint();
        return {status_of(e), escape::json(j), false};
      }
    });
    res.status = r.status;
    if (r.replayed) res.set_header("X-Marque-Replayed", "1");
    res.set_content(r.body, "application/json; charset=utf-8");
    log(r.replayed ? req.path + ": a repeated request, answered with the first result (" + req.remote_addr + ")"
                   : said + " (" + req.remote_addr + ")");
  }

  // --- routes

  void routes() {
    http.Get("/", [this](const Request& req, Response& res) {
      html(req, res, [](app::Database& db, const PageContext& c) { return board_page(app::board(*db, std::nullopt), app::nights(*db), c); });
    });
    http.Get(R"(/night/(\d{1,18}))", [this](const Request& req, Response& res) {
      auto id = id_of(req.matches[1]);
      if (!id) return page_error(req, res, 404, "no such night");
      html(req, res, [&](app::Database& db, const PageContext& c) { return board_page(app::board(*db, *id), app::nights(*db), c); });
    });
    http.Get(R"(/game/(\d{1,18}))", [this](const Request& req, Response& res) {
      auto id = id_of(req.matches[1]);
      if (!id) return page_error(req, res, 404, "no such game");
      html(req, res, [&](app::Database& db, const PageContext& c) {
        app::GameView v = app::game_view(*db, *id);
        if (v.game.ended == "deleted") throw Error(k_exit_noinput, "game " + std::to_string(*id) + " was deleted");
        const rules::GameRules* gr = rules::find_game(v.game.game);
        sheet::Sheet s = gr ? gr->score_sheet(app::game_file(*db, *id), v.score) : sheet::Sheet{};
        return game_page(v, s, c);
      });
    });
    http.Get(R"(/game/(\d{1,18})/hand/(\d{1,9}))", [this](const Request& req, Response& res) {
      auto id = id_of(req.matches[1]);
      auto no = id_of(req.matches[2]);
      if (!id || !no) return page_error(req, res, 404, "no such hand");
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
      if (!id || (edit && !no)) return page_error(req, res, 404, "no such game");
      if (!sessions.csrf_of(session_token(req))) {
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
    http.Get(R"(/game/(\d{1,18})/hand/(\d{1,9})/entry)", [entry](const Request& req, Response& res) { entry(req, res, true); });
    http.Get("/standings", [this](const Request& req, Response& res) {
      html(req, res, [](app::Database& db, const PageContext& c) { return standings_page(app::standings(*db, app::Filter{}, ""), c); });
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

    // the write code
    http.Get("/login", [this](const Request& req, Response& res) {
      send_page(res, 200, login_page(req.get_param_value("next"), "", context(req)));
    });
    http.Post("/login", [this](const Request& req, Response& res) {
      const std::string next = req.get_param_value("next");
      if (!same_origin(req)) return page_error(req, res, 403, "refused: this form does not come from marque's own pages");
      double retry = 1;
      if (!attempts.allow(req.remote_addr, &retry)) {
        res.set_header("Retry-After", std::to_string(static_cast<int>(retry) + 1));
        send_page(res, 429, login_page(next, "Too many attempts from this device: wait a minute.", context(req)));
        return;
      }
      const std::string code = req.get_param_value("code");
      if (!same_secret(code, opt.code)) {
        bool locked = !failures.allow("all");
        log("wrong write code from " + req.remote_addr);
        send_page(res, locked ? 429 : 403,
                  login_page(next, locked ? "Too many wrong codes tonight: wait a minute." : "That is not tonight's code.", context(req)));
        return;
      }
      const std::string token = sessions.open();
      res.set_header("Set-Cookie", cookie + "=" + token + "; Path=/; HttpOnly; SameSite=Strict");
      std::string to = next;
      if (to.empty() || to[0] != '/' || (to.size() > 1 && (to[1] == '/' || to[1] == '\\')) ||
          to.find_first_of("\r\n") != std::string::npos)
        to = "/";
      res.set_redirect(to, 303);
      log("a device entered the write code: " + req.remote_addr);
    });
    http.Post("/logout", [this](const Request& req, Response& res) {
      const std::string token = session_token(req);
      auto csrf = sessions.csrf_of(token);
      if (!same_origin(req) || !csrf || !same_secret(req.get_param_value("csrf"), *csrf))
        return page_error(req, res, 403, "refused: reload the page and try again");
      sessions.close(token);
      res.set_header("Set-Cookie", cookie + "=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0");
      res.set_redirect("/", 303);
    });

    // the JSON API
    http.Get("/api/session", [this](const Request& req, Response& res) {
      auto csrf = sessions.csrf_of(session_token(req));
      send_json(res, 200, {{"writer", csrf.has_value()}, {"csrf", csrf ? ojson(*csrf) : ojson(nullptr)}, {"version", notifier.version()}});
    });
    http.Get(R"(/api/games/(\d{1,18}))", [this](const Request& req, Response& res) {
      auto id = id_of(req.matches[1]);
      try {
        if (!id) throw Error(k_exit_noinput, "no such game");
        auto lease = pool.take();
        app::GameView v = app::game_view(*lease.db(), *id);
        ojson hands = ojson::array();
        for (const auto& h : v.hands) hands.push_back({{"no", h.no}, {"words", h.words}, {"record", h.record}, {"source", h.source}});
        send_json(res, 200, {{"id", v.game.id}, {"game", v.game.game}, {"players", v.score["players"]}, {"totals", v.score["totals"]},
                             {"finished", v.score.value("finished", false)}, {"ended", v.game.ended}, {"hands", hands}});
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
      auto answers = answers_of(body);
      if (!id || !answers) return json_error(res, 400, "expected {\"answers\": [[key, value], ...], \"typed\": text}");
      std::optional<int> edit;
      if (body.contains("edit") && body["edit"].is_number_integer() && body["edit"].get<int64_t>() > 0 &&
          body["edit"].get<int64_t>() < (1 << 30))
        edit = body["edit"].get<int>();
      std::optional<std::string> typed;
      if (body.contains("typed") && body["typed"].is_string()) typed = body["typed"].get<std::string>();
      try {
        auto lease = pool.take();
        send_json(res, 200, step_json(app::entry_step(*lease.db(), *id, edit, *answers, typed)));
      } catch (const Error& e) {
        json_error(res, status_of(e), e.what());
      }
    });
    http.Post(R"(/api/games/(\d{1,18})/hands)", [this](const Request& req, Response& res) {
      auto id = id_of(req.matches[1]).value_or(0);
      write(req, res, [&](app::Database& db, const json& body) {
        auto answers = answers_of(body);
        if (!answers || answers->empty()) throw Error(k_exit_usage, "expected {\"answers\": [[key, value], ...], \"key\": ...}");
        app::HandOutcome o = app::add_hand_answers(*db, id, *answers);
        return Done{{{"stored", true}, {"game", o.game_id}, {"no", o.no}, {"words", o.words}, {"result", o.result_words},
                     {"totals", o.score["totals"]}, {"next", "/game/" + std::to_string(o.game_id) + "#hand-" + std::to_string(o.no)}},
                    "game " + std::to_string(o.game_id) + " · hand " + std::to_string(o.no) + " stored: " + o.words};
      });
    });
    http.Post(R"(/api/games/(\d{1,18})/hands/(\d{1,9}))", [this](const Request& req, Response& res) {
      auto id = id_of(req.matches[1]).value_or(0);
      int no = static_cast<int>(id_of(req.matches[2]).value_or(0));
      write(req, res, [&](app::Database& db, const json& body) {
        app::HandOutcome o;
        if (body.contains("words") && body["words"].is_string()) {
          rules::Words words;
          for (const auto& w : rules::split_list(body["words"].get<std::string>(), ' ')) {
            auto eq = w.find('=');
            if (eq == std::string::npos || eq == 0)
              throw Rejected([&] {
                Diagnostics d;
                d.error("words", "cli.word", "'" + clip(w) + "' is not key=value");
                return d;
              }());
            words.emplace_back(w.substr(0, eq), w.substr(eq + 1));
          }
          if (words.empty()) throw Error(k_exit_usage, "no field to change: type key=value, e.g. points=50");
          o = app::web_edit_hand_words(*db, id, no, words);
        } else {
          auto answers = answers_of(body);
          if (!answers || answers->empty()) throw Error(k_exit_usage, "expected the hand's answers or key=value words");
          o = app::edit_hand_answers(*db, id, no, *answers);
        }
        return Done{{{"stored", true}, {"game", o.game_id}, {"no", o.no}, {"words", o.words}, {"totals", o.score["totals"]},
                     {"next", "/game/" + std::to_string(o.game_id) + "#hand-" + std::to_string(o.no)}},
                    "game " + std::to_string(o.game_id) + " · hand " + std::to_string(o.no) + " changed: " + o.words};
      });
    });
    http.Post(R"(/api/games/(\d{1,18})/hands/(\d{1,9})/delete)", [this](const Request& req, Response& res) {
      auto id = id_of(req.matches[1]).value_or(0);
      int no = static_cast<int>(id_of(req.matches[2]).value_or(0));
      write(req, res, [&](app::Database& db, const json&) {
        app::HandOutcome o = app::web_delete_hand(*db, id, no);
        return Done{{{"deleted", no}, {"game", id}, {"totals", o.score["totals"]}, {"next", "/game/" + std::to_string(id)}},
                    "game " + std::to_string(id) + " · hand " + std::to_string(no) + " deleted"};
      });
    });
    http.Post(R"(/api/games/(\d{1,18})/undo)", [this](const Request& req, Response& res) {
      auto id = id_of(req.matches[1]).value_or(0);
      write(req, res, [&](app::Database& db, const json&) {
        std::string what = app::web_undo(*db, id);
        return Done{{{"undone", what}, {"game", id}, {"next", "/game/" + std::to_string(id)}}, "game " + std::to_string(id) + ": " + what};
      });
    });

    // the pages hear of every change through one event stream each
    http.Get("/events", [this](const Request&, Response& res) {
      if (streams.load() >= opt.max_streams) {
        res.set_header("Retry-After", "5");
        return json_error(res, 503, "too many pages watching at once");
      }
      ++streams;
      res.set_header("Cache-Control", "no-store");
      auto seen = std::make_shared<std::optional<uint64_t>>();
      res.set_chunked_content_provider(
          "text/event-stream",
          [this, seen](size_t, httplib::DataSink& sink) {
            std::string msg;
            if (!*seen) {
              *seen = notifier.version();
              msg = "retry: 1000\nevent: hello\ndata: {\"version\":" + std::to_string(**seen) + "}\n\n";
            } else {
              auto v = notifier.wait(**seen, std::chrono::seconds(15));
              if (!v) {
                sink.done();
                return true;
              }
              msg = *v != **seen ? "event: change\ndata: {\"version\":" + std::to_string(*v) + "}\n\n" : std::string(": still here\n\n");
              *seen = *v;
            }
            return sink.write(msg.data(), msg.size());
          },
          [this](bool) { --streams; });
    });

    http.Get(R"(/assets/([a-z0-9_.-]{1,64}))", [this](const Request& req, Response& res) {
      auto it = assets.find(std::string(req.matches[1]));
      if (it == assets.end()) return page_error(req, res, 404, "no such file");
      res.set_header("Cache-Control",
                     req.get_param_value("v") == asset_version ? "public, max-age=31536000, immutable" : "no-cache");
      res.set_header("ETag", "\"" + asset_version + "\"");
      res.set_content(std::string(it->second->body), std::string(it->second->type));
    });
    http.Get("/favicon.ico", [](const Request&, Response& res) { res.set_redirect("/assets/icon.svg", 301); });

    // anything else
    http.Get(".*", [this](const Request& req, Response& res) { page_error(req, res, 404, "there is no page " + clip(req.path, 80)); });
    http.Post(".*", [](const Request&, Response& res) { json_error(res, 404, "no such address"); });
  }

  // --- the poller: a change made by another process (a hand typed at the command line) reaches the pages too

  void poll() {
    app::Database db;
    try {
      db = pool_open();
    } catch (const std::exception& e) {
      log(std::string("cannot watch the database for changes: ") + e.what());
      return;
    }
    std::unique_lock lock(poll_mutex);
    stamp = app::change_stamp(*db);
    while (!stopping) {
      poll_cv.wait_for(lock, std::chrono::milliseconds(opt.poll_ms), [&] { return stopping; });
      if (stopping) break;
      std::string now = app::change_stamp(*db);
      if (now != stamp) {
        stamp = now;
        notifier.bump();
      }
    }
  }
  app::Database pool_open() { return opener(); }
};

Server::Server(Options options, DatabaseOpener open) : m(std::make_unique<Impl>(std::move(options), open)) {
  // a phone that goes away mid-answer must not end the server
  ::signal(SIGPIPE, SIG_IGN);
  std::string all;
  for (const auto& a : k_assets) {
    m->assets.emplace(std::string(a.name), &a);
    all += a.body;
  }
  m->asset_version = fnv_hex(all);
  auto& http = m->http;
  const size_t threads = m->opt.threads;
  http.new_task_queue = [threads] { return new httplib::ThreadPool(threads); };
  // an answer is written in pieces (headers, then body): without TCP_NODELAY the body waits for the client's
  // delayed ACK of the headers, 40 ms on every request
  http.set_tcp_nodelay(true);
  // SO_REUSEADDR only: httplib's default adds SO_REUSEPORT, with which a second `marque serve` on the same port
  // would start without a word and share the connections
  http.set_socket_options([](socket_t sock) {
    int yes = 1;
    ::setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  http.set_payload_max_length(m->opt.max_body);
  http.set_read_timeout(10, 0);
  http.set_write_timeout(10, 0);
  http.set_keep_alive_timeout(5);
  http.set_keep_alive_max_count(1000);
  http.set_default_headers({
      {"Content-Security-Policy",
       "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"},
      {"X-Content-Type-Options", "nosniff"},
      {"Referrer-Policy", "same-origin"},
      {"X-Frame-Options", "DENY"},
      {"Cross-Origin-Opener-Policy", "same-origin"},
      {"Cross-Origin-Resource-Policy", "same-origin"},
      {"Cache-Control", "no-store"},
  });
  http.set_exception_handler([](const Request&, Response& res, std::exception_ptr) {
    res.status = 500;
    res.set_content("{\"error\":\"internal error\"}", "application/json; charset=utf-8");
  });
  m->routes();
  if (m->opt.port == 0) {
    m->port = http.bind_to_any_port(m->opt.host);
    if (m->port <= 0) throw Error(k_exit_unavailable, "cannot listen on " + m->opt.host + " (no free port, or not an address of this machine)");
  } else {
    if (!http.bind_to_port(m->opt.host, m->opt.port))
      throw Error(k_exit_unavailable, "cannot listen on " + m->opt.host + ":" + std::to_string(m->opt.port),
                  "is another server using that port? --listen " + m->opt.host + ":0 takes a free one");
    m->port = m->opt.port;
  }
  m->cookie = "marque_" + std::to_string(m->port);
}

Server::~Server() {
  stop();
  if (m->poller.joinable()) m->poller.join();
}

int Server::port() const { return m->port; }

void Server::run() {
  m->poller = std::thread([this] { m->poll(); });
  m->http.listen_after_bind();
  stop();
  if (m->poller.joinable()) m->poller.join();
}

void Server::stop() {
  {
    std::lock_guard lock(m->poll_mutex);
    m->stopping = true;
  }
  m->poll_cv.notify_all();
  m->notifier.stop();
  m->http.stop();
}

std::vector<std::string> lan_addresses() {
  std::vector<std::string> out;
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) != 0) return out;
  for (ifaddrs* a = list; a; a = a->ifa_next) {
    if (!a->ifa_addr || a->ifa_addr->sa_family != AF_INET) continue;
    if (!(a->ifa_flags & IFF_UP) || (a->ifa_flags & IFF_LOOPBACK)) continue;
    char buf[INET_ADDRSTRLEN] = {};
    auto* sin = reinterpret_cast<sockaddr_in*>(a->ifa_addr);
    if (inet_ntop(AF_INET, &sin->sin_addr, buf, sizeof buf)) out.emplace_back(buf);
  }
  freeifaddrs(list);
  return out;
}

}  // namespace marque::web
