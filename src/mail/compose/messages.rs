//! The emails Turnpost sends, rendered from templates/email: a plain-text part and an HTML part
//! each.

use askama::Template;

use crate::auth::tokens;
use crate::config::Settings;
use crate::i18n::Lang;
use crate::mail::compose::pictures::BoardImage;

/// The Message-ID of a new email: random, under the site's host name.
pub fn message_id(settings: &Settings) -> String {
    let host = url::Url::parse(settings.base_url())
        .ok()
        .and_then(|u| u.host_str().map(str::to_string))
        .unwrap_or_else(|| "turnpost.invalid".into());
    format!("<{}@{host}>", tokens::random_id(24))
}

/// A rendered email body.
pub struct Rendered {
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// Links every email ends with, and the language the whole email is written in.
pub struct Footer<'a> {
    pub settings: &'a str,
    pub unsubscribe: &'a str,
    pub lang: Lang,
}

/// What an email that carries a single-use link says around it.
struct LinkWords {
    open: String,
    label: String,
    once: String,
}

#[derive(Template)]
#[template(path = "email/link.txt")]
struct LinkText<'a> {
    link: &'a str,
    words: &'a LinkWords,
    footer: &'a Footer<'a>,
}

#[derive(Template)]
#[template(path = "email/link.html")]
struct LinkHtml<'a> {
    link: &'a str,
    words: &'a LinkWords,
    footer: &'a Footer<'a>,
}

/// The message keys of an email that carries a single-use link.
struct LinkKeys {
    subject: &'static str,
    open: &'static str,
    label: &'static str,
    once: &'static str,
}

/// An email carrying `link`, valid for `minutes`, in the words of `keys`.
fn link_email(keys: LinkKeys, link: &str, minutes: i64, footer: &Footer<'_>) -> Rendered {
    let lang = footer.lang;
    let words = LinkWords {
        open: lang.t(keys.open),
        label: lang.t(keys.label),
        once: lang.tr(keys.once).arg("minutes", minutes).to_string(),
    };
    Rendered {
        subject: lang.t(keys.subject),
        text: render(&LinkText {
            link,
            words: &words,
            footer,
        }),
        html: render(&LinkHtml {
            link,
            words: &words,
            footer,
        }),
    }
}

pub fn sign_in(link: &str, minutes: i64, footer: &Footer<'_>) -> Rendered {
    let keys = LinkKeys {
        subject: "mail-sign-in-subject",
        open: "mail-sign-in-open",
        label: "mail-sign-in-link",
        once: "mail-sign-in-once",
    };
    link_email(keys, link, minutes, footer)
}

/// The link that confirms closing an account.
pub fn close_account(link: &str, minutes: i64, footer: &Footer<'_>) -> Rendered {
    let keys = LinkKeys {
        subject: "mail-close-account-subject",
        open: "mail-close-account-open",
        label: "mail-close-account-link",
        once: "mail-close-account-once",
    };
    link_email(keys, link, minutes, footer)
}

/// The link that confirms a new address.
pub fn confirm_address(link: &str, minutes: i64, footer: &Footer<'_>) -> Rendered {
    let keys = LinkKeys {
        subject: "mail-confirm-address-subject",
        open: "mail-confirm-address-open",
        label: "mail-confirm-address-link",
        once: "mail-confirm-address-once",
    };
    link_email(keys, link, minutes, footer)
}

/// What an invitation says about the game.
pub struct InvitationDetails<'a> {
    pub inviter: &'a str,
    pub game_name: &'a str,
    pub options: &'a [String],
    pub players: usize,
    pub link: &'a str,
    /// What the game is, in a sentence or two.
    pub summary: &'a str,
    /// Its rules page on the site.
    pub rules_link: &'a str,
}

#[derive(Template)]
#[template(path = "email/invitation.txt")]
struct InvitationText<'a> {
    d: &'a InvitationDetails<'a>,
    footer: &'a Footer<'a>,
}

#[derive(Template)]
#[template(path = "email/invitation.html")]
struct InvitationHtml<'a> {
    d: &'a InvitationDetails<'a>,
    footer: &'a Footer<'a>,
}

pub fn invitation(details: &InvitationDetails<'_>, footer: &Footer<'_>) -> Rendered {
    Rendered {
        subject: footer
            .lang
            .tr("mail-invitation-subject")
            .arg("inviter", details.inviter)
            .arg("game", details.game_name)
            .to_string(),
        text: render(&InvitationText { d: details, footer }),
        html: render(&InvitationHtml { d: details, footer }),
    }
}

/// Something that happened at a table, told on its own: a table called off, a player out of
/// time.
pub struct Notice {
    pub subject: String,
    pub lines: Vec<String>,
    /// Further links after the lines, each with its label: a tournament's games.
    pub links: Vec<(String, String)>,
    pub link: String,
    pub link_label: String,
}

#[derive(Template)]
#[template(path = "email/notice.txt")]
struct NoticeText<'a> {
    name: &'a str,
    notice: &'a Notice,
    footer: &'a Footer<'a>,
}

