#include "cli/guided.hpp"

#include <algorithm>
#include <iostream>

#include "core/text.hpp"

namespace marque::cli {

using json = nlohmann::json;

namespace {

rules::Answers to_answers(const std::vector<std::string>& words) {
  rules::Answers a;
  for (const auto& w : words) {
    auto eq = w.find('=');
    if (eq != std::string::npos) a.emplace_back(w.substr(0, eq), w.substr(eq + 1));
  }
  return a;
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

// "Who took? 1 Ann · 2 Ben · 3 Cat · 4 Dan [Ben]: "
std::string prompt_of(const rules::Question& q) {
  std::string p = q.text;
  if (!q.choices.empty() && q.kind != "yes_no") {
    p += "\n   ";
    for (size_t i = 0; i < q.choices.size(); ++i) {
      const auto& c = q.choices[i];
      p += (i ? "  " : "") + std::to_string(c.number ? c.number : static_cast<int>(i) + 1) + " " + rules::shown(c.value);
      // a label that begins with its value ("S — Sara") is shown alone
      if (!c.label.empty() && c.label != c.value) {
        if (c.label.rfind(c.value, 0) == 0)
          p += c.label.substr(c.value.size());
        else
          p += " (" + c.label + ")";
      }
    }
    if (q.kind == "choices") p += "   (several: comma-separated)";
  } else if (q.kind == "yes_no") {
    p += " (y/n)";
  }
  if (!q.help.empty()) p += "\n   " + q.help;
  p += "\n";
  if (!q.preset.empty())
    p += "  [" + q.preset + "]";
  else if (q.optional)
    p += "  [none]";
  p += " > ";
  return p;
}

void print_errors(std::ostream& out, const std::vector<Diagnostic>& errors) {
  for (const auto& e : errors) out << "  ✗ " << (e.field.empty() ? "" : e.field + ": ") << e.message << "\n";
}

// The preview: the hand in words, then each player's score for it and the running total.
void print_preview(std::ostream& out, const rules::GameRules& rules, const std::vector<std::string>& players,
                   const rules::Trial& t) {
  const auto& e = *t.entry;
  std::string words = rules.hand_words(t.record, json::parse(e.dump()), players);
  out << "\npreview: " << (words.empty() ? "this hand" : words) << "\n";
  int w = 0;
  for (const auto& p : players) w = std::max(w, text::display_width(p));
  for (const auto& p : players) {
    auto num = [&](const char* k) {
      return e.contains(k) && e[k].contains(p) && e[k][p].is_number() ? e[k][p].get<double>() : 0.0;
    };
    out << "  " << text::pad_right(p, w) << "  " << text::pad_left(text::format_signed(num("deltas")), 8) << "   total "
        << text::format_number(num("totals")) << "\n";
  }
  for (const auto& warn : t.warnings) out << "  note: " << (warn.field.empty() ? "" : warn.field + ": ") << warn.message << "\n";
}

}  // namespace

bool needs_questions(const rules::GameRules& rules, const json& game_file, const std::vector<std::string>& words) {
  rules::Replay prior = rules::replay(game_file);
  if (!prior.ok) return false;
  return words.empty() || rules.next_question(*prior.state, to_answers(words)).has_value();
}

std::optional<std::vector<std::string>> guided_words(const rules::GameRules& rules, const json& file,
                                                     std::vector<std::string> words, std::istream& in, std::ostream& out,
                                                     const std::string& title) {
  rules::Replay prior = rules::replay(file);
  if (!prior.ok) return std::nullopt;
  const rules::Game& state = *prior.state;
  const auto players = state.players();
  out << title;
  if (!state.next_dealer().empty()) out << " · dealer " << state.next_dealer();
  out << "\n(Enter takes the [default]; '<' goes back a question; Ctrl-D or '.' abandons: nothing is stored)\n";

  rules::Answers answers = to_answers(words);
  const size_t given = answers.size();  // typed on the command line: '<' does not go back into them
  auto read = [&](const std::string& prompt, std::string& line) {
    out << prompt << std::flush;
    if (!std::getline(in, line)) {
      out << "\n";
      return false;
    }
    line = trim(line);
    return line != ".";
  };
  auto back = [&] {
    if (answers.size() > given) {
      out << "  (back: " << answers.back().first << ")\n";
      answers.pop_back();
    } else {
      out << "  (nothing to go back to)\n";
    }
  };

  for (;;) {
    std::optional<rules::Question> q = rules::ask_next(rules, state, answers);
    if (q) {
      std::string line;
      if (!read(prompt_of(*q), line)) return std::nullopt;
      if (line == "<") {
        back();
        continue;
      }
      rules::Reading r = rules::read_entry_answer(rules, state, answers, *q, line);
      if (!r.error.empty()) {
        out << "  ✗ " << r.error << "\n";
        continue;
      }
      answers.emplace_back(q->key, r.value);
      rules::Trial t = rules::try_answers(rules, file, answers);
      auto errors = rules::errors_for(*q, t.errors);
      if (!errors.empty()) {
        print_errors(out, errors);
        answers.pop_back();
      }
      continue;
    }
    // every question answered: the whole hand, checked and previewed
    rules::Trial t = rules::try_answers(rules, file, answers);
    std::string line;
    if (!t.entry) {
      out << "this hand cannot be stored as it is:\n";
      print_errors(out, t.errors);
      if (!read("'<' to go back, key=value to correct a field, '.' to abandon > ", line)) return std::nullopt;
      if (line == "<" || line.empty()) {
        back();
        continue;
      }
      for (const auto& [k, v] : to_answers(rules::split_list(line, ' '))) answers.emplace_back(k, v);
      continue;
    }
    print_preview(out, rules, players, t);
    if (!read("store this hand? [Y/n, '<' to go back, key=value to change a field] > ", line)) return std::nullopt;
    if (line == "<") {
      back();
      continue;
    }
    std::string l = line;
    std::transform(l.begin(), l.end(), l.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (l.empty() || l == "y" || l == "yes" || l == "o" || l == "oui") {
      std::vector<std::string> out_words;
      for (const auto& [k, v] : rules.entry_words(state, answers)) out_words.push_back(k + "=" + v);
      return out_words;
    }
    if (l == "n" || l == "no" || l == "non") return std::nullopt;
    for (const auto& [k, v] : to_answers(rules::split_list(line, ' '))) answers.emplace_back(k, v);
  }
}

}  // namespace marque::cli
