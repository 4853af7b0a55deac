// Piquet command-line syntax: `marque start piquet ...` and `marque hand ...` words -> records.
//
// Hand words (one deal per command; NAME = a player, or the role elder / younger of this deal):
//   dealer=NAME | elder=NAME | younger=NAME        who dealt (younger) / who is elder; default: the alternation
//   carte=NAME                                     carte blanche (aliases blanche=, cb=, carte_blanche=)
//   point=NAME:CARDS[:PIPS] | point=equal:CARDS[:PIPS]
//   seq=NAME:LEN:TOP[,LEN:TOP...] | seq=none | seq=equal[:LEN:TOP]
//        LEN = 3..8 or tierce, quart, quint, sixieme, septieme, huitieme; TOP = A K Q J 10 9 8 7, major, minor
//   sets=NAME:KIND:RANK[,KIND:RANK...] | sets=none       KIND = trio (3) or quatorze (4, 14)
//   tricks=NAME:N[,NAME:N]                         one count is enough: the other takes the rest of the 12
//   play=NAME:N,NAME:N                             play points (alias play_points=)
//   pique=yes|no (alias elder_piqued=)   concession=NAME   reckons_nothing=NAME   game_winner=NAME   check=NAME:N,NAME:N
//   totals=NAME:N,NAME:N                           totals entry (old score cards)
//   redeal=yes [reason=TEXT]                       void deal
// Example: marque hand elder=Ann point=Ann:5:49 seq=Ann:quart:A sets=Ben:quatorze:10,trio:Q tricks=Ann:7 play=Ann:9,Ben:6
#include <algorithm>
#include <cctype>

#include "rules/common/help_text.hpp"
#include "rules/piquet/piquet.hpp"

namespace marque::rules::piquet {

namespace {

using common::lower;

bool parse_int(const std::string& s, int& out) {
  if (s.empty() || s.size() > 6) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  out = std::stoi(s);
  return true;
}

int length_of(const std::string& t) {
  int n = 0;
  if (parse_int(t, n)) return n;
  static const std::vector<std::pair<std::string, int>> names = {
      {"tierce", 3},   {"quart", 4},        {"quarte", 4},   {"quatrieme", 4}, {"quint", 5},
      {"quinte", 5},   {"sixieme", 6},      {"sixième", 6},  {"seizieme", 6},  {"septieme", 7},
      {"septième", 7}, {"dix-septieme", 7}, {"huitieme", 8}, {"huitième", 8},  {"dix-huitieme", 8}};
  std::string l = lower(t);
  for (const auto& [k, v] : names)
    if (l == k) return v;
  return -1;
}

std::string upper(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char ch) { return static_cast<char>(std::toupper(ch)); });
  return s == "T" ? "10" : s;
}

struct Ctx {
  std::vector<std::string> players;
  std::string dealer;  // "" when unknown
  Diagnostics* d;
};

// NAME (any case) -> the player's name; "" when not a player
std::string player_name(const Ctx& c, const std::string& tok) {
  int i = common::player_index(c.players, tok);
  return i < 0 ? "" : c.players[static_cast<size_t>(i)];
}

// NAME or elder/younger -> role string; "" on error (reported)
std::string role_of(const Ctx& c, const std::string& key, const std::string& tok) {
  std::string l = lower(tok);
  if (l == "elder" || l == "younger") return l;
  std::string p = player_name(c, tok);
  if (p.empty()) {
    err(*c.d, key, "piquet.cli_player",
        text::Message("piquet.err.cli_role")
            .text("value", tok)
            .text("first", c.players[0])
            .text("second", c.players[1]));
    return "";
  }
  if (c.dealer.empty()) {
    err(*c.d, key, "piquet.cli_roles", text::Message("piquet.err.cli_roles").text("player", p));
    return "";
  }
  return p == c.dealer ? "younger" : "elder";
}

