// Alsós results in words: one hand as the table says it ("Béla's trump game in piros won 136 to 28; Csaba's kontra
// lost; Béla's early kassza made"), and the session's outcome with its settlement (spec §5); as data, a message id
// and its arguments (core/message.hpp), said by catalogue().
#include <algorithm>

#include "rules/alsos/alsos.hpp"

namespace marque::rules::alsos {

namespace {

std::string text_at(const json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : "";
}

const json& array_at(const json& j, const char* key) {
  static const json empty = json::array();
  return j.is_object() && j.contains(key) && j[key].is_array() ? j[key] : empty;
}

i64 int_at(const json& j, const char* key) {
  return j.is_object() && j.contains(key) && is_whole(j[key]) ? whole(j[key]) : 0;
}

// The parts one after the other, `id` joining two ("{first}; {rest}"); one part as it is, none as no message.
text::Message joined(std::vector<text::Message> parts, const char* id) {
  if (parts.empty()) return {};
  text::Message m = std::move(parts.back());
  for (std::size_t i = parts.size() - 1; i-- > 0;)
    m = text::Message(id).message("first", std::move(parts[i])).message("rest", std::move(m));
  return m;
}

// "Ann", "Ann and Béla", "Ann, Béla and Csaba"
text::Message names(const std::vector<std::string>& list) {
  if (list.empty()) return {};
  text::Message m = text::Message("alsos.names.one").text("name", list.back());
  if (list.size() == 1) return m;
  m = text::Message("alsos.names.and").text("first", list[list.size() - 2]).message("rest", std::move(m));
  for (std::size_t i = list.size() - 2; i-- > 0;)
    m = text::Message("alsos.names.comma").text("first", list[i]).message("rest", std::move(m));
  return m;
}

// A kontra level by its name (kontra, rekontra ...), beyond them by its number.
text::Message& call(text::Message& m, std::size_t i) {
  return m.text("call", i < k_kontra_names.size() ? std::string(k_kontra_names[i]) : "level")
      .number("level", static_cast<i64>(i) + 1);
}

// A signed amount: the number and whether it takes a "+".
text::Message& signed_points(text::Message& m, const std::string& name, const Amount& a) {
  return m.amount(name, a).text(name + "_sign", a > 0 ? "plus" : "none");
}

// One hand of a declarer: who said what and who won it.
class HandSayer {
public:
  HandSayer(const json& record, const json& bd)
      : m_rec(record), m_bd(bd), m_dec(text_at(bd, "declarer")), m_won(text_at(bd, "game_winner") == "declarer") {}

  text::Message run() const {
    std::vector<text::Message> parts = {game()};
    if (auto k = chain(array_at(m_rec, "game_kontra"), m_won ? Side::declarer : Side::defenders); !k.empty())
      parts.push_back(std::move(k));
    if (auto g = gyerunk(); !g.empty()) parts.push_back(std::move(g));
    const json& items = array_at(m_bd, "items");
    std::size_t cursor = 1;  // items[0] is the game
    for (const auto& f : array_at(m_rec, "figurak")) parts.push_back(figura(f, items, cursor));
    return joined(std::move(parts), "alsos.list.semicolon");
  }

private:
  Side side_of(const std::string& p) const { return p == m_dec ? Side::declarer : Side::defenders; }
  text::Message side_name(Side s) const {
    return text::Message("alsos.side").text("side", side_id(s)).text("declarer", m_dec);
  }
  static const char* won(bool yes) { return yes ? "yes" : "no"; }

  // "Béla's trump game in piros won 136 to 28", "Csaba's betli failed", "Ann's no-trump game lost 72 to 100"
  text::Message game() const {
    text::Message m("alsos.hand.game");
    m.text("declarer", m_dec)
        .text("kind", text_at(m_bd, "kind"))
        .label("suit", "contract.trump_suit", text_at(m_bd, "trump_suit"));
    m.text("won", won(m_won));
    const json& scores = m_bd.is_object() && m_bd.contains("scores") ? m_bd["scores"] : json();
    const bool scored = scores.is_object() && scores.contains(m_dec);
    i64 best = 0;
    if (scored)
      for (const auto& [p, v] : scores.items())
        if (p != m_dec && is_whole(v)) best = std::max(best, whole(v));
    return m.text("scored", won(scored))
        .number("points", scored ? int_at(scores, m_dec.c_str()) : 0)
        .number("best", best);
  }

  // "Csaba's kontra lost, Béla's rekontra won": each call won or lost with the item it was said on
  text::Message chain(const json& levels, Side winner) const {
    std::vector<text::Message> out;
    for (std::size_t i = 0; i < levels.size(); ++i) {
      const std::string by = text_at(levels[i], "by");
      text::Message m = text::Message("alsos.hand.call").text("by", by);
      out.push_back(call(m, i).text("won", won(side_of(by) == winner)));
    }
    return joined(std::move(out), "alsos.list.comma");
  }

