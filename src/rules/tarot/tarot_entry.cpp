// French Tarot guided entry (rules/entry.hpp): the questions of one deal in the order a scorer thinks at the table
// — who took (or a redeal: why, who declared), the contract on the game's ladder, the partner with 5 players in
// called-king mode, the attack's oudlers and card points, then the bonuses, each defaulting to none: petit au
// bout, poignées (who, then each one's level), chelem (who won every trick; announced?), and with the variants on
// the petite chelem and the misères. The dealer is never asked: the engine keeps the expected one.
//
// Poignées and misères are asked in pieces (keys poignee = who, poignee.NAME = the level; misere = who,
// misere.NAME = the kind with misere_kinds separate); entry_words joins them into the words record_from_args
// reads (poignee=Ben:simple,Eve:double). A word typed on the command line counts as answered.
#include <string_view>

#include "core/language.hpp"
#include "rules/tarot/tarot.hpp"

namespace marque::rules::tarot {

namespace {

constexpr std::string_view k_poignee_key = "poignee.";
constexpr std::string_view k_misere_key = "misere.";

// What the questions need to know of the table before the hand.
struct Table {
  const Game& game;
  const Setup& s;
  std::vector<std::string> active;  // who holds cards this deal (the dealer sits out in dealer_sits_out mode)
  Sizes sz{};
  bool called_king = false;
};

Table table_of(const Game& before) {
  const Setup& s = setup_of(before);
  Table t{before, s, {}};
  int dealer = common::player_index(s.players, before.next_dealer());  // -1 when the game is over
  for (int p : active_players(s, dealer)) t.active.push_back(s.players[static_cast<size_t>(p)]);
  t.sz = sizes_for(static_cast<int>(t.active.size()));
  t.called_king = t.active.size() == 5;
  return t;
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

bool none_word(const std::string& v) {
  const std::string l = lower(v);
  return l.empty() || l == "none" || l == "no" || l == "-" || l == "null";
}

bool yes_word(const std::string* v) {
  if (!v) return false;
  const std::string l = lower(*v);
  return l == "yes" || l == "y" || l == "true" || l == "1" || l == "on" || l == "oui";
}

std::string answer_or(const Answers& answers, std::string_view key, const std::string& fallback = "") {
  const std::string* a = answer_of(answers, key);
  return a ? *a : fallback;
}

// The choice that records a redeal at the taker question ("redeal", unless a player is called so).
std::string redeal_value(const std::vector<std::string>& players) {
  return common::player_index(players, "redeal") >= 0 ? "(redeal)" : "redeal";
}

bool is_redeal(const Table& t, const Answers& answers) {
  return lower(answer_or(answers, "type")) == "redeal" || answered(answers, "reason") ||
         lower(answer_or(answers, "taker")) == lower(redeal_value(t.s.players));
}

// The names of a who-answer (Ann,Ben), as the game spells them; items in the game's own syntax (Ben:simple) and
// none are left out.
std::vector<std::string> names_in(const Table& t, const std::string& answer) {
  std::vector<std::string> out;
  for (const auto& item : split_list(answer)) {
    if (item.find(':') != std::string::npos || none_word(item)) continue;
    int i = common::player_index(t.s.players, item);
    out.push_back(i >= 0 ? t.s.players[static_cast<size_t>(i)] : item);
  }
  return out;
}

// "Who ...?" with several players or none: the active players, then none (the preset).
Question ask_who(std::string key, std::string text, const Table& t, std::string field) {
  Question q = ask_choice(std::move(key), std::move(text), choices_of(t.active));
  q.kind = "choices";
  q.choices.push_back({"none", ""});
  q.preset = "none";
  q.help = text::tr("tarot.entry.who_help", "several: comma-separated, e.g. {a},{b}; Enter: none",
                    text::Message().text("a", t.active[0]).text("b", t.active[1]));
  q.fields = {std::move(field)};
  return q;
}

// ---------------------------------------------------------------- redeal (spec tarot §2.3)
std::optional<Question> redeal_question(const Table& t, const Answers& answers) {
  if (!asked(answers, "reason")) {
    Question q = ask_choice(
        "reason", text::tr("tarot.entry.reason", "Why the redeal?"),
        {{"all_pass", text::tr("tarot.entry.reason.all_pass", "everybody passed")},
         {"petit_sec", text::tr("tarot.entry.reason.petit_sec", "a player held the petit sec")},
         {"no_trumps", text::tr("tarot.entry.reason.no_trumps", "a hand without trumps (house rule)")},
         {"few_honours", text::tr("tarot.entry.reason.few_honours", "too few trumps and face cards (house rule)")},
         {"misdeal", text::tr("tarot.entry.reason.misdeal", "dealing error: the same dealer deals again")},
         {"other", text::tr("tarot.entry.reason.other", "another reason")}});
    q.preset = "all_pass";
    return q;
  }
  const std::string reason = answer_or(answers, "reason");
  if ((reason == "petit_sec" || reason == "no_trumps" || reason == "few_honours") && !asked(answers, "player"))
    return ask_player("player", text::tr("tarot.entry.declared_by", "Who declared it?"), t.active);
  return std::nullopt;
}

// ---------------------------------------------------------------- played hand (spec tarot §2.2)
Question taker_question(const Table& t) {
  Question q = ask_player("taker", text::tr("tarot.entry.taker", "Who took?"), t.active);
  q.kind = "choice";
  q.choices.push_back({redeal_value(t.s.players),
                       text::tr("tarot.entry.taker.redeal", "nobody took: all passed, petit sec, misdeal ...")});
  return q;
}

Question contract_question(const Table& t) {
  std::vector<Choice> choices;
  for (const auto& c : ladder(t.s.opt)) {
    const int id = contract_id(c);
    const int m = id == k_garde_contre ? t.s.opt.garde_contre_multiplier
                  : id == k_garde_sans ? 4
                  : id == k_garde      ? 2
                                       : 1;
    std::string label = c;
    for (auto& ch : label)
      if (ch == '_') ch = ' ';
    choices.push_back({c, label + " ×" + std::to_string(m)});
  }
  return ask_choice("contract", text::tr("tarot.entry.contract", "Contract?"), std::move(choices));
}

// 5 players, called king: the holder of the called card, or the taker alone.
Question partner_question(const Table& t, const Answers& answers) {
  const int taker = common::player_index(t.s.players, answer_or(answers, "taker"));
  std::vector<Choice> choices;
  for (const auto& p : t.active)
    if (taker < 0 || p != t.s.players[static_cast<size_t>(taker)]) choices.push_back({p, ""});
  if (t.s.opt.self_call)
    choices.push_back({"self", text::tr("tarot.entry.partner.self", "the taker called his own king and plays alone")});
  choices.push_back(
      {"none", text::tr("tarot.entry.partner.none", "the called card was in the chien: the taker plays alone")});
  Question q = ask_choice("partner", text::tr("tarot.entry.partner", "Who held the called card (the partner)?"),
                          std::move(choices));
  q.help = text::tr("tarot.entry.partner.help", "self or none: the taker plays alone, 1 against 4");
  return q;
}

// The attack's oudlers as answered (0..3), or -1.
int oudlers_of(const Answers& answers) {
  const std::string a = answer_or(answers, "oudlers");
  return a.size() == 1 && a[0] >= '0' && a[0] <= '3' ? a[0] - '0' : -1;
}

Question oudlers_question() {
  Question q = ask_number("oudlers", text::tr("tarot.entry.oudlers", "How many oudlers has the attack?"), "int", 0, 3);
  q.help = text::tr("tarot.entry.oudlers.help",
                    "the 21, the petit and the Excuse in the attack's cards: 0, 1, 2 or 3 (target 56, 51, 41, 36)");
  return q;
}

Question points_question(const Table& t, const Answers& answers) {
  const int oudlers = oudlers_of(answers);
  const std::string text = oudlers >= 0
                               ? text::tr("tarot.entry.points.target", "The attack''s card points? (target {target})",
                                          text::Message().text("target", std::to_string(k_target[oudlers])))
                               : text::tr("tarot.entry.points", "The attack's card points?");
  Question q = ask_number("points", text, "number", 0, 91);
  q.complement = 91;
  q.complement_text = text::tr("tarot.entry.points.defence", "the defence's card points");
  q.help = t.active.size() == 4
               ? text::tr("tarot.entry.points.help4",
                          "as counted, 0..91 (the defence has the rest); whole points with 4 players")
               : text::tr("tarot.entry.points.help",
                          "as counted, 0..91 (the defence has the rest); halves such as {half} are normal with {n} "
                          "players",
                          text::Message()
                              .text("half", text::local_number(40.5, text::language()))
                              .text("n", std::to_string(t.active.size())));
  return q;
}

Question petit_au_bout_question(const Answers& answers) {
  const int oudlers = oudlers_of(answers);
  std::vector<Choice> choices = {
      {"none", text::tr("tarot.entry.petit_au_bout.none", "the petit was not in the last trick")}};
  if (oudlers != 0)
    choices.push_back(
        {"attack", text::tr("tarot.entry.petit_au_bout.attack", "the attack won the last trick with the petit in it")});
  if (oudlers != 3)
    choices.push_back({"defence", text::tr("tarot.entry.petit_au_bout.defence",
                                           "the defence won the last trick with the petit in it")});
  Question q = ask_choice("petit_au_bout", text::tr("tarot.entry.petit_au_bout", "Petit au bout?"), std::move(choices));
  q.preset = "none";
  return q;
}

// Whether the engine takes the answers with `more` added for `field` (E_POIGNEE_* / E_MISERE*: the 22 trumps a
// table holds, a misère without trumps after a poignée ...): each poignée whose level is still to be asked counts at
// its least, simple.
bool legal_with(const Table& t, const Answers& answers, const Answers& more, const std::string& field) {
  Answers a = answers;
  a.insert(a.end(), more.begin(), more.end());
  Diagnostics d;
  const json rec = record_from_words(entry_words_of(t.game, a), t.s.players, d);
  play_record(t.s, state_of(t.game), rec, d);
  const auto errors = d.errors();
  return std::none_of(errors.begin(), errors.end(), [&](const Diagnostic& e) { return e.field == field; });
}

// The level of one poignée: simple, double or triple, with the trumps it needs and what it is worth.
Question poignee_level_question(const Table& t, const Answers& answers, const std::string& name) {
  const int seed[3] = {20, 40, 60}, fft[3] = {20, 30, 40};
  std::vector<Choice> choices;
  for (int i = 0; i < 3; ++i)
    if (legal_with(t, answers, {{std::string(k_poignee_key) + name, k_levels[i]}}, "poignees"))
      choices.push_back(
          {k_levels[i], text::tr("tarot.entry.poignee.level", "{trumps}+ trumps, {points} points",
                                 text::Message()
                                     .text("trumps", std::to_string(t.sz.poignee[static_cast<size_t>(i)]))
                                     .text("points", std::to_string(t.s.opt.fft_poignee_values ? fft[i] : seed[i])))});
  Question q = ask_choice(std::string(k_poignee_key) + name,
                          text::tr("tarot.entry.poignee.which", "Which poignée did {name} show?",
                                   text::Message().text("name", name)),
                          std::move(choices));
  q.preset = "simple";
  q.fields = {"poignees"};
  return q;
}

Question chelem_question() {
  Question q = ask_choice("chelem", text::tr("tarot.entry.chelem", "Chelem (every trick won by one side)?"),
                          {{"none", text::tr("tarot.entry.chelem.none", "no side won every trick")},
                           {"attack", text::tr("tarot.entry.chelem.attack", "the attack won every trick")},
                           {"defence", text::tr("tarot.entry.chelem.defence", "the defence won every trick")}});
  q.preset = "none";
  q.fields = {"chelem", "points", "petit_au_bout"};
  return q;
}

// The bonuses, in table order; nullopt when all are answered.
std::optional<Question> bonus_question(const Table& t, const Answers& answers) {
  if (!asked(answers, "petit_au_bout")) return petit_au_bout_question(answers);
  if (!asked(answers, "poignee") && !asked(answers, "poignees"))
    return ask_who("poignee", text::tr("tarot.entry.poignee", "Who showed a poignée?"), t, "poignees");
  for (const auto& name : names_in(t, answer_or(answers, "poignee", answer_or(answers, "poignees"))))
    if (!asked(answers, std::string(k_poignee_key) + name)) return poignee_level_question(t, answers, name);
  if (!asked(answers, "chelem")) return chelem_question();
  if (!asked(answers, "chelem_announced"))
    return ask_yes_no("chelem_announced", text::tr("tarot.entry.chelem_announced", "Did the taker announce a chelem?"));
  return std::nullopt;
}

// Variant petite_chelem: announced? then the attack's tricks (not asked after a chelem: they are all or none).
std::optional<Question> petite_chelem_question(const Table& t, const Answers& answers) {
  if (!t.s.opt.petite_chelem) return std::nullopt;
  const bool announced = yes_word(answer_of(answers, "petite_chelem_announced"));
  if (!asked(answers, "petite_chelem_announced") && !yes_word(answer_of(answers, "chelem_announced")))
    return ask_yes_no("petite_chelem_announced",
                      text::tr("tarot.entry.petite_chelem_announced", "Did the taker announce a petite chelem?"));
  if (asked(answers, "attack_tricks") || yes_word(answer_of(answers, "chelem_announced"))) return std::nullopt;
  if (!none_word(answer_or(answers, "chelem")) && !announced) return std::nullopt;  // all the tricks or none
  const int pct = t.s.opt.petite_chelem_tricks > 0 ? t.s.opt.petite_chelem_tricks : t.sz.tricks - 3;
  Question q = ask_number("attack_tricks", text::tr("tarot.entry.attack_tricks", "How many tricks did the attack win?"),
                          "int", 0, t.sz.tricks);
  q.optional = !announced;
  q.help = text::tr("tarot.entry.attack_tricks.help",
                    "0..{tricks}; a petite chelem needs {needs}{announced, select, yes {} other {; Enter: not counted "
                    "(no petite chelem)}}",
                    text::Message()
                        .text("tricks", std::to_string(t.sz.tricks))
                        .text("needs", std::to_string(pct))
                        .text("announced", announced ? "yes" : "no"));
  return q;
}

// Variant misere: who declared one, and with misere_kinds separate which kind.
std::optional<Question> misere_question(const Table& t, const Answers& answers) {
  if (!t.s.opt.misere) return std::nullopt;
  if (!asked(answers, "misere") && !asked(answers, "miseres")) {
    Question q = ask_who("misere", text::tr("tarot.entry.misere", "Who declared a misère?"), t, "miseres");
    std::erase_if(q.choices, [&](const Choice& c) {  // a misère without trumps after a poignée (E_MISERE_POIGNEE)
      Answers least = {{"misere", c.value}};
      if (t.s.opt.misere_separate) least.emplace_back(std::string(k_misere_key) + c.value, "faces");
      return c.value != "none" && !legal_with(t, answers, least, "miseres");
    });
    return q;
  }
  if (!t.s.opt.misere_separate) return std::nullopt;
  for (const auto& name : names_in(t, answer_or(answers, "misere", answer_or(answers, "miseres"))))
    if (!asked(answers, std::string(k_misere_key) + name)) {
      const std::string key = std::string(k_misere_key) + name;
      std::vector<Choice> kinds;
      for (const Choice& c : std::vector<Choice>{{"trumps", text::tr("tarot.entry.misere.trumps", "no trumps")},
                                                 {"faces", text::tr("tarot.entry.misere.faces", "no face cards")},
                                                 {"both", text::tr("tarot.entry.misere.both", "both: two misères")}})
        if (legal_with(t, answers, {{key, c.value}}, "miseres")) kinds.push_back(c);
      Question q = ask_choice(key,
                              text::tr("tarot.entry.misere.which", "Which misère did {name} declare?",
                                       text::Message().text("name", name)),
                              std::move(kinds));
      q.fields = {"miseres"};
      return q;
    }
  return std::nullopt;
}

std::optional<Question> hand_question(const Table& t, const Answers& answers) {
  if (!asked(answers, "taker")) return taker_question(t);
  if (!asked(answers, "contract")) return contract_question(t);
  if (t.called_king && !asked(answers, "partner")) return partner_question(t, answers);
  if (!asked(answers, "oudlers")) return oudlers_question();
  if (!asked(answers, "points")) return points_question(t, answers);
  if (auto q = bonus_question(t, answers)) return q;
  if (auto q = petite_chelem_question(t, answers)) return q;
  return misere_question(t, answers);
}

// poignee=Ben:simple,Eve:double from the who-answer and each one's level (a poignée whose level is not asked yet
// counts at its least, simple, so that the who-answer meets the engine's checks: two double poignées need 26
// trumps).
std::string poignee_word(const Table& t, const Answers& answers, const std::string& who) {
  std::string out;
  for (const auto& item : split_list(who)) {
    if (none_word(item)) continue;
    std::string part = item;
    if (item.find(':') == std::string::npos) {
      const std::string name = names_in(t, item).front();
      const std::string key = std::string(k_poignee_key) + name;
      const std::string level = asked(answers, key) ? answer_or(answers, key) : "simple";  // still to ask: its least
      if (level.empty()) continue;
      part = name + ":" + level;
    }
    out += (out.empty() ? "" : ",") + part;
  }
  return out;
}

// misere=Ann or, with misere_kinds separate, misere=Ann:trumps,Ben:trumps,Ben:faces
std::string misere_word(const Table& t, const Answers& answers, const std::string& who) {
  std::string out;
  auto add = [&](const std::string& part) { out += (out.empty() ? "" : ",") + part; };
  for (const auto& item : split_list(who)) {
    if (none_word(item)) continue;
    if (item.find(':') != std::string::npos || !t.s.opt.misere_separate) {
      add(item.find(':') != std::string::npos ? item : names_in(t, item).front());
      continue;
    }
    const std::string name = names_in(t, item).front();
    const std::string kind = answer_or(answers, std::string(k_misere_key) + name);
    if (kind == "both") {
      add(name + ":trumps");
      add(name + ":faces");
    } else if (!kind.empty()) {  // else asked next
      add(name + ":" + kind);
    }
  }
  return out;
}

}  // namespace

std::optional<Question> entry_question(const Game& before, const Answers& answers) {
  const Table t = table_of(before);
  if (is_redeal(t, answers)) return redeal_question(t, answers);
  return hand_question(t, answers);
}

Answers redeal_answers(const Game& before) {
  return {{"taker", redeal_value(setup_of(before).players)}, {"reason", "all_pass"}};
}

Words entry_words_of(const Game& before, const Answers& answers) {
  const Table t = table_of(before);
  const bool redeal = is_redeal(t, answers);
  Words w;
  auto put = [&](const std::string& k, const std::string& v) {
    std::erase_if(w, [&](const auto& x) { return x.first == k; });
    if (!v.empty()) w.emplace_back(k, v);
  };
  std::string poignees, miseres;
  bool has_poignees = false, has_miseres = false;
  for (const auto& [k, v] : answers) {
    if (starts_with(k, k_poignee_key) || starts_with(k, k_misere_key)) continue;  // joined below
    if (k == "poignee" || k == "poignees") {
      poignees = v;
      has_poignees = true;
    } else if (k == "misere" || k == "miseres") {
      miseres = v;
      has_miseres = true;
    } else if (k == "taker" && redeal) {
      put("type", "redeal");
    } else {
      put(k, v);
    }
  }
  if (redeal) return w;
  if (has_poignees) put("poignee", poignee_word(t, answers, poignees));
  if (has_miseres) put("misere", misere_word(t, answers, miseres));
  return w;
}

}  // namespace marque::rules::tarot
