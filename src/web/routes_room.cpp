// The room screen of a tournament (tournament.md 6.4): a page for a TV in the hall and its JSON, read-only, no login.
#include "app/tournament_room.hpp"
#include "core/language.hpp"
#include "web/server_impl.hpp"

namespace marque::web {

void Server::Impl::room_routes() {
  http.Get(R"(/tournament/([a-z0-9-]{1,64})/room)", [this](const Request& req, Response& res) {
    const std::string id = req.matches[1];
    text::set_language(opt.lang);  // the hall's screen speaks the club's language, not the browser's
    html(req, res,
         [&](app::Database& db, const PageContext& c) { return room_page(app::tournament_room(*db, id), c); });
  });
  http.Get(R"(/api/tournaments/([a-z0-9-]{1,64})/room)", [this](const Request& req, Response& res) {
    const std::string id = req.matches[1];
    try {
      auto lease = pool.take();
      ojson room = app::tournament_room(*lease.db(), id);
      room["version"] = notifier.version();
      send_json(res, 200, room);
    } catch (const Error& e) {
      json_error(res, status_of(e), e.what());
    }
  });
}

}  // namespace marque::web
