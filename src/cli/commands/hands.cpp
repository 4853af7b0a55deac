// The hands of a game: hand, edit, delete, undo, redo, history, list, show.
#include <unistd.h>

#include <algorithm>
#include <iostream>

#include "cli/color.hpp"
#include "cli/common.hpp"
#include "cli/guided.hpp"
#include "reports/game_text.hpp"
#include "reports/text_table.hpp"

namespace marque::cli::commands {

namespace {

void print_outcome(const Context& ctx, const app::HandOutcome& o, const std::string& verb) {
  print_warnings(o.warnings, ctx.quiet);
  if (ctx.as_json)
    print_json(o.entry);
  else
    cli::print_styled(reports::hand_outcome_styled(o.entry, o.score,
                                                 {o.game_id, o.game, o.no, verb, o.words, o.result_words,
                                                  reports::dealer_text(o.next_dealer, o.sitting_out),
                                                  &rules_for(o.game).labels(), &o.sides, o.made}));
}

// The words typed for a hand, asked for at a terminal when fields are missing; nullopt = cancelled.
std::optional<std::vector<std::string>> words_for_hand(app::Database& db, int64_t id, const rules::GameRules& gr,
                                                       std::vector<std::string> words, bool no_prompt) {
  bool interactive = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) && !no_prompt;
  if (!interactive) return words;
  json file = app::game_file(*db, id);
  if (!cli::needs_questions(gr, file, words)) return words;
  std::string title = std::string(gr.title()) + " · game " + std::to_string(id) + " · hand " +
                      std::to_string(file["hands"].size() + 1);
  return cli::guided_words(gr, file, words, std::cin, std::cout, title);
  return words;
}

void add_hand(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    std::vector<std::string> words;
    std::optional<int64_t> game_id;
    bool dry_run = false, no_prompt = false;
    std::string json_input, format = "text";
  };
  auto o = std::make_shared<Options>();
  auto* c = app.add_subcommand("hand", "record a hand: marque hand taker=Ben contract=garde oudlers=2 points=47");
  c->add_option("fields", o->words, "hand fields as key=value (see marque rules GAME)");
  c->add_option("--game,-g", o->game_id, "game id (default: the game in focus)")->check(k_whole_number);
  c->add_flag("--dry-run,-n", o->dry_run, "score and show, store nothing");
  c->add_option("--json", o->json_input, "read the hand record as JSON from FILE or - (stdin)");
  c->add_flag("--no-prompt", o->no_prompt, "never ask for missing fields, even at a terminal");
  add_format(c, o->format);
  // what cli/guided.cpp does, for marque-hand(1) and marque help hand
  c->footer(
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
      "  marque hand --no-prompt taker=Ben contract=garde oudlers=2 points=47");
  out.push_back({c, [o, &ctx] {
    ctx.as_json = o->format == "json";
    auto db = ctx.open(true);
    int64_t id = app::resolve_game(*db, o->game_id);
    app::HandOutcome outcome;
    if (!o->json_input.empty()) {
      json rec = parse_json(read_input(o->json_input), o->json_input);
      if (!o->words.empty()) throw Error(k_exit_usage, "give the hand either as key=value fields or with --json, not both");
      outcome = app::add_hand(*db, id, rec, o->dry_run);
    } else {
      const std::string kind = app::game_kind(*db, id);
      const auto& gr = rules_for(kind);
      auto words = words_for_hand(db, id, gr, o->words, o->no_prompt);
      if (!words) {
        std::cout << "cancelled: nothing stored\n";
        return static_cast<int>(k_exit_rejected);
      }
      if (words->empty())
        throw Error(k_exit_usage, "no hand fields given; e.g. marque hand taker=Ben contract=garde oudlers=2 points=47",
                    "marque rules " + kind + " lists the fields; at a terminal marque asks for them");
      // the words become a record against the game's state, read and replayed once inside the transaction
      outcome = app::add_hand(
          *db, id, [&](const rules::Game& before) { return app::record_from_words(gr, before, parse_words(*words)); },
          o->dry_run);
    }
    print_outcome(ctx, outcome, o->dry_run ? "(dry run: not stored)" : "recorded");
    return 0;
  }});
}

