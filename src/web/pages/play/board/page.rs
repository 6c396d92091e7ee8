//! The game page and its JSON twin: the board with every legal move, the players and their
//! clocks, the recent lines and the table talk, as the visitor may see them.

use std::collections::{BTreeMap, BTreeSet};

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use chrono_tz::Tz;
use serde_json::Value;

use crate::computers;
use crate::game_log::decide;
use crate::game_log::decide::plan_lines as lines;
use crate::game_log::fold::load;
use crate::game_log::fold::replay::{Game, Phase, entries, replay};
use crate::game_log::stream::time_control::{OnTimeout, span_message};
use crate::game_log::stream::{CancelReason, Entry, Participant};
use crate::i18n::Lang;
use crate::present::result::{Ending, ranked};
use crate::present::{Actions, Board, Choice, GameUi};
use crate::ratings::rate;
use crate::rules::Message;
use crate::rules::{Kind, with_rules};
use crate::rules::{Rules, Seat, Status};
use crate::store::events::EventRow;
use crate::web::AppState;
use crate::web::frame::clock_text::{local, zone_of};
use crate::web::frame::etag::{Answer, EntityTag, HeldTags};
use crate::web::frame::layout::{Layout, render_page};
use crate::web::pages::json::json_text_response;
use crate::web::pages::named::player_path;
use crate::web::pages::play::board::recent::{RecentLine, recent_lines};
use crate::web::pages::play::board::twin::{Twin, TwinChoice, TwinPlayer, TwinRating, TwinRecent};
use crate::web::pages::play::game_view::{Visible, game_tag, load_visible, parse_at};
use crate::web::request::error::WebError;
use crate::web::request::session::Visitor;

pub struct PlayerLine {
    pub name: String,
    pub seat: Option<usize>,
    pub you: bool,
    pub to_act: bool,
    pub resigned: bool,
    pub timed_out: bool,
    /// "2 days 4 hours left", "out of time", in a timed game.
    pub clock: Option<String>,
    /// Seconds left, for the JSON twin.
    pub seconds_left: Option<i64>,
    /// The viewer may withdraw this seat: it is out of time and the table lets the others.
    pub may_withdraw: bool,
    /// "on vacation until 2026-12-01 09:00 CET": the player's clock waits.
    pub away: Option<String>,
    /// "playing for Ann from row 34": a computer took the seat over.
    pub playing_for: Option<String>,
    /// The player's page; computers have none.
    pub page: Option<String>,
    /// Where a signed-in visitor reports how this person plays the game (not themselves, nor a
    /// computer).
    pub report: Option<String>,
}

/// One message of table talk.
pub struct TalkLine {
    /// The row that holds it.
    pub seq: i64,
    /// Who wrote it, by account.
    pub author: i64,
    pub name: String,
    /// The words, unless they were removed.
    pub text: Option<String>,
    pub time: String,
    /// The event the board showed when it was written.
    pub after: i64,
    /// Whether the visitor wrote it (and may delete it).
    pub mine: bool,
}

/// The table talk in `rows`, oldest first, as `me` may see it: without the talk of the people
/// in `hidden`.
fn talk<R: Rules>(
    game: &Game<R>,
    rows: &[EventRow],
    zone: Tz,
    me: Option<i64>,
    hidden: &BTreeSet<i64>,
) -> Result<Vec<TalkLine>, WebError> {
    let names = game.names_by_id();
    let mut lines = Vec::new();
    let mut board_seq = 0;
    for row in rows {
        match row.command.type_tag() {
            Some("say") => {}
            Some("remove_talk") => continue,
            _ => {
                board_seq = row.seq;
                continue;
            }
        }
        for entry in entries::<R>(row)? {
            if let Entry::Said { player, text } = entry
                && !hidden.contains(&player.id)
            {
                lines.push(TalkLine {
                    seq: row.seq,
                    author: player.id,
                    mine: me == Some(player.id),
                    name: names.get(&player.id).cloned().unwrap_or(player.name),
                    text: text.text().map(str::to_string),
                    time: local(row.recorded_at, zone),
                    after: board_seq,
                });
            }
        }
    }
    Ok(lines)
}

