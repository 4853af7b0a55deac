-- marque schema, version 12: the submission keys of the changes sent from phones. A phone sends each change with a
-- key of its own and sends it again until it is answered (a hand kept on the phone while offline, a lost answer).
-- The key is stored in the same transaction as the change it brought, so a change sent again after the server
-- restarted (its memory of the keys it answered gone) is answered "already stored" instead of being stored twice.
CREATE TABLE submissions (
  key TEXT PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 200),
  at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
) STRICT, WITHOUT ROWID;
