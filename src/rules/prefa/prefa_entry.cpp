// Prefa guided entry (rules/entry.hpp): the questions of one hand in the order a scorer at the table thinks —
// what kind of hand, who declared, which contract (four aces), each defender's play or pass, who takes the other
// along, then the tricks of every player who played, one question each (not the taken-along defender's: they
// count as his taker's, W-T7), the last one preset to what is left of the ten (at 10 tricks each defender's).
// The answers become the words of `marque hand` (prefa_fields.cpp); calls.<P> and tricks.<P> are joined into
// calls= and tricks=. Only what applies is asked: the variant hand types and four aces when their options are
// on, no declarations at 10 tricks, no tricks when both defenders passed. The auction, optional, is not asked.
#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "core/language.hpp"
#include "rules/prefa/prefa.hpp"

namespace marque::rules::prefa {

namespace {

// Everything the answers so far say about the hand; the questions that follow depend on it.
struct Sketch {
  const PrefaGame& game;
  const Answers& answers;
  std::vector<std::string> players;
  int n = 0;
  int dealer = 0;
  int sitting_out = -1;
  std::string type;  // "" until answered
  int d = -1, R = -1, L = -1;
  std::optional<Contract> contract;
  bool declares = false;
  std::string cR, cL;      // play / pass, "" until answered
  int e = -1, taken = -1;  // the lone defender or the taker; the taken-along defender

  Sketch(const PrefaGame& g, const Answers& a)
      : game(g), answers(a), players(g.players()), n(static_cast<int>(players.size())) {
    dealer = g.state().dealer;
    if (const std::string* v = answer_of(a, "dealer"); v && index(*v) >= 0) dealer = index(*v);
    sitting_out = n == 4 ? dealer : -1;
    if (const std::string* v = answer_of(a, "type"); v && !v->empty())
      type = common::lower(*v);
    else if (answered(a, "declarer"))
      type = "contract";  // as record_from_args reads a hand with a declarer
    if (const std::string* v = answer_of(a, "declarer"); v && active(index(*v))) {
      d = index(*v);
      for (int step = 1; step < n; ++step) {
        int p = (d + step) % n;
        if (!active(p)) continue;
        (R < 0 ? R : L) = p;
      }
    }
    if (const std::string* v = answer_of(a, "contract")) {
      std::string u = *v;
      for (auto& ch : u) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
      contract = parse_contract(u);
    }
    if (contract) declares = contract->level < 10 || g.options().ten_target == 1;
    if (d >= 0) read_calls();
  }

  int index(const std::string& nm) const { return common::player_index(players, nm); }
  bool active(int p) const { return p >= 0 && p != sitting_out; }
  const std::string& name(int p) const { return players[static_cast<size_t>(p)]; }
  bool has_declarer() const { return type == "contract" || type == "withdrawn" || type == "conceded"; }
  bool has_contract() const { return type == "contract" || type == "conceded"; }

  // The defenders' calls: calls.<P> answers, or a calls= word typed whole; then who plays with whom.
  void read_calls() {
    if (const std::string* v = answer_of(answers, "calls"); v && !v->empty()) {
      for (const auto& item : split_list(*v)) {
        auto colon = item.rfind(':');
        if (colon == std::string::npos) continue;
        int p = index(item.substr(0, colon));
        std::string c = common::lower(item.substr(colon + 1));
        if (p == R) cR = c;
        if (p == L) cL = c;
      }
    } else {
      if (const std::string* c = answer_of(answers, "calls." + name(R))) cR = *c;
      if (const std::string* c = answer_of(answers, "calls." + name(L))) cL = *c;
    }
    if (!declares) cR = cL = "play";  // 10 tricks: no declarations, both defenders play
    if ((cR == "play") == (cL == "play") || cR.empty() || cL.empty()) return;
    const int player = cR == "play" ? R : L, passer = cR == "play" ? L : R;
    e = player;
    const std::string* along = answer_of(answers, "along");
    int taker = along ? index(*along) : -1;
    if (taker == player) {
      taken = passer;
    } else if (taker == R && game.options().redeclare) {
      e = R;  // the first defender re-declares and takes the second along
      taken = L;
    }
  }

  // Who played the cards, in play order from the declarer (polles: from 1st hand); empty when nobody did or
  // when it is not known yet.
  std::vector<int> played() const {
    std::vector<int> out;
    if (type == "polles") {
      for (int k = 1; k <= n; ++k)
        if (active((dealer + k) % n)) out.push_back((dealer + k) % n);
      return out;
    }
    if (type != "contract" || d < 0 || !contract || cR.empty() || cL.empty()) return out;
    if (cR == "pass" && cL == "pass") return out;  // made unplayed
    if (cR == "play" && cL == "play") return {d, R, L};
    if (taken >= 0) return {d, R, L};
    return {d, e};
  }

