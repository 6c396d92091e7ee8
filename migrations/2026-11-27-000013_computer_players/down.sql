DROP TABLE api_tokens;
DROP TABLE computer_claims;
DROP INDEX game_players_computer_to_act;
DROP TRIGGER computers_get_no_mail ON notifications;
DROP FUNCTION computers_get_no_mail();
DELETE FROM players WHERE computer_level IS NOT NULL;
ALTER TABLE players DROP COLUMN bot, DROP COLUMN computer_level;
