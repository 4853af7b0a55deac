// The marque-tournament/1 document (6.5) and the stateless calc: read, validate, draw a case's rounds, compute.
#include "tournament/tournament.hpp"

namespace marque::tournament {

namespace {

ojson amounts(const std::map<std::string, Amount>& m, const std::vector<std::string>& order) {
  ojson o = ojson::object();
  for (const auto& id : order)
    if (auto it = m.find(id); it != m.end()) o[id] = it->second;
  for (const auto& [id, a] : m)
    if (!o.contains(id)) o[id] = a;
  return o;
}

// league_points only when the event counts as one result in the standings (5.6)
ojson row_json(const Row& r, bool league) {
  ojson o = ojson::object();
  o["rank"] = r.rank;
  o["entrant"] = r.entrant;
  o["score"] = r.score;
  o["tiebreaks"] = r.tiebreaks;
  o["decided_by"] = r.decided_by.empty() ? ojson(nullptr) : ojson(r.decided_by);
  ojson rounds = ojson::array();
  for (const auto& a : r.rounds) rounds.push_back(a);
  o["rounds"] = rounds;
  o["withdrawn_after"] = r.withdrawn_after ? ojson(*r.withdrawn_after) : ojson(nullptr);
  o["league_points"] = league ? ojson(r.league_points) : ojson(nullptr);
  return o;
}

ojson opt_text(const std::string& s) { return s.empty() ? ojson(nullptr) : ojson(s); }

}  // namespace

ojson to_json(const Event& e) {
  const Settings& s = e.settings;
  ojson doc = ojson::object();
  doc["format"] = "marque-tournament/1";
  ojson ev = ojson::object();
  ev["id"] = s.id;
  ev["name"] = s.name;
  ev["dates"] = s.dates;
  ev["venue"] = opt_text(s.venue);
  ev["league"] = opt_text(s.league);
  ev["season"] = opt_text(s.season);
  ev["game"] = s.game;
  ev["options"] = ojson::parse(s.options.dump());
  ev["entrant_kind"] = s.entrant_kind;
  ev["rounds"] = s.rounds;
  ev["round_length"] = ojson::parse(s.round_length.dump());
  ev["time_limit_min"] = s.time_limit_min ? ojson(*s.time_limit_min) : ojson(nullptr);
  ev["unfinished"] = s.unfinished;
  ojson draw = ojson::object();
  draw["method"] = s.method;
  draw["seed"] = s.seed_text;
  draw["algorithm"] = s.algorithm;
  draw["table_preference"] = opt_text(s.table_preference);
  draw["plan"] = s.plan.is_null() ? ojson(nullptr) : ojson::parse(s.plan.dump());
  ojson premet = ojson::array();
  for (const auto& [a, b] : s.premet) premet.push_back({a, b});
  draw["premet"] = premet;
  ev["draw"] = draw;
  ojson sc = ojson::object();
  sc["mode"] = s.mode;
  sc["normalise"] = s.normalise;
  sc["placement_points"] = s.placement_table.is_null() ? ojson(nullptr) : ojson::parse(s.placement_table.dump());
  sc["match_points"] = {{"win", s.mp_win}, {"draw", s.mp_draw}, {"loss", s.mp_loss}, {"short_win", s.mp_short_win}};
  sc["bye"] = {{"total", s.bye_total}, {"match_points", s.bye_mp}, {"points_for", s.bye_for}};
  sc["tiebreaks"] = s.tiebreaks;
  sc["withdrawn"] = s.withdrawn;
  sc["late"] = s.late;
  ev["scoring"] = sc;
  ev["confirmation"] = s.confirmation;
  ev["league_contribution"] = s.league_contribution;
  doc["event"] = ev;

  ojson entrants = ojson::array();
  for (const auto& en : e.entrants) {
    ojson o = ojson::object();
    o["id"] = en.id;
    o["name"] = en.name;
    if (!en.players.empty()) o["players"] = en.players;
    o["no"] = en.no;
    for (auto it = en.extra.begin(); it != en.extra.end(); ++it) o[it.key()] = it.value().get<std::string>();
    o["fixed_table"] = en.fixed_table ? ojson(*en.fixed_table) : ojson(nullptr);
    o["checked_in"] = en.checked_in;
    o["arrived_round"] = en.arrived_round;
    o["withdrawn_after"] = en.withdrawn_after ? ojson(*en.withdrawn_after) : ojson(nullptr);
    entrants.push_back(o);
  }
  doc["entrants"] = entrants;
  doc["lot_order"] = e.lot_order;

  ojson rounds = ojson::array();
  for (const auto& r : e.rounds) {
    ojson o = ojson::object();
    o["round"] = r.number;
    o["status"] = r.closed ? "closed" : "drawn";
    o["drawn_at"] = ojson::parse(r.drawn_at.dump());
    o["closed_at"] = ojson::parse(r.closed_at.dump());
    ojson tables = ojson::array();
    std::vector<std::string> seat_order;
    for (const auto& t : r.tables) {
      ojson x = ojson::object();
      x["table"] = t.number;
      x["code"] = t.code;
      x["size"] = t.seats.size();
      x["seats"] = t.seats;
      x["first_dealer"] = opt_text(t.first_dealer);
      x["game"] = ojson::parse(t.game.dump());
      const Result& res = t.result;
      x["result"] = res.present ? amounts(res.points, t.seats) : ojson(nullptr);
      x["deals"] = res.deals ? ojson(*res.deals) : ojson(nullptr);
      x["status"] = res.present ? res.status : "open";
      x["submitted_by"] = res.submitted_by ? ojson(*res.submitted_by) : ojson(nullptr);
      x["confirmed_by"] = res.confirmed_by ? ojson(*res.confirmed_by) : ojson(nullptr);
      x["override"] = ojson::parse(res.override_by.dump());
      x["short"] = res.short_table;
      if (!res.note.empty()) x["note"] = res.note;
      tables.push_back(x);
      seat_order.insert(seat_order.end(), t.seats.begin(), t.seats.end());
    }
    seat_order.insert(seat_order.end(), r.byes.begin(), r.byes.end());
    o["tables"] = tables;
    o["byes"] = r.byes;
    o["absent"] = r.absent;
    o["repeat_pairs"] = r.repeat_pairs;
    o["points"] = amounts(r.points, seat_order);
    o["placement_points"] = amounts(r.placement, seat_order);
    rounds.push_back(o);
  }
  doc["rounds_played"] = rounds;

  ojson corrections = ojson::array();
  for (const auto& c : e.corrections) {
    ojson o = ojson::object();
    o["at"] = c.at;
    o["by"] = c.by;
    o["reason"] = c.reason;
    o["round"] = c.round;
    o["table"] = c.table;
    o["before"] = amounts(c.before, {});
    o["after"] = amounts(c.after, c.order);
    ojson changes = ojson::array();
    for (const auto& ch : c.rank_changes)
      changes.push_back({{"entrant", ch.entrant}, {"before", ch.before}, {"after", ch.after}});
    o["rank_changes"] = changes;
    corrections.push_back(o);
  }
  doc["corrections"] = corrections;
  ojson after = ojson::object();
  for (const auto& [r, rows] : e.ranking_after) {
    ojson list = ojson::array();
    for (const auto& row : rows) list.push_back(row_json(row, s.league_contribution == "event"));
    after[std::to_string(r)] = list;
  }
  doc["ranking_after"] = after;
  ojson ranking = ojson::array();
  for (const auto& row : e.ranking) ranking.push_back(row_json(row, s.league_contribution == "event"));
  doc["ranking"] = ranking;
  ojson warnings = ojson::array();
  for (const auto& w : e.warnings)
    warnings.push_back({{"code", w.code},
                        {"round", w.round ? ojson(w.round) : ojson(nullptr)},
                        {"table", w.table ? ojson(w.table) : ojson(nullptr)},
                        {"message", w.message}});
  doc["warnings"] = warnings;
  return doc;
}

ojson calc(const json& doc) {
  Diagnostics diags;
  std::vector<int> draw_rounds;
  Event e = read_event(doc, diags, &draw_rounds);
  if (!diags.has_errors()) {
    if (e.lot_order.empty()) e.lot_order = derive_lot_order(e);
    // entrants missing from a stored lot order (late arrivals) follow it in order of arrival
    for (const auto& id : derive_lot_order(e))
      if (std::find(e.lot_order.begin(), e.lot_order.end(), id) == e.lot_order.end()) e.lot_order.push_back(id);
    validate(e, diags);
  }
  // tables entered without a code get one from their round's generator, unique in the event (3.2)
  std::set<std::string> codes;
  for (const auto& r : e.rounds)
    for (const auto& t : r.tables) codes.insert(t.code);
  for (auto& r : e.rounds) {
    SplitMix64 g = round_generator(e.settings.seed, r.number);
    for (auto& t : r.tables)
      if (t.code.empty()) t.code = table_code(g, codes);
  }
  if (!diags.has_errors())
    for (int r : draw_rounds) {
      if (!e.rounds.empty()) e.rounds.back().closed = true;  // a drawn round joins the history
      draw_round(e, r, diags);
      if (diags.has_errors()) break;
    }
  // the last round drawn here is open; the ones before it joined the history
  if (!e.rounds.empty() && e.rounds.back().drawn_here) e.rounds.back().closed = false;
  if (diags.has_errors()) throw Rejected(diags, "tournament");
  compute(e);
  return to_json(e);
}

}  // namespace marque::tournament
