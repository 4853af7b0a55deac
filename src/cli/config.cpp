#include "cli/config.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <unordered_map>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/diag.hpp"
#include "importers/json_importer.hpp"
#include "rules/engine.hpp"

namespace marque::cli::config {

using json = nlohmann::json;

namespace {

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

bool bare_key_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

// Appends code point cp as UTF-8.
void put_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// One mistake of the file: its line, what is wrong, and the hint that goes with its kind.
struct Problem {
  int line = 0;
  std::string what, hint;
};

const char* const k_syntax_hint = "the config file is TOML: key = value lines, and [GAME] tables of house rules";
const char* const k_meaning_hint = "marque rules GAME lists a game's options and their values";

// Every mistake of the file at once, in line order, each naming PATH:LINE (one per line after "marque: error: ",
// as the errors of a refused hand are); one Error (exit 78).
[[noreturn]] void refuse(const std::string& path, std::vector<Problem> problems) {
  std::stable_sort(problems.begin(), problems.end(), [](const Problem& a, const Problem& b) { return a.line < b.line; });
  std::string message, hint;
  for (const auto& p : problems) {
    message += (message.empty() ? "" : "\nmarque: error: ") + path + ":" + std::to_string(p.line) + ": " + p.what;
    if (hint.find(p.hint) == std::string::npos) hint += p.hint + "; ";
  }
  throw Error(k_exit_config, message, hint + "marque config shows what is in force");
}

// A cursor over the file's text that knows its line; a mistake is noted with its line and the reading goes on at the
// next line, so that the file's mistakes are all told at once.
class Reader {
public:
  Reader(const std::string& text, const std::string& path) : m_text(text), m_path(path) {
    if (m_text.rfind("\xEF\xBB\xBF", 0) == 0) m_at = 3;  // a byte-order mark
  }

  // The file's entries; its mistakes go to `problems`.
  File read(std::vector<Problem>& problems) {
    File f;
    f.path = m_path;
    f.exists = true;
    Table* current = nullptr;
    Table ignored;  // the entries under a table header that is itself a mistake: read, not kept
    while (true) {
      bool header = false;
      try {
        skip_blank_lines();
        if (done()) break;
        header = peek() == '[';
        if (header)
          current = table(f);
        else
          entry(f, current);
      } catch (const Stop& stop) {
        problems.push_back({stop.line, stop.what, k_syntax_hint});
        if (header) current = &ignored;
        skip_line();
      }
    }
    return f;
  }

private:
  struct Stop {
    int line;
    std::string what;
  };

  // [GAME]: the table the next entries go to
  Table* table(File& f) {
    const int line = m_line;
    ++m_at;
    if (peek() == '[') fail("arrays of tables ([[...]]) are not part of marque's config; write [GAME] tables");
    skip_spaces();
    std::string name = key("a table name");
    skip_spaces();
    if (peek() == '.') fail("a dotted table name ([" + name + ".…]) is not part of marque's config; write [GAME], e.g. [" + first_game() + "]");
    if (peek() != ']') fail("expected ']' to close the table name [" + name);
    ++m_at;
    end_of_line("the table name");
    const auto [first, fresh] = m_tables.emplace(name, line);
    if (!fresh) fail_at(line, "the table [" + name + "] is written twice (first on line " + std::to_string(first->second) + ")");
    f.tables.push_back({name, line, {}});
    return &f.tables.back();
  }

  // key = value, at the top of the file (no table yet) or in `current`
  void entry(File& f, Table* current) {
    const int line = m_line;
    std::string k = key("a key");
    skip_spaces();
    if (peek() == '.') fail("a dotted key (" + k + ".…) is not part of marque's config; put the key under a [" + k + "] table");
    if (peek() != '=') fail("expected '=' after the key \"" + k + "\" (write key = value)");
    ++m_at;
    skip_spaces();
    if (done() || peek() == '\n' || peek() == '#') fail("the key \"" + k + "\" has no value (write key = value)");
    json v = value();
    end_of_line("the value of \"" + k + "\"");
    // a table's keys, looked up by "TABLE\0KEY" (the top's: "\0KEY"), so that a long file is read in linear time
    const auto [first, fresh] = m_keys.emplace((current ? current->name : std::string()) + '\0' + k, line);
    if (!fresh)
      fail_at(line, "the key \"" + k + "\" is written twice " + (current ? "in [" + current->name + "] " : "") + "(first on line " + std::to_string(first->second) + ")");
    (current ? current->entries : f.top).push_back({k, std::move(v), line});
  }

