-- A database like a site's after years of use, for the flatness measurement of
-- `cargo bench --bench load -- flat`: made by SQL on a database `turnpost migrate` made and the
-- bench's own players signed into. psql variables:
--   :players     players, each signed in once
--   :finished    finished games, of the five kinds in turn, with :rows rows of log each
--   :rows        rows of log of each finished game
--   :running     running games, with ten rows of log and a clock running a month
--   :open        open tables, waiting for a second player
--   :emails      sent emails, each with the notification it was made from
--   :host        the bench's player who has played :host_games finished games with :guest
--   :guest
--   :host_games
-- The rows have the sizes and shapes of real ones (commands, events, hashes, seats, the read
-- model) but are not moves of real games: nobody folds them, and the bench measures its own games.
SET synchronous_commit = off;

INSERT INTO players (email, display_name, unsubscribe_token, confirmed_at, created_at)
SELECT 'site' || n || '@site.example', 'Site ' || n, md5('site' || n), now(),
       now() - interval '3 years'
FROM generate_series(1, :players) AS n;
INSERT INTO sessions (id_hash, player_id)
SELECT sha256(convert_to(email, 'UTF8')), id FROM players WHERE email LIKE 'site%@site.example';
SELECT coalesce(min(id), 0) AS first_player FROM players WHERE email LIKE 'site%@site.example' \gset

CREATE TEMP TABLE kinds (k INT PRIMARY KEY, kind TEXT NOT NULL);
INSERT INTO kinds VALUES (0, 'kalah'), (1, 'quarto'), (2, 'kabaleo'), (3, 'azul'), (4, 'gype');

-- Finished games between two site players, ended over the three years.
INSERT INTO games (id, kind, options, players, private, created_by, phase, last_seq, result,
                   created_at, updated_at, open_seats)
SELECT 'sitef' || g, kind, '{}', 2, false, :first_player + (2 * g) % :players, 'finished',
       :rows, 'A draw', now() - make_interval(mins => g * 10 + 600),
       now() - make_interval(mins => g * 10), 0
FROM generate_series(1, :finished) AS g JOIN kinds ON k = g % 5;
INSERT INTO game_players (game_id, player_id, seat, to_act, joined_at, ended_at)
SELECT 'sitef' || g, :first_player + (2 * g + seat) % :players, seat, false,
       now() - make_interval(mins => g * 10 + 600), now() - make_interval(mins => g * 10)
FROM generate_series(1, :finished) AS g, generate_series(0, 1) AS seat;
INSERT INTO game_seeds (game_id, seed)
SELECT 'sitef' || g, sha256(('seed' || g)::bytea) FROM generate_series(1, :finished) AS g;
INSERT INTO game_events (game_id, seq, actor, command, events, recorded_at, prev_hash, hash)
SELECT 'sitef' || g, s, :first_player + (2 * g + s % 2) % :players,
       '{"type":"game","command":{"type":"sow","pit":3}}',
       '[{"type":"game","event":{"type":"sowed","seat":0,"side":"south","pit":3,"seeds":4,"captured":0,"extra_turn":false}}]',
       now() - make_interval(mins => g * 10 + 600 - s),
       sha256(('sitef' || g || '/' || (s - 1))::bytea), sha256(('sitef' || g || '/' || s)::bytea)
FROM generate_series(1, :finished) AS g, generate_series(1, :rows) AS s;

-- The host's finished games with the guest, ended a day apart.
INSERT INTO games (id, kind, options, players, private, created_by, phase, last_seq, result,
                   created_at, updated_at, open_seats)
SELECT 'siteh' || g, kind, '{}', 2, false, :host, 'finished', 10, 'A draw',
       now() - make_interval(days => g + 1), now() - make_interval(days => g), 0
FROM generate_series(1, :host_games) AS g JOIN kinds ON k = g % 5;
INSERT INTO game_players (game_id, player_id, seat, to_act, joined_at, ended_at)
SELECT 'siteh' || g, p, seat, false, now() - make_interval(days => g + 1),
       now() - make_interval(days => g)
FROM generate_series(1, :host_games) AS g,
     unnest(ARRAY[:host, :guest]::bigint[], ARRAY[0, 1]) AS seats(p, seat);
INSERT INTO game_events (game_id, seq, actor, command, events, recorded_at, prev_hash, hash)
SELECT 'siteh' || g, s, :host, '{"type":"game","command":{"type":"sow","pit":3}}',
       '[{"type":"game","event":{"type":"sowed","seat":0,"side":"south","pit":3,"seeds":4,"captured":0,"extra_turn":false}}]',
       now() - make_interval(days => g + 1), sha256(('siteh' || g || '/' || (s - 1))::bytea),
       sha256(('siteh' || g || '/' || s)::bytea)
