// The club's config file ($XDG_CONFIG_HOME/marque/config.toml): where it is, what it says and where each setting in
// force comes from. Precedence is marque's own, not CLI11's: command line > environment > config file > default.
// The file is TOML, read by toml++ (Debian's libtomlplusplus); of it marque reads key = value lines and [GAME] tables of
// strings, numbers, booleans and arrays of those, and a mistake is an error naming the file and line (exit 78) rather
// than a line silently skipped. No CLI11 here: the unit tests compile this file.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json.hpp"

namespace marque::cli::config {

// sysexits.h EX_CONFIG: the config file is malformed or says something marque does not know
inline constexpr int k_exit_config = 78;

struct Entry {
  std::string key;
  nlohmann::json value;  // string, integer, float, boolean or array of those
  int line = 0;
};
struct Table {
  std::string name;  // a game's id ([coinche])
  int line = 0;
  std::vector<Entry> entries;
  const Entry* find(std::string_view key) const;
};

struct File {
  std::string path;        // the file read, or looked for when it does not exist
  std::string located_by;  // "--config", "MARQUE_CONFIG", "XDG_CONFIG_HOME" or "HOME"
  bool exists = false;
  std::vector<Entry> top;     // db, league, venue
  std::vector<Table> tables;  // [GAME] house rules, in file order
  const Entry* find(std::string_view key) const;
  const Table* table(std::string_view name) const;
};

// The text of a config file as entries. A malformed file throws one Error(k_exit_config), "PATH:LINE: what is wrong":
// its first syntax mistake (toml++ stops there), or else every entry of a shape marque does not read (a table inside a
// table, an array of tables, a date, an array of arrays or of mixed kinds), in line order.
File parse(const std::string& text, const std::string& path);
// What marque reads: db, league and venue (strings), and one [GAME] table per game kind whose keys are the game's
// option ids and values legal for them (GameRules::options()). Anything else throws one Error(k_exit_config) naming
// every such line, "PATH:LINE: ...".
void validate(const File& file);
// Where the config file is: `flag` (--config) when given, else $MARQUE_CONFIG, else
// $XDG_CONFIG_HOME/marque/config.toml (an empty or relative XDG_CONFIG_HOME counts as unset, as the XDG spec says),
// else $HOME/.config/marque/config.toml. Returns (path, located_by).
std::pair<std::string, std::string> locate(const std::string& flag);
// Locate, read (no file = no settings, unless it was named by --config or MARQUE_CONFIG: exit 66), parse, validate:
// the mistakes of both, all in one Error.
File load(const std::string& flag);

// A path value of the file (db): "~/" is the home folder; a relative path is relative to the file's folder.
std::string path_value(const File& file, const Entry& entry);
// A value as the config file would write it: strings quoted, arrays in brackets.
std::string toml_text(const nlohmann::json& value);

// A setting in force and where it comes from, e.g. {"/tmp/x.db", "environment (MARQUE_DB)"}.
struct Setting {
  std::string key;
  std::string value;   // "" = none
  std::string source;  // "command line (--db)", "environment (MARQUE_DB)", "config file, line 3", "default"
  int line = 0;        // its line in the config file (0 = not from it)
};
// The first of: the command line's value, the environment variable's (empty = unset), the config file's entry,
// the default.
Setting resolve(const std::string& key, const std::string& flag_value, const std::string& flag_name,
                const char* env_name, const File& file, const std::string& fallback);

}  // namespace marque::cli::config
