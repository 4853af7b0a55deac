// Piquet guided entry (rules/entry.hpp): the questions of one deal in the order of the table talk (spec piquet
// §2.7): detail or totals; a redeal; carte blanche; the point, the sequences, the sets (who won, then what was
// scored in the short syntax of `marque hand`); a concession (final Rubicon deal only); elder's tricks; the play
// points (preset where Appendix A leaves one value); then the pique and the game winner only when the record
// cannot tell. Players are named by name, with their role in the deal. Pure: no I/O.
#include <algorithm>
#include <map>
#include <set>

#include "core/language.hpp"
#include "rules/piquet/piquet.hpp"

namespace marque::rules::piquet {

namespace {

// The answers of one deal read against the game before it.
struct Deal {
  const PiquetGame& game;
  const Answers& answers;
  DealContext c;
  std::string elder, younger;

  Deal(const PiquetGame& g, const Answers& a) : game(g), answers(a), c(g.context()) {
    elder = c.name(c.player_of(k_elder));
    younger = c.name(c.player_of(k_younger));
  }
  std::string value(std::string_view key) const {
    const std::string* v = answer_of(answers, key);
    return v ? *v : "";
  }
  bool any(std::initializer_list<const char*> keys) const {
    return std::any_of(keys.begin(), keys.end(), [&](const char* k) { return asked(answers, k); });
  }
  // "Ann (elder)"-labelled choices: elder, younger, then the extra values.
  std::vector<Choice> players_and(std::vector<Choice> extra) const {
    std::vector<Choice> out = {{elder, text::tr("piquet.entry.elder", "elder")},
                               {younger, text::tr("piquet.entry.younger", "younger")}};
    out.insert(out.end(), extra.begin(), extra.end());
    return out;
  }
};

// The record the answers make and how the game takes it: scores (entry) or its errors.
struct Trial {
  json record;
  std::optional<HandResult> entry;
  std::vector<Diagnostic> errors;
  bool has_error(const std::string& code) const {
    return std::any_of(errors.begin(), errors.end(), [&](const Diagnostic& d) { return d.code == code; });
  }
  // Nothing of the deal itself is missing: it scores, or waits only for the pique or the game winner.
  bool complete() const {
    return entry || has_error("piquet.pique_needed") || has_error("piquet.game_winner_required");
  }
};

Trial try_deal(const Deal& deal) {
  Trial t;
  Diagnostics d;
  t.record = record_from_args(entry_words_of(deal.game, deal.answers), deal.game, d);
  if (!d.has_errors()) {
    PiquetGame copy = deal.game;  // the game is a value: playing the copy leaves `before` alone
    t.entry = copy.play_hand(t.record, d);
  }
  t.errors = d.errors();
  return t;
}

Question with(Question q, std::vector<std::string> fields, std::string help = "") {
  q.fields = std::move(fields);
  q.help = std::move(help);
  return q;
}

// ---- the first questions: detail or totals, a redeal ---------------------------------------------------------

// the questions' words in the reader's language (piquet.entry.*; the game's terms kept)
using text::tr;

// "Ann (elder)"
std::string with_role(const std::string& who, int role) {
  return tr("piquet.entry.role", "{name} ({role, select, elder {elder} other {younger}})",
            text::Message().text("name", who).text("role", k_role_names[static_cast<size_t>(role)]));
}

Question ask_kind() {
  Question q = ask_choice("entry", tr("piquet.entry.entry", "Record this deal in detail or only its two totals?"),
                          {{"detail", tr("piquet.entry.entry.detail", "point, sequences, sets, tricks, play")},
                           {"totals", tr("piquet.entry.entry.totals", "the two deal scores, as on a score card")}});
  q.preset = "detail";
  return with(q, {"entry"});
}

std::optional<Question> totals_question(const Deal& deal) {
  for (int role = 0; role < 2; ++role) {
    const char* key = role == k_elder ? "total_elder" : "total_younger";
    if (asked(deal.answers, key)) continue;
    const std::string& who = role == k_elder ? deal.elder : deal.younger;
    Question q = ask_number(key,
                            tr("piquet.entry.total", "What did {who} score in this deal?",
                               text::Message().text("who", with_role(who, role))),
                            "int", 0, k_max_deal_total);
    return with(q, {"totals"},
                tr("piquet.entry.total.help", "the deal total, 0 to 174: everything {name} counted in it",
                   text::Message().text("name", who)));
  }
  return std::nullopt;
}

Question ask_redeal(const Deal& deal) {
  return with(ask_yes_no("redeal", tr("piquet.entry.redeal", "Misdeal: is the deal void ({name} deals again)?",
                                      text::Message().text("name", deal.c.name(deal.c.dealer)))),
              {"redeal"});
}

Question ask_reason() {
  Question q;
  q.key = "reason";
  q.text = tr("piquet.entry.reason", "Why was it void?");
  q.kind = "text";
  q.optional = true;
  return with(q, {"reason"},
              tr("piquet.entry.reason.help", "e.g. wrong number of cards, a card exposed (Enter: no reason)"));
}

// ---- the declarations: carte blanche, point, sequences, sets ---------------------------------------------

Question ask_carte(const Deal& deal) {
  Question q = ask_choice("carte",
                          tr("piquet.entry.carte", "Carte blanche (a dealt hand without K, Q or J, 10 points)?"),
                          deal.players_and({}));
  q.choices.insert(q.choices.begin(), {"none", tr("piquet.entry.nobody", "nobody")});
  q.preset = "none";
  return with(q, {"carte_blanche"});
}

std::optional<Question> point_question(const Deal& deal) {
  if (!asked(deal.answers, "point_winner"))
    return with(ask_choice("point_winner", tr("piquet.entry.point", "Who won the point?"),
                           deal.players_and(
                               {{"equal", tr("piquet.entry.point.equal", "same cards and pips: nobody scores")}})),
                {"point.winner"});
  const std::string w = deal.value("point_winner");
  if (!asked(deal.answers, "point_cards"))
    return with(
        ask_number("point_cards",
                   tr("piquet.entry.point_cards",
                      "{equal, select, yes {How many cards in each point?} other {How many cards in {name}'s point?}}",
                      text::Message().text("equal", w == "equal" ? "yes" : "no").text("name", w)),
                   "int", 1, 8),
        {"point.cards"});
  int cards = 0;
  if (deal.c.opts.pips_rounded && !asked(deal.answers, "point_pips") &&
      read_int(typed_value(deal.value("point_cards")), 1, 8, cards)) {
    auto [lo, hi] = k_pip_range[static_cast<size_t>(cards)];
    return with(ask_number("point_pips", tr("piquet.entry.point_pips", "What did it make (pips)?"), "int", lo, hi),
                {"point.pips"},
                tr("piquet.entry.point_pips.help",
                   "old rule (point_scoring = pips_rounded): the point scores its pips / 10, rounded"));
  }
  return std::nullopt;
}

constexpr std::array<const char*, 6> k_lengths = {"tierce", "quart", "quint", "sixieme", "septieme", "huitieme"};

// The composite answers asked as pickers (rules/entry.hpp ListAsk): the sequences the winner scored (length -> top
// card, one at a time), the sequence said equal (one, optional), the sets the winner scored (trio or quatorze ->
// rank). Their shapes alone fold the answers into the words; the questions offer the legal choices only.
enum class Decl { seq_scored, seq_equal, sets_scored };

std::string_view list_key(Decl which) {
  return which == Decl::seq_scored ? "seq_scored" : which == Decl::seq_equal ? "seq_equal" : "sets_scored";
}

// Every item of the list there is: LEN:TOP for a sequence, KIND:RANK for a set.
const std::vector<ListItem>& all_items(Decl which) {
  static const auto make = [](bool sets) {
    std::vector<ListItem> out;
    if (sets) {
      for (const char* kind : {"trio", "quatorze"})
        for (int r = 7; r >= 3; --r) out.push_back({{{"kind", kind}, {"rank", k_ranks[static_cast<size_t>(r)]}}});
      return out;
    }
    for (int len = 3; len <= 8; ++len)
      for (int top = 7; top >= len - 1; --top)
        out.push_back({{{"len", k_lengths[static_cast<size_t>(len - 3)]}, {"top", k_ranks[static_cast<size_t>(top)]}}});
    return out;
  };
  static const std::vector<ListItem> seqs = make(false), sets = make(true);
  return which == Decl::sets_scored ? sets : seqs;
}

ListAsk decl_shape(Decl which) {
  ListAsk l;
  l.key = std::string(list_key(which));
  const bool sets = which == Decl::sets_scored;
  l.typed.key = l.key;
  l.typed.kind = "words";
  l.typed.help = sets ? tr("piquet.entry.sets.help",
                           "KIND:RANK, several with commas, e.g. quatorze:10,trio:Q (KIND trio or quatorze; RANK A K Q "
                           "J 10)")
                 : which == Decl::seq_equal
                     ? tr("piquet.entry.seq_equal.help", "LEN:TOP, e.g. quint:K")
                     : tr("piquet.entry.sequences.help",
                          "LEN:TOP, several with commas, e.g. quart:A,tierce:9 (LEN tierce, quart, quint, sixieme, "
                          "septieme, huitieme or 3-8; TOP A K Q J 10 9 8 7, major = A)");
  l.typed.fields = {sets ? "sets" : "sequences"};
  l.typed.optional = which == Decl::seq_equal;
  l.max_items = which == Decl::seq_equal ? 1 : 0;
  l.min_items = which == Decl::seq_equal ? 0 : 1;
  l.next_part = [sets](const std::vector<ListItem>&, const ListItem& cur) -> std::optional<Question> {
    const char* first = sets ? "kind" : "len";
    const char* second = sets ? "rank" : "top";
    if (cur.part(first) && cur.part(second)) return std::nullopt;
    Question q;
    q.key = cur.part(first) ? second : first;
    return q;
  };
  l.item_words = [sets](const ListItem& i) {
    auto v = [&](const char* part) { return i.part(part) ? *i.part(part) : std::string(); };
    return v(sets ? "kind" : "len") + ":" + v(sets ? "rank" : "top");
  };
  return l;
}

// The composite words: the answer to one question of several made into the word record_from_args reads.
void add_word(Words& w, const std::string& key, const std::string& value) {
  std::erase_if(w, [&](const auto& x) { return x.first == key; });
  if (!value.empty()) w.emplace_back(key, value);
}

// Whether the deal's declarations stay legal with `items` as the list's answer (the engine's checks: a sequence
// headed too low, two sets of one rank, more cards of a rank than the pack has, more than 12 in a hand ...).
bool decl_legal(const Deal& deal, Decl which, const std::string& items) {
  Words w = entry_words_of(deal.game, deal.answers);
  if (which == Decl::sets_scored)
    add_word(w, "sets", deal.value("sets_winner") + ":" + items);
  else if (which == Decl::seq_equal)
    add_word(w, "seq", "equal:" + items);
  else
    add_word(w, "seq", deal.value("seq_winner") + ":" + items);
  Diagnostics d;
  const json rec = record_from_args(w, deal.game, d);
  return !d.has_errors() && declaration_errors(rec, deal.c).empty();
}

ListAsk decl_list(const Deal& deal, Decl which) {
  ListAsk l = decl_shape(which);
  const std::string w = which == Decl::seq_equal
                            ? std::string()
                            : deal.value(which == Decl::sets_scored ? "sets_winner" : "seq_winner");
  const text::Message name = text::Message().text("name", w);
  if (which == Decl::sets_scored) {
    l.first = tr("piquet.entry.sets.first", "Which sets did {name} score?", name);
    l.add = tr("piquet.entry.sets.add", "add a set");
    l.another = tr("piquet.entry.sets.another", "Another set of {name}?", name);
  } else if (which == Decl::seq_equal) {
    l.first = tr("piquet.entry.seq_equal.first", "Which sequence was equal?");
    l.add = tr("piquet.entry.seq_equal.add", "say which");
  } else {
    l.first = tr("piquet.entry.sequences.first", "Which sequences did {name} score?", name);
    l.add = tr("piquet.entry.sequences.add", "add a sequence");
    l.another = tr("piquet.entry.sequences.another", "Another sequence of {name}?", name);
  }
  l.typed.text = l.first;
  l.next_part = [&deal, which, words = l.item_words](const std::vector<ListItem>& earlier,
                                                     const ListItem& cur) -> std::optional<Question> {
    auto only = [&](const char* part, std::vector<Choice> c) {
      return legal_choices(cur, part, std::move(c), all_items(which), [&](const ListItem& item) {
        std::string items;
        for (const auto& e : earlier) items += words(e) + ",";
        return decl_legal(deal, which, items + words(item));
      });
    };
    if (which == Decl::sets_scored) {
      if (!cur.part("kind"))
        return ask_choice("kind", tr("piquet.entry.set.kind", "Which set?"),
                          only("kind", {{"quatorze", tr("piquet.entry.set.quatorze", "quatorze: four of a kind (14)")},
                                        {"trio", tr("piquet.entry.set.trio", "trio: three of a kind (3)")}}));
      if (cur.part("rank")) return std::nullopt;
      std::vector<Choice> c;
      for (int r = 7; r >= 3; --r) c.push_back({k_ranks[static_cast<size_t>(r)], ""});
      return ask_choice("rank",
                        tr("piquet.entry.set.rank", "A {kind} of?", text::Message().text("kind", *cur.part("kind"))),
                        only("rank", c));
    }
    if (!cur.part("len")) {
      std::vector<Choice> c;
      for (int len = 3; len <= 8; ++len)
        c.push_back({k_lengths[static_cast<size_t>(len - 3)],
                     tr("piquet.entry.seq.length", "{name}: {n} cards",
                        text::Message().text("name", k_lengths[static_cast<size_t>(len - 3)]).number("n", len))});
      return ask_choice("len",
                        which == Decl::seq_equal ? tr("piquet.entry.seq.len_equal", "How long was it?")
                                                 : tr("piquet.entry.seq.len", "How long is it?"),
                        only("len", c));
    }
    if (cur.part("top")) return std::nullopt;
    std::vector<Choice> c;
    for (int top = 7; top >= 0; --top) c.push_back({k_ranks[static_cast<size_t>(top)], ""});
    return ask_choice("top", tr("piquet.entry.seq.top", "Its top card?"), only("top", c));
  };
  return l;
}

std::optional<Question> sequences_question(const Deal& deal) {
  if (!asked(deal.answers, "seq_winner")) {
    Question q = ask_choice("seq_winner", tr("piquet.entry.seq_winner", "Who won the sequences?"),
                            deal.players_and(
                                {{"equal", tr("piquet.entry.seq_winner.equal", "best sequences tied: nobody scores")},
                                 {"none", tr("piquet.entry.seq_winner.none", "no sequence declared")}}));
    q.preset = "none";
    return with(q, {"sequences.winner"});
  }
  const std::string w = deal.value("seq_winner");
  if (w == "equal") return ask_list(decl_list(deal, Decl::seq_equal), deal.answers);
  if (w == deal.elder || w == deal.younger) return ask_list(decl_list(deal, Decl::seq_scored), deal.answers);
  return std::nullopt;
}

std::optional<Question> sets_question(const Deal& deal) {
  if (!asked(deal.answers, "sets_winner")) {
    Question q = ask_choice("sets_winner", tr("piquet.entry.sets_winner", "Who won the sets (trios and quatorzes)?"),
                            deal.players_and({{"none", tr("piquet.entry.sets_winner.none", "no set declared")}}));
    q.preset = "none";
    return with(q, {"sets.winner"});
  }
  const std::string w = deal.value("sets_winner");
  if (w == deal.elder || w == deal.younger) return ask_list(decl_list(deal, Decl::sets_scored), deal.answers);
  return std::nullopt;
}

// ---- the play: concession, tricks, play points -------------------------------------------------------------

Question ask_concession(const Deal& deal) {
  Question q = ask_choice("concession",
                          tr("piquet.entry.concession",
                             "Did a player throw in his hand before the play (last deal of the partie)?"),
                          deal.players_and({}));
  q.choices.insert(q.choices.begin(), {"none", tr("piquet.entry.concession.none", "the deal was played")});
  q.preset = "none";
  return with(q, {"concession"},
              tr("piquet.entry.concession.help", "the other then counts 13 for the play and 10 for the cards"));
}

Question ask_tricks(const Deal& deal) {
  Question q = with(ask_number("tricks",
                               tr("piquet.entry.tricks", "How many tricks did {name} (elder) take?",
                                  text::Message().text("name", deal.elder)),
                               "int", 0, 12),
                    {"tricks"},
                    tr("piquet.entry.tricks.help", "{name} (younger) takes the rest of the 12",
                       text::Message().text("name", deal.younger)));
  q.complement = 12;
  q.complement_text = tr("piquet.entry.tricks.complement", "{name}'s tricks (younger)",
                         text::Message().text("name", deal.younger));
  return q;
}

// Elder's tricks as the record has them (typed as tricks=NAME:N or asked), -1 when unknown.
int elder_tricks(const Trial& t) {
  int n = -1;
  if (t.record.contains("tricks") && t.record["tricks"].is_object() && t.record["tricks"].contains("elder"))
    read_int(t.record["tricks"]["elder"], 0, 12, n);
  return n;
}

// The feasible play points (spec piquet Appendix A; old trick scoring: up to the modern maxima, V-P3).
std::set<std::pair<int, int>> play_pairs(const Options& opts, int tricks) {
  std::set<std::pair<int, int>> pairs;
  for (const auto& o : play_orders(tricks, opts.last_trick_on_capot)) pairs.insert({o.points[0], o.points[1]});
  if (!opts.old_tens || pairs.empty()) return pairs;
  int max_e = 0, max_y = 0;
  for (const auto& [e, y] : pairs) max_e = std::max(max_e, e), max_y = std::max(max_y, y);
  std::set<std::pair<int, int>> all;
  for (int e = 0; e <= max_e; ++e)
    for (int y = 0; y <= max_y; ++y)
      if (e + y >= 1) all.insert({e, y});
  return all;
}

// A play-points question with the range the pairs leave, preset when they leave one value.
Question ask_play(const Deal& deal, int role, const std::set<int>& values) {
  const bool elder = role == k_elder;
  const std::string& who = elder ? deal.elder : deal.younger;
  Question q = ask_number(elder ? "play_elder" : "play_younger",
                          tr("piquet.entry.play", "How many points did {who} make in play?",
                             text::Message().text("who", with_role(who, role))),
                          "int", values.empty() ? 0 : *values.begin(), values.empty() ? 13 : *values.rbegin());
  if (values.size() == 1) q.preset = std::to_string(*values.begin());
  const char* range = values.empty() ? "none" : values.size() == 1 ? "one" : "range";
  return with(q, {"play_points"},
              tr("piquet.entry.play.help",
                 "1 for each trick led, 1 for each trick won on the other''s lead, 1 more for the last trick"
                 "{range, select, one { (only {lo} is possible)} range { ({lo} to {hi} possible)} other {}}",
                 text::Message()
                     .text("range", range)
                     .number("lo", values.empty() ? 0 : *values.begin())
                     .number("hi", values.empty() ? 0 : *values.rbegin())));
}

std::optional<Question> play_question(const Deal& deal, const Trial& t) {
  const auto pairs = play_pairs(deal.c.opts, elder_tricks(t));
  std::set<int> values;
  if (!asked(deal.answers, "play_elder")) {
    for (const auto& [e, y] : pairs) values.insert(e);
    return ask_play(deal, k_elder, values);
  }
  if (!asked(deal.answers, "play_younger")) {
    int pe = -1;
    read_int(typed_value(deal.value("play_elder")), 0, 13, pe);
    for (const auto& [e, y] : pairs)
      if (e == pe) values.insert(y);
    return ask_play(deal, k_younger, values);
  }
  return std::nullopt;
}

// ---- the rare ones: pique, game winner -----------------------------------------------------------------------

// Under old trick scoring the record never tells (spec piquet §4.6): ask when a pique is possible at all.
bool old_pique_possible(const Trial& t, const Deal& deal) {
  if (!t.entry || !deal.c.opts.old_tens) return false;
  const ojson& b = t.entry->breakdown;
  if (b.value("entry", std::string()) != "detail") return false;
  if (!b.contains(deal.elder) || !b.value("repique_by", ojson()).is_null() || b.contains("concession")) return false;
  auto decl = [&](const std::string& p) {
    const ojson& s = b[p];
    return s.value("carte_blanche", 0) + s.value("point", 0) + s.value("sequences", 0) + s.value("sets", 0);
  };
  return decl(deal.younger) == 0 && decl(deal.elder) + b[deal.elder].value("play", 0) >= 30;
}

std::optional<Question> late_question(const Deal& deal, const Trial& t) {
  if (!deal.any({"pique", "elder_piqued"})) {
    if (t.has_error("piquet.pique_needed") || old_pique_possible(t, deal)) {
      Question q = ask_yes_no("pique", tr("piquet.entry.pique",
                                          "Did {elder} (elder) reach 30 before {younger} scored anything (pique)?",
                                          text::Message().text("elder", deal.elder).text("younger", deal.younger)));
      q.preset = deal.c.opts.old_tens ? "no" : "";
      return with(q, {"pique"},
                  tr("piquet.entry.pique.help",
                     "the tricks and play points allow both: it depends on how many tricks {elder} won in a row "
                     "from the first",
                     text::Message().text("elder", deal.elder)));
    }
  }
  if (!deal.any({"game_winner", "winner"}) && t.has_error("piquet.game_winner_required")) {
    Question q = ask_choice("game_winner",
                            tr("piquet.entry.game_winner",
                               "Both players are at or above {target}: who reached it first?",
                               text::Message().number("target", deal.c.opts.target)),
                            deal.players_and({}));
    return with(q, {"game_winner"});
  }
  return std::nullopt;
}

// The detail topics in table order: a follow-up of a topic begun is asked at once; a topic not begun only while
// the record does not score yet (a classic game won inside the declarations needs nothing more).
std::optional<Question> detail_question(const Deal& deal) {
  if (!deal.any({"redeal", "carte", "blanche", "cb", "carte_blanche", "point", "point_winner", "seq", "sequences",
                 "seq_winner", "sets", "sets_winner", "tricks", "play", "play_points", "concession", "concede"}))
    return ask_redeal(deal);
  if (deal.value("redeal") == "yes") {  // the reason is asked in a guided entry only (not after typed words)
    if (asked(deal.answers, "entry") && !asked(deal.answers, "reason")) return ask_reason();
    return std::nullopt;
  }
  const Trial t = try_deal(deal);
  const bool complete = t.complete();
  auto begin = [&](std::optional<Question> q) { return complete ? std::optional<Question>() : q; };
  if (!deal.any({"carte", "blanche", "cb", "carte_blanche"}))
    return complete ? late_question(deal, t) : ask_carte(deal);
  if (!asked(deal.answers, "point")) {
    if (!asked(deal.answers, "point_winner") && complete) return late_question(deal, t);
    if (auto q = point_question(deal)) return q;
  }
  if (!deal.any({"seq", "sequences"})) {
    if (!asked(deal.answers, "seq_winner") && complete) return late_question(deal, t);
    if (auto q = sequences_question(deal)) return q;
  }
  if (!asked(deal.answers, "sets")) {
    if (!asked(deal.answers, "sets_winner") && complete) return late_question(deal, t);
    if (auto q = sets_question(deal)) return q;
  }
  const bool final_rubicon = deal.c.opts.mode == Mode::rubicon && deal.c.deal_no == deal.c.last_deal;
  if (final_rubicon && !deal.any({"concession", "concede"}))
    if (auto q = begin(ask_concession(deal))) return q;
  const std::string conceded = deal.value("concession").empty() ? deal.value("concede") : deal.value("concession");
  if (conceded.empty() || conceded == "none") {
    if (!asked(deal.answers, "tricks"))
      if (auto q = begin(ask_tricks(deal))) return q;
    if (!deal.any({"play", "play_points"}) && (asked(deal.answers, "play_elder") || !complete))
      if (auto q = play_question(deal, t)) return q;
  }
  return late_question(deal, t);
}

}  // namespace

std::optional<Question> next_question_of(const PiquetGame& game, const Answers& answers) {
  if (game.finished()) return std::nullopt;
  const Deal deal(game, answers);
  // the kind of record: asked first, unless words typed already tell it
  const bool kind_told = std::any_of(answers.begin(), answers.end(), [](const auto& a) {
    return a.first != "dealer" && a.first != "elder" && a.first != "younger" && a.first != "game_winner" &&
           a.first != "winner";
  });
  if (!kind_told) return ask_kind();
  const bool totals = deal.value("entry") == "totals" || deal.any({"totals", "total_elder", "total_younger"});
  if (!totals) return detail_question(deal);
  if (!asked(answers, "totals"))
    if (auto q = totals_question(deal)) return q;
  if (deal.any({"game_winner", "winner"})) return std::nullopt;
  return late_question(deal, try_deal(deal));
}

Words entry_words_of(const PiquetGame& game, const Answers& given) {
  Answers answers = given;
  for (Decl which : {Decl::seq_scored, Decl::seq_equal, Decl::sets_scored})
    answers = fold_list(decl_shape(which), answers);
  const DealContext c = game.context();
  const std::string elder = c.name(c.player_of(k_elder)), younger = c.name(c.player_of(k_younger));
  std::map<std::string, std::string> a;  // the latest answer of each key
  Words w;
  for (const auto& [key, v] : answers) {
    a[key] = v;
    auto has = [&](const char* k) { return a.count(k) && !a[k].empty(); };
    if (key == "entry" || (key == "redeal" && v == "no") || (key == "concession" && v == "none")) {
      continue;
    } else if (key == "tricks" && !v.empty() && v.find(':') == std::string::npos) {
      add_word(w, "tricks", elder + ":" + v);
    } else if (key.rfind("point_", 0) == 0) {
      if (has("point_winner") && has("point_cards"))
        add_word(w, "point",
                 a["point_winner"] + ":" + a["point_cards"] + (has("point_pips") ? ":" + a["point_pips"] : ""));
    } else if (key == "seq_winner" || key == "seq_scored" || key == "seq_equal") {
      const std::string& win = a["seq_winner"];
      if (win == "none")
        add_word(w, "seq", "none");
      else if (win == "equal")
        add_word(w, "seq", has("seq_equal") ? "equal:" + a["seq_equal"] : "equal");
      else if (has("seq_winner") && has("seq_scored"))
        add_word(w, "seq", win + ":" + a["seq_scored"]);
    } else if (key == "sets_winner" || key == "sets_scored") {
      const std::string& win = a["sets_winner"];
      if (win == "none")
        add_word(w, "sets", "none");
      else if (has("sets_winner") && has("sets_scored"))
        add_word(w, "sets", win + ":" + a["sets_scored"]);
    } else if (key == "play_elder" || key == "play_younger") {
      if (has("play_elder") && has("play_younger"))
        add_word(w, "play", elder + ":" + a["play_elder"] + "," + younger + ":" + a["play_younger"]);
    } else if (key == "total_elder" || key == "total_younger") {
      if (has("total_elder") && has("total_younger"))
        add_word(w, "totals", elder + ":" + a["total_elder"] + "," + younger + ":" + a["total_younger"]);
    } else {
      add_word(w, key, v);
    }
  }
  return w;
}

}  // namespace marque::rules::piquet