json sequence_item(const Ctx& c, const std::string& key, const std::string& len_tok, const std::string& top_tok) {
  int len = length_of(len_tok);
  if (len < 0) {
    err(*c.d, key, "piquet.cli_sequence", text::Message("piquet.err.cli_length").text("value", len_tok));
    return nullptr;
  }
  std::string t = lower(top_tok);
  json top;
  if (t == "major")
    top = "A";
  else if (t == "minor")
    top = len >= 1 && len <= 8 ? json(k_ranks[static_cast<size_t>(len - 1)]) : json("7");
  else
    top = upper(top_tok);
  return json{{"length", len}, {"top", top}};
}

json set_item(const Ctx& c, const std::string& key, const std::string& kind_tok, const std::string& rank_tok) {
  std::string k = lower(kind_tok);
  int count = 0;
  if (k == "trio" || k == "three" || k == "3" || k == "trois")
    count = 3;
  else if (k == "quatorze" || k == "four" || k == "4" || k == "14")
    count = 4;
  else {
    err(*c.d, key, "piquet.cli_set", text::Message("piquet.err.cli_set_kind").text("value", kind_tok));
    return nullptr;
  }
  return json{{"rank", upper(rank_tok)}, {"count", count}};
}

// NAME:N[,NAME:N] -> {elder: n, younger: n}
json role_pairs(const Ctx& c, const std::string& key, const std::string& v) {
  json o = json::object();
  for (const auto& part : split_list(v)) {
    auto bits = split_list(part, ':', true);
    int n = 0;
    if (bits.size() != 2 || !parse_int(bits[1], n)) {
      err(*c.d, key, "piquet.cli_pair",
          text::Message("piquet.err.cli_pair").text("value", part).text("key", key).text("player", c.players[0]));
      continue;
    }
    std::string r = role_of(c, key, bits[0]);
    if (!r.empty()) o[r] = n;
  }
  return o;
}

bool yes_no(const std::string& v, bool& out) {
  std::string l = lower(v);
  if (l == "yes" || l == "true" || l == "y" || l == "1") {
    out = true;
    return true;
  }
  if (l == "no" || l == "false" || l == "n" || l == "0") {
    out = false;
    return true;
  }
  return false;
}

const char* k_known_keys =
    "dealer, elder, younger, entry, carte (blanche, cb, carte_blanche), point, seq (sequences), sets, tricks, play "
    "(play_points), pique (elder_piqued), concession, reckons_nothing, game_winner, check (check_totals), totals, redeal, reason";

// ---- one word each: key=value -> its record field ---------------------------------------------------------

// carte=NAME | none
void word_carte(const Ctx& c, const std::string& v, json& rec) {
  std::string l = lower(v);
  if (l == "none" || l == "null" || l == "no" || l.empty())
    rec["carte_blanche"] = nullptr;
  else if (l == "both")
    rec["carte_blanche"] = "both";  // refused by the engine with the rule
  else {
    std::string r = role_of(c, "carte_blanche", v);
    if (!r.empty()) rec["carte_blanche"] = r;
  }
}

// point=NAME:CARDS[:PIPS] | equal:CARDS[:PIPS]
void word_point(const Ctx& c, const std::string& v, json& rec) {
  auto bits = split_list(v, ':', true);
  int cards = 0, pips = 0;
  if (bits.size() < 2 || bits.size() > 3 || !parse_int(bits[1], cards) ||
      (bits.size() == 3 && !parse_int(bits[2], pips))) {
    err(*c.d, "point", "piquet.cli_point",
        text::Message("piquet.err.cli_point").text("value", v).text("player", c.players[0]));
    return;
  }
  json p = json::object();
  if (lower(bits[0]) == "equal") {
    p["winner"] = "equal";
  } else {
    std::string r = role_of(c, "point", bits[0]);
    if (r.empty()) return;
    p["winner"] = r;
  }
  p["cards"] = cards;
  if (bits.size() == 3) p["pips"] = pips;
  rec["point"] = p;
}

