-- Players sign in by email; the address is stored lower-cased.
CREATE TABLE players (
    id BIGSERIAL PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    display_name TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Single-use sign-in links. Only the SHA-256 of a token is kept.
CREATE TABLE sign_in_tokens (
    token_hash BYTEA PRIMARY KEY,
    email TEXT NOT NULL,
    next_path TEXT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Keys the server generates for itself on first start (e.g. the session cookie key).
CREATE TABLE server_secrets (
    name TEXT PRIMARY KEY,
    value BYTEA NOT NULL
);

-- Read model: one row per game, rebuilt from game_events at any time.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    options JSONB NOT NULL,
    players INTEGER NOT NULL CHECK (players BETWEEN 1 AND 8),
    private BOOLEAN NOT NULL,
    created_by BIGINT NOT NULL REFERENCES players (id),
    phase TEXT NOT NULL CHECK (phase IN ('waiting', 'active', 'finished')),
    last_seq BIGINT NOT NULL,
    result TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

-- Read model: who sits at which game, their seat once the game has started, and whether the
-- game waits for them.
CREATE TABLE game_players (
    game_id TEXT NOT NULL REFERENCES games (id),
    player_id BIGINT NOT NULL REFERENCES players (id),
    seat INTEGER,
    to_act BOOLEAN NOT NULL DEFAULT false,
    joined_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (game_id, player_id),
    UNIQUE (game_id, seat)
);
CREATE INDEX game_players_by_player ON game_players (player_id);

-- Invitations to a game, one per invited address. Only the SHA-256 of the join token is kept.
CREATE TABLE invitations (
    token_hash BYTEA PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games (id),
    email TEXT NOT NULL,
    invited_by BIGINT NOT NULL REFERENCES players (id),
    accepted_by BIGINT REFERENCES players (id),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX invitations_by_game ON invitations (game_id);

-- The secret random seed of each game. Never shown while the game runs; its SHA-256 commitment
-- is in the game's first event and the seed itself in its last.
CREATE TABLE game_seeds (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    seed BYTEA NOT NULL CHECK (length(seed) = 32)
);

-- The event log: one row per accepted command, hash-chained, append-only.
CREATE TABLE game_events (
    game_id TEXT NOT NULL REFERENCES games (id),
    seq BIGINT NOT NULL CHECK (seq >= 1),
    actor BIGINT REFERENCES players (id),
    command JSONB NOT NULL,
    events JSONB NOT NULL,
    recorded_at TIMESTAMPTZ NOT NULL,
    prev_hash BYTEA NOT NULL CHECK (length(prev_hash) = 32),
    hash BYTEA NOT NULL CHECK (length(hash) = 32),
    PRIMARY KEY (game_id, seq)
);

CREATE FUNCTION game_events_are_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'game_events is append-only: % is not allowed', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER game_events_no_update_or_delete
    BEFORE UPDATE OR DELETE ON game_events
    FOR EACH ROW EXECUTE FUNCTION game_events_are_append_only();

CREATE TRIGGER game_events_no_truncate
    BEFORE TRUNCATE ON game_events
    FOR EACH STATEMENT EXECUTE FUNCTION game_events_are_append_only();
