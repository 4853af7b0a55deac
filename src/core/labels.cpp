#include "core/labels.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <tuple>

#include "core/language.hpp"
#include "core/text.hpp"

namespace marque::text {

namespace {

using json = nlohmann::json;

std::string_view last_part(std::string_view path) {
  const auto dot = path.rfind('.');
  return dot == std::string_view::npos ? path : path.substr(dot + 1);
}

// an id as the code spells it ("petit_au_bout"), not a name a person typed
bool is_id(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return false;
  return true;
}

// A translated label may say its value as the ICU argument {n} instead of "{}", so that a count reads right for 1
// and for many: "après {n, plural, one {{n} donne} other {{n} donnes}}" (English keeps "after {} deals").
bool counts(std::string_view label) {
  return label.find("{}") == std::string_view::npos && label.find("{n") != std::string_view::npos;
}

// such a label said with its value: a whole number as a number (plural rules, the language's digits); any other
// value in the place of the 2 of its form for 2 ("other" in every language marque speaks)
std::string counted(std::string_view label, const std::string& value, const json* v) {
  Catalogue c;  // for this call only: its entry views `label`
  c.locale = language();
  c.patterns.add_static("label", label);
  const bool whole = v && v->is_number_integer();
  std::string s = say(Message("label").number("n", whole ? v->get<int64_t>() : 2), c);
  if (whole) return s;
  if (const auto at = s.find('2'); at != std::string::npos) s.replace(at, 1, value);
  return s;
}

// the label with the value in its place: "{} points" + "47" -> "47 points"; "taker" + "Ann" -> "taker Ann"; v the
// value itself when it is one (a count said by a label's {n})
std::string placed(std::string_view label, const std::string& value, const json* v = nullptr) {
  const auto at = label.find("{}");
  if (at != std::string_view::npos) return std::string(label.substr(0, at)).append(value).append(label.substr(at + 2));
  if (counts(label)) return counted(label, value, v);
  if (label.empty() || value.empty()) return std::string(label).append(value);
  return std::string(label).append(" ").append(value);
}

std::string scalar_text(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_null()) return "null";
  if (v.is_number())
    return language() == "en" ? format_number(v.get<double>()) : local_number(v.get<double>(), language());
  return "";
}

}  // namespace

Labels::Labels(std::initializer_list<std::pair<std::string_view, std::string_view>> table) { add(table); }

void Labels::add(std::initializer_list<std::pair<std::string_view, std::string_view>> table) {
  m_table.reserve(m_table.size() + table.size());
  for (const auto& [id, label] : table) m_table.add_static(id, label);
}

void Labels::add(std::string id, std::string label) { m_table.add(id, label); }

void Labels::add(const Labels& other) { m_table.add(other.m_table); }

const std::string_view* Labels::find(std::string_view id) const {
  const auto* e = m_table.find(id);
  if (!e) return nullptr;
  const std::string& lang = language();
  if (lang == "en" || e->second.empty()) return &e->second;
  // the label in the reader's language (its id the msgctxt, its English the msgid: said_label), kept for the thread
  struct Said {
    std::string text;
    std::string_view view;  // of text
  };
  thread_local std::map<std::tuple<std::string, std::string, std::string>, Said> said;
  auto key = std::make_tuple(lang, std::string(e->first), std::string(e->second));
  auto at = said.find(key);
  if (at == said.end()) {
    at = said.emplace(key, Said{translate(e->first, e->second, lang), {}}).first;
    at->second.view = at->second.text;
  }
  return &at->second.view;
}

namespace {

// "a.b.c", then "b.c", then "c": the most particular label first
template <class F>
const std::string_view* by_suffix(std::string_view path, F look) {
  for (std::string_view p = path;;) {
    if (const auto* l = look(p)) return l;
    const auto dot = p.find('.');
    if (dot == std::string_view::npos) return nullptr;
    p = p.substr(dot + 1);
  }
}

}  // namespace

const std::string_view* Labels::key_label(std::string_view path) const {
  return by_suffix(path, [&](std::string_view p) { return find(p); });
}

const std::string_view* Labels::own_value_label(std::string_view path, std::string_view value) const {
  return by_suffix(path, [&](std::string_view p) { return find(std::string(p) + "=" + std::string(value)); });
}

