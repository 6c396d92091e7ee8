-- A move updates its game's row (head, phase, updated_at) and its seats' turn flags. Neither
-- column a move changes is now named by an index, key or predicate, so that PostgreSQL can
-- update the rows in place (heap-only tuples) instead of adding an entry to every index of both
-- tables on every move; and both tables leave room on their pages for the new versions.

-- Finished rated games are rated in the order their last row was recorded, not by updated_at.
DROP INDEX games_awaiting_rating;
CREATE INDEX games_awaiting_rating ON games (id)
    WHERE phase = 'finished' AND rated AND rating_order IS NULL;

-- Computers' seats at running games, whether or not it is their turn.
DROP INDEX game_players_computer_to_act;
CREATE INDEX game_players_computer_running ON game_players (game_id)
    WHERE player_id < 0 AND ended_at IS NULL;

ALTER TABLE games SET (fillfactor = 85);
ALTER TABLE game_players SET (fillfactor = 85);

-- The trigger that keeps mail from computers' accounts runs its function only for them.
DROP TRIGGER computers_get_no_mail ON notifications;
CREATE TRIGGER computers_get_no_mail BEFORE INSERT ON notifications
    FOR EACH ROW WHEN (NEW.player_id < 0) EXECUTE FUNCTION computers_get_no_mail();

-- Tables kept for invitations only, for the scheduler to call off once their invitations have
-- all expired, without reading the open tables.
CREATE INDEX games_invited_only ON games (id) WHERE phase = 'waiting' AND open_seats = 0;

-- Half of a turn's time, for the scheduler's first reminder, indexed for the clocks not yet
-- reminded. Seconds since the epoch do not depend on the time zone, so the function is
-- immutable, as an index needs.
CREATE FUNCTION clock_half(started TIMESTAMPTZ, due TIMESTAMPTZ) RETURNS TIMESTAMPTZ
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN to_timestamp((extract(epoch FROM started) + extract(epoch FROM due)) / 2);
CREATE INDEX turn_clocks_half ON turn_clocks (clock_half(started_at, due_at))
    WHERE NOT expiry_handled AND reminded < 1;
