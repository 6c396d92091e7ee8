-- Every key of a game's tables starts with the game's id, so that they can be distributed by
-- game id (Citus) with their keys intact. A token is still found by its hash alone, through a
-- plain index: a distributed table's unique keys must hold the distribution column, and the
-- hash of a token of at least 119 random bits is unique without a constraint.
ALTER TABLE invitations DROP CONSTRAINT invitations_pkey;
ALTER TABLE invitations ADD PRIMARY KEY (game_id, token_hash);
DROP INDEX invitations_by_game;
CREATE INDEX invitations_by_token ON invitations (token_hash);

ALTER TABLE reply_tokens DROP CONSTRAINT reply_tokens_pkey;
ALTER TABLE reply_tokens ADD PRIMARY KEY (game_id, token_hash);
CREATE INDEX reply_tokens_by_token ON reply_tokens (token_hash);

-- The logs are append-only by privilege as well as by trigger (a trigger that a distributed
-- table would not carry to its shards): the server's role may read and add, nothing else.
REVOKE UPDATE, DELETE, TRUNCATE ON game_events, game_seeds, event_log, event_seeds
    FROM turnpost_server, PUBLIC;
