//! Every sentence the five games produce — event descriptions, move labels, option lists and
//! results — read over many random games for the slips that make a page look careless: "1 points",
//! "a orange", "−0 points", a sentence said twice in a row.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::GameUi;
use crate::i18n::Lang;
use crate::present::result::{Ending, result_message};
use crate::rules::azul::Azul;
use crate::rules::gype::Gype;
use crate::rules::kabaleo::Kabaleo;
use crate::rules::kalah::Kalah;
use crate::rules::quarto::Quarto;
use crate::rules::{Status, fold};

const NAMES: [&str; 4] = ["Ann", "Bo", "Cy", "Dave"];

/// Nouns whose count is written before them somewhere in the games' texts.
const COUNTED: [&str; 9] = [
    "point", "seed", "piece", "tile", "die", "pile", "move", "day", "square",
];

/// What reads wrong in `text`, if anything.
fn slips(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let words: Vec<&str> = text.split_whitespace().collect();
    for pair in words.windows(2) {
        let (first, second) = (pair[0], pair[1]);
        // "column a (all tall)": a bracket starts a new phrase.
        let bare = second
            .trim_start_matches('“')
            .trim_end_matches([',', '.', ';', ':', ')', '”']);
        let first = first.trim_start_matches(['(', '“']);
        // Square names ("a a2" is a row's label and its first square) are not words.
        let starts_with_vowel = (bare.to_lowercase()).starts_with(['a', 'e', 'i', 'o', 'u'])
            && bare.chars().all(char::is_alphabetic);
        if first.eq_ignore_ascii_case("a") && starts_with_vowel && !bare.starts_with("one") {
            found.push(format!("“a {bare}”"));
        }
        if first.eq_ignore_ascii_case("an") && !starts_with_vowel && !bare.is_empty() {
            found.push(format!("“an {bare}”"));
        }
        let singular_count = matches!(first, "1" | "−1" | "-1" | "+1");
        if singular_count && COUNTED.iter().any(|noun| format!("{noun}s") == bare) {
            found.push(format!("“{first} {bare}”"));
        }
        if singular_count && bare == "dice" {
            found.push(format!("“{first} dice”"));
        }
        if matches!(first, "−0" | "-0" | "+0") {
            found.push(format!("“{first} {bare}”"));
        }
        if first == second && first.chars().all(char::is_alphabetic) {
            found.push(format!("“{first} {second}”"));
        }
    }
    let sentences: Vec<&str> = text
        .split(['.', ';'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    for pair in sentences.windows(2) {
        if pair[0] == pair[1] {
            found.push(format!("“{}” twice", pair[0]));
        }
    }
    found
}

/// Everything a random game of `R` writes: its options, every move label offered, every event
/// and the result, plus what a resignation at a random point says.
fn texts_of_games<R: GameUi>(options: &R::Options, games: u64, lang: Lang) -> Vec<String> {
    let mut texts: Vec<String> = R::describe_options(options)
        .iter()
        .map(|m| lang.say(m, &[]))
        .collect();
    for players in R::player_counts(options) {
        let names: Vec<String> = NAMES[..players].iter().map(|n| n.to_string()).collect();
        for game in 0..games {
            let mut rng = ChaCha8Rng::seed_from_u64(game * 10 + players as u64);
            let mut events = R::setup(options, players, &mut rng);
            let mut state = fold::<R>(options, players, &events);
            let resign_at = rng.random_range(0..40);
            for step in 0..3000 {
                let Status::ToAct { seats } = R::status(&state) else {
                    break;
                };
                let seat = seats[rng.random_range(0..seats.len())];
                if step == resign_at {
                    let resigned = R::resign(&state, seat);
                    texts.extend(resigned.iter().map(|e| lang.say(&R::describe(e), &names)));
                }
                let legal = R::legal_commands(&state, seat);
                texts.extend(
                    legal
                        .iter()
                        .map(|c| lang.say(&R::command_label(&state, c), &[])),
                );
                let command = &legal[rng.random_range(0..legal.len())];
                let new_events = R::decide(&state, seat, command, &mut rng).expect("legal");
                for event in &new_events {
                    state = R::evolve(state, event);
                }
                events.extend(new_events);
            }
            texts.extend(events.iter().map(|e| lang.say(&R::describe(e), &names)));
            if let Status::Finished { outcome } = R::status(&state) {
                let ending = Ending {
                    outcome,
                    departures: Vec::new(),
                    decided_by: R::decided_by(&state),
                };
                let result = result_message::<R>(&ending);
                texts.push(lang.say(&result, &names));
            }
        }
    }
    texts
}

fn assert_well_written(kind: &str, texts: Vec<String>) {
    let mut bad: Vec<String> = texts
        .iter()
        .flat_map(|text| {
            slips(text)
                .into_iter()
                .map(move |s| format!("{s} in “{text}”"))
        })
        .collect();
    bad.sort();
    bad.dedup();
    assert!(bad.is_empty(), "{kind}:\n{}", bad.join("\n"));
}

#[test]
fn the_slips_are_found() {
    assert_eq!(slips("Ann scored 1 points."), ["“1 points”"]);
    assert_eq!(slips("Take a orange tile"), ["“a orange”"]);
    assert_eq!(slips("Lose −0 points"), ["“−0 points”"]);
    assert_eq!(
        slips("Bo resigned. Bo resigned; the end."),
        ["“Bo resigned” twice"]
    );
    assert_eq!(
        slips("an blue and a one-point tile, 1 die, 2 dice"),
        ["“an blue”"]
    );
    assert!(slips("Ann took an orange tile and 1 point.").is_empty());
}

#[test]
fn kalah_reads_well() {
    use crate::rules::kalah::{EndRule, Options};
    for end_rule in [EndRule::NoMove, EndRule::EitherSideEmpty] {
        let options = Options {
            seeds_per_pit: 3,
            pie_rule: true,
            empty_capture: true,
            end_rule,
        };
        assert_well_written("Kalah", texts_of_games::<Kalah>(&options, 20, Lang::En));
    }
}

#[test]
fn quarto_reads_well() {
    use crate::rules::quarto::QuartoOptions;
    let options = QuartoOptions { advanced: true };
    assert_well_written("Quarto", texts_of_games::<Quarto>(&options, 20, Lang::En));
}

#[test]
fn kabaleo_reads_well() {
    let options = Default::default();
    assert_well_written("Kabaleo", texts_of_games::<Kabaleo>(&options, 10, Lang::En));
}

#[test]
fn azul_reads_well() {
    let options = Default::default();
    assert_well_written("Azul", texts_of_games::<Azul>(&options, 3, Lang::En));
}

#[test]
fn gype_reads_well() {
    let options = Default::default();
    assert_well_written("Gype", texts_of_games::<Gype>(&options, 5, Lang::En));
}

/// Words of three or more Latin letters in `text` that are not players' names: in a Japanese
/// text they are English left untranslated.
fn english_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|word| word.len() >= 3 && !NAMES.contains(word))
        .map(str::to_string)
        .collect()
}

