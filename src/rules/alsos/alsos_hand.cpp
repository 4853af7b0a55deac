// Alsós, one hand record: decode (shapes, types and players of every field) and validate (spec alsos §3: the rules
// that relate the fields to each other). Scoring is alsos_score.cpp.
#include "rules/alsos/alsos.hpp"

#include <algorithm>
#include <set>

namespace marque::rules::alsos {

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

namespace {

constexpr std::array<std::string_view, 14> k_record_fields = {"hand",       "dealer",      "turn_up_suit",
                                                              "contract",   "game_kontra", "figurak",
                                                              "gyerunk",    "tricks",      "card_points",
                                                              "last_trick", "melds",       "unplayed_points",
                                                              "note",       "type"};

std::string show(const json& v) { return common::show_quoted(v, '\''); }

// What a refusal is about, as words of catalogue(): a field ("game_kontra"), "figura 2", "Ann's kassza", "... by"
text::Message about(const std::string& id) { return text::Message("alsos.what.id").text("id", id); }
text::Message about(const char* message_id, text::Message what) {
  return text::Message(message_id).message("what", std::move(what));
}
text::Message figura_of(const std::string& by, std::string_view figura) {
  return text::Message("alsos.what.of").text("name", by).text("id", std::string(figura));
}

text::Message level_name(std::size_t i) {
  return i < k_kontra_names.size() ? about(std::string(k_kontra_names[i]))
                                   : text::Message("alsos.what.level_n").number("n", static_cast<int64_t>(i + 1));
}

// ---------------------------------------------------------------------------------------------------------------
// decode: shapes and types of every field, players (V02, V04, V05, V06, V12, V31 ranges)

class Decoder {
public:
  Decoder(const AlsosGame& game, const json& rec, Diagnostics& d)
      : m_game(game), m_rec(rec), m_d(d), m_player_list(join(game.roster())) {}

  std::optional<Hand> run() {
    header();
    if (!contract() || m_bad) return std::nullopt;
    if (m_h.kind == Kind::misdeal) return misdeal();
    if (needs_declarer()) active_ok(m_h.declarer, "contract.declarer");
    if (given(m_rec, "game_kontra")) m_h.game_kontra = chain(m_rec["game_kontra"], "game_kontra", about("game_kontra"));
    if (given(m_rec, "figurak")) figurak(m_rec["figurak"]);
    if (given(m_rec, "gyerunk")) gyerunk(m_rec["gyerunk"]);
    note();
    // Play facts. V32: ignored (with a warning) when the hand was given up after gyerünk.
    if (m_h.gyerunk && m_h.gyerunk->surrendered) {
      surrendered_facts();
    } else {
      int_map("tricks", m_h.tricks);
      int_map("card_points", m_h.card_points);
      if (given(m_rec, "last_trick")) {
        auto lt = name_of(m_rec["last_trick"], "last_trick", about("last_trick"));
        if (lt) m_h.last_trick = *lt;
      }
      if (given(m_rec, "melds")) melds(m_rec["melds"]);
      unplayed();
      unused_facts();
    }
    if (m_bad) return std::nullopt;
    return m_h;
  }

private:
  void err(const std::string& field, const std::string& code, const std::string& msg) {
    m_d.error(field, "alsos." + code, msg);
    m_bad = true;
  }
  // the same with the message as data: a message of the game's catalogue(), said in the reader's language
  void err(const std::string& field, const std::string& code, text::Message words) {
    m_d.error(field, "alsos." + code, std::move(words), catalogue());
    m_bad = true;
  }

  bool needs_declarer() const {
    return m_h.kind == Kind::trump || m_h.kind == Kind::no_trumps || m_h.kind == Kind::betli;
  }

  // unknown fields, type, hand number, dealer (V02), turn-up suit
  void header() {
    for (const auto& [key, value] : m_rec.items()) {
      if (std::find(k_record_fields.begin(), k_record_fields.end(), key) == k_record_fields.end())
        err(key, "unknown_field",
            text::Message("alsos.err.unknown_field").text("key", key).text("fields", join(k_record_fields)));
    }
    if (m_rec.contains("type") && !m_rec["type"].is_null() && m_rec["type"] != "hand")
      err("type", "type", text::Message("alsos.err.type").text("value", show(m_rec["type"])));

    if (m_rec.contains("hand") && !m_rec["hand"].is_null()) {
      if (!is_whole(m_rec["hand"]) || whole(m_rec["hand"]) < 1)
        err("hand", "hand_number", text::Message("alsos.err.hand_number").text("value", show(m_rec["hand"])));
      else
        m_h.number = whole(m_rec["hand"]);
    }

    // V02
    if (!m_rec.contains("dealer") || !m_rec["dealer"].is_string()) {
      err("dealer", "dealer_missing", text::Message("alsos.err.dealer_missing").text("players", m_player_list));
    } else {
      m_h.dealer = m_rec["dealer"].get<std::string>();
      if (m_game.player_index(m_h.dealer) < 0)
        err("dealer", "dealer_unknown",
            text::Message("alsos.err.dealer_unknown").text("name", m_h.dealer).text("players", m_player_list));
    }

    if (given(m_rec, "turn_up_suit")) {
      const json& t = m_rec["turn_up_suit"];
      auto s = t.is_string() ? suit_index(t.get<std::string>()) : std::nullopt;
      if (!s)
        err("turn_up_suit", "suit",
            text::Message("alsos.err.suit").text("value", show(t)).text("suits", join(k_suit_ids)));
      else
        m_h.turn_up = s;
    }
  }

