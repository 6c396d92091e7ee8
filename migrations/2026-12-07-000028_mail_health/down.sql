DELETE FROM notifications WHERE kind = 'confirm_address';
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
    CHECK (kind IN ('sign_in', 'invitation', 'your_turn', 'game_over', 'time_half', 'time_short',
                    'out_of_time', 'table_cancelled', 'event_news', 'close_account',
                    'invitation_declined', 'moderation'));
DROP INDEX notifications_pending_at_once;
CREATE INDEX notifications_pending_at_once ON notifications (player_id)
    WHERE state = 'pending'
      AND kind IN ('sign_in', 'invitation', 'out_of_time', 'table_cancelled', 'event_news',
                   'close_account', 'invitation_declined', 'moderation');
DROP TABLE address_changes;
DROP INDEX emails_sent_recently;
ALTER TABLE players DROP COLUMN complained_at;
DROP TABLE mail_reports;
DROP TABLE mail_addresses;
