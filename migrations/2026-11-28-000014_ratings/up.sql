-- Ratings: a projection of finished games' logs. Each rated game's log ends with a row that
-- records every person's rating before and after it; these tables are what those rows add up
-- to, and `turnpost ratings rebuild` can write them again from the logs alone.

-- Whether the game counts for its players' ratings (chosen at creation), and once it has been
-- rated, its place in the order games were rated (0: nothing to rate, such as a game that left
-- only one person at the table).
ALTER TABLE games
    ADD COLUMN rated BOOLEAN NOT NULL DEFAULT false,
    ADD COLUMN rating_order BIGINT,
    -- The ratings (in the table's game) that may take an open seat, when the creator asked.
    ADD COLUMN rating_min INTEGER,
    ADD COLUMN rating_max INTEGER;
CREATE UNIQUE INDEX games_rating_order ON games (rating_order) WHERE rating_order > 0;
CREATE INDEX games_awaiting_rating ON games (updated_at, id)
    WHERE phase = 'finished' AND rated AND rating_order IS NULL;

-- Each person's rating in each kind of game as it stands after their last rated game.
CREATE TABLE player_ratings (
    player_id BIGINT NOT NULL REFERENCES players (id),
    kind TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    last_rated_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (player_id, kind)
);
CREATE INDEX player_ratings_board ON player_ratings (kind, rating DESC);

-- Every rating change, as the game's log records it.
CREATE TABLE rating_changes (
    game_id TEXT NOT NULL REFERENCES games (id),
    player_id BIGINT NOT NULL REFERENCES players (id),
    kind TEXT NOT NULL,
    rating_order BIGINT NOT NULL,
    place INTEGER NOT NULL,
    rated_players INTEGER NOT NULL,
    rating_before DOUBLE PRECISION NOT NULL,
    deviation_before DOUBLE PRECISION NOT NULL,
    volatility_before DOUBLE PRECISION NOT NULL,
    rating_after DOUBLE PRECISION NOT NULL,
    deviation_after DOUBLE PRECISION NOT NULL,
    volatility_after DOUBLE PRECISION NOT NULL,
    rated_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (game_id, player_id)
);
CREATE INDEX rating_changes_history ON rating_changes (player_id, kind, rating_order);

-- The server adds ratings; it never rewrites a change once made.
GRANT SELECT, INSERT, UPDATE ON player_ratings TO turnpost_server;
GRANT SELECT, INSERT ON rating_changes TO turnpost_server;
