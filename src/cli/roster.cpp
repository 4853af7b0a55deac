#include "cli/roster.hpp"

#include <algorithm>
#include <iostream>

#include "core/unicode.hpp"

namespace marque::cli {

namespace {

constexpr size_t k_roster_shown = 12;  // the players listed at once; letters find the others

std::string roster_trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

bool is_number(const std::string& s) {
  return !s.empty() && s.size() <= 4 && s.find_first_not_of("0123456789") == std::string::npos;
}

bool seated(const std::vector<std::string>& table, const std::string& name) {
  return std::any_of(table.begin(), table.end(), [&](const std::string& p) { return unicode::same_name(p, name); });
}

// "\n   1 Ann  2 Ben  3 Zoé" (as guided entry lists its choices) and what the list leaves out
std::string numbered(const std::vector<std::string>& names, size_t more) {
  std::string s = names.empty() && !more ? "" : "\n  ";
  for (size_t i = 0; i < names.size(); ++i) s += " " + std::to_string(i + 1) + " " + names[i] + " ";
  if (more) s += " … " + std::to_string(more) + " more: type letters to search";
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

void refused(std::ostream& out, const Rejected& e) {
  for (const auto& d : e.diagnostics().errors()) out << "  ✗ " << d.message << "\n";
  if (e.diagnostics().errors().empty()) out << "  ✗ " << e.what() << "\n";
}

}  // namespace

bool names_no_player(const rules::GameRules& gr, const nlohmann::json& setup) {
  for (const auto& path : gr.name_paths().setup) {
    const std::string top = path.substr(0, path.find('.'));
    if (setup.is_object() && setup.contains(top)) return false;
  }
  return true;
}

std::optional<rules::Words> roster_words(app::Database& db, const rules::GameRules& gr, bool ask_dealer,
                                         std::istream& in, std::ostream& out) {
  const rules::GameRules::Seating seating = gr.seating();
  if (seating.max_players == 0) return rules::Words{};  // no table of players starts it: `start` says why
  const int lo = seating.min_players, hi = seating.max_players;
  out << gr.title() << ": who plays? "
      << (lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi)) << " players, "
      << (seating.seats.empty() ? "one at a time" : "seat by seat") << ".\n"
      << "(a number picks a player, the most recent first; letters search the club's players; a name the club does "
         "not know\n is confirmed once, +NAME takes it as new at once; "
      << (lo < hi ? "Enter after " + std::to_string(lo) + " players: no more; " : std::string())
      << "'<' goes back; '.' abandons: nothing is stored)\n";
  auto read = [&](const std::string& prompt, std::string& line) {
    out << prompt << std::flush;
    if (!std::getline(in, line)) {
      out << "\n";
      return false;
    }
    line = roster_trim(line);
    return line != ".";
  };
  auto yes = [](const std::string& a) {
    return !a.empty() && (a[0] == 'y' || a[0] == 'Y' || a[0] == 'o' || a[0] == 'O');
  };

