// Prefa options (spec prefa §6), contract strings and the set-up (§2.1).
#include <algorithm>
#include <cctype>
#include <iterator>

#include "rules/common/help_text.hpp"
#include "rules/prefa/prefa.hpp"

namespace marque::rules::prefa {

namespace {

std::string check_pool(const json& v) {
  long long x = v.get<long long>();
  return x >= 1 && x <= 999 ? "" : "must be a whole number from 1 to 999";
}

std::string check_raise(const json& v) {
  if (v.is_null()) return "";
  if (!v.is_number()) return "must be a positive whole number (or null for max(1, initial_pool / 10))";
  return common::whole_in(v, 1, 999) ? "" : "must be a whole number from 1 to 999";
}

std::string check_points(const json& v) {
  long long x = v.get<long long>();
  return x >= 0 && x <= 100000 ? "" : "must be a whole number of points from 0 to 100000";
}

std::string check_compensation(const json& v) {
  if (!v.is_array() || v.size() != 2) return "must be two whole numbers [one short, two or more short], e.g. [25, 50]";
  for (const auto& x : v) {
    // the spec gives no upper bound: 100000, as the four-aces bonuses
    if (!x.is_number_integer() || x.get<long long>() < 0 || x.get<long long>() > 100000 ||
        (x.is_number_unsigned() && x.get<unsigned long long>() > 100000))
      return "must be two whole numbers from 0 to 100000 [one short, two or more short], e.g. [25, 50]";
  }
  return "";
}

}  // namespace

std::optional<Contract> parse_contract(const std::string& s) {
  std::string u;
  for (char c : s) u += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  Contract c;
  size_t pos = 0;
  if (u.rfind("10", 0) == 0) {
    c.level = 10;
    pos = 2;
  } else if (!u.empty() && u[0] >= '6' && u[0] <= '9') {
    c.level = u[0] - '0';
    pos = 1;
  } else {
    return std::nullopt;
  }
  std::string strain = u.substr(pos);
  for (int i = 0; i < 5; ++i)
    if (strain == k_strains[i]) {
      c.strain = i;
      if (u != s) return std::nullopt;  // the record spells contracts in capitals, as the spec
      return c;
    }
  return std::nullopt;
}

// spec prefa §6, every option with the seed default first.
namespace {
std::vector<OptionSpec> build_option_table() {
  OptionSpec specs[] = {
      {"initial_pool",
       "int",
       {},
       31,
       help_text("prefa.option.initial_pool", "starting pool of every player (also the set-up field initial_pool)"),
       check_pool,
       1,
       999},
      {"ten_no_trumps",
       "enum",
       {"off", "value_10", "value_11"},
       "off",
       help_text("prefa.option.ten_no_trumps", "allow 10NT (above 10H) with game value 10 or 11")},
      {"ten_level_defence_target",
       "enum",
       {0, 1},
       0,
       help_text("prefa.option.ten_level_defence_target",
                 "defenders' target at 10-trick contracts (1: they declare play/pass)")},
      {"provisional_entry",
       "enum",
       {"off", "on"},
       "off",
       help_text("prefa.option.provisional_entry",
                 "call prov and hand type withdrawn (pool +2, 2 points to each other active player)")},
      {"first_hand_seven_of_diamonds",
       "enum",
       {"off", "on"},
       "off",
       help_text("prefa.option.first_hand_seven_of_diamonds",
                 "hand 1: the 7-of-diamonds holder (first_bidder) bids first and deals hand 2")},
      {"four_aces",
       "enum",
       {"off", "raise_value", "bonus"},
       "off",
       help_text("prefa.option.four_aces", "four aces announced with the contract: raise the game value or a bonus")},
      {"four_aces_raise",
       "any",
       {},
       nullptr,
       help_text("prefa.option.four_aces_raise",
                 "game value raise for four aces (null: max(1, floor(initial_pool/10)))"),
       check_raise,
       1,
       999},
      {"four_aces_bonus_6",
       "int",
       {},
       25,
       help_text("prefa.option.four_aces_bonus_6", "four-aces bonus per other player at 6-level contracts"),
       check_points,
       0,
       100000},
      {"four_aces_bonus_7plus",
       "int",
       {},
       50,
       help_text("prefa.option.four_aces_bonus_7plus", "four-aces bonus per other player at 7+ contracts"),
       check_points,
       0,
       100000},
      {"redeclare_take_along",
       "enum",
       {"off", "on"},
       "off",
       help_text("prefa.option.redeclare_take_along",
                 "R passed, L plays alone: R may take L along and becomes the taker")},
      {"game_end",
       "enum",
       {"all_pools_zero", "all_but_one_zero"},
       "all_pools_zero",
       help_text("prefa.option.game_end", "when the game ends")},
      {"overflow_mode",
       "enum",
       {"largest_first", "level"},
       "largest_first",
       help_text("prefa.option.overflow_mode", "overflow from the largest pool, or one point at a time")},
      {"overflow_exhausted",
       "enum",
       {"lapse", "negative"},
       "lapse",
       help_text("prefa.option.overflow_exhausted",
                 "overflow beyond every pool lapses or makes the declarer's pool negative")},
      {"taken_along_failure",
       "enum",
       {"merged", "per_seat"},
       "merged",
       help_text("prefa.option.taken_along_failure",
                 "defence failure under take-along: one target, or each seat charged to the taker")},
      {"partner_compensation_doubling",
       "enum",
       {"doubled", "single"},
       "doubled",
       help_text("prefa.option.partner_compensation_doubling",
                 "a 2+ short defender pays his partner doubled or single")},
      {"sitting_out_compensation",
       "list",
       {},
       json::array({25, 50}),
       help_text("prefa.option.sitting_out_compensation",
                 "points a failing declarer pays the sitting-out dealer [1 short, 2+ short]"),
       check_compensation},
      {"all_pass",
       "enum",
       {"redeal", "polles"},
       "redeal",
       help_text("prefa.option.all_pass", "all-pass hands: redeal, or play them for penalties (polles)")},
      {"concession",
       "enum",
       {"off", "on"},
       "off",
       help_text("prefa.option.concession", "declarer may concede after the talon (scored as down 2)")},
      {"end_rounding",
       "enum",
       {"exact", "integer_half_up"},
       "exact",
       help_text("prefa.option.end_rounding", "rounding of the 10*p/N end-settlement transfers")},
      {"sheet_columns",
       "enum",
       {"gross", "net"},
       "gross",
       help_text("prefa.option.sheet_columns", "sheet columns: cumulative received, or running pairwise net")},
  };
  // moved, not copied as from an initializer list
  return std::vector<OptionSpec>(std::make_move_iterator(std::begin(specs)), std::make_move_iterator(std::end(specs)));
}
}  // namespace

text::Labels option_labels() {
  return {
      text::said_label("ten_no_trumps", "10NT {}"),
      text::said_label("=value_10", "worth 10"),
      text::said_label("=value_11", "worth 11"),
      text::said_label("ten_level_defence_target", "defenders' target at the 10 level: {}"),
      text::said_label("provisional_entry", "provisional calls {}"),
      text::said_label("first_hand_seven_of_diamonds", "the 7♦ holder bids first in hand 1: {}"),
      text::said_label("four_aces", "four aces {}"),
      // the record's field four_aces labels the key (prefa_fields.cpp): the option's values say the whole item
      text::said_label("four_aces=off", "four aces off"),
      text::said_label("four_aces=raise_value", "four aces raise the game value"),
      text::said_label("four_aces=bonus", "four aces a bonus"),
      text::said_label("=raise_value", "raise the game value"),
      text::said_label("=bonus", "a bonus"),
      text::said_label("four_aces_raise", "four aces raise the game value by {}"),
      text::said_label("four_aces_raise=null", "four aces raise the game value by a tenth of the pool"),
      text::said_label("four_aces_bonus_6", "four aces bonus {} at the 6 level"),
      text::said_label("four_aces_bonus_7plus", "four aces bonus {} at the 7 level and up"),
      text::said_label("redeclare_take_along", "taking the other along after passing: {}"),
      text::said_label("game_end", "the game ends {}"),
      text::said_label("=all_pools_zero", "when every pool is 0"),
      text::said_label("=all_but_one_zero", "when all but one pool are 0"),
      text::said_label("overflow_mode", "overflow {}"),
      text::said_label("=largest_first", "from the largest pool"),
      text::said_label("=level", "one point at a time"),
      text::said_label("overflow_exhausted", "overflow past every pool {}"),
      text::said_label("=lapse", "lapses"),
      text::said_label("=negative", "makes the declarer's pool negative"),
      text::said_label("taken_along_failure", "a taken-along defence failing: {}"),
      text::said_label("=merged", "one target"),
      text::said_label("=per_seat", "each seat charged to the taker"),
      text::said_label("partner_compensation_doubling", "a defender 2 or more short pays the partner {}"),
      text::said_label("=doubled", "doubled"),
      text::said_label("partner_compensation_doubling=single", "single"),
      text::said_label("sitting_out_compensation", "the sitting-out dealer gets {}"),
      text::said_label("all_pass", "all-pass hands {}"),
      text::said_label("all_pass=redeal", "redealt"),
      text::said_label("all_pass=polles", "played as polles"),
      text::said_label("concession", "conceding after the talon: {}"),
      text::said_label("end_rounding", "end settlement {}"),
      text::said_label("=exact", "exact"),
      text::said_label("=integer_half_up", "in whole points, halves up"),
      text::said_label("sheet_columns", "sheet columns {}"),
      text::said_label("=gross", "received so far"),
      text::said_label("=net", "running net"),
  };
}

const std::vector<OptionSpec>& option_table() {
  static const std::vector<OptionSpec>& table = *new std::vector<OptionSpec>(build_option_table());  // never destroyed
  return table;
}

// ---------------------------------------------------------------------------------------------------------
// spec prefa §2.1 the set-up (+ `start`, a paper game being resumed)
namespace {

void err(Diagnostics& diags, const std::string& field, const std::string& code, text::Message words) {
  diags.error(field, "prefa." + code, std::move(words), catalogue());
}

int index_in(const std::vector<std::string>& players, const std::string& nm) {
  for (size_t i = 0; i < players.size(); ++i)
    if (players[i] == nm) return static_cast<int>(i);
  return -1;
}

// E-S1: 3 or 4 distinct non-empty names.
std::optional<std::vector<std::string>> read_players(const json& setup, Diagnostics& diags) {
  std::vector<std::string> players;
  if (!setup.contains("players") || !setup["players"].is_array()) {
    err(diags, "players", "players", text::Message("prefa.err.setup_players_missing"));
    return std::nullopt;
  }
  for (const auto& p : setup["players"]) {
    if (!p.is_string() || p.get<std::string>().empty()) {
      err(diags, "players", "players", text::Message("prefa.err.setup_player_name").text("value", show(p)));
      return std::nullopt;
    }
    std::string nm = p.get<std::string>();
    if (std::find(players.begin(), players.end(), nm) != players.end()) {
      err(diags, "players", "players", text::Message("prefa.err.setup_player_twice").text("name", nm));
      return std::nullopt;
    }
    players.push_back(nm);
  }
  if (players.size() < 3 || players.size() > 4) {
    err(diags, "players", "players",
        text::Message("prefa.err.setup_player_count").number("n", static_cast<std::int64_t>(players.size())));
    return std::nullopt;
  }
  return players;
}

// E-S2: the set-up field initial_pool; options.initial_pool is accepted as the same thing.
ll read_initial_pool(const json& setup, const json& given_opts, const json& o, Diagnostics& diags) {
  ll initial_pool = 31;
  bool pool_in_options = given_opts.is_object() && given_opts.contains("initial_pool");
  if (setup.contains("initial_pool")) {
    const json& ip = setup["initial_pool"];
    if (!is_whole(ip) || ip.get<ll>() < 1 || ip.get<ll>() > 999) {
      err(diags, "initial_pool", "initial_pool", text::Message("prefa.err.setup_initial_pool").text("value", show(ip)));
    } else {
      initial_pool = ip.get<ll>();
      if (pool_in_options && o["initial_pool"].is_number() && o["initial_pool"].get<ll>() != initial_pool)
        err(diags, "options.initial_pool", "initial_pool",
            text::Message("prefa.err.setup_initial_pool_differs").number("pool", initial_pool));
    }
  } else if (pool_in_options && is_whole(o["initial_pool"])) {
    initial_pool = o["initial_pool"].get<ll>();
  }
  return initial_pool;
}

// A player named by set-up field `field` (-1 with an error when not one of them).
int read_player(const json& v, const std::string& field, const std::vector<std::string>& players, Diagnostics& diags) {
  int i = v.is_string() ? index_in(players, v.get<std::string>()) : -1;
  if (i < 0)
    err(diags, field, "unknown_player",
        text::Message("prefa.err.unknown_player").text("name", show(v)).text("players", list_of(players)));
  return i;
}

// The resolved option object (spec prefa §6) as Options.
Options options_from(const json& o, ll initial_pool) {
  Options opt;
  std::string tnt = o["ten_no_trumps"].get<std::string>();
  opt.ten_nt = tnt == "value_10" ? 10 : tnt == "value_11" ? 11 : 0;
  opt.ten_target = static_cast<int>(o["ten_level_defence_target"].get<ll>());
  opt.provisional = o["provisional_entry"] == "on";
  opt.seven_diamonds = o["first_hand_seven_of_diamonds"] == "on";
  std::string fa = o["four_aces"].get<std::string>();
  opt.aces = fa == "raise_value" ? Options::Aces::raise : fa == "bonus" ? Options::Aces::bonus : Options::Aces::off;
  opt.aces_raise = o["four_aces_raise"].is_null() ? static_cast<int>(std::max<ll>(1, initial_pool / 10))
                                                  : static_cast<int>(o["four_aces_raise"].get<ll>());
  opt.aces_bonus_6 = static_cast<int>(o["four_aces_bonus_6"].get<ll>());
  opt.aces_bonus_7 = static_cast<int>(o["four_aces_bonus_7plus"].get<ll>());
  opt.redeclare = o["redeclare_take_along"] == "on";
  opt.all_but_one = o["game_end"] == "all_but_one_zero";
  opt.level_overflow = o["overflow_mode"] == "level";
  opt.negative = o["overflow_exhausted"] == "negative";
  opt.per_seat = o["taken_along_failure"] == "per_seat";
  opt.partner_single = o["partner_compensation_doubling"] == "single";
  opt.sit_out_1 = static_cast<int>(o["sitting_out_compensation"][0].get<ll>());
  opt.sit_out_2 = static_cast<int>(o["sitting_out_compensation"][1].get<ll>());
  opt.polles = o["all_pass"] == "polles";
  opt.concession = o["concession"] == "on";
  opt.half_up = o["end_rounding"] == "integer_half_up";
  return opt;
}

// start.pools: every player's pool now on the sheet, not a finished game (5.3).
void read_start_pools(const json& s, const std::vector<std::string>& players, const Options& opt, State& st,
                      Diagnostics& diags) {
  if (!s.contains("pools") || !s["pools"].is_object()) {
    err(diags, "start.pools", "start", text::Message("prefa.err.start_pools_missing"));
    return;
  }
  for (auto it = s["pools"].begin(); it != s["pools"].end(); ++it)
    if (index_in(players, it.key()) < 0)
      err(diags, "start.pools", "unknown_player",
          text::Message("prefa.err.unknown_player").text("name", it.key()).text("players", list_of(players)));
  for (size_t i = 0; i < players.size(); ++i) {
    const std::string& p = players[i];
    if (!s["pools"].contains(p)) {
      err(diags, "start.pools", "start", text::Message("prefa.err.start_pool_missing").text("name", p));
      continue;
    }
    const json& v = s["pools"][p];
    if (!is_whole(v) || v.get<ll>() < 0 || v.get<ll>() > 999) {
      err(diags, "start.pools", "start",
          text::Message("prefa.err.start_pool_value").text("name", p).text("value", show(v)));
      continue;
    }
    st.pool[i] = v.get<ll>();
  }
  if (diags.has_errors()) return;
  int positive = 0;
  for (ll p : st.pool) positive += p > 0;
  if (positive == 0 || (opt.all_but_one && positive == 1))
    err(diags, "start.pools", "start_finished", text::Message("prefa.err.start_finished"));
}

// the most points received and hands played a resumed sheet may hold (the spec gives no bound): a million keeps the
// twelfths, every settlement and a hand's number far from overflow
constexpr ll k_max_start_count = 1000000;

// start.received: {p: {q: n}}, the points p has received from q.
void read_start_received(const json& r, const std::vector<std::string>& players, State& st, Diagnostics& diags) {
  if (!r.is_object()) {
    err(diags, "start.received", "start", text::Message("prefa.err.start_received_shape"));
    return;
  }
  for (auto it = r.begin(); it != r.end(); ++it) {
    int p = index_in(players, it.key());
    if (p < 0 || !it.value().is_object()) {
      err(diags, "start.received", "start",
          text::Message(p < 0 ? "prefa.err.start_unknown_player" : "prefa.err.start_received_row")
              .text("name", it.key()));
      continue;
    }
    for (auto jt = it.value().begin(); jt != it.value().end(); ++jt) {
      int q = index_in(players, jt.key());
      if (q < 0 || q == p) {
        err(diags, "start.received", "start",
            text::Message(q < 0 ? "prefa.err.start_unknown_player" : "prefa.err.start_received_self")
                .text("name", jt.key()));
        continue;
      }
      const auto n = common::whole_in(jt.value(), 0, k_max_start_count);
      if (!n) {
        err(diags, "start.received", "start",
            text::Message("prefa.err.start_received_value")
                .text("to", it.key())
                .text("from", jt.key())
                .text("value", show(jt.value()))
                .number("max", k_max_start_count));
        continue;
      }
      st.recv[static_cast<size_t>(p)][static_cast<size_t>(q)] = *n * k_scale;
    }
  }
}

// E-S5: resume a paper game; false when `start` is not even an object.
bool read_start(const json& s, const std::vector<std::string>& players, const Options& opt, int first_dealer, State& st,
                Diagnostics& diags) {
  if (!s.is_object()) {
    err(diags, "start", "start", text::Message("prefa.err.start_shape"));
    return false;
  }
  for (auto it = s.begin(); it != s.end(); ++it)
    if (it.key() != "pools" && it.key() != "received" && it.key() != "dealer" && it.key() != "hands_played")
      err(diags, "start." + it.key(), "start", text::Message("prefa.err.start_field"));
  read_start_pools(s, players, opt, st, diags);
  if (s.contains("received") && !s["received"].is_null()) read_start_received(s["received"], players, st, diags);
  if (s.contains("dealer") && !s["dealer"].is_null()) {
    int sd = read_player(s["dealer"], "start.dealer", players, diags);
    if (sd >= 0 && first_dealer >= 0 && sd != first_dealer)
      err(diags, "start.dealer", "start",
          text::Message("prefa.err.start_dealer")
              .text("dealer", players[static_cast<size_t>(sd)])
              .text("first", players[static_cast<size_t>(first_dealer)]));
    else if (sd >= 0)
      st.dealer = sd;
  }
  if (s.contains("hands_played") && !s["hands_played"].is_null()) {
    if (const auto n = common::whole_in(s["hands_played"], 0, k_max_start_count); !n)
      err(diags, "start.hands_played", "start",
          text::Message("prefa.err.start_hands_played")
              .text("value", show(s["hands_played"]))
              .number("max", k_max_start_count));
    else
      st.hands = static_cast<int>(*n);
  }
  st.fresh = st.hands == 0;
  return true;
}

}  // namespace

std::optional<Amount> stake_of(const json& v) {
  if (!v.is_number()) return std::nullopt;
  if (v.is_number_integer()) return amount_of(v, 1);
  // a JSON number as written: its shortest decimal text ("0.05", "1e-07"), read exactly
  const std::string text = v.dump();
  const size_t e = text.find_first_of("eE");
  std::optional<Amount> a = parse_decimal(std::string_view(text).substr(0, e));
  if (!a || e == std::string::npos) return a;
  const std::optional<Amount> exponent = parse_decimal(std::string_view(text).substr(e + 1));
  if (!exponent || exponent->per != 1 || exponent->units < -18 || exponent->units > 18) return std::nullopt;
  for (int64_t k = 0; k < (exponent->units < 0 ? -exponent->units : exponent->units); ++k) {
    int64_t& scaled = exponent->units < 0 ? a->per : a->units;
    if (__builtin_mul_overflow(scaled, int64_t{10}, &scaled)) return std::nullopt;
  }
  return a;
}

std::unique_ptr<Game> start_game(const json& setup, Diagnostics& diags) {
  for (auto it = setup.begin(); it != setup.end(); ++it)
    if (!k_setup_fields.count(it.key()))
      err(diags, it.key(), "setup_field", text::Message("prefa.err.setup_field").text("key", it.key()));
  std::optional<std::vector<std::string>> read = read_players(setup, diags);
  if (!read) return nullptr;
  std::vector<std::string> players = std::move(*read);
  const size_t n = players.size();
  // E-S4
  json given_opts = setup.contains("options") ? setup["options"] : json(nullptr);
  json o = resolve_options(given_opts, option_table(), diags);
  const ll initial_pool = read_initial_pool(setup, given_opts, o, diags);
  // E-S3
  int scorer = 0;
  if (setup.contains("scorer"))
    scorer = read_player(setup["scorer"], "scorer", players, diags);  // null is not a player
  int first_dealer = -1;
  if (setup.contains("first_dealer") && !setup["first_dealer"].is_null())
    first_dealer = read_player(setup["first_dealer"], "first_dealer", players, diags);
  // the spec gives no upper bound (display only): a million per point keeps every sum of money finite and exact enough
  // to print, whatever the points (each far below 2^63)
  if (setup.contains("stake") && !setup["stake"].is_null() &&
      (!setup["stake"].is_number() || setup["stake"] <= json(0) || setup["stake"] > json(k_max_stake)))
    err(diags, "stake", "stake", text::Message("prefa.err.setup_stake").text("value", show(setup["stake"])));

  Options opt;
  if (!diags.has_errors()) opt = options_from(o, initial_pool);
  State st;
  st.pool.assign(n, initial_pool);
  st.recv.assign(n, std::vector<ll>(n, 0));
  st.dealer = first_dealer >= 0 ? first_dealer : 0;
  if (setup.contains("start") && !setup["start"].is_null() &&
      !read_start(setup["start"], players, opt, first_dealer, st, diags))
    return nullptr;
  if (diags.has_errors()) return nullptr;
  json echo = json::object();
  echo["scorer"] = players[static_cast<size_t>(scorer)];
  if (setup.contains("stake") && !setup["stake"].is_null()) echo["stake"] = setup["stake"];
  return std::make_unique<PrefaGame>(std::move(players), opt, std::move(st), echo);
}

}  // namespace marque::rules::prefa
