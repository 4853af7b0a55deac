// Import and export (import_export.cpp): marque-game/1 games and marque-export/1 bundles in, everything out.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/session.hpp"

namespace marque::app {

struct ImportOutcome {
  struct Item {
    std::string file;
    std::string game;     // game kind
    int64_t game_id = 0;  // new id, or the id of the identical game already stored
    int64_t hands = 0;
    bool duplicate = false;
  };
  std::vector<Item> items;
  int64_t hands = 0;       // hands stored
  int64_t duplicates = 0;  // games skipped because the same content was imported before
};
struct SourceDocument {
  std::string name;  // file name for messages
  json document;
  // streamed: the hand records are not in `document` (its hands arrays are empty) but here, one compact JSON
  // text each: `hands` for a marque-game/1 document, `game_hands[i]` for games[i] of a marque-export/1 bundle
  bool streamed = false;
  std::vector<std::string> hands;
  std::vector<std::vector<std::string>> game_hands;
  // the first records also as read (a prefix of `hands`, of each `game_hands[i]`: importers::GameSource), so the
  // import does not parse their texts again
  std::vector<json> records;
  std::vector<std::vector<json>> game_records;
};
// All sources in one transaction: all or nothing. Each document is a marque-game/1 game or a marque-export/1
// bundle of games. A game whose content (game, set-up, hands) was imported before is skipped and counted.
// Throws Rejected (diagnostics prefixed with the file).
// Sources are loaded one at a time (a club's whole history never sits in memory at once): `load(i)` returns
// the documents of source i (a CSV gives several), for i in [0, sources).
ImportOutcome import_sources(Session& session, size_t sources,
                             const std::function<std::vector<SourceDocument>(size_t)>& load, bool dry_run);

// marque-export/1: every game (optionally only one night's) as marque-game/1 documents with players,
// leagues and nights; imports back into an empty database with the same scores.
ojson export_all(Session& session, std::optional<int64_t> night_id = std::nullopt);

// The content key of a game document (FNV-1a 64 of its canonical game/setup/hands/meta), hex.
std::string content_key(const json& game_file);

}  // namespace marque::app
