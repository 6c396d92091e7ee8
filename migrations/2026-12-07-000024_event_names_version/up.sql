-- Counts the times a name in an event's log was replaced (a participant closed their account):
-- a server holding the event folded in memory compares it on every use, since the replaced
-- name may sit in any row of the log, not only its head.
ALTER TABLE events ADD COLUMN names_version BIGINT NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION forget_names(player BIGINT, pseudonym TEXT) RETURNS BIGINT
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
    pattern TEXT := '\{"id": ' || player || ', "name": "(?:[^"\\]|\\.)*"\}';
    replacement TEXT := replace(jsonb_build_object('id', player, 'name', pseudonym)::text,
                                '\', '\\');
    changed BIGINT;
    more BIGINT;
BEGIN
    UPDATE game_events e
    SET events = regexp_replace(e.events::text, pattern, replacement, 'g')::jsonb
    WHERE (e.game_id IN (SELECT game_id FROM game_players WHERE player_id = player)
           OR e.game_id IN (SELECT id FROM games WHERE created_by = player))
      AND e.events::text ~ pattern;
    GET DIAGNOSTICS changed = ROW_COUNT;
    UPDATE event_log l
    SET events = regexp_replace(l.events::text, pattern, replacement, 'g')::jsonb
    WHERE (l.event_id IN (SELECT event_id FROM event_entrants WHERE player_id = player)
           OR l.event_id IN (SELECT id FROM events WHERE created_by = player))
      AND l.events::text ~ pattern;
    GET DIAGNOSTICS more = ROW_COUNT;
    UPDATE events
    SET names_version = names_version + 1
    WHERE id IN (SELECT event_id FROM event_entrants WHERE player_id = player)
       OR created_by = player;
    RETURN changed + more;
END;
$$;
