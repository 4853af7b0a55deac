// marque edit SEQ key=value... [--replace] [--json FILE] [--dry-run]: correct a hand.
#include "cli/common.hpp"
#include "core/language.hpp"

namespace marque::cli::commands {

CommandRecord add_edit(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    int seq = 0;
    std::vector<std::string> words;
    std::optional<int64_t> game_id;
    bool replace = false, dry_run = false;
    std::string json_input, format = "text";
  };
  auto o = std::make_shared<Options>();
  auto* c = app.add_subcommand(
      "edit",
      text::tr("help.edit", "correct a hand: marque edit SEQ key=value... (fields given replace the old ones)"));
  c->add_option("seq", o->seq, text::tr("help.hand_seq", "hand number"))->check(k_whole_number)->required();
  c->add_option("fields", o->words, text::tr("help.edit.fields", "fields to change as key=value"));
  c->add_option("--game,-g", o->game_id, text::tr("help.game_id", "game id (default: the game in focus)"))
      ->check(k_whole_number);
  c->add_flag("--replace", o->replace, text::tr("help.edit.replace", "the fields given are the whole new record"));
  c->add_option("--json", o->json_input, text::tr("help.edit.json", "the whole new record as JSON from FILE or -"));
  c->add_flag("--dry-run,-n", o->dry_run, text::tr("help.dry_run", "show the result, store nothing"));
  add_format(c, o->format);
  out.push_back({c, [o, &ctx] {
                   auto db = ctx.open();
                   int64_t id = app::resolve_game(*db, o->game_id);
                   app::HandOutcome outcome;
                   if (!o->json_input.empty()) {
                     json rec = parse_json(read_input(o->json_input), o->json_input);
                     outcome = app::edit_hand(*db, id, o->seq, rec, o->dry_run);
                   } else {
                     if (o->words.empty())
                       throw Error(k_exit_usage,
                                   text::tr("cli.edit.no_fields", "no fields to change; e.g. marque edit 2 points=50"));
                     outcome = app::edit_hand_words(*db, id, o->seq, parse_words(o->words), o->replace, o->dry_run);
                   }
                   emit_outcome(ctx, outcome,
                                o->dry_run ? text::tr("cli.edit.dry_run", "would be changed (dry run: not stored)")
                                           : text::tr("cli.edit.changed", "changed"));
                   return 0;
                 }});
  return {"edit", true, {Format::text, Format::json}};
}

}  // namespace marque::cli::commands
