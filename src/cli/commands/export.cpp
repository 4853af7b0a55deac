// marque export [GAME | --all | --night ID] [-o FILE]: a game as marque-game/1, or everything as marque-export/1.
#include "cli/common.hpp"
#include "core/language.hpp"

namespace marque::cli::commands {

CommandRecord add_export(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    std::string out_file;
    bool all = false;
    std::optional<int64_t> game_id, night_id;
  };
  auto o = std::make_shared<Options>();
  auto* c_export = app.add_subcommand("export",
                                      text::tr("help.export",
                                               "write a game as marque-game/1, or everything as marque-export/1"));
  c_export->add_option("game", o->game_id, text::tr("help.game_id", "game id (default: the game in focus)"))
      ->check(k_whole_number);
  c_export->add_option("--game,-g", o->game_id, text::tr("help.game_id", "game id (default: the game in focus)"))
      ->check(k_whole_number);
  add_output(c_export, o->out_file, text::tr("help.export.output", "write to FILE instead of standard output"));
  c_export->add_flag("--all", o->all,
                     text::tr("help.export.all", "every game, player, league and night (marque-export/1)"));
  c_export
      ->add_option("--night", o->night_id, text::tr("help.export.night", "every game of one night (marque-export/1)"))
      ->check(k_whole_number);
  out.push_back({c_export, [o, &ctx] {
                   auto db = ctx.open();
                   Report r;
                   r.json = [&] {
                     if (o->all || o->night_id) {
                       if (o->night_id && !app::night(*db, *o->night_id))
                         throw Error(k_exit_noinput, "no night " + std::to_string(*o->night_id));
                       return json_text(app::export_all(*db, o->all ? std::nullopt : o->night_id));
                     }
                     return json_text(app::game_file(*db, app::resolve_game(*db, o->game_id)));
                   };
                   emit(r, ctx.format, o->out_file);
                   return 0;
                 }});
  return {"export", false, {Format::json}};
}

}  // namespace marque::cli::commands
