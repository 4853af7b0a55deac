// marque player list | rename OLD NEW | merge DUPLICATE KEEP
#include <iostream>

#include "cli/common.hpp"
#include "core/language.hpp"

namespace marque::cli::commands {

CommandRecord add_player(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    std::string a, b;
  };
  auto o = std::make_shared<Options>();
  auto* player = app.add_subcommand("player", text::tr("help.player", "players: list, rename, merge"));
  player->require_subcommand(1);
  auto* list = player->add_subcommand("list", text::tr("help.player.list", "every player and the games they played"));
  out.push_back({list, [&ctx] {
                   auto db = ctx.open(false);
                   for (const auto& p : app::players(*db))
                     std::cout << p.name << "  "
                               << text::tr("cli.player.games", "({games, plural, one {# game} other {# games}})",
                                           text::Message().number("games", p.games))
                               << "\n";
                   for (const auto& e : app::player_events(*db))
                     std::cout << "  " << e["at"].get<std::string>() << " " << e["action"].get<std::string>() << " "
                               << e["old"].get<std::string>() << " -> " << e["new"].get<std::string>() << "\n";
                   return 0;
                 }});
  for (bool merge : {false, true}) {
    auto* c =
        merge ? player->add_subcommand("merge",
                                       text::tr("help.player.merge",
                                                "the same person under two names: marque player merge DUPLICATE KEEP"))
              : player->add_subcommand("rename", text::tr("help.player.rename",
                                                          "rename a player everywhere: marque player rename OLD NEW"));
    c->add_option(merge ? "duplicate" : "old", o->a,
                  merge ? text::tr("help.player.merge.duplicate", "the name to fold away")
                        : text::tr("help.player.rename.old", "current name"))
        ->required();
    c->add_option(merge ? "keep" : "new", o->b,
                  merge ? text::tr("help.player.merge.keep", "the name to keep")
                        : text::tr("help.player.rename.new", "new name"))
        ->required();
    out.push_back({c, [o, merge, &ctx] {
                     check_utf8("new name", o->b);
                     auto db = ctx.open(true);
                     int64_t n = app::rename_player(*db, o->a, o->b, merge);
                     const text::Message names =
                         text::Message().text("old", o->a).text("new", app::trimmed_name(o->b)).number("n", n);
                     std::cout << (merge
                                       ? text::tr("cli.player.merged", "merged {old} into {new} in {n} game(s)", names)
                                       : text::tr("cli.player.renamed", "renamed {old} to {new} in {n} game(s)", names))
                               << "\n";
                     return 0;
                   }});
  }
  return {"player", true};
}

}  // namespace marque::cli::commands
