use std::collections::{BTreeMap, BTreeSet};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::present::{Actions, Choice};
use crate::rules::kabaleo::tests::with_secret;
use crate::rules::kabaleo::{Event, State};
use crate::rules::playout::random_playout;
use crate::rules::{Rules, Viewer, fold};

fn names(players: usize) -> Vec<String> {
    ["Ann", "Bo", "Cy", "Di"][..players]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

fn actions_for(state: &State, seat: Seat) -> Actions {
    Actions {
        game_id: "g".into(),
        seq: 7,
        csrf: "t".into(),
        choices: Kabaleo::legal_commands(state, seat)
            .into_iter()
            .map(|command| Choice {
                label: crate::i18n::Lang::En.say(&Kabaleo::command_label(state, &command), &[]),
                command: serde_json::to_value(command).unwrap(),
            })
            .collect(),
    }
}

/// The board (HTML, then plain text) as `viewer` gets it, with the choice `query`.
fn render(state: &State, viewer: Viewer, query: &[(&str, &str)]) -> (String, String) {
    let names = names(state_players(state));
    let me = match viewer {
        Viewer::Seat(seat) => Some(seat),
        _ => None,
    };
    let view = Kabaleo::view(state, viewer);
    let actions = me.map(|seat| actions_for(state, seat));
    let query: BTreeMap<String, String> = query
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let board = Board::<Kabaleo> {
        view: &view,
        path: "/games/g",
        query: &query,
        names: &names,
        me,
        actions: actions.as_ref().filter(|a| !a.choices.is_empty()),
        lang: crate::i18n::Lang::En,
    };
    (Kabaleo::board(&board).unwrap(), Kabaleo::text_board(&board))
}

fn state_players(state: &State) -> usize {
    Kabaleo::view(state, Viewer::Spectator).seats.len()
}

fn playout(players: usize, dealing: Dealing, seed: u64) -> Vec<Event> {
    random_playout::<Kabaleo>(
        &KabaleoOptions { dealing },
        players,
        &mut ChaCha8Rng::seed_from_u64(seed),
        100,
    )
    .unwrap()
    .events
}

fn fold_events(players: usize, dealing: Dealing, events: &[Event]) -> State {
    fold::<Kabaleo>(&KabaleoOptions { dealing }, players, events)
}

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

fn in_play(events: &[Event]) -> Vec<Colour> {
    match &events[0] {
        Event::BoardLaidOut { bases } => {
            let set: BTreeSet<Colour> = bases.iter().copied().collect();
            set.into_iter().collect()
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn another_players_secret_never_changes_what_a_viewer_is_drawn() {
    let mut compared = 0;
    for (players, dealing, seed) in [
        (2, Dealing::Random, 1),
        (3, Dealing::Uniform, 2),
        (3, Dealing::Random, 3),
        (4, Dealing::Random, 4),
    ] {
        let events = playout(players, dealing, seed);
        let secrets = secrets_of(&events);
        let colours = in_play(&events);
        for cut in [4, 5, events.len() / 2, events.len() - 1] {
            let events = &events[..cut];
            for (owner, secret) in secrets.iter().enumerate() {
                // Another colour in play in place of the owner's first.
                let other = colours.iter().find(|c| !secret.contains(c)).unwrap();
                let mut changed_secret = secret.clone();
                changed_secret[0] = *other;
                changed_secret.sort();
                let changed = with_secret(events, owner, &changed_secret);
                let before = fold_events(players, dealing, events);
                let after = fold_events(players, dealing, &changed);
                let viewers = (0..players)
                    .filter(|&s| s != owner)
                    .map(Viewer::Seat)
                    .chain([Viewer::Spectator]);
                for viewer in viewers {
                    for query in [&[][..], &[("colour", "blue")][..], &[("colour", "pink")]] {
                        assert_eq!(
                            render(&before, viewer, query),
                            render(&after, viewer, query),
                            "{viewer:?} is drawn seat {owner}'s secret ({players} players, {cut} events)"
                        );
                        compared += 1;
                    }
                }
                // The comparison can tell: the owner sees the change.
                assert_ne!(
                    render(&before, Viewer::Seat(owner), &[]),
                    render(&after, Viewer::Seat(owner), &[])
                );
            }
        }
    }
    assert!(compared > 100, "{compared}");
}

#[test]
fn the_owner_sees_their_secret_panel_and_nobody_else_does() {
    let events = playout(3, Dealing::Random, 9);
    let state = fold_events(3, Dealing::Random, &events[..10]);
    let secrets = secrets_of(&events);
    for (seat, secret) in secrets.iter().enumerate() {
        let (html, text) = render(&state, Viewer::Seat(seat), &[]);
        assert_eq!(html.matches("class=\"secret\"").count(), 1, "{html}");
        assert!(html.contains(&format!(
            "Your secret colour: <span class=\"swatch c-{0}\" aria-hidden=\"true\"></span> <strong>{0}</strong>",
            secret[0]
        )));
        assert!(
            text.contains(&format!("Your secret: {} - ", secret[0])),
            "{text}"
        );
        assert!(!text.contains("'s secret"), "{text}");
    }
    let (html, text) = render(&state, Viewer::Spectator, &[]);
    assert!(!html.contains("class=\"secret\""));
    assert!(!html.contains("secret colour:") && !html.contains("Secret colours, revealed"));
    assert!(!text.contains("secret"), "{text}");
}

#[test]
fn a_move_is_a_colour_link_then_a_pile_button_and_together_they_are_every_legal_command() {
    for (players, seed) in [(2, 5), (3, 6), (4, 7)] {
        let events = playout(players, Dealing::Random, seed);
        for cut in [4, 9, events.len() - 1] {
            let state = fold_events(players, Dealing::Random, &events[..cut]);
            let seat = Kabaleo::status(&state).to_act()[0];
            let legal: BTreeSet<String> = Kabaleo::legal_commands(&state, seat)
                .iter()
                .map(|c| serde_json::to_value(c).unwrap().to_string())
                .collect();
            let (first, _) = render(&state, Viewer::Seat(seat), &[]);
            let links: Vec<String> = first
                .match_indices("href=\"/games/g?colour=")
                .map(|(i, _)| {
                    let rest = &first[i + "href=\"/games/g?colour=".len()..];
                    rest[..rest.find('"').unwrap()].to_string()
                })
                .collect();
            let forms = first.matches("<form").count();
            let mut offered = BTreeSet::new();
            if links.is_empty() {
                // Only one colour left to play: the buttons are there at once.
                assert!(forms > 0, "{first}");
                offered.extend(commands_in(&first));
            } else {
                assert_eq!(forms, 0, "no button before a colour is chosen");
                for colour in &links {
                    let (second, _) = render(&state, Viewer::Seat(seat), &[("colour", colour)]);
                    let commands = commands_in(&second);
                    assert!(!commands.is_empty());
                    assert!(
                        commands
                            .iter()
                            .all(|c| c.contains(&format!("\"colour\":\"{colour}\"")))
                    );
                    assert!(second.contains("Choose another colour"));
                    offered.extend(commands);
                }
            }
            assert_eq!(offered, legal, "{players} players, {cut} events");
            // Nobody else gets a control, and a stale choice shows the first step again.
            for other in (0..players).filter(|&s| s != seat) {
                let (html, _) = render(&state, Viewer::Seat(other), &[("colour", "blue")]);
                assert_eq!(html.matches("<form").count(), 0);
                assert!(!html.contains("?colour="));
            }
            if !links.is_empty() {
                let (stale, _) = render(&state, Viewer::Seat(seat), &[("colour", "black")]);
                assert_eq!(stale, first);
            }
        }
    }
}

/// The commands of the move forms in `html`, as JSON text.
fn commands_in(html: &str) -> Vec<String> {
    html.match_indices("name=\"command\" value=\"")
        .map(|(i, _)| {
            let rest = &html[i + "name=\"command\" value=\"".len()..];
            rest[..rest.find('"').unwrap()]
                .replace("&quot;", "\"")
                .replace("&#34;", "\"")
        })
        .collect()
}

#[test]
fn every_cone_of_every_pile_is_named_in_words() {
    let events = playout(4, Dealing::Random, 11);
    let state = fold_events(4, Dealing::Random, &events[..events.len() / 2]);
    let view = Kabaleo::view(&state, Viewer::Spectator);
    let (html, text) = render(&state, Viewer::Spectator, &[]);
    let cones: usize = view.piles.iter().map(|p| p.height).sum();
    assert_eq!(html.matches("<li class=\"cone c-").count(), cones);
    for pile in &view.piles {
        let mut words = vec![format!("{} base", pile.base)];
        words.extend(pile.pieces.iter().map(|c| c.name().to_string()));
        assert!(
            text.contains(&format!(
                "{:>2} {} -> {}",
                pile.number,
                words.join(", "),
                pile.colour
            )),
            "{text}"
        );
    }
    let mut pos = 0;
    for (i, _) in html.match_indices("<li class=\"cone c-") {
        let rest = &html[i..];
        let colour = &rest["<li class=\"cone c-".len()..];
        let colour = &colour[..colour.find([' ', '"']).unwrap()];
        let body = &rest[rest.find('>').unwrap() + 1..rest.find("</li>").unwrap()];
        assert!(body.starts_with(colour), "{body} in a {colour} cone");
        pos += 1;
    }
    assert_eq!(pos, cones);
    let last = view.last_pile.unwrap();
    assert!(text.contains(&format!("*{:>2} ", last + 1)), "{text}");
    assert_eq!(
        html.matches("Played last — nobody may play here").count(),
        1
    );
}

#[test]
fn the_finished_board_reveals_every_secret_with_its_score() {
    let events = playout(3, Dealing::Random, 12);
    let state = fold_events(3, Dealing::Random, &events);
    let outcome = Kabaleo::status(&state).outcome().unwrap().clone();
    let secrets = secrets_of(&events);
    for viewer in [Viewer::Everyone, Viewer::Spectator, Viewer::Seat(1)] {
        let (html, text) = render(&state, viewer, &[]);
        assert!(html.contains("Secret colours, revealed"), "{html}");
        assert!(
            !html.contains("class=\"secret\""),
            "no 'your secret' panel at the end"
        );
        assert_eq!(html.matches("<form").count(), 0);
        for (seat, colours) in secrets.iter().enumerate() {
            assert!(
                text.contains(&format!("{}'s secret: {}", names(3)[seat], colours[0]))
                    || text.contains(&format!(
                        "{} (you)'s secret: {}",
                        names(3)[seat],
                        colours[0]
                    )),
                "{text}"
            );
        }
        assert_eq!(
            html.matches("<td>won</td>").count(),
            outcome.winners.len(),
            "{html}"
        );
    }
}

#[test]
fn options_read_from_the_form_with_clear_refusals() {
    let read =
        |body: &str| Kabaleo::options_from_form(&FormFields::parse(body.as_bytes()).unwrap());
    assert_eq!(read("").unwrap().dealing, Dealing::Random);
    assert_eq!(read("dealing=random").unwrap().dealing, Dealing::Random);
    assert_eq!(
        read("dealing=uniform&invite_1=a%40x.org&invite_2=b%40x.org")
            .unwrap()
            .dealing,
        Dealing::Uniform
    );
    let four = read("dealing=uniform&invite_1=a%40x.org&invite_2=b%40x.org&invite_3=c%40x.org")
        .unwrap_err()
        .to_string();
    assert!(four.contains("2 or 3 players"), "{four}");
    assert!(
        read("dealing=fair")
            .unwrap_err()
            .to_string()
            .contains("dealing")
    );
    let described = Kabaleo::describe_options(&KabaleoOptions {
        dealing: Dealing::Uniform,
    });
    assert!(described[0].to_string().starts_with("Uniform dealing"));
}
