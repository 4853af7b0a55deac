// Benchmark data generator (not a test). Writes marque-game/1 files:
//   gen tarot N OUT.json          one 4-player tarot game with N random legal hands (open end)
//   gen club DIR HANDS EXAMPLES   about HANDS hands of copies of every examples/<game>.json, players renamed
//                                 from a pool of 300 members, as marque-export/1 bundles of 500 games
// Deterministic (fixed seed) so figures are comparable between runs.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "core/json.hpp"

using json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

json tarot_hand(std::mt19937_64& rng, const std::vector<std::string>& players) {
  static const char* contracts[] = {"prise", "prise", "garde", "garde", "garde_sans", "garde_contre"};
  std::uniform_int_distribution<int> p(0, static_cast<int>(players.size()) - 1), c(0, 5), o(0, 3), pts(20, 70);
  json h = {{"type", "hand"},
            {"taker", players[static_cast<size_t>(p(rng))]},
            {"contract", contracts[c(rng)]},
            {"oudlers", o(rng)},
            {"points", pts(rng)}};
  return h;
}

std::string member(int i) { return "Member" + std::to_string(1000 + i); }

// rename every occurrence of the example's player names (as JSON string values or object keys)
json rename(const json& j, const std::map<std::string, std::string>& names) {
  if (j.is_string()) {
    auto it = names.find(j.get<std::string>());
    return it == names.end() ? j : json(it->second);
  }
  if (j.is_array()) {
    json out = json::array();
    for (const auto& x : j) out.push_back(rename(x, names));
    return out;
  }
  if (j.is_object()) {
    json out = json::object();
    for (auto it = j.begin(); it != j.end(); ++it) {
      auto n = names.find(it.key());
      out[n == names.end() ? it.key() : n->second] = rename(it.value(), names);
    }
    return out;
  }
  return j;
}

