#include "rules/engine.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "rules/registry.hpp"

namespace marque::rules {

namespace {

std::string show(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

// The refusals of a game file as the engine reads it (replay: its envelope, a record that is not an object, a value
// of the wrong type) and of the set-up's words, as words (src/README.md, "Languages": refusals). ICU MessageFormat:
// a quote around a placeholder is written twice.
const text::Catalogue& file_catalogue() {
  static const text::Catalogue& c = *new text::Catalogue([] {
    text::Catalogue x;
    x.fallback = &default_catalogue();
    x.add("file.err.expected_key_value", "expected key=value");
    x.add("file.err.hand_not_object", "a hand record must be a JSON object");
    // `detail` is the JSON library's own words (English), quoted as they are
    x.add("file.err.wrong_type", "a value has the wrong type ({detail})");
    x.add("file.err.not_object", "a marque-game/1 document must be a JSON object");
    x.add("file.err.format_missing", "missing; expected \"marque-game/1\"");
    x.add("file.err.format_other", "\"{format}\" is not a marque game file; expected \"marque-game/1\"");
    x.add("file.err.format_version", "\"{format}\" is a version this marque does not know; it reads \"marque-game/1\"");
    x.add("file.err.game_missing", "missing; one of {games}");
    x.add("file.err.setup", "missing or not an object");
    x.add("file.err.hands", "must be an array of hand records");
    x.add("file.err.meta", "must be an object");
    x.add("file.err.meta_string", "must be a string{date, select, yes { (an ISO 8601 date)} other {}}");
    x.add("file.err.meta_night", "must be an integer (a night's id)");
    return x;
  }());
  return c;
}

// a file's refusal said by file_catalogue()
void file_error(Diagnostics& d, std::string field, std::string code, text::Message words) {
  d.error(std::move(field), std::move(code), std::move(words), file_catalogue());
}

std::string allowed_list(const OptionSpec& spec) {
  std::string s;
  for (const auto& v : spec.values) {
    if (!s.empty()) s += ", ";
    s += show(v);
  }
  return s;
}

bool type_ok(const std::string& type, const json& v) {
  if (type == "int") return is_whole_number(v);
  if (type == "number") return v.is_number();
  if (type == "bool") return v.is_boolean();
  if (type == "list") return v.is_array();
  return true;
}

// Whether a number lies in [lo, hi] (compared as it was written: an integer as an integer, never rounded through a
// floating number); anything else is not a number and so not out of range.
bool in_range(const json& v, long long lo, long long hi) {
  if (v.is_number_unsigned()) {
    const unsigned long long u = v.get<unsigned long long>();
    return hi >= 0 && u <= static_cast<unsigned long long>(hi) && (lo <= 0 || u >= static_cast<unsigned long long>(lo));
  }
  if (v.is_number_integer()) return v.get<long long>() >= lo && v.get<long long>() <= hi;
  if (v.is_number_float()) return json(lo) <= v && v <= json(hi);
  return true;
}

bool same_value(const json& a, const json& b) {
  return a == b;  // numbers compare by value (3 == 3.0)
}

}  // namespace

json resolve_options(const json& given, const std::vector<OptionSpec>& table, Diagnostics& diags) {
  json out = json::object();
  for (const auto& spec : table) out[spec.id] = spec.default_value;
  if (given.is_null()) return out;
  if (!given.is_object()) {
    diags.error("options", "setup.options_type", text::Message("rules.err.options_type"), default_catalogue());
    return out;
  }
  for (const auto& [key, value] : given.items()) {
    const OptionSpec* spec = nullptr;
    for (const auto& s : table)
      if (s.id == key) spec = &s;
    if (!spec) {
      std::string ids;
      for (const auto& s : table) ids += (ids.empty() ? "" : ", ") + s.id;
      diags.error("options." + key, "setup.unknown_option",
                  text::Message("rules.err.unknown_option")
                      .text("key", key)
                      .text("none", ids.empty() ? "yes" : "no")
                      .text("ids", ids),
                  default_catalogue());
      continue;
    }
    bool ok = type_ok(spec->type, value);
    if (ok && !in_range(value, spec->min, spec->max)) {
      diags.error("options." + key, "setup.option_range",
                  text::Message("rules.err.option_range")
                      .text("value", show(value))
                      .text("key", key)
                      .number("min", spec->min)
                      .number("max", spec->max),
                  default_catalogue());
      continue;
    }
    if (ok && spec->type == "list") {
      for (const auto& member : value) {
        bool found = false;
        for (const auto& v : spec->values) found = found || same_value(v, member);
        if (!found && !spec->values.empty()) ok = false;
      }
    } else if (ok && !spec->values.empty()) {
      bool found = false;
      for (const auto& v : spec->values) found = found || same_value(v, value);
      ok = found;
    }
    if (ok && spec->check) {
      std::string problem = spec->check(value);
      if (!problem.empty()) {
        diags.error("options." + key, "setup.option_value",
                    text::Message("rules.err.option_check").text("value", show(value)).text("problem", problem),
                    default_catalogue());
        continue;
      }
    }
    if (!ok) {
      diags.error("options." + key, "setup.option_value",
                  text::Message("rules.err.option_value")
                      .text("value", show(value))
                      .text("listed", spec->values.empty() ? "no" : "yes")
                      .text("type", spec->type)
                      .text("values", spec->values.empty() ? std::string() : allowed_list(*spec)),
                  default_catalogue());
      continue;
    }
    out[key] = value;
  }
  return out;
}

json GameRules::setup_from_args(const std::vector<std::pair<std::string, std::string>>& kv, Diagnostics& diags) const {
  json setup = json::object();
  setup["options"] = json::object();
  for (const auto& [k, v] : kv) {
    if (k == "players") {
      setup["players"] = split_list(v);
    } else if (k == "dealer" || k == "first_dealer") {
      setup["first_dealer"] = v;
    } else if (k.rfind("option.", 0) == 0 || k.rfind("opt.", 0) == 0) {
      std::string id = k.substr(k.find('.') + 1);
      if (v.find(',') != std::string::npos) {
        json arr = json::array();
        for (const auto& part : split_list(v)) arr.push_back(typed_value(part));
        setup["options"][id] = arr;
      } else {
        setup["options"][id] = typed_value(v);
      }
    } else if (!k.empty()) {
      setup[k] = typed_value(v);
    } else {
      file_error(diags, "setup", "cli.word", text::Message("file.err.expected_key_value"));
    }
  }
  return setup;
}

GameRules::Seating GameRules::seating() const {
  Seating out;
  // the set-up of n made-up players (the words `start` takes), with or without a first dealer: does it start?
  auto starts = [this](int n, bool dealer, std::vector<std::string>* teams) {
    std::string names;
    for (int i = 1; i <= n; ++i) names += (i > 1 ? ",P" : "P") + std::to_string(i);
    std::vector<std::pair<std::string, std::string>> words{{"players", names}};
    if (dealer) words.emplace_back("dealer", "P1");
    Diagnostics d;
    json setup = setup_from_args(words, d);
    if (d.has_errors()) return false;
    std::unique_ptr<Game> g = start(setup, d);
    if (!g || d.has_errors()) return false;
    if (teams) {
      const std::vector<std::string> players = g->players();
      for (const auto& p : players) {
        std::string team;
        for (const auto& s : g->sides())
          if (s.players.size() > 1 && std::find(s.players.begin(), s.players.end(), p) != s.players.end())
            team = s.label;
        teams->push_back(team);
      }
      if (std::all_of(teams->begin(), teams->end(), [](const std::string& t) { return t.empty(); })) teams->clear();
    }
    return true;
  };
  for (int n = 1; n <= 10; ++n) {
    if (!starts(n, true, out.min_players ? nullptr : &out.teams)) continue;
    if (!out.min_players) {
      out.min_players = n;
      out.dealer_required = !starts(n, false, nullptr);
    }
    out.max_players = n;
  }
  return out;
}

std::vector<Side> Game::sides() const {
  std::vector<Side> out;
  for (const auto& p : players()) out.push_back(Side{p, p, {p}});
  return out;
}

namespace {

std::vector<std::string> side_ids(const Game& g) {
  std::vector<std::string> ids;
  for (const auto& s : g.sides()) ids.push_back(s.id);
  return ids;
}

}  // namespace

namespace {

ojson by_key(const std::vector<std::string>& keys, const std::vector<Amount>& amounts) {
  ojson o = ojson::object();
  auto& m = o.get_ref<ojson::object_t&>();
  m.reserve(std::min(keys.size(), amounts.size()));                 // grown once, not by doubling
  for (size_t i = 0; i < keys.size() && i < amounts.size(); ++i) {  // o[key] = amount, without operator[]'s copies
    const std::string& key = keys[i];
    auto it = std::find_if(m.begin(), m.end(), [&](const auto& kv) { return kv.first == key; });
    if (it != m.end())
      it->second = amounts[i];
    else
      m.emplace_back(key, amounts[i]);
  }
  return o;
}

// The marque-score/1 hands[i] entry of a hand (format README §2), the one place it is written: seq, the game's
// head keys, deltas and totals by player, the sides' when they are teams, the breakdown, the game's tail keys and
// the warnings.
ojson entry_of(const Game& game, HandResult&& h, int seq, const Diagnostics& hd) {
  ojson e = ojson::object();
  e.get_ref<ojson::object_t&>().reserve(h.head.size() + h.tail.size() + 7);
  e["seq"] = seq;
  for (auto it = h.head.begin(); it != h.head.end(); ++it) e.emplace(it.key(), std::move(it.value()));
  const std::vector<std::string> players = game.players();
  e["deltas"] = by_key(players, h.deltas);
  e["totals"] = by_key(players, h.totals);
  if (!h.side_deltas.empty() || !h.side_totals.empty()) {
    const std::vector<std::string> sides = side_ids(game);
    const std::string key = game.side_key();
    e[key + "_deltas"] = by_key(sides, h.side_deltas);
    e[key + "_totals"] = by_key(sides, h.side_totals);
  }
  e["breakdown"] = std::move(h.breakdown);
  for (auto it = h.tail.begin(); it != h.tail.end(); ++it) e.emplace(it.key(), std::move(it.value()));
  ojson w = ojson::array();
  for (const auto& x : hd.warnings()) w.push_back(x.message);
  e["warnings"] = std::move(w);
  return e;
}

// Play record `seq` on r.state: its entry, or nullopt (diagnostics in r.diags) when the record has errors.
std::optional<ojson> play_entry(Replay& r, const json& rec, int seq) {
  auto& d = r.diags;
  d.set_hand(seq);
  Diagnostics hd;
  hd.set_hand(seq);
  if (!rec.is_object()) {
    file_error(d, "", "file.hand_not_object", text::Message("file.err.hand_not_object"));
    return std::nullopt;
  }
  std::optional<HandResult> result;
  try {
    result = r.state->play_hand(rec, hd);
  } catch (const nlohmann::json::exception& e) {
    file_error(hd, "", "file.hand_type", text::Message("file.err.wrong_type").text("detail", e.what()));
  }
  d.append(hd);
  if (!result || hd.has_errors()) return std::nullopt;
  r.last_deltas = result->deltas;
  ojson h = entry_of(*r.state, std::move(*result), seq, hd);
  ++r.hands_played;
  // standings count the deals played, as the statistics do
  if (r.rules && r.rules->deal_played(rec, h)) ++r.deals_played;
  return h;
}

// The same, appending the entry to r.score["hands"]; false when the record has errors.
bool play_one(Replay& r, const json& rec, int seq) {
  auto h = play_entry(r, rec, seq);
  if (!h) return false;
  r.deltas.push_back(r.last_deltas);
  r.score["hands"].push_back(std::move(*h));
  return true;
}

// The parts of the score document that follow the hands, from the state after the last hand.
void finish_score(Replay& r) {
  auto& score = r.score;
  const Game& game = *r.state;
  // after an extend: drop the previous tail (its extra keys may differ), keeping the key order of a replay
  for (auto it = score.begin(); it != score.end();) {
    const std::string& k = it.key();
    if (k == "format" || k == "game" || k == "players" || k == "hands")
      ++it;
    else
      it = score.erase(it);
  }
  score["totals"] = by_key(game.players(), game.standing());
  ojson extra = game.extra();
  for (auto it = extra.begin(); it != extra.end(); ++it) score[it.key()] = it.value();
  score["finished"] = game.finished();
  score["result"] = game.result();
  score["next_dealer"] = game.next_dealer();
  r.ok = true;
}

// a replay with errors has neither a score nor a state (only its diagnostics)
void failed(Replay& r) {
  r.ok = false;
  r.deltas.clear();
  r.last_deltas.clear();
  r.score = ojson();
  r.state.reset();
}

}  // namespace

namespace {

// replay(), its score's tail made only when `tail` (start() leaves it to finish())
Replay replay_file(const json& file, bool tail) {
  Replay r;
  auto& d = r.diags;
  d.set_hand(0);
  if (!file.is_object()) {
    file_error(d, "", "file.not_object", text::Message("file.err.not_object"));
    return r;
  }
  if (!file.contains("format") || !file["format"].is_string()) {
    file_error(d, "format", "file.format", text::Message("file.err.format_missing"));
    return r;
  }
  std::string format = file["format"].get<std::string>();
  if (format.rfind("marque-game/", 0) != 0) {
    file_error(d, "format", "file.format", text::Message("file.err.format_other").text("format", format));
    return r;
  }
  if (format != "marque-game/1") {
    file_error(d, "format", "file.format_version", text::Message("file.err.format_version").text("format", format));
    return r;
  }
  if (!file.contains("game") || !file["game"].is_string()) {
    file_error(d, "game", "file.game", text::Message("file.err.game_missing").text("games", game_list()));
    return r;
  }
  std::string game_id = file["game"].get<std::string>();
  const GameRules* rules = find_game(game_id);
  if (!rules) {
    file_error(d, "game", "file.game",
               text::Message("rules.err.unknown_game").text("id", game_id).text("games", game_list()));
    return r;
  }
  if (!file.contains("setup") || !file["setup"].is_object()) {
    file_error(d, "setup", "file.setup", text::Message("file.err.setup"));
    return r;
  }
  if (file.contains("hands") && !file["hands"].is_array()) {
    file_error(d, "hands", "file.hands", text::Message("file.err.hands"));
    return r;
  }
  if (file.contains("meta") && !file["meta"].is_null() && !file["meta"].is_object()) {
    file_error(d, "meta", "file.meta", text::Message("file.err.meta"));
    return r;
  }
  if (file.contains("meta") && file["meta"].is_object()) {
    // format README §1: every meta key optional; the ones marque reads have a type (checked at the door, so
    // that no later command meets a date that is not a string)
    const json& meta = file["meta"];
    for (const char* key : {"date", "league", "venue", "note"})
      if (meta.contains(key) && !meta[key].is_string()) {
        file_error(d, std::string("meta.") + key, "file.meta_type",
                   text::Message("file.err.meta_string").text("date", std::string(key) == "date" ? "yes" : "no"));
        return r;
      }
    if (meta.contains("night") && !meta["night"].is_number_integer()) {
      file_error(d, "meta.night", "file.meta_type", text::Message("file.err.meta_night"));
      return r;
    }
  }
  // Engines validate types themselves; this net turns a JSON type error that slipped through into a
  // diagnostic (exit 1, a message), never an internal error.
  std::unique_ptr<Game> game;
  try {
    game = rules->start(file["setup"], d);
  } catch (const nlohmann::json::exception& e) {
    file_error(d, "setup", "file.setup_type", text::Message("file.err.wrong_type").text("detail", e.what()));
    return r;
  }
  if (!game || d.has_errors()) return r;

  ojson score = ojson::object();
  // ordered_map is a vector whose pairs have const keys: growing it copies every value, the hands too
  score.get_ref<ojson::object_t&>().reserve(32);
  score["format"] = "marque-score/1";
  score["game"] = game_id;
  score["players"] = game->players();
  score["hands"] = ojson::array();
  r.score = std::move(score);
  r.state = std::move(game);
  r.rules = rules;
  if (file.contains("hands")) {
    auto& hands = r.score["hands"].get_ref<ojson::array_t&>();
    hands.reserve(file["hands"].size());
    int seq = 0;
    for (const auto& rec : file["hands"])
      if (!play_one(r, rec, ++seq)) {
        failed(r);
        return r;
      }
  }
  if (tail)
    finish_score(r);
  else
    r.ok = true;
  return r;
}

}  // namespace

Replay replay(const json& file) { return replay_file(file, true); }

Replay start_stream(const json& file) { return replay_file(file, false); }

std::optional<ojson> next(Replay& r, const json& record) {
  if (!r.ok || !r.state) return std::nullopt;
  auto h = play_entry(r, record, static_cast<int>(r.hands_played) + 1);
  if (!h) failed(r);
  return h;
}

void finish(Replay& r) {
  if (r.state) finish_score(r);
}

void extend(Replay& r, const json& record) {
  if (!r.ok || !r.state) return;
  r.ok = false;
  if (!play_one(r, record, static_cast<int>(r.hands_played) + 1)) {
    failed(r);
    return;
  }
  finish_score(r);
}

std::optional<json> saved_state(const Replay& r) {
  if (!r.ok || !r.state || !r.rules) return std::nullopt;
  std::optional<json> game = r.state->save_state();
  if (!game) return std::nullopt;
  json s = json::object();
  s["rules_version"] = r.rules->rules_version();
  s["hands"] = r.hands_played;
  s["deals"] = r.deals_played;
  s["game"] = std::move(*game);
  return s;
}

Replay resume(const json& file, const json& state, size_t hands) {
  Replay none;
  const auto count = [&](const char* key) {
    return state.contains(key) && state[key].is_number_unsigned() ? std::optional(state[key].get<size_t>())
                                                                  : std::nullopt;
  };
  if (!state.is_object() || !state.contains("game") || count("hands") != hands || !count("deals")) return none;
  Replay r = replay(file);
  if (!r.ok || r.hands_played != 0 || !state.contains("rules_version") ||
      state["rules_version"] != r.rules->rules_version())
    return none;
  try {
    if (!r.state->restore_state(state["game"])) return none;
  } catch (const nlohmann::json::exception&) {  // a document of the wrong shape: replay instead
    return none;
  }
  r.hands_played = hands;
  r.deals_played = *count("deals");
  finish_score(r);
  return r;
}

namespace {
void rename_at(json& j, const std::vector<std::string>& path, size_t at, const std::string& from,
               const std::string& to) {
  if (at == path.size()) {
    if (j.is_string() && j.get_ref<const std::string&>() == from) j = to;
    return;
  }
  const std::string& seg = path[at];
  if (seg == "*") {
    if (j.is_array() || j.is_object())
      for (auto& x : j) rename_at(x, path, at + 1, from, to);
  } else if (seg == "#") {
    if (j.is_object() && j.contains(from) && !j.contains(to)) {
      json v = std::move(j[from]);
      // keep the key's place: rebuild in order (nlohmann::json objects are sorted maps; same result)
      j.erase(from);
      j[to] = std::move(v);
    }
  } else if (j.is_object()) {
    auto it = j.find(seg);
    if (it != j.end()) rename_at(*it, path, at + 1, from, to);
  }
}
}  // namespace

json rename_player(const GameRules& rules, const json& doc, bool record, const std::string& from,
                   const std::string& to) {
  json out = doc;
  if (from == to) return out;
  const auto& paths = record ? rules.name_paths().record : rules.name_paths().setup;
  for (const auto& p : paths) rename_at(out, split_list(p, '.'), 0, from, to);
  return out;
}

std::vector<std::string> split_list(const std::string& s, char sep, bool keep_empty) {
  std::vector<std::string> out;
  std::string cur;
  auto flush = [&] {
    size_t b = cur.find_first_not_of(" \t");
    size_t e = cur.find_last_not_of(" \t");
    if (b != std::string::npos)
      out.push_back(cur.substr(b, e - b + 1));
    else if (keep_empty)
      out.emplace_back();
    cur.clear();
  };
  for (char c : s) {
    if (c == sep)
      flush();
    else
      cur += c;
  }
  flush();
  return out;
}

json typed_value(const std::string& s) {
  if (s == "true") return true;
  if (s == "false") return false;
  if (s == "null") return nullptr;
  if (!s.empty() && s.size() < 20) {
    char* end = nullptr;
    errno = 0;
    long long i = std::strtoll(s.c_str(), &end, 10);
    // an integer outside -2^63 .. 2^63-1 stays text (the rules refuse it), never clamped to the largest one
    if (end && *end == '\0' && (std::isdigit(static_cast<unsigned char>(s.back()))))
      return errno == ERANGE ? json(s) : json(i);
    if (auto a = parse_decimal(s)) return json(a->value());  // "47.5", "5.0": a JSON number with its decimals, as typed
  }
  return s;
}

}  // namespace marque::rules
