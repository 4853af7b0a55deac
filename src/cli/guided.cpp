#include "cli/guided.hpp"

#include <algorithm>
#include <iostream>

#include "reports/text_table.hpp"

namespace marque::cli {

using json = nlohmann::json;

namespace {

std::string key_of(const std::string& word) { return word.substr(0, word.find('=')); }

bool has_key(const std::vector<std::string>& words, const std::string& key) {
  for (const auto& w : words)
    if (key_of(w) == key) return true;
  return false;
}

std::vector<std::pair<std::string, std::string>> to_kv(const std::vector<std::string>& words) {
  std::vector<std::pair<std::string, std::string>> kv;
  for (const auto& w : words) {
    auto eq = w.find('=');
    if (eq != std::string::npos) kv.emplace_back(w.substr(0, eq), w.substr(eq + 1));
  }
  return kv;
}

struct Attempt {
  std::vector<Diagnostic> errors;  // all errors
  std::optional<nlohmann::ordered_json> entry;
};

// Decode the words and replay them as the next hand; errors of every field.
Attempt attempt(const rules::GameRules& rules, const json& file, const rules::Game& state,
                const std::vector<std::string>& words) {
  Attempt a;
  Diagnostics d;
  json rec = rules.record_from_args(to_kv(words), state, d);
  if (d.has_errors()) {
    a.errors = d.errors();
    return a;
  }
  json f = file;
  f["hands"].push_back(rec);
  rules::Replay r = rules::replay(f);
  if (!r.ok) {
    a.errors = r.diags.errors();
    return a;
  }
  a.entry = r.score["hands"].back();
  return a;
}

bool concerns(const Diagnostic& d, const std::string& key) {
  return d.field == key || d.field.rfind(key + ".", 0) == 0 || d.field.rfind(key + "[", 0) == 0 ||
         d.message.find("'" + key + "'") != std::string::npos;
}

bool is_missing_error(const Diagnostic& d) {
  return d.message.find("missing") != std::string::npos || d.message.find("required") != std::string::npos;
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

}  // namespace

std::vector<rules::FieldSpec> missing_fields(const rules::GameRules& rules, const std::vector<std::string>& words) {
  std::vector<rules::FieldSpec> out;
  for (const auto& f : rules.fields())
    if (f.required && f.name != "type" && !has_key(words, f.name)) out.push_back(f);
  return out;
}

std::optional<std::vector<std::string>> guided_words(const rules::GameRules& rules, const json& file,
                                                     std::vector<std::string> words, std::istream& in, std::ostream& out) {
  rules::Replay prior = rules::replay(file);
  if (!prior.ok) return std::nullopt;
  const rules::Game& state = *prior.state;
  auto players = state.players();
  out << rules.title() << ", hand " << file["hands"].size() + 1;
  if (!state.next_dealer().empty()) out << " — dealer: " << state.next_dealer();
  out << "\n(empty answer to skip an optional field, '.' to cancel)\n";

  auto ask = [&](const std::string& prompt, std::string& answer) -> bool {
    out << prompt << std::flush;
    if (!std::getline(in, answer)) return false;
    answer = trim(answer);
    return answer != ".";
  };

  for (const auto& f : missing_fields(rules, words)) {
    std::vector<std::string> choices = f.values;
    if (choices.empty() && f.type == "player") choices = players;
    for (;;) {
      std::string prompt = f.name;
      if (!f.help.empty()) prompt += " (" + f.help + ")";
      if (!choices.empty()) {
        prompt += " [";
        for (size_t i = 0; i < choices.size(); ++i) prompt += (i ? "/" : "") + choices[i];
        prompt += "]";
      }
      prompt += ": ";
      std::string answer;
      if (!ask(prompt, answer)) return std::nullopt;
      if (answer.empty()) {
        out << "  " << f.name << " is required\n";
        continue;
      }
      // a number picks from the offered choices
      if (!choices.empty() && answer.find_first_not_of("0123456789") == std::string::npos) {
        size_t k = std::stoul(answer);
        if (k >= 1 && k <= choices.size() && std::find(choices.begin(), choices.end(), answer) == choices.end())
          answer = choices[k - 1];
      }
      std::vector<std::string> trial = words;
      trial.push_back(f.name + "=" + answer);
      Attempt a = attempt(rules, file, state, trial);
      bool bad = false;
      for (const auto& e : a.errors)
        if (concerns(e, f.name) && !is_missing_error(e)) {
          out << "  " << e.field << ": " << e.message << "\n";
          bad = true;
        }
      if (bad) continue;
      words = trial;
      break;
    }
  }
  for (;;) {
    Attempt a = attempt(rules, file, state, words);
    if (!a.errors.empty()) {
      out << "this hand cannot be stored yet:\n";
      for (const auto& e : a.errors) out << "  " << e.field << ": " << e.message << "\n";
      std::string answer;
      if (!ask("add or correct fields (key=value ...), '.' to cancel: ", answer) || answer.empty()) return std::nullopt;
      for (const auto& w : rules::split_list(answer, ' ')) {
        std::string k = key_of(w);
        std::erase_if(words, [&](const std::string& x) { return key_of(x) == k; });
        words.push_back(w);
      }
      continue;
    }
    out << "preview: ";
    const auto& d = (*a.entry)["deltas"];
    for (const auto& p : players)
      out << p << " " << reports::format_signed(d.contains(p) && d[p].is_number() ? d[p].get<double>() : 0.0) << "  ";
    out << "\n";
    std::string answer;
    if (!ask("store this hand? [Y/n, or key=value to change a field] ", answer)) return std::nullopt;
    if (answer.empty() || answer == "y" || answer == "Y" || answer == "yes") return words;
    if (answer == "n" || answer == "N" || answer == "no") return std::nullopt;
    for (const auto& w : rules::split_list(answer, ' ')) {
      if (w.find('=') == std::string::npos) continue;
      std::string k = key_of(w);
      std::erase_if(words, [&](const std::string& x) { return key_of(x) == k; });
      words.push_back(w);
    }
  }
}

}  // namespace marque::cli
