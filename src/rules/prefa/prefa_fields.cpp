// Prefa on the command line: one `marque hand` line per hand and the `start.*` set-up words.
//
//   marque hand declarer=B contract=7H calls=C:play,A:pass along=C tricks=B:7,C:3
//   marque hand type=all_pass
//   marque hand declarer=A contract=10D tricks=A:10,B:0,C:0
//   marque hand declarer=B contract=6NT calls=C:pass,A:pass            (both defenders pass)
//   marque hand declarer=B contract=7H calls=C:play,A:play tricks=B:6,C:3,A:1 auction=B:6S,C:6C,A:pass,B:6C,C:pass
//   marque hand type=polles tricks=A:5,B:3,C:2
//
// Scalars are key=value; per-player maps are P:v,Q:w; the auction is a list of PLAYER:CALL in order.
// Player names may be typed in any letter case or accents (folded as at `start`) when that is unambiguous;
// contracts in any case (7h = 7H).
// `type` defaults to contract when a declarer is typed; the tricks of players who played are filled in where
// the others' decide them (complete_tricks: tricks=B:10 at 10D gives the defenders 0); nothing else is filled
// in (hand and dealer default in the engine to the next hand and the expected dealer).
#include <cctype>

#include "core/unicode.hpp"
#include "rules/common/help_text.hpp"
#include "rules/prefa/prefa.hpp"

