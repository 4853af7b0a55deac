// Alsós on the command line: the words of `start` (end=, start=, hands_played=) and of a hand: `marque hand contract=trump:piros:B figurak=B:kassza:early kontra=C:late
// tricks=A:2,B:5,C:2 card_points=A:28,B:96,C:20 last=B melds=B:20:0:bela`. Each key maps to one field of the
// hand record (spec alsos §2.2); semantic checks are left to AlsosGame::play, so the messages are the same
// for typed and imported hands.
#include <algorithm>

#include "rules/alsos/alsos.hpp"
#include "rules/common/help_text.hpp"

namespace marque::rules::alsos {

namespace {

struct Key {
  std::string_view field;  // record field it fills
  std::vector<std::string_view> names;
};

const std::vector<Key>& keys() {
  static const std::vector<Key> k = {
      {"hand", {"hand"}},
      {"dealer", {"dealer"}},
      {"turn_up_suit", {"turn_up_suit", "turn_up", "turn"}},
      {"contract", {"contract"}},
      {"game_kontra", {"game_kontra", "kontra"}},
      {"figurak", {"figurak", "figura", "fig"}},
      {"gyerunk", {"gyerunk"}},
      {"tricks", {"tricks"}},
      {"card_points", {"card_points", "points", "cp"}},
      {"last_trick", {"last_trick", "last"}},
      {"melds", {"melds", "meld"}},
      {"unplayed_points", {"unplayed_points", "unplayed"}},
      {"note", {"note"}},
  };
  return k;
}

using common::lower;

// Accents and short forms a scorer may type.
std::string fold(std::string s) {
  static const std::vector<std::pair<std::string, std::string>> accents = {{"á", "a"}, {"é", "e"}, {"í", "i"},
                                                                           {"ó", "o"}, {"ö", "o"}, {"ő", "o"},
                                                                           {"ú", "u"}, {"ü", "u"}, {"ű", "u"}};
  s = lower(s);
  for (const auto& [from, to] : accents) {
    for (std::size_t p = s.find(from); p != std::string::npos; p = s.find(from, p)) s.replace(p, from.size(), to);
  }
  for (auto& c : s)
    if (c == '-' || c == ' ') c = '_';
  return s;
}

class Parser {
public:
  Parser(const AlsosGame& g, Diagnostics& d) : m_game(g), m_d(d) {}

  bool ok() const { return m_ok; }
  void error(const std::string& field, const std::string& msg) {
    m_d.error(field, "alsos.cli", msg);
    m_ok = false;
  }
  // the same with the message as data: a message of the game's catalogue(), said in the reader's language
  void error(const std::string& field, text::Message words) {
    m_d.error(field, "alsos.cli", std::move(words), catalogue());
    m_ok = false;
  }

  std::optional<std::string> player(const std::string& s, const std::string& field) {
    const auto& players = m_game.roster();
    int i = common::player_index(players, s);
    if (i >= 0) return players[static_cast<std::size_t>(i)];
    error(field, text::Message("alsos.err.cli_player").text("value", s).text("players", join(players)));
    return std::nullopt;
  }

  // what: level, sequences or sets (of the player named), other (the player named)
  std::optional<i64> integer(const std::string& s, const std::string& field, const std::string& what,
                             const std::string& name = "") {
    json v = typed_value(s);
    if (!v.is_number_integer()) {
      error(field, text::Message("alsos.err.cli_whole_number").text("what", what).text("name", name).text("value", s));
      return std::nullopt;
    }
    return v.get<i64>();
  }

  std::optional<std::string> suit(const std::string& s, const std::string& field) {
    std::string f = fold(s);
    for (std::size_t i = 0; i < k_suit_ids.size(); ++i)
      if (f == k_suit_ids[i] || f == lower(std::string(k_suit_codes[i]))) return std::string(k_suit_ids[i]);
    error(field, text::Message("alsos.err.cli_suit").text("value", s));
    return std::nullopt;
  }

  std::optional<std::string> phase(const std::string& s, const std::string& field) {
    std::string f = fold(s);
    if (f == "early" || f == "e" || f == "elolrol") return "early";
    if (f == "late" || f == "l" || f == "hatulrol") return "late";
    error(field, text::Message("alsos.err.cli_phase").text("value", s));
    return std::nullopt;
  }

