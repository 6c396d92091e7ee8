//! A log's entries in words, for the history page and the board page's recent lines.

use std::collections::HashMap;

use chrono_tz::Tz;

use crate::game_log::stream::{CancelReason, Entry, Participant, RemovedBy};
use crate::present::result::{Ending, result_message};
use crate::rules::{Message, Rules};
use crate::store::events::EventRow;
use crate::web::frame::clock_text::local_text;

/// One lifecycle or rules entry in words: a message whose seats are the game's, and whose other
/// players are named as they are called now. The end of the game is told as `ending`, the whole
/// game's, tells it: with the seats that left before it and how a tie was broken.
pub fn describe<R: Rules>(
    entry: &Entry<R::Event>,
    ending: Option<&Ending>,
    now_called: &HashMap<i64, String>,
    zone: Tz,
) -> Message {
    let name = |p: &Participant| now_called.get(&p.id).unwrap_or(&p.name).clone();
    match entry {
        Entry::GameCreated {
            players,
            creator,
            seed_commitment,
            time_control,
            ..
        } => Message::new("entry-created")
            .text("creator", name(creator))
            .with("players", *players)
            .with(
                "clock",
                time_control.map_or_else(|| Message::new("clock-none"), |c| c.message()),
            )
            .text("commitment", seed_commitment.clone()),
        Entry::PlayerJoined { player } => Message::new("entry-joined").text("player", name(player)),
        Entry::GameStarted { seating } => Message::new("entry-started").list(
            "seats",
            seating.iter().enumerate().map(|(i, p)| {
                Message::new("entry-seat")
                    .with("number", i + 1)
                    .text("player", name(p))
            }),
        ),
        Entry::Game { event } => R::describe(event),
        Entry::Resigned { player, .. } => {
            Message::new("entry-resigned").text("player", name(player))
        }
        Entry::TimedOut { player, due_at, .. } => Message::new("entry-timed-out")
            .text("player", name(player))
            .text("at", local_text(due_at, zone)),
        Entry::SeatTakenOver {
            left,
            computer,
            due_at,
            ..
        } => match due_at {
            Some(due_at) => {
                Message::new("entry-taken-over-timed-out").text("at", local_text(due_at, zone))
            }
            None => Message::new("entry-taken-over"),
        }
        .text("player", name(left))
        .text("computer", name(computer)),
        Entry::Cancelled {
            reason: CancelReason::ByCreator,
        } => Message::new("entry-called-off"),
        Entry::Cancelled {
            reason: CancelReason::InvitationsExpired,
        } => Message::new("entry-invitations-expired"),
        Entry::Cancelled {
            reason: CancelReason::PlayerLeft,
        } => Message::new("entry-called-off-player-left"),
        Entry::Cancelled {
            reason: CancelReason::InviteeLeft,
        } => Message::new("entry-called-off-invitee-left"),
        Entry::Said { player, text } => match text.text() {
            Some(words) => Message::new("entry-said")
                .text("player", name(player))
                .text("text", words),
            None => Message::new("entry-said-removed").text("player", name(player)),
        },
        Entry::TalkRemoved { by, reason, .. } => {
            let by = match by {
                RemovedBy::Author => "author",
                RemovedBy::Moderator => "moderator",
            };
            Message::new("entry-talk-removed").text("by", by).with(
                "reason",
                Message::new("removal-reason").text("reason", reason.as_str()),
            )
        }
        Entry::Away { player, until } => Message::new("entry-away")
            .text("player", name(player))
            .text("until", local_text(until, zone)),
        Entry::Back { player } => Message::new("entry-back").text("player", name(player)),
        Entry::Sealed { salt: Some(salt) } => {
            Message::new("entry-sealed-revealed").text("salt", salt.clone())
        }
        Entry::Sealed { salt: None } => Message::new("entry-sealed"),
        Entry::Planned { seat, .. } => Message::new("entry-planned").seat("player", *seat),
        Entry::PlanFollowed { seat, plan } => Message::new("entry-plan-followed")
            .seat("player", *seat)
            .with("row", plan.planned_at),
        Entry::Rated { order, players } => Message::new("entry-rated").with("order", *order).list(
            "changes",
            (players.iter()).map(|c| crate::ratings::rate::change_message(name(&c.player), c)),
        ),
        Entry::GameEnded { outcome, seed } => {
            let ending = Ending {
                outcome: outcome.clone(),
                departures: ending.map(|e| e.departures.clone()).unwrap_or_default(),
                decided_by: ending.and_then(|e| e.decided_by.clone()),
            };
            Message::new("entry-ended")
                .with("result", result_message::<R>(&ending))
                .text("seed", seed.clone())
        }
    }
}

/// Whether a stored row is the one that started the game (its seating is drawn there).
pub fn starts_game(row: &EventRow) -> bool {
    row.events.has_entry("game_started")
}
