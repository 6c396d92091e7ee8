//! What a reply does. It must come to a live reply address from the player the address was made
//! for; then it moves, talks or resigns through the same services as the web pages (same rules,
//! same stale-page guard, same events and notifications), and the player gets an answer by email.

use diesel::pg::PgConnection;
use diesel::prelude::*;
use sha2::{Digest, Sha256};

use crate::auth::Player;
use crate::auth::accounts;
use crate::auth::reply_tokens;
use crate::computers;
use crate::config::Settings;
use crate::game_log::commands;
use crate::game_log::decide;
use crate::game_log::error::ServiceError;
use crate::game_log::fold::load;
use crate::game_log::fold::replay::Phase;
use crate::i18n::Lang;
use crate::mail::inbound::answers;
use crate::mail::inbound::answers::game::Said;
use crate::mail::inbound::answers::told::refused_message;
use crate::mail::inbound::plan_lines;
use crate::mail::inbound::read::message::Reply;
use crate::mail::inbound::read::reply_text::own_lines;
use crate::mail::inbound::read::words;
use crate::metrics::Channel;
use crate::present::GameUi;
use crate::present::codes::{MoveCodes, read_next, vocabulary, words};
use crate::present::picture::BoardPicture;
use crate::rules::message::Message;
use crate::rules::with_rules;
use crate::store::inbound::Settled;
use crate::store::limits::Limit;
use crate::store::notifications;
use crate::tables::invitations;
use crate::tables::{table, talk};

/// Handles a reply whose address and sender have been checked, inside the caller's transaction.
/// Everything it plays is undone together if any of it is refused.
pub fn act(
    conn: &mut PgConnection,
    settings: &Settings,
    reply: &Reply<'_>,
) -> QueryResult<Settled> {
    let kind = match load::kind_of(conn, &reply.game_id) {
        Ok(kind) => kind,
        Err(e) => return refused_outright(reply, e),
    };
    with_rules!(kind, |R| act_in::<R>(conn, settings, reply))
}

/// A game that cannot be loaded: recorded, not answered.
fn refused_outright(reply: &Reply<'_>, error: ServiceError) -> QueryResult<Settled> {
    match error {
        ServiceError::Database(e) => Err(e),
        other => Ok(settled(reply, "refused", &other.to_string())),
    }
}

fn settled(reply: &Reply<'_>, outcome: &'static str, detail: &str) -> Settled {
    Settled {
        outcome,
        detail: Some(detail.to_string()),
        game_id: Some(reply.game_id.clone()),
        player_id: Some(reply.player.id),
        seq: None,
    }
}

/// What the reply asks for, read from the player's own lines.
enum Request {
    Say(String),
    /// "report [reason] [words]": the other players of the game reported to the moderators.
    Report(String),
    Resign(Option<String>),
    Look,
    Moves(String),
    /// Lines of a plan ("if 3 then 4"), one a line, from the first.
    Plan(Vec<String>),
}

fn request(lines: &[String]) -> Request {
    let Some(first) = lines.first() else {
        return Request::Look;
    };
    if let Some(said) = table_talk(first) {
        let mut text = said.trim().to_string();
        for line in &lines[1..] {
            text.push('\n');
            text.push_str(line);
        }
        return Request::Say(text);
    }
    if plan_lines::is_plan_line(first) {
        let plan = lines
            .iter()
            .take_while(|line| plan_lines::is_plan_line(line));
        return Request::Plan(plan.cloned().collect());
    }
    let normal = vocabulary::half_width(first).to_lowercase();
    let mut words = normal
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .flat_map(vocabulary::code_words);
    match words.next().as_deref() {
        Some("resign") => Request::Resign(words.next()),
        Some("report") => {
            let said = first
                .trim()
                .split_once(char::is_whitespace)
                .map(|(_, rest)| rest);
            let mut text = said.unwrap_or_default().trim().to_string();
            for line in &lines[1..] {
                text.push('\n');
                text.push_str(line);
            }
            Request::Report(text)
        }
        Some("help" | "board" | "") | None => Request::Look,
        // A move is one line: the lines after it may be a signature or a quote we did not
        // recognise.
        Some(_) => Request::Moves(first.clone()),
    }
}

