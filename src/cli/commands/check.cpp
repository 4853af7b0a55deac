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
                     for (const auto& p : rep.said) text += text::tr("cli.check.problem", "problem: ") + p + "\n";
                     return text +
                            text::tr("cli.check.done",
                                     "checked {games, number, ::group-off} game(s), {hands, number, ::group-off} "
                                     "hand(s): {problems, plural, =0 {every score recomputes identically} other "
                                     "{{problems} problem(s)}}",
                                     text::Message()
                                         .number("games", static_cast<int64_t>(rep.games))
                                         .number("hands", static_cast<int64_t>(rep.hands))
                                         .number("problems", static_cast<int64_t>(rep.problems.size()))) +
                            "\n";
                   };
                   emit(r, ctx.format, "");
                   return rep.problems.empty() ? 0 : k_exit_rejected;
                 }});
  return {"check", false, {Format::text, Format::json}};
}

}  // namespace marque::cli::commands
