-- Sessions live on the server: the cookie carries a random id whose SHA-256 is kept here, so
-- signing out (or "sign out everywhere") ends a session for good, even for a copied cookie.
CREATE TABLE sessions (
    id_hash BYTEA PRIMARY KEY,
    player_id BIGINT NOT NULL REFERENCES players (id),
    created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    last_seen_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    user_agent TEXT NOT NULL DEFAULT '',
    revoked_at TIMESTAMPTZ
);
CREATE INDEX sessions_of_player ON sessions (player_id) WHERE revoked_at IS NULL;

-- Abusable actions, one row each, counted over a sliding window to enforce limits shared by
-- every server process. Rows older than the window are deleted as the same key is used again.
CREATE TABLE rate_events (
    action TEXT NOT NULL,
    subject TEXT NOT NULL,
    at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX rate_events_window ON rate_events (action, subject, at);

-- A player is confirmed once they have proved they read mail at their address (a sign-in link,
-- or an accepted invitation to a new address). Invitations never sign into a confirmed account.
ALTER TABLE players ADD COLUMN confirmed_at TIMESTAMPTZ;
UPDATE players p SET confirmed_at = p.created_at
    WHERE EXISTS (SELECT 1 FROM sign_in_tokens t WHERE t.email = p.email AND t.used_at IS NOT NULL)
       OR EXISTS (SELECT 1 FROM game_players g WHERE g.player_id = p.id);

-- Display names are unique regardless of case; earlier duplicates get their id appended.
UPDATE players p SET display_name = left(p.display_name, 30) || ' ' || p.id
    WHERE EXISTS (SELECT 1 FROM players q
                  WHERE lower(q.display_name) = lower(p.display_name) AND q.id < p.id);
CREATE UNIQUE INDEX players_display_name_key ON players (lower(display_name));

ALTER TABLE invitations ADD COLUMN expires_at TIMESTAMPTZ;
UPDATE invitations SET expires_at = created_at + interval '14 days';
ALTER TABLE invitations ALTER COLUMN expires_at SET NOT NULL;

-- Sign-in links go out before bulk mail (0 = sign-in, 1 = invitation, 2 = game news). A worker
-- claims an email until `claimed_until` and sends it outside any transaction.
ALTER TABLE emails
    ADD COLUMN priority SMALLINT NOT NULL DEFAULT 2,
    ADD COLUMN claimed_until TIMESTAMPTZ,
    ADD COLUMN last_attempt_at TIMESTAMPTZ;
UPDATE emails SET priority = CASE kind WHEN 'sign_in' THEN 0 WHEN 'invitation' THEN 1 ELSE 2 END;
DROP INDEX emails_due;
CREATE INDEX emails_due ON emails (priority, next_attempt_at, id)
    WHERE sent_at IS NULL AND failed_at IS NULL;

-- The role the web server and mail workers connect as. It may add to the event log but never
-- change or remove what is there, nor touch the schema; migrations run as the owner.
DO $$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'turnpost_server') THEN
        CREATE ROLE turnpost_server LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT;
    END IF;
EXCEPTION
    -- Another database of the same cluster created it at the same moment.
    WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;
GRANT USAGE ON SCHEMA public TO turnpost_server;
GRANT SELECT, INSERT, UPDATE, DELETE ON
    players, sign_in_tokens, games, game_players, invitations, notifications, emails,
    sessions, rate_events
    TO turnpost_server;
GRANT SELECT, INSERT ON server_secrets, game_seeds, game_events TO turnpost_server;
GRANT SELECT ON __diesel_schema_migrations TO turnpost_server;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO turnpost_server;
