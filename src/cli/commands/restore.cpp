// marque restore FILE --yes: replace the database by a backup (backup.cpp makes one).
#include <iostream>

#include "cli/common.hpp"
#include "core/language.hpp"

namespace marque::cli::commands {

CommandRecord add_restore(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    std::string file;
    bool yes = false;
  };
  auto o = std::make_shared<Options>();
  auto* restore = app.add_subcommand("restore", text::tr("help.restore", "replace the database by a backup FILE"));
  restore->add_option("file", o->file, text::tr("help.backup.file", "backup file"))->required();
  restore->add_flag("--yes,-y", o->yes, text::tr("help.restore.yes", "do it (the current content is replaced)"));
  out.push_back(
      {restore, [o, &ctx] {
         auto db = ctx.open();
         const std::string path = app::info(*db).path;
         if (!o->yes)
           throw Error(k_exit_usage,
                       text::tr("cli.restore.needs_yes", "restore replaces everything in {path}; add --yes to do it",
                                text::Message().text("path", path)));
         std::string safety = app::restore(db, o->file);
         std::cout << text::tr("cli.restore.done",
                               "restored {path} from {file} (the database it replaced is kept as {safety})",
                               text::Message().text("path", path).text("file", o->file).text("safety", safety))
                   << "\n";
         return 0;
       }});
  return {"restore", true};
}

}  // namespace marque::cli::commands
