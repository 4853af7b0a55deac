// marque backup FILE: the whole database copied (restore.cpp puts one back).
#include <iostream>

#include "cli/common.hpp"
#include "core/language.hpp"

namespace marque::cli::commands {

CommandRecord add_backup(CLI::App& app, Context& ctx, Commands& out) {
  auto file = std::make_shared<std::string>();
  auto* backup = app.add_subcommand("backup",
                                    text::tr("help.backup", "copy the whole database to FILE (SQLite online backup)"));
  backup->add_option("file", *file, text::tr("help.backup.file", "backup file"))->required();
  out.push_back({backup, [file, &ctx] {
                   auto db = ctx.open();
                   app::backup(*db, *file);
                   std::cout << text::tr("cli.backup.done", "backed up {path} to {file}",
                                         text::Message().text("path", app::info(*db).path).text("file", *file))
                             << "\n";
                   return 0;
                 }});
  return {"backup", false};
}

}  // namespace marque::cli::commands
