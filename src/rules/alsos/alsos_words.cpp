// Alsós results in words: one hand as the table says it ("Béla's trump game in piros won 136 to 28; Csaba's kontra
// lost; Béla's early kassza made"), and the session's outcome with its settlement (spec §5).
#include <algorithm>

#include "core/text.hpp"
#include "rules/alsos/alsos.hpp"

namespace marque::rules::alsos {

namespace {

std::string text_at(const json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : "";
}

const json& array_at(const json& j, const char* key) {
  static const json empty = json::array();
  return j.is_object() && j.contains(key) && j[key].is_array() ? j[key] : empty;
}

i64 int_at(const json& j, const char* key) {
  return j.is_object() && j.contains(key) && is_whole(j[key]) ? whole(j[key]) : 0;
}

// "Ann", "Ann and Béla", "Ann, Béla and Csaba"
std::string names(const std::vector<std::string>& list) {
  std::string s;
  for (std::size_t i = 0; i < list.size(); ++i) s += (i == 0 ? "" : i + 1 == list.size() ? " and " : ", ") + list[i];
  return s;
}

std::string level_word(std::size_t i) {
  return i < k_kontra_names.size() ? std::string(k_kontra_names[i]) : "level " + std::to_string(i + 1);
}

// One hand of a declarer: who said what and who won it.
class HandSayer {
public:
  HandSayer(const json& record, const json& bd)
      : m_rec(record), m_bd(bd), m_dec(text_at(bd, "declarer")), m_won(text_at(bd, "game_winner") == "declarer") {}

  std::string run() const {
    std::vector<std::string> parts = {game()};
    if (auto k = chain(array_at(m_rec, "game_kontra"), m_won ? Side::declarer : Side::defenders); !k.empty()) parts.push_back(k);
    if (auto g = gyerunk(); !g.empty()) parts.push_back(g);
    const json& items = array_at(m_bd, "items");
    std::size_t cursor = 1;  // items[0] is the game
    for (const auto& f : array_at(m_rec, "figurak")) parts.push_back(figura(f, items, cursor));
    return join(parts, "; ");
  }

private:
  Side side_of(const std::string& p) const { return p == m_dec ? Side::declarer : Side::defenders; }
  std::string side_name(Side s) const { return s == Side::declarer ? m_dec : "the defenders"; }

  // "Béla's trump game in piros won 136 to 28", "Csaba's betli failed", "Ann's no-trump game lost 72 to 100"
  std::string game() const {
    const std::string kind = text_at(m_bd, "kind");
    std::string s = m_dec + "'s ";
    if (kind == "trump") {
      auto suit = suit_index(text_at(m_bd, "trump_suit"));
      s += "trump game in " + (suit ? std::string(k_suit_names[static_cast<std::size_t>(*suit)]) : text_at(m_bd, "trump_suit"));
    } else {
      s += kind == "betli" ? "betli" : "no-trump game";
    }
    s += kind == "betli" ? (m_won ? " made" : " failed") : (m_won ? " won" : " lost");
    const json& scores = m_bd.is_object() && m_bd.contains("scores") ? m_bd["scores"] : json();
    if (scores.is_object() && scores.contains(m_dec)) {
      i64 best = 0;
      for (const auto& [p, v] : scores.items())
        if (p != m_dec && is_whole(v)) best = std::max(best, whole(v));
      s += " " + std::to_string(int_at(scores, m_dec.c_str())) + " to " + std::to_string(best);
    }
    return s;
  }

  // "Csaba's kontra lost, Béla's rekontra won": each call won or lost with the item it was said on
  std::string chain(const json& levels, Side winner) const {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < levels.size(); ++i) {
      const std::string by = text_at(levels[i], "by");
      out.push_back(by + "'s " + level_word(i) + (side_of(by) == winner ? " won" : " lost"));
    }
    return join(out, ", ");
  }

  // "gyerünk by Csaba, kontra by the defenders, Csaba gave up" / "gyerünk by Ann, accepted (×2)"
  std::string gyerunk() const {
    const json& g = m_rec.is_object() && m_rec.contains("gyerunk") ? m_rec["gyerunk"] : json();
    if (!g.is_object()) return "";
    const std::string by = text_at(g, "by");
    const int level = static_cast<int>(std::max<i64>(1, int_at(g, "level")));
    static constexpr std::array<std::string_view, 3> calls = {"kontra", "rekontra", "szubkontra"};
    std::string s = "gyerünk by " + by;
    Side proposer = side_of(by);
    for (int l = 2; l <= level && l <= 4; ++l) {
      proposer = other(proposer);
      s += ", " + std::string(calls[static_cast<std::size_t>(l - 2)]) + " by " + side_name(proposer);
    }
    if (text_at(g, "outcome") == "surrendered") return s + ", " + side_name(other(proposer)) + " gave up";
    return s + ", accepted (×" + std::to_string(i64{1} << level) + ")";
  }

