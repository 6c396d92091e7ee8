-- The mail worker looks for players with news that is due many times a minute. Pending
-- notifications are found by player and age, so that it asks each waiting player's oldest
-- instead of reading every pending row: at the default coalescing window a busy server holds
-- five minutes of moves pending.
DROP INDEX notifications_pending;
CREATE INDEX notifications_pending ON notifications (player_id, created_at)
    WHERE state = 'pending';
-- The kinds that are mailed at once (every kind but the news a player may have bundled). The
-- list must match store::notifications::MAILED_AT_ONCE, or the worker reads every pending row.
CREATE INDEX notifications_pending_at_once ON notifications (player_id)
    WHERE state = 'pending' AND kind IN ('sign_in', 'invitation', 'out_of_time', 'table_cancelled');