  // "gyerünk by Csaba, kontra by the defenders, Csaba gave up" / "gyerünk by Ann, accepted (×2)"
  text::Message gyerunk() const {
    const json& g = m_rec.is_object() && m_rec.contains("gyerunk") ? m_rec["gyerunk"] : json();
    if (!g.is_object()) return {};
    const std::string by = text_at(g, "by");
    const int level = static_cast<int>(std::max<i64>(1, int_at(g, "level")));
    std::vector<text::Message> calls;
    Side proposer = side_of(by);
    for (int l = 2; l <= level && l <= 4; ++l) {
      proposer = other(proposer);
      text::Message c("alsos.hand.gyerunk_call");
      calls.push_back(call(c, static_cast<std::size_t>(l - 2)).message("side", side_name(proposer)));
    }
    text::Message end = text_at(g, "outcome") == "surrendered"
                            ? text::Message("alsos.hand.gave_up").message("side", side_name(other(proposer)))
                            : text::Message("alsos.hand.accepted").number("factor", i64{1} << level);
    return text::Message("alsos.hand.gyerunk")
        .text("by", by)
        .message("calls", joined(std::move(calls), "alsos.list.concat"))
        .message("end", std::move(end));
  }

  // "Béla's early kassza made", "Csaba's absolút failed, Ann's kontra won"
  text::Message figura(const json& f, const json& items, std::size_t& cursor) const {
    const std::string by = text_at(f, "by"), id = text_at(f, "name");
    text::Message m("alsos.hand.figura");
    m.text("by", by).text("phase", text_at(f, "phase")).label("name", "figurak.name", id);
    // its item (kassza folded into the game by kassza_mode double_game has none: it follows the game)
    Side winner = m_won ? Side::declarer : Side::defenders;
    for (std::size_t k = cursor; k < items.size(); ++k)
      if (text_at(items[k], "item") == id && text_at(items[k], "by") == by) {
        winner = text_at(items[k], "winner") == "declarer" ? Side::declarer : Side::defenders;
        cursor = k + 1;
        break;
      }
    m.text("made", won(side_of(by) == winner));
    text::Message k = chain(array_at(f, "kontra"), winner);
    return m.message("kontra", k.empty() ? text::Message()
                                         : text::Message("alsos.hand.figura_kontra").message("calls", std::move(k)));
  }