  // V04; false when the contract or its kind cannot be read (nothing else is checked then)
  bool contract() {
    if (!m_rec.contains("contract") || !m_rec["contract"].is_object()) {
      err("contract", "contract_missing", text::Message("alsos.err.contract_missing").text("kinds", join(k_kind_ids)));
      return false;
    }
    const json& c = m_rec["contract"];
    for (const auto& [key, value] : c.items())
      if (key != "kind" && key != "trump_suit" && key != "declarer")
        err("contract." + key, "unknown_field", text::Message("alsos.err.contract_field").text("key", key));
    std::optional<Kind> kind;
    if (c.contains("kind") && c["kind"].is_string()) {
      for (std::size_t i = 0; i < k_kind_ids.size(); ++i)
        if (k_kind_ids[i] == c["kind"].get<std::string>()) kind = static_cast<Kind>(i);
    }
    if (!kind) {
      err("contract.kind", "kind",
          c.contains("kind")
              ? text::Message("alsos.err.kind").text("value", show(c["kind"])).text("kinds", join(k_kind_ids))
              : text::Message("alsos.err.kind_missing").text("kinds", join(k_kind_ids)));
      return false;
    }
    m_h.kind = *kind;
    bool has_trump = c.contains("trump_suit") && !c["trump_suit"].is_null();
    if (m_h.kind == Kind::trump) {
      auto s = has_trump && c["trump_suit"].is_string() ? suit_index(c["trump_suit"].get<std::string>()) : std::nullopt;
      if (!has_trump)
        err("contract.trump_suit", "trump_missing",
            text::Message("alsos.err.trump_missing").text("suits", join(k_suit_ids)));
      else if (!s)
        err("contract.trump_suit", "suit",
            text::Message("alsos.err.suit").text("value", show(c["trump_suit"])).text("suits", join(k_suit_ids)));
      else
        m_h.trump = s;
    } else if (has_trump) {
      err("contract.trump_suit", "trump_not_allowed",
          text::Message("alsos.err.trump_not_allowed").text("kind", kind_name(m_h.kind)));
    }
    bool has_declarer = c.contains("declarer") && !c["declarer"].is_null();
    if (needs_declarer() && (!has_declarer || !c["declarer"].is_string())) {
      err("contract.declarer", "declarer_missing",
          text::Message("alsos.err.declarer_missing").text("kind", kind_name(m_h.kind)).text("players", m_player_list));
    } else if (!needs_declarer() && has_declarer) {
      err("contract.declarer", "declarer_not_allowed",
          text::Message("alsos.err.declarer_not_allowed").text("kind", kind_name(m_h.kind)));
    } else if (needs_declarer()) {
      m_h.declarer = c["declarer"].get<std::string>();
    }
    return true;
  }

  // V06
  std::optional<Hand> misdeal() {
    for (const auto& [key, value] : m_rec.items()) {
      if (key == "hand" || key == "dealer" || key == "note" || key == "contract" || key == "type") continue;
      if (given(m_rec, key.c_str())) err(key, "misdeal_data", text::Message("alsos.err.misdeal_data").text("key", key));
    }
    note();
    if (m_bad) return std::nullopt;
    return m_h;
  }

  void note() {
    if (m_rec.contains("note") && !m_rec["note"].is_null() && !m_rec["note"].is_string())
      err("note", "note", text::Message("alsos.err.note"));
  }

  // V05: every named player must be active (the 4-player dealer sits out).
  bool active_ok(const std::string& name, const std::string& field) {
    if (m_game.player_index(name) < 0) {
      err(field, "player_unknown",
          text::Message("alsos.err.player_unknown").text("name", name).text("players", m_player_list));
      return false;
    }
    if (m_game.roster().size() == 4 && name == m_h.dealer) {
      err(field, "player_sits_out", text::Message("alsos.err.player_sits_out").text("name", name));
      return false;
    }
    return true;
  }

