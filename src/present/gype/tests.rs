//! The board page offers exactly the legal commands through its links and buttons, keeps hidden
//! arrangements out of other players' pages, and reads the table options.

use std::collections::{BTreeMap, BTreeSet};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use scraper::{Html, Selector};

use super::board::hat_route;
use super::*;
use crate::present::{Actions, Choice};
use crate::rules::gype::{Command, Die, Event, HatPath, State, face_name, sq};
use crate::rules::{Rules, Seat, Status, Viewer, fold};

const PATH: &str = "/games/g1";

fn names(players: usize) -> Vec<String> {
    ["Ann", "Bo", "Cy", "Dee"][..players]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

fn actions_for(state: &State, seat: Seat) -> Actions {
    Actions {
        game_id: "g1".into(),
        seq: 7,
        csrf: "token".into(),
        choices: Gype::legal_commands(state, seat)
            .into_iter()
            .map(|command| Choice {
                label: crate::i18n::Lang::En.say(&Gype::command_label(state, &command), &[]),
                command: serde_json::to_value(&command).unwrap(),
            })
            .collect(),
    }
}

/// The board HTML for `viewer`, with `seat`'s actions if it may act, after the choice `query`.
fn render(
    state: &State,
    viewer: Viewer,
    me: Option<Seat>,
    query: &BTreeMap<String, String>,
) -> String {
    let view = Gype::view(state, viewer);
    let names = names(state.players);
    let actions = me.map(|seat| actions_for(state, seat));
    Gype::board(&Board {
        view: &view,
        path: PATH,
        query,
        names: &names,
        me,
        actions: actions.as_ref().filter(|a| !a.choices.is_empty()),
        lang: crate::i18n::Lang::En,
    })
    .unwrap()
}

fn forms_and_links(html: &str) -> (Vec<serde_json::Value>, Vec<BTreeMap<String, String>>) {
    let doc = Html::parse_fragment(html);
    let commands = Selector::parse("form.move input[name=command]").unwrap();
    let links = Selector::parse("a[href]").unwrap();
    let forms = doc
        .select(&commands)
        .map(|input| serde_json::from_str(input.value().attr("value").unwrap()).unwrap())
        .collect();
    let queries = doc
        .select(&links)
        .filter_map(|a| {
            let href = a.value().attr("href")?;
            let query = href.strip_prefix(PATH)?;
            let query = query.strip_prefix('?').unwrap_or("");
            Some(serde_urlencoded::from_str(query).unwrap())
        })
        .collect();
    (forms, queries)
}

/// Every command reachable from the page by following its choice links and reading its forms.
fn reachable(state: &State, seat: Seat) -> BTreeSet<String> {
    let mut seen_queries = BTreeSet::new();
    let mut todo = vec![BTreeMap::new()];
    let mut commands = BTreeSet::new();
    while let Some(query) = todo.pop() {
        if !seen_queries.insert(query.clone()) {
            continue;
        }
        assert!(seen_queries.len() < 200, "the links never end");
        let html = render(state, Viewer::Seat(seat), Some(seat), &query);
        let (forms, links) = forms_and_links(&html);
        commands.extend(forms.iter().map(|c| c.to_string()));
        todo.extend(links);
    }
    commands
}

/// The legal commands, as the page offers them: while arranging, one swap per die and other
/// face in the row (swapping two dice that show the same face would change nothing).
fn legal(state: &State, seat: Seat) -> BTreeSet<String> {
    let row = state.side(seat).map(|side| side.home_squares());
    let faces = state.start_row_faces(seat);
    let face_of = |square| {
        let at = row.as_ref()?.iter().position(|s| *s == square)?;
        faces.get(at).copied()
    };
    let mut offered = Vec::new();
    Gype::legal_commands(state, seat)
        .iter()
        .filter(|command| match **command {
            Command::Swap { a, b } => {
                let distinct = face_of(a) != face_of(b) && !offered.contains(&(a, face_of(b)));
                if distinct {
                    offered.push((a, face_of(b)));
                }
                distinct
            }
            _ => true,
        })
        .map(|c| serde_json::to_value(c).unwrap().to_string())
        .collect()
}

/// A move that makes progress, mostly: the policy the HTTP test uses too.
fn forward(state: &State, seat: Seat, rng: &mut ChaCha8Rng) -> Command {
    let legal = Gype::legal_commands(state, seat);
    let side = state.side(seat).unwrap();
    let score = |c: &Command, jitter: f64| {
        jitter
            + match *c {
                Command::Step { from, to }
                | Command::Jump { from, to }
                | Command::Hat { from, to, .. } => {
                    let goal = side.opposite();
                    let arrives = goal.holds(to) && !goal.holds(from);
                    f64::from(side.progress(to) - side.progress(from)) * 10.0
                        + if arrives { 30.0 } else { 0.0 }
                }
                Command::Roll { at } => {
                    if state.board.get(at).is_some_and(|d| d.face == Face::Ear) {
                        6.0
                    } else {
                        -4.0
                    }
                }
                Command::Swap { .. } => -100.0,
                _ => 0.0,
            }
    };
    legal
        .iter()
        .map(|c| (score(c, rng.random_range(0.0..8.0)), c))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .unwrap()
        .1
        .clone()
}

fn apply(state: State, seat: Seat, command: &Command, rng: &mut ChaCha8Rng) -> State {
    Gype::decide(&state, seat, command, rng)
        .unwrap()
        .iter()
        .fold(state, Gype::evolve)
}

fn started(players: usize, options: &Options, seed: u64) -> State {
    let events = Gype::setup(options, players, &mut ChaCha8Rng::seed_from_u64(seed));
    fold::<Gype>(options, players, &events)
}

#[test]
fn the_page_offers_exactly_the_legal_commands_at_every_kind_of_position() {
    let mut kinds = BTreeSet::new();
    for (players, seed) in [(2, 1), (3, 2), (4, 3), (2, 4)] {
        let options = Options {
            start: if seed % 2 == 0 {
                StartRule::Random
            } else {
                StartRule::Classic
            },
            chaos: seed == 3,
        };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = started(players, &options, seed);
        let mut turn = 0usize;
        while let Status::ToAct { seats } = Gype::status(&state) {
            let seat = seats[0];
            // Check every position of the arrangement and of chains, and every 7th turn.
            let chain = state.chain.is_some();
            if turn < 3 || chain || turn.is_multiple_of(7) {
                assert_eq!(
                    reachable(&state, seat),
                    legal(&state, seat),
                    "seat {seat} at turn {turn}"
                );
                kinds.insert(if chain { "chain" } else { "other" });
                if Gype::legal_commands(&state, seat)
                    .iter()
                    .any(|c| matches!(c, Command::Hat { .. }))
                {
                    kinds.insert("hat");
                }
            }
            let command = if turn == 0 {
                Gype::legal_commands(&state, seat)[3].clone()
            } else {
                forward(&state, seat, &mut rng)
            };
            state = apply(state, seat, &command, &mut rng);
            turn += 1;
            assert!(turn < 3000, "the game does not end");
        }
        // Nobody has anything to press once the game is over.
        for seat in 0..players {
            assert!(reachable(&state, seat).is_empty());
        }
    }
    assert_eq!(kinds.len(), 3, "{kinds:?}");
}

#[test]
fn a_stale_or_unknown_selection_shows_the_first_step_again() {
    let mut state = started(2, &Options::default(), 5);
    for seat in 0..2 {
        state = apply(
            state,
            seat,
            &Command::Confirm,
            &mut ChaCha8Rng::seed_from_u64(0),
        );
    }
    let seat = Gype::status(&state).to_act()[0];
    let first = render(&state, Viewer::Seat(seat), Some(seat), &BTreeMap::new());
    for query in [
        vec![("die", "zz")],
        vec![("die", "e5")],
        vec![("die", "a1")],
        vec![("pick", "b1")],
        vec![("to", "c3")],
    ] {
        let query: BTreeMap<String, String> = query
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        assert_eq!(
            render(&state, Viewer::Seat(seat), Some(seat), &query),
            first,
            "{query:?}"
        );
    }
    // A die of the other player is not a choice either.
    let other = state.dice_of(1 - seat).next().unwrap().0;
    let query = BTreeMap::from([("die".to_string(), other.to_string())]);
    assert_eq!(
        render(&state, Viewer::Seat(seat), Some(seat), &query),
        first
    );
}

/// The face words and symbols a cell's HTML would show for a revealed die.
fn shows_a_face(cell_html: &str) -> bool {
    let lower = cell_html.to_lowercase();
    ["flame", "swords", "book", "tree", "hat", "ear"]
        .iter()
        .any(|face| lower.contains(face))
}

#[test]
fn nobody_else_sees_an_arrangement_before_the_reveal() {
    let options = Options::default();
    let mut state = started(3, &options, 8);
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    // Everyone's page before Ann (seat 0) rearranges, and after two swaps.
    let others = [
        (Viewer::Seat(1), Some(1)),
        (Viewer::Seat(2), Some(2)),
        (Viewer::Spectator, None),
    ];
    let before: Vec<String> = others
        .iter()
        .map(|&(v, me)| render(&state, v, me, &BTreeMap::new()))
        .collect();
    let row = state.side(0).unwrap().home_squares();
    let original = state.start_row_faces(0);
    let mut swapped = false;
    for (a, b) in [(0, 5), (1, 7), (2, 3)] {
        let command = Command::Swap {
            a: row[a],
            b: row[b],
        };
        state = apply(state, 0, &command, &mut rng);
        swapped |= state.start_row_faces(0) != original;
    }
    assert!(swapped, "the swaps changed Ann's row");
    for ((viewer, me), before) in others.iter().zip(&before) {
        let after = render(&state, *viewer, *me, &BTreeMap::new());
        assert_eq!(&after, before, "{viewer:?} sees a difference");
        // Ann's start-row squares show no face to them.
        let doc = Html::parse_fragment(&after);
        let cells = Selector::parse("td.sq").unwrap();
        let sqname = Selector::parse(".sqname").unwrap();
        let mut checked = 0;
        for cell in doc.select(&cells) {
            let name: String = cell.select(&sqname).next().unwrap().text().collect();
            if row.iter().any(|s| s.to_string() == name) {
                let inner = cell.inner_html().replace(&name, "");
                assert!(!shows_a_face(&inner), "{viewer:?} sees {inner}");
                assert!(inner.contains(">hidden<"), "{inner}");
                checked += 1;
            }
        }
        assert_eq!(checked, 8);
        let text = Gype::text_board(&Board {
            view: &Gype::view(&state, *viewer),
            path: PATH,
            query: &BTreeMap::new(),
            names: &names(3),
            me: *me,
            actions: None,
            lang: crate::i18n::Lang::En,
        });
        assert_eq!(text.matches("?s").count(), 8, "{text}");
    }
    // Ann sees her own faces.
    let own = render(&state, Viewer::Seat(0), Some(0), &BTreeMap::new());
    assert!(own.contains(face_name(state.start_row_faces(0)[0])));
    // Once everyone has confirmed, all rows are revealed.
    for seat in 0..3 {
        state = apply(state, seat, &Command::Confirm, &mut rng);
    }
    let spectator = render(&state, Viewer::Spectator, None, &BTreeMap::new());
    assert!(!spectator.contains(">hidden<"), "{spectator}");
}

#[test]
fn hat_routes_are_the_squares_whose_dice_the_engine_rolls() {
    let mut state = started(2, &Options::default(), 9);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for seat in 0..2 {
        state = apply(state, seat, &Command::Confirm, &mut rng);
    }
    let seat = Gype::status(&state).to_act()[0];
    // Clear the board, then put the mover's Hat in the middle with dice on every square around.
    for (square, _) in state.board.dice().collect::<Vec<_>>() {
        state.board.set(square, None);
    }
    let from = sq(4, 4);
    state.board.set(
        from,
        Some(Die {
            owner: seat,
            face: Face::Hat,
        }),
    );
    for dc in -1..=1 {
        for dr in -1..=1 {
            let s = from.offset((dc, dr));
            if s != from {
                state.board.set(
                    s,
                    Some(Die {
                        owner: 1 - seat,
                        face: Face::Ear,
                    }),
                );
            }
        }
    }
    let mut tried = 0;
    for command in Gype::legal_commands(&state, seat) {
        let Command::Hat { from, to, path } = command else {
            continue;
        };
        let events = Gype::decide(&state, seat, &command, &mut rng).unwrap();
        let Some(Event::HatMoved { rolls, .. }) = events.first() else {
            panic!("{events:?}")
        };
        let rolled: Vec<Square> = rolls.iter().map(|r| r.at).collect();
        let route: Vec<Square> = hat_route(from, to, path)
            .into_iter()
            .filter(|s| state.board.is_occupied(*s))
            .collect();
        assert_eq!(rolled, route, "{from} to {to} {path:?}");
        tried += 1;
    }
    assert_eq!(tried, 16);
    assert!(hat_route(from, sq(6, 6), HatPath::LongFirst).is_empty());
}

#[test]
fn table_options_are_read_from_the_form_with_defaults_and_clear_errors() {
    let form = |body: &str| FormFields::parse(body.as_bytes()).unwrap();
    assert_eq!(
        Gype::options_from_form(&form("")).unwrap(),
        Options::default()
    );
    assert_eq!(
        Gype::options_from_form(&form("start=random&chaos=on")).unwrap(),
        Options {
            start: StartRule::Random,
            chaos: true
        }
    );
    let error = Gype::options_from_form(&form("start=chaos"))
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("classic start or the random start"),
        "{error}"
    );
    let fields = Gype::options_fields(crate::i18n::Lang::En).unwrap();
    assert!(fields.contains(r#"value="classic" checked"#), "{fields}");
    assert!(fields.contains(r#"name="chaos""#));
    let lines = Gype::describe_options(&Options {
        start: StartRule::Random,
        chaos: true,
    });
    assert!(
        lines[0].to_string().starts_with("Random start")
            && lines[1].to_string().starts_with("Chaos rule")
    );
}

#[test]
fn every_side_sees_its_own_start_row_at_the_bottom_with_labelled_edges() {
    let state = started(4, &Options::default(), 10);
    for seat in 0..4 {
        let html = render(&state, Viewer::Seat(seat), Some(seat), &BTreeMap::new());
        let side = state.side(seat).unwrap();
        let bottom = format!("▼ {} home row: ", side.name());
        assert!(html.contains(&bottom), "{bottom} in {html}");
        let top = format!("▲ {} home row: ", side.opposite().name());
        assert!(html.contains(&top), "{top}");
        assert_eq!(html.matches("<td class=\"sq").count(), 96);
        assert_eq!(html.matches("class=\"corner\"").count(), 4);
    }
    // Two players leave the West and East rows unused.
    let state = started(2, &Options::default(), 11);
    let html = render(&state, Viewer::Spectator, None, &BTreeMap::new());
    assert!(
        html.contains("West home row: not used in this game"),
        "{html}"
    );
    assert_eq!(html.matches(" unused").count(), 16);
}

#[test]
fn under_the_chaos_rule_the_forbidden_half_is_shaded_and_explained() {
    let options = Options {
        chaos: true,
        ..Options::default()
    };
    let mut state = started(2, &options, 12);
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    for seat in 0..2 {
        state = apply(state, seat, &Command::Confirm, &mut rng);
    }
    let seat = Gype::status(&state).to_act()[0];
    assert!(state.chaos_limit);
    let html = render(&state, Viewer::Seat(seat), Some(seat), &BTreeMap::new());
    assert!(html.contains("Chaos rule: you still had dice"), "{html}");
    // Progress 5 to 9 from the mover's side: 4 central rows of 8 and the goal row of 8.
    let shaded = Selector::parse("td.beyond").unwrap();
    assert_eq!(Html::parse_fragment(&html).select(&shaded).count(), 40);
    let other = render(
        &state,
        Viewer::Seat(1 - seat),
        Some(1 - seat),
        &BTreeMap::new(),
    );
    assert!(other.contains(&format!("Chaos rule: {} still had dice", names(2)[seat])));
    let plain = started(2, &Options::default(), 12);
    let html = render(&plain, Viewer::Spectator, None, &BTreeMap::new());
    assert_eq!(Html::parse_fragment(&html).select(&shaded).count(), 0);
    assert!(!html.contains("Chaos rule"));
}