  // BY:PHASE
  json kontra_level(const std::string& s, const std::string& field) {
    auto parts = split_list(s, ':', true);
    if (parts.size() != 2) {
      error(field, text::Message("alsos.err.cli_kontra_form").text("value", s));
      return json();
    }
    auto by = player(parts[0], field);
    auto ph = phase(parts[1], field);
    if (!by || !ph) return json();
    return json{{"by", *by}, {"phase", *ph}};
  }

  // KIND[:SUIT][:DECLARER], or SUIT:DECLARER for a trump game
  json contract(const std::string& s) {
    auto parts = split_list(s, ':', true);
    std::string kind = fold(parts[0]);
    static const std::vector<std::pair<std::string, std::string>> aliases = {
        {"trump", "trump"},         {"t", "trump"},      {"trumps", "trump"},
        {"no_trumps", "no_trumps"}, {"nt", "no_trumps"}, {"notrumps", "no_trumps"},
        {"sans", "no_trumps"},      {"betli", "betli"},  {"be", "betli"},
        {"kloptzky", "kloptzky"},   {"kl", "kloptzky"},  {"misdeal", "misdeal"},
        {"redeal", "misdeal"}};
    std::string k;
    for (const auto& [a, b] : aliases)
      if (kind == a) k = b;
    json c = json::object();
    std::size_t at = 1;
    if (k.empty()) {  // SUIT:DECLARER
      bool is_suit = false;
      for (std::size_t i = 0; i < k_suit_ids.size(); ++i) is_suit = is_suit || kind == k_suit_ids[i];
      if (!is_suit) {
        error("contract", text::Message("alsos.err.cli_contract").text("value", parts[0]));
        return json();
      }
      k = "trump";
      at = 0;
    }
    c["kind"] = k;
    std::size_t want = k == "trump" ? 2 : (k == "no_trumps" || k == "betli") ? 1 : 0;
    if (parts.size() - at != want) {
      error("contract", text::Message(want == 2   ? "alsos.err.cli_trump_form"
                                      : want == 1 ? "alsos.err.cli_declarer_form"
                                                  : "alsos.err.cli_no_declarer")
                            .text("value", s)
                            .text("kind", k));
      return json();
    }
    if (k == "trump") {
      auto su = suit(parts[at], "contract");
      if (su) c["trump_suit"] = *su;
      ++at;
    }
    if (want >= 1) {
      auto dec = player(parts[at], "contract");
      if (dec) c["declarer"] = *dec;
    }
    return c;
  }

  // BY:NAME:PHASE[:made|failed][/BY:PHASE...]
  json figura(const std::string& s) {
    auto segs = split_list(s, '/', true);
    auto parts = split_list(segs[0], ':', true);
    if (parts.size() < 3 || parts.size() > 4) {
      error("figurak", text::Message("alsos.err.cli_figura_form").text("value", segs[0]));
      return json();
    }
    json f = json::object();
    auto by = player(parts[0], "figurak");
    if (by) f["by"] = *by;
    std::string name = fold(parts[1]);
    if (name == "negy_asz" || name == "negyasz" || name == "4asz") name = "negy_asz";
    f["name"] = name;  // unknown names are refused by the rules with the list of ids
    auto ph = phase(parts[2], "figurak");
    if (ph) f["phase"] = *ph;
    if (parts.size() == 4) {
      std::string m = fold(parts[3]);
      if (m == "made" || m == "yes" || m == "y" || m == "true" || m == "1")
        f["made"] = true;
      else if (m == "failed" || m == "no" || m == "n" || m == "false" || m == "0" || m == "lost")
        f["made"] = false;
      else
        error("figurak", text::Message("alsos.err.cli_figura_outcome").text("value", parts[3]));
    }
    json chain = json::array();
    for (std::size_t i = 1; i < segs.size(); ++i) chain.push_back(kontra_level(segs[i], "figurak"));
    if (!chain.empty()) f["kontra"] = chain;
    return f;
  }

  // BY:LEVEL:OUTCOME or BY:OUTCOME (level 1)
  json gyerunk(const std::string& s) {
    if (fold(s) == "none" || s == "-") return nullptr;
    auto parts = split_list(s, ':', true);
    if (parts.size() < 2 || parts.size() > 3) {
      error("gyerunk", text::Message("alsos.err.cli_gyerunk_form").text("value", s));
      return json();
    }
    json g = json::object();
    auto by = player(parts[0], "gyerunk");
    if (by) g["by"] = *by;
    g["level"] = 1;
    if (parts.size() == 3) {
      auto lv = integer(parts[1], "gyerunk", "level");
      if (lv) g["level"] = *lv;
    }
    std::string o = fold(parts.back());
    if (o == "accepted" || o == "accept" || o == "a" || o == "acc")
      g["outcome"] = "accepted";
    else if (o == "surrendered" || o == "surrender" || o == "s" || o == "gave_up" || o == "give_up" || o == "surr")
      g["outcome"] = "surrendered";
    else
      error("gyerunk", text::Message("alsos.err.cli_gyerunk_outcome").text("value", parts.back()));
    return g;
  }

