// Alsós: the game, a fold over its hands: play (decode and validate in alsos_hand.cpp, then score §4 and advance
// §5), totals, the session end and the result with its settlement.
#include "rules/alsos/alsos.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace marque::rules::alsos {

namespace {





struct Item {
  std::string name;  // "game" or a figura id
  std::string by;    // figura announcer
  Phase phase = Phase::late;
  std::vector<KontraLevel> kontra;
  i64 base = 0;
  i64 phase_factor = 1;
  i64 kontra_factor = 1;
  i64 gyerunk_factor = 1;
  i64 value = 0;
  Side winner = Side::declarer;
  std::optional<bool> made;
};

i64 kontra_factor(const std::vector<KontraLevel>& chain) {
  i64 f = 1;
  for (const auto& k : chain) f *= k.phase == Phase::early ? 4 : 2;  // spec alsos §4.2
  return f;
}

std::string chain_text(const std::vector<KontraLevel>& chain) {
  std::string s;
  for (std::size_t i = 0; i < chain.size() && i < k_kontra_codes.size(); ++i)
  {
    s += ' ';
    s += k_kontra_codes[i];
    s += chain[i].phase == Phase::early ? "(e)" : "(l)";
  }
  return s;
}

// spec alsos §7: "game K(l) 2 D", "A kassza(e) K(l) 4 F".
std::string item_label(const Item& it, const std::string& declarer) {
  std::string s;
  if (it.name == "game") {
    s = "game";
  } else {
    if (it.by != declarer) s = it.by + " ";
    s += it.name + (it.phase == Phase::early ? "(e)" : "(l)");
  }
  s += chain_text(it.kontra);
  if (it.gyerunk_factor > 1) {
    s += " G";
    s += std::to_string(it.gyerunk_factor);
  }
  s += ' ';
  s += std::to_string(it.value);
  s += it.winner == Side::declarer ? " D" : " F";
  return s;
}

}  // namespace

AlsosGame::AlsosGame(std::vector<std::string> players, std::string first_dealer, Options options, json options_json,
                     std::vector<i64> start_totals, i64 hands_played)
    : m_players(std::move(players)),
      m_opt(options),
      m_options_json(std::move(options_json)),
      m_totals(std::move(start_totals)),
      m_hands_played(hands_played),
      m_deals(hands_played) {
  m_dealer = player_index(first_dealer);
  if (m_dealer < 0) m_dealer = 0;
  if (m_opt.end == EndMode::deals && m_deals >= m_opt.end_deals) {
    m_finished = true;
    m_end_reason = "deals";
  }
}

int AlsosGame::player_index(const std::string& name) const {
  for (std::size_t i = 0; i < m_players.size(); ++i)
    if (m_players[i] == name) return static_cast<int>(i);
  return -1;
}

ojson AlsosGame::totals() const {
  ojson t = ojson::object();
  for (std::size_t i = 0; i < m_players.size(); ++i) t[m_players[i]] = number(static_cast<double>(m_totals[i]));
  return t;
}

std::string AlsosGame::next_dealer() const {
  if (m_finished) return "";
  return m_players[static_cast<std::size_t>(m_dealer)];
}

// spec alsos §5: ranked by total, highest first; equal totals share a place (setup order inside a tie).
ojson AlsosGame::result() const {
  std::vector<std::size_t> order(m_players.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return m_totals[a] > m_totals[b]; });
  ojson ranking = ojson::array();
  ojson places = ojson::object();
  for (std::size_t k = 0; k < order.size(); ++k) {
    std::size_t place = k + 1;
    if (k > 0 && m_totals[order[k]] == m_totals[order[k - 1]]) place = places[m_players[order[k - 1]]].get<std::size_t>();
    ranking.push_back(m_players[order[k]]);
    places[m_players[order[k]]] = place;
  }
  ojson r = ojson::object();
  r["ranking"] = ranking;
  r["places"] = places;
  r["settlement"] = settlement(m_players, m_totals);
  return r;
}

ojson AlsosGame::extra() const {
  ojson e = ojson::object();
  e["deals"] = m_deals;
  if (m_finished) e["end"] = m_end_reason;
  return e;
}

