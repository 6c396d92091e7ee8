//! Whole tournaments through the services: round robins with withdrawals, a Swiss with a bye and
//! a round deadline, an event of four-seat tables; each export verifies and tampering is caught.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Barrier};

use chrono::{Duration, Utc};
use diesel::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use turnpost::audit::{EventExport, ExportRow, event_export, verify_event};
use turnpost::auth::{Player, accounts};
use turnpost::game_log::commands;
use turnpost::game_log::fold::load;
use turnpost::game_log::stream::time_control::{OnTimeout, TimeControl};
use turnpost::i18n::Lang;
use turnpost::rules::{Kind, Rules, Status, with_rules};
use turnpost::tournaments::decide;
use turnpost::tournaments::log::facts::{Fact, Format, Setup, SwissPairing};
use turnpost::tournaments::log::fold::{Event, Phase};
use turnpost::tournaments::log::store;
use turnpost::tournaments::service::{self, Advanced};

use crate::support::{TestDb, rechain_rows};

pub const DAY: i64 = 86_400;

/// A database with `n` players, connected as the server's role.
pub fn club(n: usize) -> (TestDb, PgConnection, Vec<Player>) {
    let db = TestDb::new();
    let mut conn = db.connect_as_server();
    let players = (0..n)
        .map(|i| {
            let email = format!("entrant{i}@example.com");
            accounts::find_or_create(&mut conn, &email, Lang::En).unwrap()
        })
        .collect();
    (db, conn, players)
}

pub fn setup(kind: Kind, format: Format, entrants: u32, round_seconds: Option<i64>) -> Setup {
    let options = with_rules!(kind, |R| serde_json::to_value(
        <R as Rules>::Options::default()
    )
    .unwrap());
    Setup {
        title: format!("{} {}", kind.as_str(), format.name()),
        kind,
        options,
        format,
        rated: false,
        time_control: TimeControl::from_days(7, false, OnTimeout::Withdraw, DAY),
        sign_up_closes: (Utc::now() + Duration::milliseconds(1500)).to_rfc3339(),
        min_entrants: entrants
            .min(format.seats() as u32 + 1)
            .max(format.seats() as u32),
        max_entrants: entrants,
        round_seconds,
        timeouts_to_withdraw: 3,
        swiss_pairing: SwissPairing::Matching,
    }
}

/// Creates the event, signs everyone up, waits for sign-up to close and starts it.
pub fn started(conn: &mut PgConnection, players: &[Player], setup: Setup) -> String {
    let closes = turnpost::tournaments::service::parse_time(&setup.sign_up_closes).unwrap();
    let id = service::create(conn, &players[0], setup).unwrap();
    for player in players {
        service::sign_up(conn, &id, player).unwrap();
    }
    let early = service::advance(conn, &id).unwrap();
    assert_eq!(
        early,
        Advanced::default(),
        "nothing starts before sign-up closes"
    );
    let wait = (closes - Utc::now()).to_std().unwrap_or_default();
    std::thread::sleep(wait + std::time::Duration::from_millis(50));
    let done = service::advance(conn, &id).unwrap();
    assert!(done.started && done.rounds == 1, "{done:?}");
    id
}

pub fn event(conn: &mut PgConnection, id: &str) -> Event {
    store::load(conn, id).unwrap().0
}

fn seed(conn: &mut PgConnection, id: &str) -> Vec<u8> {
    use turnpost::store::schema::event_seeds;
    event_seeds::table
        .find(id)
        .select(event_seeds::seed)
        .first(conn)
        .unwrap()
}

/// Plays a game to its end with random legal moves through the services.
pub fn play_out(conn: &mut PgConnection, game_id: &str, people: &HashMap<i64, Player>, seed: u64) {
    let kind = load::kind_of(conn, game_id).unwrap();
    with_rules!(kind, |R| play_out_as::<R>(conn, game_id, people, seed))
}

fn play_out_as<R: Rules>(
    conn: &mut PgConnection,
    game_id: &str,
    people: &HashMap<i64, Player>,
    seed: u64,
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    loop {
        let (game, _) = load::load::<R>(conn, game_id).unwrap();
        let Some(Status::ToAct { seats }) = game.status() else {
            return;
        };
        let seat = seats[0];
        let player = &people[&game.seating[seat].id];
        let legal = R::legal_commands(game.state.as_ref().unwrap(), seat);
        let command = serde_json::to_value(&legal[rng.random_range(..legal.len())]).unwrap();
        commands::play(conn, game_id, player, game.seq, command).unwrap();
    }
}

