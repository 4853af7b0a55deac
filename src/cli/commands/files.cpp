// Files in and out: calc (score a file without a database), import (files into the database), export.
#include <unistd.h>

#include <chrono>
#include <iostream>

#include "cli/common.hpp"
#include "cli/output.hpp"
#include "core/escape.hpp"
#include "importers/csv_importer.hpp"
#include "reports/sheet_render.hpp"

namespace marque::cli::commands {

namespace {

int calc(const Context& ctx, const std::string& name) {
  app::SourceDocument src = read_game_document(name);
  if (ctx.as_json) {
    // replayed twice, one record at a time: first to refuse a bad file before printing anything, then to print
    json env = src.document;
    if (env.is_object() && env.contains("hands") && env["hands"].is_array()) env["hands"] = json::array();
    auto play_all = [&](const std::function<void(const ojson&)>& on_entry) {
      rules::Replay r = rules::replay(env);
      if (!r.ok) throw Rejected(r.diags, name);
      for (const auto& text : src.hands) {
        auto entry = rules::next(r, json::parse(text));
        if (!entry) throw Rejected(r.diags, name);
        if (on_entry) on_entry(*entry);
      }
      rules::finish(r);
      return r;
    };
    rules::Replay r = play_all(nullptr);
    print_score_streamed(r.score, [&](const std::function<void(const ojson&)>& emit) { play_all(emit); });
    return 0;
  }
  json file = std::move(src.document);
  if (file.is_object() && file.contains("hands") && file["hands"].is_array())
    for (const auto& text : src.hands) file["hands"].push_back(json::parse(text));
  rules::Replay r = rules::replay(file);
  if (!r.ok) throw Rejected(r.diags, name);
  print_warnings(r.diags.warnings(), ctx.quiet);
  std::cout << reports::sheet_text(rules_for(file["game"].get<std::string>()).score_sheet(file, r.score));
  return 0;
}

// The documents of one file: a game file or bundle, or the games of a CSV file.
std::vector<app::SourceDocument> load_file(const std::string& f, const std::string& importer) {
  std::vector<app::SourceDocument> docs;
  bool csv = importer == "csv" || (importer.empty() && f.size() > 4 && f.compare(f.size() - 4, 4, ".csv") == 0);
  if (!csv) {
    docs.push_back(read_game_document(f));
    return docs;
  }
  for (auto& gm : importers::import_csv(read_input(f), f)) {
    app::SourceDocument doc;
    doc.name = f + ":" + std::to_string(gm.first_line);
    doc.document = std::move(gm.document);
    doc.streamed = true;
    doc.hands = std::move(gm.hands);
    docs.push_back(std::move(doc));
  }
  return docs;
}

void print_import(const Context& ctx, const app::ImportOutcome& out, bool dry_run) {
  if (ctx.as_json) {
    ojson items = ojson::array();
    for (const auto& it : out.items)
      items.push_back({{"file", it.file}, {"game", it.game}, {"id", it.game_id}, {"hands", it.hands}, {"duplicate", it.duplicate}});
    print_json({{"games", items}, {"hands", out.hands}, {"duplicates", out.duplicates}, {"dry_run", dry_run}});
    return;
  }
  for (const auto& it : out.items) {
    if (it.duplicate)
      std::cout << "skipped " << it.file << ": the same " << it.game << " game is already stored as game " << it.game_id << "\n";
    else
      std::cout << (dry_run ? "would import " : "imported ") << it.file << " as " << it.game << " game " << it.game_id << " ("
                << it.hands << " hands)\n";
  }
  std::cout << out.hands << " hand(s) in " << (out.items.size() - static_cast<size_t>(out.duplicates)) << " game(s)";
  if (out.duplicates) std::cout << ", " << out.duplicates << " duplicate game(s) skipped";
  std::cout << (dry_run ? " (dry run: nothing stored)" : "") << "\n";
}

}  // namespace

void add_files(CLI::App& app, Context& ctx, Commands& out) {
  struct Options {
    std::string calc_file, importer, out_file, format = "text";
    std::vector<std::string> files;
    bool dry_run = false, all = false;
    std::optional<int64_t> game_id, night_id;
  };
  auto o = std::make_shared<Options>();
  auto* c_calc = app.add_subcommand("calc", "score a marque-game/1 file without a database");
  c_calc->add_option("file", o->calc_file, "game file, or - for standard input")->required();
  add_format(c_calc, o->format);
  out.push_back({c_calc, [o, &ctx] {
    ctx.as_json = o->format == "json";
    return calc(ctx, o->calc_file);
  }});

  auto* c_import = app.add_subcommand("import", "import marque-game/1 files (all or nothing)");
  c_import->add_option("files", o->files, "files, or - for standard input")->required();
  c_import->add_flag("--dry-run,-n", o->dry_run, "check and report, store nothing");
  c_import->add_option("--importer", o->importer, "json or csv (default: from the file name)")->check(CLI::IsMember({"json", "csv"}));
  add_format(c_import, o->format);
  out.push_back({c_import, [o, &ctx] {
    ctx.as_json = o->format == "json";
    auto db = ctx.open(true);
    // a progress line on standard error, only at a terminal, at most ten times a second
    const auto& files = o->files;
    bool progress = isatty(STDERR_FILENO) && !ctx.quiet && files.size() > 1;
    auto last_draw = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    auto load = [&](size_t i) {
      if (progress && std::chrono::steady_clock::now() - last_draw > std::chrono::milliseconds(100)) {
        last_draw = std::chrono::steady_clock::now();
        size_t width = 30, done = width * i / files.size();
        cli::write_stderr("\r[" + std::string(done, '#') + std::string(width - done, '.') + "] " + std::to_string(i) + "/" +
                          std::to_string(files.size()) + " files");
      }
      return load_file(files[i], o->importer);
    };
    auto result = app::import_sources(*db, files.size(), load, o->dry_run);
    if (progress) cli::write_stderr("\r\033[K");
    print_import(ctx, result, o->dry_run);
    return 0;
  }});

  auto* c_export = app.add_subcommand("export", "write a game as marque-game/1, or everything as marque-export/1");
  c_export->add_option("game", o->game_id, "game id (default: the game in focus)")->check(k_whole_number);
  c_export->add_option("--game,-g", o->game_id, "game id (default: the game in focus)")->check(k_whole_number);
  c_export->add_option("-o,--output", o->out_file, "write to FILE instead of standard output");
  c_export->add_flag("--all", o->all, "every game, player, league and night (marque-export/1)");
  c_export->add_option("--night", o->night_id, "every game of one night (marque-export/1)")->check(k_whole_number);
  out.push_back({c_export, [o, &ctx] {
    auto db = ctx.open(false);
    std::string text;
    if (o->all || o->night_id) {
      if (o->night_id && !app::night(*db, *o->night_id)) throw Error(k_exit_noinput, "no night " + std::to_string(*o->night_id));
      text = escape::json(app::export_all(*db, o->all ? std::nullopt : o->night_id), 2) + "\n";
    } else {
      text = escape::json(app::game_file(*db, app::resolve_game(*db, o->game_id)), 2) + "\n";
    }
    write_output(o->out_file, text, OutputKind::json_text);
    return 0;
  }});
}

}  // namespace marque::cli::commands
