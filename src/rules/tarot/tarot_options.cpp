// spec tarot §2.1 (session record), §3.1 (session errors), §6 (variants).
#include <algorithm>
#include <cctype>
#include <limits>

#include "rules/common/help_text.hpp"
#include "rules/tarot/tarot.hpp"

namespace marque::rules::tarot {

std::string half_points_text(int64_t half) {
  std::string s = std::to_string(half / 2);
  if (half % 2 != 0) {
    if (half < 0 && half / 2 == 0) s = "-0";
    s += ".5";
  }
  return s;
}

Sizes sizes_for(int n) {
  // spec tarot §1.3
  switch (n) {
    case 3:
      return {24, 24, {13, 15, 18}};
    case 5:
      return {15, 15, {8, 10, 13}};
    default:
      return {18, 18, {10, 13, 15}};
  }
}

namespace {

std::string check_misere_value(const json& v) {
  if (!v.is_number() || v < 1) return "misere_value must be an integer >= 1";
  return "";
}

std::string check_petite_chelem_tricks(const json& v) {
  if (v.is_null()) return "";
  if (!v.is_number() || v < 1) return "petite_chelem_tricks must be a number of tricks >= 1";
  return "";
}

// spec tarot §6: the `fft` preset column (only values differing from the seed column).
struct PresetValue {
  const char* id;
  const char* value;  // JSON text
};
constexpr PresetValue k_fft_preset[] = {
    {"poignee_values", "\"fft\""},
    {"bidding_rounds", "\"single\""},
    {"jack_call", "true"},
};

bool truthy(const json& v) {
  if (v.is_boolean()) return v.get<bool>();
  if (v.is_string()) return v.get<std::string>() == "on" || v.get<std::string>() == "true";
  return false;
}

}  // namespace

namespace {
std::vector<OptionSpec> build_option_table() {
  // spec tarot §6, in the spec's order; defaults = seed column.
  std::vector<OptionSpec> t;
  t.reserve(21);  // the options below: no copy of one as the vector grows
  t.push_back({"preset",
               "enum",
               {"seed", "fft"},
               "seed",
               help_text("tarot.option.preset", "seed or fft: sets the variants below; explicit ids override")});
  t.push_back({"poignee_values",
               "enum",
               {"seed", "fft"},
               "seed",
               help_text("tarot.option.poignee_values", "poignee values: seed 20/40/60, fft 20/30/40")});
  t.push_back({"garde_contre_multiplier",
               "int",
               {6, 8},
               6,
               help_text("tarot.option.garde_contre_multiplier", "multiplier of garde contre")});
  t.push_back({"bid_ladder",
               "enum",
               {"standard", "petite_pousse"},
               "standard",
               help_text("tarot.option.bid_ladder",
                         "standard (prise<garde<garde_sans<garde_contre) or petite_pousse (petite<pousse<garde<...)")});
  t.push_back({"bidding_rounds",
               "enum",
               {"multi", "single"},
               "multi",
               help_text("tarot.option.bidding_rounds", "auction check: several rounds (seed) or one bid each (FFT)")});
  t.push_back({"petit_sec",
               "enum",
               {"redeal", "play_as_excuse"},
               "redeal",
               help_text("tarot.option.petit_sec", "a bare petit is redealt, or played like an Excuse")});
  t.push_back({"extra_redeal_reasons",
               "list",
               {"no_trumps", "few_honours"},
               json::array(),
               help_text("tarot.option.extra_redeal_reasons", "house redeal reasons accepted without a warning")});
  t.push_back({"misere",
               "enum",
               {"off", "on", false, true},
               "off",
               help_text("tarot.option.misere", "enables the miseres field")});
  t.push_back(
      {"misere_value",
       "int",
       {},
       10,
       help_text("tarot.option.misere_value", "points of a misere (seed 10, RENC 20)"),
       &check_misere_value,
       // the spec gives no upper bound: 1000 (a hundred times the seed) keeps a misère's 1000 x 4 far from overflow
       1,
       1000});
  t.push_back({"misere_scoring",
               "enum",
               {"personal", "team"},
               "personal",
               help_text("tarot.option.misere_scoring",
                         "personal: paid by every other player; team: added to S like a poignee")});
  t.push_back({"misere_kinds",
               "enum",
               {"combined", "separate"},
               "combined",
               help_text("tarot.option.misere_kinds", "combined misere, or trumps/faces misères declared separately")});
  t.push_back({"petite_chelem",
               "enum",
               {"off", "on", false, true},
               "off",
               help_text("tarot.option.petite_chelem", "petite chelem bonuses 300/-150/150")});
  t.push_back({"petite_chelem_tricks",
               "int",
               {},
               nullptr,
               help_text("tarot.option.petite_chelem_tricks",
                         "tricks for a petite chelem (null = T - 3: 21/15/12 for 3/4/5 players)"),
               &check_petite_chelem_tricks,
               1,
               24});  // at most the 24 tricks of a 3-player deal (E_VARIANT: of this table's)
  t.push_back({"defence_chelem_bonus",
               "int",
               {200, 0},
               200,
               help_text("tarot.option.defence_chelem_bonus", "defence chelem: paid to each defender")});
  t.push_back({"five_player_mode",
               "enum",
               {"called_king", "dealer_sits_out"},
               "called_king",
               help_text("tarot.option.five_player_mode",
                         "5 at the table: called king, or the 4-player game with the dealer sitting out")});
  t.push_back({"self_call",
               "bool",
               {true, false},
               true,
               help_text("tarot.option.self_call", "5p: the taker may call a king he holds and play alone")});
  t.push_back(
      {"jack_call",
       "bool",
       {true, false},
       false,
       help_text("tarot.option.jack_call", "5p: with all kings, queens and knights the taker may call a jack")});
  t.push_back({"gain_rounding",
               "enum",
               {"none", "nearest_5", "nearest_10"},
               "none",
               help_text("tarot.option.gain_rounding", "rounding of the diff (halves up)")});
  t.push_back({"count_redeals",
               "bool",
               {false, true},
               false,
               help_text("tarot.option.count_redeals", "redeals count toward end.deals")});
  t.push_back(
      {"poignee_to",
       "enum",
       {"winner", "shower"},
       "winner",
       help_text(
           "tarot.option.poignee_to",
           "who scores a poignee: winner = the side that wins the deal (seed, FFT); shower = always the side of the player who "
           "showed it (house rule)")});
  t.push_back(
      {"petit_au_bout_failed_attack",
       "enum",
       {"counts", "lost"},
       "counts",
       help_text(
           "tarot.option.petit_au_bout_failed_attack",
           "a petit au bout won by an attack whose contract fails: counts = still +10 x m for the attack (FFT); lost = "
           "-10 x m, the attack loses it (house rule)")});
  return t;
}
}  // namespace

text::Labels option_labels() {
  return {
      text::said_label("preset", "preset {}"),
      text::said_label("=seed", "seed"),
      text::said_label("=fft", "FFT"),
      text::said_label("poignee_values", "poignée values {}"),
      text::said_label("garde_contre_multiplier", "garde contre ×{}"),
      text::said_label("bid_ladder", "bid ladder {}"),
      text::said_label("=standard", "standard"),
      text::said_label("=petite_pousse", "petite and pousse"),
      text::said_label("bidding_rounds", "bidding {}"),
      text::said_label("=multi", "in several rounds"),
      text::said_label("=single", "in one round"),
      text::said_label("petit_sec", "petit sec {}"),
      text::said_label("petit_sec=redeal", "redealt"),
      text::said_label("=play_as_excuse", "played like the excuse"),
      text::said_label("extra_redeal_reasons", "also redealt: {}"),
      text::said_label("misere", "misère {}"),
      text::said_label("misere=false", "no misère"),
      text::said_label("misere_value", "misère worth {}"),
      text::said_label("misere_scoring", "misère paid {}"),
      text::said_label("=personal", "by every other player"),
      text::said_label("=team", "to the side"),
      text::said_label("misere_kinds", "misères {}"),
      text::said_label("=separate", "trumps and faces apart"),
      text::said_label("misere_kinds=combined", "combined"),
      text::said_label("petite_chelem", "petite chelem {}"),
      text::said_label("petite_chelem=false", "no petite chelem"),
      text::said_label("petite_chelem_tricks", "petite chelem at {} tricks"),
      text::said_label("petite_chelem_tricks=null", "petite chelem at 3 tricks short of all"),
      text::said_label("defence_chelem_bonus", "defence chelem bonus {}"),
      text::said_label("five_player_mode", "five players: {}"),
      text::said_label("=called_king", "called king"),
      text::said_label("=dealer_sits_out", "the dealer sits out"),
      text::said_label("self_call", "the taker may call a king in hand"),
      text::said_label("self_call=false", "no calling a king in hand"),
      text::said_label("jack_call", "jack call"),
      text::said_label("jack_call=false", "no jack call"),
      text::said_label("gain_rounding", "gain rounded {}"),
      text::said_label("gain_rounding=none", "not rounded"),
      text::said_label("=nearest_5", "to the nearest 5"),
      text::said_label("=nearest_10", "to the nearest 10"),
      text::said_label("count_redeals", "redeals count as deals"),
      text::said_label("count_redeals=false", "redeals do not count as deals"),
      text::said_label("petit_au_bout_failed_attack",
                       "petit au bout of a failed attack {}"),  // main's option (merged later)
      text::said_label("=counts", "counts"),
      text::said_label("=lost", "is lost"),
      text::said_label("poignee_to", "poignée to {}"),
      text::said_label("=winner", "the side that wins"),
      text::said_label("=shower", "the side that shows it"),
  };
}

const std::vector<OptionSpec>& option_table() {
  static const std::vector<OptionSpec>& table = *new std::vector<OptionSpec>(build_option_table());  // never destroyed
  return table;
}

namespace {

// spec tarot §2.1 fields; other keys are reported (warning) so a typo is not silently ignored.
void warn_unknown_setup_fields(const json& s, Diagnostics& diags) {
  static const char* const k_known[] = {"players", "first_dealer", "options", "end", "stake_per_point"};
  for (auto it = s.begin(); it != s.end(); ++it) {
    bool known = false;
    for (const char* k : k_known) known = known || it.key() == k;
    if (!known)
      diags.warning(it.key(), "W_SETUP_FIELD", text::Message("tarot.warn.setup_field").text("key", it.key()),
                    catalogue());
  }
}

// E_PLAYER_COUNT
bool read_players(const json& s, Setup& out, Diagnostics& diags) {
  const json* players = s.contains("players") ? &s["players"] : nullptr;
  if (!players || !players->is_array()) {
    diags.error("players", "E_PLAYER_COUNT", text::Message("tarot.err.players_missing"), catalogue());
    return false;
  }
  bool ok = true;
  for (const auto& p : *players) {
    if (!p.is_string() || p.get<std::string>().find_first_not_of(" \t") == std::string::npos) {
      diags.error("players", "E_PLAYER_COUNT",
                  text::Message("tarot.err.player_name").message("value", common::quoted(p)), catalogue());
      ok = false;
      continue;
    }
    std::string name = p.get<std::string>();
    for (const auto& q : out.players)
      if (lower(q) == lower(name)) {
        diags.error("players", "E_PLAYER_COUNT", text::Message("tarot.err.player_twice").text("name", name),
                    catalogue());
        ok = false;
      }
    out.players.push_back(name);
  }
  if (players->size() < 3 || players->size() > 5) {
    diags.error("players", "E_PLAYER_COUNT",
                text::Message("tarot.err.player_count").number("count", static_cast<int64_t>(players->size())),
                catalogue());
    ok = false;
  }
  return ok;
}

// E_FIRST_DEALER (absent: the first player in the list deals first)
bool read_first_dealer(const json& s, Setup& out, Diagnostics& diags) {
  if (!s.contains("first_dealer")) return true;
  const json& d = s["first_dealer"];
  bool found = false;
  if (d.is_string())
    for (size_t i = 0; i < out.players.size(); ++i)
      if (out.players[i] == d.get<std::string>()) {
        out.first_dealer = static_cast<int>(i);
        found = true;
      }
  if (!found)
    diags.error("first_dealer", "E_FIRST_DEALER",
                text::Message("tarot.err.first_dealer").message("value", common::quoted(d)), catalogue());
  return found;
}

// an option's whole number (resolve_options has checked it), else the fallback
int int_or(const json& v, int fallback) {
  const auto n = common::whole_in(v, std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
  return n ? static_cast<int>(*n) : fallback;
}

// The resolved option object as the engine reads it.
Options options_of(const json& opts) {
  Options o;
  o.fft_poignee_values = opts["poignee_values"] == "fft";
  o.garde_contre_multiplier = int_or(opts["garde_contre_multiplier"], 6);
  o.petite_pousse = opts["bid_ladder"] == "petite_pousse";
  o.multi_rounds = opts["bidding_rounds"] != "single";
  o.petit_sec_redeal = opts["petit_sec"] != "play_as_excuse";
  if (opts["extra_redeal_reasons"].is_array())
    for (const auto& r : opts["extra_redeal_reasons"]) {
      if (r == "no_trumps") o.redeal_no_trumps = true;
      if (r == "few_honours") o.redeal_few_honours = true;
    }
  o.misere = truthy(opts["misere"]);
  o.misere_value = int_or(opts["misere_value"], 10);
  o.misere_team = opts["misere_scoring"] == "team";
  o.misere_separate = opts["misere_kinds"] == "separate";
  o.petite_chelem = truthy(opts["petite_chelem"]);
  o.petite_chelem_tricks = int_or(opts["petite_chelem_tricks"], 0);
  o.defence_chelem_bonus = int_or(opts["defence_chelem_bonus"], 200);
  o.dealer_sits_out = opts["five_player_mode"] == "dealer_sits_out";
  o.self_call = opts["self_call"] != false;
  o.jack_call = opts["jack_call"] == true;
  o.gain_rounding = opts["gain_rounding"] == "nearest_5" ? 5 : opts["gain_rounding"] == "nearest_10" ? 10 : 0;
  o.count_redeals = opts["count_redeals"] == true;
  o.poignee_to_shower = opts["poignee_to"] == "shower";
  o.petit_au_bout_lost_on_fail = opts["petit_au_bout_failed_attack"] == "lost";
  return o;
}

// E_VARIANT: 5-player-only values with 3 or 4 players; petite_chelem_tricks above the tricks of a deal.
bool check_variants_for_table(const json& given, const Setup& out, Diagnostics& diags) {
  bool ok = true;
  const Options& o = out.opt;
  size_t np = out.players.size();
  if (np >= 3 && np < 5) {
    if (o.dealer_sits_out) {
      diags.error("options.five_player_mode", "E_VARIANT",
                  text::Message("tarot.err.sits_out_5").number("players", static_cast<int64_t>(np)), catalogue());
      ok = false;
    }
    if (given.is_object() && given.contains("jack_call") && given["jack_call"] == true) {
      diags.error("options.jack_call", "E_VARIANT",
                  text::Message("tarot.err.jack_call_5").number("players", static_cast<int64_t>(np)), catalogue());
      ok = false;
    }
  }
  if (o.petite_chelem_tricks > 0 && np >= 3 && np <= 5) {
    int n = np == 5 && o.dealer_sits_out ? 4 : static_cast<int>(np);
    int t = sizes_for(n).tricks;
    if (o.petite_chelem_tricks > t) {
      diags.error(
          "options.petite_chelem_tricks", "E_VARIANT",
          text::Message("tarot.err.petite_chelem_over").number("value", o.petite_chelem_tricks).number("tricks", t),
          catalogue());
      ok = false;
    }
  }
  return ok;
}

// E_VARIANT: options through the table, re-coded with the spec's code; the preset column (§6).
bool read_options(const json& s, Setup& out, Diagnostics& diags) {
  bool ok = true;
  json given = s.contains("options") ? s["options"] : json(nullptr);
  Diagnostics od;
  json opts = resolve_options(given, option_table(), od);
  for (Diagnostic d : od.items()) {  // the engine's refusal, its words kept
    d.code = "E_VARIANT";
    diags.push(std::move(d));
    ok = false;
  }
  // spec tarot §6 `preset`: sets the column values; explicit keys override.
  if (opts["preset"] == "fft") {
    for (const auto& pv : k_fft_preset)
      if (!given.is_object() || !given.contains(pv.id)) opts[pv.id] = json::parse(pv.value);
  }
  out.options = opts;
  out.opt = options_of(opts);
  return check_variants_for_table(given, out, diags) && ok;
}

// A whole number from 1 to below 1e15.
std::optional<int64_t> whole_at_least_1(const json& v) { return common::whole_in(v, 1, 999'999'999'999'999); }

// One end value (deals N or target X) of end mode `mode` (E_END).
bool read_end_value(const json& e, const std::string& mode, Setup& out, Diagnostics& diags) {
  const std::optional<int64_t> value = e.contains(mode) ? whole_at_least_1(e[mode]) : std::nullopt;
  if (!value) {
    diags.error("end", "E_END",
                text::Message("tarot.err.end_value")
                    .text("mode", mode)
                    .text("got", e.contains(mode) ? "yes" : "no")
                    .message("value", e.contains(mode) ? common::quoted(e[mode]) : text::Message()),
                catalogue());
    return false;
  }
  out.end_value = *value;
  return true;
}

// E_END
bool read_end(const json& s, Setup& out, Diagnostics& diags) {
  if (!s.contains("end") || s["end"].is_null()) return true;
  const json& e = s["end"];
  std::string mode = e.is_object() && e.contains("mode") && e["mode"].is_string() ? e["mode"].get<std::string>() : "";
  if (!e.is_object()) {
    diags.error("end", "E_END", text::Message("tarot.err.end_object").message("value", common::quoted(e)), catalogue());
    return false;
  }
  if (mode == "open") {
    out.end = EndMode::open;
    return true;
  }
  if (mode == "deals") {
    out.end = EndMode::deals;
    return read_end_value(e, "deals", out, diags);
  }
  if (mode == "target") {
    out.end = EndMode::target;
    return read_end_value(e, "target", out, diags);
  }
  diags.error("end", "E_END",
              text::Message("tarot.err.end_mode")
                  .text("given", e.contains("mode") ? "yes" : "no")
                  .message("value", e.contains("mode") ? common::quoted(e["mode"]) : text::Message()),
              catalogue());
  return false;
}

bool read_stake(const json& s, Setup& out, Diagnostics& diags) {
  if (!s.contains("stake_per_point") || s["stake_per_point"].is_null()) return true;
  const json& v = s["stake_per_point"];
  const std::optional<int64_t> stake = common::whole_in(v, 0, std::numeric_limits<int64_t>::max());
  if (!stake) {
    diags.error("stake_per_point", "E_STAKE", text::Message("tarot.err.stake").message("value", common::quoted(v)),
                catalogue());
    return false;
  }
  out.stake_per_point = *stake;
  return true;
}

}  // namespace

std::optional<Setup> parse_setup(const json& s, Diagnostics& diags) {
  Setup out;
  warn_unknown_setup_fields(s, diags);
  bool ok = read_players(s, out, diags);
  ok = read_first_dealer(s, out, diags) && ok;
  ok = read_options(s, out, diags) && ok;
  ok = read_end(s, out, diags) && ok;
  ok = read_stake(s, out, diags) && ok;
  if (!ok) return std::nullopt;
  return out;
}

std::vector<std::string> ladder(const Options& o) {
  if (o.petite_pousse) return {"petite", "pousse", "garde", "garde_sans", "garde_contre"};
  return {"prise", "garde", "garde_sans", "garde_contre"};
}

std::string ladder_text(const Options& o) {
  std::string s;
  for (const auto& c : ladder(o)) s += (s.empty() ? "" : ", ") + c;
  return s;
}

int contract_id(const std::string& s) {
  if (s == "prise" || s == "petite") return k_prise;
  if (s == "pousse") return k_pousse;
  if (s == "garde") return k_garde;
  if (s == "garde_sans") return k_garde_sans;
  if (s == "garde_contre") return k_garde_contre;
  return k_none;
}

std::vector<int> active_players(const Setup& setup, int dealer) {
  std::vector<int> act;
  int np = static_cast<int>(setup.players.size());
  bool sit = np == 5 && setup.opt.dealer_sits_out;
  for (int i = 0; i < np; ++i)
    if (!(sit && i == dealer)) act.push_back(i);
  return act;
}

}  // namespace marque::rules::tarot
