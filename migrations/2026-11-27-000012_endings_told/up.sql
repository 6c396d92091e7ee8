-- A game ended by withdrawals is told by how each seat left ("Bo won: Ann ran out of time"),
-- and a called-off table by why. The stored results of games that ended before are told again
-- here from their logs, which record each resignation, time-out and calling off.

-- A player named as a result names them: a seat-name message holding their name.
CREATE FUNCTION seat_named(p_name TEXT) RETURNS JSONB AS $$
    SELECT jsonb_build_object('key', 'seat-name', 'args',
        jsonb_build_array(jsonb_build_array('player', jsonb_build_object('text', p_name))));
$$ LANGUAGE sql IMMUTABLE;

-- How each seat left a game, in the order they left, as messages naming the player.
CREATE FUNCTION departures_told(p_game_id TEXT) RETURNS JSONB AS $$
    SELECT coalesce(jsonb_agg(jsonb_build_object(
               'key', CASE e->>'type' WHEN 'timed_out' THEN 'left-timed-out'
                                      ELSE 'left-resigned' END,
               'args', jsonb_build_array(jsonb_build_array('player',
                   jsonb_build_object('message', seat_named(e->'player'->>'name')))))
             ORDER BY r.seq, x.n), '[]'::jsonb)
    FROM game_events r, jsonb_array_elements(r.events) WITH ORDINALITY AS x(e, n)
    WHERE r.game_id = p_game_id AND e->>'type' IN ('resigned', 'timed_out');
$$ LANGUAGE sql STABLE;

-- The same in English, joined as a list is ("Ann resigned and Bo ran out of time").
CREATE FUNCTION departures_line(p_game_id TEXT) RETURNS TEXT AS $$
    WITH told AS (
        SELECT array_agg(e->'player'->>'name' || CASE e->>'type'
                   WHEN 'timed_out' THEN ' ran out of time' ELSE ' resigned' END
                 ORDER BY r.seq, x.n) AS items
        FROM game_events r, jsonb_array_elements(r.events) WITH ORDINALITY AS x(e, n)
        WHERE r.game_id = p_game_id AND e->>'type' IN ('resigned', 'timed_out'))
    SELECT CASE WHEN cardinality(items) > 1
                THEN array_to_string(items[1:cardinality(items) - 1], ', ')
                     || ' and ' || items[cardinality(items)]
                ELSE items[1] END
    FROM told;
$$ LANGUAGE sql STABLE;

UPDATE games SET
    result_message = jsonb_build_object(
        'key', 'result-won-others-left',
        'args', jsonb_build_array(
            (SELECT a FROM jsonb_array_elements(result_message->'args') AS a
             WHERE a->>0 = 'winners'),
            jsonb_build_array('left',
                jsonb_build_object('list', jsonb_build_array('and', departures_told(id)))))),
    result = split_part(result, ' won: ', 1) || ' won: ' || departures_line(id)
WHERE result_message->>'key' IN ('result-won-other-resigned', 'result-won-all-resigned');

UPDATE games g SET
    result_message = jsonb_build_object('key', CASE e->'reason' #>> '{}'
        WHEN 'invitations_expired' THEN 'result-called-off-expired'
        ELSE 'result-called-off-by-creator' END, 'args', '[]'::jsonb),
    result = CASE e->'reason' #>> '{}'
        WHEN 'invitations_expired'
            THEN 'Called off: its invitations expired before every seat was taken'
        ELSE 'Called off by its creator before it started' END
FROM game_events r, jsonb_array_elements(r.events) AS e
WHERE g.phase = 'cancelled' AND g.result_message IS NULL
  AND r.game_id = g.id AND e->>'type' = 'cancelled';

DROP FUNCTION departures_line(TEXT);
DROP FUNCTION departures_told(TEXT);
DROP FUNCTION seat_named(TEXT);
