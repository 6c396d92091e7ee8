REVOKE DELETE ON inbound_mail FROM turnpost_server;
ALTER TABLE inbound_mail DROP CONSTRAINT inbound_mail_duplicate_of_fkey,
    ADD CONSTRAINT inbound_mail_duplicate_of_fkey FOREIGN KEY (duplicate_of)
        REFERENCES inbound_mail (id);
DROP INDEX sign_in_tokens_by_expiry;
DROP INDEX sessions_by_last_use;
DROP INDEX inbound_mail_by_arrival;
DROP INDEX emails_failed_with_words;
