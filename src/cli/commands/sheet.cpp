// marque sheet [GAME | --night ID] [--format text|html|pdf|json] [-o FILE] [--chart]: the traditional score sheet
// (app::sheets assembles it; reports/ renders it; cli/output's emit writes it, a PDF through a converter found on
// the machine).
#include "cli/common.hpp"
#include "core/language.hpp"
#include "reports/html_sheet.hpp"
#include "reports/sheet_render.hpp"

namespace marque::cli::commands {

CommandRecord add_sheet(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    std::optional<int64_t> game_id, night_id;
    std::string format = "text", out_file;
    bool chart = false;
  };
  auto o = std::make_shared<Options>();
  auto* c = app.add_subcommand("sheet",
                               text::tr("help.sheet",
                                        "the traditional score sheet of a game (default: the latest) or a night"));
  c->add_option("game", o->game_id, text::tr("help.game_id", "game id (default: the game in focus)"))
      ->check(k_whole_number);
  c->add_option("--game,-g", o->game_id, text::tr("help.game_id", "game id (default: the game in focus)"))
      ->check(k_whole_number);
  c->add_option("--format", o->format,
                text::tr("help.sheet.format",
                         "text (default), html (one self-contained file), pdf or json (the sheet as data)"))
      ->check(CLI::IsMember({"text", "html", "pdf", "json"}));
  add_output(c, o->out_file);
  c->add_option("--night", o->night_id,
                text::tr("help.sheet.night", "every game of this night, after a summary of its tables"))
      ->check(k_whole_number);
  c->add_flag("--chart", o->chart,
              text::tr("help.sheet.chart", "text: draw each game's running totals as a small chart under its sheet"));
  c->footer(text::tr("help.sheet.footer",
                     "Examples:\n  marque sheet\n  marque sheet --chart\n  marque sheet 3 --format html -o game3.html\n"
                     "  marque sheet --night 1 -o night.pdf"));
  out.push_back({c, [o, &ctx] {
                   auto db = ctx.open();
                   // the sheet as data stays language-neutral: its words in English, numbers with a dot
                   std::optional<text::UseLanguage> neutral;
                   if (ctx.format == Format::json) neutral.emplace("en");
                   const sheet::Document doc = app::sheets(*db, o->night_id ? std::nullopt : o->game_id, o->night_id);
                   Report r;
                   r.text = [&] { return reports::document_text(doc, o->chart); };
                   r.json = [&] {
                     return json_text(reports::document_json(doc));
                   };  // one game: its sheet; a night: {"title", "sheets": [...]}
                   r.html = [&] { return reports::render_html(doc); };
                   emit(r, ctx.format, o->out_file);
                   return 0;
                 }});
  return {"sheet", false, {Format::text, Format::html, Format::pdf, Format::json}};
}

}  // namespace marque::cli::commands
