//! A plan by email: lines such as "if 3 then 4" ("もし 3 なら 4"), each a line of the plan.
//! Each "if" starts the opponent's turn; the codes after it are read in turn against the
//! position they are made in, the opponent's until it is the player's turn, then the player's.

use diesel::pg::PgConnection;
use serde_json::Value;

use crate::game_log::decide::plan_lines as lines;
use crate::game_log::error::ServiceError;
use crate::game_log::fold::load;
use crate::present::codes::{MoveCodes, read_next, vocabulary, words};
use crate::rules::Seat;
use crate::rules::message::Message;
use crate::tables::plans as planning;

/// The word that starts a line of a plan, as code words read it in every language.
const IF: &str = "if";

/// Whether `line` is a line of a plan: its first word is "if" in some language.
pub fn is_plan_line(line: &str) -> bool {
    let normal = vocabulary::half_width(line).to_lowercase();
    let first = normal.split_whitespace().next().unwrap_or_default();
    vocabulary::code_words(first.trim_matches(|c: char| !c.is_alphanumeric())).first()
        == Some(&IF.to_string())
}

/// Adds a reply's plan lines `plan_lines` to `player`'s plan. Returns how many lines the plan
/// holds now, and the opponent's seat.
pub fn add_by_email<R: MoveCodes>(
    conn: &mut PgConnection,
    game_id: &str,
    player: &crate::auth::Player,
    plan_lines: &[String],
) -> Result<(usize, Seat), ServiceError> {
    let (lines, them) = read_lines::<R>(conn, game_id, player.id, plan_lines)?;
    Ok((planning::add_lines(conn, game_id, player, lines)?, them))
}

/// Each plan line's commands, read against the position now, and the opponent's seat.
fn read_lines<R: MoveCodes>(
    conn: &mut PgConnection,
    game_id: &str,
    player: i64,
    plan_lines: &[String],
) -> Result<(Vec<Vec<Value>>, Seat), ServiceError> {
    let (game, _) = load::load::<R>(conn, game_id)?;
    let (Some((me, them)), Some(state)) = (lines::offered(&game, player), game.state.as_ref())
    else {
        return Err(ServiceError::Rule(Message::new("plan-not-offered")));
    };
    let read = (1..).zip(plan_lines).map(|(n, line)| {
        read_line::<R>(state, me, them, line).map_err(|why| {
            ServiceError::Rule(
                Message::new("plan-line-refused")
                    .with("line", n)
                    .with("reason", why),
            )
        })
    });
    Ok((read.collect::<Result<_, _>>()?, them))
}

/// One line's commands: after each "if" the opponent's turn begins.
fn read_line<R: MoveCodes>(
    state: &R::State,
    me: Seat,
    them: Seat,
    line: &str,
) -> Result<Vec<Value>, Message> {
    let words = words::<R>(line);
    let mut at = state.clone();
    let mut commands = Vec::new();
    let mut rest: &[String] = &words;
    while let Some(first) = rest.first() {
        let n = commands.len() + 1;
        let by = lines::next_to_act::<R>(&at, me, them, n)?;
        if first == IF {
            if by != them {
                return Err(Message::new("plan-ends-mid-turn"));
            }
            rest = &rest[1..];
            continue;
        }
        let until_if = rest.iter().position(|w| w == IF).unwrap_or(rest.len());
        let Some((command, used)) = read_next::<R>(&at, by, &rest[..until_if]) else {
            let unread = rest[..until_if].join(" ");
            return Err(Message::new("plan-code-unknown").text("code", unread));
        };
        at = lines::step::<R>(at, by, &command).map_err(|why| why.with("ply", n))?;
        commands.push(serde_json::to_value(&command).expect("commands serialize"));
        rest = &rest[used..];
    }
    Ok(commands)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plan_lines_begin_with_if_in_either_language() {
        assert!(is_plan_line("if 3 then 4"));
        assert!(is_plan_line("If 3, then 4"));
        assert!(is_plan_line("もし 3 なら 4"));
        assert!(is_plan_line("もし３なら４"));
        assert!(!is_plan_line("3 then 4"));
        assert!(!is_plan_line("iffy"));
    }
}