// NAME:A:B,A:B,... -> the winner's role and the items made by `item` of each A:B; false when the winner is unknown
// (the refusal of an item's form names the player of its example)
using ItemReader = json (*)(const Ctx&, const std::string&, const std::string&, const std::string&);
bool scored_list(const Ctx& c, const std::string& field, const std::vector<std::string>& items, ItemReader item,
                 const std::string& example_player, json& s) {
  auto first = split_list(items[0], ':', true);
  std::string r = role_of(c, field, first[0]);
  if (r.empty()) return false;
  s["winner"] = r;
  json scored = json::array();
  for (size_t i = 0; i < items.size(); ++i) {
    auto bits = split_list(items[i], ':', true);
    if (i == 0) bits.erase(bits.begin());
    if (bits.size() != 2) {
      err(*c.d, field, field == "sets" ? "piquet.cli_set" : "piquet.cli_sequence",
          text::Message("piquet.err.cli_item")
              .text("value", items[i])
              .text("field", field)
              .text("player", example_player));
      continue;
    }
    json one = item(c, field, bits[0], bits[1]);
    if (!one.is_null()) scored.push_back(one);
  }
  s["scored"] = scored;
  return true;
}

// seq=NAME:LEN:TOP[,LEN:TOP...] | none | equal[:LEN:TOP]
void word_sequences(const Ctx& c, const std::string& v, json& rec) {
  json s = {{"winner", "none"}, {"scored", json::array()}};
  std::string l = lower(v);
  auto items = split_list(v);
  if (items.empty()) items.push_back(v);
  auto first = split_list(items[0], ':', true);
  if (l == "none" || l.empty()) {
    // as initialised
  } else if (lower(first[0]) == "equal") {
    s["winner"] = "equal";
    if (first.size() == 3)
      s["equal_to"] = sequence_item(c, "sequences", first[1], first[2]);
    else if (first.size() != 1)
      err(*c.d, "sequences", "piquet.cli_sequence", text::Message("piquet.err.cli_equal").text("value", v));
  } else if (!scored_list(c, "sequences", items, &sequence_item, c.players[0], s)) {
    return;
  }
  rec["sequences"] = s;
}

// sets=NAME:KIND:RANK[,KIND:RANK...] | none
void word_sets(const Ctx& c, const std::string& v, json& rec) {
  json s = {{"winner", "none"}, {"scored", json::array()}};
  std::string l = lower(v);
  auto items = split_list(v);
  if (items.empty()) items.push_back(v);
  if (l == "none" || l.empty()) {
    // as initialised
  } else if (lower(split_list(items[0], ':', true)[0]) == "equal") {
    s["winner"] = "equal";  // refused by the engine with the rule
  } else if (!scored_list(c, "sets", items, &set_item, c.players[1], s)) {
    return;
  }
  rec["sets"] = s;
}

// tricks=NAME:N[,NAME:N]: one count is enough, the other takes the rest of the 12
void word_tricks(const Ctx& c, const std::string& v, json& rec) {
  json t = role_pairs(c, "tricks", v);
  if (t.size() == 1) {
    std::string given = t.begin().key();
    int n = t.begin().value().get<int>();
    t[given == "elder" ? "younger" : "elder"] = 12 - n;
  }
  rec["tricks"] = t;
}

void word_pique(const Ctx& c, const std::string& v, json& rec) {
  bool b = false;
  std::string l = lower(v);
  if (l == "null" || l == "auto")
    rec["pique"] = nullptr;
  else if (!yes_no(v, b))
    err(*c.d, "pique", "piquet.cli_bool", text::Message("piquet.err.cli_yes_no").text("value", v));
  else
    rec["pique"] = b;
}

// concession=NAME | reckons_nothing=NAME | none
void word_role_or_none(const Ctx& c, const std::string& field, const std::string& v, json& rec) {
  std::string l = lower(v);
  if (l == "none" || l == "null" || l.empty()) {
    rec[field] = nullptr;
    return;
  }
  std::string r = role_of(c, field, v);
  if (!r.empty()) rec[field] = r;
}

void word_game_winner(const Ctx& c, const std::string& v, json& rec) {
  std::string p = player_name(c, v);
  if (p.empty())
    err(*c.d, "game_winner", "piquet.cli_player",
        text::Message("piquet.err.cli_player")
            .text("value", v)
            .text("first", c.players[0])
            .text("second", c.players[1]));
  else
    rec["game_winner"] = p;
}

