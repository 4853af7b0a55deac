// Reading an event: a marque-tournament/1 document (6.5) or a marque-tournament-case/1 file (the examples'
// harness): the settings with their defaults written out, the entrants, the lot order, the rounds as played with
// their results, the corrections. Type and value errors are reported with the spec's code and the field's path.
#include <cmath>

#include "rules/engine.hpp"
#include "rules/registry.hpp"
#include "tournament/tournament.hpp"

namespace marque::tournament {

namespace {

const std::vector<std::string> k_criteria = {"total_points", "placement_points",
                                             "match_points", "points_for",
                                             "points_diff",  "wins",
                                             "best_rounds",  "lot",
                                             "head_to_head"};

bool one_of(const std::string& v, const std::vector<std::string>& allowed) {
  return std::find(allowed.begin(), allowed.end(), v) != allowed.end();
}

std::string quoted(const std::vector<std::string>& v) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + v[i];
  return s;
}

struct Reader {
  Diagnostics& diags;

  void bad(const std::string& field, const std::string& code, text::Message words) {
    diags.error(field, code, std::move(words), catalogue());
  }
  // a string member (absent: `fallback`); a wrong type is an error with `code`
  std::string text(const json& o, const std::string& key, const std::string& path, const std::string& code,
                   const std::string& fallback = "") {
    if (!o.is_object() || !o.contains(key) || o[key].is_null()) return fallback;
    if (!o[key].is_string()) {
      bad(path + key, code, text::Message("tournament.err.read_string").text("key", key));
      return fallback;
    }
    return o[key].get<std::string>();
  }
  std::optional<int> integer(const json& o, const std::string& key, const std::string& path, const std::string& code,
                             int min) {
    if (!o.is_object() || !o.contains(key) || o[key].is_null()) return std::nullopt;
    const json& v = o[key];
    if (!v.is_number_integer() || v.get<long long>() < min || v.get<long long>() > 1000000) {
      bad(path + key, code, text::Message("tournament.err.read_whole").text("key", key).number("min", min));
      return std::nullopt;
    }
    return static_cast<int>(v.get<long long>());
  }
  std::string choice(const json& o, const std::string& key, const std::string& path, const std::string& fallback,
                     const std::vector<std::string>& allowed, const std::string& code = "T12") {
    std::string v = text(o, key, path, code, fallback);
    if (!one_of(v, allowed)) {
      bad(path + key, code,
          text::Message("tournament.err.read_choice")
              .text("key", key)
              .text("value", clip(v))
              .text("allowed", quoted(allowed)));
      return fallback;
    }
    return v;
  }
  std::optional<Amount> number(const json& v, int64_t per, const std::string& field, const std::string& code) {
    if (v.is_number_integer()) return Amount::whole(v.get<int64_t>(), per);
    if (v.is_number_float()) {
      const double d = v.get<double>();
      if (std::isfinite(d) && std::fabs(d) < 1e12) {
        const double u = std::nearbyint(d * static_cast<double>(per));
        if (std::fabs(u / static_cast<double>(per) - d) <= 1e-6) return Amount{static_cast<int64_t>(u), per};
      }
      bad(field, code, text::Message("tournament.err.read_multiple").number("per", per));
      return std::nullopt;
    }
    bad(field, code, text::Message("tournament.err.read_number"));
    return std::nullopt;
  }
  std::vector<std::string> ids(const json& o, const std::string& key, const std::string& path) {
    std::vector<std::string> out;
    if (!o.is_object() || !o.contains(key) || o[key].is_null()) return out;
    if (!o[key].is_array()) {
      bad(path + key, "T13", text::Message("tournament.err.read_ids").text("key", key));
      return out;
    }
    for (const auto& x : o[key]) {
      if (!x.is_string()) {
        bad(path + key, "T13", text::Message("tournament.err.read_ids").text("key", key));
        continue;
      }
      out.push_back(x.get<std::string>());
    }
    return out;
  }
};

void read_settings(Reader& rd, const json& ev, Event& e) {
  Settings& s = e.settings;
  const std::string p = "event.";
  if (!ev.is_object()) {
    rd.bad("event", "T12", text::Message("tournament.err.read_event"));
    return;
  }
  s.game = rd.text(ev, "game", p, "T12");
  const rules::GameRules* game = rules::find_game(s.game);
  if (!game) {
    rd.bad("event.game", "T12",
           text::Message("tournament.err.read_game")
               .text("value", clip(s.game))
               .message("games", rules::game_list_words()));
    return;
  }
  json given = ev.contains("options") && ev["options"].is_object() ? ev["options"] : json::object();
  if (ev.contains("options") && !ev["options"].is_object() && !ev["options"].is_null())
    rd.bad("event.options", "T12", text::Message("tournament.err.read_options"));
  e.profile = game->tournament_profile(given);
  s.options = e.profile.default_options;
  for (auto it = given.begin(); it != given.end(); ++it) s.options[it.key()] = it.value();
  e.profile = game->tournament_profile(s.options);
  const auto specs = game->options();
  for (auto it = given.begin(); it != given.end(); ++it) {
    const bool known = std::any_of(specs.begin(), specs.end(),
                                   [&](const rules::OptionSpec& o) { return o.id == it.key(); });
    if (!known)
      rd.bad("event.options." + it.key(), "T12",
             text::Message("tournament.err.read_option").text("key", clip(it.key())));
  }
  const auto& pr = e.profile;
  s.id = rd.text(ev, "id", p, "T12");
  s.name = rd.text(ev, "name", p, "T12");
  s.venue = rd.text(ev, "venue", p, "T12");
  s.league = rd.text(ev, "league", p, "T12");
  s.season = rd.text(ev, "season", p, "T12");
  if (ev.contains("dates") && ev["dates"].is_array())
    for (const auto& d : ev["dates"])
      if (d.is_string()) s.dates.push_back(d.get<std::string>());
  s.entrant_kind = rd.choice(ev, "entrant_kind", p, pr.teams ? "teams" : "players", {pr.teams ? "teams" : "players"});
  s.rounds = rd.integer(ev, "rounds", p, "T12", 1).value_or(pr.default_rounds);
  s.round_length = ev.contains("round_length") && !ev["round_length"].is_null() ? ev["round_length"]
                                                                                : pr.default_round_length;
  const std::string mode = s.round_length.is_object() ? s.round_length.value("mode", std::string()) : "";
  if (!one_of(mode, pr.length_modes))
    rd.bad("event.round_length", "T12",
           text::Message("tournament.err.read_length_mode").text("allowed", quoted(pr.length_modes)));
  else if (mode == "deals_per_player" && !rd.integer(s.round_length, "n", "event.round_length.", "T12", 1))
    s.round_length["n"] = pr.default_round_length.value("n", 1);
  s.time_limit_min = rd.integer(ev, "time_limit_min", p, "T12", 1);
  s.unfinished = rd.choice(ev, "unfinished", p, "as_played", {"as_played", "draw"});
  s.confirmation = rd.choice(ev, "confirmation", p, "second_player", {"second_player", "none"});
  s.league_contribution = rd.choice(ev, "league_contribution", p, "event", {"event", "games", "none"});

  const json draw = ev.contains("draw") && ev["draw"].is_object() ? ev["draw"] : json::object();
  const std::string dp = "event.draw.";
  s.method = rd.choice(draw, "method", dp, pr.default_method, {"rotation", "swiss", "fixed"});
  s.algorithm = rd.choice(draw, "algorithm", dp, "marque-draw/1", {"marque-draw/1"});
  if (pr.preference_default.empty())
    s.table_preference = rd.text(draw, "table_preference", dp, "T12");
  else
    s.table_preference = rd.choice(draw, "table_preference", dp, pr.preference_default,
                                   {pr.preference_default, pr.preference_other});
  const json seed = draw.contains("seed") ? draw["seed"] : json();
  bool seed_ok = false;
  if (seed.is_string()) {
    const std::string t = seed.get<std::string>();
    seed_ok = !t.empty() && t.size() <= 20 &&
              std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (seed_ok) {
      __extension__ using u128 = unsigned __int128;
      u128 v = 0;
      for (char c : t) v = v * 10 + static_cast<unsigned>(c - '0');
      seed_ok = v <= UINT64_MAX;
      s.seed = static_cast<uint64_t>(v);
      s.seed_text = std::to_string(s.seed);
    }
  } else if (seed.is_number_unsigned() || (seed.is_number_integer() && seed.get<long long>() >= 0)) {
    s.seed = seed.get<uint64_t>();
    s.seed_text = std::to_string(s.seed);
    seed_ok = true;
  }
  if (!seed_ok) rd.bad("event.draw.seed", "T12", text::Message("tournament.err.read_seed"));
  if (draw.contains("plan")) s.plan = draw["plan"];
  if (s.method == "fixed" && !s.plan.is_array())
    rd.bad("event.draw.plan", "T11", text::Message("tournament.err.read_plan"));
  if (draw.contains("premet") && draw["premet"].is_array())
    for (const auto& pair : draw["premet"])
      if (pair.is_array() && pair.size() == 2 && pair[0].is_string() && pair[1].is_string())
        s.premet.emplace_back(pair[0].get<std::string>(), pair[1].get<std::string>());

  const json sc = ev.contains("scoring") && ev["scoring"].is_object() ? ev["scoring"] : json::object();
  const std::string sp = "event.scoring.";
  s.mode = rd.choice(sc, "mode", sp, pr.default_scoring, {"total", "match", "placement"});
  if (s.mode == "match" && !pr.two_sided)
    rd.bad("event.scoring.mode", "T12", text::Message("tournament.err.read_match_points"));
  s.normalise = rd.choice(sc, "normalise", sp, "none", {"none", "per_deal"});
  s.withdrawn = rd.choice(sc, "withdrawn", sp, "last", {"last", "in_place"});
  s.late = rd.choice(sc, "late", sp, "absent", {"absent", "bye"});
  if (sc.contains("placement_points") && !sc["placement_points"].is_null()) {
    s.placement_table = sc["placement_points"];
    bool ok = s.placement_table.is_object();
    if (ok)
      for (auto it = s.placement_table.begin(); it != s.placement_table.end(); ++it) {
        const int k = std::atoi(it.key().c_str());
        ok = ok && it.value().is_array() && static_cast<int>(it.value().size()) == k;
        if (ok)
          for (const auto& v : it.value()) ok = ok && v.is_number();
      }
    if (!ok) rd.bad("event.scoring.placement_points", "T12", text::Message("tournament.err.read_placement"));
  }
  if (sc.contains("match_points") && sc["match_points"].is_object()) {
    const json& m = sc["match_points"];
    auto get = [&](const char* key, Amount fallback) {
      if (!m.contains(key)) return fallback;
      return rd.number(m[key], 1, std::string("event.scoring.match_points.") + key, "T12").value_or(fallback);
    };
    s.mp_win = get("win", s.mp_win);
    s.mp_draw = get("draw", s.mp_draw);
    s.mp_loss = get("loss", s.mp_loss);
    s.mp_short_win = get("short_win", s.mp_win);
  }
  s.bye_mp = s.mp_win;
  if (sc.contains("bye") && sc["bye"].is_object()) {
    const json& b = sc["bye"];
    if (b.contains("total"))
      s.bye_total = rd.number(b["total"], 1, "event.scoring.bye.total", "T12").value_or(Amount{});
    if (b.contains("match_points"))
      s.bye_mp = rd.number(b["match_points"], 1, "event.scoring.bye.match_points", "T12").value_or(s.mp_win);
    if (b.contains("points_for"))
      s.bye_for = rd.number(b["points_for"], 1, "event.scoring.bye.points_for", "T12").value_or(Amount{});
  }
  if (sc.contains("tiebreaks") && sc["tiebreaks"].is_array()) {
    for (size_t i = 0; i < sc["tiebreaks"].size(); ++i) {
      const json& c = sc["tiebreaks"][i];
      if (!c.is_string() || !one_of(c.get<std::string>(), k_criteria)) {
        rd.bad("event.scoring.tiebreaks[" + std::to_string(i) + "]", "T12",
               text::Message("tournament.err.read_criterion").text("allowed", quoted(k_criteria)));
        continue;
      }
      s.tiebreaks.push_back(c.get<std::string>());
    }
  } else if (s.mode == "total") {
    s.tiebreaks = {"total_points", "placement_points", "head_to_head", "best_rounds", "lot"};
  } else if (s.mode == "placement") {
    s.tiebreaks = {"placement_points", "total_points", "head_to_head", "best_rounds", "lot"};
  } else {
    s.tiebreaks = {"match_points"};
    s.tiebreaks.insert(s.tiebreaks.end(), pr.match_chain.begin(), pr.match_chain.end());
  }
}

void read_entrants(Reader& rd, const json& list, Event& e) {
  if (!list.is_array()) {
    rd.bad("entrants", "T13", text::Message("tournament.err.read_entrants"));
    return;
  }
  std::map<std::string, std::string> player_team;
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string p = "entrants[" + std::to_string(i) + "].";
    const json& x = list[i];
    Entrant en;
    en.id = rd.text(x, "id", p, "T14");
    en.name = rd.text(x, "name", p, "T14");
    if (en.id.empty() && !en.name.empty()) {
      for (char c : en.name)
        if (std::isalnum(static_cast<unsigned char>(c))) en.id += static_cast<char>(std::tolower(c));
    }
    if (en.name.empty()) en.name = en.id;
    if (en.id.empty()) {
      rd.bad(p + "id", "T14", text::Message("tournament.err.read_entrant_id"));
      continue;
    }
    if (e.find(en.id)) rd.bad(p + "id", "T14", text::Message("tournament.err.read_duplicate").text("id", clip(en.id)));
    en.no = rd.integer(x, "no", p, "T14", 1).value_or(static_cast<int>(i) + 1);
    en.fixed_table = rd.integer(x, "fixed_table", p, "T15", 1);
    if (x.is_object() && x.contains("checked_in") && x["checked_in"].is_boolean()) en.checked_in = x["checked_in"];
    en.arrived_round = rd.integer(x, "arrived_round", p, "T12", 1).value_or(1);
    en.withdrawn_after = rd.integer(x, "withdrawn_after", p, "T12", 0);
    for (const char* k : {"licence", "club"})
      if (x.is_object() && x.contains(k) && x[k].is_string()) en.extra[k] = x[k];
    if (x.is_object() && x.contains("players")) en.players = rd.ids(x, "players", p);
    if (e.settings.entrant_kind == "teams") {
      if (en.players.size() != 2 || en.players[0] == en.players[1])
        rd.bad(p + "players", "T14", text::Message("tournament.err.read_team"));
      for (const auto& pl : en.players) {
        auto [it, fresh] = player_team.emplace(pl, en.id);
        if (!fresh && it->second != en.id)
          rd.bad(p + "players", "T14",
                 text::Message("tournament.err.read_other_team").text("name", clip(pl)).text("team", clip(it->second)));
      }
    }
    e.entrants.push_back(std::move(en));
  }
}