pub fn by_id(players: &[Player]) -> HashMap<i64, Player> {
    players.iter().map(|p| (p.id, p.clone())).collect()
}

/// Runs the server's steps until the event has nothing left to do.
fn settle(conn: &mut PgConnection, id: &str) {
    while service::advance(conn, id).unwrap() != Advanced::default() {}
}

/// The export verifies; a pairing and a result altered (and the chain made whole again) are
/// each caught.
fn assert_export_verifies_and_tampering_is_caught(conn: &mut PgConnection, id: &str) {
    let export = event_export(conn, id).unwrap();
    let report = verify_event(&export).unwrap_or_else(|e| panic!("{e}"));
    let text: Vec<String> = report.lines.iter().map(|l| l.to_string()).collect();
    assert!(
        text.iter().any(|l| l.contains("the pairings of all")),
        "{text:?}"
    );

    let mut pairing = export.clone();
    let at = alter_first(&mut pairing, "round_started", |fact| {
        let seats = fact["tables"][0]["seats"].as_array_mut().unwrap();
        seats.swap(0, 1);
    });
    let problem = verify_event(&pairing).unwrap_err();
    assert_eq!(problem.seq, at, "{problem}");
    assert!(problem.to_string().contains("was paired"), "{problem}");

    let mut result = export.clone();
    let at = alter_first(&mut result, "finished", |fact| {
        let places = fact["places"].as_array_mut().unwrap();
        let first = places[0].clone();
        places[0] = places[1].clone();
        places[1] = first;
    });
    let problem = verify_event(&result).unwrap_err();
    assert_eq!(problem.seq, at, "{problem}");
    assert!(problem.to_string().contains("gave places"), "{problem}");

    let mut undecided = export.clone();
    let at = cut_rows(&mut undecided, |rows| {
        let last = rows.iter().rposition(|row| holds(row, "finished")).unwrap();
        last..last + 1
    });
    let problem = verify_event(&undecided).unwrap_err();
    assert_eq!(problem.seq, at, "{problem}");
    assert!(problem.to_string().contains("had no result"), "{problem}");

    let mut cut_short = export.clone();
    let at = cut_rows(&mut cut_short, |rows| {
        let last = rows
            .iter()
            .rposition(|row| holds(row, "round_started"))
            .unwrap();
        last..rows.len() - 1
    });
    let problem = verify_event(&cut_short).unwrap_err();
    assert_eq!(problem.seq, at, "{problem}");
    assert!(
        problem.to_string().contains("but the rules pair round"),
        "{problem}"
    );

    let mut forged_seed = export;
    let last = forged_seed.rows.len() - 1;
    forged_seed.rows[last].events[0]["seed"] = serde_json::json!("00".repeat(32));
    let id = forged_seed.event_id.clone();
    rechain_rows(&id, &mut forged_seed.rows);
    let problem = verify_event(&forged_seed).unwrap_err();
    assert!(problem.to_string().contains("commitment"), "{problem}");
}

fn holds(row: &ExportRow, kind: &str) -> bool {
    (row.events.as_array().unwrap().iter()).any(|fact| fact["type"] == kind)
}

/// Removes the rows `which` picks, numbers and chains the rest again; returns the number the
/// last row (the event's end) now has.
fn cut_rows(
    export: &mut EventExport,
    which: impl Fn(&[ExportRow]) -> std::ops::Range<usize>,
) -> i64 {
    let range = which(&export.rows);
    export.rows.drain(range);
    for (row, seq) in export.rows.iter_mut().zip(1..) {
        row.seq = seq;
    }
    let id = export.event_id.clone();
    rechain_rows(&id, &mut export.rows);
    export.rows.last().unwrap().seq
}

