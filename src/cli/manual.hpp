// The manual pages made from the command definitions (cli/manual.cpp), and what the completion shares with them.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

namespace marque::cli {

// The subcommands a user sees (a hidden one has an empty group: manual, complete, completion).
std::vector<const CLI::App*> visible_subcommands(const CLI::App& app);
// An option that takes a value (not a flag).
bool takes_value(const CLI::Option* o);
// Every page, (file name, roff text): marque.1 and marque-COMMAND.1 for each visible command.
std::vector<std::pair<std::string, std::string>> manual_pages(const CLI::App& root, const std::string& date);

}  // namespace marque::cli
