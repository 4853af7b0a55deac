// The organiser's event as it changes: open the stored document, settle it again after a change (organise.hpp).
#include "tournament/organise.hpp"

#include <algorithm>

namespace marque::tournament {

Event open_event(const json& doc, Diagnostics& diags) {
  Event e = read_event(doc, diags);
  if (diags.has_errors()) return e;
  if (e.rounds.empty()) {
    e.lot_order = derive_lot_order(e);
    return e;
  }
  for (const auto& id : derive_lot_order(e))
    if (std::find(e.lot_order.begin(), e.lot_order.end(), id) == e.lot_order.end()) e.lot_order.push_back(id);
  return e;
}

ojson settle_event(Event& e) {
  Diagnostics checked, diags;
  validate(e, checked);
  for (const auto& d : checked.items()) {
    // before the first draw the entrants are still arriving: the count is checked when round 1 is drawn
    if (e.rounds.empty() && d.code == "T13" && d.field == "entrants") continue;
    diags.push(d);
  }
  if (diags.has_errors()) throw Rejected(diags, "tournament");
  compute(e);
  return to_json(e);
}

std::string table_state(const Table& t) {
  if (!t.result.present) return "open";
  if (t.result.override_by.is_object()) return "confirmed";
  return t.result.status;
}

}  // namespace marque::tournament
