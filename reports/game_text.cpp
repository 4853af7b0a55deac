#include "reports/game_text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <functional>

#include "core/language.hpp"
#include "core/text.hpp"
#include "reports/text_table.hpp"

namespace marque::reports {

using ojson = nlohmann::ordered_json;

std::string amounts_line(const ojson& values, const ojson& names, bool sign) {
  std::string s;
  for (const auto& p : names) {
    std::string name = p.get<std::string>();
    double v = values.contains(name) && values[name].is_number() ? values[name].get<double>() : 0.0;
    if (!s.empty()) s += "  ";
    s += name + " " + (sign ? text::local_signed(v, text::language()) : text::local_number(v, text::language()));
  }
  return s;
}

namespace {

// per-player category breakdown (piquet: carte blanche, point, sequences, sets, play ...)
std::string breakdown_lines(const ojson& entry, const ojson& players, const text::Labels* labels) {
  std::string out;
  if (!entry.contains("breakdown") || !entry["breakdown"].is_object()) return out;
  const auto& b = entry["breakdown"];
  for (const auto& p : players) {
    std::string name = p.get<std::string>();
    if (!b.contains(name) || !b[name].is_object()) continue;
    std::string line;
    for (auto it = b[name].begin(); it != b[name].end(); ++it)
      if (it->is_number() && it->get<double>() != 0)
        line += " " + (labels ? labels->key(it.key()) : it.key()) + " " +
                text::local_number(it->get<double>(), text::language());
    out += "  " + name + ":" + (line.empty() ? text::tr("report.breakdown.nothing", " nothing") : line) + "\n";
  }
  return out;
}

std::string payment_lines(const ojson& entry, const text::Labels* labels) {
  if (!entry.contains("transfers") || !entry["transfers"].is_array() || entry["transfers"].empty()) return "";
  std::string out = "  " + text::tr("report.payments", "payments:") + "\n";
  for (const auto& t : entry["transfers"]) {
    auto str = [&](const char* k) {
      return t.contains(k) && t[k].is_string() ? t[k].get<std::string>() : std::string();
    };
    double amount = t.contains("amount") && t["amount"].is_number() ? t["amount"].get<double>() : 0.0;
    out += "    " + str("from") + " -> " + str("to") + "  " + text::local_number(amount, text::language()) +
           (str("reason").empty() ? ""
                                  : "  (" + (labels ? labels->value("reason", str("reason")) : str("reason")) + ")") +
           "\n";
  }
  return out;
}

}  // namespace

namespace {
// The labels of a block's lines in one column, as wide as the longest and a space: label(l) is "  " + l padded
// ("  hand:   ", "  deltas: " in English; the column follows the language's words)
std::function<std::string(const std::string&)> label_column(std::initializer_list<std::string> labels) {
  int width = 0;
  for (const auto& l : labels) width = std::max(width, text::display_width(l) + 1);
  return [width](const std::string& l) { return "  " + text::pad_right(l, width); };
}
}  // namespace

std::string game_label(int64_t game_id, const std::string& game) {
  return text::tr("report.game", "game {id}", text::Message().number("id", game_id)) +
         (game.empty() ? "" : text::tr("report.separator", " · ") + game);
}

std::string game_label(int64_t game_id, const std::string& game, const std::vector<std::string>& players) {
  std::string names;
  for (const auto& p : players) names += (names.empty() ? "" : ", ") + p;
  return game_label(game_id, game) + (names.empty() ? "" : " (" + names + ")");
}

namespace {

// "NS +90  EW -70": each side's delta (signed) or total
std::string sides_line(const Sides& sides, bool delta) {
  std::string s;
  for (const auto& l : sides.lines)
    s += (s.empty() ? "" : "  ") + l.name + " " +
         (delta ? text::local_signed(l.delta, text::language()) : text::local_number(l.total, text::language()));
  return s;
}

double number_of(const ojson& o, const std::string& k) {
  return o.is_object() && o.contains(k) && o[k].is_number() ? o[k].get<double>() : 0.0;
}

}  // namespace

std::string ranking_table(const ojson& score, const Sides& sides) {
  struct Line {
    std::string name;
    double total;
    int place;
  };
  std::vector<Line> lines;
  const ojson& res = score.contains("result") ? score["result"] : ojson();
  if (sides.teams) {
    for (const auto& side : sides.lines) {
      std::string members;
      for (const auto& p : side.players) members += (members.empty() ? "" : ", ") + p;
      lines.push_back({side.name + " (" + members + ")", side.total.value(), 0});
    }
  } else if (res.is_object() && res.contains("ranking") && res["ranking"].is_array()) {
    // the game's own ranking (Prefa: by final value, not by the running total)
    const ojson& totals = res.contains("final") ? res["final"] : score["totals"];
    for (const auto& p : res["ranking"]) {
      std::string n = p.get<std::string>();
      int place = res.contains("places") && res["places"].contains(n) ? res["places"][n].get<int>() : 0;
      lines.push_back({n, number_of(totals, n), place});
    }
  } else {
    for (const auto& p : score["players"])
      lines.push_back({p.get<std::string>(), number_of(score["totals"], p.get<std::string>()), 0});
  }
  if (!(res.is_object() && res.contains("ranking")) || sides.teams)
    std::stable_sort(lines.begin(), lines.end(), [](const Line& a, const Line& b) { return a.total > b.total; });
  for (size_t i = 0; i < lines.size(); ++i)
    if (!lines[i].place)
      lines[i].place = i > 0 && lines[i].total == lines[i - 1].total ? lines[i - 1].place : static_cast<int>(i) + 1;
  TextTable t;
  t.columns({TextTable::Align::right, TextTable::Align::left, TextTable::Align::right});
  for (const auto& l : lines)
    t.row({std::to_string(l.place) + ".", l.name, text::local_number(l.total, text::language())});
  return t.render();
}

Styled hand_outcome_styled(const ojson& entry, const ojson& score, const HandHeader& h, const std::string& summary) {
  static const Sides no_sides;
  const Sides& sides = h.sides ? *h.sides : no_sides;
  const ojson& players = score["players"];
  std::vector<std::string> names;
  for (const auto& p : players)
    if (p.is_string()) names.push_back(p.get<std::string>());
  Styled styled;
  std::string& out = styled.text;
  // "  LEAD VALUES\n", the values a span of `role`
  auto spanned = [&](const std::string& lead, const std::string& values, Styled::Role role) {
    out += lead;
    styled.spans.push_back({out.size(), out.size() + values.size(), role});
    out += values + "\n";
  };
  out = game_label(h.game_id, h.game, names);
  if (h.no) out += text::tr("report.hand", " · hand {no}", text::Message().number("no", h.no));
  out += " " + h.verb;
  if (!h.words.empty() && h.made)
    spanned(text::tr("report.colon", ": "), h.words, *h.made ? Styled::Role::made : Styled::Role::failed);
  else
    out += (h.words.empty() ? "" : text::tr("report.colon", ": ") + h.words) + "\n";
  // the lines' labels in one column ("  hand:   ", "  deltas: ", "  totals: ", "  pools:  " in English)
  const std::string hand_label = text::tr("report.label.hand", "hand:"),
                    deltas_label = text::tr("report.label.deltas", "deltas:"),
                    totals_label = text::tr("report.label.totals", "totals:"),
                    pools_label = text::tr("report.label.pools", "pools:");
  const auto label = label_column({hand_label, deltas_label, totals_label, pools_label});
  if (!entry.is_null()) {
    if (sides.teams) out += label(hand_label) + sides_line(sides, true) + "\n";
    out += label(deltas_label) + amounts_line(entry["deltas"], players, true) + "\n";
  }
  if (sides.teams)
    spanned("  " + sides.heading + text::tr("report.colon", ": "), sides_line(sides, false), Styled::Role::total);
  spanned(label(totals_label), amounts_line(score["totals"], players, false), Styled::Role::total);
  out += breakdown_lines(entry, players, h.labels);
  if (!summary.empty())
    out += "  " + summary + "\n";
  else if (entry.contains("summary") && entry["summary"].is_string())
    out += "  " + entry["summary"].get<std::string>() + "\n";
  if (entry.contains("pools")) out += label(pools_label) + amounts_line(entry["pools"], players, false) + "\n";
  out += payment_lines(entry, h.labels);
  if (score.value("finished", false)) {
    out += (h.result_words.empty() ? text::tr("report.game_over", "game over")
                                   : text::tr("report.game_over.words", "game over: {words}",
                                              text::Message().text("words", h.result_words))) +
           "\n";
    std::string table = ranking_table(score, sides);
    for (size_t at = 0; at < table.size();) {
      size_t nl = table.find('\n', at);
      out += "  " + table.substr(at, nl - at) + "\n";
      if (nl == std::string::npos) break;
      at = nl + 1;
    }
  } else if (!h.next_dealer.empty()) {
    out += "  " +
           text::tr("report.next_dealer", "next dealer: {dealer}", text::Message().text("dealer", h.next_dealer)) +
           "\n";
  }
  return styled;
}

std::string hand_outcome_text(const ojson& entry, const ojson& score, const HandHeader& h) {
  return hand_outcome_styled(entry, score, h).text;
}

std::string hand_list_text(const Sides& sides, const std::vector<ListedHand>& hands) {
  std::vector<std::string> cols;
  for (const auto& l : sides.lines) cols.push_back(l.name);
  TextTable t;
  std::vector<TextTable::Align> align{TextTable::Align::right, TextTable::Align::left, TextTable::Align::left};
  for (size_t i = 0; i < cols.size(); ++i) align.push_back(TextTable::Align::right);
  t.columns(align);
  std::vector<std::string> head{text::tr("report.list.no", "#"), text::tr("report.list.dealer", "dealer"),
                                text::tr("report.list.what", "what happened")};
  head.insert(head.end(), cols.begin(), cols.end());
  t.row(head);
  for (const auto& h : hands) {
    const ojson& e = *h.entry;
    std::vector<std::string> row{std::to_string(h.no),
                                 e.contains("dealer") && e["dealer"].is_string() ? e["dealer"].get<std::string>() : "",
                                 h.words};
    for (size_t i = 0; i < cols.size(); ++i)
      row.push_back(text::local_signed(h.deltas && i < h.deltas->size() ? (*h.deltas)[i] : Amount{}, text::language()));
    t.row(row);
  }
  std::vector<std::string> total{"", "", text::tr("report.list.total", "total")};
  for (const auto& l : sides.lines) total.push_back(text::local_number(l.total, text::language()));
  t.row(total);
  return t.render();
}

std::string hand_show_text(const ojson& score, const HandHeader& h, const nlohmann::json& record, const ojson& entry,
                           const std::string& recorded_at, const std::string& source, const text::Labels& labels,
                           const std::vector<std::string>* notes) {
  const ojson& players = score["players"];
  std::string out = game_label(h.game_id, h.game) +
                    text::tr("report.hand", " · hand {no}", text::Message().number("no", h.no)) +
                    (h.words.empty() ? "" : text::tr("report.colon", ": ") + h.words) + "\n";
  const std::string dealer = text::tr("report.label.dealer", "dealer:"),
                    said = text::tr("report.label.record", "record:"), hand = text::tr("report.label.hand", "hand:"),
                    deltas = text::tr("report.label.deltas", "deltas:"),
                    totals = text::tr("report.label.totals", "totals:"), note = text::tr("report.label.note", "note:"),
                    recorded = text::tr("report.label.recorded", "recorded:");
  const auto label = label_column({dealer, said, hand, deltas, totals, note, recorded});
  if (entry.contains("dealer") && entry["dealer"].is_string())
    out += label(dealer) + entry["dealer"].get<std::string>() + "\n";
  out += label(said) + record_words(record, labels) + "\n";
  if (h.sides && h.sides->teams) out += label(hand) + sides_line(*h.sides, true) + "\n";
  out += label(deltas) + amounts_line(entry["deltas"], players, true) + "\n";
  out += label(totals) + amounts_line(entry["totals"], players, false) + "\n";
  if (notes)
    for (const auto& w : *notes) out += label(note) + w + "\n";
  else if (entry.contains("warnings") && entry["warnings"].is_array())
    for (const auto& w : entry["warnings"])
      out += label(note) + (w.is_string() ? w.get<std::string>() : w.dump()) + "\n";
  out += label(recorded) + recorded_at + (source.empty() ? "" : " (" + source + ")") + "\n";
  return out;
}

// "taker Ben · garde · 47 points ..." of a record
std::string record_words(const nlohmann::json& r, const text::Labels& labels) { return labels.record(r); }

// "38 points -> 52 points, poignée Ben simple added" between two records
std::string record_diff(const nlohmann::json& a, const nlohmann::json& b, const text::Labels& labels) {
  if (!a.is_object() || !b.is_object()) return record_words(b, labels);
  std::string s;
  auto add = [&](const std::string& t) { s += (s.empty() ? "" : ", ") + t; };
  const auto item = [](const std::string& t) { return text::Message().text("item", t); };
  for (auto it = b.begin(); it != b.end(); ++it) {
    if (!a.contains(it.key()))
      add(text::tr("report.diff.added", "{item} added", item(labels.item(it.key(), *it))));
    else if (a[it.key()] != *it)
      add(labels.item(it.key(), a[it.key()]) + " -> " + labels.item(it.key(), *it));
  }
  for (auto it = a.begin(); it != a.end(); ++it)
    if (!b.contains(it.key())) add(text::tr("report.diff.removed", "{item} removed", item(labels.item(it.key(), *it))));
  return s.empty() ? text::tr("report.diff.none", "no change") : s;
}

std::string history_text(const std::vector<HistoryLine>& lines, const text::Labels& labels) {
  std::string out;
  static const nlohmann::json null_json;
  for (const auto& c : lines) {
    const nlohmann::json& before = c.before ? *c.before : null_json;
    const nlohmann::json& after = c.after ? *c.after : null_json;
    // the change's arguments: the hand's number and the record (or what changed)
    const auto with = [&c](const std::string& record) {
      return text::Message().number("no", c.no).text("record", record);
    };
    std::string what;
    if (c.action == "start")
      what = text::tr("report.history.start", "game started: {record}", with(record_words(after, labels)));
    else if (c.action == "import")
      what = text::tr("report.history.import", "game imported: {record}", with(record_words(after, labels)));
    else if (c.action == "add")
      what = text::tr("report.history.add", "hand {no} added: {record}", with(record_words(after, labels)));
    else if (c.action == "edit")
      what = text::tr("report.history.edit", "hand {no} edited: {record}", with(record_diff(before, after, labels)));
    else if (c.action == "delete")
      what = text::tr("report.history.delete", "hand {no} deleted: {record}", with(record_words(before, labels)));
    else if (c.action == "close")
      what = text::tr("report.history.close", "game closed");
    else if (c.action == "abandon")
      what = text::tr("report.history.abandon", "game abandoned");
    else if (c.action == "delete_game")
      what = text::tr("report.history.delete_game", "game deleted");
    else if (c.action == "reopen")
      what = text::tr("report.history.reopen", "game reopened");
    else if (c.action == "undo" || c.action == "redo") {
      const std::string record = after.is_null() ? text::tr("report.history.removed", "removed")
                                                 : record_words(after, labels);
      what = c.action == "undo" ? text::tr("report.history.undo",
                                           "undo{no, plural, =0 {} other { (hand {no})}}: {record}", with(record))
                                : text::tr("report.history.redo",
                                           "redo{no, plural, =0 {} other { (hand {no})}}: {record}", with(record));
    } else {
      what = c.action;
    }
    out += c.at + "  " + what + (c.undone ? text::tr("report.history.undone", "  (undone)") : "") + "\n";
  }
  return out;
}

std::string dealer_text(const std::string& dealer, const std::string& sitting_out) {
  return dealer + (!dealer.empty() && dealer == sitting_out ? text::tr("report.sits_out", " (sits out)") : "");
}

std::string score_text(const ojson& score, const Sides& sides, int64_t game_id, const std::string& sitting_out) {
  using text::tr;
  const ojson& players = score["players"];
  const bool finished = score.value("finished", false);
  std::string out = tr("report.score.heading",
                       "{game}{id, select, none {} other { game {id}}}: {hands} hand(s), {finished, select, yes "
                       "{finished} other {in progress}}",
                       text::Message()
                           .text("game", score["game"].get<std::string>())
                           .text("id", game_id ? std::to_string(game_id) : "none")
                           .number("hands", static_cast<int64_t>(score["hands"].size()))
                           .text("finished", finished ? "yes" : "no")) +
                    "\n";
  if (sides.teams) out += sides.heading + tr("report.colon", ": ") + sides_line(sides, false) + "\n";
  out += tr("report.label.totals", "totals:") + " " + amounts_line(score["totals"], players, false) + "\n";
  const ojson& res = score["result"];
  if (res.contains("ranking")) {
    out += finished ? tr("report.score.ranking", "ranking: ") : tr("report.score.standing", "standing: ");
    int i = 0;
    for (const auto& p : res["ranking"]) {
      std::string n = p.get<std::string>();
      int place = res.contains("places") && res["places"].contains(n) ? res["places"][n].get<int>() : ++i;
      out += (i++ && place ? "  " : "") + std::to_string(place) + ". " + n;
    }
    out += "\n";
  } else if (res.contains("winner") && !res["winner"].is_null()) {
    out += tr("report.score.winner", "winner: ") + res["winner"].get<std::string>() + "\n";
  }
  // a game whose result is not its totals (a Rubicon partie scores ±R): what it counts for
  if (finished && res.contains("scores") && res["scores"].is_object())
    out += tr("report.score.result", "result: ") + amounts_line(res["scores"], players, true) + "\n";
  if (!finished && score.contains("next_dealer") && !score["next_dealer"].get<std::string>().empty())
    out += tr("report.next_dealer", "next dealer: {dealer}",
              text::Message().text("dealer", dealer_text(score["next_dealer"].get<std::string>(), sitting_out))) +
           "\n";
  return out;
}

}  // namespace marque::reports
