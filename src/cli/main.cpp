// marque's command line: the only code that sees CLI11 (with cli/common and cli/commands/, one file per top-level
// command). main builds the CLI11 app from the command files' registrations, decides the parsed command's output
// format once (cli/output.hpp), runs it, and maps every failure to one "marque: error: ..." line and an exit code.
// Commands call app:: use cases; none touches storage.
#include <algorithm>
#include <cctype>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/common.hpp"
#include "cli/output.hpp"
#include "core/language.hpp"
#include "core/text.hpp"

using namespace marque;

namespace {

namespace cmd = cli::commands;
// Every top-level command, in the order --help lists them, with its name (the name its registration gives).
struct Entry {
  const char* name;
  cli::Registration add;
};
constexpr Entry k_commands[] = {
    {"start", cmd::add_start},
    {"hand", cmd::add_hand},
    {"edit", cmd::add_edit},
    {"delete", cmd::add_delete},
    {"undo", cmd::add_undo},
    {"redo", cmd::add_redo},
    {"history", cmd::add_history},
    {"list", cmd::add_list},
    {"show", cmd::add_show},
    {"games", cmd::add_games},
    {"score", cmd::add_score},
    {"sheet", cmd::add_sheet},
    {"night", cmd::add_night},
    {"calc", cmd::add_calc},
    {"tournament", cmd::add_tournament},
    {"import", cmd::add_import},
    {"export", cmd::add_export},
    {"standings", cmd::add_standings},
    {"stats", cmd::add_stats},
    {"ratings", cmd::add_ratings},
    {"season", cmd::add_season},
    {"site", cmd::add_site},
    {"check", cmd::add_check},
    {"rules", cmd::add_rules},
    {"info", cmd::add_info},
    {"player", cmd::add_player},
    {"backup", cmd::add_backup},
    {"restore", cmd::add_restore},
    {"use", cmd::add_use},
    {"game", cmd::add_game},
    {"config", cmd::add_config},
    {"help", cmd::add_help},
    {"manual", cmd::add_manual},
    {"completion", cmd::add_completion},
    {"complete", cmd::add_complete},
    {"serve", cmd::add_serve},
};

// The command the words name, when only it needs building (a process builds one command's options, not all 36:
// a tenth of a hand's instructions): the first word that is not a main option or its value, if it is a command's
// name. None (every command built) for --help, --version and any other option before it, a word that names no
// command (CLI11's message lists them), and the commands that read the others (help, manual, completion, complete).
const Entry* named_command(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word == "--db" || word == "--config" || word == "--lang") {
      ++i;
      continue;
    }
    if (word == "-q" || word == "--quiet" || word.rfind("--db=", 0) == 0 || word.rfind("--config=", 0) == 0 ||
        word.rfind("--lang=", 0) == 0)
      continue;
    if (word.empty() || word[0] == '-') return nullptr;
    for (const Entry& e : k_commands)
      if (word == e.name)
        return word == "help" || word == "manual" || word == "completion" || word == "complete" ? nullptr : &e;
    return nullptr;
  }
  return nullptr;
}

// Only main options and -V/--version (`marque --version`, `marque --lang fr -V`): CLI11 prints the version and no
// command is read, so none is built (the whole start-up of a --version). A main option's value that looks like an
// option, or any other word, builds as named_command says.
bool version_only(int argc, char** argv) {
  bool version = false;
  for (int i = 1; i < argc; ++i) {
    const std::string_view word = argv[i];
    if (word == "--db" || word == "--config" || word == "--lang") {
      if (++i == argc || argv[i][0] == '-') return false;
    } else if (word == "-V" || word == "--version") {
      version = true;
    } else if (!(word == "-q" || word == "--quiet" || word.starts_with("--db=") || word.starts_with("--config=") ||
                 word.starts_with("--lang="))) {
      return false;
    }
  }
  return version;
}

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

// The language --help and the parser's messages speak, decided before the parser is built as cli::language decides
// it after parsing: --lang in the words (a language marque speaks), the config file's lang (--config in the words,
// else $MARQUE_CONFIG, else the default file), the environment, English.
std::string early_language(int argc, char** argv) {
  cli::Context probe;
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word == "--") break;
    for (auto [name, to] : {std::pair{std::string("--lang"), &probe.lang}, {std::string("--config"), &probe.config}}) {
      if (word == name && i + 1 < argc)
        *to = argv[i + 1];
      else if (word.rfind(name + "=", 0) == 0)
        *to = word.substr(name.size() + 1);
    }
  }
  if (text::language_of(probe.lang) != probe.lang) probe.lang.clear();
  return cli::language(probe);
}