#[derive(Template)]
#[template(path = "game.html")]
pub struct GamePage {
    layout: Layout,
    id: String,
    kind_name: String,
    private: bool,
    players: Vec<PlayerLine>,
    open_seats: usize,
    status_line: String,
    my_turn: bool,
    /// "Hard computer is thinking…", while a computer is to move.
    computer_thinking: Option<String>,
    /// A finished rated game's rating changes, one line a person.
    rating_lines: Vec<String>,
    /// Said of a finished rated game not rated yet.
    rating_pending: bool,
    error: Option<String>,
    at: Option<i64>,
    previous_at: Option<i64>,
    next_at: Option<i64>,
    seq: i64,
    board: Option<String>,
    options: Vec<String>,
    head: String,
    seed_commitment: String,
    can_resign: bool,
    /// Whether the visitor may plan their answers now.
    can_plan: bool,
    can_cancel: bool,
    can_sit: bool,
    can_rematch: bool,
    can_talk: bool,
    /// Whether the visitor is signed in, and so may report and block.
    signed_in: bool,
    talk: Vec<TalkLine>,
    recent: Vec<RecentLine>,
    /// The position in sentences, for screen readers and text browsers.
    in_words: Vec<String>,
    /// The last line of `recent`, said as the words' last sentence.
    last_line: Option<String>,
    recent_title: String,
}

/// The game page or its JSON twin, whichever was asked for: only that one is built.
pub struct Rendered {
    built: Built,
    /// Whether it shows a refusal (and is then not to be cached).
    refused: bool,
    tag: EntityTag,
}

enum Built {
    Page(Box<GamePage>),
    /// The JSON twin's text.
    Json(Vec<u8>),
}

impl Rendered {
    /// The JSON twin, if that is what was built, read back as a tree.
    pub fn json(&self) -> Option<Value> {
        match &self.built {
            Built::Json(json) => serde_json::from_slice(json).ok(),
            Built::Page(_) => None,
        }
    }
}

/// What the game waits for, or how it ended. A past position (`live` false) tells whose move it
/// was then, and never says "Your turn": nothing can be played there.
fn status_line<R: Rules>(game: &Game<R>, me: Option<usize>, live: bool) -> Message {
    let someone = |seat: usize| -> Message {
        if me == Some(seat) {
            Message::new("status-you")
        } else {
            Message::new("seat-name").seat("player", seat)
        }
    };
    if !live && let Some(Status::ToAct { seats }) = game.status() {
        return Message::new("status-had-the-move")
            .list("players", seats.iter().map(|&s| someone(s)));
    }
    match (game.phase(), game.status()) {
        (Phase::Cancelled, _) => match game.cancelled {
            Some(CancelReason::InvitationsExpired) => Message::new("status-called-off-expired"),
            Some(CancelReason::PlayerLeft) => Message::new("status-called-off-player-left"),
            Some(CancelReason::InviteeLeft) => Message::new("status-called-off-invitee-left"),
            _ => Message::new("status-called-off-by-creator"),
        },
        (Phase::Waiting, _) => Message::new("status-waiting-for-players")
            .with("count", game.players - game.joined.len()),
        (_, Some(Status::Finished { outcome })) => {
            let ending = Ending {
                outcome,
                departures: game.departures(),
                decided_by: game.state.as_ref().and_then(R::decided_by),
            };
            Message::new("status-game-over")
                .with("result", result_words::<R>(&ending, game.players, me))
        }
        (_, Some(Status::ToAct { seats })) => {
            if me.is_some_and(|seat| seats.contains(&seat)) {
                Message::new("status-your-turn")
            } else {
                Message::new("status-waiting-for")
                    .list("players", seats.iter().map(|&s| someone(s)))
            }
        }
        (_, None) => Message::new("empty"),
    }
}

