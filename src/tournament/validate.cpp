// The checks of section 7 on an event as read: the draw as played (T01, T04, T05, T10, T13, T15), the results
// (T02 at reading, T03, T06, T07, T08, T16), the corrections (T17), a fixed plan (T11), and the warning TW08.
#include "tournament/tournament.hpp"

namespace marque::tournament {

int deal_limit(const Event& e, int size) {
  const json& rl = e.settings.round_length;
  const std::string mode = rl.value("mode", std::string());
  if (mode == "deals_per_player") return size * rl.value("n", 1);
  if (mode == "deals") return rl.value("deals", 0);
  if (mode == "partie") return e.profile.partie_deals;
  return 0;
}

namespace {

using text::Message;

// a refusal as a message of the tournament's catalogue (words.cpp)
void refuse(Diagnostics& diags, std::string field, const char* code, Message m) {
  diags.error(std::move(field), code, std::move(m), catalogue());
}

std::string at(const std::string& prefix, size_t i) { return prefix + "[" + std::to_string(i) + "]"; }

// who may confirm or submit for an entrant: the entrant itself, or a team's players
bool speaks_for(const Entrant& en, const std::string& who) {
  return en.id == who || std::find(en.players.begin(), en.players.end(), who) != en.players.end();
}

void check_result(const Event& e, const Table& t, const Result& r, Diagnostics& diags, bool closed_round) {
  const std::string p = r.path;
  std::vector<std::string> named;
  for (const auto& [id, _] : r.points) named.push_back(id);
  std::vector<std::string> seats = t.seats;
  std::sort(seats.begin(), seats.end());
  if (named != seats)
    refuse(diags, p + "result", "T06", Message("tournament.err.result_entrants").number("table", t.number));
  const std::string mode = e.settings.round_length.value("mode", std::string());
  const auto& zs = e.profile.zero_sum_lengths;
  if (std::find(zs.begin(), zs.end(), mode) != zs.end()) {
    Amount sum;
    for (const auto& [_, a] : r.points) sum += a;
    if (sum != 0) refuse(diags, p + "result", "T07", Message("tournament.err.zero_sum"));
  }
  const int limit = deal_limit(e, static_cast<int>(t.seats.size()));
  if (r.deals && limit > 0 && *r.deals > limit)
    refuse(diags, p + "deals", "T16", Message("tournament.err.deals").number("deals", *r.deals).number("limit", limit));
  const bool overridden = r.override_by.is_object();
  if (r.status == "confirmed" && !overridden && e.settings.confirmation == "second_player") {
    const Entrant* conf_side = nullptr;
    const Entrant* sub_side = nullptr;
    for (const auto& id : t.seats)
      if (const Entrant* en = e.find(id)) {
        if (r.confirmed_by && speaks_for(*en, *r.confirmed_by)) conf_side = en;
        if (r.submitted_by && speaks_for(*en, *r.submitted_by)) sub_side = en;
      }
    if (!r.confirmed_by)
      refuse(diags, p + "confirmed_by", "T08", Message("tournament.err.confirmed_missing"));
    else if (r.submitted_by && *r.confirmed_by == *r.submitted_by)
      refuse(diags, p + "confirmed_by", "T08", Message("tournament.err.confirmed_self"));
    else if (!conf_side)
      refuse(diags, p + "confirmed_by", "T08",
             Message("tournament.err.confirmed_not_seated")
                 .text("player", clip(*r.confirmed_by))
                 .number("table", t.number));
    else if (e.profile.two_sided && sub_side == conf_side)
      refuse(diags, p + "confirmed_by", "T08", Message("tournament.err.confirmed_side"));
  }
  const bool counts = r.status == "confirmed" || overridden ||
                      (e.settings.confirmation == "none" && r.status == "submitted");
  if (closed_round && !counts)
    refuse(diags, p + "status", "T03",
           Message("tournament.err.closed_status").number("table", t.number).text("status", r.status));
}

}  // namespace

void validate(const Event& e, Diagnostics& diags) {
  // entrants: a fixed table's number, the count the game can seat
  int first = 0;
  for (const auto& en : e.entrants)
    if (e.active(en, 1)) ++first;
  if (!e.entrants.empty() && first < e.profile.min_entrants)
    refuse(diags, "entrants", "T13",
           Message("tournament.err.too_few").number("count", first).number("min", e.profile.min_entrants));
  // a fixed plan (3.7)
  if (e.settings.method == "fixed" && e.settings.plan.is_array()) {
    const size_t n = e.entrants.size();
    for (size_t r = 0; r < e.settings.plan.size(); ++r) {
      std::vector<int> seen(n + 1, 0);
      const json& round = e.settings.plan[r];
      bool ok = round.is_array();
      if (ok)
        for (const auto& table : round) {
          const int k = table.is_array() ? static_cast<int>(table.size()) : 0;
          ok = ok && k >= e.profile.min_table && k <= e.profile.max_table;
          if (table.is_array())
            for (const auto& no : table) {
              const long long v = no.is_number_integer() ? no.get<long long>() : 0;
              if (v < 1 || v > static_cast<long long>(n) || seen[static_cast<size_t>(v)]++) ok = false;
            }
        }
      for (size_t i = 1; i <= n && ok; ++i) ok = seen[i] == 1;
      if (!ok) refuse(diags, at("event.draw.plan", r), "T11", Message("tournament.err.plan_round"));
    }
  }
  for (size_t i = 0; i < e.rounds.size(); ++i) {
    const Round& r = e.rounds[i];
    const std::string rp = at("rounds_played", i) + ".";
    if (r.number > e.settings.rounds)
      refuse(diags, rp + "round", "T10",
             Message("tournament.err.round_over").number("round", r.number).number("rounds", e.settings.rounds));
    if (i > 0 && !e.rounds[i - 1].closed && !r.tables.empty())
      refuse(diags, rp + "round", "T10",
             Message("tournament.err.round_drawn_open").number("round", r.number).number("previous", r.number - 1));
    std::map<std::string, size_t> seen;
    const int T = static_cast<int>(r.tables.size());
    std::vector<int> sizes;
    for (size_t j = 0; j < r.tables.size(); ++j) {
      const Table& t = r.tables[j];
      const std::string tp = rp + "tables[" + std::to_string(j) + "].seats";
      const int k = static_cast<int>(t.seats.size());
      sizes.push_back(k);
      if (k < e.profile.min_table || k > e.profile.max_table)
        refuse(diags, tp, "T05",
               Message("tournament.err.table_size")
                   .number("size", k)
                   .number("min", e.profile.min_table)
                   .number("max", e.profile.max_table));
      for (const auto& id : t.seats) {
        const Entrant* en = e.find(id);
        if (!en) {
          refuse(diags, tp, "T13", Message("tournament.err.unknown_entrant").text("id", clip(id)));
          continue;
        }
        if (!seen.emplace(id, j).second)
          refuse(diags, tp, "T01", Message("tournament.err.two_tables").text("id", clip(id)).number("round", r.number));
        if (!e.active(*en, r.number))
          refuse(diags, tp, "T04", Message("tournament.err.inactive").text("id", clip(id)).number("round", r.number));
        if (en->fixed_table && *en->fixed_table != t.number && *en->fixed_table <= T)
          refuse(diags, tp, "T15",
                 Message("tournament.err.fixed_table").text("id", clip(id)).number("table", *en->fixed_table));
      }
    }
    for (const auto& id : r.byes) {
      const Entrant* en = e.find(id);
      if (!en)
        refuse(diags, rp + "byes", "T13", Message("tournament.err.unknown_entrant").text("id", clip(id)));
      else if (seen.count(id))
        refuse(diags, rp + "byes", "T01",
               Message("tournament.err.seated_and_bye").text("id", clip(id)).number("round", r.number));
      else if (!e.active(*en, r.number))
        refuse(diags, rp + "byes", "T04",
               Message("tournament.err.inactive").text("id", clip(id)).number("round", r.number));
    }
    // fixed tables: over a table's size, or a table number the round does not have
    std::map<int, int> fixed_at;
    for (const auto& en : e.entrants)
      if (en.fixed_table && e.active(en, r.number)) {
        if (*en.fixed_table > T && T > 0)
          refuse(diags, "entrants[" + std::to_string(&en - e.entrants.data()) + "].fixed_table", "T15",
                 Message("tournament.err.fixed_over").number("table", *en.fixed_table).number("tables", T));
        else if (*en.fixed_table <= T &&
                 ++fixed_at[*en.fixed_table] >
                     static_cast<int>(r.tables[static_cast<size_t>(*en.fixed_table - 1)].seats.size()))
          refuse(diags, "entrants[" + std::to_string(&en - e.entrants.data()) + "].fixed_table", "T15",
                 Message("tournament.err.fixed_full").number("table", *en.fixed_table));
      }
    for (size_t j = 0; j < r.tables.size(); ++j) {
      const Table& t = r.tables[j];
      if (t.result.present)
        check_result(e, t, t.result, diags, r.closed);
      else if (r.closed && !r.drawn_here && e.settings.method != "fixed" && !t.seats.empty() &&
               !std::all_of(e.rounds.begin(), e.rounds.end(), [](const Round& x) {
                 return std::all_of(x.tables.begin(), x.tables.end(), [](const Table& y) { return !y.result.present; });
               }))
        refuse(diags, rp + "tables[" + std::to_string(j) + "]", "T03",
               Message("tournament.err.no_result").number("table", t.number));
    }
  }
  for (size_t i = 0; i < e.corrections.size(); ++i) {
    const Correction& c = e.corrections[i];
    const std::string cp = at("corrections", i) + ".";
    if (c.at.size() < 16 || c.at[4] != '-' || c.at[10] != 'T')
      refuse(diags, cp + "at", "T17", Message("tournament.err.correction_time"));
    if (c.by.empty()) refuse(diags, cp + "by", "T17", Message("tournament.err.correction_author"));
    if (c.reason.empty()) refuse(diags, cp + "reason", "T17", Message("tournament.err.correction_reason"));
    const Round* r = c.round >= 1 && c.round <= static_cast<int>(e.rounds.size())
                         ? &e.rounds[static_cast<size_t>(c.round - 1)]
                         : nullptr;
    const Table* t = nullptr;
    if (r)
      for (const auto& x : r->tables)
        if (x.number == c.table) t = &x;
    if (!t) {
      refuse(diags, cp + "table", "T02",
             Message("tournament.err.no_table").number("table", c.table).number("round", c.round));
      continue;
    }
    Result as;
    as.present = true;
    as.points = c.after;
    as.path = cp;
    as.status = "submitted";
    check_result(e, *t, as, diags, false);
  }
}

}  // namespace marque::tournament
