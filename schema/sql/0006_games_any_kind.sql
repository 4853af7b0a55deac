-- marque schema, version 6: the games table no longer lists the game kinds (a CHECK of version 1 did): the
-- registry of the rules (src/rules/registry.cpp) is the one place that knows them, and marque refuses an
-- unknown kind before it writes. SQLite cannot drop a CHECK constraint, so the table is rebuilt with the same
-- columns and rows (its ids kept) and its indexes made again. The upgrade runs with foreign keys off (dropping
-- the old table must not cascade to the hands) and checks them all before it commits (storage/store.cpp).
CREATE TABLE games_v6 (
  id            INTEGER PRIMARY KEY,
  game          TEXT NOT NULL CHECK (length(game) > 0),
  setup         TEXT NOT NULL CHECK (json_valid(setup)),
  rules_version INTEGER NOT NULL,
  league_id     INTEGER REFERENCES leagues(id),
  played_on     TEXT,
  meta          TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(meta)),
  status        TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'finished')),
  source        TEXT NOT NULL DEFAULT 'cli',
  created_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
  night_id      INTEGER REFERENCES nights(id),
  import_key    TEXT,
  summary       TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(summary)),
  hand_count    INTEGER NOT NULL DEFAULT 0
) STRICT;
INSERT INTO games_v6 (id, game, setup, rules_version, league_id, played_on, meta, status, source, created_at, night_id,
                      import_key, summary, hand_count)
  SELECT id, game, setup, rules_version, league_id, played_on, meta, status, source, created_at, night_id, import_key,
         summary, hand_count FROM games;
DROP TABLE games;
ALTER TABLE games_v6 RENAME TO games;
CREATE UNIQUE INDEX games_import_key ON games(import_key) WHERE import_key IS NOT NULL;
CREATE INDEX games_night ON games(night_id);
CREATE INDEX games_league ON games(league_id, played_on, game, hand_count);
CREATE INDEX games_played_on ON games(played_on, game, league_id, hand_count);
