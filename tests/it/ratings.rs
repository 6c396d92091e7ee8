//! Rated games of every kind, of two, three and four players, played through the services:
//! the ratings stored are those Glicko-2 gives for the places each result makes, the game's log
//! and export carry every change, `turnpost ratings rebuild` writes the same ratings again from
//! the logs, and games that end at once for the same player are each rated once, in order.

use std::collections::HashMap;
use std::sync::{Arc, Barrier};

use diesel::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use turnpost::auth::{Player, accounts};
use turnpost::game_log::commands;
use turnpost::game_log::fold::load;
use turnpost::game_log::fold::replay::Game;
use turnpost::glicko2::{Rating, rate_game};
use turnpost::ratings::rate::{RATINGS_LOCK, rate_finished};
use turnpost::rules::{Rules, Status, with_rules};
use turnpost::rules::{azul::Azul, kalah::Kalah};

use crate::support::{Browser, TestApp, accept_invitation, create_game, rechain};

/// Players signed in once, who sit down at table after table.
struct Club {
    app: TestApp,
    browsers: Vec<Browser>,
    emails: Vec<String>,
}

impl Club {
    async fn of(names: &[&str]) -> Club {
        Club::open(TestApp::start().await, names).await
    }

    async fn open(app: TestApp, names: &[&str]) -> Club {
        let mut browsers = Vec::new();
        let mut emails = Vec::new();
        for name in names {
            let email = format!("{}@example.com", name.to_lowercase());
            browsers.push(app.signed_in(&email, name).await);
            emails.push(email);
        }
        Club {
            app,
            browsers,
            emails,
        }
    }

    /// A started table of `kind` for the members at `seats` (the first creates it), with
    /// `extra` form fields. Returns the game's id.
    async fn table(&self, kind: &str, seats: &[usize], extra: &[(&str, &str)]) -> String {
        let invitees: Vec<&str> = seats[1..]
            .iter()
            .map(|&m| self.emails[m].as_str())
            .collect();
        let path = create_game(&self.browsers[seats[0]], kind, &invitees, extra).await;
        for &member in &seats[1..] {
            let joined =
                accept_invitation(&self.app, &self.browsers[member], &self.emails[member]).await;
            assert_eq!(joined.status, 200, "{}", joined.body);
        }
        path.trim_start_matches("/games/").to_string()
    }

    fn people(&self, conn: &mut PgConnection) -> HashMap<i64, Player> {
        (self.emails.iter())
            .map(|email| accounts::by_email(conn, email).unwrap().unwrap())
            .map(|player| (player.id, player))
            .collect()
    }

    fn id_of(&self, conn: &mut PgConnection, member: usize) -> i64 {
        accounts::by_email(conn, &self.emails[member])
            .unwrap()
            .unwrap()
            .id
    }
}

/// Plays the game to its end through the services, each move drawn at random from the legal
/// ones. After `resign_after` moves (if given) the player to move resigns first.
fn play_out<R: Rules>(
    conn: &mut PgConnection,
    game_id: &str,
    people: &HashMap<i64, Player>,
    seed: u64,
    resign_after: Option<usize>,
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for moves in 0.. {
        let (game, _) = load::load::<R>(conn, game_id).unwrap();
        let Some(Status::ToAct { seats }) = game.status() else {
            return;
        };
        let seat = seats[0];
        let player = &people[&game.seating[seat].id];
        if resign_after == Some(moves) {
            commands::resign(conn, game_id, player, game.seq).unwrap();
            continue;
        }
        let legal = R::legal_commands(game.state.as_ref().unwrap(), seat);
        let command = &legal[rng.random_range(..legal.len())];
        let command = serde_json::to_value(command).unwrap();
        commands::play(conn, game_id, player, game.seq, command).unwrap();
    }
}

fn finished<R: Rules>(conn: &mut PgConnection, game_id: &str) -> Game<R> {
    load::load::<R>(conn, game_id).unwrap().0
}

/// Places from a finished game's result alone: those who stayed, winners first, then by score
/// (where the game keeps one); those who left after them, the last to leave first.
fn places_by_the_rules<R: Rules>(game: &Game<R>) -> Vec<(i64, u32)> {
    let outcome = &game.ended.as_ref().unwrap().outcome;
    let key = |seat: usize| {
        let id = game.seating[seat].id;
        match game.left.iter().position(|left| *left == id) {
            Some(at) => (1, game.left.len() - at, 0, 0),
            None => {
                let score = if R::SCORED { outcome.scores[seat] } else { 0 };
                (0, 0, !outcome.winners.contains(&seat) as i64, -score)
            }
        }
    };
    (0..game.seating.len())
        .map(|seat| {
            let better = (0..game.seating.len())
                .filter(|&other| key(other) < key(seat))
                .count();
            (game.seating[seat].id, 1 + better as u32)
        })
        .collect()
}

