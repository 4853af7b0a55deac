// Alsós guided entry (rules/entry.hpp): the questions of one hand in the order a scorer thinks at the table —
// who dealt, the contract (kind, declarer, trump suit, turn-up), what was said (kontra on the game, figurák,
// gyerünk), then what happened (tricks player by player, the last trick, card points player by player, melds,
// the observed figurák made or not) — and the `marque hand` words of the answers.
//
// The contract, the gyerünk and the tricks and card points are asked in pieces (keys kind, declarer, trump;
// gyerunk, gyerunk_level, gyerunk_outcome; tricks.PLAYER, card_points.PLAYER; made.N for the N-th figura);
// entry_words joins them into the words record_from_args reads. A word typed on the command line in the game's
// own syntax (contract=piros:Béla, tricks=..., points=...) counts as answered; a later answer replaces an earlier
// one. A typed contract means the scorer types what applies: then only what a record needs is asked.
//
// The composite fields are asked as pickers (rules/entry.hpp ListAsk): the kontra chain on the game (who -> when,
// one level at a time), the figurák (which -> by whom -> when -> the kontras on it) and the melds (whose ->
// sequences -> sets -> béla), offering at each step only what the engine's own checks accept (AlsosGame::check on
// the hand with that choice); each is folded back into its one-line word, which stays accepted as typed text.
#include "core/language.hpp"
#include "rules/alsos/alsos.hpp"

#include <algorithm>

namespace marque::rules::alsos {

namespace {

constexpr std::string_view k_key_tricks = "tricks.";
constexpr std::string_view k_key_points = "card_points.";
constexpr std::string_view k_key_made = "made.";
// spec §1.9: the calls of a gyerünk chain, level 1 to 4
constexpr std::array<std::string_view, 4> k_gyerunk_levels = {"gyerunk", "kontra", "rekontra", "szubkontra"};

// The words in the order of the record's fields (spec §2.2).
constexpr std::array<std::string_view, 13> k_word_order = {"hand",       "dealer",      "turn_up_suit",
                                                           "contract",   "game_kontra", "figurak",
                                                           "gyerunk",    "tricks",      "card_points",
                                                           "last_trick", "melds",       "unplayed_points",
                                                           "note"};

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

bool is_none(const std::string& v) {
  const std::string l = common::lower(v);
  return l == "none" || l == "-" || l == "no";
}

bool needs_declarer(Kind k) { return k == Kind::trump || k == Kind::no_trumps || k == Kind::betli; }

std::optional<Kind> kind_of(const std::string& id) {
  for (std::size_t i = 0; i < k_kind_ids.size(); ++i)
    if (k_kind_ids[i] == id) return static_cast<Kind>(i);
  return std::nullopt;
}

// A map word PLAYER:VALUE,... kept as (player, value) cells in the order given; names as the game spells them.
using Cells = std::vector<std::pair<std::string, std::string>>;

void set_cell(Cells& cells, const std::string& name, const std::string& value) {
  for (auto& c : cells)
    if (c.first == name) {
      c.second = value;
      return;
    }
  cells.emplace_back(name, value);
}

Cells cells_of(const std::string& word, const std::vector<std::string>& players) {
  Cells cells;
  for (const auto& item : split_list(word)) {
    auto c = item.rfind(':');
    if (c == std::string::npos) {
      cells.emplace_back(item, "");  // refused by the parser with the syntax
      continue;
    }
    std::string name = item.substr(0, c);
    int i = common::player_index(players, name);
    set_cell(cells, i >= 0 ? players[static_cast<std::size_t>(i)] : name, item.substr(c + 1));
  }
  return cells;
}

// Players in set-up order first, then any other name as typed.
std::string word_of(const Cells& cells, const std::vector<std::string>& players) {
  std::vector<std::string> parts;
  auto part = [](const auto& c) { return c.second.empty() ? c.first : c.first + ":" + c.second; };
  for (const auto& p : players)
    for (const auto& c : cells)
      if (c.first == p) parts.push_back(part(c));
  for (const auto& c : cells)
    if (std::find(players.begin(), players.end(), c.first) == players.end()) parts.push_back(part(c));
  return join(parts, ",");
}

// The figurák word with the outcomes answered one by one (made.N) written into its N-th declaration.
std::string figurak_with_outcomes(const std::string& word, const std::map<std::size_t, std::string>& made) {
  std::vector<std::string> items = split_list(word);
  for (const auto& [i, answer] : made) {
    if (i >= items.size()) continue;
    std::string& item = items[i];
    std::size_t slash = item.find('/');
    std::string head = item.substr(0, slash), tail = slash == std::string::npos ? "" : item.substr(slash);
    std::size_t colons = static_cast<std::size_t>(std::count(head.begin(), head.end(), ':'));
    if (colons == 3) head = head.substr(0, head.rfind(':'));
    if (colons == 2 || colons == 3) item = head + ":" + (answer == "yes" ? "made" : "failed") + tail;
  }
  return join(items, ",");
}

// ---------------------------------------------------------------------------------------------------------------
// the composite fields as pickers

// The engine's own checks on one list field: the hand as answered without that list (its other answers folded),
// and its errors; a value of the field is legal when the hand with it has no error the hand without it has not.
class Legal {
public:
  Legal(const AlsosGame& g, const Answers& answers, const std::string& field);
  bool operator()(const std::string& value) const {
    Words w = m_base;
    w.emplace_back(m_field, value);
    const std::vector<std::string> errors = errors_of(w);
    return std::all_of(errors.begin(), errors.end(), [&](const std::string& e) {
      return std::find(m_errors.begin(), m_errors.end(), e) != m_errors.end();
    });
  }

private:
  std::vector<std::string> errors_of(const Words& w) const {
    Diagnostics d;
    json rec = record_from_args(w, m_g, d);
    m_g.check(rec, d);
    std::vector<std::string> out;
    for (const auto& e : d.errors()) out.push_back(e.field + " " + e.code + " " + e.message);
    return out;
  }