#[derive(Template)]
#[template(path = "email/notice.html")]
struct NoticeHtml<'a> {
    name: &'a str,
    notice: &'a Notice,
    footer: &'a Footer<'a>,
}

pub fn notice(name: &str, notice: &Notice, footer: &Footer<'_>) -> Rendered {
    Rendered {
        subject: notice.subject.clone(),
        text: render(&NoticeText {
            name,
            notice,
            footer,
        }),
        html: render(&NoticeHtml {
            name,
            notice,
            footer,
        }),
    }
}

/// News of one game for a player: their turn, or the game's end.
pub struct GameNews {
    pub your_turn: bool,
    /// "Kalah against Bo"
    pub title: String,
    pub game_id: String,
    /// What the others did since the player last acted, one sentence a line.
    pub moves: Vec<String>,
    /// The position as text.
    pub board: String,
    /// "You have 2 days 4 hours left to move.", in a timed game.
    pub clock: Option<String>,
    /// "Bo won 30–18", once the game is over.
    pub result: Option<String>,
    /// "Tournament “Autumn Kalah”, round 2", for a tournament's game.
    pub event: Option<String>,
    /// "Ann 1512 → 1527 (+15)", one line a player, once a rated game has been rated.
    pub ratings: Vec<String>,
    /// A link that signs the player in and opens the game (or its history, when over).
    pub link: String,
    /// The log head: the last event's number and the start of its hash.
    pub head_seq: i64,
    pub head_hash: String,
    /// How to move by replying, while the game is in play.
    pub by_email: Option<ByEmail>,
    /// The board as a picture, when the recipient wants pictures and it could be made.
    pub picture: Option<BoardImage>,
}

/// Moving by email: where replies go and what they may say.
#[derive(Clone, Debug)]
pub struct ByEmail {
    /// The reply address (play+TOKEN-SEQ@…).
    pub address: String,
    /// The moves it takes now, as lines ("Reply with one of: 1, 2, 4"); empty when it is not
    /// the player's turn.
    pub moves: Vec<String>,
    /// How this game's moves are written.
    pub help: Vec<String>,
    /// The "Playing by email" page.
    pub help_link: String,
    /// The game is over: a reply may propose a rematch.
    pub finished: bool,
}

/// The answer to a reply.
pub struct Answer {
    pub subject: String,
    /// What was done, then whose turn it is.
    pub lines: Vec<String>,
    pub board: String,
    pub link: String,
    pub by_email: Option<ByEmail>,
    /// The board as a picture, when the player wants pictures and it could be made.
    pub picture: Option<BoardImage>,
}

#[derive(Template)]
#[template(path = "email/answer.txt")]
struct AnswerText<'a> {
    name: &'a str,
    answer: &'a Answer,
    footer: &'a Footer<'a>,
}

#[derive(Template)]
#[template(path = "email/answer.html")]
struct AnswerHtml<'a> {
    name: &'a str,
    answer: &'a Answer,
    footer: &'a Footer<'a>,
}

pub fn answer(name: &str, answer: &Answer, footer: &Footer<'_>) -> Rendered {
    Rendered {
        subject: answer.subject.clone(),
        text: render(&AnswerText {
            name,
            answer,
            footer,
        }),
        html: render(&AnswerHtml {
            name,
            answer,
            footer,
        }),
    }
}

#[derive(Template)]
#[template(path = "email/news.txt")]
struct NewsText<'a> {
    name: &'a str,
    intro: &'a str,
    news: &'a [GameNews],
    footer: &'a Footer<'a>,
}

#[derive(Template)]
#[template(path = "email/news.html")]
struct NewsHtml<'a> {
    name: &'a str,
    intro: &'a str,
    news: &'a [GameNews],
    footer: &'a Footer<'a>,
}

/// One email for all of a player's news; `digest` when it is their daily summary.
pub fn news(name: &str, news: &[GameNews], digest: bool, footer: &Footer<'_>) -> Rendered {
    let turns = news.iter().filter(|n| n.your_turn).count();
    let ended = news.len() - turns;
    let lang = footer.lang;
    let subject = match (news, turns, ended) {
        ([only], 1, 0) => lang.tr("mail-subject-your-turn").arg("game", &only.title),
        ([only], 0, 1) => lang
            .tr("mail-subject-game-over")
            .arg("game", &only.title)
            .arg(
                "result",
                only.result
                    .clone()
                    .unwrap_or_else(|| lang.t("mail-subject-ended")),
            ),
        (_, _, 0) => lang.tr("mail-subject-turns").arg("turns", turns),
        (_, 0, _) => lang.tr("mail-subject-endings").arg("ended", ended),
        _ => lang
            .tr("mail-subject-mixed")
            .arg("turns", turns)
            .arg("ended", ended),
    }
    .to_string();
    let subject = if digest {
        let lowered = match lang {
            Lang::En => subject.to_lowercase(),
            Lang::Ja => subject,
        };
        lang.tr("mail-subject-digest")
            .arg("subject", lowered)
            .to_string()
    } else {
        subject
    };
    let intro = match (turns, ended) {
        (0, _) => lang.t("mail-intro-ended"),
        (1, 0) => lang.t("mail-intro-your-turn"),
        _ => lang
            .tr("mail-intro-turns")
            .arg("turns", turns)
            .arg("ended", ended)
            .to_string(),
    };
    Rendered {
        subject,
        text: render(&NewsText {
            name,
            intro: &intro,
            news,
            footer,
        }),
        html: render(&NewsHtml {
            name,
            intro: &intro,
            news,
            footer,
        }),
    }
}

