DROP TABLE rating_changes;
DROP TABLE player_ratings;
ALTER TABLE games DROP COLUMN rating_order, DROP COLUMN rated, DROP COLUMN rating_min,
    DROP COLUMN rating_max;
