-- marque schema, version 11: tournaments (../shared/rules/tournament.md), an event of many tables over several
-- rounds. An event is stored as its marque-tournament/1 document (the library in src/tournament reads, draws and
-- ranks it); every change of it keeps the document before it, who, when and why (tournament_versions: version 1
-- is its creation, the highest the event as it stands), so an undo or a correction never loses anything. Each
-- drawn table has its row: its table code (spec 3.2, unique in the event: a phone opens that table with it), the
-- state of its result (4.3), when its round was published (a code opens its table only then) and, when it is
-- played as an ordinary marque game, that game.
CREATE TABLE tournaments (
  id         TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 64 AND id NOT GLOB '*[^a-z0-9-]*'),
  name       TEXT NOT NULL CHECK (length(name) > 0),
  game       TEXT NOT NULL CHECK (length(game) > 0),
  status     TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  version    INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1),
  document   TEXT NOT NULL CHECK (json_valid(document)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT;
CREATE TABLE tournament_versions (
  tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  version       INTEGER NOT NULL CHECK (version >= 1),
  document      TEXT NOT NULL CHECK (json_valid(document)),
  action        TEXT NOT NULL CHECK (length(action) > 0),
  at            TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
  by            TEXT NOT NULL DEFAULT 'cli',
  reason        TEXT,
  PRIMARY KEY (tournament_id, version)
) STRICT;
CREATE TABLE tournament_tables (
  tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
  round         INTEGER NOT NULL CHECK (round >= 1),
  table_no      INTEGER NOT NULL CHECK (table_no >= 1),
  code          TEXT NOT NULL CHECK (length(code) = 4),
  state         TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'submitted', 'confirmed', 'disputed')),
  published_at  TEXT,
  game_id       INTEGER REFERENCES games(id) ON DELETE SET NULL,
  PRIMARY KEY (tournament_id, round, table_no),
  UNIQUE (tournament_id, code)
) STRICT;
CREATE INDEX tournament_tables_game ON tournament_tables(game_id) WHERE game_id IS NOT NULL;
