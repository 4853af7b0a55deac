// marque import FILE... [--importer json|csv] [--dry-run]: files into the database, all or nothing (app::import_files).
#include <unistd.h>

#include <chrono>
#include <iostream>

#include "cli/common.hpp"
#include "core/language.hpp"

namespace marque::cli::commands {

namespace {

std::string import_text(const app::ImportOutcome& out, bool dry_run) {
  std::string text;
  for (const auto& it : out.items) {
    const text::Message item = text::Message()
                                   .text("file", it.file)
                                   .text("game", it.game)
                                   .text("id", std::to_string(it.game_id))
                                   .text("hands", std::to_string(it.hands));
    if (it.duplicate)
      text += text::tr("cli.import.duplicate", "skipped {file}: the same {game} game is already stored as game {id}",
                       item) +
              "\n";
    else
      text += (dry_run ? text::tr("cli.import.would", "would import {file} as {game} game {id} ({hands} hands)", item)
                       : text::tr("cli.import.done", "imported {file} as {game} game {id} ({hands} hands)", item)) +
              "\n";
  }
  text += text::tr("cli.import.total", "{hands, number, ::group-off} hand(s) in {games, number, ::group-off} game(s)",
                   text::Message()
                       .number("hands", static_cast<int64_t>(out.hands))
                       .number("games", static_cast<int64_t>(out.items.size()) - out.duplicates));
  if (out.duplicates)
    text += text::tr("cli.import.skipped", ", {n, number, ::group-off} duplicate game(s) skipped",
                     text::Message().number("n", static_cast<int64_t>(out.duplicates)));
  return text + (dry_run ? text::tr("cli.import.dry_run", " (dry run: nothing stored)") : "") + "\n";
}

}  // namespace

CommandRecord add_import(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    std::string importer, format = "text";
    std::vector<std::string> files;
    bool dry_run = false;
  };
  auto o = std::make_shared<Options>();
  auto* c_import = app.add_subcommand("import", text::tr("help.import", "import marque-game/1 files (all or nothing)"));
  c_import->add_option("files", o->files, text::tr("help.import.files", "files, or - for standard input"))->required();
  c_import->add_flag("--dry-run,-n", o->dry_run, text::tr("help.import.dry_run", "check and report, store nothing"));
  c_import
      ->add_option("--importer", o->importer,
                   text::tr("help.import.importer", "json or csv (default: from the file name)"))
      ->check(CLI::IsMember({"json", "csv"}));
  add_format(c_import, o->format);
  out.push_back({c_import, [o, &ctx] {
                   auto db = ctx.open();
                   // a progress line on standard error, only at a terminal, at most ten times a second
                   const auto& files = o->files;
                   bool progress = isatty(STDERR_FILENO) && !ctx.quiet && files.size() > 1;
                   auto last_draw = std::chrono::steady_clock::now() - std::chrono::seconds(1);
                   auto draw = [&](size_t i) {
                     if (progress && std::chrono::steady_clock::now() - last_draw > std::chrono::milliseconds(100)) {
                       last_draw = std::chrono::steady_clock::now();
                       size_t width = 30, done = width * i / files.size();
                       cli::write_stderr("\r[" + std::string(done, '#') + std::string(width - done, '.') + "] " +
                                         std::to_string(i) + "/" + std::to_string(files.size()) + " files");
                     }
                   };
                   auto result = app::import_files(*db, files, o->importer, o->dry_run, draw);
                   if (progress) cli::write_stderr("\r\033[K");
                   Report r;
                   r.json = [&] { return json_text(app::import_json(result, o->dry_run)); };
                   r.text = [&] { return import_text(result, o->dry_run); };
                   emit(r, ctx.format, "");
                   return 0;
                 }});
  return {"import", true, {Format::text, Format::json}};
}

}  // namespace marque::cli::commands
