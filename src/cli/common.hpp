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
#include "app/front.hpp"
#include "cli/config.hpp"
#include "cli/output.hpp"

namespace marque::cli {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

// The global options and what a command sets for the error report.
struct Context {
  std::string db;                 // --db ("" = $MARQUE_DB, else the config file's db, else app::default_db_path())
  std::string config;             // --config ("" = $MARQUE_CONFIG, else $XDG_CONFIG_HOME/marque/config.toml)
  bool quiet = false;             // -q
  std::string lang;               // --lang ("" = the config file's lang, else LC_ALL/LC_MESSAGES/LANG, else English)
  Format format = Format::text;   // what the running command prints (main decides it: output_format); JSON: a
                                  // refusal is printed as JSON too
  bool writes = false;            // the running command writes to the database (its CommandRecord)
  std::vector<std::string> argv;  // the command line as typed (`marque serve` hands it to its helper)
  // The database, opened (and upgraded when older) for reading or writing.
  app::Database open(bool write) const;
  app::Database open() const { return open(writes); }  // for writing when the running command writes
  // The database a command uses and where that comes from (command line > environment > config file > default).
  config::Setting db_setting() const;
  // The config file, read once when first needed (a malformed one throws Error, exit 78).
  const config::File& settings() const;

private:
  mutable std::shared_ptr<const config::File> m_settings;
};

// The language a command speaks: --lang, else the config file's lang, else LC_ALL/LC_MESSAGES/LANG, else English
// (core/language.hpp). club_language: --lang or the config file's lang only ("" when neither says one: `marque
// serve` then answers each phone in its browser's Accept-Language).
std::string language(const Context& ctx);
std::string club_language(const Context& ctx);

// The exit codes, for --help's footer and the manual's EXIT STATUS.
struct ExitCode {
  int code;
  std::string brief;    // in --help's footer
  std::string meaning;  // in the manual
};
std::vector<ExitCode> exit_codes();  // in this thread's language
// --help's footer (exit codes, where the database and the config file are); --version's text.
std::string main_footer();
std::string version_text();

// A top-level command as main sees it: its name, whether it writes to the database (a group: whether one of its
// subcommands does; those open the database their own way), and the formats it prints (the first: its default).
struct CommandRecord {
  std::string name;
  bool writes = false;
  std::vector<Format> formats{Format::text};
};
// A command: the (sub)command CLI11 parsed, what runs then (returns the exit code), and its top-level command's
// record (main's index).
struct Command {
  CLI::App* sub;
  std::function<int()> run;
  size_t record = 0;
};
using Commands = std::vector<Command>;
// What a command file offers main: declares its command on `app` (subcommands, options), adds what runs, and
// returns the command's record.
using Registration = CommandRecord (*)(CLI::App& app, Context& ctx, Commands& out);

// key=value words -> pairs (a word without '=' is a usage error naming it)
std::vector<std::pair<std::string, std::string>> parse_words(const std::vector<std::string>& words);
// A text from the command line that will be stored (a name, a note): refused unless valid UTF-8.
void check_utf8(const std::string& field, const std::string& value);
// A date given on the command line (--date, --from, --to): a real YYYY-MM-DD day, else refused (exit 1).
void require_date(const char* option, const std::string& value);
std::vector<std::string> game_ids();

// A whole input file ("-" = standard input), at most importers::k_max_input_bytes.
std::string read_input(const std::string& name);
// A JSON text from the command line or a file, through the hardened reader.
json parse_json(const std::string& text, const std::string& name);

// What a command writes, each kind escaped by its own function (core/escape.hpp) before it goes out.
enum class OutputKind { text, csv, json_text, html };
// Standard output (FILE empty or "-") or FILE, through the one output-file writer.
void write_output(const std::string& out_file, const std::string& content, OutputKind kind);
void print_json(const ojson& j);
void print_warnings(const std::vector<Diagnostic>& ws, bool quiet);
// "error: ", "warning: " or "note: " in the language spoken (after "marque: ")
std::string severity(const Diagnostic& d);
// A marque-score/1 document printed as print_json would, its hands written one at a time by `hands`.
void print_score_streamed(const ojson& score,
                          const std::function<void(const std::function<void(const ojson&)>&)>& hands);

// An integer argument (an id, a hand number): refused outside -2^63 .. 2^63-1, never clamped.
extern const CLI::Validator k_whole_number;
// --format text|json on a subcommand, into `format` (main reads it: Context::format).
void add_format(CLI::App* c, std::string& format);
// -o FILE on a subcommand, into `out_file` (its extension chooses the format when --format is not given); `help`
// its description ("": the usual one).
void add_output(CLI::App* c, std::string& out_file, const std::string& help = "");

}  // namespace marque::cli

// One file per top-level command (commands/NAME.cpp), each with its registration function; main lists them.
namespace marque::cli::commands {
// The club's house rules (the config file's [GAME] table) for the options `setup` leaves out (start.cpp); returns
// the ids of those used.
std::vector<std::string> apply_house_rules(const config::File& f, const rules::GameRules& gr, json& setup);
CommandRecord add_start(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_hand(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_edit(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_delete(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_undo(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_redo(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_history(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_list(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_show(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_games(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_score(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_export(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_sheet(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_night(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_calc(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_tournament(CLI::App& app, Context& ctx, Commands& out);  // tournament calc
CommandRecord add_import(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_standings(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_stats(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_ratings(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_season(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_site(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_check(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_rules(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_info(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_player(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_backup(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_restore(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_use(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_game(CLI::App& app, Context& ctx, Commands& out);  // game close|abandon|delete|reopen|next
CommandRecord add_config(CLI::App& app, Context& ctx, Commands& out);
// help COMMAND (cli/manual.cpp), and the hidden manual [COMMAND] (roff pages made from the commands' definitions)
CommandRecord add_help(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_manual(CLI::App& app, Context& ctx, Commands& out);
// the hidden completion SHELL (the script) and complete WORD... (what the script asks at each Tab): cli/completion.cpp
CommandRecord add_completion(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_complete(CLI::App& app, Context& ctx, Commands& out);
CommandRecord add_serve(CLI::App& app, Context& ctx, Commands& out);

// What two command files share: a hand's outcome printed (hand, edit); the undo or redo of a game's last change;
// the time a report says it was made ($MARQUE_NOW, else now: standings, site).
void emit_outcome(const Context& ctx, const app::HandOutcome& o, const std::string& verb);
int undo_or_redo(const Context& ctx, std::optional<int64_t> game_id, bool undo);
std::string generated_at();
}  // namespace marque::cli::commands