// totals=NAME:N,NAME:N (totals entry)
void word_totals(const Ctx& c, const std::string& v, json& rec) {
  json t = json::object();
  for (const auto& part : split_list(v)) {
    auto bits = split_list(part, ':', true);
    int n = 0;
    std::string p = bits.size() == 2 ? player_name(c, bits[0]) : "";
    if (bits.size() != 2 || !parse_int(bits[1], n) || p.empty()) {
      err(*c.d, "totals", "piquet.cli_totals",
          text::Message("piquet.err.cli_totals")
              .text("value", part)
              .text("first", c.players[0])
              .text("second", c.players[1]));
      continue;
    }
    t[p] = n;
  }
  rec["entry"] = "totals";
  rec["totals"] = t;
}

// One word other than the dealer's; false when the key is unknown.
bool read_word(const Ctx& c, const std::string& key, const std::string& v, json& rec) {
  bool b = false;
  if (key == "entry")
    rec["entry"] = v;
  else if (key == "redeal") {
    if (!yes_no(v, b)) err(*c.d, "redeal", "piquet.cli_bool", text::Message("piquet.err.cli_yes_no").text("value", v));
    rec["redeal"] = b;
  } else if (key == "reason")
    rec["reason"] = v;
  else if (key == "carte" || key == "blanche" || key == "cb" || key == "carte_blanche")
    word_carte(c, v, rec);
  else if (key == "point")
    word_point(c, v, rec);
  else if (key == "seq" || key == "sequences")
    word_sequences(c, v, rec);
  else if (key == "sets")
    word_sets(c, v, rec);
  else if (key == "tricks")
    word_tricks(c, v, rec);
  else if (key == "play" || key == "play_points")
    rec["play_points"] = role_pairs(c, "play_points", v);
  else if (key == "check" || key == "check_totals")
    rec["check_totals"] = role_pairs(c, "check_totals", v);
  else if (key == "pique" || key == "elder_piqued")
    word_pique(c, v, rec);
  else if (key == "concession" || key == "concede")
    word_role_or_none(c, "concession", v, rec);
  else if (key == "reckons_nothing" || key == "penalty")
    word_role_or_none(c, "reckons_nothing", v, rec);
  else if (key == "game_winner" || key == "winner")
    word_game_winner(c, v, rec);
  else if (key == "totals")
    word_totals(c, v, rec);
  else
    return false;
  return true;
}

}  // namespace

json record_from_args(const std::vector<std::pair<std::string, std::string>>& kv, const Game& game, Diagnostics& d) {
  Ctx c{game.players(), game.next_dealer(), &d};
  json rec = json::object();
  if (c.players.size() != 2) return rec;
  if (game.finished()) {  // spec piquet §3 V-G1
    err(d, "entry", "piquet.game_over",
        text::Message("piquet.err.cli_game_over")
            .text("mode", game.result().value("mode", std::string()) == "rubicon" ? "rubicon" : "classic")
            .text("result", game.result().dump()));
    return rec;
  }
  // the dealer first: roles depend on it
  for (const auto& [k, v] : kv) {
    if (k != "dealer" && k != "elder" && k != "younger") continue;
    std::string p = player_name(c, v);
    if (p.empty()) {
      err(d, "dealer", "piquet.cli_player",
          text::Message("piquet.err.cli_player")
              .text("value", v)
              .text("first", c.players[0])
              .text("second", c.players[1]));
      continue;
    }
    std::string dealer = k == "elder" ? (p == c.players[0] ? c.players[1] : c.players[0]) : p;
    rec["dealer"] = dealer;
    c.dealer = dealer;
  }
  for (const auto& [key, v] : kv) {
    if (key == "dealer" || key == "elder" || key == "younger") continue;
    if (!read_word(c, key, v, rec))
      err(d, key, "piquet.cli_unknown",
          text::Message("piquet.err.cli_unknown").text("key", key).text("fields", k_known_keys));
  }
  return rec;
}

