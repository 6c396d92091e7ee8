//! One tournament's page: what it is and how it is scored, who plays, the standings (with a
//! cross-table for a round robin), each round's games and what each waits for, and the button
//! to sign up or withdraw; its JSON twin; the sign-up and withdrawal forms; and the export.

use actix_session::Session;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use diesel::Connection;
use serde_json::json;

use crate::auth::Player;
use crate::game_log::error::ServiceError;
use crate::rules::Message;
use crate::store::limits::Limit;
use crate::tournament_rules::Standing;
use crate::tournaments::log::facts::{Format, Leaving, SwissPairing, Table};
use crate::tournaments::log::fold::{Event, Phase};
use crate::tournaments::read::{EventView, view};
use crate::tournaments::service;
use crate::web::AppState;
use crate::web::asks_for_json;
use crate::web::frame::clock_text::{local, local_text, zone_of};
use crate::web::frame::layout::{Layout, page, see_other};
use crate::web::pages::json::json_response;
use crate::web::pages::leaderboard::{Paging, page_number};
use crate::web::pages::named::player_path;
use crate::web::pages::tournaments::events::format_message;
use crate::web::request::body::Body;
use crate::web::request::error::WebError;
use crate::web::request::form::Form;
use crate::web::request::ids::EventId;
use crate::web::request::limits;
use crate::web::request::session::{Visitor, check_post_csrf, visitor};

fn no_such_event() -> WebError {
    WebError::new(StatusCode::NOT_FOUND, Message::new("event-not-found"))
}

fn web_error(error: ServiceError) -> WebError {
    match error {
        ServiceError::NotFound => no_such_event(),
        other => other.into(),
    }
}

/// A button under the event's description.
pub struct Action {
    path: String,
    label: String,
    note: String,
}

pub struct StandingLine {
    place: usize,
    name: String,
    path: String,
    points: String,
    tie_breaks: Vec<String>,
    games_left: usize,
    note: String,
}

pub struct CrossRow {
    number: usize,
    name: String,
    cells: Vec<String>,
    points: String,
}

pub struct TableLine {
    path: String,
    players: String,
    state: String,
}

pub struct RoundView {
    title: String,
    tables: Vec<TableLine>,
    bye: Option<String>,
}

#[derive(Template)]
#[template(path = "event.html")]
struct EventPage {
    layout: Layout,
    id: String,
    title: String,
    facts: Vec<String>,
    /// The table options every game of the event is played with.
    options: Vec<String>,
    rules: Vec<String>,
    status: String,
    actions: Vec<Action>,
    /// This page of the long lists, of how many; where each list's lines start.
    page: usize,
    pages: usize,
    first_line: usize,
    games_per_page: usize,
    /// For the organiser of a running event: who has yet to move in the current round.
    still_to_play: Option<String>,
    entrants: Vec<String>,
    columns: Vec<String>,
    standings: Vec<StandingLine>,
    cross: Vec<CrossRow>,
    rounds: Vec<RoundView>,
    seq: i64,
    head: String,
    seed_commitment: String,
}

pub async fn show(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    EventId(id): EventId,
    paging: web::Query<Paging>,
) -> Result<HttpResponse, WebError> {
    let shown = Shown::new(page_number(paging.page.as_deref())?);
    let visitor = visitor(&req, &session, &state).await?;
    let pool = state.pool.clone();
    let event_id = id.clone();
    let reader = visitor.player.as_ref().map(|p| p.id);
    let seen = web::block(move || -> Result<EventView, WebError> {
        view(&mut *pool.get()?, &event_id, |event| {
            games_shown(event, shown, reader)
        })
        .map_err(web_error)
    })
    .await??;
    if asks_for_json(&req) {
        return Ok(json_response(StatusCode::OK, &twin(&seen, shown)));
    }
    page(&event_page(&seen, &visitor, shown))
}

/// Lines of the standings and of the entrants on one page.
const PER_PAGE: usize = 100;