  // Whose tricks are asked: who played, but the taken-along defender (his tricks are his taker's, W-T7).
  std::vector<int> counted() const {
    std::vector<int> out = played();
    std::erase(out, taken);
    return out;
  }
};

Question type_question(const Options& opt) {
  std::vector<Choice> choices = {
      {"contract", text::tr("prefa.entry.type.contract", "a declarer: played, or both defenders passed")}};
  if (opt.polles)
    choices.push_back({"polles", text::tr("prefa.entry.type.polles", "everybody passed: played for penalties")});
  else
    choices.push_back({"all_pass", text::tr("prefa.entry.type.all_pass", "everybody passed: redeal, nothing scored")});
  if (opt.provisional)
    choices.push_back({"withdrawn", text::tr("prefa.entry.type.withdrawn",
                                             "the provisional winner withdrew: pool +2, pays 2 to each")});
  if (opt.concession)
    choices.push_back({"conceded", text::tr("prefa.entry.type.conceded", "the declarer conceded: down 2")});
  Question q = ask_choice("type", text::tr("prefa.entry.type", "What kind of hand?"), std::move(choices));
  q.preset = "contract";
  return q;
}

Question contract_question(const Options& opt) {
  std::vector<Choice> choices;
  for (int level = 6; level <= 10; ++level)
    for (int strain = 0; strain < 5; ++strain) {
      if (level == 10 && strain == 4 && opt.ten_nt == 0) continue;
      Contract c{level, strain};
      choices.push_back({c.name(), c.label()});
    }
  Question q = ask_choice("contract",
                          text::tr("prefa.entry.contract", "Which contract did the declarer announce after the talon?"),
                          std::move(choices));
  q.help = text::tr("prefa.entry.contract.help",
                    "6S..10H: tricks and trumps (S spades, C clubs, D diamonds, H hearts, NT no trumps)");
  return q;
}

Question call_question(const Sketch& s, int p) {
  Question q = ask_choice("calls." + s.name(p),
                          text::tr("prefa.entry.call",
                                   "{name} ({side, select, right {right defender} other {left "
                                   "defender}}): play or pass?",
                                   text::Message().text("name", s.name(p)).text("side", p == s.R ? "right" : "left")),
                          {{"play", text::tr("prefa.entry.call.play", "defends")},
                           {"pass", text::tr("prefa.entry.call.pass", "drops out")}});
  q.fields = {"calls"};
  return q;
}

Question along_question(const Sketch& s) {
  const int player = s.cR == "play" ? s.R : s.L, passer = s.cR == "play" ? s.L : s.R;
  auto names = [&](int a, int b) { return text::Message().text("player", s.name(a)).text("passer", s.name(b)); };
  std::vector<Choice> choices = {
      {"none", text::tr("prefa.entry.along.alone", "{player} plays alone", names(player, passer))},
      {s.name(player), text::tr("prefa.entry.along.takes", "{player} takes {passer} along", names(player, passer))}};
  if (s.game.options().redeclare && s.cR == "pass")
    choices.push_back({s.name(s.R), text::tr("prefa.entry.along.redeclare",
                                             "{player} changes his mind and takes {passer} along", names(s.R, s.L))});
  Question q = ask_choice("along",
                          text::tr("prefa.entry.along",
                                   "{passer} passed: does {player} play alone or take {passer} along?",
                                   names(player, passer)),
                          std::move(choices));
  q.preset = "none";
  return q;
}

// The tricks of the players who played, one question each (the taken-along defender's with his taker's); the
// last preset to the rest of the ten, and at a 10-trick contract each defender too (the declarer's complement).
std::optional<Question> tricks_question(const Sketch& s) {
  const std::vector<int> who = s.counted();
  int sum = 0;
  for (size_t i = 0; i < who.size(); ++i) {
    const int p = who[i];
    const std::string key = "tricks." + s.name(p);
    if (const std::string* v = answer_of(s.answers, key)) {
      sum += v->empty() ? 0 : std::atoi(v->c_str());
      continue;
    }
    text::Message m;
    m.text("name", s.name(p))
        .text("role", p == s.e && s.taken >= 0 ? "along"
                      : p == s.d               ? "declarer"
                                               : "other")
        .text("contract", p == s.d && s.contract ? s.contract->label() : "")
        .text("taken", s.taken >= 0 ? s.name(s.taken) : "");
    Question q = ask_number(key,
                            text::tr("prefa.entry.tricks",
                                     "How many tricks did {name}{role, select, declarer { (declarer, {contract})} "
                                     "along { with {taken} (taken along: his tricks count as {name}''s)} other {}} "
                                     "take?",
                                     m),
                            "int", 0, std::max(0, 10 - sum));
    if (i + 1 == who.size() || (p != s.d && s.contract && s.contract->level == 10)) {
      q.preset = std::to_string(std::max(0, 10 - sum));
      q.help = text::tr("prefa.entry.tricks.help", "the ten tricks less the others' {sum}",
                        text::Message().text("sum", std::to_string(sum)));
    }
    q.fields = {"tricks"};
    return q;
  }
  return std::nullopt;
}

std::optional<Question> contract_questions(const Sketch& s) {
  const Options& opt = s.game.options();
  if (!asked(s.answers, "contract")) return contract_question(opt);
  if (opt.aces != Options::Aces::off && !asked(s.answers, "four_aces")) {
    Question q = ask_yes_no("four_aces", text::tr("prefa.entry.four_aces", "Did {name} announce four aces?",
                                                  text::Message().text("name", s.name(s.d))));
    q.help = opt.aces == Options::Aces::bonus
                 ? text::tr("prefa.entry.four_aces.bonus", "a bonus from each other player if made, to each if not")
                 : text::tr("prefa.entry.four_aces.value", "raises the game value");
    return q;
  }
  if (s.type != "contract" || !s.contract || !s.declares || answered(s.answers, "calls")) return std::nullopt;
  for (int p : {s.R, s.L})
    if (!asked(s.answers, "calls." + s.name(p))) return call_question(s, p);
  if ((s.cR == "play") != (s.cL == "play") && !asked(s.answers, "along")) return along_question(s);
  return std::nullopt;
}

}  // namespace

std::optional<Question> entry_question(const Game& before, const Answers& answers) {
  const auto* game = dynamic_cast<const PrefaGame*>(&before);
  if (!game || game->finished()) return std::nullopt;
  const Options& opt = game->options();
  const State& st = game->state();
  Sketch s(*game, answers);
  if (opt.seven_diamonds && st.fresh && st.hands == 0 && !asked(answers, "first_bidder")) {
    std::vector<std::string> holders;
    for (int p = 0; p < s.n; ++p)
      if (s.active(p)) holders.push_back(s.name(p));
    Question q = ask_player("first_bidder",
                            text::tr("prefa.entry.first_bidder", "Who held the 7 of diamonds (bid first, deals next)?"),
                            holders);
    return q;
  }
  if (s.type.empty() && !asked(answers, "type")) return type_question(opt);
  if (s.has_declarer() && !asked(answers, "declarer")) {
    std::vector<std::string> active;
    for (int p = 0; p < s.n; ++p)
      if (s.active(p)) active.push_back(s.name(p));
    return ask_player("declarer",
                      s.type == "withdrawn"
                          ? text::tr("prefa.entry.withdrawn_by", "Who won provisionally and withdrew?")
                          : text::tr("prefa.entry.declarer", "Who is the declarer?"),
                      active);
  }
  if (s.d < 0 && s.type != "polles") return std::nullopt;
  if (s.has_contract())
    if (auto q = contract_questions(s)) return q;
  if (answered(answers, "tricks")) return std::nullopt;
  return tricks_question(s);
}

Answers redeal_answers(const Game& before) {
  const auto* game = dynamic_cast<const PrefaGame*>(&before);
  if (!game || game->options().polles) return {};
  return {{"type", "all_pass"}};
}

Words entry_words(const Game& before, const Answers& answers) {
  Words words;
  auto put = [&](const std::string& k, const std::string& v) {
    std::erase_if(words, [&](const auto& w) { return w.first == k; });
    words.emplace_back(k, v);
  };
  for (const auto& [k, v] : answers)
    if (!v.empty() && k.rfind("calls.", 0) != 0 && k.rfind("tricks.", 0) != 0) put(k, v);
  const auto* game = dynamic_cast<const PrefaGame*>(&before);
  if (!game) return words;
  Sketch s(*game, answers);
  // calls.<P> -> calls=R:..,L:.. (the current defenders only)
  if (!answered(answers, "calls") && s.d >= 0 && s.declares && s.type == "contract") {
    std::string calls;
    for (int p : {s.R, s.L})
      if (const std::string* c = answer_of(answers, "calls." + s.name(p)); c && !c->empty())
        calls += (calls.empty() ? "" : ",") + s.name(p) + ":" + *c;
    if (!calls.empty()) put("calls", calls);
  }
  // tricks.<P> -> tricks=P:n,... once every player who played has answered
  if (!answered(answers, "tricks")) {
    std::string tricks;
    bool complete = true;
    for (int p : s.counted()) {
      const std::string* t = answer_of(answers, "tricks." + s.name(p));
      if (!t || t->empty()) {
        complete = false;
        continue;
      }
      tricks += (tricks.empty() ? "" : ",") + s.name(p) + ":" + *t;
    }
    if (complete && !tricks.empty()) put("tricks", tricks);
  }
  return words;
}

}  // namespace marque::rules::prefa