/// Alters the first fact of type `kind` (where swapping makes a difference) and re-chains the
/// rows; returns the row's number.
fn alter_first(
    export: &mut EventExport,
    kind: &str,
    alter: impl Fn(&mut serde_json::Value),
) -> i64 {
    let id = export.event_id.clone();
    for row in &mut export.rows {
        for fact in row.events.as_array_mut().unwrap() {
            let differs = match kind {
                "finished" => fact["places"][0] != fact["places"][1],
                _ => true,
            };
            if fact["type"] == kind && differs {
                alter(fact);
                let seq = row.seq;
                rechain_rows(&id, &mut export.rows);
                return seq;
            }
        }
    }
    panic!("no {kind} fact to alter");
}

#[test]
fn a_round_robin_of_five_strikes_a_withdrawal_before_half_and_forfeits_one_after() {
    let (_db, mut conn, players) = club(5);
    let people = by_id(&players);
    let id = started(
        &mut conn,
        &players,
        setup(Kind::Kalah, Format::RoundRobin { double: false }, 5, None),
    );
    let begun = event(&mut conn, &id);
    assert_eq!(begun.rounds.len(), 1);
    assert_eq!(begun.rounds[0].tables.len(), 10, "every game at once");
    let firsts: Vec<usize> = (0..5)
        .map(|e| {
            (begun.rounds[0].tables.iter())
                .filter(|t| t.seats[0] == e)
                .count()
        })
        .collect();
    assert_eq!(firsts, [2; 5], "first seats balanced");

    // A (entrant 0) finishes one of four games, B (entrant 1) two; then both withdraw.
    let (a, b) = (0, 1);
    let game_between = |x: usize, y: usize| {
        (begun.rounds[0].tables.iter())
            .find(|t| t.seats.contains(&x) && t.seats.contains(&y))
            .unwrap()
            .game
            .clone()
    };
    let mut played = Vec::new();
    for (x, y) in [(2, 3), (2, 4), (3, 4), (a, 2), (b, 2), (b, 3)] {
        let game = game_between(x, y);
        play_out(&mut conn, &game, &people, played.len() as u64);
        played.push(game);
    }
    settle(&mut conn, &id);
    service::withdraw(&mut conn, &id, &players[a]).unwrap();
    service::withdraw(&mut conn, &id, &players[b]).unwrap();
    let again = service::withdraw(&mut conn, &id, &players[b]).unwrap_err();
    assert!(again.to_string().contains("already withdrawn"), "{again}");
    settle(&mut conn, &id);

    let done = event(&mut conn, &id);
    assert_eq!(done.phase(), Phase::Finished, "every game has ended");
    assert_eq!(done.results.len(), 10);
    let seed = seed(&mut conn, &id);
    let table = decide::standings(&done, &seed);

    // Expected by hand: A's results struck, B's two finished games stand and B's unfinished
    // one (against E) is E's by forfeit.
    let mut expected = [0u32; 5];
    for result in &done.results {
        if result.seats.contains(&a) {
            continue;
        }
        if played.contains(&result.game) {
            let [x, y] = [result.seats[0], result.seats[1]];
            match result.places[0].cmp(&result.places[1]) {
                std::cmp::Ordering::Less => expected[x] += 2,
                std::cmp::Ordering::Greater => expected[y] += 2,
                std::cmp::Ordering::Equal => {
                    expected[x] += 1;
                    expected[y] += 1;
                }
            }
        } else {
            let other = if result.seats[0] == b {
                result.seats[1]
            } else {
                result.seats[0]
            };
            assert_eq!(other, 4, "B's only unfinished game left is against E");
            expected[other] += 2;
        }
    }
    for line in &table {
        assert_eq!(
            line.points.0, expected[line.entrant],
            "entrant {}",
            line.entrant
        );
    }
    let a_line = table.iter().find(|l| l.entrant == a).unwrap();
    assert_eq!(a_line.games, 0, "A's results are struck");
    let b_line = table.iter().find(|l| l.entrant == b).unwrap();
    assert_eq!(b_line.games, 3, "B's two results and one forfeit count");
    assert_export_verifies_and_tampering_is_caught(&mut conn, &id);
}

