ALTER TABLE emails DROP COLUMN in_reply_to;
ALTER TABLE emails DROP COLUMN reply_to;
DROP TABLE inbound_mail;
DROP TABLE reply_tokens;