  const AlsosGame& m_g;
  std::string m_field;
  Words m_base;
  std::vector<std::string> m_errors;
};

// What the lists need to know of the hand: its active players, whether it has a trump suit; `legal` (none when
// only the answers are folded) filters the choices.
struct ListContext {
  const AlsosGame& g;
  std::vector<std::string> active;
  bool trump = true;
  const Legal* legal = nullptr;
  std::string bela_preset;  // the kassza announcer holds K+F of trumps

  // The items so far and `item` in the field's words: legal?
  bool ok(const std::vector<ListItem>& earlier, std::string (*words)(const ListItem&), const std::string& item) const {
    if (!legal) return true;
    std::vector<std::string> items;
    for (const auto& e : earlier) items.push_back(words(e));
    items.push_back(item);
    return (*legal)(join(items, ","));
  }
  std::vector<std::string> legal_players(const std::function<bool(const std::string&)>& fits) const {
    std::vector<std::string> out;
    for (const auto& p : active)
      if (fits(p)) out.push_back(p);
    return out;
  }
};

// the questions' words in the reader's language (alsos.entry.*; the game's terms kept)
using text::Message;
using text::tr;

std::vector<Choice> phase_choices(bool kontra) {
  if (kontra)
    return {{"early", tr("alsos.entry.phase.kontra_early", "elölről — before the unseen cards: ×4")},
            {"late", tr("alsos.entry.phase.kontra_late", "hátulról — with the first trick: ×2")}};
  return {{"early", tr("alsos.entry.phase.figura_early", "elölről — before the unseen cards: double value")},
          {"late", tr("alsos.entry.phase.figura_late", "hátulról — with the first trick")}};
}

// The phases `fits` accepts; the question's preset when only one does.
Question ask_phase(std::string key, std::string text, bool kontra,
                   const std::function<bool(const std::string&)>& fits) {
  std::vector<Choice> choices;
  for (const auto& c : phase_choices(kontra))
    if (fits(c.value)) choices.push_back(c);
  Question q = ask_choice(std::move(key), std::move(text), std::move(choices));
  if (q.choices.size() == 1) q.preset = q.choices.front().value;
  return q;
}

bool any_phase(const std::function<bool(const std::string&)>& fits) { return fits("early") || fits("late"); }

std::string figura_label(const std::string& id) {
  auto i = figura_index(id);
  return i ? std::string(k_figurak[*i].label) : id;
}

// what a figura takes (FiguraInfo::feat), in the reader's language
std::string figura_feat(std::string_view id) {
  return tr("alsos.entry.figura.feat",
            "{id, select, kassza {K+F of trumps, +1 with the game} tuli {82 card points (66 in no trumps)} "
            "absolut {100 card points (80 in no trumps)} szaz {200 with melds (180 in no trumps)} "
            "negy_asz {all four aces} tuletroa {U, 9 and 7 of trumps} ultimo {the last trick with the 7 of trumps} "
            "trump_akf {A, K and F of trumps} trump_six {U, 9, A, 10, K and F of trumps} durchmarsch {every trick} "
            "other {{id}}}",
            Message().text("id", std::string(id)));
}

// "When was the rekontra said?"
std::string when_said(const std::string& level) {
  return tr("alsos.entry.kontra.when", "When was the {level} said?", Message().text("level", level));
}

std::string level_word(std::size_t level) {
  return level < k_kontra_names.size() ? std::string(k_kontra_names[level]) : "kontra";
}

// The items in the one-line syntax: a kontra level WHO:WHEN, a figura BY:NAME:PHASE[/WHO:WHEN...], melds
// WHO:SEQUENCES:SETS[:bela].
std::string kontra_words(const ListItem& i) { return *i.part("who") + ":" + *i.part("when"); }

std::string figura_words(const ListItem& i) {
  std::string w = *i.part("by") + ":" + *i.part("name") + ":" + *i.part("phase");
  for (std::size_t n = 1; i.part("when" + std::to_string(n)); ++n)
    w += "/" + *i.part("kontra" + std::to_string(n)) + ":" + *i.part("when" + std::to_string(n));
  return w;
}

std::string meld_words(const ListItem& i) {
  const std::string* bela = i.part("bela");
  return *i.part("who") + ":" + *i.part("sequences") + ":" + *i.part("sets") + (bela && *bela == "yes" ? ":bela" : "");
}

ListAsk list_of(std::string key, std::string first, std::string add, std::string another, Question typed,
                std::string (*words)(const ListItem&)) {
  ListAsk l;
  l.key = std::move(key);
  l.first = std::move(first);
  l.add = std::move(add);
  l.another = std::move(another);
  l.typed = std::move(typed);
  l.item_words = words;
  return l;
}

// The kontra chain on the game: one level at a time (kontra, rekontra, szubkontra), who said it, then when.
ListAsk kontra_list(const ListContext& c, Question typed) {
  ListAsk l = list_of("game_kontra", tr("alsos.entry.kontra", "Kontra on the game?"),
                      tr("alsos.entry.kontra.add", "add a kontra"),
                      tr("alsos.entry.kontra.another", "Another level on the game (rekontra, then szubkontra)?"),
                      std::move(typed), kontra_words);
  l.max_items = static_cast<std::size_t>(c.g.options().max_kontra_level);
  l.next_part = [c](const std::vector<ListItem>& earlier, const ListItem& cur) -> std::optional<Question> {
    const std::string level = level_word(earlier.size());
    auto fits = [&](const std::string& who, const std::string& when) {
      return c.ok(earlier, kontra_words, who + ":" + when);
    };
    if (!cur.part("who"))
      return ask_player("who",
                        tr("alsos.entry.kontra.who", "Who said {level} on the game?", Message().text("level", level)),
                        c.legal_players([&](const std::string& p) {
                          return any_phase([&](const std::string& w) { return fits(p, w); });
                        }));
    if (!cur.part("when"))
      return ask_phase("when", when_said(level), true, [&](const std::string& w) { return fits(*cur.part("who"), w); });
    return std::nullopt;
  };
  return l;
}

// A figura: which, by whom, when, then the kontras on it one level at a time (kontraN: a player or none, whenN).
ListAsk figurak_list(const ListContext& c, Question typed) {
  ListAsk l = list_of("figurak", tr("alsos.entry.figurak", "Figurák announced?"),
                      tr("alsos.entry.figurak.add", "add a figura"),
                      tr("alsos.entry.figurak.another", "Another figura?"), std::move(typed), figura_words);
  const std::size_t max_level = static_cast<std::size_t>(c.g.options().max_kontra_level);
  l.next_part = [c, max_level](const std::vector<ListItem>& earlier, const ListItem& cur) -> std::optional<Question> {
    auto fits = [&](const std::string& item) { return c.ok(earlier, figura_words, item); };
    auto any_by = [&](const std::string& name) {
      return std::any_of(c.active.begin(), c.active.end(), [&](const std::string& p) {
        return any_phase([&](const std::string& w) { return fits(p + ":" + name + ":" + w); });
      });
    };
    const std::string* name = cur.part("name");
    if (!name) {
      std::vector<Choice> names;
      for (const auto& f : k_figurak)
        if (any_by(std::string(f.id)))
          names.push_back({std::string(f.id), std::string(f.label) + " — " + figura_feat(f.id)});
      return ask_choice("name", tr("alsos.entry.figura.which", "Which figura?"), std::move(names));
    }
    const std::string* by = cur.part("by");
    if (!by)
      return ask_player("by",
                        tr("alsos.entry.figura.by", "Who announced {figura}?",
                           Message().text("figura", figura_label(*name))),
                        c.legal_players([&](const std::string& p) {
                          return any_phase([&](const std::string& w) { return fits(p + ":" + *name + ":" + w); });
                        }));
    const std::string* phase = cur.part("phase");
    if (!phase)
      return ask_phase("phase",
                       tr("alsos.entry.figura.phase", "When did {name} announce {figura}?",
                          Message().text("name", *by).text("figura", figura_label(*name))),
                       false, [&](const std::string& w) { return fits(*by + ":" + *name + ":" + w); });
    std::string chain = *by + ":" + *name + ":" + *phase;
    for (std::size_t n = 1; n <= max_level; ++n) {
      const std::string k = "kontra" + std::to_string(n), w = "when" + std::to_string(n);
      const std::string level = level_word(n - 1);
      const std::string* who = cur.part(k);
      if (!who) {
        std::vector<Choice> choices = {
            {"none", tr("alsos.entry.figura.no_kontra", "{first, select, yes {no kontra} other {no {level}}}",
                        Message().text("first", n == 1 ? "yes" : "no").text("level", level))}};
        for (const auto& p : c.active)
          if (any_phase([&](const std::string& x) { return fits(chain + "/" + p + ":" + x); }))
            choices.push_back({p, ""});
        Question q =
            ask_choice(k,
                       tr("alsos.entry.figura.kontra", "A {level} on {name}'s {figura}?",
                          Message().text("level", level).text("name", *by).text("figura", figura_label(*name))),
                       std::move(choices));
        q.preset = "none";
        return q;
      }
      if (*who == "none") return std::nullopt;
      const std::string* when = cur.part(w);
      if (!when)
        return ask_phase(w, when_said(level), true,
                         [&](const std::string& x) { return fits(chain + "/" + *who + ":" + x); });
      chain += "/" + *who + ":" + *when;
    }
    return std::nullopt;
  };
  return l;
}

// A player's melds: whose, his sequences, his four-of-a-kinds, béla (trump games).
ListAsk melds_list(const ListContext& c, Question typed) {
  ListAsk l = list_of("melds", tr("alsos.entry.melds", "Melds?"), tr("alsos.entry.melds.add", "add a player's melds"),
                      tr("alsos.entry.melds.another", "Another player's melds?"), std::move(typed), meld_words);
  l.max_items = c.active.size();
  l.next_part = [c](const std::vector<ListItem>& earlier, const ListItem& cur) -> std::optional<Question> {
    auto fits = [&](const std::string& item) { return c.ok(earlier, meld_words, item); };
    const std::string* who = cur.part("who");
    if (!who)  // a player's melds are one item (a second would replace the first)
      return ask_player("who", tr("alsos.entry.melds.who", "Whose melds?"), c.legal_players([&](const std::string& p) {
        return std::none_of(earlier.begin(), earlier.end(), [&](const ListItem& i) { return *i.part("who") == p; });
      }));
    const std::string* seq = cur.part("sequences");
    if (!seq) {
      std::vector<Choice> choices;
      for (i64 v : sequence_sums(c.g.options().sequence_values, static_cast<int>(c.g.tricks_per_deal())))
        if (fits(*who + ":" + std::to_string(v)))
          choices.push_back({std::to_string(v), v == 0 ? tr("alsos.entry.none", "none") : ""});
      Question q = ask_choice("sequences",
                              tr("alsos.entry.melds.sequences", "{name}'s sequences, in points?",
                                 Message().text("name", *who)),
                              std::move(choices));
      q.help = tr("alsos.entry.melds.sequences.help",
                  "only the best sequence scores: its holder counts all his sequences");
      return q;
    }
    const std::string* sets = cur.part("sets");
    if (!sets) {
      std::vector<Choice> choices;
      for (i64 v = 0; v <= 80 * (c.g.tricks_per_deal() / 4); v += 80)
        if (fits(*who + ":" + *seq + ":" + std::to_string(v)))
          choices.push_back({std::to_string(v), v == 0 ? tr("alsos.entry.none", "none") : ""});
      return ask_choice("sets",
                        tr("alsos.entry.melds.sets", "{name}'s four of a kind, 80 each?", Message().text("name", *who)),
                        std::move(choices));
    }
    if (!c.trump || cur.part("bela")) return std::nullopt;
    std::vector<Choice> choices;
    const std::string item = *who + ":" + *seq + ":" + *sets;
    if (fits(item + ":bela")) choices.push_back({"yes", tr("alsos.entry.bela.yes", "béla: K+F of trumps, 20")});
    if (fits(item)) choices.push_back({"no", tr("alsos.entry.bela.no", "no béla")});
    Question q = ask_choice("bela",
                            tr("alsos.entry.bela", "Did {name} hold K+F of trumps (béla, 20)?",
                               Message().text("name", *who)),
                            std::move(choices));
    if (c.bela_preset == *who) q.preset = "yes";
    return q;
  };
  return l;
}

// The answers with the three lists folded into their words (rules/entry.hpp fold_list), as entry_words reads them.
Answers folded(const AlsosGame& g, const Answers& answers);

// ---------------------------------------------------------------------------------------------------------------
// entry_words: the answers, in order, folded into one word per record field

class Composer {
public:
  Composer(const AlsosGame& g, const Answers& answers) : m_g(g), m_answers(folded(g, answers)) {}