  std::optional<std::string> name_of(const json& v, const std::string& field, const text::Message& what) {
    if (!v.is_string()) {
      err(field, "player", text::Message("alsos.err.player_name").message("what", what).text("value", show(v)));
      return std::nullopt;
    }
    std::string n = v.get<std::string>();
    if (!active_ok(n, field)) return std::nullopt;
    return n;
  }

  std::optional<Phase> phase(const json& v, const std::string& field, const text::Message& what) {
    if (v.is_string() && v.get<std::string>() == "early") return Phase::early;
    if (v.is_string() && v.get<std::string>() == "late") return Phase::late;
    err(field, "phase",
        text::Message("alsos.err.phase")
            .message("what", what)
            .text("missing", v.is_null() ? "yes" : "no")
            .text("value", v.is_null() ? std::string() : show(v)));
    return std::nullopt;
  }

  std::vector<KontraLevel> chain(const json& v, const std::string& field, const text::Message& what) {
    std::vector<KontraLevel> out;
    if (v.is_null()) return out;
    if (!v.is_array()) {
      err(field, "kontra_shape", text::Message("alsos.err.kontra_list").message("what", what).text("value", show(v)));
      return out;
    }
    for (std::size_t i = 0; i < v.size(); ++i) {
      const json& k = v[i];
      const text::Message at = text::Message("alsos.what.level").message("what", what).message("level", level_name(i));
      if (!k.is_object()) {
        err(field, "kontra_shape",
            text::Message("alsos.err.kontra_level_shape").message("what", at).text("value", show(k)));
        continue;
      }
      for (const auto& [key, value] : k.items())
        if (key != "by" && key != "phase")
          err(field, "unknown_field", text::Message("alsos.err.kontra_field").message("what", what).text("key", key));
      KontraLevel kl;
      auto by = name_of(k.value("by", json()), field, about("alsos.what.by", at));
      auto ph = phase(k.value("phase", json()), field, at);
      if (by) kl.by = *by;
      if (ph) kl.phase = *ph;
      out.push_back(kl);
    }
    return out;
  }

  void figurak(const json& fs) {
    if (!fs.is_array()) {
      err("figurak", "figurak_shape", text::Message("alsos.err.figurak_list").text("value", show(fs)));
      return;
    }
    for (std::size_t i = 0; i < fs.size(); ++i) {
      const json& f = fs[i];
      const text::Message what = text::Message("alsos.what.figura_n").number("n", static_cast<int64_t>(i + 1));
      if (!f.is_object()) {
        err("figurak", "figurak_shape",
            text::Message("alsos.err.figura_shape").message("what", what).text("value", show(f)));
        continue;
      }
      m_h.figurak.push_back(figura(f, i + 1));
    }
  }

  Figura figura(const json& f, std::size_t n) {
    text::Message what = text::Message("alsos.what.figura_n").number("n", static_cast<int64_t>(n));
    for (const auto& [key, value] : f.items())
      if (key != "by" && key != "name" && key != "phase" && key != "kontra" && key != "made")
        err("figurak", "unknown_field", text::Message("alsos.err.figura_field").message("what", what).text("key", key));
    Figura fig;
    std::optional<std::size_t> idx;
    if (f.contains("name") && f["name"].is_string()) idx = figura_index(f["name"].get<std::string>());
    if (!idx) {  // V12
      std::vector<std::string_view> ids;
      for (const auto& x : k_figurak) ids.push_back(x.id);
      err("figurak", "figura_name",
          text::Message("alsos.err.figura_name")
              .message("what", what)
              .text("missing", f.contains("name") ? "no" : "yes")
              .text("value", f.contains("name") ? show(f["name"]) : std::string())
              .text("figurak", join(ids)));
    } else {
      fig.fig = *idx;
      what = text::Message("alsos.what.figura").text("id", std::string(k_figurak[*idx].id));
    }
    auto by = name_of(f.value("by", json()), "figurak", about("alsos.what.by", what));
    if (by) {
      fig.by = *by;
      what = figura_of(*by, idx ? std::string(k_figurak[*idx].id) : std::to_string(n));  // "Ann's kassza", "Ann's 2"
    }
    auto ph = phase(f.value("phase", json()), "figurak", what);  // V12
    if (ph) fig.phase = *ph;
    if (f.contains("kontra")) fig.kontra = chain(f["kontra"], "figurak", about("alsos.what.kontra", what));
    if (f.contains("made") && !f["made"].is_null()) {
      if (!f["made"].is_boolean())
        err("figurak", "made_type",
            text::Message("alsos.err.made_type").message("what", what).text("value", show(f["made"])));
      else
        fig.made = f["made"].get<bool>();
    }
    return fig;
  }

