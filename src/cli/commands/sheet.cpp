// marque sheet [GAME | --night ID] [--format text|html|pdf] [-o FILE]: the traditional score sheet.
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "cli/common.hpp"
#include "core/output_file.hpp"
#include "core/escape.hpp"
#include "reports/html_sheet.hpp"
#include "reports/sheet_render.hpp"

namespace marque::cli::commands {

namespace {

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
std::string corrections_text(app::Database& db, int64_t game_id) {
  std::string out;
  for (const auto& c : app::history(*db, game_id)) {
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

}  // namespace

void add_sheet(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    std::optional<int64_t> game_id, night_id;
    std::string format = "text", out_file;
  };
  auto o = std::make_shared<Options>();
  auto* c = app.add_subcommand("sheet", "the traditional score sheet of a game (default: the latest) or a night");
  c->add_option("game", o->game_id, "game id (default: the game in focus)")->check(k_whole_number);
  c->add_option("--game,-g", o->game_id, "game id (default: the game in focus)")->check(k_whole_number);
  c->add_option("--format", o->format, "text (default), html (one self-contained file), pdf or json (the sheet as data)")
      ->check(CLI::IsMember({"text", "html", "pdf", "json"}));
  c->add_option("-o,--output", o->out_file, "write to FILE (format from its extension when --format is not given)");
  c->add_option("--night", o->night_id, "every game of this night")->check(k_whole_number);
  c->footer("Examples:\n  marque sheet\n  marque sheet 3 --format html -o game3.html\n  marque sheet --night 1 -o night.pdf");
  out.push_back({c, [o, c, &ctx] {
    auto db = ctx.open(false);
    std::vector<int64_t> ids;
    std::string title;
    if (o->night_id) {
      auto n = app::night(*db, *o->night_id);
      if (!n) throw Error(k_exit_noinput, "no night " + std::to_string(*o->night_id) + " in this database", "marque night list");
      ids = n->games;
      title = "Night of " + n->date + (n->venue.empty() ? "" : " — " + n->venue) + (n->league.empty() ? "" : " (" + n->league + ")");
      if (ids.empty()) throw Error(k_exit_noinput, "night " + std::to_string(*o->night_id) + " has no games yet");
    } else {
      ids.push_back(app::resolve_game(*db, o->game_id));
    }
    const std::string& out_file = o->out_file;
    std::string fmt = o->format;
    auto ends_with = [&](const std::string& suffix) {
      return out_file.size() >= suffix.size() && out_file.compare(out_file.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
    if (fmt == "text" && !c->get_option("--format")->count()) {
      if (ends_with(".html") || ends_with(".htm")) fmt = "html";
      if (ends_with(".pdf")) fmt = "pdf";
      if (ends_with(".json")) fmt = "json";
    }
    std::vector<reports::SheetPart> parts;
    std::string text;
    ojson sheets = ojson::array();
    for (auto id : ids) {
      rules::Replay r = app::score_game(*db, id);
      json file = app::game_file(*db, id);
      const auto& gr = rules_for(file["game"].get<std::string>());
      reports::SheetPart part;
      part.heading = "Game " + std::to_string(id) + " — " + std::string(gr.title());
      const json& meta = file["meta"];
      for (const char* k : {"date", "venue", "league"})
        if (meta.contains(k) && meta[k].is_string() && !meta[k].get<std::string>().empty())
          part.subheading += (part.subheading.empty() ? "" : " · ") + meta[k].get<std::string>();
      part.sheet = gr.score_sheet(file, r.score);
      part.corrections = corrections_text(db, id);
      part.score = r.score;
      if (fmt == "json") {
        ojson j = reports::sheet_json(part.sheet);
        j["game"] = id;
        j["heading"] = part.heading;
        j["subheading"] = part.subheading;
        j["corrections"] = part.corrections;
        sheets.push_back(std::move(j));
      }
      text += part.heading + (part.subheading.empty() ? "" : "  (" + part.subheading + ")") + "\n" +
              reports::sheet_text(part.sheet) + part.corrections + "\n";
      parts.push_back(std::move(part));
    }
    if (title.empty()) title = parts.front().heading;
    if (fmt == "text") {
      write_output(out_file, text, OutputKind::text);
    } else if (fmt == "json") {  // one game: its sheet; a night: {"title", "sheets": [...]}
      ojson doc = o->night_id ? ojson{{"format", "marque-sheets/1"}, {"title", title}, {"sheets", sheets}} : sheets[0];
      write_output(out_file, escape::json(doc, 2) + "\n", OutputKind::json_text);
    } else if (fmt == "html") {
      write_output(out_file, reports::render_html(title, parts), OutputKind::html);
      if (!out_file.empty() && out_file != "-") std::cerr << "marque: wrote " << out_file << "\n";
    } else {
      if (out_file.empty() || out_file == "-") throw Error(k_exit_usage, "--format pdf needs -o FILE.pdf");
      write_pdf(reports::render_html(title, parts), out_file);
      std::cerr << "marque: wrote " << out_file << "\n";
    }
    return 0;
  }});
}

}  // namespace marque::cli::commands
