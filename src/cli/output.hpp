// Standard output and standard error of the command line. Every text a command prints with std::cout or
// std::cerr passes escape::terminal (control characters in a name or a note are shown, never obeyed); JSON
// and CSV, escaped for their own kind already, go out byte for byte through write_stdout. Write errors on
// standard output are not ignored: finish_stdout flushes and reports them (exit 74).
//
// What a command prints as a report goes through emit: the format is decided once (output_format: --format, else
// -o FILE's extension, else the command's default) and the report rendered in it to standard output or FILE.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/escape.hpp"

namespace marque::cli {

class TerminalStreams {
public:
  TerminalStreams();   // installs the filter on std::cout and std::cerr
  ~TerminalStreams();  // flushes and puts the original buffers back
  TerminalStreams(const TerminalStreams&) = delete;
  TerminalStreams& operator=(const TerminalStreams&) = delete;
};

// Bytes to standard output as they are (after whatever std::cout holds).
void write_stdout(std::string_view bytes);
// Bytes to standard error as they are (the import progress line's own terminal codes).
void write_stderr(std::string_view bytes);
// Flush standard output; "" when every byte was written, else why not (e.g. "No space left on device").
std::string finish_stdout();

// The formats a report is printed in.
enum class Format { text, json, csv, html, pdf };
// "text", "json" ...
std::string format_name(Format f);
// The format of a command's output, decided once: `given` (--format; "" when not given) wins, else the extension of
// -o FILE (.txt, .json, .csv, .html or .htm, .pdf) when the command offers that format, else the command's first
// format (its default).
Format output_format(const std::string& given, const std::string& out_file, const std::vector<Format>& offered);

// A JSON document as a command prints it: escaped (core/escape.hpp), two spaces, a final newline.
template <class Json>
std::string json_text(const Json& doc) {
  return escape::json(doc, 2) + "\n";
}

// A report in each format its command offers (only the ones it offers are set).
struct Report {
  std::function<std::string()> text;  // escaped for the terminal on the way out
  std::function<std::string()> json;  // the document as json_text writes it
  std::function<std::string()> csv;
  std::function<std::string()> html;  // also the source of the PDF
  // on standard output, instead of text or json: the report printed as it goes (a game's hands one at a time,
  // colour at a terminal)
  std::function<void()> print_text, print_json;
};
// The report in `format` to standard output (out_file "" or "-") or to out_file (the one output-file writer: a
// temporary file put in place). HTML and PDF written to a file say so on standard error; a PDF needs a file and a
// converter (exit 69 when none is found).
void emit(const Report& report, Format format, const std::string& out_file);

}  // namespace marque::cli
