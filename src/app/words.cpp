// What a scorer types: key=value words checked before any rule sees them (a key given twice, an empty name in a
// list), the game's record made from them, and "did you mean" for a mistyped key, value or name.
#include "app/internal.hpp"

#include <algorithm>
#include <cctype>

#include "core/unicode.hpp"

namespace marque::app {

rules::Words checked_words(const rules::Words& words) {
  Diagnostics d;
  for (size_t i = 0; i < words.size(); ++i) {
    const auto& [key, value] = words[i];
    for (size_t k = 0; k < i; ++k)
      if (words[k].first == key) {
        d.error(key, "cli.duplicate_key",
                text::Message("app.err.duplicate_key")
                    .text("key", key)
                    .text("first", clip(words[k].second, 30))
                    .text("second", clip(value, 30)),
                catalogue());
        break;
      }
    // an empty item in a comma-separated list (players=Ann,,Cat) is a slip, never meant
    if (value.find(",,") != std::string::npos || (!value.empty() && (value.front() == ',' || value.back() == ',')))
      d.error(key, "cli.empty_item", text::Message("app.err.empty_item").text("value", clip(value, 60)), catalogue());
  }
  if (d.has_errors()) throw Rejected(d);
  return words;
}

namespace {

// The words of a message's list ("...; the players are Ann, Ben, Cat", "...; the keys are: dealer, bidder"): the
// part after its last ';' or ':', without the words that announce it ("the players are", "the ladder is").
std::vector<std::string> listed_in(const std::string& message) {
  const size_t semi = message.rfind(';'), colon = message.rfind(':');
  size_t at = semi == std::string::npos ? colon : colon == std::string::npos ? semi : std::max(semi, colon);
  std::vector<std::string> out;
  if (at == std::string::npos) return out;
  for (const char* verb : {" are ", " is "})
    if (size_t v = message.find(verb, at); v != std::string::npos) {
      at = v + std::char_traits<char>::length(verb) - 1;
      break;
    }
  std::string word;
  auto flush = [&] {
    if (word.size() >= 1) out.push_back(word);
    word.clear();
  };
  for (size_t i = at + 1; i < message.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(message[i]);
    if (std::isalnum(c) || c == '_' || c >= 0x80)
      word += static_cast<char>(c);
    else
      flush();
  }
  flush();
  return out;
}

// Whether `message` names `word`: in quotes ('Bne', '2'), or bare as a word of its own when it has a letter
// ("unknown player Bne; ..."), never inside a longer word.
bool names_word(const std::string& message, const std::string& word) {
  if (message.find("'" + word + "'") != std::string::npos) return true;
  auto word_char = [](unsigned char c) { return std::isalnum(c) || c == '_' || c >= 0x80; };
  if (std::none_of(word.begin(), word.end(), [](char c) {
        return std::isalpha(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80;
      }))
    return false;
  for (size_t at = message.find(word); !word.empty() && at != std::string::npos; at = message.find(word, at + 1)) {
    const size_t end = at + word.size();
    if ((at == 0 || !word_char(static_cast<unsigned char>(message[at - 1]))) &&
        (end == message.size() || !word_char(static_cast<unsigned char>(message[end]))))
      return true;
  }
  return false;
}

// The words a typed value holds: itself, and the items of a list of NAME:VALUE pairs (kontra=ágnes:late,
// tricks=Ann:2,Cat:5 give "ágnes", "late", "Ann" ...), each under the word's key.
void add_items(rules::Words& out, const std::string& key, const std::string& value) {
  out.emplace_back(key, value);
  for (const auto& item : rules::split_list(value))
    for (const auto& part : rules::split_list(item, ':'))
      if (part != value) out.emplace_back(key, part);
}

}  // namespace

Diagnostics with_suggestions(const Diagnostics& diags, const rules::GameRules& rules,
                             const std::vector<std::string>& players, const rules::Words& words, const json& record) {
  // the typed words and the items of their lists, and the record's own string values and names (a record given as
  // JSON, or a value the rules check later)
  rules::Words all;
  for (const auto& [key, value] : words) add_items(all, key, value);
  if (record.is_object()) {
    for (auto it = record.begin(); it != record.end(); ++it)
      if (it->is_string()) all.emplace_back(it.key(), it->get<std::string>());
    for (const auto& p : rules.name_paths().record) {
      const auto path = rules::split_list(p, '.');
      each_name(record, path, [&](const std::string& name) { all.emplace_back(path.front(), name); });
    }
  }
  Diagnostics out;
  std::vector<std::string> lists_said;  // a long list of keys is said once, not under every unknown key
  for (const auto& item : diags.items()) {
    std::string message = item.message;
    std::vector<std::string> suggested;
    if (item.error && message.find("did you mean") == std::string::npos) {
      const std::vector<std::string> listed = listed_in(message);
      // the word this error is about: its key (an unknown key) or its value (an unknown value)
      for (const auto& [key, value] : all) {
        const bool about_key = item.field == key && message.find("'" + key + "'") != std::string::npos;
        // (a short key names its field's end: kontra= for game_kontra)
        const bool about_value = !about_key && !value.empty() && names_word(message, value) &&
                                 (item.field == key || item.field.rfind(key, 0) == 0 || key.rfind(item.field, 0) == 0 ||
                                  item.field.ends_with("_" + key));
        if (!about_key && !about_value) continue;
        // a key is one of the fields; a value one of the legal values or a player
        std::vector<std::string> candidates = listed;
        for (const auto& f : rules.fields()) {
          if (about_key) candidates.push_back(f.name);
          if (about_value && (item.field == f.name || key == f.name))
            candidates.insert(candidates.end(), f.values.begin(), f.values.end());
        }
        if (about_value) candidates.insert(candidates.end(), players.begin(), players.end());
        // a player or a legal value that the message repeats (in the list it ends with) is not the mistake
        const std::string& v = value;  // a structured binding is not captured by a lambda under clang 14
        if (about_value && std::any_of(candidates.begin(), candidates.end(),
                                       [&](const std::string& c) { return unicode::same_name(c, v); }))
          continue;
        const size_t semi = message.find("; ");
        if (about_key && semi != std::string::npos) {
          const std::string list = message.substr(semi);
          if (std::find(lists_said.begin(), lists_said.end(), list) != lists_said.end())
            message = message.substr(0, semi);
          else
            lists_said.push_back(list);
        }
        std::string hint = unicode::did_you_mean(about_key ? key : value, candidates);
        if (!hint.empty()) message += " — " + hint;
        suggested = unicode::suggestions(about_key ? key : value, candidates);
        break;
      }
    }
    Diagnostic copy = item;
    copy.message = message;
    copy.suggestions = suggested;
    out.push(std::move(copy));
  }
  return out;
}

namespace {

// the words with the players' own words read as ids; a native word that names several ids is refused
rules::Words native_words(const rules::GameRules& rules, const rules::Words& words) {
  Diagnostics d;
  rules::Words w = rules::native_to_ids(rules, checked_words(words), d);
  if (d.has_errors()) throw Rejected(d);
  return w;
}

}  // namespace

json record_from_words(const rules::GameRules& rules, const rules::Game& before, const rules::Words& words) {
  rules::Words w = native_words(rules, words);
  Diagnostics d;
  json rec = rules.record_from_args(w, before, d);
  if (d.has_errors()) throw Rejected(with_suggestions(d, rules, before.players(), w));
  return rec;
}

json setup_from_words(const rules::GameRules& rules, const rules::Words& words) {
  rules::Words w = native_words(rules, words);
  Diagnostics d;
  json setup = rules.setup_from_args(w, d);
  if (d.has_errors()) throw Rejected(with_suggestions(d, rules, {}, w));
  return setup;
}

rules::Words table_words(const std::vector<std::string>& players, const std::string& dealer) {
  Diagnostics d;
  std::string list;
  for (size_t i = 0; i < players.size(); ++i) {
    const std::string name = trimmed_name(players[i]);
    if (name.empty())
      d.error("players", "setup.players_name", text::Message("app.err.seat_empty").text("seat", std::to_string(i + 1)),
              catalogue());
    else if (name.find_first_of(",=") != std::string::npos)
      d.error("players", "setup.players_name", text::Message("app.err.name_separator").text("name", clip(name, 60)),
              catalogue());
    list += (i ? "," : "") + name;
  }
  if (players.empty()) d.error("players", "setup.players", text::Message("app.err.no_player_chosen"), catalogue());
  if (d.has_errors()) throw Rejected(d);
  rules::Words words{{"players", list}};
  if (!trimmed_name(dealer).empty()) words.emplace_back("dealer", trimmed_name(dealer));
  return words;
}

json edited_record(const rules::GameRules& rules, const rules::Game& before, const json& old, const rules::Words& words,
                   bool replace) {
  json changes = record_from_words(rules, before, words);
  if (replace) return changes;
  json rec = old;
  // a key is typed when it differs from what the game fills in by itself (e.g. the dealer), so aliases
  // (points= for bidder_card_points, kontra= for game_kontra ...) replace the old value
  Diagnostics ignored;
  json defaults = rules.record_from_args({}, before, ignored);
  for (auto it = changes.begin(); it != changes.end(); ++it) {
    bool is_default = defaults.is_object() && defaults.contains(it.key()) && defaults[it.key()] == it.value();
    if (!is_default || !rec.contains(it.key())) rec[it.key()] = it.value();
  }
  return rec;
}

}  // namespace marque::app
