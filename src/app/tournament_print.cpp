// An event on paper: the document read and ranked as calc does it, the request checked against it, the paper
// rendered by reports/tournament_print.
#include "app/tournament_print.hpp"

#include <algorithm>

#include "app/front.hpp"
#include "app/internal.hpp"
#include "core/labels.hpp"
#include "reports/tournament_print.hpp"
#include "tournament/tournament.hpp"

namespace marque::app {

TournamentPaper tournament_print(const nlohmann::json& doc, const TournamentPaperRequest& req) {
  const nlohmann::ordered_json event = tournament::calc(doc);
  Diagnostics d;
  reports::TournamentPrint p;
  std::vector<reports::TournamentPaper> kinds;
  for (const auto& what : req.what) {
    if (what == "cards")
      kinds.push_back(reports::TournamentPaper::cards);
    else if (what == "door")
      kinds.push_back(reports::TournamentPaper::door);
    else if (what == "slips")
      kinds.push_back(reports::TournamentPaper::slips);
    else if (what == "ranking")
      kinds.push_back(reports::TournamentPaper::ranking);
    else
      d.error("what", "print.what", text::Message("app.err.print_what"), catalogue());
  }
  if (req.what.empty()) d.error("what", "print.what", text::Message("app.err.print_what"), catalogue());
  const auto& rounds = event["rounds_played"];
  const bool ranking_only = std::all_of(kinds.begin(), kinds.end(),
                                        [](auto k) { return k == reports::TournamentPaper::ranking; });
  const bool any_ranking = std::any_of(kinds.begin(), kinds.end(),
                                       [](auto k) { return k == reports::TournamentPaper::ranking; });
  for (const int round : req.rounds) {
    const nlohmann::ordered_json* found = nullptr;
    for (const auto& r : rounds)
      if (r.value("round", 0) == round) found = &r;
    if (!found)
      d.error("round", "print.round",
              text::Message("app.err.print_round_not_drawn")
                  .text("round", std::to_string(round))
                  .number("rounds", static_cast<int64_t>(rounds.size())),
              catalogue());
    else if (any_ranking && (*found)["status"] != "closed")
      d.error("round", "print.round", text::Message("app.err.print_round_open").text("round", std::to_string(round)),
              catalogue());
  }
  if (req.rounds.empty() && !ranking_only && rounds.empty())
    d.error("round", "print.round", text::Message("app.err.print_no_round"), catalogue());
  if (!req.url.empty() && req.url.rfind("http://", 0) != 0 && req.url.rfind("https://", 0) != 0)
    d.error("url", "print.url", text::Message("app.err.print_url"), catalogue());
  if (d.has_errors()) throw Rejected(d, "tournament print");
  p.url = req.url;
  // what the slips need of the game: each table size's deals, where the dealer sits out, whether totals sum to 0
  Diagnostics rd;
  const tournament::Event e = tournament::read_event(nlohmann::json::parse(event.dump()), rd);
  const auto& length = event["event"]["round_length"];
  const std::string mode = length.value("mode", std::string());
  for (int k = e.profile.min_table; k <= e.profile.max_table; ++k) {
    if (mode == "deals_per_player") p.deals[k] = k * length.value("n", 1);
    if (mode == "deals") p.deals[k] = length.value("deals", 0);
    if (mode == "partie" && e.profile.partie_deals > 0) p.deals[k] = e.profile.partie_deals;
    auto active = e.profile.active_per_n.find(k);
    if (!e.profile.two_sided && active != e.profile.active_per_n.end() && active->second < k)
      p.dealer_sits_out.insert(k);
  }
  // the game and its house rules as people read them: its title, then each option and its value
  const std::string game = e.settings.game;
  p.game = local_game_title(game);
  if (const text::Labels* labels = game_labels(game); labels && event["event"]["options"].is_object()) {
    const std::string rules = labels->record(nlohmann::json::parse(event["event"]["options"].dump()));
    if (!rules.empty()) p.game += " · " + rules;
  }
  p.zero_sum = std::find(e.profile.zero_sum_lengths.begin(), e.profile.zero_sum_lengths.end(), mode) !=
               e.profile.zero_sum_lengths.end();
  std::vector<reports::TournamentPrint> parts;  // round by round, each round's kinds in the order asked
  for (const int round : req.rounds.empty() ? std::vector<int>{0} : req.rounds)
    for (const auto kind : kinds) {
      p.what = kind;
      p.round = round;
      parts.push_back(p);
    }
  return {reports::tournament_print_text(event, parts), reports::tournament_print_html(event, parts)};
}

}  // namespace marque::app
