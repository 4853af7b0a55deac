-- marque schema, version 7: exact amounts. A posting and a seat's points were REAL; a Prefa third is not a
-- binary fraction, so they are now a whole number of units of 1/per point (core/amount.hpp): per = 1 for
-- games that count whole points, 12 for Prefa. The upgrade derives them again from the stored scores and
-- summaries in the same transaction (app::open_store), and `check` compares them exactly.
ALTER TABLE postings DROP COLUMN amount;
ALTER TABLE postings ADD COLUMN units INTEGER NOT NULL DEFAULT 0;
ALTER TABLE postings ADD COLUMN per INTEGER NOT NULL DEFAULT 1 CHECK (per > 0);
ALTER TABLE game_players DROP COLUMN points;
ALTER TABLE game_players ADD COLUMN points_units INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game_players ADD COLUMN points_per INTEGER NOT NULL DEFAULT 1 CHECK (points_per > 0);
-- An import looks for a stored game with the same content (the same file imported again, or a database's own
-- export): by import key, else among the games of the same kind, hand count and set-up. This index makes that
-- a lookup instead of a scan of every game (a million-hand club history imported 17 times slower without it).
CREATE INDEX games_like ON games(game, hand_count, setup);
-- the same for the nights of an imported bundle (the same night imported again is found by its date first)
CREATE INDEX nights_date ON nights(date);