  void gyerunk(const json& g) {
    if (!g.is_object()) {
      err("gyerunk", "gyerunk_shape", text::Message("alsos.err.gyerunk_shape").text("value", show(g)));
      return;
    }
    for (const auto& [key, value] : g.items())
      if (key != "by" && key != "level" && key != "outcome")
        err("gyerunk", "unknown_field", text::Message("alsos.err.gyerunk_field").text("key", key));
    Gyerunk gy;
    auto by = name_of(g.value("by", json()), "gyerunk", about("alsos.what.by", about("gyerunk")));  // V31
    if (by) gy.by = *by;
    json lv = g.value("level", json(1));
    if (!is_whole(lv) || whole(lv) < 1 || whole(lv) > 4)
      err("gyerunk", "gyerunk_level", text::Message("alsos.err.gyerunk_level").text("value", show(lv)));
    else
      gy.level = static_cast<int>(whole(lv));
    json oc = g.value("outcome", json());
    if (oc == "accepted")
      gy.surrendered = false;
    else if (oc == "surrendered")
      gy.surrendered = true;
    else
      err("gyerunk", "gyerunk_outcome",
          text::Message("alsos.err.gyerunk_outcome")
              .text("missing", oc.is_null() ? "yes" : "no")
              .text("value", oc.is_null() ? std::string() : show(oc)));
    m_h.gyerunk = gy;
  }

  // V32
  void surrendered_facts() {
    std::vector<std::string> ignored;
    for (const char* key : {"tricks", "card_points", "last_trick", "melds", "unplayed_points"})
      if (given(m_rec, key)) ignored.push_back(key);
    if (!ignored.empty())
      m_d.warning(ignored.front(), "alsos.surrendered_play_facts",
                  text::Message("alsos.warn.surrendered_play_facts").text("fields", join(ignored)), catalogue());
  }

  // tricks or card_points
  void int_map(const char* key, std::map<std::string, i64>& out) {
    if (!given(m_rec, key)) return;
    const json& m = m_rec[key];
    if (!m.is_object()) {
      err(key, "map_shape", text::Message("alsos.err.map_shape").text("key", key).text("value", show(m)));
      return;
    }
    for (const auto& [name, v] : m.items()) {
      if (!active_ok(name, key)) continue;
      if (!is_whole(v))
        err(key, "not_whole",
            text::Message("alsos.err.map_whole").text("key", key).text("name", name).text("value", show(v)));
      else
        out[name] = whole(v);
    }
  }

  void melds(const json& m) {
    if (!m.is_object()) {
      err("melds", "melds_shape", text::Message("alsos.err.melds_map").text("value", show(m)));
      return;
    }
    for (const auto& [name, v] : m.items()) {
      if (!active_ok(name, "melds")) continue;
      if (!v.is_object()) {
        err("melds", "melds_shape", text::Message("alsos.err.melds_shape").text("name", name).text("value", show(v)));
        continue;
      }
      m_h.melds[name] = meld(name, v);
    }
  }

  Meld meld(const std::string& name, const json& v) {
    Meld ml;
    for (const auto& [key, x] : v.items()) {
      if (key == "sequences" || key == "sets") {
        if (x.is_null()) continue;
        if (!is_whole(x))
          err("melds", "not_whole",
              text::Message("alsos.err.meld_whole").text("name", name).text("key", key).text("value", show(x)));
        else
          (key == "sequences" ? ml.sequences : ml.sets) = whole(x);
      } else if (key == "bela") {
        if (x.is_null()) continue;
        if (!x.is_boolean())
          err("melds", "bela_type", text::Message("alsos.err.bela_type").text("name", name).text("value", show(x)));
        else
          ml.bela = x.get<bool>();
      } else {
        err("melds", "unknown_field", text::Message("alsos.err.meld_field").text("name", name).text("key", key));
      }
    }
    return ml;
  }

  void unplayed() {
    if (!given(m_rec, "unplayed_points")) return;
    if (!is_whole(m_rec["unplayed_points"]))
      err("unplayed_points", "not_whole",
          text::Message("alsos.err.unplayed_whole").text("value", show(m_rec["unplayed_points"])));
    else
      m_h.unplayed = whole(m_rec["unplayed_points"]);
  }

  // Facts a contract does not use.
  void unused_facts() {
    if (m_h.kind != Kind::betli && m_h.kind != Kind::kloptzky) return;
    if (!m_h.melds.empty())  // V47
      err("melds", "melds_contract", text::Message("alsos.err.melds_contract").text("kind", kind_name(m_h.kind)));
    for (const char* key : {"card_points", "last_trick", "unplayed_points"})
      if (given(m_rec, key))
        m_d.warning(key, "alsos.unused_fact",
                    text::Message("alsos.warn.unused_fact").text("key", key).text("kind", kind_name(m_h.kind)),
                    catalogue());
  }