  std::vector<std::string> table;
  std::string search;  // the letters the list is narrowed by ("" : every player)
  std::string dealer;
  for (bool asked = false; !asked;) {
    while (static_cast<int>(table.size()) < hi) {
      const size_t seat = table.size();
      std::vector<std::string> offered;
      size_t more = 0;
      for (const auto& p : app::roster(*db, search)) {
        if (seated(table, p.name)) continue;
        if (offered.size() < k_roster_shown)
          offered.push_back(p.name);
        else
          ++more;
      }
      std::string label = seat < seating.seats.size() ? "Seat " + seating.seats[seat]
                                                      : "Player " + std::to_string(seat + 1);
      if (!search.empty()) label += " · matching '" + search + "'";
      std::string prompt = label + numbered(offered, more) + "\n";
      if (!search.empty()) prompt += "   (+" + search + ": a new player named " + search + ")\n";
      const bool may_stop = search.empty() && static_cast<int>(seat) >= lo;
      const std::string preset = !search.empty() && offered.size() == 1 ? offered.front() : "";
      prompt += !preset.empty() ? "  [" + preset + "] > " : may_stop ? "  [no more players] > " : " > ";
      std::string line;
      if (!read(prompt, line)) return std::nullopt;

      std::string pick;
      bool fresh = false;
      if (line == "<") {
        if (!search.empty())
          search.clear();
        else if (!table.empty()) {
          out << "  (back: " << table.back() << ")\n";
          table.pop_back();
        } else {
          out << "  (nothing to go back to)\n";
        }
        continue;
      }
      if (line.empty()) {
        if (!preset.empty()) {
          pick = preset;
        } else if (may_stop) {
          break;
        } else {
          out << "  ✗ " << label << ": type a number, letters to search, or a name\n";
          continue;
        }
      } else if (is_number(line)) {
        const size_t n = std::stoul(line);
        if (n < 1 || n > offered.size()) {
          out << "  ✗ no player numbered " << line
              << (offered.empty() ? std::string(" here") : " here: 1 to " + std::to_string(offered.size())) << "\n";
          continue;
        }
        pick = offered[n - 1];
      } else {
        const bool forced = line[0] == '+';
        const std::string name = roster_trim(forced ? line.substr(1) : line);
        if (name.empty()) continue;
        if (seated(table, name)) {
          out << "  ✗ " << name << " is at the table already\n";
          continue;
        }
        std::vector<std::string> found;
        for (const auto& p : app::roster(*db, name))
          if (!seated(table, p.name)) found.push_back(p.name);
        auto same = std::find_if(found.begin(), found.end(),
                                 [&](const std::string& p) { return unicode::same_name(p, name); });
        if (same != found.end()) {
          pick = *same;  // the club's spelling of a name typed in another case
        } else if (!found.empty() && !forced) {
          search = name;  // letters: the list narrowed to the names that hold them
          continue;
        } else {
          // a name the club does not know: a valid name, confirmed once (it may be a slip for a close one)
          std::vector<app::NewPlayer> news;
          try {
            app::table_words({name}, "");
            news = app::new_players(*db, {name});
          } catch (const Rejected& e) {
            refused(out, e);
            continue;
          }
          std::string close;
          if (!news.empty())
            for (size_t i = 0; i < news.front().close_to.size(); ++i)
              close += (i ? " or " : "") + news.front().close_to[i];
          std::string answer;
          if (!read("New player '" + name + "'" + (close.empty() ? "" : " (did you mean " + close + "?)") + "? [y/N] ",
                    answer))
            return std::nullopt;
          if (!yes(answer)) continue;
          pick = name;
          fresh = true;
        }
      }
      table.push_back(pick);
      search.clear();
      out << "  ✓ " << label.substr(0, label.find(" · ")) << ": " << pick << (fresh ? " (new)" : "") << "\n";
    }

    // the first dealer, one of the players ('<' goes back to the last seat)
    asked = true;
    while (ask_dealer) {
      std::string prompt = "First dealer" + numbered(table, 0) + "\n" +
                           (seating.dealer_required ? " > " : "  [none] > ");
      std::string line;
      if (!read(prompt, line)) return std::nullopt;
      if (line == "<") {
        out << "  (back: " << table.back() << ")\n";
        table.pop_back();
        asked = false;
        break;
      }
      if (line.empty() && !seating.dealer_required) break;
      if (is_number(line) && std::stoul(line) >= 1 && std::stoul(line) <= table.size()) {
        dealer = table[std::stoul(line) - 1];
        break;
      }
      std::vector<std::string> found;
      for (const auto& p : table)
        if (!line.empty() && unicode::search_matches(p, line)) found.push_back(p);
      if (found.size() == 1) {
        dealer = found.front();
        break;
      }
      out << "  ✗ the first dealer is one of the players: a number from 1 to " << table.size() << ", or a name\n";
    }
  }
  try {
    return app::table_words(table, dealer);
  } catch (const Rejected& e) {
    refused(out, e);
    return std::nullopt;
  }
}

}  // namespace marque::cli