#[test]
fn a_swiss_of_seven_over_four_rounds_gives_byes_and_forfeits_a_game_left_past_its_deadline() {
    let (_db, mut conn, players) = club(7);
    let people = by_id(&players);
    let round_seconds = 6;
    let id = started(
        &mut conn,
        &players,
        setup(
            Kind::Kalah,
            Format::Swiss { rounds: 4 },
            7,
            Some(round_seconds),
        ),
    );
    let mut left_unplayed = None;
    let mut to_move = None;
    for round in 1..=4 {
        let now = event(&mut conn, &id);
        let current = now.current_round().unwrap().clone();
        assert_eq!(current.number, round);
        assert_eq!(current.tables.len(), 3);
        assert!(current.bye.is_some(), "seven players: one rests");
        for (i, table) in current.tables.iter().enumerate() {
            if round == 2 && i == 0 {
                left_unplayed = Some(table.clone());
                continue;
            }
            play_out(
                &mut conn,
                &table.game,
                &people,
                u64::from(round) * 10 + i as u64,
            );
        }
        if round == 2 {
            // Nobody moves in the first game: at the deadline the time of the seat to move runs
            // out.
            let unplayed = left_unplayed.as_ref().unwrap();
            let (game, _) =
                load::load::<turnpost::rules::kalah::Kalah>(&mut conn, &unplayed.game).unwrap();
            let Some(Status::ToAct { seats }) = game.status() else {
                panic!("the game waits for a move");
            };
            to_move = Some(seats[0]);
            let deadline =
                turnpost::tournaments::service::parse_time(current.deadline.as_deref().unwrap())
                    .unwrap();
            let wait = (deadline - Utc::now()).to_std().unwrap_or_default();
            std::thread::sleep(wait + std::time::Duration::from_millis(200));
            let mut done = turnpost::scheduler::Round::default();
            turnpost::scheduler::expire_late_seats(&mut conn, &mut done).unwrap();
            assert_eq!(done.withdrawn, 1, "the seat to move lost on the deadline");
        }
        settle(&mut conn, &id);
    }
    let done = event(&mut conn, &id);
    assert_eq!(done.phase(), Phase::Finished);
    assert_eq!(done.rounds.len(), 4);
    let byes: BTreeSet<usize> = done.rounds.iter().filter_map(|r| r.bye).collect();
    assert_eq!(byes.len(), 4, "never twice to the same player");
    let mut pairs = BTreeSet::new();
    for table in done.rounds.iter().flat_map(|r| &r.tables) {
        let pair = (
            table.seats[0].min(table.seats[1]),
            table.seats[0].max(table.seats[1]),
        );
        assert!(pairs.insert(pair), "{pair:?} met twice");
    }
    let unplayed = left_unplayed.unwrap();
    let forfeited = done.result_of(&unplayed.game).unwrap();
    let to_move = to_move.unwrap();
    assert_eq!(forfeited.timed_out, [to_move]);
    assert_eq!(
        forfeited.places[to_move], 2,
        "the seat to move lost the game"
    );
    assert_eq!(forfeited.places[1 - to_move], 1);
    let seed = seed(&mut conn, &id);
    let table = decide::standings(&done, &seed);
    let total: u32 = table.iter().map(|l| l.points.0).sum();
    assert_eq!(total, 2 * (3 * 4 + 4), "a point a game and a point a bye");
    assert_export_verifies_and_tampering_is_caught(&mut conn, &id);
}

#[test]
fn an_azul_event_of_eight_at_four_seat_tables_seats_by_score_and_rotates_first_seats() {
    let (_db, mut conn, players) = club(8);
    let people = by_id(&players);
    let id = started(
        &mut conn,
        &players,
        setup(
            Kind::Azul,
            Format::Tables {
                seats: 4,
                rounds: 2,
            },
            8,
            Some(30 * DAY),
        ),
    );
    for round in 1..=2 {
        let now = event(&mut conn, &id);
        let current = now.current_round().unwrap().clone();
        assert_eq!(current.number, round);
        assert_eq!(current.tables.len(), 2);
        if round == 2 {
            let seed = seed(&mut conn, &id);
            let ranking: Vec<usize> = (decide::standings(&now, &seed).iter())
                .map(|l| l.entrant)
                .collect();
            for (table, ranked) in current.tables.iter().zip(ranking.chunks(4)) {
                let seated: BTreeSet<_> = table.seats.iter().collect();
                let expected: BTreeSet<_> = ranked.iter().collect();
                assert_eq!(seated, expected, "tables follow the standings");
            }
        }
        for (i, table) in current.tables.iter().enumerate() {
            assert_eq!(table.seats.len(), 4);
            play_out(
                &mut conn,
                &table.game,
                &people,
                u64::from(round) * 10 + i as u64,
            );
        }
        settle(&mut conn, &id);
    }
    let done = event(&mut conn, &id);
    assert_eq!(done.phase(), Phase::Finished);
    let firsts: BTreeSet<usize> = (done.rounds.iter())
        .flat_map(|r| &r.tables)
        .map(|t| t.seats[0])
        .collect();
    assert_eq!(firsts.len(), 4, "nobody sits first twice");
    let seed = seed(&mut conn, &id);
    let total: u32 = decide::standings(&done, &seed)
        .iter()
        .map(|l| l.points.0)
        .sum();
    assert_eq!(
        total,
        4 * 2 * (3 + 2 + 1),
        "3, 2, 1, 0 points a table, in halves"
    );
    assert_export_verifies_and_tampering_is_caught(&mut conn, &id);
}

