// The manual pages, made from the command definitions themselves (the CLI11 app: its commands, their options,
// descriptions and footers), so that `man marque-start` and `marque start --help` never disagree:
//   marque manual [COMMAND] [--dir DIR] [--date YYYY-MM-DD]   (hidden; the build writes the pages with it)
//   marque help [COMMAND [SUBCOMMAND]]                        (the same text as marque COMMAND --help)
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>

#include "cli/common.hpp"
#include "cli/manual.hpp"
#include "cli/version.hpp"
#include "core/date.hpp"
#include "core/language.hpp"
#include "core/output_file.hpp"

namespace marque::cli {

namespace {

// Roff: a backslash is \e; a line starting with . or ' would be a request; a minus in an option or a command is \-
std::string roff(const std::string& text, bool code = false) {
  std::string out;
  bool line_start = true;
  for (char c : text) {
    if (line_start && (c == '.' || c == '\'')) out += "\\&";
    line_start = c == '\n';
    if (c == '\\')
      out += "\\e";
    else if (c == '-' && code)
      out += "\\-";
    else
      out += c;
  }
  return out;
}

std::string upper(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// "TEXT:{text,json}" -> ("TEXT", "text, json"); "INT:INT" -> ("INT", "")
std::pair<std::string, std::string> type_and_values(const CLI::Option* o) {
  std::string t = o->get_type_name();
  std::string values;
  auto brace = t.find('{');
  if (brace != std::string::npos && t.back() == '}') {
    values = t.substr(brace + 1, t.size() - brace - 2);
    for (size_t at = 0; (at = values.find(',', at)) != std::string::npos; at += 2) values.replace(at, 1, ", ");
    t = t.substr(0, brace);
  }
  if (auto colon = t.find(':'); colon != std::string::npos) t = t.substr(0, colon);
  return {t.empty() ? std::string("VALUE") : t, values};
}

// The option as the synopsis and the OPTIONS section write it: \fB\-\-league\fR \fITEXT\fR
std::string option_label(const CLI::Option* o) {
  std::string names;
  for (const auto& s : o->get_snames())
    names += (names.empty() ? "" : ", ") + std::string("\\fB\\-") + roff(s, true) + "\\fR";
  for (const auto& l : o->get_lnames())
    names += (names.empty() ? "" : ", ") + std::string("\\fB\\-\\-") + roff(l, true) + "\\fR";
  if (takes_value(o)) names += " \\fI" + type_and_values(o).first + "\\fR";
  return names;
}

std::string positional_label(const CLI::Option* o) {
  std::string name = "\\fI" + roff(o->get_name(true), true) + "\\fR";
  if (o->get_items_expected_max() > 1) name += "...";
  return o->get_required() ? name : "[" + name + "]";
}

std::string option_text(const CLI::Option* o) {
  std::string text = o->get_description();
  auto [type, values] = type_and_values(o);
  if (!values.empty()) text += " (one of: " + values + ")";
  return roff(text);
}

// The description of a command split in two: what it does, and the example after it ("start a game: marque start
// GAME ..." -> "start a game", "marque start GAME ...").
std::pair<std::string, std::string> summary_and_example(const std::string& description) {
  auto at = description.find(": marque ");
  if (at == std::string::npos) return {description, ""};
  std::string summary = description.substr(0, at);
  for (const std::string space : {" ", "\u00a0", "\u202f"})  // French " : ": a space before the colon
    if (summary.size() >= space.size() && summary.compare(summary.size() - space.size(), space.size(), space) == 0)
      summary.resize(summary.size() - space.size());
  return {summary, description.substr(at + 2)};
}

// A footer as prose and examples: the lines after "Examples:" that start with "marque" are examples.
std::pair<std::string, std::vector<std::string>> footer_parts(const std::string& footer) {
  std::string prose;
  std::vector<std::string> examples;
  bool in_examples = false;
  size_t at = 0;
  while (at <= footer.size()) {
    size_t nl = footer.find('\n', at);
    std::string line = footer.substr(at, nl == std::string::npos ? std::string::npos : nl - at);
    at = nl == std::string::npos ? footer.size() + 1 : nl + 1;
    std::string trimmed = line.substr(std::min(line.find_first_not_of(' '), line.size()));
    if (trimmed.rfind("Examples:", 0) == 0 || trimmed.rfind("Example:", 0) == 0 ||
        trimmed.rfind(text::tr("help.examples", "Examples:"), 0) == 0 ||
        trimmed.rfind(text::tr("help.example", "Example:"), 0) == 0) {
      in_examples = true;
      continue;
    }
    if (in_examples && trimmed.rfind("marque ", 0) == 0) {
      examples.push_back(trimmed);
      continue;
    }
    if (!trimmed.empty()) in_examples = false;
    prose += line + "\n";
  }
  while (!prose.empty() && prose.back() == '\n') prose.pop_back();
  return {prose, examples};
}

// Prose: an indented line (an example in a footer, a line of a file) keeps its line; the rest is filled.
std::string prose_block(const std::string& text) {
  std::string out = ".PP\n";
  bool in_literal = false;
  size_t at = 0;
  while (at <= text.size()) {
    size_t nl = text.find('\n', at);
    std::string line = text.substr(at, nl == std::string::npos ? std::string::npos : nl - at);
    at = nl == std::string::npos ? text.size() + 1 : nl + 1;
    const bool literal = line.rfind("  ", 0) == 0;
    if (literal && !in_literal) out += ".PP\n.nf\n.RS 4\n";
    if (!literal && in_literal) out += ".RE\n.fi\n";
    in_literal = literal;
    if (line.empty()) {
      if (out.size() < 5 || out.compare(out.size() - 4, 4, ".PP\n") != 0) out += ".PP\n";
      continue;
    }
    out += roff(literal ? line.substr(2) : line, literal) + "\n";
  }
  if (in_literal) out += ".RE\n.fi\n";
  return out;
}

std::string example_block(const std::vector<std::string>& examples) {
  std::string out = ".PP\n.nf\n.RS 4\n";
  for (const auto& e : examples) out += roff(e, true) + "\n";
  return out + ".RE\n.fi\n";
}

// "-q, --quiet" entries of an app's options (positionals first, then options; --help last)
std::string options_block(const CLI::App& app, bool with_help) {
  std::string out;
  for (const auto* o : app.get_options([](const CLI::Option* x) { return x->get_positional() && !x->nonpositional(); }))
    out += ".TP\n" + positional_label(o) + "\n" + option_text(o) + "\n";
  for (const auto* o : app.get_options([](const CLI::Option* x) { return x->nonpositional(); })) {
    if (!with_help && o == app.get_help_ptr()) continue;
    out += ".TP\n" + option_label(o) + "\n" + option_text(o) + "\n";
  }
  return out;
}

std::string synopsis_line(const std::string& path, const CLI::App& app) {
  std::string out = ".B " + roff(path, true) + "\n";
  std::string rest;
  bool has_options = !app.get_options([](const CLI::Option* x) { return x->nonpositional(); }).empty();
  if (has_options) rest += "[\\fIOPTIONS\\fR]";
  for (const auto* o : app.get_options([](const CLI::Option* x) { return x->get_positional() && !x->nonpositional(); }))
    rest += (rest.empty() ? "" : " ") + positional_label(o);
  if (!visible_subcommands(app).empty()) rest += std::string(rest.empty() ? "" : " ") + "\\fICOMMAND\\fR";
  return out + (rest.empty() ? "" : rest + "\n");
}

struct Shared {
  std::string date, version;
  const CLI::App* root;
};

std::string header(const std::string& name, const std::string& summary, const Shared& s) {
  return ".\\\" Generated by marque manual from the command definitions; do not edit.\n"
         ".TH " +
         upper(name) + " 1 \"" + s.date + "\" \"marque " + s.version +
         "\" \"marque manual\"\n"
         ".SH " +
         text::tr("man.name", "NAME") + "\n" + roff(name, true) + " \\- " + roff(summary) + "\n";
}

std::string common_sections(const Shared& s) {
  using text::tr;
  std::string out = ".SH " + tr("man.exit_status", "EXIT STATUS") + "\n";
  for (const auto& e : exit_codes()) out += ".TP\n.B " + std::to_string(e.code) + "\n" + roff(e.meaning) + "\n";
  out += ".SH " + tr("man.environment", "ENVIRONMENT") + "\n";
  const std::pair<const char*, std::string> vars[] = {
      {"MARQUE_DB", tr("man.env.marque_db", "the database file when --db is not given (before the config file's db).")},
      {"MARQUE_CONFIG", tr("man.env.marque_config", "the config file when --config is not given.")},
      {"LANG", tr("man.env.lang", "LC_ALL, LC_MESSAGES or LANG (the first one set): the language marque speaks when "
                                  "neither --lang nor the config file's lang says one (fr, hu, el; else English).")},
      {"XDG_DATA_HOME",
       tr("man.env.xdg_data_home", "the database is $XDG_DATA_HOME/marque/marque.db when neither --db, MARQUE_DB nor "
                                   "the config file says otherwise (default ~/.local/share).")},
      {"XDG_CONFIG_HOME", tr("man.env.xdg_config_home", "the config file is $XDG_CONFIG_HOME/marque/config.toml "
                                                        "(default ~/.config); an empty or relative value counts as "
                                                        "unset.")},
      {"HOME", tr("man.env.home", "the home folder, for the defaults above and for ~/ in the config file's db.")},
      {"NO_COLOR", tr("man.env.no_color", "when set and not empty, no colour (colour is used only when standard "
                                          "output is a terminal, and never when TERM is dumb).")},
      {"MARQUE_LOCK_TIMEOUT", tr("man.env.lock_timeout", "seconds a writing command waits for another writer before "
                                                         "it gives up with exit 75 (default 30).")},
  };
  for (const auto& [name, text] : vars) out += ".TP\n.B " + roff(name, true) + "\n" + roff(text) + "\n";
  out += ".SH " + tr("man.files", "FILES") +
         "\n"
         ".TP\n.I ~/.local/share/marque/marque.db\n" +
         tr("man.files.db",
            "The database (SQLite). Copy it with \\fBmarque backup\\fR, not cp. Before an upgrade of its "
            "schema marque keeps the old one as \\fImarque.db.pre\\-v\\fRN\\fI.bak\\fR.") +
         "\n"
         ".TP\n.I ~/.config/marque/config.toml\n" +
         tr("man.files.config", "The config file (TOML): \\fBdb\\fR, \\fBleague\\fR and \\fBvenue\\fR, and a table per "
                                "game of the club's house rules, the game's options, which \\fBmarque start\\fR uses "
                                "unless the command line gives them. Precedence: command line, then environment, then "
                                "the config file, then the default. \\fBmarque config\\fR shows what is in force and "
                                "where it comes from.") +
         "\n"
         ".PP\n.nf\n.RS 4\n"
         "db = \"~/club/marque.db\"\n"
         "league = \"Thursday club\"\n"
         "venue = \"Caf\\['e] du Coin\"\n";
  for (const auto* g : rules::all_games()) {
    auto opts = g->options();
    for (const auto& o : opts)
      if (!o.values.empty() && !o.default_value.is_null()) {
        // a legal value other than the default, to show the shape
        for (const auto& v : o.values)
          if (v != o.default_value) {
            out += "[" + roff(std::string(g->id())) + "]\n" + roff(o.id) + " = " + roff(config::toml_text(v)) + "\n";
            break;
          }
        break;
      }
  }
  out += ".RE\n.fi\n";
  (void)s;
  return out;
}

std::string see_also(const std::string& self, const Shared& s) {
  std::string out = ".SH " + text::tr("man.see_also", "SEE ALSO") + "\n";
  std::string list;
  if (self != "marque") list = "\\fBmarque\\fR(1)";
  for (const auto* sub : visible_subcommands(*s.root)) {
    std::string page = "marque-" + sub->get_name();
    if (page == self) continue;
    list += (list.empty() ? "" : ", ") + std::string("\\fB") + roff(page, true) + "\\fR(1)";
  }
  return out + list + ", \\fBsqlite3\\fR(1)\n";
}

// A command's own footer: CLI11 gives a subcommand the footer of its parent when it has none of its own.
std::string own_footer(const CLI::App& cmd) {
  std::string footer = cmd.get_footer();
  for (const CLI::App* p = cmd.get_parent(); p; p = p->get_parent())
    if (!p->get_footer().empty() && footer == p->get_footer()) return "";
  return footer;
}

std::string sentence(const std::string& text) {
  if (text.empty() || text.back() == '.') return roff(text) + "\n";
  return roff(text) + ".\n";
}

std::string command_page(const CLI::App& cmd, const Shared& s) {
  const std::string name = "marque-" + cmd.get_name();
  const std::string path = "marque " + cmd.get_name();
  auto [summary, described_example] = summary_and_example(cmd.get_description());
  auto [prose, examples] = footer_parts(own_footer(cmd));
  if (!described_example.empty()) examples.insert(examples.begin(), described_example);
  const auto subs = visible_subcommands(cmd);
  std::string out = header(name, summary, s) + ".SH " + text::tr("man.synopsis", "SYNOPSIS") + "\n";
  if (subs.empty() || !cmd.get_options([](const CLI::Option* x) { return x->get_positional(); }).empty())
    out += synopsis_line(path, cmd) + (subs.empty() ? "" : ".br\n");
  for (size_t i = 0; i < subs.size(); ++i)
    out += synopsis_line(path + " " + subs[i]->get_name(), *subs[i]) + (i + 1 < subs.size() ? ".br\n" : "");
  out += ".SH " + text::tr("man.description", "DESCRIPTION") + "\n" + sentence(cmd.get_description());
  if (!prose.empty()) out += prose_block(prose);
  out += ".PP\n" +
         text::tr("man.in_short", "{help} (or {other}) shows the same, in short.",
                  text::Message()
                      .text("help", "\\fBmarque " + roff(cmd.get_name(), true) + " \\-\\-help\\fR")
                      .text("other", "\\fBmarque help " + roff(cmd.get_name(), true) + "\\fR")) +
         "\n";
  out += ".SH " + text::tr("man.options", "OPTIONS") + "\n" + options_block(cmd, true);
  for (const auto* sub : subs) {
    out += ".SS \"" + roff(path + " " + sub->get_name(), true) + "\"\n" + sentence(sub->get_description());
    out += options_block(*sub, false);
    auto [sub_prose, sub_examples] = footer_parts(own_footer(*sub));
    if (!sub_prose.empty()) out += prose_block(sub_prose);
    auto [sub_summary, sub_example] = summary_and_example(sub->get_description());
    if (!sub_example.empty()) sub_examples.insert(sub_examples.begin(), sub_example);
    if (sub_examples.empty()) sub_examples.push_back(path + " " + sub->get_name());
    examples.insert(examples.end(), sub_examples.begin(), sub_examples.end());
  }
  out += ".PP\n" +
         text::tr("man.global_options",
                  "The global options of \\fBmarque\\fR(1) (\\fB\\-\\-db\\fR, \\fB\\-\\-config\\fR, "
                  "\\fB\\-q\\fR) come before the command.") +
         "\n";
  if (examples.empty()) {
    // the command with its required arguments
    std::string e = path;
    for (const auto* o : cmd.get_options([](const CLI::Option* x) { return x->get_positional() && x->get_required(); }))
      e += " " + upper(o->get_name(true));
    examples.push_back(e);
  }
  out += common_sections(s) + ".SH " + text::tr("man.examples", "EXAMPLES") + "\n" + example_block(examples) +
         see_also(name, s);
  return out;
}

std::string main_page(const CLI::App& app, const Shared& s) {
  std::string description = app.get_description();
  std::string summary = description.rfind("marque: ", 0) == 0 ? description.substr(8) : description;
  std::string out = header("marque", summary, s) + ".SH " + text::tr("man.synopsis", "SYNOPSIS") +
                    "\n.B marque\n[\\fIOPTIONS\\fR] \\fICOMMAND\\fR [\\fIARGUMENTS\\fR]\n";
  out +=
      ".SH " + text::tr("man.description", "DESCRIPTION") + "\n" +
      text::tr("man.marque.about",
               "After each hand someone types what happened at the table; marque checks the record against the "
               "rules of the game, stores it in an SQLite database and computes what a careful scorer does on paper: "
               "the hand's scores, the running totals, the end of the game, settlements, score sheets and league "
               "standings. Every command that writes is one transaction: a refused record stores nothing.") +
      "\n.PP\n" +
      text::tr("man.marque.games",
               "The games: {games} (\\fBmarque rules\\fR \\fIGAME\\fR lists a game''s hand fields and options). "
               "Each command has its own page, \\fBmarque\\-\\fR\\fICOMMAND\\fR(1), and its own \\fB\\-\\-help\\fR.",
               text::Message().text("games", roff(rules::game_list(text::tr("cli.list.and", "and"))))) +
      "\n";
  auto [prose, examples] = footer_parts(app.get_footer());
  out += ".SH " + text::tr("man.commands", "COMMANDS") + "\n";
  for (const auto* sub : visible_subcommands(app)) {
    std::string label = "\\fB" + roff(sub->get_name(), true) + "\\fR";
    for (const auto* o :
         sub->get_options([](const CLI::Option* x) { return x->get_positional() && !x->nonpositional(); }))
      label += " " + positional_label(o);
    auto subs = visible_subcommands(*sub);
    if (!subs.empty()) {
      std::string names;
      // a long list is written with spaces, so that the line can be broken and filled
      const std::string bar = subs.size() > 6 ? " | " : "|";
      for (const auto* x : subs) names += (names.empty() ? "" : bar) + roff(x->get_name(), true);
      label += " " + names;
    }
    out += ".TP\n" + label + "\n" + roff(summary_and_example(sub->get_description()).first) +
           text::tr("man.see_page", "; see {page}(1).",
                    text::Message().text("page", "\\fBmarque\\-" + roff(sub->get_name(), true) + "\\fR")) +
           "\n";
  }
  out += ".SH " + text::tr("man.options", "OPTIONS") + "\n" + options_block(app, true);
  out += common_sections(s);
  // a table started for each game, a hand (the hand command's own example), then the commands of a night
  std::vector<std::string> all;
  for (const auto* g : rules::all_games()) {
    auto e = g->start_examples();
    if (!e.empty()) all.push_back("marque start " + e.front());
  }
  for (const auto* hand : app.get_subcommands([](const CLI::App* x) { return x->get_name() == "hand"; })) {
    auto example = summary_and_example(hand->get_description()).second;
    if (!example.empty()) all.push_back(example);
  }
  for (const char* e : {"marque edit 1 points=52", "marque undo", "marque sheet", "marque score --format json",
                        "marque standings --league \"Thursday club\"", "marque backup club.db", "marque config"})
    all.push_back(e);
  out += ".SH " + text::tr("man.examples", "EXAMPLES") + "\n" + example_block(all);
  out += see_also("marque", s);
  return out;
}

}  // namespace

std::vector<const CLI::App*> visible_subcommands(const CLI::App& app) {
  return app.get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); });
}

