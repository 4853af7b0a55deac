-- marque schema, version 13: each game's running state after its last hand (issue 35), derived like the summary
-- and in the same transaction as every change to the game: a hand added to the end of a game resumes the game
-- from it (rules::saved_state: the game's own Game::save_state document, the rules' version, the records and
-- deals it has played) instead of replaying every record. NULL when none is stored (a game of an older schema,
-- a game whose rules keep none): the next change replays the records and stores it. `marque check` compares it
-- with a full replay, as it does the summary.
ALTER TABLE games ADD COLUMN state TEXT CHECK (state IS NULL OR json_valid(state));