  [[noreturn]] void fail(const std::string& what) const { fail_at(m_line, what); }
  [[noreturn]] void fail_at(int line, const std::string& what) const { throw Stop{line, what}; }
  // after a mistake: the rest of its line
  void skip_line() {
    while (!done() && peek() != '\n') ++m_at;
    if (!done()) {
      ++m_at;
      ++m_line;
    }
  }
  static std::string first_game() {
    const auto& games = rules::all_games();
    return games.empty() ? std::string("GAME") : std::string(games.front()->id());
  }

  bool done() const { return m_at >= m_text.size(); }
  char peek() const { return done() ? '\0' : m_text[m_at]; }
  void skip_spaces() {
    while (!done() && (peek() == ' ' || peek() == '\t')) ++m_at;
  }
  void skip_comment() {
    if (peek() != '#') return;
    while (!done() && peek() != '\n') {
      const unsigned char c = static_cast<unsigned char>(peek());
      if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7F) fail("a control character in a comment");
      ++m_at;
    }
  }
  void newline() {
    if (peek() == '\r') {
      ++m_at;
      if (peek() != '\n') fail("a carriage return not followed by a line feed");
    }
    if (peek() == '\n') {
      ++m_at;
      ++m_line;
    }
  }
  // blank lines, comment lines, and the spaces before the next key or table
  void skip_blank_lines() {
    while (!done()) {
      skip_spaces();
      skip_comment();
      if (peek() == '\n' || peek() == '\r')
        newline();
      else
        break;
    }
  }
  void end_of_line(const std::string& after) {
    skip_spaces();
    skip_comment();
    if (done()) return;
    if (peek() != '\n' && peek() != '\r') fail("unexpected text after " + after + " (one key = value per line; a comment starts with #)");
    newline();
  }
  std::string key(const std::string& what) {
    if (peek() == '"' || peek() == '\'') fail("quoted keys are not part of marque's config; keys are letters, digits, _ and -");
    size_t start = m_at;
    while (!done() && bare_key_char(peek())) ++m_at;
    if (m_at == start) {
      if (peek() == '=') fail("a line starts with '=': the key is missing");
      fail(std::string("expected ") + what + " (letters, digits, _ and -), found '" + clip(std::string(1, peek())) + "'");
    }
    return m_text.substr(start, m_at - start);
  }

  json value() {
    const char c = peek();
    if (c == '"') {
      if (m_text.compare(m_at, 3, "\"\"\"") == 0) fail("multi-line strings (\"\"\") are not part of marque's config");
      return basic_string();
    }
    if (c == '\'') {
      if (m_text.compare(m_at, 3, "'''") == 0) fail("multi-line strings (''') are not part of marque's config");
      return literal_string();
    }
    if (c == '[') return array();
    if (c == '{') fail("inline tables ({...}) are not part of marque's config; write a [GAME] table");
    size_t start = m_at;
    while (!done() && peek() != ',' && peek() != ']' && peek() != '#' && peek() != '\n' && peek() != '\r' && peek() != ' ' &&
           peek() != '\t')
      ++m_at;
    std::string word = m_text.substr(start, m_at - start);
    if (word == "true") return true;
    if (word == "false") return false;
    return number(word);
  }

  json number(const std::string& word) {
    std::string digits;  // without the underscores between digits
    bool is_float = false;
    for (size_t i = 0; i < word.size(); ++i) {
      const char c = word[i];
      if (c == '_') {
        if (i == 0 || i + 1 == word.size() || !std::isdigit(static_cast<unsigned char>(word[i - 1])) ||
            !std::isdigit(static_cast<unsigned char>(word[i + 1])))
          not_a_value(word);
        continue;
      }
      if (c == '.' || c == 'e' || c == 'E') is_float = true;
      else if (!std::isdigit(static_cast<unsigned char>(c)) && !((c == '+' || c == '-') && (i == 0 || word[i - 1] == 'e' || word[i - 1] == 'E')))
        not_a_value(word);
      digits += c;
    }
    if (digits.empty() || digits == "+" || digits == "-") not_a_value(word);
    const std::string body = digits[0] == '+' || digits[0] == '-' ? digits.substr(1) : digits;
    if (body.size() > 1 && body[0] == '0' && std::isdigit(static_cast<unsigned char>(body[1]))) fail("a number with a leading zero: " + clip(word, 30));
    errno = 0;
    char* end = nullptr;
    if (!is_float) {
      long long v = std::strtoll(digits.c_str(), &end, 10);
      if (*end != '\0') not_a_value(word);
      if (errno == ERANGE) fail(clip(word, 30) + " is outside -2^63 .. 2^63-1");
      return v;
    }
    // TOML: a decimal point has a digit on each side
    const size_t dot = digits.find('.');
    if (dot != std::string::npos && (dot == 0 || dot + 1 == digits.size() || !std::isdigit(static_cast<unsigned char>(digits[dot - 1])) ||
                                     !std::isdigit(static_cast<unsigned char>(digits[dot + 1]))))
      not_a_value(word);
    double v = std::strtod(digits.c_str(), &end);
    if (*end != '\0') not_a_value(word);
    if (errno == ERANGE || !std::isfinite(v)) fail(clip(word, 30) + " is outside the range of a number");
    return v;
  }
  [[noreturn]] void not_a_value(const std::string& word) {
    fail("'" + clip(word, 40) + "' is not a value: a text needs quotes (\"" + clip(word, 40) +
         "\"); numbers, true and false are written bare");
  }

