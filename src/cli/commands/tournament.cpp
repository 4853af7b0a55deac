// marque tournament ...: events of many tables over several rounds (../shared/rules/tournament.md). `calc FILE`
// checks, draws and ranks a marque-tournament/1 document or a case file without a database; the organiser's
// subcommands (create, register, import-entrants, check-in, late, withdraw, draw, publish, result, override,
// close-round, ranking, show, export, import, list, history, undo, tables) keep an event in the database, each
// change one transaction (app/tournament.hpp). This file only translates the command line.
#include <iostream>

#include "cli/commands/tournament_text.hpp"
#include "cli/common.hpp"
#include "core/language.hpp"
#include "reports/tournament_text.hpp"

namespace marque::cli::commands {

namespace {

using namespace tournament_text;

struct Options {
  std::string file, format = "text", out_file, event, who, reason, by = "organiser", id;
  std::vector<std::string> words, players, names;
  app::TournamentSettings create;
  app::TournamentEntrant entrant;
  app::TournamentSlip slip;
  std::optional<int> after;
  int round = 0, table = 0;
  bool from_game = false, start = false;
};

// a command that changes the event: its JSON, or one line of text
void emit_change(const Context& ctx, const ojson& doc, const std::string& said) {
  Report r;
  r.json = [&] { return json_text(doc); };
  r.text = [&] { return said + "\n"; };
  emit(r, ctx.format, "");
}

std::string entrants_said(const ojson& doc) {
  int in = 0;
  for (const auto& en : doc["entrants"]) in += en.value("checked_in", false) ? 1 : 0;
  return text::tr("tournament.cli.entrants",
                  "{entrants, number, ::group-off} entrants, {in, number, ::group-off} checked in",
                  text::Message().number("entrants", static_cast<int64_t>(doc["entrants"].size())).number("in", in));
}

// a refusal as the organiser reads it: each error's spec code before its words ("T02 no table 5 in the draw ...")
Diagnostics with_codes(const Diagnostics& in) {
  Diagnostics out;
  for (Diagnostic d : in.items()) {
    if (d.code.size() == 3 && d.code[0] == 'T') {
      d.message = d.code + " " + d.message;
      // the words too, when their catalogue says a coded error (the tournament library's: tournament.err.coded)
      if (!d.words.empty() && d.catalogue && d.catalogue->find("tournament.err.coded"))
        d.words = text::Message("tournament.err.coded").text("code", d.code).message("text", d.words);
    }
    out.push(std::move(d));
  }
  return out;
}

CLI::App* with_event(CLI::App* c, Options& o) {
  c->add_option("event", o.event, text::tr("help.tournament.event", "the event's id (marque tournament list)"))
      ->required();
  return c;
}

}  // namespace

void add_tournament_print(CLI::App* group, Context& ctx, Commands& out);  // tournament_print.cpp

CommandRecord add_tournament(CLI::App& app, Context& ctx, Commands& out) {
  auto o = std::make_shared<Options>();
  auto* group = app.add_subcommand("tournament",
                                   text::tr("help.tournament",
                                            "tournaments: an event's entrants, draw, results and ranking"));
  group->require_subcommand(1);

  auto* c_calc = group->add_subcommand(
      "calc", text::tr("help.tournament.calc",
                       "draw and rank a marque-tournament/1 document (or a tournament case file) without a database"));
  c_calc
      ->add_option("file", o->file,
                   text::tr("help.tournament.calc.file",
                            "marque-tournament/1 or marque-tournament-case/1 file, or - for standard input"))
      ->required();
  add_format(c_calc, o->format);
  c_calc->footer(
      text::tr("help.tournament.calc.footer", "Example:\n  marque tournament calc event.json --format json"));
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

  const size_t organiser = out.size();  // the organiser's subcommands from here on
  // --- create
  auto* c_create = group->add_subcommand(
      "create", text::tr("help.tournament.create",
                         "create an event: marque tournament create --name NAME --game GAME [option.ID=VALUE]..."));
  auto& s = o->create;
  c_create
      ->add_option("--name", s.name,
                   text::tr("help.tournament.create.name", "the event's name, printed on every output"))
      ->required();
  c_create->add_option("--game", s.game, text::tr("help.tournament.create.game", "the game at every table"))
      ->required()
      ->check(CLI::IsMember(game_ids()));
  c_create->add_option("words", o->words,
                       text::tr("help.tournament.create.words",
                                "house rules of every table: option.ID=VALUE (the config file's [GAME] "
                                "table gives the others)"));
  c_create->add_option("--id", s.id,
                       text::tr("help.tournament.create.id", "its id (a-z, 0-9, -; default: from the name and date)"));
  c_create->add_option("--date", s.date,
                       text::tr("help.tournament.create.date", "its date, YYYY-MM-DD (default: today)"));
  c_create->add_option("--venue", s.venue, text::tr("help.night.start.venue", "where"));
  c_create->add_option("--league", s.league,
                       text::tr("help.tournament.create.league",
                                "the league it counts in (default: the config file's league)"));
  c_create->add_option("--season", s.season, text::tr("help.tournament.create.season", "the season it counts in"));
  c_create
      ->add_option("--rounds", s.rounds,
                   text::tr("help.tournament.create.rounds", "number of rounds (default: the game's)"))
      ->check(CLI::Range(1, 99));
  c_create->add_option("--length", s.length_mode,
                       text::tr("help.tournament.create.length",
                                "round length: deals_per_player, target, deals, partie or game (default: the game's)"));
  c_create
      ->add_option("--deals-per-player", s.deals_per_player,
                   text::tr("help.tournament.create.deals_per_player", "with --length deals_per_player: N"))
      ->check(CLI::Range(1, 20));
  c_create
      ->add_option("--target", s.target,
                   text::tr("help.tournament.create.target", "with --length target: the score to reach"))
      ->check(CLI::Range(1, 100000));
  c_create
      ->add_option("--deals", s.deals,
                   text::tr("help.tournament.create.deals", "with --length deals: the deals of a table"))
      ->check(CLI::Range(1, 200));
  c_create
      ->add_option("--time-limit", s.time_limit_min,
                   text::tr("help.tournament.create.time_limit", "minutes per round (the room clock)"))
      ->check(CLI::Range(1, 600));
  c_create->add_option("--scoring", s.scoring,
                       text::tr("help.tournament.create.scoring", "total, match or placement (default: the game's)"));
  c_create->add_option("--draw", s.method,
                       text::tr("help.tournament.create.draw", "rotation, swiss or fixed (default: the game's)"));
  c_create->add_option("--seed", s.seed,
                       text::tr("help.tournament.create.seed",
                                "the draw's seed, a decimal number (default: from the clock, printed)"));
  c_create->add_option("--tables", s.table_preference,
                       text::tr("help.tournament.create.tables",
                                "the table size preferred where the game has a choice: fours or fives"));
  c_create->add_option("--confirmation", s.confirmation,
                       text::tr("help.tournament.create.confirmation", "second_player or none"));
  c_create->add_option("--league-contribution", s.league_contribution,
                       text::tr("help.tournament.create.league_contribution", "event, games or none"));
  c_create->footer(text::tr("help.tournament.create.footer",
                            "Example:\n  marque tournament create --name \"Tournoi du jeudi\" --game GAME --rounds 3 "
                            "--seed 20261126"));
  out.push_back(
      {c_create, [o, &ctx] {
         auto& set = o->create;
         require_date("--date", set.date);
         for (const auto& [field, value] : {std::pair<const char*, const std::string*>{"--name", &set.name},
                                            {"--venue", &set.venue},
                                            {"--league", &set.league},
                                            {"--season", &set.season}})
           check_utf8(field, *value);
         const auto& gr = app::game_rules(set.game);
         const config::File& settings = ctx.settings();
         json setup = app::setup_from_words(gr, parse_words(o->words));
         apply_house_rules(settings, gr, setup);
         if (setup.contains("options")) set.options = setup["options"];
         if (set.league.empty())
           if (const config::Entry* e = settings.find("league")) set.league = e->value.get<std::string>();
         const bool clock = set.seed.empty();
         auto db = ctx.open(true);
         const ojson doc = app::tournament_create(*db, set);
         const ojson& ev = doc["event"];
         emit_change(
             ctx, doc,
             text::tr(
                 "tournament.cli.created",
                 "tournament {id} created: {name}, {game}, {rounds, number, ::group-off} rounds, draw {method}, seed "
                 "{seed}{clock, select, yes { (from the clock)} other {}}\n  next: marque "
                 "tournament register {id} NAME",
                 text::Message()
                     .text("id", ev.value("id", std::string()))
                     .text("name", ev.value("name", std::string()))
                     .text("game", ev.value("game", std::string()))
                     .number("rounds", ev.value("rounds", 0))
                     .text("method", ev["draw"].value("method", std::string()))
                     .text("seed", ev["draw"].value("seed", std::string()))
                     .text("clock", clock ? "yes" : "no")));
         return 0;
       }});

  // --- register
  auto* c_reg = with_event(group->add_subcommand("register", text::tr("help.tournament.register",
                                                                      "register an entrant (a team: --player twice)")),
                           *o);
  c_reg->add_option("name", o->entrant.name, text::tr("help.tournament.name", "the entrant's name (a team's name)"))
      ->required();
  c_reg->add_option("--id", o->entrant.id,
                    text::tr("help.tournament.id", "its id in the event (default: from the name)"));
  c_reg->add_option("--player", o->entrant.players, text::tr("help.tournament.player", "a team's player (twice)"));
  c_reg->add_option("--licence", o->entrant.licence, text::tr("help.tournament.licence", "licence number"));
  c_reg->add_option("--club", o->entrant.club, text::tr("help.tournament.club", "club"));
  c_reg
      ->add_option("--fixed-table", o->entrant.fixed_table,
                   text::tr("help.tournament.fixed_table", "a table this entrant sits at every round"))
      ->check(CLI::Range(1, 200));
  c_reg->add_flag("--checked-in", o->entrant.checked_in,
                  text::tr("help.tournament.checked_in", "present already (else: tournament check-in)"));
  c_reg->footer(
      text::tr("help.tournament.footer",
               "Example:\n  marque tournament register jeudi Ann --licence 123456 --club Colmar --checked-in"));
  out.push_back(
      {c_reg, [o, &ctx] {
         check_utf8("name", o->entrant.name);
         auto db = ctx.open(true);
         const ojson doc = app::tournament_register(*db, o->event, {o->entrant});
         emit_change(ctx, doc,
                     text::tr("tournament.cli.registered", "registered {name} ({entrants})",
                              text::Message().text("name", o->entrant.name).text("entrants", entrants_said(doc))));
         return 0;
       }});

  auto* c_csv = with_event(group->add_subcommand("import-entrants", text::tr("help.tournament.import-entrants",
                                                                             "register the entrants of a CSV file "
                                                                             "(columns name, licence, club, players, "
                                                                             "fixed_table, checked_in)")),
                           *o);
  c_csv->add_option("file", o->file, text::tr("help.tournament.file", "the CSV file, or - for standard input"))
      ->required();
  out.push_back({c_csv, [o, &ctx] {
                   const auto list = app::tournament_entrants_csv(read_input(o->file), o->file);
                   auto db = ctx.open(true);
                   const ojson doc = app::tournament_register(*db, o->event, list);
                   emit_change(ctx, doc,
                               text::tr("tournament.cli.registered_file", "registered {n} from {file} ({entrants})",
                                        text::Message()
                                            .text("n", count(static_cast<int64_t>(list.size())))
                                            .text("file", o->file)
                                            .text("entrants", entrants_said(doc))));
                   return 0;
                 }});

  // --- check-in, late, withdraw
  for (const bool present : {true, false}) {
    auto* c = with_event(group->add_subcommand(present ? "check-in" : "check-out",
                                               present ? text::tr("help.tournament.check-in",
                                                                  "entrants present for the draw of round 1")
                                                       : text::tr("help.tournament.check-out",
                                                                  "entrants not present after all (before round 1)")),
                         *o);
    c->add_option("who", o->names, text::tr("help.tournament.who", "entrants (id or name)"))->required();
    out.push_back(
        {c, [o, &ctx, present] {
           auto db = ctx.open(true);
           const ojson doc = app::tournament_check_in(*db, o->event, o->names, present);
           emit_change(
               ctx, doc,
               text::tr("tournament.cli.checked",
                        "{present, select, yes {checked in} other {checked out}} ({entrants})",
                        text::Message().text("present", present ? "yes" : "no").text("entrants", entrants_said(doc))));
           return 0;
         }});
  }
  auto* c_late = with_event(group->add_subcommand("late", text::tr("help.tournament.late",
                                                                   "a late arrival: drawn from the next round on")),
                            *o);
  c_late->add_option("who", o->who, text::tr("help.tournament.who2", "the entrant (id or name)"))->required();
  out.push_back({c_late, [o, &ctx] {
                   auto db = ctx.open(true);
                   const ojson doc = app::tournament_late(*db, o->event, o->who);
                   int from = 1;
                   for (const auto& en : doc["entrants"])
                     if (en.value("id", std::string()) == o->who || en.value("name", std::string()) == o->who)
                       from = en.value("arrived_round", 1);
                   text::Message m;
                   m.text("who", o->who);
                   emit_change(ctx, doc,
                               text::tr("tournament.cli.late", "{who} arrives late: drawn from round {round}",
                                        id_arg(m, "round", from)));
                   return 0;
                 }});
  auto* c_wd = with_event(group->add_subcommand("withdraw", text::tr("help.tournament.withdraw",
                                                                     "a withdrawal: not drawn after the round given")),
                          *o);
  c_wd->add_option("who", o->who, text::tr("help.tournament.who2", "the entrant (id or name)"))->required();
  c_wd->add_option("--after", o->after,
                   text::tr("help.tournament.after", "the last round played (default: the latest round drawn)"));
  out.push_back({c_wd, [o, &ctx] {
                   auto db = ctx.open(true);
                   const ojson doc = app::tournament_withdraw(*db, o->event, o->who, o->after);
                   int after = 0;
                   for (const auto& en : doc["entrants"])
                     if ((en.value("id", std::string()) == o->who || en.value("name", std::string()) == o->who) &&
                         en["withdrawn_after"].is_number_integer())
                       after = en["withdrawn_after"].get<int>();
                   text::Message m;
                   m.text("who", o->who);
                   emit_change(ctx, doc,
                               text::tr("tournament.cli.withdraws", "{who} withdraws after round {round}",
                                        id_arg(m, "round", after)));
                   return 0;
                 }});

  // --- draw, publish, tables
  auto* c_draw = with_event(group->add_subcommand("draw", text::tr("help.tournament.draw",
                                                                   "draw the next round (not yet published)")),
                            *o);
  out.push_back({c_draw, [o, &ctx] {
                   auto db = ctx.open(true);
                   int round = 0;
                   const ojson doc = app::tournament_draw(*db, o->event, round);
                   const auto tables = app::tournament_tables(*db, o->event);
                   emit_change(ctx, doc,
                               draw_text(doc, round, tables) + text::tr("tournament.cli.next_publish",
                                                                        "next: marque tournament publish {event}",
                                                                        text::Message().text("event", o->event)));
                   return 0;
                 }});
  auto* c_pub = with_event(group->add_subcommand("publish",
                                                 text::tr("help.tournament.publish",
                                                          "publish a round's draw: its table codes open the tables")),
                           *o);
  c_pub->add_option("--round", o->round, text::tr("help.tournament.round", "the round (default: the latest drawn)"));
  out.push_back({c_pub, [o, &ctx] {
                   auto db = ctx.open(true);
                   int round = o->round;
                   const ojson doc = app::tournament_publish(*db, o->event, round);
                   emit_change(ctx, doc, draw_text(doc, round, app::tournament_tables(*db, o->event)));
                   return 0;
                 }});
  auto* c_tables = with_event(group->add_subcommand("tables",
                                                    text::tr("help.tournament.tables",
                                                             "a round's tables: codes, seats and result states")),
                              *o);
  c_tables->add_option("--round", o->round, text::tr("help.tournament.round", "the round (default: the latest drawn)"));
  c_tables->add_flag("--start", o->start,
                     text::tr("help.tournament.start",
                              "start a game for each table of the (published) round that has none"));
  add_format(c_tables, o->format);
  out.push_back({c_tables, [o, &ctx] {
                   auto db = ctx.open(o->start);
                   if (o->start) app::tournament_start_tables(*db, o->event, o->round);
                   const ojson doc = app::tournament_show(*db, o->event);
                   const auto tables = app::tournament_tables(*db, o->event);
                   const int drawn = static_cast<int>(doc["rounds_played"].size());
                   const int round = o->round == 0 ? drawn : o->round;
                   if (round < 1 || round > drawn) {
                     text::Message m;
                     throw Error(k_exit_rejected, text::tr("tournament.cli.not_drawn", "round {round} is not drawn",
                                                           id_arg(m, "round", round)));
                   }
                   Report r;
                   r.json = [&] {
                     ojson list = ojson::array();
                     for (const auto& t : tables)
                       if (t.round == round)
                         list.push_back({{"round", t.round},
                                         {"table", t.table},
                                         {"code", t.code},
                                         {"state", t.state},
                                         {"published", t.published},
                                         {"game", t.game_id ? ojson(*t.game_id) : ojson(nullptr)}});
                     return json_text(list);
                   };
                   r.text = [&] { return draw_text(doc, round, tables); };
                   emit(r, ctx.format, "");
                   return 0;
                 }});

  // --- results
  auto* c_res = with_event(group->add_subcommand("result",
                                                 text::tr("help.tournament.result",
                                                          "enter a table's slip (ENTRANT=TOTAL ...); after the "
                                                          "round is closed, a correction with --reason")),
                           *o);
  c_res->add_option("table", o->slip.table, text::tr("help.tournament.table", "the table number"))
      ->check(CLI::Range(1, 1000));
  c_res
      ->add_option("--table", o->slip.table,
                   text::tr("help.tournament.table2", "the table number (or as the first word)"))
      ->check(CLI::Range(1, 1000));
  c_res->add_option("totals", o->words,
                    text::tr("help.tournament.totals", "each entrant's total: Ann=120 Ben=-40 ..."));
  c_res->add_flag("--from-game", o->from_game,
                  text::tr("help.tournament.from_game",
                           "the result of the table's game: its totals, deals, short if not over"));
  c_res->add_option("--round", o->slip.round,
                    text::tr("help.tournament.round", "the round (default: the latest drawn)"));
  c_res->add_option("--deals", o->slip.deals, text::tr("help.tournament.deals", "the deals played"))
      ->check(CLI::Range(0, 1000));
  c_res->add_option("--submitted-by", o->slip.submitted_by,
                    text::tr("help.tournament.submitted_by", "the player who submitted it"));
  c_res->add_option("--confirmed-by", o->slip.confirmed_by,
                    text::tr("help.tournament.confirmed_by", "the second player who confirmed it"));
  c_res->add_flag("--short", o->slip.short_table,
                  text::tr("help.tournament.short", "stopped by the clock before its end"));
  c_res->add_option("--reason", o->slip.reason,
                    text::tr("help.tournament.reason", "a correction's reason (a closed round)"));
  c_res->add_option("--by", o->by, text::tr("help.tournament.by", "who corrects (default: organiser)"));
  c_res->footer(
      text::tr("help.tournament.footer2",
               "Example:\n  marque tournament result jeudi 2 Ann=93 Ben=-31 Cat=-93 Dan=31 --submitted-by Ann "
               "--confirmed-by Cat"));
  out.push_back(
      {c_res, [o, &ctx] {
         if (o->slip.table == 0)
           throw Error(k_exit_usage,
                       text::tr("tournament.cli.which_table", "which table? marque tournament result EVENT TABLE ..."));
         if (o->from_game == !o->words.empty())
           throw Error(k_exit_usage, o->from_game
                                         ? text::tr("tournament.cli.from_game_totals",
                                                    "--from-game takes the totals from the game: give no totals")
                                         : text::tr("tournament.cli.totals",
                                                    "each entrant's total (Ann=120 Ben=-40 ...), or --from-game"));
         for (const auto& [k, v] : parse_words(o->words)) o->slip.points.emplace_back(k, v);
         check_utf8("--reason", o->slip.reason);
         auto db = ctx.open(true);
         if (o->from_game && o->slip.round == 0) {
           int latest = 0;
           app::round_tables(*db, o->event, latest);
           o->slip.round = latest;
         }
         const ojson doc = o->from_game
                               ? app::table_submit(*db, o->event, o->slip.round, o->slip.table, o->slip.submitted_by)
                               : app::tournament_result(*db, o->event, o->slip, o->by);
         const int round = o->slip.round == 0 ? static_cast<int>(doc["rounds_played"].size()) : o->slip.round;
         const ojson& t =
             doc["rounds_played"][static_cast<size_t>(round - 1)]["tables"][static_cast<size_t>(o->slip.table - 1)];
         emit_change(ctx, doc,
                     table_said(round, o->slip.table,
                                (o->slip.reason.empty()
                                     ? state_said(t.value("status", std::string()))
                                     : text::tr("tournament.cli.corrected_reason", "corrected ({reason})",
                                                text::Message().text("reason", o->slip.reason)))));
         return 0;
       }});
  auto* c_ovr = with_event(group->add_subcommand("override",
                                                 text::tr("help.tournament.override",
                                                          "the organiser confirms a table's result, with a reason")),
                           *o);
  c_ovr->add_option("table", o->table, text::tr("help.tournament.table", "the table number"))->required();
  c_ovr->add_option("--round", o->round, text::tr("help.tournament.round", "the round (default: the latest drawn)"));
  c_ovr->add_option("--reason", o->reason, text::tr("help.tournament.reason2", "why"))->required();
  c_ovr->add_option("--by", o->by, text::tr("help.tournament.by2", "who decides (default: organiser)"));
  out.push_back({c_ovr, [o, &ctx] {
                   check_utf8("--reason", o->reason);
                   auto db = ctx.open(true);
                   const ojson doc = app::tournament_override(*db, o->event, o->round, o->table, o->reason, o->by);
                   text::Message m;
                   emit_change(ctx, doc,
                               text::tr("tournament.cli.overridden", "table {table} confirmed by {by}: {reason}",
                                        id_arg(m, "table", o->table).text("by", o->by).text("reason", o->reason)));
                   return 0;
                 }});
  // --- a table's result as its players give it (the phones' verbs): submit, confirm, dispute
  for (const char* verb : {"submit", "confirm", "dispute"}) {
    const std::string v = verb;
    auto* c = with_event(
        group->add_subcommand(
            v, v == "submit"    ? text::tr("help.tournament.submit", "a seated player submits the table's game result")
               : v == "confirm" ? text::tr("help.tournament.confirm", "a second player of the table confirms it")
                                : text::tr("help.tournament.dispute", "a player of the table disputes it (a note)")),
        *o);
    c->add_option("table", o->table, text::tr("help.tournament.table", "the table number"))
        ->required()
        ->check(CLI::Range(1, 1000));
    c->add_option("--round", o->round, text::tr("help.tournament.round", "the round (default: the latest drawn)"));
    c->add_option("--by", o->who, text::tr("help.tournament.by3", "the player (entrant id or name)"))->required();
    if (v == "dispute")
      c->add_option("--note", o->reason, text::tr("help.tournament.note", "what is wrong, for the organiser"))
          ->required();
    out.push_back(
        {c, [o, &ctx, v] {
           check_utf8("--note", o->reason);
           auto db = ctx.open(true);
           int round = o->round;
           if (round == 0) app::round_tables(*db, o->event, round);
           const ojson doc = v == "submit"    ? app::table_submit(*db, o->event, round, o->table, o->who)
                             : v == "confirm" ? app::table_confirm(*db, o->event, round, o->table, o->who)
                                              : app::table_dispute(*db, o->event, round, o->table, o->who, o->reason);
           const ojson& t =
               doc["rounds_played"][static_cast<size_t>(round - 1)]["tables"][static_cast<size_t>(o->table - 1)];
           emit_change(ctx, doc, table_said(round, o->table, state_said(t.value("status", std::string()))));
           return 0;
         }});
  }
  auto* c_close = with_event(group->add_subcommand("close-round",
                                                   text::tr("help.tournament.close-round",
                                                            "close a round once every table is confirmed")),
                             *o);
  c_close->add_option("--round", o->round, text::tr("help.tournament.round", "the round (default: the latest drawn)"));
  out.push_back({c_close, [o, &ctx] {
                   auto db = ctx.open(true);
                   int round = o->round;
                   const ojson doc = app::tournament_close_round(*db, o->event, round);
                   text::Message m;
                   emit_change(ctx, doc,
                               text::tr("tournament.cli.closed", "round {round} closed", id_arg(m, "round", round)) +
                                   "\n" + ranking_text(doc, round));
                   return 0;
                 }});

  // --- reading: ranking, show, export, list, history
  auto* c_rank = with_event(group->add_subcommand("ranking", text::tr("help.tournament.ranking",
                                                                      "the ranking (after a round, or as it stands)")),
                            *o);
  c_rank->add_option("--after", o->round,
                     text::tr("help.tournament.after2", "after this round (default: the latest closed)"));
  add_format(c_rank, o->format);
  out.push_back({c_rank, [o, &ctx] {
                   auto db = ctx.open(false);
                   const ojson doc = app::tournament_show(*db, o->event);
                   Report r;
                   r.json = [&] { return json_text(ranking_rows(doc, o->round)); };
                   r.text = [&] { return ranking_text(doc, o->round); };
                   emit(r, ctx.format, "");
                   return 0;
                 }});
  auto* c_show = with_event(group->add_subcommand("show", text::tr("help.tournament.show",
                                                                   "the event: rounds, tables, results, ranking")),
                            *o);
  add_format(c_show, o->format);
  out.push_back({c_show, [o, &ctx] {
                   auto db = ctx.open(false);
                   const ojson doc = app::tournament_show(*db, o->event);
                   Report r;
                   r.json = [&] { return json_text(doc); };
                   r.text = [&] { return reports::tournament_text(doc); };
                   emit(r, ctx.format, "");
                   return 0;
                 }});
  auto* c_export = with_event(group->add_subcommand("export", text::tr("help.tournament.export",
                                                                       "the event as a marque-tournament/1 document")),
                              *o);
  add_output(c_export, o->out_file);
  add_format(c_export, o->format);
  out.push_back({c_export, [o, &ctx] {
                   auto db = ctx.open(false);
                   const ojson doc = app::tournament_show(*db, o->event);
                   Report r;
                   r.json = [&] { return json_text(doc); };
                   emit(r, Format::json, o->out_file);
                   return 0;
                 }});
  auto* c_import = group->add_subcommand(
      "import", text::tr("help.tournament.import",
                         "store a marque-tournament/1 document (or a tournament case file) as an event"));
  c_import->add_option("file", o->file, text::tr("help.tournament.import.file", "the file, or - for standard input"))
      ->required();
  c_import->add_option("--id", o->id,
                       text::tr("help.tournament.import.id", "the event's id here (default: the document's)"));
  add_format(c_import, o->format);
  out.push_back({c_import, [o, &ctx] {
                   const json in = parse_json(read_input(o->file), o->file);
                   auto db = ctx.open(true);
                   const ojson doc = app::tournament_import(*db, in, o->id);
                   emit_change(ctx, doc,
                               text::tr("tournament.cli.imported",
                                        "imported {file} ({entrants}, {rounds, number, ::group-off} rounds)",
                                        text::Message()
                                            .text("file", o->file)
                                            .text("entrants", entrants_said(doc))
                                            .number("rounds", static_cast<int64_t>(doc["rounds_played"].size()))));
                   return 0;
                 }});
  auto* c_list = group->add_subcommand("list", text::tr("help.tournament.list", "the events in the database"));
  add_format(c_list, o->format);
  out.push_back({c_list, [o, &ctx] {
                   auto db = ctx.open(false);
                   const auto list = app::tournament_list(*db);
                   Report r;
                   r.json = [&] {
                     ojson a = ojson::array();
                     for (const auto& i : list)
                       a.push_back({{"id", i.id},
                                    {"name", i.name},
                                    {"game", i.game},
                                    {"date", i.date},
                                    {"entrants", i.entrants},
                                    {"rounds", i.rounds},
                                    {"drawn", i.drawn},
                                    {"closed", i.closed},
                                    {"status", i.status},
                                    {"version", i.version}});
                     return json_text(a);
                   };
                   r.text = [&] { return list_text(list); };
                   emit(r, ctx.format, "");
                   return 0;
                 }});
  auto* c_hist = with_event(group->add_subcommand("history", text::tr("help.tournament.history",
                                                                      "every change of the event: who, when, why")),
                            *o);
  out.push_back({c_hist, [o, &ctx] {
                   auto db = ctx.open(false);
                   for (const auto& v : app::tournament_history(*db, o->event))
                     std::cout << v.version << "  " << v.at << "  " << v.by << "  " << v.action
                               << (v.reason.empty() ? "" : ": " + v.reason) << "\n";
                   return 0;
                 }});
  auto* c_undo = with_event(group->add_subcommand("undo",
                                                  text::tr("help.tournament.undo",
                                                           "undo the event's latest change (kept in its history)")),
                            *o);
  out.push_back({c_undo, [o, &ctx] {
                   auto db = ctx.open(true);
                   const ojson doc = app::tournament_undo(*db, o->event);
                   emit_change(ctx, doc,
                               text::tr("tournament.cli.undone",
                                        "undone: {event} is back as it was before its latest change",
                                        text::Message().text("event", o->event)));
                   return 0;
                 }});
  for (size_t i = organiser; i < out.size(); ++i)
    out[i].run = [run = out[i].run] {
      try {
        return run();
      } catch (const Rejected& e) {
        throw Rejected(with_codes(e.diagnostics()), e.what());
      }
    };
  return {"tournament", true, {Format::text, Format::json, Format::html, Format::pdf}};
}

}  // namespace marque::cli::commands