void add_edit(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    int seq = 0;
    std::vector<std::string> words;
    std::optional<int64_t> game_id;
    bool replace = false, dry_run = false;
    std::string json_input, format = "text";
  };
  auto o = std::make_shared<Options>();
  auto* c = app.add_subcommand("edit", "correct a hand: marque edit SEQ key=value... (fields given replace the old ones)");
  c->add_option("seq", o->seq, "hand number")->check(k_whole_number)->required();
  c->add_option("fields", o->words, "fields to change as key=value");
  c->add_option("--game,-g", o->game_id, "game id (default: the game in focus)")->check(k_whole_number);
  c->add_flag("--replace", o->replace, "the fields given are the whole new record");
  c->add_option("--json", o->json_input, "the whole new record as JSON from FILE or -");
  c->add_flag("--dry-run,-n", o->dry_run, "show the result, store nothing");
  add_format(c, o->format);
  out.push_back({c, [o, &ctx] {
    ctx.as_json = o->format == "json";
    auto db = ctx.open(true);
    int64_t id = app::resolve_game(*db, o->game_id);
    app::HandOutcome outcome;
    if (!o->json_input.empty()) {
      json rec = parse_json(read_input(o->json_input), o->json_input);
      outcome = app::edit_hand(*db, id, o->seq, rec, o->dry_run);
    } else {
      if (o->words.empty()) throw Error(k_exit_usage, "no fields to change; e.g. marque edit 2 points=50");
      outcome = app::edit_hand_words(*db, id, o->seq, parse_words(o->words), o->replace, o->dry_run);
    }
    print_outcome(ctx, outcome, o->dry_run ? "would be changed (dry run: not stored)" : "changed");
    return 0;
  }});
}

void add_delete_undo_redo(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    int seq = 0;
    std::optional<int64_t> game_id;
    bool dry_run = false;
  };
  auto o = std::make_shared<Options>();
  auto* del = app.add_subcommand("delete", "delete a hand (kept in the history; undo brings it back)");
  del->add_option("seq", o->seq, "hand number")->check(k_whole_number)->required();
  del->add_option("--game,-g", o->game_id, "game id (default: the game in focus)")->check(k_whole_number);
  del->add_flag("--dry-run,-n", o->dry_run, "show the result, store nothing");
  out.push_back({del, [o, &ctx] {
    auto db = ctx.open(true);
    int64_t id = app::resolve_game(*db, o->game_id);
    auto outcome = app::delete_hand(*db, id, o->seq, o->dry_run);
    std::cout << reports::game_label(id, outcome.game, app::game_info(*db, id).players) << " · hand " << o->seq
              << (o->dry_run ? " would be deleted (dry run)" : " deleted (marque undo brings it back; later hands keep their numbers)")
              << "\n  totals: " << reports::amounts_line(outcome.score["totals"], outcome.score["players"], false) << "\n";
    return 0;
  }});
  for (bool undo : {true, false}) {
    auto* c = undo ? app.add_subcommand("undo", "undo the last change to a game") : app.add_subcommand("redo", "redo the last undone change");
    c->add_option("--game,-g", o->game_id, "game id (default: the game in focus)")->check(k_whole_number);
    out.push_back({c, [o, &ctx, undo] {
      auto db = ctx.open(true);
      int64_t id = app::resolve_game(*db, o->game_id, true);
      std::string what = undo ? app::undo(*db, id) : app::redo(*db, id);
      const app::GameInfo game = app::game_info(*db, id);
      std::cout << reports::game_label(id, game.game, game.players) << ": " << what << "\n";
      auto games = app::games(*db);
      if (std::any_of(games.begin(), games.end(), [&](const app::GameInfo& g) { return g.id == id; })) {
        rules::Replay r = app::score_game(*db, id);
        std::cout << "  totals: " << reports::amounts_line(r.score["totals"], r.score["players"], false) << "\n";
      }
      return 0;
    }});
  }
}

