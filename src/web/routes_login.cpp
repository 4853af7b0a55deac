// The night's write code: a device logs in (rate-limited, a growing wait after wrong codes) and out.
#include "web/server_impl.hpp"

#include "core/language.hpp"

namespace marque::web {

void Server::Impl::login_routes() {
  http.Get("/login", [this](const Request& req, Response& res) {
    send_page(res, 200, login_page(req.get_param_value("next"), "", context(req)));
  });
  http.Post("/login", [this](const Request& req, Response& res) {
    const std::string next = req.get_param_value("next");
    if (!same_origin(req))
      return page_error(req, res, 403,
                        text::tr("web.error.foreign_form", "refused: this form does not come from marque's own pages"));
    double retry = 1;
    if (!attempts.allow(req.remote_addr, &retry)) {
      res.set_header("Retry-After", std::to_string(static_cast<int>(retry) + 1));
      send_page(res, 429,
                login_page(next, text::tr("web.login.too_many", "Too many attempts from this device: wait a minute."),
                           context(req)));
      return;
    }
    const std::string network = network_of(req.remote_addr);
    // the wait after wrong codes is checked before the code is looked at: a guess made too early is not checked
    if (double wait = guesses.wait(network); wait > 0) {
      ++refused_guesses;
      res.set_header("Retry-After", std::to_string(static_cast<int>(std::ceil(wait))));
      send_page(res, 429,
                login_page(next,
                           text::tr("web.login.wait",
                                    "Wrong codes were tried from this network or others: the next try waits {n} s.",
                                    text::Message().number("n", static_cast<int64_t>(std::ceil(wait)))),
                           context(req)));
      return;
    }
    // the code as printed is in groups of four digits: spaces typed between them do not count
    std::string code = req.get_param_value("code");
    std::erase_if(code, [](char ch) { return ch == ' '; });
    if (!same_secret(code, opt.code)) {
      Guesses::Counts n = guesses.failed(network);
      const uint64_t refused = refused_guesses.exchange(0);
      alert("wrong write code from " + req.remote_addr + " (" + std::to_string(n.network) + " from " + network + ", " +
            std::to_string(n.everyone) + " from everyone" +
            (refused ? ", " + std::to_string(refused) + " tries refused while waiting" : std::string()) + ")" +
            (n.next_wait > 0
                 ? "; the next try from there waits " + std::to_string(static_cast<int>(std::ceil(n.next_wait))) + " s"
                 : ""));
      send_page(res, 403, login_page(next, text::tr("web.login.wrong", "That is not tonight's code."), context(req)));
      return;
    }
    const std::string token = sessions.open();
    res.set_header("Set-Cookie",
                   cookie + "=" + token + "; Path=/; HttpOnly; SameSite=Strict" + (http.tls ? "; Secure" : ""));
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
      return page_error(req, res, 403, text::tr("web.error.reload", "refused: reload the page and try again"));
    sessions.close(token);
    res.set_header("Set-Cookie", cookie + "=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0");
    res.set_redirect("/", 303);
  });
}

}  // namespace marque::web