  const AlsosGame& m_game;
  const json& m_rec;
  Diagnostics& m_d;
  const std::string m_player_list;
  Hand m_h;
  bool m_bad = false;
};

// ---------------------------------------------------------------------------------------------------------------
// validate: the rules of spec alsos §3 that relate fields to each other

class Validator {
public:
  Validator(const AlsosGame& game, const Hand& h, Diagnostics& d)
      : m_game(game),
        m_opt(game.options()),
        m_h(h),
        m_d(d),
        m_n(static_cast<int>(game.roster().size())),
        m_tricks_total(game.tricks_per_deal()),
        m_hand_cards(static_cast<int>(game.tricks_per_deal())),
        m_trump(h.kind == Kind::trump),
        m_total(m_trump ? k_total_trump : k_total_no_trumps),
        m_active(game.active_players(h.dealer)) {}

  bool run() {
    if (m_h.kind == Kind::misdeal) return true;
    const bool surrendered = m_h.gyerunk && m_h.gyerunk->surrendered;
    order();
    contract_rules();
    chain(m_h.game_kontra, Side::declarer, std::nullopt, "game_kontra", text::Message("alsos.what.the_game"));
    figurak();
    if (m_h.gyerunk) gyerunk();
    if (m_bad || surrendered) return !m_bad;
    // ---- play facts (V40-V48) ----
    if (m_h.kind == Kind::trump || m_h.kind == Kind::no_trumps || m_h.kind == Kind::kloptzky) all_tricks();
    if (m_h.kind == Kind::betli) betli_tricks();
    if (m_h.kind == Kind::trump || m_h.kind == Kind::no_trumps) {
      points();
      melds();
    }
    if (!m_facts_ok) return false;
    if (m_h.kind == Kind::trump || m_h.kind == Kind::no_trumps) outcomes();
    return !m_bad;
  }

private:
  void err(const std::string& field, const std::string& code, const std::string& msg) {
    m_d.error(field, "alsos." + code, msg);
    m_bad = true;
  }
  // the same with the message as data: a message of the game's catalogue(), said in the reader's language
  void err(const std::string& field, const std::string& code, text::Message words) {
    m_d.error(field, "alsos." + code, std::move(words), catalogue());
    m_bad = true;
  }
  void warn(const std::string& field, const std::string& code, const std::string& msg) {
    m_d.warning(field, "alsos." + code, msg);
  }
  void warn(const std::string& field, const std::string& code, text::Message words) {
    m_d.warning(field, "alsos." + code, std::move(words), catalogue());
  }
  void fact_err(const std::string& field, const std::string& code, const std::string& msg) {
    err(field, code, msg);
    m_facts_ok = false;
  }
  void fact_err(const std::string& field, const std::string& code, text::Message words) {
    err(field, code, std::move(words));
    m_facts_ok = false;
  }
  Side side_of(const std::string& p) const { return p == m_h.declarer ? Side::declarer : Side::defenders; }
  std::vector<std::string> missing(const std::map<std::string, i64>& m) const {
    std::vector<std::string> out;
    for (const auto& p : m_active)
      if (!m.count(p)) out.push_back(p);
    return out;
  }

  // V03 (warning) and the hand number
  void order() {
    const std::string& expected = m_game.expected_dealer();
    if (m_h.dealer != expected)
      warn("dealer", "dealer_order",
           text::Message("alsos.warn.dealer_order").text("expected", expected).text("name", m_h.dealer));
    const i64 next = m_game.next_hand_number();
    if (m_h.number && *m_h.number != next)
      warn("hand", "hand_number",
           text::Message("alsos.warn.hand_number").number("expected", next).number("got", *m_h.number));
  }

  // kloptzky (V10, V23, V31), betli (V10)
  void contract_rules() {
    if (m_h.kind == Kind::kloptzky) {
      if (!m_h.figurak.empty())
        err("figurak", "figurak_contract", text::Message("alsos.err.figurak_contract").text("kind", "kloptzky"));
      if (!m_h.game_kontra.empty()) err("game_kontra", "kontra_kloptzky", text::Message("alsos.err.kontra_kloptzky"));
      if (m_h.gyerunk) err("gyerunk", "gyerunk_contract", text::Message("alsos.err.gyerunk_contract"));
    }
    if (m_h.kind == Kind::betli && !m_h.figurak.empty())
      err("figurak", "figurak_contract", text::Message("alsos.err.figurak_contract").text("kind", "betli"));
  }