  json basic_string() {
    ++m_at;  // "
    std::string out;
    while (true) {
      if (done() || peek() == '\n' || peek() == '\r') fail("a string without its closing quote (\")");
      char c = m_text[m_at++];
      if (c == '"') break;
      if (c == '\\') {
        if (done()) fail("a string without its closing quote (\")");
        char e = m_text[m_at++];
        switch (e) {
          case 'b': out += '\b'; break;
          case 't': out += '\t'; break;
          case 'n': out += '\n'; break;
          case 'f': out += '\f'; break;
          case 'r': out += '\r'; break;
          case '"': out += '"'; break;
          case '\\': out += '\\'; break;
          case 'u':
          case 'U': {
            const size_t n = e == 'u' ? 4 : 8;
            if (m_at + n > m_text.size()) fail("\\" + std::string(1, e) + " needs " + std::to_string(n) + " hexadecimal digits");
            uint32_t cp = 0;
            for (size_t i = 0; i < n; ++i) {
              const char h = m_text[m_at + i];
              if (!std::isxdigit(static_cast<unsigned char>(h))) fail("\\" + std::string(1, e) + " needs " + std::to_string(n) + " hexadecimal digits");
              cp = cp * 16 + static_cast<uint32_t>(std::isdigit(static_cast<unsigned char>(h)) ? h - '0' : (std::tolower(h) - 'a' + 10));
            }
            m_at += n;
            if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) fail("\\" + std::string(1, e) + " names no Unicode character");
            put_utf8(out, cp);
            break;
          }
          default:
            fail(std::string("unknown escape \\") + e + " in a string (\\\\ for a backslash)");
        }
        continue;
      }
      const unsigned char u = static_cast<unsigned char>(c);
      if ((u < 0x20 && c != '\t') || u == 0x7F) fail("a control character in a string (write it as \\uXXXX)");
      out += c;
    }
    return checked_text(out);
  }
  json literal_string() {
    ++m_at;  // '
    size_t start = m_at;
    while (true) {
      if (done() || peek() == '\n' || peek() == '\r') fail("a string without its closing quote (')");
      if (peek() == '\'') break;
      const unsigned char u = static_cast<unsigned char>(peek());
      if ((u < 0x20 && u != '\t') || u == 0x7F) fail("a control character in a string");
      ++m_at;
    }
    std::string out = m_text.substr(start, m_at - start);
    ++m_at;
    return checked_text(out);
  }
  std::string checked_text(const std::string& s) {
    if (!importers::valid_utf8(s)) fail("a string that is not valid UTF-8");
    return s;
  }
  // [a, b, c], over several lines if need be (comments allowed between items); one type of item, no nesting
  json array() {
    const int opened = m_line;
    ++m_at;  // [
    json out = json::array();
    while (true) {
      skip_blank_lines();
      if (done()) fail_at(opened, "an array without its closing ']'");
      if (peek() == ']') {
        ++m_at;
        break;
      }
      if (peek() == '[') fail("arrays inside arrays are not part of marque's config");
      json item = value();
      if (!out.empty() && out.front().type() != item.type() &&
          !(out.front().is_number() && item.is_number()))
        fail("an array mixes kinds of values (text, numbers, true/false)");
      out.push_back(std::move(item));
      skip_blank_lines();
      if (peek() == ',') {
        ++m_at;
        continue;
      }
      skip_blank_lines();
      if (peek() == ']') {
        ++m_at;
        break;
      }
      if (done()) fail_at(opened, "an array without its closing ']'");
      fail("expected ',' or ']' in the array");
    }
    return out;
  }

