// marque use [ID]: put a game in focus (the table the commands without -g act on), or say which one is.
#include <iostream>

#include "cli/common.hpp"
#include "core/language.hpp"
#include "reports/game_text.hpp"

namespace marque::cli::commands {

CommandRecord add_use(CLI::App& app, Context& ctx, Commands& out) {
  auto id = std::make_shared<std::optional<int64_t>>();
  auto* c = app.add_subcommand(
      "use",
      text::tr("help.use", "put a game in focus: the commands that take a game act on it until another is "
                           "used or started (-g ID names another for one command); without an id: the game in focus"));
  c->add_option("game", *id, text::tr("help.use.game", "game id (marque games lists them)"))->check(k_whole_number);
  out.push_back(
      {c, [id, &ctx] {
         auto db = ctx.open(static_cast<bool>(*id));
         int64_t game = *id ? **id : app::resolve_game(*db, std::nullopt);
         if (*id) app::use_game(*db, game);
         app::GameView v = app::game_view(*db, game);
         std::string names;
         for (const auto& p : v.game.players) names += (names.empty() ? "" : ", ") + p;
         const std::string state = !v.game.ended.empty() ? v.game.ended : v.game.status == "finished" ? "over" : "";
         std::cout << text::tr("cli.use.game",
                               "{focus, select, now {now using} other {in focus:}} {game}: {names}, {n, "
                               "plural, one {# hand} other {# hands}}{state, select, closed { (closed)} "
                               "abandoned { (abandoned)} deleted { (deleted)} over { (game over)} other {}}",
                               text::Message()
                                   .text("focus", *id ? "now" : "in")
                                   .text("game", reports::game_label(game, v.game.game))
                                   .text("names", names)
                                   .number("n", static_cast<int64_t>(v.hands.size()))
                                   .text("state", state))
                   << "\n";
         return 0;
       }});
  return {"use", true};
}

}  // namespace marque::cli::commands