const std::string_view* Labels::value_label(std::string_view path, std::string_view value) const {
  if (const auto* l = own_value_label(path, value)) return l;
  return find("=" + std::string(value));
}

std::string Labels::key(std::string_view path) const {
  if (const auto* l = key_label(path)) {
    std::string s(*l);
    if (counts(s)) s = counted(s, "{}", nullptr);  // its words for many, the count taken out below as "{}" is
    if (const auto at = s.find("{}"); at != std::string::npos) {
      s.erase(at, 2);
      if (const auto twice = s.find("  "); twice != std::string::npos) s.erase(twice, 1);  // "stake {} a point"
      while (!s.empty() && s.front() == ' ') s.erase(0, 1);
      // the label's own punctuation after it: "stake:", French "fin\u00a0:" (a no-break space before the colon)
      std::string_view kept(s);
      for (bool more = true; more;) {
        more = false;
        for (const std::string_view end : {" ", ":", "\u00a0", "\u202f"})
          if (kept.ends_with(end)) {
            kept.remove_suffix(end.size());
            more = true;
          }
      }
      s = std::string(kept);
    }
    return s;
  }
  std::string s(last_part(path));
  if (is_id(s))
    for (auto& c : s)
      if (c == '_') c = ' ';
  return s;
}

namespace {

// The members of an object, item by item in the order of the table (the order a scorer says them: who took what, then
// the bonuses; "poignée Ben simple"), the keys it does not know last.
std::string members(const Labels& labels, const json& o, const std::string& path, std::string_view sep) {
  if (!o.is_object()) return labels.value(path, o);
  auto rank = [&](const std::string& key) {
    if (!path.empty())
      if (const size_t at = labels.rank(path + "." + key); at != std::string::npos) return at;
    return labels.rank(key);  // npos, after every id of the table, when none
  };
  std::vector<std::pair<size_t, std::string>> keys;
  for (auto it = o.begin(); it != o.end(); ++it) keys.emplace_back(rank(it.key()), it.key());
  std::stable_sort(keys.begin(), keys.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::string s;
  for (const auto& [at, key] : keys) {
    std::string part = labels.item(path.empty() ? key : path + "." + key, o[key]);
    if (!part.empty()) s += (s.empty() ? "" : std::string(sep)) + part;
  }
  return s;
}

}  // namespace

std::string Labels::value(std::string_view path, const json& v) const {
  if (v.is_array()) {
    std::string s;
    for (const auto& e : v) {
      const std::string one = e.is_object() ? members(*this, e, std::string(path), " ") : value(path, e);
      if (!one.empty()) s += (s.empty() ? "" : ", ") + one;
    }
    return s;
  }
  if (v.is_object()) return members(*this, v, std::string(path), ", ");
  const std::string t = scalar_text(v);
  if (const auto* l = value_label(path, t)) return std::string(*l);
  if (v.is_boolean()) return v.get<bool>() ? "yes" : "no";
  if (v.is_null()) return "none";
  return t;
}

std::string Labels::item(std::string_view path, const json& v) const {
  const std::string_view* label = key_label(path);
  const std::string bare = key(path);
  const std::string full = label ? std::string(*label) : bare;
  if (v.is_array() || v.is_object()) {
    if (v.empty()) {
      if (const auto* l = value_label(path, v.is_array() ? "[]" : "{}")) return std::string(*l);
      return "no " + bare;
    }
    return placed(full, value(path, v));
  }
  const std::string t = scalar_text(v);
  // a label of this key's value says the whole item ("no petit au bout"); a value's label anywhere goes in its place
  if (const auto* l = own_value_label(path, t)) return std::string(*l);
  if (v.is_boolean()) return v.get<bool>() ? bare : "no " + bare;
  if (v.is_null()) return "no " + bare;
  if (const auto* l = find("=" + t)) return placed(full, std::string(*l));
  return placed(full, t, &v);
}

std::string Labels::record(const json& r, std::string_view sep) const { return members(*this, r, "", sep); }

std::vector<std::string> Labels::ids() const {
  std::vector<std::string> out;
  for (const auto& e : m_table)
    if (m_table.unique(e)) out.emplace_back(e.first);
  return out;
}

size_t Labels::rank(std::string_view id) const {
  const auto* e = m_table.find(id);
  return e ? m_table.position(e) : std::string::npos;
}

}  // namespace marque::text