  Words run() {
    for (const auto& [k, v] : m_answers)
      if (!v.empty()) take(k, v);
    std::map<std::string, std::string> words = m_words;
    if (auto c = contract()) words["contract"] = *c;
    if (auto gy = gyerunk()) words["gyerunk"] = *gy;
    if (words.count("figurak") && !m_made.empty()) words["figurak"] = figurak_with_outcomes(words["figurak"], m_made);
    if (!m_tricks.empty()) words["tricks"] = word_of(m_tricks, m_g.roster());
    if (!m_points.empty()) {
      fill_points(words);
      words["card_points"] = word_of(m_points, m_g.roster());
    }
    Words out;
    for (auto field : k_word_order) {
      auto it = words.find(std::string(field));
      if (it != words.end()) out.emplace_back(it->first, it->second);
    }
    for (const auto& x : m_unknown) out.push_back(x);
    return out;
  }

private:
  void take(const std::string& k, const std::string& v) {
    if (k == "kind" || k == "declarer" || k == "trump") {
      m_pieces[k] = v;
      m_pieces_last = true;
    } else if (starts_with(k, k_key_tricks)) {
      set_cell(m_tricks, k.substr(k_key_tricks.size()), v);
    } else if (starts_with(k, k_key_points)) {
      set_cell(m_points, k.substr(k_key_points.size()), v);
    } else if (starts_with(k, k_key_made) && k.size() > k_key_made.size() && k.size() < k_key_made.size() + 4 &&
               std::all_of(k.begin() + static_cast<long>(k_key_made.size()), k.end(),
                           [](char c) { return c >= '0' && c <= '9'; })) {
      m_made[std::stoul(k.substr(k_key_made.size()))] = v;
    } else if (k == "gyerunk_level" || k == "gyerunk_outcome") {
      m_gyerunk[k] = v;
    } else {
      typed(k, v);
    }
  }

