// marque-toml.so: a config file's TOML read by toml++ (Debian's libtomlplusplus, its shared library: built with
// exceptions) into the plain tree of toml_tree.hpp. Loaded by cli/config.cpp when a config file exists
// (core/plugin.hpp): libtomlplusplus linked into every run cost each command its loading and relocations
// (docs/measurements.md, session 16). The only file that sees toml++.
#include "plugins/toml_tree.hpp"

#include <toml++/toml.h>

namespace {

using marque::plugins::TomlNode;

int line_of(const toml::source_region& where) { return static_cast<int>(where.begin.line); }

TomlNode convert(const toml::node& node) {
  TomlNode out;
  if (const auto* s = node.as_string()) {
    out.kind = TomlNode::string;
    out.text = s->get();
  } else if (const auto* i = node.as_integer()) {
    out.kind = TomlNode::integer;
    out.integer_value = i->get();
  } else if (const auto* d = node.as_floating_point()) {
    out.kind = TomlNode::floating;
    out.floating_value = d->get();
  } else if (const auto* b = node.as_boolean()) {
    out.kind = TomlNode::boolean;
    out.boolean_value = b->get();
  } else if (const auto* a = node.as_array()) {
    out.kind = TomlNode::array;
    out.array_of_tables = node.is_array_of_tables();
    for (const auto& item : *a) out.items.push_back(convert(item));
  } else if (const auto* t = node.as_table()) {
    out.kind = TomlNode::table;
    for (const auto& [key, value] : *t)
      out.members.push_back({std::string(key.str()), line_of(key.source()), convert(value)});
  }
  return out;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) void marque_toml_read(const std::string& text,
                                                                        const std::string& path,
                                                                        marque::plugins::TomlRead& out) {
  toml::table root;
  try {
    root = toml::parse(std::string_view(text), std::string_view(path));
  } catch (const toml::parse_error& e) {
    out.ok = false;
    out.error_line = line_of(e.source());
    out.description = std::string(e.description());
    return;
  } catch (const std::exception& e) {  // nothing thrown out of a plugin (marque has its own libstdc++)
    out.ok = false;
    out.description = e.what();
    return;
  }
  try {
    out.root = convert(root);
  } catch (const std::exception& e) {
    out.ok = false;
    out.description = e.what();
  }
}
