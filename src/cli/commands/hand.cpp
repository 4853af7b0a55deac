// marque hand key=value... [--json FILE] [--dry-run]: record a hand (asked for at a terminal when fields are missing).
#include <unistd.h>

#include <iostream>

#include "cli/color.hpp"
#include "cli/common.hpp"
#include "cli/guided.hpp"
#include "core/language.hpp"
#include "reports/game_text.hpp"

namespace marque::cli::commands {

void emit_outcome(const Context& ctx, const app::HandOutcome& o, const std::string& verb) {
  print_warnings(o.warnings, ctx.quiet);
  const auto styled = [&o, &verb] {
    const rules::GameRules& rules = app::game_rules(o.game);
    return reports::hand_outcome_styled(o.entry, o.score,
                                        {o.game_id, o.game, o.no, verb, o.words, o.result_words,
                                         reports::dealer_text(o.next_dealer, o.sitting_out), &rules.labels(), &o.sides,
                                         o.made},
                                        o.entry.is_object() ? rules.summary_words(json(o.entry)) : "");
  };
  Report r;
  r.json = [&o] { return json_text(o.entry); };
  r.text = [&styled] { return styled().text; };
  r.print_text = [&styled] { cli::print_styled(styled()); };
  emit(r, ctx.format, "");
}

namespace {

// The words typed for a hand, asked for at a terminal when fields are missing; nullopt = cancelled.
std::optional<std::vector<std::string>> words_for_hand(app::Database& db, int64_t id, const rules::GameRules& gr,
                                                       std::vector<std::string> words, bool no_prompt) {
  bool interactive = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) && !no_prompt;
  if (!interactive) return words;
  if (!cli::needs_questions(db, id, words)) return words;
  json file = app::game_file(*db, id);
  std::string title = text::tr("entry.title", "{title} · game {game} · hand {hand}",
                               text::Message()
                                   .text("title", app::local_game_title(std::string(gr.id())))
                                   .text("game", std::to_string(id))
                                   .text("hand", std::to_string(file["hands"].size() + 1)));
  return cli::guided_words(db, id, words, std::cin, std::cout, title);
  return words;
}

}  // namespace

CommandRecord add_hand(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    std::vector<std::string> words;
    std::optional<int64_t> game_id;
    bool dry_run = false, no_prompt = false;
    std::string json_input, format = "text";
  };
  auto o = std::make_shared<Options>();
  auto* c = app.add_subcommand("hand",
                               text::tr("help.hand",
                                        "record a hand: marque hand taker=Ben contract=garde oudlers=2 points=47"));
  c->add_option("fields", o->words, text::tr("help.hand.fields", "hand fields as key=value (see marque rules GAME)"));
  c->add_option("--game,-g", o->game_id, text::tr("help.game_id", "game id (default: the game in focus)"))
      ->check(k_whole_number);
  c->add_flag("--dry-run,-n", o->dry_run, text::tr("help.hand.dry_run", "score and show, store nothing"));
  c->add_option("--json", o->json_input,
                text::tr("help.hand.json", "read the hand record as JSON from FILE or - (stdin)"));
  c->add_flag("--no-prompt", o->no_prompt,
              text::tr("help.hand.no_prompt", "never ask for missing fields, even at a terminal"));
  add_format(c, o->format);
  // what cli/guided.cpp does, for marque-hand(1) and marque help hand
  c->footer(text::tr(
      "help.hand.footer",
      "Guided entry: at a terminal (standard input and output both), marque asks for the fields the command line\n"
      "leaves out, one question at a time, in the order a scorer thinks (--no-prompt never asks). A question lists\n"
      "its choices: type a choice's number, its value (in any case) or the start of it.\n"
      "Enter takes the default shown in [brackets] ([none]: the field is left out).\n"
      "'<' goes back a question (not into the fields typed on the command line).\n"
      "'.' (or Ctrl-D) abandons the hand: nothing is stored (exit 1).\n"
      "After the last question marque previews the hand and each player's score: Enter or y stores it, n abandons\n"
      "it, '<' goes back, key=value changes a field. A hand the rules refuse lists its errors: '<' goes back,\n"
      "key=value corrects a field, '.' abandons.\n"
      "Examples:\n"
      "  marque hand\n"
      "  marque hand --no-prompt taker=Ben contract=garde oudlers=2 points=47"));
  out.push_back(
      {c, [o, &ctx] {
         auto db = ctx.open();
         int64_t id = app::resolve_game(*db, o->game_id);
         app::HandOutcome outcome;
         if (!o->json_input.empty()) {
           json rec = parse_json(read_input(o->json_input), o->json_input);
           if (!o->words.empty())
             throw Error(k_exit_usage, "give the hand either as key=value fields or with --json, not both");
           outcome = app::add_hand(*db, id, rec, o->dry_run);
         } else {
           const std::string kind = app::game_kind(*db, id);
           const auto& gr = app::game_rules(kind);
           auto words = words_for_hand(db, id, gr, o->words, o->no_prompt);
           if (!words) {
             std::cout << "cancelled: nothing stored\n";
             return static_cast<int>(k_exit_rejected);
           }
           if (words->empty())
             throw Error(k_exit_usage,
                         "no hand fields given; e.g. marque hand taker=Ben contract=garde oudlers=2 points=47",
                         "marque rules " + kind + " lists the fields; at a terminal marque asks for them");
           // the words become a record against the game's state, read and replayed once inside the transaction
           outcome = app::add_hand(
               *db, id,
               [&](const rules::Game& before) { return app::record_from_words(gr, before, parse_words(*words)); },
               o->dry_run);
         }
         emit_outcome(ctx, outcome,
                      o->dry_run ? text::tr("cli.hand.dry_run", "(dry run: not stored)")
                                 : text::tr("cli.hand.recorded", "recorded"));
         return 0;
       }});
  return {"hand", true, {Format::text, Format::json}};
}

}  // namespace marque::cli::commands
