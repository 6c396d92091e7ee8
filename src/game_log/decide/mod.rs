//! Deciding what a command records: the entries of each kind of command, as pure functions of the
//! game so far and its seed, which the offline verifier runs again to check a log; whether a
//! seated player's command stands ([`play`]); the row sealed from them ([`seal`]); and plans made
//! in advance: whether a line may be planned ([`plan_lines`]) and the answer a plan gives to the
//! opponent's move ([`plan_answer`]).

pub mod plan_answer;
pub mod plan_lines;
pub mod play;
pub mod seal;

use rand::seq::SliceRandom;

use crate::game_log::fold::replay::Game;
use crate::game_log::stream::seed::{self, Seed};
use crate::game_log::stream::{CancelReason, Entry, Participant, RemovalReason, RemovedBy, Talk};
use crate::rules::{Message, RuleError, Rules, Seat, Status, Viewer};

/// A player takes a seat. If that fills the table, the game starts: the seating is drawn (or, in
/// a tournament's game, taken from its pairing), then the rules' opening facts, all from the
/// random stream of row `seq`.
pub fn join_entries<R: Rules>(
    game: &Game<R>,
    joiner: Participant,
    seed: &Seed,
    seq: i64,
) -> Vec<Entry<R::Event>> {
    let mut entries = vec![Entry::PlayerJoined {
        player: joiner.clone(),
    }];
    if game.joined.len() + 1 == game.players {
        let mut rng = seed::rng_for(seed, seq);
        let seating = match &game.event {
            Some(event) => event.seating.clone(),
            None => {
                let mut seating = game.joined.clone();
                seating.push(joiner);
                seating.shuffle(&mut rng);
                seating
            }
        };
        entries.push(Entry::GameStarted { seating });
        entries.extend(
            R::setup(&game.options, game.players, &mut rng)
                .into_iter()
                .map(|event| Entry::Game { event }),
        );
    }
    entries
}

/// The rules' verdict on a command by `seat`, decided with the random stream of row `seq`.
pub fn play_entries<R: Rules>(
    state: &R::State,
    seat: Seat,
    command: &R::Command,
    seed: &Seed,
    seq: i64,
) -> Result<Vec<Entry<R::Event>>, RuleError> {
    let mut rng = seed::rng_for(seed, seq);
    Ok(R::decide(state, seat, command, &mut rng)?
        .into_iter()
        .map(|event| Entry::Game { event })
        .collect())
}

/// A player resigns. If two or more others remain, a person among them, the rules record how
/// play goes on without the seat; otherwise `settle` will end the game.
pub fn resign_entries<R: Rules>(
    game: &Game<R>,
    seat: Seat,
    player: Participant,
) -> Vec<Entry<R::Event>> {
    withdraw_entries(game, seat, Entry::Resigned { seat, player })
}

/// A seat's time ran out at `due_at`: it is withdrawn exactly as on resignation.
pub fn timeout_entries<R: Rules>(
    game: &Game<R>,
    seat: Seat,
    player: Participant,
    due_at: String,
) -> Vec<Entry<R::Event>> {
    withdraw_entries(
        game,
        seat,
        Entry::TimedOut {
            seat,
            player,
            due_at,
        },
    )
}

/// Whether a computer may take `seat` over from the person playing it: in a running game of
/// three or four where the seat is still in play, held by a person, and another person plays on
/// (computers never finish a game among themselves). `leaving` are the seats whose people leave
/// at the same moment, `seat` among them (every seat out of time at once): none of them plays on.
pub fn may_hand_over<R: Rules>(game: &Game<R>, seat: Seat, leaving: &[Seat]) -> bool {
    game.players >= 3
        && game.ended.is_none()
        && game.state.is_some()
        && !game.resigned.contains(&seat)
        && game.seating.get(seat).is_some_and(|p| !p.is_computer())
        && game.a_person_plays_besides(&[leaving, &[seat]].concat())
}

/// Whether `computer` may be the one to take a seat over: a computer account that has never sat
/// at this table.
pub fn may_stand_in<R: Rules>(game: &Game<R>, computer: &Participant) -> bool {
    computer.is_computer() && !game.participant_ids().contains(&computer.id)
}

/// `computer` takes `seat` over from `left`, who ran out of time at `due_at` or (without it)
/// chose to leave. The seat stays in play: no rules event is needed.
pub fn hand_over_entries<E>(
    seat: Seat,
    left: Participant,
    computer: Participant,
    due_at: Option<String>,
) -> Vec<Entry<E>> {
    vec![Entry::SeatTakenOver {
        seat,
        left,
        computer,
        due_at,
    }]
}