  // kontra chains (V20-V22)
  void chain(const std::vector<KontraLevel>& chain, Side owner, std::optional<Phase> announced,
             const std::string& field, const text::Message& what) {
    if (static_cast<int>(chain.size()) > m_opt.max_kontra_level)  // V20
      err(field, "kontra_levels",
          text::Message("alsos.err.kontra_levels")
              .message("what", what)
              .number("levels", static_cast<int64_t>(chain.size()))
              .number("most", m_opt.max_kontra_level));
    for (std::size_t i = 0; i < chain.size(); ++i) {
      const auto& k = chain[i];
      const text::Message at = text::Message("alsos.what.level").message("what", what).message("level", level_name(i));
      Side must = (i % 2 == 0) ? other(owner) : owner;  // V21
      if (!k.by.empty() && side_of(k.by) != must)
        err(field, "kontra_side",
            text::Message("alsos.err.kontra_side")
                .message("what", at)
                .text("name", k.by)
                .text("side", side_of(k.by) == Side::declarer ? "declarer" : "defender")
                .text("must", must == Side::declarer ? "declarer" : "defenders")
                .text("opposing", i % 2 == 0 ? "yes" : "no"));
      if (k.phase == Phase::early) {  // V22
        if (i > 0 && chain[i - 1].phase == Phase::late)
          err(field, "kontra_phase", text::Message("alsos.err.kontra_phase_back").message("what", at));
        if (announced && *announced == Phase::late)
          err(field, "kontra_phase", text::Message("alsos.err.kontra_phase_late").message("what", at));
        if (m_h.kind == Kind::betli)
          err(field, "kontra_phase", text::Message("alsos.err.kontra_phase_betli").message("what", at));
      }
    }
  }

  // V13, V14, V17: figura i against the earlier ones
  void figura_pairs(std::size_t i) {
    const Figura& f = m_h.figurak[i];
    const FiguraInfo& info = k_figurak[f.fig];
    const text::Message what = figura_of(f.by, info.id);
    for (std::size_t j = 0; j < i; ++j) {
      const Figura& g = m_h.figurak[j];
      if (g.fig == f.fig && g.by == f.by)  // V13
        err("figurak", "figura_twice", text::Message("alsos.err.figura_twice").message("what", what));
      if (g.by == f.by) {  // V14
        bool pair = (g.fig == k_absolut && f.fig == k_szaz) || (g.fig == k_szaz && f.fig == k_absolut);
        if (pair && g.phase == f.phase)
          err("figurak", "absolut_szaz",
              text::Message("alsos.err.absolut_szaz_phase").text("name", f.by).text("phase", phase_id(f.phase)));
        const Figura& szaz = g.fig == k_szaz ? g : f;
        const Figura& abs = g.fig == k_szaz ? f : g;
        if (pair && szaz.phase == Phase::early && abs.phase == Phase::late)
          err("figurak", "absolut_szaz", text::Message("alsos.err.absolut_szaz_order").text("name", f.by));
      }
      if (g.fig == f.fig && g.by != f.by && f.fig != k_kassza)  // V17
        warn("figurak", "figura_two_players",
             text::Message("alsos.warn.figura_two_players")
                 .text("figura", std::string(info.id))
                 .text("first", g.by)
                 .text("second", f.by));
    }
  }

  // figurák (V11-V17)
  void figurak() {
    std::optional<std::size_t> kassza_at;
    for (std::size_t i = 0; i < m_h.figurak.size(); ++i) {
      const Figura& f = m_h.figurak[i];
      const FiguraInfo& info = k_figurak[f.fig];
      const text::Message what = figura_of(f.by, info.id);
      if (m_h.kind == Kind::no_trumps && info.trump_only)  // V11
        err("figurak", "figura_trump_only",
            text::Message("alsos.err.figura_trump_only").message("what", what).text("figura", std::string(info.id)));
      figura_pairs(i);
      if (f.fig == k_kassza) {
        if (kassza_at)  // V15
          err("figurak", "kassza_twice",
              text::Message("alsos.err.kassza_twice").text("first", m_h.figurak[*kassza_at].by).text("second", f.by));
        else
          kassza_at = i;
        if (m_opt.kassza_double_game && !f.kontra.empty())
          err("figurak", "kassza_kontra", text::Message("alsos.err.kassza_kontra").message("what", what));
      }
      chain(f.kontra, side_of(f.by), f.phase, "figurak", what);
    }
    const bool surrendered = m_h.gyerunk && m_h.gyerunk->surrendered;
    if (kassza_at && !surrendered && m_h.kind == Kind::trump) kassza_bela(m_h.figurak[*kassza_at].by);
  }

  // V15 (error), V16 (warning)
  void kassza_bela(const std::string& kb) {
    for (const auto& [p, m] : m_h.melds)
      if (m.bela && p != kb)
        err("figurak", "kassza_bela", text::Message("alsos.err.kassza_bela").text("name", kb).text("other", p));
    auto it = m_h.melds.find(kb);
    if (it == m_h.melds.end() || !it->second.bela)
      warn("melds", "kassza_no_bela", text::Message("alsos.warn.kassza_no_bela").text("name", kb));
  }

