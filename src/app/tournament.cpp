// Tournament use cases: the stateless calc, and the organiser's event in the database. Each change opens the stored
// marque-tournament/1 document as an Event (src/tournament/organise.hpp), changes it, checks, ranks and writes it
// again, and stores it as the event's next version with its drawn tables, in one transaction.
#include "app/tournament.hpp"

#include <chrono>
#include <ctime>
#include <functional>
#include <map>
#include <mutex>

#include "app/internal.hpp"
#include "core/date.hpp"
#include "core/unicode.hpp"
#include "tournament/organise.hpp"

namespace marque::app {

namespace {

using tournament::Event;
using ordered = nlohmann::ordered_json;

std::string now_rfc3339() {
  if (const char* fixed = std::getenv("MARQUE_NOW"); fixed && *fixed) return fixed;
  char stamp[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  return stamp;
}

[[noreturn]] void refuse(const std::string& field, const std::string& code, const text::Message& message) {
  Diagnostics d;
  d.error(field, code, message, catalogue());
  throw Rejected(d, "tournament");
}

bool valid_id(const std::string& id) {
  return !id.empty() && id.size() <= 64 &&
         id.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") == std::string::npos;
}

// a slug of a name: lower case letters and digits, the rest as one "-"
std::string slug(const std::string& name) {
  std::string out;
  for (unsigned char c : unicode::fold(name)) {
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
      out += static_cast<char>(c);
    else if (c < 0x80 && !out.empty() && out.back() != '-')
      out += '-';
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  if (out.size() > 64) out.resize(64);
  return out;
}

Store::TournamentRow load_row(Store& store, const std::string& id) {
  auto row = store.tournament(id);
  if (!row)
    throw Error(k_exit_rejected,
                text::tr("app.no_tournament", "no tournament \"{id}\" in this database",
                         text::Message().text("id", clip(id))),
                "marque tournament list");
  return *row;
}

Event read_stored(const Store::TournamentRow& row);

// the stored document read back; a damaged one is reported (exit 65), never crashed on. A served event is read by
// every table's phone, watcher and room screen after each change: the last few documents read are kept with their
// event (reading is a pure function of the text), so the same text is not parsed and checked again by each of them.
Event open_stored(const Store::TournamentRow& row) {
  struct Kept {
    std::string document;
    Event event;
  };
  static std::mutex mutex;
  static std::map<std::string, Kept> kept;  // by event id; at most 16 events
  {
    std::lock_guard lock(mutex);
    if (auto it = kept.find(row.id); it != kept.end() && it->second.document == row.document) return it->second.event;
  }
  Event e = read_stored(row);
  std::lock_guard lock(mutex);
  if (kept.size() >= 16 && !kept.count(row.id)) kept.erase(kept.begin());
  kept[row.id] = Kept{row.document, e};
  return e;
}

Event read_stored(const Store::TournamentRow& row) {
  const json doc = json::parse(row.document, nullptr, false);
  if (doc.is_discarded() || !doc.is_object())
    throw Error(k_exit_dataerr,
                text::tr("app.tournament_damaged_json",
                         "the stored tournament {id} is damaged: its document is not JSON",
                         text::Message().text("id", row.id)),
                text::tr("app.tournament_damaged.hint", "marque tournament history {id} lists its earlier versions",
                         text::Message().text("id", row.id)));
  Diagnostics d;
  Event e = tournament::open_event(doc, d);
  if (d.has_errors()) {
    const auto first = d.errors().front();
    throw Error(k_exit_dataerr,
                text::tr("app.tournament_damaged", "the stored tournament {id} is damaged: {field}: {code} {message}",
                         text::Message()
                             .text("id", row.id)
                             .text("field", first.field)
                             .text("code", first.code)
                             .text("message", first.said())),
                text::tr("app.tournament_damaged.hint", "marque tournament history {id} lists its earlier versions",
                         text::Message().text("id", row.id)));
  }
  return e;
}

std::string status_of(const Event& e) {
  int closed = 0;
  for (const auto& r : e.rounds) closed += r.closed ? 1 : 0;
  return closed >= e.settings.rounds && e.settings.rounds > 0 ? "closed" : "open";
}

std::vector<Store::TournamentTableRow> tables_of(const Event& e) {
  std::vector<Store::TournamentTableRow> out;
  for (const auto& r : e.rounds)
    for (const auto& t : r.tables)
      if (t.code.size() == 4)
        out.push_back({r.number, t.number, t.code, tournament::table_state(t), std::nullopt, false, ""});
  return out;
}

void store_version(Store& store, const Store::TournamentRow& row, const Event& e, const ordered& doc,
                   const std::string& action, const std::string& by, const std::string& reason) {
  store.save_tournament(row.id, e.settings.name.empty() ? row.name : e.settings.name, status_of(e), doc.dump(), action,
                        by, reason);
  store.sync_tournament_tables(row.id, tables_of(e));
}

// one change of a stored event: one transaction, the version before it kept
ordered change(Session& session, const std::string& id, const std::string& action, const std::string& reason,
               const std::function<void(Event&)>& f) {
  Store& store = store_of(session);
  Store::Transaction tx(store);
  const auto row = load_row(store, id);
  Event e = open_stored(row);
  f(e);
  ordered doc = tournament::settle_event(e);
  store_version(store, row, e, doc, action, session.writer().source, reason);
  tx.commit();
  return doc;
}

// an entrant by id, else by name (case and accents aside)
tournament::Entrant& entrant(Event& e, const std::string& who, const std::string& field) {
  for (auto& en : e.entrants)
    if (en.id == who) return en;
  for (auto& en : e.entrants)
    if (unicode::same_name(en.name, who)) return en;
  refuse(field, "T13", text::Message("app.err.t_unknown_entrant").text("who", clip(who)).text("event", e.settings.id));
}

int latest_round(const Event& e) { return static_cast<int>(e.rounds.size()); }

tournament::Round& round_of(Event& e, int round, const std::string& field) {
  if (round == 0) round = latest_round(e);
  if (round < 1 || round > latest_round(e))
    refuse(field, "T02",
           round == 0 ? text::Message("app.err.t_no_round")
                      : text::Message("app.err.t_round_not_drawn")
                            .text("round", std::to_string(round))
                            .text("drawn", std::to_string(latest_round(e)))
                            .text("rounds", std::to_string(e.settings.rounds)));
  return e.rounds[static_cast<size_t>(round - 1)];
}

tournament::Table& table_of(tournament::Round& r, int table, const std::string& field) {
  for (auto& t : r.tables)
    if (t.number == table) return t;
  refuse(field, "T02",
         text::Message("app.err.t_no_table")
             .text("table", std::to_string(table))
             .text("round", std::to_string(r.number))
             .text("tables", std::to_string(r.tables.size())));
}

// a slip's number typed as text: an exact multiple of the game's unit (4.2)
Amount slip_amount(const std::string& text, int64_t per, const std::string& field) {
  auto a = parse_decimal(text);
  if (!a || !a->express_in(per))
    refuse(field, "T07",
           text::Message("app.err.t_slip_step")
               .text("value", clip(text))
               .text("step", per == 1 ? std::string("1") : "1/" + std::to_string(per)));
  return *a;
}

tournament::Entrant make_entrant(Event& e, const TournamentEntrant& in, const std::string& field) {
  if (in.name.empty()) refuse(field + ".name", "T13", text::Message("app.err.entrant_name"));
  tournament::Entrant en;
  en.name = in.name;
  en.id = in.id.empty() ? slug(in.name) : in.id;
  if (en.id.empty()) en.id = "entrant-" + std::to_string(e.entrants.size() + 1);
  en.players = in.players;
  en.no = static_cast<int>(e.entrants.size()) + 1;
  en.fixed_table = in.fixed_table;
  en.checked_in = in.checked_in;
  en.arrived_round = 1;
  if (!e.rounds.empty()) {  // registered after the start: a late arrival
    en.arrived_round = latest_round(e) + 1;
    en.checked_in = true;
  }
  if (!in.licence.empty()) en.extra["licence"] = in.licence;
  if (!in.club.empty()) en.extra["club"] = in.club;
  for (const auto& other : e.entrants) {
    if (other.id == en.id)
      refuse(field + ".id", "T14",
             text::Message("app.err.t_id_taken").text("id", clip(en.id)).text("name", other.name));
    if (unicode::same_name(other.name, en.name))
      refuse(field + ".name", "T14", text::Message("app.err.t_registered").text("name", clip(en.name)));
  }
  if (e.settings.entrant_kind == "teams" && en.players.size() != 2)
    refuse(field + ".players", "T14", text::Message("app.err.t_team_two"));
  return en;
}

TournamentInfo info_of_row(const Store::TournamentRow& row) {
  TournamentInfo i;
  i.id = row.id;
  i.name = row.name;
  i.game = row.game;
  i.status = row.status;
  i.version = row.version;
  i.updated_at = row.updated_at;
  const json doc = json::parse(row.document, nullptr, false);
  if (doc.is_object()) {
    const json ev = doc.value("event", json::object());
    if (ev.contains("dates") && ev["dates"].is_array() && !ev["dates"].empty() && ev["dates"][0].is_string())
      i.date = ev["dates"][0].get<std::string>();
    if (ev.contains("rounds") && ev["rounds"].is_number_integer()) i.rounds = ev["rounds"].get<int>();
    if (doc.contains("entrants") && doc["entrants"].is_array()) i.entrants = static_cast<int>(doc["entrants"].size());
    if (doc.contains("rounds_played") && doc["rounds_played"].is_array())
      for (const auto& r : doc["rounds_played"]) {
        ++i.drawn;
        if (r.is_object() && r.value("status", std::string()) == "closed") ++i.closed;
      }
  } else {
    i.status = "damaged";
  }
  return i;
}

// a new event stored as `doc` (its marque-tournament/1 document as it is): its row and version 1
ordered store_new(Session& session, const std::string& id, const Event& e, const ordered& doc,
                  const std::string& action) {
  Store& store = store_of(session);
  if (!valid_id(id)) refuse("event.id", "T12", text::Message("app.err.t_event_id").text("id", clip(id)));
  Store::Transaction tx(store);
  if (store.tournament(id)) refuse("event.id", "T12", text::Message("app.err.t_event_exists").text("id", id));
  store.create_tournament({id, e.settings.name.empty() ? id : e.settings.name, e.settings.game, status_of(e), 1,
                           doc.dump(), "", ""},
                          action, session.writer().source, "");
  store.sync_tournament_tables(id, tables_of(e));
  tx.commit();
  return doc;
}

}  // namespace

nlohmann::ordered_json tournament_calc(const nlohmann::json& doc) { return tournament::calc(doc); }

std::string tournament_clock_seed() {
  const auto ns =
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  return std::to_string(static_cast<uint64_t>(ns));
}

ordered tournament_create(Session& session, const TournamentSettings& s) {
  if (s.name.empty()) refuse("event.name", "T12", text::Message("app.err.t_event_name"));
  json ev = json::object();
  ev["id"] = s.id.empty() ? slug(s.name + (s.date.empty() ? "" : " " + s.date)) : s.id;
  ev["name"] = s.name;
  ev["dates"] = json::array({s.date.empty() ? today() : s.date});
  if (!date_problem(ev["dates"][0].get<std::string>()).empty())
    refuse("event.dates[0]", "T12", date_problem_words(ev["dates"][0].get<std::string>()));
  for (const auto& [key, value] : {std::pair{"venue", s.venue}, {"league", s.league}, {"season", s.season}})
    if (!value.empty()) ev[key] = value;
  ev["game"] = s.game;
  ev["options"] = s.options;
  if (s.rounds) ev["rounds"] = *s.rounds;
  if (s.time_limit_min) ev["time_limit_min"] = *s.time_limit_min;
  if (!s.length_mode.empty()) {
    json rl = {{"mode", s.length_mode}};
    if (s.deals_per_player) rl["n"] = *s.deals_per_player;
    if (s.target) rl["target"] = *s.target;
    if (s.deals) rl["deals"] = *s.deals;
    ev["round_length"] = rl;
  }
  json draw = {{"seed", s.seed.empty() ? tournament_clock_seed() : s.seed}};
  if (!s.method.empty()) draw["method"] = s.method;
  if (!s.table_preference.empty()) draw["table_preference"] = s.table_preference;
  ev["draw"] = draw;
  if (!s.scoring.empty()) ev["scoring"] = {{"mode", s.scoring}};
  if (!s.confirmation.empty()) ev["confirmation"] = s.confirmation;
  if (!s.league_contribution.empty()) ev["league_contribution"] = s.league_contribution;
  Diagnostics d;
  Event e = tournament::open_event(json{{"format", "marque-tournament/1"}, {"event", ev}, {"entrants", json::array()}},
                                   d);
  if (d.has_errors()) throw Rejected(d, "tournament");
  const ordered doc = tournament::settle_event(e);
  return store_new(session, e.settings.id, e, doc, "create");
}

ordered tournament_register(Session& session, const std::string& event, const std::vector<TournamentEntrant>& list) {
  return change(session, event, "register", "", [&](Event& e) {
    for (size_t i = 0; i < list.size(); ++i)
      e.entrants.push_back(make_entrant(e, list[i], "entrants[" + std::to_string(e.entrants.size()) + "]"));
  });
}

std::vector<TournamentEntrant> tournament_entrants_csv(const std::string& text, const std::string& file) {
  // the rows, RFC 4180: quoted fields may hold commas, quotes doubled, new lines
  std::vector<std::vector<std::string>> rows(1, std::vector<std::string>(1));
  bool quoted = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"')
        rows.back().back() += '"', ++i;
      else if (c == '"')
        quoted = false;
      else
        rows.back().back() += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',' || c == ';') {
      rows.back().emplace_back();
    } else if (c == '\n') {
      rows.emplace_back(1);
    } else if (c != '\r') {
      rows.back().back() += c;
    }
  }
  std::erase_if(rows,
                [](const auto& r) { return r.size() == 1 && r[0].find_first_not_of(" \t") == std::string::npos; });
  Diagnostics d;
  if (rows.empty()) refuse(file, "T13", text::Message("app.err.entrants_empty"));
  std::map<std::string, size_t> col;
  for (size_t i = 0; i < rows[0].size(); ++i) col[unicode::fold(rows[0][i])] = i;
  if (!col.count("name")) refuse(file + ":1", "T13", text::Message("app.err.entrants_header"));
  for (const auto& [name, i] : col)
    if (name != "name" && name != "id" && name != "licence" && name != "club" && name != "players" &&
        name != "fixed_table" && name != "checked_in")
      d.error(file + ":1", "T13", text::Message("app.err.entrants_column").text("column", clip(rows[0][i])),
              catalogue());
  std::vector<TournamentEntrant> out;
  for (size_t r = 1; r < rows.size(); ++r) {
    const auto cell = [&](const char* name) {
      auto it = col.find(name);
      if (it == col.end() || it->second >= rows[r].size()) return std::string();
      std::string v = rows[r][it->second];
      v.erase(0, v.find_first_not_of(" \t"));
      v.erase(v.find_last_not_of(" \t") + 1);
      return v;
    };
    const std::string at = file + ":" + std::to_string(r + 1);
    TournamentEntrant en;
    en.name = cell("name");
    en.id = cell("id");
    en.licence = cell("licence");
    en.club = cell("club");
    if (en.name.empty()) d.error(at + ".name", "T13", text::Message("app.err.entrant_name"), catalogue());
    const std::string players = cell("players");
    for (size_t p = 0; !players.empty() && p != std::string::npos;) {
      const size_t plus = players.find('+', p);
      std::string one = players.substr(p, plus == std::string::npos ? std::string::npos : plus - p);
      one.erase(0, one.find_first_not_of(" \t"));
      one.erase(one.find_last_not_of(" \t") + 1);
      en.players.push_back(one);
      p = plus == std::string::npos ? plus : plus + 1;
    }
    const std::string fixed = cell("fixed_table");
    if (!fixed.empty()) {
      if (fixed.find_first_not_of("0123456789") != std::string::npos || fixed.size() > 4 || std::stoi(fixed) < 1)
        d.error(at + ".fixed_table", "T15", text::Message("app.err.entrant_fixed_table"), catalogue());
      else
        en.fixed_table = std::stoi(fixed);
    }
    const std::string in = unicode::fold(cell("checked_in"));
    en.checked_in = in == "yes" || in == "true" || in == "1" || in == "y";
    if (!in.empty() && !en.checked_in && in != "no" && in != "false" && in != "0" && in != "n")
      d.error(at + ".checked_in", "T13", text::Message("app.err.entrant_checked_in"), catalogue());
    out.push_back(std::move(en));
  }
  if (d.has_errors()) throw Rejected(d, "tournament");
  return out;
}

ordered tournament_check_in(Session& session, const std::string& event, const std::vector<std::string>& who,
                            bool present) {
  return change(session, event, present ? "check-in" : "check-out", "", [&](Event& e) {
    if (!e.rounds.empty() && present) refuse("entrants", "T10", text::Message("app.err.t_late"));
    for (const auto& w : who) entrant(e, w, "entrant").checked_in = present;
  });
}

ordered tournament_late(Session& session, const std::string& event, const std::string& who) {
  return change(session, event, "late", "", [&](Event& e) {
    auto& en = entrant(e, who, "entrant");
    if (e.rounds.empty()) {  // before round 1: an ordinary check-in
      en.checked_in = true;
      return;
    }
    if (en.checked_in && en.arrived_round <= latest_round(e))
      refuse("entrant", "T04",
             text::Message("app.err.t_drawn_already")
                 .text("name", en.name)
                 .text("round", std::to_string(en.arrived_round)));
    en.checked_in = true;
    en.arrived_round = latest_round(e) + 1;
  });
}

ordered tournament_withdraw(Session& session, const std::string& event, const std::string& who,
                            std::optional<int> after) {
  return change(session, event, "withdraw", "", [&](Event& e) {
    auto& en = entrant(e, who, "entrant");
    const int r = after.value_or(latest_round(e));
    if (r < 0 || r > latest_round(e))
      refuse("withdrawn_after", "T04",
             text::Message("app.err.t_withdraw_round").text("last", std::to_string(latest_round(e))));
    if (en.withdrawn_after)
      refuse(
          "entrant", "T04",
          text::Message("app.err.t_withdrew").text("name", en.name).text("round", std::to_string(*en.withdrawn_after)));
    en.withdrawn_after = r;
  });
}

ordered tournament_draw(Session& session, const std::string& event, int& round) {
  return change(session, event, "draw", "", [&](Event& e) {
    Diagnostics d;
    validate(e, d);
    round = latest_round(e) + 1;
    if (!d.has_errors()) tournament::draw_round(e, round, d);
    if (d.has_errors()) throw Rejected(d, "tournament");
    e.rounds.back().drawn_at = now_rfc3339();
  });
}

ordered tournament_publish(Session& session, const std::string& event, int& round) {
  Store& store = store_of(session);
  Store::Transaction tx(store);
  const auto row = load_row(store, event);
  Event e = open_stored(row);
  auto& r = round_of(e, round, "round");
  round = r.number;
  if (r.closed) refuse("round", "T09", text::Message("app.err.t_round_closed").text("round", std::to_string(r.number)));
  store.publish_tournament_round(event, r.number);
  start_table_games(session, e, r.number);  // a phone opens its table's game right after publish (4.1, 4.3)
  ordered doc = tournament::settle_event(e);
  store_version(store, row, e, doc, "publish round " + std::to_string(r.number), session.writer().source, "");
  tx.commit();
  return doc;
}

ordered tournament_result(Session& session, const std::string& event, const TournamentSlip& slip,
                          const std::string& by) {
  return change(session, event, "result", slip.reason, [&](Event& e) {
    auto& r = round_of(e, slip.round, "round");
    auto& t = table_of(r, slip.table, "table");
    const std::string p = "rounds_played[" + std::to_string(r.number - 1) + "].tables[" + std::to_string(t.number - 1) +
                          "].";
    std::map<std::string, Amount> points;
    std::vector<std::string> order;
    for (const auto& [who, value] : slip.points) {
      const auto& en = entrant(e, who, p + "result");
      if (points.count(en.id))
        refuse(p + "result." + en.id, "T06", text::Message("app.err.t_named_twice").text("name", en.name));
      points[en.id] = slip_amount(value, e.profile.slip_per, p + "result." + en.id);
      order.push_back(en.id);
    }
    const auto named = [&](const std::string& who) -> std::string {
      for (const auto& en : e.entrants)  // a team's player speaks for the team (T08 tells the sides apart)
        for (const auto& player : en.players)
          if (unicode::same_name(player, who)) return player;
      return who.empty() ? who : entrant(e, who, p + "submitted_by").id;
    };
    if (r.closed) {  // a correction (4.5)
      if (slip.reason.empty())
        refuse(p + "result", "T09",
               text::Message("app.err.t_correction_reason").text("round", std::to_string(r.number)));
      tournament::Table probe = t;
      probe.result.points = points;
      probe.result.order = order;
      Event check = e;
      table_of(check.rounds[static_cast<size_t>(r.number - 1)], t.number, "table") = probe;
      Diagnostics d;
      validate(check, d);
      if (d.has_errors()) throw Rejected(d, "tournament");
      tournament::Correction c;
      c.at = now_rfc3339();
      c.by = by;
      c.reason = slip.reason;
      c.round = r.number;
      c.table = t.number;
      c.after = points;
      c.order = order;
      e.corrections.push_back(std::move(c));
      return;
    }
    tournament::Result res;
    res.present = true;
    res.points = points;
    res.order = order;
    res.deals = slip.deals;
    res.short_table = slip.short_table;
    res.path = p;
    if (!slip.submitted_by.empty()) res.submitted_by = named(slip.submitted_by);
    if (!slip.confirmed_by.empty()) res.confirmed_by = named(slip.confirmed_by);
    res.status = res.confirmed_by || e.settings.confirmation == "none" ? "confirmed" : "submitted";
    t.result = std::move(res);
  });
}

ordered tournament_override(Session& session, const std::string& event, int round, int table, const std::string& reason,
                            const std::string& by) {
  return change(session, event, "override", reason, [&](Event& e) {
    auto& r = round_of(e, round, "round");
    auto& t = table_of(r, table, "table");
    if (reason.empty()) refuse("reason", "T17", text::Message("app.err.t_override_reason"));
    if (!t.result.present)
      refuse("rounds_played[" + std::to_string(r.number - 1) + "].tables[" + std::to_string(t.number - 1) + "].result",
             "T03", text::Message("app.err.t_no_result").text("table", std::to_string(t.number)));
    t.result.override_by = json{{"by", by}, {"reason", reason}};
    t.result.status = "confirmed";
  });
}

ordered tournament_close_round(Session& session, const std::string& event, int& round) {
  return change(session, event, "close", "", [&](Event& e) {
    auto& r = round_of(e, round, "round");
    round = r.number;
    if (r.closed)
      refuse("round", "T09", text::Message("app.err.t_closed_already").text("round", std::to_string(r.number)));
    r.closed = true;
    r.closed_at = now_rfc3339();
  });
}

ordered tournament_undo(Session& session, const std::string& event) {
  Store& store = store_of(session);
  Store::Transaction tx(store);
  const auto row = load_row(store, event);
  const auto versions = store.tournament_versions(event);
  if (versions.size() < 2) refuse("event", "T12", text::Message("app.err.t_nothing_to_undo").text("event", event));
  // the version before the latest change (an undo's own version counts as a change: undo twice is a redo)
  const auto& previous = versions[versions.size() - 2];
  Store::TournamentRow old = row;
  old.document = previous.document;
  Event e = open_stored(old);
  ordered doc = tournament::settle_event(e);
  store_version(store, row, e, doc, "undo", session.writer().source,
                "back to version " + std::to_string(previous.version) + " (" + versions.back().action + " undone)");
  tx.commit();
  return doc;
}

ordered tournament_show(Session& session, const std::string& event) {
  Store& store = store_of(session);
  Store::ReadTransaction tx(store);
  const auto row = load_row(store, event);
  open_stored(row);  // a damaged document is reported
  return ordered::parse(row.document);
}

ordered tournament_import(Session& session, const nlohmann::json& doc, const std::string& id) {
  // stored as calc prints it, so that export gives back that document
  const ordered settled = tournament::calc(doc);
  Diagnostics d;
  const Event e = tournament::open_event(json::parse(settled.dump()), d);
  if (d.has_errors()) throw Rejected(d, "tournament");
  std::string key = id.empty() ? e.settings.id : id;
  if (key.empty()) {  // a case file's event has no id: its case id, else a slug of its name
    const bool named = doc.is_object() && doc.contains("id") && doc["id"].is_string();
    key = slug(named ? doc["id"].get<std::string>() : e.settings.name);
  }
  if (key.empty()) key = "event";
  return store_new(session, key, e, settled, "import");
}

std::vector<TournamentInfo> tournament_list(Session& session) {
  std::vector<TournamentInfo> out;
  for (const auto& row : store_of(session).tournaments()) out.push_back(info_of_row(row));
  return out;
}

// rows of one stored event (its versions, its tables), read in one snapshot, each made an app row
template <class Out, class Row>
std::vector<Out> event_rows(Session& session, const std::string& event,
                            std::vector<Row> (Store::*fetch)(const std::string&), Out (*convert)(const Row&)) {
  Store& store = store_of(session);
  Store::ReadTransaction tx(store);
  load_row(store, event);
  std::vector<Out> out;
  for (const auto& r : (store.*fetch)(event)) out.push_back(convert(r));
  return out;
}

std::vector<TournamentVersion> tournament_history(Session& session, const std::string& event) {
  return event_rows<TournamentVersion, Store::TournamentVersionRow>(
      session, event, &Store::tournament_versions, +[](const Store::TournamentVersionRow& v) {
        return TournamentVersion{v.version, v.action, v.at, v.by, v.reason};
      });
}

// what tournament_play.cpp shares of the above (internal.hpp)
ordered tournament_change(Session& session, const std::string& id, const std::string& action, const std::string& reason,
                          const std::function<void(Event&)>& f) {
  return change(session, id, action, reason, f);
}
tournament::Event tournament_open(Session& session, const std::string& id) {
  return open_stored(load_row(store_of(session), id));
}
tournament::Entrant& tournament_entrant(Event& e, const std::string& who, const std::string& field) {
  return entrant(e, who, field);
}
tournament::Table& tournament_table(Event& e, int round, int table) {
  return table_of(round_of(e, round, "round"), table, "table");
}
std::string tournament_now() { return now_rfc3339(); }

std::vector<TournamentTable> tournament_tables(Session& session, const std::string& event) {
  return event_rows<TournamentTable, Store::TournamentTableRow>(
      session, event, &Store::tournament_tables, +[](const Store::TournamentTableRow& t) {
        return TournamentTable{t.round, t.table, t.code, t.state, t.published, t.game_id};
      });
}

}  // namespace marque::app
