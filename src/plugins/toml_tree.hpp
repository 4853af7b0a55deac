// A config file's TOML as a plain tree: what marque-toml.so (src/plugins/toml.cpp: toml++) hands to cli/config.cpp,
// which reads it. Only the plugin sees toml++, loaded when a config file exists (core/plugin.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace marque::plugins {

struct TomlNode {
  enum Kind { string, integer, floating, boolean, array, table, other } kind = other;  // other: a date or a time
  bool array_of_tables = false;  // toml++'s is_array_of_tables(): a non-empty array of tables only
  std::string text;
  std::int64_t integer_value = 0;
  double floating_value = 0;
  bool boolean_value = false;
  std::vector<TomlNode> items;  // an array's
  struct Member;
  std::vector<Member> members;  // a table's key = value, in toml++'s order (by key)
};
struct TomlNode::Member {
  std::string key;
  int line = 0;  // the key's line
  TomlNode node;
};

struct TomlRead {
  bool ok = true;           // false: `root` is empty, and the first syntax mistake is below (toml++ stops there)
  int error_line = 0;       // its line
  std::string description;  // toml++'s words for it
  TomlNode root;            // a table
};

// marque-toml.so's one function: `text` (the file at `path`) read into `out`
using TomlReadFunction = void (*)(const std::string& text, const std::string& path, TomlRead& out);
inline constexpr const char* k_toml_plugin = "marque-toml.so";
inline constexpr const char* k_toml_read = "marque_toml_read";

}  // namespace marque::plugins
