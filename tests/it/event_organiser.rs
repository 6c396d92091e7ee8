//! An event's organiser starts it early or calls it off, through the services: only they, only
//! before it starts, only with enough players to start; each is a row of the event's log that
//! `turnpost verify` checks. And a large Swiss, started early by its organiser, played through.

use chrono::{Duration, Utc};
use diesel::prelude::*;
use turnpost::audit::{EventExport, event_export, verify_event};
use turnpost::game_log::error::ServiceError;
use turnpost::rules::Kind;
use turnpost::tournaments::log::facts::Format;
use turnpost::tournaments::log::fold::Phase;
use turnpost::tournaments::service;

use crate::events::{DAY, club, event, setup};
use crate::support::rechain_rows;

/// The export with the actor of the first row whose command is `command` changed to `actor`,
/// the chain sealed again; and that row's number.
fn acted_by(export: &EventExport, command: &str, actor: i64) -> (EventExport, i64) {
    let mut altered = export.clone();
    let row = (altered.rows.iter_mut())
        .find(|row| row.command["type"] == command)
        .expect("a row of that command");
    row.actor = Some(actor);
    let seq = row.seq;
    rechain_rows(&export.event_id, &mut altered.rows);
    (altered, seq)
}

fn event_rows(conn: &mut PgConnection, id: &str) -> usize {
    turnpost::tournaments::log::store::load(conn, id)
        .unwrap()
        .1
        .len()
}

#[test]
fn the_organiser_alone_starts_an_event_early_once_enough_have_signed_up_and_the_log_says_who() {
    let (_db, mut conn, players) = club(6);
    let mut swiss = setup(Kind::Kalah, Format::Swiss { rounds: 3 }, 6, Some(DAY));
    swiss.min_entrants = 4;
    swiss.sign_up_closes = (Utc::now() + Duration::days(1)).to_rfc3339();
    let id = service::create(&mut conn, &players[0], swiss).unwrap();
    for player in &players[1..4] {
        service::sign_up(&mut conn, &id, player).unwrap();
    }
    let before = event_rows(&mut conn, &id);
    let refused = service::start_now(&mut conn, &id, &players[1]).unwrap_err();
    assert!(matches!(refused, ServiceError::Forbidden(_)), "{refused}");
    let refused = service::start_now(&mut conn, &id, &players[0]).unwrap_err();
    assert!(matches!(refused, ServiceError::BadRequest(_)), "{refused}");
    assert!(refused.to_string().contains("Only 3 players"), "{refused}");
    assert_eq!(
        event_rows(&mut conn, &id),
        before,
        "refusals change nothing"
    );
    assert_eq!(event(&mut conn, &id).phase(), Phase::Open);

    service::sign_up(&mut conn, &id, &players[4]).unwrap();
    service::start_now(&mut conn, &id, &players[0]).unwrap();
    let started = event(&mut conn, &id);
    assert_eq!(started.phase(), Phase::Running);
    assert_eq!(started.entrants.len(), 4);
    assert_eq!(started.rounds.len(), 1, "the first round is paired at once");
    assert_eq!(started.rounds[0].tables.len(), 2);
    for again in [service::start_now, service::call_off] {
        let late = again(&mut conn, &id, &players[0]).unwrap_err();
        assert!(matches!(late, ServiceError::Gone(_)), "{late}");
    }
    let refused = service::sign_up(&mut conn, &id, &players[5]).unwrap_err();
    assert!(matches!(refused, ServiceError::Gone(_)), "{refused}");

    let export = event_export(&mut conn, &id).unwrap();
    verify_event(&export).unwrap_or_else(|e| panic!("{e}"));
    let (by_another, seq) = acted_by(&export, "start_now", players[1].id);
    let problem = verify_event(&by_another).unwrap_err();
    assert_eq!(problem.seq, seq, "{problem}");
    assert!(
        problem.to_string().contains("by someone other than"),
        "{problem}"
    );
}

