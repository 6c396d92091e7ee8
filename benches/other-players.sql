-- Players who are signed up and signed in but not playing in the load, so that PostgreSQL
-- plans the session check and the players' lookups for tables of the size a server in use
-- has: with a few dozen rows it reads them whole and joins them by hashing, a plan no
-- server with real players would get. `:others` says how many.
INSERT INTO players (email, display_name, unsubscribe_token, confirmed_at)
SELECT 'other' || n || '@load.example', 'Other ' || n, md5('other' || n), now()
FROM generate_series(1, :others) AS n;
INSERT INTO sessions (id_hash, player_id)
SELECT sha256(convert_to(email, 'UTF8')), id FROM players WHERE email LIKE 'other%@load.example';
ANALYZE players;
ANALYZE sessions;