/// The result in words for the status line: who won, then every player's score by name, the
/// winner's first (a bare "13–23" leaves a newcomer guessing whose is whose), then who left
/// before the end and how. Games without scores (Quarto), and games ended by withdrawals, show
/// none.
fn result_words<R: Rules>(ending: &Ending, players: usize, me: Option<usize>) -> Message {
    let outcome = &ending.outcome;
    let name = |seat: usize| -> Message {
        if me == Some(seat) {
            Message::new("status-you")
        } else {
            Message::new("seat-name").seat("player", seat)
        }
    };
    let winners = || outcome.winners.iter().map(|&s| name(s));
    let result = if outcome.is_draw() {
        Message::new("status-draw")
    } else if outcome.winners.len() == 1 {
        Message::new("status-won").list("players", winners())
    } else {
        Message::new("status-share").list("players", winners())
    };
    let i_won_a_game_of_two = players == 2 && me.is_some_and(|m| outcome.winners == [m]);
    let left = ending.departures_told(|seat| match i_won_a_game_of_two {
        true => Message::new("status-your-opponent"),
        false => name(seat),
    });
    if outcome.scores.is_empty() {
        return match left {
            Some(left) => Message::new("status-others-left")
                .with("result", result)
                .list("left", left),
            None => result,
        };
    }
    let result = if R::SCORED {
        let scores = ranked(ending).into_iter().map(|seat| {
            Message::new("status-score")
                .with("player", name(seat))
                .with("score", outcome.scores[seat])
        });
        Message::new("status-with-scores")
            .with("result", result)
            .commas("scores", scores)
    } else {
        result
    };
    match left {
        Some(left) => Message::new("status-and-left")
            .with("result", result)
            .list("left", left),
        None => result,
    }
}

/// Where `visitor` reports how `player` plays game `game`, if they may: signed in, someone else,
/// a person.
fn report_play(game: &str, visitor: &Visitor, player: &Participant) -> Option<String> {
    let me = visitor.player_id()?;
    (me != player.id && !player.is_computer())
        .then(|| format!("/report?about=play:{game}:{}", player.id))
}

/// The people whose talk `visitor` blocks, read only when `game` has talk to hide.
pub fn talk_hidden_in<R: Rules>(
    conn: &mut diesel::PgConnection,
    visitor: &Visitor,
    game: &Game<R>,
) -> Result<BTreeSet<i64>, WebError> {
    Ok(match (visitor.player_id(), game.talk.is_empty()) {
        (Some(me), false) => crate::auth::blocks::talk_hidden_from(conn, me)?,
        _ => BTreeSet::new(),
    })
}

/// Seats at a waiting table that anyone signed in may take.
fn open_seats_of(conn: &mut diesel::PgConnection, game_id: &str) -> Result<i32, WebError> {
    use crate::store::schema::games;
    use diesel::prelude::*;
    Ok(games::table
        .find(game_id)
        .select(games::open_seats)
        .first(conn)?)
}

/// Builds the page (and JSON) for `game_id` as `visitor` may see it, after row `at` or now.
pub fn render_game<R: GameUi>(
    conn: &mut diesel::PgConnection,
    game_id: &str,
    visitor: &Visitor,
    at: Option<&str>,
    selection: &BTreeMap<String, String>,
    error: Option<String>,
    held: &HeldTags,
) -> Result<Answer<Rendered>, WebError> {
    let shown = load_visible::<R>(conn, game_id, visitor.player_id())?;
    let talk_hidden = talk_hidden_in(conn, visitor, &shown.game)?;
    let page = Asked {
        visitor,
        at,
        selection,
        error,
        held,
        talk_hidden: &talk_hidden,
    };
    render_visible(shown, page, || open_seats_of(conn, game_id))
}

/// What a request for the game page asks for, and of whom.
pub struct Asked<'a> {
    pub visitor: &'a Visitor,
    /// The row after which to show the board (`?at=`), if not now.
    pub at: Option<&'a str>,
    /// The rest of the query: selections on the board.
    pub selection: &'a BTreeMap<String, String>,
    pub error: Option<String>,
    pub held: &'a HeldTags,
    /// The people whose table talk the visitor blocks.
    pub talk_hidden: &'a BTreeSet<i64>,
}

