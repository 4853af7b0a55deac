// Alsós, one hand record: decode (shapes, types and players of every field) and validate (spec alsos §3: the rules
// that relate the fields to each other).
#include "rules/alsos/alsos.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace marque::rules::alsos {

namespace {

constexpr std::array<std::string_view, 14> k_record_fields = {
    "hand",   "dealer", "turn_up_suit", "contract",   "game_kontra",     "figurak", "gyerunk",
    "tricks", "card_points", "last_trick", "melds", "unplayed_points", "note",    "type"};

std::string show(const json& v) { return v.is_string() ? "'" + v.get<std::string>() + "'" : v.dump(); }

// spec alsos §3.5 V47: every sum of sequence values a hand of `cards` cards can score (lengths >= 3).
std::set<i64> sequence_sums(const std::array<i64, 3>& values, int cards) {
  std::set<i64> out;
  auto value_of = [&](int len) { return values[static_cast<std::size_t>(std::min(len, 5) - 3)]; };
  // lengths in non-decreasing order, total length <= cards
  auto rec = [&](auto&& self, int min_len, int left, i64 sum) -> void {
    out.insert(sum);
    for (int len = min_len; len <= left; ++len) self(self, len, left - len, sum + value_of(len));
  };
  rec(rec, 3, cards, 0);
  return out;
}

}  // namespace

// ---------------------------------------------------------------------------------------------------------------
// decode: shapes and types of every field, players (V02, V04, V05, V06, V12, V31 ranges)