  void typed(const std::string& k, const std::string& v) {
    const std::string field = field_of_key(k);
    if (field.empty()) {
      std::erase_if(m_unknown, [&](const auto& x) { return x.first == k; });
      m_unknown.emplace_back(k, v);
      return;
    }
    if (field == "tricks") {
      m_tricks = cells_of(v, m_g.roster());
    } else if (field == "card_points") {
      m_points = cells_of(v, m_g.roster());
    } else if (field == "contract") {
      m_words["contract"] = v;
      m_pieces_last = false;
    } else if (field == "gyerunk" && v.find(':') == std::string::npos && !is_none(v)) {
      m_gyerunk["by"] = v;  // the answer to "who said gyerünk?"; level and outcome follow
      m_words.erase("gyerunk");
    } else if ((field == "game_kontra" || field == "figurak" || field == "melds") && is_none(v)) {
      m_words.erase(field);
    } else {
      m_words[field] = v;
      if (field == "gyerunk") m_gyerunk.clear();
    }
  }

  // kind, declarer and trump suit -> KIND[:SUIT][:DECLARER]; nothing until complete
  std::optional<std::string> contract() const {
    if (!m_pieces_last || !m_pieces.count("kind")) return std::nullopt;
    const std::string& kind = m_pieces.at("kind");
    auto k = kind_of(kind);
    if (!k || !needs_declarer(*k)) return kind;
    if (!m_pieces.count("declarer") || (*k == Kind::trump && !m_pieces.count("trump"))) return std::nullopt;
    return kind + (*k == Kind::trump ? ":" + m_pieces.at("trump") : "") + ":" + m_pieces.at("declarer");
  }

