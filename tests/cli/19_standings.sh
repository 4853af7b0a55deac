# standings filters read the seat columns: each filter selects the games SQL selects, and league points add
# up to n/2 per game (the placing scores of a table sum to n/2, shared places included)
DB=$T/standings.db
expect_exit 0 "$BIN" --db "$DB" import "$SRC/examples/season.json"
expect_exit 0 "$BIN" --db "$DB" start tarot players=Ann,Ben,Cat dealer=Ann  # no date, no league
expect_exit 0 "$BIN" --db "$DB" hand taker=Ann contract=garde oudlers=2 points=50
expect_exit 0 "$BIN" --db "$DB" game close  # closed by decision: counts as it stands
# games that are not over count nowhere: an open game, an abandoned one, a closed game without hands
expect_exit 0 "$BIN" --db "$DB" start tarot players=Ann,Ben,Cat dealer=Ben --league "Thursday club" --date 2026-10-08
expect_exit 0 "$BIN" --db "$DB" hand taker=Ben contract=garde oudlers=2 points=60
expect_exit 0 "$BIN" --db "$DB" start tarot players=Ann,Ben,Cat dealer=Cat --league "Thursday club" --date 2026-10-08
expect_exit 0 "$BIN" --db "$DB" hand taker=Cat contract=garde oudlers=2 points=60
expect_exit 0 "$BIN" --db "$DB" game abandon
expect_exit 0 "$BIN" --db "$DB" start tarot players=Ann,Ben,Cat dealer=Cat --league "Thursday club" --date 2026-10-08
expect_exit 0 "$BIN" --db "$DB" game close
COUNTS="g.hand_count > 0 AND (g.ended = 'closed' OR (g.ended IS NULL AND g.status = 'finished'))"
standings_check() { # "standings args" "SQL condition on games g"
  eval "\"\$BIN\" --db \"\$DB\" standings $1 --format json" > "$T/st.json" 2>"$T/err" || { bad "standings $1: $(cat "$T/err")"; return; }
  local want seats
  set -- "$1" "($2) AND $COUNTS"
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
# a season is its league's games of its dates: the same standings as --league and --from/--to
expect_exit 0 "$BIN" --db "$DB" season add "October" --league "thursday club" --from 2026-10-05 --to 2026-10-31 && expect_out 'season October of Thursday club'
standings_check "--season october" "l.name = 'Thursday club' AND g.played_on BETWEEN '2026-10-05' AND '2026-10-31'"
"$BIN" --db "$DB" standings --season October --format json | python3 -c '
import json, sys; d = json.load(sys.stdin)
assert d["season"] == {"name": "October", "from": "2026-10-05", "to": "2026-10-31"}, d["season"]
assert d["filter"]["season"] == "October" and d["league"] == "Thursday club"' && ok || bad "the season is not named in the standings"
expect_exit 2 "$BIN" --db "$DB" standings --season October --from 2026-10-01
expect_exit 66 "$BIN" --db "$DB" standings --season Spring && expect_err 'no season named Spring'
expect_exit 1 "$BIN" --db "$DB" season add "OCTOBER" --league "Thursday club" --from 2026-10-01 --to 2026-10-02 && expect_err 'has a season named October already'
expect_exit 1 "$BIN" --db "$DB" season add "Late" --league "Thursday club" --from 2026-10-05 --to 2026-10-01 && expect_err 'would end'
expect_exit 1 "$BIN" --db "$DB" season add "Bad" --league "Thursday club" --from 2026-02-30 --to 2026-10-01
expect_exit 0 "$BIN" --db "$DB" season list && expect_out '^October +Thursday club +2026-10-05 +2026-10-31 +[0-9]+$'
# a coinche side that wins gets what a tarot winner gets: 1 league point per game won, 0 per game lost
"$BIN" --db "$DB" standings --kind coinche --format json | python3 -c '
import json, sys; d = json.load(sys.stdin)
for e in d["standings"]:
    c = e["by_game"]["coinche"]
    assert abs(c["league_points"] - c["wins"]) < 1e-9, e' && ok || bad "a coinche win is not worth 1 league point"
# an empty game, an abandoned one and an open one change no standing
snapshot() { MARQUE_NOW=2026-01-01T00:00:00Z "$BIN" --db "$DB" standings --format json; MARQUE_NOW=2026-01-01T00:00:00Z "$BIN" --db "$DB" stats --format json; }
snapshot > "$T/before.json"
expect_exit 0 "$BIN" --db "$DB" start coinche N=Ann E=Ben S=Cat W=Dan dealer=N --league "Thursday club" --date 2026-10-08
expect_exit 0 "$BIN" --db "$DB" game close
expect_exit 0 "$BIN" --db "$DB" start tarot players=Ann,Ben,Cat,Dan dealer=Ann --league "Thursday club" --date 2026-10-08
expect_exit 0 "$BIN" --db "$DB" hand taker=Dan contract=garde_contre oudlers=3 points=70
snapshot > "$T/open.json"
expect_exit 0 "$BIN" --db "$DB" game abandon
# a game closed after redeals only: no hand was played, it counts as a game without hands
expect_exit 0 "$BIN" --db "$DB" start tarot players=Ann,Ben,Cat dealer=Cat --league "Thursday club" --date 2026-10-08
expect_exit 0 "$BIN" --db "$DB" hand type=redeal reason=petit_sec player=Ann
expect_exit 0 "$BIN" --db "$DB" game close
snapshot > "$T/after.json"
cmp -s "$T/before.json" "$T/open.json" && ok || bad "an open game or an empty closed one changed the standings"
cmp -s "$T/before.json" "$T/after.json" && ok || bad "an abandoned game or one closed after redeals only changed the standings"
# statistics: redeals and all-pass deals are counted apart, never a best or worst hand
"$BIN" --db "$DB" stats --format json | python3 -c '
import json, sqlite3, sys
d = json.load(sys.stdin)
db = sqlite3.connect(sys.argv[1])
def unplayed(game, no):
    r = json.loads(db.execute("SELECT record FROM hands WHERE game_id = ? AND no = ?", (game, no)).fetchone()[0])
    return r.get("type") in ("redeal", "all_pass") or bool(r.get("redeal")) or (isinstance(r.get("contract"), dict) and r["contract"].get("kind") == "misdeal")
apart = sum(sum(k["deals_not_played"].values()) for p in d["players"].values() for k in p.values())
assert apart >= 30, apart  # the season has redeals, all-pass deals and misdeals in every kind
for p in d["players"].values():
    for k in p.values():
        for h in (k["best_hand"], k["worst_hand"]):
            assert not unplayed(h["game"], h["hand"]), h' "$DB" && ok || bad "statistics count unplayed deals"
