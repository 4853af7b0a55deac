// What a front end needs besides the database's use cases (app/front.hpp).
#include "app/front.hpp"

#include "app/internal.hpp"

#include <fstream>
#include <iostream>

#include "core/language.hpp"
#include "importers/csv_importer.hpp"
#include "importers/json_importer.hpp"
#include "rules/registry.hpp"

namespace marque::app {

const rules::GameRules& game_rules(const std::string& id) {
  const auto* r = rules::find_game(id);
  if (!r)
    throw Error(k_exit_usage, text::tr("app.unknown_game", "\"{id}\" is not a game marque knows; one of {games}",
                                       text::Message().text("id", id).text("games", rules::game_list())));
  return *r;
}

const rules::GameRules* find_rules(const std::string& id) { return rules::find_game(id); }

std::vector<std::string> game_ids() {
  std::vector<std::string> out;
  for (const auto* g : rules::all_games()) out.emplace_back(g->id());
  return out;
}

std::string game_title(const std::string& id) {
  const auto* r = rules::find_game(id);
  if (!r) return id;
  // in English the rules' own, what every game's catalogue says (tests/unit/test_labels.cpp): no catalogue built for it
  if (text::language() == "en") return std::string(r->title());
  // the title in the language spoken, where the game's catalogue says it ("<id>.title"), else the rules' own
  if (const std::string_view* said = text::localized(r->catalogue()).find(id + ".title")) return std::string(*said);
  return std::string(r->title());
}

std::string local_game_title(const std::string& id) {
  const auto* r = rules::find_game(id);
  if (!r || text::language() == "en" || !r->catalogue().find(id + ".title")) return game_title(id);
  return text::say(text::Message(id + ".title"), text::localized(r->catalogue()));
}

const text::Labels* game_labels(const std::string& id) {
  const auto* r = rules::find_game(id);
  return r ? &r->labels() : nullptr;
}

std::function<std::string(const std::string&, const std::string&, const std::string&)> stats_words() {
  return [](const std::string& kind, const std::string& what, const std::string& id) {
    const text::Labels* labels = game_labels(kind);
    if (!labels) return id;
    return what == "bonus" ? labels->key(id) : labels->value(what, id);
  };
}

sheet::Sheet score_sheet(const std::string& id, const json& file, const ojson& score) {
  const auto* r = rules::find_game(id);
  return r ? r->score_sheet(file, score) : sheet::Sheet{};
}

SourceDocument read_source(const std::string& name) {
  std::unique_ptr<std::ifstream> file;
  std::istream* in = &std::cin;
  if (name != "-") {
    file = importers::open_input_file(name);
    in = file.get();
  }
  importers::GameSource src = importers::read_game_source(*in, name);
  if (in->bad())
    throw Error(k_exit_ioerr, text::tr("app.cannot_read", "cannot read {file}", text::Message().text("file", name)));
  SourceDocument doc;
  doc.name = name;
  doc.document = std::move(src.envelope);
  doc.streamed = true;
  doc.hands = std::move(src.hands);
  doc.game_hands = std::move(src.game_hands);
  doc.records = std::move(src.records);
  doc.game_records = std::move(src.game_records);
  return doc;
}

std::vector<SourceDocument> read_sources(const std::string& name, const std::string& importer) {
  std::vector<SourceDocument> docs;
  const bool csv = importer == "csv" ||
                   (importer.empty() && name.size() > 4 && name.compare(name.size() - 4, 4, ".csv") == 0);
  if (!csv) {
    docs.push_back(read_source(name));
    return docs;
  }
  for (auto& gm : importers::import_csv(importers::read_input_text(name), name)) {
    SourceDocument doc;
    doc.name = name + ":" + std::to_string(gm.first_line);
    doc.document = std::move(gm.document);
    doc.streamed = true;
    doc.hands = std::move(gm.hands);
    docs.push_back(std::move(doc));
  }
  return docs;
}

ImportOutcome import_files(Session& store, const std::vector<std::string>& files, const std::string& importer,
                           bool dry_run, const std::function<void(size_t)>& before) {
  return import_sources(
      store, files.size(),
      [&](size_t i) {
        if (before) before(i);
        return read_sources(files[i], importer);
      },
      dry_run);
}

Calc calc(SourceDocument src) {
  json file = std::move(src.document);
  if (file.is_object() && file.contains("hands") && file["hands"].is_array())
    for (const auto& text : src.hands) file["hands"].push_back(json::parse(text));
  rules::Replay r = rules::replay(file);
  if (!r.ok) throw Rejected(r.diags, src.name);
  return {game_rules(file["game"].get<std::string>()).score_sheet(file, r.score), r.diags.warnings()};
}

rules::Replay calc_streamed(const SourceDocument& src, const std::function<void(const ojson&)>& on_entry) {
  json env = src.document;
  if (env.is_object() && env.contains("hands") && env["hands"].is_array()) env["hands"] = json::array();
  rules::Replay r = rules::replay(env);
  if (!r.ok) throw Rejected(r.diags, src.name);
  for (const auto& text : src.hands) {
    auto entry = rules::next(r, json::parse(text));
    if (!entry) throw Rejected(r.diags, src.name);
    if (on_entry) on_entry(*entry);
  }
  rules::finish(r);
  return r;
}

ojson import_json(const ImportOutcome& out, bool dry_run) {
  ojson items = ojson::array();
  for (const auto& it : out.items)
    items.push_back(
        {{"file", it.file}, {"game", it.game}, {"id", it.game_id}, {"hands", it.hands}, {"duplicate", it.duplicate}});
  return {{"games", items}, {"hands", out.hands}, {"duplicates", out.duplicates}, {"dry_run", dry_run}};
}

ojson history_json(const std::vector<Change>& changes) {
  ojson arr = ojson::array();
  for (const auto& c : changes)
    arr.push_back({{"id", c.id},
                   {"at", c.at},
                   {"action", c.action},
                   {"hand", c.no ? ojson(*c.no) : ojson(nullptr)},
                   {"before", c.before},
                   {"after", c.after},
                   {"undone", c.undone}});
  return arr;
}

ojson hands_json(const GameView& v) {
  ojson arr = ojson::array();
  for (const auto& h : v.hands) {
    ojson e = h.entry;
    e["no"] = h.no;
    e["words"] = h.words;
    arr.push_back(std::move(e));
  }
  return arr;
}

ojson hand_json(int64_t game_id, const HandLine& h) {
  return {{"game", game_id},    {"hand", h.no},       {"recorded_at", h.recorded_at},
          {"source", h.source}, {"record", h.record}, {"words", h.words},
          {"score", h.entry}};
}

ojson games_json(const std::vector<GameInfo>& games, std::optional<int64_t> focus) {
  ojson arr = ojson::array();
  for (const auto& gm : games) {
    arr.push_back({{"id", gm.id},
                   {"game", gm.game},
                   {"players", gm.players},
                   {"hands", gm.hands},
                   {"status", gm.status},
                   {"ended", gm.ended.empty() ? ojson(nullptr) : ojson(gm.ended)},
                   {"meta", gm.meta},
                   {"created_at", gm.created_at},
                   {"in_focus", focus == gm.id}});
    if (!gm.damaged.empty()) arr.back()["damaged"] = gm.damaged;
  }
  return arr;
}

ojson check_json(const CheckReport& r) {
  return {{"games", r.games}, {"hands", r.hands}, {"problems", r.problems}, {"ok", r.problems.empty()}};
}

ojson seasons_json(const std::vector<Season>& seasons) {
  ojson out = ojson::array();
  for (const auto& s : seasons)
    out.push_back({{"name", s.name}, {"league", s.league}, {"from", s.from}, {"to", s.to}, {"games", s.games}});
  return {{"format", "marque-seasons/1"}, {"seasons", out}};
}

std::string date_problem_said(std::string_view date) {
  const text::Message m = date_problem_words(date);
  return m.empty() ? std::string() : text::say(m, text::localized(catalogue()));
}

}  // namespace marque::app