  const std::string& m_text;
  const std::string& m_path;
  size_t m_at = 0;
  int m_line = 1;
  std::unordered_map<std::string, int> m_tables, m_keys;  // the line each table and each key was first written on
};


size_t distance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

// " (did you mean X?)" for the closest of `known`, when close enough
std::string did_you_mean(const std::string& word, const std::vector<std::string>& known) {
  std::string best;
  size_t best_d = std::numeric_limits<size_t>::max();
  for (const auto& k : known) {
    // the edit distance is at least the difference of the lengths: a long word is measured against no key
    const size_t apart = word.size() > k.size() ? word.size() - k.size() : k.size() - word.size();
    size_t d = apart > std::max<size_t>(2, word.size() / 3) ? apart : distance(word, k);
    // a key written short ("target" for target_score) is close whatever its length
    if (word.size() >= 3 && (k.rfind(word, 0) == 0 || word.rfind(k, 0) == 0)) d = std::min<size_t>(d, 1);
    if (d < best_d) best_d = d, best = k;
  }
  if (best.empty() || best_d > std::max<size_t>(2, word.size() / 3)) return "";
  return " (did you mean " + best + "?)";
}

const char* const k_top_keys[] = {"db", "league", "venue"};

}  // namespace

const Entry* Table::find(std::string_view key) const {
  for (const auto& e : entries)
    if (e.key == key) return &e;
  return nullptr;
}

const Entry* File::find(std::string_view key) const {
  for (const auto& e : top)
    if (e.key == key) return &e;
  return nullptr;
}

const Table* File::table(std::string_view name) const {
  for (const auto& t : tables)
    if (t.name == name) return &t;
  return nullptr;
}

namespace {

// What marque does not read in a well-formed file (an unknown setting, table or option, a value not legal), each noted
// in `problems`.
void check(const File& f, std::vector<Problem>& problems) {
  auto invalid = [&](int line, const std::string& what) { problems.push_back({line, what, k_meaning_hint}); };
  std::vector<std::string> top_keys(std::begin(k_top_keys), std::end(k_top_keys));
  for (const auto& e : f.top) {
    bool known = false;
    for (const auto& k : top_keys) known = known || e.key == k;
    if (!known) {
      const auto& games = rules::all_games();
      if (std::any_of(games.begin(), games.end(), [&](const rules::GameRules* g) { return g->id() == e.key; }))
        invalid(e.line, "\"" + e.key + "\" is a game: its house rules go in a table, [" + e.key + "], one option per line");
      else
        invalid(e.line, "unknown setting \"" + e.key + "\"" + did_you_mean(e.key, top_keys) +
                            "; marque reads db, league and venue, and a [GAME] table of house rules per game (" + rules::game_list("or") + ")");
    } else if (!e.value.is_string()) {
      invalid(e.line, e.key + " is a text: write it in quotes (" + e.key + " = \"...\")");
    } else if (e.value.get<std::string>().empty()) {
      invalid(e.line, e.key + " is empty; leave the line out for none");
    }
  }
  for (const auto& t : f.tables) {
    const rules::GameRules* game = nullptr;
    for (const auto* g : rules::all_games())
      if (g->id() == t.name) game = g;
    if (!game) {
      std::vector<std::string> ids;
      for (const auto* g : rules::all_games()) ids.emplace_back(g->id());
      invalid(t.line, "[" + t.name + "] is not a game marque knows" + did_you_mean(t.name, ids) + "; the tables are the games: " + rules::game_list("and"));
      continue;
    }
    const auto table = game->options();
    std::vector<std::string> ids;
    for (const auto& o : table) ids.push_back(o.id);
    for (const auto& e : t.entries) {
      bool known = false;
      for (const auto& id : ids) known = known || id == e.key;
      if (!known) {
        invalid(e.line, "[" + t.name + "] has no option \"" + e.key + "\"" + did_you_mean(e.key, ids) + "; its options are listed by marque rules " + t.name);
        continue;
      }
      Diagnostics d;
      rules::resolve_options(json{{e.key, e.value}}, table, d);
      for (const auto& item : d.items())
        if (item.error) invalid(e.line, "[" + t.name + "] " + e.key + ": " + item.message);
    }
  }
}

}  // namespace

File parse(const std::string& text, const std::string& path) {
  std::vector<Problem> problems;
  File f = Reader(text, path).read(problems);
  if (!problems.empty()) refuse(path, std::move(problems));
  return f;
}

