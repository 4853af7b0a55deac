#include "cli/output.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <streambuf>

#include "cli/common.hpp"
#include "core/escape.hpp"
#include "core/output_file.hpp"

namespace marque::cli {

namespace {

// A buffered streambuf that escapes what it is given and hands it to the original buffer.
class FilterBuf : public std::streambuf {
public:
  explicit FilterBuf(std::streambuf* to) : m_to(to) { setp(m_buf, m_buf + sizeof m_buf); }
  std::streambuf* target() const { return m_to; }
  bool failed() const { return m_failed; }

protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override {
    if (!drain()) return -1;
    if (m_to->pubsync() != 0) {
      m_failed = true;
      return -1;
    }
    return 0;
  }

public:
  bool drain(bool finish = false) {
    m_out.clear();
    m_filter.feed(std::string_view(pbase(), static_cast<size_t>(pptr() - pbase())), m_out);
    if (finish) m_filter.finish(m_out);
    setp(m_buf, m_buf + sizeof m_buf);
    if (m_out.empty()) return !m_failed;
    if (m_to->sputn(m_out.data(), static_cast<std::streamsize>(m_out.size())) !=
        static_cast<std::streamsize>(m_out.size()))
      m_failed = true;
    return !m_failed;
  }

private:
  std::streambuf* m_to;
  char m_buf[4096];
  std::string m_out;
  escape::TerminalFilter m_filter;
  bool m_failed = false;
};

FilterBuf* g_out = nullptr;
FilterBuf* g_err = nullptr;

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
      for (auto pos = cmd.find(key); pos != std::string::npos; pos = cmd.find(key, pos + val.size()))
        cmd.replace(pos, key.size(), val);
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
      throw Error(
          k_exit_unavailable, "no PDF converter found (weasyprint or chromium)",
          "apt-get install weasyprint (or chromium), set MARQUE_PDF_COMMAND, or use --format html and print from a browser");
    }
    char dir[] = "/tmp/marque-chromium-XXXXXX";
    if (mkdtemp(dir)) profile = dir;
    cmd = shell_quote(c) +
          " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking"
          " --disable-component-update --disable-sync --user-data-dir=" +
          shell_quote(profile.empty() ? "/tmp" : profile) +
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

TerminalStreams::TerminalStreams() {
  g_out = new FilterBuf(std::cout.rdbuf());
  g_err = new FilterBuf(std::cerr.rdbuf());
  std::cout.rdbuf(g_out);
  std::cerr.rdbuf(g_err);
}

TerminalStreams::~TerminalStreams() {
  std::cout.flush();
  std::cerr.flush();
  g_out->drain(true);
  g_err->drain(true);
  std::cout.rdbuf(g_out->target());
  std::cerr.rdbuf(g_err->target());
  delete g_out;
  delete g_err;
  g_out = g_err = nullptr;
}

void write_stdout(std::string_view bytes) {
  std::cout.flush();
  std::streambuf* to = g_out ? g_out->target() : std::cout.rdbuf();
  if (to->sputn(bytes.data(), static_cast<std::streamsize>(bytes.size())) != static_cast<std::streamsize>(bytes.size()))
    std::cout.setstate(std::ios::badbit);
}

void write_stderr(std::string_view bytes) {
  std::cerr.flush();
  std::streambuf* to = g_err ? g_err->target() : std::cerr.rdbuf();
  to->sputn(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  to->pubsync();
}

std::string finish_stdout() {
  errno = 0;
  std::cout.flush();
  bool bad = std::cout.bad() || (g_out && g_out->failed());
  int err = errno;
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    bad = true;
    if (errno) err = errno;
  }
  if (!bad) return "";
  return err ? std::strerror(err) : "write error";
}

std::string format_name(Format f) {
  switch (f) {
    case Format::json:
      return "json";
    case Format::csv:
      return "csv";
    case Format::html:
      return "html";
    case Format::pdf:
      return "pdf";
    default:
      return "text";
  }
}

Format output_format(const std::string& given, const std::string& out_file, const std::vector<Format>& offered) {
  for (Format f : offered)
    if (!given.empty() && format_name(f) == given) return f;
  const std::string name = std::filesystem::path(out_file).filename().string();
  std::string ext = name.rfind('.') == std::string::npos ? "" : name.substr(name.rfind('.') + 1);
  if (ext == "htm") ext = "html";
  if (ext == "txt") ext = "text";
  for (Format f : offered)
    if (!ext.empty() && format_name(f) == ext) return f;
  return offered.empty() ? Format::text : offered.front();
}

void emit(const Report& report, Format format, const std::string& out_file) {
  const bool to_stdout = out_file.empty() || out_file == "-";
  switch (format) {
    case Format::text:
      if (to_stdout && report.print_text)
        report.print_text();
      else
        write_output(out_file, report.text(), OutputKind::text);
      return;
    case Format::json:
      if (to_stdout && report.print_json)
        report.print_json();
      else
        write_output(out_file, report.json(), OutputKind::json_text);
      return;
    case Format::csv:
      write_output(out_file, report.csv(), OutputKind::csv);
      return;
    case Format::html:
      write_output(out_file, report.html(), OutputKind::html);
      if (!to_stdout)
        std::cerr << "marque: " << text::tr("cli.wrote", "wrote {file}", text::Message().text("file", out_file))
                  << "\n";
      return;
    case Format::pdf: {
      if (to_stdout) throw Error(k_exit_usage, text::tr("cli.pdf_needs_file", "--format pdf needs -o FILE.pdf"));
      const std::string converter = write_pdf(report.html(), out_file);
      std::cerr << "marque: "
                << text::tr("cli.wrote_pdf", "wrote {file} (PDF by {converter})",
                            text::Message().text("file", out_file).text("converter", converter))
                << "\n";
      return;
    }
  }
}

}  // namespace marque::cli
