//! The board's picture in a game email: drawn for the recipient's seat, rendered to PNG and
//! attached inline. A picture that cannot be made is left out, and the email goes without it.

use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::game_log::fold::replay::{Game, replay};
use crate::i18n::Lang;
use crate::present::picture::{self, BoardPicture};
use crate::rules::{Seat, Viewer};
use crate::store::events::EventRow;

/// How wide a picture is drawn, and how wide the email shows it, in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PictureSize {
    pub drawn: u32,
    pub shown: u32,
}

impl PictureSize {
    /// One game's board, readable on a phone.
    pub const FULL: PictureSize = PictureSize {
        drawn: picture::WIDTH,
        shown: picture::WIDTH,
    };
    /// One of several games' boards in a digest.
    pub const SMALL: PictureSize = PictureSize {
        drawn: 400,
        shown: 200,
    };
}

/// A picture the email's HTML shows from `cid:content_id`.
#[derive(Clone, Debug)]
pub struct BoardImage {
    pub content_id: String,
    pub png: Vec<u8>,
    /// The picture in words.
    pub alt: String,
    pub shown: u32,
}

/// The player a picture is drawn for, and how they see the game.
pub struct Looker<'a> {
    pub player: i64,
    pub seat: Seat,
    pub viewer: Viewer,
    pub lang: Lang,
    /// The board as text, for the picture's words.
    pub board: &'a str,
}

/// The picture of `game` (whose log is `rows`) as `looker` sees it now, marking what changed
/// since their last row in the log.
pub fn game_image<R: BoardPicture>(
    game: &Game<R>,
    rows: &[EventRow],
    now: &R::View,
    looker: &Looker<'_>,
    size: PictureSize,
) -> Option<BoardImage> {
    let last_own = rows
        .iter()
        .rev()
        .find(|row| row.actor == Some(looker.player));
    let before = last_own
        .and_then(|row| replay::<R>(rows, Some(row.seq)).ok())
        .and_then(|then| then.state.map(|state| R::view(&state, looker.viewer)));
    let words: Vec<&str> = looker.board.lines().map(str::trim).collect();
    let alt = (looker.lang.tr("mail-picture-alt"))
        .arg("seq", game.seq)
        .arg("board", words.join("; "))
        .to_string();
    let content_id = format!("board-{}-{}", game.id, game.seq);
    board_image::<R>(now, before.as_ref(), looker.seat, size, content_id, alt)
}

/// The picture of the board `now` for `me`, with what changed since `before` marked.
fn board_image<R: BoardPicture>(
    now: &R::View,
    before: Option<&R::View>,
    me: Seat,
    size: PictureSize,
    content_id: String,
    alt: String,
) -> Option<BoardImage> {
    let drawn = catch_unwind(AssertUnwindSafe(|| R::picture(now, before, Some(me))));
    let Ok(svg) = drawn else {
        tracing::error!("drawing the board for {content_id} failed; the email goes without it");
        return None;
    };
    rendered(&svg, size, content_id, alt)
}

fn rendered(svg: &str, size: PictureSize, content_id: String, alt: String) -> Option<BoardImage> {
    match catch_unwind(|| picture::png(svg, size.drawn)) {
        Ok(Ok(png)) => Some(BoardImage {
            content_id,
            png,
            alt,
            shown: size.shown,
        }),
        Ok(Err(e)) => {
            tracing::error!(
                "the board for {content_id} cannot be rendered, so the email goes without it: {e}"
            );
            None
        }
        Err(_) => {
            tracing::error!(
                "rendering the board for {content_id} failed; the email goes without it"
            );
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_that_does_not_render_is_left_out() {
        let made = rendered("<svg", PictureSize::FULL, "board".into(), "a board".into());
        assert!(made.is_none());
    }

    #[test]
    fn a_picture_that_renders_is_kept_with_its_name_and_words() {
        let svg = picture::document(10.0, 5.0, "");
        let made = rendered(
            &svg,
            PictureSize::SMALL,
            "board-g1-3".into(),
            "words".into(),
        );
        let made = made.expect("a picture");
        assert_eq!(made.content_id, "board-g1-3");
        assert_eq!(made.shown, 200);
        assert_eq!(&made.png[1..4], b"PNG");
    }
}