// a table result (a slip): the per-entrant totals, exact multiples of the game's unit
Result read_result(Reader& rd, const json& x, const std::string& path, int64_t per) {
  Result r;
  r.present = true;
  r.path = path;
  if (!x.contains("result") || !x["result"].is_object()) {
    rd.bad(path + "result", "T06", text::Message("tournament.err.read_result"));
    return r;
  }
  for (auto it = x["result"].begin(); it != x["result"].end(); ++it) {
    auto a = rd.number(it.value(), per, path + "result", "T07");
    r.points[it.key()] = a.value_or(Amount{0, per});
    r.order.push_back(it.key());
  }
  r.deals = rd.integer(x, "deals", path, "T16", 0);
  r.status = rd.choice(x, "status", path, "confirmed", {"open", "submitted", "confirmed", "disputed"}, "T03");
  const std::string sub = rd.text(x, "submitted_by", path, "T08"), conf = rd.text(x, "confirmed_by", path, "T08");
  if (!sub.empty()) r.submitted_by = sub;
  if (!conf.empty()) r.confirmed_by = conf;
  if (x.contains("override") && x["override"].is_object()) r.override_by = x["override"];
  if (x.contains("short") && x["short"].is_boolean()) r.short_table = x["short"];
  if (x.contains("note") && x["note"].is_string()) r.note = x["note"];
  return r;
}

