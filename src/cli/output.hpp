// Standard output and standard error of the command line. Every text a command prints with std::cout or
// std::cerr passes escape::terminal (control characters in a name or a note are shown, never obeyed); JSON
// and CSV, escaped for their own kind already, go out byte for byte through write_stdout. Write errors on
// standard output are not ignored: finish_stdout flushes and reports them (exit 74).
#pragma once

#include <string>
#include <string_view>

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

}  // namespace marque::cli
