//! Hidden information: a seat's secret colours reach nobody else (no other seat, no spectator)
//! through views, redacted events or history lines until the game is over.

use super::*;
use crate::rules::Viewer;
use crate::rules::kabaleo::Dealing;
use crate::rules::playout::random_playout;

const CONFIGS: [(usize, Dealing); 5] = [
    (2, Dealing::Random),
    (2, Dealing::Uniform),
    (3, Dealing::Random),
    (3, Dealing::Uniform),
    (4, Dealing::Random),
];

fn secrets_of(events: &[Event]) -> Vec<Vec<Colour>> {
    events
        .iter()
        .find_map(|e| match e {
            Event::SecretColoursDealt { secrets, .. } => {
                Some(secrets.iter().map(|s| s.clone().unwrap()).collect())
            }
            _ => None,
        })
        .unwrap()
}

fn colours_in_play(events: &[Event]) -> Vec<Colour> {
    match &events[0] {
        Event::BoardLaidOut { bases } => Colour::ALL
            .into_iter()
            .filter(|c| bases.contains(c))
            .collect(),
        other => panic!("the game should open with the board, not {other:?}"),
    }
}

/// Every other secret `seat` could hold: any other colour in play, or any other pair of them.
fn other_secrets(in_play: &[Colour], current: &[Colour]) -> Vec<Vec<Colour>> {
    let all: Vec<Vec<Colour>> = if current.len() == 1 {
        in_play.iter().map(|&c| vec![c]).collect()
    } else {
        let mut pairs = Vec::new();
        for (i, &a) in in_play.iter().enumerate() {
            for &b in &in_play[i + 1..] {
                pairs.push(vec![a, b]);
            }
        }
        pairs
    };
    all.into_iter().filter(|s| s != current).collect()
}

/// Everything `viewer` is shown of a game: the view, each redacted event and its history line.
fn shown_to(viewer: Viewer, options: &KabaleoOptions, players: usize, events: &[Event]) -> String {
    let state = fold::<Kabaleo>(options, players, events);
    let mut shown = serde_json::to_string(&Kabaleo::view(&state, viewer)).unwrap();
    for event in events {
        let redacted = Kabaleo::redact(event, viewer);
        shown.push_str(&serde_json::to_string(&redacted).unwrap());
        shown.push_str(&crate::i18n::Lang::En.say(&Kabaleo::describe(&redacted), &names(players)));
    }
    shown
}

#[test]
fn changing_one_seats_secret_changes_nothing_another_seat_or_a_spectator_is_shown() {
    let mut compared = 0;
    for (config, &(players, dealing)) in CONFIGS.iter().enumerate() {
        let options = KabaleoOptions { dealing };
        for seed in 0..3 {
            let game = random_playout::<Kabaleo>(
                &options,
                players,
                &mut rng(seed + 10 * config as u64),
                100,
            )
            .unwrap();
            let in_play = colours_in_play(&game.events);
            let secrets = secrets_of(&game.events);
            let len = game.events.len();
            // Just dealt, after the first move, mid-game, before the last move.
            for cut in [4, 5, len / 2, len - 1] {
                let events = &game.events[..cut];
                for (owner, secret) in secrets.iter().enumerate() {
                    for other in other_secrets(&in_play, secret) {
                        let changed = with_secret(events, owner, &other);
                        let others = (0..players)
                            .filter(|&s| s != owner)
                            .map(Viewer::Seat)
                            .chain([Viewer::Spectator, Viewer::Seat(players)]);
                        for viewer in others {
                            assert_eq!(
                                shown_to(viewer, &options, players, events),
                                shown_to(viewer, &options, players, &changed),
                                "{viewer:?} learns seat {owner}'s secret ({players} players)"
                            );
                            compared += 1;
                        }
                        // The comparison can tell: the owner and `Everyone` do see the change.
                        for viewer in [Viewer::Seat(owner), Viewer::Everyone] {
                            assert_ne!(
                                shown_to(viewer, &options, players, events),
                                shown_to(viewer, &options, players, &changed)
                            );
                        }
                    }
                }
            }
        }
    }
    assert!(compared > 1000, "{compared}");
}

