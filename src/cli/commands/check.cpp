// check (every score recomputed and compared), info (the database), rules (the games, fields, options).
#include <algorithm>
#include <iostream>

#include "cli/common.hpp"
#include "reports/text_table.hpp"

namespace marque::cli::commands {

namespace {

void print_rules(const rules::GameRules& gr) {
  std::cout << gr.title() << " (" << gr.id() << "), rules version " << gr.rules_version() << "\n\nhand fields:\n";
  for (const auto& f : gr.fields()) {
    std::cout << "  " << reports::pad_right(f.name, 25) << " " << reports::pad_right(f.type, 8) << (f.required ? "required  " : "          ")
              << f.help;
    if (!f.values.empty()) {
      std::cout << " [";
      for (size_t i = 0; i < f.values.size(); ++i) std::cout << (i ? ", " : "") << f.values[i];
      std::cout << "]";
    }
    std::cout << "\n";
  }
  std::cout << "\noptions (option.ID=VALUE when starting a game):\n";
  int id_width = 26;  // the longest id and a space apart from "default"
  for (const auto& o : gr.options()) id_width = std::max(id_width, static_cast<int>(o.id.size()) + 1);
  for (const auto& o : gr.options()) {
    std::cout << "  " << reports::pad_right(o.id, id_width) << "default " << reports::pad_right(o.default_value.dump(), 12) << " " << o.help;
    if (!o.values.empty()) {
      std::cout << " [";
      for (size_t i = 0; i < o.values.size(); ++i) std::cout << (i ? ", " : "") << o.values[i].dump();
      std::cout << "]";
    }
    std::cout << "\n";
  }
}

}  // namespace

void add_check(CLI::App& app, Context& ctx, Commands& out) {
  auto format = std::make_shared<std::string>("text");
  auto* check = app.add_subcommand("check", "recompute every score from the records and report any difference");
  add_format(check, *format);
  out.push_back({check, [format, &ctx] {
    ctx.as_json = *format == "json";
    auto db = ctx.open(false);
    auto rep = app::check(*db);
    if (ctx.as_json) {
      print_json({{"games", rep.games}, {"hands", rep.hands}, {"problems", rep.problems}, {"ok", rep.problems.empty()}});
    } else {
      for (const auto& p : rep.problems) std::cout << "problem: " << p << "\n";
      std::cout << "checked " << rep.games << " game(s), " << rep.hands << " hand(s): "
                << (rep.problems.empty() ? "every score recomputes identically" : std::to_string(rep.problems.size()) + " problem(s)")
                << "\n";
    }
    return rep.problems.empty() ? 0 : k_exit_rejected;
  }});
  auto game = std::make_shared<std::string>();
  auto* rules_cmd = app.add_subcommand("rules", "the games, their hand fields and options");
  rules_cmd->add_option("game", *game, rules::game_list("or"));
  out.push_back({rules_cmd, [game] {
    if (game->empty()) {
      for (const auto* gr : rules::all_games()) std::cout << gr->id() << "  " << gr->title() << "\n";
      return 0;
    }
    print_rules(rules_for(*game));
    return 0;
  }});
  auto* info = app.add_subcommand("info", "where the database is and its schema version");
  out.push_back({info, [&ctx] {
    auto db = ctx.open(true);
    auto i = app::info(*db);
    std::cout << "database: " << i.path << "\nschema version: " << i.schema_version << "\n";
    return 0;
  }});
}

}  // namespace marque::cli::commands
