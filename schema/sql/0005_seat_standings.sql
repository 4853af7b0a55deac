-- marque schema, version 5: each seat's standing in a game (place, points in the game's unit -- coinche: the
-- team's total -- and the coinche team result) and each game's hand count, in plain columns. They are derived
-- from the game's summary in the same transaction as every change, so that standings over a club's whole
-- history read columns instead of parsing 80,000 summaries. Like the summary, `marque check` recomputes them.
ALTER TABLE game_players ADD COLUMN place INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game_players ADD COLUMN points REAL NOT NULL DEFAULT 0;
ALTER TABLE game_players ADD COLUMN team_result TEXT CHECK (team_result IN ('win', 'loss', 'draw'));
ALTER TABLE games ADD COLUMN hand_count INTEGER NOT NULL DEFAULT 0;
-- Standings walk the games in date order, by league or all of them: two covering indexes, so that the walk
-- never reads a games row (which also holds the set-up and summary text). A game without a date has NULL.
UPDATE games SET played_on = NULL WHERE played_on = '';
DROP INDEX games_league;
CREATE INDEX games_league ON games(league_id, played_on, game, hand_count);
CREATE INDEX games_played_on ON games(played_on, game, league_id, hand_count);
