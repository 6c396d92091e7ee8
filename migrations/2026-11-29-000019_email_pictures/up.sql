-- Pictures of the board in emails: each player may turn them off, and an email's pictures wait
-- with it in the outbox (attached inline, named by Content-ID) until it is delivered.
ALTER TABLE players ADD COLUMN email_pictures BOOLEAN NOT NULL DEFAULT true;

CREATE TABLE email_pictures (
    email_id BIGINT NOT NULL REFERENCES emails (id) ON DELETE CASCADE,
    content_id TEXT NOT NULL,
    png BYTEA NOT NULL,
    PRIMARY KEY (email_id, content_id)
);

GRANT SELECT, INSERT, DELETE ON email_pictures TO turnpost_server;