void add_views(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    int seq = 0;
    std::optional<int64_t> game_id;
    std::string format = "text";
  };
  auto o = std::make_shared<Options>();
  auto* history = app.add_subcommand("history", "every change to a game, oldest first");
  history->add_option("game", o->game_id, "game id (default: the game in focus)")->check(k_whole_number);
  history->add_option("--game,-g", o->game_id, "game id (default: the game in focus)")->check(k_whole_number);
  add_format(history, o->format);
  out.push_back({history, [o, &ctx] {
    ctx.as_json = o->format == "json";
    auto db = ctx.open(false);
    const int64_t id = app::resolve_game(*db, o->game_id);
    auto changes = app::history(*db, id);
    if (ctx.as_json) {
      ojson arr = ojson::array();
      for (const auto& c : changes)
        arr.push_back({{"id", c.id}, {"at", c.at}, {"action", c.action}, {"hand", c.no ? ojson(*c.no) : ojson(nullptr)},
                       {"before", c.before}, {"after", c.after}, {"undone", c.undone}});
      print_json(arr);
      return 0;
    }
    std::vector<reports::HistoryLine> lines;
    for (const auto& c : changes) lines.push_back({c.at, c.action, c.no.value_or(0), &c.before, &c.after, c.undone});
    std::cout << reports::history_text(lines, rules_for(app::game_kind(*db, id)).labels());
    return 0;
  }});
  auto* list = app.add_subcommand("list", "list the hands of a game with their scores");
  list->add_option("game", o->game_id, "game id (default: the game in focus)")->check(k_whole_number);
  list->add_option("--game,-g", o->game_id, "game id (default: the game in focus)")->check(k_whole_number);
  add_format(list, o->format);
  out.push_back({list, [o, &ctx] {
    ctx.as_json = o->format == "json";
    auto db = ctx.open(false);
    int64_t id = app::resolve_game(*db, o->game_id);
    app::GameView v = app::game_view(*db, id);
    if (ctx.as_json) {
      ojson arr = ojson::array();
      for (const auto& h : v.hands) {
        ojson e = h.entry;
        e["no"] = h.no;
        e["words"] = h.words;
        arr.push_back(std::move(e));
      }
      print_json(arr);
      return 0;
    }
    std::vector<reports::ListedHand> lines;
    for (const auto& h : v.hands) lines.push_back({h.no, h.words, &h.entry, &h.side_deltas});
    std::cout << reports::game_label(id, v.game.game) << " · " << v.hands.size() << " hand" << (v.hands.size() == 1 ? "" : "s") << "\n"
              << reports::hand_list_text(v.sides, lines);
    return 0;
  }});
  auto* show = app.add_subcommand("show", "show one hand: its record and its score");
  show->add_option("seq", o->seq, "hand number")->check(k_whole_number)->required();
  show->add_option("--game,-g", o->game_id, "game id (default: the game in focus)")->check(k_whole_number);
  add_format(show, o->format);
  out.push_back({show, [o, &ctx] {
    ctx.as_json = o->format == "json";
    auto db = ctx.open(false);
    int64_t id = app::resolve_game(*db, o->game_id);
    app::GameView v = app::game_view(*db, id);
    const app::HandLine* h = nullptr;
    for (const auto& line : v.hands)
      if (line.no == o->seq) h = &line;
    if (!h) {
      std::string have;
      for (const auto& line : v.hands) have += (have.empty() ? "" : ", ") + std::to_string(line.no);
      throw Error(k_exit_noinput, "game " + std::to_string(id) + " has no hand " + std::to_string(o->seq) +
                                      (have.empty() ? " (it has no hands yet)" : " (its hands: " + have + ")"));
    }
    if (ctx.as_json) {
      print_json({{"game", id}, {"hand", h->no}, {"recorded_at", h->recorded_at}, {"source", h->source}, {"record", h->record},
                  {"words", h->words}, {"score", h->entry}});
      return 0;
    }
    const Sides sides = app::hand_sides(v, *h);
    std::cout << reports::hand_show_text(v.score, {id, v.game.game, h->no, "", h->words, "", "", nullptr, &sides, std::nullopt},
                                         h->record, h->entry, h->recorded_at, h->source, rules_for(v.game.game).labels());
    return 0;
  }});
}

}  // namespace

void add_hands(CLI::App& app, Context& ctx, Commands& out) {
  add_hand(app, ctx, out);
  add_edit(app, ctx, out);
  add_delete_undo_redo(app, ctx, out);
  add_views(app, ctx, out);
}

}  // namespace marque::cli::commands
