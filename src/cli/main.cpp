// marque's command line: the only code that sees CLI11 (with cli/common and cli/commands/, one file per top-level
// command). main builds the CLI11 app from the command files' registrations, decides the parsed command's output
// format once (cli/output.hpp), runs it, and maps every failure to one "marque: error: ..." line and an exit code.
// Commands call app:: use cases; none touches storage.
#include <iostream>

#include <CLI/CLI.hpp>

#include "cli/common.hpp"
#include "cli/output.hpp"
#include "core/language.hpp"

using namespace marque;

namespace {

namespace cmd = cli::commands;
// Every top-level command, in the order --help lists them.
constexpr cli::Registration k_commands[] = {
    cmd::add_start,   cmd::add_hand,    cmd::add_edit,       cmd::add_delete,     cmd::add_undo,     cmd::add_redo,
    cmd::add_history, cmd::add_list,    cmd::add_show,       cmd::add_games,      cmd::add_score,    cmd::add_sheet,
    cmd::add_night,   cmd::add_calc,    cmd::add_tournament, cmd::add_import,     cmd::add_export,   cmd::add_standings,
    cmd::add_stats,   cmd::add_ratings, cmd::add_season,     cmd::add_site,       cmd::add_check,    cmd::add_rules,
    cmd::add_info,    cmd::add_player,  cmd::add_backup,     cmd::add_restore,    cmd::add_use,      cmd::add_game,
    cmd::add_config,  cmd::add_help,    cmd::add_manual,     cmd::add_completion, cmd::add_complete, cmd::add_serve,
};

// The main options (--lang, --db ...) after a command's name too: a command passes the options it does not know to its
// parent. Not `complete`, which takes every word after it as its own.
void fall_through(CLI::App* app) {
  for (CLI::App* sub : app->get_subcommands({}))
    if (!sub->get_prefix_command()) {
      sub->fallthrough();
      fall_through(sub);
    }
}

// The value an option of a parsed command was given ("" when not given, or when the command has no such option).
std::string given(const CLI::App* sub, const std::string& name) {
  const CLI::Option* o = sub->get_option_no_throw(name);
  return o && o->count() ? o->as<std::string>() : std::string();
}

int run(int argc, char** argv) {
  std::string titles;
  for (const auto* game : rules::all_games()) titles += (titles.empty() ? "" : ", ") + std::string(game->title());
  CLI::App app{"marque: a scorekeeper for real card tables (" + titles + ")"};
  app.set_version_flag("-V,--version", cli::version_text());
  app.require_subcommand(1);
  app.footer(cli::main_footer());
  cli::Context ctx;
  ctx.argv.assign(argv, argv + argc);
  app.add_option(
      "--db", ctx.db,
      "database file (default: $MARQUE_DB, else the config file's db, else $XDG_DATA_HOME/marque/marque.db)");
  app.add_option("--config", ctx.config,
                 "config file (default: $MARQUE_CONFIG, else $XDG_CONFIG_HOME/marque/config.toml)");
  app.add_flag("-q,--quiet", ctx.quiet, "no warnings or notes on standard error");
  app.add_option("--lang", ctx.lang,
                 "the language of what marque says: en, fr, hu or el (default: the config file's lang, else "
                 "LC_ALL, LC_MESSAGES or LANG, else en); ids typed on the command line stay the same")
      ->check(CLI::IsMember(text::languages()));

  cli::Commands commands;
  std::vector<cli::CommandRecord> records;
  for (cli::Registration add : k_commands) {
    const size_t first = commands.size();
    records.push_back(add(app, ctx, commands));
    for (size_t i = first; i < commands.size(); ++i) commands[i].record = records.size() - 1;
  }

  fall_through(&app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : k_exit_usage;
  }
  app::quiet_waits(ctx.quiet);
  const text::UseLanguage speaking(cli::language(ctx));

  try {
    for (const auto& command : commands)
      if (command.sub->parsed()) {
        const cli::CommandRecord& record = records[command.record];
        ctx.format = cli::output_format(given(command.sub, "--format"), given(command.sub, "-o"), record.formats);
        ctx.writes = record.writes;
        return command.run();
      }
  } catch (const Rejected& e) {
    if (ctx.format == cli::Format::json) cli::print_json(app::rejection_json(e.diagnostics()));
    std::string prefix = std::string(e.what()) == "rejected" ? "" : std::string(e.what()) + ": ";
    for (const auto& d : e.diagnostics().items())
      std::cerr << "marque: " << cli::severity(d) << prefix << d.text() << "\n";
    if (e.diagnostics().items().empty())
      std::cerr << "marque: " << text::tr("cli.error", "error: ") << e.what() << "\n";
    std::cerr << "marque: " << text::tr("cli.nothing_stored", "nothing was stored") << "\n";
    return k_exit_rejected;
  }
  return 0;
}

int run_reported(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const Error& e) {
    std::cerr << "marque: error: " << e.what() << "\n";
    if (!e.hint().empty()) std::cerr << "hint: " << e.hint() << "\n";
    return e.exit_code();
  } catch (const std::exception& e) {
    std::cerr << "marque: internal error: " << e.what() << "; please report\n";
    return k_exit_software;
  } catch (...) {
    std::cerr << "marque: internal error; please report\n";
    return k_exit_software;
  }
}

}  // namespace

int main(int argc, char** argv) {
  cli::TerminalStreams streams;  // every text on stdout and stderr is shown, never obeyed
  int rc = run_reported(argc, argv);
  // a write error on standard output (a full disk, a closed pipe) is an error, not a success
  std::string failed = cli::finish_stdout();
  if (!failed.empty()) {
    std::cerr << "marque: error: cannot write standard output: " << failed << "\n";
    if (rc == 0) rc = k_exit_ioerr;
  }
  return rc;
}