type StoredRating = (i64, String, f64, f64, f64, i32);

fn stored_ratings(conn: &mut PgConnection) -> Vec<StoredRating> {
    use turnpost::store::schema::player_ratings as r;
    r::table
        .order((r::player_id, r::kind))
        .select((
            r::player_id,
            r::kind,
            r::rating,
            r::deviation,
            r::volatility,
            r::games,
        ))
        .load(conn)
        .unwrap()
}

fn stored_rating(conn: &mut PgConnection, player: i64, kind: &str) -> Option<Rating> {
    stored_ratings(conn)
        .into_iter()
        .find(|r| r.0 == player && r.1 == kind)
        .map(|r| Rating {
            rating: r.2,
            deviation: r.3,
            volatility: r.4,
        })
}

type StoredChange = (String, i64, i64, i32, f64, f64, f64, f64, f64, f64);

fn stored_changes(conn: &mut PgConnection) -> Vec<StoredChange> {
    use turnpost::store::schema::rating_changes as c;
    c::table
        .order((c::rating_order, c::player_id))
        .select((
            c::game_id,
            c::player_id,
            c::rating_order,
            c::place,
            c::rating_before,
            c::deviation_before,
            c::volatility_before,
            c::rating_after,
            c::deviation_after,
            c::volatility_after,
        ))
        .load(conn)
        .unwrap()
}

/// Runs `turnpost ratings <action>` and returns what it printed and how it exited.
fn ratings_command(app: &TestApp, action: &str) -> std::process::Output {
    let mut command = app.command("ratings");
    command.arg(action).stdout(std::process::Stdio::piped());
    command.output().unwrap()
}

/// Checks a rated game: every person of the result is rated at the place the result gives,
/// from the rating the projection held for them, to what Glicko-2 gives for those places; and
/// the stored rating is the one after.
fn check_rated<R: Rules>(
    conn: &mut PgConnection,
    game_id: &str,
    before: &HashMap<i64, Rating>,
) -> Vec<(i64, Rating)> {
    let game = finished::<R>(conn, game_id);
    let rated = game.rating.as_ref().expect("the game was rated");
    let places = places_by_the_rules(&game);
    let recorded: Vec<(i64, u32)> = (rated.players.iter())
        .map(|c| (c.player.id, c.place))
        .collect();
    assert_eq!(recorded, places, "{game_id}");
    let befores: Vec<Rating> = (rated.players.iter()).map(|c| c.before).collect();
    for (change, was) in rated.players.iter().zip(&befores) {
        let held = before
            .get(&change.player.id)
            .copied()
            .unwrap_or(Rating::NEW);
        // Only the deviation grows back with time away, and these games are seconds apart.
        assert_eq!(was.rating, held.rating);
        assert!(
            (was.deviation - held.deviation).abs() < 0.01,
            "{was:?} {held:?}"
        );
    }
    let numbers: Vec<u32> = places.iter().map(|(_, p)| *p).collect();
    let after = rate_game(&befores, &numbers);
    let mut rated_now = Vec::new();
    for (change, want) in rated.players.iter().zip(after) {
        assert_eq!(change.after, want, "{game_id}");
        let stored = stored_rating(conn, change.player.id, R::KIND).unwrap();
        rated_now.push((change.player.id, stored));
    }
    rated_now
}

