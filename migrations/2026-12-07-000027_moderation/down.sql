DELETE FROM reply_topics WHERE topic = 'appeal';
ALTER TABLE reply_topics DROP CONSTRAINT reply_topics_topic_check;
ALTER TABLE reply_topics ADD CONSTRAINT reply_topics_topic_check
    CHECK (topic IN ('event', 'open_tables', 'open_events', 'confirm'));
DELETE FROM notifications WHERE kind = 'moderation';
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
    CHECK (kind IN ('sign_in', 'invitation', 'your_turn', 'game_over', 'time_half', 'time_short',
                    'out_of_time', 'table_cancelled', 'event_news', 'close_account',
                    'invitation_declined'));
DROP INDEX notifications_pending_at_once;
CREATE INDEX notifications_pending_at_once ON notifications (player_id)
    WHERE state = 'pending'
      AND kind IN ('sign_in', 'invitation', 'out_of_time', 'table_cancelled', 'event_news',
                   'close_account', 'invitation_declined');
DROP TABLE appeals;
DROP TABLE moderation_log;
DROP TABLE reports;
DROP TABLE blocks;
ALTER TABLE players DROP COLUMN moderator_since, DROP COLUMN muted_until,
    DROP COLUMN suspended_until;
