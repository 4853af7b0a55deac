// marque game close | abandon | delete | reopen | next: a game as a whole.
#include <iostream>

#include "cli/common.hpp"
#include "core/language.hpp"
#include "reports/game_text.hpp"

namespace marque::cli::commands {

CommandRecord add_game(CLI::App& app, Context& ctx, Commands& out) {
  auto* group = app.add_subcommand(
      "game", text::tr("help.game", "a game as a whole: close, abandon, delete, reopen, next (a match's next game)"));
  group->require_subcommand(1);
  struct Options {
    std::optional<int64_t> game_id;
    bool yes = false;
    std::vector<std::string> words;
  };
  const std::vector<std::tuple<std::string, std::string, std::string>> ends{
      {"close", "closed", "end a game now by decision: it counts in the standings as it stands"},
      {"abandon", "abandoned", "abandon a game: it never counts in standings or statistics"},
      {"delete", "deleted", "delete a game (needs --yes): hidden everywhere; marque undo -g ID brings it back"},
      {"reopen", "", "reopen a game that was closed or abandoned"}};
  for (const auto& [name, ended, help] : ends) {
    auto o = std::make_shared<Options>();
    auto* c = group->add_subcommand(name, help);
    c->add_option("game", o->game_id, text::tr("help.game_id", "game id (default: the game in focus)"))
        ->check(k_whole_number);
    c->add_option("--game,-g", o->game_id, text::tr("help.game_id", "game id (default: the game in focus)"))
        ->check(k_whole_number);
    if (ended == "deleted") c->add_flag("--yes,-y", o->yes, text::tr("help.game.x.yes", "yes, delete it"));
    out.push_back(
        {c, [o, &ctx, ended = ended, name = name] {
           auto db = ctx.open(true);
           int64_t id = app::resolve_game(*db, o->game_id);
           if (ended == "deleted" && !o->yes)
             throw Error(k_exit_usage, "deleting game " + std::to_string(id) + " needs --yes",
                         "marque game delete " + std::to_string(id) + " --yes (marque undo -g " + std::to_string(id) +
                             " brings it back); a game that should not count can be abandoned instead");
           app::GameInfo g = app::set_game_end(*db, id, ended);
           std::cout << reports::game_label(id, g.game, g.players) << " ";
           const text::Message game = text::Message().text("id", std::to_string(id));
           if (name == "close") std::cout << text::tr("cli.game.closed", "closed: it counts as it stands");
           if (name == "abandon")
             std::cout << text::tr("cli.game.abandoned", "abandoned: it will not count in standings or statistics");
           if (name == "delete")
             std::cout << text::tr("cli.game.deleted", "deleted (marque undo -g {id} brings it back)", game);
           if (name == "reopen") std::cout << text::tr("cli.game.reopened", "reopened");
           std::cout << "\n";
           if (name == "close")  // the last game of a series: its result (a Rubicon session ends here)
             if (auto series = app::series_result(*db, id); series && series->contains("words"))
               std::cout << "  " << (*series)["words"].get<std::string>() << "\n";
           return 0;
         }});
  }
  auto o = std::make_shared<Options>();
  auto* next = group->add_subcommand("next",
                                     text::tr("help.game.next",
                                              "start the next game of a match or session (same players and options): "
                                              "marque game next dealer=NAME"));
  next->add_option("fields", o->words,
                   text::tr("help.game.next.fields", "dealer=NAME: who deals first in the new game (the cut)"));
  next->add_option("--game,-g", o->game_id,
                   text::tr("help.game.next.game", "the game it follows (default: the game in focus)"))
      ->check(k_whole_number);
  out.push_back({next, [o, &ctx] {
                   auto db = ctx.open(true);
                   int64_t prev = app::resolve_game(*db, o->game_id);
                   int64_t id = app::start_next_game(*db, prev, parse_words(o->words));
                   app::GameView v = app::game_view(*db, id);
                   std::cout << reports::game_label(id, v.game.game)
                             << text::tr("cli.game.next_started", " started: the next game after game {id}",
                                         text::Message().text("id", std::to_string(prev)))
                             << "\n";
                   if (!v.score.value("next_dealer", std::string()).empty())
                     std::cout << "  " << text::tr("cli.start.first_dealer", "first dealer:") << " "
                               << v.score["next_dealer"].get<std::string>() << "\n";
                   if (v.series && v.series->contains("words"))
                     std::cout << "  " << (*v.series)["words"].get<std::string>() << "\n";
                   return 0;
                 }});
  return {"game", true};
}

}  // namespace marque::cli::commands
