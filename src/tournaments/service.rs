//! Running events: creating one, signing up and withdrawing, and the server's own steps (start,
//! record results, pair rounds, finish), each one row of the event's log written under a lock
//! on the event's row, in the same transaction as the games it opens or resigns.

use chrono::{DateTime, Duration, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;

use super::decide;
use super::log::facts::{Asked, Fact, Format, Leaving, Setup, Table};
use super::log::fold::{Event, Phase};
use super::log::store::{self, append, lock};
use crate::auth::{Player, tokens};
use crate::game_log::error::{Result, ServiceError};
use crate::game_log::stream::seed::{self, Seed};
use crate::game_log::stream::time_control::OnTimeout;
use crate::game_log::stream::{EventTable, Participant};
use crate::rules::{Kind, Message, Rules, with_rules};
use crate::store::events::format_time;
use crate::store::notifications;
use crate::store::schema::{event_entrants, event_games, event_seeds, events, games};
use crate::tournaments::round_games::{self, NewEventGame};

/// Most entrants of a round robin, as the section's tables allow.
pub const ROUND_ROBIN_MAX: u32 = 12;
/// Most entrants of a Swiss or an event of tables.
pub const EVENT_MAX: u32 = 1000;
/// Most rounds of a Swiss or an event of tables.
pub const ROUNDS_MAX: u32 = 20;

fn bad(key: &'static str) -> ServiceError {
    ServiceError::BadRequest(Message::new(key))
}

/// Checks an event's setup before anything is stored.
fn check(setup: &mut Setup, now: DateTime<Utc>) -> Result<()> {
    setup.title = setup.title.trim().to_string();
    if setup.title.is_empty() || setup.title.chars().count() > 80 {
        return Err(bad("event-title-length"));
    }
    let (min, max) = (setup.min_entrants, setup.max_entrants);
    let seats = setup.format.seats() as u32;
    let least = match setup.format {
        Format::RoundRobin { .. } => 3,
        Format::Swiss { .. } => 2,
        Format::Tables { .. } => seats,
    };
    let most = match setup.format {
        Format::RoundRobin { .. } => ROUND_ROBIN_MAX,
        _ => EVENT_MAX,
    };
    if min < least || max > most || min > max {
        return Err(ServiceError::BadRequest(
            Message::new("event-entrants-range")
                .with("least", least as usize)
                .with("most", most as usize),
        ));
    }
    match setup.format {
        Format::Tables { seats, .. } if !(3..=4).contains(&seats) => {
            return Err(bad("event-table-seats"));
        }
        Format::Tables { .. } if !matches!(setup.kind, Kind::Kabaleo | Kind::Azul | Kind::Gype) => {
            return Err(bad("event-tables-kind"));
        }
        _ => {}
    }
    if let Some(rounds) = setup.format.rounds() {
        if !(1..=ROUNDS_MAX).contains(&rounds) {
            return Err(ServiceError::BadRequest(
                Message::new("event-rounds-range").with("most", ROUNDS_MAX as usize),
            ));
        }
        if setup.round_seconds.is_none_or(|s| s <= 0) {
            return Err(bad("event-round-deadline"));
        }
    } else {
        setup.round_seconds = None;
    }
    if setup.timeouts_to_withdraw == 0 {
        return Err(bad("event-timeouts"));
    }
    let closes = parse_time(&setup.sign_up_closes).ok_or_else(|| bad("event-sign-up-closes"))?;
    if closes <= now {
        return Err(bad("event-sign-up-closes"));
    }
    setup.sign_up_closes = format_time(closes);
    // A seat that runs out of time in an event's game loses it: nobody else may play it on.
    setup.time_control.on_timeout = OnTimeout::Withdraw;
    with_rules!(setup.kind, |R| check_game::<R>(setup))
}

fn check_game<R: Rules>(setup: &mut Setup) -> Result<()> {
    let typed: R::Options = serde_json::from_value(setup.options.clone()).map_err(|e| {
        ServiceError::BadRequest(Message::new("options-invalid").text("reason", e.to_string()))
    })?;
    let seats = setup.format.seats();
    // The game's own check first: it says which option stands in the way.
    R::validate_options(&typed, seats).map_err(|e| ServiceError::BadRequest(e.0))?;
    if !R::player_counts(&typed).contains(&seats) {
        return Err(ServiceError::BadRequest(
            Message::new("event-seats-unplayable")
                .with("game", Message::new(R::NAME))
                .with("count", seats),
        ));
    }
    setup.options = serde_json::to_value(&typed).expect("options serialize");
    Ok(())
}

pub fn parse_time(text: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(text)
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

fn participant(player: &Player) -> Participant {
    round_games::as_participant(player)
}

/// Creates an event open for sign-up. Returns its id.
pub fn create(conn: &mut PgConnection, creator: &Player, mut setup: Setup) -> Result<String> {
    conn.transaction(|conn| {
        let now = crate::store::database_now(conn)?;
        check(&mut setup, now)?;
        let event_id = tokens::random_id(10);
        let event_seed = seed::generate();
        diesel::insert_into(events::table)
            .values((
                events::id.eq(&event_id),
                events::title.eq(&setup.title),
                events::kind.eq(setup.kind.as_str()),
                events::format.eq(setup.format.name()),
                events::phase.eq("open"),
                events::sign_up_closes_at.eq(parse_time(&setup.sign_up_closes).unwrap_or(now)),
                events::max_entrants.eq(setup.max_entrants as i32),
                events::last_seq.eq(0),
                events::created_by.eq(creator.id),
                events::created_at.eq(now),
                events::updated_at.eq(now),
            ))
            .execute(conn)?;
        diesel::insert_into(event_seeds::table)
            .values((
                event_seeds::event_id.eq(&event_id),
                event_seeds::seed.eq(event_seed.to_vec()),
            ))
            .execute(conn)?;
        let facts = [Fact::Created {
            setup: setup.clone(),
            creator: participant(creator),
            seed_commitment: seed::commitment(&event_seed),
        }];
        let mut event = Event::created(&event_id, &facts).map_err(store::corrupt)?;
        append(
            conn,
            &mut event,
            None,
            Some(creator.id),
            &Asked::Create { setup },
            &facts,
        )?;
        Ok(event_id)
    })
}

/// `player` signs up for an open event.
pub fn sign_up(conn: &mut PgConnection, event_id: &str, player: &Player) -> Result<()> {
    conn.transaction(|conn| {
        lock(conn, event_id)?;
        let (mut event, rows) = store::load(conn, event_id)?;
        if event.phase() != Phase::Open {
            return Err(ServiceError::Gone(Message::new("event-sign-up-closed")));
        }
        if event.has_signed_up(player.id) {
            return Err(ServiceError::Forbidden(Message::new(
                "event-signed-up-already",
            )));
        }
        if event.entrants.len() as u32 >= event.setup.max_entrants {
            return Err(ServiceError::Gone(Message::new("event-full")));
        }
        let facts = [Fact::SignedUp {
            player: participant(player),
        }];
        append(
            conn,
            &mut event,
            rows.last(),
            Some(player.id),
            &Asked::SignUp,
            &facts,
        )?;
        diesel::insert_into(event_entrants::table)
            .values((
                event_entrants::event_id.eq(event_id),
                event_entrants::player_id.eq(player.id),
            ))
            .execute(conn)?;
        Ok(())
    })
}

/// `player` leaves an open event, or withdraws from a running one: their running games of the
/// event are resigned.
pub fn withdraw(conn: &mut PgConnection, event_id: &str, player: &Player) -> Result<()> {
    conn.transaction(|conn| {
        lock(conn, event_id)?;
        let (mut event, rows) = store::load(conn, event_id)?;
        match event.phase() {
            Phase::Open if event.has_signed_up(player.id) => {
                let facts = [Fact::Left {
                    player: participant(player),
                }];
                append(
                    conn,
                    &mut event,
                    rows.last(),
                    Some(player.id),
                    &Asked::Withdraw,
                    &facts,
                )?;
                diesel::delete(event_entrants::table.find((event_id, player.id))).execute(conn)?;
                Ok(())
            }
            Phase::Running => {
                let Some(entrant) = event.entrant_of(player.id) else {
                    return Err(ServiceError::Forbidden(Message::new("event-not-entered")));
                };
                if event.is_withdrawn(entrant) {
                    return Err(ServiceError::Gone(Message::new("event-withdrawn-already")));
                }
                // Results that came in before the withdrawal count as played.
                let last = record_results(conn, &mut event, rows.last().cloned())?;
                let facts = [Fact::Withdrawn {
                    entrant,
                    why: Leaving::Asked,
                }];
                append(
                    conn,
                    &mut event,
                    last.as_ref(),
                    Some(player.id),
                    &Asked::Withdraw,
                    &facts,
                )?;
                resign_running(conn, &event, entrant)
            }
            Phase::Open => Err(ServiceError::Forbidden(Message::new("event-not-entered"))),
            _ => Err(ServiceError::Gone(Message::new("event-over"))),
        }
    })
}

/// The organiser starts an open event at once, before sign-up closes, once the fewest entrants
/// it needs have signed up; the first round is paired in the same transaction.
pub fn start_now(conn: &mut PgConnection, event_id: &str, player: &Player) -> Result<()> {
    conn.transaction(|conn| {
        as_organiser(conn, event_id, player, |_, event| {
            let (signed_up, min) = (event.entrants.len(), event.setup.min_entrants as usize);
            if signed_up < min {
                return Err(ServiceError::BadRequest(
                    Message::new("event-too-few-to-start")
                        .with("count", signed_up)
                        .with("min", min),
                ));
            }
            Ok((
                Asked::StartNow,
                vec![Fact::Started {
                    entrants: event.entrants.clone(),
                }],
            ))
        })?;
        advance(conn, event_id)?;
        Ok(())
    })
}

/// The organiser calls an event off before it starts; everyone signed up is told.
pub fn call_off(conn: &mut PgConnection, event_id: &str, player: &Player) -> Result<()> {
    conn.transaction(|conn| {
        let event = as_organiser(conn, event_id, player, |conn, _| {
            let event_seed = store::load_seed(conn, event_id)?;
            let facts = vec![
                Fact::CalledOff { by_organiser: true },
                Fact::Ended {
                    seed: hex::encode(event_seed),
                },
            ];
            Ok((Asked::CallOff, facts))
        })?;
        let signed_up: Vec<i64> = event.entrants.iter().map(|p| p.id).collect();
        tell(conn, &event, &signed_up)
    })
}

/// Appends, for the organiser of an open event and under its lock, the row that `decide`
/// returns; the event as it then stands. Runs in the caller's transaction, which keeps the lock
/// until it ends.
fn as_organiser(
    conn: &mut PgConnection,
    event_id: &str,
    player: &Player,
    decide: impl FnOnce(&mut PgConnection, &Event) -> Result<(Asked, Vec<Fact>)>,
) -> Result<Event> {
    lock(conn, event_id)?;
    let (mut event, rows) = store::load(conn, event_id)?;
    organiser_before_start(&event, player)?;
    let (asked, facts) = decide(conn, &event)?;
    let actor = Some(player.id);
    append(conn, &mut event, rows.last(), actor, &asked, &facts)?;
    Ok(event)
}

/// Only the organiser starts or calls off an event, and only while it takes sign-ups.
fn organiser_before_start(event: &Event, player: &Player) -> Result<()> {
    if event.creator.id != player.id {
        return Err(ServiceError::Forbidden(Message::new("event-not-organiser")));
    }
    match event.phase() {
        Phase::Open => Ok(()),
        _ => Err(ServiceError::Gone(Message::new("event-started-already"))),
    }
}

fn resign_running(conn: &mut PgConnection, event: &Event, entrant: usize) -> Result<()> {
    let player = event.entrants[entrant].clone();
    for (_, table) in event.running_games() {
        if table.seats.contains(&entrant) {
            round_games::resign_for_event(conn, &table.game, &player)?;
        }
    }
    diesel::update(event_entrants::table.find((&event.id, player.id)))
        .set(event_entrants::withdrawn.eq(true))
        .execute(conn)?;
    Ok(())
}

/// Records every finished, unrecorded game of the event, one row each, withdrawing anyone whose
/// time has now run out in too many games. Returns the last row.
fn record_results(
    conn: &mut PgConnection,
    event: &mut Event,
    mut last: Option<crate::store::events::EventRow>,
) -> Result<Option<crate::store::events::EventRow>> {
    loop {
        let running: Vec<String> = (event.running_games().into_iter())
            .map(|(_, t)| t.game.clone())
            .collect();
        // The read model, kept in each move's transaction, says which games may have ended; only
        // their logs are read, and the log decides.
        let ended: Vec<String> = games::table
            .filter(games::id.eq_any(&running))
            .filter(games::phase.eq("finished"))
            .order(games::id)
            .select(games::id)
            .load(conn)?;
        let mut recorded_any = false;
        for game in running.into_iter().filter(|g| ended.contains(g)) {
            let Some(ending) = round_games::ending(conn, &game)? else {
                continue;
            };
            let (_, table) = event.table_of(&game).expect("a game of the event");
            let seats = table.seats.clone();
            let mut facts = vec![Fact::Finished {
                game: game.clone(),
                places: ending.places,
                timed_out: ending.timed_out.clone(),
                head: ending.head,
            }];
            let mut probe = event.clone();
            probe.apply_row(event.seq + 1, &facts);
            let out: Vec<usize> = (ending.timed_out.iter())
                .filter_map(|&seat| seats.get(seat).copied())
                .filter(|&e| !event.is_withdrawn(e))
                .filter(|&e| probe.timeouts(e) >= event.setup.timeouts_to_withdraw)
                .collect();
            facts.extend(out.iter().map(|&entrant| Fact::Withdrawn {
                entrant,
                why: Leaving::TimedOut,
            }));
            let asked = Asked::Record { game: game.clone() };
            last = Some(append(conn, event, last.as_ref(), None, &asked, &facts)?);
            diesel::update(event_games::table.find(&game))
                .set(event_games::recorded.eq(true))
                .execute(conn)?;
            for entrant in out {
                resign_running(conn, event, entrant)?;
            }
            recorded_any = true;
        }
        if !recorded_any {
            return Ok(last);
        }
    }
}

/// What one step of the server did to an event.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Advanced {
    pub started: bool,
    pub called_off: bool,
    pub recorded: usize,
    pub rounds: usize,
    pub finished: bool,
}

/// The server's step for one event whose row the caller may lock: starts it when sign-up has
/// closed, records the games that have ended, pairs the next round when one is complete, and
/// ends the event when it is over.
pub fn advance(conn: &mut PgConnection, event_id: &str) -> Result<Advanced> {
    conn.transaction(|conn| {
        lock(conn, event_id)?;
        let (mut event, rows) = store::load(conn, event_id)?;
        let event_seed = store::load_seed(conn, event_id)?;
        let now = crate::store::database_now(conn)?;
        let mut done = Advanced::default();
        let mut last = rows.last().cloned();
        if event.phase() == Phase::Open {
            let closes = parse_time(&event.setup.sign_up_closes).unwrap_or(now);
            if closes > now {
                return Ok(done);
            }
            if (event.entrants.len() as u32) < event.setup.min_entrants {
                let facts = [
                    Fact::CalledOff {
                        by_organiser: false,
                    },
                    Fact::Ended {
                        seed: hex::encode(event_seed),
                    },
                ];
                append(conn, &mut event, last.as_ref(), None, &Asked::Start, &facts)?;
                let signed_up: Vec<i64> = event.entrants.iter().map(|p| p.id).collect();
                tell(conn, &event, &signed_up)?;
                done.called_off = true;
                return Ok(done);
            }
            let facts = [Fact::Started {
                entrants: event.entrants.clone(),
            }];
            last = Some(append(
                conn,
                &mut event,
                last.as_ref(),
                None,
                &Asked::Start,
                &facts,
            )?);
            done.started = true;
        }
        if event.phase() != Phase::Running {
            return Ok(done);
        }
        let before = event.results.len();
        last = record_results(conn, &mut event, last)?;
        done.recorded = event.results.len() - before;
        let needs_round = event.rounds.is_empty()
            || (event.round_complete() && !decide::is_over(&event, &event_seed));
        if needs_round && !decide::is_over(&event, &event_seed) {
            match decide::next_round(&event, &event_seed) {
                Some(pairings) => {
                    last = Some(start_round(conn, &mut event, last, pairings, now)?);
                    done.rounds += 1;
                }
                None => {
                    finish(conn, &mut event, last.as_ref(), &event_seed)?;
                    done.finished = true;
                    return Ok(done);
                }
            }
        }
        if decide::is_over(&event, &event_seed) {
            finish(conn, &mut event, last.as_ref(), &event_seed)?;
            done.finished = true;
        }
        Ok(done)
    })
}

fn finish(
    conn: &mut PgConnection,
    event: &mut Event,
    last: Option<&crate::store::events::EventRow>,
    event_seed: &Seed,
) -> Result<()> {
    let facts = [Fact::Ended {
        seed: hex::encode(event_seed),
    }];
    append(conn, event, last, None, &Asked::Finish, &facts)?;
    let everyone: Vec<i64> = event.entrants.iter().map(|p| p.id).collect();
    tell(conn, event, &everyone)
}

fn start_round(
    conn: &mut PgConnection,
    event: &mut Event,
    last: Option<crate::store::events::EventRow>,
    pairings: decide::Pairings,
    now: DateTime<Utc>,
) -> Result<crate::store::events::EventRow> {
    let round = event.rounds.len() as u32 + 1;
    let deadline = (event.setup.round_seconds).map(|s| format_time(now + Duration::seconds(s)));
    let mut tables = Vec::new();
    for (i, seats) in pairings.tables.into_iter().enumerate() {
        let game_id = tokens::random_id(10);
        let seating: Vec<Participant> = seats.iter().map(|&e| event.entrants[e].clone()).collect();
        round_games::open(
            conn,
            NewEventGame {
                game_id: &game_id,
                kind: event.setup.kind,
                options: &event.setup.options,
                time_control: event.setup.time_control,
                rated: event.setup.rated,
                table: EventTable {
                    event: event.id.clone(),
                    round,
                    table: i as u32 + 1,
                    seating,
                    deadline: deadline.clone(),
                },
            },
        )?;
        diesel::insert_into(event_games::table)
            .values((
                event_games::game_id.eq(&game_id),
                event_games::event_id.eq(&event.id),
                event_games::round.eq(round as i32),
                event_games::table_no.eq(i as i32 + 1),
            ))
            .execute(conn)?;
        tables.push(Table {
            game: game_id,
            seats,
        });
    }
    let facts = [Fact::RoundStarted {
        round,
        tables,
        bye: pairings.bye,
        deadline,
    }];
    let row = append(
        conn,
        event,
        last.as_ref(),
        None,
        &Asked::Pair { round },
        &facts,
    )?;
    let active: Vec<i64> = (event.active().into_iter())
        .map(|e| event.entrants[e].id)
        .collect();
    tell(conn, event, &active)?;
    Ok(row)
}

/// Queues the event's news (it started, a round began, it ended) for these players; the mail
/// worker writes it as it stands when it is sent.
fn tell(conn: &mut PgConnection, event: &Event, players: &[i64]) -> Result<()> {
    let payload = serde_json::json!({ "event": event.id, "seq": event.seq });
    for &player in players {
        notifications::enqueue(
            conn,
            player,
            notifications::Kind::EventNews,
            None,
            payload.clone(),
        )?;
    }
    Ok(())
}

/// Events the server has something to do for: sign-up has closed, or one of their games has
/// ended and is not yet recorded. Locked rows (another server at work) are skipped.
pub fn due(conn: &mut PgConnection, limit: i64) -> QueryResult<Vec<String>> {
    let finished_games = event_games::table
        .inner_join(games::table)
        .filter(event_games::event_id.eq(events::id))
        .filter(event_games::recorded.eq(false))
        .filter(games::phase.eq("finished"));
    events::table
        .filter(
            (events::phase
                .eq("open")
                .and(events::sign_up_closes_at.le(diesel::dsl::now)))
            .or(events::phase
                .eq("running")
                .and(diesel::dsl::exists(finished_games))),
        )
        .order(events::updated_at.asc())
        .select(events::id)
        .limit(limit)
        .for_update()
        .skip_locked()
        .load(conn)
}
