-- An invitation can be declined (on its page or by replying "decline"); its table's creator is
-- told by email.
ALTER TABLE invitations ADD COLUMN declined_at TIMESTAMPTZ;

-- Reply addresses of emails that are about no single game's moves: a tournament's news, a list
-- of open tables or tournaments, a request to confirm a command that came unvouched. A reply
-- must come from `address`, the address the email went to (a person with no account yet has
-- only that); `subject` says what the email offered. Only the token's hash is kept.
CREATE TABLE reply_topics (
    token_hash BYTEA PRIMARY KEY,
    address TEXT NOT NULL,
    player_id BIGINT REFERENCES players (id),
    topic TEXT NOT NULL CHECK (topic IN ('event', 'open_tables', 'open_events', 'confirm')),
    subject JSONB NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    expires_at TIMESTAMPTZ NOT NULL,
    used_at TIMESTAMPTZ
);
CREATE INDEX reply_topics_of_player ON reply_topics (player_id);
CREATE INDEX reply_topics_by_address ON reply_topics (address);
CREATE INDEX reply_topics_by_expiry ON reply_topics (expires_at);
GRANT SELECT, INSERT, UPDATE, DELETE ON reply_topics TO turnpost_server;

ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
    CHECK (kind IN ('sign_in', 'invitation', 'your_turn', 'game_over', 'time_half', 'time_short',
                    'out_of_time', 'table_cancelled', 'event_news', 'close_account',
                    'invitation_declined'));
DROP INDEX notifications_pending_at_once;
CREATE INDEX notifications_pending_at_once ON notifications (player_id)
    WHERE state = 'pending'
      AND kind IN ('sign_in', 'invitation', 'out_of_time', 'table_cancelled', 'event_news',
                   'close_account', 'invitation_declined');