/// Adds a reply's plan lines to the player's plan, within the limit of plans an hour.
fn plan<R: MoveCodes>(
    conn: &mut PgConnection,
    settings: &Settings,
    reply: &Reply<'_>,
    lines: &[String],
    names: &[String],
    said: &mut Said,
) -> QueryResult<&'static str> {
    let limit = Limit::plans_per_player(&settings.limits);
    if limit.take(conn, &reply.player.id.to_string(), 1)?.is_err() {
        said.line(&said.lang.say(&Message::new("limit-plans"), &[]));
        return Ok("refused");
    }
    match plan_lines::add_by_email::<R>(conn, &reply.game_id, &reply.player, lines) {
        Ok((count, them)) => {
            let added = Message::new("answer-plan-added")
                .with("lines", count)
                .seat("player", them);
            said.line(&said.lang.say(&added, names));
            Ok("planned")
        }
        Err(ServiceError::Database(e)) => Err(e),
        Err(other) => {
            let refused =
                Message::new("answer-plan-refused").with("reason", refused_message(other));
            said.line(&said.lang.say(&refused, names));
            Ok("refused")
        }
    }
}

/// What follows "say:" (or "say ", in any language's word for it) at the start of a line.
fn table_talk(line: &str) -> Option<&str> {
    Lang::ALL.into_iter().find_map(|lang| {
        let word = vocabulary::word_in(lang, "say");
        let head = line.get(..word.len())?;
        if !head.eq_ignore_ascii_case(&word) {
            return None;
        }
        let rest = &line[word.len()..];
        let mark = rest.chars().next()?;
        matches!(mark, ':' | '：' | ' ' | '\u{3000}').then(|| &rest[mark.len_utf8()..])
    })
}

/// "report [reason] [words]" in a reply about a game: each other person at the table is
/// reported for how they play it, for the reason the first word names (else "other"), with the
/// rest as the reporter's words, within the reporter's hourly limit of reports.
fn report_players<R: crate::rules::Rules>(
    conn: &mut PgConnection,
    settings: &Settings,
    reply: &Reply<'_>,
    game: &crate::game_log::fold::replay::Game<R>,
    words: &str,
    said: &mut Said,
) -> QueryResult<&'static str> {
    use crate::moderation::reports::{self, Reason, Target};
    let first = words.split_whitespace().next().unwrap_or_default();
    let (reason, words) = match Reason::from_word(first) {
        Some(reason) => (reason, words.trim_start()[first.len()..].trim()),
        None => (Reason::Other, words.trim()),
    };
    let others: Vec<i64> = (game.joined.iter())
        .map(|p| p.id)
        .filter(|id| *id > 0 && *id != reply.player.id)
        .collect();
    let limit = crate::store::limits::Limit::reports_per_player(&settings.limits);
    if others.is_empty() || limit.take(conn, &reply.player.id.to_string(), 1)?.is_err() {
        said.key("answer-report-not-taken");
        return Ok("refused");
    }
    for player in others {
        let target = Target::Play {
            game: reply.game_id.clone(),
            player,
        };
        match reports::file(conn, reply.player.id, &target, reason, words) {
            Ok(_) | Err(reports::Refused::NotFound | reports::Refused::Said(_)) => {}
            Err(reports::Refused::Database(e)) => return Err(e),
        }
    }
    said.key("answer-reported");
    Ok("reported")
}

/// The code that confirms a resignation: it changes with every move, so it works only on the
/// position it was sent for.
pub fn resign_code(game_id: &str, player: i64, board_seq: i64) -> String {
    let digest = Sha256::digest(format!("resign:{game_id}:{player}:{board_seq}").as_bytes());
    hex::encode(&digest[..3])
}

