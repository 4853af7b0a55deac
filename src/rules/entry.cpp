#include "rules/entry.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include "core/language.hpp"
#include "core/text.hpp"
#include "core/unicode.hpp"
#include "rules/common/values.hpp"
#include "rules/engine.hpp"

namespace marque::rules {

const std::string* answer_of(const Answers& answers, std::string_view key) {
  for (auto it = answers.rbegin(); it != answers.rend(); ++it)
    if (it->first == key) return &it->second;
  return nullptr;
}

bool asked(const Answers& answers, std::string_view key) { return answer_of(answers, key) != nullptr; }

bool answered(const Answers& answers, std::string_view key) {
  const std::string* a = answer_of(answers, key);
  return a && !a->empty();
}

std::vector<Choice> choices_of(const std::vector<std::string>& values) {
  std::vector<Choice> out;
  for (const auto& v : values) out.push_back({v, ""});
  return out;
}

Question ask_player(std::string key, std::string text, const std::vector<std::string>& players) {
  Question q;
  q.key = std::move(key);
  q.text = std::move(text);
  q.kind = "player";
  q.choices = choices_of(players);
  return q;
}

Question ask_choice(std::string key, std::string text, std::vector<Choice> choices) {
  Question q;
  q.key = std::move(key);
  q.text = std::move(text);
  q.kind = "choice";
  q.choices = std::move(choices);
  return q;
}

Question ask_number(std::string key, std::string text, std::string kind, std::optional<int64_t> min,
                    std::optional<int64_t> max) {
  Question q;
  q.key = std::move(key);
  q.text = std::move(text);
  q.kind = std::move(kind);
  q.min = min;
  q.max = max;
  return q;
}

Question ask_yes_no(std::string key, std::string text, bool preset_yes) {
  Question q;
  q.key = std::move(key);
  q.text = std::move(text);
  q.kind = "yes_no";
  q.choices = {{"yes", ""}, {"no", ""}};
  q.preset = preset_yes ? "yes" : "no";
  return q;
}

namespace {

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

bool all_digits(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return c >= '0' && c <= '9'; });
}

std::string legal_list(const Question& q) {
  std::string s;
  for (size_t i = 0; i < q.choices.size(); ++i) s += (i ? ", " : "") + shown(q.choices[i].value);
  return s;
}

// A word as choices are compared: case folded (any script: "ÉLODIE" is "Élodie"), a space or a hyphen as the
// underscore of a value ("garde sans" is garde_sans).
std::string choice_key(const std::string& s) {
  std::string k = unicode::fold(s);
  std::replace_if(
      k.begin(), k.end(), [](char c) { return c == ' ' || c == '-'; }, '_');
  return k;
}

// A label's words: split at spaces, punctuation, dashes and ×, whole characters ("tök — bells": tök, bells).
std::vector<std::string> label_words(const std::string& label) {
  static const std::vector<std::string_view> k_separators = {" ", ",", ";", "(", ")", "/", "-", "\u2014", "\u00d7"};
  std::vector<std::string> out(1);
  for (size_t at = 0; at < label.size();) {
    auto sep = std::find_if(k_separators.begin(), k_separators.end(),
                            [&](std::string_view x) { return label.compare(at, x.size(), x) == 0; });
    if (sep == k_separators.end()) {
      out.back() += label[at++];
      continue;
    }
    if (!out.back().empty()) out.emplace_back();
    at += sep->size();
  }
  return out;
}

// One choice from a typed word: its number (Choice::number, else its place in the list), its value (any case) or
// a unique prefix of it.
std::optional<std::string> pick(const Question& q, const std::string& word) {
  if (all_digits(word) && word.size() < 4) {
    const int k = std::stoi(word);
    bool is_value = std::any_of(q.choices.begin(), q.choices.end(), [&](const Choice& c) { return c.value == word; });
    for (size_t i = 0; !is_value && i < q.choices.size(); ++i)
      if ((q.choices[i].number ? q.choices[i].number : static_cast<int>(i) + 1) == k) return q.choices[i].value;
  }
  const std::string w = choice_key(word);
  for (const auto& c : q.choices)
    if (choice_key(c.value) == w) return c.value;
  // a label's words name a choice too: "Sara" for the seat "S — Sara", "hearts" for "♥ hearts"
  const std::string lw = unicode::fold(word);
  for (const auto& c : q.choices)
    for (const auto& label_word : label_words(unicode::fold(c.label)))
      if (label_word == lw) return c.value;
  std::optional<std::string> found;
  for (const auto& c : q.choices)
    if (choice_key(c.value).rfind(w, 0) == 0) {
      if (found) return std::nullopt;  // ambiguous
      found = c.value;
    }
  return found;
}

