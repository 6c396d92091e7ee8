DELETE FROM notifications WHERE kind = 'event_news';
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
    CHECK (kind IN ('sign_in', 'invitation', 'your_turn', 'game_over', 'time_half', 'time_short',
                    'out_of_time', 'table_cancelled'));
DROP INDEX notifications_pending_at_once;
CREATE INDEX notifications_pending_at_once ON notifications (player_id)
    WHERE state = 'pending' AND kind IN ('sign_in', 'invitation', 'out_of_time', 'table_cancelled');
DROP TABLE event_games;
DROP TABLE event_entrants;
DROP TABLE event_seeds;
DROP TABLE events;
DROP TABLE event_log;
DROP FUNCTION event_log_is_append_only();
