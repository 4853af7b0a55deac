# standings filters read the seat columns: each filter selects the games SQL selects, and league points add
# up to n/2 per game (the placing scores of a table sum to n/2, shared places included)
DB=$T/standings.db
expect_exit 0 "$BIN" --db "$DB" import "$SRC/examples/season.json"
expect_exit 0 "$BIN" --db "$DB" start tarot players=Ann,Ben,Cat dealer=Ann  # no date, no league
expect_exit 0 "$BIN" --db "$DB" hand taker=Ann contract=garde oudlers=2 points=50
standings_check() { # "standings args" "SQL condition on games g"
  eval "\"\$BIN\" --db \"\$DB\" standings $1 --format json" > "$T/st.json" 2>"$T/err" || { bad "standings $1: $(cat "$T/err")"; return; }
  local want seats
  want=$(sqlite3 "$DB" "SELECT count(*) FROM games g LEFT JOIN leagues l ON l.id = g.league_id WHERE $2")
  seats=$(sqlite3 "$DB" "SELECT coalesce(sum(n), 0) FROM (SELECT (SELECT count(*) FROM game_players p WHERE p.game_id = g.id) AS n FROM games g LEFT JOIN leagues l ON l.id = g.league_id WHERE $2)")
  python3 - "$T/st.json" "$want" "$seats" > "$T/py" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
games, seats = int(sys.argv[2]), int(sys.argv[3])
lp = sum(e["league_points"] for e in doc["standings"])
assert games > 0 or sys.argv[2] == "0", "the filter selects nothing"
print("games", doc["games"], "want", games, "league points", round(lp, 2), "want", seats / 2)
sys.exit(0 if doc["games"] == games and abs(lp - seats / 2) < 0.01 * max(1, len(doc["standings"])) else 1)
PY
  if [[ $? -eq 0 ]]; then ok; else bad "standings $1: $(cat "$T/py")"; fi
}
standings_check "" "1"
standings_check "--league 'thursday CLUB'" "l.name = 'Thursday club'"
standings_check "--league 'Thursday club' --players 4" "l.name = 'Thursday club' AND (SELECT count(*) FROM game_players p WHERE p.game_id = g.id) = 4"
standings_check "--kind coinche" "g.game = 'coinche'"
standings_check "--kind tarot --players 3" "g.game = 'tarot' AND (SELECT count(*) FROM game_players p WHERE p.game_id = g.id) = 3"
standings_check "--players 2" "(SELECT count(*) FROM game_players p WHERE p.game_id = g.id) = 2"
standings_check "--from 2026-10-05 --to 2026-10-10" "g.played_on BETWEEN '2026-10-05' AND '2026-10-10'"
standings_check "--league nobody" "0"
