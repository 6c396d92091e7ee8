DROP INDEX games_open;
ALTER TABLE games DROP COLUMN open_seats, DROP COLUMN time_control;
DROP INDEX games_waiting;
DROP INDEX notifications_one_per_turn;
DELETE FROM notifications
    WHERE kind IN ('time_half', 'time_short', 'out_of_time', 'table_cancelled');
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
    CHECK (kind IN ('sign_in', 'invitation', 'your_turn', 'game_over'));
CREATE UNIQUE INDEX notifications_one_per_turn ON notifications (player_id, game_id, seq, kind)
    WHERE kind IN ('your_turn', 'game_over');
DROP TABLE turn_clocks;
ALTER TABLE games DROP CONSTRAINT games_phase_check;
ALTER TABLE games ADD CONSTRAINT games_phase_check
    CHECK (phase IN ('waiting', 'active', 'finished'));