// CLI11's messages matched by hand (no <regex>: it cost the CLI's unit about 4 s of compile time). Each function
// says the regular expression it stands for (ECMAScript, whole string; '.' is any character but a line end).
namespace usage {
using Parts = std::vector<std::string>;
bool one_line(std::string_view s) { return s.find_first_of("\n\r") == std::string_view::npos; }
bool has_space(std::string_view s) {
  return std::any_of(s.begin(), s.end(), [](unsigned char c) { return std::isspace(c) != 0; });
}
// (\S+) is required
bool required(std::string_view s, Parts& m) {
  constexpr std::string_view tail = " is required";
  if (!s.ends_with(tail)) return false;
  const auto option = s.substr(0, s.size() - tail.size());
  if (option.empty() || has_space(option)) return false;
  m = {std::string(option)};
  return true;
}
// The following arguments? (?:was|were) not expected: (.*)
bool not_expected(std::string_view s, Parts& m) {
  constexpr std::string_view head = "The following argument";
  if (!s.starts_with(head) || !one_line(s)) return false;
  s.remove_prefix(head.size());
  if (s.starts_with("s")) s.remove_prefix(1);
  if (s.starts_with(" was not expected: "))
    s.remove_prefix(19);
  else if (s.starts_with(" were not expected: "))
    s.remove_prefix(20);
  else
    return false;
  m = {std::string(s)};
  return true;
}
// (.*): (.*) not in \{(.*)\}
bool not_one_of(std::string_view s, Parts& m) {
  constexpr std::string_view in = " not in {";
  if (!s.ends_with("}") || !one_line(s)) return false;
  const auto q = s.rfind(in);
  if (q == std::string_view::npos || q < 2) return false;
  const auto p = s.rfind(": ", q - 2);
  if (p == std::string_view::npos) return false;
  m = {std::string(s.substr(0, p)), std::string(s.substr(p + 2, q - p - 2)),
       std::string(s.substr(q + in.size(), s.size() - 1 - q - in.size()))};
  return true;
}
// (.*?)(?:: )?Value (.*) not in range (.*) to (.*)
bool out_of_range(std::string_view s, Parts& m) {
  constexpr std::string_view value = "Value ", range = " not in range ", to = " to ";
  if (!one_line(s)) return false;
  for (std::size_t k = 0; k < s.size(); ++k) {
    auto rest = s.substr(k);
    if (rest.starts_with(": Value "))
      rest.remove_prefix(2);
    else if (!rest.starts_with(value))
      continue;
    rest.remove_prefix(value.size());
    // (.*) not in range (.*) to (.*): the last " not in range " with a " to " after it, then the last " to "
    for (auto q = rest.rfind(range); q != std::string_view::npos;
         q = q ? rest.rfind(range, q - 1) : std::string_view::npos) {
      const auto after = rest.substr(q + range.size());
      const auto t = after.rfind(to);
      if (t == std::string_view::npos) continue;
      m = {std::string(s.substr(0, k)), std::string(rest.substr(0, q)), std::string(after.substr(0, t)),
           std::string(after.substr(t + to.size()))};
      return true;
    }
  }
  return false;
}
// (\S+): (\d+) required (\S+) missing
bool missing(std::string_view s, Parts& m) {
  constexpr std::string_view req = " required ", tail = " missing";
  const auto colon = s.find(": ");
  if (colon == std::string_view::npos || colon == 0 || !s.ends_with(tail) || colon + 2 + tail.size() > s.size())
    return false;
  const auto option = s.substr(0, colon);
  if (has_space(option)) return false;
  auto rest = s.substr(colon + 2, s.size() - colon - 2 - tail.size());
  std::size_t d = 0;
  while (d < rest.size() && rest[d] >= '0' && rest[d] <= '9') ++d;
  if (d == 0 || !rest.substr(d).starts_with(req)) return false;
  const auto type = rest.substr(d + req.size());
  if (type.empty() || has_space(type)) return false;
  m = {std::string(option), std::string(rest.substr(0, d)), std::string(type)};
  return true;
}
}  // namespace usage

// A parser's message (CLI11's English) in the language: its usual shapes said through the catalogue, the options and
// words it names unchanged; English exactly as CLI11 says it.
std::string usage_text(const std::string& what) {
  using text::Message;
  usage::Parts m;
  if (what == "A subcommand is required") return text::tr("cli.usage.command_required", "A subcommand is required");
  if (usage::required(what, m))
    return text::tr("cli.usage.required", "{option} is required", Message().text("option", m[0]));
  if (usage::not_expected(what, m))
    return text::tr("cli.usage.not_expected", "not expected: {words}", Message().text("words", m[0]));
  if (usage::not_one_of(what, m))
    return text::tr("cli.usage.not_one_of", "{option}: {value} is not one of {values}",
                    Message().text("option", m[0]).text("value", m[1]).text("values", m[2]));
  if (usage::out_of_range(what, m))
    return (m[0].empty() ? "" : m[0] + ": ") +
           text::tr("cli.usage.range", "{value} is not between {min} and {max}",
                    Message().text("value", m[1]).text("min", m[2]).text("max", m[3]));
  if (usage::missing(what, m))
    return text::tr("cli.usage.missing", "{option}: {n} {type} missing",
                    Message().text("option", m[0]).text("n", m[1]).text("type", m[2]));
  return what;
}

