-- The time zone a player reads times in (an IANA name), UTC until they choose.
ALTER TABLE players ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';

-- Vacations a player has taken: they count against a yearly allowance. `ended_at` is set when
-- the player comes back early; the days after it are not counted. What each vacation did to a
-- game's clocks is in that game's log.
CREATE TABLE vacations (
    id BIGSERIAL PRIMARY KEY,
    player_id BIGINT NOT NULL REFERENCES players (id),
    starts_at TIMESTAMPTZ NOT NULL,
    ends_at TIMESTAMPTZ NOT NULL CHECK (ends_at > starts_at),
    ended_at TIMESTAMPTZ
);
CREATE INDEX vacations_of_player ON vacations (player_id, starts_at);

GRANT SELECT, INSERT, UPDATE ON vacations TO turnpost_server;
GRANT USAGE ON SEQUENCE vacations_id_seq TO turnpost_server;