  // who, how far, outcome -> BY:LEVEL:OUTCOME; nothing until the outcome is known
  std::optional<std::string> gyerunk() const {
    if (!m_gyerunk.count("by") || !m_gyerunk.count("gyerunk_outcome")) return std::nullopt;
    std::string level = "1";
    if (m_gyerunk.count("gyerunk_level") && common::is_whole(typed_value(m_gyerunk.at("gyerunk_level"))))
      level = m_gyerunk.at("gyerunk_level");  // typed as a number
    else if (m_gyerunk.count("gyerunk_level"))
      for (std::size_t i = 0; i < k_gyerunk_levels.size(); ++i)
        if (m_gyerunk.at("gyerunk_level") == k_gyerunk_levels[i]) level = std::to_string(i + 1);
    return m_gyerunk.at("by") + ":" + level + ":" + m_gyerunk.at("gyerunk_outcome");
  }

  // A player who took no trick has no card points (V43): not asked, written as 0.
  void fill_points(const std::map<std::string, std::string>& words) {
    Words w;
    for (const auto& [k, v] : words) w.emplace_back(k, v);
    if (!m_tricks.empty()) w.emplace_back("tricks", word_of(m_tricks, m_g.roster()));
    Diagnostics ignored;
    json rec = record_from_args(w, m_g, ignored);
    const json kind = rec.contains("contract") && rec["contract"].is_object() ? rec["contract"].value("kind", json())
                                                                              : json();
    if (kind != "trump" && kind != "no_trumps") return;
    if (!rec.contains("tricks") || !rec["tricks"].is_object() || !rec.contains("dealer") || !rec["dealer"].is_string())
      return;
    for (const auto& p : m_g.active_players(rec["dealer"].get<std::string>())) {
      bool zero = rec["tricks"].contains(p) && rec["tricks"][p] == 0;
      bool given = std::any_of(m_points.begin(), m_points.end(), [&](const auto& c) { return c.first == p; });
      if (zero && !given) set_cell(m_points, p, "0");
    }
  }

  const AlsosGame& m_g;
  const Answers m_answers;
  std::map<std::string, std::string> m_words;  // record field -> word, as typed or answered
  std::map<std::string, std::string> m_pieces, m_gyerunk;
  bool m_pieces_last = false;  // the contract pieces came after any typed contract
  Cells m_tricks, m_points;
  std::map<std::size_t, std::string> m_made;
  Words m_unknown;
};

// The hand as answered without its lists: who plays, whether there are trumps (the lists' shape).
ListContext context_of(const AlsosGame& g, const Answers& answers) {
  Answers plain;
  for (const auto& a : answers)
    if (!is_list_key(a.first)) plain.push_back(a);
  Diagnostics ignored;
  const json rec = record_from_args(Composer(g, plain).run(), g, ignored);
  ListContext c{g, {}, true, nullptr, ""};
  c.active = g.active_players(rec.contains("dealer") && rec["dealer"].is_string() ? rec["dealer"].get<std::string>()
                                                                                  : g.expected_dealer());
  if (rec.contains("contract") && rec["contract"].is_object())
    c.trump = rec["contract"].value("kind", json()) == "trump";
  return c;
}

Answers folded(const AlsosGame& g, const Answers& answers) {
  if (std::none_of(answers.begin(), answers.end(), [](const auto& a) { return is_list_key(a.first); })) return answers;
  const ListContext c = context_of(g, answers);
  Answers out = fold_list(kontra_list(c, {}), answers);
  out = fold_list(figurak_list(c, {}), out);
  return fold_list(melds_list(c, {}), out);
}

Legal::Legal(const AlsosGame& g, const Answers& answers, const std::string& field) : m_g(g), m_field(field) {
  Answers rest = answers;
  std::erase_if(rest, [&](const auto& a) { return a.first.rfind(field + "#", 0) == 0; });
  m_base = entry_words(g, rest);
  m_errors = errors_of(m_base);
}

// ---------------------------------------------------------------------------------------------------------------
// next_question

// "acorns", "tök — bells": the Hungarian name when the id is spelled without its accents, then the English one
std::string suit_label(std::size_t i) {
  return tr("alsos.entry.suit",
            "{suit, select, makk {acorns} piros {hearts} tok {tök — bells} zold {zöld — leaves} other {{suit}}}",
            Message().text("suit", std::string(k_suit_ids[i])));
}

class Asker {
public:
  Asker(const AlsosGame& g, const Answers& answers) : m_g(g), m_answers(answers) {
    Diagnostics ignored;
    m_rec = record_from_args(entry_words(g, answers), g, ignored);
    m_dealer = m_rec.contains("dealer") && m_rec["dealer"].is_string() ? m_rec["dealer"].get<std::string>()
                                                                       : g.expected_dealer();
    m_active = g.active_players(m_dealer);
    m_guided = asked(answers, "kind");
  }