// `marque start piquet players=Ann,Ben dealer=Ben|elder=Ann [mode=rubicon] [option.ID=V] [start.totals=Ann:40,Ben:25]
// [start.deals=3] [start.games_won=Ann:1] [start.balance=Ann:416,Ben:-416]`
json setup_from_args(const std::vector<std::pair<std::string, std::string>>& kv, Diagnostics& d) {
  std::vector<std::pair<std::string, std::string>> rest;
  std::string elder;
  json start = json::object();
  json shortcuts = json::object();
  for (const auto& [k, v] : kv) {
    if (k == "elder") {
      elder = v;
    } else if (k == "mode" || k == "target" || k == "match" || k == "partie_deals") {
      shortcuts[k] = typed_value(v);
    } else if (k.rfind("start.", 0) == 0) {
      std::string sub = k.substr(6);
      if (sub == "deals") {
        start["deals"] = typed_value(v);
      } else {
        json m = json::object();
        for (const auto& part : split_list(v)) {
          auto bits = split_list(part, ':', true);
          if (bits.size() != 2) {
            err(d, "start." + sub, "piquet.cli_start", text::Message("piquet.err.cli_start_pair").text("value", part));
            continue;
          }
          m[bits[0]] = typed_value(bits[1]);
        }
        start[sub] = m;
      }
    } else {
      rest.emplace_back(k, v);
    }
  }
  json setup = base_setup_from_args(rest, d);
  for (auto it = shortcuts.begin(); it != shortcuts.end(); ++it)
    if (!setup["options"].contains(it.key())) setup["options"][it.key()] = it.value();
  if (!elder.empty()) {
    if (!setup.contains("players") || !setup["players"].is_array() || setup["players"].size() != 2) {
      err(d, "first_dealer", "piquet.cli_elder", text::Message("piquet.err.cli_elder_players"));
    } else {
      const json& ps = setup["players"];
      if (ps[0] == elder)
        setup["first_dealer"] = ps[1];
      else if (ps[1] == elder)
        setup["first_dealer"] = ps[0];
      else
        err(d, "first_dealer", "piquet.cli_elder", text::Message("piquet.err.cli_elder").text("value", elder));
    }
  }
  if (!start.empty()) setup["start"] = start;
  return setup;
}

// spec piquet §2.4 / 2.5 / 2.6
std::vector<FieldSpec> field_table() {
  const std::vector<std::string> roles = {"elder", "younger"};
  return {
      {"entry",
       "enum",
       false,
       {"detail", "totals"},
       help_text("piquet.field.entry", "record kind (default detail); CLI: totals=... selects totals")},
      {"dealer",
       "player",
       false,
       {},
       help_text("piquet.field.dealer",
                 "younger hand of this deal; checked against the alternation (CLI: dealer=NAME or elder=NAME)")},
      {"redeal",
       "bool",
       false,
       {},
       help_text("piquet.field.redeal",
                 "void deal (misdeal): no score, same dealer again (CLI: redeal=yes [reason=...])")},
      {"reason", "string", false, {}, help_text("piquet.field.reason", "why the deal was void")},
      {"carte_blanche",
       "enum",
       false,
       {"elder", "younger"},
       help_text("piquet.field.carte_blanche", "who showed a blank hand, 10 points (CLI: carte=NAME)")},
      {"point",
       "object",
       true,
       {},
       help_text("piquet.field.point",
                 "{winner: elder|younger|equal, cards, pips} (CLI: point=NAME:5[:49] or point=equal:4[:38])")},
      {"sequences",
       "object",
       false,
       {},
       help_text(
           "piquet.field.sequences",
           "{winner: elder|younger|equal|none, scored: [{length, top}]} (CLI: seq=NAME:quart:A,tierce:9 | seq=none | seq=equal[:quint:K])")},
      {"sets",
       "object",
       false,
       {},
       help_text(
           "piquet.field.sets",
           "{winner: elder|younger|none, scored: [{rank, count}]} (CLI: sets=NAME:quatorze:10,trio:Q | sets=none)")},
      {"tricks",
       "object",
       true,
       {},
       help_text("piquet.field.tricks", "{elder, younger}, sum 12 (CLI: tricks=NAME:7 or tricks=NAME:7,NAME:5)")},
      {"play_points",
       "object",
       true,
       {},
       help_text("piquet.field.play_points",
                 "points made in play: leads, captures, last trick (CLI: play=NAME:9,NAME:6)")},
      {"pique",
       "bool",
       false,
       {},
       help_text("piquet.field.pique", "did elder pique; only when the record cannot tell (CLI: pique=yes|no)")},
      {"concession", "enum", false, roles,
       help_text("piquet.field.concession",
                 "rubicon final deal: who threw in his hand before play (CLI: concession=NAME)")},
      {"reckons_nothing", "enum", false, roles,
       help_text("piquet.field.reckons_nothing",
                 "Portland penalty: that player scores nothing (CLI: reckons_nothing=NAME)")},
      {"game_winner",
       "player",
       false,
       {},
       help_text("piquet.field.game_winner",
                 "classic: who won when both end on or above the target with a tie (CLI: game_winner=NAME)")},
      {"check_totals",
       "object",
       false,
       {},
       help_text("piquet.field.check_totals",
                 "{elder, younger}: the counts called out, compared (CLI: check=NAME:28,NAME:23)")},
      {"totals",
       "object",
       false,
       {},
       help_text("piquet.field.totals", "totals entry: {player: deal score} (CLI: totals=NAME:27,NAME:13)")},
  };
}

