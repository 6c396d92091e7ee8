-- Tournaments ("events"): each is event-sourced like a game, with its own hash-chained log and a
-- committed seed; the other tables are read models the log can rebuild.

-- The log: one row per accepted command, hash-chained exactly as a game's log is (the hashed
-- row's "game_id" holds the event's id), append-only.
CREATE TABLE event_log (
    event_id TEXT NOT NULL,
    seq BIGINT NOT NULL CHECK (seq >= 1),
    actor BIGINT REFERENCES players (id),
    command JSONB NOT NULL,
    events JSONB NOT NULL,
    recorded_at TIMESTAMPTZ NOT NULL,
    prev_hash BYTEA NOT NULL CHECK (length(prev_hash) = 32),
    hash BYTEA NOT NULL CHECK (length(hash) = 32),
    PRIMARY KEY (event_id, seq)
);

CREATE FUNCTION event_log_is_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'event_log is append-only: % is not allowed', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER event_log_no_update_or_delete
    BEFORE UPDATE OR DELETE ON event_log
    FOR EACH ROW EXECUTE FUNCTION event_log_is_append_only();
CREATE TRIGGER event_log_no_truncate
    BEFORE TRUNCATE ON event_log
    FOR EACH STATEMENT EXECUTE FUNCTION event_log_is_append_only();

-- Read model: one row per event.
CREATE TABLE events (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    kind TEXT NOT NULL,
    format TEXT NOT NULL,
    phase TEXT NOT NULL CHECK (phase IN ('open', 'running', 'finished', 'cancelled')),
    sign_up_closes_at TIMESTAMPTZ NOT NULL,
    -- The round being played (0 before the start), and when it ends, if rounds have deadlines.
    round INTEGER NOT NULL DEFAULT 0,
    round_deadline TIMESTAMPTZ,
    entrants INTEGER NOT NULL DEFAULT 0,
    max_entrants INTEGER NOT NULL,
    last_seq BIGINT NOT NULL,
    created_by BIGINT NOT NULL REFERENCES players (id),
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX events_by_phase ON events (phase, sign_up_closes_at, id);

-- The secret seed of each event, revealed by the row that ends it.
CREATE TABLE event_seeds (
    event_id TEXT PRIMARY KEY REFERENCES events (id),
    seed BYTEA NOT NULL CHECK (length(seed) = 32)
);

-- Read model: who signed up, and whether they are still in.
CREATE TABLE event_entrants (
    event_id TEXT NOT NULL REFERENCES events (id),
    player_id BIGINT NOT NULL REFERENCES players (id),
    withdrawn BOOLEAN NOT NULL DEFAULT false,
    PRIMARY KEY (event_id, player_id)
);
CREATE INDEX event_entrants_by_player ON event_entrants (player_id);

-- Read model: the games each round opened, and whether the event has recorded their results.
CREATE TABLE event_games (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    event_id TEXT NOT NULL REFERENCES events (id),
    round INTEGER NOT NULL,
    table_no INTEGER NOT NULL,
    recorded BOOLEAN NOT NULL DEFAULT false
);
CREATE INDEX event_games_by_event ON event_games (event_id, round, table_no);
CREATE INDEX event_games_unrecorded ON event_games (game_id) WHERE NOT recorded;

-- A tournament's news (it started, a round began, it ended) is mailed at once, like the other
-- notices; the index must list the same kinds as store::notifications::MAILED_AT_ONCE.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
    CHECK (kind IN ('sign_in', 'invitation', 'your_turn', 'game_over', 'time_half', 'time_short',
                    'out_of_time', 'table_cancelled', 'event_news'));
DROP INDEX notifications_pending_at_once;
CREATE INDEX notifications_pending_at_once ON notifications (player_id)
    WHERE state = 'pending'
      AND kind IN ('sign_in', 'invitation', 'out_of_time', 'table_cancelled', 'event_news');

-- The server appends to the log and keeps the read models; it never rewrites the log.
GRANT SELECT, INSERT ON event_log, event_seeds TO turnpost_server;
GRANT SELECT, INSERT, UPDATE ON events, event_games TO turnpost_server;
GRANT SELECT, INSERT, UPDATE, DELETE ON event_entrants TO turnpost_server;
