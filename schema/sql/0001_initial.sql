-- marque schema, version 1. Every table is STRICT. The record a scorer typed is the truth (hands.record);
-- hands.score and postings are derived by the rules engine and re-checked by `marque check`.
CREATE TABLE players (
  id         INTEGER PRIMARY KEY,
  name       TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(trim(name)) > 0),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT;

CREATE TABLE leagues (
  id   INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE
) STRICT;

CREATE TABLE games (
  id            INTEGER PRIMARY KEY,
  game          TEXT NOT NULL CHECK (game IN ('tarot', 'coinche', 'alsos', 'piquet', 'prefa')),
  setup         TEXT NOT NULL CHECK (json_valid(setup)),        -- set-up record incl. resolved options
  rules_version INTEGER NOT NULL,
  league_id     INTEGER REFERENCES leagues(id),
  played_on     TEXT,                                           -- ISO date
  meta          TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(meta)),
  status        TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'finished')),
  source        TEXT NOT NULL DEFAULT 'cli',
  created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT;

CREATE TABLE game_players (
  game_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  position  INTEGER NOT NULL,
  player_id INTEGER NOT NULL REFERENCES players(id),
  PRIMARY KEY (game_id, position),
  UNIQUE (game_id, player_id)
) STRICT;
CREATE INDEX game_players_player ON game_players(player_id);

CREATE TABLE hands (
  id          INTEGER PRIMARY KEY,
  game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  seq         INTEGER NOT NULL CHECK (seq >= 1),
  record      TEXT NOT NULL CHECK (json_valid(record)),       -- the canonical record as typed
  score       TEXT NOT NULL CHECK (json_valid(score)),        -- derived: the marque-score/1 hand entry
  source      TEXT NOT NULL DEFAULT 'cli',
  recorded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
  UNIQUE (game_id, seq)
) STRICT;

-- derived: one row per hand and player, the player's delta in the game's unit
CREATE TABLE postings (
  hand_id   INTEGER NOT NULL REFERENCES hands(id) ON DELETE CASCADE,
  position  INTEGER NOT NULL,
  amount    REAL NOT NULL,
  PRIMARY KEY (hand_id, position)
) STRICT, WITHOUT ROWID;

-- every change to a game, oldest first: what was there before and after (nothing is rewritten silently)
CREATE TABLE changes (
  id      INTEGER PRIMARY KEY,
  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
  action  TEXT NOT NULL CHECK (action IN ('start', 'import', 'add', 'edit', 'delete', 'undo', 'redo')),
  seq     INTEGER,
  before  TEXT CHECK (before IS NULL OR json_valid(before)),
  after   TEXT CHECK (after IS NULL OR json_valid(after)),
  undone  INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
  ref     INTEGER                                             -- undo/redo: the change it reverts
) STRICT;
CREATE INDEX changes_game ON changes(game_id, id);
