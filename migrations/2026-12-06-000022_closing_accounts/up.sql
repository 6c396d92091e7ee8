-- Closing an account. A person's name is kept out of every log's hashes (a participant,
-- {"id": …, "name": …}, is hashed as {"id": …}), so it can be replaced by a pseudonym in the
-- rows themselves without breaking a chain. The logs stay append-only for everything else: the
-- one change an UPDATE may make is a participant's name, and only the schema owner's function
-- forget_names makes it.
ALTER TABLE players ADD COLUMN closed_at TIMESTAMPTZ;

-- A log's JSON as its hash sees it: every participant's name left out. jsonb writes an object
-- of exactly the members id and name as {"id": 7, "name": "…"}; a string holding that text has
-- its quotes escaped, so only real participants match.
CREATE FUNCTION names_left_out(value JSONB) RETURNS TEXT
LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT regexp_replace(value::text, '\{"id": (-?[0-9]+), "name": "(?:[^"\\]|\\.)*"\}',
                          '{"id": \1}', 'g')
$$;

CREATE FUNCTION logs_change_only_names() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'UPDATE'
        AND (to_jsonb(NEW) - 'command' - 'events') = (to_jsonb(OLD) - 'command' - 'events')
        AND names_left_out(NEW.command) = names_left_out(OLD.command)
        AND names_left_out(NEW.events) = names_left_out(OLD.events)
    THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER game_events_no_update_or_delete ON game_events;
CREATE TRIGGER game_events_no_update_or_delete
    BEFORE UPDATE OR DELETE ON game_events
    FOR EACH ROW EXECUTE FUNCTION logs_change_only_names();
DROP TRIGGER event_log_no_update_or_delete ON event_log;
CREATE TRIGGER event_log_no_update_or_delete
    BEFORE UPDATE OR DELETE ON event_log
    FOR EACH ROW EXECUTE FUNCTION logs_change_only_names();

-- Every name `player` appears under in the logs of the games and events they were part of.
CREATE FUNCTION names_in_logs(player BIGINT) RETURNS SETOF TEXT
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
    WITH logs AS (
        SELECT e.events FROM game_events e
        WHERE e.game_id IN (SELECT game_id FROM game_players WHERE player_id = player)
           OR e.game_id IN (SELECT id FROM games WHERE created_by = player)
        UNION ALL
        SELECT l.events FROM event_log l
        WHERE l.event_id IN (SELECT event_id FROM event_entrants WHERE player_id = player)
           OR l.event_id IN (SELECT id FROM events WHERE created_by = player)
    )
    SELECT DISTINCT (m[1]::jsonb) #>> '{}'
    FROM logs, regexp_matches(logs.events::text,
        '\{"id": ' || player || ', "name": ("(?:[^"\\]|\\.)*")\}', 'g') AS m
$$;

-- Replaces `player`'s name by `pseudonym` wherever a log names them as a participant.
CREATE FUNCTION forget_names(player BIGINT, pseudonym TEXT) RETURNS BIGINT
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
    RETURN changed + more;
END;
$$;
REVOKE ALL ON FUNCTION names_in_logs(BIGINT), forget_names(BIGINT, TEXT) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION names_in_logs(BIGINT), forget_names(BIGINT, TEXT) TO turnpost_server;

-- A request to close an account, confirmed by the link emailed for it: the link's token is kept
-- as its SHA-256, works once and expires. `running_games` is what the person chose for the
-- games they are playing: 'resign', or 'computer' (a computer plays the seat on where the table
-- allows it, and resigns it elsewhere).
CREATE TABLE account_closures (
    token_hash BYTEA PRIMARY KEY,
    player_id BIGINT NOT NULL REFERENCES players (id),
    running_games TEXT NOT NULL CHECK (running_games IN ('resign', 'computer')),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    expires_at TIMESTAMPTZ NOT NULL,
    used_at TIMESTAMPTZ
);
CREATE INDEX account_closures_of_player ON account_closures (player_id);
GRANT SELECT, INSERT, UPDATE, DELETE ON account_closures TO turnpost_server;
GRANT DELETE ON vacations, reply_tokens, api_tokens, email_pictures TO turnpost_server;

-- The email with the link that confirms a closure is mailed at once, as a sign-in link is.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
    CHECK (kind IN ('sign_in', 'invitation', 'your_turn', 'game_over', 'time_half', 'time_short',
                    'out_of_time', 'table_cancelled', 'event_news', 'close_account'));
DROP INDEX notifications_pending_at_once;
CREATE INDEX notifications_pending_at_once ON notifications (player_id)
    WHERE state = 'pending'
      AND kind IN ('sign_in', 'invitation', 'out_of_time', 'table_cancelled', 'event_news',
                   'close_account');

-- Logs written before names were left out of the hashes are hashed again once, by
-- `turnpost migrate` (store::upgrade), so that a name in them can be replaced too. Each log
-- whose head hash changed is recorded with its old and new head, so that anyone holding the old
-- head (from an export downloaded before) can follow it to the new one.
CREATE TABLE data_upgrades (
    name TEXT PRIMARY KEY,
    done_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE log_rehashes (
    log TEXT NOT NULL CHECK (log IN ('game', 'event')),
    log_id TEXT NOT NULL,
    old_head BYTEA NOT NULL,
    new_head BYTEA NOT NULL,
    rehashed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (log, log_id)
);
GRANT SELECT ON data_upgrades, log_rehashes TO turnpost_server;
