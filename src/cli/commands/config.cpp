// marque config [--format json]: the settings in force and where each comes from (command line, environment, the
// config file and its line, or the default), and the house rules per game.
#include "cli/common.hpp"
#include "core/language.hpp"
#include "reports/text_table.hpp"

namespace marque::cli::commands {

CommandRecord add_config(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    std::string format = "text";
  };
  auto o = std::make_shared<Options>();
  auto* c = app.add_subcommand(
      "config", text::tr("help.config",
                         "show the settings in force and where each comes from (config file, environment, default)"));
  add_format(c, o->format);
  std::string first_game = rules::all_games().empty() ? "GAME" : std::string(rules::all_games().front()->id());
  c->footer(
      "The config file is TOML: $XDG_CONFIG_HOME/marque/config.toml (~/.config/marque/config.toml), or --config FILE,\n"
      "or $MARQUE_CONFIG. It holds db, league and venue (the default database, and what marque start records when\n"
      "--league / --venue are not given), and one table per game of the club's house rules, the game's options\n"
      "(marque rules GAME), which marque start uses unless the command line gives the option:\n"
      "  db = \"~/club/marque.db\"\n"
      "  league = \"Thursday club\"\n"
      "  [" +
      first_game +
      "]\n"
      "  option_id = value\n"
      "Precedence: command line > environment (MARQUE_DB) > config file > default.\n"
      "Examples:\n"
      "  marque config\n"
      "  marque config --format json");
  out.push_back(
      {c, [o, &ctx] {
         const auto located = config::locate(ctx.config);
         const std::string &path = located.first, &by = located.second;
         const config::File& f = ctx.settings();
         std::vector<config::Setting> settings;
         settings.push_back(ctx.db_setting());
         settings.push_back(config::resolve("league", "", "", nullptr, f, ""));
         settings.push_back(config::resolve("venue", "", "", nullptr, f, ""));
         for (const auto& t : f.tables)
           for (const auto& e : t.entries)
             settings.push_back({t.name + "." + e.key,
                                 e.value.is_string() ? e.value.get<std::string>() : config::toml_text(e.value),
                                 "config file, line " + std::to_string(e.line), e.line});
         Report r;
         r.json = [&] {
           ojson j = ojson::object();
           j["config_file"] = {{"path", path}, {"located_by", by}, {"exists", f.exists}};
           j["settings"] = ojson::array();
           for (const auto& s : settings) {
             ojson item = {{"key", s.key},
                           {"value", s.value.empty() ? ojson(nullptr) : ojson(s.value)},
                           {"source", s.source}};
             if (s.line) item["line"] = s.line;
             j["settings"].push_back(item);
           }
           ojson house = ojson::object();
           for (const auto& t : f.tables) {
             ojson rules = ojson::object();
             for (const auto& e : t.entries) rules[e.key] = ojson::parse(e.value.dump());
             house[t.name] = rules;
           }
           j["house_rules"] = house;
           return json_text(j);
         };
         r.text = [&] {
           const std::string where = by == "--config"          ? "--config"
                                     : by == "MARQUE_CONFIG"   ? "$MARQUE_CONFIG"
                                     : by == "XDG_CONFIG_HOME" ? "$XDG_CONFIG_HOME"
                                                               : "$HOME/.config";
           std::string text = "config file: " + path + " (from " + where +
                              (f.exists ? ")" : "; it does not exist: defaults only)") + "\n\n";
           reports::TextTable t;
           t.columns(
               {reports::TextTable::Align::left, reports::TextTable::Align::left, reports::TextTable::Align::left});
           t.row({"setting", "value", "from"});
           for (const auto& s : settings) t.row({s.key, s.value.empty() ? "(none)" : s.value, s.source});
           text += t.render();
           if (f.tables.empty())
             text += "\nno house rules: marque start uses the rules' defaults (marque rules GAME)\n";
           return text;
         };
         emit(r, ctx.format, "");
         return 0;
       }});
  return {"config", false, {Format::text, Format::json}};
}

}  // namespace marque::cli::commands