/// Builds the page (or JSON) for a game loaded for `asked.visitor`; `open_seats` is asked for
/// only at a waiting table that the visitor has not joined.
pub fn render_visible<R: GameUi>(
    Visible { mut game, rows }: Visible<R>,
    asked: Asked<'_>,
    open_seats: impl FnOnce() -> Result<i32, WebError>,
) -> Result<Answer<Rendered>, WebError> {
    let Asked {
        visitor,
        at,
        selection,
        error,
        held,
        talk_hidden,
    } = asked;
    computers::name_in(&mut game, visitor.lang);
    let at = parse_at(at, game.seq)?;
    let tag = page_tag(&game, &rows, visitor, held.json, talk_hidden);
    if error.is_none() && tag.held_in(&held.tags) {
        return Ok(Answer::Unchanged(tag));
    }
    let viewer = game.viewer_for(visitor.player_id());
    let me = visitor.player_id().and_then(|id| game.seat_of(id));
    let earlier;
    let shown = match at {
        Some(n) if n < game.seq => {
            earlier = replay::<R>(&rows, Some(n))?;
            &earlier
        }
        _ => &game,
    };
    // Loading put in the players' names as they are now; a seat a computer took over later is
    // still called by its person.
    let names = game.seat_names_at(shown.seq);
    let view = shown.state.as_ref().map(|state| R::view(state, viewer));
    let live = at.is_none_or(|n| n == game.seq);
    let in_play = game.phase() == Phase::Active && me.is_some_and(|s| !game.resigned.contains(&s));
    let choice = |state: &R::State, command: &R::Command| Choice {
        label: visitor.lang.say(&R::command_label(state, command), &names),
        command: serde_json::to_value(command).expect("commands serialize"),
    };
    let choices: Vec<Choice> = match (&shown.state, me, live && in_play) {
        (Some(state), Some(seat), true) if held.json => R::distinct_commands(state, seat)
            .iter()
            .map(|command| choice(state, command))
            .collect(),
        (Some(state), Some(seat), true) => R::legal_commands(state, seat)
            .iter()
            .map(|command| choice(state, command))
            .collect(),
        _ => Vec::new(),
    };
    let actions = Actions {
        game_id: game.id.clone(),
        seq: game.seq,
        csrf: visitor.csrf.clone(),
        choices,
    };
    let head = rows.last().map(EventRow::hash_hex).unwrap_or_default();
    let status = shown.status();
    let now = chrono::Utc::now();
    let others_decide = game.time_control.map(|c| c.on_timeout) == Some(OnTimeout::OthersDecide);
    let late = match (&game.clock, live) {
        (Some(clock), true) => clock.out_of_time(now),
        _ => Vec::new(),
    };
    let zone = zone_of(visitor);
    let away_until = |id: i64| {
        let until = game.away.get(&id).filter(|until| **until > now && live)?;
        Some(
            visitor
                .lang
                .tr("game-away-until")
                .arg("until", local(*until, zone))
                .to_string(),
        )
    };
    let players: Vec<PlayerLine> = if game.seating.is_empty() {
        game.joined
            .iter()
            .map(|p| PlayerLine {
                name: p.name.clone(),
                seat: None,
                you: visitor.player_id() == Some(p.id),
                to_act: false,
                resigned: false,
                timed_out: false,
                clock: None,
                seconds_left: None,
                may_withdraw: false,
                away: away_until(p.id),
                playing_for: None,
                page: (!p.is_computer()).then(|| player_path(&p.name)),
                report: report_play(&game.id, visitor, p),
            })
            .collect()
    } else {
        let to_act = status
            .as_ref()
            .map(|s| s.to_act().to_vec())
            .unwrap_or_default();
        names
            .iter()
            .enumerate()
            .map(|(seat, name)| {
                let left = shown
                    .clock
                    .as_ref()
                    .filter(|_| live && to_act.contains(&seat))
                    .and_then(|clock| clock.left_at(seat, now));
                let out = late.contains(&seat);
                PlayerLine {
                    name: name.clone(),
                    seat: Some(seat),
                    you: me == Some(seat),
                    to_act: to_act.contains(&seat),
                    resigned: shown.resigned.contains(&seat),
                    timed_out: shown.timed_out.contains(&seat),
                    clock: left.map(|left| match out {
                        true => visitor.lang.t("game-clock-out"),
                        false => visitor
                            .lang
                            .tr("game-clock-left")
                            .arg("span", visitor.lang.say(&span_message(left), &[]))
                            .to_string(),
                    }),
                    seconds_left: left.map(|left| left.num_seconds()),
                    may_withdraw: out && others_decide && in_play && me != Some(seat),
                    away: game.seating.get(seat).and_then(|p| away_until(p.id)),
                    playing_for: playing_for(shown, seat, visitor.lang),
                    page: (shown.seating.get(seat))
                        .filter(|p| !p.is_computer())
                        .map(|_| player_path(name)),
                    report: (shown.seating.get(seat))
                        .and_then(|p| report_play(&game.id, visitor, p)),
                }
            })
            .collect()
    };
    let can_resign = live && in_play;
    let can_plan =
        live && (visitor.player_id()).is_some_and(|id| lines::offered(&game, id).is_some());
    let can_hand_over =
        can_resign && me.is_some_and(|seat| decide::may_hand_over(&game, seat, &[]));
    let recent = match live {
        true => recent_lines(&game, &rows, visitor.player_id(), zone, now, visitor.lang)?,
        false => Vec::new(),
    };
    let refused = error.is_some();
    if held.json {
        let twin = Twin {
            at,
            can_hand_over,
            can_plan,
            can_resign,
            csrf: visitor.player.as_ref().map(|_| visitor.csrf.as_str()),
            error,
            head_hash: &head,
            id: &game.id,
            kind: game.kind,
            legal_commands: (actions.choices.iter())
                .map(|c| TwinChoice {
                    command: &c.command,
                    label: &c.label,
                })
                .collect(),
            open_seats: game.players - game.joined.len(),
            options: &game.options_json,
            phase: game.phase().as_str(),
            players: (players.iter())
                .map(|p| TwinPlayer {
                    away: p.away.as_deref(),
                    may_withdraw: p.may_withdraw,
                    name: &p.name,
                    playing_for: p.playing_for.as_deref(),
                    resigned: p.resigned,
                    seat: p.seat,
                    seconds_left: p.seconds_left,
                    timed_out: p.timed_out,
                    to_act: p.to_act,
                    you: p.you,
                })
                .collect(),
            private: game.private,
            rated: game.rated,
            ratings: game.rating.as_ref().map(|rated| {
                (rated.players.iter())
                    .map(|c| TwinRating {
                        after: c.after,
                        before: c.before,
                        place: c.place,
                        player: &c.player.name,
                        shown: (visitor.lang)
                            .say(&rate::change_message(c.player.name.clone(), c), &[]),
                    })
                    .collect()
            }),
            recent: (recent.iter())
                .map(|line| TwinRecent {
                    actor: &line.actor,
                    seq: line.seq,
                    text: &line.text,
                })
                .collect(),
            result: (game.end_message())
                .map(|result| visitor.lang.say(&result, &game.seat_names())),
            seed_commitment: &game.seed_commitment,
            seq: game.seq,
            status,
            time_control: game.time_control,
            view: view.as_ref(),
            your_seat: me,
        };
        let json = serde_json::to_vec(&twin).expect("the twin serializes");
        let built = Built::Json(json);
        return Ok(Answer::Fresh(Rendered {
            built,
            refused,
            tag,
        }));
    }
    let path = format!("/games/{}", game.id);
    let (board, in_words) = match &view {
        Some(view) => {
            let board = Board::<R> {
                view,
                path: &path,
                query: selection,
                names: &names,
                me,
                actions: (!actions.choices.is_empty()).then_some(&actions),
                lang: visitor.lang,
            };
            (Some(R::board(&board)?), R::in_words(&board))
        }
        None => (None, Vec::new()),
    };
    let is_creator = visitor.player_id() == Some(game.creator.id);
    let mut options = R::describe_options(&game.options);
    options.push(match &game.time_control {
        Some(control) => Message::new("game-time-limit").with("clock", control.message()),
        None => Message::new("game-no-time-limit"),
    });
    options.push(Message::new(match game.rated {
        true => "game-rated",
        false => "game-casual",
    }));
    if let Some(range) = game.rating_range {
        options.push(Message::new("game-rating-range").with("range", range.message()));
    }
    let my_turn = live
        && me.is_some_and(
            |seat| matches!(&status, Some(Status::ToAct { seats }) if seats.contains(&seat)),
        );
    let thinking = match (&status, live) {
        (Some(Status::ToAct { seats }), true) => seats
            .iter()
            .filter(|&&seat| {
                game.seating
                    .get(seat)
                    .is_some_and(|p| computers::is_computer(p.id))
            })
            .map(|&seat| {
                visitor
                    .lang
                    .tr("computer-thinking")
                    .arg("name", names[seat].clone())
                    .to_string()
            })
            .next(),
        _ => None,
    };
    let mut layout = Layout::new(
        visitor
            .lang
            .tr(if my_turn {
                "game-title-your-turn"
            } else {
                "game-title"
            })
            .arg("game", visitor.lang.t(R::NAME))
            .arg("id", &game.id)
            .to_string(),
        visitor,
    );
    if board.is_some() {
        layout = layout.skipping_to_board();
    }
    let page = GamePage {
        layout,
        id: game.id.clone(),
        kind_name: visitor.lang.t(R::NAME),
        private: game.private,
        open_seats: game.players - game.joined.len(),
        status_line: visitor.lang.say(&status_line(shown, me, live), &names),
        my_turn,
        computer_thinking: thinking,
        rating_lines: rating_lines(&game, visitor.lang),
        rating_pending: game.awaits_rating(),
        players,
        error,
        at,
        previous_at: at.filter(|n| *n > 1).map(|n| n - 1),
        next_at: at.filter(|n| *n < game.seq).map(|n| n + 1),
        seq: game.seq,
        board,
        in_words,
        last_line: recent.last().map(|line| {
            (visitor.lang.tr("game-in-words-last"))
                .arg("player", &line.actor)
                .arg("move", &line.text)
                .to_string()
        }),
        options: options.iter().map(|m| visitor.lang.say(m, &[])).collect(),
        head: head.chars().take(12).collect(),
        seed_commitment: game.seed_commitment.clone(),
        can_resign,
        can_plan,
        can_cancel: is_creator && game.phase() == Phase::Waiting,
        can_sit: visitor.player_id().is_some_and(|id| !game.has_joined(id))
            && game.phase() == Phase::Waiting
            && open_seats()? > 0,
        can_rematch: live && game.phase() == Phase::Finished && me.is_some(),
        can_talk: visitor.player_id().is_some_and(|id| game.has_joined(id))
            && game.phase() != Phase::Cancelled,
        signed_in: visitor.player_id().is_some(),
        talk: talk(&game, &rows, zone, visitor.player_id(), talk_hidden)?,
        recent,
        recent_title: visitor.lang.t(match me {
            Some(_) => "game-recent-since-yours",
            None => "game-recent-latest",
        }),
    };
    let built = Built::Page(Box::new(page));
    Ok(Answer::Fresh(Rendered {
        built,
        refused,
        tag,
    }))
}