Table* find_table(Round& r, int number) {
  for (auto& t : r.tables)
    if (t.number == number) return &t;
  return nullptr;
}

void read_rounds(Reader& rd, const json& list, Event& e) {
  if (!list.is_array()) {
    rd.bad("rounds_played", "T10", text::Message("tournament.err.read_rounds"));
    return;
  }
  for (size_t i = 0; i < list.size(); ++i) {
    const json& x = list[i];
    const std::string p = "rounds_played[" + std::to_string(i) + "].";
    Round r;
    r.number = rd.integer(x, "round", p, "T10", 1).value_or(static_cast<int>(i) + 1);
    if (r.number != static_cast<int>(i) + 1)
      rd.bad(p + "round", "T10", text::Message("tournament.err.read_round_numbers"));
    if (x.contains("closed") && x["closed"].is_boolean()) r.closed = x["closed"];
    if (x.contains("status") && x["status"].is_string()) r.closed = x["status"] == "closed";
    for (const char* k : {"drawn_at", "closed_at"})
      if (x.contains(k) && x[k].is_string()) (k[0] == 'd' && k[1] == 'r' ? r.drawn_at : r.closed_at) = x[k];
    r.byes = rd.ids(x, "byes", p);
    r.absent = rd.ids(x, "absent", p);
    const json tables = x.contains("tables") && x["tables"].is_array() ? x["tables"] : json::array();
    for (size_t j = 0; j < tables.size(); ++j) {
      const json& t = tables[j];
      const std::string tp = p + "tables[" + std::to_string(j) + "].";
      Table tb;
      if (t.is_array()) {  // a draw case's history: [ids]
        tb.number = static_cast<int>(j) + 1;
        tb.seats = rd.ids(json{{"seats", t}}, "seats", tp);
      } else {
        tb.number = rd.integer(t, "table", tp, "T02", 1).value_or(static_cast<int>(j) + 1);
        tb.seats = rd.ids(t, "seats", tp);
        tb.code = rd.text(t, "code", tp, "T12");
        tb.first_dealer = rd.text(t, "first_dealer", tp, "T12");
        if (t.contains("game")) tb.game = t["game"];
        if (t.contains("result") && t["result"].is_object()) {
          tb.result = read_result(rd, t, tp, e.profile.slip_per);
        }
      }
      if (tb.first_dealer.empty() && !tb.seats.empty()) tb.first_dealer = tb.seats[0];
      r.tables.push_back(std::move(tb));
    }
    if (x.contains("results") && x["results"].is_array()) {
      const json& results = x["results"];
      for (size_t k = 0; k < results.size(); ++k) {
        const std::string rp = p + "results[" + std::to_string(k) + "].";
        const auto number = rd.integer(results[k], "table", rp, "T02", 1);
        Table* tb = number ? find_table(r, *number) : nullptr;
        if (!tb) {
          rd.bad(rp + "table", "T02",
                 text::Message("tournament.err.read_no_table")
                     .text("table", number ? std::to_string(*number) : std::string("?"))
                     .number("round", r.number));
          continue;
        }
        tb->result = read_result(rd, results[k], rp, e.profile.slip_per);
        tb->result.override_by = results[k].contains("override") ? results[k]["override"] : json(nullptr);
        tb->code = tb->code.empty() && results[k].contains("code") && results[k]["code"].is_string()
                       ? results[k]["code"].get<std::string>()
                       : tb->code;
        if (results[k].contains("game")) tb->game = results[k]["game"];
      }
    }
    e.rounds.push_back(std::move(r));
  }
}

