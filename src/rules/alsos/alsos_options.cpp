// Alsós options (spec alsos §6), the set-up (§2.1 + [M] `start`: resume a paper sheet) and the small table
// look-ups.
#include "rules/alsos/alsos.hpp"
#include "rules/common/help_text.hpp"

#include <algorithm>

namespace marque::rules::alsos {

i64 whole(const json& v) { return v.is_number_integer() ? v.get<i64>() : amount_of(v, 1).value_or(Amount{}).units; }

namespace {

// the spec gives no upper bound (int >= 1): 1000 game points (the seed's largest is 3) keeps every settlement, a game
// value times a kontra chain's doublings times the items, far from int64 overflow
constexpr i64 k_max_game_value = 1000;

std::string check_positive(const json& v) {
  if (!is_whole(v) || whole(v) < 1) return "a whole number of game points >= 1";
  return "";
}

std::string check_other_suit(const json& v) {
  if (v.is_null()) return "";
  if (!is_whole(v) || whole(v) < 1) return "a whole number of game points >= 1 (or null: same as game_value_trump)";
  return "";
}

std::string check_sequence_values(const json& v) {
  if (!v.is_array() || v.size() != 3) return "a list of 3 values [3-card, 4-card, 5+-card], e.g. 20,50,100";
  for (const auto& x : v)
    if (!is_whole(x) || whole(x) < 1 || whole(x) > k_max_game_value)
      return "a list of 3 whole numbers from 1 to " + std::to_string(k_max_game_value) + " [3-card, 4-card, 5+-card]";
  return "";
}

constexpr const char* k_session_end_help =
    "\"manual\", {\"mode\":\"deals\",\"count\":N} or {\"mode\":\"radli\",\"radli_target\":80,\"radli_bonus\":20}";

std::string check_session_end(const json& v) {
  if (v.is_string()) return v.get<std::string>() == "manual" ? "" : std::string("one of ") + k_session_end_help;
  if (!v.is_object() || !v.contains("mode") || !v["mode"].is_string())
    return std::string("one of ") + k_session_end_help;
  std::string mode = v["mode"].get<std::string>();
  if (mode == "manual") {
    for (const auto& [k, x] : v.items())
      if (k != "mode") return "unknown key '" + k + "' for mode manual";
    return "";
  }
  if (mode == "deals") {
    for (const auto& [k, x] : v.items())
      if (k != "mode" && k != "count") return "unknown key '" + k + "' for mode deals (keys: mode, count)";
    if (!v.contains("count") || !is_whole(v["count"]) || whole(v["count"]) < 1)
      return "mode deals needs count, a whole number of deals >= 1";
    return "";
  }
  if (mode == "radli") {
    for (const auto& [k, x] : v.items())
      if (k != "mode" && k != "radli_target" && k != "radli_bonus")
        return "unknown key '" + k + "' for mode radli (keys: mode, radli_target, radli_bonus)";
    if (v.contains("radli_target") && (!is_whole(v["radli_target"]) || whole(v["radli_target"]) < 1))
      return "radli_target must be a whole number >= 1";
    if (v.contains("radli_bonus") && (!is_whole(v["radli_bonus"]) || whole(v["radli_bonus"]) < 0))
      return "radli_bonus must be a whole number >= 0";
    return "";
  }
  return "mode '" + mode + "' is not one of manual, deals, radli";
}

}  // namespace

std::optional<std::size_t> figura_index(std::string_view id) {
  for (std::size_t i = 0; i < k_figurak.size(); ++i)
    if (k_figurak[i].id == id) return i;
  return std::nullopt;
}

std::optional<int> suit_index(std::string_view id) {
  for (std::size_t i = 0; i < k_suit_ids.size(); ++i)
    if (k_suit_ids[i] == id) return static_cast<int>(i);
  return std::nullopt;
}

// spec alsos §6: every option with the spec's id, values and default; the [R] values are here so a club can
// set its own without a code change.
namespace {
std::vector<OptionSpec> build_option_table() {
  std::vector<OptionSpec> t;
  t.reserve(9);  // the options below: no copy of one as the vector grows
  t.push_back(
      {"game_value_trump",
       "int",
       {},
       1,
       help_text("alsos.option.game_value_trump", "game value of a trump game in the turn-up suit (round 1) [R]"),
       check_positive,
       1,
       k_max_game_value});
  t.push_back({"game_value_other_suit",
               "any",
               {},
               nullptr,
               help_text("alsos.option.game_value_other_suit",
                         "game value of a trump game in a suit named in round 2 (needs turn_up_suit); null = same as "
                         "game_value_trump [R]"),
               check_other_suit,
               1,
               k_max_game_value});
  t.push_back({"game_value_no_trumps",
               "int",
               {},
               2,
               help_text("alsos.option.game_value_no_trumps", "game value of a no-trump game [R]"),
               check_positive,
               1,
               k_max_game_value});
  t.push_back({"game_value_betli",
               "int",
               {},
               2,
               help_text("alsos.option.game_value_betli", "game value of betli [R]"),
               check_positive,
               1,
               k_max_game_value});
  t.push_back({"kloptzky_value",
               "int",
               {},
               3,
               help_text("alsos.option.kloptzky_value", "kloptzky penalty per loser-receiver pair"),
               check_positive,
               1,
               k_max_game_value});
  t.push_back({"max_kontra_level",
               "enum",
               {3, 4},
               3,
               help_text("alsos.option.max_kontra_level",
                         "levels of a kontra chain: 3 (kontra, rekontra, szubkontra) or 4 (adds mordkontra)")});
  t.push_back(
      {"kassza_mode",
       "enum",
       {"plus_one", "double_game"},
       "plus_one",
       help_text("alsos.option.kassza_mode",
                 "plus_one: kassza is its own item worth 1, following the game; double_game: kassza doubles the game "
                 "item (no own kontra chain)")});
  t.push_back(
      {"sequence_values",
       "list",
       {},
       json::array({20, 50, 100}),
       help_text("alsos.option.sequence_values", "meld values of 3-, 4-, 5+-card sequences (validation of melds only)"),
       check_sequence_values});
  t.push_back(
      {"session_end",
       "any",
       {},
       "manual",
       help_text("alsos.option.session_end", "when the session ends: \"manual\", {\"mode\":\"deals\",\"count\":N} or "
                                             "{\"mode\":\"radli\",\"radli_target\":80,\"radli_bonus\":20}"),
       check_session_end});
  return t;
}
}  // namespace

text::Labels option_labels() {
  return {
      text::said_label("game_value_trump", "a trump game worth {}"),
      text::said_label("game_value_other_suit", "a game in another suit worth {}"),
      text::said_label("game_value_other_suit=null", "a game in another suit worth a trump game"),
      text::said_label("game_value_no_trumps", "no trumps worth {}"),
      text::said_label("game_value_betli", "betli worth {}"),
      text::said_label("kloptzky_value", "kloptzky {} a pair"),
      text::said_label("max_kontra_level", "kontra up to level {}"),
      text::said_label("kassza_mode", "kassza {}"),
      text::said_label("=plus_one", "worth 1 with the game"),
      text::said_label("=double_game", "doubles the game"),
      text::said_label("sequence_values", "sequences worth {}"),
      text::said_label("session_end", "the session ends {}"),
      text::said_label("session_end=manual", "when the scorer closes it"),
      {"session_end.mode", "{}"},
      {"session_end.mode=deals", ""},
      text::said_label("session_end.mode=radli", "with radli"),
      text::said_label("session_end.count", "after {} deals"),
      text::said_label("radli_target", "radli at {}"),
      text::said_label("radli_bonus", "radli bonus {}"),
  };
}

const std::vector<OptionSpec>& option_table() {
  static const std::vector<OptionSpec>& table = *new std::vector<OptionSpec>(build_option_table());  // never destroyed
  return table;
}

Options options_from(const json& r) {
  Options o;
  o.gv_trump = whole(r["game_value_trump"]);
  o.gv_other_suit = r["game_value_other_suit"].is_null() ? o.gv_trump : whole(r["game_value_other_suit"]);
  o.gv_no_trumps = whole(r["game_value_no_trumps"]);
  o.gv_betli = whole(r["game_value_betli"]);
  o.kloptzky_value = whole(r["kloptzky_value"]);
  o.max_kontra_level = static_cast<int>(whole(r["max_kontra_level"]));
  o.kassza_double_game = r["kassza_mode"] == "double_game";
  for (std::size_t i = 0; i < 3; ++i) o.sequence_values[i] = whole(r["sequence_values"][i]);
  const json& e = r["session_end"];
  if (e.is_object()) {
    std::string mode = e["mode"].get<std::string>();
    if (mode == "deals") {
      o.end = EndMode::deals;
      o.end_deals = whole(e["count"]);
    } else if (mode == "radli") {
      o.end = EndMode::radli;
      if (e.contains("radli_target")) o.radli_target = whole(e["radli_target"]);
      if (e.contains("radli_bonus")) o.radli_bonus = whole(e["radli_bonus"]);
    }
  }
  return o;
}

std::string session_end_text(const Options& o) {
  switch (o.end) {
    case EndMode::deals:
      return "after " + std::to_string(o.end_deals) + " deals";
    case EndMode::radli:
      return "radli to " + std::to_string(o.radli_target) + " (bonus " + std::to_string(o.radli_bonus) + ")";
    case EndMode::manual:
      break;
  }
  return "manual";
}

// ---------------------------------------------------------------------------------------------------------------
// the set-up (spec alsos §2.1)

namespace {

class SetupReader {
public:
  SetupReader(const json& setup, Diagnostics& d) : m_setup(setup), m_d(d) {}

