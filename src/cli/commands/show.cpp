// marque show SEQ: one hand, its record and its score.
#include "cli/common.hpp"
#include "core/language.hpp"
#include "reports/game_text.hpp"

namespace marque::cli::commands {

CommandRecord add_show(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    int seq = 0;
    std::optional<int64_t> game_id;
    std::string format = "text";
  };
  auto o = std::make_shared<Options>();
  auto* show = app.add_subcommand("show", text::tr("help.show", "show one hand: its record and its score"));
  show->add_option("seq", o->seq, text::tr("help.hand_seq", "hand number"))->check(k_whole_number)->required();
  show->add_option("--game,-g", o->game_id, text::tr("help.game_id", "game id (default: the game in focus)"))
      ->check(k_whole_number);
  add_format(show, o->format);
  out.push_back(
      {show, [o, &ctx] {
         auto db = ctx.open();
         int64_t id = app::resolve_game(*db, o->game_id);
         app::GameView v = app::game_view(*db, id);
         const app::HandLine* h = nullptr;
         for (const auto& line : v.hands)
           if (line.no == o->seq) h = &line;
         if (!h) {
           std::string have;
           for (const auto& line : v.hands) have += (have.empty() ? "" : ", ") + std::to_string(line.no);
           throw Error(k_exit_noinput,
                       text::tr("cli.show.no_hand", "game {id} has no hand {no} ({have})",
                                text::Message()
                                    .text("id", std::to_string(id))
                                    .text("no", std::to_string(o->seq))
                                    .text("have", have.empty() ? text::tr("app.no_hands_yet", "it has no hands yet")
                                                               : text::tr("cli.show.its_hands", "its hands: {list}",
                                                                          text::Message().text("list", have)))));
         }
         Report r;
         r.json = [&] { return json_text(app::hand_json(id, *h)); };
         r.text = [&] {
           const Sides sides = app::hand_sides(v, *h);
           return reports::hand_show_text(v.score,
                                          {id, v.game.game, h->no, "", h->words, "", "", nullptr, &sides, std::nullopt},
                                          h->record, h->entry, h->recorded_at, h->source,
                                          app::game_rules(v.game.game).labels(), &h->notes);
         };
         emit(r, ctx.format, "");
         return 0;
       }});
  return {"show", false, {Format::text, Format::json}};
}

}  // namespace marque::cli::commands
