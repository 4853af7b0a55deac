// Alsós (spec /work/shared/rules/alsos.md): the GameRules object — options (§6), set-up (§2.1) and the entry
// points the CLI and the replay use. The fold itself is AlsosGame (alsos_game.cpp).
#include "rules/alsos/alsos.hpp"
#include "rules/engine.hpp"
#include "rules/registry.hpp"

namespace marque::rules {

namespace alsos {
namespace {

bool is_whole(const json& v) {
  return v.is_number_integer() || (v.is_number_float() && static_cast<double>(static_cast<i64>(v.get<double>())) == v.get<double>());
}
i64 whole(const json& v) { return v.is_number_integer() ? v.get<i64>() : static_cast<i64>(v.get<double>()); }

class Rules final : public GameRules {
public:
  std::string_view id() const override { return "alsos"; }
  std::string_view title() const override { return "Alsós"; }
  int rules_version() const override { return 1; }
  std::vector<OptionSpec> options() const override { return option_table(); }
  std::vector<std::string> start_examples() const override { return {"alsos players=Ann,Béla,Csaba dealer=Ann"}; }
  std::vector<league::SeatResult> seats(const json& summary, const std::vector<std::string>& players) const override {
    return alsos::league_seats(summary, players);
  }
  league::HandFacts hand_facts(const json& record, const json& entry, const std::vector<std::string>& players) const override {
    return alsos::league_hand_facts(record, entry, players);
  }
  const league::Profile& league_profile() const override { return alsos::league_profile(); }
  const NamePaths& name_paths() const override {
    static const NamePaths paths{{"players.*", "first_dealer"},
                                 {"dealer", "last_trick", "contract.declarer", "figurak.*.by", "figurak.*.kontra.*.by", "game_kontra.*.by", "gyerunk.by", "tricks.#", "card_points.#", "melds.#"}};
    return paths;
  }
  std::vector<FieldSpec> fields() const override { return field_table(); }

  // spec alsos §2.1 (+ [M] `start`: resume a paper sheet)
  std::unique_ptr<Game> start(const json& setup, Diagnostics& d) const override {
    bool bad = false;
    auto err = [&](const std::string& field, const std::string& code, const std::string& msg) {
      d.error(field, "alsos." + code, msg);
      bad = true;
    };
    for (const auto& [key, value] : setup.items())
      if (key != "players" && key != "first_dealer" && key != "options" && key != "start")
        err(key, "setup_field", "'" + key + "' is not a set-up field of Alsós; the fields are: players, first_dealer, options, start");
    // V01
    std::vector<std::string> players;
    if (!setup.contains("players") || !setup["players"].is_array()) {
      err("players", "players", "Alsós needs 2-4 distinct players in playing order, e.g. [\"Ann\", \"Ben\", \"Cat\"]");
    } else {
      for (const auto& p : setup["players"]) {
        if (!p.is_string() || p.get<std::string>().empty()) {
          err("players", "players", p.dump() + " is not a player name");
          continue;
        }
        std::string name = p.get<std::string>();
        for (const auto& q : players)
          if (q == name) err("players", "players", name + " is listed twice; Alsós needs 2-4 distinct players");
        players.push_back(name);
      }
      if (!bad && (players.size() < 2 || players.size() > 4))
        err("players", "players", std::to_string(players.size()) + " players given; Alsós needs 2-4 distinct players");
    }
    std::string first;
    if (!setup.contains("first_dealer") || !setup["first_dealer"].is_string()) {
      err("first_dealer", "first_dealer", "the first dealer is required: one of the players");
    } else {
      first = setup["first_dealer"].get<std::string>();
      bool found = false;
      for (const auto& p : players) found = found || p == first;
      if (!found && !players.empty()) err("first_dealer", "first_dealer", "first dealer " + first + " is not one of the players");
    }
    Diagnostics od;
    json resolved = resolve_options(setup.value("options", json(nullptr)), option_table(), od);
    d.append(od);
    bad = bad || od.has_errors();
    std::vector<i64> totals(players.size(), 0);
    i64 hands_played = 0;
    if (setup.contains("start") && !setup["start"].is_null()) {
      const json& s = setup["start"];
      if (!s.is_object()) {
        err("start", "start", "start must be {\"totals\": {player: n}, \"hands_played\": n}");
      } else {
        for (const auto& [key, value] : s.items())
          if (key != "totals" && key != "hands_played") err("start." + key, "start", "'" + key + "' is not part of start (totals, hands_played)");
        if (s.contains("hands_played")) {
          if (!is_whole(s["hands_played"]) || whole(s["hands_played"]) < 0)
            err("start.hands_played", "start", s["hands_played"].dump() + " is not a number of deals >= 0");
          else
            hands_played = whole(s["hands_played"]);
        }
        if (s.contains("totals")) {
          const json& t = s["totals"];
          if (!t.is_object()) {
            err("start.totals", "start", "totals must map every player to his running total in game points");
          } else {
            i64 sum = 0;
            for (const auto& [name, v] : t.items()) {
              std::size_t i = 0;
              while (i < players.size() && players[i] != name) ++i;
              if (i == players.size()) {
                err("start.totals", "start", name + " is not a player of this session");
              } else if (!is_whole(v)) {
                err("start.totals", "start", name + ": " + v.dump() + " is not a whole number of game points");
              } else {
                totals[i] = whole(v);
                sum += whole(v);
              }
            }
            for (const auto& p : players)
              if (!t.contains(p)) err("start.totals", "start", "no total given for " + p);
            if (!bad && sum != 0)  // spec alsos §5: totals are zero-sum
              err("start.totals", "start", "the totals add up to " + std::to_string(sum) + "; Alsós totals always add up to 0");
          }
        }
      }
    }
    if (bad) return nullptr;
    Options o = options_from(resolved);
    if (o.end == EndMode::deals && o.end_deals % static_cast<i64>(players.size()) != 0)  // spec alsos §5
      d.warning("options.session_end", "alsos.deals_uneven",
                std::to_string(o.end_deals) + " deals is not a multiple of " + std::to_string(players.size()) +
                    " players: someone deals (or sits out) more often");
    return std::make_unique<AlsosGame>(players, first, o, resolved, totals, hands_played);
  }