  // V30 (V31's ranges are decoded)
  void gyerunk() {
    for (const auto& f : m_h.figurak)
      if (f.fig != k_kassza) {
        err("gyerunk", "gyerunk_figura",
            text::Message("alsos.err.gyerunk_figura")
                .text("name", f.by)
                .text("figura", std::string(k_figurak[f.fig].id)));
        break;
      }
  }

  // every trick count within 0..T; their sum
  i64 trick_sum() {
    i64 sum = 0;
    for (const auto& [p, t] : m_h.tricks) {
      if (t < 0 || t > m_tricks_total)
        fact_err(
            "tricks", "tricks_range",
            text::Message("alsos.err.tricks_range").text("name", p).number("tricks", t).number("most", m_tricks_total));
      sum += t;
    }
    return sum;
  }

  // V40
  void all_tricks() {
    auto miss = missing(m_h.tricks);
    if (!miss.empty()) {
      fact_err("tricks", "tricks_missing", text::Message("alsos.err.tricks_missing").text("players", join(miss)));
      return;
    }
    i64 sum = trick_sum();
    if (m_facts_ok && sum != m_tricks_total)
      fact_err("tricks", "tricks_sum", text::Message("alsos.err.tricks_sum").number("sum", sum).number("players", m_n));
  }

  // V41
  void betli_tricks() {
    if (!m_h.tricks.count(m_h.declarer)) {
      fact_err("tricks", "tricks_missing", text::Message("alsos.err.betli_tricks").text("name", m_h.declarer));
      return;
    }
    i64 sum = trick_sum();
    if (m_facts_ok && missing(m_h.tricks).empty() && sum > m_tricks_total)
      fact_err("tricks", "tricks_sum",
               text::Message("alsos.err.tricks_above").number("sum", sum).number("players", m_n));
  }

  // V42-V46
  void points() {
    auto miss = missing(m_h.card_points);  // V42
    if (!miss.empty())
      fact_err("card_points", "points_missing", text::Message("alsos.err.points_missing").text("players", join(miss)));
    if (m_h.last_trick.empty())
      fact_err("last_trick", "last_trick_missing", text::Message("alsos.err.last_trick_missing"));
    if (!m_facts_ok) return;
    i64 sum = 0;
    for (const auto& [p, cp] : m_h.card_points) {
      sum += cp;
      if (cp < 0 || cp > m_total)
        fact_err("card_points", "points_range",
                 text::Message("alsos.err.points_range")
                     .text("name", p)
                     .number("points", cp)
                     .number("most", m_total)
                     .text("trump", m_trump ? "yes" : "no"));
      else if (m_h.tricks.at(p) == 0 && cp != 0)  // V43
        fact_err("card_points", "points_no_tricks",
                 text::Message("alsos.err.points_no_tricks").text("name", p).number("points", cp));
      else if (cp == 1 || (p == m_h.last_trick && cp == k_last_trick_bonus + 1))  // V45
        fact_err("card_points", "points_one",
                 p == m_h.last_trick ? text::Message("alsos.err.points_one_last")
                                           .text("name", p)
                                           .number("points", cp)
                                           .number("without", cp - k_last_trick_bonus)
                                     : text::Message("alsos.err.points_one").text("name", p).number("points", cp));
    }
    const std::string& lt = m_h.last_trick;
    if (m_h.tricks.at(lt) < 1 || m_h.card_points.at(lt) < k_last_trick_bonus)  // V44
      fact_err("last_trick", "last_trick_facts",
               text::Message("alsos.err.last_trick_facts")
                   .text("name", lt)
                   .number("tricks", m_h.tricks.at(lt))
                   .number("points", m_h.card_points.at(lt)));
    if (sum > m_total)  // V46
      fact_err("card_points", "points_sum",
               text::Message("alsos.err.points_sum")
                   .number("sum", sum)
                   .number("most", m_total)
                   .text("trump", m_trump ? "yes" : "no"));
    if (m_h.unplayed) unplayed(sum);
  }

  // V46 with unplayed_points
  void unplayed(i64 sum) {
    i64 max_out = m_n == 2 ? (m_trump ? k_max_unplayed_trump_12 : k_max_unplayed_nt_12)
                           : (m_trump ? k_max_unplayed_trump_9 : k_max_unplayed_nt_9);
    if (*m_h.unplayed < 0 || *m_h.unplayed > max_out)
      fact_err("unplayed_points", "unplayed_range",
               text::Message("alsos.err.unplayed_range")
                   .number("value", *m_h.unplayed)
                   .number("most", max_out)
                   .number("cards", m_n == 2 ? 8 : 5));
    else if (sum + *m_h.unplayed != m_total)
      fact_err("card_points", "points_balance",
               text::Message("alsos.err.points_balance")
                   .number("sum", sum)
                   .number("unplayed", *m_h.unplayed)
                   .number("total", sum + *m_h.unplayed)
                   .number("most", m_total));
  }