/// The tag of the game page (or its JSON twin) as `visitor` sees it now. Relative times change
/// by the minute and a running clock by the second.
fn page_tag<R: Rules>(
    game: &Game<R>,
    rows: &[EventRow],
    visitor: &Visitor,
    json: bool,
    talk_hidden: &BTreeSet<i64>,
) -> EntityTag {
    let now = chrono::Utc::now().timestamp();
    let time = match game.time_control.is_some() && game.phase() == Phase::Active {
        true => now,
        false => now / 60,
    };
    // Blocking someone's talk changes the page, not the game.
    game_tag(
        game,
        rows,
        visitor,
        json,
        &format!("{time} {talk_hidden:?}"),
    )
}

pub fn respond(rendered: Rendered, status: StatusCode) -> Result<HttpResponse, WebError> {
    let Rendered {
        built,
        refused,
        tag,
    } = rendered;
    let mut response = match built {
        Built::Json(json) => json_text_response(status, json),
        Built::Page(page) => render_page(status, page.as_ref())?,
    };
    if status == StatusCode::OK && !refused {
        tag.mark(&mut response);
    }
    Ok(response)
}

/// A refusal answered with the fresh board, as [`respond`] answers it; in JSON the twin carries
/// `request_id` beside its `error`, as every JSON error does, so that the reference finds the
/// request's lines in the server's log.
pub fn respond_refused(
    mut rendered: Rendered,
    status: StatusCode,
    request_id: Option<String>,
) -> Result<HttpResponse, WebError> {
    if let Built::Json(json) = &rendered.built
        && let Ok(Value::Object(mut twin)) = serde_json::from_slice::<Value>(json)
    {
        twin.insert("request_id".into(), request_id.into());
        rendered.built = Built::Json(serde_json::to_vec(&twin).expect("JSON serializes"));
    }
    respond(rendered, status)
}

