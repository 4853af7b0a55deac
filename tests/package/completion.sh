#!/usr/bin/env bash
# Tab completion: what `marque complete` answers (commands, options, option values, games, set-up words, option ids
# and values, hand fields, and from the database players, game ids, leagues and hand numbers; nothing from a
# database that does not exist, and none created), then the bash script driven as bash drives it (COMP_WORDS as
# readline splits them at = and :) and, through a pseudo-terminal, a real interactive bash completing a player's
# name; zsh and fish the same way when they are installed.
# Usage: completion.sh MARQUE_BIN
set -u
BIN=$(realpath "$1")
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
export HOME=$T/home XDG_DATA_HOME=$T/data XDG_CONFIG_HOME=$T/config NO_COLOR=1 LC_ALL=C.UTF-8
unset MARQUE_DB MARQUE_CONFIG
mkdir -p "$HOME" "$T/bin"
ln -s "$BIN" "$T/bin/marque"
export PATH=$T/bin:$PATH
cd "$T" || exit 1
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# candidates LINE: the words marque complete offers for the line (the last word is the one being completed)
candidates() {
  local -a a
  read -r -a a <<<"$1"
  [[ $1 == *" " || -z $1 ]] && a+=("")
  marque complete "${a[@]/#/_}" | cut -f1
}
offers() { # line word...
  local line=$1; shift
  local got; got=$(candidates "$line")
  for w in "$@"; do
    grep -qxF -- "$w" <<<"$got" && ok || { bad "'$line' does not offer '$w'"; echo "$got" | head -10 | sed 's/^/   got: /'; }
  done
}
offers_not() {
  local line=$1; shift
  local got; got=$(candidates "$line")
  for w in "$@"; do grep -qxF -- "$w" <<<"$got" && bad "'$line' offers '$w'" || ok; done
}

# no database yet: the commands and the rules, no names, and no database created
offers "" start hand standings config help
offers_not "" manual complete completion
offers "st" start standings stats
offers "start " tarot coinche prefa piquet alsos
offers "start coinche " "N=" "dealer=" "option.rounding=" "option.target_score="
offers "start coinche option.rounding=" "option.rounding=none" "option.rounding=half_up" "option.rounding=six_up"
offers "start tarot option.poignee_to=s" "option.poignee_to=shower"
offers "-" "--db" "--config" "--quiet" "--version"
offers "start --" "--league" "--date" "--night"
offers "sheet --format " text html json
offers "standings --kind " tarot alsos
offers "rules " prefa piquet
offers "help " start night
offers "help night " start list
[[ -z $(candidates "stats ") ]] && ok || bad "names without a database"
[[ -e $XDG_DATA_HOME/marque/marque.db ]] && bad "completion created a database" || ok
[[ $(candidates "import ") == ":files" ]] && ok || bad "import does not ask for files"
[[ $(candidates "--db ") == ":files" ]] && ok || bad "--db does not ask for files"

# a database with players, games, a league
marque start tarot players=Ann,Béla,Cat,Dan dealer=Ann --league "Thursday club" --date 2026-11-20 >/dev/null 2>&1 || bad "start tarot"
marque hand taker=Béla contract=garde oudlers=2 points=47 >/dev/null 2>&1 || bad "hand"
marque start coinche N=Nina E=Emil S=Sara W=Will dealer=W --date 2026-11-21 >/dev/null 2>&1 || bad "start coinche"
offers "stats " Ann Béla Cat Dan Nina
offers "stats B" Béla
offers_not "stats B" Ann
offers "player rename " Ann
offers "start tarot players=" "players=Ann" "players=Nina"
offers "start tarot players=Ann,B" "players=Ann,Béla"
offers_not "start tarot players=Ann," "players=Ann,Ann"
offers "start coinche N=Ni" "N=Nina"
offers "score " 1 2
offers "hand --game " 1 2
offers "standings --league " "Thursday club"
offers "standings --league=Th" "--league=Thursday club"
offers "hand --game 1 " "taker=" "contract=" "oudlers=" "points="
offers "hand --game 1 contract=" "contract=garde" "contract=prise"
offers "hand --game 1 taker=" "taker=Béla"
offers "hand --game 2 bidder=" "bidder=N"
offers "hand --game 1 taker=Ann " "contract="
offers_not "hand --game 1 taker=Ann " "taker="
offers "edit --game 1 " 1
# a database named on the line is the one read
marque --db "$T/other.db" start piquet players=Xavier,Yves elder=Xavier >/dev/null 2>&1 || bad "start piquet"
offers "--db $T/other.db stats " Xavier
offers_not "--db $T/other.db stats " Ann

