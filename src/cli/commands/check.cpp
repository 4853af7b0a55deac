// marque check: every score recomputed from the records and compared.
#include "cli/common.hpp"
#include "core/language.hpp"

namespace marque::cli::commands {

CommandRecord add_check(CLI::App& app, Context& ctx, Commands& out) {
  auto format = std::make_shared<std::string>("text");
  auto* check = app.add_subcommand("check",
                                   text::tr("help.check",
                                            "recompute every score from the records and report any difference"));
  add_format(check, *format);
  out.push_back({check, [format, &ctx] {  // format: --format's storage (main reads the option)
                   auto db = ctx.open();
                   auto rep = app::check(*db);
                   Report r;
                   r.json = [&] { return json_text(app::check_json(rep)); };
                   r.text = [&] {
                     std::string text;
                     for (const auto& p : rep.problems) text += "problem: " + p + "\n";
                     return text + "checked " + std::to_string(rep.games) + " game(s), " + std::to_string(rep.hands) +
                            " hand(s): " +
                            (rep.problems.empty() ? "every score recomputes identically"
                                                  : std::to_string(rep.problems.size()) + " problem(s)") +
                            "\n";
                   };
                   emit(r, ctx.format, "");
                   return rep.problems.empty() ? 0 : k_exit_rejected;
                 }});
  return {"check", false, {Format::text, Format::json}};
}

}  // namespace marque::cli::commands