void read_corrections(Reader& rd, const json& list, Event& e, bool notes) {
  if (!list.is_array()) return;
  for (size_t i = 0; i < list.size(); ++i) {
    const json& x = list[i];
    const std::string p = "corrections[" + std::to_string(i) + "].";
    Correction c;
    c.at = rd.text(x, "at", p, "T17");
    c.by = rd.text(x, "by", p, "T17");
    c.reason = rd.text(x, "reason", p, "T17");
    c.round = rd.integer(x, "round", p, "T02", 1).value_or(0);
    c.table = rd.integer(x, "table", p, "T02", 1).value_or(0);
    const json& res = x.contains("after") ? x["after"] : x.contains("result") ? x["result"] : json();
    Result r = read_result(rd, json{{"result", res}}, p, e.profile.slip_per);
    c.after = r.points;
    c.order = r.order;
    if (notes) {  // a stored note: applied when it was made
      c.applied = true;
      c.before =
          read_result(rd, json{{"result", x.contains("before") ? x["before"] : json()}}, p, e.profile.slip_per).points;
      if (x.contains("rank_changes") && x["rank_changes"].is_array())
        for (const auto& ch : x["rank_changes"])
          if (ch.is_object() && ch.contains("entrant") && ch["entrant"].is_string())
            c.rank_changes.push_back({ch["entrant"].get<std::string>(), ch.value("before", 0), ch.value("after", 0)});
    }
    e.corrections.push_back(std::move(c));
  }
}

}  // namespace