  std::optional<Question> run() {
    if (m_answers.empty()) return dealer();
    if (!contract_known()) return contract_piece();
    if (m_kind == Kind::misdeal) return m_guided && !typed("note") ? std::optional<Question>(note()) : std::nullopt;
    if (m_guided && m_kind == Kind::trump && !typed("turn_up_suit")) return turn_up();
    if (m_kind == Kind::kloptzky) return tricks(m_active);
    if (m_guided && !typed("game_kontra"))
      if (auto q = picked("game_kontra", kontra_list, kontra())) return q;
    const bool played = m_kind == Kind::trump || m_kind == Kind::no_trumps;
    if (m_guided && played && !typed("figurak"))
      if (auto q = picked("figurak", figurak_list, figurak())) return q;
    if (auto q = gyerunk()) return q;
    if (surrendered()) return std::nullopt;
    if (m_kind == Kind::betli) return tricks({m_declarer});
    if (auto q = tricks(m_active)) return q;
    if (!typed("last_trick")) return last_trick();
    if (auto q = points()) return q;
    if (m_guided && !typed("melds"))
      if (auto q = picked("melds", melds_list, melds())) return q;
    return outcomes();
  }

private:
  // Asked by its own key or typed as a command-line word of that field (any alias), even if left out.
  bool typed(const std::string& field) const {
    return std::any_of(m_answers.begin(), m_answers.end(),
                       [&](const auto& a) { return field_of_key(a.first) == field; });
  }
  // A list field asked as pickers, the choices the engine accepts with the rest of the hand; `typed` is its
  // one-line syntax, asked when the scorer prefers to type it.
  std::optional<Question> picked(const std::string& field, ListAsk (*list)(const ListContext&, Question),
                                 Question typed) const {
    const Legal legal(m_g, m_answers, field);
    const ListContext c{m_g, m_active, m_kind == Kind::trump, &legal, kassza_by()};
    return ask_list(list(c, std::move(typed)), m_answers);
  }
  // The kassza announcer (he holds K+F of trumps), "" when none.
  std::string kassza_by() const {
    if (m_kind == Kind::trump && m_rec.contains("figurak") && m_rec["figurak"].is_array())
      for (const auto& f : m_rec["figurak"])
        if (f.is_object() && f.value("name", json()) == "kassza" && f.value("by", json()).is_string())
          return f["by"].get<std::string>();
    return "";
  }

  const json& rec_map(const char* key) const {
    static const json empty = json::object();
    return m_rec.contains(key) && m_rec[key].is_object() ? m_rec[key] : empty;
  }

  Question dealer() const {
    Question q = ask_player("dealer", tr("alsos.entry.dealer", "Who dealt?"), m_g.roster());
    q.preset = m_g.expected_dealer();
    if (m_g.roster().size() == 4)
      q.help = tr("alsos.entry.dealer.help",
                  "with 4 players the dealer sits out this hand (he pays and receives as a defender)");
    return q;
  }

  bool contract_known() {
    const json& c = m_rec.contains("contract") ? m_rec["contract"] : json();
    if (!c.is_object() || !c.contains("kind") || !c["kind"].is_string()) return false;
    auto k = kind_of(c["kind"].get<std::string>());
    if (!k) return false;
    if (needs_declarer(*k) && !(c.contains("declarer") && c["declarer"].is_string())) return false;
    if (*k == Kind::trump && !(c.contains("trump_suit") && c["trump_suit"].is_string())) return false;
    m_kind = *k;
    if (needs_declarer(*k)) m_declarer = c["declarer"].get<std::string>();
    if (*k == Kind::trump) m_trump = suit_index(c["trump_suit"].get<std::string>()).value_or(0);
    return true;
  }

  std::optional<Question> contract_piece() const {
    if (!asked(m_answers, "kind")) {
      Question q = ask_choice("kind", tr("alsos.entry.kind", "What was played?"),
                              {{"trump", tr("alsos.entry.kind.trump", "adu — a trump game")},
                               {"no_trumps", tr("alsos.entry.kind.no_trumps", "színtelen — no trumps")},
                               {"betli", tr("alsos.entry.kind.betli", "the declarer takes no trick")},
                               {"kloptzky", tr("alsos.entry.kind.kloptzky", "all passed betli: fewest tricks")},
                               {"misdeal",
                                tr("alsos.entry.kind.misdeal", "hibás osztás — misdeal, redealt by the same dealer")}});
      q.fields = {"contract.kind"};
      return q;
    }
    auto k = kind_of(*answer_of(m_answers, "kind"));
    if (k && needs_declarer(*k) && !asked(m_answers, "declarer")) {
      Question q = ask_player("declarer",
                              *k == Kind::betli ? tr("alsos.entry.declarer.betli", "Who bid betli?")
                                                : tr("alsos.entry.declarer", "Who is the declarer?"),
                              m_active);
      q.fields = {"contract.declarer"};
      return q;
    }
    if (k == Kind::trump && !asked(m_answers, "trump")) {
      std::vector<Choice> suits;
      for (std::size_t i = 0; i < k_suit_ids.size(); ++i) suits.push_back({std::string(k_suit_ids[i]), suit_label(i)});
      Question q = ask_choice("trump", tr("alsos.entry.trump", "Which suit was trumps?"), suits);
      q.fields = {"contract.trump_suit"};
      return q;
    }
    return std::nullopt;
  }

