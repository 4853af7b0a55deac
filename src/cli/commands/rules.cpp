// marque rules [GAME]: the games, and a game's hand fields and options.
#include <iostream>
#include <limits>

#include "cli/common.hpp"
#include "core/language.hpp"
#include "reports/text_table.hpp"

namespace marque::cli::commands {

namespace {

// " [a, b, c]": the legal values after a help text, "" when free.
template <class T, class Show>
std::string legal_values(const std::vector<T>& values, Show show) {
  if (values.empty()) return "";
  std::string s = " [";
  for (size_t i = 0; i < values.size(); ++i) s += (i ? ", " : "") + show(values[i]);
  return s + "]";
}

// " (1 to 1000)": an integer option's range, "" when it has none.
std::string range_of(const rules::OptionSpec& o) {
  constexpr long long lowest = std::numeric_limits<long long>::min(), highest = std::numeric_limits<long long>::max();
  if (o.min == lowest && o.max == highest) return "";
  const text::Message range = text::Message().number("min", o.min).number("max", o.max);
  if (o.max == highest) return " " + text::tr("cli.rules.at_least", "(at least {min})", range);
  if (o.min == lowest) return " " + text::tr("cli.rules.at_most", "(at most {max})", range);
  return " " + text::tr("cli.rules.range", "({min} to {max})", range);
}

// A table indented under its heading.
void print_indented(const reports::TextTable& table) {
  std::string text = table.render();
  for (size_t at = 0; at < text.size();) {
    size_t end = text.find('\n', at);
    std::cout << "  " << text.substr(at, end - at + 1);
    at = end + 1;
  }
}

void print_rules(const rules::GameRules& gr) {
  using text::tr;
  std::cout << app::local_game_title(std::string(gr.id())) << " (" << gr.id() << "), "
            << tr("cli.rules.version", "rules version {version}",
                  text::Message().text("version", std::to_string(gr.rules_version())))
            << "\n\n"
            << tr("cli.rules.fields", "hand fields:") << "\n";
  reports::TextTable fields;
  fields.row({tr("cli.rules.field", "field"), tr("cli.rules.type", "type"), "", tr("cli.rules.what", "what")});
  // a description in the language, by its id (rules/common/help_text.hpp); the values are ids, typed as they are
  const std::string game(gr.id()), lang = text::language();
  for (const auto& f : gr.fields())
    fields.row({f.name,
                tr("cli.rules.type_name",
                   "{type, select, string {string} int {int} number {number} bool {bool} player {player} enum {enum} "
                   "object {object} array {array} list {list} any {any} other {{type}}}",
                   text::Message().text("type", f.type)),
                f.required ? tr("cli.rules.required", "required") : "",
                text::translate(game + ".field." + f.name, f.help, lang) +
                    legal_values(f.values, [](const std::string& v) { return v; })});
  print_indented(fields);
  std::cout << "\n" << tr("cli.rules.options", "options (option.ID=VALUE when starting a game):") << "\n";
  reports::TextTable options;
  options.row({tr("cli.rules.option", "option"), tr("cli.rules.default", "default"), tr("cli.rules.what", "what")});
  for (const auto& o : gr.options())
    options.row({o.id, o.default_value.dump(),
                 text::translate(game + ".option." + o.id, o.help, lang) +
                     legal_values(o.values, [](const rules::json& v) { return v.dump(); }) + range_of(o)});
  print_indented(options);
}

}  // namespace

CommandRecord add_rules(CLI::App& app, Context&, Commands& out) {
  auto game = std::make_shared<std::string>();
  auto* rules_cmd = app.add_subcommand("rules", text::tr("help.rules", "the games, their hand fields and options"));
  rules_cmd->add_option("game", *game, rules::game_list(text::tr("cli.list.or", "or")));
  out.push_back({rules_cmd, [game] {
                   if (game->empty()) {
                     for (const auto* gr : rules::all_games())
                       std::cout << gr->id() << "  " << app::local_game_title(std::string(gr->id())) << "\n";
                     return 0;
                   }
                   print_rules(app::game_rules(*game));
                   return 0;
                 }});
  return {"rules", false};
}

}  // namespace marque::cli::commands
