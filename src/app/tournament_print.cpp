// An event on paper: the document read and ranked as calc does it, the request checked against it, the paper
// rendered by reports/tournament_print.
#include "app/tournament_print.hpp"

#include "reports/tournament_print.hpp"
#include "tournament/tournament.hpp"

namespace marque::app {

TournamentPaper tournament_print(const nlohmann::json& doc, const TournamentPaperRequest& req) {
  const nlohmann::ordered_json event = tournament::calc(doc);
  Diagnostics d;
  reports::TournamentPrint p;
  if (req.what == "cards")
    p.what = reports::TournamentPaper::cards;
  else if (req.what == "door")
    p.what = reports::TournamentPaper::door;
  else if (req.what == "slips")
    p.what = reports::TournamentPaper::slips;
  else if (req.what == "ranking")
    p.what = reports::TournamentPaper::ranking;
  else
    d.error("what", "print.what", "what to print is one of cards, door, slips, ranking");
  const auto& rounds = event["rounds_played"];
  const bool is_ranking = p.what == reports::TournamentPaper::ranking;
  if (req.round != 0) {
    const nlohmann::ordered_json* found = nullptr;
    for (const auto& r : rounds)
      if (r.value("round", 0) == req.round) found = &r;
    if (!found)
      d.error("round", "print.round",
              "round " + std::to_string(req.round) + " has not been drawn; the event has " +
                  std::to_string(rounds.size()) + (rounds.size() == 1 ? " round" : " rounds"));
    else if (is_ranking && (*found)["status"] != "closed")
      d.error("round", "print.round",
              "round " + std::to_string(req.round) + " is not closed: a ranking after it waits for its results");
  } else if (!is_ranking && rounds.empty()) {
    d.error("round", "print.round", "the event has no round drawn yet: nothing to seat");
  }
  if (!req.url.empty() && req.url.rfind("http://", 0) != 0 && req.url.rfind("https://", 0) != 0)
    d.error("url", "print.url", "the server's address starts with http:// or https:// (http://HOST:PORT)");
  if (d.has_errors()) throw Rejected(d, "tournament print");
  p.round = req.round;
  p.url = req.url;
  return {reports::tournament_print_text(event, p), reports::tournament_print_html(event, p)};
}

}  // namespace marque::app
