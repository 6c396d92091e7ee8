-- Each player's name as it looks: its confusable skeleton (Unicode UTS #39, case aside), so that
-- a new name is refused when it looks like another player's. Written by the server with every
-- name; names given before are filled in by `turnpost migrate` (store::upgrade).
ALTER TABLE players ADD COLUMN name_skeleton TEXT;
CREATE INDEX players_by_name_skeleton ON players (name_skeleton);