  // "Béla's early kassza made", "Csaba's absolút failed, Ann's kontra won"
  std::string figura(const json& f, const json& items, std::size_t& cursor) const {
    const std::string by = text_at(f, "by"), id = text_at(f, "name");
    auto idx = figura_index(id);
    std::string s = by + "'s " + (text_at(f, "phase") == "early" ? "early " : "") + (idx ? std::string(k_figurak[*idx].label) : id);
    // its item (kassza folded into the game by kassza_mode double_game has none: it follows the game)
    Side winner = m_won ? Side::declarer : Side::defenders;
    for (std::size_t k = cursor; k < items.size(); ++k)
      if (text_at(items[k], "item") == id && text_at(items[k], "by") == by) {
        winner = text_at(items[k], "winner") == "declarer" ? Side::declarer : Side::defenders;
        cursor = k + 1;
        break;
      }
    s += side_of(by) == winner ? " made" : " failed";
    if (auto k = chain(array_at(f, "kontra"), winner); !k.empty()) s += ", " + k;
    return s;
  }

  const json& m_rec;
  const json& m_bd;
  const std::string m_dec;
  const bool m_won;
};

// "kloptzky: Ann took the most tricks (5), pays 3 to each of the others"
std::string kloptzky_words(const json& bd, std::size_t active) {
  std::vector<std::string> losers;
  for (const auto& l : array_at(bd, "losers"))
    if (l.is_string()) losers.push_back(l.get<std::string>());
  const std::string most = std::to_string(int_at(bd, "max_tricks"));
  if (losers.size() >= active) return "kloptzky: all tied on " + most + " tricks, no payment";
  const bool one = losers.size() == 1;
  return "kloptzky: " + names(losers) + " took the most tricks (" + most + (one ? "" : " each") + "), " + (one ? "pays " : "pay ") +
         std::to_string(int_at(bd, "kloptzky_value")) + " to each of the others";
}

std::string radli_words(const json& bd) {
  if (!bd.is_object() || !bd.contains("radli")) return "";
  const json& r = bd["radli"];
  if (!r.is_object()) return "rádli: a tie at the top, no bonus";
  return "rádli: " + text_at(r, "player") + " +" + std::to_string(int_at(r, "bonus")) + " from each";
}

}  // namespace

std::string hand_words(const json& record, const json& entry, const std::vector<std::string>& players) {
  const json bd = entry.is_object() && entry.contains("breakdown") ? entry["breakdown"] : json::object();
  const std::string kind = text_at(bd, "kind");
  std::string s;
  if (kind == "misdeal") {
    const std::string note = text_at(record, "note");
    s = "misdeal" + (note.empty() ? "" : " (" + note + ")") + ": " + text_at(record, "dealer") + " deals again";
  } else if (kind == "kloptzky") {
    s = kloptzky_words(bd, players.size() == 4 ? 3 : players.size());
  } else if (!kind.empty()) {
    s = HandSayer(record, bd).run();
  }
  if (auto r = radli_words(bd); !r.empty()) s += "; " + r;
  return s;
}

// "Ann wins with +48 after 6 deals, Csaba last with -39; settlement: Csaba pays Ann 39, Béla pays Ann 9"
std::string result_words(const json& score) {
  std::vector<std::string> players;
  for (const auto& p : array_at(score, "players"))
    if (p.is_string()) players.push_back(p.get<std::string>());
  const json& totals = score.contains("totals") ? score["totals"] : json();
  const json& result = score.contains("result") ? score["result"] : json();
  const json& places = result.is_object() && result.contains("places") ? result["places"] : json();
  if (players.empty() || !totals.is_object()) return "";
  auto total = [&](const std::string& p) { return totals.contains(p) && totals[p].is_number() ? totals[p].get<double>() : 0.0; };
  auto place = [&](const std::string& p) { return places.is_object() && places.contains(p) ? int_at(places, p.c_str()) : 0; };
  const i64 deals = int_at(score, "deals");
  const bool over = score.value("finished", false);
  if (deals == 0 && std::all_of(players.begin(), players.end(), [&](const auto& p) { return total(p) == 0; }))
    return "no deal played yet";
  i64 worst = 0;
  std::vector<std::string> first, last;
  for (const auto& p : players) worst = std::max(worst, place(p));
  for (const auto& p : players) {
    if (place(p) == 1) first.push_back(p);
    else if (place(p) == worst) last.push_back(p);
  }
  if (first.empty()) return "";
  const std::string lead = text::format_signed(total(first.front()));
  const std::string rounds = " after " + std::to_string(deals) + (deals == 1 ? " deal" : " deals");
  std::string s = names(first);
  if (first.size() > 1) s += over ? " share the win with " + lead : " share the lead with " + lead;
  else s += std::string(over ? (text_at(score, "end") == "radli" ? " wins the rádli with " : " wins with ") : " leads with ") + lead;
  s += rounds;
  if (!last.empty()) s += ", " + names(last) + " last with " + text::format_signed(total(last.front()));
  std::vector<std::string> pays;
  for (const auto& t : array_at(result, "settlement"))
    pays.push_back(text_at(t, "from") + " pays " + text_at(t, "to") + " " +
                   text::format_number(t.contains("amount") && t["amount"].is_number() ? t["amount"].get<double>() : 0.0));
  if (pays.empty()) return s + "; nobody owes anything";
  return s + (over ? "; settlement: " : "; to settle now: ") + join(pays, ", ");
}

}  // namespace marque::rules::alsos
