-- Computer players are accounts with fixed ids below zero, three for each level so that up to
-- three computers of one level can share a table. Nobody can sign in as one (their addresses
-- cannot receive mail) and nothing is ever mailed to one.
ALTER TABLE players
    ADD COLUMN computer_level TEXT CHECK (computer_level IN ('easy', 'medium', 'hard')),
    -- An account that plays through the API, marked as a bot wherever its name is shown.
    ADD COLUMN bot BOOLEAN NOT NULL DEFAULT false;

-- A person already called what a computer is called keeps the name with their number added.
UPDATE players p SET display_name = left(p.display_name, 30) || ' ' || p.id
WHERE lower(p.display_name) ~ '^(easy|medium|hard) computer( [23])?$';

INSERT INTO players (id, email, display_name, notify, unsubscribe_token, confirmed_at,
                     computer_level)
SELECT -(l.n * 3 + s.n + 1),
       'computer-' || l.level || '-' || (s.n + 1) || '@computers.invalid',
       initcap(l.level) || ' computer' || CASE WHEN s.n = 0 THEN '' ELSE ' ' || (s.n + 1) END,
       'none',
       'computer-' || l.level || '-' || (s.n + 1),
       now(),
       l.level
FROM (VALUES (0, 'easy'), (1, 'medium'), (2, 'hard')) AS l(n, level),
     generate_series(0, 2) AS s(n);

CREATE FUNCTION computers_get_no_mail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.player_id < 0 THEN
        RETURN NULL;
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER computers_get_no_mail BEFORE INSERT ON notifications
    FOR EACH ROW EXECUTE FUNCTION computers_get_no_mail();

-- Computer turns waiting to be played, found by the computer players' worker.
CREATE INDEX game_players_computer_to_act ON game_players (game_id)
    WHERE to_act AND player_id < 0;

-- A server thinking about a computer's move holds its turn until `claimed_until`, so that of
-- several servers only one thinks about each move; a server that dies mid-thought loses the
-- claim when it runs out and another takes the turn over.
CREATE TABLE computer_claims (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    seq BIGINT NOT NULL,
    claimed_until TIMESTAMPTZ NOT NULL
);
GRANT SELECT, INSERT, UPDATE, DELETE ON computer_claims TO turnpost_server;

-- Tokens for tools and bots playing through the JSON API. Only the SHA-256 of a token is kept.
CREATE TABLE api_tokens (
    id BIGSERIAL PRIMARY KEY,
    player_id BIGINT NOT NULL REFERENCES players (id),
    name TEXT NOT NULL,
    token_hash BYTEA NOT NULL UNIQUE,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    last_used_at TIMESTAMPTZ,
    revoked_at TIMESTAMPTZ
);
CREATE INDEX api_tokens_by_player ON api_tokens (player_id, created_at);
GRANT SELECT, INSERT, UPDATE ON api_tokens TO turnpost_server;
GRANT USAGE, SELECT ON SEQUENCE api_tokens_id_seq TO turnpost_server;