#[test]
fn japanese_texts_of_every_game_hold_no_english_word() {
    fn check<R: GameUi>(kind: &str, options: &R::Options, games: u64) {
        let mut found: Vec<String> = texts_of_games::<R>(options, games, Lang::Ja)
            .iter()
            .flat_map(|text| {
                english_words(text)
                    .into_iter()
                    .map(move |w| format!("“{w}” in “{text}”"))
            })
            .collect();
        found.sort();
        found.dedup();
        assert!(found.is_empty(), "{kind}:\n{}", found.join("\n"));
    }
    assert_eq!(
        english_words("Ann さんが穴 3 から種をまきました"),
        Vec::<String>::new()
    );
    assert_eq!(english_words("Bo sowed pit 3"), ["sowed", "pit"]);
    check::<Kalah>("Kalah", &Default::default(), 5);
    check::<Quarto>("Quarto", &Default::default(), 5);
    check::<Kabaleo>("Kabaleo", &Default::default(), 3);
    check::<Azul>("Azul", &Default::default(), 1);
    check::<Gype>("Gype", &Default::default(), 2);
}

/// The visible words of an HTML fragment: tags, attributes and entities removed.
fn visible_text(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                text.push(' ');
            }
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    let mut plain = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(start) = rest.find('&') {
        plain.push_str(&rest[..start]);
        let after = &rest[start..];
        match after.find(';').filter(|&end| end <= 8) {
            Some(end) => rest = &after[end + 1..],
            None => {
                plain.push('&');
                rest = &after[1..];
            }
        }
    }
    plain.push_str(rest);
    plain
}

/// The links of a board that add a step to the choice, as their queries.
fn step_queries(html: &str, path: &str) -> Vec<std::collections::BTreeMap<String, String>> {
    let marker = format!("href=\"{path}?");
    html.match_indices(&marker)
        .filter_map(|(at, _)| {
            let query = &html[at + marker.len()..];
            let query = &query[..query.find('"')?];
            serde_urlencoded::from_str(&query.replace("&amp;", "&")).ok()
        })
        .collect()
}

