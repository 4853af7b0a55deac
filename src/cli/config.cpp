#include "cli/config.hpp"

#include "core/language.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <unordered_map>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/diag.hpp"
#include "core/language.hpp"
#include "importers/json_importer.hpp"
#include "rules/engine.hpp"

// toml++ (Debian's libtomlplusplus) reads the file in the plugin marque-toml.so (src/plugins/toml.cpp), loaded when a
// config file exists: no other command loads it
#include "core/plugin.hpp"
#include "plugins/toml_tree.hpp"

namespace marque::cli::config {

using json = nlohmann::json;

namespace {

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

// One mistake of the file: its line, what is wrong, and the hint that goes with its kind.
struct Problem {
  int line = 0;
  std::string what, hint;
};

// the hints of a refused config file, in the language of the command
std::string syntax_hint() {
  return text::tr("cli.config.syntax_hint",
                  "the config file is TOML: key = value lines, and [GAME] tables of house rules");
}
std::string meaning_hint() {
  return text::tr("cli.config.meaning_hint", "marque rules GAME lists a game's options and their values");
}

// Every mistake of the file at once, in line order, each naming PATH:LINE (one per line after "marque: error: ",
// as the errors of a refused hand are); one Error (exit 78).
[[noreturn]] void refuse(const std::string& path, std::vector<Problem> problems) {
  std::stable_sort(problems.begin(), problems.end(),
                   [](const Problem& a, const Problem& b) { return a.line < b.line; });
  std::string message, hint;
  for (const auto& p : problems) {
    message += (message.empty() ? "" : "\nmarque: " + text::tr("cli.error", "error: ")) + path + ":" +
               std::to_string(p.line) + ": " + p.what;
    if (hint.find(p.hint) == std::string::npos) hint += p.hint + "; ";
  }
  throw Error(k_exit_config, message, hint + text::tr("cli.config.hint", "marque config shows what is in force"));
}

using plugins::TomlNode;

// toml++'s words for a syntax mistake (`description`, at `error_line`); a bare word where a value goes
// (league = Thursday) in marque's own
std::string syntax_message(const std::string& text, int error_line, const std::string& description) {
  // the line of the mistake: KEY = WORD, the word not quoted and not a number, true or false
  size_t at = 0;
  for (int line = 1; line < error_line && at != std::string::npos; ++line) {
    at = text.find('\n', at);
    if (at != std::string::npos) ++at;
  }
  if (at != std::string::npos) {
    const std::string line = text.substr(at, text.find('\n', at) - at);
    const size_t eq = line.find('=');
    if (eq != std::string::npos) {
      const size_t from = line.find_first_not_of(" \t", eq + 1);
      const size_t to = line.find_first_of(" \t#,]\r", from);
      const std::string word = from == std::string::npos
                                   ? std::string()
                                   : line.substr(from, to == std::string::npos ? std::string::npos : to - from);
      if (!word.empty() && std::isalpha(static_cast<unsigned char>(word[0])) && word != "true" && word != "false" &&
          word != "inf" && word != "nan" && importers::valid_utf8(word))
        return "'" + clip(word, 40) + "' is not a value: a text needs quotes (\"" + clip(word, 40) +
               "\"); numbers, true and false are written bare";
    }
  }
  // toml++'s "Error while parsing key-value pair: cannot redefine ..." as "key-value pair: cannot redefine ..."
  std::string what(description);
  if (what.rfind("Error while parsing ", 0) == 0) what.erase(0, 20);
  if (!what.empty()) what[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(what[0])));
  return what;
}

// A value as marque keeps it: a string, a whole number, a number, true/false, or an array of one kind of those.
// Anything else (a date or a time, an array of arrays or of tables) is a problem named here.
std::optional<json> value_of(const TomlNode& node, std::string& problem) {
  if (node.kind == TomlNode::string) return json(node.text);
  if (node.kind == TomlNode::integer) return json(node.integer_value);
  if (node.kind == TomlNode::floating) return json(node.floating_value);
  if (node.kind == TomlNode::boolean) return json(node.boolean_value);
  if (node.kind == TomlNode::array) {
    json out = json::array();
    for (const auto& item : node.items) {
      if (item.kind == TomlNode::array || item.kind == TomlNode::table) {
        problem = "arrays inside arrays, and tables inside arrays, are not part of marque's config";
        return std::nullopt;
      }
      auto v = value_of(item, problem);
      if (!v) return std::nullopt;
      if (!out.empty() && out.front().type() != v->type() && !(out.front().is_number() && v->is_number())) {
        problem = "an array mixes kinds of values (text, numbers, true/false)";
        return std::nullopt;
      }
      out.push_back(std::move(*v));
    }
    return out;
  }
  problem = "dates and times are not values marque reads; write a text in quotes, a number, true or false";
  return std::nullopt;
}

// key = value of the top (`table` empty) or of a [GAME] table, into `out`; a shape marque does not read to `problems`
void read_entry(const std::string& table, const TomlNode::Member& member, std::vector<Entry>& out,
                std::vector<Problem>& problems) {
  const int line = member.line;
  const std::string& k = member.key;
  const TomlNode& node = member.node;
  if (node.array_of_tables) {
    problems.push_back(
        {line, "arrays of tables ([[" + k + "]]) are not part of marque's config; write [GAME] tables", syntax_hint()});
    return;
  }
  if (node.kind == TomlNode::table) {
    problems.push_back({line,
                        "a table inside [" + table + "] (" + table + "." + k +
                            ") is not part of marque's config; a [GAME] table holds option = value lines",
                        syntax_hint()});
    return;
  }
  std::string problem;
  auto v = value_of(node, problem);
  if (!v) {
    problems.push_back({line, "\"" + k + "\": " + problem, syntax_hint()});
    return;
  }
  out.push_back({k, std::move(*v), line});
}

// The file's entries, read by toml++ (marque-toml.so): its first syntax mistake (toml++ stops there), or every entry of
// a shape marque does not read, go to `problems`. Tables and entries in file order.
File read_toml(const std::string& text, const std::string& path, std::vector<Problem>& problems) {
  File f;
  f.path = path;
  f.exists = true;
  static const auto read = plugin::marque<plugins::TomlReadFunction>(plugins::k_toml_plugin, plugins::k_toml_read);
  plugins::TomlRead root;
  read(text, path, root);
  if (!root.ok) {
    problems.push_back({root.error_line, syntax_message(text, root.error_line, root.description), syntax_hint()});
    return f;
  }
  for (const auto& member : root.root.members) {
    if (member.node.kind == TomlNode::table) {
      Table table{member.key, member.line, {}};
      for (const auto& m : member.node.members) read_entry(table.name, m, table.entries, problems);
      std::stable_sort(table.entries.begin(), table.entries.end(),
                       [](const Entry& a, const Entry& b) { return a.line < b.line; });
      f.tables.push_back(std::move(table));
    } else {
      read_entry("", member, f.top, problems);
    }
  }
  std::stable_sort(f.top.begin(), f.top.end(), [](const Entry& a, const Entry& b) { return a.line < b.line; });
  std::stable_sort(f.tables.begin(), f.tables.end(), [](const Table& a, const Table& b) { return a.line < b.line; });
  return f;
}

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
  return " " + text::tr("cli.config.did_you_mean", "(did you mean {key}?)", text::Message().text("key", best));
}

