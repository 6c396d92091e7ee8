//! A player makes, reads and changes their plan. Adding lines commits again, in a new row, to
//! every open line from the position now; removing lines needs no row, since the commitment
//! made still covers the lines left.

use diesel::Connection;
use diesel::pg::PgConnection;
use serde_json::Value;

use crate::auth::Player;
use crate::game_log::commands::commit;
use crate::game_log::decide::plan_lines as lines;
use crate::game_log::error::{Result, ServiceError};
use crate::game_log::fold::load::{load, lock_game};
use crate::game_log::fold::replay::Game;
use crate::game_log::record::plans as kept;
use crate::game_log::stream::plan::{Kept, PlanLine, commitment};
use crate::game_log::stream::{Entry, Submitted};
use crate::rules::message::Message;
use crate::rules::{Rules, with_rules};

/// Adds `new_lines` (each the commands in turn from the position now, as JSON) to `player`'s
/// plan in `game_id`, committing to the whole plan in a new row. Returns how many lines the
/// plan holds.
pub fn add_lines(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    new_lines: Vec<Vec<Value>>,
) -> Result<usize> {
    conn.transaction(|conn| {
        let kind = lock_game(conn, game_id)?;
        with_rules!(kind, |R| add_locked::<R>(conn, game_id, player, new_lines))
    })
}

fn add_locked<R: Rules>(
    conn: &mut PgConnection,
    game_id: &str,
    player: &Player,
    new_lines: Vec<Vec<Value>>,
) -> Result<usize> {
    let (game, rows) = load::<R>(conn, game_id)?;
    let Some((me, _)) = lines::offered(&game, player.id) else {
        return Err(ServiceError::Rule(Message::new("plan-not-offered")));
    };
    let mut all = open_lines(conn, &game, player.id)?;
    all.extend(new_lines);
    let decoded = (all.into_iter())
        .map(|line| line.into_iter().map(serde_json::from_value).collect())
        .collect::<std::result::Result<Vec<Vec<R::Command>>, _>>()
        .map_err(|_| ServiceError::BadRequest(Message::new("not-a-move")))?;
    let walked = lines::check(&game, player.id, &decoded).map_err(ServiceError::Rule)?;
    let mut plan_lines = Vec::with_capacity(walked.len());
    let mut digests = Vec::new();
    for (plies, actors) in walked {
        let line = PlanLine::new(plies);
        let mine = (actors.iter().enumerate()).filter(|&(_, &actor)| actor == me);
        digests.extend(mine.map(|(ply, _)| line.digest_of(ply)));
        plan_lines.push(line);
    }
    digests.sort();
    let committed = commitment(&digests);
    let count = plan_lines.len();
    let planned_at = commit::<R>(
        conn,
        game,
        rows.last(),
        Some(player.id),
        Submitted::Plan {
            commitment: committed.clone(),
        },
        vec![Entry::Planned {
            seat: me,
            commitment: committed,
        }],
    )?;
    let kept = Kept {
        player: player.id,
        planned_at,
        lines: plan_lines,
        digests,
        followed: 0,
        missed_at: None,
    };
    kept::write(conn, game_id, &kept)?;
    Ok(count)
}

/// The open lines of `player`'s plan, from the position now.
fn open_lines<R: Rules>(
    conn: &mut PgConnection,
    game: &Game<R>,
    player: i64,
) -> Result<Vec<Vec<Value>>> {
    let kept = kept::read(conn, &game.id, player, true)?;
    Ok(kept.map(|kept| kept.open_lines()).unwrap_or_default())
}

/// `player`'s plan in `game_id`, as the server keeps it: only ever shown to them.
pub fn read(conn: &mut PgConnection, game_id: &str, player: i64) -> Result<Option<Kept>> {
    Ok(kept::read(conn, game_id, player, false)?)
}

/// Removes the open line numbered `line` (from 1, as the plan lists them) from `player`'s plan;
/// with the last line the plan goes. Returns how many lines are left.
pub fn remove_line(
    conn: &mut PgConnection,
    game_id: &str,
    player: i64,
    line: usize,
) -> Result<usize> {
    conn.transaction(|conn| {
        let Some(mut kept) = kept::read(conn, game_id, player, true)? else {
            return Err(ServiceError::Gone(Message::new("plan-none")));
        };
        let open: Vec<usize> = (kept.lines.iter().enumerate())
            .filter(|(_, l)| l.plies.len() > kept.followed)
            .map(|(i, _)| i)
            .collect();
        let Some(&index) = line.checked_sub(1).and_then(|i| open.get(i)) else {
            return Err(ServiceError::Gone(
                Message::new("plan-line-gone").with("line", line),
            ));
        };
        kept.lines.remove(index);
        let left = kept.open_lines().len();
        match left {
            0 => kept::forget(conn, game_id, player)?,
            _ => kept::write(conn, game_id, &kept)?,
        }
        Ok(left)
    })
}

/// Forgets `player`'s plan in `game_id`, open lines and the notice of a missed one alike.
pub fn clear(conn: &mut PgConnection, game_id: &str, player: i64) -> Result<()> {
    Ok(kept::forget(conn, game_id, player)?)
}
