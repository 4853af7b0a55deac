// games (the games in the database) and score (a game's scores).
#include <algorithm>
#include <iostream>

#include "cli/common.hpp"
#include "reports/game_text.hpp"
#include "reports/text_table.hpp"

namespace marque::cli::commands {

namespace {

// The rows listed as damaged, each named on standard error: exit 65 when there is one, else 0.
int report_damaged(const std::vector<app::GameInfo>& list) {
  int damaged = 0;
  for (const auto& gm : list)
    if (!gm.damaged.empty()) std::cerr << "marque: error: " << gm.damaged << "\n", ++damaged;
  if (!damaged) return 0;
  std::cerr << "hint: marque check lists every damaged row; restore a backup (marque restore FILE --yes)\n";
  return k_exit_dataerr;
}

}  // namespace

void add_games(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    std::optional<int64_t> game_id;
    std::string format = "text";
  };
  auto o = std::make_shared<Options>();
  auto* games = app.add_subcommand("games", "list the games in the database");
  add_format(games, o->format);
  out.push_back({games, [o, &ctx] {
    ctx.as_json = o->format == "json";
    auto db = ctx.open(false);
    auto list = app::games(*db);
    const std::optional<int64_t> focus = app::focus_game(*db);
    if (ctx.as_json) {
      ojson arr = ojson::array();
      for (const auto& gm : list) {
        arr.push_back({{"id", gm.id}, {"game", gm.game}, {"players", gm.players}, {"hands", gm.hands}, {"status", gm.status}, {"ended", gm.ended.empty() ? ojson(nullptr) : ojson(gm.ended)},
                       {"meta", gm.meta}, {"created_at", gm.created_at}, {"in_focus", focus == gm.id}});
        if (!gm.damaged.empty()) arr.back()["damaged"] = gm.damaged;
      }
      print_json(arr);
      return report_damaged(list);
    }
    reports::TextTable t;
    t.columns({reports::TextTable::Align::right});
    t.row({"id", "game", "hands", "status", "date", "league", "players"});
    for (const auto& gm : list) {
      std::string players;
      for (const auto& p : gm.players) players += (players.empty() ? "" : ", ") + p;
      t.row({(focus == gm.id ? "* " : "") + std::to_string(gm.id), gm.game, std::to_string(gm.hands), !gm.damaged.empty() ? "damaged" : gm.ended.empty() ? gm.status : gm.ended, gm.meta.value("date", ""),
             gm.meta.value("league", ""), players});
    }
    std::cout << t.render();
    if (std::any_of(list.begin(), list.end(), [&](const app::GameInfo& gm) { return focus == gm.id; }))
      std::cout << "* in focus: the game a command without -g acts on (marque use ID changes it)\n";
    return report_damaged(list);
  }});
  auto* score = app.add_subcommand("score", "scores of a game (default: the latest)");
  score->add_option("game", o->game_id, "game id (default: the game in focus)")->check(k_whole_number);
  score->add_option("--game,-g", o->game_id, "game id (default: the game in focus)")->check(k_whole_number);
  add_format(score, o->format);
  out.push_back({score, [o, &ctx] {
    ctx.as_json = o->format == "json";
    auto db = ctx.open(false);
    int64_t id = app::resolve_game(*db, o->game_id);
    if (ctx.as_json) {  // checked whole first, then printed one hand at a time (bounded memory)
      rules::Replay r = app::score_game_streamed(*db, id, nullptr);
      print_score_streamed(r.score, [&](const std::function<void(const ojson&)>& emit) { app::score_game_streamed(*db, id, emit); });
      return 0;
    }
    rules::Replay r = app::score_game(*db, id);
    std::cout << reports::score_text(r.score, app::sides_of(r), id, r.state->sitting_out());
    return 0;
  }});
}

}  // namespace marque::cli::commands
