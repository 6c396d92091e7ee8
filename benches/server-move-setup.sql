-- Players, sessions and Kalah games for benches/server-move.sql, on a database that
-- `turnpost migrate` has just made: 64 players, each signed in once, and `:games` games of
-- two of them, each with its first row of log. A session's id hash is the player's id in hex,
-- so that pgbench can name it without hashing.
INSERT INTO players (id, email, display_name, unsubscribe_token, confirmed_at)
SELECT p, 'player' || p || '@example.com', 'Player ' || p, md5(p::text), now()
FROM generate_series(1, 64) AS p;
SELECT setval('players_id_seq', 64);
INSERT INTO sessions (id_hash, player_id)
SELECT decode(lpad(to_hex(p), 64, '0'), 'hex'), p FROM generate_series(1, 64) AS p;
INSERT INTO games (id, kind, options, players, private, created_by, phase, last_seq,
                   created_at, updated_at)
SELECT 'g' || g, 'kalah', '{"seeds":4}', 2, false, 1 + g % 32 * 2, 'active', 1, now(), now()
FROM generate_series(1, :games) AS g;
INSERT INTO game_players (game_id, player_id, seat, to_act, joined_at)
SELECT 'g' || g, 1 + g % 32 * 2 + seat, seat, seat = 0, now()
FROM generate_series(1, :games) AS g, generate_series(0, 1) AS seat;
INSERT INTO game_events (game_id, seq, actor, command, events, recorded_at, prev_hash, hash)
SELECT 'g' || g, 1, 1 + g % 32 * 2, '{"type":"create","kind":"kalah"}',
       '[{"type":"created","kind":"kalah"},{"type":"joined","seat":0},{"type":"joined","seat":1}]',
       now(), sha256(''::bytea), sha256(('g' || g)::bytea)
FROM generate_series(1, :games) AS g;
ANALYZE;
