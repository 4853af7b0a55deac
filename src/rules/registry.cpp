#include "rules/registry.hpp"

#include "rules/engine.hpp"

namespace marque::rules {

namespace {
std::vector<const GameRules*>& games() {
  static std::vector<const GameRules*> list = {&tarot_rules(), &coinche_rules(), &prefa_rules(), &piquet_rules(),
                                               &alsos_rules()};
  return list;
}
}  // namespace

const std::vector<const GameRules*>& all_games() { return games(); }

const GameRules* find_game(std::string_view id) {
  for (const auto* g : games())
    if (g->id() == id) return g;
  return nullptr;
}

std::string game_list(const std::string& last) {
  std::string out;
  const auto& list = games();
  for (size_t i = 0; i < list.size(); ++i) {
    if (i) out += i + 1 == list.size() && last != "," ? " " + last + " " : ", ";
    out += list[i]->id();
  }
  return out;
}

text::Message game_list_words() {
  const auto& list = games();
  const size_t n = list.size();
  if (n < 2) return text::Message("rules.list.one").text("item", n ? std::string(list[0]->id()) : std::string());
  text::Message m = text::Message("rules.list.or")
                        .text("first", std::string(list[n - 2]->id()))
                        .text("last", std::string(list[n - 1]->id()));
  for (size_t i = n - 2; i-- > 0;)
    m = text::Message("rules.list.comma").text("first", std::string(list[i]->id())).message("rest", std::move(m));
  return m;
}

void register_game(const GameRules& game) {
  if (!find_game(game.id())) games().push_back(&game);
}

}  // namespace marque::rules
