#include "importers/json_importer.hpp"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <set>

#include "core/diag.hpp"
#include "core/json.hpp"
#include "core/language.hpp"
#include "rules/engine.hpp"

namespace marque::importers {

using json = nlohmann::json;

const text::Catalogue& catalogue() {
  static const text::Catalogue c = [] {
    text::Catalogue x;
    x.fallback = &rules::default_catalogue();  // the games' list (rules::game_list_words)
    // ICU MessageFormat: a quote around a placeholder is written twice (''{kind}'')
    // a JSON text (json_importer.cpp)
    x.add("import.err.too_long",
          "{name} is longer than {mb, number, ::group-off} MB, the most marque reads from one file; split it (one "
          "game per file, or export one night at a time)");
    x.add("import.err.integer_above",
          "the integer {value} is above 9223372036854775807 (2^63-1), the largest marque reads");
    x.add("import.err.integer_range", "the integer {value} is outside -2^63 .. 2^63-1, the range marque reads");
    x.add("import.err.double_range", "the number {value} is outside the range of a double");
    x.add("import.err.binary", "binary values are not JSON text");
    x.add("import.err.duplicate_key",
          "this key appears twice in one object; marque refuses a duplicate key rather than keep the last");
    x.add("import.err.too_many_records",
          "more than {n, number, ::group-off} hand records in one file, the most marque reads; split it");
    x.add("import.err.too_deep", "nested deeper than {n, number, ::group-off} levels, the most marque reads");
    x.add("import.err.not_json", "not valid JSON");
    // the parser's position said in the language; `detail` is the JSON library's own words (English), quoted
    x.add("import.err.not_json_at",
          "not valid JSON (parse error at line {line, number, ::group-off}, column {column, number, ::group-off}: "
          "{detail})");
    x.add("import.err.not_json_detail", "not valid JSON ({detail})");
    // the same in another language, when the parser says what it read last: the position and that text only
    x.add("import.err.not_json_read",
          "not valid JSON at line {line, number, ::group-off}, column {column, number, ::group-off} (last read: "
          "''{last}'')");
    // a CSV file (csv_importer.cpp): a row's place is FILE:LINE, then the column the rule concerns
    x.add("import.err.csv_quote", "line {line, number, ::group-off}: a quoted cell is not closed");
    x.add("import.err.csv_at", "{where}: {message}");
    x.add("import.err.csv_at_field", "{where}: {field}: {message}");
    x.add("import.err.csv_column", "column {n, number, ::group-off}");
    x.add("import.err.csv_cells",
          "this row has {cells, number, ::group-off} cells, the header {header, number, ::group-off}");
    x.add("import.err.csv_empty", "the file is empty; the first row names the columns");
    x.add("import.err.csv_no_rows", "no rows after the header: nothing to import");
    x.add("import.err.csv_utf8",
          "not valid UTF-8 (byte {byte, number, ::group-off} of the cell); save the file as UTF-8");
    x.add("import.err.csv_duplicate_column",
          "this column appears twice (columns {first, number, ::group-off} and {second, number, ::group-off}); "
          "marque refuses a duplicate column rather than keep one of them");
    x.add("import.err.csv_no_game", "no ''game'' column ({games})");
    x.add("import.err.csv_unknown_game", "''{kind}'' is not a game marque knows; one of {games}");
    x.add("import.err.csv_too_many",
          "more than {n, number, ::group-off} hands in one file, the most marque reads; split it");
    return x;
  }();
  return c;
}

namespace {

// `said`: the refusal in other words for another language than English (none: `message` in every language)
[[noreturn]] void refuse(const std::string& name, const std::string& field, const text::Message& message,
                         const text::Message& said = {}) {
  Diagnostics d;
  if (said.empty())
    d.error(field, "file.json", message, catalogue());
  else
    d.error(field, "file.json", said, message, catalogue());
  throw Rejected(d, name);
}

// A streambuf over another that gives at most `limit` bytes and then notes that there was more.
class LimitedBuf : public std::streambuf {
public:
  LimitedBuf(std::streambuf* src, std::uint64_t limit) : m_src(src), m_limit(limit) {}
  bool over() const { return m_over; }

protected:
  int_type underflow() override {
    if (m_over || !m_src) return traits_type::eof();
    std::streamsize n = m_src->sgetn(m_buf, sizeof m_buf);
    if (n <= 0) return traits_type::eof();
    m_total += static_cast<std::uint64_t>(n);
    if (m_total > m_limit) {
      m_over = true;
      return traits_type::eof();
    }
    setg(m_buf, m_buf, m_buf + n);
    return traits_type::to_int_type(m_buf[0]);
  }

private:
  std::streambuf* m_src;
  std::uint64_t m_limit;
  std::uint64_t m_total = 0;
  bool m_over = false;
  char m_buf[1 << 16];
};

[[noreturn]] void refuse_too_long(const std::string& name) {
  Diagnostics d;
  d.error("", "file.too_long",
          text::Message("import.err.too_long")
              .text("name", name)
              .number("mb", static_cast<int64_t>(k_max_input_bytes / (1024 * 1024))),
          catalogue());
  throw Rejected(d, name);
}

// nlohmann's "parse error at line 3, column 5: syntax error ..." as words: the position said in the language, the
// parser's own detail (English) quoted as it is; `said` gets the same without the parser's words when it names the
// text it read last ("...; last read: 'x'"): what another language says (empty: none)
text::Message parse_error_words(const std::string& what, text::Message& said) {
  long long line = 0, column = 0;
  int at = -1;
  if (std::sscanf(what.c_str(), "parse error at line %lld, column %lld: %n", &line, &column, &at) != 2 || at <= 0)
    return text::Message("import.err.not_json_detail").text("detail", what);
  const std::string detail = what.substr(static_cast<size_t>(at));
  const std::string read = "; last read: '";
  if (const size_t from = detail.find(read); from != std::string::npos) {
    const size_t start = from + read.size();
    size_t end = detail.find("'; expected", start);
    if (end == std::string::npos) end = detail.rfind('\'');
    if (end != std::string::npos && end >= start)
      said = text::Message("import.err.not_json_read")
                 .number("line", line)
                 .number("column", column)
                 .text("last", detail.substr(start, end - start));
  }
  return text::Message("import.err.not_json_at").number("line", line).number("column", column).text("detail", detail);
}

// The SAX handler: builds the tree like nlohmann's own DOM parser, checking depth, duplicate keys and
// numbers on the way. With `stream`, the elements of the hands arrays (top level, and games[i].hands) are
// built one at a time, dumped compact into the GameSource and dropped.
class Builder {
public:
  using number_integer_t = json::number_integer_t;
  using number_unsigned_t = json::number_unsigned_t;
  using number_float_t = json::number_float_t;
  using string_t = json::string_t;
  using binary_t = json::binary_t;

