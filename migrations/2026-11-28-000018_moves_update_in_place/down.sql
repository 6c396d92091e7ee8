DROP INDEX turn_clocks_half;
DROP FUNCTION clock_half;
DROP INDEX games_invited_only;

DROP TRIGGER computers_get_no_mail ON notifications;
CREATE TRIGGER computers_get_no_mail BEFORE INSERT ON notifications
    FOR EACH ROW EXECUTE FUNCTION computers_get_no_mail();

ALTER TABLE game_players RESET (fillfactor);
ALTER TABLE games RESET (fillfactor);

DROP INDEX game_players_computer_running;
CREATE INDEX game_players_computer_to_act ON game_players (game_id)
    WHERE to_act AND player_id < 0;

DROP INDEX games_awaiting_rating;
CREATE INDEX games_awaiting_rating ON games (updated_at, id)
    WHERE phase = 'finished' AND rated AND rating_order IS NULL;
