// An event on paper (../shared/rules/tournament.md section 6) from its marque-tournament/1 document: the table cards
// of a round (one per page, with the table code and its QR), the door list (every entrant by name: its table and
// seat, a bye, an absence), the score slips of a round (one per table, signatures of the submitter and the
// confirming player, 4.3), the ranking after a round or the final ranking (the tie-break columns of the chain,
// decided_by, withdrawn entrants under a rule, the correction notes of 4.5). Text and one self-contained HTML file
// (the source of the PDF). Pure: the document in, the page out.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/json.hpp"

namespace marque::reports {

enum class TournamentPaper { cards, door, slips, ranking };

struct TournamentPrint {
  TournamentPaper what = TournamentPaper::cards;
  int round = 0;    // a round of rounds_played; 0: the last one (ranking: the final ranking)
  std::string url;  // the server's address (http(s)://HOST:PORT): a card's QR is URL/t/CODE; "": the code itself
  // what a slip needs of the game (the app asks it): the deals of a table by its size (a size not there: not known
  // in advance, the slip has blank lines), the sizes at which the dealer sits the deal out (the mort), whether a
  // table's totals sum to 0
  std::map<int, int> deals;
  std::set<int> dealer_sits_out;
  bool zero_sum = false;
  std::string game;  // the game and its house rules as people read them ("" = the game's id)
};

std::string tournament_print_text(const nlohmann::ordered_json& doc, const TournamentPrint& p);
std::string tournament_print_html(const nlohmann::ordered_json& doc, const TournamentPrint& p);
// Several papers one after another (a round's cards, door list and slips): the text's pages in turn, and one HTML file
// in which each kind keeps its own paper size (a card A6, the others A4) as a named page.
std::string tournament_print_text(const nlohmann::ordered_json& doc, const std::vector<TournamentPrint>& parts);
std::string tournament_print_html(const nlohmann::ordered_json& doc, const std::vector<TournamentPrint>& parts);
// The pages alone (<section class="page KIND">, no <html> or style around them): for a page with its own (the club's
// site shows an event's ranking).
std::string tournament_print_sections(const nlohmann::ordered_json& doc, const TournamentPrint& p);
// What a table card's QR carries: url/t/CODE, or the code when there is no url.
std::string table_code_address(const std::string& url, const std::string& code);

}  // namespace marque::reports