#[test]
fn two_schedulers_at_once_start_each_event_and_pair_each_round_once() {
    let (db, mut conn, players) = club(6);
    let ids: Vec<String> = (0..3)
        .map(|_| {
            let setup = setup(Kind::Kalah, Format::Swiss { rounds: 2 }, 6, Some(DAY));
            let id = service::create(&mut conn, &players[0], setup).unwrap();
            for player in &players {
                service::sign_up(&mut conn, &id, player).unwrap();
            }
            id
        })
        .collect();
    std::thread::sleep(std::time::Duration::from_millis(1600));
    let barrier = Arc::new(Barrier::new(2));
    let threads: Vec<_> = (0..2)
        .map(|_| {
            let url = db.server_url();
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                let mut conn = PgConnection::establish(&url).unwrap();
                barrier.wait();
                let mut round = turnpost::scheduler::Round::default();
                turnpost::scheduler::advance_events(&mut conn, &mut round).unwrap();
                round.event_steps
            })
        })
        .collect();
    let steps: usize = threads.into_iter().map(|t| t.join().unwrap()).sum();
    assert_eq!(steps, 3, "each event started by exactly one of the two");
    for id in &ids {
        let started = event(&mut conn, id);
        assert_eq!(started.rounds.len(), 1);
        let starts = (store::load_rows(&mut conn, id).unwrap().iter())
            .filter(|row| {
                store::facts(row)
                    .unwrap()
                    .iter()
                    .any(|f| matches!(f, Fact::Started { .. }))
            })
            .count();
        assert_eq!(starts, 1);
        use turnpost::store::schema::event_games;
        let games: i64 = event_games::table
            .filter(event_games::event_id.eq(id))
            .count()
            .get_result(&mut conn)
            .unwrap();
        assert_eq!(games, 3, "one round of three games");
    }
}