#[test]
fn the_organiser_alone_calls_an_event_off_before_it_starts_and_those_signed_up_are_told() {
    use turnpost::store::schema::notifications;
    let (_db, mut conn, players) = club(3);
    let mut swiss = setup(Kind::Kalah, Format::Swiss { rounds: 3 }, 6, Some(DAY));
    swiss.sign_up_closes = (Utc::now() + Duration::days(1)).to_rfc3339();
    let id = service::create(&mut conn, &players[0], swiss).unwrap();
    service::sign_up(&mut conn, &id, &players[1]).unwrap();
    let refused = service::call_off(&mut conn, &id, &players[1]).unwrap_err();
    assert!(matches!(refused, ServiceError::Forbidden(_)), "{refused}");
    assert_eq!(event(&mut conn, &id).phase(), Phase::Open);

    service::call_off(&mut conn, &id, &players[0]).unwrap();
    let off = event(&mut conn, &id);
    assert_eq!(off.phase(), Phase::CalledOff);
    assert!(off.called_off_by_organiser);
    let told: i64 = notifications::table
        .filter(notifications::player_id.eq(players[1].id))
        .filter(notifications::kind.eq("event_news"))
        .count()
        .get_result(&mut conn)
        .unwrap();
    assert_eq!(told, 1, "the one signed up is told");
    let refused = service::sign_up(&mut conn, &id, &players[2]).unwrap_err();
    assert!(matches!(refused, ServiceError::Gone(_)), "{refused}");

    let export = event_export(&mut conn, &id).unwrap();
    let report = verify_event(&export).unwrap_or_else(|e| panic!("{e}"));
    let text: Vec<String> = report.lines.iter().map(|l| l.to_string()).collect();
    assert!(
        text.iter().any(|l| l.contains("was called off")),
        "{text:?}"
    );
    let (by_another, seq) = acted_by(&export, "call_off", players[1].id);
    let problem = verify_event(&by_another).unwrap_err();
    assert_eq!(problem.seq, seq, "{problem}");
    assert!(problem.to_string().contains("its organiser"), "{problem}");
}

#[test]
fn a_swiss_of_two_hundred_is_played_through_nine_rounds_with_nobody_meeting_twice() {
    use std::collections::BTreeSet;
    use turnpost::game_log::commands;
    use turnpost::game_log::fold::load;
    use turnpost::rules::kalah::Kalah;
    use turnpost::tournaments::service::Advanced;

    let (_db, mut conn, players) = club(200);
    let people = crate::events::by_id(&players);
    let mut swiss = setup(Kind::Kalah, Format::Swiss { rounds: 9 }, 200, Some(DAY));
    swiss.min_entrants = 100;
    let id = service::create(&mut conn, &players[0], swiss).unwrap();
    for player in &players {
        service::sign_up(&mut conn, &id, player).unwrap();
    }
    service::start_now(&mut conn, &id, &players[0]).unwrap();
    let mut met = BTreeSet::new();
    let mut rng_pick = 0usize;
    while event(&mut conn, &id).phase() == Phase::Running {
        let running = event(&mut conn, &id);
        let round = running.current_round().unwrap().clone();
        assert_eq!(round.tables.len(), 100, "round {}", round.number);
        assert_eq!(round.bye, None);
        for table in &round.tables {
            let pair = (
                table.seats[0].min(table.seats[1]),
                table.seats[0].max(table.seats[1]),
            );
            assert!(
                met.insert(pair),
                "{pair:?} met twice, in round {}",
                round.number
            );
            // Fast games: one player of each resigns, the first or the second in turn.
            rng_pick += 1;
            let (game, _) = load::load::<Kalah>(&mut conn, &table.game).unwrap();
            let quitter = &people[&game.seating[rng_pick % 2].id];
            commands::resign(&mut conn, &table.game, quitter, game.seq).unwrap();
        }
        while service::advance(&mut conn, &id).unwrap() != Advanced::default() {}
    }
    let finished = event(&mut conn, &id);
    assert_eq!(finished.phase(), Phase::Finished);
    assert_eq!(finished.rounds.len(), 9);
    assert_eq!(finished.results.len(), 900);
    let export = event_export(&mut conn, &id).unwrap();
    let report = verify_event(&export).unwrap_or_else(|e| panic!("{e}"));
    let text: Vec<String> = report.lines.iter().map(|l| l.to_string()).collect();
    assert!(
        text.iter().any(|l| l.contains("the pairings of all")),
        "{text:?}"
    );
}
