-- Secret addresses of a player's calendar and Atom feeds: only the token's SHA-256 is kept, and
-- a revoked token is refused from its next use on.
CREATE TABLE feed_tokens (
    id BIGSERIAL PRIMARY KEY,
    player_id BIGINT NOT NULL REFERENCES players (id),
    token_hash BYTEA NOT NULL UNIQUE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    last_used_at TIMESTAMPTZ,
    revoked_at TIMESTAMPTZ
);
CREATE INDEX feed_tokens_by_player ON feed_tokens (player_id, created_at);
GRANT SELECT, INSERT, UPDATE, DELETE ON feed_tokens TO turnpost_server;
GRANT USAGE, SELECT ON SEQUENCE feed_tokens_id_seq TO turnpost_server;
