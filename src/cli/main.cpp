// marque's command line: the only code that sees CLI11. Parses argv, calls one app:: use case per command,
// renders text or JSON, and maps every failure to one "marque: error: ..." line and an exit code.
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <functional>
#include <iostream>
#include <optional>
#include <sstream>

#include <CLI/CLI.hpp>

#include "app/app.hpp"
#include "cli/guided.hpp"
#include "cli/output.hpp"
#include "core/date.hpp"
#include "core/escape.hpp"
#include "core/output_file.hpp"
#include "importers/csv_importer.hpp"
#include "importers/json_importer.hpp"
#include "reports/html_sheet.hpp"
#include "reports/standings.hpp"
#include "reports/stats.hpp"
#include "reports/text_table.hpp"

using namespace marque;
using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

namespace {

struct Globals {
  std::string db;
  bool quiet = false;
};

std::string db_path(const Globals& g) { return g.db.empty() ? storage::default_db_path() : g.db; }

// A text from the command line that will be stored (a name, a note): refused unless valid UTF-8.
void check_utf8(const std::string& field, const std::string& value) {
  size_t at = 0;
  if (importers::valid_utf8(value, &at)) return;
  Diagnostics d;
  d.error(field, "cli.utf8", "not valid UTF-8 (byte " + std::to_string(at + 1) + "); marque stores text as UTF-8");
  throw Rejected(d);
}

std::vector<std::pair<std::string, std::string>> parse_words(const std::vector<std::string>& words) {
  std::vector<std::pair<std::string, std::string>> kv;
  for (const auto& w : words) {
    std::string key = w.substr(0, std::min(w.find('='), w.size()));
    check_utf8(importers::valid_utf8(key) ? key : std::string(), w);
    auto eq = w.find('=');
    if (eq == std::string::npos || eq == 0)
      throw Error(k_exit_usage, "'" + w + "' is not a field: write key=value (e.g. points=47)");
    kv.emplace_back(w.substr(0, eq), w.substr(eq + 1));
  }
  return kv;
}

// A whole input file ("-" = standard input), at most importers::k_max_input_bytes.
std::string read_input(const std::string& name) { return importers::read_input_text(name); }

// A game file or an export bundle, its hand records streamed (importers::read_game_source).
app::SourceDocument read_game_document(const std::string& name) {
  std::ifstream file;
  std::istream* in = &std::cin;
  if (name != "-") {
    file.open(name, std::ios::binary);
    if (!file) throw Error(k_exit_noinput, "cannot read " + name + ": no such file or not readable");
    in = &file;
  }
  importers::GameSource src = importers::read_game_source(*in, name);
  if (in->bad()) throw Error(k_exit_ioerr, "cannot read " + name);
  app::SourceDocument doc;
  doc.name = name;
  doc.document = std::move(src.envelope);
  doc.streamed = true;
  doc.hands = std::move(src.hands);
  doc.game_hands = std::move(src.game_hands);
  return doc;
}

json parse_json(const std::string& text, const std::string& name) { return importers::parse_json_text(text, name); }

// What a command writes, each kind escaped by its own function (core/escape.hpp) before it goes out.
enum class OutputKind { text, csv, json, html };

// Standard output (FILE empty or "-") or FILE, through the one output-file writer (core/output_file.hpp).
// Text is shown through escape::terminal; CSV, JSON and HTML come escaped for their kind already.
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

// A date given on the command line (--date, --from, --to): a real YYYY-MM-DD day, else refused (exit 1).
void require_date(const char* option, const std::string& value) {
  if (value.empty()) return;
  std::string problem = date_problem(value);
  if (problem.empty()) return;
  throw Error(k_exit_rejected, std::string(option) + ": \"" + value + "\" is " + problem);
}

std::string find_on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::string p = path ? path : "/usr/bin:/bin";
  for (const auto& dir : rules::split_list(p, ':')) {
    std::string f = dir + "/" + name;
    if (access(f.c_str(), X_OK) == 0) return f;
  }
  return "";
}

std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// HTML -> PDF through a converter found on the machine: $MARQUE_PDF_COMMAND (with {in} and {out}),
// weasyprint, or headless Chromium. None: exit 69 with a hint.
void convert_pdf(const std::string& html, const std::string& out_file) {
  char tmpl[] = "/tmp/marque-sheet-XXXXXX.html";
  int fd = mkstemps(tmpl, 5);  // created exclusively: nothing planted in /tmp is followed
  if (fd < 0) throw Error(k_exit_cantcreat, "cannot create a temporary file");
  std::string in = tmpl;
  for (size_t done = 0; done < html.size();) {
    ssize_t n = ::write(fd, html.data() + done, html.size() - done);
    if (n <= 0) {
      close(fd);
      std::remove(in.c_str());
      throw Error(k_exit_ioerr, "cannot write a temporary file for the PDF converter");
    }
    done += static_cast<size_t>(n);
  }
  close(fd);
  std::string cmd;
  const char* custom = std::getenv("MARQUE_PDF_COMMAND");
  if (custom && *custom) {
    cmd = custom;
    auto put = [&](const std::string& key, const std::string& val) {
      for (auto pos = cmd.find(key); pos != std::string::npos; pos = cmd.find(key, pos + val.size())) cmd.replace(pos, key.size(), val);
    };
    put("{in}", shell_quote(in));
    put("{out}", shell_quote(out_file));
  } else if (auto w = find_on_path("weasyprint"); !w.empty()) {
    cmd = shell_quote(w) + " " + shell_quote(in) + " " + shell_quote(out_file);
  } else {
    std::string c;
    for (const char* name : {"chromium", "chromium-browser", "google-chrome", "chrome"})
      if (c.empty()) c = find_on_path(name);
    if (c.empty()) {
      std::remove(in.c_str());
      throw Error(k_exit_unavailable, "no PDF converter found (weasyprint or chromium)",
                  "apt-get install weasyprint (or chromium), set MARQUE_PDF_COMMAND, or use --format html and print from a browser");
    }
    char dir[] = "/tmp/marque-chromium-XXXXXX";
    std::string profile = mkdtemp(dir) ? dir : "/tmp";
    cmd = shell_quote(c) + " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking"
          " --disable-component-update --disable-sync --user-data-dir=" + shell_quote(profile) +
          " --no-pdf-header-footer --print-to-pdf=" + shell_quote(out_file) + " " + shell_quote("file://" + in);
  }
  int rc = std::system((cmd + " >/dev/null 2>&1").c_str());
  std::remove(in.c_str());
  struct stat st {};
  if (rc != 0 || ::stat(out_file.c_str(), &st) != 0 || st.st_size == 0)
    throw Error(k_exit_unavailable, "the PDF converter failed (" + cmd.substr(0, cmd.find(' ')) + ")", "try --format html");
}