const Entrant* Event::find(const std::string& id) const {
  for (const auto& en : entrants)
    if (en.id == id) return &en;
  return nullptr;
}

bool Event::active(const Entrant& en, int round) const {
  if (!en.checked_in || en.arrived_round > round) return false;
  return !(en.withdrawn_after && *en.withdrawn_after < round);
}

Event read_event(const json& doc, Diagnostics& diags, std::vector<int>* draw_rounds) {
  Reader rd{diags};
  Event e;
  if (!doc.is_object()) {
    rd.bad("", "file.format", text::Message("tournament.err.read_document"));
    return e;
  }
  const std::string format = doc.value("format", std::string());
  if (format != "marque-tournament/1" && format != "marque-tournament-case/1") {
    rd.bad("format", "file.format", text::Message("tournament.err.read_format"));
    return e;
  }
  read_settings(rd, doc.contains("event") ? doc["event"] : json(), e);
  if (diags.has_errors()) return e;
  read_entrants(rd, doc.contains("entrants") ? doc["entrants"] : json::array(), e);
  e.lot_order = rd.ids(doc, "lot_order", "");
  for (size_t i = 0; i < e.lot_order.size(); ++i) {
    if (!e.find(e.lot_order[i]))
      rd.bad("lot_order[" + std::to_string(i) + "]", "T13",
             text::Message("tournament.err.unknown_entrant").text("id", clip(e.lot_order[i])));
    if (std::find(e.lot_order.begin(), e.lot_order.begin() + static_cast<long>(i), e.lot_order[i]) !=
        e.lot_order.begin() + static_cast<long>(i))
      rd.bad("lot_order[" + std::to_string(i) + "]", "T14",
             text::Message("tournament.err.read_lot_twice").text("id", clip(e.lot_order[i])));
  }
  if (doc.contains("rounds_played")) read_rounds(rd, doc["rounds_played"], e);
  if (doc.contains("history")) {
    read_rounds(rd, doc["history"], e);
    for (auto& r : e.rounds) r.closed = true;
  }
  if (doc.contains("ranking") && doc["ranking"].is_array())
    for (const auto& x : doc["ranking"])
      if (x.is_string()) e.given_ranking.push_back(x.get<std::string>());
  if (doc.contains("corrections")) read_corrections(rd, doc["corrections"], e, format == "marque-tournament/1");
  // the warnings of draws and corrections made before (the others are recomputed)
  if (format == "marque-tournament/1" && doc.contains("warnings") && doc["warnings"].is_array())
    for (const auto& w : doc["warnings"]) {
      const std::string code = w.is_object() ? w.value("code", std::string()) : "";
      if (code == "TW01" || code == "TW05" || code == "TW06" || code == "TW07")
        e.warnings.push_back({code, w["round"].is_number_integer() ? w["round"].get<int>() : 0,
                              w["table"].is_number_integer() ? w["table"].get<int>() : 0,
                              w.value("message", std::string())});
    }
  if (draw_rounds && doc.value("kind", std::string()) == "draw" && doc.contains("draw_rounds") &&
      doc["draw_rounds"].is_array())
    for (const auto& r : doc["draw_rounds"])
      if (r.is_number_integer()) draw_rounds->push_back(r.get<int>());
  return e;
}

}  // namespace marque::tournament
