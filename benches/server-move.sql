-- What the server asks of PostgreSQL for one move, for pgbench: the statements a player's
-- JSON view and the move's POST send, as `turnpost serve` sends them (the text is Diesel's).
-- The view checks the session and reads the game's rows since the head the server holds; the
-- POST checks the session again and records the move with `record_move`. The server knows the
-- head's sequence number and hash from the game it holds folded; pgbench looks them up by key
-- (the game's row, then the head's row), which costs PostgreSQL two index lookups more than the
-- server's statements.
-- `cargo bench --bench load` runs it on a database `turnpost migrate` made and
-- benches/server-move-setup.sql and benches/other-players.sql filled, so that the server's
-- moves/s has the peer of its own statements.
\set game random(1, :games)
\set player 1 + :game % 32 * 2
SELECT "players"."id", "players"."email", "players"."display_name", "players"."notify", "players"."time_zone", "players"."language", (("sessions"."last_seen_at" + '5 minutes'::interval) < transaction_timestamp()), transaction_timestamp() FROM ("sessions" INNER JOIN "players" ON ("sessions"."player_id" = "players"."id")) WHERE (("sessions"."id_hash" = decode(lpad(to_hex(:player::bigint), 64, '0'), 'hex')) AND (("sessions"."revoked_at" IS NULL) AND (("sessions"."last_seen_at" + '30 days'::interval) > transaction_timestamp()))) LIMIT 1;
SELECT "game_events"."game_id", "game_events"."seq", "game_events"."actor", "game_events"."command", "game_events"."events", "game_events"."recorded_at", "game_events"."prev_hash", "game_events"."hash", "players"."id", "players"."display_name" FROM ("game_events" LEFT OUTER JOIN "players" ON ("players"."id" = ANY(ARRAY[:player, :player + 1]::bigint[]))) WHERE (("game_events"."game_id" = 'g' || :game) AND ("game_events"."seq" >= (SELECT last_seq - 1 FROM games WHERE id = 'g' || :game))) ORDER BY "game_events"."seq" ASC, "players"."id" ASC;
SELECT "players"."id", "players"."email", "players"."display_name", "players"."notify", "players"."time_zone", "players"."language", (("sessions"."last_seen_at" + '5 minutes'::interval) < transaction_timestamp()), transaction_timestamp() FROM ("sessions" INNER JOIN "players" ON ("sessions"."player_id" = "players"."id")) WHERE (("sessions"."id_hash" = decode(lpad(to_hex(:player::bigint), 64, '0'), 'hex')) AND (("sessions"."revoked_at" IS NULL) AND (("sessions"."last_seen_at" + '30 days'::interval) > transaction_timestamp()))) LIMIT 1;
SELECT last_seq AS head FROM games WHERE id = 'g' || :game \gset
SELECT record_move('g' || :game, :head + 1, :player + :head % 2,
    '{"type":"game","command":{"type":"sow","pit":3}}',
    '[{"type":"game","event":{"type":"sowed","seat":0,"side":"south","pit":3,"seeds":4,"captured":0,"extra_turn": false}}]',
    now(), h.hash, sha256(h.hash), 'active', :head + 1, NULL, NULL, now(),
    ARRAY[:player, :player + 1]::bigint[], ARRAY[0, 1], ARRAY[:head % 2 = 0, :head % 2 = 1],
    ARRAY[:player + 1 - :head % 2]::bigint[], ARRAY['your_turn'])
FROM (SELECT hash FROM game_events WHERE game_id = 'g' || :game AND seq = :head) h;