fn withdraw_entries<R: Rules>(
    game: &Game<R>,
    seat: Seat,
    first: Entry<R::Event>,
) -> Vec<Entry<R::Event>> {
    let mut entries = vec![first];
    let others = game.remaining_seats().len().saturating_sub(1);
    let plays_on = others >= 2 && game.a_person_plays_besides(&[seat]);
    if let (true, Some(state)) = (plays_on, game.state.as_ref()) {
        entries.extend(
            R::resign(state, seat)
                .into_iter()
                .map(|event| Entry::Game { event }),
        );
    }
    entries
}

/// Seals a row that holds a secret: if some seated player or a spectator may not see all of
/// the command or the events, a salt only the seed gives is added to the row.
pub fn salt_secrets<R: Rules>(
    game: &Game<R>,
    actor: Option<Seat>,
    command: Option<&R::Command>,
    entries: &mut Vec<Entry<R::Event>>,
    seed: &Seed,
    seq: i64,
) {
    let viewers = (0..game.players)
        .map(Viewer::Seat)
        .chain([Viewer::Spectator]);
    let secret = viewers.into_iter().any(|viewer| {
        let hidden_command = matches!(
            (actor, command),
            (Some(seat), Some(command)) if !R::command_visible(command, seat, viewer)
        );
        hidden_command
            || entries.iter().any(|entry| match entry {
                Entry::Game { event } => &R::redact(event, viewer) != event,
                _ => false,
            })
    });
    if secret {
        entries.push(Entry::Sealed {
            salt: Some(hex::encode(seed::salt_for(seed, seq))),
        });
    }
}

/// Applies `entries` to `game`; if the rules now say the game is over, adds the entry that ends
/// it and reveals the seed.
pub fn settle<R: Rules>(game: &mut Game<R>, entries: &mut Vec<Entry<R::Event>>, seed: &Seed) {
    for entry in entries.iter() {
        game.apply(entry);
    }
    if let (Some(Status::Finished { outcome }), None) = (game.status(), &game.ended) {
        let ended = Entry::GameEnded {
            outcome,
            seed: hex::encode(seed),
        };
        game.apply(&ended);
        entries.push(ended);
    }
}

/// The table is called off.
pub fn cancel_entries<E>(reason: CancelReason) -> Vec<Entry<E>> {
    vec![Entry::Cancelled { reason }]
}

/// The longest message a player may write at a table, in characters.
pub const LONGEST_MESSAGE: usize = 500;

/// A player's message, tidied: trimmed, line ends made plain, and refused when empty or longer
/// than [`LONGEST_MESSAGE`].
pub fn tidy_message(text: &str) -> Result<String, Message> {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let text = text.trim();
    if text.is_empty() {
        return Err(Message::new("chat-empty"));
    }
    if text.chars().count() > LONGEST_MESSAGE {
        return Err(Message::new("chat-too-long").with("most", LONGEST_MESSAGE));
    }
    if text.chars().any(|c| c.is_control() && c != '\n') {
        return Err(Message::new("chat-not-text"));
    }
    Ok(text.to_string())
}

/// A player writes at the table: the words as [`Submitted::Say`] committed to them.
pub fn say_entries<E>(player: Participant, text: Talk) -> Vec<Entry<E>> {
    vec![Entry::Said { player, text }]
}

/// The words of the talk in rows `seqs` are removed: by their author when the row has an actor,
/// or else by a moderator (the server acting on the moderation log's row `action`).
pub fn remove_talk_entries<E>(
    by_author: bool,
    seqs: Vec<i64>,
    reason: RemovalReason,
    action: Option<i64>,
) -> Vec<Entry<E>> {
    let by = match by_author {
        true => RemovedBy::Author,
        false => RemovedBy::Moderator,
    };
    vec![Entry::TalkRemoved {
        seqs,
        by,
        reason,
        action,
    }]
}

/// Why the talk in rows `seqs` cannot be removed by `by` (the author's id, or none for a
/// moderator) for `reason`, if it cannot: each row must be talk, not removed already, and the
/// author's own unless a moderator removes it; an author gives an author's reason and a
/// moderator a moderator's.
pub fn refuse_removal<R: Rules>(
    game: &Game<R>,
    by: Option<i64>,
    seqs: &[i64],
    reason: RemovalReason,
) -> Option<Message> {
    if seqs.is_empty() || by.is_some() != reason.is_authors() {
        return Some(Message::new("talk-removal-reason"));
    }
    for seq in seqs {
        match game.talk.get(seq) {
            None => return Some(Message::new("talk-not-found").with("seq", *seq)),
            Some(talked) if talked.removed => {
                return Some(Message::new("talk-removed-already").with("seq", *seq));
            }
            Some(talked) if by.is_some_and(|id| id != talked.author) => {
                return Some(Message::new("talk-not-yours"));
            }
            Some(_) => {}
        }
    }
    None
}
