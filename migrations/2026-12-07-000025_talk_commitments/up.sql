-- Table talk kept outside the logs' hashes. A message's words are the object
-- {"commitment": …, "salt": …, "text": …}, hashed as {"commitment": …}: deleting the salt and
-- text leaves every hash as it was. jsonb writes that object with its keys shortest first, as
-- {"salt": "…", "text": "…", "commitment": "…"}; a string holding that text has its quotes
-- escaped, so only real words match.
CREATE FUNCTION words_left_out(value TEXT) RETURNS TEXT
LANGUAGE sql IMMUTABLE STRICT AS $$
    SELECT regexp_replace(value,
        '\{"salt": "[0-9a-f]*", "text": "(?:[^"\\]|\\.)*", "commitment": ("[0-9a-f]{64}")\}',
        '{"commitment": \1}', 'g')
$$;

-- The logs stay append-only but for two changes, each made only by the schema owner's
-- functions: a participant's name replaced, and a message's words deleted.
CREATE OR REPLACE FUNCTION logs_change_only_names() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'UPDATE'
        AND (to_jsonb(NEW) - 'command' - 'events') = (to_jsonb(OLD) - 'command' - 'events')
        AND words_left_out(names_left_out(NEW.command))
            = words_left_out(names_left_out(OLD.command))
        AND words_left_out(names_left_out(NEW.events))
            = words_left_out(names_left_out(OLD.events))
    THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;

-- Deletes the words (salt and text) of the talk in rows `seqs` of `game`, keeping their
-- commitments. The server calls it in the transaction that appends the row saying so.
CREATE FUNCTION remove_words(game TEXT, seqs BIGINT[]) RETURNS BIGINT
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
    changed BIGINT;
BEGIN
    UPDATE game_events e
    SET command = words_left_out(e.command::text)::jsonb,
        events = words_left_out(e.events::text)::jsonb
    WHERE e.game_id = game AND e.seq = ANY(seqs)
      AND (e.command::text <> words_left_out(e.command::text)
           OR e.events::text <> words_left_out(e.events::text));
    GET DIAGNOSTICS changed = ROW_COUNT;
    RETURN changed;
END;
$$;
REVOKE ALL ON FUNCTION remove_words(TEXT, BIGINT[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION remove_words(TEXT, BIGINT[]) TO turnpost_server;

-- Each upgrade that hashes logs again keeps its own old and new heads.
ALTER TABLE log_rehashes ADD COLUMN upgrade TEXT NOT NULL DEFAULT 'names-outside-hashes';
ALTER TABLE log_rehashes ALTER COLUMN upgrade DROP DEFAULT;
ALTER TABLE log_rehashes DROP CONSTRAINT log_rehashes_pkey;
ALTER TABLE log_rehashes ADD PRIMARY KEY (log, log_id, upgrade);