/// Which page of an event's long lists is shown.
#[derive(Clone, Copy)]
struct Shown {
    number: usize,
}

impl Shown {
    fn new(number: i64) -> Shown {
        Shown {
            number: number as usize,
        }
    }

    fn offset(self) -> usize {
        (self.number - 1) * PER_PAGE
    }

    /// This page's part of the standings or the entrants.
    fn of<T>(self, list: impl IntoIterator<Item = T>) -> impl Iterator<Item = T> {
        list.into_iter().skip(self.offset()).take(PER_PAGE)
    }

    /// Games of a round on one page: as many as seat a page of entrants, so that a page of a
    /// large event is no longer than the whole page of one of a hundred. A round robin (of at
    /// most a dozen players) lists all its games as one round, a hundred a page.
    fn tables_per_page(event: &Event) -> usize {
        match event.setup.format {
            Format::RoundRobin { .. } => PER_PAGE,
            ref format => PER_PAGE / format.seats().max(1),
        }
    }

    /// Where this page's part of a round's games starts and ends.
    fn tables_range(self, event: &Event) -> std::ops::Range<usize> {
        let per_page = Shown::tables_per_page(event);
        let start = (self.number - 1) * per_page;
        start..start + per_page
    }

    /// This page's part of a round's games.
    fn tables_of<'a>(self, event: &Event, tables: &'a [Table]) -> &'a [Table] {
        let range = self.tables_range(event);
        let end = range.end.min(tables.len());
        tables.get(range.start..end).unwrap_or_default()
    }

    /// How many pages the event's longest list needs.
    fn pages(event: &Event) -> usize {
        let tables = (event.rounds.iter())
            .map(|r| r.tables.len().div_ceil(Shown::tables_per_page(event)))
            .max()
            .unwrap_or(0);
        (event.entrants.len().div_ceil(PER_PAGE)).max(tables).max(1)
    }
}

/// The games whose state the page shows: those without a result among this page's lines of each
/// round, and for the organiser of a running event every game of the current round still
/// running (to say whom it waits for).
fn games_shown(event: &Event, shown: Shown, reader: Option<i64>) -> Vec<&str> {
    let running = |t: &&Table| event.result_of(&t.game).is_none();
    let mut games: Vec<&str> = (event.rounds.iter())
        .flat_map(|r| shown.tables_of(event, &r.tables))
        .filter(running)
        .map(|t| t.game.as_str())
        .collect();
    let organiser = reader == Some(event.creator.id) && event.phase() == Phase::Running;
    if let Some(round) = event.current_round().filter(|_| organiser) {
        let on_page = shown.tables_range(event);
        let beyond_page = (round.tables.iter().enumerate())
            .filter(|(i, _)| !on_page.contains(i))
            .map(|(_, t)| t);
        games.extend(beyond_page.filter(running).map(|t| t.game.as_str()));
    }
    games
}

fn sitting(event: &Event, entrants: &[usize]) -> String {
    (entrants.iter())
        .map(|&e| event.name_of(e))
        .collect::<Vec<_>>()
        .join(" – ")
}

/// How many games each entrant has still running, by entrant number.
fn games_left(event: &Event) -> Vec<usize> {
    let mut left = vec![0; event.entrants.len()];
    for (_, table) in event.running_games() {
        for &entrant in &table.seats {
            if let Some(n) = left.get_mut(entrant) {
                *n += 1;
            }
        }
    }
    left
}

