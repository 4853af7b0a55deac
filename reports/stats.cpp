#include "reports/stats.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>

#include <nlohmann/json.hpp>

#include "core/language.hpp"
#include "core/unicode.hpp"
#include "reports/text_table.hpp"

namespace marque::reports {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

namespace {

struct Acc {
  int64_t hands = 0, as_role = 0, made = 0;
  std::map<std::string, int64_t> not_played;  // deals not played, by what they were (redeal, all_pass ...)
  std::map<std::string, std::pair<int64_t, int64_t>> contracts;  // count, made
  std::map<std::string, int64_t> bonus;
  double best = 0, worst = 0;
  int64_t best_game = 0, worst_game = 0;
  int best_no = 0, worst_no = 0;
  bool any = false;
  int64_t run_win = 0, run_loss = 0, best_win = 0, best_loss = 0;
};

ojson hand_at(double delta, int64_t game, int no) {
  return {{"delta", delta},
          {"at", game ? "game " + std::to_string(game) + " hand " + std::to_string(no) : std::string()},
          {"game", game ? ojson(game) : ojson(nullptr)},
          {"hand", game ? ojson(no) : ojson(nullptr)}};
}

}  // namespace

ojson build_stats(const std::vector<StatsGame>& games, const std::string& only) {
  std::map<std::string, std::map<std::string, Acc>> acc;
  for (const auto& g : games) {
    for (size_t i = 0; i < g.facts.size() && i < g.scores.size(); ++i) {
      const json& sc = g.scores[i];
      const league::HandFacts& facts = g.facts[i];
      const int no = i < g.numbers.size() ? g.numbers[i] : static_cast<int>(i + 1);
      for (const auto& p : g.players) {
        if (!only.empty() && p != only) continue;
        auto& a = acc[p][g.game];
        if (!facts.played) {  // counted apart; never a best or worst hand, and a streak goes on over it
          a.not_played[facts.not_played.empty() ? "redeal" : facts.not_played] += 1;
          continue;
        }
        a.hands += 1;
        double d = sc.contains("deltas") && sc["deltas"].contains(p) && sc["deltas"][p].is_number()
                       ? sc["deltas"][p].get<double>()
                       : 0.0;
        if (!a.any || d > a.best) a.best = d, a.best_game = g.id, a.best_no = no;
        if (!a.any || d < a.worst) a.worst = d, a.worst_game = g.id, a.worst_no = no;
        a.any = true;
        a.run_win = d > 0 ? a.run_win + 1 : 0;
        a.run_loss = d < 0 ? a.run_loss + 1 : 0;
        a.best_win = std::max(a.best_win, a.run_win);
        a.best_loss = std::max(a.best_loss, a.run_loss);
        if (!facts.actor.empty() && facts.actor == p) {
          a.as_role += 1;
          bool m = facts.made.value_or(false);
          a.made += m ? 1 : 0;
          if (!facts.contract.empty()) {
            a.contracts[facts.contract].first += 1;
            a.contracts[facts.contract].second += m ? 1 : 0;
          }
        }
        for (const auto& [who, bonus] : facts.bonuses)
          if (who == p) a.bonus[bonus] += 1;
      }
    }
  }
  std::map<std::string, std::string> role_name;  // game kind -> its actor's name
  for (const auto& g : games) role_name[g.game] = g.role;
  std::vector<std::string> names;
  for (const auto& entry : acc) names.push_back(entry.first);
  unicode::sort_names(names);  // dictionary order ("Élodie" before "Paul")
  ojson players = ojson::object();
  for (const auto& p : names) {
    ojson pk = ojson::object();
    for (const auto& [kind, a] : acc.at(p)) {
      ojson e = {{"hands", a.hands}};
      ojson np = ojson::object();
      for (const auto& [what, n] : a.not_played) np[what] = n;
      e["deals_not_played"] = np;
      std::string role = role_name.count(kind) ? role_name.at(kind) : "";
      if (!role.empty()) {
        e["role"] = role;
        e["as_role"] = a.as_role;
        e["made"] = a.made;
        e["success_rate"] = a.as_role ? static_cast<double>(a.made) / static_cast<double>(a.as_role) : 0.0;
        ojson c = ojson::object();
        for (const auto& [name, cm] : a.contracts) c[name] = {{"count", cm.first}, {"made", cm.second}};
        e["contracts"] = c;
      }
      ojson b = ojson::object();
      for (const auto& [name, n] : a.bonus) b[name] = n;
      e["bonuses"] = b;
      e["best_hand"] = hand_at(a.best, a.best_game, a.best_no);
      e["worst_hand"] = hand_at(a.worst, a.worst_game, a.worst_no);
      e["longest_winning_streak"] = a.best_win;
      e["longest_losing_streak"] = a.best_loss;
      pk[kind] = e;
    }
    players[p] = pk;
  }
  return {{"format", "marque-stats/1"}, {"players", players}};
}

namespace {

// "game 1 hand 3" (the JSON's words) as the reader's language says it
std::string at_text(const std::string& at) {
  long long game = 0, hand = 0;
  if (text::language() == "en" || std::sscanf(at.c_str(), "game %lld hand %lld", &game, &hand) != 2) return at;
  return text::tr("report.stats.at", "game {game} hand {hand}",
                  text::Message().text("game", std::to_string(game)).text("hand", std::to_string(hand)));
}

}  // namespace

std::string role_word(const std::string& role) {
  return text::tr("report.stats.role_word",
                  "{role, select, taker {taker} bidder {bidder} declarer {declarer} other {{role}}}",
                  text::Message().text("role", role));
}

std::string render_stats_text(const ojson& doc, const StatsWords& words) {
  // a contract or a bonus in the game's words (English: its id, as before)
  const auto said = [&](const std::string& kind, const std::string& what, const std::string& id) {
    return text::language() == "en" || !words ? id : words(kind, what, id);
  };
  std::string out;
  for (auto it = doc["players"].begin(); it != doc["players"].end(); ++it) {
    out += it.key() + "\n";
    for (auto k = it.value().begin(); k != it.value().end(); ++k) {
      const auto& e = k.value();
      const int64_t hands = e["hands"].get<int64_t>();
      out += "  " + k.key() + ": " +
             text::tr("report.stats.hands", "{n, plural, one {{shown} hand} other {{shown} hands}}",
                      text::Message().number("n", hands).text("shown", std::to_string(hands)));
      if (e.contains("deals_not_played") && !e["deals_not_played"].empty()) {
        int64_t n = 0;
        std::string what;
        for (auto d = e["deals_not_played"].begin(); d != e["deals_not_played"].end(); ++d) {
          n += d.value().get<int64_t>();
          what += (what.empty() ? "" : ", ") + said(k.key(), "type", d.key()) + " " +
                  std::to_string(d.value().get<int64_t>());
        }
        out += text::tr("report.stats.not_played",
                        " (and {n, plural, one {{shown} deal} other {{shown} deals}} not played: {what})",
                        text::Message().number("n", n).text("shown", std::to_string(n)).text("what", what));
      }
      if (e.contains("role")) {
        const int64_t times = e["as_role"].get<int64_t>();
        const std::string rate = text::language() == "en"
                                     ? format_number(100.0 * e["success_rate"].get<double>(), 0) + "%"
                                     : text::local_percent(e["success_rate"].get<double>(), text::language());
        out += text::tr("report.stats.role",
                        ", {role} {n, plural, one {{shown} times} other {{shown} times}}, made {made} ({rate})",
                        text::Message()
                            .text("role", role_word(e["role"].get<std::string>()))
                            .number("n", times)
                            .text("shown", std::to_string(times))
                            .number("made", e["made"].get<int64_t>())
                            .text("rate", rate));
      }
      out += "\n";
      if (e.contains("contracts") && !e["contracts"].empty()) {
        out += "    " + text::tr("report.stats.contracts", "contracts:");
        for (auto c = e["contracts"].begin(); c != e["contracts"].end(); ++c)
          out += " " + said(k.key(), "contract", c.key()) + " " + std::to_string(c.value()["made"].get<int64_t>()) +
                 "/" + std::to_string(c.value()["count"].get<int64_t>());
        out += "\n";
      }
      if (!e["bonuses"].empty()) {
        out += "    " + text::tr("report.stats.bonuses", "bonuses:");
        for (auto b = e["bonuses"].begin(); b != e["bonuses"].end(); ++b)
          out += " " + said(k.key(), "bonus", b.key()) + " " + std::to_string(b.value().get<int64_t>());
        out += "\n";
      }
      if (e["hands"].get<int64_t>() == 0) continue;  // no played hand: no best or worst
      const auto signed_text = [](const ojson& v) {
        return text::language() == "en" ? format_signed(v.get<double>())
                                        : text::local_signed(v.get<double>(), text::language());
      };
      out += "    " +
             text::tr("report.stats.best_worst",
                      "best hand {best} ({best_at}), worst {worst} ({worst_at}); streaks: {won} won, {lost} lost in a "
                      "row",
                      text::Message()
                          .text("best", signed_text(e["best_hand"]["delta"]))
                          .text("best_at", at_text(e["best_hand"]["at"].get<std::string>()))
                          .text("worst", signed_text(e["worst_hand"]["delta"]))
                          .text("worst_at", at_text(e["worst_hand"]["at"].get<std::string>()))
                          .number("won", e["longest_winning_streak"].get<int64_t>())
                          .number("lost", e["longest_losing_streak"].get<int64_t>())) +
             "\n";
    }
  }
  // nothing selected: say so (a game counts once it is over)
  return out.empty() ? text::tr("report.stats.none",
                                "No hand counts here: no game of this selection is over (finished, or closed).") +
                           "\n"
                     : out;
}

}  // namespace marque::reports