FROM generate_series(1, :host_games) AS g, generate_series(1, 10) AS s;

-- Running games, each waiting for its first seat, whose clock runs out in a month.
INSERT INTO games (id, kind, options, players, private, created_by, phase, last_seq,
                   created_at, updated_at, open_seats)
SELECT 'siter' || g, kind, '{}', 2, false, :first_player + (2 * g) % :players, 'active', 10,
       now() - interval '2 days', now() - make_interval(mins => g), 0
FROM generate_series(1, :running) AS g JOIN kinds ON k = g % 5;
INSERT INTO game_players (game_id, player_id, seat, to_act, joined_at)
SELECT 'siter' || g, :first_player + (2 * g + seat) % :players, seat, seat = 0,
       now() - interval '2 days'
FROM generate_series(1, :running) AS g, generate_series(0, 1) AS seat;
INSERT INTO turn_clocks (game_id, seat, player_id, turn_seq, started_at, due_at)
SELECT 'siter' || g, 0, :first_player + (2 * g) % :players, 10, now() - interval '1 day',
       now() + interval '30 days'
FROM generate_series(1, :running) AS g;
INSERT INTO game_seeds (game_id, seed)
SELECT 'siter' || g, sha256(('seed' || g)::bytea) FROM generate_series(1, :running) AS g;
INSERT INTO game_events (game_id, seq, actor, command, events, recorded_at, prev_hash, hash)
SELECT 'siter' || g, s, :first_player + (2 * g + s % 2) % :players,
       '{"type":"game","command":{"type":"sow","pit":3}}',
       '[{"type":"game","event":{"type":"sowed","seat":0,"side":"south","pit":3,"seeds":4,"captured":0,"extra_turn":false}}]',
       now() - interval '2 days', sha256(('siter' || g || '/' || (s - 1))::bytea),
       sha256(('siter' || g || '/' || s)::bytea)
FROM generate_series(1, :running) AS g, generate_series(1, 10) AS s;

-- Open Kalah tables, each with its creator seated and one seat open.
INSERT INTO games (id, kind, options, players, private, created_by, phase, last_seq,
                   created_at, updated_at, open_seats)
SELECT 'siteo' || g, 'kalah', '{"seeds":4}', 2, false, :first_player + g % :players, 'waiting',
       1, now() - make_interval(mins => g + 60), now() - make_interval(mins => g + 60), 1
FROM generate_series(1, :open) AS g;
INSERT INTO game_players (game_id, player_id, seat, to_act, joined_at)
SELECT 'siteo' || g, :first_player + g % :players, 0, false, now() - make_interval(mins => g + 60)
FROM generate_series(1, :open) AS g;
INSERT INTO game_events (game_id, seq, actor, command, events, recorded_at, prev_hash, hash)
SELECT 'siteo' || g, 1, :first_player + g % :players, '{"type":"create","kind":"kalah"}',
       '[{"type":"created","kind":"kalah"},{"type":"joined","seat":0}]',
       now() - make_interval(mins => g + 60), sha256(''::bytea), sha256(('siteo' || g)::bytea)
FROM generate_series(1, :open) AS g;

-- Sent emails, each from a notification of a finished game's move.
INSERT INTO emails (message_id, player_id, recipient, kind, subject, body_text, body_html,
                    unsubscribe_url, created_at, attempts, next_attempt_at, sent_at,
                    last_attempt_at)
SELECT '<site' || n || '@site.example>', :first_player + n % :players,
       'site' || (n % :players + 1) || '@site.example', 'news', 'Your turn in Kalah',
       repeat('Your turn in Kalah against Site. ', 30), repeat('<p>Your turn in Kalah.</p>', 40),
       'https://turnpost.example/unsubscribe/x', now() - make_interval(mins => n),
       1, now() - make_interval(mins => n), now() - make_interval(mins => n),
       now() - make_interval(mins => n)
FROM generate_series(1, :emails) AS n;
INSERT INTO notifications (player_id, kind, game_id, seq, payload, created_at, state, email_id)
SELECT e.player_id, 'your_turn', 'sitef' || (1 + e.id % :finished), 1 + (e.id / :finished) % :rows,
       'null', e.created_at, 'mailed', e.id
FROM emails e WHERE e.message_id LIKE '<site%@site.example>';

ANALYZE;