// The converter writes a temporary file, which the one output-file writer puts in place of FILE.
void write_pdf(const std::string& html, const std::string& out_file) {
  files::write_output_file_with(out_file, [&](const std::string& tmp) { convert_pdf(html, tmp); });
}

// The corrections of a game, for the foot of its sheet: every edit, deletion, undo and redo, with time.
std::string corrections_text(storage::Store& store, int64_t game_id) {
  std::string out;
  for (const auto& c : store.changes(game_id)) {
    if (c.action != "edit" && c.action != "delete" && c.action != "undo" && c.action != "redo") continue;
    std::string line = "  " + c.at + "  " + c.action + (c.seq ? " hand " + std::to_string(*c.seq) : "");
    if (c.action == "edit" && c.before.is_object() && c.after.is_object()) {
      std::string diff;
      for (auto it = c.after.begin(); it != c.after.end(); ++it)
        if (!c.before.contains(it.key()) || c.before[it.key()] != it.value())
          diff += " " + it.key() + ": " + (c.before.contains(it.key()) ? c.before[it.key()].dump() : "-") + " -> " + it.value().dump();
      for (auto it = c.before.begin(); it != c.before.end(); ++it)
        if (!c.after.contains(it.key())) diff += " " + it.key() + ": " + it.value().dump() + " -> -";
      line += diff;
    }
    if (c.undone) line += "  (undone)";
    out += line + "\n";
  }
  return out.empty() ? out : "\nCorrections:\n" + out;
}

