ALTER TABLE games DROP COLUMN result_message;
ALTER TABLE players DROP COLUMN language;