// A typed word the choices do not name, as the game reads it (read_entry_answer): its value, or an error (a native
// word that names several choices); both empty: none. nullptr: none.
using OtherWord = std::function<Reading(const std::string&)>;

Reading read_with(const Question& q, const std::string& typed, const OtherWord& other) {
  std::string a = trim(typed);
  if (a.empty()) {
    if (!q.preset.empty()) return {q.preset, ""};
    if (q.optional) return {"", ""};
    return {"", text::tr("entry.answer_needed", "an answer is needed")};
  }
  if (q.kind == "yes_no") {
    static const std::vector<std::string> yes{"y", "yes", "o", "oui", "i", "igen", "j", "ja", "true", "1", "ν", "ναι"};
    static const std::vector<std::string> no{"n", "no", "non", "nem", "nein", "false", "0", "ο", "οχι", "όχι"};
    std::string w = common::lower(a);
    if (std::find(yes.begin(), yes.end(), w) != yes.end()) return {"yes", ""};
    if (std::find(no.begin(), no.end(), w) != no.end()) return {"no", ""};
    if (other) {  // the game's own words (on, off ...)
      Reading r = other(a);
      if (!r.value.empty() || !r.error.empty()) return r;
    }
    return {"", text::tr("entry.yes_or_no", "answer yes or no")};
  }
  auto pick_or_other = [&](const std::string& word) -> Reading {
    if (std::optional<std::string> v = pick(q, word)) return {*v, ""};
    Reading r = other ? other(word) : Reading{};
    if (r.value.empty() && r.error.empty())
      r.error = text::tr("entry.not_a_choice", "''{word}'' is not one of: {choices}",
                         text::Message().text("word", clip(word)).text("choices", legal_list(q)));
    return r;
  };
  if (q.kind == "player" || q.kind == "choice") return pick_or_other(a);
  if (q.kind == "choices") {
    std::string out;
    for (const auto& part : split_list(a)) {
      Reading r = pick_or_other(part);
      if (!r.error.empty()) return r;
      out += (out.empty() ? "" : ",") + r.value;
    }
    return {out, ""};
  }
  if (q.kind == "int" || q.kind == "number") {
    // a choice listed beside the numbers (a bid's capot) is named by its value
    for (const auto& c : q.choices)
      if (choice_key(c.value) == choice_key(a) && !parse_decimal(c.value)) return {c.value, ""};
    const std::optional<Amount> v = parse_decimal(a);
    // the message says what to type instead: "95 is out of range: type a whole number from 0 to 91"
    const std::string& lang = text::language();
    text::Message m;
    m.text("kind", q.kind)
        .text("range", q.min && q.max ? "between"
                       : q.min        ? "min"
                       : q.max        ? "max"
                                      : "none")
        .text("min", q.min ? text::local_number(Amount::whole(*q.min), lang) : "")
        .text("max", q.max ? text::local_number(Amount::whole(*q.max), lang) : "");
    if (!v || (q.kind == "int" && !v->is_whole()))
      return {"", text::tr("entry.not_a_number",
                           "''{word}'' is not {kind, select, int {a whole number} other {a number}}: type "
                           "{kind, select, int {a whole number} other {a number}}{range, select, between { from {min} "
                           "to {max}} min { of at least {min}} max { of at most {max}} other {}}",
                           m.text("word", clip(a)))};
    if ((q.min && *v < Amount::whole(*q.min)) || (q.max && *v > Amount::whole(*q.max)))
      return {"", text::tr("entry.out_of_range",
                           "{n} is out of range: type {kind, select, int {a whole number} other {a number}}"
                           "{range, select, between { from {min} to {max}} min { of at least {min}} max { of at most "
                           "{max}} other {}}",
                           m.text("n", text::local_number(*v, lang)))};
    return {a, ""};
  }
  return {a, ""};
}

}  // namespace

