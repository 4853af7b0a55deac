// What the command files share: the global options and the database they open, reading words and files from
// the command line, writing output, and the validators. The only code besides main.cpp and commands/ that
// sees CLI11.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/app.hpp"
#include "cli/config.hpp"

namespace marque::cli {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

// The global options and what a command sets for the error report.
struct Context {
  std::string db;      // --db ("" = $MARQUE_DB, else the config file's db, else app::default_db_path())
  std::string config;  // --config ("" = $MARQUE_CONFIG, else $XDG_CONFIG_HOME/marque/config.toml)
  bool quiet = false;  // -q
  bool as_json = false;  // the running command prints JSON: a refusal is printed as JSON too
  std::vector<std::string> argv;  // the command line as typed (`marque serve` hands it to its helper)
  // The database, opened (and upgraded when older) for reading or writing.
  app::Database open(bool write) const;
  // The database a command uses and where that comes from (command line > environment > config file > default).
  config::Setting db_setting() const;
  // The config file, read once when first needed (a malformed one throws Error, exit 78).
  const config::File& settings() const;

private:
  mutable std::shared_ptr<const config::File> m_settings;
};

// The exit codes, for --help's footer and the manual's EXIT STATUS.
struct ExitCode {
  int code;
  const char* brief;    // in --help's footer
  const char* meaning;  // in the manual
};
const std::vector<ExitCode>& exit_codes();
// --help's footer (exit codes, where the database and the config file are); --version's text.
std::string main_footer();
std::string version_text();

// A command: the subcommand CLI11 parsed, and what runs then (returns the exit code).
struct Command {
  CLI::App* sub;
  std::function<int()> run;
};
using Commands = std::vector<Command>;

// key=value words -> pairs (a word without '=' is a usage error naming it)
std::vector<std::pair<std::string, std::string>> parse_words(const std::vector<std::string>& words);
// A text from the command line that will be stored (a name, a note): refused unless valid UTF-8.
void check_utf8(const std::string& field, const std::string& value);
// A date given on the command line (--date, --from, --to): a real YYYY-MM-DD day, else refused (exit 1).
void require_date(const char* option, const std::string& value);
// The rules of a game named on the command line (usage error when unknown).
const rules::GameRules& rules_for(const std::string& game);
std::vector<std::string> game_ids();

// A whole input file ("-" = standard input), at most importers::k_max_input_bytes.
std::string read_input(const std::string& name);
// A JSON text from the command line or a file, through the hardened reader.
json parse_json(const std::string& text, const std::string& name);
// A game file or an export bundle, its hand records streamed.
app::SourceDocument read_game_document(const std::string& name);

// What a command writes, each kind escaped by its own function (core/escape.hpp) before it goes out.
enum class OutputKind { text, csv, json_text, html };
// Standard output (FILE empty or "-") or FILE, through the one output-file writer.
void write_output(const std::string& out_file, const std::string& content, OutputKind kind);
void print_json(const ojson& j);
void print_warnings(const std::vector<Diagnostic>& ws, bool quiet);
// A marque-score/1 document printed as print_json would, its hands written one at a time by `hands`.
void print_score_streamed(const ojson& score, const std::function<void(const std::function<void(const ojson&)>&)>& hands);

// An integer argument (an id, a hand number): refused outside -2^63 .. 2^63-1, never clamped.
extern const CLI::Validator k_whole_number;
// --format text|json on a subcommand, into `format`.
void add_format(CLI::App* c, std::string& format);

}  // namespace marque::cli

// One function per command file: declares its subcommands and options on `app` and adds what they run.
namespace marque::cli::commands {
void add_start(CLI::App& app, Context& ctx, Commands& out);
void add_hands(CLI::App& app, Context& ctx, Commands& out);    // hand, edit, delete, undo, redo, history, list, show
void add_games(CLI::App& app, Context& ctx, Commands& out);    // games, score, export
void add_sheet(CLI::App& app, Context& ctx, Commands& out);
void add_night(CLI::App& app, Context& ctx, Commands& out);
void add_files(CLI::App& app, Context& ctx, Commands& out);    // calc, import
void add_league(CLI::App& app, Context& ctx, Commands& out);   // standings, stats, ratings, season, site
void add_check(CLI::App& app, Context& ctx, Commands& out);    // check, info, rules
void add_player(CLI::App& app, Context& ctx, Commands& out);
void add_backup(CLI::App& app, Context& ctx, Commands& out);   // backup, restore
void add_game(CLI::App& app, Context& ctx, Commands& out);     // use, game close|abandon|delete|reopen|next
void add_config(CLI::App& app, Context& ctx, Commands& out);   // config
// help COMMAND, and the hidden manual [COMMAND] (roff pages made from the commands' definitions)
void add_manual(CLI::App& app, Context& ctx, Commands& out);
// the hidden completion SHELL (the script) and complete WORD... (what the script asks at each Tab)
void add_completion(CLI::App& app, Context& ctx, Commands& out);
void add_serve(CLI::App& app, Context& ctx, Commands& out);    // serve (src/web)
}  // namespace marque::cli::commands
