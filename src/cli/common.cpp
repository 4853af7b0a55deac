#include "cli/common.hpp"

#include <cstdlib>
#include <iostream>

#include "cli/output.hpp"
#include "cli/version.hpp"
#include "core/date.hpp"
#include "core/escape.hpp"
#include "core/language.hpp"
#include "core/output_file.hpp"
#include "core/text.hpp"
#include "importers/json_importer.hpp"

namespace marque::cli {

app::Database Context::open(bool write) const { return app::open_database(db_setting().value, write); }

config::Setting Context::db_setting() const {
  // the config file is read only when neither --db nor $MARQUE_DB says where the database is
  static const config::File k_none;
  const char* env = std::getenv("MARQUE_DB");
  const bool decided = !db.empty() || (env && *env);
  return config::resolve("db", db, "--db", "MARQUE_DB", decided ? k_none : settings(), app::default_db_path());
}

std::string club_language(const Context& ctx) {
  if (!ctx.lang.empty()) return ctx.lang;
  try {
    if (const config::Entry* e = ctx.settings().find("lang")) return e->value.get<std::string>();
  } catch (const Error&) {
    // a malformed config file: the command that reads it says so (exit 78); the language is not worth failing for
  }
  return {};
}

std::string language(const Context& ctx) {
  const std::string club = club_language(ctx);
  return club.empty() ? text::language_from_environment() : club;
}

const config::File& Context::settings() const {
  if (!m_settings) m_settings = std::make_shared<const config::File>(config::load(config));
  return *m_settings;
}

std::string main_footer() {
  using text::tr;
  std::string out = tr("cli.exit.heading", "Exit codes:"), line = out;
  const auto codes = exit_codes();
  for (size_t i = 0; i < codes.size(); ++i) {
    std::string item = " " + std::to_string(codes[i].code) + " " + codes[i].brief + (i + 1 < codes.size() ? "," : ".");
    if (text::display_width(line) + text::display_width(item) > 110) {
      out += "\n";
      line.clear();
      item.erase(0, 1);
    }
    out += item;
    line += item;
  }
  return out + "\n" +
         tr("cli.help.footer_db", "Database: --db PATH, else $MARQUE_DB, else the config file's db, else "
                                  "$XDG_DATA_HOME/marque/marque.db (~/.local/share/marque/marque.db).") +
         "\n" +
         tr("cli.help.footer_config", "Config: $XDG_CONFIG_HOME/marque/config.toml (~/.config/marque/config.toml): "
                                      "db, league, venue and house rules per game; marque config shows what is in "
                                      "force.");
}

std::string version_text() {
  return text::tr(
      "cli.version", "marque {version} (database schema {schema})",
      text::Message().text("version", MARQUE_VERSION).text("schema", std::to_string(app::schema_version())));
}

std::vector<ExitCode> exit_codes() {
  using text::tr;
  return {
      {0, tr("cli.exit.ok", "ok"), tr("cli.exit.ok_meaning", "success (also --help and --version)")},
      {1, tr("cli.exit.rejected", "rejected record/file or check failed"),
       tr("cli.exit.rejected_meaning", "a rejected record or file (nothing was stored), or check found a difference")},
      {2, tr("cli.exit.usage", "usage"),
       tr("cli.exit.usage_meaning",
          "usage: an unknown command or option, a missing argument, a word that is not key=value")},
      {65, tr("cli.exit.dataerr", "not a marque database or newer schema"),
       tr("cli.exit.dataerr_meaning", "not a marque database, a schema newer than this marque or other than its "
                                      "own, or a damaged row (named)")},
      {66, tr("cli.exit.noinput", "missing input/game"),
       tr("cli.exit.noinput_meaning", "missing input: an input file, the database, a game, or a config file named "
                                      "by --config or MARQUE_CONFIG")},
      {69, tr("cli.exit.unavailable", "missing external tool"),
       tr("cli.exit.unavailable_meaning", "an external tool is missing (no PDF converter)")},
      {70, tr("cli.exit.software", "internal error"),
       tr("cli.exit.software_meaning", "internal error (a bug: please report it)")},
      {73, tr("cli.exit.cantcreat", "cannot create"),
       tr("cli.exit.cantcreat_meaning",
          "cannot create an output file or the database, or a writing command on a read-only database")},
      {74, tr("cli.exit.ioerr", "I/O"),
       tr("cli.exit.ioerr_meaning", "input/output error (a full disk, a write error on standard output)")},
      {75, tr("cli.exit.busy", "busy"),
       tr("cli.exit.busy_meaning", "busy: another process held the write lock longer than MARQUE_LOCK_TIMEOUT")},
      {config::k_exit_config, tr("cli.exit.config", "bad config file"),
       tr("cli.exit.config_meaning",
          "a malformed config file or a setting marque does not know (the message names the file and line)")},
  };
}

namespace {
// The command line's own refusals as words (src/README.md, "Languages": refusals), said in the reader's language.
const text::Catalogue& cli_catalogue() {
  static const text::Catalogue& c = *new text::Catalogue([] {
    text::Catalogue x;
    x.add("cli.err.utf8", "not valid UTF-8 (byte {byte, number, ::group-off}); marque stores text as UTF-8");
    return x;
  }());
  return c;
}
}  // namespace

void check_utf8(const std::string& field, const std::string& value) {
  size_t at = 0;
  if (importers::valid_utf8(value, &at)) return;
  Diagnostics d;
  d.error(field, "cli.utf8", text::Message("cli.err.utf8").number("byte", static_cast<int64_t>(at + 1)),
          cli_catalogue());
  throw Rejected(d);
}

std::vector<std::pair<std::string, std::string>> parse_words(const std::vector<std::string>& words) {
  std::vector<std::pair<std::string, std::string>> kv;
  for (const auto& w : words) {
    std::string key = w.substr(0, std::min(w.find('='), w.size()));
    check_utf8(importers::valid_utf8(key) ? key : std::string(), w);
    auto eq = w.find('=');
    if (eq == std::string::npos || eq == 0)
      throw Error(k_exit_usage,
                  text::tr("cli.not_a_field", "''{word}'' is not a field: write key=value (e.g. points=47)",
                           text::Message().text("word", w)));
    kv.emplace_back(w.substr(0, eq), w.substr(eq + 1));
  }
  return kv;
}

std::string read_input(const std::string& name) { return importers::read_input_text(name); }

json parse_json(const std::string& text, const std::string& name) { return importers::parse_json_text(text, name); }

void write_output(const std::string& out_file, const std::string& content, OutputKind kind) {
  if (out_file.empty() || out_file == "-") {
    if (kind == OutputKind::text)
      std::cout << content;  // std::cout escapes for the terminal (cli/output.hpp)
    else
      cli::write_stdout(content);
    return;
  }
  files::write_output_file(out_file, kind == OutputKind::text ? escape::terminal(content) : content);
}

void require_date(const char* option, const std::string& value) {
  if (value.empty()) return;
  std::string problem = date_problem(value);
  if (problem.empty()) return;
  throw Error(
      k_exit_rejected,
      text::tr(
          "cli.bad_date", "{option}: \"{value}\" is {problem}",
          text::Message().text("option", option).text("value", value).text("problem", app::date_problem_said(value))));
}

void print_warnings(const std::vector<Diagnostic>& ws, bool quiet) {
  if (quiet) return;
  for (const auto& w : ws) std::cerr << "marque: " << severity(w) << w.text() << "\n";
}

std::string severity(const Diagnostic& d) {
  return d.error  ? text::tr("cli.error", "error: ")
         : d.info ? text::tr("cli.note", "note: ")
                  : text::tr("cli.warning", "warning: ");
}

void print_json(const ojson& j) { cli::write_stdout(escape::json(j, 2) + "\n"); }

std::string indent_lines(const std::string& s, const std::string& pad) {
  std::string out;
  out.reserve(s.size() + 64);
  for (char c : s) {
    out += c;
    if (c == '\n') out += pad;  // JSON text has no raw newline inside a string
  }
  return out;
}

// Print a marque-score/1 document byte for byte as print_json would, its "hands" array written one entry at
// a time by `hands` (a 100,000-hand game's score never sits in memory as one tree).
void print_score_streamed(const ojson& score,
                          const std::function<void(const std::function<void(const ojson&)>&)>& hands) {
  bool first_key = true;
  std::cout << "{";
  for (auto it = score.begin(); it != score.end(); ++it) {
    std::cout << (first_key ? "\n" : ",\n") << "  " << ojson(it.key()).dump() << ": ";
    first_key = false;
    if (it.key() == "hands") {
      std::cout << "[";
      bool any = false;
      hands([&](const ojson& e) {
        std::cout << (any ? ",\n    " : "\n    ") << indent_lines(e.dump(2), "    ");
        any = true;
      });
      std::cout << (any ? "\n  ]" : "]");
    } else {
      std::cout << indent_lines(it.value().dump(2), "  ");
    }
  }
  std::cout << (first_key ? "}" : "\n}") << "\n";
}

std::vector<std::string> game_ids() {
  std::vector<std::string> out;
  for (const auto* g : rules::all_games()) out.emplace_back(g->id());
  return out;
}

extern const CLI::Validator k_whole_number;
const CLI::Validator k_whole_number(
    [](std::string& s) -> std::string {
      errno = 0;
      char* end = nullptr;
      long long v = std::strtoll(s.c_str(), &end, 10);
      if (s.empty() || !end || *end != '\0')
        return text::tr("cli.not_whole_number", "''{value}'' is not a whole number",
                        text::Message().text("value", clip(s, 30)));
      if (errno == ERANGE)
        return text::tr("cli.outside_int64", "{value} is outside -2^63 .. 2^63-1",
                        text::Message().text("value", clip(s, 30)));
      (void)v;
      return "";
    },
    "INT");

void add_format(CLI::App* c, std::string& format) {
  c->add_option("--format", format, text::tr("help.format", "output format"))->check(CLI::IsMember({"text", "json"}));
}

void add_output(CLI::App* c, std::string& out_file, const std::string& help) {
  c->add_option("-o,--output", out_file,
                help.empty() ? text::tr("help.output", "write to FILE (format from its extension when --format is not "
                                                       "given)")
                             : help);
}

}  // namespace marque::cli