#[actix_web::test]
async fn rated_games_of_every_kind_and_size_are_rated_by_place_and_rebuilt_exactly() {
    let club = Club::of(&["Ann", "Bo", "Cy", "Di"]).await;
    // Each game gets its own seed for its moves; one game of three has a player resign.
    let games = [
        ("kalah", vec![0, 1], None),
        ("quarto", vec![1, 2], None),
        ("kabaleo", vec![0, 1, 2], None),
        ("azul", vec![0, 1, 2, 3], None),
        ("gype", vec![3, 2, 0], Some(6)),
        ("kalah", vec![0, 1], None),
        ("azul", vec![3, 1], None),
    ];
    let mut conn = club.app.db.connect_as_server();
    let people = club.people(&mut conn);
    let mut current: HashMap<(i64, String), Rating> = HashMap::new();
    for (n, (kind, seats, resign_after)) in games.iter().enumerate() {
        let id = club.table(kind, seats, &[]).await;
        let kind_of = turnpost::rules::Kind::parse(kind).unwrap();
        with_rules!(kind_of, |R| play_out::<R>(
            &mut conn,
            &id,
            &people,
            n as u64,
            *resign_after
        ));
        club.app.rate_finished_games();
        let before: HashMap<i64, Rating> = (current.iter())
            .filter(|((_, k), _)| k == kind)
            .map(|((id, _), r)| (*id, *r))
            .collect();
        let after = with_rules!(kind_of, |R| check_rated::<R>(&mut conn, &id, &before));
        assert_eq!(after.len(), seats.len(), "{kind}");
        for (player, rating) in after {
            current.insert((player, kind.to_string()), rating);
        }
    }

    // A player who played the same kind twice has played two rated games of it.
    let ann = club.id_of(&mut conn, 0);
    let ratings = stored_ratings(&mut conn);
    let ann_kalah = ratings
        .iter()
        .find(|r| r.0 == ann && r.1 == "kalah")
        .unwrap();
    assert_eq!(ann_kalah.5, 2);
    assert_eq!(stored_changes(&mut conn).len(), 2 + 2 + 3 + 4 + 3 + 2 + 2);

    // The stored ratings agree with the logs, and a rebuild writes exactly the same again.
    let changes = stored_changes(&mut conn);
    let verified = ratings_command(&club.app, "verify");
    assert!(verified.status.success(), "{verified:?}");
    let said = String::from_utf8_lossy(&verified.stdout);
    assert!(said.contains("Read 7 rated games"), "{said}");
    let rebuilt = ratings_command(&club.app, "rebuild");
    assert!(rebuilt.status.success(), "{rebuilt:?}");
    assert_eq!(stored_ratings(&mut conn), ratings);
    assert_eq!(stored_changes(&mut conn), changes);

    // A stored rating altered behind the logs' back is found, and a rebuild mends it.
    diesel::sql_query(format!(
        "UPDATE player_ratings SET rating = rating + 1 WHERE player_id = {ann} AND kind = 'azul'"
    ))
    .execute(&mut club.app.db.connect())
    .unwrap();
    let verified = ratings_command(&club.app, "verify");
    assert_eq!(verified.status.code(), Some(1), "{verified:?}");
    let said = String::from_utf8_lossy(&verified.stdout);
    assert!(
        said.contains(&format!(
            "Ann (player {ann}): the stored azul rating differs"
        )),
        "{said}"
    );
    let rebuilt = ratings_command(&club.app, "rebuild");
    assert!(rebuilt.status.success(), "{rebuilt:?}");
    assert_eq!(stored_ratings(&mut conn), ratings);
}

#[actix_web::test]
async fn the_export_carries_every_change_and_the_verifier_checks_its_arithmetic() {
    let club = Club::of(&["Ann", "Bo"]).await;
    let id = club.table("kalah", &[0, 1], &[]).await;
    let mut conn = club.app.db.connect_as_server();
    let people = club.people(&mut conn);
    play_out::<Kalah>(&mut conn, &id, &people, 7, None);
    club.app.rate_finished_games();

    let page = club.browsers[0].get(&format!("/games/{id}/export")).await;
    let export: turnpost::audit::Export = serde_json::from_str(&page.body).unwrap();
    let report = turnpost::audit::verify(&export).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        report
            .lines
            .iter()
            .any(|l| l.to_string().starts_with("Rated at row")),
        "{report:?}"
    );
    let last = export.rows.last().unwrap();
    assert_eq!(last.command["type"], "rate");
    let rated = &last.events[0];
    assert_eq!(rated["type"], "rated");
    assert_eq!(rated["order"], 1);
    for change in rated["players"].as_array().unwrap() {
        assert_eq!(change["before"]["rating"], 1500.0);
        assert_eq!(change["before"]["deviation"], 350.0);
        assert_ne!(change["after"]["rating"], 1500.0);
    }

    // A change that does not follow from the ratings before it is caught, naming the row.
    let mut altered = export.clone();
    let row = altered.rows.last_mut().unwrap();
    let after = &mut row.events[0]["players"][0]["after"]["rating"];
    *after = Value::from(after.as_f64().unwrap() + 10.0);
    rechain(&mut altered);
    let found = turnpost::audit::verify(&altered).expect_err("the altered rating is caught");
    assert_eq!(found.seq, last.seq);
    assert!(
        found
            .problem
            .to_string()
            .contains("but the ratings before it give"),
        "{found}"
    );

    // So is a rating row on a game that is not over.
    let mut early = export.clone();
    let rate_row = early.rows.pop().unwrap();
    let end = early
        .rows
        .iter()
        .position(|r| r.events.to_string().contains("game_ended"))
        .unwrap();
    early.rows.truncate(end);
    let mut moved = rate_row;
    moved.seq = early.rows.len() as i64 + 1;
    early.rows.push(moved);
    early.seed = None;
    rechain(&mut early);
    assert!(turnpost::audit::verify(&early).is_err());

    // The board and the history show each change, in both languages.
    let board = club.browsers[1].get(&format!("/games/{id}")).await;
    let ratings = board.html();
    let lines: Vec<String> = ratings
        .select(&scraper::Selector::parse("section.ratings li").unwrap())
        .map(|li| li.text().collect::<String>())
        .collect();
    assert_eq!(lines.len(), 2, "{}", board.body);
    assert!(lines.iter().all(|l| l.contains("1500? → ")), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("Ann ")), "{lines:?}");
    let history = club.browsers[1].get(&format!("/games/{id}/history")).await;
    assert!(
        history.body.contains("Rated (game 1 rated on this server)"),
        "{}",
        history.body
    );
    let japanese = Browser::speaking(&club.app.base, "ja");
    let board = japanese.get(&format!("/games/{id}")).await;
    assert!(board.body.contains("レーティング"), "{}", board.body);
    let twin = club.browsers[0]
        .get_json(&format!("/games/{id}"))
        .await
        .json();
    assert_eq!(twin["rated"], true);
    assert_eq!(twin["ratings"].as_array().unwrap().len(), 2);
}