  const json& m_rec;
  const json& m_bd;
  const std::string m_dec;
  const bool m_won;
};

// "kloptzky: Ann took the most tricks (5), pays 3 to each of the others"
text::Message kloptzky(const json& bd, std::size_t active) {
  std::vector<std::string> losers;
  for (const auto& l : array_at(bd, "losers"))
    if (l.is_string()) losers.push_back(l.get<std::string>());
  const i64 most = int_at(bd, "max_tricks");
  if (losers.size() >= active) return text::Message("alsos.hand.kloptzky_tie").number("most", most);
  return text::Message("alsos.hand.kloptzky")
      .message("losers", names(losers))
      .number("count", static_cast<i64>(losers.size()))
      .number("most", most)
      .number("value", int_at(bd, "kloptzky_value"));
}

const json& breakdown_of(const json& entry) {
  static const json none = json::object();
  return entry.is_object() && entry.contains("breakdown") && entry["breakdown"].is_object() ? entry["breakdown"] : none;
}

text::Message radli(const json& bd) {
  if (!bd.is_object() || !bd.contains("radli")) return {};
  const json& r = bd["radli"];
  if (!r.is_object()) return text::Message("alsos.hand.radli_tie");
  return text::Message("alsos.hand.radli").text("player", text_at(r, "player")).number("bonus", int_at(r, "bonus"));
}

}  // namespace

text::Message hand_message(const json& record, const json& entry, const std::vector<std::string>& players) {
  const json bd = entry.is_object() && entry.contains("breakdown") ? entry["breakdown"] : json::object();
  const std::string kind = text_at(bd, "kind");
  text::Message m;
  if (kind == "misdeal") {
    const std::string note = text_at(record, "note");
    m = text::Message("alsos.hand.misdeal")
            .text("noted", note.empty() ? "no" : "yes")
            .text("note", note)
            .text("dealer", text_at(record, "dealer"));
  } else if (kind == "kloptzky") {
    m = kloptzky(bd, players.size() == 4 ? 3 : players.size());
  } else if (!kind.empty()) {
    m = HandSayer(record, bd).run();
  }
  if (auto r = radli(bd); !r.empty())
    m = text::Message("alsos.hand.with_radli").message("hand", std::move(m)).message("radli", std::move(r));
  return m;
}

// The contract's code (spec §7): "Bálint BE won", "Zsófi P(turn) lost (gave up)", "KL", "——"
text::Message contract_message(const json& entry) {
  const json& bd = breakdown_of(entry);
  const std::string kind = text_at(bd, "kind"), suit = text_at(bd, "trump_suit");
  std::string code = kind == "no_trumps" ? "NT" : kind == "betli" ? "BE" : "";
  for (std::size_t i = 0; i < k_suit_ids.size(); ++i)
    if (kind == "trump" && suit == k_suit_ids[i]) code = std::string(k_suit_codes[i]);
  const std::string gave_up = text_at(bd, "surrendered");
  return text::Message("alsos.summary.contract")
      .text("kind", kind)
      .text("declarer", text_at(bd, "declarer"))
      .text("code", code)
      .text("turn", kind == "trump" && int_at(bd, "round") == 1 ? "yes" : "no")
      .text("won", text_at(bd, "game_winner") == "declarer" ? "yes" : "no")
      .text("gave_up", gave_up.empty() ? "none" : gave_up);
}

namespace {

// A figura by its name for people; in English by its id, as marque-score/1 stores it ("negy_asz")
text::Message figura_name(const std::string& id) {
  for (const auto& f : k_figurak)
    if (f.id == id) return text::Message("alsos.summary.figura." + id);
  return text::Message("alsos.summary.unknown").text("id", id);
}

// One item (spec §7): "game K(l) 2 D", "Ann kassza(e) K(l) 4 F"
text::Message item_message(const json& it, const std::string& declarer) {
  const std::string name = text_at(it, "item"), by = text_at(it, "by");
  std::vector<text::Message> chain;
  const json& kontra = array_at(it, "kontra");
  for (std::size_t i = 0; i < kontra.size() && i < k_kontra_codes.size(); ++i)
    chain.push_back(text::Message("alsos.summary.kontra")
                        .text("code", std::string(k_kontra_codes[i]))
                        .text("phase", kontra[i].is_string() ? kontra[i].get<std::string>() : ""));
  const i64 gyerunk = int_at(it, "gyerunk_factor");
  return text::Message("alsos.summary.item")
      .text("item", name == "game" ? "game" : "figura")
      .text("own", by == declarer ? "yes" : "no")
      .text("by", by)
      .message("name", name == "game" ? text::Message() : figura_name(name))
      .text("phase", text_at(it, "phase"))
      .message("kontra", joined(std::move(chain), "alsos.list.concat"))
      .text("gyerunk", gyerunk > 1 ? "yes" : "no")
      .number("factor", gyerunk)
      .number("value", int_at(it, "value"))
      .text("winner", text_at(it, "winner"));
}

}  // namespace

// The items' labels (spec §7) joined by "; ": a declarer's items, kloptzky's payment, a misdeal, then the radli
text::Message items_message(const json& entry) {
  const json& bd = breakdown_of(entry);
  const std::string kind = text_at(bd, "kind");
  std::vector<text::Message> parts;
  if (kind == "misdeal") {
    parts.push_back(text::Message("alsos.summary.misdeal"));
  } else if (kind == "kloptzky") {
    std::string losers;
    std::size_t count = 0, active = 0;
    for (const auto& l : array_at(bd, "losers"))
      if (l.is_string()) losers += (count++ ? "+" : "") + l.get<std::string>();
    if (entry.contains("deltas") && entry["deltas"].is_object())
      active = entry["deltas"].size() - (text_at(bd, "sitting_out").empty() ? 0 : 1);
    if (count >= active)
      parts.push_back(text::Message("alsos.summary.kloptzky_tie").number("most", int_at(bd, "max_tricks")));
    else
      parts.push_back(text::Message("alsos.summary.kloptzky")
                          .text("losers", losers)
                          .number("most", int_at(bd, "max_tricks"))
                          .number("value", int_at(bd, "kloptzky_value")));
  } else {
    for (const auto& it : array_at(bd, "items")) parts.push_back(item_message(it, text_at(bd, "declarer")));
  }
  if (auto r = radli_message(entry); !r.empty()) parts.push_back(std::move(r));
  return joined(std::move(parts), "alsos.list.semicolon");
}

text::Message radli_message(const json& entry) {
  const json& bd = breakdown_of(entry);
  if (!bd.contains("radli")) return {};
  if (!bd["radli"].is_object()) return text::Message("alsos.summary.radli_tie");
  return text::Message("alsos.summary.radli")
      .text("player", text_at(bd["radli"], "player"))
      .number("bonus", int_at(bd["radli"], "bonus"));
}

text::Message summary_message(const json& entry) {
  if (text_at(breakdown_of(entry), "kind").empty()) return {};
  text::Message items = items_message(entry);
  if (items.empty()) return contract_message(entry);
  return text::Message("alsos.summary").message("contract", contract_message(entry)).message("items", std::move(items));
}

// "Ann wins with +48 after 6 deals, Csaba last with -39; settlement: Csaba pays Ann 39, Béla pays Ann 9"
text::Message result_message(const json& score) {
  std::vector<std::string> players;
  for (const auto& p : array_at(score, "players"))
    if (p.is_string()) players.push_back(p.get<std::string>());
  const json& totals = score.contains("totals") ? score["totals"] : json();
  const json& result = score.contains("result") ? score["result"] : json();
  const json& places = result.is_object() && result.contains("places") ? result["places"] : json();
  if (players.empty() || !totals.is_object()) return {};
  auto total = [&](const std::string& p) {
    return totals.contains(p) ? amount_of(totals[p], 1).value_or(Amount{}) : Amount{};
  };
  auto place = [&](const std::string& p) {
    return places.is_object() && places.contains(p) ? int_at(places, p.c_str()) : 0;
  };
  const i64 deals = int_at(score, "deals");
  const bool over = score.value("finished", false);
  if (deals == 0 && std::all_of(players.begin(), players.end(), [&](const auto& p) { return total(p) == 0; }))
    return text::Message("alsos.result.none");
  i64 worst = 0;
  std::vector<std::string> first, last;
  for (const auto& p : players) worst = std::max(worst, place(p));
  for (const auto& p : players) {
    if (place(p) == 1)
      first.push_back(p);
    else if (place(p) == worst)
      last.push_back(p);
  }
  if (first.empty()) return {};
  text::Message m("alsos.result");
  m.message("first", names(first));
  m.text("how", first.size() > 1 ? (over ? "share_win" : "share_lead")
                : over           ? (text_at(score, "end") == "radli" ? "radli" : "win")
                                 : "lead");
  signed_points(m, "lead", total(first.front())).number("deals", deals);
  if (last.empty()) {
    m.message("last", {});
  } else {
    text::Message l = text::Message("alsos.result.last").message("players", names(last));
    m.message("last", std::move(signed_points(l, "points", total(last.front()))));
  }
  std::vector<text::Message> pays;
  for (const auto& t : array_at(result, "settlement"))
    pays.push_back(
        text::Message("alsos.result.pays")
            .text("from", text_at(t, "from"))
            .text("to", text_at(t, "to"))
            .amount("amount", t.contains("amount") ? amount_of(t["amount"], 1).value_or(Amount{}) : Amount{}));
  if (pays.empty()) return m.message("settlement", text::Message("alsos.result.nobody_owes"));
  return m.message("settlement", text::Message("alsos.result.settlement")
                                     .text("over", over ? "yes" : "no")
                                     .message("payments", joined(std::move(pays), "alsos.list.comma")));
}

const text::Catalogue& catalogue() {
  static const text::Catalogue& c = *new text::Catalogue([] {
    text::Catalogue x;
    x.patterns.reserve(185);  // the patterns below: one allocation
    x.fallback = &default_catalogue();
    x.labels = &labels;
    x.add("alsos.title", "Alsós");  // title() in the reader's language (sheets, site, tournament papers)
    x.add("alsos.list.semicolon", "{first}; {rest}");
    x.add("alsos.list.comma", "{first}, {rest}");
    x.add("alsos.list.concat", "{first}{rest}");
    // the hand's summary line (summary_message: the sheet's codes, spec §7)
    x.add("alsos.summary", "{contract}: {items}");
    x.add("alsos.summary.contract",
          "{kind, select, misdeal {——} kloptzky {KL} other {{declarer} {code}{turn, select, yes {(turn)} other {}} "
          "{won, select, yes {won} other {lost}}{gave_up, select, declarer { (gave up)} defenders { (defenders gave "
          "up)} other {}}}}");
    x.add("alsos.summary.item",
          "{item, select, game {game} other {{own, select, yes {} other {{by} }}{name}({phase, select, early {e} other "
          "{l}})}}{kontra}{gyerunk, select, yes { G{factor}} other {}} {value} {winner, select, declarer {D} other "
          "{F}}");
    x.add("alsos.summary.kontra", " {code}({phase, select, early {e} other {l}})");
    x.add("alsos.summary.kloptzky", "{losers} most tricks ({most}): {value} to each other player");
    x.add("alsos.summary.kloptzky_tie", "all tied on {most} tricks: no payment");
    x.add("alsos.summary.misdeal", "misdeal, redealt");
    x.add("alsos.summary.radli", "radli: {player} +{bonus} from each");
    x.add("alsos.summary.radli_tie", "radli: tie, no bonus");
    x.add("alsos.summary.unknown", "{id}");
    x.add("alsos.summary.figura.kassza", "kassza");
    x.add("alsos.summary.figura.tuli", "tuli");
    x.add("alsos.summary.figura.absolut", "absolut");
    x.add("alsos.summary.figura.szaz", "szaz");
    x.add("alsos.summary.figura.negy_asz", "negy_asz");
    x.add("alsos.summary.figura.tuletroa", "tuletroa");
    x.add("alsos.summary.figura.ultimo", "ultimo");
    x.add("alsos.summary.figura.trump_akf", "trump_akf");
    x.add("alsos.summary.figura.trump_six", "trump_six");
    x.add("alsos.summary.figura.durchmarsch", "durchmarsch");
    // refusals and warnings (alsos_hand.cpp): ICU MessageFormat, a quote around a placeholder written twice
    // the command line's words (alsos_fields.cpp)
    x.add("alsos.err.cli_player", "''{value}'' is not a player of this game ({players})");
    x.add("alsos.err.cli_suit", "''{value}'' is not a suit; one of makk (m), piros (p), tok (t), zold (z)");
    x.add("alsos.err.cli_phase", "''{value}'' is not a phase; early (e) or late (l)");
    x.add("alsos.err.cli_contract",
          "''{value}'' is not a contract; write trump:SUIT:DECLARER, SUIT:DECLARER, no_trumps:DECLARER (nt), "
          "betli:DECLARER, kloptzky or misdeal");
    x.add("alsos.err.cli_player_number", "''{value}'': write PLAYER:NUMBER, e.g. {field}=A:2,B:5,C:2");
    x.add("alsos.err.cli_unknown_field",
          "unknown field ''{key}''; the Alsós hand fields are: {fields} (see marque rules alsos)");
    x.add("alsos.err.cli_trump_form", "''{value}'': {kind} is written trump:SUIT:DECLARER (e.g. trump:piros:B)");
    x.add("alsos.err.cli_declarer_form", "''{value}'': {kind} is written {kind}:DECLARER (e.g. {kind}:B)");
    x.add("alsos.err.cli_no_declarer", "''{value}'': {kind} takes no declarer (write just {kind})");
    x.add("alsos.err.cli_twice", "''{key}'' is given twice");
    x.add("alsos.err.cli_whole_number",
          "{what, select, hand {hand} unplayed_points {unplayed_points} level {level} sequences {{name} sequences} "
          "sets {{name} sets} other {{name}}}: ''{value}'' is not a whole number");
    x.add("alsos.err.cli_kontra_form", "''{value}'': a kontra level is PLAYER:PHASE, e.g. C:late");
    x.add("alsos.err.cli_figura_form",
          "''{value}'': a figura is PLAYER:NAME:PHASE[:made|failed][/KONTRA_BY:PHASE...], e.g. B:kassza:early or "
          "A:tuli:early/B:early/A:late");
    x.add("alsos.err.cli_figura_outcome", "''{value}'': the outcome of a figura is made or failed");
    x.add("alsos.err.cli_gyerunk_form",
          "''{value}'': gyerunk is PLAYER:LEVEL:OUTCOME, e.g. C:2:surrendered (level 1-4; outcome accepted or "
          "surrendered)");
    x.add("alsos.err.cli_gyerunk_outcome", "''{value}'': the outcome is accepted or surrendered");
    x.add("alsos.err.cli_melds_form",
          "''{value}'': melds are PLAYER:SEQUENCES[:SETS][:bela], e.g. {example} or B:bela");
    // the set-up (alsos_options.cpp) and the end of the session (alsos_game.cpp)
    x.add("alsos.err.setup_field",
          "''{key}'' is not a set-up field of Alsós; the fields are: players, first_dealer, options, start");
    x.add("alsos.err.setup_players",
          "Alsós needs 2-4 distinct players in playing order, e.g. [\"Ann\", \"Ben\", \"Cat\"]");
    x.add("alsos.err.setup_player_name", "{value} is not a player name");
    x.add("alsos.err.setup_player_twice", "{name} is listed twice; Alsós needs 2-4 distinct players");
    x.add("alsos.err.setup_player_count", "{n} players given; Alsós needs 2-4 distinct players");
    x.add("alsos.err.setup_first_dealer_missing", "the first dealer is required: one of the players");
    x.add("alsos.err.setup_first_dealer_unknown", "first dealer {name} is not one of the players");
    x.add("alsos.err.setup_start_shape", "start must be '{'\"totals\": '{'player: n'}', \"hands_played\": n'}'");
    x.add("alsos.err.setup_start_key", "''{key}'' is not part of start (totals, hands_played)");
    x.add("alsos.err.setup_hands_played", "{value} is not a number of deals >= 0");
    x.add("alsos.err.setup_totals_shape", "totals must map every player to his running total in game points");
    x.add("alsos.err.setup_totals_player", "{name} is not a player of this session");
    x.add("alsos.err.setup_totals_whole", "{name}: {value} is not a whole number of game points");
    x.add("alsos.err.setup_totals_missing", "no total given for {name}");
    x.add("alsos.err.setup_totals_sum", "the totals add up to {sum}; Alsós totals always add up to 0");
    x.add("alsos.warn.deals_uneven",
          "{deals} deals is not a multiple of {players} players: someone deals (or sits out) more often");
    x.add("alsos.err.game_over",
          "the session has ended ({end, select, deals {after {end_deals} deals} radli {radli to {target} (bonus "
          "{bonus})} other {manual}}, after {deals} deals); no more hands can be recorded");
    x.add("alsos.err.cli_not_json", "''{value}'' is not valid JSON");
    x.add("alsos.err.cli_start_form", "''{value}'': write start=PLAYER:TOTAL,... e.g. start=Ann:5,Ben:-2,Cat:-3");
    x.add("alsos.err.internal", "internal error: the hand is not zero-sum ({sum, number, ::group-off})");
    // the hand's facts (alsos_hand.cpp) and its score (alsos_score.cpp)
    x.add("alsos.warn.surrendered_play_facts",
          "the hand was given up after gyerünk: play facts ({fields}) are ignored");
    x.add("alsos.warn.unused_fact", "{key} is not used in {kind} and is ignored");
    x.add("alsos.warn.turn_up_missing",
          "turn_up_suit not recorded: scored as a trump game in the turn-up suit (game_value_trump "
          "{value, number, ::group-off})");
    x.add("alsos.err.made_contradicts",
          "{name}''s {figura} is recorded as {recorded, select, yes {made} other {failed}} but the numbers say "
          "{derived, select, yes {made} other {failed}} ({figura} is derived by the engine)");
    // what a refusal is about (alsos_hand.cpp's `about`): a field, a figura, a kontra level
    x.add("alsos.what.id", "{id}");
    x.add("alsos.what.figura_n", "figura {n, number, ::group-off}");
    x.add("alsos.what.figura", "figura {id}");
    x.add("alsos.what.of", "{name}''s {id}");
    x.add("alsos.what.by", "{what} by");
    x.add("alsos.what.kontra", "{what} kontra");
    x.add("alsos.what.level", "{what}: {level}");
    x.add("alsos.what.level_n", "level {n, number, ::group-off}");
    x.add("alsos.what.the_game", "the game");
    // the shapes of the hand's fields (alsos_hand.cpp's Decoder)
    x.add("alsos.err.player_name", "{what} must be a player name, got {value}");
    x.add("alsos.err.phase",
          "{what} phase {missing, select, yes {missing} other {{value} is not a phase}}; one of early, late");
    x.add("alsos.err.kontra_list", "{what} must be a list of '{'by, phase'}', got {value}");
    x.add("alsos.err.kontra_level_shape", "{what} must be '{'by, phase'}', got {value}");
    x.add("alsos.err.kontra_field", "{what}: ''{key}'' is not part of a kontra (by, phase)");
    x.add("alsos.err.figurak_list", "figurak must be a list of '{'by, name, phase, kontra, made'}', got {value}");
    x.add("alsos.err.figura_shape", "{what} must be '{'by, name, phase, kontra, made'}', got {value}");
    x.add("alsos.err.figura_field", "{what}: ''{key}'' is not part of a figura (by, name, phase, kontra, made)");
    x.add("alsos.err.figura_name",
          "{what}: {missing, select, yes {name missing} other {{value} is not a figura}}; one of {figurak}");
    x.add("alsos.err.made_type", "{what}: made must be true or false, got {value}");
    x.add("alsos.err.gyerunk_shape", "gyerunk must be '{'by, level, outcome'}', got {value}");
    x.add("alsos.err.gyerunk_field", "''{key}'' is not part of gyerunk (by, level, outcome)");
    x.add("alsos.err.gyerunk_level", "level {value} is not 1 (gyerünk), 2 (kontra), 3 (rekontra) or 4 (szubkontra)");
    x.add("alsos.err.gyerunk_outcome",
          "outcome {missing, select, yes {missing} other {{value}}}; one of accepted, surrendered");
    x.add("alsos.err.map_shape",
          "{key} must map each player to {key, select, tricks {tricks} other {card points}}, e.g. '{'\"A\": 3'}'; got "
          "{value}");
    x.add("alsos.err.map_whole",
          "{name}: {value} is not a whole number of {key, select, tricks {tricks} other {card points}}");
    x.add("alsos.err.melds_map", "melds must map players to '{'sequences, sets, bela'}'; got {value}");
    x.add("alsos.err.melds_shape", "{name}: melds must be '{'sequences, sets, bela'}', got {value}");
    x.add("alsos.err.meld_whole", "{name}: {key} {value} is not a whole number of points");
    x.add("alsos.err.bela_type", "{name}: bela must be true or false, got {value}");
    x.add("alsos.err.meld_field", "{name}: ''{key}'' is not a meld (sequences, sets, bela)");
    x.add("alsos.err.unplayed_whole", "{value} is not a whole number of card points");
    x.add("alsos.err.melds_contract", "no melds in {kind} (melds exist in trump and no-trump games only)");
    // the rules between the fields (alsos_hand.cpp's Validator)
    x.add("alsos.err.figurak_contract", "no figurák in {kind}");
    x.add("alsos.err.kontra_kloptzky", "no kontra in kloptzky (there is no declarer)");
    x.add("alsos.err.gyerunk_contract", "no gyerünk in kloptzky");
    x.add("alsos.err.kontra_levels",
          "{what} has {levels, number, ::group-off} kontra levels; at most {most, number, ::group-off} (option "
          "max_kontra_level)");
    x.add("alsos.err.kontra_side",
          "{what} by {name} ({side, select, declarer {declarer} other {a defender}}) must come from the {must, select, "
          "declarer {declarer} other {defenders}}{opposing, select, yes {, the side opposing the owner} other {, the "
          "owner''s side}}");
    x.add("alsos.err.kontra_phase_back", "{what} is early after a late level (phases never go back)");
    x.add("alsos.err.kontra_phase_late", "{what} is early, but the figura was announced late");
    x.add("alsos.err.kontra_phase_betli", "{what} is early, but betli has only late kontras");
    x.add("alsos.err.figura_twice", "{what} is announced twice; a player announces a figura once per hand");
    x.add("alsos.err.absolut_szaz_phase", "{name} announces absolut and szaz in the same phase ({phase}); not allowed");
    x.add("alsos.err.absolut_szaz_order", "{name} announces szaz early and absolut late; not allowed");
    x.add("alsos.warn.figura_two_players",
          "{figura} is announced by both {first} and {second}; each is settled on its own");
    x.add("alsos.err.figura_trump_only", "{what}: {figura} exists only in trump games, this is no trumps");
    x.add("alsos.err.kassza_twice",
          "kassza is announced by {first} and {second}; at most one kassza per hand (only one player holds K+F of "
          "trumps)");
    x.add("alsos.err.kassza_kontra",
          "{what}: with kassza_mode double_game kassza has no kontra chain of its own (kontra the game)");
    x.add("alsos.err.kassza_bela", "kassza by {name} needs K+F of trumps, but {other} has béla");
    x.add("alsos.warn.kassza_no_bela", "kassza by {name}: K+F of trumps should give béla 20, none recorded for {name}");
    x.add("alsos.err.gyerunk_figura",
          "gyerünk is allowed only when no figura other than kassza is announced; {name} announced {figura}");
    x.add("alsos.err.betli_tricks", "betli needs the declarer''s tricks (tricks.{name}: 0 when made)");
    x.add("alsos.err.unplayed_range",
          "{value, number, ::group-off} is outside 0..{most, number, ::group-off}, the card points of the {cards} "
          "cards out of play");
    x.add("alsos.err.points_balance",
          "card points {sum, number, ::group-off} + unplayed {unplayed, number, ::group-off} = {total, number, "
          "::group-off}, must be exactly {most, number, ::group-off}");
    x.add("alsos.err.sequences_value",
          "{name}: sequences {value, number, ::group-off} is not a sum a {cards}-card hand can score; one of {values}");
    x.add("alsos.err.sets_value",
          "{name}: sets {value, number, ::group-off} is not 80 x the number of four-of-a-kinds (0..{most, number, "
          "::group-off})");
    x.add("alsos.err.bela_no_trumps", "{name}: béla exists only in trump games");
    x.add("alsos.err.melds_two_sequences",
          "only the best sequence scores: at most one player has sequences, got {players}");
    x.add("alsos.err.melds_two_sets",
          "only the best four-of-a-kind scores: at most one player has sets, got {players}");
    x.add("alsos.err.melds_two_bela", "only one player can hold K+F of trumps (béla), got {players}");
    x.add("alsos.err.made_missing",
          "{what}: made (true/false) is required; the engine cannot tell whether it was made");
    x.add("alsos.err.made_facts",
          "{what} made needs at least {points} card points and {tricks} trick(s); {name} has {has_points, number, "
          "::group-off} and {has_tricks, number, ::group-off}");
    x.add("alsos.err.made_last_trick", "{what} made needs the last trick, but {name} won it");
    x.add("alsos.err.made_all_tricks", "{what} cannot be made: {name} took every trick");
    x.add("alsos.err.made_same_card", "{what} and {name}''s {figura} are both made but claim the same card");
    x.add("alsos.err.unknown_field", "''{key}'' is not a field of an Alsós hand; the fields are: {fields}");
    x.add("alsos.err.type", "{value} is not a record type of Alsós; the only one is \"hand\"");
    x.add("alsos.err.hand_number", "{value} is not a hand number (1, 2, 3...)");
    x.add("alsos.err.dealer_missing", "every hand names its dealer: one of {players}");
    x.add("alsos.err.dealer_unknown", "dealer {name} is not in this session ({players})");
    x.add("alsos.err.suit", "{value} is not a suit; one of {suits}");
    x.add("alsos.err.contract_missing",
          "every hand has a contract '{'kind, trump_suit, declarer'}'; kind is one of {kinds}");
    x.add("alsos.err.contract_field", "''{key}'' is not part of a contract; its fields are kind, trump_suit, declarer");
    x.add("alsos.err.kind", "{value} is not a contract; one of {kinds}");
    x.add("alsos.err.kind_missing", "missing; one of {kinds}");
    x.add("alsos.err.trump_missing", "a trump game needs its trump_suit: one of {suits}");
    x.add("alsos.err.trump_not_allowed", "a {kind} hand has no trump suit (only kind trump has one)");
    x.add("alsos.err.declarer_missing", "{kind} needs a declarer: one of {players}");
    x.add("alsos.err.declarer_not_allowed", "{kind} has no declarer");
    x.add("alsos.err.misdeal_data", "a misdeal carries no play data ({key} given); record only hand, dealer and note");
    x.add("alsos.err.note", "the note is free text (a string)");
    x.add("alsos.err.player_unknown", "{name} is not a player of this session ({players})");
    x.add("alsos.err.player_sits_out", "{name} is dealer and sits out this hand (4 players: the dealer does not play)");
    x.add("alsos.warn.dealer_order", "expected dealer {expected}, got {name}");
    x.add("alsos.warn.hand_number", "expected hand {expected}, got {got} (hands are numbered 1, 2, 3... in order)");
    x.add("alsos.err.tricks_range", "{name}: {tricks} tricks is outside 0..{most}");
    x.add("alsos.err.tricks_missing", "tricks are needed for every active player; missing: {players}");
    x.add("alsos.err.tricks_sum",
          "tricks add up to {sum}, but a deal has {players, plural, =2 {12 tricks (2 players)} other {9 tricks (3-4 "
          "players)}}");
    x.add("alsos.err.tricks_above",
          "tricks add up to {sum}, more than the {players, plural, =2 {12 tricks (2 players)} other {9 tricks (3-4 "
          "players)}} of a deal");
    x.add("alsos.err.points_missing", "card points are needed for every active player; missing: {players}");
    x.add("alsos.err.last_trick_missing", "last_trick (who won the last trick) is needed");
    x.add("alsos.err.points_range",
          "{name}: {points} card points is outside 0..{most} ({trump, select, yes {trump game} other {no trumps}})");
    x.add("alsos.err.points_no_tricks", "{name} took no trick but has {points} card points; must be 0");
    x.add("alsos.err.points_one", "{name}: {points} card points is impossible: no card is worth 1 point");
    x.add("alsos.err.points_one_last",
          "{name}: {points} card points ({without} without the last-trick 10) is impossible: no card is worth 1 point");
    x.add("alsos.err.last_trick_facts",
          "{name} won the last trick, so has at least 1 trick and 10 card points; recorded {tricks} tricks, {points} "
          "card points");
    x.add("alsos.err.points_sum",
          "card points add up to {sum}, above {most}, all card points with the last trick in {trump, select, yes {a "
          "trump game} other {no trumps}}");
    x.add("alsos.names.one", "{name}");
    x.add("alsos.names.and", "{first} and {rest}");
    x.add("alsos.names.comma", "{first}, {rest}");
    x.add("alsos.side", "{side, select, defenders {the defenders} other {{declarer}}}");
    x.add(
        "alsos.hand.game",
        "{declarer}'s {kind, select, trump {trump game in {suit}} betli {betli} other {no-trump game}} "
        "{kind, select, betli {{won, select, yes {made} other {failed}}} other {{won, select, yes {won} other {lost}}}}"
        "{scored, select, yes { {points} to {best}} other {}}");
    x.add("alsos.hand.call",
          "{by}'s {call, select, level {level {level}} other {{call}}} {won, select, yes {won} other {lost}}");
    x.add("alsos.hand.gyerunk", "gyerünk by {by}{calls}{end}");
    x.add("alsos.hand.gyerunk_call", ", {call, select, level {level {level}} other {{call}}} by {side}");
    x.add("alsos.hand.gave_up", ", {side} gave up");
    x.add("alsos.hand.accepted", ", accepted (×{factor})");
    x.add("alsos.hand.figura",
          "{by}'s {phase, select, early {early } other {}}{name} {made, select, yes {made} other {failed}}{kontra}");
    x.add("alsos.hand.figura_kontra", ", {calls}");
    x.add("alsos.hand.misdeal", "misdeal{noted, select, yes { ({note})} other {}}: {dealer} deals again");
    x.add("alsos.hand.kloptzky_tie", "kloptzky: all tied on {most} tricks, no payment");
    x.add("alsos.hand.kloptzky",
          "kloptzky: {losers} took the most tricks ({most}{count, plural, one {} other { each}}), "
          "{count, plural, one {pays} other {pay}} {value} to each of the others");
    x.add("alsos.hand.radli", "rádli: {player} +{bonus} from each");
    x.add("alsos.hand.radli_tie", "rádli: a tie at the top, no bonus");
    x.add("alsos.hand.with_radli", "{hand}; {radli}");
    x.add("alsos.result.none", "no deal played yet");
    x.add(
        "alsos.result",
        "{first} {how, select, share_win {share the win with} share_lead {share the lead with} radli {wins the rádli with} "
        "win {wins with} other {leads with}} {lead_sign, select, plus {+} other {}}{lead} after "
        "{deals, plural, one {{deals} deal} other {{deals} deals}}{last}{settlement}");
    x.add("alsos.result.last", ", {players} last with {points_sign, select, plus {+} other {}}{points}");
    x.add("alsos.result.pays", "{from} pays {to} {amount}");
    x.add("alsos.result.nobody_owes", "; nobody owes anything");
    x.add("alsos.result.settlement", "{over, select, yes {; settlement: } other {; to settle now: }}{payments}");
    return x;
  }());
  return c;
}

}  // namespace marque::rules::alsos
