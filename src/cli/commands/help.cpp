// marque help [COMMAND...]: a command's help, as marque COMMAND --help prints it.
#include <iostream>

#include "cli/common.hpp"
#include "cli/manual.hpp"
#include "core/language.hpp"

namespace marque::cli::commands {

CommandRecord add_help(CLI::App& app, Context&, Commands& out) {
  auto command = std::make_shared<std::vector<std::string>>();
  auto* help = app.add_subcommand("help",
                                  text::tr("help.help", "show a command's help (the same as marque COMMAND --help)"));
  help->add_option("command", *command, text::tr("help.help.command", "the command (and subcommand)"));
  help->footer(
      text::tr("help.help.footer", "Examples:\n  marque help start\n  marque help night start\n  man marque-start"));
  out.push_back(
      {help, [command, &app] {
         const CLI::App* at = &app;
         std::string parents = app.get_name();  // as CLI11 names them in "Usage:" (the name the program was run by)
         for (size_t i = 0; i < (*command).size(); ++i) {
           const CLI::App* next = nullptr;
           for (const auto* sub : visible_subcommands(*at))
             if (sub->get_name() == (*command)[i]) next = sub;
           if (!next) {
             std::string names;
             for (const auto* sub : visible_subcommands(*at)) names += (names.empty() ? "" : ", ") + sub->get_name();
             throw Error(k_exit_usage, "\"" + clip((*command)[i], 40) + "\" is not a command" +
                                           (at == &app ? std::string() : " of marque " + at->get_name()) +
                                           "; the commands: " + names);
           }
           if (i > 0) parents += " " + at->get_name();
           at = next;
         }
         // exactly what marque COMMAND --help prints (App::help would follow the parsed subcommand: help itself)
         std::cout << (at == &app ? app.get_formatter()->make_help(&app, app.get_name(), CLI::AppFormatMode::Normal)
                                  : at->help(parents));
         return 0;
       }});
  return {"help", false};
}

}  // namespace marque::cli::commands