const text::Labels& labels() {
  // the set-up (§2.1), the deal fields (§2.2) and their values, then the options (§6)
  static const text::Labels& table = *new text::Labels(common::game_labels(
      {
          // guided entry's own questions (piquet_entry.cpp), as the phone's chips read them
          {"entry", "{}"},
          text::said_label("entry=detail", "in detail"),
          text::said_label("entry=totals", "the totals only"),
          text::said_label("carte", "carte blanche {}"),
          text::said_label("carte=none", "no carte blanche"),
          text::said_label("point_winner", "point to {}"),
          text::said_label("point_winner=equal", "point equal"),
          text::said_label("point_cards", "point of {} cards"),
          text::said_label("point_pips", "point making {}"),
          text::said_label("seq_winner", "sequences to {}"),
          text::said_label("seq_winner=equal", "sequences equal"),
          text::said_label("seq_winner=none", "no sequence"),
          text::said_label("sets_winner", "sets to {}"),
          text::said_label("sets_winner=none", "no sets"),
          text::said_label("start", "resumed from {}"),
          text::said_label("start.totals", "totals {}"),
          text::said_label("start.deals", "{} deals played"),
          text::said_label("start.games_won", "games won {}"),
          text::said_label("start.balance", "balance {}"),
          {"entry", "{}"},
          {"entry=detail", ""},
          text::said_label("entry=totals", "deal scores only"),
          text::said_label("redeal", "void deal"),
          {"redeal=false", ""},
          text::said_label("reason", "because {}"),
          text::said_label("carte_blanche", "carte blanche {}"),
          text::said_label("=elder", "elder"),
          text::said_label("=younger", "younger"),
          text::said_label("=equal", "equal"),
          text::said_label("point", "point {}"),
          {"point.winner", "{}"},
          text::said_label("point.cards", "{} cards"),
          text::said_label("point.pips", "{} pips"),
          text::said_label("sequences", "sequences {}"),
          {"sequences.winner", "{}"},
          {"sequences.scored", "{}"},
          text::said_label("length", "{} cards"),
          text::said_label("top", "to the {}"),
          text::said_label("sets", "sets {}"),
          {"sets.winner", "{}"},
          {"sets.scored", "{}"},
          {"rank", "{}"},
          {"count", "×{}"},
          text::said_label("tricks", "tricks {}"),
          // the two roles' counts ({elder, younger}) and a deal's score per category (the hand's echo)
          text::said_label("elder", "elder {}"),
          text::said_label("younger", "younger {}"),
          text::said_label("repique", "repique {}"),
          text::said_label("play", "play {}"),
          text::said_label("cards", "cards {}"),
          text::said_label("total", "total {}"),
          text::said_label("play_points", "play {}"),
          text::said_label("pique", "pique"),
          text::said_label("concession", "{} conceded"),
          text::said_label("reckons_nothing", "{} reckons nothing"),
          text::said_label("game_winner", "game to {}"),
          text::said_label("check_totals", "counted {}"),
          text::said_label("totals", "deal scores {}"),
      },
      option_labels()));
  return table;
}

}  // namespace marque::rules::piquet
