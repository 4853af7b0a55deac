-- marque schema, version 4: renames and merges of players, kept as history (the records are rewritten to
-- the new name in the same transaction, and each event says what it touched).
CREATE TABLE player_events (
  id       INTEGER PRIMARY KEY,
  at       TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
  action   TEXT NOT NULL CHECK (action IN ('rename', 'merge')),
  old_name TEXT NOT NULL,
  new_name TEXT NOT NULL,
  games    TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(games))  -- ids of the games whose records changed
) STRICT;
