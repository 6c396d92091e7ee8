-- A table can be called off before it starts.
ALTER TABLE games DROP CONSTRAINT games_phase_check;
ALTER TABLE games ADD CONSTRAINT games_phase_check
    CHECK (phase IN ('waiting', 'active', 'finished', 'cancelled'));

-- Read model: the running clock of every seat that must act in a timed game, rewritten with
-- each row of the log. The scheduler reads it for reminders (`reminded`: 0 none, 1 at half
-- time, 2 with a day left) and for seats out of time (`expiry_handled` once it has acted).
CREATE TABLE turn_clocks (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat INTEGER NOT NULL,
    player_id BIGINT NOT NULL REFERENCES players (id),
    turn_seq BIGINT NOT NULL,
    started_at TIMESTAMPTZ NOT NULL,
    due_at TIMESTAMPTZ NOT NULL,
    reminded SMALLINT NOT NULL DEFAULT 0,
    expiry_handled BOOLEAN NOT NULL DEFAULT false,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX turn_clocks_due ON turn_clocks (due_at) WHERE NOT expiry_handled;

ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
    CHECK (kind IN ('sign_in', 'invitation', 'your_turn', 'game_over', 'time_half', 'time_short',
                    'out_of_time', 'table_cancelled'));
DROP INDEX notifications_one_per_turn;
CREATE UNIQUE INDEX notifications_one_per_turn ON notifications (player_id, game_id, seq, kind)
    WHERE kind IN ('your_turn', 'game_over', 'time_half', 'time_short', 'out_of_time',
                   'table_cancelled');

-- Tables the scheduler calls off once every invitation has expired.
CREATE INDEX games_waiting ON games (id) WHERE phase = 'waiting';

-- Seats anyone signed in may take (listed on /tables), and the table's time control, for the
-- lobby. Both are copies of what the log says.
ALTER TABLE games
    ADD COLUMN open_seats INTEGER NOT NULL DEFAULT 0 CHECK (open_seats >= 0),
    ADD COLUMN time_control JSONB;
CREATE INDEX games_open ON games (created_at) WHERE phase = 'waiting' AND open_seats > 0;

GRANT SELECT, INSERT, UPDATE, DELETE ON turn_clocks TO turnpost_server;