std::string shown(const std::string& value) {
  const bool id = !value.empty() && std::all_of(value.begin(), value.end(), [](unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
  if (!id) return value;
  std::string s = value;
  std::replace(s.begin(), s.end(), '_', ' ');
  return s;
}

Reading read_answer(const Question& q, const std::string& typed) { return read_with(q, typed, nullptr); }

Reading read_entry_answer(const GameRules& rules, const Game& before, const Answers& answers, const Question& q,
                          const std::string& typed) {
  auto record = [&](const std::string& value) {
    Answers a = answers;
    a.emplace_back(q.key, value);
    Diagnostics ignored;
    return rules.record_from_args(rules.entry_words(before, a), before, ignored);
  };
  // the players' own words for this question's key or its fields ("garde sans", "κάσα"): whole, or (after the
  // game's own words) a beginning that names one choice
  std::vector<std::string> keys = {q.key};
  keys.insert(keys.end(), q.fields.begin(), q.fields.end());
  auto native = [&](const std::string& word, bool prefix) -> Reading {
    for (const auto& key : keys) {
      const auto found = rules.native_words().value(key, word, prefix);
      if (!found.error.empty()) return {"", found.error};
      for (const auto& c : q.choices)
        if (!found.id.empty() && c.value == found.id) return {c.value, ""};
    }
    return {};
  };
  return read_with(q, typed, [&](const std::string& word) -> Reading {
    if (Reading whole = native(word, false); !whole.value.empty()) return whole;
    const json mine = record(word);
    if (mine != record(""))  // the word reaches the record: the choice that makes the same one
      for (const auto& c : q.choices)
        if (record(c.value) == mine) return {c.value, ""};
    return native(word, true);
  });
}

std::optional<Question> ask_next(const GameRules& rules, const Game& before, const Answers& answers) {
  std::optional<Question> q = rules.next_question(before, answers);
  if (!q || (q->kind != "player" && q->kind != "choice" && q->kind != "choices")) return q;
  const std::vector<std::string> players = before.players();
  int last = static_cast<int>(players.size());
  for (auto& c : q->choices) {
    auto seat = std::find(players.begin(), players.end(), c.value);
    if (c.number == 0 && seat != players.end()) c.number = static_cast<int>(seat - players.begin()) + 1;
    last = std::max(last, c.number);
  }
  auto others = std::stable_partition(q->choices.begin(), q->choices.end(),
                                      [](const Choice& c) { return c.number > 0; });
  if (others == q->choices.begin()) return q;  // no player among the choices: numbered by their places
  std::stable_sort(q->choices.begin(), others, [](const Choice& a, const Choice& b) { return a.number < b.number; });
  for (auto it = others; it != q->choices.end(); ++it) it->number = ++last;
  return q;
}

std::vector<Diagnostic> errors_for(const Question& q, const std::vector<Diagnostic>& errors) {
  std::vector<std::string> fields = q.fields.empty() ? std::vector<std::string>{q.key} : q.fields;
  auto concerns = [&](const Diagnostic& d) {
    for (const auto& f : fields)
      if (d.field == f || d.field.rfind(f + ".", 0) == 0 || d.field.rfind(f + "[", 0) == 0) return true;
    return false;
  };
  auto only_missing = [](const Diagnostic& d) {
    return d.message.find("missing") != std::string::npos || d.message.find("required") != std::string::npos;
  };
  std::vector<Diagnostic> out;
  for (const auto& d : errors)
    if (concerns(d) && !only_missing(d)) out.push_back(d);
  return out;
}

Trial try_answers(const GameRules& rules, const nlohmann::json& game_file, const Answers& answers) {
  Trial t;
  Replay before = replay(game_file);
  if (!before.ok) {
    t.errors = before.diags.errors();
    return t;
  }
  Diagnostics d;
  t.record = rules.record_from_args(rules.entry_words(*before.state, answers), *before.state, d);
  if (d.has_errors()) {
    t.errors = d.errors();
    return t;
  }
  const int seq = static_cast<int>(before.hands_played) + 1;
  extend(before, t.record);
  if (!before.ok) {
    t.errors = before.diags.errors();
    return t;
  }
  t.entry = before.score["hands"].back();
  for (const auto& w : before.diags.warnings())
    if (w.hand == seq) t.warnings.push_back(w);
  for (const auto& w : d.warnings()) t.warnings.push_back(w);
  return t;
}

// --- the defaults of GameRules

std::optional<Question> GameRules::next_question(const Game& before, const Answers& answers) const {
  for (const auto& f : fields()) {
    if (!f.required || f.name == "type" || asked(answers, f.name)) continue;
    Question q;
    q.key = f.name;
    q.text = f.help.empty() ? f.name + "?" : f.help;
    if (f.type == "player") {
      q.kind = "player";
      q.choices = choices_of(f.values.empty() ? before.players() : f.values);
    } else if (!f.values.empty()) {
      q.kind = "choice";
      q.choices = choices_of(f.values);
    } else if (f.type == "int" || f.type == "number") {
      q.kind = f.type;
    } else if (f.type == "bool") {
      q = ask_yes_no(f.name, q.text);
    } else {
      q.kind = "words";
    }
    return q;
  }
  return std::nullopt;
}

Words GameRules::entry_words(const Game&, const Answers& answers) const {
  Words w;
  for (const auto& a : answers) {
    if (a.second.empty()) continue;
    std::erase_if(w, [&](const auto& x) { return x.first == a.first; });
    w.emplace_back(a);
  }
  return w;
}

const text::Catalogue& default_catalogue() {
  static const text::Catalogue& c = *new text::Catalogue([] {
    text::Catalogue x;
    x.add("rules.hand.taken", "{actor} {contract}{made, select, yes { made} no { failed} other {}}");
    x.add("rules.hand.actor", "{actor}{made, select, yes { made} no { failed} other {}}");
    x.add("rules.result.one", "{leader} {over, select, yes {wins} other {leads}} with {points}");
    x.add("rules.result.two",
          "{leader} {over, select, yes {wins} other {leads}} with {points}; {last} last with {last_points}");
    // a value the user typed, echoed in a refusal (common::quoted): a string in quotes, anything else as it is
    // a list of choices (rules::game_list_words): "a, b, c or d"
    x.add("rules.list.one", "{item}");
    x.add("rules.list.comma", "{first}, {rest}");
    x.add("rules.list.or", "{first} or {last}");
    x.add("rules.err.unknown_game", "\"{id}\" is not a game marque knows; one of {games}");
    x.add("rules.quoted", "{string, select, yes {''{value}''} other {{value}}}");
    // the options' refusals of every game (resolve_options)
    x.add("rules.err.options_type", "must be an object of option ids and values");
    x.add("rules.err.unknown_option",
          "unknown option ''{key}''; the options are: {none, select, yes {(none)} other {{ids}}}");
    x.add("rules.err.option_range", "{value} is out of range: {key} is a whole number from {min} to {max}");
    x.add("rules.err.option_check", "{value} is not allowed: {problem}");
    x.add(
        "rules.err.option_value",
        "{value} is not a legal value; allowed: {listed, select, yes {one of: {values}} other {a value of type {type}}}");
    return x;
  }());
  return c;
}

const text::Catalogue& GameRules::catalogue() const { return default_catalogue(); }

const text::NativeWords& GameRules::native_words() const {
  static const text::NativeWords none;
  return none;
}

namespace {

// `v` with each item and part that is a native word of `key` as its id ("" found: as typed)
std::string native_value(const text::NativeWords& n, const std::string& key, const std::string& v, std::string& error) {
  const auto whole = n.value(key, v);
  if (!whole.id.empty() || !whole.error.empty()) {
    if (!whole.error.empty()) error = whole.error;
    return whole.id.empty() ? v : whole.id;
  }
  std::string out, part;
  auto flush = [&](char sep) {
    const auto f = n.value(key, part);
    if (!f.error.empty() && error.empty()) error = f.error;
    out += (f.id.empty() ? part : f.id);
    if (sep) out += sep;
    part.clear();
  };
  for (char c : v)
    if (c == ',' || c == ':')
      flush(c);
    else
      part += c;
  flush('\0');
  return out;
}

}  // namespace

Words native_to_ids(const GameRules& rules, const Words& words, Diagnostics& diags) {
  const text::NativeWords& n = rules.native_words();
  if (n.empty()) return words;
  Words out;
  for (auto [k, v] : words) {
    const auto key = n.key(k);
    if (!key.error.empty()) diags.error(k, "words.native_ambiguous", key.error);
    if (!key.id.empty()) k = key.id;
    std::string error;
    v = native_value(n, k, v, error);
    if (!error.empty()) diags.error(k, "words.native_ambiguous", error);
    out.emplace_back(std::move(k), std::move(v));
  }
  return out;
}

text::Message GameRules::hand_message(const json& record, const json& entry,
                                      const std::vector<std::string>& players) const {
  league::HandFacts f = hand_facts(record, entry, players);
  if (f.actor.empty()) return {};
  text::Message m(f.contract.empty() ? "rules.hand.actor" : "rules.hand.taken");
  m.text("actor", f.actor);
  if (!f.contract.empty()) m.text("contract", f.contract);
  m.text("made", !f.made ? "unknown" : *f.made ? "yes" : "no");
  return m;
}

text::Message GameRules::result_message(const json& score) const {
  const json& result = score.contains("result") ? score["result"] : json();
  const json& totals = score.contains("totals") ? score["totals"] : json::object();
  const int64_t per = amount_denominator();
  auto amount = [&](const std::string& p) -> std::optional<Amount> {
    return totals.contains(p) ? amount_of(totals[p], per) : std::nullopt;
  };
  std::vector<std::string> ranking;
  if (result.is_object() && result.contains("ranking") && result["ranking"].is_array())
    for (const auto& p : result["ranking"]) ranking.push_back(p.get<std::string>());
  if (ranking.empty()) {
    for (const auto& [p, v] : totals.items()) ranking.push_back(p);
    auto value = [&](const std::string& p) { return amount(p).value_or(Amount{}); };
    std::stable_sort(ranking.begin(), ranking.end(), [&](const auto& a, const auto& b) { return value(a) > value(b); });
  }
  if (ranking.empty()) return {};
  text::Message m(ranking.size() > 1 ? "rules.result.two" : "rules.result.one");
  auto points = [&](std::string name, const std::string& p) {
    if (auto a = amount(p))
      m.amount(std::move(name), *a);
    else
      m.text(std::move(name), "?");
  };
  m.text("leader", ranking.front()).text("over", score.value("finished", false) ? "yes" : "no");
  points("points", ranking.front());
  if (ranking.size() > 1) {
    m.text("last", ranking.back());
    points("last_points", ranking.back());
  }
  return m;
}

std::optional<json> GameRules::series_result(const std::vector<json>&) const { return std::nullopt; }
std::optional<json> GameRules::next_game_setup(const json&, const json&) const { return std::nullopt; }

}  // namespace marque::rules

// --- a composite field asked as pickers

namespace marque::rules {

const std::string* ListItem::part(std::string_view name) const {
  for (auto it = parts.rbegin(); it != parts.rend(); ++it)
    if (it->first == name) return &it->second;
  return nullptr;
}

bool is_list_key(std::string_view key) { return key.find('#') != std::string_view::npos; }

namespace {

std::string step_key(const ListAsk& l, size_t n) { return l.key + "#" + std::to_string(n); }

bool of_list(const ListAsk& l, const std::string& key) {
  return key.size() > l.key.size() + 1 && key.compare(0, l.key.size(), l.key) == 0 && key[l.key.size()] == '#';
}

std::vector<std::string> list_fields(const ListAsk& l) {
  return l.typed.fields.empty() ? std::vector<std::string>{l.key} : l.typed.fields;
}

// How the list's answers stand: its complete items, and the question to ask next (none when it is finished).
struct ListWalk {
  std::vector<ListItem> items;
  std::optional<Question> question;
  bool typed = false;  // answered in the one-line syntax (a word, or "text" then the syntax)
};

// a list's choices, in the reader's language
std::string add_another() { return text::tr("entry.list.add_another", "add another"); }
std::string typed_choice(const ListAsk& l) {
  return text::tr("entry.list.typed", "type them in one line: {help}", text::Message().text("help", l.typed.help));
}

Question step_question(const ListAsk& l, size_t n) {
  Question q;
  if (n <= l.min_items) {  // an item is needed: add it (or, first, type them)
    q = ask_choice(step_key(l, n), n == 1 ? l.first : l.another, {{"add", n == 1 ? l.add : add_another()}});
    if (n == 1) q.choices.push_back({"text", typed_choice(l)});
    q.preset = "add";
  } else if (n == 1) {
    q = ask_choice(step_key(l, n), l.first,
                   {{"none", text::tr("entry.list.none", "none")}, {"add", l.add}, {"text", typed_choice(l)}});
    q.preset = "none";
  } else {
    q = ask_choice(step_key(l, n), l.another, {{"add", add_another()}, {"done", text::tr("entry.list.done", "done")}});
    q.preset = "done";
  }
  q.fields = list_fields(l);
  return q;
}

ListWalk walk_list(const ListAsk& l, const Answers& answers) {
  ListWalk w;
  for (size_t n = 1;; ++n) {
    const std::string key = step_key(l, n);
    const std::string* step = answer_of(answers, key);
    if (!step) {
      if (n == 1 && asked(answers, l.key)) {
        w.typed = true;
        return w;
      }
      w.question = step_question(l, n);
      return w;
    }
    if (n == 1 && *step == "text") {
      w.typed = true;
      if (!asked(answers, l.key)) {
        w.question = l.typed;
        w.question->key = l.key;
        w.question->fields = list_fields(l);
      }
      return w;
    }
    if (*step != "add") return w;  // none, done, or left out
    ListItem current;
    const std::string prefix = key + ".";
    for (const auto& [k, v] : answers) {
      if (k.size() <= prefix.size() || k.compare(0, prefix.size(), prefix) != 0) continue;
      std::string part = k.substr(prefix.size());
      std::erase_if(current.parts, [&](const auto& p) { return p.first == part; });
      current.parts.emplace_back(std::move(part), v);
    }
    if (auto q = l.next_part(w.items, current)) {
      q->key = prefix + q->key;
      if (q->fields.empty()) q->fields = list_fields(l);
      w.question = std::move(q);
      return w;
    }
    w.items.push_back(std::move(current));
    if (l.max_items && w.items.size() >= l.max_items) return w;
  }
}

std::string item_words_of(const ListAsk& l, const ListItem& item) {
  if (l.item_words) return l.item_words(item);
  std::string out;
  for (const auto& [k, v] : item.parts) {
    if (v.empty()) continue;
    if (!out.empty()) out += ':';
    out += v;
  }
  return out;
}

}  // namespace

std::vector<Choice> legal_choices(const ListItem& current, std::string_view part, std::vector<Choice> choices,
                                  const std::vector<ListItem>& complete,
                                  const std::function<bool(const ListItem&)>& legal) {
  auto agrees = [&](const ListItem& item, const std::string& value) {
    const std::string* p = item.part(part);
    if (!p || *p != value) return false;
    for (const auto& [k, v] : current.parts)
      if (const std::string* mine = item.part(k); !mine || *mine != v) return false;
    return true;
  };
  std::erase_if(choices, [&](const Choice& c) {
    return std::none_of(complete.begin(), complete.end(),
                        [&](const ListItem& item) { return agrees(item, c.value) && legal(item); });
  });
  return choices;
}

std::optional<Question> ask_list(const ListAsk& list, const Answers& answers) {
  return walk_list(list, answers).question;
}

std::vector<ListItem> list_items(const ListAsk& list, const Answers& answers) { return walk_list(list, answers).items; }

Answers fold_list(const ListAsk& list, const Answers& answers) {
  const ListWalk w = walk_list(list, answers);
  std::string value;
  for (const auto& item : w.items) {
    if (!value.empty()) value += list.separator;
    value += item_words_of(list, item);
  }
  Answers out;
  bool placed = false;
  for (const auto& a : answers) {
    if (!of_list(list, a.first)) {
      out.push_back(a);
      continue;
    }
    if (!placed && !w.typed) out.emplace_back(list.key, value);
    placed = true;
  }
  return out;
}

}  // namespace marque::rules