  Builder(json& root, GameSource* stream) : m_root(root), m_stream(stream) {}

  std::string error_field;
  text::Message error_message, error_said;  // error_said: the same for another language (empty: error_message)

  bool null() { return value(json(nullptr)); }
  bool boolean(bool v) { return value(json(v)); }
  bool number_integer(number_integer_t v) { return value(json(v)); }
  bool number_unsigned(number_unsigned_t v) {
    if (v > static_cast<number_unsigned_t>(std::numeric_limits<std::int64_t>::max()))
      return fail(path(), text::Message("import.err.integer_above").text("value", std::to_string(v)));
    return value(json(v));
  }
  bool number_float(number_float_t v, const string_t& text) {
    if (text.find_first_of(".eE") == std::string::npos)
      return fail(path(), text::Message("import.err.integer_range").text("value", clip(text)));
    if (!std::isfinite(v)) return fail(path(), text::Message("import.err.double_range").text("value", clip(text)));
    return value(json(v));
  }
  bool string(string_t& v) { return value(json(std::move(v))); }
  bool binary(binary_t&) { return fail(path(), text::Message("import.err.binary")); }

  bool start_object(std::size_t) { return open(json::object(), true); }
  bool start_array(std::size_t) { return open(json::array(), false); }
  bool key(string_t& k) {
    Frame& f = m_frames.back();
    if (!f.keys.insert(k).second) {
      f.key = k;
      return fail(path(), text::Message("import.err.duplicate_key"));
    }
    f.key = std::move(k);
    return true;
  }
  bool end_object() { return close(); }
  bool end_array() { return close(); }