#[test]
fn sign_up_is_refused_in_words_when_full_closed_or_twice_and_bad_setups_change_nothing() {
    let (_db, mut conn, players) = club(5);
    let mut small = setup(Kind::Kalah, Format::RoundRobin { double: true }, 3, None);
    small.min_entrants = 3;
    let id = service::create(&mut conn, &players[0], small.clone()).unwrap();
    for player in &players[..3] {
        service::sign_up(&mut conn, &id, player).unwrap();
    }
    let twice = service::sign_up(&mut conn, &id, &players[0]).unwrap_err();
    assert!(twice.to_string().contains("already signed up"), "{twice}");
    let full = service::sign_up(&mut conn, &id, &players[3]).unwrap_err();
    assert!(full.to_string().contains("full"), "{full}");
    service::withdraw(&mut conn, &id, &players[2]).unwrap();
    service::sign_up(&mut conn, &id, &players[3]).unwrap();
    let before = event(&mut conn, &id);
    assert_eq!(before.entrants.len(), 3);

    for (alter, words) in [
        (
            Box::new(|s: &mut Setup| s.max_entrants = 13) as Box<dyn Fn(&mut Setup)>,
            "from 3 to 12",
        ),
        (
            Box::new(|s: &mut Setup| s.title = " ".into()),
            "name of 1 to 80",
        ),
        (
            Box::new(|s: &mut Setup| s.sign_up_closes = "2020-01-01T00:00:00Z".into()),
            "future",
        ),
        (
            Box::new(|s: &mut Setup| {
                s.format = Format::Tables {
                    seats: 4,
                    rounds: 2,
                };
                s.round_seconds = Some(DAY);
                (s.min_entrants, s.max_entrants) = (4, 8);
            }),
            "Kabaleo, Azul and Gype",
        ),
        (
            Box::new(|s: &mut Setup| s.format = Format::Swiss { rounds: 3 }),
            "time limit",
        ),
    ] {
        let mut bad = small.clone();
        alter(&mut bad);
        let refused = service::create(&mut conn, &players[0], bad).unwrap_err();
        assert!(refused.to_string().contains(words), "{refused}");
    }
    use turnpost::store::schema::events;
    let count: i64 = events::table.count().get_result(&mut conn).unwrap();
    assert_eq!(count, 1, "no refused event was stored");

    // A double round robin of three: six games, each pair twice with seats swapped.
    let wait = (turnpost::tournaments::service::parse_time(&small.sign_up_closes).unwrap()
        - Utc::now())
    .to_std()
    .unwrap_or_default();
    std::thread::sleep(wait + std::time::Duration::from_millis(50));
    service::advance(&mut conn, &id).unwrap();
    let running = event(&mut conn, &id);
    let tables = &running.rounds[0].tables;
    assert_eq!(tables.len(), 6);
    for table in tables {
        let swapped = vec![table.seats[1], table.seats[0]];
        assert!(tables.iter().any(|t| t.seats == swapped), "{tables:?}");
    }
    let late = service::sign_up(&mut conn, &id, &players[4]).unwrap_err();
    assert!(late.to_string().contains("closed"), "{late}");
}

#[test]
fn the_event_log_cannot_be_rewritten_by_the_server() {
    let (_db, mut conn, players) = club(3);
    let setup = setup(Kind::Kalah, Format::RoundRobin { double: false }, 3, None);
    let id = service::create(&mut conn, &players[0], setup).unwrap();
    for statement in [
        format!("UPDATE event_log SET command = '{{}}' WHERE event_id = '{id}'"),
        format!("DELETE FROM event_log WHERE event_id = '{id}'"),
        "TRUNCATE event_log".to_string(),
        format!("UPDATE event_seeds SET seed = seed WHERE event_id = '{id}'"),
    ] {
        let refused = diesel::sql_query(&statement).execute(&mut conn);
        assert!(refused.is_err(), "{statement}");
    }
    assert_eq!(store::load_rows(&mut conn, &id).unwrap().len(), 1);
}

#[tokio::test]
async fn two_server_processes_with_their_schedulers_start_each_event_once() {
    let app = crate::support::TestApp::start_with(|s| s.clock.scheduler = true).await;
    let _second = app.server_with(|_| {});
    let mut conn = app.db.connect_as_server();
    let players: Vec<Player> = (0..5)
        .map(|i| {
            let email = format!("pair{i}@example.com");
            accounts::find_or_create(&mut conn, &email, Lang::En).unwrap()
        })
        .collect();
    let ids: Vec<String> = (0..4)
        .map(|n| {
            let format = match n % 2 {
                0 => Format::Swiss { rounds: 3 },
                _ => Format::RoundRobin { double: false },
            };
            let id = service::create(
                &mut conn,
                &players[0],
                setup(Kind::Quarto, format, 5, Some(DAY)),
            )
            .unwrap();
            for player in &players {
                service::sign_up(&mut conn, &id, player).unwrap();
            }
            id
        })
        .collect();
    for _ in 0..100 {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        if ids.iter().all(|id| event(&mut conn, id).started) {
            break;
        }
    }
    for id in &ids {
        let started = event(&mut conn, id);
        assert!(started.started, "the servers' schedulers started {id}");
        let rows = store::load_rows(&mut conn, id).unwrap();
        let count = |wanted: fn(&Fact) -> bool| {
            (rows.iter())
                .flat_map(|row| store::facts(row).unwrap())
                .filter(&wanted)
                .count()
        };
        assert_eq!(count(|f| matches!(f, Fact::Started { .. })), 1);
        assert_eq!(count(|f| matches!(f, Fact::RoundStarted { .. })), 1);
        let expected = match started.setup.format {
            Format::Swiss { .. } => 2,
            _ => 10,
        };
        assert_eq!(started.rounds[0].tables.len(), expected);
    }
}

