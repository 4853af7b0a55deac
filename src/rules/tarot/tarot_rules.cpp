// Placeholder until the tarot engine lands: reported as not implemented (cases skipped, files refused).
#include "rules/engine.hpp"
#include "rules/games.hpp"

namespace marque::rules {
namespace {
class Stub final : public GameRules {
public:
  std::string_view id() const override { return "tarot"; }
  std::string_view title() const override { return "tarot"; }
  int rules_version() const override { return 0; }
  bool implemented() const override { return false; }
  std::vector<OptionSpec> options() const override { return {}; }
  std::vector<FieldSpec> fields() const override { return {}; }
  std::unique_ptr<Game> start(const json&, Diagnostics& d) const override {
    d.error("game", "tarot.not_implemented", "tarot is not implemented yet");
    return nullptr;
  }
  json record_from_args(const std::vector<std::pair<std::string, std::string>>&, const Game&,
                        Diagnostics& d) const override {
    d.error("game", "tarot.not_implemented", "tarot is not implemented yet");
    return json::object();
  }
  std::string render_sheet(const json&, const ojson&) const override { return ""; }
};
}  // namespace
const GameRules& tarot_rules() {
  static const Stub s;
  return s;
}
}  // namespace marque::rules