namespace marque::rules::prefa {

namespace {

const std::vector<std::string> k_keys = {"hand",   "dealer",  "type",    "declarer",  "contract",     "calls", "along",
                                         "tricks", "auction", "won_bid", "four_aces", "first_bidder", "note"};

using common::lower;

std::string upper(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// Exact name, else the one name equal once folded (case, accents: core/unicode), else the text as typed (the engine
// reports it).
std::string resolve(const std::string& typed, const std::vector<std::string>& players) {
  for (const auto& p : players)
    if (p == typed) return p;
  std::string hit;
  int count = 0;
  for (const auto& p : players)
    if (unicode::same_name(p, typed)) {
      hit = p;
      ++count;
    }
  return count == 1 ? hit : typed;
}

// "P:v,Q:w" -> pairs; false (with an error on `key`) when an item lacks the colon.
bool split_pairs(const std::string& key, const std::string& value, const std::string& example,
                 std::vector<std::pair<std::string, std::string>>& out, Diagnostics& diags) {
  for (const auto& item : split_list(value)) {
    auto colon = item.rfind(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == item.size()) {
      diags.error(key, "prefa.cli_syntax",
                  text::Message("prefa.err.cli_pair").text("value", item).text("example", example), catalogue());
      return false;
    }
    auto trim = [](std::string s) {
      while (!s.empty() && s.back() == ' ') s.pop_back();
      while (!s.empty() && s.front() == ' ') s.erase(s.begin());
      return s;
    };
    out.emplace_back(trim(item.substr(0, colon)), trim(item.substr(colon + 1)));
  }
  return true;
}

}  // namespace

json record_from_args(const std::vector<std::pair<std::string, std::string>>& kv, const Game& game,
                      Diagnostics& diags) {
  const auto players = game.players();
  json rec = json::object();
  for (const auto& [key, value] : kv) {
    if (key == "hand") {
      rec["hand"] = typed_value(value);
    } else if (key == "dealer" || key == "declarer" || key == "first_bidder") {
      rec[key] = resolve(value, players);
    } else if (key == "along") {
      std::string v = lower(value);
      rec["along"] = (v.empty() || v == "none" || v == "null" || v == "-") ? json(nullptr)
                                                                           : json(resolve(value, players));
    } else if (key == "type") {
      rec["type"] = lower(value);
    } else if (key == "contract" || key == "won_bid") {
      rec[key] = upper(value);
    } else if (key == "four_aces") {
      std::string v = lower(value);
      if (v == "true" || v == "yes" || v == "1" || v == "on")
        rec["four_aces"] = true;
      else if (v == "false" || v == "no" || v == "0" || v == "off")
        rec["four_aces"] = false;
      else
        diags.error("four_aces", "prefa.cli_syntax", text::Message("prefa.err.cli_bool").text("value", value),
                    catalogue());
    } else if (key == "calls") {
      std::vector<std::pair<std::string, std::string>> pairs;
      if (!split_pairs(key, value, "calls=C:play,A:pass", pairs, diags)) continue;
      json calls = json::object();
      for (const auto& [p, c] : pairs) calls[resolve(p, players)] = lower(c);
      rec["calls"] = calls;
    } else if (key == "tricks") {
      std::vector<std::pair<std::string, std::string>> pairs;
      if (!split_pairs(key, value, "tricks=B:7,C:2,A:1", pairs, diags)) continue;
      json tricks = json::object();
      for (const auto& [p, t] : pairs) tricks[resolve(p, players)] = typed_value(t);
      rec["tricks"] = tricks;
    } else if (key == "auction") {
      std::vector<std::pair<std::string, std::string>> pairs;
      if (!split_pairs(key, value, "auction=B:6S,C:6C,A:pass,B:6C,C:pass", pairs, diags)) continue;
      json calls = json::array();
      for (const auto& [p, c] : pairs) {
        std::string call = lower(c) == "pass" || lower(c) == "prov" ? lower(c) : upper(c);
        calls.push_back({{"player", resolve(p, players)}, {"call", call}});
      }
      rec["auction"] = calls;
    } else if (key == "note") {
      rec["note"] = value;
    } else {
      std::string known;
      for (const auto& k : k_keys) known += (known.empty() ? "" : ", ") + k;
      diags.error(key, "prefa.cli_key",
                  text::Message("prefa.err.cli_unknown_field").text("key", key).text("fields", known), catalogue());
    }
  }
  // spec prefa §2.2: a hand with a declarer is a contract unless the scorer typed another type.
  if (!rec.contains("type") && rec.contains("declarer")) rec["type"] = "contract";
  if (const auto* prefa = dynamic_cast<const PrefaGame*>(&game))
    complete_tricks(rec, players, prefa->options(), prefa->state());
  return rec;
}

json start_from_args(const std::vector<std::pair<std::string, std::string>>& kv, json setup, Diagnostics& diags) {
  if (kv.empty()) return setup;
  std::vector<std::string> players;
  if (setup.contains("players") && setup["players"].is_array())
    for (const auto& p : setup["players"])
      if (p.is_string()) players.push_back(p.get<std::string>());
  json start = json::object();
  for (const auto& [key, value] : kv) {
    std::string sub = key.substr(6);
    if (sub == "pools") {
      std::vector<std::pair<std::string, std::string>> pairs;
      if (!split_pairs(key, value, "start.pools=A:12,B:3,C:20", pairs, diags)) continue;
      json pools = json::object();
      for (const auto& [p, v] : pairs) pools[resolve(p, players)] = typed_value(v);
      start["pools"] = pools;
    } else if (sub == "received") {
      // start.received=A/B:97,A/C:33  (A has received 97 from B, 33 from C)
      std::vector<std::pair<std::string, std::string>> pairs;
      if (!split_pairs(key, value, "start.received=A/B:97,B/A:56 (A received 97 from B)", pairs, diags)) continue;
      json rec = start.contains("received") ? start["received"] : json::object();
      for (const auto& [pq, v] : pairs) {
        auto slash = pq.find('/');
        if (slash == std::string::npos) {
          diags.error(key, "prefa.cli_syntax", text::Message("prefa.err.cli_to_from").text("value", pq), catalogue());
          continue;
        }
        rec[resolve(pq.substr(0, slash), players)][resolve(pq.substr(slash + 1), players)] = typed_value(v);
      }
      start["received"] = rec;
    } else if (sub == "dealer") {
      start["dealer"] = resolve(value, players);
    } else if (sub == "hands_played") {
      start["hands_played"] = typed_value(value);
    } else {
      diags.error(key, "prefa.cli_key", text::Message("prefa.err.cli_start_field").text("key", sub), catalogue());
    }
  }
  setup["start"] = start;
  return setup;
}

// spec prefa §2.2
std::vector<FieldSpec> field_table() {
  return {
      {"hand", "int", false, {}, help_text("prefa.field.hand", "hand number, consecutive (default: the next one)")},
      {"dealer",
       "player",
       false,
       {},
       help_text("prefa.field.dealer", "who dealt (default: the right-hand neighbour of the previous dealer)")},
      {"type",
       "enum",
       false,
       {"contract", "all_pass", "withdrawn", "conceded", "polles"},
       help_text("prefa.field.type", "hand type (default contract when a declarer is given)")},
      {"auction",
       "array",
       false,
       {},
       help_text("prefa.field.auction",
                 "optional calls in order; CLI: auction=B:6S,C:6C,A:pass,... (call: pass, 6S..10H, prov)")},
      {"first_bidder",
       "player",
       false,
       {},
       help_text("prefa.field.first_bidder",
                 "hand 1 with option first_hand_seven_of_diamonds: the 7-of-diamonds holder")},
      {"declarer",
       "player",
       false,
       {},
       help_text("prefa.field.declarer", "required for contract, withdrawn, conceded")},
      {"contract",
       "string",
       false,
       {},
       help_text("prefa.field.contract",
                 "final contract 6S..10H (10NT with option ten_no_trumps); required for contract, conceded")},
      {"won_bid",
       "string",
       false,
       {},
       help_text("prefa.field.won_bid", "declarer's last auction bid when no auction is recorded")},
      {"four_aces",
       "bool",
       false,
       {},
       help_text("prefa.field.four_aces", "declarer announced four aces (option four_aces)")},
      {"calls",
       "object",
       false,
       {},
       help_text("prefa.field.calls", "defenders' play/pass, levels 6..9; CLI: calls=C:play,A:pass")},
      {"along", "player", false, {}, help_text("prefa.field.along", "the defender who takes the other along")},
      {"tricks",
       "object",
       false,
       {},
       help_text("prefa.field.tricks", "tricks of every player who played; CLI: tricks=B:7,C:3")},
      {"note", "string", false, {}, help_text("prefa.field.note", "free text")},
  };
}

const text::Labels& labels() {
  // the set-up (§2.1), the hand fields (§2.2) and their values, then the options (§6)
  static const text::Labels& table = *new text::Labels(common::game_labels(
      {
          text::said_label("initial_pool", "pools of {}"),
          text::said_label("scorer", "scorer {}"),
          {"stake", "stake {} a point"},
          {"type", "{}"},
          {"type=contract", ""},
          text::said_label("=all_pass", "all passed"),
          text::said_label("=withdrawn", "withdrawn"),
          text::said_label("=conceded", "conceded"),
          {"=polles", "polles"},
          {"auction", "auction {}"},
          {"auction.player", "{}"},
          {"auction.call", "{}"},
          text::said_label("=pass", "pass"),
          {"=prov", "prov"},
          text::said_label("first_bidder", "first bidder {}"),
          text::said_label("declarer", "declarer {}"),
          text::said_label("contract", "contract {}"),
          text::said_label("won_bid", "won the auction at {}"),
          text::said_label("four_aces", "four aces"),
          {"four_aces=false", ""},
          text::said_label("calls", "calls {}"),
          text::said_label("=play", "play"),
          text::said_label("along", "{} takes the other along"),
          text::said_label("tricks", "tricks {}"),
          {"outcome", "{}"},
          text::said_label("=made", "made"),
          text::said_label("=made_unplayed", "made without play"),
          text::said_label("=down_1", "down 1"),
          text::said_label("=down_2plus", "down 2 or more"),
          text::said_label("=defence_failed", "defence failed"),
          {"reason", "{}"},
          text::said_label("=declarer_down", "declarer down"),
          text::said_label("=defender_tricks", "defenders' tricks"),
          text::said_label("reason=four_aces", "four aces"),
          text::said_label("=overflow", "overflow"),
          text::said_label("=partner_compensation", "compensation to the partner"),
          text::said_label("=sitting_out_dealer", "to the dealer sitting out"),
          text::said_label("=withdrawal", "withdrawal"),
      },
      option_labels()));
  return table;
}

}  // namespace marque::rules::prefa
