DROP FUNCTION record_row;
DROP FUNCTION enqueue_notification;
DROP FUNCTION sync_game;
DROP FUNCTION append_event;
