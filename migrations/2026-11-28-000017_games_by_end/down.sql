-- record_move as it was, and the seats without their end.
CREATE OR REPLACE FUNCTION record_move(
    p_game_id TEXT, p_seq BIGINT, p_actor BIGINT, p_command JSONB, p_events JSONB,
    p_recorded_at TIMESTAMPTZ, p_prev_hash BYTEA, p_hash BYTEA,
    p_phase TEXT, p_last_seq BIGINT, p_result TEXT, p_result_message JSONB,
    p_updated_at TIMESTAMPTZ, p_players BIGINT[], p_seats INT[], p_to_act BOOLEAN[],
    p_tell BIGINT[], p_tell_kinds TEXT[]
) RETURNS BIGINT LANGUAGE plpgsql AS $$
BEGIN
    -- NO KEY UPDATE, like every lock on a game's row; a row changed while this waited is
    -- checked again as it is now.
    PERFORM 1 FROM games WHERE id = p_game_id AND last_seq = p_seq - 1 FOR NO KEY UPDATE;
    IF NOT FOUND THEN
        RETURN NULL;
    END IF;
    -- The row before must be the one the new row chains from: a caller that folded the log
    -- from another history (a database restored under a running server) writes nothing.
    IF p_seq > 1 AND NOT EXISTS (
        SELECT 1 FROM game_events
        WHERE game_id = p_game_id AND seq = p_seq - 1 AND hash = p_prev_hash
    ) THEN
        RETURN NULL;
    END IF;
    INSERT INTO game_events (game_id, seq, actor, command, events, recorded_at, prev_hash, hash)
    VALUES (p_game_id, p_seq, p_actor, p_command, p_events, p_recorded_at, p_prev_hash, p_hash);
    UPDATE games
    SET phase = p_phase, last_seq = p_last_seq, result = p_result,
        result_message = p_result_message, updated_at = p_updated_at
    WHERE id = p_game_id;
    INSERT INTO game_players (game_id, player_id, joined_at, seat, to_act)
    SELECT p_game_id, p.player_id, p_updated_at, p.seat, p.to_act
    FROM unnest(p_players, p_seats, p_to_act) AS p(player_id, seat, to_act)
    ON CONFLICT (game_id, player_id) DO UPDATE
    SET seat = EXCLUDED.seat, to_act = EXCLUDED.to_act
    WHERE game_players.seat IS DISTINCT FROM EXCLUDED.seat
       OR game_players.to_act IS DISTINCT FROM EXCLUDED.to_act;
    INSERT INTO notifications (player_id, kind, game_id, seq, payload)
    SELECT t.player_id, t.kind, p_game_id, p_seq, 'null'::jsonb
    FROM unnest(p_tell, p_tell_kinds) AS t(player_id, kind)
    ON CONFLICT DO NOTHING;
    RETURN p_seq;
END
$$;

DROP INDEX game_players_ended;
DROP INDEX game_players_current;
ALTER TABLE game_players DROP COLUMN ended_at;