#[actix_web::test]
async fn games_that_end_at_once_for_one_player_are_each_rated_once_in_order() {
    let club = Club::of(&["Ann", "Bo", "Cy"]).await;
    let first = club.table("azul", &[0, 1], &[]).await;
    let second = club.table("azul", &[0, 2], &[]).await;
    let mut conn = club.app.db.connect_as_server();
    let people = Arc::new(club.people(&mut conn));
    let ann = club.id_of(&mut conn, 0);

    // Bo and Cy resign at the same moment, each ending a game Ann wins.
    let barrier = Arc::new(Barrier::new(2));
    let resigning: Vec<_> = [(first.clone(), 1), (second.clone(), 2)]
        .into_iter()
        .map(|(game, member)| {
            let email = club.emails[member].clone();
            let (barrier, people, url) =
                (barrier.clone(), people.clone(), club.app.db.server_url());
            std::thread::spawn(move || {
                let mut conn = PgConnection::establish(&url).unwrap();
                let player = people.values().find(|p| p.email == email).unwrap();
                let (game_now, _) = load::load::<Azul>(&mut conn, &game).unwrap();
                barrier.wait();
                commands::resign(&mut conn, &game, player, game_now.seq).unwrap();
            })
        })
        .collect();
    for thread in resigning {
        thread.join().unwrap();
    }

    // Two processes rate at once, and the scheduler runs beside them.
    let barrier = Arc::new(Barrier::new(2));
    let rating: Vec<_> = (0..2)
        .map(|_| {
            let (barrier, url) = (barrier.clone(), club.app.db.server_url());
            std::thread::spawn(move || {
                let mut conn = PgConnection::establish(&url).unwrap();
                barrier.wait();
                rate_finished(&mut conn, 10).unwrap()
            })
        })
        .collect();
    let by_threads: usize = rating.into_iter().map(|t| t.join().unwrap()).sum();
    club.app.schedule();
    assert!(by_threads <= 2);

    let changes: Vec<StoredChange> = stored_changes(&mut conn)
        .into_iter()
        .filter(|c| c.1 == ann)
        .collect();
    assert_eq!(changes.len(), 2, "{changes:?}");
    let games: Vec<&str> = changes.iter().map(|c| c.0.as_str()).collect();
    assert!(games.contains(&first.as_str()) && games.contains(&second.as_str()));
    assert_eq!((changes[0].2, changes[1].2), (1, 2));
    // The second starts from the first's result.
    assert_eq!(changes[1].4, changes[0].7);
    assert!(changes[1].5 >= changes[0].8);
    let stored = stored_ratings(&mut conn);
    let ann_azul = stored.iter().find(|r| r.0 == ann).unwrap();
    assert_eq!((ann_azul.2, ann_azul.5), (changes[1].7, 2));
    for game in [&first, &second] {
        let log = turnpost::store::events::load(&mut conn, game).unwrap();
        let rating_rows = log
            .iter()
            .filter(|r| r.command.type_tag() == Some("rate"))
            .count();
        assert_eq!(rating_rows, 1, "{game}");
    }
    // Ann won both: her rating rose twice.
    assert!(changes[0].7 > 1500.0 && changes[1].7 > changes[0].7);
}

