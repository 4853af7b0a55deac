// marque sheet [GAME | --night ID] [--format text|html|pdf|json] [-o FILE] [--chart]: the traditional score sheet
// (app::sheets assembles it; reports/ renders it; a PDF goes through a converter found on the machine).
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
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
// weasyprint, or headless Chromium. None: exit 69 with a hint. Returns the converter's name.
std::string convert_pdf(const std::string& html, const std::string& out_file) {
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
  std::string cmd, name, profile;
  const char* custom = std::getenv("MARQUE_PDF_COMMAND");
  if (custom && *custom) {
    cmd = custom;
    name = "MARQUE_PDF_COMMAND";
    auto put = [&](const std::string& key, const std::string& val) {
      for (auto pos = cmd.find(key); pos != std::string::npos; pos = cmd.find(key, pos + val.size())) cmd.replace(pos, key.size(), val);
    };
    put("{in}", shell_quote(in));
    put("{out}", shell_quote(out_file));
  } else if (auto w = find_on_path("weasyprint"); !w.empty()) {
    name = "weasyprint";
    cmd = shell_quote(w) + " " + shell_quote(in) + " " + shell_quote(out_file);
  } else {
    std::string c;
    for (const char* n : {"chromium", "chromium-browser", "google-chrome", "chrome"})
      if (c.empty()) {
        c = find_on_path(n);
        name = n;
      }
    if (c.empty()) {
      std::remove(in.c_str());
      throw Error(k_exit_unavailable, "no PDF converter found (weasyprint or chromium)",
                  "apt-get install weasyprint (or chromium), set MARQUE_PDF_COMMAND, or use --format html and print from a browser");
    }
    char dir[] = "/tmp/marque-chromium-XXXXXX";
    if (mkdtemp(dir)) profile = dir;
    cmd = shell_quote(c) + " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking"
          " --disable-component-update --disable-sync --user-data-dir=" + shell_quote(profile.empty() ? "/tmp" : profile) +
          " --no-pdf-header-footer --print-to-pdf=" + shell_quote(out_file) + " " + shell_quote("file://" + in);
  }
  int rc = std::system((cmd + " >/dev/null 2>&1").c_str());
  std::remove(in.c_str());
  if (!profile.empty()) {  // the browser's throwaway profile
    std::error_code ignored;
    std::filesystem::remove_all(profile, ignored);
  }
  struct stat st {};
  if (rc != 0 || ::stat(out_file.c_str(), &st) != 0 || st.st_size == 0)
    throw Error(k_exit_unavailable, "the PDF converter failed (" + name + ")", "try --format html");
  return name;
}

// The converter writes a temporary file, which the one output-file writer puts in place of FILE.
std::string write_pdf(const std::string& html, const std::string& out_file) {
  std::string name;
  files::write_output_file_with(out_file, [&](const std::string& tmp) { name = convert_pdf(html, tmp); });
  return name;
}

}  // namespace

void add_sheet(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    std::optional<int64_t> game_id, night_id;
    std::string format = "text", out_file;
    bool chart = false;
  };
  auto o = std::make_shared<Options>();
  auto* c = app.add_subcommand("sheet", "the traditional score sheet of a game (default: the latest) or a night");
  c->add_option("game", o->game_id, "game id (default: the game in focus)")->check(k_whole_number);
  c->add_option("--game,-g", o->game_id, "game id (default: the game in focus)")->check(k_whole_number);
  c->add_option("--format", o->format, "text (default), html (one self-contained file), pdf or json (the sheet as data)")
      ->check(CLI::IsMember({"text", "html", "pdf", "json"}));
  c->add_option("-o,--output", o->out_file, "write to FILE (format from its extension when --format is not given)");
  c->add_option("--night", o->night_id, "every game of this night, after a summary of its tables")->check(k_whole_number);
  c->add_flag("--chart", o->chart, "text: draw each game's running totals as a small chart under its sheet");
  c->footer("Examples:\n  marque sheet\n  marque sheet --chart\n  marque sheet 3 --format html -o game3.html\n"
            "  marque sheet --night 1 -o night.pdf");
  out.push_back({c, [o, c, &ctx] {
    auto db = ctx.open(false);
    const sheet::Document doc = app::sheets(*db, o->night_id ? std::nullopt : o->game_id, o->night_id);
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
    if (fmt == "text") {
      write_output(out_file, reports::document_text(doc, o->chart), OutputKind::text);
    } else if (fmt == "json") {  // one game: its sheet; a night: {"title", "sheets": [...]}
      write_output(out_file, escape::json(reports::document_json(doc), 2) + "\n", OutputKind::json_text);
    } else if (fmt == "html") {
      write_output(out_file, reports::render_html(doc), OutputKind::html);
      if (!out_file.empty() && out_file != "-") std::cerr << "marque: wrote " << out_file << "\n";
    } else {
      if (out_file.empty() || out_file == "-") throw Error(k_exit_usage, "--format pdf needs -o FILE.pdf");
      const std::string converter = write_pdf(reports::render_html(doc), out_file);
      std::cerr << "marque: wrote " << out_file << " (PDF by " << converter << ")\n";
    }
    return 0;
  }});
}

}  // namespace marque::cli::commands
