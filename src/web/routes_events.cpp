// The event stream: each page hears of every change (and comes back after a restart) through one.
#include "web/server_impl.hpp"

namespace marque::web {

void Server::Impl::event_routes() {
  // the pages hear of every change through one event stream each
  http.Get("/events", [this](const Request& req, Response& res) {
    // a client holding streams ends its own oldest, never another's: at most opt.streams_per_address each
    std::shared_ptr<Streams::Ticket> ticket = streams.open(req.remote_addr);
    if (!ticket) {
      res.set_header("Retry-After", "5");
      return json_error(res, 503, "too many pages watching at once");
    }
    notifier.wake();  // the address's oldest stream, if it was dropped, ends now
    res.set_header("Cache-Control", "no-store");
    auto seen = std::make_shared<std::optional<uint64_t>>();
    auto said = std::make_shared<Clock::time_point>(Clock::now());  // the last message sent
    res.set_chunked_content_provider(
        "text/event-stream",
        [this, seen, said, ticket](size_t, httplib::DataSink& sink) {
          std::string msg;
          if (!*seen) {
            *seen = notifier.version();
            msg = "retry: 1000\nevent: hello\ndata: {\"version\":" + std::to_string(**seen) + "}\n\n";
          } else {
            // a second at a time, asking whether the client is still there (a page that went away frees its stream
            // within a second); a line every 15 s keeps proxies from closing it
            auto v = notifier.wait(**seen, std::chrono::seconds(1), &ticket->dropped);
            if (v && *v == **seen && Clock::now() - *said < std::chrono::seconds(15)) return sink.is_writable();
            if (!v) {
              // dropped for a newer page of the same client: its page comes back later, not at once
              if (ticket->dropped) {
                const std::string later = "retry: 15000\nevent: dropped\ndata: {}\n\n";
                sink.write(later.data(), later.size());
              }
              sink.done();
              return true;
            }
            msg = *v != **seen ? "event: change\ndata: {\"version\":" + std::to_string(*v) + "}\n\n"
                               : std::string(": still here\n\n");
            *seen = *v;
          }
          *said = Clock::now();
          return sink.write(msg.data(), msg.size());
        },
        [this, ticket](bool) { streams.close(ticket); });
  });
}

}  // namespace marque::web
