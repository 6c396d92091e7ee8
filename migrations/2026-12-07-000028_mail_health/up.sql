-- What comes back from the mail Turnpost sends. Each delivery report or complaint is tied, by
-- the return path it came to, to the email it is about and so to the address that email went
-- to; each address keeps a score of its bounces and whether its owner complained.
CREATE TABLE mail_addresses (
    address TEXT PRIMARY KEY,
    bounce_score INTEGER NOT NULL DEFAULT 0,
    last_bounce_at TIMESTAMPTZ,
    -- Past the threshold: no more mail the person did not ask for by name.
    suppressed_at TIMESTAMPTZ,
    complained_at TIMESTAMPTZ
);
CREATE INDEX mail_addresses_suppressed ON mail_addresses (suppressed_at)
    WHERE suppressed_at IS NOT NULL;
GRANT SELECT, INSERT, UPDATE, DELETE ON mail_addresses TO turnpost_server;

CREATE TABLE mail_reports (
    id BIGSERIAL PRIMARY KEY,
    email_id BIGINT NOT NULL,
    player_id BIGINT,
    address TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('permanent', 'temporary', 'policy', 'complaint')),
    -- The enhanced status code (RFC 3463) or the complaint's feedback type.
    status TEXT NOT NULL DEFAULT '',
    points INTEGER NOT NULL DEFAULT 0,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- Each email counts once: its first failure report, and its first complaint.
CREATE UNIQUE INDEX mail_reports_once ON mail_reports (email_id, (kind = 'complaint'));
CREATE INDEX mail_reports_recent ON mail_reports (received_at);
CREATE INDEX mail_reports_of_player ON mail_reports (player_id);
GRANT SELECT, INSERT, DELETE ON mail_reports TO turnpost_server;
GRANT USAGE ON SEQUENCE mail_reports_id_seq TO turnpost_server;

-- The person's mail provider said they marked an email of ours as spam.
ALTER TABLE players ADD COLUMN complained_at TIMESTAMPTZ;

-- The complaint rate's denominator: emails sent in the last day.
CREATE INDEX emails_sent_recently ON emails (sent_at) WHERE sent_at IS NOT NULL;

-- A person changing their address: the link sent to the new address, which must be followed
-- before the change is made.
CREATE TABLE address_changes (
    token_hash BYTEA PRIMARY KEY,
    player_id BIGINT NOT NULL REFERENCES players (id),
    new_email TEXT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX address_changes_of_player ON address_changes (player_id);
GRANT SELECT, INSERT, UPDATE, DELETE ON address_changes TO turnpost_server;

ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
    CHECK (kind IN ('sign_in', 'invitation', 'your_turn', 'game_over', 'time_half', 'time_short',
                    'out_of_time', 'table_cancelled', 'event_news', 'close_account',
                    'invitation_declined', 'moderation', 'confirm_address'));
DROP INDEX notifications_pending_at_once;
CREATE INDEX notifications_pending_at_once ON notifications (player_id)
    WHERE state = 'pending'
      AND kind IN ('sign_in', 'invitation', 'out_of_time', 'table_cancelled', 'event_news',
                   'close_account', 'invitation_declined', 'moderation', 'confirm_address');