std::optional<Hand> AlsosGame::decode(const json& rec, Diagnostics& d) const {
  bool bad = false;
  auto err = [&](const std::string& field, const std::string& code, const std::string& msg) {
    d.error(field, "alsos." + code, msg);
    bad = true;
  };
  const std::string player_list = join(m_players);
  Hand h;

  for (const auto& [key, value] : rec.items()) {
    if (std::find(k_record_fields.begin(), k_record_fields.end(), key) == k_record_fields.end())
      err(key, "unknown_field", "'" + key + "' is not a field of an Alsós hand; the fields are: " + join(k_record_fields));
  }
  if (rec.contains("type") && !rec["type"].is_null() && rec["type"] != "hand")
    err("type", "type", show(rec["type"]) + " is not a record type of Alsós; the only one is \"hand\"");

  if (rec.contains("hand") && !rec["hand"].is_null()) {
    if (!is_whole(rec["hand"]) || whole(rec["hand"]) < 1)
      err("hand", "hand_number", show(rec["hand"]) + " is not a hand number (1, 2, 3...)");
    else
      h.number = whole(rec["hand"]);
  }

  // V02
  if (!rec.contains("dealer") || !rec["dealer"].is_string()) {
    err("dealer", "dealer_missing", "every hand names its dealer: one of " + player_list);
  } else {
    h.dealer = rec["dealer"].get<std::string>();
    if (player_index(h.dealer) < 0) err("dealer", "dealer_unknown", "dealer " + h.dealer + " is not in this session (" + player_list + ")");
  }

  if (given(rec, "turn_up_suit")) {
    const json& t = rec["turn_up_suit"];
    auto s = t.is_string() ? suit_index(t.get<std::string>()) : std::nullopt;
    if (!s)
      err("turn_up_suit", "suit", show(t) + " is not a suit; one of " + join(k_suit_ids));
    else
      h.turn_up = s;
  }

  // V04
  if (!rec.contains("contract") || !rec["contract"].is_object()) {
    err("contract", "contract_missing",
        "every hand has a contract {kind, trump_suit, declarer}; kind is one of " + join(k_kind_ids));
    return std::nullopt;
  }
  const json& c = rec["contract"];
  for (const auto& [key, value] : c.items())
    if (key != "kind" && key != "trump_suit" && key != "declarer")
      err("contract." + key, "unknown_field", "'" + key + "' is not part of a contract; its fields are kind, trump_suit, declarer");
  std::optional<Kind> kind;
  if (c.contains("kind") && c["kind"].is_string()) {
    for (std::size_t i = 0; i < k_kind_ids.size(); ++i)
      if (k_kind_ids[i] == c["kind"].get<std::string>()) kind = static_cast<Kind>(i);
  }
  if (!kind) {
    err("contract.kind", "kind", (c.contains("kind") ? show(c["kind"]) + " is not a contract" : std::string("missing")) +
                                     "; one of " + join(k_kind_ids));
    return std::nullopt;
  }
  h.kind = *kind;
  bool has_trump = c.contains("trump_suit") && !c["trump_suit"].is_null();
  if (h.kind == Kind::trump) {
    auto s = has_trump && c["trump_suit"].is_string() ? suit_index(c["trump_suit"].get<std::string>()) : std::nullopt;
    if (!has_trump)
      err("contract.trump_suit", "trump_missing", "a trump game needs its trump_suit: one of " + join(k_suit_ids));
    else if (!s)
      err("contract.trump_suit", "suit", show(c["trump_suit"]) + " is not a suit; one of " + join(k_suit_ids));
    else
      h.trump = s;
  } else if (has_trump) {
    err("contract.trump_suit", "trump_not_allowed", "a " + kind_name(h.kind) + " hand has no trump suit (only kind trump has one)");
  }
  bool needs_declarer = h.kind == Kind::trump || h.kind == Kind::no_trumps || h.kind == Kind::betli;
  bool has_declarer = c.contains("declarer") && !c["declarer"].is_null();
  if (needs_declarer && (!has_declarer || !c["declarer"].is_string())) {
    err("contract.declarer", "declarer_missing", kind_name(h.kind) + " needs a declarer: one of " + player_list);
  } else if (!needs_declarer && has_declarer) {
    err("contract.declarer", "declarer_not_allowed", kind_name(h.kind) + " has no declarer");
  } else if (needs_declarer) {
    h.declarer = c["declarer"].get<std::string>();
  }
  if (bad) return std::nullopt;

  // V06
  if (h.kind == Kind::misdeal) {
    for (const auto& [key, value] : rec.items()) {
      if (key == "hand" || key == "dealer" || key == "note" || key == "contract" || key == "type") continue;
      if (given(rec, key.c_str()))
        err(key, "misdeal_data", "a misdeal carries no play data (" + key + " given); record only hand, dealer and note");
    }
    if (rec.contains("note") && !rec["note"].is_null() && !rec["note"].is_string())
      err("note", "note", "the note is free text (a string)");
    if (bad) return std::nullopt;
    return h;
  }

  // V05: every named player must be active (the 4-player dealer sits out).
  const bool four = m_players.size() == 4;
  auto active_ok = [&](const std::string& name, const std::string& field) {
    if (player_index(name) < 0) {
      err(field, "player_unknown", name + " is not a player of this session (" + player_list + ")");
      return false;
    }
    if (four && name == h.dealer) {
      err(field, "player_sits_out", name + " is dealer and sits out this hand (4 players: the dealer does not play)");
      return false;
    }
    return true;
  };
  auto name_of = [&](const json& v, const std::string& field, const std::string& what) -> std::optional<std::string> {
    if (!v.is_string()) {
      err(field, "player", what + " must be a player name, got " + show(v));
      return std::nullopt;
    }
    std::string n = v.get<std::string>();
    if (!active_ok(n, field)) return std::nullopt;
    return n;
  };
  if (needs_declarer) active_ok(h.declarer, "contract.declarer");

  auto parse_phase = [&](const json& v, const std::string& field, const std::string& what) -> std::optional<Phase> {
    if (v.is_string() && v.get<std::string>() == "early") return Phase::early;
    if (v.is_string() && v.get<std::string>() == "late") return Phase::late;
    err(field, "phase", what + " phase " + (v.is_null() ? std::string("missing") : show(v) + " is not a phase") +
                            "; one of early, late");
    return std::nullopt;
  };
  auto parse_chain = [&](const json& v, const std::string& field, const std::string& what) {
    std::vector<KontraLevel> chain;
    if (v.is_null()) return chain;
    if (!v.is_array()) {
      err(field, "kontra_shape", what + " must be a list of {by, phase}, got " + show(v));
      return chain;
    }
    for (std::size_t i = 0; i < v.size(); ++i) {
      const json& k = v[i];
      std::string lvl = i < k_kontra_names.size() ? std::string(k_kontra_names[i]) : "level " + std::to_string(i + 1);
      if (!k.is_object()) {
        err(field, "kontra_shape", what + ": " + lvl + " must be {by, phase}, got " + show(k));
        continue;
      }
      for (const auto& [key, value] : k.items())
        if (key != "by" && key != "phase") err(field, "unknown_field", what + ": '" + key + "' is not part of a kontra (by, phase)");
      KontraLevel kl;
      auto by = name_of(k.value("by", json()), field, what + ": " + lvl + " by");
      auto ph = parse_phase(k.value("phase", json()), field, what + ": " + lvl);
      if (by) kl.by = *by;
      if (ph) kl.phase = *ph;
      chain.push_back(kl);
    }
    return chain;
  };

  if (given(rec, "game_kontra")) h.game_kontra = parse_chain(rec["game_kontra"], "game_kontra", "game_kontra");

  if (given(rec, "figurak")) {
    const json& fs = rec["figurak"];
    if (!fs.is_array()) {
      err("figurak", "figurak_shape", "figurak must be a list of {by, name, phase, kontra, made}, got " + show(fs));
    } else {
      for (std::size_t i = 0; i < fs.size(); ++i) {
        const json& f = fs[i];
        std::string what = "figura " + std::to_string(i + 1);
        if (!f.is_object()) {
          err("figurak", "figurak_shape", what + " must be {by, name, phase, kontra, made}, got " + show(f));
          continue;
        }
        for (const auto& [key, value] : f.items())
          if (key != "by" && key != "name" && key != "phase" && key != "kontra" && key != "made")
            err("figurak", "unknown_field", what + ": '" + key + "' is not part of a figura (by, name, phase, kontra, made)");
        Figura fig;
        std::optional<std::size_t> idx;
        if (f.contains("name") && f["name"].is_string()) idx = figura_index(f["name"].get<std::string>());
        if (!idx) {  // V12
          std::vector<std::string_view> ids;
          for (const auto& x : k_figurak) ids.push_back(x.id);
          err("figurak", "figura_name", what + ": " + (f.contains("name") ? show(f["name"]) + " is not a figura" : std::string("name missing")) +
                                           "; one of " + join(ids));
        } else {
          fig.fig = *idx;
          what = "figura " + std::string(k_figurak[*idx].id);
        }
        auto by = name_of(f.value("by", json()), "figurak", what + " by");
        if (by) {
          fig.by = *by;
          what = *by + "'s " + what.substr(7);
        }
        auto ph = parse_phase(f.value("phase", json()), "figurak", what);  // V12
        if (ph) fig.phase = *ph;
        if (f.contains("kontra")) fig.kontra = parse_chain(f["kontra"], "figurak", what + " kontra");
        if (f.contains("made") && !f["made"].is_null()) {
          if (!f["made"].is_boolean())
            err("figurak", "made_type", what + ": made must be true or false, got " + show(f["made"]));
          else
            fig.made = f["made"].get<bool>();
        }
        h.figurak.push_back(fig);
      }
    }
  }

  if (given(rec, "gyerunk")) {
    const json& g = rec["gyerunk"];
    if (!g.is_object()) {
      err("gyerunk", "gyerunk_shape", "gyerunk must be {by, level, outcome}, got " + show(g));
    } else {
      for (const auto& [key, value] : g.items())
        if (key != "by" && key != "level" && key != "outcome")
          err("gyerunk", "unknown_field", "'" + key + "' is not part of gyerunk (by, level, outcome)");
      Gyerunk gy;
      auto by = name_of(g.value("by", json()), "gyerunk", "gyerunk by");  // V31
      if (by) gy.by = *by;
      json lv = g.value("level", json(1));
      if (!is_whole(lv) || whole(lv) < 1 || whole(lv) > 4)
        err("gyerunk", "gyerunk_level", "level " + show(lv) + " is not 1 (gyerünk), 2 (kontra), 3 (rekontra) or 4 (szubkontra)");
      else
        gy.level = static_cast<int>(whole(lv));
      json oc = g.value("outcome", json());
      if (oc == "accepted")
        gy.surrendered = false;
      else if (oc == "surrendered")
        gy.surrendered = true;
      else
        err("gyerunk", "gyerunk_outcome", "outcome " + (oc.is_null() ? std::string("missing") : show(oc)) + "; one of accepted, surrendered");
      h.gyerunk = gy;
    }
  }
  if (rec.contains("note") && !rec["note"].is_null() && !rec["note"].is_string())
    err("note", "note", "the note is free text (a string)");

  // Play facts. V32: ignored (with a warning) when the hand was given up after gyerünk.
  const bool surrendered = h.gyerunk && h.gyerunk->surrendered;
  if (surrendered) {
    std::vector<std::string> ignored;
    for (const char* key : {"tricks", "card_points", "last_trick", "melds", "unplayed_points"})
      if (given(rec, key)) ignored.push_back(key);
    if (!ignored.empty())
      d.warning(ignored.front(), "alsos.surrendered_play_facts",
                "the hand was given up after gyerünk: play facts (" + join(ignored) + ") are ignored");
    if (bad) return std::nullopt;
    return h;
  }
  auto int_map = [&](const char* key, std::map<std::string, i64>& out, const std::string& what) {
    if (!given(rec, key)) return;
    const json& m = rec[key];
    if (!m.is_object()) {
      err(key, "map_shape", std::string(key) + " must map each player to " + what + ", e.g. {\"A\": 3}; got " + show(m));
      return;
    }
    for (const auto& [name, v] : m.items()) {
      if (!active_ok(name, key)) continue;
      if (!is_whole(v))
        err(key, "not_whole", name + ": " + show(v) + " is not a whole number of " + what);
      else
        out[name] = whole(v);
    }
  };
  int_map("tricks", h.tricks, "tricks");
  int_map("card_points", h.card_points, "card points");
  if (given(rec, "last_trick")) {
    auto lt = name_of(rec["last_trick"], "last_trick", "last_trick");
    if (lt) h.last_trick = *lt;
  }
  if (given(rec, "melds")) {
    const json& m = rec["melds"];
    if (!m.is_object()) {
      err("melds", "melds_shape", "melds must map players to {sequences, sets, bela}; got " + show(m));
    } else {
      for (const auto& [name, v] : m.items()) {
        if (!active_ok(name, "melds")) continue;
        if (!v.is_object()) {
          err("melds", "melds_shape", name + ": melds must be {sequences, sets, bela}, got " + show(v));
          continue;
        }
        Meld ml;
        for (const auto& [key, x] : v.items()) {
          if (key == "sequences" || key == "sets") {
            if (x.is_null()) continue;
            if (!is_whole(x))
              err("melds", "not_whole", name + ": " + key + " " + show(x) + " is not a whole number of points");
            else
              (key == "sequences" ? ml.sequences : ml.sets) = whole(x);
          } else if (key == "bela") {
            if (x.is_null()) continue;
            if (!x.is_boolean())
              err("melds", "bela_type", name + ": bela must be true or false, got " + show(x));
            else
              ml.bela = x.get<bool>();
          } else {
            err("melds", "unknown_field", name + ": '" + key + "' is not a meld (sequences, sets, bela)");
          }
        }
        h.melds[name] = ml;
      }
    }
  }
  if (given(rec, "unplayed_points")) {
    if (!is_whole(rec["unplayed_points"]))
      err("unplayed_points", "not_whole", show(rec["unplayed_points"]) + " is not a whole number of card points");
    else
      h.unplayed = whole(rec["unplayed_points"]);
  }
  // Facts a contract does not use.
  if (h.kind == Kind::betli || h.kind == Kind::kloptzky) {
    if (!h.melds.empty())  // V47
      err("melds", "melds_contract", "no melds in " + kind_name(h.kind) + " (melds exist in trump and no-trump games only)");
    for (const char* key : {"card_points", "last_trick", "unplayed_points"})
      if (given(rec, key))
        d.warning(key, "alsos.unused_fact", std::string(key) + " is not used in " + kind_name(h.kind) + " and is ignored");
  }
  if (bad) return std::nullopt;
  return h;
}

