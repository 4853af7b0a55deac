// Piquet options (spec piquet §6): every variant, ids, values and defaults exactly as the table; the set-up
// (§2.3) and the state of a paper game being resumed (`start`).
#include <iterator>
#include <set>

#include "rules/common/help_text.hpp"
#include "rules/piquet/piquet.hpp"

namespace marque::rules::piquet {

namespace {

std::string check_target(const json& v) {
  if (!v.is_number() || !is_whole_number(v) || v < 1) return "the target must be a whole number of at least 1";
  if (v > 100000) return "the target must be at most 100000";
  return "";
}

}  // namespace

// spec piquet §6: every variant, ids / values / defaults exactly as the table.
namespace {
std::vector<OptionSpec> build_option_table() {
  OptionSpec specs[] = {
      {"mode",
       "enum",
       {"classic", "rubicon"},
       "classic",
       help_text("piquet.option.mode",
                 "classic = game to the target (seed); rubicon = partie of six deals (spec 5.2 / 5.3)")},
      {"target",
       "int",
       {},
       100,
       help_text("piquet.option.target", "classic game target (seed 100; 150/200 also used; Hoyle 101)"),
       &check_target,
       1,
       100000},
      {"match",
       "enum",
       {"best_of_3", "single", "best_of_5_doubles"},
       "best_of_3",
       help_text("piquet.option.match",
                 "classic match: best of three games, a single game, or first to 3 games with a game won against a "
                 "loser under 50 counting 2")},
      {"point_scoring",
       "enum",
       {"cards", "pips_rounded"},
       "cards",
       help_text("piquet.option.point_scoring",
                 "point scores its number of cards, or (old rule) pips / 10 rounded half up; needs point.pips")},
      {"trick_scoring",
       "enum",
       {"modern", "old_tens"},
       "modern",
       help_text(
           "piquet.option.trick_scoring",
           "modern = every lead / capture scores; old_tens = only with a ten or higher (pique taken from the record)")},
      {"last_trick_on_capot",
       "enum",
       {"yes", "no"},
       "yes",
       help_text("piquet.option.last_trick_on_capot", "does a capot winner get the extra point for the last trick")},
      {"partie_deals",
       "enum",
       {6, "4_doubled_ends"},
       6,
       help_text("piquet.option.partie_deals",
                 "rubicon partie of 6 deals, or 4 deals with the first and last counting double")},
      {"stake_rounding",
       "enum",
       {"none", "floor_50", "floor_25"},
       "none",
       help_text("piquet.option.stake_rounding", "settlement: fractions of 50 (or 25) points are not reckoned")},
      {"concession_pique",
       "bool",
       {},
       false,
       help_text("piquet.option.concession_pique",
                 "rubicon conceded last deal: false = the 13 play points give no pique (Cavendish, Case XXII); "
                 "true = older reading, an eligible elder piques when his declarations + 13 reach 30")},
  };
  // moved, not copied as from an initializer list
  return std::vector<OptionSpec>(std::make_move_iterator(std::begin(specs)), std::make_move_iterator(std::end(specs)));
}
}  // namespace

text::Labels option_labels() {
  return {
      {"mode", "{}"},
      text::said_label("=classic", "classic game"),
      text::said_label("=rubicon", "rubicon"),
      text::said_label("target", "game to {}"),
      text::said_label("match", "match: {}"),
      text::said_label("=best_of_3", "best of three games"),
      text::said_label("match=single", "one game"),
      text::said_label("=best_of_5_doubles", "first to three games, a game won against a loser under 50 counting two"),
      text::said_label("point_scoring", "point scores {}"),
      text::said_label("=cards", "its cards"),
      text::said_label("=pips_rounded", "its pips ÷ 10"),
      text::said_label("trick_scoring", "tricks score {}"),
      text::said_label("=modern", "every lead and capture"),
      text::said_label("=old_tens", "only with a ten or higher"),
      text::said_label("last_trick_on_capot", "last trick point on a capot: {}"),
      text::said_label("partie_deals", "partie of {} deals"),
      text::said_label("=4_doubled_ends", "4 (the first and last double)"),
      text::said_label("partie_deals=4_doubled_ends", "partie of 4 (the first and last double) deals"),
      text::said_label("stake_rounding", "settlement {}"),
      text::said_label("stake_rounding=none", "not rounded"),
      text::said_label("=floor_50", "without fractions of 50"),
      text::said_label("=floor_25", "without fractions of 25"),
      text::said_label("concession_pique", "pique on a conceded last deal"),
      text::said_label("concession_pique=false", "no pique on a conceded last deal"),
  };
}

const std::vector<OptionSpec>& option_table() {
  static const std::vector<OptionSpec>& table = *new std::vector<OptionSpec>(build_option_table());  // never destroyed
  return table;
}

Options options_from(const json& o) {
  Options r;
  r.mode = o.value("mode", std::string("classic")) == "rubicon" ? Mode::rubicon : Mode::classic;
  if (o.contains("target")) read_int(o["target"], 1, 100000, r.target);  // resolve_options has checked it
  r.match = o.value("match", std::string("best_of_3"));
  r.pips_rounded = o.value("point_scoring", std::string("cards")) == "pips_rounded";
  r.old_tens = o.value("trick_scoring", std::string("modern")) == "old_tens";
  r.last_trick_on_capot = o.value("last_trick_on_capot", std::string("yes")) != "no";
  r.four_doubled = o.contains("partie_deals") && o["partie_deals"] == "4_doubled_ends";
  r.stake_rounding = o.value("stake_rounding", std::string("none"));
  r.concession_pique = o.contains("concession_pique") && o["concession_pique"].is_boolean() &&
                       o["concession_pique"].get<bool>();
  return r;
}

int games_needed(const std::string& match) {
  if (match == "single") return 1;
  if (match == "best_of_5_doubles") return 3;
  return 2;
}

// ---- the set-up (spec piquet §2.3) -----------------------------------------------------------------------

namespace {

std::vector<std::string> read_players(const json& setup, Diagnostics& d) {
  std::vector<std::string> players;
  if (!setup.contains("players") || !setup["players"].is_array()) {
    err(d, "players", "piquet.players", text::Message("piquet.err.players_missing"));
    return players;
  }
  for (const auto& p : setup["players"]) {
    if (!p.is_string() || p.get<std::string>().empty()) {
      err(d, "players", "piquet.players", text::Message("piquet.err.player_name").text("value", p.dump()));
      continue;
    }
    players.push_back(p.get<std::string>());
  }
  if (setup["players"].size() != 2)
    err(d, "players", "piquet.players_count",
        text::Message("piquet.err.players_count")
            .number("count", static_cast<int64_t>(setup["players"].size()))
            .text("players", join(players)));
  else if (players.size() == 2 && players[0] == players[1])
    err(d, "players", "piquet.players_distinct", text::Message("piquet.err.players_distinct").text("name", players[0]));
  for (const auto& p : players)
    for (const auto& k : reserved_breakdown_keys())
      if (p == k)
        err(d, "players", "piquet.players_reserved", text::Message("piquet.err.players_reserved").text("name", p));
  return players;
}

int read_first_dealer(const json& setup, const std::vector<std::string>& players, Diagnostics& d) {
  if (!setup.contains("first_dealer") || setup["first_dealer"].is_null()) {
    err(d, "first_dealer", "piquet.first_dealer", text::Message("piquet.err.first_dealer_missing"));
    return -1;
  }
  if (players.size() != 2) return -1;
  const json& f = setup["first_dealer"];
  if (f.is_string() && f == players[0]) return 0;
  if (f.is_string() && f == players[1]) return 1;
  err(d, "first_dealer", "piquet.first_dealer",
      text::Message("piquet.err.first_dealer").text("value", show(f)).text("players", join(players)));
  return -1;
}

bool read_player_map(const json& v, const std::vector<std::string>& players, const std::string& field,
                     bool allow_negative, std::array<long long, 2>& out, Diagnostics& d) {
  if (!v.is_object()) {
    err(d, field, "piquet.start",
        text::Message("piquet.err.start_map").text("first", players[0]).text("second", players[1]));
    return false;
  }
  bool ok = true;
  for (auto it = v.begin(); it != v.end(); ++it)
    if (it.key() != players[0] && it.key() != players[1]) {
      err(d, field, "piquet.start",
          text::Message("piquet.err.start_player")
              .text("value", it.key())
              .text("first", players[0])
              .text("second", players[1]));
      ok = false;
    }
  for (size_t p = 0; p < 2; ++p) {
    int n = 0;
    if (!v.contains(players[p])) continue;
    if (!read_int(v[players[p]], allow_negative ? -1000000 : 0, 1000000, n)) {
      err(d, field, "piquet.start",
          text::Message("piquet.err.start_number")
              .text("name", players[p])
              .text("value", v[players[p]].dump())
              .text("negative", allow_negative ? "yes" : "no"));
      ok = false;
    } else {
      out[p] = n;
    }
  }
  return ok;
}

// `start` against the mode: a finished game / partie cannot be resumed; balances are zero-sum.
void check_resume(const json& s, const Resume& r, const std::vector<std::string>& players, const Options& opts,
                  Diagnostics& d) {
  if (opts.mode == Mode::classic) {
    for (size_t p = 0; p < 2; ++p)
      if (r.totals[p] >= opts.target)
        err(d, "start.totals", "piquet.start_over",
            text::Message("piquet.err.start_game_over")
                .text("name", players[p])
                .number("total", r.totals[p])
                .number("target", opts.target));
    for (size_t p = 0; p < 2; ++p)
      if (r.won[p] >= games_needed(opts.match))
        err(d, "start.games_won", "piquet.start_over",
            text::Message("piquet.err.start_match_over")
                .text("name", players[p])
                .number("won", r.won[p])
                .text("match", opts.match));
    if (s.contains("balance"))
      err(d, "start.balance", "piquet.start", text::Message("piquet.err.start_balance_classic"));
    return;
  }
  if (s.contains("games_won"))
    err(d, "start.games_won", "piquet.start", text::Message("piquet.err.start_games_won_rubicon"));
  int base = opts.four_doubled ? 4 : 6;
  if (r.deals >= base + 2 || (r.deals >= base && r.totals[0] != r.totals[1]))
    err(d, "start.deals", "piquet.start_over",
        text::Message("piquet.err.start_partie_over").number("deals", r.deals).number("base", base));
  if (r.balance[0] + r.balance[1] != 0)
    err(d, "start.balance", "piquet.start",
        text::Message("piquet.err.start_balance_sum").number("first", r.balance[0]).number("second", r.balance[1]));
}

// `start` (format README §1): the state of a paper game being resumed.
Resume read_resume(const json& setup, const std::vector<std::string>& players, const Options& opts, Diagnostics& d) {
  Resume r;
  if (!setup.contains("start") || setup["start"].is_null() || players.size() != 2) return r;
  const json& s = setup["start"];
  if (!s.is_object()) {
    err(d, "start", "piquet.start", text::Message("piquet.err.start_shape"));
    return r;
  }
  for (auto it = s.begin(); it != s.end(); ++it) {
    const std::string& k = it.key();
    if (k == "totals")
      read_player_map(it.value(), players, "start.totals", false, r.totals, d);
    else if (k == "games_won")
      read_player_map(it.value(), players, "start.games_won", false, r.won, d);
    else if (k == "balance")
      read_player_map(it.value(), players, "start.balance", true, r.balance, d);
    else if (k == "deals") {
      if (!read_int(it.value(), 0, 1000000, r.deals))
        err(d, "start.deals", "piquet.start", text::Message("piquet.err.start_deals").text("value", it.value().dump()));
    } else {
      err(d, "start." + k, "piquet.start", text::Message("piquet.err.start_field").text("key", k));
    }
  }
  check_resume(s, r, players, opts, d);
  return r;
}

}  // namespace

// spec piquet §2.3 set-up (+ `start`, the state of a paper game being resumed; format README §1)
std::unique_ptr<Game> start_game(const json& setup, Diagnostics& d) {
  size_t before = d.errors().size();
  std::vector<std::string> players = read_players(setup, d);
  int first = read_first_dealer(setup, players, d);
  json resolved = resolve_options(setup.contains("options") ? setup["options"] : json(nullptr), option_table(), d);
  Options opts = options_from(resolved);
  static const std::set<std::string> known = {"players", "first_dealer", "options", "start"};
  for (auto it = setup.begin(); it != setup.end(); ++it)
    if (!known.count(it.key()))
      warn(d, it.key(), "piquet.setup_field", text::Message("piquet.err.setup_field").text("field", it.key()));
  Resume resume = read_resume(setup, players, opts, d);
  if (d.errors().size() != before) return nullptr;
  return make_game(players, opts, first, resume);
}

}  // namespace marque::rules::piquet
