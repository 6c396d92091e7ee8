ALTER TABLE log_rehashes DROP CONSTRAINT log_rehashes_pkey;
DELETE FROM log_rehashes WHERE upgrade <> 'names-outside-hashes';
ALTER TABLE log_rehashes DROP COLUMN upgrade;
ALTER TABLE log_rehashes ADD PRIMARY KEY (log, log_id);
DROP FUNCTION remove_words(TEXT, BIGINT[]);
CREATE OR REPLACE FUNCTION logs_change_only_names() RETURNS trigger AS $$
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
DROP FUNCTION words_left_out(TEXT);