// ---------------------------------------------------------------------------------------------------------------
// validate: the rules of spec alsos §3 that relate fields to each other

bool AlsosGame::validate(const Hand& h, Diagnostics& d) const {
  bool bad = false;
  auto err = [&](const std::string& field, const std::string& code, const std::string& msg) {
    d.error(field, "alsos." + code, msg);
    bad = true;
  };
  auto warn = [&](const std::string& field, const std::string& code, const std::string& msg) {
    d.warning(field, "alsos." + code, msg);
  };
  if (h.kind == Kind::misdeal) return true;

  const int n = static_cast<int>(m_players.size());
  const i64 tricks_total = n == 2 ? 12 : 9;
  const int hand_cards = n == 2 ? 12 : 9;
  const bool surrendered = h.gyerunk && h.gyerunk->surrendered;
  const bool trump = h.kind == Kind::trump;
  const i64 total = trump ? k_total_trump : k_total_no_trumps;
  std::vector<std::string> active;
  for (const auto& p : m_players)
    if (!(n == 4 && p == h.dealer)) active.push_back(p);
  auto side_of = [&](const std::string& p) { return p == h.declarer ? Side::declarer : Side::defenders; };

  // V03 (warning)
  const std::string& expected = m_players[static_cast<std::size_t>(m_dealer)];
  if (h.dealer != expected) warn("dealer", "dealer_order", "expected dealer " + expected + ", got " + h.dealer);
  if (h.number && *h.number != next_hand_number())
    warn("hand", "hand_number", "expected hand " + std::to_string(next_hand_number()) + ", got " + std::to_string(*h.number) +
                                    " (hands are numbered 1, 2, 3... in order)");

  // ---- kloptzky (V10, V23, V31, V40) ----
  if (h.kind == Kind::kloptzky) {
    if (!h.figurak.empty()) err("figurak", "figurak_contract", "no figurák in kloptzky");
    if (!h.game_kontra.empty()) err("game_kontra", "kontra_kloptzky", "no kontra in kloptzky (there is no declarer)");
    if (h.gyerunk) err("gyerunk", "gyerunk_contract", "no gyerünk in kloptzky");
  }
  if (h.kind == Kind::betli && !h.figurak.empty()) err("figurak", "figurak_contract", "no figurák in betli");  // V10

  // ---- kontra chains (V20-V22) ----
  auto check_chain = [&](const std::vector<KontraLevel>& chain, Side owner, std::optional<Phase> announced,
                         const std::string& field, const std::string& what) {
    if (static_cast<int>(chain.size()) > m_opt.max_kontra_level)  // V20
      err(field, "kontra_levels", what + " has " + std::to_string(chain.size()) + " kontra levels; at most " +
                                      std::to_string(m_opt.max_kontra_level) + " (option max_kontra_level)");
    for (std::size_t i = 0; i < chain.size(); ++i) {
      const auto& k = chain[i];
      std::string lvl = i < k_kontra_names.size() ? std::string(k_kontra_names[i]) : "level " + std::to_string(i + 1);
      Side must = (i % 2 == 0) ? other(owner) : owner;  // V21
      if (!k.by.empty() && side_of(k.by) != must)
        err(field, "kontra_side", what + ": " + lvl + " by " + k.by + " (" + (side_of(k.by) == Side::declarer ? "declarer" : "a defender") +
                                      ") must come from the " + (must == Side::declarer ? "declarer" : "defenders") +
                                      (i % 2 == 0 ? ", the side opposing the owner" : ", the owner's side"));
      if (k.phase == Phase::early) {  // V22
        if (i > 0 && chain[i - 1].phase == Phase::late)
          err(field, "kontra_phase", what + ": " + lvl + " is early after a late level (phases never go back)");
        if (announced && *announced == Phase::late)
          err(field, "kontra_phase", what + ": " + lvl + " is early, but the figura was announced late");
        if (h.kind == Kind::betli) err(field, "kontra_phase", what + ": " + lvl + " is early, but betli has only late kontras");
      }
    }
  };
  check_chain(h.game_kontra, Side::declarer, std::nullopt, "game_kontra", "the game");

  // ---- figurák (V11-V17) ----
  std::optional<std::size_t> kassza_at;
  for (std::size_t i = 0; i < h.figurak.size(); ++i) {
    const Figura& f = h.figurak[i];
    const FiguraInfo& info = k_figurak[f.fig];
    const std::string what = f.by + "'s " + std::string(info.id);
    if (h.kind == Kind::no_trumps && info.trump_only)  // V11
      err("figurak", "figura_trump_only", what + ": " + std::string(info.id) + " exists only in trump games, this is no trumps");
    for (std::size_t j = 0; j < i; ++j) {
      const Figura& g = h.figurak[j];
      if (g.fig == f.fig && g.by == f.by)  // V13
        err("figurak", "figura_twice", what + " is announced twice; a player announces a figura once per hand");
      if (g.by == f.by) {  // V14
        bool pair = (g.fig == k_absolut && f.fig == k_szaz) || (g.fig == k_szaz && f.fig == k_absolut);
        if (pair && g.phase == f.phase)
          err("figurak", "absolut_szaz", f.by + " announces absolut and szaz in the same phase (" + phase_id(f.phase) + "); not allowed");
        const Figura& szaz = g.fig == k_szaz ? g : f;
        const Figura& abs = g.fig == k_szaz ? f : g;
        if (pair && szaz.phase == Phase::early && abs.phase == Phase::late)
          err("figurak", "absolut_szaz", f.by + " announces szaz early and absolut late; not allowed");
      }
      if (g.fig == f.fig && g.by != f.by && f.fig != k_kassza)  // V17
        warn("figurak", "figura_two_players", std::string(info.id) + " is announced by both " + g.by + " and " + f.by +
                                                  "; each is settled on its own");
    }
    if (f.fig == k_kassza) {
      if (kassza_at)  // V15
        err("figurak", "kassza_twice", "kassza is announced by " + h.figurak[*kassza_at].by + " and " + f.by +
                                           "; at most one kassza per hand (only one player holds K+F of trumps)");
      else
        kassza_at = i;
      if (m_opt.kassza_double_game && !f.kontra.empty())
        err("figurak", "kassza_kontra", what + ": with kassza_mode double_game kassza has no kontra chain of its own (kontra the game)");
    }
    Side owner = side_of(f.by);
    check_chain(f.kontra, owner, f.phase, "figurak", what);
  }
  if (kassza_at && !surrendered && h.kind == Kind::trump) {
    const std::string& kb = h.figurak[*kassza_at].by;
    for (const auto& [p, m] : h.melds)
      if (m.bela && p != kb)  // V15
        err("figurak", "kassza_bela", "kassza by " + kb + " needs K+F of trumps, but " + p + " has béla");
    auto it = h.melds.find(kb);
    if (it == h.melds.end() || !it->second.bela)  // V16
      warn("melds", "kassza_no_bela", "kassza by " + kb + ": K+F of trumps should give béla 20, none recorded for " + kb);
  }

  // ---- gyerünk (V30, V31) ----
  if (h.gyerunk) {
    for (const auto& f : h.figurak)
      if (f.fig != k_kassza) {
        err("gyerunk", "gyerunk_figura", "gyerünk is allowed only when no figura other than kassza is announced; " + f.by +
                                             " announced " + std::string(k_figurak[f.fig].id));
        break;
      }
  }

  if (bad || surrendered) return !bad;

  // ---- play facts (V40-V48) ----
  auto missing = [&](const std::map<std::string, i64>& m) {
    std::vector<std::string> out;
    for (const auto& p : active)
      if (!m.count(p)) out.push_back(p);
    return out;
  };
  bool facts_ok = true;
  auto fact_err = [&](const std::string& field, const std::string& code, const std::string& msg) {
    err(field, code, msg);
    facts_ok = false;
  };
  const std::string deal_size = n == 2 ? "12 tricks (2 players)" : "9 tricks (3-4 players)";
  if (h.kind == Kind::trump || h.kind == Kind::no_trumps || h.kind == Kind::kloptzky) {  // V40
    auto miss = missing(h.tricks);
    if (!miss.empty()) {
      fact_err("tricks", "tricks_missing", "tricks are needed for every active player; missing: " + join(miss));
    } else {
      i64 sum = 0;
      for (const auto& [p, t] : h.tricks) {
        if (t < 0 || t > tricks_total)
          fact_err("tricks", "tricks_range", p + ": " + std::to_string(t) + " tricks is outside 0.." + std::to_string(tricks_total));
        sum += t;
      }
      if (facts_ok && sum != tricks_total)
        fact_err("tricks", "tricks_sum", "tricks add up to " + std::to_string(sum) + ", but a deal has " + deal_size);
    }
  }
  if (h.kind == Kind::betli) {  // V41
    if (!h.tricks.count(h.declarer)) {
      fact_err("tricks", "tricks_missing", "betli needs the declarer's tricks (tricks." + h.declarer + ": 0 when made)");
    } else {
      i64 sum = 0;
      for (const auto& [p, t] : h.tricks) {
        if (t < 0 || t > tricks_total)
          fact_err("tricks", "tricks_range", p + ": " + std::to_string(t) + " tricks is outside 0.." + std::to_string(tricks_total));
        sum += t;
      }
      if (facts_ok && missing(h.tricks).empty() && sum > tricks_total)
        fact_err("tricks", "tricks_sum", "tricks add up to " + std::to_string(sum) + ", more than the " + deal_size + " of a deal");
    }
  }
  if (h.kind == Kind::trump || h.kind == Kind::no_trumps) {
    auto miss = missing(h.card_points);  // V42
    if (!miss.empty())
      fact_err("card_points", "points_missing", "card points are needed for every active player; missing: " + join(miss));
    if (h.last_trick.empty()) fact_err("last_trick", "last_trick_missing", "last_trick (who won the last trick) is needed");
    if (facts_ok) {
      i64 sum = 0;
      for (const auto& [p, cp] : h.card_points) {
        sum += cp;
        if (cp < 0 || cp > total)
          fact_err("card_points", "points_range", p + ": " + std::to_string(cp) + " card points is outside 0.." + std::to_string(total) +
                                                      " (" + (trump ? "trump game" : "no trumps") + ")");
        else if (h.tricks.at(p) == 0 && cp != 0)  // V43
          fact_err("card_points", "points_no_tricks", p + " took no trick but has " + std::to_string(cp) + " card points; must be 0");
        else if (cp == 1 || (p == h.last_trick && cp == k_last_trick_bonus + 1))  // V45
          fact_err("card_points", "points_one", p + ": " + std::to_string(cp) + " card points" +
                                                    (p == h.last_trick ? " (" + std::to_string(cp - k_last_trick_bonus) + " without the last-trick 10)" : "") +
                                                    " is impossible: no card is worth 1 point");
      }
      if (h.tricks.at(h.last_trick) < 1 || h.card_points.at(h.last_trick) < k_last_trick_bonus)  // V44
        fact_err("last_trick", "last_trick_facts", h.last_trick + " won the last trick, so has at least 1 trick and 10 card points; recorded " +
                                                       std::to_string(h.tricks.at(h.last_trick)) + " tricks, " +
                                                       std::to_string(h.card_points.at(h.last_trick)) + " card points");
      if (sum > total)  // V46
        fact_err("card_points", "points_sum", "card points add up to " + std::to_string(sum) + ", above " + std::to_string(total) +
                                                  ", all card points with the last trick in " + (trump ? "a trump game" : "no trumps"));
      if (h.unplayed) {
        i64 max_out = n == 2 ? (trump ? k_max_unplayed_trump_12 : k_max_unplayed_nt_12) : (trump ? k_max_unplayed_trump_9 : k_max_unplayed_nt_9);
        if (*h.unplayed < 0 || *h.unplayed > max_out)
          fact_err("unplayed_points", "unplayed_range", std::to_string(*h.unplayed) + " is outside 0.." + std::to_string(max_out) +
                                                            ", the card points of the " + (n == 2 ? "8" : "5") + " cards out of play");
        else if (sum + *h.unplayed != total)
          fact_err("card_points", "points_balance", "card points " + std::to_string(sum) + " + unplayed " + std::to_string(*h.unplayed) + " = " +
                                                        std::to_string(sum + *h.unplayed) + ", must be exactly " + std::to_string(total));
      }
    }
    // V47, V48
    std::set<i64> seq_ok = sequence_sums(m_opt.sequence_values, hand_cards);
    std::vector<std::string> seq_holders, set_holders, bela_holders;
    for (const auto& [p, m] : h.melds) {
      if (!seq_ok.count(m.sequences)) {
        std::vector<std::string> vals;
        for (i64 v : seq_ok) vals.push_back(std::to_string(v));
        fact_err("melds", "sequences_value", p + ": sequences " + std::to_string(m.sequences) + " is not a sum a " +
                                                 std::to_string(hand_cards) + "-card hand can score; one of " + join(vals));
      }
      if (m.sets < 0 || m.sets % 80 != 0 || m.sets > 80 * (hand_cards / 4))
        fact_err("melds", "sets_value", p + ": sets " + std::to_string(m.sets) + " is not 80 x the number of four-of-a-kinds (0.." +
                                            std::to_string(80 * (hand_cards / 4)) + ")");
      if (m.bela && !trump) fact_err("melds", "bela_no_trumps", p + ": béla exists only in trump games");
      if (m.sequences > 0) seq_holders.push_back(p);
      if (m.sets > 0) set_holders.push_back(p);
      if (m.bela) bela_holders.push_back(p);
    }
    if (seq_holders.size() > 1)
      fact_err("melds", "melds_two", "only the best sequence scores: at most one player has sequences, got " + join(seq_holders));
    if (set_holders.size() > 1)
      fact_err("melds", "melds_two", "only the best four-of-a-kind scores: at most one player has sets, got " + join(set_holders));
    if (bela_holders.size() > 1) fact_err("melds", "melds_two", "only one player can hold K+F of trumps (béla), got " + join(bela_holders));
  }
  if (!facts_ok) return false;

  // ---- figura outcomes (V50-V53) ----
  if (h.kind == Kind::trump || h.kind == Kind::no_trumps) {
    std::vector<std::pair<const Figura*, unsigned>> claims;
    std::string all_tricks;
    for (const auto& [p, t] : h.tricks)
      if (t == tricks_total) all_tricks = p;
    for (const auto& f : h.figurak) {
      const FiguraInfo& info = k_figurak[f.fig];
      const std::string what = f.by + "'s " + std::string(info.id);
      if (!info.derived) {
        if (!f.made) {  // V50
          err("figurak", "made_missing", what + ": made (true/false) is required; the engine cannot tell whether it was made");
          continue;
        }
        if (!*f.made) continue;
        i64 cp = h.card_points.at(f.by), tr = h.tricks.at(f.by);
        if (cp < info.min_points || tr < info.min_tricks)  // V52
          err("figurak", "made_facts", what + " made needs at least " + std::to_string(info.min_points) + " card points and " +
                                           std::to_string(info.min_tricks) + " trick(s); " + f.by + " has " + std::to_string(cp) + " and " +
                                           std::to_string(tr));
        if (f.fig == k_ultimo && h.last_trick != f.by)
          err("figurak", "made_facts", what + " made needs the last trick, but " + h.last_trick + " won it");
        if (!all_tricks.empty() && all_tricks != f.by)  // V53
          err("figurak", "made_cards", what + " cannot be made: " + all_tricks + " took every trick");
        for (const auto& [g, cards] : claims)
          if (g->by != f.by && (cards & k_figura_cards[f.fig]) != 0)
            err("figurak", "made_cards", what + " and " + g->by + "'s " + std::string(k_figurak[g->fig].id) +
                                             " are both made but claim the same card");
        claims.emplace_back(&f, k_figura_cards[f.fig]);
      }
    }
  }
  return !bad;
}

}  // namespace marque::rules::alsos
