// French Tarot results in words: one deal as a scorer says it at the table ("Ben's garde with Dan made by 16,
// Eve's simple poignée"; "Redeal: Cat held the petit sec"), and the game's outcome or standing with its totals and
// the settlement when the table plays for a stake (spec tarot §5.4, §5.5). As data: a message id and its arguments
// (core/message.hpp), said by the catalogue at the end of this file (English, the game's terms kept).
#include "rules/common/league.hpp"
#include "rules/tarot/tarot.hpp"

namespace marque::rules::tarot {

namespace {

using common::string_at;
using text::Message;

// Items after the words before them: ", item" each ("tarot.then": {item} and the rest in {rest}).
Message chain(const std::vector<Message>& items, size_t from = 0) {
  Message rest;
  for (size_t i = items.size(); i-- > from;)
    rest = Message("tarot.then").message("item", items[i]).message("rest", std::move(rest));
  return rest;
}

// "a, b, c": the first item, then the rest chained
Message listed(const std::vector<Message>& items) {
  return Message("tarot.list").message("item", items.front()).message("rest", chain(items, 1));
}

// "Ann", "Ann and Ben", "Ann, Ben and Cat"
Message and_list(const std::vector<std::string>& names, size_t from = 0) {
  if (names.size() - from == 1) return Message("tarot.names.one").text("a", names[from]);
  if (names.size() - from == 2) return Message("tarot.names.two").text("a", names[from]).text("b", names[from + 1]);
  return Message("tarot.names.more").text("a", names[from]).message("rest", and_list(names, from + 1));
}

Message redeal_message(const json& rec) {
  const std::string reason = string_at(rec, "reason"), player = string_at(rec, "player");
  for (const char* known : {"all_pass", "petit_sec", "no_trumps", "few_honours", "misdeal"})
    if (reason == known)
      return Message(std::string("tarot.redeal.") + known)
          .text("known", player.empty() ? "no" : "yes")
          .text("player", player);
  return Message("tarot.redeal").text("known", player.empty() ? "no" : "yes").text("player", player);
}

// "with Dan", "alone (the called card in hand)", "alone (the called card in the chien)"
Message partner_message(const json& b) {
  if (b.contains("attack") && b["attack"].is_array() && b["attack"].size() == 2 && b["attack"][1].is_string())
    return Message("tarot.partner.with").text("partner", b["attack"][1].get<std::string>());
  const std::string alone = string_at(b, "taker_alone");
  if (alone == "self" || alone == "chien") return Message("tarot.partner." + alone);
  return {};
}

// "made by 16", "just made", "failed by 3"
Message outcome_message(const json& b) {
  const int64_t margin = (common::amount_at(b, "points_rounded", 2) - common::amount_at(b, "target", 2)).whole_part();
  if (b.value("made", false) != true) return Message("tarot.outcome.failed").number("margin", -margin);
  return margin == 0 ? Message("tarot.outcome.just") : Message("tarot.outcome.made").number("margin", margin);
}

// The slams ("announced chelem made", "chelem for the defence", "petite chelem" ...).
void slam_messages(const json& rec, const json& b, std::vector<Message>& out) {
  const std::string chelem = string_at(rec, "chelem");
  const bool announced = rec.value("chelem_announced", false) == true;
  const bool petite_announced = rec.value("petite_chelem_announced", false) == true;
  const Amount slam = common::amount_at(b, "slam_part", 1);
  if (announced)
    out.push_back(Message("tarot.slam.announced").text("made", chelem == "attack" ? "yes" : "no"));
  else if (chelem == "attack")
    out.push_back(Message("tarot.slam.attack"));
  if (chelem == "defence") out.push_back(Message("tarot.slam.defence"));
  if (petite_announced)
    out.push_back(Message("tarot.slam.petite_announced").text("made", slam > Amount{} ? "yes" : "no"));
  else if (!announced && chelem != "attack" && chelem != "defence" && slam == Amount::whole(150))
    out.push_back(Message("tarot.slam.petite"));
}

// The bonuses of a played hand: petit au bout, poignées, slams, misères.
std::vector<Message> bonus_messages(const json& rec, const json& b) {
  std::vector<Message> out;
  const std::string pab = string_at(rec, "petit_au_bout");
  if (pab == "attack" || pab == "defence") out.push_back(Message("tarot.bonus.petit_au_bout").text("side", pab));
  if (rec.contains("poignees") && rec["poignees"].is_array())
    for (const auto& q : rec["poignees"])
      out.push_back(Message("tarot.bonus.poignee")
                        .text("player", string_at(q, "player"))
                        .label("level", "poignees.level", string_at(q, "level")));
  slam_messages(rec, b, out);
  if (rec.contains("miseres") && rec["miseres"].is_array())
    for (const auto& m : rec["miseres"])
      out.push_back(
          Message("tarot.bonus.misere").text("player", string_at(m, "player")).text("kind", string_at(m, "kind")));
  return out;
}

// A number of the score document, exactly (0 when it is none).
Amount amount_in(const json& v) { return amount_of(v, 2).value_or(Amount{}); }

// A played hand's words from its record and its entry's breakdown `b` (all the words read of the entry).
Message played_message(const json& rec, const json& b) {
  return Message("tarot.hand")
      .text("taker", string_at(rec, "taker"))
      .label("contract", "contract", string_at(rec, "contract"))
      .message("partner", partner_message(b))
      .message("outcome", outcome_message(b))
      .message("bonuses", chain(bonus_messages(rec, b)));
}

}  // namespace

Message message_of_hand(const json& rec, const json& entry) {
  if (!rec.is_object()) return {};
  if (string_at(rec, "type") == "redeal") return redeal_message(rec);
  const json b = entry.is_object() && entry.contains("breakdown") ? entry["breakdown"] : json::object();
  return played_message(rec, b);
}

Message message_of_hand(const json& rec, const ojson& entry) {
  if (!rec.is_object()) return {};
  if (string_at(rec, "type") == "redeal") return redeal_message(rec);
  const json b = entry.is_object() && entry.contains("breakdown") ? json(entry["breakdown"]) : json::object();
  return played_message(rec, b);
}

Message message_of_result(const json& score) {
  const json& res = score.contains("result") && score["result"].is_object() ? score["result"] : json::object();
  const json& totals = score.contains("totals") ? score["totals"] : json::object();
  const bool over = score.value("finished", false) == true;
  const json deals = score.contains("deals") ? score["deals"] : json(0);
  if (!res.contains("ranking") || !res["ranking"].is_array() || res["ranking"].empty()) return {};
  if (!over && (!deals.is_number() || deals == 0)) return Message("tarot.result.none");
  auto total = [&](const std::string& name) { return amount_in(totals.contains(name) ? totals[name] : json(0)); };
  std::vector<std::string> first;
  std::vector<Message> rest;
  for (const auto& p : res["ranking"]) {
    const std::string name = p.is_string() ? p.get<std::string>() : "";
    const bool leader = first.empty() ||
                        (res.contains("places") && res["places"].contains(name) && res["places"][name] == 1);
    if (leader)
      first.push_back(name);
    else
      rest.push_back(Message("tarot.result.standing").text("player", name).amount("points", total(name)));
  }
  std::vector<Message> pay;
  if (res.contains("settlement") && res["settlement"].contains("transfers"))
    for (const auto& t : res["settlement"]["transfers"])
      pay.push_back(Message("tarot.result.pays")
                        .text("from", string_at(t, "from"))
                        .text("to", string_at(t, "to"))
                        .amount("amount", t.contains("amount") ? amount_in(t["amount"]) : Amount{}));
  Message m("tarot.result");
  m.message("leaders", and_list(first))
      .text("over", over ? "yes" : "no")
      .text("tie", first.size() > 1 ? "yes" : "no")
      .amount("points", total(first.front()))
      .amount("deals", amount_in(deals));
  m.message("rest", rest.empty() ? Message() : Message("tarot.result.then").message("list", listed(rest)));
  m.message("pay", pay.empty() ? Message() : Message("tarot.result.settlement").message("list", listed(pay)));
  return m;
}

const text::Catalogue& catalogue() {
  static const text::Catalogue& c = *new text::Catalogue([] {
    text::Catalogue x;
    x.patterns.reserve(163);  // the patterns below: one allocation
    x.fallback = &default_catalogue();
    x.labels = &labels;
    x.add("tarot.title", "French Tarot");  // title() in the reader's language (sheets, site, tournament papers)
    // a list: the first item, then ", item" for each of the rest
    x.add("tarot.list", "{item}{rest}");
    // refusals (tarot_hand.cpp): ICU MessageFormat, so a quote around a placeholder is written twice: ''{name}''
    // §4.7: a hand that is not zero-sum is marque's own fault
    x.add("tarot.err.internal",
          "internal error: the deltas of this hand sum to {sum, number, ::group-off}, not 0; please report");
    x.add("tarot.err.unknown_player", "unknown player ''{name}''; the players are {players}");
    x.add("tarot.err.not_player_name", "{value} is not a player name; the players are {players}");
    x.add("tarot.err.sitting_out", "{name} is the dealer and sits out this deal, so cannot be {role}");
    x.add("tarot.role.taker", "the taker");
    x.add("tarot.role.declarer", "the player who declared");
    x.add("tarot.role.poignee", "showing a poignée");
    x.add("tarot.role.misere", "declaring a misère");
    x.add("tarot.err.not_contract", "{at}{value} is not a contract; the ladder is {ladder}");
    x.add("tarot.err.pousse_ladder",
          "{at}contract ''pousse'' needs ladder petite_pousse (option bid_ladder); this game uses {ladder}");
    x.add("tarot.err.not_bool", "{value} is not true or false");
    x.add("tarot.err.note", "a note is free text (a string)");
    x.add("tarot.err.taker_missing", "missing: name the taker (one of {players})");
    x.add("tarot.err.contract_missing", "missing: one of {ladder}");
    x.add("tarot.err.chelem_value", "{value} is not a chelem value; one of: none, attack, defence");
    x.add("tarot.err.oudlers_missing", "missing: the number of oudlers (0..3) in the attack''s cards");
    x.add("tarot.err.oudlers_range", "{value} is not allowed: oudlers must be 0..3 (there are three oudlers)");
    x.add("tarot.err.oudler_cards_list", "must be a list of petit, 21, excuse");
    x.add("tarot.err.not_oudler", "{value} is not an oudler; the oudlers are petit, 21, excuse");
    x.add("tarot.err.oudler_twice", "''{value}'' is listed twice");
    x.add("tarot.err.oudler_cards_count", "{listed} oudler card(s) listed but oudlers = {oudlers}; they must agree");
    x.add("tarot.err.points_missing", "missing: the attack''s card points, 0..91 in half points");
    x.add("tarot.err.points_not_number", "{value} is not a number; points must be 0..91 in half points");
    x.add("tarot.err.points_below", "{value} is below 0; points must be 0..91 in half points");
    x.add("tarot.err.points_above", "{value} is above 91, the most card points in tarot");
    x.add("tarot.err.points_half", "{value} is not a multiple of 0.5; points must be 0..91 in half points");
    x.add("tarot.err.defence_points", "{value} is not a card-point count (0..91 in half points)");
    x.add("tarot.err.points_sum", "attack {attack} + defence {defence} = {sum}, must be 91");
    x.add("tarot.err.points_too_few",
          "{points} is too few: {oudlers, plural, one {# oudler alone is} other {# oudlers alone are}} worth {worth} "
          "points");
    x.add("tarot.err.points_too_many",
          "{points} is too many: the {oudlers, plural, one {# oudler} other {# oudlers}} of the defence are worth "
          "{worth}, so the attack has at most {most}");
    x.add("tarot.err.half_point_4p", "{points}: half points are impossible with 4 players outside a chelem; recount");
    x.add(
        "tarot.err.redeal_not_reason",
        "{value} is not a reason; a redeal needs a reason: all_pass, petit_sec, no_trumps, few_honours, misdeal, other");
    x.add("tarot.err.redeal_reason_missing",
          "missing; a redeal needs a reason: all_pass, petit_sec, no_trumps, few_honours, misdeal, other");
    x.add("tarot.err.redeal_reason",
          "''{value}'' is not a redeal reason; one of: all_pass, petit_sec, no_trumps, few_honours, misdeal, other");
    x.add("tarot.err.redeal_player", "a ''{reason}'' redeal needs the player who declared it");
    x.add("tarot.err.redeal_bids",
          "these bids are not an all-pass auction: {name} takes at {contract}; record the hand instead");
    x.add("tarot.warn.redeal_not_house",
          "''{reason}'' is not a house redeal reason of this game (option extra_redeal_reasons); recorded as it "
          "happened");
    x.add("tarot.warn.redeal_petit_sec",
          "this table plays a bare petit like an Excuse (option petit_sec); redeal recorded as it happened");
    x.add("tarot.err.no_partner_sits_out",
          "{value} cannot be a partner: with the dealer sitting out, 4 play and there is no partner; leave partner out "
          "or null");
    x.add("tarot.err.no_partner",
          "{value} cannot be a partner: with {players} players the taker plays alone; leave partner out or null");
    x.add("tarot.err.partner_missing",
          "5 players: record the partner (the taker''s own name if he called himself, null if the card was in the "
          "chien)");
    x.add("tarot.err.partner_unknown",
          "{value} is not a player; the partner is one of {players} (the taker''s own name if he called himself, null "
          "if the card was in the chien)");
    x.add("tarot.err.self_call",
          "calling oneself is disabled (option self_call = false); {name} cannot be his own partner");
    x.add("tarot.err.called_card_mode", "a card is only called with 5 players in called-king mode");
    x.add("tarot.err.tricks_range", "{value} is not allowed: attack_tricks must be 0..{most} with {players} players");
    x.add("tarot.err.tricks_all", "{tricks} tricks means chelem = attack");
    x.add("tarot.err.tricks_none", "0 tricks for the attack means chelem = defence");
    x.add("tarot.err.chelem_attack_tricks", "chelem = attack means the attack won all {all} tricks, not {tricks}");
    x.add("tarot.err.chelem_defence_tricks", "chelem = defence means the attack won no trick, not {tricks}");
    x.add("tarot.err.pab_side", "{value} is not a side; petit_au_bout is attack, defence or null");
    x.add("tarot.err.pab_attack_no_petit", "petit au bout for the attack but the attack has no petit (oudlers = 0)");
    x.add("tarot.err.pab_attack_cards", "petit au bout for the attack but oudler_cards does not list the petit");
    x.add("tarot.err.pab_attack_chelem", "petit au bout for the attack is impossible when the defence won every trick");
    x.add("tarot.err.pab_defence_three", "petit au bout for the defence but the attack holds all three oudlers");
    x.add("tarot.err.pab_defence_cards",
          "petit au bout for the defence but oudler_cards gives the petit to the attack");
    x.add("tarot.err.pab_defence_chelem",
          "petit au bout for the defence is impossible when the attack won every trick");
    x.add("tarot.err.petite_chelem_off", "a petite chelem needs variant petite_chelem (it is off in this game)");
    x.add("tarot.err.petite_chelem_both",
          "only one slam announcement per hand: chelem and petite chelem are both announced");
    x.add("tarot.err.petite_chelem_tricks", "record attack_tricks to score an announced petite chelem");
    x.add("tarot.warn.petite_no_tricks",
          "attack_tricks not recorded: no unannounced petite chelem can be scored (counted as 0 tricks)");
    x.add("tarot.err.chelem_failed",
          "impossible: chelem for the attack but the contract is failed ({points} < {target})");
    x.add("tarot.err.chelem_made",
          "impossible: chelem for the defence but the contract is made ({points} >= {target})");
    x.add("tarot.err.poignee_trumps_whole", "{name}: trumps {value} is not a whole number of trumps");
    x.add("tarot.err.poignee_too_few",
          "{players} players: a {level} poignée needs {need} trumps; {name} shows {trumps}");
    x.add("tarot.err.poignee_too_many",
          "{name} shows {trumps} trumps; at most {most} are possible with {players} players");
    x.add("tarot.warn.poignee_smaller",
          "{name} shows {trumps} trumps, enough for a {enough} poignée, but declared a {level} one (legal)");
    x.add("tarot.err.poignee_level", "{value} is not a poignée level; one of: simple, double, triple");
    x.add("tarot.err.poignee_level_missing", "a missing level is not a poignée level; one of: simple, double, triple");
    x.add("tarot.err.poignee_twice", "{name} has two poignées; one poignée per player");
    x.add("tarot.err.poignee_total", "these poignées need {trumps} trumps; only 22 exist (21 trumps and the Excuse)");
    x.add("tarot.err.misere_kind", "{value} is not a misère kind; one of: combined, trumps, faces");
    x.add("tarot.err.misere_separate",
          "kind ''{kind}'' needs misere_kinds = separate; this game counts combined misères only");
    x.add("tarot.err.misere_combined",
          "with misere_kinds = separate a misère is of kind trumps or faces, not combined");
    x.add("tarot.err.misere_twice", "{name} declares the same misère twice{kind, select, none {} other { ({kind})}}");
    x.add("tarot.err.misere_poignee", "{name} declares a misère without trumps, so cannot also show a poignée");
    x.add("tarot.err.misere_partner",
          "{name} is the partner, who holds the called face card, so cannot declare a misère of face cards");
    x.add("tarot.warn.misere_taker", "{name}, the taker, declares a misère (legal but unusual)");
    x.add("tarot.err.misere_off", "misère is recorded but variant misere is off in this game");
    // the command line's words (tarot_fields.cpp)
    x.add("tarot.err.end_rule", "''{value}'' is not an end rule; write end=open, end=deals:N or end=target:X");
    x.add("tarot.err.setup_key", "unknown set-up key ''{key}''; the keys are: {keys}");
    // the auction (bids): "bid 3: ..."
    x.add("tarot.err.bid_at", "bid {n}: {why}");
    x.add("tarot.err.bid_prefix", "bid {n}: {name}: ");
    x.add("tarot.err.bid_object", "{value} is not '{\"player\": name, \"bid\": ...}'");
    x.add("tarot.err.bid_player", "unknown player {value}; the players are {players}");
    x.add("tarot.err.bid_sits_out", "{name} is the dealer and sits out this deal, so does not bid");
    x.add("tarot.err.bid_spoken", "{name} has already spoken (bidding_rounds single: one bid each)");
    x.add("tarot.err.bid_over",
          "the auction was already over ({taken, select, yes {{highest} takes at {bid}} other {everybody passed}}); "
          "{name} cannot speak");
    x.add("tarot.err.bid_passed", "{name} has already passed and may not speak again");
    x.add("tarot.err.bid_turn", "it is {turn}''s turn to speak, not {name}''s");
    x.add("tarot.err.bid_not_above",
          "{name} bids {bid}, which is not above {highest}''s {current}; a bid must be strictly higher");
    x.add("tarot.err.bids_list",
          "must be a list of '{'\"player\": name, \"bid\": \"pass\" or a contract'}', first speaker first");
    x.add("tarot.err.bids_unfinished", "the auction is not finished: {name} still has to speak");
    x.add("tarot.err.bids_all_pass", "everybody passed: record a redeal with reason all_pass instead of a hand");
    x.add("tarot.err.bids_winner", "the auction is won by {winner}, but the taker is {taker}");
    x.add("tarot.err.bids_contract", "the auction ends at {auction}, but the contract is {contract}");
    // a chelem against the points (E_CHELEM_POINTS); side: whose chelem
    x.add("tarot.err.chelem_oudlers",
          "oudlers = {oudlers} is impossible in {side, select, attack {a chelem of the attack} other {a chelem of the "
          "defence in garde contre}}: the {side, select, attack {defence} other {attack}}, without tricks, can only "
          "own the Excuse, so it has at most 1 oudler and the {side, select, attack {attack} other {defence}} at "
          "least 2");
    x.add("tarot.err.chelem_all_cards",
          "{points} points with oudlers = {oudlers} in {side, select, attack {a chelem of the attack} other {a chelem "
          "of the defence in garde contre}}: the {side, select, attack {defence} other {attack}}, without tricks, "
          "owns no card at all, so the attack has exactly {side, select, attack {91} other {0}}");
    x.add("tarot.err.chelem_excuse",
          "{points} points with oudlers = {oudlers} in {side, select, attack {a chelem of the attack} other {a chelem "
          "of the defence in garde contre}}: the {side, select, attack {defence} other {attack}}, without tricks, "
          "owns only the Excuse, so the attack has {side, select, attack {86.5 (or 87 rounded)} other {4.5 (or 4 "
          "rounded)}}");
    x.add("tarot.err.chelem_excuse_card",
          "{side, select, attack {a chelem of the attack with 2 oudlers leaves the Excuse to the defence, but "
          "oudler_cards lists the excuse} other {in a chelem of the defence in garde contre the attack''s only oudler "
          "is the Excuse, but oudler_cards does not list the excuse}}");
    x.add("tarot.err.poignee_object", "{value} is not '{\"player\": name, \"level\": simple|double|triple}'");
    x.add("tarot.err.poignees_list",
          "must be a list of '{\"player\": name, \"level\": simple|double|triple, \"trumps\": n}'");
    x.add("tarot.err.misere_object", "{value} is not '{\"player\": name, \"kind\": combined|trumps|faces}'");
    x.add("tarot.err.miseres_list", "must be a list of '{\"player\": name, \"kind\": combined|trumps|faces}'");
    x.add("tarot.err.record_object", "a record must be a JSON object");
    x.add("tarot.err.record_type",
          "{given, select, yes {{value} is an unknown record type} other {missing}}; a tarot record is of type hand or "
          "redeal");
    x.add("tarot.err.dealer_player", "unknown player {value}; the players are {players}");
    x.add("tarot.warn.dealer",
          "recorded dealer {recorded}, but {expected} was expected to deal (a redeal may be missing); the expected "
          "dealer is kept");
    x.add("tarot.err.game_over", "game is over after deal {deal}; start a new game");
    x.add("tarot.note.half_point",
          "{points} points: the half point goes to the {made, select, yes {attack} other {defence}} ({rounded}); "
          "contract {made, select, yes {made} other {failed}} on the exact count");
    x.add("tarot.warn.setup_field",
          "''{key}'' is not a tarot set-up field (players, first_dealer, options, end, stake_per_point); ignored");
    x.add("tarot.err.players_missing",
          "missing: tarot needs 3, 4 or 5 distinct players, e.g. [\"Ann\",\"Ben\",\"Cat\",\"Dan\"]");
    x.add("tarot.err.player_name", "{value} is not a player name; tarot needs 3, 4 or 5 distinct non-empty names");
    x.add("tarot.err.player_twice", "''{name}'' appears twice; tarot needs 3, 4 or 5 distinct players");
    x.add("tarot.err.player_count", "{count} players given; tarot needs 3, 4 or 5 distinct players");
    x.add("tarot.err.first_dealer", "{value} is not one of the players; the first dealer must be one of them");
    x.add("tarot.err.sits_out_5", "''dealer_sits_out'' is a 5-player mode; this game has {players} players");
    x.add("tarot.err.jack_call_5", "jack_call is a 5-player (called king) variant; this game has {players} players");
    x.add("tarot.err.petite_chelem_over", "{value} is more than the {tricks} tricks of a deal");
    x.add("tarot.err.end_value",
          "end mode ''{mode}'' needs {mode} >= 1 ({mode, select, target {a whole number of points} other {a whole "
          "number}}){got, select, yes {; got {value}} other {}}");
    x.add("tarot.err.end_object",
          "{value} is not an end rule; write '{\"mode\":\"open\"}', '{\"mode\":\"deals\",\"deals\":N}' or "
          "'{\"mode\":\"target\",\"target\":X}'");
    x.add("tarot.err.end_mode",
          "{given, select, yes {{value}} other {a missing mode}} is not an end mode; one of: open, deals, target");
    x.add("tarot.err.stake", "{value} is not allowed: stake_per_point is a whole number >= 0 (minor units per point)");
    x.add("tarot.err.called_words", "''{value}'' is not a called card; write rank:suit, e.g. called=king:hearts");
    x.add("tarot.err.poignee_words",
          "''{value}'' is not a poignée; write player:level[:trumps], e.g. poignee=Ben:simple:10");
    x.add("tarot.err.misere_words",
          "''{value}'' is not a misère; write player[:kind], e.g. misere=Ann or misere=Ann:trumps");
    x.add("tarot.err.bid_words", "''{value}'' is not a bid; write player:bid, e.g. bids=Ann:pass,Ben:garde");
    x.add("tarot.err.unknown_field", "unknown field ''{key}''; the fields are: {fields}");
    x.add("tarot.err.partner_self", "partner=self needs the taker: write taker=NAME too");
    x.add("tarot.warn.unknown_hand_field", "''{key}'' is not a field of a tarot hand record; ignored");
    x.add("tarot.warn.unknown_redeal_field", "''{key}'' is not a field of a tarot redeal record; ignored");
    x.add("tarot.then", ", {item}{rest}");
    x.add("tarot.names.one", "{a}");
    x.add("tarot.names.two", "{a} and {b}");
    x.add("tarot.names.more", "{a}, {rest}");
    x.add("tarot.redeal.all_pass", "Redeal: everybody passed");
    x.add("tarot.redeal.petit_sec", "Redeal: {known, select, yes {{player}} other {a player}} held the petit sec");
    x.add("tarot.redeal.no_trumps", "Redeal: {known, select, yes {{player}} other {a player}} had no trumps");
    x.add("tarot.redeal.few_honours",
          "Redeal: {known, select, yes {{player}} other {a player}} had too few trumps and face cards");
    x.add("tarot.redeal.misdeal", "Redeal: misdeal, the same dealer deals again");
    x.add("tarot.redeal", "Redeal{known, select, yes { declared by {player}} other {}}");
    x.add("tarot.hand", "{taker}'s {contract}{partner} {outcome}{bonuses}");
    x.add("tarot.partner.with", " with {partner}");
    x.add("tarot.partner.self", " alone (the called card in hand)");
    x.add("tarot.partner.chien", " alone (the called card in the chien)");
    x.add("tarot.outcome.made", "made by {margin}");
    x.add("tarot.outcome.just", "just made");
    x.add("tarot.outcome.failed", "failed by {margin}");
    x.add("tarot.bonus.petit_au_bout", "petit au bout for the {side, select, attack {attack} other {defence}}");
    x.add("tarot.bonus.poignee", "{player}'s {level} poignée");
    x.add("tarot.bonus.misere", "{player}'s {kind, select, trumps {trump } faces {face } other {}}misère");
    x.add("tarot.slam.announced", "announced chelem {made, select, yes {made} other {failed}}");
    x.add("tarot.slam.attack", "chelem for the attack");
    x.add("tarot.slam.defence", "chelem for the defence");
    x.add("tarot.slam.petite_announced", "announced petite chelem {made, select, yes {made} other {failed}}");
    x.add("tarot.slam.petite", "petite chelem");
    x.add("tarot.result.none", "No deal played yet");
    x.add(
        "tarot.result",
        "{leaders} {over, select, yes {{tie, select, yes {win} other {wins}}} other {{tie, select, yes {lead} other {leads}}}} "
        "with {points} points{tie, select, yes { each} other {}} after {deals, plural, one {{deals} deal} other {{deals} deals}}"
        "{rest}{pay}");
    x.add("tarot.result.standing", "{player} {points}");
    x.add("tarot.result.then", "; then {list}");
    x.add("tarot.result.pays", "{from} pays {to} {amount}");
    x.add("tarot.result.settlement", "; {list}");
    return x;
  }());
  return c;
}

}  // namespace marque::rules::tarot