#[test]
fn an_event_called_off_for_want_of_players_verifies_and_says_so() {
    let (_db, mut conn, players) = club(1);
    let mut lonely = setup(Kind::Kalah, Format::RoundRobin { double: false }, 4, None);
    lonely.min_entrants = 3;
    let id = service::create(&mut conn, &players[0], lonely).unwrap();
    service::sign_up(&mut conn, &id, &players[0]).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1600));
    settle(&mut conn, &id);
    let export = event_export(&mut conn, &id).unwrap();
    let report = verify_event(&export).unwrap_or_else(|e| panic!("{e}"));
    let text: Vec<String> = report.lines.iter().map(|l| l.to_string()).collect();
    assert!(text[0].ends_with(", 1 entrant."), "{text:?}");
    assert!(
        text.iter()
            .any(|l| l.contains("was called off: its seed is revealed")),
        "{text:?}"
    );
    assert!(
        !text.iter().any(|l| l.contains("not revealed yet")),
        "{text:?}"
    );

    let mut enough = export;
    alter_first(&mut enough, "created", |fact| {
        fact["setup"]["min_entrants"] = serde_json::json!(1);
    });
    let problem = verify_event(&enough).unwrap_err();
    assert_eq!(problem.seq, enough.rows.len() as i64, "{problem}");
    assert!(
        problem
            .to_string()
            .contains("the server may do before it starts"),
        "{problem}"
    );
}

#[test]
fn the_last_person_to_withdraw_from_a_tournament_ends_a_game_the_computers_would_play_on() {
    use turnpost::rules::gype::Gype;
    let (_db, mut conn, players) = club(3);
    let tables = Format::Tables {
        seats: 3,
        rounds: 1,
    };
    let id = started(
        &mut conn,
        &players,
        setup(Kind::Gype, tables, 3, Some(14 * DAY)),
    );
    let game_id = event(&mut conn, &id).rounds[0].tables[0].game.clone();
    for player in &players[..2] {
        let (game, _) = load::load::<Gype>(&mut conn, &game_id).unwrap();
        turnpost::clocks::hand_over::hand_over(&mut conn, &game_id, player, game.board_seq)
            .unwrap();
    }
    let (game, _) = load::load::<Gype>(&mut conn, &game_id).unwrap();
    assert!(game.ended.is_none(), "a person plays on");
    let last = &players[2];

    service::withdraw(&mut conn, &id, last).unwrap();
    let (game, rows) = load::load::<Gype>(&mut conn, &game_id).unwrap();
    assert!(game.ended.is_some(), "no person is left in play");
    let resigned = (rows.iter())
        .rposition(|row| row.events.to_string().contains("resigned"))
        .expect("the withdrawal resigned the last person's seat");
    assert_eq!(resigned, rows.len() - 1, "nothing is played after it");
    // The event ranks the people: whoever left last places first.
    let places = game.seat_places();
    let place_of = |player: &Player| {
        let seat = (game.seating.iter()).position(|p| p.id == player.id);
        let seat = seat.or_else(|| {
            game.handed_over
                .iter()
                .find(|h| h.left.id == player.id)
                .map(|h| h.seat)
        });
        places[seat.unwrap()]
    };
    let order: Vec<u32> = players.iter().map(place_of).collect();
    assert_eq!(order, [3, 2, 1], "{places:?}");
    settle(&mut conn, &id);
    assert_eq!(event(&mut conn, &id).phase(), Phase::Finished);
    let export = event_export(&mut conn, &id).unwrap();
    verify_event(&export).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn an_event_logged_before_swiss_pairing_by_matching_keeps_the_search_that_paired_it() {
    let made_now = setup(Kind::Kalah, Format::Swiss { rounds: 3 }, 8, Some(DAY));
    let mut logged = serde_json::to_value(&made_now).unwrap();
    assert_eq!(logged["swiss_pairing"], "matching");
    logged.as_object_mut().unwrap().remove("swiss_pairing");
    let read: Setup = serde_json::from_value(logged).unwrap();
    assert_eq!(read.swiss_pairing, SwissPairing::Search);
    assert_eq!(read.format, made_now.format);
}