fn act_in<R: GameUi + MoveCodes + BoardPicture>(
    conn: &mut PgConnection,
    settings: &Settings,
    reply: &Reply<'_>,
) -> QueryResult<Settled> {
    let game_id = reply.game_id.as_str();
    let player = &reply.player;
    let (game, _) = match load::load::<R>(conn, game_id) {
        Ok(loaded) => loaded,
        Err(e) => return refused_outright(reply, e),
    };
    let lines = own_lines(&reply.incoming.text);
    let mut said = Said::new(player.lang());
    let suspension = player.suspension();
    if let Some(why) = &suspension {
        said.line(&said.lang.say(why, &[]));
    }
    let verb = lines
        .first()
        .and_then(|line| words::read(line))
        .map(|r| r.verb);
    let outcome = match (game.phase(), request(&lines)) {
        // A suspended person does nothing by email; the answer says why.
        _ if suspension.is_some() => "refused",
        (_, Request::Report(words)) => {
            report_players(conn, settings, reply, &game, &words, &mut said)?
        }
        (Phase::Cancelled, _) => {
            said.key("answer-game-over-nothing-played");
            "answered"
        }
        (Phase::Finished, _) => finished(conn, settings, reply, verb, &mut said)?,
        (Phase::Waiting, _) => waiting(conn, reply, verb, &mut said)?,
        (Phase::Active, Request::Say(text)) => say(conn, settings, reply, text, &mut said)?,
        (Phase::Active, _) if reply.seq < game.board_seq => {
            said.key("answer-stale");
            "stale"
        }
        (Phase::Active, Request::Resign(code)) => {
            let expected = resign_code(game_id, player.id, game.board_seq);
            if code.as_deref() == Some(expected.as_str()) {
                match commands::resign(conn, game_id, player, reply.seq) {
                    Ok(()) => {
                        said.key("answer-resigned");
                        "resigned"
                    }
                    Err(e) => refusal(e, &mut said)?,
                }
            } else {
                if code.is_some() {
                    said.key("answer-wrong-code");
                }
                let ask = said.lang.tr("answer-resign-ask").arg("code", &expected);
                said.line(&ask.to_string());
                said.key("answer-code-until-next-move");
                "resign_asked"
            }
        }
        (Phase::Active, Request::Plan(lines)) => {
            let names = game.seat_names();
            plan::<R>(conn, settings, reply, &lines, &names, &mut said)?
        }
        (Phase::Active, Request::Look) => {
            if lines.is_empty() {
                said.key("answer-no-move");
            }
            "answered"
        }
        (Phase::Active, Request::Moves(line)) => {
            let outcome = play_line::<R>(conn, reply, &line, &mut said)?;
            if outcome == "played" {
                computers_answer::<R>(conn, settings, reply, &mut said)?;
            }
            outcome
        }
    };
    if game.phase() == Phase::Active {
        tell_the_end_to_its_maker::<R>(conn, reply)?;
    }
    let seq = answers::game::send::<R>(conn, settings, reply, &said)?;
    Ok(Settled {
        outcome,
        detail: said.summary(),
        game_id: Some(reply.game_id.clone()),
        player_id: Some(player.id),
        seq: Some(seq),
    })
}

/// When the reply ended the game (its last move, or a resignation), its sender gets the
/// game-over email too, as everyone else at the table does: the answer says the game is over,
/// the game-over email tells the result in full and, once rated, the ratings it gave. A player
/// who ends a game on its page sees all that there, and gets no such email.
fn tell_the_end_to_its_maker<R: GameUi>(
    conn: &mut PgConnection,
    reply: &Reply<'_>,
) -> QueryResult<()> {
    let Ok((game, _)) = load::load::<R>(conn, &reply.game_id) else {
        return Ok(());
    };
    if game.phase() != Phase::Finished {
        return Ok(());
    }
    notifications::enqueue(
        conn,
        reply.player.id,
        notifications::Kind::GameOver,
        Some((&reply.game_id, game.seq)),
        serde_json::json!({}),
    )
}