std::string usage_failure(const CLI::App* app, const CLI::Error& e) {
  if (text::language() == "en") return CLI::FailureMessage::simple(app, e);
  return usage_text(e.what()) + "\n" +
         text::tr("cli.usage.more", "Run with {option} for more information.",
                  text::Message().text("option", "--help")) +
         "\n";
}

// A command's positional as --help names it (CLI11 prints its name): a word of the language; the parsed id stays.
std::string positional_word(const std::string& name) {
  using text::tr;
  if (name == "command") return tr("cli.help.arg.command", "command");
  if (name == "dir") return tr("cli.help.arg.dir", "dir");
  if (name == "event") return tr("cli.help.arg.event", "event");
  if (name == "fields") return tr("cli.help.arg.fields", "fields");
  if (name == "file") return tr("cli.help.arg.file", "file");
  if (name == "files") return tr("cli.help.arg.files", "files");
  if (name == "game") return tr("cli.help.arg.game", "game");
  if (name == "name") return tr("cli.help.arg.name", "name");
  if (name == "player") return tr("cli.help.arg.player", "player");
  if (name == "seq") return tr("cli.help.arg.seq", "seq");
  if (name == "shell") return tr("cli.help.arg.shell", "shell");
  if (name == "table") return tr("cli.help.arg.table", "table");
  if (name == "totals") return tr("cli.help.arg.totals", "totals");
  if (name == "who") return tr("cli.help.arg.who", "who");
  if (name == "words") return tr("cli.help.arg.words", "words");
  return name;
}

// CLI11 pads --help's left column by bytes: a translated type name ("SZÖVEG", "ΚΕΙΜΕΝΟ") is padded here by what a
// terminal shows (core/text's display width), as format_help does it otherwise
// --help's footer (cli::main_footer: the exit codes, where the database and the config file are) is built when a help
// is printed, not by every command's start: with one command built (a hand, a sheet), the main parser's footer is this
// mark, which CLI11 copies into the command as it copies any footer (a command with its own footer replaces it), and
// the formatter, which CLI11 copies too, says it.
constexpr std::string_view k_main_footer_mark = "\x01marque: main footer\x01";

class FooterFormatter : public CLI::Formatter {
public:
  std::string make_footer(const CLI::App* app) const override {
    std::string footer = app->get_footer();
    if (footer == k_main_footer_mark) footer = cli::main_footer();
    if (footer.empty()) return std::string{};
    return footer + "\n";
  }
};

class LocalFormatter : public FooterFormatter {
public:
  std::string make_option_name(const CLI::Option* opt, bool is_positional) const override {
    return is_positional ? positional_word(opt->get_name(true, false)) : CLI::Formatter::make_option_name(opt, false);
  }
  std::string make_option(const CLI::Option* opt, bool is_positional) const override {
    std::string out = "  " + make_option_name(opt, is_positional) + make_option_opts(opt);
    const size_t width = get_column_width(), shown = static_cast<size_t>(text::display_width(out));
    const std::string desc = make_option_desc(opt);
    if (!desc.empty() && shown >= width)
      out += "\n" + std::string(width, ' ');
    else if (shown < width)
      out += std::string(width - shown, ' ');
    for (char c : desc) {
      out += c;
      if (c == '\n') out += std::string(width, ' ');
    }
    return out + "\n";
  }
};

// --help's own words in the language: the headings CLI11 writes, the groups and the help flag of every command
void localize_help(CLI::App& app) {
  if (text::language() == "en") return;
  auto f = app.get_formatter();
  f->label("Usage", text::tr("cli.help.usage", "Usage"));
  f->label("OPTIONS", text::tr("cli.help.options_word", "OPTIONS"));
  f->label("SUBCOMMAND", text::tr("cli.help.command_word", "SUBCOMMAND"));
  f->label("SUBCOMMANDS", text::tr("cli.help.commands_word", "SUBCOMMANDS"));
  f->label("REQUIRED", text::tr("cli.help.required", "REQUIRED"));
  f->label("Positionals", text::tr("cli.help.positionals", "Positionals"));
  f->label("TEXT", text::tr("cli.help.text_type", "TEXT"));
  f->label("INT", text::tr("cli.help.int_type", "INT"));
  f->label("UINT", text::tr("cli.help.uint_type", "UINT"));
  const std::string options = text::tr("cli.help.options", "Options"),
                    commands = text::tr("cli.help.commands", "Subcommands"),
                    help = text::tr("cli.help.help", "Print this help message and exit");
  std::vector<CLI::App*> todo{&app};
  while (!todo.empty()) {
    CLI::App* a = todo.back();
    todo.pop_back();
    for (CLI::Option* o : a->get_options())
      if (o->get_group() == "Options") o->group(options);
    if (CLI::Option* h = a->get_help_ptr()) h->description(help);
    for (CLI::App* sub : a->get_subcommands({})) {
      if (sub->get_group() == "Subcommands") sub->group(commands);
      todo.push_back(sub);
    }
  }
}