  bool parse_error(std::size_t, const std::string& token, const nlohmann::detail::exception& ex) {
    if (ex.id == 406) return fail(path(), text::Message("import.err.double_range").text("value", clip(token)));
    std::string what = ex.what();
    auto pos = what.find("parse error");
    text::Message said;
    const text::Message english = parse_error_words(pos == std::string::npos ? what : what.substr(pos), said);
    if (error_message.empty()) error_said = std::move(said);
    return fail("", english);
  }

private:
  struct Frame {
    json* value = nullptr;
    bool object = false;
    std::set<std::string> keys;  // objects: the keys seen
    std::string key;             // objects: the current key
    size_t index = 0;            // arrays: the next element's index
    int slot = -2;               // arrays: -1 = the top-level hands, i >= 0 = games[i].hands, -2 = kept
    bool captured = false;       // a streamed record: dumped and dropped when it closes
  };

  static std::string clip(const std::string& s) { return s.size() <= 40 ? s : s.substr(0, 40) + "…"; }

  bool fail(std::string field, text::Message message) {
    if (error_message.empty()) {
      error_field = std::move(field);
      error_message = std::move(message);
    }
    return false;
  }

  std::string path() const {
    std::string p;
    for (const auto& f : m_frames) {
      if (f.object) {
        if (!f.key.empty() || !f.keys.empty()) p += (p.empty() ? "" : ".") + clip(f.key);
      } else {
        p += "[" + std::to_string(f.index) + "]";
      }
    }
    return p;
  }

  // the slot an array opened now streams into, or -2
  int slot_for_new_array() const {
    if (!m_stream) return -2;
    if (m_frames.size() == 1 && m_frames[0].object && m_frames[0].key == "hands") return -1;
    if (m_frames.size() == 3 && m_frames[0].object && m_frames[0].key == "games" && !m_frames[1].object &&
        m_frames[1].slot == -2 && m_frames[2].object && m_frames[2].key == "hands")
      return static_cast<int>(m_frames[1].index);
    return -2;
  }

  // a finished record: its compact text, and while the budget lasts the record itself
  void store_record(int slot, json&& record) {
    if (++m_records > k_max_file_hands) {
      fail(path(), text::Message("import.err.too_many_records").number("n", static_cast<int64_t>(k_max_file_hands)));
      return;
    }
    const bool keep = m_records <= k_kept_records;
    if (slot == -1) {
      m_stream->hands.push_back(json_text::compact(record));
      if (keep) m_stream->records.push_back(std::move(record));
      return;
    }
    auto i = static_cast<size_t>(slot);
    if (m_stream->game_hands.size() <= i) m_stream->game_hands.resize(i + 1);
    m_stream->game_hands[i].push_back(json_text::compact(record));
    if (keep) {
      if (m_stream->game_records.size() <= i) m_stream->game_records.resize(i + 1);
      m_stream->game_records[i].push_back(std::move(record));
    }
  }

  // place a finished value in its parent
  bool value(json&& v) {
    if (m_frames.empty()) {
      m_root = std::move(v);
      return true;
    }
    Frame& f = m_frames.back();
    if (f.object) {
      (*f.value)[f.key] = std::move(v);
    } else if (f.slot != -2) {
      store_record(f.slot, std::move(v));
      ++f.index;
      if (!error_message.empty()) return false;
    } else {
      f.value->push_back(std::move(v));
      ++f.index;
    }
    return true;
  }

  bool open(json&& container, bool object) {
    if (static_cast<int>(m_frames.size()) >= k_max_json_depth)
      return fail(path(), text::Message("import.err.too_deep").number("n", k_max_json_depth));
    Frame nf;
    nf.object = object;
    if (!object) nf.slot = slot_for_new_array();
    if (m_frames.empty()) {
      m_root = std::move(container);
      nf.value = &m_root;
    } else {
      Frame& f = m_frames.back();
      if (f.object) {
        json& slot = (*f.value)[f.key];
        slot = std::move(container);
        nf.value = &slot;
      } else if (f.slot != -2) {  // a record of a streamed hands array
        m_capture = std::move(container);
        nf.value = &m_capture;
        nf.captured = true;
      } else {
        f.value->push_back(std::move(container));
        nf.value = &f.value->back();
      }
    }
    if (nf.slot == -1 && m_stream) m_stream->streamed = true;
    if (nf.slot >= 0 && m_stream) {
      auto i = static_cast<size_t>(nf.slot);
      if (m_stream->game_streamed.size() <= i) m_stream->game_streamed.resize(i + 1, false);
      if (m_stream->game_hands.size() <= i) m_stream->game_hands.resize(i + 1);
      m_stream->game_streamed[i] = true;
    }
    m_frames.push_back(std::move(nf));
    return true;
  }