std::vector<std::string> players_of(const json& setup) {
  std::vector<std::string> out;
  if (setup.contains("players"))
    for (const auto& p : setup["players"]) out.push_back(p.get<std::string>());
  if (setup.contains("seats"))
    for (const auto& [k, v] : setup["seats"].items()) out.push_back(v.get<std::string>());
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::mt19937_64 rng(20261122);
  std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "tarot" && argc == 4) {
    long n = std::stol(argv[2]);
    std::vector<std::string> players = {"Ann", "Ben", "Cat", "Dan"};
    json f = {{"format", "marque-game/1"},
              {"game", "tarot"},
              {"setup", {{"players", players}, {"first_dealer", "Ann"}, {"options", json::object()}}},
              {"hands", json::array()},
              {"meta", {{"league", "Benchmark"}, {"date", "2026-11-22"}}}};
    for (long i = 0; i < n; ++i) f["hands"].push_back(tarot_hand(rng, players));
    std::ofstream(argv[3]) << f.dump() << "\n";
    return 0;
  }
  if (mode == "club" && argc == 5) {
    // a club's whole history: every example game copied until about HANDS hands, players drawn from 300
    // members, written as marque-export/1 bundles of 500 games (DIR/club-NNNN.json)
    fs::path dir = argv[2];
    long want = std::stol(argv[3]);
    fs::create_directories(dir);
    std::vector<json> examples;
    for (const auto& e : fs::directory_iterator(argv[4])) {
      if (e.path().extension() != ".json") continue;
      json ex;
      std::ifstream(e.path()) >> ex;
      if (ex.value("format", "") == "marque-game/1") examples.push_back(ex);
    }
    std::sort(examples.begin(), examples.end(), [](const json& a, const json& b) { return a["game"] < b["game"]; });
    long hands = 0, games = 0;
    int bundle = 0;
    json games_out = json::array();
    auto flush = [&] {
      if (games_out.empty()) return;
      char name[32];
      std::snprintf(name, sizeof name, "club-%04d.json", bundle++);
      std::ofstream(dir / name) << json{{"format", "marque-export/1"}, {"games", games_out}}.dump() << "\n";
      games_out = json::array();
    };
    std::uniform_int_distribution<int> pick(0, 299);
    for (long c = 0; hands < want; ++c) {
      const json& ex = examples[static_cast<size_t>(c) % examples.size()];
      auto names = players_of(ex["setup"]);
      std::map<std::string, std::string> map;
      std::vector<int> used;
      for (const auto& n : names) {
        int k;
        do k = pick(rng);
        while (std::find(used.begin(), used.end(), k) != used.end());
        used.push_back(k);
        map[n] = member(k);
      }
      json f = {{"format", "marque-game/1"},
                {"game", ex["game"]},
                {"setup", rename(ex["setup"], map)},
                {"hands", rename(ex["hands"], map)},
                {"meta",
                 {{"league", "Club history"},
                  {"date", "2025-" + std::string(c % 12 < 9 ? "0" : "") + std::to_string(c % 12 + 1) + "-15"},
                  {"note", "copy " + std::to_string(c)}}}};
      hands += static_cast<long>(f["hands"].size());
      ++games;
      games_out.push_back(std::move(f));
      if (games_out.size() == 500) flush();
    }
    flush();
    std::cout << games << " games, " << hands << " hands in " << bundle << " files\n";
    return 0;
  }
  if (mode == "malformed" && argc == 3) {
    // a corpus of hostile game files, each of which must be refused (exit 1) and change nothing
    fs::path dir = argv[2];
    fs::create_directories(dir);
    std::vector<std::string> players = {"Ann", "Ben", "Cat", "Dan"};
    json base = {{"format", "marque-game/1"},
                 {"game", "tarot"},
                 {"setup", {{"players", players}, {"first_dealer", "Ann"}, {"options", json::object()}}},
                 {"hands", json::array()}};
    for (int i = 0; i < 5; ++i) base["hands"].push_back(tarot_hand(rng, players));
    int n = 0;
    auto emit = [&](const std::string& text) {
      std::ofstream(dir / ("m" + std::to_string(n++) + ".json"), std::ios::binary) << text;
    };
    std::string deep_open(20000, '['), deep_close(20000, ']');
    std::string big(10 * 1024 * 1024, 'x');
    std::vector<json> bad_values = {
        nullptr, "",   "x", json::array(),        json::object(),      true,           1e308,
        -1e308,  1e20, -1,  123456789012345678LL, json::array({1, 2}), json{{"a", 1}}, big};
    for (const char* field : {"taker", "contract", "oudlers", "points"}) {
      for (size_t h = 0; h < base["hands"].size(); ++h) {
        json m = base;
        m["hands"][h].erase(field);
        emit(m.dump());
        for (const auto& v : bad_values) {
          if (std::string(field) == "oudlers" && v.is_number() && v.get<double>() >= 0 && v.get<double>() <= 3)
            continue;
          // the 10 MB string in the first hand only: the field's check is the same in every hand (the other values
          // try all five), and each such file costs a tenth of a second to generate and about half a second to refuse
          if (h > 0 && v.is_string() && v.get_ref<const std::string&>().size() == big.size()) continue;
          json w = base;
          w["hands"][h][field] = v;
          emit(w.dump());
        }
      }
    }
    // the envelope and the set-up
    for (const auto& v : bad_values) {
      for (const char* key : {"format", "game", "setup", "hands"}) {
        if (std::string(key) == "hands" && v.is_array() && v.empty()) continue;  // a game with no hands is fine
        json w = base;
        w[key] = v;
        emit(w.dump());
      }
      for (const char* key : {"players", "first_dealer", "options"}) {
        if (std::string(key) == "options" && (v.is_null() || (v.is_object() && v.empty()))) continue;  // = defaults
        json w = base;
        w["setup"][key] = v;
        emit(w.dump());
      }
    }
    emit(deep_open + deep_close);
    emit("{\"format\": \"marque-game/1\", \"game\": \"tarot\", \"hands\": " + deep_open + deep_close + "}");
    emit("{\"format\": \"marque-game/1\", \"game\": \"tar\xff\xfeot\"}");
    emit(
        "{\"format\": \"marque-game/1\", \"game\": \"tarot\", \"setup\": {\"players\": [\"\xc3\x28\", \"B\", \"C\"]}}");
    emit("");
    emit("\x00\x01\x02");
    emit("[1, 2, 3]");
    emit("{\"format\": \"marque-game/1\"");
    emit(base.dump().substr(0, base.dump().size() / 2));
    std::cout << n << " malformed files\n";
    return 0;
  }
  std::cerr << "usage: gen tarot N OUT.json | gen club DIR HANDS EXAMPLES_DIR | gen malformed DIR\n";
  return 2;
}
