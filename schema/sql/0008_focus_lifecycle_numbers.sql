-- marque schema, version 8: the table in focus, a game's end by decision, series of games, stable hand numbers.
-- settings: per-database state of the command line, e.g. the game last used ("focus").
CREATE TABLE settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) STRICT;

-- ended: a game closed by decision (counts as it stands), abandoned (never counts) or deleted (hidden, and
-- brought back by undo); NULL = the game runs by its own rules (open or finished).
ALTER TABLE games ADD COLUMN ended TEXT CHECK (ended IS NULL OR ended IN ('closed', 'abandoned', 'deleted'));
-- series_id: the first game of the series this game continues (a Piquet match or Rubicon session); NULL = none.
ALTER TABLE games ADD COLUMN series_id INTEGER REFERENCES games(id);
CREATE INDEX games_series ON games(series_id) WHERE series_id IS NOT NULL;

-- no: the hand's number as the scorer sees it (sheet, list, show, edit, errors). Given when the hand is added
-- and kept: deleting a hand does not renumber the later ones (seq stays the position in the game).
ALTER TABLE hands ADD COLUMN no INTEGER NOT NULL DEFAULT 0;
UPDATE hands SET no = seq;
CREATE UNIQUE INDEX hands_no ON hands(game_id, no);

-- the history of changes gains the game's own actions (close, abandon, delete, reopen, and the undo of a start)
-- and the number of the hand a change touched
CREATE TABLE changes_v8 (
  id      INTEGER PRIMARY KEY,
  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
  action  TEXT NOT NULL CHECK (action IN ('start', 'import', 'add', 'edit', 'delete', 'undo', 'redo', 'close',
                                          'abandon', 'delete_game', 'reopen')),
  seq     INTEGER,
  before  TEXT CHECK (before IS NULL OR json_valid(before)),
  after   TEXT CHECK (after IS NULL OR json_valid(after)),
  undone  INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
  ref     INTEGER,
  no      INTEGER
) STRICT;
INSERT INTO changes_v8 (id, game_id, at, action, seq, before, after, undone, ref, no)
  SELECT id, game_id, at, action, seq, before, after, undone, ref, seq FROM changes;
DROP TABLE changes;
ALTER TABLE changes_v8 RENAME TO changes;
CREATE INDEX changes_game ON changes(game_id, id);

-- folded: the player's name as marque matches names (NFKC case folding, core/unicode: "élodie" finds "Élodie"),
-- written by marque (the upgrade fills it for the players already there).
ALTER TABLE players ADD COLUMN folded TEXT NOT NULL DEFAULT '';
CREATE INDEX players_folded ON players(folded);

-- standings read the games through covering indexes: they now also select on status and ended
DROP INDEX games_league;
DROP INDEX games_played_on;
CREATE INDEX games_league ON games(league_id, played_on, game, hand_count, status, ended);
CREATE INDEX games_played_on ON games(played_on, game, league_id, hand_count, status, ended);
