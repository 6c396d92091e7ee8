-- Plans made in advance: a player's answers to the opponent's next moves, kept secret until
-- used. The log holds only each plan's commitment (a row of type 'plan'); the lines, with
-- their salts, are here, and each answer's row reveals just its own line.
CREATE TABLE move_plans (
    game_id TEXT NOT NULL,
    player_id BIGINT NOT NULL,
    -- The log row of the commitment these lines were made under.
    planned_at BIGINT NOT NULL,
    -- [{"salt": …, "plies": [command, …]}, …]: the lines still open.
    lines JSONB NOT NULL,
    -- Every digest the commitment covers, sorted; revealed with each answer.
    digests JSONB NOT NULL,
    -- How many plies of each open line have been played since the commitment.
    followed INTEGER NOT NULL DEFAULT 0,
    -- The row of a move no line foresaw: the plan was cleared then, and the player is told.
    missed_at BIGINT,
    updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, player_id)
);
CREATE INDEX move_plans_of_player ON move_plans (player_id);
GRANT SELECT, INSERT, UPDATE, DELETE ON move_plans TO turnpost_server;