/// The JSON twin: the event, its entrants, standings and rounds.
fn twin(seen: &EventView, shown: Shown) -> serde_json::Value {
    let event = &seen.kept.event;
    let left = games_left(event);
    let finished = event.phase() == Phase::Finished;
    json!({
        "id": event.id,
        "title": event.setup.title,
        "kind": event.setup.kind.as_str(),
        "format": event.setup.format.name(),
        "round_count": event.setup.format.rounds(),
        "rated": event.setup.rated,
        "options": event.setup.options,
        "time_control": event.setup.time_control,
        "phase": event.phase().as_str(),
        "seq": event.seq,
        "head_hash": seen.kept.head_hex(),
        "seed_commitment": event.seed_commitment,
        "sign_up_closes": event.setup.sign_up_closes,
        "min_entrants": event.setup.min_entrants,
        "max_entrants": event.setup.max_entrants,
        "timeouts_to_withdraw": event.setup.timeouts_to_withdraw,
        "page": shown.number,
        "pages": Shown::pages(event),
        "per_page": PER_PAGE,
        "games_per_page": Shown::tables_per_page(event),
        "entrant_count": event.entrants.len(),
        "entrants": shown.of(event.entrants.iter().enumerate()).map(|(i, p)| json!({
            "number": i,
            "name": p.name,
            "withdrawn": event.withdrawn.iter().find(|w| w.entrant == i).map(|w| match w.why {
                Leaving::Asked => "asked",
                Leaving::TimedOut => "timed_out",
            }),
        })).collect::<Vec<_>>(),
        "standings": shown.of(&seen.kept.standings).map(|s| json!({
            "place": s.place,
            "entrant": s.entrant,
            "name": event.name_of(s.entrant),
            "points": s.points.value(),
            "buchholz": s.buchholz.value(),
            "sonneborn_berger": s.sonneborn_berger_points(),
            "direct": s.direct.value(),
            "wins": s.wins,
            "games": s.games,
            "games_left": left.get(s.entrant).copied().unwrap_or(0),
            "lot": finished.then_some(s.lot),
        })).collect::<Vec<_>>(),
        "rounds": event.rounds.iter().map(|r| json!({
            "round": r.number,
            "deadline": r.deadline,
            "bye": r.bye,
            "game_count": r.tables.len(),
            "games": shown.tables_of(event, &r.tables).iter().map(|t| {
                let line = seen.game(&t.game);
                json!({
                    "game": t.game,
                    "url": format!("/games/{}", t.game),
                    "seats": t.seats,
                    "places": event.result_of(&t.game).map(|r| r.places.clone()),
                    "waiting_for": line.map(|l| l.waiting_for.clone()),
                    "due_at": line.and_then(|l| l.due_at).map(|d| d.to_rfc3339()),
                })
            }).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "export": format!("/events/{}/export", event.id),
    })
}

fn event_page(seen: &EventView, visitor: &Visitor, shown: Shown) -> EventPage {
    let event = &seen.kept.event;
    let lang = visitor.lang;
    let zone = zone_of(visitor);
    let setup = &event.setup;
    let say = |m: Message| lang.say(&m, &[]);
    let facts = vec![
        lang.game_name(setup.kind),
        say(format_message(&setup.format)),
        lang.t(if setup.rated {
            "event-rated"
        } else {
            "event-casual"
        }),
        say(setup.time_control.message()),
    ];
    let options = crate::present::options_in_words(setup.kind, &setup.options, lang);
    let mut rules = vec![lang.t(match setup.format {
        Format::Tables { seats: 4, .. } => "event-scoring-tables-four",
        Format::Tables { .. } => "event-scoring-tables-three",
        _ => "event-scoring-two",
    })];
    rules.push(lang.t(match setup.format {
        Format::RoundRobin { .. } => "event-tie-breaks-round-robin",
        Format::Swiss { .. } => "event-tie-breaks-swiss",
        Format::Tables { .. } => "event-tie-breaks-tables",
    }));
    rules.push(lang.t(match setup.format {
        Format::RoundRobin { .. } => "event-pairing-round-robin",
        Format::Swiss { .. } => match setup.swiss_pairing {
            SwissPairing::Search => "event-pairing-swiss",
            SwissPairing::Matching => "event-pairing-swiss-matching",
        },
        Format::Tables { .. } => "event-pairing-tables",
    }));
    rules.push(lang.t(match setup.format {
        Format::RoundRobin { .. } => "event-withdrawal-round-robin",
        _ => "event-withdrawal-rounds",
    }));
    rules.push(
        lang.tr("event-timeouts-rule")
            .arg("count", setup.timeouts_to_withdraw)
            .to_string(),
    );
    if let Some(seconds) = setup.round_seconds {
        rules.push(
            lang.tr("event-deadline-rule")
                .arg(
                    "span",
                    lang.say(
                        &crate::game_log::stream::time_control::span_message(
                            chrono::Duration::seconds(seconds),
                        ),
                        &[],
                    ),
                )
                .to_string(),
        );
    }
    let status = match event.phase() {
        Phase::Open => lang
            .tr("event-status-open")
            .arg("closes", local_text(&setup.sign_up_closes, zone))
            .arg("entrants", event.entrants.len())
            .arg("min", setup.min_entrants)
            .arg("max", setup.max_entrants)
            .to_string(),
        Phase::Running => match event.current_round() {
            Some(round) => match (&round.deadline, setup.format.rounds()) {
                (Some(deadline), Some(rounds)) => lang
                    .tr("event-status-round")
                    .arg("round", round.number)
                    .arg("rounds", rounds)
                    .arg("deadline", local_text(deadline, zone))
                    .to_string(),
                _ => lang.t("event-status-running"),
            },
            None => lang.t("event-status-running"),
        },
        Phase::Finished => lang.t("event-status-finished"),
        Phase::CalledOff if event.called_off_by_organiser => {
            lang.t("event-status-called-off-by-organiser")
        }
        Phase::CalledOff => lang
            .tr("event-status-called-off")
            .arg("min", setup.min_entrants)
            .to_string(),
    };
    let actions = actions(event, visitor);
    let still_to_play = still_to_play(seen, visitor);
    let entrants = shown
        .of(event.entrants.iter().enumerate())
        .map(
            |(i, p)| match event.withdrawn.iter().find(|w| w.entrant == i) {
                Some(w) => lang
                    .tr(match w.why {
                        Leaving::Asked => "event-entrant-withdrew",
                        Leaving::TimedOut => "event-entrant-timed-out",
                    })
                    .arg("name", p.name.as_str())
                    .to_string(),
                None => p.name.clone(),
            },
        )
        .collect();
    let finished = event.phase() == Phase::Finished;
    let mut columns: Vec<&str> = match setup.format {
        Format::RoundRobin { .. } => vec!["event-sb", "event-direct", "event-wins"],
        Format::Swiss { .. } => vec!["event-buchholz", "event-sb", "event-direct", "event-wins"],
        Format::Tables { .. } => vec!["event-tables-won"],
    };
    if finished {
        columns.push("event-lot");
    }
    let left = games_left(event);
    let standings = shown
        .of(&seen.kept.standings)
        .map(|s| standing_line(seen, s, &left, finished, visitor))
        .collect();
    let cross = match setup.format {
        Format::RoundRobin { .. } if event.started => cross_table(seen),
        _ => Vec::new(),
    };
    let rounds = (event.rounds.iter().rev())
        .map(|round| RoundView {
            title: match setup.format {
                Format::RoundRobin { .. } => lang.t("event-games"),
                _ => lang
                    .tr("event-round")
                    .arg("round", round.number)
                    .to_string(),
            },
            tables: (shown.tables_of(event, &round.tables).iter())
                .map(|t| TableLine {
                    path: format!("/games/{}", t.game),
                    players: sitting(event, &t.seats),
                    state: table_state(seen, &t.game, &t.seats, visitor),
                })
                .collect(),
            bye: round.bye.map(|e| {
                lang.tr("event-bye")
                    .arg("name", event.name_of(e))
                    .to_string()
            }),
        })
        .collect();
    EventPage {
        layout: Layout::new(setup.title.clone(), visitor),
        id: event.id.clone(),
        title: setup.title.clone(),
        facts,
        options,
        rules,
        status,
        actions,
        page: shown.number,
        pages: Shown::pages(event),
        first_line: shown.offset() + 1,
        games_per_page: Shown::tables_per_page(event),
        still_to_play,
        entrants,
        columns: columns.into_iter().map(|k| lang.t(k)).collect(),
        standings,
        cross,
        rounds,
        seq: event.seq,
        head: seen.kept.head_hex(),
        seed_commitment: event.seed_commitment.clone(),
    }
}

fn standing_line(
    seen: &EventView,
    s: &Standing,
    left: &[usize],
    finished: bool,
    visitor: &Visitor,
) -> StandingLine {
    let event = &seen.kept.event;
    let mut tie_breaks = match event.setup.format {
        Format::RoundRobin { .. } => vec![sb(s), s.direct.to_string(), s.wins.to_string()],
        Format::Swiss { .. } => vec![
            s.buchholz.to_string(),
            sb(s),
            s.direct.to_string(),
            s.wins.to_string(),
        ],
        Format::Tables { .. } => vec![s.wins.to_string()],
    };
    if finished {
        let drawn = 1
            + (seen.kept.standings.iter())
                .filter(|o| o.lot < s.lot)
                .count();
        tie_breaks.push(drawn.to_string());
    }
    let note = match event.withdrawn.iter().find(|w| w.entrant == s.entrant) {
        Some(_) => visitor.lang.t("event-withdrawn"),
        None => String::new(),
    };
    StandingLine {
        place: s.place,
        name: event.name_of(s.entrant).to_string(),
        path: player_path(event.name_of(s.entrant)),
        points: s.points.to_string(),
        tie_breaks,
        games_left: left.get(s.entrant).copied().unwrap_or(0),
        note,
    }
}

/// Sonneborn-Berger in quarter points, shown with fractions.
fn sb(s: &Standing) -> String {
    let quarters = s.sonneborn_berger;
    let whole = quarters / 4;
    let frac = match quarters % 4 {
        1 => "¼",
        2 => "½",
        3 => "¾",
        _ => "",
    };
    match (whole, frac) {
        (0, f) if !f.is_empty() => f.to_string(),
        (w, f) => format!("{w}{f}"),
    }
}

/// One row for each entrant, one cell for each opponent: 1, ½ or 0 for a game played, + or −
/// for a game decided by a withdrawal, · for a game still running, × against oneself.
fn cross_table(seen: &EventView) -> Vec<CrossRow> {
    let event = &seen.kept.event;
    let n = event.entrants.len();
    let points: Vec<String> = (0..n)
        .map(|e| {
            (seen.kept.standings.iter())
                .find(|s| s.entrant == e)
                .map_or(String::new(), |s| s.points.to_string())
        })
        .collect();
    (0..n)
        .map(|me| CrossRow {
            number: me + 1,
            name: event.name_of(me).to_string(),
            cells: (0..n).map(|them| cross_cell(event, me, them)).collect(),
            points: points[me].clone(),
        })
        .collect()
}

fn cross_cell(event: &Event, me: usize, them: usize) -> String {
    if me == them {
        return "×".into();
    }
    let tables = (event.rounds.iter())
        .flat_map(|r| &r.tables)
        .filter(|t| t.seats.contains(&me) && t.seats.contains(&them));
    let cells: Vec<&str> = tables
        .map(|t| {
            let Some((i, result)) =
                (event.results.iter().enumerate()).find(|(_, r)| r.game == t.game)
            else {
                return "·";
            };
            let mine = t.seats.iter().position(|&e| e == me).unwrap_or(0);
            let place = result.places[mine];
            let other = result.places[1 - mine];
            let cut_short = (event.withdrawn.iter())
                .any(|w| t.seats.contains(&w.entrant) && i >= w.after_results);
            match (place.cmp(&other), cut_short) {
                (std::cmp::Ordering::Less, false) => "1",
                (std::cmp::Ordering::Less, true) => "+",
                (std::cmp::Ordering::Greater, false) => "0",
                (std::cmp::Ordering::Greater, true) => "−",
                (std::cmp::Ordering::Equal, _) => "½",
            }
        })
        .collect();
    cells.join(" ")
}

/// "1–0", "½–½", or who the game waits for and until when.
fn table_state(seen: &EventView, game: &str, seats: &[usize], visitor: &Visitor) -> String {
    let lang = visitor.lang;
    if let Some(result) = seen.kept.event.result_of(game) {
        let points = crate::tournament_rules::place_points(&result.places);
        let text: Vec<String> = match seats.len() {
            2 => result
                .places
                .iter()
                .map(|&place| {
                    let other = result.places.iter().find(|&&o| o != place);
                    match other {
                        None => "½".to_string(),
                        Some(&o) if place < o => "1".to_string(),
                        Some(_) => "0".to_string(),
                    }
                })
                .collect(),
            _ => points.iter().map(|p| p.to_string()).collect(),
        };
        return lang
            .tr("event-game-result")
            .arg("points", text.join("–"))
            .to_string();
    }
    match seen.game(game) {
        Some(line) if !line.waiting_for.is_empty() => match line.due_at {
            Some(due) => lang
                .tr("event-game-waiting-until")
                .arg("names", line.waiting_for.join(", "))
                .arg("due", local(due, zone_of(visitor)))
                .to_string(),
            None => lang
                .tr("event-game-waiting")
                .arg("names", line.waiting_for.join(", "))
                .to_string(),
        },
        _ => lang.t("event-game-running"),
    }
}

/// The buttons the visitor may press: sign up, leave, or withdraw; and the organiser's, to start
/// the event early or call it off.
fn actions(event: &Event, visitor: &Visitor) -> Vec<Action> {
    let mut actions: Vec<Action> = action(event, visitor).into_iter().collect();
    let lang = visitor.lang;
    let organiser = visitor
        .player
        .as_ref()
        .is_some_and(|p| p.id == event.creator.id);
    if organiser && event.phase() == Phase::Open {
        let path = |what: &str| format!("/events/{}/{what}", event.id);
        if event.entrants.len() as u32 >= event.setup.min_entrants {
            actions.push(Action {
                path: path("start"),
                label: lang.t("event-start-now"),
                note: lang
                    .tr("event-start-now-note")
                    .arg("count", event.entrants.len())
                    .to_string(),
            });
        }
        actions.push(Action {
            path: path("call-off"),
            label: lang.t("event-call-off"),
            note: lang.t("event-call-off-note"),
        });
    }
    actions
}

/// The button the visitor may press: sign up, leave, or withdraw.
fn action(event: &Event, visitor: &Visitor) -> Option<Action> {
    let lang = visitor.lang;
    let Some(player) = &visitor.player else {
        return (event.phase() == Phase::Open).then(|| Action {
            path: format!("/sign-in?next=/events/{}", event.id),
            label: lang.t("event-sign-in-to-enter"),
            note: String::new(),
        });
    };
    let path = |what: &str| format!("/events/{}/{what}", event.id);
    match event.phase() {
        Phase::Open if event.has_signed_up(player.id) => Some(Action {
            path: path("withdraw"),
            label: lang.t("event-leave"),
            note: lang.t("event-leave-note"),
        }),
        Phase::Open if (event.entrants.len() as u32) < event.setup.max_entrants => Some(Action {
            path: path("sign-up"),
            label: lang.t("event-sign-up"),
            note: lang.t("event-sign-up-note"),
        }),
        Phase::Running => match event.entrant_of(player.id) {
            Some(e) if !event.is_withdrawn(e) => Some(Action {
                path: path("withdraw"),
                label: lang.t("event-withdraw"),
                note: lang.t(match event.setup.format {
                    Format::RoundRobin { .. } => "event-withdraw-note-round-robin",
                    _ => "event-withdraw-note-rounds",
                }),
            }),
            _ => None,
        },
        _ => None,
    }
}

/// For the organiser of a running event, the current round's games still running and the
/// players they wait for, in words.
fn still_to_play(seen: &EventView, visitor: &Visitor) -> Option<String> {
    let event = &seen.kept.event;
    let organiser = visitor
        .player
        .as_ref()
        .is_some_and(|p| p.id == event.creator.id);
    let round = event
        .current_round()
        .filter(|_| organiser && event.phase() == Phase::Running)?;
    let running: Vec<&str> = (round.tables.iter())
        .filter(|t| event.result_of(&t.game).is_none())
        .map(|t| t.game.as_str())
        .collect();
    let mut waiting: Vec<&str> = (running.iter())
        .filter_map(|game| seen.game(game))
        .flat_map(|g| g.waiting_for.iter().map(String::as_str))
        .collect();
    waiting.sort_unstable();
    waiting.dedup();
    let lang = visitor.lang;
    Some(match running.is_empty() {
        true => lang
            .tr("event-round-all-played")
            .arg("round", round.number)
            .to_string(),
        false => lang
            .tr("event-round-still-to-play")
            .arg("round", round.number)
            .arg("running", running.len())
            .arg("games", round.tables.len())
            .arg("names", waiting.join(", "))
            .to_string(),
    })
}

/// A sign-up, withdrawal or organiser's form: checked, counted against the player's limit of
/// sign-ups in the same transaction, then back to the event's page.
async fn act(
    req: HttpRequest,
    session: Session,
    state: web::Data<AppState>,
    id: String,
    body: &[u8],
    work: fn(&mut diesel::PgConnection, &str, &Player) -> crate::game_log::error::Result<()>,
) -> Result<HttpResponse, WebError> {
    let form = Form::read(&req, body)?;
    check_post_csrf(&req, &session, &form)?;
    let visitor = visitor(&req, &session, &state).await?;
    let player = visitor.require_player()?.clone();
    let pool = state.pool.clone();
    let settings = state.settings.limits.clone();
    let event_id = id.clone();
    web::block(move || -> Result<(), WebError> {
        let mut conn = pool.get()?;
        conn.transaction(|conn| {
            let taken = Limit::event_sign_ups_per_player(&settings).take(
                conn,
                &player.id.to_string(),
                1,
            )?;
            limits::check(taken, Message::new("limit-event-sign-ups"))?;
            work(conn, &event_id, &player).map_err(web_error)
        })
    })
    .await??;
    Ok(see_other(&format!("/events/{id}")))
}

/// The event's forms, each one step of the events' service through [`act`].
macro_rules! event_forms {
    ($($name:ident => $work:path),* $(,)?) => {$(
        pub async fn $name(
            req: HttpRequest,
            session: Session,
            state: web::Data<AppState>,
            EventId(id): EventId,
            Body(body): Body,
        ) -> Result<HttpResponse, WebError> {
            act(req, session, state, id, &body, $work).await
        }
    )*};
}

event_forms!(
    sign_up => service::sign_up,
    withdraw => service::withdraw,
    start_now => service::start_now,
    call_off => service::call_off,
);

/// The event's export: its log and the logs of its finished games, for `turnpost verify`.
pub async fn export(
    state: web::Data<AppState>,
    EventId(id): EventId,
) -> Result<HttpResponse, WebError> {
    let pool = state.pool.clone();
    let event_id = id.clone();
    let export = web::block(move || -> Result<_, WebError> {
        let conn = &mut pool.get()?;
        crate::tournaments::log::store::load_rows(conn, &event_id).map_err(web_error)?;
        crate::audit::event_export(conn, &event_id).map_err(WebError::internal)
    })
    .await??;
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"turnpost-event-{id}.json\""),
        ))
        .json(export))
}