ojson settlement(const std::vector<std::string>& players, const std::vector<i64>& totals) {
  std::vector<i64> bal = totals;
  ojson out = ojson::array();
  for (std::size_t guard = 0; guard < players.size() * players.size(); ++guard) {
    std::size_t debtor = 0, creditor = 0;
    for (std::size_t i = 0; i < bal.size(); ++i) {
      if (bal[i] < bal[debtor]) debtor = i;
      if (bal[i] > bal[creditor]) creditor = i;
    }
    if (bal[debtor] >= 0 || bal[creditor] <= 0) break;
    i64 amount = std::min(-bal[debtor], bal[creditor]);
    bal[debtor] += amount;
    bal[creditor] -= amount;
    ojson p = ojson::object();
    p["from"] = players[debtor];
    p["to"] = players[creditor];
    p["amount"] = number(static_cast<double>(amount));
    out.push_back(p);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// play: decode -> validate -> score (§4) -> advance (§5)

std::optional<ojson> AlsosGame::play(const json& record, Diagnostics& d) {
  if (m_finished) {
    d.error("hand", "alsos.game_over", "the session has ended (" + session_end_text(m_opt) + ", after " + std::to_string(m_deals) +
                                           " deals); no more hands can be recorded");
    return std::nullopt;
  }
  auto decoded = decode(record, d);
  if (!decoded || d.has_errors()) return std::nullopt;
  const Hand& h = *decoded;
  if (!validate(h, d) || d.has_errors()) return std::nullopt;

  const std::size_t n = m_players.size();
  const i64 tricks_total = n == 2 ? 12 : 9;
  std::vector<i64> delta(n, 0);
  ojson bd = ojson::object();
  bd["kind"] = kind_name(h.kind);
  std::vector<std::string> active;
  for (const auto& p : m_players)
    if (!(n == 4 && p == h.dealer)) active.push_back(p);
  bd["sitting_out"] = n == 4 ? ojson(h.dealer) : ojson(nullptr);
  std::string contract_code;
  std::vector<std::string> labels;
  std::vector<Item> items;
  std::optional<Side> game_winner;

  if (h.kind == Kind::misdeal) {
    contract_code = "——";
    labels.push_back("misdeal, redealt");
  } else if (h.kind == Kind::kloptzky) {
    // spec alsos §4.5
    i64 m = 0;
    for (const auto& p : active) m = std::max(m, h.tricks.at(p));
    std::vector<std::string> losers;
    for (const auto& p : active)
      if (h.tricks.at(p) == m) losers.push_back(p);
    contract_code = "KL";
    if (losers.size() < active.size()) {
      for (const auto& l : losers)
        for (std::size_t r = 0; r < n; ++r) {
          if (std::find(losers.begin(), losers.end(), m_players[r]) != losers.end()) continue;
          delta[static_cast<std::size_t>(player_index(l))] -= m_opt.kloptzky_value;
          delta[r] += m_opt.kloptzky_value;
        }
      labels.push_back(join(losers, "+") + " most tricks (" + std::to_string(m) + "): " + std::to_string(m_opt.kloptzky_value) +
                       " to each other player");
    } else {
      labels.push_back("all tied on " + std::to_string(m) + " tricks: no payment");
    }
    bd["max_tricks"] = m;
    bd["losers"] = losers;
    bd["kloptzky_value"] = m_opt.kloptzky_value;
  } else {
    const std::string& dec = h.declarer;
    auto side_of = [&](const std::string& p) { return p == dec ? Side::declarer : Side::defenders; };
    // spec alsos §4.2 / §4.7: gyerünk factor and the side that gave up
    i64 g = 1;
    std::optional<Side> gave_up;
    if (h.gyerunk) {
      int lvl = h.gyerunk->level;
      Side first = side_of(h.gyerunk->by);
      Side proposer = (lvl % 2 == 1) ? first : other(first);
      if (h.gyerunk->surrendered) {
        g = i64{1} << (lvl - 1);
        gave_up = other(proposer);
      } else {
        g = i64{1} << lvl;
      }
    }
    // spec alsos §4.3.1: the game's winner
    ojson scores = ojson::object();
    if (gave_up) {
      game_winner = other(*gave_up);
    } else if (h.kind == Kind::betli) {
      game_winner = h.tricks.at(dec) == 0 ? Side::declarer : Side::defenders;
    } else {
      auto score = [&](const std::string& p) {
        i64 s = h.card_points.at(p);
        auto it = h.melds.find(p);
        if (it != h.melds.end()) s += it->second.sequences + it->second.sets + (it->second.bela ? k_bela_points : 0);
        return s;
      };
      bool won = true;
      for (const auto& p : active) {
        scores[p] = score(p);
        if (p != dec && score(p) >= score(dec)) won = false;
      }
      game_winner = won ? Side::declarer : Side::defenders;
      bd["scores"] = scores;
    }
    // game value (spec alsos §4.1 / §6)
    i64 gv = m_opt.gv_no_trumps;
    int round = 2;
    if (h.kind == Kind::betli) {
      gv = m_opt.gv_betli;
      round = 3;
    } else if (h.kind == Kind::trump) {
      bool turn = !h.turn_up || *h.turn_up == *h.trump;
      if (!h.turn_up && m_opt.gv_other_suit != m_opt.gv_trump)
        d.warning("turn_up_suit", "alsos.turn_up_missing",
                  "turn_up_suit not recorded: scored as a trump game in the turn-up suit (game_value_trump " + std::to_string(m_opt.gv_trump) + ")");
      gv = turn ? m_opt.gv_trump : m_opt.gv_other_suit;
      round = turn ? 1 : 2;
    }
    bool has_kassza = false;
    for (const auto& f : h.figurak) has_kassza = has_kassza || f.fig == k_kassza;
    Item game;
    game.name = "game";
    game.base = gv * ((m_opt.kassza_double_game && has_kassza) ? 2 : 1);  // spec §6 kassza_mode double_game
    game.kontra = h.game_kontra;
    game.kontra_factor = kontra_factor(h.game_kontra);
    game.gyerunk_factor = g;
    game.value = game.base * game.kontra_factor * g;
    game.winner = *game_winner;
    items.push_back(game);
    for (const auto& f : h.figurak) {
      const FiguraInfo& info = k_figurak[f.fig];
      if (f.fig == k_kassza && m_opt.kassza_double_game) continue;  // folded into the game item
      Item it;
      it.name = std::string(info.id);
      it.by = f.by;
      it.phase = f.phase;
      it.kontra = f.kontra;
      it.base = info.value;
      it.phase_factor = f.phase == Phase::early ? 2 : 1;
      it.kontra_factor = kontra_factor(f.kontra);
      Side own = side_of(f.by);
      if (f.fig == k_kassza) {  // spec alsos §4.3.2: follows the game, gyerünk applies
        it.gyerunk_factor = g;
        it.winner = *game_winner;
        it.made = *game_winner == own;
      } else {  // spec alsos §4.3.3
        bool made = false;
        const bool nt = h.kind == Kind::no_trumps;
        switch (f.fig) {
          case k_tuli:
          case k_absolut:
            made = h.card_points.at(f.by) >= (nt ? info.threshold_no_trumps : info.threshold_trump);
            break;
          case k_szaz: {
            i64 s = h.card_points.at(f.by);
            auto mi = h.melds.find(f.by);
            if (mi != h.melds.end()) s += mi->second.sequences + mi->second.sets + (mi->second.bela ? k_bela_points : 0);
            made = s >= (nt ? info.threshold_no_trumps : info.threshold_trump);
            break;
          }
          case k_durchmarsch:
            made = h.tricks.at(f.by) == tricks_total;
            break;
          default:
            made = f.made.value_or(false);
        }
        it.made = made;
        it.winner = made ? own : other(own);
      }
      it.value = it.base * it.phase_factor * it.kontra_factor * it.gyerunk_factor;
      items.push_back(it);
    }
    // V51: a given `made` of a derived figura must agree.
    bool bad = false;
    for (std::size_t i = 0, k = 1; i < h.figurak.size(); ++i) {
      const Figura& f = h.figurak[i];
      bool derived_made = false;
      if (f.fig == k_kassza && m_opt.kassza_double_game) {
        derived_made = *game_winner == side_of(f.by);
      } else {
        derived_made = items[k].made.value_or(false);
        ++k;
      }
      if (k_figurak[f.fig].derived && f.made && *f.made != derived_made) {
        d.error("figurak", "alsos.made_contradicts",
                f.by + "'s " + std::string(k_figurak[f.fig].id) + " is recorded as " + (*f.made ? "made" : "failed") + " but the numbers say " +
                    (derived_made ? "made" : "failed") + " (" + std::string(k_figurak[f.fig].id) + " is derived by the engine)");
        bad = true;
      }
    }
    if (bad) return std::nullopt;
    // spec alsos §4.4: every item is settled between the declarer and each of the others.
    const std::size_t di = static_cast<std::size_t>(player_index(dec));
    for (const auto& it : items)
      for (std::size_t o = 0; o < n; ++o) {
        if (o == di) continue;
        i64 v = it.winner == Side::declarer ? it.value : -it.value;
        delta[o] -= v;
        delta[di] += v;
      }
    const char* code = h.kind == Kind::no_trumps ? "NT" : h.kind == Kind::betli ? "BE" : "";
    contract_code = dec + " " + (h.kind == Kind::trump ? std::string(k_suit_codes[static_cast<std::size_t>(*h.trump)]) + (round == 1 ? "(turn)" : "")
                                                       : std::string(code)) +
                    (*game_winner == Side::declarer ? " won" : " lost") + (gave_up ? (*gave_up == Side::declarer ? " (gave up)" : " (defenders gave up)") : "");
    bd["declarer"] = dec;
    if (h.trump) bd["trump_suit"] = std::string(k_suit_ids[static_cast<std::size_t>(*h.trump)]);
    bd["round"] = round;
    bd["game_winner"] = side_id(*game_winner);
    bd["gyerunk_factor"] = g;
    if (gave_up) bd["surrendered"] = side_id(*gave_up);
    ojson its = ojson::array();
    for (const auto& it : items) {
      ojson j = ojson::object();
      j["item"] = it.name;
      if (it.name != "game") {
        j["by"] = it.by;
        j["phase"] = phase_id(it.phase);
        j["made"] = it.made.value_or(false);
        j["phase_factor"] = it.phase_factor;
      }
      j["base"] = it.base;
      ojson chain = ojson::array();
      for (const auto& k : it.kontra) chain.push_back(phase_id(k.phase));
      j["kontra"] = chain;
      j["kontra_factor"] = it.kontra_factor;
      j["gyerunk_factor"] = it.gyerunk_factor;
      j["value"] = it.value;
      j["winner"] = side_id(it.winner);
      j["label"] = item_label(it, dec);
      labels.push_back(j["label"].get<std::string>());
      its.push_back(j);
    }
    bd["items"] = its;
  }

  // advance (spec alsos §5)
  std::vector<i64> totals = m_totals;
  for (std::size_t i = 0; i < n; ++i) totals[i] += delta[i];
  i64 deals = m_deals + (h.kind == Kind::misdeal ? 0 : 1);
  bool finished = false;
  std::string reason;
  if (h.kind != Kind::misdeal) {
    if (m_opt.end == EndMode::deals && deals >= m_opt.end_deals) {
      finished = true;
      reason = "deals";
    } else if (m_opt.end == EndMode::radli) {
      i64 best = 0;
      std::vector<std::size_t> top;
      for (std::size_t i = 0; i < n; ++i) {
        if (totals[i] < m_opt.radli_target) continue;
        if (top.empty() || totals[i] > best) {
          best = totals[i];
          top = {i};
        } else if (totals[i] == best) {
          top.push_back(i);
        }
      }
      if (!top.empty()) {
        finished = true;
        reason = "radli";
        if (top.size() == 1) {  // spec alsos §5: the bonus from each other player
          for (std::size_t i = 0; i < n; ++i) {
            if (i == top[0]) continue;
            delta[i] -= m_opt.radli_bonus;
            totals[i] -= m_opt.radli_bonus;
            delta[top[0]] += m_opt.radli_bonus;
            totals[top[0]] += m_opt.radli_bonus;
          }
          ojson rb = ojson::object();
          rb["player"] = m_players[top[0]];
          rb["bonus"] = m_opt.radli_bonus;
          bd["radli"] = rb;
          labels.push_back("radli: " + m_players[top[0]] + " +" + std::to_string(m_opt.radli_bonus) + " from each");
        } else {
          bd["radli"] = ojson(nullptr);
          labels.push_back("radli: tie, no bonus");
        }
      }
    }
  }
  i64 sum = 0;
  for (i64 v : delta) sum += v;
  if (sum != 0) {  // spec alsos §4.6 assert
    d.error("", "alsos.internal", "internal error: the hand is not zero-sum (" + std::to_string(sum) + ")");
    return std::nullopt;
  }
  bd["contract_code"] = contract_code;
  bd["labels"] = labels;
  bd["deals"] = deals;

  ojson entry = ojson::object();
  entry["dealer"] = h.dealer;
  ojson jd = ojson::object(), jt = ojson::object();
  for (std::size_t i = 0; i < n; ++i) {
    jd[m_players[i]] = number(static_cast<double>(delta[i]));
    jt[m_players[i]] = number(static_cast<double>(totals[i]));
  }
  entry["deltas"] = jd;
  entry["totals"] = jt;
  entry["breakdown"] = bd;
  entry["summary"] = contract_code + (labels.empty() ? "" : ": " + join(labels, "; "));

  m_totals = totals;
  m_deals = deals;
  ++m_records;
  const int di = player_index(h.dealer);
  m_dealer = h.kind == Kind::misdeal ? di : (di + 1) % static_cast<int>(n);
  m_finished = finished;
  m_end_reason = reason;
  return entry;
}

}  // namespace marque::rules::alsos