void print_warnings(const std::vector<Diagnostic>& ws, bool quiet) {
  if (quiet) return;
  for (const auto& w : ws) std::cerr << "marque: warning: " << w.text() << "\n";
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
void print_score_streamed(const ojson& score, const std::function<void(const std::function<void(const ojson&)>&)>& hands) {
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

std::string name_list(const ojson& players) {
  std::string s;
  for (const auto& p : players) s += (s.empty() ? "" : ", ") + p.get<std::string>();
  return s;
}

// "Ann +93  Ben -31 ..." in player order
std::string amounts_line(const ojson& values, const ojson& players, bool sign) {
  std::string s;
  for (const auto& p : players) {
    std::string name = p.get<std::string>();
    double v = values.contains(name) && values[name].is_number() ? values[name].get<double>() : 0.0;
    if (!s.empty()) s += "  ";
    s += name + " " + (sign ? reports::format_signed(v) : reports::format_number(v));
  }
  return s;
}

void print_hand_outcome(const app::HandOutcome& o, const std::string& verb) {
  const ojson& score = o.score;
  const ojson& players = score["players"];
  std::cout << "game " << o.game_id << ", hand " << o.seq << " " << verb << "\n";
  if (!o.entry.is_null()) {
    if (o.entry.contains("team_deltas"))
      std::cout << "  hand:   " << amounts_line(o.entry["team_deltas"], ojson::array({"NS", "EW"}), true) << "\n";
    std::cout << "  deltas: " << amounts_line(o.entry["deltas"], players, true) << "\n";
  }
  if (score.contains("team_totals"))
    std::cout << "  Nous / Eux: " << amounts_line(score["team_totals"], ojson::array({"NS", "EW"}), false) << "\n";
  std::cout << "  totals: " << amounts_line(score["totals"], players, false) << "\n";
  // per-player category breakdown (piquet: carte blanche, point, sequences, sets, play ...)
  if (o.entry.contains("breakdown") && o.entry["breakdown"].is_object())
    for (const auto& p : players) {
      const auto& b = o.entry["breakdown"];
      std::string name = p.get<std::string>();
      if (!b.contains(name) || !b[name].is_object()) continue;
      std::string line;
      for (auto it = b[name].begin(); it != b[name].end(); ++it)
        if (it->is_number() && it->get<double>() != 0) line += " " + it.key() + " " + reports::format_number(it->get<double>());
      std::cout << "  " << name << ":" << (line.empty() ? " nothing" : line) << "\n";
    }
  if (o.entry.contains("summary") && o.entry["summary"].is_string())
    std::cout << "  " << o.entry["summary"].get<std::string>() << "\n";
  if (o.entry.contains("pools")) std::cout << "  pools:  " << amounts_line(o.entry["pools"], players, false) << "\n";
  if (o.entry.contains("transfers") && o.entry["transfers"].is_array() && !o.entry["transfers"].empty()) {
    std::cout << "  payments:\n";
    for (const auto& t : o.entry["transfers"]) {
      auto str = [&](const char* k) { return t.contains(k) && t[k].is_string() ? t[k].get<std::string>() : std::string(); };
      double amount = t.contains("amount") && t["amount"].is_number() ? t["amount"].get<double>() : 0.0;
      std::cout << "    " << str("from") << " -> " << str("to") << "  " << reports::format_number(amount)
                << (str("reason").empty() ? "" : "  (" + str("reason") + ")") << "\n";
    }
  }
  if (score.value("finished", false)) {
    std::cout << "  game over: " << score["result"].dump() << "\n";
  } else if (!o.next_dealer.empty()) {
    std::cout << "  next dealer: " << o.next_dealer << "\n";
  }
}

void print_score_text(const ojson& score, int64_t game_id) {
  const ojson& players = score["players"];
  std::cout << score["game"].get<std::string>();
  if (game_id) std::cout << " game " << game_id;
  std::cout << ": " << score["hands"].size() << " hand(s), " << (score.value("finished", false) ? "finished" : "in progress")
            << "\n";
  if (score.contains("team_totals"))
    std::cout << "Nous / Eux: " << amounts_line(score["team_totals"], ojson::array({"NS", "EW"}), false) << "\n";
  std::cout << "totals: " << amounts_line(score["totals"], players, false) << "\n";
  const ojson& res = score["result"];
  if (res.contains("ranking")) {
    std::cout << (score.value("finished", false) ? "ranking: " : "standing: ");
    int i = 0;
    for (const auto& p : res["ranking"]) {
      std::string n = p.get<std::string>();
      int place = res.contains("places") && res["places"].contains(n) ? res["places"][n].get<int>() : ++i;
      std::cout << (i++ && place ? "  " : "") << place << ". " << n;
    }
    std::cout << "\n";
  } else if (res.contains("winner") && !res["winner"].is_null()) {
    std::cout << "winner: " << res["winner"].get<std::string>() << "\n";
  }
  if (!score.value("finished", false) && score.contains("next_dealer") && !score["next_dealer"].get<std::string>().empty())
    std::cout << "next dealer: " << score["next_dealer"].get<std::string>() << "\n";
}

std::vector<std::string> game_ids() {
  std::vector<std::string> out;
  for (const auto* g : rules::all_games()) out.emplace_back(g->id());
  return out;
}

const rules::GameRules& rules_for(const std::string& game) {
  const auto* r = rules::find_game(game);
  if (!r) throw Error(k_exit_usage, "\"" + game + "\" is not a game marque knows; one of " + rules::game_list());
  return *r;
}

json record_from_words(const std::string& game, const json& file, const std::vector<std::string>& words) {
  const auto& rules = rules_for(game);
  rules::Replay prior = rules::replay(file);
  if (!prior.ok) throw Rejected(prior.diags);
  Diagnostics d;
  json rec = rules.record_from_args(parse_words(words), *prior.state, d);
  if (d.has_errors()) throw Rejected(d);
  return rec;
}

// An integer argument (an id, a hand number): refused when outside the int range of its option, never
// clamped (CLI11 would read 99999999999999999999 as 9223372036854775807).
const CLI::Validator k_whole_number(
    [](std::string& s) -> std::string {
      errno = 0;
      char* end = nullptr;
      long long v = std::strtoll(s.c_str(), &end, 10);
      if (s.empty() || !end || *end != '\0') return "'" + clip(s, 30) + "' is not a whole number";
      if (errno == ERANGE) return clip(s, 30) + " is outside -2^63 .. 2^63-1";
      (void)v;
      return "";
    },
    "INT");

int run(int argc, char** argv) {
  std::string titles, start_examples;
  for (const auto* game : rules::all_games()) {
    titles += (titles.empty() ? "" : ", ") + std::string(game->title());
    for (const auto& e : game->start_examples()) start_examples += "\n  marque start " + e;
  }
  CLI::App app{"marque: a scorekeeper for real card tables (" + titles + ")"};
  app.set_version_flag("-V,--version", std::string("marque ") + MARQUE_VERSION);
  app.require_subcommand(1);
  app.footer(
      "Exit codes: 0 ok, 1 rejected record/file or check failed, 2 usage, 65 not a marque database or newer schema,\n"
      "66 missing input/game, 69 missing external tool, 70 internal error, 73 cannot create, 74 I/O, 75 busy.\n"
      "Database: --db PATH, else $MARQUE_DB, else $XDG_DATA_HOME/marque/marque.db (~/.local/share/marque/marque.db).");
  Globals g;
  app.add_option("--db", g.db, "database file (default: $MARQUE_DB or $XDG_DATA_HOME/marque/marque.db)");
  app.add_flag("-q,--quiet", g.quiet, "no warnings or notes on standard error");

  std::string format = "text";
  auto add_format = [&](CLI::App* c) {
    c->add_option("--format", format, "output format")->check(CLI::IsMember({"text", "json"}));
  };

  // start
  auto* c_start = app.add_subcommand("start", "start a game: marque start GAME players=Ann,Ben,Cat dealer=Ann [option.ID=VALUE]...");
  std::string start_game_kind;
  std::vector<std::string> start_words;
  std::string league, date, venue, note;
  c_start->add_option("game", start_game_kind, rules::game_list("or"))->required();
  c_start->add_option("fields", start_words, "set-up fields as key=value");
  c_start->add_option("--league", league, "league the game counts for");
  c_start->add_option("--date", date, "date played (YYYY-MM-DD)");
  c_start->add_option("--venue", venue, "where it was played");
  c_start->add_option("--note", note, "free text");
  std::optional<int64_t> night_id;
  c_start->add_option("--night", night_id, "the night (evening) this game belongs to (marque night start)")->check(k_whole_number);
  c_start->footer("Examples:" + start_examples);

  // hand
  auto* c_hand = app.add_subcommand("hand", "record a hand: marque hand taker=Ben contract=garde oudlers=2 points=47");
  std::vector<std::string> hand_words;
  std::optional<int64_t> game_id;
  bool dry_run = false;
  std::string json_input;
  std::string out_file;
  c_hand->add_option("fields", hand_words, "hand fields as key=value (see marque rules GAME)");
  c_hand->add_option("--game,-g", game_id, "game id (default: the latest game)")->check(k_whole_number);
  c_hand->add_flag("--dry-run,-n", dry_run, "score and show, store nothing");
  c_hand->add_option("--json", json_input, "read the hand record as JSON from FILE or - (stdin)");
  bool no_prompt = false;
  c_hand->add_flag("--no-prompt", no_prompt, "never ask for missing fields, even at a terminal");
  add_format(c_hand);

  // edit
  auto* c_edit = app.add_subcommand("edit", "correct a hand: marque edit SEQ key=value... (fields given replace the old ones)");
  int edit_seq = 0;
  bool edit_replace = false;
  c_edit->add_option("seq", edit_seq, "hand number")->check(k_whole_number)->required();
  c_edit->add_option("fields", hand_words, "fields to change as key=value");
  c_edit->add_option("--game,-g", game_id, "game id (default: the latest game)")->check(k_whole_number);
  c_edit->add_flag("--replace", edit_replace, "the fields given are the whole new record");
  c_edit->add_option("--json", json_input, "the whole new record as JSON from FILE or -");
  c_edit->add_flag("--dry-run,-n", dry_run, "show the result, store nothing");
  add_format(c_edit);

  // delete
  auto* c_delete = app.add_subcommand("delete", "delete a hand (kept in the history; undo brings it back)");
  int delete_seq = 0;
  c_delete->add_option("seq", delete_seq, "hand number")->check(k_whole_number)->required();
  c_delete->add_option("--game,-g", game_id, "game id (default: the latest game)")->check(k_whole_number);
  c_delete->add_flag("--dry-run,-n", dry_run, "show the result, store nothing");

  auto* c_undo = app.add_subcommand("undo", "undo the last change to a game");
  c_undo->add_option("--game,-g", game_id, "game id (default: the latest game)")->check(k_whole_number);
  auto* c_redo = app.add_subcommand("redo", "redo the last undone change");
  c_redo->add_option("--game,-g", game_id, "game id (default: the latest game)")->check(k_whole_number);

  auto* c_history = app.add_subcommand("history", "every change to a game, oldest first");
  c_history->add_option("game", game_id, "game id (default: the latest game)")->check(k_whole_number);
  add_format(c_history);

  auto* c_list = app.add_subcommand("list", "list the hands of a game with their scores");
  c_list->add_option("game", game_id, "game id (default: the latest game)")->check(k_whole_number);
  add_format(c_list);

  auto* c_show = app.add_subcommand("show", "show one hand: its record and its score");
  int show_seq = 0;
  c_show->add_option("seq", show_seq, "hand number")->check(k_whole_number)->required();
  c_show->add_option("--game,-g", game_id, "game id (default: the latest game)")->check(k_whole_number);

  auto* c_games = app.add_subcommand("games", "list the games in the database");
  add_format(c_games);

  auto* c_score = app.add_subcommand("score", "scores of a game (default: the latest)");
  c_score->add_option("game", game_id, "game id")->check(k_whole_number);
  add_format(c_score);

  auto* c_sheet = app.add_subcommand("sheet", "the traditional score sheet of a game (default: the latest) or a night");
  c_sheet->add_option("game", game_id, "game id")->check(k_whole_number);
  std::string sheet_format = "text";
  c_sheet->add_option("--format", sheet_format, "text (default), html (one self-contained file) or pdf")
      ->check(CLI::IsMember({"text", "html", "pdf"}));
  c_sheet->add_option("-o,--output", out_file, "write to FILE (format from its extension when --format is not given)");
  c_sheet->add_option("--night", night_id, "every game of this night")->check(k_whole_number);
  c_sheet->footer("Examples:\n  marque sheet\n  marque sheet 3 --format html -o game3.html\n  marque sheet --night 1 -o night.pdf");

  auto* c_night = app.add_subcommand("night", "game nights: marque night start --date 2026-11-20 --venue ... --league ...");
  c_night->require_subcommand(1);
  auto* c_night_start = c_night->add_subcommand("start", "start a night (then: marque start GAME ... --night ID)");
  c_night_start->add_option("--date", date, "date (YYYY-MM-DD)")->required();
  c_night_start->add_option("--venue", venue, "where");
  c_night_start->add_option("--league", league, "league");
  c_night_start->add_option("--note", note, "free text");
  auto* c_night_list = c_night->add_subcommand("list", "list the nights and their games");

  auto* c_calc = app.add_subcommand("calc", "score a marque-game/1 file without a database");
  std::string calc_file;
  c_calc->add_option("file", calc_file, "game file, or - for standard input")->required();
  add_format(c_calc);

  auto* c_import = app.add_subcommand("import", "import marque-game/1 files (all or nothing)");
  std::vector<std::string> import_files;
  c_import->add_option("files", import_files, "files, or - for standard input")->required();
  c_import->add_flag("--dry-run,-n", dry_run, "check and report, store nothing");
  std::string importer;
  c_import->add_option("--importer", importer, "json or csv (default: from the file name)")->check(CLI::IsMember({"json", "csv"}));
  add_format(c_import);

  auto* c_export = app.add_subcommand("export", "write a game as marque-game/1, or everything as marque-export/1");
  bool export_all = false;
  c_export->add_option("game", game_id, "game id (default: the latest)")->check(k_whole_number);
  c_export->add_option("-o,--output", out_file, "write to FILE instead of standard output");
  c_export->add_flag("--all", export_all, "every game, player, league and night (marque-export/1)");
  c_export->add_option("--night", night_id, "every game of one night (marque-export/1)")->check(k_whole_number);

  auto* c_standings = app.add_subcommand("standings", "league standings: marque standings --league L [--game G] [--from D] [--to D]");
  storage::Store::SummaryFilter sf;
  std::string standings_format = "text";
  c_standings->add_option("--league", sf.league, "only this league");
  c_standings->add_option("--game", sf.game, "only this game kind")->check(CLI::IsMember(game_ids()));
  c_standings->add_option("--players", sf.players, "only tables of this many players")->check(k_whole_number);
  c_standings->add_option("--from", sf.from, "from this date (YYYY-MM-DD, inclusive)");
  c_standings->add_option("--to", sf.to, "to this date (inclusive)");
  c_standings->add_option("--format", standings_format, "text, csv or json (marque-standings/1)")->check(CLI::IsMember({"text", "csv", "json"}));
  c_standings->add_option("-o,--output", out_file, "write to FILE (format from its extension when --format is not given)");

  auto* c_stats = app.add_subcommand("stats", "player statistics: marque stats [PLAYER] [--game G] [--league L]");
  std::string stats_player;
  c_stats->add_option("player", stats_player, "one player (default: everyone)");
  c_stats->add_option("--game", sf.game, "only this game kind");
  c_stats->add_option("--league", sf.league, "only this league");
  add_format(c_stats);

  auto* c_check = app.add_subcommand("check", "recompute every score from the records and report any difference");
  add_format(c_check);

  auto* c_rules = app.add_subcommand("rules", "the games, their hand fields and options");
  std::string rules_game;
  c_rules->add_option("game", rules_game, rules::game_list("or"));

  auto* c_info = app.add_subcommand("info", "where the database is and its schema version");

  auto* c_player = app.add_subcommand("player", "players: list, rename, merge");
  c_player->require_subcommand(1);
  auto* c_player_list = c_player->add_subcommand("list", "every player and the games they played");
  std::string player_a, player_b;
  auto* c_player_rename = c_player->add_subcommand("rename", "rename a player everywhere: marque player rename OLD NEW");
  c_player_rename->add_option("old", player_a, "current name")->required();
  c_player_rename->add_option("new", player_b, "new name")->required();
  auto* c_player_merge = c_player->add_subcommand("merge", "the same person under two names: marque player merge DUPLICATE KEEP");
  c_player_merge->add_option("duplicate", player_a, "the name to fold away")->required();
  c_player_merge->add_option("keep", player_b, "the name to keep")->required();

  auto* c_backup = app.add_subcommand("backup", "copy the whole database to FILE (SQLite online backup)");
  std::string backup_file;
  c_backup->add_option("file", backup_file, "backup file")->required();
  auto* c_restore = app.add_subcommand("restore", "replace the database by a backup FILE");
  bool yes = false;
  c_restore->add_option("file", backup_file, "backup file")->required();
  c_restore->add_flag("--yes,-y", yes, "do it (the current content is replaced)");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : k_exit_usage;
  }

  bool as_json = format == "json";
  try {
    if (c_calc->parsed()) {
      app::SourceDocument src = read_game_document(calc_file);
      if (as_json) {
        // replayed twice, one record at a time: first to refuse a bad file before printing anything, then to print
        json env = src.document;
        if (env.is_object() && env.contains("hands") && env["hands"].is_array()) env["hands"] = json::array();
        auto play_all = [&](const std::function<void(const ojson&)>& on_entry) {
          rules::Replay r = rules::replay(env);
          if (!r.ok) throw Rejected(r.diags, calc_file);
          for (const auto& text : src.hands) {
            auto entry = rules::next(r, json::parse(text));
            if (!entry) throw Rejected(r.diags, calc_file);
            if (on_entry) on_entry(*entry);
          }
          rules::finish(r);
          return r;
        };
        rules::Replay r = play_all(nullptr);
        print_score_streamed(r.score, [&](const std::function<void(const ojson&)>& emit) { play_all(emit); });
        return 0;
      }
      json file = std::move(src.document);
      if (file.is_object() && file.contains("hands") && file["hands"].is_array())
        for (const auto& text : src.hands) file["hands"].push_back(json::parse(text));
      rules::Replay r = rules::replay(file);
      if (!r.ok) throw Rejected(r.diags, calc_file);
      {
        print_warnings(r.diags.warnings(), g.quiet);
        std::cout << rules_for(file["game"].get<std::string>()).render_sheet(file, r.score);
      }
      return 0;
    }
    if (c_rules->parsed()) {
      if (rules_game.empty()) {
        for (const auto* gr : rules::all_games())
          std::cout << gr->id() << "  " << gr->title() << "\n";
        return 0;
      }
      const auto& gr = rules_for(rules_game);
      std::cout << gr.title() << " (" << gr.id() << "), rules version " << gr.rules_version() << "\n\nhand fields:\n";
      for (const auto& f : gr.fields()) {
        std::cout << "  " << reports::pad_right(f.name, 25) << " " << reports::pad_right(f.type, 8) << (f.required ? "required  " : "          ")
                  << f.help;
        if (!f.values.empty()) {
          std::cout << " [";
          for (size_t i = 0; i < f.values.size(); ++i) std::cout << (i ? ", " : "") << f.values[i];
          std::cout << "]";
        }
        std::cout << "\n";
      }
      std::cout << "\noptions (option.ID=VALUE when starting a game):\n";
      for (const auto& o : gr.options()) {
        std::cout << "  " << reports::pad_right(o.id, 26) << "default " << reports::pad_right(o.default_value.dump(), 12) << " " << o.help;
        if (!o.values.empty()) {
          std::cout << " [";
          for (size_t i = 0; i < o.values.size(); ++i) std::cout << (i ? ", " : "") << o.values[i].dump();
          std::cout << "]";
        }
        std::cout << "\n";
      }
      return 0;
    }

    bool writes = c_start->parsed() || c_hand->parsed() || c_edit->parsed() || c_delete->parsed() || c_undo->parsed() ||
                  c_redo->parsed() || c_import->parsed() || c_info->parsed() || c_night_start->parsed() ||
                  c_player_rename->parsed() || c_player_merge->parsed() || c_restore->parsed();
    auto store_ptr = app::open_store(db_path(g), writes ? storage::Store::Mode::write : storage::Store::Mode::read);
    storage::Store& store = *store_ptr;

    if (c_info->parsed()) {
      std::cout << "database: " << store.path() << "\nschema version: " << store.schema_version() << "\n";
      return 0;
    }
    if (c_start->parsed()) {
      require_date("--date", date);
      for (const auto& [field, value] : {std::pair<const char*, const std::string*>{"--league", &league}, {"--date", &date},
                                         {"--venue", &venue}, {"--note", &note}})
        check_utf8(field, *value);
      const auto& gr = rules_for(start_game_kind);
      Diagnostics d;
      json setup = gr.setup_from_args(parse_words(start_words), d);
      if (d.has_errors()) throw Rejected(d);
      json meta = json::object();
      if (!league.empty()) meta["league"] = league;
      if (!date.empty()) meta["date"] = date;
      if (!venue.empty()) meta["venue"] = venue;
      if (!note.empty()) meta["note"] = note;
      int64_t id = app::start_game(store, start_game_kind, setup, meta, night_id);
      auto row = store.game(id);
      rules::Replay r = app::score_game(store, id);
      std::cout << "game " << id << ": " << gr.title() << ", " << name_list(r.score["players"]) << "\n";
      if (!r.state->next_dealer().empty()) std::cout << "  first dealer: " << r.state->next_dealer() << "\n";
      return 0;
    }
    if (c_hand->parsed()) {
      int64_t id = app::resolve_game(store, game_id);
      app::HandOutcome o;
      if (!json_input.empty()) {
        json rec = parse_json(read_input(json_input), json_input);
        if (!hand_words.empty()) throw Error(k_exit_usage, "give the hand either as key=value fields or with --json, not both");
        o = app::add_hand(store, id, rec, dry_run);
      } else {
        const std::string kind = store.game(id)->game;
        const auto& gr = rules_for(kind);
        bool interactive = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) && !no_prompt;
        if (interactive && (hand_words.empty() || !cli::missing_fields(gr, hand_words).empty())) {
          auto words = cli::guided_words(gr, app::game_file(store, id), hand_words, std::cin, std::cout);
          if (!words) {
            std::cout << "cancelled: nothing stored\n";
            return k_exit_rejected;
          }
          hand_words = *words;
        }
        if (hand_words.empty()) throw Error(k_exit_usage, "no hand fields given; e.g. marque hand taker=Ben contract=garde oudlers=2 points=47",
                                            "marque rules " + kind + " lists the fields; at a terminal marque asks for them");
        // the words become a record against the game's state, read and replayed once inside the transaction
        o = app::add_hand(
            store, id,
            [&](const rules::Game& before) {
              Diagnostics d;
              json rec = gr.record_from_args(parse_words(hand_words), before, d);
              if (d.has_errors()) throw Rejected(d);
              return rec;
            },
            dry_run);
      }
      print_warnings(o.warnings, g.quiet);
      if (as_json)
        print_json(o.entry);
      else
        print_hand_outcome(o, dry_run ? "(dry run: not stored)" : "recorded");
      return 0;
    }
    if (c_edit->parsed()) {
      int64_t id = app::resolve_game(store, game_id);
      json file = app::game_file(store, id);
      auto& hands = file["hands"];
      if (edit_seq < 1 || static_cast<size_t>(edit_seq) > hands.size())
        throw Error(k_exit_noinput, "game " + std::to_string(id) + " has no hand " + std::to_string(edit_seq));
      json rec;
      if (!json_input.empty()) {
        rec = parse_json(read_input(json_input), json_input);
      } else {
        if (hand_words.empty()) throw Error(k_exit_usage, "no fields to change; e.g. marque edit 2 points=50");
        json prior = file;
        prior["hands"] = json(std::vector<json>(hands.begin(), hands.begin() + (edit_seq - 1)));
        json changes = record_from_words(file["game"].get<std::string>(), prior, hand_words);
        if (edit_replace) {
          rec = changes;
        } else {
          rec = hands[static_cast<size_t>(edit_seq - 1)];
          // a key is typed when it differs from what the game fills in by itself (e.g. the dealer), so
          // aliases (points= for bidder_card_points, kontra= for game_kontra ...) replace the old value
          Diagnostics ignored;
          rules::Replay before = rules::replay(prior);
          json defaults = before.ok ? rules_for(file["game"].get<std::string>()).record_from_args({}, *before.state, ignored)
                                    : json::object();
          for (auto it = changes.begin(); it != changes.end(); ++it) {
            bool is_default = defaults.is_object() && defaults.contains(it.key()) && defaults[it.key()] == it.value();
            if (!is_default || !rec.contains(it.key())) rec[it.key()] = it.value();
          }
        }
      }
      auto o = app::edit_hand(store, id, edit_seq, rec, dry_run);
      print_warnings(o.warnings, g.quiet);
      if (as_json)
        print_json(o.entry);
      else
        print_hand_outcome(o, dry_run ? "would be changed (dry run: not stored)" : "changed");
      return 0;
    }
    if (c_delete->parsed()) {
      int64_t id = app::resolve_game(store, game_id);
      auto o = app::delete_hand(store, id, delete_seq, dry_run);
      std::cout << "game " << id << ": hand " << delete_seq << (dry_run ? " would be deleted (dry run)" : " deleted (marque undo brings it back)")
                << "\n  totals: " << amounts_line(o.score["totals"], o.score["players"], false) << "\n";
      return 0;
    }
    if (c_undo->parsed() || c_redo->parsed()) {
      int64_t id = app::resolve_game(store, game_id);
      std::string what = c_undo->parsed() ? app::undo(store, id) : app::redo(store, id);
      rules::Replay r = app::score_game(store, id);
      std::cout << "game " << id << ": " << what << "\n  totals: " << amounts_line(r.score["totals"], r.score["players"], false)
                << "\n";
      return 0;
    }
    if (c_history->parsed()) {
      int64_t id = app::resolve_game(store, game_id);
      auto changes = store.changes(id);
      if (as_json) {
        ojson arr = ojson::array();
        for (const auto& c : changes)
          arr.push_back({{"id", c.id}, {"at", c.at}, {"action", c.action}, {"seq", c.seq ? ojson(*c.seq) : ojson(nullptr)},
                         {"before", c.before}, {"after", c.after}, {"undone", c.undone}});
        print_json(arr);
        return 0;
      }
      for (const auto& c : changes) {
        std::cout << c.at << "  " << reports::pad_right(c.action, 7);
        if (c.seq) std::cout << " hand " << *c.seq;
        if (c.undone) std::cout << "  (undone)";
        std::cout << "\n";
        if (!c.before.is_null() && c.action != "start") std::cout << "    before: " << c.before.dump() << "\n";
        if (!c.after.is_null()) std::cout << "    after:  " << c.after.dump() << "\n";
      }
      return 0;
    }
    if (c_games->parsed()) {
      auto games = store.games();
      if (as_json) {
        ojson arr = ojson::array();
        for (const auto& gm : games)
          arr.push_back({{"id", gm.id}, {"game", gm.game}, {"players", gm.players}, {"hands", gm.hands},
                         {"status", gm.status}, {"meta", gm.meta}, {"created_at", gm.created_at}});
        print_json(arr);
        return 0;
      }
      reports::TextTable t;
      t.columns({reports::TextTable::Align::right});
      t.row({"id", "game", "hands", "status", "date", "league", "players"});
      for (const auto& gm : games) {
        std::string players;
        for (const auto& p : gm.players) players += (players.empty() ? "" : ", ") + p;
        t.row({std::to_string(gm.id), gm.game, std::to_string(gm.hands), gm.status, gm.meta.value("date", ""),
               gm.meta.value("league", ""), players});
      }
      std::cout << t.render();
      return 0;
    }
    if (c_list->parsed()) {
      int64_t id = app::resolve_game(store, game_id);
      rules::Replay r = app::score_game(store, id);
      if (as_json) {
        print_json(r.score["hands"]);
        return 0;
      }
      json file = app::game_file(store, id);
      reports::TextTable t;
      t.row({"#", "record", "deltas"});
      for (size_t i = 0; i < file["hands"].size(); ++i) {
        std::string rec;
        for (auto it = file["hands"][i].begin(); it != file["hands"][i].end(); ++it)
          rec += (rec.empty() ? "" : " ") + it.key() + "=" + (it->is_string() ? it->get<std::string>() : it->dump());
        t.row({std::to_string(i + 1), rec, amounts_line(r.score["hands"][i]["deltas"], r.score["players"], true)});
      }
      std::cout << t.render();
      return 0;
    }
    if (c_show->parsed()) {
      int64_t id = app::resolve_game(store, game_id);
      auto hands = store.hands(id);
      if (show_seq < 1 || static_cast<size_t>(show_seq) > hands.size())
        throw Error(k_exit_noinput, "game " + std::to_string(id) + " has no hand " + std::to_string(show_seq));
      const auto& h = hands[static_cast<size_t>(show_seq - 1)];
      ojson out = {{"game", id}, {"seq", h.seq}, {"recorded_at", h.recorded_at}, {"source", h.source},
                   {"record", h.record}, {"score", h.score}};
      print_json(out);
      return 0;
    }
    if (c_score->parsed()) {
      int64_t id = app::resolve_game(store, game_id);
      if (as_json) {  // checked whole first, then printed one hand at a time (bounded memory)
        rules::Replay r = app::score_game_streamed(store, id, nullptr);
        print_score_streamed(r.score, [&](const std::function<void(const ojson&)>& emit) { app::score_game_streamed(store, id, emit); });
        return 0;
      }
      rules::Replay r = app::score_game(store, id);
      print_score_text(r.score, id);
      return 0;
    }
    if (c_sheet->parsed()) {
      std::vector<int64_t> ids;
      std::string title;
      if (night_id) {
        auto n = store.night(*night_id);
        if (!n) throw Error(k_exit_noinput, "no night " + std::to_string(*night_id) + " in this database", "marque night list");
        ids = n->games;
        title = "Night of " + n->date + (n->venue.empty() ? "" : " — " + n->venue) + (n->league.empty() ? "" : " (" + n->league + ")");
        if (ids.empty()) throw Error(k_exit_noinput, "night " + std::to_string(*night_id) + " has no games yet");
      } else {
        ids.push_back(app::resolve_game(store, game_id));
      }
      std::string fmt = sheet_format;
      auto ends_with = [&](const std::string& suffix) {
        return out_file.size() >= suffix.size() && out_file.compare(out_file.size() - suffix.size(), suffix.size(), suffix) == 0;
      };
      if (fmt == "text" && !c_sheet->get_option("--format")->count()) {
        if (ends_with(".html") || ends_with(".htm")) fmt = "html";
        if (ends_with(".pdf")) fmt = "pdf";
      }
      std::vector<reports::SheetPart> parts;
      std::string text;
      for (auto id : ids) {
        rules::Replay r = app::score_game(store, id);
        json file = app::game_file(store, id);
        const auto& gr = rules_for(file["game"].get<std::string>());
        reports::SheetPart part;
        part.heading = "Game " + std::to_string(id) + " — " + std::string(gr.title());
        const json& meta = file["meta"];
        for (const char* k : {"date", "venue", "league"})
          if (meta.contains(k) && meta[k].is_string() && !meta[k].get<std::string>().empty())
            part.subheading += (part.subheading.empty() ? "" : " · ") + meta[k].get<std::string>();
        part.text_sheet = gr.render_sheet(file, r.score) + corrections_text(store, id);
        part.score = r.score;
        text += part.heading + (part.subheading.empty() ? "" : "  (" + part.subheading + ")") + "\n" + part.text_sheet + "\n";
        parts.push_back(std::move(part));
      }
      if (title.empty()) title = parts.front().heading;
      if (fmt == "text") {
        write_output(out_file, text, OutputKind::text);
      } else if (fmt == "html") {
        write_output(out_file, reports::render_html(title, parts), OutputKind::html);
        if (!out_file.empty() && out_file != "-") std::cerr << "marque: wrote " << out_file << "\n";
      } else {
        if (out_file.empty() || out_file == "-") throw Error(k_exit_usage, "--format pdf needs -o FILE.pdf");
        write_pdf(reports::render_html(title, parts), out_file);
        std::cerr << "marque: wrote " << out_file << "\n";
      }
      return 0;
    }
    if (c_import->parsed()) {
      // a progress line on standard error, only at a terminal, at most ten times a second
      bool progress = isatty(STDERR_FILENO) && !g.quiet && import_files.size() > 1;
      auto last_draw = std::chrono::steady_clock::now() - std::chrono::seconds(1);
      auto load = [&](size_t i) {
        const std::string& f = import_files[i];
        if (progress && std::chrono::steady_clock::now() - last_draw > std::chrono::milliseconds(100)) {
          last_draw = std::chrono::steady_clock::now();
          size_t width = 30, done = width * i / import_files.size();
          cli::write_stderr("\r[" + std::string(done, '#') + std::string(width - done, '.') + "] " + std::to_string(i) + "/" +
                            std::to_string(import_files.size()) + " files");
        }
        std::vector<app::SourceDocument> docs;
        bool csv = importer == "csv" || (importer.empty() && f.size() > 4 && f.compare(f.size() - 4, 4, ".csv") == 0);
        if (csv) {
          for (auto& gm : importers::import_csv(read_input(f), f))
          {
            app::SourceDocument doc;
            doc.name = f + ":" + std::to_string(gm.first_line);
            doc.document = std::move(gm.document);
            doc.streamed = true;
            doc.hands = std::move(gm.hands);
            docs.push_back(std::move(doc));
          }
        } else {
          docs.push_back(read_game_document(f));
        }
        return docs;
      };
      auto out = app::import_sources(store, import_files.size(), load, dry_run);
      if (progress) cli::write_stderr("\r\033[K");
      if (as_json) {
        ojson items = ojson::array();
        for (const auto& it : out.items)
          items.push_back({{"file", it.file}, {"game", it.game}, {"id", it.game_id}, {"hands", it.hands}, {"duplicate", it.duplicate}});
        print_json({{"games", items}, {"hands", out.hands}, {"duplicates", out.duplicates}, {"dry_run", dry_run}});
      } else {
        for (const auto& it : out.items) {
          if (it.duplicate)
            std::cout << "skipped " << it.file << ": the same " << it.game << " game is already stored as game " << it.game_id << "\n";
          else
            std::cout << (dry_run ? "would import " : "imported ") << it.file << " as " << it.game << " game " << it.game_id << " ("
                      << it.hands << " hands)\n";
        }
        std::cout << out.hands << " hand(s) in " << (out.items.size() - static_cast<size_t>(out.duplicates)) << " game(s)";
        if (out.duplicates) std::cout << ", " << out.duplicates << " duplicate game(s) skipped";
        std::cout << (dry_run ? " (dry run: nothing stored)" : "") << "\n";
      }
      return 0;
    }
    if (c_export->parsed()) {
      std::string text;
      if (export_all || night_id) {
        if (night_id && !store.night(*night_id)) throw Error(k_exit_noinput, "no night " + std::to_string(*night_id));
        text = escape::json(app::export_all(store, export_all ? std::nullopt : night_id), 2) + "\n";
      } else {
        text = escape::json(app::game_file(store, app::resolve_game(store, game_id)), 2) + "\n";
      }
      write_output(out_file, text, OutputKind::json);
      return 0;
    }
    if (c_night_start->parsed()) {
      require_date("--date", date);
      for (const auto& [field, value] : {std::pair<const char*, const std::string*>{"--league", &league}, {"--date", &date},
                                         {"--venue", &venue}, {"--note", &note}})
        check_utf8(field, *value);
      int64_t id;
      {
        storage::Store::Transaction tx(store);
        id = store.create_night(date, venue, league, note);
        tx.commit();
      }
      std::cout << "night " << id << ": " << date << (venue.empty() ? "" : ", " + venue) << (league.empty() ? "" : " (" + league + ")")
                << "\n  start its games with: marque start GAME ... --night " << id << "\n";
      return 0;
    }
    if (c_night_list->parsed()) {
      for (const auto& n : store.nights()) {
        std::cout << "night " << n.id << "  " << n.date << "  " << n.venue << (n.league.empty() ? "" : "  (" + n.league + ")") << "  games:";
        for (auto gid : n.games) std::cout << " " << gid;
        std::cout << "\n";
      }
      return 0;
    }
    if (c_standings->parsed()) {
      require_date("--from", sf.from);
      require_date("--to", sf.to);
      std::string fmt = standings_format;
      if (!c_standings->get_option("--format")->count() && out_file.size() > 5) {
        std::string ext = out_file.substr(out_file.rfind('.') == std::string::npos ? 0 : out_file.rfind('.'));
        if (ext == ".json") fmt = "json";
        if (ext == ".csv") fmt = "csv";
      }
      char stamp[32];
      std::time_t now = std::time(nullptr);
      std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
      const char* fixed = std::getenv("MARQUE_NOW");  // for byte-stable golden tests
      ojson doc = app::standings(store, sf, fixed && *fixed ? fixed : stamp);
      std::string text = fmt == "json" ? escape::json(doc, 2) + "\n" : fmt == "csv" ? reports::render_standings_csv(doc) : reports::render_standings_text(doc);
      write_output(out_file, text, fmt == "json" ? OutputKind::json : fmt == "csv" ? OutputKind::csv : OutputKind::text);
      return 0;
    }
    if (c_player_list->parsed()) {
      for (const auto& [id, name] : store.players())
        std::cout << name << "  (" << store.games_of_player(id).size() << " games)\n";
      for (const auto& e : store.player_events())
        std::cout << "  " << e["at"].get<std::string>() << " " << e["action"].get<std::string>() << " " << e["old"].get<std::string>()
                  << " -> " << e["new"].get<std::string>() << "\n";
      return 0;
    }
    if (c_player_rename->parsed() || c_player_merge->parsed()) {
      check_utf8("new name", player_b);
      bool merge = c_player_merge->parsed();
      int64_t n = app::rename_player(store, player_a, player_b, merge);
      std::cout << (merge ? "merged " : "renamed ") << player_a << (merge ? " into " : " to ") << player_b << " in " << n << " game(s)\n";
      return 0;
    }
    if (c_backup->parsed()) {
      store.backup_to(backup_file);
      std::cout << "backed up " << store.path() << " to " << backup_file << "\n";
      return 0;
    }
    if (c_restore->parsed()) {
      if (!yes) throw Error(k_exit_usage, "restore replaces everything in " + store.path() + "; add --yes to do it");
      std::string path = store.path();
      std::string safety = store.restore_from(backup_file);
      store_ptr.reset();
      store_ptr = app::open_store(path, storage::Store::Mode::write);  // upgrades an older backup (one transaction)
      std::cout << "restored " << path << " from " << backup_file << " (the database it replaced is kept as " << safety << ")\n";
      return 0;
    }
    if (c_stats->parsed()) {
      ojson doc = app::stats(store, stats_player, sf);
      if (as_json)
        print_json(doc);
      else
        std::cout << reports::render_stats_text(doc);
      return 0;
    }
    if (c_check->parsed()) {
      auto rep = app::check(store);
      if (as_json) {
        print_json({{"games", rep.games}, {"hands", rep.hands}, {"problems", rep.problems}, {"ok", rep.problems.empty()}});
      } else {
        for (const auto& p : rep.problems) std::cout << "problem: " << p << "\n";
        std::cout << "checked " << rep.games << " game(s), " << rep.hands << " hand(s): "
                  << (rep.problems.empty() ? "every score recomputes identically" : std::to_string(rep.problems.size()) + " problem(s)")
                  << "\n";
      }
      return rep.problems.empty() ? 0 : k_exit_rejected;
    }
  } catch (const Rejected& e) {
    if (as_json) {
      print_json(app::rejection_json(e.diagnostics()));
    }
    std::string prefix = std::string(e.what()) == "rejected" ? "" : std::string(e.what()) + ": ";
    for (const auto& d : e.diagnostics().items())
      std::cerr << "marque: " << (d.error ? "error: " : "warning: ") << prefix << d.text() << "\n";
    if (e.diagnostics().items().empty()) std::cerr << "marque: error: " << e.what() << "\n";
    std::cerr << "marque: nothing was stored\n";
    return k_exit_rejected;
  }
  return 0;
}

}  // namespace

namespace {
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