int run(int argc, char** argv) {
  // the commands built: none for a --version, the one the words name, else all of them (--help, help, manual ...)
  const bool none = version_only(argc, argv);
  const Entry* only = none ? nullptr : named_command(argc, argv);
  const bool all = !none && !only;
  CLI::App app;
  if (all) {  // marque's own description (its games' titles: their catalogues): only its --help, the manual and
              // completion read it
    std::string titles;
    for (const auto* game : rules::all_games())
      titles += (titles.empty() ? "" : ", ") + app::local_game_title(std::string(game->id()));
    app.description(text::tr("cli.help.marque", "marque: a scorekeeper for real card tables ({games})",
                             text::Message().text("games", titles)));
  }
  // each command's --help has it too (CLI11 copies it); the manual, `help` and completion read it whole
  if (all)
    app.footer(cli::main_footer());
  else if (!none)
    app.footer(std::string(k_main_footer_mark));
  if (text::language() != "en")
    app.formatter(std::make_shared<LocalFormatter>());
  else if (!all && !none)
    app.formatter(std::make_shared<FooterFormatter>());
  app.set_version_flag("-V,--version", cli::version_text(),
                       text::tr("cli.help.version", "Display program version information and exit"));
  app.require_subcommand(1);
  app.failure_message(usage_failure);
  cli::Context ctx;
  ctx.argv.assign(argv, argv + argc);
  app.add_option("--db", ctx.db,
                 text::tr("cli.help.db", "database file (default: $MARQUE_DB, else the config file's db, else "
                                         "$XDG_DATA_HOME/marque/marque.db)"));
  app.add_option("--config", ctx.config,
                 text::tr("cli.help.config", "config file (default: $MARQUE_CONFIG, else "
                                             "$XDG_CONFIG_HOME/marque/config.toml)"));
  app.add_flag("-q,--quiet", ctx.quiet, text::tr("cli.help.quiet", "no warnings or notes on standard error"));
  app.add_option("--lang", ctx.lang,
                 text::tr("cli.help.lang", "the language of what marque says: en, fr, hu or el (default: the config "
                                           "file's lang, else LC_ALL, LC_MESSAGES or LANG, else en); ids typed on the "
                                           "command line stay the same"))
      ->check(CLI::IsMember(text::languages()));

  cli::Commands commands;
  std::vector<cli::CommandRecord> records;
  for (const Entry& e : k_commands) {
    if (none || (only && only != &e)) continue;
    const size_t first = commands.size();
    records.push_back(e.add(app, ctx, commands));
    if (records.back().name != e.name)
      throw std::logic_error("command table: " + std::string(e.name) + " registers " + records.back().name);
    for (size_t i = first; i < commands.size(); ++i) commands[i].record = records.size() - 1;
  }

  fall_through(&app);
  localize_help(app);
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
    std::cerr << "marque: " << text::tr("cli.error", "error: ") << e.what() << "\n";
    if (!e.hint().empty()) std::cerr << text::tr("cli.hint", "hint: ") << e.hint() << "\n";
    return e.exit_code();
  } catch (const std::exception& e) {
    std::cerr << "marque: "
              << text::tr("cli.internal_error", "internal error: {what}; please report",
                          text::Message().text("what", e.what()))
              << "\n";
    return k_exit_software;
  } catch (...) {
    std::cerr << "marque: " << text::tr("cli.internal_error_unknown", "internal error; please report") << "\n";
    return k_exit_software;
  }
}

}  // namespace

int main(int argc, char** argv) {
  cli::TerminalStreams streams;  // every text on stdout and stderr is shown, never obeyed
  // the language of --help, the parser's messages and a failure (the command speaks cli::language once parsed)
  const text::UseLanguage reading(early_language(argc, argv));
  int rc = run_reported(argc, argv);
  // a write error on standard output (a full disk, a closed pipe) is an error, not a success
  std::string failed = cli::finish_stdout();
  if (!failed.empty()) {
    std::cerr << "marque: " << text::tr("cli.error", "error: ")
              << text::tr("cli.stdout_failed", "cannot write standard output: {why}",
                          text::Message().text("why", failed))
              << "\n";
    if (rc == 0) rc = k_exit_ioerr;
  }
  return rc;
}
