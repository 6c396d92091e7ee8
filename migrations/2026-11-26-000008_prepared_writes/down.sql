DROP FUNCTION enqueue_notification;
DROP FUNCTION sync_game;
DROP FUNCTION append_event;
