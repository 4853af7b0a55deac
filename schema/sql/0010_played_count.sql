-- marque schema, version 10: each game's count of the deals really played (a redeal, an all-pass deal or a
-- misdeal is a record but not a played deal, as the statistics count them: GameRules::hand_facts), derived
-- like hand_count in the same transaction as every change. Standings count these hands (`hands`, points per
-- hand). The upgrade derives it from the stored records and scores, and re-reduces every seat's standing
-- from its summary (a Piquet seat's points are now its partie result, ±R, not its raw deal totals).
ALTER TABLE games ADD COLUMN played_count INTEGER NOT NULL DEFAULT 0;
-- standings read the games through covering indexes: they now read the played count
DROP INDEX games_league;
DROP INDEX games_played_on;
CREATE INDEX games_league ON games(league_id, played_on, game, hand_count, status, ended, played_count);
CREATE INDEX games_played_on ON games(played_on, game, league_id, hand_count, status, ended, played_count);
