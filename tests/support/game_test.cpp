// What the games' unit tests share: see game_test.hpp.
#include "support/game_test.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

namespace marque::test {

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

json example(const std::string& name) {
  return json::parse(read_text(std::string(MARQUE_SOURCE_DIR) + "/examples/" + name + ".json"));
}

json j(const char* text) { return json::parse(text); }

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

json game_file(const std::string& game, const json& setup, const json& hands) {
  json list = hands.is_object() ? json::array({hands}) : hands;
  return {{"format", "marque-game/1"}, {"game", game}, {"setup", setup}, {"hands", list}};
}

json with(json record, const json& changes, bool null_removes) {
  for (auto it = changes.begin(); it != changes.end(); ++it) {
    if (null_removes && it.value().is_null())
      record.erase(it.key());
    else
      record[it.key()] = it.value();
  }
  return record;
}

ojson scored(const json& file) {
  rules::Replay r = rules::replay(file);
  if (!r.ok) {
    std::string why;
    for (const auto& d : r.diags.items()) why += d.text() + "\n";
    FAIL(why);
  }
  return r.score;
}

Diagnostic first_error(const rules::Replay& r) {
  REQUIRE_FALSE(r.ok);
  REQUIRE_FALSE(r.diags.errors().empty());
  return r.diags.errors().front();
}

Diagnostic first_error(const json& file) { return first_error(rules::replay(file)); }

std::vector<std::string> warning_codes(const Diagnostics& d, int hand) {
  std::vector<std::string> codes;
  for (const auto& w : d.warnings())
    if (hand == 0 || w.hand == hand) codes.push_back(w.code);
  return codes;
}

bool has_warning(const Diagnostics& d, const std::string& code) {
  for (const auto& w : d.warnings())
    if (!w.code.empty() && w.code == code) return true;
  return false;
}

bool has_warning(const rules::Replay& r, const std::string& code) { return has_warning(r.diags, code); }

ojson entry_of(const rules::GameRules& game, const json& file, const rules::Answers& answers) {
  rules::Trial t = rules::try_answers(game, file, answers);
  for (const auto& e : t.errors) FAIL(e.text() << " (" << e.code << ")");
  REQUIRE(t.entry.has_value());
  return *t.entry;
}

std::vector<std::string> values(const std::vector<rules::Choice>& choices) {
  std::vector<std::string> v;
  for (const auto& c : choices) v.push_back(c.value);
  return v;
}

std::vector<std::string> values(const rules::Question& q) { return values(q.choices); }

}  // namespace marque::test
