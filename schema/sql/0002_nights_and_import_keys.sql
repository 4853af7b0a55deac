-- marque schema, version 2: game nights (several tables in one evening) and import de-duplication.
CREATE TABLE nights (
  id         INTEGER PRIMARY KEY,
  date       TEXT NOT NULL,
  venue      TEXT,
  league_id  INTEGER REFERENCES leagues(id),
  note       TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT;

ALTER TABLE games ADD COLUMN night_id INTEGER REFERENCES nights(id);
-- a hash of an imported game's content: the same file imported again is recognised and skipped
ALTER TABLE games ADD COLUMN import_key TEXT;
CREATE UNIQUE INDEX games_import_key ON games(import_key) WHERE import_key IS NOT NULL;
CREATE INDEX games_night ON games(night_id);
CREATE INDEX games_league ON games(league_id, played_on);