  Question note() const {
    Question q;
    q.key = "note";
    q.text = tr("alsos.entry.note", "What happened? (a note for the sheet)");
    q.kind = "text";
    q.optional = true;
    q.help = tr("alsos.entry.note.help", "a misdeal scores nothing; the same player deals again");
    return q;
  }

  Question turn_up() const {
    const std::size_t t = static_cast<std::size_t>(m_trump);
    std::vector<Choice> suits;
    for (std::size_t i = 0; i < k_suit_ids.size(); ++i)
      suits.push_back({std::string(k_suit_ids[i]),
                       tr("alsos.entry.turn_up.choice",
                          "{suit}{accepted, select, yes {, accepted in round 1} other {, trumps named in round 2}}",
                          Message().text("suit", suit_label(i)).text("accepted", i == t ? "yes" : "no"))});
    Question q = ask_choice("turn_up_suit", tr("alsos.entry.turn_up", "Which suit was the turn-up card?"), suits);
    q.preset = std::string(k_suit_ids[t]);
    q.help = tr("alsos.entry.turn_up.help",
                "the trump suit if it was accepted in round 1; another suit if {suit} was named in round 2",
                Message().text("suit", std::string(k_suit_names[t])));
    return q;
  }

  Question kontra() const {
    Question q;
    q.key = "game_kontra";
    q.text = tr("alsos.entry.kontra", "Kontra on the game?");
    q.kind = "words";
    q.optional = true;
    std::string defender = m_active.front() == m_declarer ? m_active[1] : m_active.front();
    std::string phase = m_kind == Kind::betli ? "late" : "early|late";
    q.help = tr("alsos.entry.kontra.help",
                "kontra, rekontra, szubkontra in order as PLAYER:PHASE ({phase}, or e|l), e.g. {defender}:late,"
                "{declarer}:late; Enter: none",
                Message().text("phase", phase).text("defender", defender).text("declarer", m_declarer));
    return q;
  }

  Question figurak() const {
    std::vector<std::string> names;
    for (const auto& f : k_figurak)
      if (m_kind == Kind::trump || !f.trump_only) names.emplace_back(f.id);
    Question q;
    q.key = "figurak";
    q.text = tr("alsos.entry.figurak", "Figurák announced?");
    q.kind = "words";
    q.optional = true;
    q.help = tr("alsos.entry.figurak.help",
                "PLAYER:NAME:PHASE[/KONTRA_BY:PHASE...] comma-separated, NAME one of {names}, e.g. "
                "{declarer}:{first}:early; Enter: none",
                Message().text("names", join(names, " ")).text("declarer", m_declarer).text("first", names.front()));
    return q;
  }

  // gyerünk: only when no figura other than kassza was announced (V30); not in kloptzky or misdeal (V31)
  std::optional<Question> gyerunk() const {
    if (m_rec.contains("figurak") && m_rec["figurak"].is_array())
      for (const auto& f : m_rec["figurak"])
        if (!f.is_object() || f.value("name", json()) != "kassza") return std::nullopt;
    if (m_guided && !typed("gyerunk")) {
      Question q = ask_player("gyerunk", tr("alsos.entry.gyerunk", "Gyerünk — who said it?"), m_active);
      q.optional = true;
      q.help = tr("alsos.entry.gyerunk.help", "Enter: nobody said gyerünk");
      return q;
    }
    const std::string* by = answer_of(m_answers, "gyerunk");
    if (!by || by->empty() || by->find(':') != std::string::npos || is_none(*by)) return std::nullopt;
    if (!asked(m_answers, "gyerunk_level")) {
      Question q = ask_choice("gyerunk_level", tr("alsos.entry.gyerunk_level", "How far did it go?"),
                              {{"gyerunk",
                                tr("alsos.entry.gyerunk_level.gyerunk", "only gyerünk: then accepted or given up")},
                               {"kontra", tr("alsos.entry.gyerunk_level.kontra", "the other side said kontra on it")},
                               {"rekontra", tr("alsos.entry.gyerunk_level.rekontra", "and rekontra")},
                               {"szubkontra", tr("alsos.entry.gyerunk_level.szubkontra", "and szubkontra")}});
      q.preset = "gyerunk";
      q.fields = {"gyerunk"};
      return q;
    }
    if (!asked(m_answers, "gyerunk_outcome")) {
      Question q = ask_choice("gyerunk_outcome", tr("alsos.entry.gyerunk_outcome", "And then?"),
                              {{"accepted", tr("alsos.entry.gyerunk_outcome.accepted", "played on")},
                               {"surrendered",
                                tr("alsos.entry.gyerunk_outcome.surrendered",
                                   "given up by the side that had to answer the last call: no play facts")}});
      q.preset = "accepted";
      q.fields = {"gyerunk"};
      return q;
    }
    return std::nullopt;
  }

  bool surrendered() const {
    return m_rec.contains("gyerunk") && m_rec["gyerunk"].is_object() &&
           m_rec["gyerunk"].value("outcome", json()) == "surrendered";
  }

