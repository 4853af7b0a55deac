// An event on paper (../shared/rules/tournament.md section 6): its table cards, door list, score slips and rankings
// from a marque-tournament/1 document (reports/tournament_print.hpp renders them). `marque tournament print` calls it
// with a file's document; an event stored by id can call it with its stored document.
#pragma once

#include <string>
#include <vector>

#include "core/json.hpp"

namespace marque::app {

struct TournamentPaperRequest {
  std::vector<std::string> what;  // each of cards, door, slips or ranking, printed in this order
  std::vector<int> rounds;        // none: the last round drawn (ranking: the final ranking); several: round by round
  std::string url;  // http(s)://HOST[:PORT] of marque serve: a card's QR opens URL/t/CODE; "": the QR is the code
};
struct TournamentPaper {
  std::string text, html;  // html: one self-contained page (each kind on its own paper size), the source of the PDF
};

// `doc`: a marque-tournament/1 document or a marque-tournament-case/1 file, read as tournament_calc reads it. Several
// kinds and rounds make one paper: each round's kinds in the order asked (a night's printing in one file).
// Refused (Rejected naming the field and the rule, exit 1) for a round the event has not drawn, a ranking after a
// round not closed, a url that is not http(s)://, or an event with no round when a round's paper is asked.
TournamentPaper tournament_print(const nlohmann::json& doc, const TournamentPaperRequest& req);

}  // namespace marque::app
