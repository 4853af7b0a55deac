// marque tournament print FILE --what cards|door|slips|ranking[,...] [--round R[,...]] [--url BASE] [-o OUT.pdf|.html]:
// an event on paper, several kinds and rounds in one file (app::tournament_print; reports/tournament_print renders it;
// cli/output's emit writes it, a PDF through a converter found on the machine).
#include "app/tournament_print.hpp"
#include "cli/common.hpp"
#include "core/language.hpp"

namespace marque::cli::commands {

void add_tournament_print(CLI::App* group, Context& ctx, Commands& out) {
  struct Options {
    std::string file, format, out_file, url;
    app::TournamentPaperRequest req;
  };
  auto o = std::make_shared<Options>();
  auto* c = group->add_subcommand(
      "print",
      text::tr("help.print",
               "an event on paper: a round's table cards, the door list, score slips, a ranking (text, HTML or PDF)"));
  c->add_option("file", o->file,
                text::tr("help.tournament.calc.file",
                         "marque-tournament/1 or marque-tournament-case/1 file, or - for standard input"))
      ->required();
  c->add_option(
       "--what", o->req.what,
       text::tr("help.print.what",
                "cards (one per table, with its code and QR), door (who sits where, by name), slips (one per table "
                "to fill in and sign) or ranking (after --round R, else the final one); several, as cards,door,slips: "
                "one file, in that order"))
      ->required()
      ->delimiter(',')
      ->allow_extra_args(false)
      ->check(CLI::IsMember({"cards", "door", "slips", "ranking"}));
  c->add_option("--round", o->req.rounds,
                text::tr("help.print.round",
                         "the round (default: the last one drawn; ranking: the final ranking); several, as 1,2,3: "
                         "each round's papers in turn"))
      ->delimiter(',')
      ->allow_extra_args(false)
      ->check(CLI::Range(1, 1000000));
  c->add_option(
      "--url", o->req.url,
      text::tr("help.print.url",
               "the address of marque serve (http://HOST:PORT): a card's QR opens URL/t/CODE (default: the code)"));
  c->add_option("--format", o->format,
                text::tr("help.print.format", "text (default), html (one self-contained file) or pdf"))
      ->check(CLI::IsMember({"text", "html", "pdf"}));
  add_output(c, o->out_file);
  c->footer(text::tr(
      "help.print.footer",
      "Examples:\n  marque tournament print event.json --what cards --url http://192.168.1.20:8080 -o cards.pdf\n"
      "  marque tournament print event.json --what door --round 2 -o door.pdf\n"
      "  marque tournament print event.json --what ranking -o ranking.pdf"));
  out.push_back({c, [o, &ctx] {
                   const json doc = parse_json(read_input(o->file), o->file);
                   const app::TournamentPaper paper = app::tournament_print(doc, o->req);
                   Report r;
                   r.text = [&] { return paper.text; };
                   r.html = [&] { return paper.html; };
                   emit(r, ctx.format, o->out_file);
                   return 0;
                 }});
}

}  // namespace marque::cli::commands
