-- A row's writes, guarded: the game's row is locked and the row is written only if it follows
-- the head the game's row records. Under a lock the caller already holds this always passes; a
-- caller that read the head outside any transaction learns here, in the same statement, whether
-- the game moved on in the meantime. Returns the row's seq, or NULL when nothing was written.
CREATE FUNCTION record_move(
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
    RETURN record_row(p_game_id, p_seq, p_actor, p_command, p_events, p_recorded_at,
                      p_prev_hash, p_hash, p_phase, p_last_seq, p_result, p_result_message,
                      p_updated_at, p_players, p_seats, p_to_act, p_tell, p_tell_kinds);
END
$$;

REVOKE ALL ON FUNCTION record_move FROM PUBLIC;
GRANT EXECUTE ON FUNCTION record_move TO turnpost_server;
