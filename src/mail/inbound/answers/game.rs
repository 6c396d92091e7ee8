//! The email that answers a reply: what was done, the board as it is now, and — while the game
//! goes on — a fresh reply address with the moves it takes.

use diesel::pg::PgConnection;
use diesel::prelude::*;

use crate::auth::accounts;
use crate::config::Settings;
use crate::game_log::decide::plan_lines;
use crate::game_log::error::ServiceError;
use crate::game_log::fold::load;
use crate::game_log::fold::replay::Game;
use crate::i18n::Lang;
use crate::mail::compose::by_email::offer;
use crate::mail::compose::messages::{self, Answer, Footer};
use crate::mail::compose::pictures::{Looker, PictureSize, game_image};
use crate::mail::inbound::read::message::Reply;
use crate::present::codes::MoveCodes;
use crate::present::picture::BoardPicture;
use crate::present::result::result_message;
use crate::present::{Board, GameUi};
use crate::rules::Message;
use crate::rules::Seat;
use crate::store::emails::{self, InlinePicture, NewEmail};

/// What the answer tells, a sentence a line; `later` lines come after the moves they follow.
#[derive(Debug, Default)]
pub struct Said {
    lines: Vec<String>,
    later: Vec<String>,
    /// The language of the player who wrote, and of the answer.
    pub lang: Lang,
}

impl Said {
    pub fn new(lang: Lang) -> Said {
        Said {
            lang,
            ..Said::default()
        }
    }

    pub fn line(&mut self, text: &str) {
        self.lines.push(text.to_string());
    }

    /// Adds the message `key` in the answer's language.
    pub fn key(&mut self, key: &str) {
        self.lines.push(self.lang.t(key));
    }

    pub fn later(&mut self, text: String) {
        self.later.push(text);
    }

    pub fn flush_later(&mut self) {
        self.lines.append(&mut self.later);
    }

    /// The lines in one, for the record of the message.
    pub fn summary(&self) -> Option<String> {
        (!self.lines.is_empty()).then(|| self.lines.join(" "))
    }
}

/// Whose turn it is, or how the game ended, from `seat`'s side of the table.
fn standing<R: GameUi>(game: &Game<R>, seat: Option<Seat>, lang: Lang) -> String {
    let names = game.seat_names();
    if let Some(ending) = game.ending() {
        let result = result_message::<R>(&ending);
        return lang.say(
            &Message::new("answer-game-over").with("result", result),
            &names,
        );
    }
    let Some(status) = game.status() else {
        return String::new();
    };
    let to_act = status.to_act();
    if seat.is_some_and(|s| to_act.contains(&s)) {
        return lang.t("mail-intro-your-turn");
    }
    let message = match to_act {
        [] => return String::new(),
        [one] => Message::new("answer-turn-of").seat("player", *one),
        many => Message::new("answer-to-act").list(
            "players",
            many.iter()
                .map(|&s| Message::new("seat-name").seat("player", s)),
        ),
    };
    lang.say(&message, &names)
}

/// The subject of an answer to a message with `subject`: "Re: " before it, or `otherwise`
/// when it had none.
pub fn re(subject: &str, otherwise: impl FnOnce() -> String) -> String {
    match subject {
        "" => otherwise(),
        s if s.to_lowercase().starts_with("re:") => s.to_string(),
        s => format!("Re: {s}"),
    }
}

/// Writes an answer to `recipient` into the outbox, rendered with the footer every email ends
/// with, in their language; replies to it go to `reply_to`. Returns the email's id.
pub fn store(
    conn: &mut PgConnection,
    settings: &Settings,
    recipient: accounts::Recipient,
    in_reply_to: Option<String>,
    reply_to: Option<String>,
    render: impl FnOnce(&str, &Footer<'_>) -> messages::Rendered,
) -> QueryResult<i64> {
    let base = settings.base_url();
    let unsubscribe = format!("{base}/unsubscribe/{}", recipient.unsubscribe_token);
    let settings_link = format!("{base}/settings");
    let rendered = render(
        &recipient.display_name,
        &Footer {
            settings: &settings_link,
            unsubscribe: &unsubscribe,
            lang: recipient.lang(),
        },
    );
    emails::insert(
        conn,
        &NewEmail {
            message_id: messages::message_id(settings),
            player_id: recipient.id,
            recipient: recipient.email,
            kind: "mail_answer".into(),
            subject: rendered.subject,
            body_text: rendered.text,
            body_html: rendered.html,
            unsubscribe_url: unsubscribe,
            priority: emails::priority_of("mail_answer"),
            reply_to,
            in_reply_to,
        },
    )
}

/// Writes the answer to `reply` into the outbox. Returns the game's log length now.
pub fn send<R: GameUi + MoveCodes + BoardPicture>(
    conn: &mut PgConnection,
    settings: &Settings,
    reply: &Reply<'_>,
    said: &Said,
) -> QueryResult<i64> {
    let (mut game, rows) = load::load::<R>(conn, &reply.game_id).map_err(|e| match e {
        ServiceError::Database(e) => e,
        _ => diesel::result::Error::RollbackTransaction,
    })?;
    crate::computers::name_in(&mut game, said.lang);
    let recipient = accounts::recipient(conn, reply.player.id)?;
    if recipient.email_rejected_at.is_some() {
        return Ok(game.seq);
    }
    let seat = game.seat_of(reply.player.id);
    let names = game.seat_names();
    let viewer = game.viewer_for(Some(reply.player.id));
    let mut picture = None;
    let board = match game.state.as_ref() {
        Some(state) => {
            let view = R::view(state, viewer);
            let path = format!("/games/{}", game.id);
            let board = R::text_board(&Board::<R> {
                view: &view,
                path: &path,
                query: &Default::default(),
                names: &names,
                me: seat,
                actions: None,
                lang: reply.player.lang(),
            });
            if let Some(seat) = seat.filter(|_| recipient.email_pictures) {
                let looker = Looker {
                    player: reply.player.id,
                    seat,
                    viewer,
                    lang: recipient.lang(),
                    board: &board,
                };
                picture = game_image(&game, &rows, &view, &looker, PictureSize::FULL);
            }
            board
        }
        None => String::new(),
    };
    let mut lines = said.lines.clone();
    lines.push(standing(&game, seat, said.lang));
    if let Some((_, them)) = plan_lines::offered(&game, reply.player.id) {
        let how = Message::new("mail-plan-how").seat("player", them);
        lines.push(said.lang.say(&how, &names));
    }
    let by_email = offer::<R>(conn, settings, &game, reply.player.id, reply.player.lang())?;
    let base = settings.base_url();
    let subject = re(&reply.incoming.subject, || {
        format!("Re: {}", reply.player.lang().t(R::NAME))
    });
    let answer = Answer {
        subject,
        lines,
        board,
        link: format!("{base}/games/{}", game.id),
        by_email,
        picture,
    };
    let reply_to = answer.by_email.as_ref().map(|b| b.address.clone());
    let in_reply_to = reply.incoming.message_id.clone();
    let id = store(
        conn,
        settings,
        recipient,
        in_reply_to,
        reply_to,
        |name, footer| messages::answer(name, &answer, footer),
    )?;
    if let Some(picture) = answer.picture {
        let inline = InlinePicture {
            content_id: picture.content_id,
            png: picture.png,
        };
        emails::insert_pictures(conn, id, &[inline])?;
    }
    Ok(game.seq)
}
