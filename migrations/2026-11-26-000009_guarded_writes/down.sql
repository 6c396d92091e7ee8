DROP FUNCTION record_move;

-- The functions record_move replaced, as they were.
CREATE FUNCTION append_event(
    p_game_id TEXT, p_seq BIGINT, p_actor BIGINT, p_command JSONB, p_events JSONB,
    p_recorded_at TIMESTAMPTZ, p_prev_hash BYTEA, p_hash BYTEA
) RETURNS BIGINT LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO game_events (game_id, seq, actor, command, events, recorded_at, prev_hash, hash)
    VALUES (p_game_id, p_seq, p_actor, p_command, p_events, p_recorded_at, p_prev_hash, p_hash);
    RETURN p_seq;
END
$$;

-- The game's read-model row, and its seats: only rows whose seat or turn changed are written.
-- Returns how many seat rows were written.
CREATE FUNCTION sync_game(
    p_game_id TEXT, p_phase TEXT, p_last_seq BIGINT, p_result TEXT, p_result_message JSONB,
    p_now TIMESTAMPTZ, p_players BIGINT[], p_seats INT[], p_to_act BOOLEAN[]
) RETURNS INT LANGUAGE plpgsql AS $$
DECLARE
    written INT;
BEGIN
    UPDATE games
    SET phase = p_phase, last_seq = p_last_seq, result = p_result,
        result_message = p_result_message, updated_at = p_now
    WHERE id = p_game_id;
    INSERT INTO game_players (game_id, player_id, joined_at, seat, to_act)
    SELECT p_game_id, p.player_id, p_now, p.seat, p.to_act
    FROM unnest(p_players, p_seats, p_to_act) AS p(player_id, seat, to_act)
    ON CONFLICT (game_id, player_id) DO UPDATE
    SET seat = EXCLUDED.seat, to_act = EXCLUDED.to_act
    WHERE game_players.seat IS DISTINCT FROM EXCLUDED.seat
       OR game_players.to_act IS DISTINCT FROM EXCLUDED.to_act;
    GET DIAGNOSTICS written = ROW_COUNT;
    RETURN written;
END
$$;

-- A move's writes in one call: the row, the game's read-model rows, and a notification of the
-- row for each player in p_tell (of the kind beside it in p_tell_kinds). Returns the row's seq.
CREATE FUNCTION record_row(
    p_game_id TEXT, p_seq BIGINT, p_actor BIGINT, p_command JSONB, p_events JSONB,
    p_recorded_at TIMESTAMPTZ, p_prev_hash BYTEA, p_hash BYTEA,
    p_phase TEXT, p_last_seq BIGINT, p_result TEXT, p_result_message JSONB,
    p_updated_at TIMESTAMPTZ, p_players BIGINT[], p_seats INT[], p_to_act BOOLEAN[],
    p_tell BIGINT[], p_tell_kinds TEXT[]
) RETURNS BIGINT LANGUAGE plpgsql AS $$
BEGIN
    PERFORM append_event(p_game_id, p_seq, p_actor, p_command, p_events, p_recorded_at,
                         p_prev_hash, p_hash);
    PERFORM sync_game(p_game_id, p_phase, p_last_seq, p_result, p_result_message, p_updated_at,
                      p_players, p_seats, p_to_act);
    INSERT INTO notifications (player_id, kind, game_id, seq, payload)
    SELECT t.player_id, t.kind, p_game_id, p_seq, 'null'::jsonb
    FROM unnest(p_tell, p_tell_kinds) AS t(player_id, kind)
    ON CONFLICT DO NOTHING;
    RETURN p_seq;
END
$$;

REVOKE ALL ON FUNCTION append_event, sync_game, record_row FROM PUBLIC;
GRANT EXECUTE ON FUNCTION append_event, sync_game, record_row TO turnpost_server;