/// A reply about a table that has not started: "join" takes the seat the invitation keeps,
/// "decline" declines it.
fn waiting(
    conn: &mut PgConnection,
    reply: &Reply<'_>,
    verb: Option<&str>,
    said: &mut Said,
) -> QueryResult<&'static str> {
    let (game_id, player) = (reply.game_id.as_str(), &reply.player);
    let (done, outcome) = match verb {
        Some("join") => (table::sit(conn, game_id, player), "joined"),
        Some("decline") => (invitations::decline(conn, game_id, player), "declined"),
        _ => {
            said.key("answer-not-started");
            said.key("answer-invitation-how");
            return Ok("answered");
        }
    };
    match done {
        Ok(()) => {
            // The reply came to an address only the invitation's email carried.
            accounts::confirm(conn, player.id)?;
            said.key(if outcome == "joined" {
                "answer-joined"
            } else {
                "answer-declined"
            });
            Ok(outcome)
        }
        Err(e) => not_done(e, said),
    }
}

/// Why a rematch was not proposed.
enum RematchRefused {
    Service(ServiceError),
    Reached(crate::store::limits::Reached),
}

impl From<diesel::result::Error> for RematchRefused {
    fn from(error: diesel::result::Error) -> Self {
        RematchRefused::Service(ServiceError::Database(error))
    }
}

/// A reply about a finished game: "rematch" proposes the same table again to the same players,
/// as the game page's button does.
fn finished(
    conn: &mut PgConnection,
    settings: &Settings,
    reply: &Reply<'_>,
    verb: Option<&str>,
    said: &mut Said,
) -> QueryResult<&'static str> {
    if verb != Some("rematch") {
        said.key("answer-game-over-nothing-played");
        said.key("answer-rematch-how");
        return Ok("answered");
    }
    // Nothing is taken from the limits unless the table is made.
    let made = conn.transaction(|conn| {
        let days = settings.auth.invitation_days;
        let made =
            table::propose_rematch(conn, &settings.limits, days, &reply.game_id, &reply.player);
        match made {
            Ok(Ok(game_id)) => Ok(game_id),
            Ok(Err(reached)) => Err(RematchRefused::Reached(reached)),
            Err(e) => Err(RematchRefused::Service(e)),
        }
    });
    match made {
        Ok(game_id) => {
            let link = format!("{}/games/{game_id}", settings.base_url());
            let proposed = said.lang.tr("answer-rematch-proposed").arg("link", link);
            said.line(&proposed.to_string());
            Ok("rematch")
        }
        Err(RematchRefused::Service(e)) => not_done(e, said),
        Err(RematchRefused::Reached((exceeded, what))) => {
            let limit = Message::new("limit-reached").with("what", what).with(
                "wait",
                crate::store::limits::wait_message(exceeded.retry_after_seconds),
            );
            said.line(&said.lang.say(&limit, &[]));
            Ok("refused")
        }
    }
}

fn say(
    conn: &mut PgConnection,
    settings: &Settings,
    reply: &Reply<'_>,
    text: String,
    said: &mut Said,
) -> QueryResult<&'static str> {
    let text = match decide::tidy_message(&text) {
        Ok(text) => text,
        Err(why) => {
            let refused = Message::new("answer-message-refused").with("why", why);
            said.line(&said.lang.say(&refused, &[]));
            return Ok("refused");
        }
    };
    let limit = crate::store::limits::Limit::chat_per_player(&settings.limits);
    if limit.take(conn, &reply.player.id.to_string(), 1)?.is_err() {
        said.key("answer-message-limit");
        return Ok("refused");
    }
    match talk::say(conn, &reply.game_id, &reply.player, text) {
        Ok(_) => {
            said.key("answer-message-added");
            Ok("said")
        }
        Err(e) => refusal(e, said),
    }
}

/// Words for a refused move; a database failure aborts instead.
fn refusal(error: ServiceError, said: &mut Said) -> QueryResult<&'static str> {
    refusal_as("answer-nothing-played", error, said)
}

/// Words for a refused command that is no move.
fn not_done(error: ServiceError, said: &mut Said) -> QueryResult<&'static str> {
    refusal_as("answer-nothing-done", error, said)
}