  // P:n,Q:m
  json int_map(const std::string& s, const std::string& field) {
    json m = json::object();
    for (const auto& item : split_list(s)) {
      auto c = item.rfind(':');
      if (c == std::string::npos) {
        error(field, text::Message("alsos.err.cli_player_number").text("value", item).text("field", field));
        continue;
      }
      auto p = player(item.substr(0, c), field);
      auto v = integer(item.substr(c + 1), field, "other", item.substr(0, c));
      if (p && v) m[*p] = *v;
    }
    return m;
  }

  // P:SEQUENCES[:SETS][:bela] or P:bela, comma separated
  void melds(const std::string& s, json& out) {
    for (const auto& item : split_list(s)) {
      auto parts = split_list(item, ':', true);
      auto p = player(parts[0], "melds");
      if (!p) continue;
      json m = {{"sequences", 0}, {"sets", 0}, {"bela", false}};
      std::size_t numbers = 0;
      for (std::size_t i = 1; i < parts.size(); ++i) {
        std::string x = fold(parts[i]);
        if (x == "bela") {
          m["bela"] = true;
        } else if (numbers < 2) {
          auto v = integer(parts[i], "melds", numbers == 0 ? "sequences" : "sets", *p);
          if (v) m[numbers == 0 ? "sequences" : "sets"] = *v;
          ++numbers;
        } else {
          error("melds", text::Message("alsos.err.cli_melds_form").text("value", item).text("example", "B:20:0:bela"));
        }
      }
      if (parts.size() < 2)
        error("melds", text::Message("alsos.err.cli_melds_form").text("value", item).text("example", "B:20:80"));
      out[*p] = m;
    }
  }

private:
  const AlsosGame& m_game;
  Diagnostics& m_d;
  bool m_ok = true;
};

}  // namespace

namespace {

// One word of `marque hand` into its record field.
void put_word(Parser& p, const std::string& field, const std::string& value, json& rec) {
  if (field == "hand") {
    auto v = p.integer(value, "hand", "hand");
    if (v) rec["hand"] = *v;
  } else if (field == "dealer") {
    auto v = p.player(value, "dealer");
    if (v) rec["dealer"] = *v;
  } else if (field == "turn_up_suit") {
    if (fold(value) == "none" || value == "-") {
      rec["turn_up_suit"] = nullptr;
    } else {
      auto v = p.suit(value, "turn_up_suit");
      if (v) rec["turn_up_suit"] = *v;
    }
  } else if (field == "contract") {
    rec["contract"] = p.contract(value);
  } else if (field == "game_kontra") {
    if (!rec.contains("game_kontra")) rec["game_kontra"] = json::array();
    for (const auto& lvl : split_list(value)) rec["game_kontra"].push_back(p.kontra_level(lvl, "game_kontra"));
  } else if (field == "figurak") {
    if (!rec.contains("figurak")) rec["figurak"] = json::array();
    for (const auto& f : split_list(value)) rec["figurak"].push_back(p.figura(f));
  } else if (field == "gyerunk") {
    rec["gyerunk"] = p.gyerunk(value);
  } else if (field == "tricks" || field == "card_points") {
    rec[field] = p.int_map(value, field);
  } else if (field == "last_trick") {
    auto v = p.player(value, "last_trick");
    if (v) rec["last_trick"] = *v;
  } else if (field == "melds") {
    if (!rec.contains("melds")) rec["melds"] = json::object();
    p.melds(value, rec["melds"]);
  } else if (field == "unplayed_points") {
    auto v = p.integer(value, "unplayed_points", "unplayed_points");
    if (v) rec["unplayed_points"] = *v;
  } else if (field == "note") {
    rec["note"] = value;
  }
}

}  // namespace

std::string field_of_key(std::string_view key) {
  for (const auto& x : keys())
    for (auto n : x.names)
      if (n == key) return std::string(x.field);
  return "";
}

json record_from_args(const std::vector<std::pair<std::string, std::string>>& kv, const AlsosGame& game,
                      Diagnostics& d) {
  Parser p(game, d);
  json rec = json::object();
  std::vector<std::string> seen;
  for (const auto& [key, value] : kv) {
    std::string field = field_of_key(key);
    if (field.empty()) {
      std::string list;
      for (const auto& x : keys())
        for (auto n : x.names) list += (list.empty() ? "" : ", ") + std::string(n);
      p.error(key, text::Message("alsos.err.cli_unknown_field").text("key", key).text("fields", list));
      continue;
    }
    bool repeatable = field == "figurak" || field == "melds" || field == "game_kontra";
    if (!repeatable && std::find(seen.begin(), seen.end(), field) != seen.end()) {
      p.error(field, text::Message("alsos.err.cli_twice").text("key", key));
      continue;
    }
    seen.push_back(field);
    put_word(p, field, value, rec);
  }
  // Defaults the spec requires on every record (§2.2): the hand number and the expected dealer.
  if (!rec.contains("hand")) rec["hand"] = game.next_hand_number();
  if (!rec.contains("dealer") && !game.next_dealer().empty()) rec["dealer"] = game.next_dealer();
  return rec;
}

// ---------------------------------------------------------------------------------------------------------------
// `marque start alsos`: the shared words plus end=/session_end= (manual | deals:N | radli[:TARGET[:BONUS]] | JSON),
// start=A:5,B:-2,C:-3 (or start.totals=) and hands_played=N (or start.hands_played=).

namespace {

json session_end_word(const std::string& end, Diagnostics& d) {
  json e;
  if (end[0] == '{') {
    try {
      e = json::parse(end);
    } catch (const std::exception&) {
      d.error("options.session_end", "cli.session_end", text::Message("alsos.err.cli_not_json").text("value", end),
              catalogue());
    }
    return e;
  }
  auto parts = split_list(end, ':');
  if (parts.empty() || parts[0] == "manual") {
    e = "manual";
  } else if (parts[0] == "deals") {
    e = {{"mode", "deals"}};
    if (parts.size() > 1) e["count"] = typed_value(parts[1]);
  } else if (parts[0] == "radli") {
    e = {{"mode", "radli"}};
    if (parts.size() > 1) e["radli_target"] = typed_value(parts[1]);
    if (parts.size() > 2) e["radli_bonus"] = typed_value(parts[2]);
  } else {
    e = end;  // refused by the option check, with the allowed shapes
  }
  return e;
}

json start_totals_word(const std::string& v, Diagnostics& d) {
  json t = json::object();
  for (const auto& part : split_list(v)) {
    auto c = part.rfind(':');
    if (c == std::string::npos) {
      d.error("start", "cli.start", text::Message("alsos.err.cli_start_form").text("value", part), catalogue());
      continue;
    }
    t[part.substr(0, c)] = typed_value(part.substr(c + 1));
  }
  return t;
}

}  // namespace

json setup_from_args(const GameRules& base, const std::vector<std::pair<std::string, std::string>>& kv,
                     Diagnostics& d) {
  std::vector<std::pair<std::string, std::string>> rest;
  std::string end;
  json start = json::object();
  for (const auto& [k, v] : kv) {
    if (k == "end" || k == "session_end" || k == "option.session_end" || k == "opt.session_end") {
      end = v;
    } else if (k == "start" || k == "totals" || k == "start.totals") {
      start["totals"] = start_totals_word(v, d);
    } else if (k == "hands_played" || k == "start.hands_played") {
      start["hands_played"] = typed_value(v);
    } else {
      rest.emplace_back(k, v);
    }
  }
  json setup = base.GameRules::setup_from_args(rest, d);
  if (!end.empty()) setup["options"]["session_end"] = session_end_word(end, d);
  if (!start.empty()) setup["start"] = start;
  return setup;
}

std::vector<FieldSpec> field_table() {
  std::vector<std::string> figs;
  for (const auto& f : k_figurak) figs.emplace_back(f.id);
  std::vector<std::string> suits(k_suit_ids.begin(), k_suit_ids.end());
  std::vector<std::string> kinds(k_kind_ids.begin(), k_kind_ids.end());
  return {
      {"hand", "int", false, {}, help_text("alsos.field.hand", "hand number 1, 2, 3... (default: the next one)")},
      {"dealer",
       "player",
       false,
       {},
       help_text("alsos.field.dealer", "dealer (default: the expected one); with 4 players he sits out")},
      {"turn_up_suit", "enum", false, suits,
       help_text("alsos.field.turn_up_suit",
                 "suit of the turn-up card; CLI turn=piros (tells a round-1 trump from a round-2 one)")},
      {"contract", "object", true, kinds,
       help_text(
           "alsos.field.contract",
           "{kind, trump_suit, declarer}; CLI contract=trump:piros:B | piros:B | no_trumps:A (nt:A) | betli:C | kloptzky | misdeal")},
      {"game_kontra",
       "array",
       false,
       {},
       help_text(
           "alsos.field.game_kontra",
           "kontra chain on the game, [{by, phase}] = kontra, rekontra, szubkontra; CLI game_kontra=C:late,B:late (short: kontra=; phase early|late, e|l)")},
      {"figurak", "array", false, figs,
       help_text(
           "alsos.field.figurak",
           "[{by, name, phase, kontra, made}]; CLI figurak=BY:NAME:PHASE[:made|failed][/KBY:KPHASE...], comma separated, e.g. "
           "figura=B:kassza:early,A:tuli:early/B:early/A:late,C:negy_asz:late:failed")},
      {"gyerunk",
       "object",
       false,
       {"accepted", "surrendered"},
       help_text("alsos.field.gyerunk",
                 "{by, level 1-4, outcome}; CLI gyerunk=C:2:surrendered (or C:accepted for level 1)")},
      {"tricks",
       "object",
       false,
       {},
       help_text("alsos.field.tricks",
                 "tricks per active player; CLI tricks=A:2,B:5,C:2 (betli: at least the declarer, tricks=C:0)")},
      {"card_points",
       "object",
       false,
       {},
       help_text(
           "alsos.field.card_points",
           "card points per active player incl. the last-trick 10, melds excluded; CLI card_points=A:28,B:96,C:20 (short: points=, cp=)")},
      {"last_trick", "player", false, {}, help_text("alsos.field.last_trick", "who won the last trick; CLI last=B")},
      {"melds",
       "object",
       false,
       {},
       help_text(
           "alsos.field.melds",
           "{player: {sequences, sets, bela}}; CLI melds=B:20:0:bela,A:0:80 (PLAYER:SEQUENCES[:SETS][:bela], or B:bela)")},
      {"unplayed_points",
       "int",
       false,
       {},
       help_text("alsos.field.unplayed_points",
                 "card points left out of play (talon); when given the points must balance exactly; CLI unplayed=18")},
      {"note", "string", false, {}, help_text("alsos.field.note", "free text")},
  };
}

const text::Labels& labels() {
  // the set-up (§2.1), the hand fields (§2.2) and their values, then the options (§6)
  static const text::Labels& table = *new text::Labels([] {
    text::Labels l{
        text::said_label("start", "starting totals {}"),
        text::said_label("turn_up_suit", "turn-up {}"),
        {"=makk", "makk"},
        {"=piros", "piros"},
        {"=tok", "tök"},
        {"=zold", "zöld"},
        {"contract", "{}"},
        {"contract.kind", "{}"},
        text::said_label("=trump", "trump game"),
        text::said_label("=no_trumps", "no trumps"),
        {"=betli", "betli"},
        {"=kloptzky", "kloptzky"},
        text::said_label("=misdeal", "misdeal"),
        text::said_label("contract.trump_suit", "in {}"),
        text::said_label("contract.declarer", "by {}"),
        {"game_kontra", "kontra {}"},
        {"by", "{}"},
        {"figurak", "figurák {}"},
        {"name", "{}"},
        {"phase", "{}"},
        text::said_label("=early", "early"),
        text::said_label("=late", "late"),
        {"kontra", "kontra {}"},
        text::said_label("made", "made"),
        text::said_label("made=false", "failed"),
        {"gyerunk", "gyerünk {}"},
        text::said_label("level", "level {}"),
        {"outcome", "{}"},
        text::said_label("=accepted", "accepted"),
        text::said_label("=surrendered", "surrendered"),
        {"tricks", "tricks {}"},
        text::said_label("card_points", "card points {}"),
        {"last_trick", "last trick {}"},
        text::said_label("melds", "melds {}"),
        text::said_label("sequences", "{} in sequences"),
        text::said_label("sets", "{} in sets"),
        {"bela", "béla"},
        {"bela=false", ""},
        text::said_label("unplayed_points", "{} points out of play"),
    };
    for (const auto& f : k_figurak) l.add("=" + std::string(f.id), std::string(f.label));  // the figurák by name
    return common::game_labels(std::move(l), option_labels());
  }());
  return table;
}

}  // namespace marque::rules::alsos
