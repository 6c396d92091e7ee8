DROP TABLE notifications;
DROP TABLE emails;
ALTER TABLE players
    DROP COLUMN notify,
    DROP COLUMN unsubscribe_token,
    DROP COLUMN email_rejected_at,
    DROP COLUMN email_rejection;