/// Renders the game page, or its JSON twin when `json`, off the async executor.
pub async fn rendered(
    state: &web::Data<AppState>,
    game_id: String,
    visitor: Visitor,
    query: BTreeMap<String, String>,
    error: Option<String>,
    json: bool,
) -> Result<Rendered, WebError> {
    let held = HeldTags {
        json,
        ..HeldTags::default()
    };
    let answer = answer(state, game_id, visitor, query, error, held).await?;
    match answer {
        Answer::Fresh(rendered) => Ok(rendered),
        Answer::Unchanged(_) => unreachable!("no tag was held"),
    }
}

/// The game page, unless the client holds it already.
async fn answer(
    state: &web::Data<AppState>,
    game_id: String,
    visitor: Visitor,
    query: BTreeMap<String, String>,
    error: Option<String>,
    held: HeldTags,
) -> Result<Answer<Rendered>, WebError> {
    let pool = state.pool.clone();
    web::block(move || answer_on(&mut *pool.get()?, &game_id, &visitor, query, error, &held))
        .await?
}

/// The game page for `visitor` on `conn`, unless the client holds it already.
pub fn answer_on(
    conn: &mut diesel::PgConnection,
    game_id: &str,
    visitor: &Visitor,
    mut query: BTreeMap<String, String>,
    error: Option<String>,
    held: &HeldTags,
) -> Result<Answer<Rendered>, WebError> {
    let kind: Kind = load::kind_of(conn, game_id)?;
    let at = query.remove("at");
    query.remove("format");
    with_rules!(kind, |R| render_game::<R>(
        conn,
        game_id,
        visitor,
        at.as_deref(),
        &query,
        error,
        held
    ))
}

/// "playing for Ann from row 34", for a seat a computer plays in `game` for a person who left.
fn playing_for<R: Rules>(game: &Game<R>, seat: Seat, lang: Lang) -> Option<String> {
    let taken = game.handed_over.iter().rev().find(|h| h.seat == seat)?;
    Some(
        lang.tr("game-playing-for")
            .arg("player", &taken.left.name)
            .arg("row", taken.since)
            .to_string(),
    )
}

/// "Ann 1512 → 1527 (+15)" for every person a finished game rated, by current name.
fn rating_lines<R: Rules>(game: &Game<R>, lang: Lang) -> Vec<String> {
    let names = game.names_by_id();
    (game.rating.iter().flat_map(|rated| &rated.players))
        .map(|change| {
            let name = names.get(&change.player.id).unwrap_or(&change.player.name);
            lang.say(&rate::change_message(name.clone(), change), &[])
        })
        .collect()
}
