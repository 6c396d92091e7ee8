//! Every legal command of many random games has a code of its own, and reading that code back
//! gives the command.

use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use serde_json::{Value, json};

use super::vocabulary::code_in;
use super::{MoveCodes, legal_codes, read_among, read_next, words};
use crate::i18n::Lang;
use crate::present::positions::{each_position, position_after};
use crate::rules::{Rules, azul::Azul, gype::Gype, kabaleo::Kabaleo, kalah::Kalah, quarto::Quarto};

fn every_code_reads_back<R: MoveCodes>(options: Value, players: usize, games: u64) {
    let options: R::Options = serde_json::from_value(options).unwrap();
    each_position::<R>(&options, players, games, |state, seat| {
        let legal = R::legal_commands(state, seat);
        // What `read_next` reads a reply against, listed once for the position.
        let codes = legal_codes::<R>(state, seat);
        // Each code as written in English and as a Japanese reader writes it.
        let written = legal.iter().flat_map(|command| {
            let code = R::code(state, command);
            [(command, code_in(Lang::Ja, &code)), (command, code)]
        });
        for (command, code) in written {
            let read = words::<R>(&code);
            let (found, used) = read_among(&codes, &read)
                .unwrap_or_else(|| panic!("{} code {code:?} does not read", R::NAME));
            assert_eq!(
                used,
                read.len(),
                "{} code {code:?} is read in part",
                R::NAME
            );
            if found != *command {
                // Two commands share a code only when they lead to the same position.
                assert_eq!(
                    position_after::<R>(state, seat, &found),
                    position_after::<R>(state, seat, command),
                    "{} code {code:?} names two different commands",
                    R::NAME
                );
            }
        }
    });
}

#[test]
fn kalah_codes_read_back() {
    every_code_reads_back::<Kalah>(json!({}), 2, 40);
    every_code_reads_back::<Kalah>(json!({"pie_rule": true}), 2, 40);
}

#[test]
fn quarto_codes_read_back() {
    every_code_reads_back::<Quarto>(json!({}), 2, 40);
}

#[test]
fn kabaleo_codes_read_back() {
    for players in 2..=4 {
        every_code_reads_back::<Kabaleo>(json!({}), players, 10);
    }
}

#[test]
fn azul_codes_read_back() {
    every_code_reads_back::<Azul>(json!({}), 2, 3);
    every_code_reads_back::<Azul>(json!({"board": "variant"}), 3, 2);
}

#[test]
fn gype_codes_read_back() {
    for players in 2..=4 {
        every_code_reads_back::<Gype>(json!({}), players, 4);
    }
}

#[test]
fn replies_may_add_fillers_punctuation_and_other_orders() {
    let azul = words::<Azul>("Keep red, Green and green!");
    assert_eq!(azul, ["keep", "green", "green", "red"]);
    assert_eq!(words::<Kalah>("Sow pit 3."), ["3"]);
    assert_eq!(words::<Gype>("swap c1 with a1"), ["swap", "a1", "c1"]);
    assert_eq!(
        words::<Quarto>("Place on C3, then give TDRH"),
        ["c3", "give", "tdrh"]
    );
    assert_eq!(words::<Kabaleo>("red on pile 3"), ["red", "3"]);
    assert_eq!(words::<Kabaleo>("赤を山３に"), ["red", "を", "3", "に"]);
    assert_eq!(words::<Kabaleo>("「赤 山 3」。"), ["red", "3"]);
    assert_eq!(words::<Azul>("取る3赤"), ["take", "3", "red"]);
    assert_eq!(
        words::<Quarto>("ｃ３ 次に 渡す ＴＤＲＨ"),
        ["c3", "give", "tdrh"]
    );
    assert_eq!(words::<Kalah>("穴 3"), ["3"]);
}

#[test]
fn the_longest_code_wins_and_nothing_else_is_read() {
    let options = Default::default();
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    let events = Kalah::setup(&options, 2, &mut rng);
    let state = crate::rules::fold::<Kalah>(&options, 2, &events);
    let seat = Kalah::status(&state).to_act()[0];
    assert_eq!(read_next::<Kalah>(&state, seat, &words::<Kalah>("7")), None);
    assert_eq!(
        read_next::<Kalah>(&state, seat, &words::<Kalah>("hello 3")),
        None
    );
    let (command, used) = read_next::<Kalah>(&state, seat, &words::<Kalah>("3 then 4")).unwrap();
    assert_eq!(used, 1);
    assert_eq!(Kalah::code(&state, &command), "3");
}
