-- How a player wants to hear about their games, and whether mail to them bounces for good.
ALTER TABLE players
    ADD COLUMN notify TEXT NOT NULL DEFAULT 'every_turn'
        CHECK (notify IN ('every_turn', 'daily_digest', 'none')),
    ADD COLUMN unsubscribe_token TEXT,
    ADD COLUMN email_rejected_at TIMESTAMPTZ,
    ADD COLUMN email_rejection TEXT;
UPDATE players SET unsubscribe_token = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
ALTER TABLE players
    ALTER COLUMN unsubscribe_token SET NOT NULL,
    ADD CONSTRAINT players_unsubscribe_token_key UNIQUE (unsubscribe_token);

-- The outbox: every email, fully rendered, written before it is sent. Sent rows keep their
-- headers but lose their bodies (which may hold sign-in links).
CREATE TABLE emails (
    id BIGSERIAL PRIMARY KEY,
    message_id TEXT NOT NULL UNIQUE,
    player_id BIGINT NOT NULL REFERENCES players (id),
    recipient TEXT NOT NULL,
    kind TEXT NOT NULL,
    subject TEXT NOT NULL,
    body_text TEXT NOT NULL,
    body_html TEXT NOT NULL,
    unsubscribe_url TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    last_error TEXT,
    sent_at TIMESTAMPTZ,
    failed_at TIMESTAMPTZ
);
CREATE INDEX emails_due ON emails (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;

-- Things a player should hear about, written in the same transaction as their cause. The mail
-- worker turns pending ones into emails: one each for sign-in links and invitations; a player's
-- your-turn and game-over news bundled together once the oldest has waited out the coalescing
-- window (or until the daily digest).
CREATE TABLE notifications (
    id BIGSERIAL PRIMARY KEY,
    player_id BIGINT NOT NULL REFERENCES players (id),
    kind TEXT NOT NULL CHECK (kind IN ('sign_in', 'invitation', 'your_turn', 'game_over')),
    game_id TEXT REFERENCES games (id),
    seq BIGINT,
    payload JSONB NOT NULL DEFAULT '{}'::jsonb,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'mailed', 'skipped')),
    email_id BIGINT REFERENCES emails (id)
);
CREATE INDEX notifications_pending ON notifications (player_id, id) WHERE state = 'pending';
-- One your-turn notification per player and turn.
CREATE UNIQUE INDEX notifications_one_per_turn ON notifications (player_id, game_id, seq, kind)
    WHERE kind IN ('your_turn', 'game_over');
