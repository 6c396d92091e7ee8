DROP TABLE appeals;
DROP TABLE moderation_log;
DROP TABLE reports;
DROP TABLE blocks;
ALTER TABLE players DROP COLUMN moderator_since, DROP COLUMN muted_until,
    DROP COLUMN suspended_until;
