DROP TABLE vacations;
ALTER TABLE players DROP COLUMN time_zone;
