-- The least a durable move needs of PostgreSQL, for pgbench: read the game's head, then in one
-- transaction lock the game's row, add the event row, advance the head and queue one
-- notification. `cargo bench --bench load` creates the tables (see benches/load.rs) and runs
-- this with as many clients as it runs players, so that moves/s has a peer from the same minute.
\set game random(1, :games)
SELECT head FROM bench_games WHERE id = :game;
BEGIN;
SELECT head FROM bench_games WHERE id = :game FOR UPDATE;
INSERT INTO bench_events (game_id, seq, events)
    SELECT id, head + 1, '[{"type":"game","event":{"type":"sown","pit":3}}]' FROM bench_games WHERE id = :game;
UPDATE bench_games SET head = head + 1 WHERE id = :game;
INSERT INTO bench_notifications (player_id, game_id, seq) VALUES (:game, :game, 0);
COMMIT;
