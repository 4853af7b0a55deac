// marque tournament ...: events of many tables over several rounds (../shared/rules/tournament.md). A group of
// subcommands; today `calc FILE`, a marque-tournament/1 document or a marque-tournament-case/1 file checked, drawn
// and ranked without a database (app::tournament_calc).
#include "cli/common.hpp"
#include "reports/tournament_text.hpp"

namespace marque::cli::commands {

void add_tournament_print(CLI::App* group, Context& ctx, Commands& out);  // tournament_print.cpp

CommandRecord add_tournament(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    std::string file, format = "text";
  };
  auto o = std::make_shared<Options>();
  auto* group = app.add_subcommand("tournament", "tournaments: an event's draw, results and ranking");
  group->require_subcommand(1);
  auto* c_calc = group->add_subcommand(
      "calc", "draw and rank a marque-tournament/1 document (or a tournament case file) without a database");
  c_calc->add_option("file", o->file, "marque-tournament/1 or marque-tournament-case/1 file, or - for standard input")
      ->required();
  add_format(c_calc, o->format);
  c_calc->footer("Example:\n  marque tournament calc event.json --format json");
  out.push_back({c_calc, [o, &ctx] {
                   const json doc = parse_json(read_input(o->file), o->file);
                   const ojson result = app::tournament_calc(doc);
                   Report r;
                   r.json = [&] { return json_text(result); };
                   r.text = [&] { return reports::tournament_text(result); };
                   emit(r, ctx.format, "");
                   return 0;
                 }});
  add_tournament_print(group, ctx, out);
  return {"tournament", false, {Format::text, Format::json, Format::html, Format::pdf}};
}

}  // namespace marque::cli::commands
