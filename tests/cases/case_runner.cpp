// Runs every worked-example case file (marque-case/1) of one game through the real binary, both ways:
//   1. marque calc FILE --format json
//   2. marque --db FRESH import FILE, then marque --db FRESH score --format json
// and compares with `expect` as ../shared/rules/examples/README.md says (subset match, numbers within 1e-6).
// Usage: case_runner MARQUE_BIN EXAMPLES_DIR GAME [--no-calc]. Exit 0 all passed, 1 a failure (also: the binary does
// not run, or the folder holds no case file: a broken build never turns into a green suite). --no-calc runs the
// second way only (the sanitizer build: there the fuzz seeds already run every case's game file through the rules).
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "core/json.hpp"

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

struct Run {
  int status = -1;
  std::string out;
};

extern "C" char** environ;

// the program with its arguments, no shell between (a process less each time); its standard output read, its
// standard error dropped
Run run(const std::vector<std::string>& argv) {
  Run r;
  int fds[2];
  if (pipe(fds) != 0) return r;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
  posix_spawn_file_actions_addclose(&actions, fds[0]);
  posix_spawn_file_actions_addclose(&actions, fds[1]);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid;
  int spawned = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  if (spawned == 0) {
    char buf[4096];
    ssize_t n;
    while ((n = read(fds[0], buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR))
      if (n > 0) r.out.append(buf, static_cast<size_t>(n));
  }
  close(fds[0]);
  if (spawned != 0) return r;
  int st = 0;
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
  }
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

// every key of `expect` present in `actual` with an equal value; numbers within 1e-6
bool subset(const json& expect, const json& actual, const std::string& path, std::string& why) {
  if (expect.is_number()) {
    if (!actual.is_number() || std::fabs(expect.get<double>() - actual.get<double>()) > 1e-6) {
      why = path + ": expected " + expect.dump() + ", got " + actual.dump();
      return false;
    }
    return true;
  }
  if (expect.is_object()) {
    if (!actual.is_object()) {
      why = path + ": expected an object, got " + actual.dump();
      return false;
    }
    for (auto it = expect.begin(); it != expect.end(); ++it) {
      if (!actual.contains(it.key())) {
        why = path + "." + it.key() + ": missing (expected " + it.value().dump() + ")";
        return false;
      }
      if (!subset(it.value(), actual[it.key()], path + "." + it.key(), why)) return false;
    }
    return true;
  }
  if (expect.is_array()) {
    if (!actual.is_array() || actual.size() != expect.size()) {
      why = path + ": expected " + expect.dump() + ", got " + actual.dump();
      return false;
    }
    for (size_t i = 0; i < expect.size(); ++i)
      if (!subset(expect[i], actual[i], path + "[" + std::to_string(i) + "]", why)) return false;
    return true;
  }
  if (expect != actual) {
    why = path + ": expected " + expect.dump() + ", got " + actual.dump();
    return false;
  }
  return true;
}

bool match_score(const json& expect, const json& doc, std::string& why) {
  if (expect.contains("hands")) {
    for (const auto& eh : expect["hands"]) {
      int seq = eh.value("seq", 0);
      const json* ah = nullptr;
      for (const auto& h : doc["hands"])
        if (h.value("seq", -1) == seq) ah = &h;
      if (!ah) {
        why = "hand " + std::to_string(seq) + ": missing from the score document";
        return false;
      }
      for (auto it = eh.begin(); it != eh.end(); ++it) {
        if (it.key() == "seq") continue;
        if (it.key() == "warning") {
          bool has = ah->contains("warnings") && !(*ah)["warnings"].empty();
          if (it.value().get<bool>() != has) {
            why = "hand " + std::to_string(seq) + ": expected " + (has ? "no warning" : "a warning") + ", got " +
                  ah->value("warnings", json::array()).dump();
            return false;
          }
          continue;
        }
        if (!ah->contains(it.key())) {
          why = "hand " + std::to_string(seq) + "." + it.key() + ": missing";
          return false;
        }
        if (!subset(it.value(), (*ah)[it.key()], "hand " + std::to_string(seq) + "." + it.key(), why)) return false;
      }
    }
  }
  for (const char* key : {"totals", "team_totals", "finished", "result"}) {
    if (!expect.contains(key)) continue;
    if (!doc.contains(key)) {
      why = std::string(key) + ": missing";
      return false;
    }
    if (!subset(expect[key], doc[key], key, why)) return false;
  }
  return true;
}

bool check_reject(const json& expect, const Run& r, std::string& why) {
  if (r.status != 1) {
    why = "expected a rejection (exit 1), got exit " + std::to_string(r.status);
    return false;
  }
  if (!expect.contains("hand") || expect["hand"].is_null()) return true;
  json doc;
  try {
    doc = json::parse(r.out);
  } catch (...) {
    why = "rejection output is not JSON: " + r.out.substr(0, 200);
    return false;
  }
  // an error of the named hand carries exactly the case's code and field, where the case gives them
  bool named = false, exact = false;
  for (const auto& e : doc.value("errors", json::array())) {
    if (!e.is_object() || !e.contains("hand") || e["hand"] != expect["hand"]) continue;
    named = true;
    bool code_ok = !expect.contains("code") || (e.contains("code") && e["code"] == expect["code"]);
    bool field_ok = !expect.contains("field") || (e.contains("field") && e["field"] == expect["field"]);
    if (code_ok && field_ok) exact = true;
  }
  if (!named) {
    why = "errors do not name hand " + expect["hand"].dump() + ": " + doc.dump();
    return false;
  }
  if (!exact) {
    json want = json::object();
    for (const char* k : {"code", "field"})
      if (expect.contains(k)) want[k] = expect[k];
    why = "no error of hand " + expect["hand"].dump() + " has " + want.dump() + ": " + doc.dump().substr(0, 600);
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  bool calc_too = !(argc == 5 && std::string(argv[4]) == "--no-calc");
  if (argc != 4 && calc_too) {
    std::cerr << "usage: case_runner MARQUE_BIN EXAMPLES_DIR GAME [--no-calc]\n";
    return 2;
  }
  std::string bin = argv[1];
  fs::path dir = fs::path(argv[2]) / argv[3];
  std::string game = argv[3];
  if (!fs::is_directory(dir)) {
    std::cerr << "no case folder " << dir << "\n";
    return 1;
  }
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());

  if (files.empty()) {
    std::cout << "no case file in " << dir << ": nothing was tested\n";
    std::cout << game << ": 0 passed, 1 failed, 0 skipped\n";
    return 1;
  }

  // the binary must run and know the game: a broken build is a failure, never a skip
  Run rules = run({bin, "rules", game});
  if (rules.status != 0) {
    std::cout << "cannot run " << bin << " rules " << game << " (exit " << rules.status << ")\n";
    std::cout << game << ": 0 passed, " << files.size() << " failed, 0 skipped\n";
    return 1;
  }

  fs::path tmp = fs::temp_directory_path() / ("marque-cases-" + game + "-" + std::to_string(getpid()));
  fs::create_directories(tmp);
  int passed = 0, failed = 0;
  for (const auto& f : files) {
    json c;
    try {
      std::ifstream in(f);
      c = json::parse(in);
    } catch (const std::exception& e) {
      std::cout << "FAIL " << f.filename().string() << ": unreadable case file: " << e.what() << "\n";
      ++failed;
      continue;
    }
    std::string id = c.value("id", f.stem().string());
    fs::path gf = tmp / (f.stem().string() + ".game.json");
    {
      std::ofstream o(gf);
      o << c["game_file"].dump(2);
    }
    const json& expect = c["expect"];
    bool reject = expect.value("reject", false);
    std::vector<std::string> problems;

    // 1. calc
    std::string why;
    Run calc = calc_too ? run({bin, "calc", gf.string(), "--format", "json"}) : Run{};
    if (!calc_too) {
    } else if (reject) {
      if (!check_reject(expect, calc, why)) problems.push_back("calc: " + why);
    } else if (calc.status != 0) {
      problems.push_back("calc: exit " + std::to_string(calc.status) + ": " + calc.out.substr(0, 300));
    } else {
      try {
        if (!match_score(expect, json::parse(calc.out), why)) problems.push_back("calc: " + why);
      } catch (const std::exception& e) {
        problems.push_back(std::string("calc: output is not JSON: ") + e.what());
      }
    }

    // 2. import + score on a fresh database
    fs::path db = tmp / (f.stem().string() + ".db");
    fs::remove(db);
    Run imp = run({bin, "--db", db.string(), "import", gf.string(), "--format", "json"});
    if (reject) {
      if (!check_reject(expect, imp, why)) problems.push_back("import: " + why);
      if (fs::exists(db)) {
        Run games = run({bin, "--db", db.string(), "games", "--format", "json"});
        if (games.status != 0 || games.out.find("\"id\"") != std::string::npos)
          problems.push_back("import: the rejected file left something in the database: " + games.out.substr(0, 200));
      }
    } else if (imp.status != 0) {
      problems.push_back("import: exit " + std::to_string(imp.status) + ": " + imp.out.substr(0, 300));
    } else {
      Run sc = run({bin, "--db", db.string(), "score", "--format", "json"});
      try {
        if (sc.status != 0)
          problems.push_back("score: exit " + std::to_string(sc.status));
        else if (!match_score(expect, json::parse(sc.out), why))
          problems.push_back("import+score: " + why);
      } catch (const std::exception& e) {
        problems.push_back(std::string("score: output is not JSON: ") + e.what());
      }
    }
    if (problems.empty()) {
      ++passed;
      std::cout << "ok   " << id << "\n";
    } else {
      ++failed;
      std::cout << "FAIL " << id << " (" << f.filename().string() << ")\n";
      for (const auto& p : problems) std::cout << "       " << p << "\n";
    }
  }
  fs::remove_all(tmp);
  std::cout << game << ": " << passed << " passed, " << failed << " failed, 0 skipped\n";
  return failed ? 1 : 0;
}
