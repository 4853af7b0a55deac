// Tarot on the command line (`marque start tarot ...`, `marque hand ...`), the field table, and the
// paper score sheet of spec tarot §7.
#include <algorithm>
#include <cmath>

#include "core/text.hpp"
#include "rules/common/sheet.hpp"
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
    {"prise", "prise"},       {"p", "prise"},         {"petite", "petite"},       {"pe", "petite"},
    {"pousse", "pousse"},     {"po", "pousse"},       {"garde", "garde"},         {"g", "garde"},
    {"garde_sans", "garde_sans"}, {"garde-sans", "garde_sans"}, {"gs", "garde_sans"},
    {"garde_contre", "garde_contre"}, {"garde-contre", "garde_contre"}, {"gc", "garde_contre"},
};

std::string contract_word(const std::string& v) {
  std::string l = lower(v);
  for (const auto& w : k_contract_words)
    if (l == w.word) return w.contract;
  return v;  // validation names it
}

// Canonical spelling of a player name typed in any case; unknown names pass through (validation names them).
std::string player_word(const std::string& v, const std::vector<std::string>& players) {
  for (const auto& p : players)
    if (p == v) return p;
  for (const auto& p : players)
    if (lower(p) == lower(v)) return p;
  return v;
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
        diags.error("end", "E_END", "'" + v + "' is not an end rule; write end=open, end=deals:N or end=target:X");
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
        diags.error(k, "E_ARGS", "unknown set-up key '" + k + "'; the keys are: " + k_setup_keys);
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

json record_from_words(const std::vector<std::pair<std::string, std::string>>& kv, const std::vector<std::string>& players,
                       Diagnostics& diags) {
  json rec = json::object();
  bool typed_type = false;
  for (const auto& [key, v] : kv) {
    const std::string k = lower(key);
    if (k == "type") {
      rec["type"] = lower(v);
      typed_type = true;
    } else if (k == "dealer" || k == "taker" || k == "player") {
      rec[k] = player_word(v, players);
    } else if (k == "contract") {
      rec["contract"] = contract_word(v);
    } else if (k == "partner") {
      // a name, `self` (the taker called himself) or `chien`/none/null (the called card was in the chien)
      std::string l = lower(v);
      if (null_word(v) || l == "chien" || l == "dog")
        rec["partner"] = nullptr;
      else if (l == "self")
        rec["partner"] = "\x01self";  // resolved to the taker's name below
      else
        rec["partner"] = player_word(v, players);
    } else if (k == "called" || k == "called_card") {
      // rank:suit, e.g. king:hearts (either order)
      auto parts = split_list(v, ':');
      if (parts.size() != 2) {
        diags.error(key, "E_ARGS", "'" + v + "' is not a called card; write rank:suit, e.g. called=king:hearts");
        continue;
      }
      std::string a = lower(parts[0]), b = lower(parts[1]);
      bool a_suit = a == "spades" || a == "hearts" || a == "diamonds" || a == "clubs";
      rec["called_card"] = a_suit ? json{{"rank", b}, {"suit", a}} : json{{"rank", a}, {"suit", b}};
    } else if (k == "oudlers" || k == "attack_tricks") {
      // (no short alias such as `tricks`: `marque edit` matches typed keys to record fields by prefix)
      rec[k] = typed_value(v);
    } else if (k == "points" || k == "defence_points") {
      rec[k] = number_word(v);
    } else if (k == "oudler_cards") {
      json arr = json::array();
      for (const auto& part : split_list(v)) arr.push_back(lower(part));
      rec["oudler_cards"] = arr;
    } else if (k == "petit_au_bout") {
      rec["petit_au_bout"] = null_word(v) ? json(nullptr) : json(side_word(v));
    } else if (k == "chelem") {
      rec["chelem"] = null_word(v) ? json("none") : json(side_word(v));
    } else if (k == "chelem_announced" || k == "petite_chelem_announced") {
      rec[k] = bool_word(v);
    } else if (k == "poignee" || k == "poignees") {
      // P:level[:trumps],... e.g. poignee=Ben:simple,Eve:double:13
      if (!rec.contains("poignees")) rec["poignees"] = json::array();
      if (null_word(v)) continue;
      for (const auto& item : split_list(v)) {
        auto parts = split_list(item, ':');
        if (parts.size() < 2 || parts.size() > 3) {
          diags.error("poignees", "E_ARGS", "'" + item + "' is not a poignée; write player:level[:trumps], e.g. poignee=Ben:simple:10");
          continue;
        }
        json p = {{"player", player_word(parts[0], players)}, {"level", level_word(parts[1])}};
        if (parts.size() == 3) p["trumps"] = typed_value(parts[2]);
        rec["poignees"].push_back(p);
      }
    } else if (k == "misere" || k == "miseres") {
      // P[:kind],... e.g. misere=Ann or misere=Ann:trumps,Ben:faces
      if (!rec.contains("miseres")) rec["miseres"] = json::array();
      if (null_word(v)) continue;
      for (const auto& item : split_list(v)) {
        auto parts = split_list(item, ':');
        if (parts.empty() || parts.size() > 2) {
          diags.error("miseres", "E_ARGS", "'" + item + "' is not a misère; write player[:kind], e.g. misere=Ann or misere=Ann:trumps");
          continue;
        }
        json m = {{"player", player_word(parts[0], players)}};
        if (parts.size() == 2) m["kind"] = lower(parts[1]);
        rec["miseres"].push_back(m);
      }
    } else if (k == "bids") {
      // P:bid,... in speaking order, e.g. bids=Ann:petite,Ben:pousse,Cat:pass,Dan:pass,Ann:pass
      json arr = json::array();
      for (const auto& item : split_list(v)) {
        auto parts = split_list(item, ':');
        if (parts.size() != 2) {
          diags.error("bids", "E_ARGS", "'" + item + "' is not a bid; write player:bid, e.g. bids=Ann:pass,Ben:garde");
          continue;
        }
        std::string b = lower(parts[1]);
        b = b == "pass" || b == "-" || b == "passe" ? "pass" : contract_word(parts[1]);
        arr.push_back({{"player", player_word(parts[0], players)}, {"bid", b}});
      }
      rec["bids"] = arr;
    } else if (k == "note") {
      rec["note"] = v;
    } else if (k == "reason") {
      rec["reason"] = lower(v);
    } else {
      diags.error(key, "E_ARGS", "unknown field '" + key + "'; the fields are: " + k_hand_keys);
    }
  }
  if (!typed_type) rec["type"] = rec.contains("reason") ? "redeal" : "hand";  // the record type default
  if (rec.contains("partner") && rec["partner"] == "\x01self") {
    if (rec.contains("taker") && rec["taker"].is_string())
      rec["partner"] = rec["taker"];
    else
      diags.error("partner", "E_ARGS", "partner=self needs the taker: write taker=NAME too");
  }
  return rec;
}

std::vector<FieldSpec> field_table() {
  // spec tarot §2.2 and §2.3
  return {
      {"type", "enum", true, {"hand", "redeal"}, "record type (command line default: hand; redeal when reason= is given)"},
      {"dealer", "player", false, {}, "who dealt; checked against the expected dealer (warning)"},
      {"taker", "player", true, {}, "hand: the player who won the auction"},
      {"contract", "enum", true, {"prise", "petite", "pousse", "garde", "garde_sans", "garde_contre"},
       "hand: the contract (pousse/petite with bid_ladder petite_pousse; also P, G, GS, GC)"},
      {"bids", "array", false, {}, "auction as spoken, first speaker first: bids=Ann:pass,Ben:garde,..."},
      {"chelem_announced", "bool", false, {}, "the taker announced a chelem"},
      {"called_card", "object", false, {}, "5p: the called card, called=king:hearts (informational)"},
      {"partner", "player", false, {}, "5p called king: required; the partner, the taker's name (partner=self) or null (partner=chien)"},
      {"oudlers", "int", true, {}, "oudlers (0..3) in the attack's cards"},
      {"oudler_cards", "array", false, {}, "which oudlers: petit, 21, excuse"},
      {"points", "number", true, {}, "the attack's card points, 0..91 in half points, as counted"},
      {"defence_points", "number", false, {}, "cross-check: must be 91 - points"},
      {"attack_tricks", "int", false, {}, "tricks won by the attack (needed for a petite chelem)"},
      {"petit_au_bout", "enum", false, {"attack", "defence"}, "side that won the petit at the last trick (null: none)"},
      {"poignees", "array", false, {}, "poignee=Ben:simple[:trumps],Eve:double"},
      {"chelem", "enum", false, {"none", "attack", "defence"}, "a side won every trick"},
      {"petite_chelem_announced", "bool", false, {}, "variant petite_chelem: announced"},
      {"miseres", "array", false, {}, "variant misere: misere=Ann[:kind] (combined, trumps, faces)"},
      {"note", "string", false, {}, "free text, printed on the sheet"},
      {"reason", "enum", false, {"all_pass", "petit_sec", "no_trumps", "few_honours", "misdeal", "other"}, "redeal: why"},
      {"player", "player", false, {}, "redeal: who declared (petit_sec, no_trumps, few_honours)"},
  };
}

// ---------------------------------------------------------------- sheet (spec tarot §7)
namespace {

std::string abbrev(const std::string& contract) {
  if (contract == "prise") return "P";
  if (contract == "petite") return "Pe";
  if (contract == "pousse") return "Po";
  if (contract == "garde") return "G";
  if (contract == "garde_sans") return "GS";
  if (contract == "garde_contre") return "GC";
  return contract;
}

std::string num(const json& v) { return v.is_number() ? text::format_number(v.get<double>()) : std::string(); }

std::string end_text(const json& setup) {
  if (!setup.contains("end") || !setup["end"].is_object()) return "open";
  const json& e = setup["end"];
  std::string mode = e.value("mode", "open");
  if (mode == "deals" && e.contains("deals")) return "after " + num(e["deals"]) + " scored deals";
  if (mode == "target" && e.contains("target")) return "when a player reaches " + num(e["target"]);
  return "open";
}

}  // namespace

sheet::Sheet render_sheet(const json& game_file, const ojson& score) {
  const json& setup = game_file["setup"];
  std::vector<std::string> players;
  for (const auto& p : score["players"]) players.push_back(p.get<std::string>());
  const json empty = json::array();
  const json& records = game_file.contains("hands") && game_file["hands"].is_array() ? game_file["hands"] : empty;

  // header: player count, end rule, non-default options
  sheet::Sheet out;
  out.title = "French Tarot";
  out.line("French Tarot, " + std::to_string(players.size()) + " players, end: " + end_text(setup));
  if (setup.contains("options") && setup["options"].is_object() && !setup["options"].empty()) {
    std::string o;
    for (auto it = setup["options"].begin(); it != setup["options"].end(); ++it)
      o += (o.empty() ? "" : ", ") + it.key() + "=" + (it->is_string() ? it->get<std::string>() : it->dump());
    out.line("options: " + o);
  }
  out.line("");

  // the deal description block: Taker(+Partner)  Contract  Oud  Pts  Result
  struct Line {
    bool redeal;
    std::string no, dealer, text;
    std::vector<std::string> cols;  // 5 sub-columns for hands
    std::vector<std::string> cells; // per player
  };
  std::vector<Line> lines;
  std::vector<std::string> notes;  // "* " footnotes under the table
  const ojson& hands = score["hands"];
  for (size_t i = 0; i < hands.size(); ++i) {
    const ojson& h = hands[i];
    const json rec = i < records.size() ? records[i] : json::object();
    Line l;
    l.no = std::to_string(i + 1);
    l.dealer = h.value("dealer", "");
    l.redeal = h.value("type", "hand") == "redeal";
    if (l.redeal) {
      std::string reason = rec.value("reason", "");
      std::replace(reason.begin(), reason.end(), '_', ' ');
      l.text = "-- redeal: " + reason;
      if (rec.contains("player") && rec["player"].is_string()) l.text += " (" + rec["player"].get<std::string>() + ")";
      if (rec.contains("note") && rec["note"].is_string() && !rec["note"].get<std::string>().empty()) {
        l.text += " *";
        notes.push_back(l.no + ". " + rec["note"].get<std::string>());
      }
      for (size_t p = 0; p < players.size(); ++p) l.cells.push_back(".");
    } else {
      const ojson& b = h["breakdown"];
      std::string taker = rec.value("taker", "");
      std::string who = taker;
      if (b.contains("attack") && b["attack"].size() == 2) who += "+" + b["attack"][1].get<std::string>();
      if (b.contains("taker_alone")) who += "(" + b["taker_alone"].get<std::string>() + ")";
      std::string result;
      int64_t margin = b.value("points_rounded", int64_t{0}) - b.value("target", int64_t{0});
      result = margin == 0 ? "=0" : text::format_signed(static_cast<double>(margin));
      auto tag = [&](const std::string& t) { result += " " + t; };
      if (rec.contains("poignees") && rec["poignees"].is_array())
        for (const auto& q : rec["poignees"]) {
          std::string lv = q.value("level", "");
          tag(std::string(lv == "triple" ? "TP" : lv == "double" ? "DP" : "SP") + "(" + q.value("player", "") + ")");
        }
      if (rec.value("petit_au_bout", json(nullptr)) == "attack") tag("PB(A)");
      if (rec.value("petit_au_bout", json(nullptr)) == "defence") tag("PB(D)");
      std::string chelem = rec.contains("chelem") && rec["chelem"].is_string() ? rec["chelem"].get<std::string>() : "none";
      bool announced = rec.value("chelem_announced", false) == true;
      if (announced) tag(chelem == "attack" ? "CHA" : "CH!");
      else if (chelem == "attack") tag("CH");
      if (chelem == "defence") tag("CHD");
      if (rec.value("petite_chelem_announced", false) == true) tag(b.value("slam_part", int64_t{0}) > 0 ? "PCA" : "PCA!");
      else if (!announced && chelem == "none" && b.value("slam_part", int64_t{0}) == 150) tag("PC");
      if (rec.contains("miseres") && rec["miseres"].is_array())
        for (const auto& m : rec["miseres"]) tag("M(" + m.value("player", "") + ")");
      if (rec.contains("note") && rec["note"].is_string() && !rec["note"].get<std::string>().empty()) {
        tag("*");
        notes.push_back(l.no + ". " + rec["note"].get<std::string>());
      }
      l.cols = {who, abbrev(rec.value("contract", "")), num(rec.value("oudlers", json(nullptr))),
                num(rec.value("points", json(nullptr))), result};
      for (const auto& p : players) {
        const ojson& t = h["totals"];
        l.cells.push_back(t.contains(p) ? text::format_signed(t[p].get<double>()) : "");
      }
    }
    lines.push_back(std::move(l));
  }
  const std::vector<std::string> head = {"Taker(+Partner)", "Contract", "Oud", "Pts", "Result"};
  std::vector<int> w(head.size(), 0);
  for (size_t k = 0; k < head.size(); ++k) w[k] = text::display_width(head[k]);
  for (const auto& l : lines)
    if (!l.redeal)
      for (size_t k = 0; k < l.cols.size(); ++k) w[k] = std::max(w[k], text::display_width(l.cols[k]));
  auto block = [&](const std::vector<std::string>& cols) {
    std::string s;
    for (size_t k = 0; k < cols.size(); ++k) s += k + 1 < cols.size() ? text::pad_right(cols[k], w[k] + 2) : cols[k];
    return s;
  };

  sheet::Table& t = out.table("hands");
  t.columns = {{"#", true}, {"Dlr", false}, {block(head), false}};
  for (const auto& p : players) t.columns.push_back({p, true});
  t.bar_after = 2;
  for (const auto& l : lines) {
    std::vector<std::string> row = {l.no, l.dealer, l.redeal ? l.text : block(l.cols)};
    for (const auto& c : l.cells) row.push_back(c);
    t.row(row, l.redeal ? "" : "hand");
  }
  t.rule();

  // ranking line (spec tarot §5.4)
  const ojson& res = score["result"];
  bool finished = score.value("finished", false);
  std::string rank = finished ? "Final ranking:" : "Standing:";
  double sum = 0;
  if (res.contains("ranking"))
    for (const auto& p : res["ranking"]) {
      std::string n = p.get<std::string>();
      double total = score["totals"].contains(n) ? score["totals"][n].get<double>() : 0;
      sum += total;
      int place = res.contains("places") && res["places"].contains(n) ? res["places"][n].get<int>() : 0;
      rank += " " + std::to_string(place) + ". " + n + " " + text::format_signed(total) + "  ";
    }
  while (!rank.empty() && rank.back() == ' ') rank.pop_back();
  for (const auto& n : notes) out.line("  * " + n, "notes");
  out.line(rank + "   (sum = " + text::format_number(sum) + ")", "result");
  if (!finished && score.contains("next_dealer") && score["next_dealer"].is_string() && !score["next_dealer"].get<std::string>().empty())
    out.line("Next dealer: " + score["next_dealer"].get<std::string>(), "result");
  if (res.contains("settlement")) {
    const ojson& s = res["settlement"];
    std::string pay;
    for (const auto& tr : s["transfers"])
      pay += (pay.empty() ? "" : ", ") + tr["from"].get<std::string>() + " pays " + tr["to"].get<std::string>() + " " +
             text::format_number(tr["amount"].get<double>());
    out.line("Settlement (" + text::format_number(s["stake_per_point"].get<double>()) + " per point): " + (pay.empty() ? "nothing to pay" : pay),
             "settlement");
  }
  out.chart = common::running_totals(score);
  return out;
}

}  // namespace marque::rules::tarot
