// marque site DIR [--league L]: the club's website, static pages written into a folder.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <string_view>
#include <system_error>

#include "cli/common.hpp"
#include "core/language.hpp"
#include "core/output_file.hpp"
#include "reports/site.hpp"

namespace marque::cli::commands {
namespace {
// a page of an earlier run: (player|night|game)-DIGITS.html or event-ID.html, an event's id of a-z, 0-9 and '-' (by
// hand: std::regex cost the CLI's unit about 3 s of compile time)
bool is_site_page(std::string_view name) {
  if (!name.ends_with(".html")) return false;
  name.remove_suffix(5);
  if (name.starts_with("event-")) {
    name.remove_prefix(6);
    return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    });
  }
  for (const std::string_view kind : {"player-", "night-", "game-"}) {
    if (!name.starts_with(kind)) continue;
    name.remove_prefix(kind.size());
    return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; });
  }
  return false;
}
}  // namespace

CommandRecord add_site(CLI::App& app, Context& ctx, Commands& out) {
  struct SiteOptions {
    std::string dir, league;
  };
  auto si = std::make_shared<SiteOptions>();
  auto* site = app.add_subcommand(
      "site", text::tr("help.site",
                       "the club's website: marque site DIR [--league L] (static pages, no script, no external file)"));
  site->add_option("dir", si->dir,
                   text::tr("help.site.dir",
                            "the folder to write (created when missing; its other files are left alone)"))
      ->required();
  site->add_option("--league", si->league,
                   text::tr("help.site.league",
                            "only this league's games, nights and seasons (default: every league)"));
  site->footer(text::tr(
      "help.site.footer",
      "Writes index.html (the standings of all time and of each season), a page per player (games, statistics,\n"
      "rating chart, best hands), per night (its sheets), per game and per tournament (its ranking, rounds and\n"
      "corrections), every file self-contained: put the folder on any web host or open index.html from a USB\n"
      "stick. Pages of an earlier run that no longer exist are removed.\n"
      "Example:\n  marque site club-site --league \"Thursday club\""));
  out.push_back(
      {site, [si, &ctx] {
         check_utf8("--league", si->league);
         namespace fs = std::filesystem;
         const fs::path dir(si->dir);
         std::error_code ec;
         if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
           throw Error(k_exit_cantcreat, "site: " + si->dir + " is not a folder", "name a new or an existing folder");
         auto db = ctx.open();
         const auto data = app::site(*db, si->league, generated_at(), version_text());
         if (!si->league.empty() && data.games.empty() && data.seasons.empty())
           throw Error(k_exit_noinput, "no game or season in league " + si->league, "marque games");
         const auto pages = reports::site::render(data);
         fs::create_directories(dir, ec);
         if (ec) throw Error(k_exit_cantcreat, "site: cannot create " + si->dir + ": " + ec.message());
         // every page a new file in DIR: a link or a hard link planted under a page's name is replaced, never followed
         for (const auto& [name, html] : pages)
           if (fs::is_directory(fs::symlink_status(dir / name, ec)))
             throw Error(k_exit_cantcreat,
                         "site: " + (dir / name).string() +
                             " is a folder where a page of the site goes; nothing was written",
                         "move it out of " + si->dir);
         for (const auto& [name, html] : pages) files::write_file_in_folder(si->dir, name, html);
         // pages of an earlier run that this one did not write (a game deleted since, a player merged)
         int removed = 0;
         for (const auto& entry : fs::directory_iterator(dir, ec)) {
           const std::string name = entry.path().filename().string();
           if (entry.is_regular_file() && is_site_page(name) && !pages.count(name) && fs::remove(entry.path(), ec))
             ++removed;
         }
         auto count = [](size_t n) { return static_cast<int64_t>(n); };
         std::cout << text::tr("cli.site.written",
                               "site: {pages, plural, one {# page} other {# pages}} in {dir} ({players, plural, one {# "
                               "player} other {# players}}, {nights, plural, one {# night} other {# nights}}, {games, "
                               "plural, one {# game} other {# games}}{events, plural, =0 {} one {, # tournament} other "
                               "{, # tournaments}}{removed, plural, =0 {} one {, # old page removed} other {, # old "
                               "pages removed}}): open {index}",
                               text::Message()
                                   .number("pages", count(pages.size()))
                                   .text("dir", si->dir)
                                   .number("players", count(data.players.size()))
                                   .number("nights", count(data.nights.size()))
                                   .number("games", count(data.games.size()))
                                   .number("events", count(data.events.size()))
                                   .number("removed", removed)
                                   .text("index", (dir / "index.html").string()))
                   << "\n";
         return 0;
       }});
  return {"site", false};
}

}  // namespace marque::cli::commands
