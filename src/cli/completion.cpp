// Tab completion for bash, zsh and fish. The shell scripts are thin (marque completion SHELL writes them): at each
// Tab they ask `marque complete -- WORD... CURRENT`, and the answer is made here from the same definitions as --help
// and the manual: the commands, their options and the values their validators allow (the CLI11 app), the games, their
// set-up words, option ids and values and hand fields (GameRules), and from the database through app use cases:
// players, game ids, leagues, venues, nights and hand numbers. One candidate per line, "WORD<TAB>description"; a line
// ":files" asks the shell for file names. Nothing is written, nothing waits: a database that cannot be read gives no
// names, never an error.
#include <algorithm>
#include <iostream>
#include <set>

#include "cli/common.hpp"
#include "cli/manual.hpp"
#include "core/date.hpp"
#include "core/language.hpp"

namespace marque::cli {

namespace {

struct Candidate {
  std::string word, description;
};

// What the words before the cursor say: the command reached, the positionals given to it, the options' values.
struct Line {
  const CLI::App* at = nullptr;
  std::vector<const CLI::App*> chain;  // root .. at
  std::vector<std::string> positionals;
  std::string db, config, game;           // --db, --config, --game/-g as typed on the line
  const CLI::Option* value_of = nullptr;  // the current word is this option's value
  std::string value_prefix;               // "--league=" when the value is written in the same word
};

const CLI::Option* find_option(const CLI::App& app, const std::string& word) {
  for (const auto* o : app.get_options([](const CLI::Option* x) { return x->nonpositional(); })) {
    if (word.rfind("--", 0) == 0) {
      for (const auto& l : o->get_lnames())
        if (word == "--" + l) return o;
    } else if (word.size() == 2 && word[0] == '-') {
      for (const auto& s : o->get_snames())
        if (word == "-" + s) return o;
    }
  }
  return nullptr;
}

std::string long_name(const CLI::Option* o) {
  if (!o->get_lnames().empty()) return o->get_lnames().front();
  return o->get_snames().empty() ? o->get_name(true) : o->get_snames().front();
}

Line read_line(const CLI::App& root, const std::vector<std::string>& words) {
  Line line;
  line.at = &root;
  line.chain.push_back(&root);
  const size_t n = words.empty() ? 0 : words.size() - 1;  // the last word is the one being completed
  auto remember = [&](const CLI::Option* o, const std::string& v) {
    const std::string name = long_name(o);
    if (line.at == &root && name == "db") line.db = v;
    if (line.at == &root && name == "config") line.config = v;
    if (name == "game") line.game = v;
  };
  for (size_t i = 0; i < n; ++i) {
    const std::string& w = words[i];
    if (w.size() > 1 && w[0] == '-') {
      const std::string name = w.substr(0, w.find('='));
      const CLI::Option* o = find_option(*line.at, name);
      if (!o || !takes_value(o)) continue;
      if (name.size() < w.size()) {
        remember(o, w.substr(name.size() + 1));
      } else if (i + 1 < n) {
        remember(o, words[++i]);
      } else {
        line.value_of = o;  // the word being completed is this option's value
      }
      continue;
    }
    const CLI::App* sub = nullptr;
    if (line.positionals.empty())
      for (const auto* s : visible_subcommands(*line.at))
        if (s->get_name() == w) sub = s;
    if (sub) {
      line.at = sub;
      line.chain.push_back(sub);
      line.positionals.clear();
    } else {
      line.positionals.push_back(w);
    }
  }
  if (!line.value_of && !words.empty()) {
    const std::string& cur = words.back();
    if (cur.rfind("--", 0) == 0 && cur.find('=') != std::string::npos) {
      const CLI::Option* o = find_option(*line.at, cur.substr(0, cur.find('=')));
      if (o && takes_value(o)) {
        line.value_of = o;
        line.value_prefix = cur.substr(0, cur.find('=') + 1);
      }
    }
  }
  return line;
}

// The positional the next word fills: in order, a list one takes every word left
const CLI::Option* positional_at(const CLI::App& app, size_t index) {
  size_t at = 0;
  for (const auto* o :
       app.get_options([](const CLI::Option* x) { return x->get_positional() && !x->nonpositional(); })) {
    const int max = o->get_items_expected_max();
    if (max > 1) return o;
    if (at == index) return o;
    ++at;
  }
  return nullptr;
}

// The database named on the line (or by the environment, the config file, the default), as it is: read-only,
// never upgraded, never waiting for a lock (app::peek_database); nullptr when it cannot be read at once (no database
// yet, a broken config file, another process upgrading it ...).
app::Database open_quietly(const Context& base, const Line& line) {
  try {
    Context ctx;
    ctx.db = line.db.empty() ? base.db : line.db;
    ctx.config = line.config.empty() ? base.config : line.config;
    return app::peek_database(ctx.db_setting().value);
  } catch (...) {
    return nullptr;
  }
}

std::vector<Candidate> players(app::Database& db) {
  std::vector<Candidate> out;
  if (!db) return out;
  try {
    for (const auto& p : app::players(*db))
      out.push_back({p.name, std::to_string(p.games) + (p.games == 1 ? " game" : " games")});
  } catch (...) {
  }
  return out;
}

std::vector<Candidate> game_ids(app::Database& db) {
  std::vector<Candidate> out;
  if (!db) return out;
  try {
    auto games = app::games(*db);
    std::reverse(games.begin(), games.end());  // the newest first
    for (const auto& g : games) {
      std::string names;
      for (const auto& p : g.players) names += (names.empty() ? "" : ", ") + p;
      const std::string date = g.meta.is_object() ? g.meta.value("date", std::string()) : std::string();
      out.push_back({std::to_string(g.id), g.game + ": " + names + (date.empty() ? "" : " (" + date + ")")});
    }
  } catch (...) {
  }
  return out;
}

// The values of a meta key (league, venue) across games and nights, each once
std::vector<Candidate> meta_values(app::Database& db, const std::string& key) {
  std::vector<Candidate> out;
  if (!db) return out;
  std::set<std::string> seen;
  auto add = [&](const std::string& v) {
    if (!v.empty() && seen.insert(v).second) out.push_back({v, key});
  };
  try {
    for (const auto& g : app::games(*db))
      if (g.meta.is_object() && g.meta.contains(key) && g.meta[key].is_string()) add(g.meta[key].get<std::string>());
    for (const auto& night : app::nights(*db)) add(key == "league" ? night.league : key == "venue" ? night.venue : "");
  } catch (...) {
  }
  return out;
}

std::vector<Candidate> night_ids(app::Database& db) {
  std::vector<Candidate> out;
  if (!db) return out;
  try {
    for (const auto& night : app::nights(*db))
      out.push_back({std::to_string(night.id), night.date + (night.venue.empty() ? "" : " " + night.venue)});
  } catch (...) {
  }
  return out;
}

std::vector<Candidate> kinds() {
  std::vector<Candidate> out;
  for (const auto* g : rules::all_games()) out.push_back({std::string(g->id()), std::string(g->title())});
  return out;
}

std::string json_word(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

// "players=Ann,B" -> the names after the last ',' or ':' completed, the names already in the word left out
std::vector<Candidate> names_in_word(const std::string& head, const std::string& typed,
                                     const std::vector<Candidate>& names) {
  const size_t cut = typed.find_last_of(",:");
  const std::string before = cut == std::string::npos ? "" : typed.substr(0, cut + 1);
  std::set<std::string> used;
  for (const auto& item : rules::split_list(before)) used.insert(item);
  std::vector<Candidate> out;
  for (const auto& n : names)
    if (!used.count(n.word)) out.push_back({head + before + n.word, n.description});
  return out;
}

// The words of `marque start GAME ...`: the set-up keys of the game's start examples, option.ID= for each option,
// and their values (a name for a key whose example value is a player's name).
std::vector<Candidate> start_words(const rules::GameRules& gr, const std::string& cur,
                                   const std::set<std::string>& typed_keys,
                                   const std::function<std::vector<Candidate>()>& db_players) {
  struct Key {
    std::string key, example;
    bool names = false;
  };
  std::vector<Key> keys;
  for (const auto& e : gr.start_examples()) {
    std::vector<std::string> example_players;
    std::vector<std::pair<std::string, std::string>> words;
    std::string rest = e;
    for (size_t at = 0; at <= rest.size();) {
      size_t sp = rest.find(' ', at);
      std::string w = rest.substr(at, sp == std::string::npos ? std::string::npos : sp - at);
      at = sp == std::string::npos ? rest.size() + 1 : sp + 1;
      auto eq = w.find('=');
      if (eq != std::string::npos && eq > 0 && w.rfind("option.", 0) != 0)
        words.emplace_back(w.substr(0, eq), w.substr(eq + 1));
    }
    // the example's players: the set-up's own reading of the words
    Diagnostics ignored;
    json setup = gr.setup_from_args(words, ignored);
    rules::Replay r = rules::replay(
        {{"format", "marque-game/1"}, {"game", gr.id()}, {"setup", setup}, {"hands", json::array()}});
    if (r.ok && r.state) example_players = r.state->players();
    for (const auto& [key_, v] : words) {
      const std::string& k = key_;  // a structured binding is not captured by a lambda under clang 14
      if (std::any_of(keys.begin(), keys.end(), [&](const Key& x) { return x.key == k; })) continue;
      bool names = !example_players.empty();
      for (const auto& item : rules::split_list(v))
        names = names && std::find(example_players.begin(), example_players.end(), item) != example_players.end();
      keys.push_back({k, v, names});
    }
  }
  const auto options = gr.options();
  std::vector<Candidate> out;
  const auto eq = cur.find('=');
  if (eq == std::string::npos) {
    for (const auto& k : keys)
      if (!typed_keys.count(k.key)) out.push_back({k.key + "=", "e.g. " + k.key + "=" + k.example});
    for (const auto& o : options)
      if (!typed_keys.count("option." + o.id)) out.push_back({"option." + o.id + "=", o.help});
    return out;
  }
  const std::string key = cur.substr(0, eq), typed = cur.substr(eq + 1);
  if (key.rfind("option.", 0) == 0 || key.rfind("opt.", 0) == 0) {
    const std::string id = key.substr(key.find('.') + 1);
    for (const auto& o : options) {
      if (o.id != id) continue;
      std::vector<json> values = o.values;
      if (values.empty() && o.type == "bool") values = {true, false};
      if (values.empty()) values = {o.default_value};
      if (o.type == "list") {
        const size_t cut = typed.find_last_of(',');
        const std::string before = cut == std::string::npos ? "" : typed.substr(0, cut + 1);
        for (const auto& v : values) out.push_back({key + "=" + before + json_word(v), o.id});
      } else {
        for (const auto& v : values)
          out.push_back({key + "=" + json_word(v), v == o.default_value ? "the rules' default" : o.id});
      }
    }
    return out;
  }
  for (const auto& k : keys) {
    if (k.key != key) continue;
    if (k.names) return names_in_word(key + "=", typed, db_players());
    out.push_back({key + "=" + k.example, "as in marque rules " + std::string(gr.id())});
  }
  return out;
}

// The words of `marque hand` / `marque edit` for the game the line means: the game's hand fields (those not typed
// yet), an enum's values, a player field's names (the game's players), and NAME: at the start of an item of a list
// of per-player values (poignee=Ben:simple, tricks=Ann:2,Cat:5).
std::vector<Candidate> hand_words(app::Database& db, const std::string& game, const std::string& cur,
                                  const std::set<std::string>& typed_keys) {
  std::vector<Candidate> out;
  if (!db) return out;
  try {
    std::optional<int64_t> id;
    if (!game.empty()) id = std::stoll(game);
    const int64_t g = app::resolve_game(*db, id);
    const auto* gr = app::find_rules(app::game_kind(*db, g));
    if (!gr) return out;
    std::vector<std::string> players;
    for (const auto& info : app::games(*db))
      if (info.id == g) players = info.players;
    const auto fields = gr->fields();
    const auto eq = cur.find('=');
    if (eq == std::string::npos) {
      for (const auto& f : fields)
        if (!typed_keys.count(f.name)) out.push_back({f.name + "=", (f.required ? "required: " : "") + f.help});
      return out;
    }
    const std::string key = cur.substr(0, eq), typed = cur.substr(eq + 1);
    for (const auto& f : fields) {
      if (f.name != key) continue;
      if (!f.values.empty()) {
        for (const auto& v : f.values) out.push_back({key + "=" + v, f.name});
      } else if (f.type == "bool") {
        for (const char* v : {"true", "false"}) out.push_back({key + "=" + v, f.name});
      } else if (f.type == "player") {
        for (const auto& p : players) out.push_back({key + "=" + p, "player"});
      } else if (f.type == "array" || f.type == "object") {
        const size_t cut = typed.find_last_of(',');
        const std::string item = cut == std::string::npos ? typed : typed.substr(cut + 1);
        const std::string before = cut == std::string::npos ? "" : typed.substr(0, cut + 1);
        if (item.find(':') == std::string::npos)
          for (const auto& p : players) out.push_back({key + "=" + before + p + ":", f.help});
      }
    }
  } catch (...) {
  }
  return out;
}

std::vector<Candidate> hand_numbers(app::Database& db, const std::string& game) {
  std::vector<Candidate> out;
  if (!db) return out;
  try {
    std::optional<int64_t> id;
    if (!game.empty()) id = std::stoll(game);
    const int64_t g = app::resolve_game(*db, id);
    for (const auto& h : app::game_view(*db, g).hands) out.push_back({std::to_string(h.no), h.words});
  } catch (...) {
  }
  return out;
}

// Every candidate the line allows at the cursor (the caller keeps those that start with the current word).
std::vector<Candidate> candidates(const CLI::App& root, const Context& ctx, const std::vector<std::string>& words,
                                  bool& files) {
  const Line line = read_line(root, words);
  const std::string cur = words.empty() ? "" : words.back();
  app::Database db;
  bool opened = false;
  auto database = [&]() -> app::Database& {
    if (!opened) db = open_quietly(ctx, line), opened = true;
    return db;
  };
  std::vector<Candidate> out;

  if (line.value_of) {
    const CLI::Option* o = line.value_of;
    const std::string name = long_name(o);
    const std::string type = o->get_type_name();
    std::vector<Candidate> values;
    if (auto brace = type.find('{'); brace != std::string::npos && type.back() == '}') {
      for (const auto& v : rules::split_list(type.substr(brace + 1, type.size() - brace - 2)))
        values.push_back({v, ""});
    } else if (name == "game" || name == "g") {
      values = game_ids(database());
    } else if (name == "night") {
      values = night_ids(database());
    } else if (name == "league" || name == "venue") {
      values = meta_values(database(), name);
    } else if (name == "kind") {
      values = kinds();
    } else if (name == "date" || name == "from" || name == "to") {
      values = {{today(), "today"}};
    } else if (name == "db" || name == "config" || name == "json" || name == "o" || name == "dir") {
      files = true;
    }
    for (auto& v : values) v.word = line.value_prefix + v.word;
    return values;
  }

  if (!cur.empty() && cur[0] == '-') {
    for (const auto* o : line.at->get_options([](const CLI::Option* x) { return x->nonpositional(); })) {
      for (const auto& l : o->get_lnames()) out.push_back({"--" + l, o->get_description()});
      for (const auto& s : o->get_snames()) out.push_back({"-" + s, o->get_description()});
    }
    return out;
  }

  const auto subs = visible_subcommands(*line.at);
  if (!subs.empty() && line.positionals.empty()) {
    for (const auto* s : subs) out.push_back({s->get_name(), s->get_description()});
    return out;
  }

  const CLI::Option* pos = positional_at(*line.at, line.positionals.size());
  if (!pos) return out;
  const std::string name = pos->get_name(true);
  const std::string command = line.at->get_name();
  const bool whole_number = pos->get_type_name().rfind("INT", 0) == 0;
  std::set<std::string> typed_keys;
  for (const auto& w : line.positionals)
    if (auto eq = w.find('='); eq != std::string::npos) typed_keys.insert(w.substr(0, eq));

  if (name == "game") return whole_number ? game_ids(database()) : kinds();
  if (name == "seq") return hand_numbers(database(), line.game);
  if (name == "player" || name == "old" || name == "duplicate" || name == "keep") return players(database());
  if (name.find("file") != std::string::npos) {
    files = true;
    return out;
  }
  if (name == "command") {
    // help COMMAND [SUBCOMMAND]: the commands at that depth
    const CLI::App* at = &root;
    for (const auto& w : line.positionals)
      for (const auto* s : visible_subcommands(*at))
        if (s->get_name() == w) at = s;
    for (const auto* s : visible_subcommands(*at)) out.push_back({s->get_name(), s->get_description()});
    return out;
  }
  if (name == "fields" && command == "start" && !line.positionals.empty()) {
    const auto* gr = app::find_rules(line.positionals.front());
    if (!gr) return out;
    return start_words(*gr, cur, typed_keys, [&] { return players(database()); });
  }
  if (name == "fields" && (command == "hand" || command == "edit"))
    return hand_words(database(), line.game, cur, typed_keys);
  if (name == "fields" && command == "next" && cur.find('=') == std::string::npos)
    return {{"dealer=", "who deals first in the new game"}};
  if (name == "fields" && command == "next")
    return names_in_word("dealer=", cur.substr(cur.find('=') + 1), players(database()));
  return out;
}

// The scripts: each passes the words before the cursor and the current word to `marque complete` and shows what it
// answers. The program's own name as typed on the line runs (a marque not on PATH completes too).
const char* const k_bash =
    R"BASH(# bash completion for marque; made by `marque completion bash`. The candidates come from
# `marque complete`, which reads the command definitions, the games' rules and the database.
_marque() {
  local line=${COMP_LINE:0:COMP_POINT} pos=0 i w rest trimmed gap
  local -a words=()
  # bash splits words at = and : (COMP_WORDBREAKS): join again the pieces with no blank between them
  for ((i = 0; i <= COMP_CWORD; i++)); do
    w=${COMP_WORDS[i]}
    rest=${line:pos}
    trimmed=${rest#"${rest%%[![:space:]]*}"}
    gap=$((${#rest} - ${#trimmed}))
    pos=$((pos + gap))
    if ((i == COMP_CWORD)); then w=${trimmed:0:${#w}}; fi
    if ((i == 0 || gap > 0)); then words+=("$w"); else words[${#words[@]}-1]+=$w; fi
    pos=$((pos + ${#w}))
  done
  local piece=${COMP_WORDS[COMP_CWORD]:0:$((${#words[${#words[@]}-1]}))}
  [[ ${words[${#words[@]}-1]} == *"$piece" ]] || piece=""
  # a piece that is only the = or : bash split at (taker=<Tab>): readline completes the empty text after it
  [[ -z ${piece//[=:]/} ]] && piece=""
  # quotes as typed are not part of the words
  local -a args=()
  for w in "${words[@]:1}"; do
    w=${w//\\ / }; w=${w//\"/}; w=${w//\'/}
    args+=("$w")
  done
  local cur=${args[${#args[@]}-1]}
  local dq_piece=${piece//\\ / }; dq_piece=${dq_piece//\"/}; dq_piece=${dq_piece//\'/}
  local head=${cur%"$dq_piece"}
  local out c
  out=$("${words[0]}" complete "${args[@]/#/_}" 2>/dev/null) || return 0
  COMPREPLY=()
  local nospace=0 files=0
  while IFS= read -r c; do
    [[ -z $c ]] && continue
    if [[ $c == :files ]]; then files=1; continue; fi
    c=${c%%$'\t'*}
    [[ $c == "$cur"* ]] || continue
    [[ $c == *[=,:] ]] && nospace=1
    c=${c#"$head"}
    # shell-quote what needs it (a space in a league's name), not the commas of a list
    if [[ $c == *[[:space:]\'\"\\\$\`\(\)\&\;\|\<\>\*\?\[\]\{\}\!\#]* ]]; then printf -v c '%q' "$c"; fi
    COMPREPLY+=("$c")
  done <<<"$out"
  if ((nospace)); then compopt -o nospace 2>/dev/null; fi
  if ((files && ${#COMPREPLY[@]} == 0)); then compopt -o default 2>/dev/null; fi
  return 0
}
complete -F _marque marque
)BASH";

const char* const k_zsh = R"ZSH(#compdef marque
# zsh completion for marque; made by `marque completion zsh`. The candidates come from `marque complete`, which
# reads the command definitions, the games' rules and the database.
_marque() {
  local line cand desc files=0
  local -a lines words_s words_d nospace_s nospace_d
  local -a args
  args=("${(@Q)words[2,CURRENT]}")
  lines=("${(@f)$("${words[1]}" complete "_${^args[@]}" 2>/dev/null)}")
  for line in $lines; do
    [[ -z $line ]] && continue
    if [[ $line == :files ]]; then files=1; continue; fi
    cand=${line%%$'\t'*}
    desc=""
    [[ $line == *$'\t'* ]] && desc=${line#*$'\t'}
    if [[ $cand == *[=,:] ]]; then
      nospace_s+=("$cand"); nospace_d+=("$cand${desc:+  -- $desc}")
    else
      words_s+=("$cand"); words_d+=("$cand${desc:+  -- $desc}")
    fi
  done
  (( ${#words_s} )) && compadd -l -d words_d -a words_s
  (( ${#nospace_s} )) && compadd -S '' -l -d nospace_d -a nospace_s
  (( files )) && _files
  return 0
}
if [[ ${zsh_eval_context[-1]} == loadautofunc ]]; then
  _marque "$@"
else
  compdef _marque marque
fi
)ZSH";

const char* const k_fish =
    R"FISH(# fish completion for marque; made by `marque completion fish`. The candidates come from `marque complete`, which
# reads the command definitions, the games' rules and the database.
function __marque_complete
    set -l tokens (commandline -opc)
    set -l current (commandline -ct)
    for line in ($tokens[1] complete _$tokens[2..-1] _$current 2>/dev/null)
        if test "$line" = ":files"
            __fish_complete_path $current
        else
            echo $line
        end
    end
end
complete -c marque -f -a '(__marque_complete)'
)FISH";

}  // namespace

namespace commands {

CommandRecord add_completion(CLI::App& app, Context&, Commands& out) {
  struct Options {
    std::string shell;
  };
  auto o = std::make_shared<Options>();
  auto* script = app.add_subcommand("completion", text::tr("help.completion",
                                                           "write the Tab-completion script for bash, zsh or fish"));
  script->group("");  // hidden: the package installs the scripts
  script->add_option("shell", o->shell, text::tr("help.completion.shell", "bash, zsh or fish"))
      ->required()
      ->check(CLI::IsMember({"bash", "zsh", "fish"}));
  script->footer(text::tr("help.completion.footer",
                          "Examples:\n  source <(marque completion bash)\n  marque completion zsh > ~/.zfunc/_marque\n"
                          "  marque completion fish > ~/.config/fish/completions/marque.fish"));
  out.push_back({script, [o] {
                   std::cout << (o->shell == "bash" ? k_bash : o->shell == "zsh" ? k_zsh : k_fish);
                   return 0;
                 }});
  return {"completion", false};
}

CommandRecord add_complete(CLI::App& app, Context& ctx, Commands& out) {
  auto* complete = app.add_subcommand(
      "complete",
      text::tr("help.complete", "the candidates for the word at the cursor (what the completion scripts ask)"));
  complete->group("");
  // every word after "complete" is a word of the line: the words after marque up to the cursor, the last one the word
  // being completed, each with a leading "_" (so that CLI11 reads none of them as an option: --db, -, -h)
  complete->prefix_command();
  out.push_back({complete, [complete, &app, &ctx] {
                   std::vector<std::string> words = complete->remaining();
                   for (auto& w : words)
                     if (!w.empty() && w[0] == '_') w.erase(0, 1);
                   if (words.empty()) words.push_back("");
                   bool files = false;
                   std::vector<Candidate> found;
                   try {
                     found = candidates(app, ctx, words, files);
                   } catch (...) {
                     found.clear();  // completion never fails loudly
                   }
                   const std::string& cur = words.back();
                   std::string text;
                   for (const auto& c : found) {
                     if (c.word.rfind(cur, 0) != 0) continue;
                     std::string d = c.description;
                     for (auto& ch : d)
                       if (ch == '\n' || ch == '\t') ch = ' ';
                     text += c.word + (d.empty() ? "" : "\t" + d) + "\n";
                   }
                   if (files) text += ":files\n";
                   std::cout << text;
                   return 0;
                 }});
  return {"complete", false};
}

}  // namespace commands

}  // namespace marque::cli
