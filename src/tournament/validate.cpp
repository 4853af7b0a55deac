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
    diags.error(p + "result", "T06",
                "the result must name exactly the table's entrants, table " + std::to_string(t.number));
  const std::string mode = e.settings.round_length.value("mode", std::string());
  const auto& zs = e.profile.zero_sum_lengths;
  if (std::find(zs.begin(), zs.end(), mode) != zs.end()) {
    Amount sum;
    for (const auto& [_, a] : r.points) sum += a;
    if (sum != 0) diags.error(p + "result", "T07", "the table's results must sum to 0 (each deal is zero-sum)");
  }
  const int limit = deal_limit(e, static_cast<int>(t.seats.size()));
  if (r.deals && limit > 0 && *r.deals > limit)
    diags.error(p + "deals", "T16",
                std::to_string(*r.deals) + " deals; the round's length is " + std::to_string(limit));
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
      diags.error(p + "confirmed_by", "T08", "a confirmed result names the second player who confirmed it");
    else if (r.submitted_by && *r.confirmed_by == *r.submitted_by)
      diags.error(p + "confirmed_by", "T08", "confirmed by the player who submitted it; a second player confirms");
    else if (!conf_side)
      diags.error(p + "confirmed_by", "T08",
                  clip(*r.confirmed_by) + " is not seated at table " + std::to_string(t.number));
    else if (e.profile.two_sided && sub_side == conf_side)
      diags.error(p + "confirmed_by", "T08", "a player of the other side confirms");
  }
  const bool counts = r.status == "confirmed" || overridden ||
                      (e.settings.confirmation == "none" && r.status == "submitted");
  if (closed_round && !counts)
    diags.error(p + "status", "T03", "round closed while table " + std::to_string(t.number) + " is " + r.status);
}

}  // namespace

void validate(const Event& e, Diagnostics& diags) {
  // entrants: a fixed table's number, the count the game can seat
  int first = 0;
  for (const auto& en : e.entrants)
    if (e.active(en, 1)) ++first;
  if (!e.entrants.empty() && first < e.profile.min_entrants)
    diags.error("entrants", "T13",
                "only " + std::to_string(first) + " entrant(s) in round 1; the game needs at least " +
                    std::to_string(e.profile.min_entrants));
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
      if (!ok)
        diags.error(at("event.draw.plan", r), "T11",
                    "every registration number once per round, at tables of sizes the game plays");
    }
  }
  for (size_t i = 0; i < e.rounds.size(); ++i) {
    const Round& r = e.rounds[i];
    const std::string rp = at("rounds_played", i) + ".";
    if (r.number > e.settings.rounds)
      diags.error(rp + "round", "T10",
                  "round " + std::to_string(r.number) + " of an event of " + std::to_string(e.settings.rounds));
    if (i > 0 && !e.rounds[i - 1].closed && !r.tables.empty())
      diags.error(rp + "round", "T10",
                  "round " + std::to_string(r.number) + " drawn while round " + std::to_string(r.number - 1) +
                      " is open");
    std::map<std::string, size_t> seen;
    const int T = static_cast<int>(r.tables.size());
    std::vector<int> sizes;
    for (size_t j = 0; j < r.tables.size(); ++j) {
      const Table& t = r.tables[j];
      const std::string tp = rp + "tables[" + std::to_string(j) + "].seats";
      const int k = static_cast<int>(t.seats.size());
      sizes.push_back(k);
      if (k < e.profile.min_table || k > e.profile.max_table)
        diags.error(tp, "T05",
                    "a table of " + std::to_string(k) + "; the game plays tables of " +
                        std::to_string(e.profile.min_table) + " to " + std::to_string(e.profile.max_table));
      for (const auto& id : t.seats) {
        const Entrant* en = e.find(id);
        if (!en) {
          diags.error(tp, "T13", "unknown entrant \"" + clip(id) + "\"");
          continue;
        }
        if (!seen.emplace(id, j).second)
          diags.error(tp, "T01", clip(id) + " is seated at two tables of round " + std::to_string(r.number));
        if (!e.active(*en, r.number))
          diags.error(tp, "T04", clip(id) + " is withdrawn or absent in round " + std::to_string(r.number));
        if (en->fixed_table && *en->fixed_table != t.number && *en->fixed_table <= T)
          diags.error(tp, "T15", clip(id) + " must sit at table " + std::to_string(*en->fixed_table));
      }
    }
    for (const auto& id : r.byes) {
      const Entrant* en = e.find(id);
      if (!en)
        diags.error(rp + "byes", "T13", "unknown entrant \"" + clip(id) + "\"");
      else if (seen.count(id))
        diags.error(rp + "byes", "T01", clip(id) + " is seated and on a bye in round " + std::to_string(r.number));
      else if (!e.active(*en, r.number))
        diags.error(rp + "byes", "T04", clip(id) + " is withdrawn or absent in round " + std::to_string(r.number));
    }
    // fixed tables: over a table's size, or a table number the round does not have
    std::map<int, int> fixed_at;
    for (const auto& en : e.entrants)
      if (en.fixed_table && e.active(en, r.number)) {
        if (*en.fixed_table > T && T > 0)
          diags.error("entrants[" + std::to_string(&en - e.entrants.data()) + "].fixed_table", "T15",
                      "table " + std::to_string(*en.fixed_table) + " of a round of " + std::to_string(T) + " tables");
        else if (*en.fixed_table <= T &&
                 ++fixed_at[*en.fixed_table] >
                     static_cast<int>(r.tables[static_cast<size_t>(*en.fixed_table - 1)].seats.size()))
          diags.error("entrants[" + std::to_string(&en - e.entrants.data()) + "].fixed_table", "T15",
                      "more fixed entrants than seats at table " + std::to_string(*en.fixed_table));
      }
    for (size_t j = 0; j < r.tables.size(); ++j) {
      const Table& t = r.tables[j];
      if (t.result.present)
        check_result(e, t, t.result, diags, r.closed);
      else if (r.closed && !r.drawn_here && e.settings.method != "fixed" && !t.seats.empty() &&
               !std::all_of(e.rounds.begin(), e.rounds.end(), [](const Round& x) {
                 return std::all_of(x.tables.begin(), x.tables.end(), [](const Table& y) { return !y.result.present; });
               }))
        diags.error(rp + "tables[" + std::to_string(j) + "]", "T03",
                    "round closed without a result for table " + std::to_string(t.number));
    }
  }
  for (size_t i = 0; i < e.corrections.size(); ++i) {
    const Correction& c = e.corrections[i];
    const std::string cp = at("corrections", i) + ".";
    if (c.at.size() < 16 || c.at[4] != '-' || c.at[10] != 'T')
      diags.error(cp + "at", "T17", "a correction carries its time (RFC 3339)");
    if (c.by.empty()) diags.error(cp + "by", "T17", "a correction names its author");
    if (c.reason.empty()) diags.error(cp + "reason", "T17", "a correction gives its reason");
    const Round* r = c.round >= 1 && c.round <= static_cast<int>(e.rounds.size())
                         ? &e.rounds[static_cast<size_t>(c.round - 1)]
                         : nullptr;
    const Table* t = nullptr;
    if (r)
      for (const auto& x : r->tables)
        if (x.number == c.table) t = &x;
    if (!t) {
      diags.error(cp + "table", "T02", "no table " + std::to_string(c.table) + " in round " + std::to_string(c.round));
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