fn render(template: &impl Template) -> String {
    template
        .render()
        .expect("email templates render from plain strings")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(your_turn: bool, title: &str) -> GameNews {
        GameNews {
            your_turn,
            title: title.into(),
            game_id: "g1".into(),
            moves: vec!["Bo sowed 4 seeds from pit 3.".into()],
            board: "[ 4][ 4]".into(),
            clock: your_turn.then(|| "You have 2 days 4 hours left to move.".into()),
            result: (!your_turn).then(|| "Bo won 30–18".into()),
            event: None,
            ratings: Vec::new(),
            link: "http://x/sign-in/t".into(),
            head_seq: 12,
            head_hash: "3fa2c1d0e5b1".into(),
            by_email: your_turn.then(|| ByEmail {
                address: "play+tok-12@x".into(),
                moves: vec!["Reply with one of: 1, 2, 4".into()],
                help: vec!["Write the number of the pit.".into()],
                help_link: "http://x/help/email".into(),
                finished: false,
            }),
            picture: None,
        }
    }

    const FOOTER: Footer<'static> = Footer {
        settings: "http://x/settings",
        unsubscribe: "http://x/unsubscribe/u",
        lang: Lang::En,
    };

    #[test]
    fn subjects_name_the_game_and_the_opponent_or_count_the_games() {
        let one = news("Ann", &[item(true, "Kalah against Bo")], false, &FOOTER);
        assert_eq!(one.subject, "Your turn in Kalah against Bo");
        let over = news("Ann", &[item(false, "Kalah against Bo")], false, &FOOTER);
        assert_eq!(over.subject, "Game over in Kalah against Bo: Bo won 30–18");
        let two = news(
            "Ann",
            &[
                item(true, "Kalah against Bo"),
                item(true, "Kalah against Cy"),
            ],
            false,
            &FOOTER,
        );
        assert_eq!(two.subject, "Your turn in 2 games");
        assert!(two.text.contains("Kalah against Bo") && two.text.contains("Kalah against Cy"));
        let mixed = news(
            "Ann",
            &[
                item(true, "Kalah against Bo"),
                item(false, "Kalah against Cy"),
            ],
            true,
            &FOOTER,
        );
        assert_eq!(
            mixed.subject,
            "Your Turnpost day: your turn in 1 game, and 1 game has ended"
        );
    }

    #[test]
    fn news_shows_the_move_the_board_the_link_the_log_head_and_the_footer() {
        let mail = news("Ann", &[item(true, "Kalah against Bo")], false, &FOOTER);
        for part in [&mail.text, &mail.html] {
            assert!(part.contains("Bo sowed 4 seeds from pit 3."), "{part}");
            assert!(part.contains("[ 4][ 4]"));
            assert!(part.contains("You have 2 days 4 hours left to move."));
            assert!(part.contains("http://x/sign-in/t"));
            assert!(part.contains("3fa2c1d0e5b1") && part.contains("12"));
            assert!(part.contains("http://x/unsubscribe/u"));
            assert!(part.contains("http://x/settings"));
            assert!(part.contains("Reply with one of: 1, 2, 4"));
            assert!(part.contains("Write the number of the pit."));
            assert!(part.contains("http://x/help/email"));
        }
    }

    #[test]
    fn a_picture_takes_the_text_boards_place_in_the_html_only() {
        let mut with_picture = item(true, "Kalah against Bo");
        with_picture.picture = Some(BoardImage {
            content_id: "board-g1-12".into(),
            png: vec![1, 2, 3],
            alt: "The board: [ 4][ 4] <b>".into(),
            shown: 600,
        });
        let mail = news("Ann", &[with_picture], false, &FOOTER);
        assert!(
            mail.html.contains(r#"<img src="cid:board-g1-12""#),
            "{}",
            mail.html
        );
        assert!(
            mail.html
                .contains(r#"alt="The board: [ 4][ 4] &#60;b&#62;""#)
                || mail.html.contains(r#"alt="The board: [ 4][ 4] &lt;b&gt;""#),
            "{}",
            mail.html
        );
        assert!(
            !mail.html.contains("<pre"),
            "the picture stands for the text board"
        );
        assert!(
            mail.text.contains("[ 4][ 4]"),
            "the text part keeps the text board"
        );
        assert!(!mail.text.contains("cid:"));
    }
}
