-- Reply addresses handed out in emails (play+TOKEN-SEQ@…): a mail to one may make a move in
-- `game_id` for `player_id`. Only the token's SHA-256 is kept. A token stops working when it is
-- revoked or its game ends.
CREATE TABLE reply_tokens (
    token_hash BYTEA PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games (id),
    player_id BIGINT NOT NULL REFERENCES players (id),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    revoked_at TIMESTAMPTZ
);
CREATE INDEX reply_tokens_of_player ON reply_tokens (player_id);

-- Every message delivered to the inbound listener or `turnpost receive-mail`, as received (cut
-- at inbound.max_bytes), with what became of it. A message that arrives again with the same
-- Message-ID for the same address is recorded as a duplicate of the first and not acted on.
CREATE TABLE inbound_mail (
    id BIGSERIAL PRIMARY KEY,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    message_id TEXT,
    duplicate_of BIGINT REFERENCES inbound_mail (id),
    envelope_from TEXT NOT NULL,
    recipient TEXT NOT NULL,
    size BIGINT NOT NULL,
    raw BYTEA NOT NULL,
    -- pending, played, refused, stale, said, resign_asked, resigned, answered, auto_reply,
    -- unknown_address, wrong_sender, failed_authentication, too_large, unreadable,
    -- rate_limited or duplicate.
    outcome TEXT NOT NULL DEFAULT 'pending',
    detail TEXT,
    game_id TEXT,
    player_id BIGINT,
    -- The last row of the game's log this message added.
    seq BIGINT,
    handled_at TIMESTAMPTZ
);
CREATE UNIQUE INDEX inbound_mail_once ON inbound_mail (message_id, recipient)
    WHERE duplicate_of IS NULL AND message_id IS NOT NULL;

-- Emails that answer a message, or that a reply can move in, say where replies go.
ALTER TABLE emails ADD COLUMN reply_to TEXT;
ALTER TABLE emails ADD COLUMN in_reply_to TEXT;

GRANT SELECT, INSERT, UPDATE ON reply_tokens, inbound_mail TO turnpost_server;
GRANT USAGE ON SEQUENCE inbound_mail_id_seq TO turnpost_server;
