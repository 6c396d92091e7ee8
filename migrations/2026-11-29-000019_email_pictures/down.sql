DROP TABLE email_pictures;
ALTER TABLE players DROP COLUMN email_pictures;
