#include "cli/roster.hpp"

#include <algorithm>
#include <iostream>

#include "app/front.hpp"
#include "core/text.hpp"
#include "core/unicode.hpp"

namespace marque::cli {

namespace {

using text::Message;
using text::tr;

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
  if (more)
    s += " … " +
         tr("cli.roster.more", "{n} more: type letters to search", Message().number("n", static_cast<int64_t>(more)));
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

void refused(std::ostream& out, const Rejected& e) {
  for (const auto& d : e.diagnostics().errors()) out << "  ✗ " << d.said() << "\n";
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
  const Message counts = Message().number("lo", lo).number("hi", hi).text("game",
                                                                          app::local_game_title(std::string(gr.id())));
  out << (lo == hi ? (seating.seats.empty()
                          ? tr("cli.roster.who_n", "{game}: who plays? {lo} players, one at a time.", counts)
                          : tr("cli.roster.who_n_seats", "{game}: who plays? {lo} players, seat by seat.", counts))
                   : (seating.seats.empty() ? tr("cli.roster.who_range",
                                                 "{game}: who plays? {lo} to {hi} players, one at a time.", counts)
                                            : tr("cli.roster.who_range_seats",
                                                 "{game}: who plays? {lo} to {hi} players, seat by seat.", counts)))
      << "\n"
      << (lo < hi ? tr("cli.roster.help_range",
                       "(a number picks a player, the most recent first; letters search the club's players; a name the "
                       "club does not know\n is confirmed once, +NAME takes it as new at once; Enter after {lo} "
                       "players: no more; '<' goes back; '.' abandons: nothing is stored)",
                       counts)
                  : tr("cli.roster.help",
                       "(a number picks a player, the most recent first; letters search the club's players; a name the "
                       "club does not know\n is confirmed once, +NAME takes it as new at once; '<' goes back; '.' "
                       "abandons: nothing is stored)"))
      << "\n";
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
    // yes, oui, igen, ναι (Ν/ν: the Greek letter's two bytes)
    return !a.empty() && (a[0] == 'y' || a[0] == 'Y' || a[0] == 'o' || a[0] == 'O' || a[0] == 'i' || a[0] == 'I' ||
                          a.rfind("ν", 0) == 0 || a.rfind("Ν", 0) == 0);
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
      std::string label = seat < seating.seats.size()
                              ? tr("cli.roster.seat", "Seat {seat}", Message().text("seat", seating.seats[seat]))
                              : tr("cli.roster.player", "Player {n}",
                                   Message().number("n", static_cast<int64_t>(seat + 1)));
      if (!search.empty())
        label += tr("cli.roster.matching", " · matching ''{letters}''", Message().text("letters", search));
      std::string prompt = label + numbered(offered, more) + "\n";
      if (!search.empty())
        prompt += tr("cli.roster.new_named", "   (+{letters}: a new player named {letters})",
                     Message().text("letters", search)) +
                  "\n";
      const bool may_stop = search.empty() && static_cast<int>(seat) >= lo;
      const std::string preset = !search.empty() && offered.size() == 1 ? offered.front() : "";
      prompt += !preset.empty() ? "  [" + preset + "] > "
                : may_stop      ? "  [" + tr("cli.roster.no_more", "no more players") + "] > "
                                : " > ";
      std::string line;
      if (!read(prompt, line)) return std::nullopt;

      std::string pick;
      bool fresh = false;
      if (line == "<") {
        if (!search.empty())
          search.clear();
        else if (!table.empty()) {
          out << "  " << tr("cli.roster.back", "(back: {name})", Message().text("name", table.back())) << "\n";
          table.pop_back();
        } else {
          out << "  " << tr("cli.roster.nothing_back", "(nothing to go back to)") << "\n";
        }
        continue;
      }
      if (line.empty()) {
        if (!preset.empty()) {
          pick = preset;
        } else if (may_stop) {
          break;
        } else {
          out << "  ✗ "
              << tr("cli.roster.type", "{label}: type a number, letters to search, or a name",
                    Message().text("label", label))
              << "\n";
          continue;
        }
      } else if (is_number(line)) {
        const size_t n = std::stoul(line);
        if (n < 1 || n > offered.size()) {
          out << "  ✗ "
              << (offered.empty() ? tr("cli.roster.no_number", "no player numbered {n} here", Message().text("n", line))
                                  : tr("cli.roster.no_number_range", "no player numbered {n} here: 1 to {max}",
                                       Message().text("n", line).number("max", static_cast<int64_t>(offered.size()))))
              << "\n";
          continue;
        }
        pick = offered[n - 1];
      } else {
        const bool forced = line[0] == '+';
        const std::string name = roster_trim(forced ? line.substr(1) : line);
        if (name.empty()) continue;
        if (seated(table, name)) {
          out << "  ✗ " << tr("cli.roster.seated", "{name} is at the table already", Message().text("name", name))
              << "\n";
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
              close += (i ? tr("cli.roster.or", " or ") : "") + news.front().close_to[i];
          std::string answer;
          const Message named = Message().text("name", name).text("close", close);
          if (!read(close.empty()
                        ? tr("cli.roster.new", "New player ''{name}''? [y/N] ", named)
                        : tr("cli.roster.new_close", "New player ''{name}'' (did you mean {close}?)? [y/N] ", named),
                    answer))
            return std::nullopt;
          if (!yes(answer)) continue;
          pick = name;
          fresh = true;
        }
      }
      table.push_back(pick);
      search.clear();
      out << "  ✓ " << label.substr(0, label.find(" · ")) << tr("report.colon", ": ") << pick
          << (fresh ? tr("cli.roster.fresh", " (new)") : "") << "\n";
    }

    // the first dealer, one of the players ('<' goes back to the last seat)
    asked = true;
    while (ask_dealer) {
      std::string prompt = tr("cli.roster.first_dealer", "First dealer") + numbered(table, 0) + "\n" +
                           (seating.dealer_required ? " > " : "  [" + tr("cli.roster.none", "none") + "] > ");
      std::string line;
      if (!read(prompt, line)) return std::nullopt;
      if (line == "<") {
        out << "  " << tr("cli.roster.back", "(back: {name})", Message().text("name", table.back())) << "\n";
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
      out << "  ✗ "
          << tr("cli.roster.dealer_one", "the first dealer is one of the players: a number from 1 to {max}, or a name",
                Message().number("max", static_cast<int64_t>(table.size())))
          << "\n";
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