  // V47, V48
  void melds() {
    std::set<i64> seq_ok = sequence_sums(m_opt.sequence_values, m_hand_cards);
    std::vector<std::string> seq_holders, set_holders, bela_holders;
    for (const auto& [p, m] : m_h.melds) {
      if (!seq_ok.count(m.sequences)) {
        std::vector<std::string> vals;
        for (i64 v : seq_ok) vals.push_back(std::to_string(v));
        fact_err("melds", "sequences_value",
                 text::Message("alsos.err.sequences_value")
                     .text("name", p)
                     .number("value", m.sequences)
                     .number("cards", m_hand_cards)
                     .text("values", join(vals)));
      }
      if (m.sets < 0 || m.sets % 80 != 0 || m.sets > 80 * (m_hand_cards / 4))
        fact_err("melds", "sets_value",
                 text::Message("alsos.err.sets_value")
                     .text("name", p)
                     .number("value", m.sets)
                     .number("most", 80 * (m_hand_cards / 4)));
      if (m.bela && !m_trump)
        fact_err("melds", "bela_no_trumps", text::Message("alsos.err.bela_no_trumps").text("name", p));
      if (m.sequences > 0) seq_holders.push_back(p);
      if (m.sets > 0) set_holders.push_back(p);
      if (m.bela) bela_holders.push_back(p);
    }
    if (seq_holders.size() > 1)
      fact_err("melds", "melds_two", text::Message("alsos.err.melds_two_sequences").text("players", join(seq_holders)));
    if (set_holders.size() > 1)
      fact_err("melds", "melds_two", text::Message("alsos.err.melds_two_sets").text("players", join(set_holders)));
    if (bela_holders.size() > 1)
      fact_err("melds", "melds_two", text::Message("alsos.err.melds_two_bela").text("players", join(bela_holders)));
  }

  // figura outcomes (V50-V53)
  void outcomes() {
    std::vector<std::pair<const Figura*, unsigned>> claims;
    std::string all_tricks;
    for (const auto& [p, t] : m_h.tricks)
      if (t == m_tricks_total) all_tricks = p;
    for (const auto& f : m_h.figurak) {
      const FiguraInfo& info = k_figurak[f.fig];
      if (info.derived) continue;
      const text::Message what = figura_of(f.by, info.id);
      if (!f.made) {  // V50
        err("figurak", "made_missing", text::Message("alsos.err.made_missing").message("what", what));
        continue;
      }
      if (!*f.made) continue;
      i64 cp = m_h.card_points.at(f.by), tr = m_h.tricks.at(f.by);
      if (cp < info.min_points || tr < info.min_tricks)  // V52
        err("figurak", "made_facts",
            text::Message("alsos.err.made_facts")
                .message("what", what)
                .number("points", info.min_points)
                .number("tricks", info.min_tricks)
                .text("name", f.by)
                .number("has_points", cp)
                .number("has_tricks", tr));
      if (f.fig == k_ultimo && m_h.last_trick != f.by)
        err("figurak", "made_facts",
            text::Message("alsos.err.made_last_trick").message("what", what).text("name", m_h.last_trick));
      if (!all_tricks.empty() && all_tricks != f.by)  // V53
        err("figurak", "made_cards",
            text::Message("alsos.err.made_all_tricks").message("what", what).text("name", all_tricks));
      for (const auto& [g, cards] : claims)
        if (g->by != f.by && (cards & k_figura_cards[f.fig]) != 0)
          err("figurak", "made_cards",
              text::Message("alsos.err.made_same_card")
                  .message("what", what)
                  .text("name", g->by)
                  .text("figura", std::string(k_figurak[g->fig].id)));
      claims.emplace_back(&f, k_figura_cards[f.fig]);
    }
  }

  const AlsosGame& m_game;
  const Options& m_opt;
  const Hand& m_h;
  Diagnostics& m_d;
  const int m_n;
  const i64 m_tricks_total;
  const int m_hand_cards;
  const bool m_trump;
  const i64 m_total;
  const std::vector<std::string> m_active;
  bool m_bad = false;
  bool m_facts_ok = true;
};

}  // namespace

std::optional<Hand> AlsosGame::decode(const json& record, Diagnostics& d) const {
  return Decoder(*this, record, d).run();
}

bool AlsosGame::validate(const Hand& h, Diagnostics& d) const { return Validator(*this, h, d).run(); }

bool AlsosGame::check(const json& record, Diagnostics& d) const {
  auto decoded = decode(record, d);
  return decoded && !d.has_errors() && validate(*decoded, d) && !d.has_errors();
}

}  // namespace marque::rules::alsos
