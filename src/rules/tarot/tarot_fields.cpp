// Tarot's fields: the field table and the command-line words of `marque start tarot ...` and `marque hand ...`.
#include <algorithm>
#include <cmath>
#include <iterator>
#include <string_view>

#include "core/text.hpp"
#include "rules/common/help_text.hpp"
#include "rules/tarot/tarot.hpp"

namespace marque::rules::tarot {

namespace {

constexpr const char* k_setup_keys =
    "players, dealer (or first_dealer), end (open | deals:N | target:X), end.mode, end.deals, end.target, "
    "stake_per_point, option.ID (or opt.ID, or the bare option id)";

constexpr const char* k_hand_keys =
    "type, dealer, taker, contract, partner, called (called_card), oudlers, oudler_cards, points, defence_points, "
    "attack_tricks, petit_au_bout, poignee (poignees), chelem, chelem_announced, petite_chelem_announced, "
    "misere (miseres), bids, note, reason, player";

// Contract names and the sheet's abbreviations (spec tarot §7), lower case.
struct ContractWord {
  const char* word;
  const char* contract;
};
constexpr ContractWord k_contract_words[] = {
    {"prise", "prise"},
    {"p", "prise"},
    {"petite", "petite"},
    {"pe", "petite"},
    {"pousse", "pousse"},
    {"po", "pousse"},
    {"garde", "garde"},
    {"g", "garde"},
    {"garde_sans", "garde_sans"},
    {"garde-sans", "garde_sans"},
    {"gs", "garde_sans"},
    {"garde_contre", "garde_contre"},
    {"garde-contre", "garde_contre"},
    {"gc", "garde_contre"},
};

std::string contract_word(const std::string& v) {
  std::string l = lower(v);
  for (const auto& w : k_contract_words)
    if (l == w.word) return w.contract;
  return v;  // validation names it
}

// Canonical spelling of a player name typed in any case; unknown names pass through (validation names them).
std::string player_word(const std::string& v, const std::vector<std::string>& players) {
  int i = common::player_index(players, v);
  return i < 0 ? v : players[static_cast<size_t>(i)];
}

bool null_word(const std::string& v) {
  std::string l = lower(v);
  return l.empty() || l == "null" || l == "none" || l == "-";
}

json bool_word(const std::string& v) {
  std::string l = lower(v);
  if (l == "true" || l == "yes" || l == "y" || l == "1" || l == "on") return true;
  if (l == "false" || l == "no" || l == "n" || l == "0" || l == "off") return false;
  return v;
}

// "47.5", "47,5" (French decimal comma) -> 47.5; else the typed value (validation names a non-number).
json number_word(const std::string& v) {
  std::string s = v;
  auto comma = s.find(',');
  if (comma != std::string::npos && s.find(',', comma + 1) == std::string::npos) s[comma] = '.';
  return typed_value(s);
}

std::string side_word(const std::string& v) {
  std::string l = lower(v);
  if (l == "a" || l == "attack" || l == "att") return "attack";
  if (l == "d" || l == "defence" || l == "defense" || l == "def") return "defence";
  if (l == "none" || l == "no") return "none";
  return v;
}

std::string level_word(const std::string& v) {
  std::string l = lower(v);
  if (l == "s" || l == "sp" || l == "simple" || l == "single") return "simple";
  if (l == "d" || l == "dp" || l == "double") return "double";
  if (l == "t" || l == "tp" || l == "triple") return "triple";
  return v;
}

}  // namespace

json setup_from_words(const std::vector<std::pair<std::string, std::string>>& kv, Diagnostics& diags) {
  json setup = json::object();
  json options = json::object();
  json end = json::object();
  auto option_ids = option_table();
  auto option_value = [&](const std::string& id, const std::string& v) {
    for (const auto& o : option_ids)
      if (o.id == id && o.type == "list") {
        json arr = json::array();
        for (const auto& part : split_list(v)) arr.push_back(part);
        return arr;
      }
    return typed_value(v);
  };
  for (const auto& [k, v] : kv) {
    if (k == "players") {
      setup["players"] = split_list(v);
    } else if (k == "dealer" || k == "first_dealer") {
      setup["first_dealer"] = v;
    } else if (k == "end") {
      // end=open | end=deals:8 | end=target:500
      auto parts = split_list(v, ':');
      std::string mode = parts.empty() ? "" : lower(parts[0]);
      end = json::object();
      end["mode"] = mode;
      if (parts.size() > 2 || (parts.size() == 2 && mode != "deals" && mode != "target") ||
          (parts.size() == 1 && mode != "open" && mode != "deals" && mode != "target")) {
        diags.error("end", "E_END", text::Message("tarot.err.end_rule").text("value", v), catalogue());
      } else if (parts.size() == 2) {
        end[mode] = typed_value(parts[1]);
      }
    } else if (k == "end.mode") {
      end["mode"] = lower(v);
    } else if (k == "end.deals") {
      end["deals"] = typed_value(v);
    } else if (k == "end.target") {
      end["target"] = typed_value(v);
    } else if (k == "stake_per_point" || k == "stake") {
      setup["stake_per_point"] = typed_value(v);
    } else if (k.rfind("option.", 0) == 0 || k.rfind("opt.", 0) == 0) {
      std::string id = k.substr(k.find('.') + 1);
      options[id] = option_value(id, v);
    } else {
      bool is_option = false;
      for (const auto& o : option_ids) is_option = is_option || o.id == k;
      if (is_option) {
        options[k] = option_value(k, v);
      } else {
        diags.error(k, "E_ARGS", text::Message("tarot.err.setup_key").text("key", k).text("keys", k_setup_keys),
                    catalogue());
      }
    }
  }
  if (!end.empty()) {
    if (!end.contains("mode")) end["mode"] = end.contains("target") ? "target" : "deals";
    setup["end"] = end;
  }
  setup["options"] = options;
  return setup;
}

namespace {

// partner=NAME, partner=self (the taker called himself), partner=chien/none/null (the called card was in the chien)
json partner_word(const std::string& v, const std::vector<std::string>& players) {
  std::string l = lower(v);
  if (null_word(v) || l == "chien" || l == "dog") return nullptr;
  if (l == "self") return "\x01self";  // resolved to the taker's name at the end
  return player_word(v, players);
}

// called=rank:suit, e.g. king:hearts (either order)
void called_words(const std::string& key, const std::string& v, json& rec, Diagnostics& diags) {
  auto parts = split_list(v, ':');
  if (parts.size() != 2) {
    diags.error(key, "E_ARGS", text::Message("tarot.err.called_words").text("value", v), catalogue());
    return;
  }
  std::string a = lower(parts[0]), b = lower(parts[1]);
  bool a_suit = a == "spades" || a == "hearts" || a == "diamonds" || a == "clubs";
  rec["called_card"] = a_suit ? json{{"rank", b}, {"suit", a}} : json{{"rank", a}, {"suit", b}};
}

// P:level[:trumps],... e.g. poignee=Ben:simple,Eve:double:13
void poignee_words(const std::string& v, json& rec, const std::vector<std::string>& players, Diagnostics& diags) {
  if (!rec.contains("poignees")) rec["poignees"] = json::array();
  if (null_word(v)) return;
  for (const auto& item : split_list(v)) {
    auto parts = split_list(item, ':');
    if (parts.size() < 2 || parts.size() > 3) {
      diags.error("poignees", "E_ARGS", text::Message("tarot.err.poignee_words").text("value", item), catalogue());
      continue;
    }
    json p = {{"player", player_word(parts[0], players)}, {"level", level_word(parts[1])}};
    if (parts.size() == 3) p["trumps"] = typed_value(parts[2]);
    rec["poignees"].push_back(p);
  }
}

// P[:kind],... e.g. misere=Ann or misere=Ann:trumps,Ben:faces
void misere_words(const std::string& v, json& rec, const std::vector<std::string>& players, Diagnostics& diags) {
  if (!rec.contains("miseres")) rec["miseres"] = json::array();
  if (null_word(v)) return;
  for (const auto& item : split_list(v)) {
    auto parts = split_list(item, ':');
    if (parts.empty() || parts.size() > 2) {
      diags.error("miseres", "E_ARGS", text::Message("tarot.err.misere_words").text("value", item), catalogue());
      continue;
    }
    json m = {{"player", player_word(parts[0], players)}};
    if (parts.size() == 2) m["kind"] = lower(parts[1]);
    rec["miseres"].push_back(m);
  }
}

// P:bid,... in speaking order, e.g. bids=Ann:petite,Ben:pousse,Cat:pass,Dan:pass,Ann:pass
json bids_words(const std::string& v, const std::vector<std::string>& players, Diagnostics& diags) {
  json arr = json::array();
  for (const auto& item : split_list(v)) {
    auto parts = split_list(item, ':');
    if (parts.size() != 2) {
      diags.error("bids", "E_ARGS", text::Message("tarot.err.bid_words").text("value", item), catalogue());
      continue;
    }
    std::string b = lower(parts[1]);
    b = b == "pass" || b == "-" || b == "passe" ? "pass" : contract_word(parts[1]);
    arr.push_back({{"player", player_word(parts[0], players)}, {"bid", b}});
  }
  return arr;
}

// A single-valued word (key already in lower case) into rec; false when the key is not one of them.
bool simple_word(const std::string& k, const std::string& v, json& rec, const std::vector<std::string>& players) {
  if (k == "dealer" || k == "taker" || k == "player")
    rec[k] = player_word(v, players);
  else if (k == "contract")
    rec["contract"] = contract_word(v);
  else if (k == "partner")
    rec["partner"] = partner_word(v, players);
  // (no short alias such as `tricks`: `marque edit` matches typed keys to record fields by prefix)
  else if (k == "oudlers" || k == "attack_tricks")
    rec[k] = typed_value(v);
  else if (k == "points" || k == "defence_points")
    rec[k] = number_word(v);
  else if (k == "petit_au_bout")
    rec["petit_au_bout"] = null_word(v) ? json(nullptr) : json(side_word(v));
  else if (k == "chelem")
    rec["chelem"] = null_word(v) ? json("none") : json(side_word(v));
  else if (k == "chelem_announced" || k == "petite_chelem_announced")
    rec[k] = bool_word(v);
  else if (k == "note")
    rec["note"] = v;
  else if (k == "reason")
    rec["reason"] = lower(v);
  else
    return false;
  return true;
}

}  // namespace

json record_from_words(const std::vector<std::pair<std::string, std::string>>& kv,
                       const std::vector<std::string>& players, Diagnostics& diags) {
  json rec = json::object();
  bool typed_type = false;
  for (const auto& [key, v] : kv) {
    const std::string k = lower(key);
    if (simple_word(k, v, rec, players)) continue;
    if (k == "type") {
      rec["type"] = lower(v);
      typed_type = true;
    } else if (k == "called" || k == "called_card") {
      called_words(key, v, rec, diags);
    } else if (k == "oudler_cards") {
      json arr = json::array();
      for (const auto& part : split_list(v)) arr.push_back(lower(part));
      rec["oudler_cards"] = arr;
    } else if (k == "poignee" || k == "poignees") {
      poignee_words(v, rec, players, diags);
    } else if (k == "misere" || k == "miseres") {
      misere_words(v, rec, players, diags);
    } else if (k == "bids") {
      rec["bids"] = bids_words(v, players, diags);
    } else {
      diags.error(key, "E_ARGS", text::Message("tarot.err.unknown_field").text("key", key).text("fields", k_hand_keys),
                  catalogue());
    }
  }
  if (!typed_type) rec["type"] = rec.contains("reason") ? "redeal" : "hand";  // the record type default
  if (rec.contains("partner") && rec["partner"] == "\x01self") {
    if (rec.contains("taker") && rec["taker"].is_string())
      rec["partner"] = rec["taker"];
    else
      diags.error("partner", "E_ARGS", text::Message("tarot.err.partner_self"), catalogue());
  }
  return rec;
}

namespace {
constexpr const char* k_hand_fields[] = {"type",
                                         "dealer",
                                         "taker",
                                         "contract",
                                         "bids",
                                         "chelem_announced",
                                         "called_card",
                                         "partner",
                                         "oudlers",
                                         "oudler_cards",
                                         "points",
                                         "defence_points",
                                         "attack_tricks",
                                         "petit_au_bout",
                                         "poignees",
                                         "chelem",
                                         "petite_chelem_announced",
                                         "miseres",
                                         "note"};
constexpr const char* k_redeal_fields[] = {"type", "dealer", "reason", "player", "bids", "note"};
}  // namespace

void warn_unknown_fields(const json& rec, bool redeal, Diagnostics& diags) {
  for (auto it = rec.begin(); it != rec.end(); ++it) {
    const std::string_view key = it.key();
    auto known = [&](const auto& fields) {
      return std::any_of(std::begin(fields), std::end(fields), [&](const char* k) { return key == k; });
    };
    const bool found = redeal ? known(k_redeal_fields) : known(k_hand_fields);
    if (!found)
      diags.warning(it.key(), "W_UNKNOWN_FIELD",
                    text::Message(redeal ? "tarot.warn.unknown_redeal_field" : "tarot.warn.unknown_hand_field")
                        .text("key", it.key()),
                    catalogue());
  }
}

std::vector<FieldSpec> field_table() {
  // spec tarot §2.2 and §2.3
  return {
      {"type",
       "enum",
       true,
       {"hand", "redeal"},
       help_text("tarot.field.type", "record type (command line default: hand; redeal when reason= is given)")},
      {"dealer",
       "player",
       false,
       {},
       help_text("tarot.field.dealer", "who dealt; checked against the expected dealer (warning)")},
      {"taker", "player", true, {}, help_text("tarot.field.taker", "hand: the player who won the auction")},
      {"contract",
       "enum",
       true,
       {"prise", "petite", "pousse", "garde", "garde_sans", "garde_contre"},
       help_text("tarot.field.contract",
                 "hand: the contract (pousse/petite with bid_ladder petite_pousse; also P, G, GS, GC)")},
      {"bids",
       "array",
       false,
       {},
       help_text("tarot.field.bids", "auction as spoken, first speaker first: bids=Ann:pass,Ben:garde,...")},
      {"chelem_announced",
       "bool",
       false,
       {},
       help_text("tarot.field.chelem_announced", "the taker announced a chelem")},
      {"called_card",
       "object",
       false,
       {},
       help_text("tarot.field.called_card", "5p: the called card, called=king:hearts (informational)")},
      {"partner",
       "player",
       false,
       {},
       help_text("tarot.field.partner",
                 "5p called king: required; the partner, the taker's name (partner=self) or null (partner=chien)")},
      {"oudlers", "int", true, {}, help_text("tarot.field.oudlers", "oudlers (0..3) in the attack's cards")},
      {"oudler_cards", "array", false, {}, help_text("tarot.field.oudler_cards", "which oudlers: petit, 21, excuse")},
      {"points",
       "number",
       true,
       {},
       help_text("tarot.field.points", "the attack's card points, 0..91 in half points, as counted")},
      {"defence_points",
       "number",
       false,
       {},
       help_text("tarot.field.defence_points", "cross-check: must be 91 - points")},
      {"attack_tricks",
       "int",
       false,
       {},
       help_text("tarot.field.attack_tricks", "tricks won by the attack (needed for a petite chelem)")},
      {"petit_au_bout",
       "enum",
       false,
       {"attack", "defence"},
       help_text("tarot.field.petit_au_bout", "side that won the petit at the last trick (null: none)")},
      {"poignees", "array", false, {}, help_text("tarot.field.poignees", "poignee=Ben:simple[:trumps],Eve:double")},
      {"chelem",
       "enum",
       false,
       {"none", "attack", "defence"},
       help_text("tarot.field.chelem", "a side won every trick")},
      {"petite_chelem_announced",
       "bool",
       false,
       {},
       help_text("tarot.field.petite_chelem_announced", "variant petite_chelem: announced")},
      {"miseres",
       "array",
       false,
       {},
       help_text("tarot.field.miseres", "variant misere: misere=Ann[:kind] (combined, trumps, faces)")},
      {"note", "string", false, {}, help_text("tarot.field.note", "free text, printed on the sheet")},
      {"reason",
       "enum",
       false,
       {"all_pass", "petit_sec", "no_trumps", "few_honours", "misdeal", "other"},
       help_text("tarot.field.reason", "redeal: why")},
      {"player",
       "player",
       false,
       {},
       help_text("tarot.field.player", "redeal: who declared (petit_sec, no_trumps, few_honours)")},
  };
}

const text::Labels& labels() {
  // the set-up (§2.1), the hand and redeal fields (§2.2, §2.3) and their values, then the options (§6)
  static const text::Labels& table = *new text::Labels(common::game_labels(
      {
          // guided entry's own question (tarot_entry.cpp): who showed a poignée
          text::said_label("poignee", "poignée {}"),
          text::said_label("poignee=none", "no poignée"),
          text::said_label("end", "end: {}"),
          text::said_label("end.mode=open", "open (the organiser closes it)"),
          {"end.mode=deals", ""},
          {"end.mode=target", ""},
          text::said_label("end.deals", "after {} deals"),
          text::said_label("end.target", "at {} points"),
          {"stake_per_point", "stake {} a point"},
          {"type", "{}"},
          {"type=hand", ""},
          text::said_label("type=redeal", "redeal"),
          text::said_label("taker", "taker {}"),
          {"contract", "{}"},
          {"=prise", "prise"},
          {"=petite", "petite"},
          {"=pousse", "pousse"},
          {"=garde", "garde"},
          {"=garde_sans", "garde sans"},
          {"=garde_contre", "garde contre"},
          text::said_label("=pass", "pass"),
          text::said_label("called_card", "called {}"),
          {"called_card.rank", "{}"},
          text::said_label("called_card.suit", "of {}"),
          text::said_label("=king", "king"),
          text::said_label("=queen", "queen"),
          text::said_label("=knight", "knight"),
          text::said_label("=jack", "jack"),
          text::said_label("=spades", "spades"),
          text::said_label("=hearts", "hearts"),
          text::said_label("=diamonds", "diamonds"),
          text::said_label("=clubs", "clubs"),
          text::said_label("partner", "partner {}"),
          text::said_label("partner=null", "the called card in the chien"),
          text::said_label("oudlers", "{} oudlers"),
          text::said_label("oudlers=0", "no oudler"),
          text::said_label("oudlers=1", "1 oudler"),
          {"oudler_cards", "oudlers: {}"},
          {"=petit", "petit"},
          {"=21", "21"},
          {"=excuse", "excuse"},
          text::said_label("points", "{} points"),
          text::said_label("defence_points", "defence {} points"),
          text::said_label("attack_tricks", "{} tricks to the attack"),
          text::said_label("petit_au_bout", "petit au bout {}"),
          text::said_label("petit_au_bout=attack", "petit au bout for the attack"),
          text::said_label("petit_au_bout=defence", "petit au bout for the defence"),
          text::said_label("petit_au_bout=none", "no petit au bout"),
          text::said_label("poignees", "poignée {}"),
          {"poignees.player", "{}"},
          {"poignees.level", "{}"},
          text::said_label("poignees.trumps", "{} trumps"),
          // the statistics' bonus ids (tarot_league.cpp), said as English has always printed them
          text::said_label("poignee_simple", "poignee simple {}"),
          text::said_label("poignee_double", "poignee double {}"),
          text::said_label("poignee_triple", "poignee triple {}"),
          {"=simple", "simple"},
          {"=double", "double"},
          {"=triple", "triple"},
          {"chelem", "chelem {}"},
          text::said_label("chelem=none", "no chelem"),
          text::said_label("chelem=attack", "chelem for the attack"),
          text::said_label("chelem=defence", "chelem for the defence"),
          text::said_label("chelem_announced", "chelem announced"),
          text::said_label("chelem_announced=false", "no chelem announced"),
          text::said_label("petite_chelem_announced", "petite chelem announced"),
          text::said_label("petite_chelem_announced=false", "no petite chelem announced"),
          {"miseres", "misère {}"},
          {"miseres.player", "{}"},
          {"miseres.kind", "{}"},
          text::said_label("=combined", "combined"),
          text::said_label("=trumps", "trumps"),
          text::said_label("=faces", "faces"),
          text::said_label("bids", "bids {}"),
          {"bids.player", "{}"},
          {"bids.bid", "{}"},
          {"reason", "{}"},
          text::said_label("=all_pass", "everybody passed"),
          {"=petit_sec", "petit sec"},
          text::said_label("=no_trumps", "no trumps"),
          text::said_label("=few_honours", "too few trumps and face cards"),
          text::said_label("=misdeal", "misdeal"),
          text::said_label("=other", "another reason"),
          text::said_label("player", "declared by {}"),
      },
      option_labels()));
  return table;
}

}  // namespace marque::rules::tarot
