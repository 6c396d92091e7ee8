//! A game as the requesting person may see it, and what the game's pages share: the row asked
//! for (`?at=N`), the JSON twin's answer and the tag a page is cached by.

use actix_web::http::StatusCode;

use crate::game_log::fold::load;
use crate::game_log::fold::replay::Game;
use crate::rules::Message;
use crate::rules::Rules;
use crate::store::events::EventRow;
use crate::web::frame::etag::EntityTag;
use crate::web::request::error::WebError;
use crate::web::request::session::Visitor;

/// A game as the requesting person may see it.
pub struct Visible<R: Rules> {
    /// The game as it stands now.
    pub game: Game<R>,
    pub rows: crate::game_log::fold::cache::Log,
}

/// Loads a game for `viewer`; private games are shown to their players only.
pub fn load_visible<R: Rules>(
    conn: &mut diesel::PgConnection,
    game_id: &str,
    viewer: Option<i64>,
) -> Result<Visible<R>, WebError> {
    let (game, rows) = load::load::<R>(conn, game_id)?;
    visible(game, rows, viewer)
}

/// A game loaded for `viewer`; private games are shown to their players only.
pub fn visible<R: Rules>(
    game: Game<R>,
    rows: crate::game_log::fold::cache::Log,
    viewer: Option<i64>,
) -> Result<Visible<R>, WebError> {
    if game.private && !viewer.is_some_and(|id| game.has_joined(id)) {
        return Err(WebError::forbidden(Message::new("game-private")));
    }
    Ok(Visible { game, rows })
}

/// Reads `?at=N`: a row of this game's log.
pub fn parse_at(at: Option<&str>, last: i64) -> Result<Option<i64>, WebError> {
    let Some(text) = at else { return Ok(None) };
    let n: i64 = text
        .trim()
        .parse()
        .map_err(|_| WebError::bad_request(Message::new("at-not-a-number")))?;
    if !(1..=last).contains(&n) {
        return Err(WebError::new(
            StatusCode::NOT_FOUND,
            Message::new("no-such-event")
                .with("last", last)
                .with("at", n),
        ));
    }
    Ok(Some(n))
}

/// The tag of a page made from `game` and its log as `visitor` sees them, in JSON or HTML, with
/// `more` (the time, for a page that shows it relative).
pub fn game_tag<R: Rules>(
    game: &Game<R>,
    rows: &[EventRow],
    visitor: &Visitor,
    json: bool,
    more: &str,
) -> EntityTag {
    let mut names: Vec<_> = game.names_by_id().into_iter().collect();
    names.sort_unstable();
    EntityTag::of(
        visitor,
        &[
            &game.id,
            &rows.last().map(EventRow::hash_hex).unwrap_or_default(),
            &format!("{names:?}"),
            more,
            if json { "json" } else { "html" },
        ],
    )
}
