// Import (marque-game/1 files, marque-export/1 bundles; one transaction, re-imports recognised) and export.
#include "app/internal.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "core/date.hpp"
#include "core/unicode.hpp"

namespace marque::app {

namespace {

struct Fnv {
  uint64_t h = 1469598103934665603ULL;
  Fnv& operator<<(std::string_view text) {
    for (unsigned char c : text) {
      h ^= c;
      h *= 1099511628211ULL;
    }
    return *this;
  }
  std::string hex() const {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
  }
};

// The key hashes the compact dump of {"game", "hands", "meta" without night, "setup"} (keys in that order,
// as nlohmann::json sorts them). It is written piece by piece so that the hand records, already dumped for
// storing, are not copied and dumped again; the bytes hashed are the same as ever (keys in older databases
// stay valid).
std::string content_key_of(const json& f, const std::vector<std::string>& hand_dumps) {
  json meta = f.contains("meta") && f["meta"].is_object() ? f["meta"] : json::object();
  meta.erase("night");  // an export's night id is renumbered on import
  Fnv k;
  k << "{\"game\":" << f.value("game", json()).dump() << ",\"hands\":[";
  for (size_t i = 0; i < hand_dumps.size(); ++i) {
    if (i) k << ",";
    k << hand_dumps[i];
  }
  k << "],\"meta\":" << meta.dump() << ",\"setup\":" << f.value("setup", json()).dump() << "}";
  return k.hex();
}

std::vector<std::string> hand_dumps_of(const json& f) {
  std::vector<std::string> out;
  if (f.contains("hands") && f["hands"].is_array()) {
    out.reserve(f["hands"].size());
    for (const auto& rec : f["hands"]) out.push_back(rec.dump());
  }
  return out;
}

}  // namespace

std::string content_key(const json& f) { return content_key_of(f, hand_dumps_of(f)); }

namespace {

// The game already stored with this content: imported with this key, or (typed at the table, or changed
// since its import) one of the same kind, set-up and hand count whose content has this key now.
std::optional<int64_t> same_game(Store& store, const json& env, size_t hand_count, const std::string& key) {
  if (auto existing = store.game_by_import_key(key)) return existing;
  for (int64_t id :
       store.games_like(env["game"].get<std::string>(), env["setup"].dump(), static_cast<int64_t>(hand_count))) {
    auto g = store.game(id);
    if (!g) continue;
    std::vector<std::string> records;
    store.for_each_record(id, [&](int, const std::string& text) { records.push_back(text); });
    json f = {{"game", g->game}, {"setup", g->setup}, {"meta", g->meta}};
    if (content_key_of(f, records) == key) return id;
  }
  return std::nullopt;
}

// A game of up to this many hands is replayed before anything of it is written: its row and seats are then
// stored once, with its summary and standing, instead of updated after its hands (and its scores are held
// in memory meanwhile); a longer game is stored hand by hand in bounded memory, its summary set after.
constexpr size_t k_buffered_hands = 2048;

// One game into the store (inside the caller's transaction): `env` is the game document whose hands are
// `records` (compact JSON texts, in order; env["hands"] is not read), `parsed` the first of them as read (a
// prefix, maybe empty: the others are parsed from their texts). The records are replayed one at a time.
// Every record text was written by nlohmann/json's dump (the reader's, the CSV importer's, a respelling's) and
// every score text by compact_dump: insert_hand is told they are serialized.
ImportOutcome::Item import_one(Store& store, const json& env_in, const std::vector<std::string>& records,
                               const std::vector<json>& parsed, const std::string& name,
                               std::optional<int64_t> night_id) {
  ImportOutcome::Item item;
  item.file = name;
  json env = json::object();
  if (env_in.is_object())
    for (auto it = env_in.begin(); it != env_in.end(); ++it)
      if (it.key() != "hands" || !it.value().is_array()) env[it.key()] = it.value();  // a non-array is refused below
  if (!env.contains("hands")) env["hands"] = json::array();
  // a night id means something only in the database it came from (a bundle's nights are mapped by the caller)
  if (env.contains("meta") && env["meta"].is_object() && env["meta"].contains("night") &&
      env["meta"]["night"].is_number_integer() && !night_id)
    env["meta"].erase("night");
  rules::Replay r = rules::replay(env_in.is_object() ? env : env_in);  // the envelope only
  if (!r.ok) throw Rejected(r.diags, name);
  check_identity_and_date(r.state->players(), env.contains("meta") ? env["meta"] : json(), name);
  // a player typed "ann" where "Ann" exists is Ann: the set-up and every record are stored as spelled there
  std::vector<std::string> respelled_records;  // only when a name is respelled (rare)
  if (auto names = respellings(store, r.state->players()); !names.empty()) {
    json f = env;
    for (const auto& rec : records) f["hands"].push_back(json::parse(rec));
    f = respelled(std::move(f), names);
    for (const auto& h : f["hands"]) respelled_records.push_back(h.dump());
    f["hands"] = json::array();
    env = std::move(f);
    r = rules::replay(env);
    if (!r.ok) throw Rejected(r.diags, name);
  }
  const bool respelled_now = !respelled_records.empty();
  const std::vector<std::string>& records_in = respelled_now ? respelled_records : records;
  const size_t kept = respelled_now ? 0 : parsed.size();
  item.game = env["game"].get<std::string>();
  std::string key = content_key_of(env, records_in);
  if (auto existing = same_game(store, env, records_in.size(), key)) {
    item.game_id = *existing;
    item.duplicate = true;
    return item;
  }
  json meta = env.contains("meta") && env["meta"].is_object() ? env["meta"] : json::object();
  const auto* rules = rules::find_game(item.game);
  const int64_t per = rules->amount_denominator();
  auto players = r.state->players();
  // the next hand's score: the record as read, or (the text was written by marque's own reader, depth and
  // numbers checked) parsed again
  json reparsed;
  auto play = [&](size_t i) {
    auto entry = rules::next(r, i < kept ? parsed[i] : (reparsed = json::parse(records_in[i])));
    if (!entry) throw Rejected(r.diags, name);
    return std::move(*entry);
  };
  int64_t id = 0;
  if (records_in.size() <= k_buffered_hands) {
    struct Scored {
      std::string score;
      std::vector<Amount> deltas;
    };
    std::vector<Scored> scored;
    scored.reserve(records_in.size());
    for (size_t i = 0; i < records_in.size(); ++i) {
      const ojson entry = play(i);
      scored.push_back({compact_dump(entry), deltas_of(entry, players, per)});
    }
    rules::finish(r);
    const storage::GameDerived derived = derived_of(r);
    id = store.create_game(item.game, env["setup"], rules->rules_version(), meta, players, "import:" + name, night_id,
                           key, &derived);
    for (size_t i = 0; i < records_in.size(); ++i) {
      const int seq = static_cast<int>(i) + 1;
      store.insert_hand(id, seq, seq, records_in[i], scored[i].score, scored[i].deltas, "import", true);
    }
  } else {
    id = store.create_game(item.game, env["setup"], rules->rules_version(), meta, players, "import:" + name, night_id,
                           key, nullptr);
    for (size_t i = 0; i < records_in.size(); ++i) {
      const int seq = static_cast<int>(i) + 1;
      const ojson entry = play(i);
      store.insert_hand(id, seq, seq, records_in[i], compact_dump(entry), deltas_of(entry, players, per), "import",
                        true);
    }
    rules::finish(r);
    store.set_summary(id, derived_of(r));
  }
  const int hands = static_cast<int>(records_in.size());
  store.log_change(id, "import", std::nullopt, nullptr, json{{"file", name}, {"hands", hands}});
  item.game_id = id;
  item.hands = hands;
  return item;
}

// A marque-export/1 bundle's nights: an array of objects {id: integer, date (a date, never empty), venue, league, note:
// strings}.
void check_nights(const json& d, const std::string& name) {
  auto refuse = [&](const std::string& field, const text::Message& message) {
    Diagnostics diag;
    diag.error(field, "file.nights", message, catalogue());
    throw Rejected(diag, name);
  };
  if (d.contains("players")) {
    if (!d["players"].is_array()) refuse("players", text::Message("app.err.bundle_players"));
    for (size_t i = 0; i < d["players"].size(); ++i)
      if (!d["players"][i].is_string())
        refuse("players[" + std::to_string(i) + "]", text::Message("app.err.bundle_player"));
  }
  if (!d.contains("nights")) return;
  if (!d["nights"].is_array()) refuse("nights", text::Message("app.err.bundle_nights"));
  std::set<int64_t> ids;
  for (size_t i = 0; i < d["nights"].size(); ++i) {
    const json& n = d["nights"][i];
    std::string at = "nights[" + std::to_string(i) + "]";
    if (!n.is_object()) refuse(at, text::Message("app.err.bundle_night"));
    if (!n.contains("id") || !n["id"].is_number_integer()) refuse(at + ".id", text::Message("app.err.bundle_night_id"));
    if (!ids.insert(n["id"].get<int64_t>()).second)
      refuse(at + ".id",
             text::Message("app.err.bundle_night_twice").text("id", std::to_string(n["id"].get<int64_t>())));
    for (const char* k : {"date", "venue", "league", "note"})
      if (n.contains(k) && !n[k].is_string()) refuse(at + "." + k, text::Message("app.err.bundle_string"));
    const std::string date = n.value("date", "");
    if (date.empty()) refuse(at + ".date", text::Message("app.err.bundle_night_date"));
    if (!is_valid_date(date)) refuse(at + ".date", date_words(date));
  }
}

// A marque-export/1 bundle's seasons: an array of objects {name, league: non-empty strings, from, to: dates, from
// <= to}.
void check_seasons(const json& d, const std::string& name) {
  auto refuse = [&](const std::string& field, const text::Message& message) {
    Diagnostics diag;
    diag.error(field, "file.seasons", message, catalogue());
    throw Rejected(diag, name);
  };
  if (!d.contains("seasons")) return;
  if (!d["seasons"].is_array()) refuse("seasons", text::Message("app.err.bundle_seasons"));
  for (size_t i = 0; i < d["seasons"].size(); ++i) {
    const json& s = d["seasons"][i];
    const std::string at = "seasons[" + std::to_string(i) + "]";
    if (!s.is_object()) refuse(at, text::Message("app.err.bundle_season"));
    for (const char* k : {"name", "league", "from", "to"})
      if (!s.contains(k) || !s[k].is_string() || s[k].get<std::string>().empty())
        refuse(at + "." + k, text::Message("app.err.bundle_season_string"));
    for (const char* k : {"from", "to"})
      if (!is_valid_date(s[k].get<std::string>())) refuse(at + "." + k, date_words(s[k].get<std::string>()));
    if (s["to"].get<std::string>() < s["from"].get<std::string>())
      refuse(at + ".to", text::Message("app.err.bundle_season_order"));
  }
}

// The seasons of a bundle: one already stored (same league and name, however capitalised) with the same dates is
// the same season; with other dates the bundle is refused (seasons[i].from).
void import_seasons(Store& store, const json& d, const std::string& name) {
  if (!d.contains("seasons")) return;
  for (size_t i = 0; i < d["seasons"].size(); ++i) {
    const json& s = d["seasons"][i];
    const std::string season = s["name"], league = s["league"], from = s["from"], to = s["to"];
    bool stored = false;
    for (const auto& have : store.seasons(league)) {
      if (!unicode::same_name(have.name, season)) continue;
      if (have.from != from || have.to != to) {
        Diagnostics diag;
        diag.error("seasons[" + std::to_string(i) + "].from", "file.seasons",
                   text::Message("app.err.bundle_season_other")
                       .text("league", have.league)
                       .text("name", have.name)
                       .text("from", have.from)
                       .text("to", have.to),
                   catalogue());
        throw Rejected(diag, name);
      }
      stored = true;
    }
    if (!stored) store.create_season(season, league, from, to);
  }
}

}  // namespace

namespace {
void import_document(Store& store, const SourceDocument& doc, ImportOutcome& out) {
  auto add = [&](const ImportOutcome::Item& item) {
    out.items.push_back(item);
    out.hands += item.hands;
    out.duplicates += item.duplicate ? 1 : 0;
  };
  const json& d = doc.document;
  if (d.is_object() && d.contains("format") && d["format"].is_string() && d["format"] != "marque-export/1" &&
      d["format"].get<std::string>().rfind("marque-export/", 0) == 0) {
    Diagnostics diag;
    diag.error("format", "file.format_version",
               text::Message("app.err.bundle_version").text("format", d["format"].get<std::string>()), catalogue());
    throw Rejected(diag, doc.name);
  }
  if (d.is_object() && d.contains("format") && d["format"] == "marque-export/1") {
    if (!d.contains("games") || !d["games"].is_array()) {
      Diagnostics diag;
      diag.error("games", "file.games", text::Message("app.err.bundle_games"), catalogue());
      throw Rejected(diag, doc.name);
    }
    check_nights(d, doc.name);
    check_seasons(d, doc.name);
    import_seasons(store, d, doc.name);
    // a night already stored with the same date, venue, league and note is the same night (an export
    // imported twice adds nothing)
    std::map<int64_t, int64_t> nights;  // exported night id -> id here
    if (d.contains("nights"))
      for (const auto& n : d["nights"]) {
        std::string date = n.value("date", ""), venue = n.value("venue", ""), league = n.value("league", ""),
                    note = n.value("note", "");
        auto same = store.find_night(date, venue, league, note);
        nights[n["id"].get<int64_t>()] = same ? *same : store.create_night(date, venue, league, note);
      }
    int i = 0;
    for (const auto& g : d["games"]) {
      ++i;
      std::optional<int64_t> night;
      if (g.is_object() && g.contains("meta") && g["meta"].is_object() && g["meta"].contains("night") &&
          g["meta"]["night"].is_number_integer()) {
        auto it = nights.find(g["meta"]["night"].get<int64_t>());
        if (it != nights.end()) night = it->second;
      }
      json gf = g;
      if (night) gf["meta"]["night"] = *night;
      const std::string name = doc.name + " game " + std::to_string(i);
      size_t gi = static_cast<size_t>(i - 1);
      static const std::vector<std::string> no_texts;
      static const std::vector<json> none;
      if (doc.streamed)
        add(import_one(store, gf, gi < doc.game_hands.size() ? doc.game_hands[gi] : no_texts,
                       gi < doc.game_records.size() ? doc.game_records[gi] : none, name, night));
      else
        add(import_one(store, gf, hand_dumps_of(gf), none, name, night));
    }
  } else {
    static const std::vector<json> none;
    add(import_one(store, d, doc.streamed ? doc.hands : hand_dumps_of(d), doc.streamed ? doc.records : none, doc.name,
                   std::nullopt));
  }
}
}  // namespace

ImportOutcome import_sources(Session& session, size_t sources,
                             const std::function<std::vector<SourceDocument>(size_t)>& load, bool dry_run) {
  Store& store = store_of(session);
  ImportOutcome out;
  Store::Transaction tx(store);
  {
    Store::NameCache names(store);  // the same members in game after game: each name looked up once
    for (size_t i = 0; i < sources; ++i)
      for (const auto& doc : load(i)) import_document(store, doc, out);
  }
  if (!dry_run) tx.commit();
  return out;
}

ojson export_all(Session& session, std::optional<int64_t> night_id) {
  Store& store = store_of(session);
  ojson out = ojson::object();
  out["format"] = "marque-export/1";
  out["generator"] = std::string("marque");
  ojson players = ojson::array();
  for (const auto& [id, name] : store.players()) players.push_back(name);
  out["players"] = players;
  ojson nights = ojson::array();
  for (const auto& n : store.nights()) {
    if (night_id && n.id != *night_id) continue;
    nights.push_back({{"id", n.id}, {"date", n.date}, {"venue", n.venue}, {"league", n.league}, {"note", n.note}});
  }
  out["nights"] = nights;
  if (!night_id) {  // the league's seasons (a night's bundle leaves them out)
    ojson seasons = ojson::array();
    for (const auto& s : store.seasons(""))
      seasons.push_back({{"name", s.name}, {"league", s.league}, {"from", s.from}, {"to", s.to}});
    out["seasons"] = seasons;
  }
  ojson games = ojson::array();
  for (const auto& g : store.games()) {
    if (night_id && g.night_id != night_id) continue;
    if (g.ended == "deleted") continue;  // a deleted game leaves with the database only (undo brings it back)
    json f = file_from(g, store.hands(g.id, false));
    if (g.night_id) f["meta"]["night"] = *g.night_id;
    games.push_back(ojson::parse(f.dump()));
  }
  out["games"] = games;
  return out;
}

}  // namespace marque::app