  // One question per player not known yet; the last one preset to what the others leave of the deal.
  std::optional<Question> tricks(const std::vector<std::string>& who) const {
    const json& known = rec_map("tricks");
    const i64 total = m_g.tricks_per_deal();
    std::vector<std::string> missing;
    i64 sum = 0;
    for (const auto& p : who) {
      if (!known.contains(p))
        missing.push_back(p);
      else if (known[p].is_number_integer())
        sum += known[p].get<i64>();
    }
    if (missing.empty()) return std::nullopt;
    const std::string& p = missing.front();
    const bool betli = m_kind == Kind::betli;
    Question q = ask_number(
        std::string(k_key_tricks) + p,
        tr("alsos.entry.tricks",
           "{betli, select, yes {Tricks taken by {name}, the betli declarer?} other {Tricks taken by {name}?}}",
           Message().text("betli", betli ? "yes" : "no").text("name", p)),
        "int", 0, total);
    q.fields = {"tricks"};
    if (betli)
      q.help = tr("alsos.entry.tricks.betli_help", "0: the betli is made; play stops at the declarer's first trick");
    if (!betli && missing.size() == 1 && who.size() == m_active.size() && sum <= total)
      q.preset = std::to_string(total - sum);
    return q;
  }

  Question last_trick() const {
    const json& taken = rec_map("tricks");
    std::vector<std::string> takers;
    for (const auto& p : m_active)
      if (!taken.contains(p) || taken[p] != 0) takers.push_back(p);
    Question q = ask_player("last_trick", tr("alsos.entry.last_trick", "Who won the last trick?"), takers);
    if (takers.size() == 1) q.preset = takers.front();
    return q;
  }

  std::optional<Question> points() const {
    const json& known = rec_map("card_points");
    const json& taken = rec_map("tricks");
    const i64 total = m_kind == Kind::trump ? k_total_trump : k_total_no_trumps;
    const std::string last = m_rec.value("last_trick", std::string());
    for (const auto& p : m_active) {
      if (known.contains(p) || (taken.contains(p) && taken[p] == 0)) continue;
      const bool took_last = p == last;
      Question q = ask_number(std::string(k_key_points) + p,
                              tr("alsos.entry.points", "Card points of {name}?", Message().text("name", p)), "int",
                              took_last ? 10 : 0, total);
      q.help = tr("alsos.entry.points.help",
                  "the card points in {name}'s tricks{last, select, yes { with the 10 for the last trick} other {}}, "
                  "melds not included (all cards: {total})",
                  Message().text("name", p).text("last", took_last ? "yes" : "no").number("total", total));
      q.fields = {"card_points", "last_trick"};
      return q;
    }
    return std::nullopt;
  }

  Question melds() const {
    Question q;
    q.key = "melds";
    q.text = tr("alsos.entry.melds", "Melds?");
    q.kind = "words";
    q.optional = true;
    const bool trump = m_kind == Kind::trump;
    q.help = tr("alsos.entry.melds.help",
                "PLAYER:SEQUENCES[:SETS]{trump, select, yes {[:bela]} other {}} comma-separated: his scoring "
                "sequences'' points, 80 per four of a kind{trump, select, yes {, bela = K+F of trumps} other {}}; "
                "e.g. {declarer}:20:80; none: no melds",
                Message().text("trump", trump ? "yes" : "no").text("declarer", m_declarer));
    // kassza means K+F of trumps: the announcer's béla is known
    if (const std::string by = kassza_by(); !by.empty()) q.preset = by + ":bela";
    return q;
  }

  // The figurák the engine cannot judge (spec §2.3): made or not, one by one.
  std::optional<Question> outcomes() const {
    if (!m_rec.contains("figurak") || !m_rec["figurak"].is_array()) return std::nullopt;
    const json& fs = m_rec["figurak"];
    for (std::size_t i = 0; i < fs.size(); ++i) {
      const json& f = fs[i];
      if (!f.is_object() || f.contains("made") || !f.value("name", json()).is_string() ||
          !f.value("by", json()).is_string())
        continue;
      auto idx = figura_index(f["name"].get<std::string>());
      if (!idx || k_figurak[*idx].derived) continue;
      const FiguraInfo& info = k_figurak[*idx];
      const std::string by = f["by"].get<std::string>();
      Question q = ask_yes_no(
          std::string(k_key_made) + std::to_string(i),
          tr("alsos.entry.made", "Did {name} make {figura} ({feat})?",
             Message().text("name", by).text("figura", std::string(info.label)).text("feat", figura_feat(info.id))));
      q.preset = "";
      if (*idx == k_ultimo && m_rec.value("last_trick", std::string()) != by) q.preset = "no";
      q.fields = {"figurak"};
      return q;
    }
    return std::nullopt;
  }

  const AlsosGame& m_g;
  const Answers& m_answers;
  json m_rec;
  std::string m_dealer;
  std::vector<std::string> m_active;
  bool m_guided = false;
  Kind m_kind = Kind::trump;
  std::string m_declarer;
  int m_trump = 0;
};

}  // namespace

Words entry_words(const AlsosGame& before, const Answers& answers) { return Composer(before, answers).run(); }

std::optional<Question> next_question(const AlsosGame& before, const Answers& answers) {
  return Asker(before, answers).run();
}

}  // namespace marque::rules::alsos
