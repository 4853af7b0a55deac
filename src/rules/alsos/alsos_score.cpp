// Alsós, one validated record scored (spec alsos §4): the kloptzky payments (§4.5), or the items of a declarer's
// game — the game itself, kassza and the other figurák — each with its value and winning side (§4.1-§4.3, §4.7),
// settled between the declarer and each of the others (§4.4). The sheet's contract code and item labels (§7).
#include "rules/alsos/alsos.hpp"

#include <algorithm>

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
  for (std::size_t i = 0; i < chain.size() && i < k_kontra_codes.size(); ++i) {
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
    // the id, as stored in marque-score/1 since version 1 (the sheet says the figura's name: sheet_item_label)
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

ojson item_json(const Item& it, const std::string& declarer) {
  ojson j = ojson::object();
  j.get_ref<ojson::object_t&>().reserve(it.name != "game" ? 12 : 8);  // its keys below: none copied as it grows
  j["item"] = it.name;
  if (it.name != "game") {
    j["by"] = it.by;
    j["phase"] = phase_id(it.phase);
    j["made"] = it.made.value_or(false);
    j["phase_factor"] = it.phase_factor;
  }
  j["base"] = Amount::whole(it.base);
  ojson chain = ojson::array();
  for (const auto& k : it.kontra) chain.push_back(phase_id(k.phase));
  j["kontra"] = std::move(chain);
  j["kontra_factor"] = it.kontra_factor;
  j["gyerunk_factor"] = it.gyerunk_factor;
  j["value"] = Amount::whole(it.value);
  j["winner"] = side_id(it.winner);
  j["label"] = item_label(it, declarer);
  return j;
}

// spec alsos §4.3: a player's score for the game comparison (card points + melds)
i64 game_score(const Hand& h, const std::string& p) {
  i64 s = h.card_points.at(p);
  auto it = h.melds.find(p);
  if (it != h.melds.end()) s += it->second.sequences + it->second.sets + (it->second.bela ? k_bela_points : 0);
  return s;
}

// spec alsos §4.5
void score_kloptzky(const Hand& h, const AlsosGame& g, const std::vector<std::string>& active, Scored& out) {
  const auto& players = g.roster();
  const i64 value = g.options().kloptzky_value;
  i64 m = 0;
  for (const auto& p : active) m = std::max(m, h.tricks.at(p));
  std::vector<std::string> losers;
  for (const auto& p : active)
    if (h.tricks.at(p) == m) losers.push_back(p);
  out.contract_code = "KL";
  if (losers.size() < active.size()) {
    for (const auto& l : losers)
      for (std::size_t r = 0; r < players.size(); ++r) {
        if (std::find(losers.begin(), losers.end(), players[r]) != losers.end()) continue;
        out.delta[static_cast<std::size_t>(g.player_index(l))] -= value;
        out.delta[r] += value;
      }
    out.labels.push_back(join(losers, "+") + " most tricks (" + std::to_string(m) + "): " + std::to_string(value) +
                         " to each other player");
  } else {
    out.labels.push_back("all tied on " + std::to_string(m) + " tricks: no payment");
  }
  out.breakdown["max_tricks"] = m;
  out.breakdown["losers"] = losers;
  out.breakdown["kloptzky_value"] = Amount::whole(value);
}

// A declarer's game: the items, their winners and values, and the transfers.
class GameScorer {
public:
  GameScorer(const Hand& h, const AlsosGame& g, const std::vector<std::string>& active, Scored& out, Diagnostics& d)
      : m_h(h), m_g(g), m_opt(g.options()), m_active(active), m_out(out), m_d(d), m_dec(h.declarer) {}

  bool run() {
    gyerunk_factor();
    winner();
    game_item();
    for (const auto& f : m_h.figurak) figura_item(f);
    if (!check_made()) return false;
    settle();
    breakdown();
    return true;
  }

private:
  Side side_of(const std::string& p) const { return p == m_dec ? Side::declarer : Side::defenders; }

  // spec alsos §4.2 / §4.7: gyerünk factor and the side that gave up
  void gyerunk_factor() {
    if (!m_h.gyerunk) return;
    int lvl = m_h.gyerunk->level;
    Side first = side_of(m_h.gyerunk->by);
    Side proposer = (lvl % 2 == 1) ? first : other(first);
    if (m_h.gyerunk->surrendered) {
      m_g_factor = i64{1} << (lvl - 1);
      m_gave_up = other(proposer);
    } else {
      m_g_factor = i64{1} << lvl;
    }
  }

  // spec alsos §4.3.1: the game's winner
  void winner() {
    if (m_gave_up) {
      m_winner = other(*m_gave_up);
    } else if (m_h.kind == Kind::betli) {
      m_winner = m_h.tricks.at(m_dec) == 0 ? Side::declarer : Side::defenders;
    } else {
      ojson scores = ojson::object();
      bool won = true;
      for (const auto& p : m_active) {
        scores[p] = Amount::whole(game_score(m_h, p));
        if (p != m_dec && game_score(m_h, p) >= game_score(m_h, m_dec)) won = false;
      }
      m_winner = won ? Side::declarer : Side::defenders;
      m_out.breakdown["scores"] = scores;
    }
  }

  // game value (spec alsos §4.1 / §6) and the game item
  void game_item() {
    i64 gv = m_opt.gv_no_trumps;
    if (m_h.kind == Kind::betli) {
      gv = m_opt.gv_betli;
      m_round = 3;
    } else if (m_h.kind == Kind::trump) {
      bool turn = !m_h.turn_up || *m_h.turn_up == *m_h.trump;
      if (!m_h.turn_up && m_opt.gv_other_suit != m_opt.gv_trump)
        m_d.warning("turn_up_suit", "alsos.turn_up_missing",
                    text::Message("alsos.warn.turn_up_missing").number("value", m_opt.gv_trump), catalogue());
      gv = turn ? m_opt.gv_trump : m_opt.gv_other_suit;
      m_round = turn ? 1 : 2;
    }
    bool has_kassza = false;
    for (const auto& f : m_h.figurak) has_kassza = has_kassza || f.fig == k_kassza;
    Item game;
    game.name = "game";
    game.base = gv * ((m_opt.kassza_double_game && has_kassza) ? 2 : 1);  // spec §6 kassza_mode double_game
    game.kontra = m_h.game_kontra;
    game.kontra_factor = kontra_factor(m_h.game_kontra);
    game.gyerunk_factor = m_g_factor;
    game.value = game.base * game.kontra_factor * m_g_factor;
    game.winner = m_winner;
    m_items.push_back(game);
  }

  // spec alsos §4.3.3: whether the announcer's figura was made
  bool made(const Figura& f) const {
    const FiguraInfo& info = k_figurak[f.fig];
    const bool nt = m_h.kind == Kind::no_trumps;
    const i64 threshold = nt ? info.threshold_no_trumps : info.threshold_trump;
    switch (f.fig) {
      case k_tuli:
      case k_absolut:
        return m_h.card_points.at(f.by) >= threshold;
      case k_szaz:
        return game_score(m_h, f.by) >= threshold;
      case k_durchmarsch:
        return m_h.tricks.at(f.by) == m_g.tricks_per_deal();
      default:
        return f.made.value_or(false);
    }
  }

  void figura_item(const Figura& f) {
    const FiguraInfo& info = k_figurak[f.fig];
    if (f.fig == k_kassza && m_opt.kassza_double_game) return;  // folded into the game item
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
      it.gyerunk_factor = m_g_factor;
      it.winner = m_winner;
      it.made = m_winner == own;
    } else {
      it.made = made(f);
      it.winner = *it.made ? own : other(own);
    }
    it.value = it.base * it.phase_factor * it.kontra_factor * it.gyerunk_factor;
    m_items.push_back(it);
  }

  // V51: a given `made` of a derived figura must agree.
  bool check_made() {
    bool bad = false;
    for (std::size_t i = 0, k = 1; i < m_h.figurak.size(); ++i) {
      const Figura& f = m_h.figurak[i];
      bool derived_made = false;
      if (f.fig == k_kassza && m_opt.kassza_double_game) {
        derived_made = m_winner == side_of(f.by);
      } else {
        derived_made = m_items[k].made.value_or(false);
        ++k;
      }
      const std::string id(k_figurak[f.fig].id);
      if (k_figurak[f.fig].derived && f.made && *f.made != derived_made) {
        m_d.error("figurak", "alsos.made_contradicts",
                  text::Message("alsos.err.made_contradicts")
                      .text("name", f.by)
                      .text("figura", id)
                      .text("recorded", *f.made ? "yes" : "no")
                      .text("derived", derived_made ? "yes" : "no"),
                  catalogue());
        bad = true;
      }
    }
    return !bad;
  }

  // spec alsos §4.4: every item is settled between the declarer and each of the others.
  void settle() {
    const std::size_t n = m_g.roster().size();
    const std::size_t di = static_cast<std::size_t>(m_g.player_index(m_dec));
    for (const auto& it : m_items)
      for (std::size_t o = 0; o < n; ++o) {
        if (o == di) continue;
        i64 v = it.winner == Side::declarer ? it.value : -it.value;
        m_out.delta[o] -= v;
        m_out.delta[di] += v;
      }
  }

  void breakdown() {
    const char* code = m_h.kind == Kind::no_trumps ? "NT" : m_h.kind == Kind::betli ? "BE" : "";
    std::string contract = m_h.kind == Kind::trump ? std::string(k_suit_codes[static_cast<std::size_t>(*m_h.trump)]) +
                                                         (m_round == 1 ? "(turn)" : "")
                                                   : std::string(code);
    m_out.contract_code = m_dec + " " + contract + (m_winner == Side::declarer ? " won" : " lost") +
                          (m_gave_up ? (*m_gave_up == Side::declarer ? " (gave up)" : " (defenders gave up)") : "");
    ojson& bd = m_out.breakdown;
    bd["declarer"] = m_dec;
    if (m_h.trump) bd["trump_suit"] = std::string(k_suit_ids[static_cast<std::size_t>(*m_h.trump)]);
    bd["round"] = m_round;
    bd["game_winner"] = side_id(m_winner);
    bd["gyerunk_factor"] = m_g_factor;
    if (m_gave_up) bd["surrendered"] = side_id(*m_gave_up);
    ojson its = ojson::array();
    for (const auto& it : m_items) {
      ojson j = item_json(it, m_dec);
      m_out.labels.push_back(j["label"].get<std::string>());
      its.push_back(std::move(j));
    }
    bd["items"] = std::move(its);
  }

  const Hand& m_h;
  const AlsosGame& m_g;
  const Options& m_opt;
  const std::vector<std::string>& m_active;
  Scored& m_out;
  Diagnostics& m_d;
  const std::string m_dec;
  i64 m_g_factor = 1;
  std::optional<Side> m_gave_up;
  Side m_winner = Side::declarer;
  int m_round = 2;
  std::vector<Item> m_items;
};

}  // namespace

std::optional<Scored> score_hand(const Hand& h, const AlsosGame& game, Diagnostics& d) {
  const std::size_t n = game.roster().size();
  Scored out;
  out.delta.assign(n, 0);
  out.breakdown = ojson::object();
  // a contract's breakdown (its keys here, the session's end): 11 to 16 keys, none copied as it grows (a misdeal's or
  // kloptzky's few keys grow as before)
  if (h.kind != Kind::misdeal && h.kind != Kind::kloptzky) out.breakdown.get_ref<ojson::object_t&>().reserve(16);
  out.breakdown["kind"] = kind_name(h.kind);
  out.breakdown["sitting_out"] = n == 4 ? ojson(h.dealer) : ojson(nullptr);
  const std::vector<std::string> active = game.active_players(h.dealer);
  if (h.kind == Kind::misdeal) {
    out.contract_code = "——";
    out.labels.push_back("misdeal, redealt");
  } else if (h.kind == Kind::kloptzky) {
    score_kloptzky(h, game, active, out);
  } else if (!GameScorer(h, game, active, out, d).run()) {
    return std::nullopt;
  }
  return out;
}

}  // namespace marque::rules::alsos