/// Words for a refused command, `key` saying what was not done.
fn refusal_as(
    key: &'static str,
    error: ServiceError,
    said: &mut Said,
) -> QueryResult<&'static str> {
    match error {
        ServiceError::Stale => {
            said.key("answer-stale");
            Ok("stale")
        }
        ServiceError::Database(e) => Err(e),
        other => {
            let refused = refused_message(other);
            let why = Message::new(key).with("why", refused);
            said.line(&said.lang.say(&why, &[]));
            Ok("refused")
        }
    }
}

/// Why a line could not be played whole.
enum LineError {
    Refused(ServiceError),
    Unreadable(String),
    Database(diesel::result::Error),
}

impl From<diesel::result::Error> for LineError {
    fn from(error: diesel::result::Error) -> Self {
        LineError::Database(error)
    }
}

impl From<ServiceError> for LineError {
    fn from(error: ServiceError) -> Self {
        match error {
            ServiceError::Database(e) => LineError::Database(e),
            other => LineError::Refused(other),
        }
    }
}

/// Lets the computers at the table answer the move at once, so the answer to the reply carries
/// their moves and the board they leave; the "your turn" email their moves would bring is then
/// not needed. A computer that cannot move now is left to the computers' worker.
fn computers_answer<R: GameUi>(
    conn: &mut PgConnection,
    settings: &Settings,
    reply: &Reply<'_>,
    said: &mut Said,
) -> QueryResult<()> {
    let time = std::time::Duration::from_millis(settings.computers.think_ms);
    let played = conn.transaction(|conn| computers::follow(conn, &reply.game_id, time));
    let played = match played {
        Ok(played) => played,
        Err(ServiceError::Database(e)) => return Err(e),
        Err(e) => {
            tracing::warn!(game = %reply.game_id, "computers: answering a reply: {e}");
            return Ok(());
        }
    };
    if played.is_empty() {
        return Ok(());
    }
    let mut game = match load::load::<R>(conn, &reply.game_id) {
        Ok((game, _)) => game,
        Err(ServiceError::Database(e)) => return Err(e),
        Err(_) => return Ok(()),
    };
    computers::name_in(&mut game, said.lang);
    let names = game.seat_names();
    for message in &played {
        said.line(&said.lang.say(message, &names));
    }
    notifications::skip_turns_of(conn, reply.player.id, &reply.game_id)
}

/// Plays the moves of a line one after another, each read against the position the one before
/// it left. If any is refused, none stays played.
fn play_line<R: GameUi + MoveCodes>(
    conn: &mut PgConnection,
    reply: &Reply<'_>,
    line: &str,
    said: &mut Said,
) -> QueryResult<&'static str> {
    let words = words::<R>(line);
    let played = conn.transaction(|conn| {
        let mut expected = reply.seq;
        let mut rest: &[String] = &words;
        let mut labels = Vec::new();
        while !rest.is_empty() {
            let (game, _) = load::load::<R>(conn, &reply.game_id)?;
            let seat = game.seat_of(reply.player.id);
            let to_act = game
                .status()
                .is_some_and(|s| seat.is_some_and(|seat| s.to_act().contains(&seat)));
            let (Some(state), Some(seat)) = (game.state.as_ref(), seat) else {
                return Err(LineError::Refused(ServiceError::Forbidden(Message::new(
                    "rule-not-seated",
                ))));
            };
            if !labels.is_empty() && !to_act {
                let rest = said
                    .lang
                    .tr("answer-rest-not-played")
                    .arg("rest", vocabulary::code_in(said.lang, &rest.join(" ")));
                said.later(rest.to_string());
                break;
            }
            let Some((command, used)) = read_next::<R>(state, seat, rest) else {
                if !to_act {
                    return Err(LineError::Refused(ServiceError::Forbidden(Message::new(
                        "rule-not-your-turn",
                    ))));
                }
                return Err(LineError::Unreadable(vocabulary::code_in(
                    said.lang,
                    &rest.join(" "),
                )));
            };
            labels.push(R::command_label(state, &command));
            let command = serde_json::to_value(&command).expect("commands serialize");
            expected = commands::play(conn, &reply.game_id, &reply.player, expected, command)?;
            rest = &rest[used..];
        }
        Ok(labels)
    });
    let counted = match &played {
        Ok(labels) => Some((true, labels.len())),
        Err(LineError::Refused(_) | LineError::Unreadable(_)) => Some((false, 1)),
        Err(LineError::Database(_)) => None,
    };
    if let Some((accepted, moves)) = counted {
        crate::metrics::moves_asked(R::KIND, Channel::Email, accepted, moves as u64);
    }
    match played {
        Ok(labels) => {
            for label in labels {
                let played = Message::new("answer-played").with("move", label);
                said.line(&said.lang.say(&played, &[]));
            }
            said.flush_later();
            Ok("played")
        }
        Err(LineError::Database(e)) => Err(e),
        Err(LineError::Refused(e)) => refusal(e, said),
        Err(LineError::Unreadable(rest)) => {
            let unread = said.lang.tr("answer-unreadable").arg("rest", rest);
            said.line(&unread.to_string());
            Ok("refused")
        }
    }
}