# the bash script, as bash calls it: COMP_WORDS split at = and : as readline does
marque completion bash >"$T/marque.bash" && bash -n "$T/marque.bash" && ok || bad "marque completion bash"
cat >"$T/drive.bash" <<'EOF'
source "$1"
t() { # expected COMP_LINE words...
  local want=$1; COMP_LINE=$2; COMP_POINT=${#2}; shift 2
  COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
  _marque
  local r; for r in "${COMPREPLY[@]}"; do [[ $r == "$want" ]] && return 0; done
  echo "FAIL: [$COMP_LINE] -> ${COMPREPLY[*]:-nothing} (want $want)"; return 1
}
rc=0
t "Béla" "marque stats Bé" marque stats Bé || rc=1
t "Ann,Béla" "marque start tarot players=Ann,B" marque start tarot players = Ann,B || rc=1
# after key= bash's current word is the "=" alone, which readline does not replace: the names come without it
t "Nina" "marque start coinche N=" marque start coinche N = || rc=1
t "Béla" "marque hand --game 1 taker=" marque hand --game 1 taker = || rc=1
t "Béla:" "marque hand --game 1 poignees=" marque hand --game 1 poignees = || rc=1
t "Thursday\ club" "marque standings --league Thu" marque standings --league Thu || rc=1
t "half_up" "marque start coinche option.rounding=h" marque start coinche option.rounding = h || rc=1
t "garde" "marque hand --game 1 contract=g" marque hand --game 1 contract = g || rc=1
t "standings" "marque stan" marque stan || rc=1
exit $rc
EOF
bash "$T/drive.bash" "$T/marque.bash" && ok || bad "bash completion through COMP_WORDS"

# a real interactive bash at a terminal: "marque stats Bé<Tab>" becomes "marque stats Béla"; "taker=<Tab>" offers
# the names and inserts nothing (never "taker=="), then "Bé<Tab>" completes
interactive() { # shell-command setup-line [keys]
  local keys=${3:-'marque stats Bé\t'}
  { sleep 2; printf '%s\n' "$2"; sleep 2; printf "$keys"; sleep 3; printf '\001echo COMPLETED: \n'; sleep 1; printf 'exit\n'; } |
    timeout 30 script -qfec "$1" /dev/null 2>&1 | tr -d '\r' | grep -ao 'COMPLETED: marque.*' | tail -1
}
# the sessions wait for their shells (about 8 s each): they run side by side, each into its own file
if command -v script >/dev/null; then
  interactive "bash --norc --noprofile -i" "source $T/marque.bash" >"$T/i1" &
  interactive "bash --norc --noprofile -i" "source $T/marque.bash" 'marque hand --game 1 taker=\t\tBé\t' >"$T/i2" &
  if command -v zsh >/dev/null; then
    mkdir -p "$T/zfunc"
    marque completion zsh >"$T/zfunc/_marque"
    interactive "zsh -f -i" "fpath=($T/zfunc \$fpath); autoload -U compinit; compinit -u -D" >"$T/i3" &
    interactive "zsh -f -i" "fpath=($T/zfunc \$fpath); autoload -U compinit; compinit -u -D" 'marque hand --game 1 taker=\tBé\t' >"$T/i4" &
  fi
  wait
  got=$(cat "$T/i1")
  [[ $got == "COMPLETED: marque stats Béla" ]] && ok || bad "interactive bash: '$got'"
  got=$(cat "$T/i2")
  [[ $got == "COMPLETED: marque hand --game 1 taker=Béla" ]] && ok || bad "interactive bash after taker=: '$got'"
fi

# zsh and fish, when installed
if command -v zsh >/dev/null; then
  mkdir -p "$T/zfunc"
  marque completion zsh >"$T/zfunc/_marque" && zsh -n "$T/zfunc/_marque" && ok || bad "marque completion zsh"
  if command -v script >/dev/null; then
    got=$(cat "$T/i3")
    [[ $got == "COMPLETED: marque stats Béla" ]] && ok || bad "interactive zsh: '$got'"
    got=$(cat "$T/i4")
    [[ $got == "COMPLETED: marque hand --game 1 taker=Béla" ]] && ok || bad "interactive zsh after taker=: '$got'"
  fi
else
  echo "zsh is not installed: its completion is not tried"
fi
if command -v fish >/dev/null; then
  marque completion fish >"$T/marque.fish" && fish -n "$T/marque.fish" && ok || bad "marque completion fish"
  got=$(fish --no-config -c "source $T/marque.fish; complete -C 'marque stats Bé'" | cut -f1)
  [[ $got == "Béla" ]] && ok || bad "fish: '$got'"
  got=$(fish --no-config -c "source $T/marque.fish; complete -C 'marque start tarot players=Ann,B'" | cut -f1)
  [[ $got == "players=Ann,Béla" ]] && ok || bad "fish: '$got'"
  got=$(fish --no-config -c "source $T/marque.fish; complete -C 'marque hand --game 1 taker='" | cut -f1 | sort | tr '\n' ' ')
  [[ $got == "taker=Ann taker=Béla taker=Cat taker=Dan " ]] && ok || bad "fish after taker=: '$got'"
else
  echo "fish is not installed: its completion is not tried"
fi

echo "completion: $pass passed, $fail failed"
[[ $fail -eq 0 ]]
