// marque start GAME key=value... [--league L --date D --venue V --note N --night ID]
#include <unistd.h>

#include <algorithm>
#include <iostream>

#include "cli/common.hpp"
#include "cli/roster.hpp"
#include "core/date.hpp"
#include "core/language.hpp"
#include "reports/game_text.hpp"
#include "reports/text_table.hpp"

namespace marque::cli::commands {

namespace {

// The players of a set-up (as the rules read it), or none when the set-up is wrong (start_game says why).
std::vector<std::string> players_of(const rules::GameRules& gr, const json& setup) {
  rules::Replay r = rules::replay(
      {{"format", "marque-game/1"}, {"game", gr.id()}, {"setup", setup}, {"hands", json::array()}});
  return r.ok ? r.state->players() : std::vector<std::string>{};
}

// A name this database has never seen is said out loud ("Bne is a new player — did you mean Ben?"); at a terminal
// the scorer confirms, elsewhere it is a note on standard error.
bool confirm_new_players(app::Database& db, const rules::GameRules& gr, const json& setup) {
  auto fresh = app::new_players(*db, players_of(gr, setup));
  if (fresh.empty()) return true;
  bool doubtful = false;
  std::string names, text;
  for (const auto& p : fresh) {
    names += (names.empty() ? "" : ", ") + p.name;
    if (p.close_to.empty()) continue;
    doubtful = true;
    std::string close;
    for (size_t i = 0; i < p.close_to.size(); ++i)
      close += (i ? text::tr("cli.start.or", " or ") : std::string()) + p.close_to[i];
    text += "  " +
            text::tr("cli.start.new_here", "{name} is new here — did you mean {close}?",
                     text::Message().text("name", p.name).text("close", close)) +
            "\n";
  }
  text = text::tr("cli.start.new_players", "{n, plural, one {new player} other {new players}}: {names}",
                  text::Message().number("n", static_cast<int64_t>(fresh.size())).text("names", names)) +
         "\n" + text;
  // confirmed at a terminal when the database knows other players already (the new name may be a slip)
  const bool terminal = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
  if (!terminal || app::players(*db).empty()) {
    std::cerr << "marque: " << text::tr("cli.note", "note: ") << text;
    return true;
  }
  std::cout << text
            << (doubtful ? text::tr("cli.start.confirm_doubtful", "start with these names? [y/N] ")
                         : text::tr("cli.start.confirm", "start with these names? [Y/n] "))
            << std::flush;
  std::string answer;
  if (!std::getline(std::cin, answer)) return false;
  if (answer.empty()) return !doubtful;
  // yes in the four languages: y(es), o(ui), i(gen), ν(αι)
  for (const std::string_view yes : {"y", "Y", "o", "O", "i", "I", "\u03bd", "\u039d"})
    if (answer.rfind(yes, 0) == 0) return true;
  return false;
}

}  // namespace

// The club's house rules (the config file's [GAME] table) for the options the command line leaves out, into the
// set-up; returns the ids of those used.
std::vector<std::string> apply_house_rules(const config::File& f, const rules::GameRules& gr, json& setup) {
  std::vector<std::string> used;
  const config::Table* t = f.table(gr.id());
  if (!t) return used;
  if (!setup.contains("options") || !setup["options"].is_object()) setup["options"] = json::object();
  for (const auto& e : t->entries) {
    if (setup["options"].contains(e.key)) continue;  // the command line overrides the house rules
    setup["options"][e.key] = e.value;
    used.push_back(e.key);
  }
  return used;
}

namespace {

// What came from the config file: option ids (house rules) and meta keys (league, venue).
struct FromConfig {
  std::string path;
  std::vector<std::string> options, meta;
  bool has(const std::vector<std::string>& v, const std::string& k) const {
    return std::find(v.begin(), v.end(), k) != v.end();
  }
};

// What was agreed: the players (teams), the first dealer, the options given (the rest as the rules' defaults), the
// rest of the set-up (end rule, stake ...) and the date; and that the new game is the one in focus.
std::string start_text(const rules::GameRules& gr, const app::GameView& v, const json& setup, const FromConfig& from) {
  using text::Message;
  using text::tr;
  const std::string players_label = tr("cli.start.players", "players:"), teams_label = tr("cli.start.teams", "teams:"),
                    dealer_label = tr("cli.start.first_dealer", "first dealer:"),
                    options_label = tr("cli.start.options", "options:"), date_label = tr("cli.start.date", "date:"),
                    league_label = tr("cli.start.league", "league:"), venue_label = tr("cli.start.venue", "venue:"),
                    config_label = tr("cli.start.config_file", "config file:");
  // the labels in one column, as wide as the longest of the language's words ("first dealer:" in English)
  int width = 0;
  for (const auto* l : {&players_label, &teams_label, &dealer_label, &options_label, &date_label, &league_label,
                        &venue_label, &config_label})
    width = std::max(width, text::display_width(*l));
  const auto line = [width](const std::string& label, const std::string& value) {
    return "  " + reports::pad_right(label, width) + " " + value + "\n";
  };
  std::string out = reports::game_label(v.game.id, v.game.game) +
                    tr("cli.start.started", " started: {title}",
                       Message().text("title", app::local_game_title(std::string(gr.id())))) +
                    "\n";
  std::string names;
  for (const auto& p : v.game.players) names += (names.empty() ? "" : ", ") + p;
  out += line(players_label, names);
  if (v.score.contains("teams") && v.score["teams"].is_object()) {
    std::string teams;
    for (auto it = v.score["teams"].begin(); it != v.score["teams"].end(); ++it) {
      std::string members;
      for (const auto& p : it.value()) members += (members.empty() ? "" : " & ") + p.get<std::string>();
      teams += (teams.empty() ? "" : ", ") + it.key() + ": " + members;
    }
    out += line(teams_label, teams);
  }
  const std::string dealer = v.score.value("next_dealer", std::string());
  if (!dealer.empty()) out += line(dealer_label, reports::dealer_text(dealer, v.sitting_out));
  std::string given, house;
  if (setup.contains("options") && setup["options"].is_object())
    for (auto it = setup["options"].begin(); it != setup["options"].end(); ++it) {
      std::string& to = from.has(from.options, it.key()) ? house : given;
      to += (to.empty() ? "" : ", ") + gr.labels().item(it.key(), *it);
    }
  if (!house.empty())
    given += (given.empty() ? "" : "; ") +
             tr("cli.start.house_rules", "house rules: {list}", Message().text("list", house));
  const Message options = Message().text("given", given).text("game", std::string(gr.id()));
  out += line(options_label,
              given.empty()
                  ? tr("cli.start.defaults", "the rules' defaults (marque rules {game})", options)
                  : tr("cli.start.given", "{given}; the rest as the rules' defaults (marque rules {game})", options));
  for (auto it = setup.begin(); it != setup.end(); ++it) {
    const std::string& k = it.key();
    if (k == "players" || k == "seats" || k == "first_dealer" || k == "options") continue;
    out += line(tr("cli.start.other", "{label}:", Message().text("label", gr.labels().key(k))),
                gr.labels().value(k, *it));
  }
  const std::string date = v.game.meta.value("date", std::string());
  if (!date.empty()) out += line(date_label, text::local_date(date, text::language()));
  const std::string config_note = tr("cli.start.from_config", " (config file)");
  if (!v.game.meta.value("league", std::string()).empty())
    out += line(league_label,
                v.game.meta["league"].get<std::string>() + (from.has(from.meta, "league") ? config_note : ""));
  if (from.has(from.meta, "venue")) out += line(venue_label, v.game.meta.value("venue", std::string()) + config_note);
  if (!from.options.empty() || !from.meta.empty()) out += line(config_label, from.path);
  out += tr("cli.start.focus", "now using game {id}: commands without -g act on it (marque use ID switches)",
            Message().number("id", v.game.id)) +
         "\n";
  return out;
}

}  // namespace

CommandRecord add_start(CLI::App& app, Context& ctx, Commands& out) {
  std::string examples;
  for (const auto* game : rules::all_games())
    for (const auto& e : game->start_examples()) examples += "\n  marque start " + e;
  struct Options {
    std::string game, league, date, venue, note;
    std::vector<std::string> words;
    std::optional<int64_t> night_id;
    bool guided = false;
  };
  auto o = std::make_shared<Options>();
  auto* c = app.add_subcommand(
      "start",
      text::tr("help.start", "start a game: marque start GAME players=Ann,Ben,Cat dealer=Ann [option.ID=VALUE]..."));
  c->add_option("game", o->game, rules::game_list(text::tr("cli.list.or", "or")))->required();
  c->add_option("fields", o->words, text::tr("help.start.fields", "set-up fields as key=value"));
  c->add_option("--league", o->league, text::tr("help.start.league", "league the game counts for"));
  c->add_option("--date", o->date, text::tr("help.start.date", "date played (YYYY-MM-DD)"));
  c->add_option("--venue", o->venue, text::tr("help.start.venue", "where it was played"));
  c->add_option("--note", o->note, text::tr("help.night.start.note", "free text"));
  c->add_option("--night", o->night_id,
                text::tr("help.start.night", "the night (evening) this game belongs to (marque night start)"))
      ->check(k_whole_number);
  c->add_flag("--guided", o->guided,
              text::tr("help.start.guided",
                       "ask for the players and the first dealer even when standard input is not a terminal"));
  c->footer(
      text::tr(
          "help.start.footer",
          "The roster: with no players given, at a terminal (or with --guided), marque asks for them one seat at a "
          "time\nfrom the club's players, the most recent first: a number picks one, letters narrow the list "
          "(accents and\ncase aside), a name the club does not know is confirmed (+NAME takes it as new at once); "
          "then the first\ndealer. The options keep their defaults (or the house rules); the game starts as the "
          "one-line start would.\n'<' goes back, '.' abandons (nothing is stored).\n\nHouse rules: the options "
          "the command line leaves out come from the config file's table for the game\n([GAME] in "
          "~/.config/marque/config.toml), and --league and --venue from its league and venue (not for a game\nof "
          "a night: the night has its own); marque config shows them, and the game's start says which were "
          "used.") +
      "\n" + text::tr("help.examples", "Examples:") + examples);
  out.push_back(
      {c, [o, &ctx] {
         require_date("--date", o->date);
         for (const auto& [field, value] : {std::pair<const char*, const std::string*>{"--league", &o->league},
                                            {"--date", &o->date},
                                            {"--venue", &o->venue},
                                            {"--note", &o->note}})
           check_utf8(field, *value);
         const auto& gr = app::game_rules(o->game);
         const config::File& settings = ctx.settings();
         auto db = ctx.open(true);
         json setup = app::setup_from_words(gr, parse_words(o->words));
         // no players given: the roster asks for them at a terminal (names it offers or confirms need no more asking)
         const bool roster = names_no_player(gr, setup) &&
                             (o->guided || (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)));
         if (roster) {
           rules::Words words = parse_words(o->words);
           const bool dealer_given = std::any_of(words.begin(), words.end(), [](const auto& w) {
             return w.first == "dealer" || w.first == "first_dealer" || w.first == "elder";
           });
           auto table = roster_words(db, gr, !dealer_given, std::cin, std::cout);
           if (!table) {
             std::cout << "not started: nothing stored\n";
             return static_cast<int>(k_exit_rejected);
           }
           words.insert(words.end(), table->begin(), table->end());
           setup = app::setup_from_words(gr, words);
         }
         FromConfig from;
         from.path = settings.path;
         from.options = apply_house_rules(settings, gr, setup);
         // the config file's league and venue when the command line gives none (a night has its own)
         if (!o->night_id)
           for (auto [key, value] : {std::pair<const char*, std::string*>{"league", &o->league}, {"venue", &o->venue}})
             if (const config::Entry* e = settings.find(key); e && value->empty()) {
               *value = e->value.get<std::string>();
               from.meta.push_back(key);
             }
         json meta = json::object();
         if (!o->league.empty()) meta["league"] = o->league;
         // a game is dated the day it is played: today unless told (a night gives its own date)
         if (!o->date.empty())
           meta["date"] = o->date;
         else if (!o->night_id)
           meta["date"] = today();
         if (!o->venue.empty()) meta["venue"] = o->venue;
         if (!o->note.empty()) meta["note"] = o->note;
         if (!roster && !confirm_new_players(db, gr, setup)) {
           std::cout << "not started: nothing stored\n";
           return static_cast<int>(k_exit_rejected);
         }
         int64_t id = app::start_game(*db, o->game, setup, meta, o->night_id);
         app::GameView v = app::game_view(*db, id);
         std::cout << start_text(gr, v, setup, from);
         return 0;
       }});
  return {"start", true};
}

}  // namespace marque::cli::commands
