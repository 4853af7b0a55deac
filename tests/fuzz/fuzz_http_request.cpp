// libFuzzer target: one HTTP request to `marque serve` as it arrives on a socket. The first byte sets how many bytes
// come at a time and the limits (the server's, or small ones that short inputs reach); the rest is the request, fed to web::RequestReader as it grows (as the server's Connection does),
// and once whole: the outcome must be the one of the whole bytes at once, within the limits. A request it accepts
// goes on to the served routes' pure side, on a temporary database holding one game: the night's board, a game's
// page, the entry form, the entry API's step (app::entry_step) and the login page.
#include <unistd.h>

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "app/app.hpp"
#include "app/front.hpp"
#include "rules/engine.hpp"
#include "web/pages.hpp"
#include "web/request.hpp"

namespace {

using marque::web::RequestReader;
using Step = RequestReader::Step;

// the server's limits, and small ones that short inputs reach
const marque::web::RequestLimits k_served;
const marque::web::RequestLimits k_small{512, 256, 8, 1024};

void check(bool ok) {
  if (!ok) __builtin_trap();
}

// The database every request reads: made once, removed at exit.
marque::app::Database& database() {
  static std::string path;
  static marque::app::Database db = [] {
    char name[] = "/tmp/marque-fuzz-http-XXXXXX";
    const int fd = ::mkstemp(name);
    check(fd >= 0);
    ::close(fd);
    ::unlink(name);
    path = std::string(name) + ".db";
    std::atexit([] { ::unlink(path.c_str()); });
    auto d = marque::app::open_database(path, true);
    const nlohmann::json setup = {{"players", {"Ann", "Ben", "Cat", "Dan"}}, {"first_dealer", "Ann"}};
    marque::app::start_game(*d, "tarot", setup, nlohmann::json::object());
    return d;
  }();
  return db;
}

std::optional<int64_t> number_at(const std::string& path, size_t at, size_t* end) {
  int64_t v = 0;
  auto [p, ec] = std::from_chars(path.data() + at, path.data() + path.size(), v);
  if (ec != std::errc() || v <= 0 || p - (path.data() + at) > 18) return std::nullopt;
  *end = static_cast<size_t>(p - path.data());
  return v;
}

// The routes of web/ (routes_*.cpp) whose answers are pure functions of the use cases.
void serve(const marque::web::ParsedRequest& r) {
  namespace app = marque::app;
  namespace web = marque::web;
  auto& db = database();
  const std::string path = r.target.substr(0, r.target.find('?'));
  web::PageContext c;
  c.writer = true;
  c.csrf = "token";
  c.path = path;
  size_t end = 0;
  try {
    if (r.method == "GET" && path == "/") {
      (void)web::board_page(app::board(*db, std::nullopt), app::nights(*db), c);
    } else if (r.method == "GET" && path.rfind("/game/", 0) == 0) {
      auto id = number_at(path, 6, &end);
      if (!id) return;
      app::GameView v = app::game_view(*db, *id);
      if (end == path.size()) {
        (void)web::game_page(v, app::score_sheet(v.game.game, app::game_file(*db, *id), v.score), c);
      } else if (path.compare(end, std::string::npos, "/hand") == 0) {
        (void)web::entry_page(v, std::nullopt, c);
      }
    } else if (r.method == "POST" && path.rfind("/api/games/", 0) == 0) {
      auto id = number_at(path, 11, &end);
      if (!id || path.compare(end, std::string::npos, "/entry") != 0 || !web::json_shallow(r.body, 8)) return;
      auto body = nlohmann::json::parse(r.body, nullptr, false);
      if (body.is_discarded() || !body.is_object()) return;
      auto answers = web::entry_answers(body);
      if (!answers) return;
      std::optional<std::string> typed;
      if (body.contains("typed") && body["typed"].is_string()) typed = body["typed"].get<std::string>();
      (void)web::step_json(app::entry_step(*db, *id, std::nullopt, *answers, typed)).dump();
    } else if (path == "/login") {
      (void)web::login_page(r.body.substr(0, 200), "", c);
    }
  } catch (const marque::Error&) {
    // a refusal (no such game, a game that takes no more hands): the server answers it with its status
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const auto& limits = data[0] & 1 ? k_small : k_served;
  const size_t slice = data[0] < 2 ? size : data[0] / 2;
  const std::string_view bytes(reinterpret_cast<const char*>(data + 1), size - 1);
  // as it comes, a slice at a time
  RequestReader reader(limits);
  std::string buf;
  Step step = Step::head;
  for (size_t at = 0; at < bytes.size() && (step == Step::head || step == Step::body); at += slice) {
    buf.append(bytes.substr(at, slice));
    step = reader.read(buf);
  }
  // all at once: the same outcome
  RequestReader whole(limits);
  const Step once = bytes.empty() ? Step::head : whole.read(bytes);
  check(once == step);
  if (step == Step::refused) {
    const int s = reader.refusal().status;
    check(s == 400 || s == 413 || s == 414 || s == 415 || s == 416 || s == 431 || s == 501);
    check(!reader.refusal().message.empty());
    // a head longer than the limit is refused before its end comes, or (whole) for a line or header in it
    check(s == whole.refusal().status || bytes.size() > limits.head);
    return 0;
  }
  if (step != Step::done) return 0;
  const auto& r = reader.request();
  check(reader.length() == whole.length() && reader.length() <= bytes.size());
  check(r.body == whole.request().body && r.body.size() <= limits.body);
  check(r.headers.size() <= limits.headers && reader.length() <= limits.head + limits.body * 2 + limits.head * 2);
  serve(r);
  return 0;
}