  std::unique_ptr<Game> run() {
    for (const auto& [key, value] : m_setup.items())
      if (key != "players" && key != "first_dealer" && key != "options" && key != "start")
        err(key, "setup_field", text::Message("alsos.err.setup_field").text("key", key));
    players();
    first_dealer();
    Diagnostics od;
    json resolved = resolve_options(m_setup.value("options", json(nullptr)), option_table(), od);
    m_d.append(od);
    m_bad = m_bad || od.has_errors();
    m_totals.assign(m_players.size(), 0);
    if (m_setup.contains("start") && !m_setup["start"].is_null()) start(m_setup["start"]);
    if (m_bad) return nullptr;
    Options o = options_from(resolved);
    if (o.end == EndMode::deals && o.end_deals % static_cast<i64>(m_players.size()) != 0)  // spec alsos §5
      m_d.warning("options.session_end", "alsos.deals_uneven",
                  text::Message("alsos.warn.deals_uneven")
                      .number("deals", o.end_deals)
                      .number("players", static_cast<std::int64_t>(m_players.size())),
                  catalogue());
    return std::make_unique<AlsosGame>(m_players, m_first, o, resolved, m_totals, m_hands_played);
  }

private:
  void err(const std::string& field, const std::string& code, text::Message words) {
    m_d.error(field, "alsos." + code, std::move(words), catalogue());
    m_bad = true;
  }

