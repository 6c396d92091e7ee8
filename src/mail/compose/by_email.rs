//! How a player can move by email now: a fresh reply address and, on their turn, the moves it
//! takes. Told at the foot of every your-turn email and of every answer to a reply.

use diesel::pg::PgConnection;
use diesel::prelude::*;

use crate::auth::reply_tokens;
use crate::config::Settings;
use crate::game_log::fold::replay::{Game, Phase};
use crate::i18n::Lang;
use crate::mail::compose::messages::ByEmail;
use crate::mail::reply_address;
use crate::present::GameUi;
use crate::present::codes::{MoveCodes, menu};

/// How `player_id` can move in `game` by email now: a new reply address and, when it is their
/// turn, the moves it takes. Once the game is over, a reply address that takes a rematch, for
/// those who played it. `None` for a game that is neither in play nor finished.
pub fn offer<R: GameUi + MoveCodes>(
    conn: &mut PgConnection,
    settings: &Settings,
    game: &Game<R>,
    player_id: i64,
    lang: Lang,
) -> QueryResult<Option<ByEmail>> {
    let finished = game.phase() == Phase::Finished;
    let played = || game.seat_holders().iter().any(|p| p.id == player_id);
    if !(game.phase() == Phase::Active || finished && played()) {
        return Ok(None);
    }
    let token = reply_tokens::issue(conn, &game.id, player_id)?;
    let seat = game.seat_of(player_id);
    let moves = match (game.state.as_ref(), seat, game.status()) {
        (Some(state), Some(seat), Some(status)) if status.to_act().contains(&seat) => {
            menu::<R>(state, seat, lang)
        }
        _ => Vec::new(),
    };
    Ok(Some(ByEmail {
        address: reply_address::format(&settings.inbound.address, &token, game.seq),
        moves,
        help: R::HELP.iter().map(|key| lang.t(key)).collect(),
        help_link: format!("{}/help/email", settings.base_url()),
        finished,
    }))
}