#[test]
fn a_seated_player_sees_their_own_secret_colours_only() {
    let state = two_player_table();
    let ann = Kabaleo::view(&state, Viewer::Seat(0));
    assert_eq!(ann.you, Some(0));
    assert_eq!(ann.secret_colours_each, 2);
    assert_eq!(ann.seats[0].secret_colours, Some(vec![Blue, Purple]));
    assert!(ann.seats[0].standing.is_some());
    assert_eq!(ann.seats[1].secret_colours, None);
    assert_eq!(ann.seats[1].standing, None);
    let bob = Kabaleo::view(&state, Viewer::Seat(1));
    assert_eq!(bob.seats[0].secret_colours, None);
    assert_eq!(bob.seats[1].secret_colours, Some(vec![Green, Orange]));
}

#[test]
fn a_spectator_sees_no_secret_colour_in_the_view_or_the_deal() {
    let events = two_player_events();
    let state = fold::<Kabaleo>(&KabaleoOptions::default(), 2, &events);
    let view = Kabaleo::view(&state, Viewer::Spectator);
    assert_eq!(view.you, None);
    assert!(
        view.seats
            .iter()
            .all(|s| s.secret_colours.is_none() && s.standing.is_none())
    );
    let deal = Kabaleo::redact(&events[2], Viewer::Spectator);
    assert_eq!(
        deal,
        Event::SecretColoursDealt {
            secrets: vec![None, None],
        }
    );
    assert_eq!(
        crate::i18n::Lang::En.say(&Kabaleo::describe(&deal), &names(2)),
        "Each player was dealt secret colours."
    );
    assert_eq!(
        serde_json::to_string(&deal).unwrap(),
        r#"{"type":"secret_colours_dealt","secrets":[null,null]}"#
    );
}

#[test]
fn the_deal_is_redacted_to_the_viewers_own_colours() {
    let events = two_player_events();
    assert_eq!(
        Kabaleo::redact(&events[2], Viewer::Seat(1)),
        Event::SecretColoursDealt {
            secrets: vec![None, Some(vec![Green, Orange])],
        }
    );
    assert_eq!(
        crate::i18n::Lang::En.say(
            &Kabaleo::describe(&Kabaleo::redact(&events[2], Viewer::Seat(1))),
            &names(2)
        ),
        "Each player was dealt secret colours (Bob green and orange)."
    );
    // Events without secrets are shown as they are.
    for event in events
        .iter()
        .filter(|e| !matches!(e, Event::SecretColoursDealt { .. }))
    {
        assert_eq!(&Kabaleo::redact(event, Viewer::Spectator), event);
    }
}

#[test]
fn everyone_sees_every_secret_colour() {
    let events = two_player_events();
    let state = fold::<Kabaleo>(&KabaleoOptions::default(), 2, &events);
    let view = Kabaleo::view(&state, Viewer::Everyone);
    assert_eq!(view.seats[0].secret_colours, Some(vec![Blue, Purple]));
    assert_eq!(view.seats[1].secret_colours, Some(vec![Green, Orange]));
    assert_eq!(Kabaleo::redact(&events[2], Viewer::Everyone), events[2]);
}

#[test]
fn folding_redacted_events_gives_the_viewers_own_picture() {
    let events: Vec<Event> = two_player_events()
        .iter()
        .map(|e| Kabaleo::redact(e, Viewer::Seat(0)))
        .collect();
    let state = fold::<Kabaleo>(&KabaleoOptions::default(), 2, &events);
    let view = Kabaleo::view(&state, Viewer::Seat(0));
    assert_eq!(view, Kabaleo::view(&two_player_table(), Viewer::Seat(0)));
}

#[test]
fn a_finished_game_folded_from_redacted_events_shows_unknown_secrets_as_none() {
    let game = random_playout::<Kabaleo>(&KabaleoOptions::default(), 3, &mut rng(5), 100).unwrap();
    let redacted: Vec<Event> = game
        .events
        .iter()
        .map(|e| Kabaleo::redact(e, Viewer::Seat(2)))
        .collect();
    let state = fold::<Kabaleo>(&KabaleoOptions::default(), 3, &redacted);
    let view = Kabaleo::view(&state, Viewer::Seat(2));
    assert!(view.finished);
    let shown: Vec<bool> = view
        .seats
        .iter()
        .map(|s| s.secret_colours.is_some())
        .collect();
    assert_eq!(shown, [false, false, true]);
}
