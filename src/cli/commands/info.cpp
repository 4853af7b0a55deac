// marque info: where the database is and its schema version.
#include <iostream>

#include "cli/common.hpp"
#include "core/language.hpp"

namespace marque::cli::commands {

CommandRecord add_info(CLI::App& app, Context& ctx, Commands& out) {
  auto* info = app.add_subcommand("info", text::tr("help.info", "where the database is and its schema version"));
  out.push_back({info, [&ctx] {
                   auto db = ctx.open();  // for writing: an older database is upgraded first
                   auto i = app::info(*db);
                   std::cout << text::tr("cli.info.database", "database:") << " " << i.path << "\n"
                             << text::tr("cli.info.schema", "schema version:") << " " << i.schema_version << "\n";
                   return 0;
                 }});
  return {"info", true};
}

}  // namespace marque::cli::commands
