DROP INDEX notifications_pending_at_once;
DROP INDEX notifications_pending;
CREATE INDEX notifications_pending ON notifications (player_id, id) WHERE state = 'pending';
