DROP TABLE event_games;
DROP TABLE event_entrants;
DROP TABLE event_seeds;
DROP TABLE events;
DROP TABLE event_log;
DROP FUNCTION event_log_is_append_only();