bool takes_value(const CLI::Option* o) { return o->get_type_size_max() > 0 && o->get_expected_max() > 0; }

// A page with every character beyond ASCII written \[uXXXX], so that it reads the same in any language whatever groff
// takes its input to be (man runs preconv; groff alone reads Latin-1)
std::string ascii_page(const std::string& page) {
  std::string out;
  for (size_t i = 0; i < page.size(); ++i) {
    const auto byte = static_cast<unsigned char>(page[i]);
    if (byte < 0x80) {
      out += page[i];
      continue;
    }
    const int more = byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : 1;  // the page is valid UTF-8 (the CLI's and catalogues')
    uint32_t cp = byte & (0x3F >> more);
    for (int k = 0; k < more && i + 1 < page.size(); ++k)
      cp = (cp << 6) | (static_cast<unsigned char>(page[++i]) & 0x3F);
    char escape[16];
    std::snprintf(escape, sizeof escape, "\\[u%04X]", static_cast<unsigned>(cp));
    out += escape;
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> manual_pages(const CLI::App& root, const std::string& date) {
  Shared s{date, MARQUE_VERSION, &root};
  std::vector<std::pair<std::string, std::string>> pages;
  pages.emplace_back("marque.1", ascii_page(main_page(root, s)));
  for (const auto* sub : visible_subcommands(root))
    pages.emplace_back("marque-" + sub->get_name() + ".1", ascii_page(command_page(*sub, s)));
  return pages;
}

namespace commands {

CommandRecord add_manual(CLI::App& app, Context&, Commands& out) {
  struct Options {
    std::vector<std::string> command;
    std::string dir, date;
  };
  auto o = std::make_shared<Options>();
  auto* manual = app.add_subcommand("manual",
                                    text::tr("help.manual",
                                             "write the manual pages (roff) made from the command definitions"));
  manual->group("");  // hidden: the build runs it
  manual->add_option("command", o->command,
                     text::tr("help.manual.command", "the command whose page to print (none: marque(1))"));
  manual->add_option("--dir", o->dir,
                     text::tr("help.manual.dir", "write every page (marque.1, marque-COMMAND.1 ...) into DIR"));
  manual->add_option("--date", o->date,
                     text::tr("help.manual.date",
                              "the date in the pages' footer (default: today; the build gives its own)"));
  out.push_back({manual, [o, &app] {
                   if (!o->date.empty()) require_date("--date", o->date);
                   const auto pages = manual_pages(app, o->date.empty() ? today() : o->date);
                   if (!o->dir.empty()) {
                     for (const auto& [file, text] : pages) files::write_file_in_folder(o->dir, file, text);
                     return 0;
                   }
                   const std::string want = o->command.empty() ? "marque.1" : "marque-" + o->command.front() + ".1";
                   for (const auto& [file, text] : pages)
                     if (file == want) {
                       std::cout << text;
                       return 0;
                     }
                   throw Error(k_exit_usage, "no manual page for \"" + clip(o->command.front(), 40) + "\"");
                 }});
  return {"manual", false};
}

}  // namespace commands

}  // namespace marque::cli
