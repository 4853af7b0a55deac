// Piquet results in words, in the table's own terms: one deal ("Ann repique, Ben capot — Ann 99: point 7,
// septieme to the king; Ben 67: quatorze of aces") from its record and its marque-score/1 entry, and the outcome of
// a game or a partie ("A wins the partie 224 to 92 and scores 416: B is rubiconed").
#include <algorithm>

#include "rules/piquet/piquet.hpp"

namespace marque::rules::piquet {

namespace {

constexpr std::array<const char*, 8> k_rank_word = {"seven", "eight", "nine", "ten", "knave", "queen", "king", "ace"};
constexpr std::array<const char*, 8> k_rank_plural = {"sevens", "eights", "nines", "tens", "knaves", "queens", "kings", "aces"};

long long num(const json& o, const std::string& key) {
  return o.is_object() && o.contains(key) && o[key].is_number() ? o[key].get<long long>() : 0;
}
std::string str(const json& o, const std::string& key) {
  return o.is_object() && o.contains(key) && o[key].is_string() ? o[key].get<std::string>() : "";
}

// "quart major", "tierce minor", "quint to the king", "septieme to the king"
std::string sequence_words(const json& s) {
  int len = 0;
  int top = s.is_object() && s.contains("top") ? rank_index(s["top"]) : -1;
  if (!s.is_object() || !s.contains("length") || !read_int(s["length"], 3, 8, len) || top < 0) return "a sequence";
  std::string name = sequence_name(len);
  if (top == 7) return name + " major";
  if (top == len - 1 && len <= 4) return name + " minor";  // tierce minor 9-8-7, quart minor 10-9-8-7
  return name + " to the " + k_rank_word[static_cast<size_t>(top)];
}

// "quatorze of tens", "trio of queens"
std::string set_words(const json& s) {
  int rank = s.is_object() && s.contains("rank") ? rank_index(s["rank"]) : -1;
  int count = 0;
  if (rank < 0 || !read_int(s.value("count", json()), 3, 4, count)) return "a set";
  return std::string(count == 4 ? "quatorze" : "trio") + " of " + k_rank_plural[static_cast<size_t>(rank)];
}

// What the record says `role` won in the category `field` (point, sequences, sets), as words.
void category_words(const json& record, const char* field, const std::string& role, std::vector<std::string>& out) {
  const json c = record.value(field, json());
  if (!c.is_object() || str(c, "winner") != role) return;
  if (std::string(field) == "point") {
    out.push_back("point " + std::to_string(num(c, "cards")));
    return;
  }
  const bool sequences = std::string(field) == "sequences";
  for (const auto& item : c.value("scored", json::array())) out.push_back(sequences ? sequence_words(item) : set_words(item));
}

// One player's part of a detail deal: "Ann 28: point 5, quart major, the cards"
std::string player_words(const json& record, const json& b, const std::string& player) {
  const json& pr = b[player];
  const std::string role = str(b, "elder") == player ? "elder" : "younger";
  std::vector<std::string> items;
  if (num(pr, "carte_blanche")) items.push_back("carte blanche");
  if (num(pr, "point")) category_words(record, "point", role, items);
  if (num(pr, "sequences")) category_words(record, "sequences", role, items);
  if (num(pr, "sets")) category_words(record, "sets", role, items);
  if (num(pr, "cards") == k_cards_majority) items.push_back("the cards");
  return player + " " + std::to_string(num(pr, "total")) + (items.empty() ? "" : ": " + join(items));
}

// The deal's bonuses first, as announced: "Ann repique, Ben capot"
std::string bonus_words(const json& b) {
  std::vector<std::string> bonuses;
  if (!str(b, "repique_by").empty()) bonuses.push_back(str(b, "repique_by") + " repique");
  if (b.value("pique", false)) bonuses.push_back(str(b, "elder") + " pique");
  if (!str(b, "capot_by").empty()) bonuses.push_back(str(b, "capot_by") + " capot");
  return join(bonuses);
}

// What else happened: equal categories, divided cards, a concession, a penalty, the end of a classic game.
std::vector<std::string> note_words(const json& record, const json& b) {
  std::vector<std::string> notes;
  if (str(record.value("point", json()), "winner") == "equal") notes.push_back("points equal");
  if (str(record.value("sequences", json()), "winner") == "equal") notes.push_back("sequences equal");
  const json tricks = record.value("tricks", json());
  if (b.value("entry", std::string()) == "detail" && num(tricks, "elder") == 6 && num(tricks, "younger") == 6)
    notes.push_back("cards divided");
  if (!str(b, "concession").empty()) notes.push_back(str(b, "concession") + " threw in his hand");
  if (!str(b, "reckons_nothing").empty()) notes.push_back(str(b, "reckons_nothing") + " reckons nothing");
  if (num(b, "weight") == 2) notes.push_back("counts double");
  if (!str(b, "game_winner").empty()) {
    std::string where = str(b, "target_reached_in");
    if (where == "carte_blanche") where = "carte blanche";
    notes.push_back(str(b, "game_winner") + " wins the game" + (where.empty() || where == "totals" ? "" : " in the " + where));
  }
  return notes;
}

std::string with_notes(std::string s, const std::vector<std::string>& notes) {
  for (const auto& n : notes) s += "; " + n;
  return s;
}

// "Ben leads the match 1-0", "the match stands at 1-1", "Ben wins the match 2-1"
std::string match_words(const json& result, const std::vector<std::string>& players) {
  const json won = result.value("games_won", json::object());
  long long w0 = num(won, players[0]), w1 = num(won, players[1]);
  const std::string& first = w0 >= w1 ? players[0] : players[1];
  std::string tally = std::to_string(std::max(w0, w1)) + "-" + std::to_string(std::min(w0, w1));
  if (!str(result, "match_winner").empty()) return str(result, "match_winner") + " wins the match " + tally;
  if (w0 == w1) return "the match stands at " + tally;
  return first + " leads the match " + tally;
}

}  // namespace

std::string deal_words(const json& record, const json& entry, const std::vector<std::string>& players) {
  const json b = entry.is_object() ? entry.value("breakdown", json::object()) : json::object();
  const std::string kind = str(b, "entry");
  if (players.size() != 2 || kind.empty()) return "";
  if (kind == "redeal") {
    std::string reason = str(b, "reason");
    return "redeal" + (reason.empty() ? "" : " (" + reason + ")") + ": " + str(b, "dealer") + " deals again";
  }
  const json deltas = entry.value("deltas", json::object());
  if (kind == "totals")
    return with_notes(players[0] + " " + std::to_string(num(deltas, players[0])) + ", " + players[1] + " " +
                          std::to_string(num(deltas, players[1])) + " (deal totals)",
                      note_words(record, b));
  std::string bonuses = bonus_words(b);
  std::string s = (bonuses.empty() ? "" : bonuses + " — ") + player_words(record, b, players[0]) + "; " + player_words(record, b, players[1]);
  return with_notes(s, note_words(record, b));
}

std::string outcome_words(const json& score) {
  const json result = score.value("result", json::object());
  const json totals = score.value("totals", json::object());
  std::vector<std::string> players;
  for (const auto& p : score.value("players", json::array()))
    if (p.is_string()) players.push_back(p.get<std::string>());
  if (players.size() != 2) return "";
  const bool finished = score.value("finished", false);
  const std::string winner = str(result, "winner");
  const int lead = num(totals, players[0]) == num(totals, players[1]) ? -1 : num(totals, players[0]) > num(totals, players[1]) ? 0 : 1;
  const std::string a = lead == 1 ? players[1] : players[0], b = lead == 1 ? players[0] : players[1];
  const std::string score_ab = std::to_string(num(totals, a)) + " to " + std::to_string(num(totals, b));
  if (str(result, "mode") == "rubicon") {
    if (finished && result.value("drawn", false))
      return "The partie is drawn, " + std::to_string(num(totals, a)) + " all after " + std::to_string(num(result, "deals")) + " deals: no score";
    std::string r = std::to_string(num(result, "game_score"));
    std::string fate = result.value("rubiconed", false) ? b + " is rubiconed" : b + " crossed the Rubicon";
    if (finished) return winner + " wins the partie " + score_ab + " and scores " + r + ": " + fate;
    std::string after = " after deal " + std::to_string(num(result, "deals")) + " of " + std::to_string(num(result, "scheduled_deals"));
    if (lead < 0) return players[0] + " and " + players[1] + " are level at " + std::to_string(num(totals, a)) + after;
    return a + " leads " + score_ab + after + " (" + r + " if it ended now: " + fate + ")";
  }
  const std::string match = str(result, "match") == "single" ? "" : "; " + match_words(result, players);
  if (finished)
    return winner + " wins the game " + score_ab + (num(result, "game_value") == 2 ? ", counting 2" : "") + match;
  std::string target = " (target " + std::to_string(num(result, "target")) + ")";
  if (lead < 0) return players[0] + " and " + players[1] + " are level at " + std::to_string(num(totals, a)) + target;
  return a + " leads " + score_ab + target;
}

}  // namespace marque::rules::piquet