/// Checks a reply to `recipient`'s token: the game and player it is for, provided it came from
/// that player's address.
pub enum Addressee {
    Player { game_id: String, player: Player },
    Unknown,
    WrongSender,
}

pub fn addressee(
    conn: &mut PgConnection,
    token: &str,
    from: Option<&str>,
) -> QueryResult<Addressee> {
    let Some((game_id, player_id)) = reply_tokens::find(conn, token)? else {
        return Ok(Addressee::Unknown);
    };
    let Some(player) = accounts::find(conn, player_id)? else {
        return Ok(Addressee::Unknown);
    };
    if from != Some(player.email.to_lowercase().as_str()) {
        return Ok(Addressee::WrongSender);
    }
    Ok(Addressee::Player { game_id, player })
}

/// How many replies one player may send in an hour.
pub fn replies_per_player(settings: &Settings) -> Limit {
    Limit {
        action: "email_reply",
        max: settings.inbound.replies_per_player_per_hour,
        window_seconds: 3600,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[&str]) -> Vec<String> {
        text.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn requests_are_told_apart() {
        assert!(
            matches!(request(&lines(&["Say: Good game!", "Ann"])), Request::Say(t) if t == "Good game!\nAnn")
        );
        assert!(matches!(
            request(&lines(&["resign"])),
            Request::Resign(None)
        ));
        assert!(
            matches!(request(&lines(&["Resign 3fa9c2."])), Request::Resign(Some(c)) if c == "3fa9c2")
        );
        assert!(matches!(request(&lines(&["help"])), Request::Look));
        assert!(
            matches!(request(&lines(&["Report stalling he never moves", "Ann"])), Request::Report(t) if t == "stalling he never moves\nAnn")
        );
        assert!(matches!(request(&lines(&["報告 不正"])), Request::Report(t) if t == "不正"));
        assert!(
            matches!(request(&lines(&["発言：よろしく！", "Ann"])), Request::Say(t) if t == "よろしく！\nAnn")
        );
        assert!(
            matches!(request(&lines(&["投了 3fa9c2"])), Request::Resign(Some(c)) if c == "3fa9c2")
        );
        assert!(matches!(request(&lines(&["盤面"])), Request::Look));
        assert!(matches!(request(&lines(&["取る 3 赤"])), Request::Moves(l) if l == "取る 3 赤"));
        assert!(matches!(request(&lines(&["sayonara"])), Request::Moves(l) if l == "sayonara"));
        assert!(matches!(request(&[]), Request::Look));
        assert!(
            matches!(request(&lines(&["c3 then give TDRH", "Ann"])), Request::Moves(l) if l == "c3 then give TDRH")
        );
    }

    #[test]
    fn resign_codes_change_with_the_position() {
        let code = resign_code("g1", 7, 12);
        assert_eq!(code.len(), 6);
        assert_eq!(code, resign_code("g1", 7, 12));
        assert_ne!(code, resign_code("g1", 7, 13));
        assert_ne!(code, resign_code("g1", 8, 12));
    }
}