  // V01
  void players() {
    if (!m_setup.contains("players") || !m_setup["players"].is_array()) {
      err("players", "players", text::Message("alsos.err.setup_players"));
      return;
    }
    for (const auto& p : m_setup["players"]) {
      if (!p.is_string() || p.get<std::string>().empty()) {
        err("players", "players", text::Message("alsos.err.setup_player_name").text("value", p.dump()));
        continue;
      }
      std::string name = p.get<std::string>();
      for (const auto& q : m_players)
        if (q == name) err("players", "players", text::Message("alsos.err.setup_player_twice").text("name", name));
      m_players.push_back(name);
    }
    if (!m_bad && (m_players.size() < 2 || m_players.size() > 4))
      err("players", "players",
          text::Message("alsos.err.setup_player_count").number("n", static_cast<std::int64_t>(m_players.size())));
  }

  void first_dealer() {
    if (!m_setup.contains("first_dealer") || !m_setup["first_dealer"].is_string()) {
      err("first_dealer", "first_dealer", text::Message("alsos.err.setup_first_dealer_missing"));
      return;
    }
    m_first = m_setup["first_dealer"].get<std::string>();
    bool found = std::find(m_players.begin(), m_players.end(), m_first) != m_players.end();
    if (!found && !m_players.empty())
      err("first_dealer", "first_dealer", text::Message("alsos.err.setup_first_dealer_unknown").text("name", m_first));
  }

  // [M] start: {totals, hands_played} carried over from a paper sheet
  void start(const json& s) {
    if (!s.is_object()) {
      err("start", "start", text::Message("alsos.err.setup_start_shape"));
      return;
    }
    for (const auto& [key, value] : s.items())
      if (key != "totals" && key != "hands_played")
        err("start." + key, "start", text::Message("alsos.err.setup_start_key").text("key", key));
    if (s.contains("hands_played")) {
      if (!is_whole(s["hands_played"]) || whole(s["hands_played"]) < 0)
        err("start.hands_played", "start",
            text::Message("alsos.err.setup_hands_played").text("value", s["hands_played"].dump()));
      else
        m_hands_played = whole(s["hands_played"]);
    }
    if (s.contains("totals")) totals(s["totals"]);
  }

  void totals(const json& t) {
    if (!t.is_object()) {
      err("start.totals", "start", text::Message("alsos.err.setup_totals_shape"));
      return;
    }
    i64 sum = 0;
    for (const auto& [name, v] : t.items()) {
      auto at = std::find(m_players.begin(), m_players.end(), name);
      if (at == m_players.end()) {
        err("start.totals", "start", text::Message("alsos.err.setup_totals_player").text("name", name));
      } else if (!is_whole(v)) {
        err("start.totals", "start",
            text::Message("alsos.err.setup_totals_whole").text("name", name).text("value", v.dump()));
      } else {
        m_totals[static_cast<std::size_t>(at - m_players.begin())] = whole(v);
        sum += whole(v);
      }
    }
    for (const auto& p : m_players)
      if (!t.contains(p)) err("start.totals", "start", text::Message("alsos.err.setup_totals_missing").text("name", p));
    if (!m_bad && sum != 0)  // spec alsos §5: totals are zero-sum
      err("start.totals", "start", text::Message("alsos.err.setup_totals_sum").number("sum", sum));
  }

  const json& m_setup;
  Diagnostics& m_d;
  bool m_bad = false;
  std::vector<std::string> m_players;
  std::string m_first;
  std::vector<i64> m_totals;
  i64 m_hands_played = 0;
};

}  // namespace

std::unique_ptr<Game> start_game(const json& setup, Diagnostics& d) { return SetupReader(setup, d).run(); }

}  // namespace marque::rules::alsos