  bool close() {
    Frame f = std::move(m_frames.back());
    m_frames.pop_back();
    if (!m_frames.empty() && !m_frames.back().object) {
      Frame& parent = m_frames.back();
      if (f.captured) {
        store_record(parent.slot, std::move(m_capture));
        m_capture = json();
      }
      ++parent.index;
    }
    return error_message.empty();
  }

  json& m_root;
  GameSource* m_stream;
  std::vector<Frame> m_frames;
  json m_capture;
  size_t m_records = 0;
};

template <typename Input>
void run(Input&& input, json& root, GameSource* stream, const std::string& name, const LimitedBuf* limit) {
  Builder b(root, stream);
  bool ok = false;
  try {
    ok = json::sax_parse(std::forward<Input>(input), &b);
  } catch (const json::exception& e) {  // defensive: the parser reports through parse_error
    b.error_message = text::Message("import.err.not_json_detail").text("detail", e.what());
  }
  if (limit && limit->over()) refuse_too_long(name);
  if (!ok || !b.error_message.empty())
    refuse(name, b.error_field, b.error_message.empty() ? text::Message("import.err.not_json") : b.error_message,
           b.error_said);
}

}  // namespace

json parse_json_text(const std::string& text, const std::string& name) {
  if (text.size() > k_max_input_bytes) refuse_too_long(name);
  json root;
  run(text, root, nullptr, name, nullptr);
  return root;
}

GameSource read_game_source(std::istream& in, const std::string& name) {
  GameSource out;
  LimitedBuf buf(in.rdbuf(), k_max_input_bytes);
  std::istream limited(&buf);
  run(limited, out.envelope, &out, name, &buf);
  return out;
}

std::unique_ptr<std::ifstream> open_input_file(const std::string& name) {
  std::error_code ec;
  if (std::filesystem::is_directory(name, ec))
    throw Error(k_exit_noinput,
                text::tr("import.cannot_read_directory", "cannot read {file}: is a directory (name a file)",
                         text::Message().text("file", name)));
  auto file = std::make_unique<std::ifstream>(name, std::ios::binary);
  if (!*file)
    throw Error(k_exit_noinput,
                text::tr("import.cannot_read_missing", "cannot read {file}: no such file or not readable",
                         text::Message().text("file", name)));
  return file;
}

std::string read_input_text(const std::string& name) {
  std::unique_ptr<std::ifstream> file;
  std::istream* in = &std::cin;
  if (name != "-") {
    file = open_input_file(name);
    in = file.get();
  }
  std::string out;
  char buf[1 << 16];
  while (in->read(buf, sizeof buf) || in->gcount() > 0) {
    out.append(buf, static_cast<size_t>(in->gcount()));
    if (out.size() > k_max_input_bytes) refuse_too_long(name);
  }
  if (in->bad())
    throw Error(k_exit_ioerr, text::tr("app.cannot_read", "cannot read {file}", text::Message().text("file", name)));
  return out;
}

bool valid_utf8(const std::string& s, size_t* bad_at) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  size_t n = s.size(), i = 0;
  auto bad = [&](size_t at) {
    if (bad_at) *bad_at = at;
    return false;
  };
  while (i < n) {
    unsigned char c = p[i];
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t len;
    unsigned cp;
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
      cp = c & 0x1Fu;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      cp = c & 0x0Fu;
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      cp = c & 0x07u;
    } else {
      return bad(i);
    }
    if (i + len > n) return bad(i);
    for (size_t k = 1; k < len; ++k) {
      if ((p[i + k] & 0xC0) != 0x80) return bad(i);
      cp = (cp << 6) | (p[i + k] & 0x3Fu);
    }
    if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF))
      return bad(i);
    i += len;
  }
  return true;
}

}  // namespace marque::importers
