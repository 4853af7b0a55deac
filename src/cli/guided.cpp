#include "cli/guided.hpp"

#include <algorithm>
#include <iostream>

#include "core/language.hpp"
#include "core/native_words.hpp"
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
  if (!q.choices.empty() && q.kind != "yes_no" && q.kind != "int" && q.kind != "number") {
    p += "\n   ";
    for (size_t i = 0; i < q.choices.size(); ++i) {
      const auto& c = q.choices[i];
      p += (i ? "  " : "") + std::to_string(c.number ? c.number : static_cast<int>(i) + 1) + " " +
           rules::shown(c.value);
      // a label that begins with its value ("S — Sara") is shown alone
      if (!c.label.empty() && c.label != c.value) {
        if (c.label.rfind(c.value, 0) == 0)
          p += c.label.substr(c.value.size());
        else
          p += " (" + c.label + ")";
      }
    }
    if (q.kind == "choices") p += text::tr("entry.several", "   (several: comma-separated)");
  } else if (q.kind == "yes_no") {
    p += text::tr("entry.yes_no", " (y/n)");
  }
  if (!q.help.empty()) p += "\n   " + q.help;
  p += "\n";
  if (!q.preset.empty())
    p += "  [" + q.preset + "]";
  else if (q.optional)
    p += text::tr("entry.none_preset", "  [none]");
  p += " > ";
  return p;
}

void print_errors(std::ostream& out, const std::vector<Diagnostic>& errors) {
  for (const auto& e : errors) out << "  ✗ " << (e.field.empty() ? "" : e.field + ": ") << e.message << "\n";
}

// The preview: the hand in words, then each player's score for it and the running total.
void print_preview(std::ostream& out, const app::EntryStep& step) {
  const auto& e = step.entry;
  out << "\n"
      << text::tr("entry.preview", "preview: {words}",
                  text::Message().text("words",
                                       step.words.empty() ? text::tr("entry.this_hand", "this hand") : step.words))
      << "\n";
  const std::string& lang = text::language();
  int w = 0;
  for (const auto& p : step.players) w = std::max(w, text::display_width(p));
  for (const auto& p : step.players) {
    auto num = [&](const char* k) {
      return e.contains(k) && e[k].contains(p) && e[k][p].is_number() ? e[k][p].get<double>() : 0.0;
    };
    out << "  " << text::pad_right(p, w) << "  " << text::pad_left(text::local_signed(num("deltas"), lang), 8)
        << text::tr("entry.preview_total", "   total {total}",
                    text::Message().text("total", text::local_number(num("totals"), lang)))
        << "\n";
  }
  for (const auto& warn : step.warnings)
    out << text::tr("entry.preview_note", "  note: ") << (warn.field.empty() ? "" : warn.field + ": ") << warn.message
        << "\n";
}

}  // namespace

bool needs_questions(app::Database& db, int64_t game_id, const std::vector<std::string>& words) {
  try {
    const auto step = app::entry_step(*db, game_id, std::nullopt, to_answers(words), std::nullopt,
                                      app::AnswerOrder::given);
    return words.empty() || step.question;
  } catch (const Error&) {
    return false;  // a game that takes no hand, or no longer replays: `hand` tells why without asking anything
  }
}

std::optional<std::vector<std::string>> guided_words(app::Database& db, int64_t game_id, std::vector<std::string> words,
                                                     std::istream& in, std::ostream& out, const std::string& title) {
  rules::Answers answers = to_answers(words);
  app::EntryStep step = app::entry_step(*db, game_id, std::nullopt, answers, std::nullopt, app::AnswerOrder::given);
  out << title;
  if (!step.dealer.empty())
    out << text::tr("entry.dealer", " · dealer {name}", text::Message().text("name", step.dealer));
  out << "\n"
      << text::tr("entry.keys",
                  "(Enter takes the [default]; '<' goes back a question; Ctrl-D or '.' abandons: nothing is stored)")
      << "\n";

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
      out << text::tr("entry.back", "  (back: {key})", text::Message().text("key", answers.back().first)) << "\n";
      answers.pop_back();
    } else {
      out << text::tr("entry.nothing_back", "  (nothing to go back to)") << "\n";
    }
  };

  // each turn: the use case's step for the answers so far (and the line just typed), then what it asks or shows
  std::optional<std::string> typed;
  for (bool first = true;; first = false) {
    if (!first) step = app::entry_step(*db, game_id, std::nullopt, answers, typed, app::AnswerOrder::given);
    typed.reset();
    answers = step.answers;
    if (step.question) {
      if (!step.error.empty()) out << "  ✗ " << step.error << "\n";
      print_errors(out, step.errors);
      std::string line;
      if (!read(prompt_of(*step.question), line)) return std::nullopt;
      if (line == "<")
        back();
      else
        typed = line;
      continue;
    }
    // every question answered: the whole hand, checked and previewed
    std::string line;
    if (!step.complete) {
      out << text::tr("entry.cannot_store", "this hand cannot be stored as it is:") << "\n";
      print_errors(out, step.errors);
      if (!read(text::tr("entry.correct", "'<' to go back, key=value to correct a field, '.' to abandon > "), line))
        return std::nullopt;
      if (line == "<" || line.empty()) {
        back();
        continue;
      }
      for (const auto& [k, v] : to_answers(rules::split_list(line, ' '))) answers.emplace_back(k, v);
      continue;
    }
    print_preview(out, step);
    if (!read(text::tr("entry.store", "store this hand? [Y/n, '<' to go back, key=value to change a field] > "), line))
      return std::nullopt;
    if (line == "<") {
      back();
      continue;
    }
    // yes and no in the four languages, any case, accents optional
    const std::string l = text::NativeWords::match_key(line);
    if (l.empty() || l == "y" || l == "yes" || l == "o" || l == "oui" || l == "i" || l == "igen" || l == "ν" ||
        l == "ναι")
      return step.hand;
    if (l == "n" || l == "no" || l == "non" || l == "nem" || l == "ο" || l == "οχι") return std::nullopt;
    for (const auto& [k, v] : to_answers(rules::split_list(line, ' '))) answers.emplace_back(k, v);
  }
}

}  // namespace marque::cli
