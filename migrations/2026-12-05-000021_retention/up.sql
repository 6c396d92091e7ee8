-- Retention: the words of emails given up on, and received replies, are kept for
-- retention.mail_days (a sent email's are dropped as it is sent); ended sessions and expired
-- sign-in links not at all. The scheduler deletes them; the emails' index holds only those still
-- to be emptied, so its look costs nothing on a site with years of mail.
CREATE INDEX emails_failed_with_words ON emails (failed_at)
    WHERE body_text <> '' AND failed_at IS NOT NULL;
CREATE INDEX inbound_mail_by_arrival ON inbound_mail (received_at);
CREATE INDEX sessions_by_last_use ON sessions (last_seen_at);
CREATE INDEX sign_in_tokens_by_expiry ON sign_in_tokens (expires_at);

-- A duplicate outlives the message it repeated.
ALTER TABLE inbound_mail DROP CONSTRAINT inbound_mail_duplicate_of_fkey,
    ADD CONSTRAINT inbound_mail_duplicate_of_fkey FOREIGN KEY (duplicate_of)
        REFERENCES inbound_mail (id) ON DELETE SET NULL;

GRANT DELETE ON inbound_mail TO turnpost_server;
