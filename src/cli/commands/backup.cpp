// marque backup FILE; marque restore FILE --yes
#include <iostream>

#include "cli/common.hpp"

namespace marque::cli::commands {

void add_backup(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    std::string file;
    bool yes = false;
  };
  auto o = std::make_shared<Options>();
  auto* backup = app.add_subcommand("backup", "copy the whole database to FILE (SQLite online backup)");
  backup->add_option("file", o->file, "backup file")->required();
  out.push_back({backup, [o, &ctx] {
    auto db = ctx.open(false);
    app::backup(*db, o->file);
    std::cout << "backed up " << app::info(*db).path << " to " << o->file << "\n";
    return 0;
  }});
  auto* restore = app.add_subcommand("restore", "replace the database by a backup FILE");
  restore->add_option("file", o->file, "backup file")->required();
  restore->add_flag("--yes,-y", o->yes, "do it (the current content is replaced)");
  out.push_back({restore, [o, &ctx] {
    auto db = ctx.open(true);
    const std::string path = app::info(*db).path;
    if (!o->yes) throw Error(k_exit_usage, "restore replaces everything in " + path + "; add --yes to do it");
    std::string safety = app::restore(db, o->file);
    std::cout << "restored " << path << " from " << o->file << " (the database it replaced is kept as " << safety << ")\n";
    return 0;
  }});
}

}  // namespace marque::cli::commands
