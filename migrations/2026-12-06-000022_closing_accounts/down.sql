DROP TABLE log_rehashes;
DROP TABLE data_upgrades;
DROP INDEX notifications_pending_at_once;
CREATE INDEX notifications_pending_at_once ON notifications (player_id)
    WHERE state = 'pending'
      AND kind IN ('sign_in', 'invitation', 'out_of_time', 'table_cancelled', 'event_news');
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
    CHECK (kind IN ('sign_in', 'invitation', 'your_turn', 'game_over', 'time_half', 'time_short',
                    'out_of_time', 'table_cancelled', 'event_news'));
DROP TABLE account_closures;
DROP FUNCTION forget_names(BIGINT, TEXT);
DROP FUNCTION names_in_logs(BIGINT);
DROP TRIGGER game_events_no_update_or_delete ON game_events;
CREATE TRIGGER game_events_no_update_or_delete
    BEFORE UPDATE OR DELETE ON game_events
    FOR EACH ROW EXECUTE FUNCTION game_events_are_append_only();
DROP TRIGGER event_log_no_update_or_delete ON event_log;
CREATE TRIGGER event_log_no_update_or_delete
    BEFORE UPDATE OR DELETE ON event_log
    FOR EACH ROW EXECUTE FUNCTION event_log_is_append_only();
DROP FUNCTION logs_change_only_names();
DROP FUNCTION names_left_out(JSONB);
ALTER TABLE players DROP COLUMN closed_at;
