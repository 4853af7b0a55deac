// Coinche results in words, as a scorer says them at the table: one hand ("N/S 90♦ by S, coinched by E: made
// (125); belote S", "E/W 100♥ by E: dedans (101)", "all pass: redeal") and the game's outcome ("N/S (Nina & Sara)
// win 3102 to 3070 after 12 hands"). From the record, its marque-score/1 entry (breakdown: spec coinche §4) and
// the score document (§5), as data: a message id and its arguments (core/message.hpp), said by catalogue().
#include "rules/coinche/coinche.hpp"

namespace marque::rules::coinche {

namespace {

std::string text_at(const json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : "";
}

// The points at j[key] as an argument (an amount), or "?" when there are none.
void points(text::Message& m, std::string name, const json& j, const std::string& key) {
  std::optional<Amount> a;
  if (j.is_object() && j.contains(key)) a = amount_of(j[key], 1);
  if (a)
    m.amount(std::move(name), *a);
  else
    m.text(std::move(name), "?");
}

// "N/S", "E/W"
text::Message team(const std::string& t) { return text::Message("coinche.team").text("team", t); }

// "90♦", "capot♥", "générale♠"
text::Message contract(const json& b) {
  const std::string kind = text_at(b, "contract");
  text::Message m(kind == "capot"      ? "coinche.contract.capot"
                  : kind == "generale" ? "coinche.contract.generale"
                                       : "coinche.contract.points");
  if (m.id == "coinche.contract.points") points(m, "value", b, "value");
  return m.text("trump", text_at(b, "trump"));
}

// ", coinched by E", ", surcoinched by S" (who, when the record names them); nothing below that level
text::Message coinche_call(const json& rec, const json& b, int level, const char* id, const char* by) {
  const int said = b.contains("coinche") && b["coinche"].is_number_integer() ? b["coinche"].get<int>() : 0;
  if (level == 2 ? said != 2 : said < 1) return {};
  const std::string who = text_at(rec, by);
  return text::Message(id).text("named", who.empty() ? "no" : "yes").text("by", who);
}

// "made (125)", "dedans (101)", with the capot and who won it
text::Message outcome(const json& b) {
  const std::string bidders = text_at(b, "bidding_team");
  text::Message m("coinche.hand.outcome");
  m.text("made", b.value("made", false) ? "yes" : "no");
  points(m, "points", b.value("contract_points", json::object()), bidders);
  const std::string capot = text_at(b, "capot");
  if (capot.empty())
    m.message("capot", {});
  else if (capot == bidders)
    m.message("capot", text::Message("coinche.hand.capot"));
  else
    m.message("capot", text::Message("coinche.hand.capot_by").message("team", team(capot)));
  return m;
}

// "; belote S"
text::Message belote(const json& rec) {
  if (text_at(rec, "belote").empty()) return {};
  return text::Message("coinche.hand.belote").text("player", text_at(rec, "belote"));
}

// "; announcements E/W 70": the best announcement's team and its points, when they are some
text::Message announcements(const json& b) {
  const std::string best = text_at(b, "best_announcement");
  const json ann = b.value("announcements", json::object());
  const std::optional<Amount> value = !best.empty() && ann.is_object() && ann.contains(best) ? amount_of(ann[best], 1)
                                                                                             : std::nullopt;
  if (!value || *value == 0) return {};
  return text::Message("coinche.hand.announcements").message("team", team(best)).amount("points", *value);
}

// "N/S (Nina & Sara)", or "N/S" when the document does not name the team's players
text::Message team_of(const json& teams, const std::string& t) {
  const json& p = teams.is_object() && teams.contains(t) ? teams[t] : json();
  if (!(p.is_array() && p.size() == 2 && p[0].is_string() && p[1].is_string())) return team(t);
  return text::Message("coinche.team.players")
      .message("team", team(t))
      .text("first", p[0].get<std::string>())
      .text("second", p[1].get<std::string>());
}

}  // namespace

text::Message hand_message(const json& record, const json& entry) {
  const json b = entry.is_object() ? entry.value("breakdown", json::object()) : json::object();
  const std::string redeal = text_at(b, "redeal");
  if (redeal == "all_pass") return text::Message("coinche.hand.all_pass");
  if (redeal == "misdeal") return text::Message("coinche.hand.misdeal").text("dealer", text_at(b, "dealer"));
  if (text_at(b, "bidder").empty()) return {};
  return text::Message("coinche.hand.played")
      .message("team", team(text_at(b, "bidding_team")))
      .message("contract", contract(b))
      .text("bidder", text_at(b, "bidder"))
      .message("coinche", coinche_call(record, b, 1, "coinche.hand.coinched", "coinched_by"))
      .message("surcoinche", coinche_call(record, b, 2, "coinche.hand.surcoinched", "surcoinched_by"))
      .message("outcome", outcome(b))
      .message("belote", belote(record))
      .message("announcements", announcements(b));
}

text::Message result_message(const json& score) {
  const json totals = score.value("team_totals", json::object());
  const json teams = score.value("teams", json::object());
  const json result = score.value("result", json::object());
  const std::string winner = text_at(result, "winner"), leader = text_at(result, "leader");
  const bool over = score.value("finished", false);
  text::Message m;
  if (over && winner == "draw") {
    m = text::Message("coinche.result.draw");
    points(m, "points", totals, "NS");
  } else if (!over && leader != "NS" && leader != "EW") {
    m = text::Message("coinche.result.level");
    points(m, "points", totals, "NS");
  } else {
    const std::string first = over ? winner : leader, other = first == "NS" ? "EW" : "NS";
    m = text::Message(over ? "coinche.result.win" : "coinche.result.lead");
    m.message("team", team_of(teams, first));
    points(m, "points", totals, first);
    points(m, "other", totals, other);
  }
  return m.number("hands", result.value("hands_played", 0));
}

const text::Catalogue& catalogue() {
  static const text::Catalogue c = [] {
    text::Catalogue x;
    x.fallback = &default_catalogue();
    x.labels = &labels();
    x.add("coinche.title",
          "Coinche (belote contrée)");  // title() in the reader's language (sheets, site, tournament papers)
    x.add("coinche.team", "{team, select, NS {N/S} EW {E/W} other {{team}}}");
    x.add("coinche.team.players", "{team} ({first} & {second})");
    x.add("coinche.contract.points", "{value}{trump, select, S {♠} H {♥} D {♦} C {♣} other {}}");
    x.add("coinche.contract.capot", "capot{trump, select, S {♠} H {♥} D {♦} C {♣} other {}}");
    x.add("coinche.contract.generale", "générale{trump, select, S {♠} H {♥} D {♦} C {♣} other {}}");
    x.add("coinche.hand.all_pass", "all pass: redeal");
    x.add("coinche.hand.misdeal", "misdeal: {dealer} deals again");
    x.add("coinche.hand.played",
          "{team} {contract} by {bidder}{coinche}{surcoinche}: {outcome}{belote}{announcements}");
    x.add("coinche.hand.coinched", ", coinched{named, select, yes { by {by}} other {}}");
    x.add("coinche.hand.surcoinched", ", surcoinched{named, select, yes { by {by}} other {}}");
    x.add("coinche.hand.outcome", "{made, select, yes {made} other {dedans}} ({points}){capot}");
    x.add("coinche.hand.capot", ", capot");
    x.add("coinche.hand.capot_by", ", capot by {team}");
    x.add("coinche.hand.belote", "; belote {player}");
    x.add("coinche.hand.announcements", "; announcements {team} {points}");
    x.add("coinche.result.draw", "Draw: N/S and E/W both on {points}"
                                 "{hands, plural, =0 {} one { after {hands} hand} other { after {hands} hands}}");
    x.add("coinche.result.level", "N/S and E/W level at {points}"
                                  "{hands, plural, =0 {} one { after {hands} hand} other { after {hands} hands}}");
    x.add("coinche.result.win", "{team} win {points} to {other}"
                                "{hands, plural, =0 {} one { after {hands} hand} other { after {hands} hands}}");
    x.add("coinche.result.lead", "{team} lead {points} to {other}"
                                 "{hands, plural, =0 {} one { after {hands} hand} other { after {hands} hands}}");
    return x;
  }();
  return c;
}

}  // namespace marque::rules::coinche
