#include "core/json.hpp"

#include "rules/common/values.hpp"

#include "core/unicode.hpp"

#include <cmath>

namespace marque::rules::common {

bool is_whole(const nlohmann::json& v) {
  if (v.is_number_integer()) return true;
  if (!v.is_number_float()) return false;
  const std::optional<Amount> a = amount_of(v, 1);
  return a && a->units < 1'000'000'000'000'000 && a->units > -1'000'000'000'000'000;
}

std::optional<int64_t> whole_in(const nlohmann::json& v, int64_t lo, int64_t hi) {
  if (!is_whole(v)) return std::nullopt;
  int64_t x = 0;
  if (v.is_number_unsigned()) {
    if (v.get<uint64_t>() > static_cast<uint64_t>(INT64_MAX)) return std::nullopt;
    x = static_cast<int64_t>(v.get<uint64_t>());
  } else {
    x = v.is_number_integer() ? v.get<int64_t>() : amount_of(v, 1)->units;
  }
  if (x < lo || x > hi) return std::nullopt;
  return x;
}

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string show(const nlohmann::json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

std::string show_quoted(const nlohmann::json& v, char quote) {
  return v.is_string() ? quote + v.get<std::string>() + quote : v.dump();
}

text::Message quoted(const nlohmann::json& v) {
  return text::Message("rules.quoted").text("string", v.is_string() ? "yes" : "no").text("value", show(v));
}

int player_index(const std::vector<std::string>& players, const std::string& name) {
  for (size_t i = 0; i < players.size(); ++i)
    if (players[i] == name) return static_cast<int>(i);
  for (size_t i = 0; i < players.size(); ++i)
    if (unicode::same_name(players[i], name)) return static_cast<int>(i);
  return -1;
}

text::Labels game_labels(text::Labels own, const text::Labels& options) {
  own.reserve(own.size() + options.size() + 12);  // one allocation more: the options and the entries below
  own.add(options);
  own.add({
      text::said_label("players", "players {}"),
      text::said_label("first_dealer", "first dealer {}"),
      text::said_label("dealer", "dealer {}"),
      text::said_label("hand", "hand {}"),
      text::said_label("note", "note: {}"),
      text::said_label("options", "options: {}"),
      text::said_label("options={}", "the rules' options"),
      text::said_label("=none", "none"),
      text::said_label("=off", "off"),
      text::said_label("=on", "on"),
      text::said_label("=yes", "yes"),
      text::said_label("=no", "no"),
  });
  return own;
}

}  // namespace marque::rules::common
