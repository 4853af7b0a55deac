-- marque schema, version 9: seasons, named date ranges of a league ("Autumn 2026": 2026-09-01 to 2026-12-31).
-- Standings and statistics of a season are those of the league's games played in its dates (inclusive). A
-- season's name is unique within its league, however it is capitalised; seasons of a league may overlap (a
-- year and its autumn). Nothing is derived from a season: deleting one changes no game.
CREATE TABLE seasons (
  id         INTEGER PRIMARY KEY,
  league_id  INTEGER NOT NULL REFERENCES leagues(id),
  name       TEXT NOT NULL COLLATE NOCASE CHECK (length(name) > 0),
  date_from  TEXT NOT NULL CHECK (date_from GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  date_to    TEXT NOT NULL CHECK (date_to GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' AND date_to >= date_from),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
  UNIQUE (league_id, name)
) STRICT;