void validate(const File& f) {
  std::vector<Problem> problems;
  check(f, problems);
  if (!problems.empty()) refuse(f.path, std::move(problems));
}

std::pair<std::string, std::string> locate(const std::string& flag) {
  if (!flag.empty()) return {flag, "--config"};
  std::string named = env("MARQUE_CONFIG");
  if (!named.empty()) return {named, "MARQUE_CONFIG"};
  std::string xdg = env("XDG_CONFIG_HOME");
  if (!xdg.empty() && xdg[0] == '/') return {xdg + "/marque/config.toml", "XDG_CONFIG_HOME"};
  std::string home = env("HOME");
  if (home.empty()) home = ".";
  return {home + "/.config/marque/config.toml", "HOME"};
}

namespace {

// The text of the config file at `path`: a regular file of at most 1 MB, read no further than that (a device, a pipe
// or a folder is refused before any byte is read; /dev/null is an empty file, the way to say "no config file").
std::string read_config_text(const std::string& path) {
  constexpr size_t k_max = 1 << 20;  // a config file is a few lines; refuse a runaway one
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
  if (fd < 0) throw Error(k_exit_config, "cannot read the config file " + path + ": " + std::strerror(errno));
  struct Closer {
    int fd;
    ~Closer() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw Error(k_exit_config, "cannot read the config file " + path + ": " + std::strerror(errno));
  struct stat null {};
  if (S_ISCHR(st.st_mode) && ::stat("/dev/null", &null) == 0 && null.st_rdev == st.st_rdev) return "";  // --config /dev/null: none
  if (!S_ISREG(st.st_mode))
    throw Error(k_exit_config, "the config file " + path + " is " + (S_ISDIR(st.st_mode) ? "a folder" : "not a regular file (a device, a pipe or a socket)"),
                "the config file is a text file of a few lines; marque config shows what is in force");
  std::string text;
  char buf[1 << 16];
  while (true) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw Error(k_exit_config, "cannot read the config file " + path + ": " + std::strerror(errno));
    if (n == 0) break;
    text.append(buf, static_cast<size_t>(n));
    if (text.size() > k_max) throw Error(k_exit_config, path + ": a config file of more than 1 MB", "the config file is a text file of a few lines");
  }
  return text;
}

}  // namespace

File load(const std::string& flag) {
  auto [path, by] = locate(flag);
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 && errno == ENOENT) {
    if (by == "--config" || by == "MARQUE_CONFIG")
      throw Error(k_exit_noinput, "config file " + path + " (named by " + by + ") does not exist");
    File none;
    none.path = path;
    none.located_by = by;
    return none;
  }
  std::string s = read_config_text(path);
  // the mistakes of its syntax and of its meaning, all at once
  std::vector<Problem> problems;
  File f = Reader(s, path).read(problems);
  f.located_by = by;
  check(f, problems);
  if (!problems.empty()) refuse(path, std::move(problems));
  return f;
}

std::string path_value(const File& file, const Entry& entry) {
  std::string p = entry.value.is_string() ? entry.value.get<std::string>() : std::string();
  if (p == "~" || p.rfind("~/", 0) == 0) {
    std::string home = env("HOME");
    return (home.empty() ? std::string(".") : home) + p.substr(1);
  }
  if (!p.empty() && p[0] != '/') {
    auto slash = file.path.rfind('/');
    return (slash == std::string::npos ? std::string(".") : file.path.substr(0, slash)) + "/" + p;
  }
  return p;
}

std::string toml_text(const json& value) {
  if (value.is_string()) return value.dump();
  if (value.is_array()) {
    std::string out = "[";
    for (const auto& v : value) out += (out.size() > 1 ? ", " : "") + toml_text(v);
    return out + "]";
  }
  return value.dump();
}

Setting resolve(const std::string& key, const std::string& flag_value, const std::string& flag_name, const char* env_name,
                const File& file, const std::string& fallback) {
  if (!flag_value.empty()) return {key, flag_value, "command line (" + flag_name + ")", 0};
  if (env_name) {
    std::string v = env(env_name);
    if (!v.empty()) return {key, v, std::string("environment (") + env_name + ")", 0};
  }
  if (const Entry* e = file.find(key)) {
    std::string v = key == "db" ? path_value(file, *e) : e->value.get<std::string>();
    return {key, v, "config file, line " + std::to_string(e->line), e->line};
  }
  return {key, fallback, "default", 0};
}

}  // namespace marque::cli::config