#[actix_web::test]
async fn a_rebuild_while_games_are_being_rated_loses_and_doubles_nothing() {
    let club = Club::of(&["Ann", "Bo", "Cy", "Di"]).await;
    let mut conn = club.app.db.connect_as_server();
    let people = club.people(&mut conn);
    let pairs = [
        [0, 1],
        [2, 3],
        [0, 2],
        [1, 3],
        [0, 3],
        [1, 2],
        [0, 1],
        [2, 3],
    ];
    let mut tables = Vec::new();
    for seats in &pairs {
        tables.push(club.table("kalah", seats, &[]).await);
    }

    // Rebuilds run one after another while the games end one by one and are rated, by this
    // test's own process and by the server's mail worker before each game-over email.
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (stop, url) = (done.clone(), club.app.db.url.clone());
    let rebuilding = std::thread::spawn(move || {
        let mut conn = PgConnection::establish(&url).unwrap();
        let mut read = Vec::new();
        while !stop.load(std::sync::atomic::Ordering::SeqCst) {
            let report = turnpost::ratings::rebuild::rebuild(&mut conn).unwrap();
            assert!(report.differences.is_empty(), "{:?}", report.differences);
            read.push(report.games);
            // Rating only tries the lock a rebuild holds, so leave it room between rebuilds.
            std::thread::sleep(std::time::Duration::from_millis(25));
        }
        read
    });
    for (n, id) in tables.iter().enumerate() {
        play_out::<Kalah>(&mut conn, id, &people, n as u64, Some(n % 3));
        rate_finished(&mut conn, 1).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    club.app.rate_finished_games();
    done.store(true, std::sync::atomic::Ordering::SeqCst);
    let read = rebuilding.join().unwrap();
    assert!(
        read.is_sorted(),
        "each rebuild reads what the one before it did, and more: {read:?}"
    );
    let last = turnpost::ratings::rebuild::rebuild(&mut club.app.db.connect()).unwrap();
    assert_eq!(last.games, tables.len());

    // Every game was rated once, in an order without gaps, and the projection is the logs'.
    let changes = stored_changes(&mut conn);
    assert_eq!(changes.len(), 2 * tables.len(), "{changes:?}");
    let mut orders: Vec<i64> = changes.iter().map(|c| c.2).collect();
    orders.dedup();
    assert_eq!(orders, (1..=tables.len() as i64).collect::<Vec<_>>());
    for game in &tables {
        let log = turnpost::store::events::load(&mut conn, game).unwrap();
        let rating_rows = log
            .iter()
            .filter(|r| r.command.type_tag() == Some("rate"))
            .count();
        assert_eq!(rating_rows, 1, "{game}");
    }
    let verified = ratings_command(&club.app, "verify");
    assert!(verified.status.success(), "{verified:?}");
}

#[actix_web::test]
async fn a_game_whose_log_is_damaged_is_left_unrated_and_does_not_hold_up_the_rest() {
    let club = Club::of(&["Ann", "Bo"]).await;
    let mut conn = club.app.db.connect_as_server();
    let people = club.people(&mut conn);
    let damaged = club.table("kalah", &[0, 1], &[]).await;
    let sound = club.table("kalah", &[1, 0], &[]).await;

    // Both end while this test holds the ratings lock, so that nothing rates them yet; then the
    // first to end has its last row altered as only the schema's owner could (so that every
    // process, this one included, reads its log anew).
    let mut owner = club.app.db.connect();
    let lock = format!("SELECT pg_advisory_lock({RATINGS_LOCK})");
    diesel::sql_query(&lock).execute(&mut owner).unwrap();
    play_out::<Kalah>(&mut conn, &damaged, &people, 1, Some(0));
    play_out::<Kalah>(&mut conn, &sound, &people, 2, Some(1));
    for sql in [
        "ALTER TABLE game_events DISABLE TRIGGER USER".to_string(),
        format!(
            "UPDATE game_events SET actor = NULL WHERE game_id = '{damaged}' \
             AND seq = (SELECT max(seq) FROM game_events WHERE game_id = '{damaged}')"
        ),
        "ALTER TABLE game_events ENABLE TRIGGER USER".to_string(),
        format!("SELECT pg_advisory_unlock({RATINGS_LOCK})"),
    ] {
        diesel::sql_query(sql).execute(&mut owner).unwrap();
    }

    club.app.rate_finished_games();
    let changes = stored_changes(&mut conn);
    let games: Vec<(&str, i64)> = changes.iter().map(|c| (c.0.as_str(), c.2)).collect();
    assert_eq!(games, vec![(sound.as_str(), 1), (sound.as_str(), 1)]);
    let order: Option<i64> = turnpost::store::schema::games::table
        .find(&damaged)
        .select(turnpost::store::schema::games::rating_order)
        .first(&mut conn)
        .unwrap();
    assert_eq!(order, Some(0));
    let verified = ratings_command(&club.app, "verify");
    assert!(verified.status.success(), "{verified:?}");
}

#[actix_web::test]
async fn casual_tables_and_tables_with_a_computer_are_not_rated() {
    let club = Club::of(&["Ann", "Bo"]).await;
    let casual = club.table("kalah", &[0, 1], &[("rated", "casual")]).await;
    let mut conn = club.app.db.connect_as_server();
    let people = club.people(&mut conn);
    let board = club.browsers[0].get(&format!("/games/{casual}")).await;
    assert!(
        board.body.contains("Casual game: not rated"),
        "{}",
        board.body
    );
    play_out::<Kalah>(&mut conn, &casual, &people, 3, Some(2));
    club.app.rate_finished_games();
    assert!(finished::<Kalah>(&mut conn, &casual).rating.is_none());

    // Asked for rated, a table with a computer is casual all the same.
    let with_computer = club
        .table("kalah", &[0], &[("computer_1", "easy"), ("rated", "rated")])
        .await;
    assert!(!finished::<Kalah>(&mut conn, &with_computer).rated);

    // A choice that is neither is refused in words, and no table is made.
    let form = club.browsers[0].get("/games/new/kalah").await;
    let tables: i64 = turnpost::store::schema::games::table
        .count()
        .get_result(&mut conn)
        .unwrap();
    let refused = club.browsers[0]
        .post_form(
            "/games/new/kalah",
            &[
                ("csrf", &form.csrf()),
                ("invite_1", "bo@example.com"),
                ("rated", "maybe"),
            ],
        )
        .await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(
        refused.body.contains("Choose a rated or a casual game."),
        "{}",
        refused.body
    );
    let after: i64 = turnpost::store::schema::games::table
        .count()
        .get_result(&mut conn)
        .unwrap();
    assert_eq!(after, tables);
    assert_eq!(stored_ratings(&mut conn), Vec::new());
}

#[actix_web::test]
async fn the_player_whose_own_act_ends_a_rated_game_is_told_the_ratings_it_gave() {
    let club = Club::of(&["Ann", "Bo"]).await;
    let game = club.table("kalah", &[0, 1], &[]).await;
    let mut conn = club.app.db.connect_as_server();
    let people = club.people(&mut conn);
    // The player to move has their your-turn notice still to be sent when they end the game.
    let (before, _) = load::load::<Kalah>(&mut conn, &game).unwrap();
    let Some(Status::ToAct { seats }) = before.status() else {
        panic!("the game has started");
    };
    let mover = &people[&before.seating[seats[0]].id];
    commands::resign(&mut conn, &game, mover, before.seq).unwrap();
    club.app.deliver();

    let over = club.app.mail(&mover.email, "Game over");
    for (name, person) in [("Ann", 0), ("Bo", 1)] {
        let id = club.id_of(&mut conn, person);
        let rating = stored_rating(&mut conn, id, "kalah").expect("rated before the email");
        let after = turnpost::ratings::rate::shown(&rating);
        assert!(
            over.text.contains(&format!("{name} 1500? → {after} (")),
            "{name}: {}",
            over.text
        );
    }
}

/// Gives `player` a stored rating in `kind`, as the projection would hold it.
/// A stored rating made directly, as years of play would have left it.
pub fn seed_rating(
    conn: &mut PgConnection,
    player: i64,
    kind: &str,
    rating: f64,
    deviation: f64,
    games: i32,
    days_ago: i32,
) {
    diesel::sql_query(format!(
        "INSERT INTO player_ratings (player_id, kind, rating, deviation, volatility, games, last_rated_at)
         VALUES ({player}, '{kind}', {rating}, {deviation}, 0.06, {games}, now() - make_interval(days => {days_ago}))"
    ))
    .execute(conn)
    .unwrap();
}

#[actix_web::test]
async fn a_leaderboard_lists_established_players_only_best_first_page_by_page() {
    let club = Club::of(&["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]).await;
    let mut conn = club.app.db.connect();
    let ids: Vec<i64> = (0..6).map(|m| club.id_of(&mut conn, m)).collect();
    seed_rating(&mut conn, ids[0], "quarto", 1720.0, 60.0, 12, 3); // listed
    seed_rating(&mut conn, ids[1], "quarto", 1810.4, 50.0, 30, 1); // listed, first
    seed_rating(&mut conn, ids[2], "quarto", 1900.0, 60.0, 9, 1); // too few games
    seed_rating(&mut conn, ids[3], "quarto", 1900.0, 95.0, 40, 1); // too uncertain
    seed_rating(&mut conn, ids[4], "quarto", 1900.0, 60.0, 40, 100); // away too long
    seed_rating(&mut conn, ids[5], "quarto", 1900.0, 78.0, 40, 60); // grew past 80 while away
    seed_rating(&mut conn, ids[2], "kalah", 1600.0, 60.0, 12, 1); // another game's board

    let board = club.browsers[2].get("/ratings/quarto").await;
    assert_eq!(board.status, 200, "{}", board.body);
    let rows: Vec<String> = board
        .html()
        .select(&scraper::Selector::parse("table.leaderboard tbody tr").unwrap())
        .map(|tr| tr.text().collect::<Vec<_>>().join("|"))
        .collect();
    assert_eq!(rows, ["1|Bo|1810|30", "2|Ann|1720|12"], "{}", board.body);
    assert!(
        board.body.contains("href=\"/players/Bo\""),
        "{}",
        board.body
    );

    let twin = club.browsers[2].get_json("/ratings/quarto").await.json();
    assert_eq!(twin["players"], 2);
    assert_eq!(twin["leaders"][0]["name"], "Bo");
    assert_eq!(twin["leaders"][0]["rank"], 1);
    assert_eq!(twin["leaders"][1]["shown"], "1720");
    let past_the_end = club.browsers[2]
        .get_json("/ratings/quarto?page=2")
        .await
        .json();
    assert_eq!(past_the_end["leaders"], serde_json::json!([]));
    assert_eq!(past_the_end["pages"], 1);

    // Nobody has played a rated game of Azul; a game that does not exist has no board.
    let empty = club.browsers[2].get("/ratings/azul").await;
    assert_eq!(empty.status, 200);
    assert!(
        empty
            .body
            .contains("Nobody is established in this game yet.")
    );
    let unknown = club.browsers[2].get("/ratings/chess").await;
    assert_eq!(unknown.status, 404, "{}", unknown.body);
    assert!(
        unknown.body.contains("There is no such game"),
        "{}",
        unknown.body
    );
    let bad_page = club.browsers[2].get("/ratings/quarto?page=zero").await;
    assert_eq!(bad_page.status, 400, "{}", bad_page.body);
    assert!(
        bad_page
            .body
            .contains("The page number must be a whole number")
    );
    let index = Browser::speaking(&club.app.base, "ja")
        .get("/ratings")
        .await;
    assert!(
        index.body.contains("クアルトのランキング"),
        "{}",
        index.body
    );
}

#[actix_web::test]
async fn a_players_page_shows_their_ratings_history_results_and_record_with_the_reader() {
    let club = Club::of(&["Ann", "Bo", "Cy"]).await;
    let mut conn = club.app.db.connect_as_server();
    let people = club.people(&mut conn);
    let mut games = Vec::new();
    for (n, seats) in [[0, 1], [1, 0], [0, 2]].iter().enumerate() {
        let id = club.table("kalah", seats, &[]).await;
        play_out::<Kalah>(&mut conn, &id, &people, 40 + n as u64, None);
        games.push(id);
    }
    club.app.rate_finished_games();
    assert_eq!(stored_changes(&mut conn).len(), 6);
    let ann = club.id_of(&mut conn, 0);
    let rating = stored_rating(&mut conn, ann, "kalah").unwrap();

    // Bo reads Ann's page.
    let page = club.browsers[1].get("/players/ann").await;
    assert_eq!(page.status, 200, "{}", page.body);
    let html = page.html();
    let cells: Vec<String> = html
        .select(&scraper::Selector::parse("table.ratings tbody td").unwrap())
        .map(|td| td.text().collect())
        .collect();
    assert_eq!(cells[0], format!("{}?", rating.shown()), "{cells:?}");
    assert_eq!(cells[1], "3");
    let results: i64 = cells[2..5].iter().map(|c| c.parse::<i64>().unwrap()).sum();
    assert_eq!(results, 3);
    // The chart has a point for the start and one for each game; the table lists each game.
    let line = html
        .select(&scraper::Selector::parse("svg.chart polyline").unwrap())
        .next()
        .expect("a chart")
        .attr("points")
        .unwrap()
        .split(' ')
        .count();
    assert_eq!(line, 4);
    // A text browser reads the chart's numbers from the table beside it.
    let last = format!("{}?", rating.shown());
    crate::e2e::assert_text_browser_shows(
        "player",
        &page.body,
        &["Kalah rating after each rated game", "Rating after", &last],
    );
    for game in &games {
        assert!(
            page.body.contains(&format!("href=\"/games/{game}\"")),
            "{game}"
        );
    }
    let twin = club.browsers[1].get_json("/players/Ann").await.json();
    let record = &twin["record_with_you"];
    let counts: Vec<i64> = ["you_ahead", "level", "you_behind"]
        .iter()
        .map(|k| record[k].as_i64().unwrap())
        .collect();
    assert_eq!(counts.iter().sum::<i64>(), 2, "{twin}");
    let times = |n: i64| match n {
        1 => "once".to_string(),
        n => format!("{n} times"),
    };
    let sentence = format!(
        "In the rated games you played with Ann, you finished ahead {}, level {} and behind {}.",
        times(counts[0]),
        times(counts[1]),
        times(counts[2])
    );
    assert!(page.body.contains(&sentence), "{sentence}\n{}", page.body);
    assert_eq!(twin["ratings"][0]["kind"], "kalah");
    assert_eq!(twin["ratings"][0]["history"].as_array().unwrap().len(), 3);
    assert_eq!(twin["ratings"][0]["rating"], rating.rating);

    // Names on a board lead to the players' pages; an unknown name is a 404 in words.
    let board = club.browsers[2].get(&format!("/games/{}", games[2])).await;
    assert!(
        board.body.contains("href=\"/players/Ann\""),
        "{}",
        board.body
    );
    let unknown = club.browsers[2].get("/players/Nobody%20Here").await;
    assert_eq!(unknown.status, 404);
    assert!(unknown.body.contains("There is no player of that name."));
    let japanese = Browser::speaking(&club.app.base, "ja")
        .get("/players/Ann")
        .await;
    assert!(
        japanese.body.contains("のレーティング"),
        "{}",
        japanese.body
    );
}

#[actix_web::test]
async fn an_open_table_can_ask_for_a_rating_range_and_is_refused_in_words_outside_it() {
    let club = Club::of(&["Ann", "Bo", "Cy"]).await;
    let mut conn = club.app.db.connect();
    let cy = club.id_of(&mut conn, 2);
    seed_rating(&mut conn, cy, "kalah", 1650.4, 90.0, 6, 2);
    let ann = &club.browsers[0];
    let path = create_game(
        ann,
        "kalah",
        &[],
        &[
            ("open_seats", "1"),
            ("rating_min", "1600"),
            ("rating_max", ""),
        ],
    )
    .await;
    let tables = club.browsers[1].get("/tables").await;
    assert!(tables.body.contains("ratings from 1600"), "{}", tables.body);

    // Bo has no Kalah rating: he counts as 1500 and may not sit.
    let rows = crate::support::count_rows(&club.app.db, "game_events");
    let csrf = club.browsers[1].get(&path).await.csrf();
    let refused = club.browsers[1]
        .post_form(&format!("{path}/sit"), &[("csrf", &csrf)])
        .await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    assert!(
        refused.body.contains(
            "open seats are for ratings from 1600, and your rating in this game is 1500."
        ),
        "{}",
        refused.body
    );
    assert_eq!(
        crate::support::count_rows(&club.app.db, "game_events"),
        rows
    );

    // Cy's 1650 is inside it.
    let csrf = club.browsers[2].get(&path).await.csrf();
    let seated = club.browsers[2]
        .post_form(&format!("{path}/sit"), &[("csrf", &csrf)])
        .await;
    assert_eq!(seated.status, 200, "{}", seated.body);
    assert!(
        seated.body.contains("Open seats for ratings from 1600"),
        "{}",
        seated.body
    );

    // A range needs open seats, and its ends in order.
    for (fields, words) in [
        (
            vec![("invite_1", "bo@example.com"), ("rating_min", "1400")],
            "A rating range is for open seats",
        ),
        (
            vec![
                ("open_seats", "1"),
                ("rating_min", "1700"),
                ("rating_max", "1500"),
            ],
            "The lowest rating of the range is above its highest.",
        ),
        (
            vec![("open_seats", "1"), ("rating_max", "lots")],
            "A rating range is two whole numbers",
        ),
    ] {
        let form = ann.get("/games/new/kalah").await;
        let mut all = vec![("csrf", form.csrf())];
        all.extend(fields.iter().map(|(k, v)| (*k, v.to_string())));
        let all: Vec<(&str, &str)> = all.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let page = ann.post_form("/games/new/kalah", &all).await;
        assert_eq!(page.status, 400, "{}", page.body);
        assert!(page.body.contains(words), "{words}: {}", page.body);
    }
}
