//! What a player's feeds say: each of their running games (whose turn, and until when) and each
//! game that ended in the last weeks, with its result; and the round deadlines of their
//! tournaments' games. Read from the games as this server folds them, in the player's language.

use chrono::{DateTime, Utc};
use diesel::pg::PgConnection;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};

use crate::auth::Player;
use crate::game_log::fold::load::{kind_of, load};
use crate::game_log::fold::replay::{Game, Phase};
use crate::i18n::Lang;
use crate::present::GameUi;
use crate::present::result::result_message;
use crate::rules::{Message, with_rules};
use crate::web::request::error::WebError;

/// Games that ended longer ago than this leave the feeds.
pub const ENDED_DAYS: i32 = 30;
/// At most this many games, the most recently changed first.
const MOST_GAMES: i64 = 200;

/// One of the player's games, as the feeds tell it.
pub struct GameItem {
    pub id: String,
    /// "Kalah against Bo".
    pub title: String,
    /// The log's length: it grows with every move.
    pub seq: i64,
    /// When its last row was written.
    pub changed_at: DateTime<Utc>,
    /// Whose turn it is, when the game runs: None when it is the player's own.
    pub to_act: Option<String>,
    pub yours: bool,
    /// When the running turn's time runs out, in a timed game.
    pub due: Option<DateTime<Utc>>,
    /// How it ended, in words.
    pub result: Option<String>,
    /// The round it belongs to, when that round has a deadline: the tournament's heading, and
    /// the deadline.
    pub round: Option<(String, String, DateTime<Utc>)>,
}

/// The player's running games and those that ended in the last [`ENDED_DAYS`] days.
pub fn games_of(conn: &mut PgConnection, player: &Player) -> Result<Vec<GameItem>, WebError> {
    #[derive(QueryableByName)]
    struct Id {
        #[diesel(sql_type = Text)]
        id: String,
    }
    let ids: Vec<Id> = diesel::sql_query(
        "SELECT g.id FROM game_players gp JOIN games g ON g.id = gp.game_id
         WHERE gp.player_id = $1 AND gp.seat IS NOT NULL
           AND (g.phase = 'active'
                OR (g.phase = 'finished' AND g.updated_at > now() - make_interval(days => $2)))
         ORDER BY g.updated_at DESC, g.id LIMIT $3",
    )
    .bind::<BigInt, _>(player.id)
    .bind::<diesel::sql_types::Integer, _>(ENDED_DAYS)
    .bind::<BigInt, _>(MOST_GAMES)
    .load(conn)?;
    let lang = player.lang();
    let mut items = Vec::with_capacity(ids.len());
    for Id { id } in ids {
        let kind = kind_of(conn, &id)?;
        let item = with_rules!(kind, |R| {
            let (mut game, rows) = load::<R>(conn, &id)?;
            crate::computers::name_in(&mut game, lang);
            let changed_at = rows.last().map(|row| row.recorded_at);
            let round = match &game.event {
                Some(table) => round_of(conn, table, lang)?,
                None => None,
            };
            item_of::<R>(&game, player.id, changed_at, round, lang)
        });
        items.extend(item);
    }
    Ok(items)
}

/// The round deadline of a tournament's table, with its heading.
fn round_of(
    conn: &mut PgConnection,
    table: &crate::game_log::stream::EventTable,
    lang: Lang,
) -> Result<Option<(String, String, DateTime<Utc>)>, WebError> {
    let Some(deadline) = table.deadline.as_deref() else {
        return Ok(None);
    };
    let Ok(due) = DateTime::parse_from_rfc3339(deadline) else {
        return Ok(None);
    };
    let heading = crate::tournaments::read::game_heading(conn, table, lang)?;
    let key = format!("{}-{}", table.event, table.round);
    Ok(Some((key, heading, due.with_timezone(&Utc))))
}

fn item_of<R: GameUi>(
    game: &Game<R>,
    player: i64,
    changed_at: Option<DateTime<Utc>>,
    round: Option<(String, String, DateTime<Utc>)>,
    lang: Lang,
) -> Option<GameItem> {
    let seat = game.seat_of(player).or_else(|| game.seat_held_by(player))?;
    let names = game.seat_names();
    let others = (names.iter().enumerate())
        .filter(|(s, _)| *s != seat)
        .map(|(_, name)| Message::new("list").text("items", name.clone()));
    let title = lang.say(
        &Message::new("mail-game-against")
            .with("game", Message::new(R::NAME))
            .list("players", others),
        &[],
    );
    let to_act: Vec<usize> = game
        .status()
        .map(|s| s.to_act().to_vec())
        .unwrap_or_default();
    let running = game.phase() == Phase::Active;
    let due = (game.clock.as_ref())
        .filter(|_| running)
        .and_then(|clock| to_act.iter().filter_map(|s| clock.due_at(*s)).min());
    let result = (game.ending())
        .map(|ending| result_message::<R>(&ending))
        .map(|result| lang.say(&result, &names));
    Some(GameItem {
        id: game.id.clone(),
        title,
        seq: game.seq,
        changed_at: changed_at?,
        yours: running && to_act.contains(&seat),
        to_act: (running && !to_act.contains(&seat)).then(|| {
            to_act
                .iter()
                .filter_map(|s| names.get(*s))
                .cloned()
                .collect::<Vec<_>>()
                .join(", ")
        }),
        due,
        result,
        round: round.filter(|_| running),
    })
}
