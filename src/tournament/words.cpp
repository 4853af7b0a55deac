// The tournament library's refusals as words (src/README.md, "Languages": refusals): the English patterns of the
// checks of section 7 (validate.cpp, draw.cpp), said in the reader's language from po/LANG.po by the front ends.
#include "rules/engine.hpp"
#include "tournament/tournament.hpp"

namespace marque::tournament {

const text::Catalogue& catalogue() {
  static const text::Catalogue& c = *new text::Catalogue([] {
    text::Catalogue x;
    x.patterns.reserve(58);                    // the patterns below: one allocation
    x.fallback = &rules::default_catalogue();  // the games' list (rules::game_list_words)
    // ICU MessageFormat: a quote around a placeholder is written twice (''{id}'')
    // an error as the organiser reads it, its spec code first (the tournament command: "T02 no table 5 ...")
    x.add("tournament.err.coded", "{code} {text}");
    // the document as read (read.cpp): types and values
    x.add("tournament.err.read_string", "{key} must be a string");
    x.add("tournament.err.read_whole", "{key} must be a whole number of at least {min}");
    x.add("tournament.err.read_choice", "{key} \"{value}\" is not one of {allowed}");
    x.add("tournament.err.read_multiple", "a number that is not a multiple of 1/{per}");
    x.add("tournament.err.read_number", "must be a number");
    x.add("tournament.err.read_ids", "{key} must be a list of entrant ids");
    x.add("tournament.err.read_event", "the event must be an object");
    x.add("tournament.err.read_game", "unknown game \"{value}\"; marque knows {games}");
    x.add("tournament.err.read_options", "options must be an object");
    x.add("tournament.err.read_option", "unknown option \"{key}\"");
    x.add("tournament.err.read_length_mode", "round_length.mode must be one of {allowed}");
    x.add("tournament.err.read_seed", "the seed must be an unsigned 64-bit integer written in decimal");
    x.add("tournament.err.read_plan", "method fixed needs a plan");
    x.add("tournament.err.read_match_points", "match points need tables of two sides; this game seats more");
    x.add("tournament.err.read_placement", "placement_points: '{'size: [points of each place]'}'");
    x.add("tournament.err.read_criterion", "unknown criterion; the criteria are {allowed}");
    x.add("tournament.err.read_entrants", "entrants must be a list");
    x.add("tournament.err.read_entrant_id", "an entrant needs an id");
    x.add("tournament.err.read_duplicate", "duplicate entrant id \"{id}\"");
    x.add("tournament.err.read_team", "a team has exactly two players");
    x.add("tournament.err.read_other_team", "{name} already plays in team {team}");
    x.add("tournament.err.read_result", "a result names each entrant of the table with a number");
    x.add("tournament.err.read_rounds", "rounds_played must be a list");
    x.add("tournament.err.read_round_numbers", "rounds are numbered 1, 2, ... in order");
    x.add("tournament.err.read_no_table", "no table {table} in the draw of round {round}");
    x.add("tournament.err.read_document", "not a marque-tournament/1 document");
    x.add("tournament.err.read_format", "the format must be marque-tournament/1 or marque-tournament-case/1");
    x.add("tournament.err.read_lot_twice", "\"{id}\" twice in the lot order");
    x.add("tournament.err.result_entrants",
          "the result must name exactly the table's entrants, table {table, number, ::group-off}");
    x.add("tournament.err.zero_sum", "the table's results must sum to 0 (each deal is zero-sum)");
    x.add("tournament.err.deals",
          "{deals, number, ::group-off} deals; the round's length is {limit, number, ::group-off}");
    x.add("tournament.err.confirmed_missing", "a confirmed result names the second player who confirmed it");
    x.add("tournament.err.confirmed_self", "confirmed by the player who submitted it; a second player confirms");
    x.add("tournament.err.confirmed_not_seated", "{player} is not seated at table {table, number, ::group-off}");
    x.add("tournament.err.confirmed_side", "a player of the other side confirms");
    x.add("tournament.err.closed_status", "round closed while table {table, number, ::group-off} is {status}");
    x.add("tournament.err.too_few",
          "only {count, number, ::group-off} entrant(s) in round 1; the game needs at least {min}");
    x.add("tournament.err.plan_round", "every registration number once per round, at tables of sizes the game plays");
    x.add("tournament.err.round_over",
          "round {round, number, ::group-off} of an event of {rounds, number, ::group-off}");
    x.add("tournament.err.round_drawn_open",
          "round {round, number, ::group-off} drawn while round {previous, number, ::group-off} is open");
    x.add("tournament.err.table_size",
          "a table of {size, number, ::group-off}; the game plays tables of {min} to {max}");
    x.add("tournament.err.unknown_entrant", "unknown entrant \"{id}\"");
    x.add("tournament.err.two_tables", "{id} is seated at two tables of round {round, number, ::group-off}");
    x.add("tournament.err.inactive", "{id} is withdrawn or absent in round {round, number, ::group-off}");
    x.add("tournament.err.fixed_table", "{id} must sit at table {table, number, ::group-off}");
    x.add("tournament.err.seated_and_bye", "{id} is seated and on a bye in round {round, number, ::group-off}");
    x.add("tournament.err.fixed_over",
          "table {table, number, ::group-off} of a round of {tables, number, ::group-off} tables");
    x.add("tournament.err.fixed_full", "more fixed entrants than seats at table {table, number, ::group-off}");
    x.add("tournament.err.no_result", "round closed without a result for table {table, number, ::group-off}");
    x.add("tournament.err.correction_time", "a correction carries its time (RFC 3339)");
    x.add("tournament.err.correction_author", "a correction names its author");
    x.add("tournament.err.correction_reason", "a correction gives its reason");
    x.add("tournament.err.no_table", "no table {table, number, ::group-off} in round {round, number, ::group-off}");
    x.add(
        "tournament.err.draw_not_now",
        "round {round, number, ::group-off} cannot be drawn now ({drawn, number, ::group-off} of {rounds, number, ::group-off} drawn)");
    x.add("tournament.err.round_open", "round {round, number, ::group-off} is open");
    x.add(
        "tournament.err.too_many",
        "{count, number, ::group-off} entrants to seat in round {round, number, ::group-off}; the game cannot seat that many");
    x.add("tournament.err.plan_missing", "the plan has no round {round, number, ::group-off}");
    return x;
  }());
  return c;
}

}  // namespace marque::tournament