  // Default set-up words plus: end=/session_end= (manual | deals:N | radli[:TARGET[:BONUS]] | JSON),
  // start=A:5,B:-2,C:-3 (or start.totals=) and hands_played=N (or start.hands_played=).
  json setup_from_args(const std::vector<std::pair<std::string, std::string>>& kv, Diagnostics& d) const override {
    std::vector<std::pair<std::string, std::string>> rest;
    std::string end;
    json start = json::object();
    for (const auto& [k, v] : kv) {
      if (k == "end" || k == "session_end" || k == "option.session_end" || k == "opt.session_end") {
        end = v;
      } else if (k == "start" || k == "totals" || k == "start.totals") {
        json t = json::object();
        for (const auto& part : split_list(v)) {
          auto c = part.rfind(':');
          if (c == std::string::npos) {
            d.error("start", "cli.start", "'" + part + "': write start=PLAYER:TOTAL,... e.g. start=Ann:5,Ben:-2,Cat:-3");
            continue;
          }
          t[part.substr(0, c)] = typed_value(part.substr(c + 1));
        }
        start["totals"] = t;
      } else if (k == "hands_played" || k == "start.hands_played") {
        start["hands_played"] = typed_value(v);
      } else {
        rest.emplace_back(k, v);
      }
    }
    json setup = GameRules::setup_from_args(rest, d);
    if (!end.empty()) {
      json e;
      if (end[0] == '{') {
        try {
          e = json::parse(end);
        } catch (const std::exception&) {
          d.error("options.session_end", "cli.session_end", "'" + end + "' is not valid JSON");
        }
      } else {
        auto parts = split_list(end, ':');
        if (parts.empty() || parts[0] == "manual") {
          e = "manual";
        } else if (parts[0] == "deals") {
          e = {{"mode", "deals"}};
          if (parts.size() > 1) e["count"] = typed_value(parts[1]);
        } else if (parts[0] == "radli") {
          e = {{"mode", "radli"}};
          if (parts.size() > 1) e["radli_target"] = typed_value(parts[1]);
          if (parts.size() > 2) e["radli_bonus"] = typed_value(parts[2]);
        } else {
          e = end;  // refused by the option check, with the allowed shapes
        }
      }
      setup["options"]["session_end"] = e;
    }
    if (!start.empty()) setup["start"] = start;
    return setup;
  }

  json record_from_args(const std::vector<std::pair<std::string, std::string>>& kv, const Game& game,
                        Diagnostics& d) const override {
    const auto* g = dynamic_cast<const AlsosGame*>(&game);
    if (!g) {
      d.error("game", "alsos.not_alsos", "not an Alsós game");
      return json::object();
    }
    return alsos::record_from_args(kv, *g, d);
  }

  sheet::Sheet score_sheet(const json& game_file, const ojson& score) const override {
    return alsos::render_sheet(game_file, score);
  }
};

}  // namespace
}  // namespace alsos

const GameRules& alsos_rules() {
  static const alsos::Rules rules;
  return rules;
}

}  // namespace marque::rules
