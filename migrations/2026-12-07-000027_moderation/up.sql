-- Strangers at one table: blocks, reports and moderators.

-- Moderators are named by the operator (`turnpost moderators add`). A muted person cannot
-- write at a table until then; a suspended one cannot sign in or act by web, token or email.
ALTER TABLE players
    ADD COLUMN moderator_since TIMESTAMPTZ,
    ADD COLUMN muted_until TIMESTAMPTZ,
    ADD COLUMN suspended_until TIMESTAMPTZ;

-- One person blocking another: their talk hidden from the blocker, and no table shared.
-- The blocked person is not told.
CREATE TABLE blocks (
    blocker BIGINT NOT NULL REFERENCES players (id),
    blocked BIGINT NOT NULL REFERENCES players (id),
    talk BOOLEAN NOT NULL,
    games BOOLEAN NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (blocker, blocked),
    CHECK (blocker <> blocked),
    CHECK (talk OR games)
);
CREATE INDEX blocks_of_blocked ON blocks (blocked);
GRANT SELECT, INSERT, UPDATE, DELETE ON blocks TO turnpost_server;

-- A report: what it is about (`target`: "talk:GAME:SEQ", "game:GAME" or "player:ID"), the
-- person it is about, the log row it quotes (game, seq and that row's hash, so the evidence is
-- tamper-evident), the reason and the reporter's words. One person's repeated reports of one
-- thing while it is open are one report, counted.
CREATE TABLE reports (
    id BIGSERIAL PRIMARY KEY,
    reporter BIGINT NOT NULL REFERENCES players (id),
    target TEXT NOT NULL,
    subject BIGINT NOT NULL REFERENCES players (id),
    game_id TEXT REFERENCES games (id),
    seq BIGINT,
    row_hash BYTEA,
    reason TEXT NOT NULL CHECK (reason IN ('spam', 'harassment', 'cheating', 'offensive_name',
                                           'other')),
    words TEXT NOT NULL DEFAULT '',
    times INTEGER NOT NULL DEFAULT 1,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    claimed_by BIGINT REFERENCES players (id),
    claimed_at TIMESTAMPTZ,
    closed_at TIMESTAMPTZ,
    -- The moderation log's row that closed it.
    closed_by_action BIGINT
);
CREATE UNIQUE INDEX reports_merge ON reports (reporter, target) WHERE closed_at IS NULL;
CREATE INDEX reports_open_by_age ON reports (created_at) WHERE closed_at IS NULL;
CREATE INDEX reports_about ON reports (subject);
GRANT SELECT, INSERT, UPDATE, DELETE ON reports TO turnpost_server;
GRANT USAGE ON SEQUENCE reports_id_seq TO turnpost_server;

-- Every moderator's action, hash-chained as a game's log is (`crate::chain`, with the log's
-- id "moderation" in each hashed row), so that `turnpost verify --moderation` checks it.
CREATE TABLE moderation_log (
    seq BIGINT PRIMARY KEY CHECK (seq >= 1),
    actor BIGINT REFERENCES players (id),
    command JSONB NOT NULL,
    events JSONB NOT NULL,
    recorded_at TIMESTAMPTZ NOT NULL,
    prev_hash BYTEA NOT NULL CHECK (length(prev_hash) = 32),
    hash BYTEA NOT NULL CHECK (length(hash) = 32)
);
CREATE TRIGGER moderation_log_no_update_or_delete
    BEFORE UPDATE OR DELETE ON moderation_log
    FOR EACH ROW EXECUTE FUNCTION logs_change_only_names();
CREATE TRIGGER moderation_log_no_truncate
    BEFORE TRUNCATE ON moderation_log
    FOR EACH STATEMENT EXECUTE FUNCTION event_log_is_append_only();
GRANT SELECT, INSERT ON moderation_log TO turnpost_server;

-- Replies to a moderation email: the person's appeal, read on the desk.
CREATE TABLE appeals (
    id BIGSERIAL PRIMARY KEY,
    player_id BIGINT NOT NULL REFERENCES players (id),
    action BIGINT NOT NULL,
    words TEXT NOT NULL,
    received_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    closed_at TIMESTAMPTZ
);
CREATE INDEX appeals_open ON appeals (received_at) WHERE closed_at IS NULL;
GRANT SELECT, INSERT, UPDATE, DELETE ON appeals TO turnpost_server;
GRANT USAGE ON SEQUENCE appeals_id_seq TO turnpost_server;

-- A moderator's action is told to the person at once, with a reply address for an appeal.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
    CHECK (kind IN ('sign_in', 'invitation', 'your_turn', 'game_over', 'time_half', 'time_short',
                    'out_of_time', 'table_cancelled', 'event_news', 'close_account',
                    'invitation_declined', 'moderation'));
DROP INDEX notifications_pending_at_once;
CREATE INDEX notifications_pending_at_once ON notifications (player_id)
    WHERE state = 'pending'
      AND kind IN ('sign_in', 'invitation', 'out_of_time', 'table_cancelled', 'event_news',
                   'close_account', 'invitation_declined', 'moderation');

ALTER TABLE reply_topics DROP CONSTRAINT reply_topics_topic_check;
ALTER TABLE reply_topics ADD CONSTRAINT reply_topics_topic_check
    CHECK (topic IN ('event', 'open_tables', 'open_events', 'confirm', 'appeal'));
