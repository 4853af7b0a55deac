// marque calc FILE: a marque-game/1 file scored without a database (app::calc), its sheet or its marque-score/1.
#include "cli/common.hpp"
#include "core/language.hpp"
#include "reports/sheet_render.hpp"

namespace marque::cli::commands {

CommandRecord add_calc(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    std::string file, format = "text";
  };
  auto o = std::make_shared<Options>();
  auto* c_calc = app.add_subcommand("calc", text::tr("help.calc", "score a marque-game/1 file without a database"));
  c_calc->add_option("file", o->file, text::tr("help.calc.file", "game file, or - for standard input"))->required();
  add_format(c_calc, o->format);
  out.push_back({c_calc, [o, &ctx] {
                   app::SourceDocument src = app::read_source(o->file);
                   Report r;
                   // replayed twice, one record at a time: first to refuse a bad file before printing anything, then to print
                   r.print_json = [&] {
                     rules::Replay whole = app::calc_streamed(src, nullptr);
                     print_score_streamed(whole.score, [&](const std::function<void(const ojson&)>& each) {
                       app::calc_streamed(src, each);
                     });
                   };
                   r.text = [&] {
                     app::Calc scored = app::calc(std::move(src));
                     print_warnings(scored.warnings, ctx.quiet);
                     return reports::sheet_text(scored.sheet);
                   };
                   emit(r, ctx.format, "");
                   return 0;
                 }});
  return {"calc", false, {Format::text, Format::json}};
}

}  // namespace marque::cli::commands
