-- marque schema, version 3: each game's derived summary (totals, finished, result) kept beside its records,
-- so that standings over a club's whole history read one row per game instead of replaying every hand.
-- Like hands.score it is derived: `marque check` recomputes it from the records.
ALTER TABLE games ADD COLUMN summary TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(summary));
