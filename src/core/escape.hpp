// One escaping function per output kind, used by every command: what a player's name, a note or any other
// stored text becomes when it is written as terminal text, as a CSV cell, in JSON or in HTML.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

namespace marque::escape {

// Terminal (and plain text files): control characters are shown, never obeyed. C0 controls other than
// newline and tab, DEL (0x7f) and the C1 controls U+0080..U+009F become "\xNN" (C1: "\xc2\xNN").
std::string terminal(std::string_view s);

// The same filter applied to a stream of text cut into arbitrary pieces (a C1 control may straddle two).
class TerminalFilter {
public:
  // Appends the escaped form of `s` to `out`.
  void feed(std::string_view s, std::string& out);
  // What is held back at the end of the stream (a lone 0xc2).
  void finish(std::string& out);

private:
  bool m_pending_c2 = false;
};

// One CSV cell (RFC 4180 quoting) neutralised against spreadsheet formulas as OWASP recommends: a cell that
// starts with = + - @ tab or carriage return gets a leading single quote, unless it is a plain number
// ("-12", "-3.5", "+4" stay numbers). Other control characters are shown as "\xNN".
std::string csv_cell(std::string_view s);

// JSON text whose strings carry no raw control character: nlohmann escapes U+0000..U+001F; this also
// escapes DEL and U+0080..U+009F (\u007f, \u0080 ...), which JSON allows raw but terminals obey and some
// readers refuse. Invalid UTF-8 is replaced by U+FFFD (never an exception on output).
std::string json_safe(std::string dumped);
template <class Json>
std::string json(const Json& j, int indent = -1) {
  return json_safe(j.dump(indent, ' ', false, Json::error_handler_t::replace));
}

// HTML text and attribute values: & < > " ' as entities; control characters shown as "\xNN".
std::string html(std::string_view s);

}  // namespace marque::escape