/// Every board a random game of `R` draws in `lang`, as visible text: the page board of the
/// player to act at each step and of a spectator, the choices built up by following random step
/// links, and the plain-text board of emails.
fn boards_of_games<R: GameUi>(
    options: &R::Options,
    games: u64,
    lang: Lang,
    text_boards: bool,
) -> Vec<String> {
    use std::collections::BTreeMap;

    use super::{Actions, Board, Choice};
    use crate::rules::Viewer;

    let mut texts = vec![visible_text(&R::options_fields(lang).expect("renders"))];
    let path = "/games/g";
    for players in R::player_counts(options) {
        let names: Vec<String> = NAMES[..players].iter().map(|n| n.to_string()).collect();
        for game in 0..games {
            let mut rng = ChaCha8Rng::seed_from_u64(game * 10 + players as u64);
            let events = R::setup(options, players, &mut rng);
            let mut state = fold::<R>(options, players, &events);
            for _ in 0..3000 {
                let seats = match R::status(&state) {
                    Status::ToAct { seats } => seats,
                    Status::Finished { .. } => Vec::new(),
                };
                let seat = seats.get(rng.random_range(0..seats.len().max(1))).copied();
                let viewers = seat
                    .map(Viewer::Seat)
                    .into_iter()
                    .chain([Viewer::Spectator]);
                for viewer in viewers {
                    let me = match viewer {
                        Viewer::Seat(seat) => Some(seat),
                        _ => None,
                    };
                    let view = R::view(&state, viewer);
                    let actions = me.map(|seat| Actions {
                        game_id: "g".into(),
                        seq: 1,
                        csrf: "t".into(),
                        choices: R::legal_commands(&state, seat)
                            .into_iter()
                            .map(|command| Choice {
                                label: lang.say(&R::command_label(&state, &command), &names),
                                command: serde_json::to_value(&command).expect("serializes"),
                            })
                            .collect(),
                    });
                    let mut query = BTreeMap::new();
                    for _ in 0..6 {
                        let board = Board::<R> {
                            view: &view,
                            path,
                            query: &query,
                            names: &names,
                            me,
                            actions: actions.as_ref(),
                            lang,
                        };
                        let html = R::board(&board).expect("renders");
                        texts.push(visible_text(&html));
                        if query.is_empty() {
                            if text_boards {
                                texts.push(R::text_board(&board));
                            }
                            texts.extend(R::in_words(&board));
                        }
                        let steps = step_queries(&html, path);
                        if steps.is_empty() {
                            break;
                        }
                        query = steps[rng.random_range(0..steps.len())].clone();
                    }
                }
                let Some(seat) = seat else { break };
                let legal = R::legal_commands(&state, seat);
                let command = &legal[rng.random_range(0..legal.len())];
                for event in R::decide(&state, seat, command, &mut rng).expect("legal") {
                    state = R::evolve(state, &event);
                }
            }
        }
    }
    texts
}

#[test]
fn the_visible_text_of_a_board_leaves_out_markup() {
    assert_eq!(
        visible_text("<p class=\"x\">Ann&#x27;s <b>pit</b></p>")
            .split_whitespace()
            .collect::<Vec<_>>(),
        ["Anns", "pit"]
    );
    let html = "<a href=\"/games/g?pick=1&amp;to=b2\">x</a> <a href=\"/other\">y</a>";
    let steps = step_queries(html, "/games/g");
    assert_eq!(steps.len(), 1);
    assert_eq!(steps[0]["to"], "b2");
}

#[test]
fn japanese_boards_of_every_game_hold_no_english_word() {
    fn check<R: GameUi>(kind: &str, options: &R::Options, games: u64) {
        // Capitals are move codes, which replies are written in: "give TDRH".
        let mut found: Vec<String> = boards_of_games::<R>(options, games, Lang::Ja, true)
            .iter()
            .flat_map(|text| english_words(text))
            .filter(|word| !word.chars().all(|c| c.is_ascii_uppercase()))
            .collect();
        found.sort();
        found.dedup();
        assert!(found.is_empty(), "{kind}: {}", found.join(" "));
    }
    check::<Kalah>("Kalah", &Default::default(), 2);
    check::<Quarto>("Quarto", &Default::default(), 2);
    check::<Kabaleo>("Kabaleo", &Default::default(), 1);
    check::<Azul>("Azul", &Default::default(), 1);
    check::<Gype>("Gype", &Default::default(), 1);
}

/// The boards' visible words and the position in words; the emails' fixed-width boards are codes
/// in columns, not sentences.
#[test]
fn english_boards_and_their_words_read_well() {
    fn check<R: GameUi>(kind: &str) {
        assert_well_written(
            kind,
            boards_of_games::<R>(&Default::default(), 1, Lang::En, false),
        );
    }
    check::<Kalah>("Kalah");
    check::<Quarto>("Quarto");
    check::<Kabaleo>("Kabaleo");
    check::<Azul>("Azul");
    check::<Gype>("Gype");
}
