//! The page offers exactly the legal commands, through its links and forms, in every position
//! of seeded random games; the multi-step choices cope with stale selections; the text board and
//! the options read well.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use scraper::{Html, Selector};

use super::super::{Actions, Board, Choice, GameUi};
use crate::present::form::FormFields;
use crate::rules::azul::{Azul, BoardSide, Colour, Command, Options, Pending, State, Tiles};
use crate::rules::{Rules, Status, Viewer, fold};

const PATH: &str = "/games/test";

fn names(n: usize) -> Vec<String> {
    ["Ann", "Bo", "Cy", "Di"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

fn actions_for(state: &State, seat: usize) -> Actions {
    Actions {
        game_id: "test".into(),
        seq: 7,
        csrf: "token".into(),
        choices: Azul::legal_commands(state, seat)
            .into_iter()
            .map(|command| Choice {
                label: crate::i18n::Lang::En.say(&Azul::command_label(state, &command), &[]),
                command: serde_json::to_value(&command).unwrap(),
            })
            .collect(),
    }
}

/// The board HTML as `seat` sees it with the choice so far in `query`.
fn render(state: &State, seat: Option<usize>, query: &BTreeMap<String, String>) -> String {
    let view = Azul::view(state, seat.map_or(Viewer::Spectator, Viewer::Seat));
    let names = names(state.players.len());
    let actions = seat.map(|s| actions_for(state, s));
    Azul::board(&Board {
        view: &view,
        path: PATH,
        query,
        names: &names,
        me: seat,
        actions: actions.as_ref().filter(|a| !a.choices.is_empty()),
        lang: crate::i18n::Lang::En,
    })
    .unwrap()
}

struct Controls {
    commands: Vec<serde_json::Value>,
    forward: Vec<BTreeMap<String, String>>,
    links: usize,
}

fn controls(html: &str) -> Controls {
    let doc = Html::parse_fragment(html);
    let command = Selector::parse("form.move input[name=command]").unwrap();
    let button = Selector::parse("form.move button").unwrap();
    let choice = Selector::parse("a.choice").unwrap();
    let any_link = Selector::parse("a").unwrap();
    for b in doc.select(&button) {
        let text: String = b.text().collect();
        assert!(!text.trim().is_empty(), "a button without words");
    }
    Controls {
        commands: doc
            .select(&command)
            .map(|i| serde_json::from_str(i.value().attr("value").unwrap()).unwrap())
            .collect(),
        forward: doc
            .select(&choice)
            .map(|a| query_of(a.value().attr("href").unwrap()))
            .collect(),
        links: doc.select(&any_link).count(),
    }
}

/// The text of a page as a reader gets it: whitespace collapsed.
fn words(html: &str) -> String {
    let text: String = Html::parse_fragment(html).root_element().text().collect();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn query_of(href: &str) -> BTreeMap<String, String> {
    let (path, query) = href.split_once('?').unwrap_or((href, ""));
    assert_eq!(path, PATH, "links stay on the game page");
    serde_urlencoded::from_str(query).unwrap()
}

/// Every command reachable from the plain page by following the choice links (breadth first)
/// and reading the move forms. Also checks that every page on the way renders.
fn reachable(state: &State, seat: usize) -> (BTreeSet<String>, usize) {
    let mut seen = BTreeSet::new();
    let mut commands = BTreeSet::new();
    let mut queue = VecDeque::from([BTreeMap::new()]);
    while let Some(query) = queue.pop_front() {
        if !seen.insert(query.clone()) {
            continue;
        }
        let found = controls(&render(state, Some(seat), &query));
        commands.extend(found.commands.iter().map(|c| c.to_string()));
        queue.extend(found.forward);
        assert!(seen.len() < 2_000, "the choice links do not end");
    }
    (commands, seen.len())
}

fn legal(state: &State, seat: usize) -> BTreeSet<String> {
    Azul::legal_commands(state, seat)
        .iter()
        .map(|c| serde_json::to_value(c).unwrap().to_string())
        .collect()
}

/// Plays a seeded random game, checking at every position that the page offers the player to
/// act exactly the legal commands and offers the others (and spectators) none.
fn check_game(options: &Options, players: usize, seed: u64) -> BTreeSet<&'static str> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let events = Azul::setup(options, players, &mut rng);
    let mut state = fold::<Azul>(options, players, &events);
    let mut kinds = BTreeSet::new();
    let mut positions = 0;
    while let Status::ToAct { seats } = Azul::status(&state) {
        positions += 1;
        let seat = seats[0];
        let (offered, _) = reachable(&state, seat);
        assert_eq!(offered, legal(&state, seat), "round {}", state.round);
        for other in (0..players).filter(|&s| s != seat && positions % 5 == 0) {
            let page = controls(&render(&state, Some(other), &BTreeMap::new()));
            assert!(page.commands.is_empty() && page.forward.is_empty());
        }
        let commands = Azul::legal_commands(&state, seat);
        let command = commands[rng.random_range(0..commands.len())].clone();
        kinds.insert(match command {
            Command::Take { .. } => "take",
            Command::Place { .. } => "place",
            Command::ChooseBonus { .. } => "bonus",
            Command::Pass => "pass",
            Command::Keep { .. } => "keep",
        });
        for event in Azul::decide(&state, seat, &command, &mut rng).unwrap() {
            state = Azul::evolve(state, &event);
        }
    }
    let spectator = render(&state, None, &BTreeMap::new());
    assert!(controls(&spectator).commands.is_empty());
    kinds
}

#[test]
fn every_position_of_random_games_offers_exactly_the_legal_commands() {
    let mut kinds = BTreeSet::new();
    for (board, players, seed) in [
        (BoardSide::Standard, 2, 1),
        (BoardSide::Variant, 3, 2),
        (BoardSide::Standard, 4, 3),
    ] {
        kinds.extend(check_game(&Options { board }, players, seed));
    }
    assert_eq!(kinds.len(), 5, "every kind of command came up: {kinds:?}");
}

/// A position in phase 2 from a seeded game: the first time seat `current` may place.
fn placing_position(players: usize, seed: u64) -> State {
    let options = Options::default();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let events = Azul::setup(&options, players, &mut rng);
    let mut state = fold::<Azul>(&options, players, &events);
    loop {
        let seat = Azul::status(&state).to_act()[0];
        let commands = Azul::legal_commands(&state, seat);
        if commands.iter().any(|c| matches!(c, Command::Place { .. })) {
            return state;
        }
        let command = commands[rng.random_range(0..commands.len())].clone();
        for event in Azul::decide(&state, seat, &command, &mut rng).unwrap() {
            state = Azul::evolve(state, &event);
        }
    }
}

#[test]
fn bonus_tiles_are_picked_one_at_a_time_when_there_are_many_ways() {
    let mut state = placing_position(2, 5);
    let seat = state.current;
    // Three bonus tiles owed and a supply of every colour: far too many ways to list them all.
    state.bag.add_all(&state.supply);
    state.supply = Tiles::from_counts([2, 2, 2, 2, 1, 1]);
    state.bag.remove_all(&state.supply);
    state.pending = Some(Pending::Bonus(3));
    let (offered, pages) = reachable(&state, seat);
    assert_eq!(offered, legal(&state, seat));
    assert!(pages > 20, "built up step by step over {pages} pages");

    // Half-way: the choice so far is shown, with links to add and to put back, and no form yet.
    let query = BTreeMap::from([("bonus".to_string(), "red,purple".to_string())]);
    let html = render(&state, Some(seat), &query);
    let page = controls(&html);
    assert!(page.commands.is_empty(), "no form before three are chosen");
    assert!(html.contains("1 purple (wild) and 1 red"), "{html}");
    assert!(html.contains("Put back one red tile") && html.contains("Start again"));
    assert!(html.contains("Add one blue tile"));
    assert!(
        !html.contains("Add one red tile"),
        "the only red tile is chosen already"
    );
    // Complete: the one form is that command.
    let query = BTreeMap::from([("bonus".to_string(), "red,purple,purple".to_string())]);
    let page = controls(&render(&state, Some(seat), &query));
    let wanted = serde_json::to_value(Command::ChooseBonus {
        tiles: Tiles::from_counts([2, 0, 0, 0, 0, 1]),
    })
    .unwrap();
    assert_eq!(page.commands, vec![wanted]);

    // One tile owed: each colour of the supply is a button straight away.
    state.pending = Some(Pending::Bonus(1));
    let page = controls(&render(&state, Some(seat), &BTreeMap::new()));
    assert_eq!(page.commands.len(), 6);
    assert!(page.forward.is_empty());
}

#[test]
fn keeping_tiles_builds_up_and_always_offers_the_choice_so_far() {
    let mut state = placing_position(2, 6);
    let seat = state.current;
    state.players[seat].passed = true;
    let hand = Tiles::from_counts([1, 3, 0, 2, 0, 1]);
    state.bag.add_all(&state.players[seat].hand);
    state.players[seat].hand = hand;
    state.bag.remove_all(&hand);
    state.pending = Some(Pending::Keep);
    let (offered, _) = reachable(&state, seat);
    assert_eq!(offered, legal(&state, seat));

    let html = render(&state, Some(seat), &BTreeMap::new());
    assert!(
        html.contains("Keep nothing and discard all 7 tiles"),
        "{html}"
    );
    let query = BTreeMap::from([("keep".to_string(), "green,green,green,red".to_string())]);
    let html = render(&state, Some(seat), &query);
    let page = controls(&html);
    assert_eq!(
        page.forward.len(),
        1,
        "four are kept: only the confirmation is left"
    );
    assert_eq!(page.forward[0]["confirm"], "keep");
    assert!(
        page.commands.is_empty(),
        "throwing tiles away is asked again"
    );
    assert!(
        html.contains("Keep 3 green and 1 red and discard 3 tiles"),
        "{html}"
    );
    let confirming = render(&state, Some(seat), &page.forward[0]);
    assert_eq!(controls(&confirming).commands.len(), 1);
    assert!(confirming.contains("you lose"), "{confirming}");
    assert!(
        confirming.contains("No, change what I keep"),
        "{confirming}"
    );
}

#[test]
fn passing_is_asked_again_before_it_is_made() {
    let state = placing_position(2, 8);
    let seat = state.current;
    let html = render(&state, Some(seat), &BTreeMap::new());
    let page = controls(&html);
    assert!(
        !page.commands.contains(&serde_json::json!({"type": "pass"})),
        "no one-click pass: {html}"
    );
    let ask = page
        .forward
        .iter()
        .find(|q| q.get("confirm").map(String::as_str) == Some("pass"))
        .expect("a link to pass");
    let confirming = render(&state, Some(seat), ask);
    assert!(confirming.contains("Pass now?"), "{confirming}");
    assert_eq!(
        controls(&confirming).commands,
        vec![serde_json::json!({"type": "pass"})]
    );
}

#[test]
fn a_stale_or_unknown_selection_shows_the_first_step_again() {
    let state = placing_position(3, 7);
    let seat = state.current;
    let first = controls(&render(&state, Some(seat), &BTreeMap::new()));
    assert!(!first.forward.is_empty(), "spaces to choose");
    for (key, value) in [
        ("space", "9-9"),
        ("space", "nonsense"),
        ("space", "1-1-1"),
        ("keep", "red,red"),
        ("bonus", "gold"),
        ("other", "x"),
    ] {
        let query = BTreeMap::from([(key.to_string(), value.to_string())]);
        let page = controls(&render(&state, Some(seat), &query));
        assert_eq!(page.commands, first.commands, "{key}={value}");
        assert_eq!(page.forward.len(), first.forward.len(), "{key}={value}");
    }
    // A covered space is stale too.
    let mut covered = state.clone();
    let chosen = first
        .forward
        .iter()
        .find_map(|q| q.get("space"))
        .unwrap()
        .clone();
    let (star, pos) = chosen.split_once('-').unwrap();
    let space = crate::rules::azul::Space::new(star.parse().unwrap(), pos.parse().unwrap());
    covered.players[seat].board.set(space, Colour::Red);
    let query = BTreeMap::from([("space".to_string(), chosen)]);
    let html = render(&covered, Some(seat), &query);
    assert!(html.contains("Your turn: place a tile or pass"), "{html}");
}

#[test]
fn choosing_a_space_offers_one_button_per_way_of_paying() {
    let mut state = placing_position(2, 8);
    let seat = state.current;
    // Round 1: purple is wild. 2 blue and 2 purple in hand.
    state.round = 1;
    state.bag.add_all(&state.players[seat].hand);
    let hand = Tiles::from_counts([2, 0, 0, 0, 2, 0]);
    state.players[seat].hand = hand;
    state.bag.remove_all(&hand);
    // Blue star (4), space 3: 3 blue, or 2 blue + 1 purple, or 1 blue + 2 purple.
    let query = BTreeMap::from([("space".to_string(), "4-3".to_string())]);
    let html = render(&state, Some(seat), &query);
    let page = controls(&html);
    assert_eq!(page.commands.len(), 2, "{html}");
    assert!(
        html.contains("Place blue, paying 2 blue + 1 purple (wild)"),
        "{html}"
    );
    assert!(
        html.contains("Place blue, paying 1 blue + 2 purple (wild)"),
        "{html}"
    );
    assert!(
        html.contains("Blue star, space 3 — costs 3 tiles"),
        "{html}"
    );
    assert!(html.contains("Choose another space, or pass"));
    // Blue star space 1: one way only, still confirmed with a button.
    let query = BTreeMap::from([("space".to_string(), "4-1".to_string())]);
    let page = controls(&render(&state, Some(seat), &query));
    assert_eq!(page.commands.len(), 1);
}

#[test]
fn the_board_names_every_star_space_and_tile_in_words() {
    let mut state = placing_position(2, 9);
    state.players[0]
        .board
        .set(crate::rules::azul::Space::new(1, 2), Colour::Purple);
    let html = render(&state, None, &BTreeMap::new());
    let text = words(&html);
    for star in [
        "Centre star:",
        "Purple star:",
        "Orange star:",
        "Red star:",
        "Blue star:",
        "Yellow star:",
        "Green star:",
    ] {
        assert_eq!(text.matches(star).count(), 2, "{star} on both boards");
    }
    assert!(
        text.contains("Purple star: 1 empty, 2 purple, 3 empty"),
        "{text}"
    );
    assert!(text.contains("Round 1 of 6: purple is wild"), "{text}");
    assert!(text.contains("Tiles next to the board"));
    assert_eq!(controls(&html).links, 0, "a spectator has nothing to press");

    // The grey side numbers its stars.
    let options = Options {
        board: BoardSide::Variant,
    };
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let state = fold::<Azul>(&options, 2, &Azul::setup(&options, 2, &mut rng));
    let html = render(&state, None, &BTreeMap::new());
    let text = words(&html);
    assert!(
        text.contains("Star 1: 3 empty, 2 empty, 1 empty, 4 empty"),
        "{text}"
    );
}

#[test]
fn the_text_board_shows_the_round_the_table_and_every_player() {
    let options = Options::default();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let state = fold::<Azul>(&options, 3, &Azul::setup(&options, 3, &mut rng));
    let view = Azul::view(&state, Viewer::Seat(1));
    let names = names(3);
    let query = BTreeMap::new();
    let text = Azul::text_board(&Board {
        view: &view,
        path: PATH,
        query: &query,
        names: &names,
        me: Some(1),
        actions: None,
        lang: crate::i18n::Lang::En,
    });
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("Round 1 of 6, purple is wild: taking tiles."),
        "{text}"
    );
    assert_eq!(lines[1], "Factories:", "{text}");
    assert!(lines[2].starts_with("  1 ["), "{text}");
    assert_eq!(lines[2].matches('[').count(), 3, "{text}");
    assert_eq!(lines[3].matches('[').count(), 3, "{text}");
    assert_eq!(
        lines[4].matches('[').count(),
        1,
        "7 factories for 3 players: {text}"
    );
    // Lines drawn in columns fit a phone's mail reader; prose wraps.
    let drawn = lines.iter().filter(|l| l.trim_start().contains("  "));
    assert!(
        drawn.clone().count() > 0 && drawn.clone().all(|l| l.chars().count() <= 40),
        "{text}"
    );
    assert!(
        text.contains("Centre: empty and the start player token"),
        "{text}"
    );
    assert!(text.contains("Bo (you): 5 points"), "{text}");
    assert!(text.contains("Ann: 5 points") && text.contains("Cy: 5 points"));
    assert!(lines.iter().all(|l| l.len() <= 80), "{text}");
}

#[test]
fn options_read_from_the_form_with_a_clear_message_for_bad_values() {
    let form = |body: &str| FormFields::parse(body.as_bytes()).unwrap();
    assert_eq!(
        Azul::options_from_form(&form("")).unwrap(),
        Options::default()
    );
    assert_eq!(
        Azul::options_from_form(&form("board=variant"))
            .unwrap()
            .board,
        BoardSide::Variant
    );
    assert_eq!(
        Azul::options_from_form(&form("board=standard"))
            .unwrap()
            .board,
        BoardSide::Standard
    );
    let error = Azul::options_from_form(&form("board=glazed"))
        .unwrap_err()
        .to_string();
    assert!(error.contains("grey boards"), "{error}");
    let fields = Azul::options_fields(crate::i18n::Lang::En).unwrap();
    assert!(fields.contains("value=\"standard\" checked"), "{fields}");
    assert!(
        Azul::describe_options(&Options::default())[0]
            .to_string()
            .starts_with("Coloured boards")
    );
}

#[test]
fn the_player_placing_tiles_sees_their_own_board_before_the_table() {
    let state = placing_position(3, 9);
    let seat = Azul::status(&state).to_act()[0];
    let others = (0..3).find(|&s| s != seat).unwrap();
    let position = |html: &str, class: &str| html.find(class).unwrap();
    let placing = render(&state, Some(seat), &BTreeMap::new());
    assert!(
        position(&placing, "class=\"azul-players\"") < position(&placing, "class=\"azul-table\""),
        "the placer's board comes first"
    );
    let waiting = render(&state, Some(others), &BTreeMap::new());
    assert!(
        position(&waiting, "class=\"azul-table\"") < position(&waiting, "class=\"azul-players\""),
        "the others see the table first"
    );
    assert_eq!(placing.matches("class=\"azul-players\"").count(), 1);
}