const char* const k_top_keys[] = {"db", "league", "venue", "lang"};

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
  auto invalid = [&](int line, const std::string& what) { problems.push_back({line, what, meaning_hint()}); };
  std::vector<std::string> top_keys(std::begin(k_top_keys), std::end(k_top_keys));
  for (const auto& e : f.top) {
    bool known = false;
    for (const auto& k : top_keys) known = known || e.key == k;
    if (!known) {
      const auto& games = rules::all_games();
      if (std::any_of(games.begin(), games.end(), [&](const rules::GameRules* g) { return g->id() == e.key; }))
        invalid(e.line, text::tr("cli.config.game_key",
                                 "\"{key}\" is a game: its house rules go in a table, [{key}], one option per line",
                                 text::Message().text("key", e.key)));
      else
        invalid(e.line,
                text::tr("cli.config.unknown", "unknown setting \"{key}\"", text::Message().text("key", e.key)) +
                    did_you_mean(e.key, top_keys) +
                    text::tr("cli.config.known",
                             "; marque reads db, league, venue and lang, and a [GAME] table of house rules "
                             "per game ({games})",
                             text::Message().text("games", rules::game_list(text::tr("cli.list.or", "or")))));
    } else if (!e.value.is_string()) {
      invalid(e.line, text::tr("cli.config.text", "{key} is a text: write it in quotes ({key} = \"...\")",
                               text::Message().text("key", e.key)));
    } else if (e.value.get<std::string>().empty()) {
      invalid(e.line, text::tr("cli.config.empty", "{key} is empty; leave the line out for none",
                               text::Message().text("key", e.key)));
    } else if (e.key == "lang" && text::language_of(e.value.get<std::string>()) != e.value.get<std::string>()) {
      invalid(e.line, text::tr("cli.config.lang", "lang \"{value}\" is not a language marque speaks: en, fr, hu or el",
                               text::Message().text("value", e.value.get<std::string>())));
    }
  }
  for (const auto& t : f.tables) {
    const rules::GameRules* game = nullptr;
    for (const auto* g : rules::all_games())
      if (g->id() == t.name) game = g;
    if (!game) {
      std::vector<std::string> ids;
      for (const auto* g : rules::all_games()) ids.emplace_back(g->id());
      invalid(t.line, text::tr("cli.config.not_game", "[{table}] is not a game marque knows",
                               text::Message().text("table", t.name)) +
                          did_you_mean(t.name, ids) +
                          text::tr("cli.config.tables", "; the tables are the games: {games}",
                                   text::Message().text("games", rules::game_list(text::tr("cli.list.and", "and")))));
      continue;
    }
    const auto table = game->options();
    std::vector<std::string> ids;
    for (const auto& o : table) ids.push_back(o.id);
    for (const auto& e : t.entries) {
      bool known = false;
      for (const auto& id : ids) known = known || id == e.key;
      if (!known) {
        invalid(e.line, text::tr("cli.config.no_option", "[{table}] has no option \"{key}\"",
                                 text::Message().text("table", t.name).text("key", e.key)) +
                            did_you_mean(e.key, ids) +
                            text::tr("cli.config.options", "; its options are listed by marque rules {game}",
                                     text::Message().text("game", t.name)));
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
  File f = read_toml(text, path, problems);
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
  if (::fstat(fd, &st) != 0)
    throw Error(k_exit_config, "cannot read the config file " + path + ": " + std::strerror(errno));
  struct stat null {};
  if (S_ISCHR(st.st_mode) && ::stat("/dev/null", &null) == 0 && null.st_rdev == st.st_rdev)
    return "";  // --config /dev/null: none
  if (!S_ISREG(st.st_mode))
    throw Error(k_exit_config,
                "the config file " + path + " is " +
                    (S_ISDIR(st.st_mode) ? "a folder" : "not a regular file (a device, a pipe or a socket)"),
                "the config file is a text file of a few lines; marque config shows what is in force");
  std::string text;
  char buf[1 << 16];
  while (true) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw Error(k_exit_config, "cannot read the config file " + path + ": " + std::strerror(errno));
    if (n == 0) break;
    text.append(buf, static_cast<size_t>(n));
    if (text.size() > k_max)
      throw Error(k_exit_config, path + ": a config file of more than 1 MB",
                  "the config file is a text file of a few lines");
  }
  return text;
}

}  // namespace

File load(const std::string& flag) {
  auto [path, by] = locate(flag);
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 && errno == ENOENT) {
    if (by == "--config" || by == "MARQUE_CONFIG")
      throw Error(k_exit_noinput, text::tr("cli.config.missing", "config file {path} (named by {by}) does not exist",
                                           text::Message().text("path", path).text("by", by)));
    File none;
    none.path = path;
    none.located_by = by;
    return none;
  }
  std::string s = read_config_text(path);
  // the mistakes of its syntax and of its meaning, all at once
  std::vector<Problem> problems;
  File f = read_toml(s, path, problems);
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

Setting resolve(const std::string& key, const std::string& flag_value, const std::string& flag_name,
                const char* env_name, const File& file, const std::string& fallback) {
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
