//! Playing the computer in Chromium without JavaScript: the table is set with the "Play … against
//! the computer" button, the board says the computer is thinking with a link to look again (a page
//! that reloads itself would take a screen reader's place away), and the game is played to its
//! end.

use std::time::{Duration, Instant};

use scraper::Selector;
use serde_json::Value;

use super::{Chromedriver, Person, kind_name};
use crate::computers::{persons_move, player_id};
use crate::support::TestApp;

/// Moves the person makes by clicking before the rest of a long game is played through the
/// JSON twin, as a tool would.
const CLICKED_MOVES: usize = 4;

fn thinking(person: &Person) -> bool {
    let doc = person.doc();
    doc.select(&Selector::parse("p.thinking").unwrap())
        .next()
        .is_some()
}

const LOOK_AGAIN: &str = "See the move";

/// Follows the page's link to look again until it shows the computer's move.
async fn until_the_page_moves_on(person: &mut Person) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while thinking(person) {
        assert!(
            Instant::now() < deadline,
            "the page never showed the computer's move:\n{}",
            person.text()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
        person.follow(LOOK_AGAIN).await;
    }
}

/// The person's move: a button on the page whose command is the one chosen for them, clicked;
/// or, where the page reaches it in more than one step, made through the twin.
async fn make_move(person: &mut Person, path: &str, command: &Value, twin: &Value, click: bool) {
    let button = person
        .buttons()
        .into_iter()
        .find(|b| serde_json::from_str::<Value>(&b.target).ok().as_ref() == Some(command));
    match button {
        Some(button) if click => person.click(&button).await,
        _ => person.play_as_tool(path, twin, command).await,
    }
}

async fn against_the_computer_in_chromium(kind: &'static str, level: &str) {
    // This server plays no computer moves: the board must wait for one, saying so.
    let app = TestApp::start_with(|s| s.computers.worker = false).await;
    let driver = Chromedriver::start().await;
    let mut ann = Person::sign_in(&app, &driver, "Ann").await;
    ann.open("/games/new").await;
    ann.tick(&format!("#computer_1_{kind} option[value=\"{level}\"]"))
        .await;
    let game = kind_name(kind, ann.lang);
    ann.press(&format!("Play {game} against the computer"))
        .await;
    let path = url::Url::parse(&ann.url).unwrap().path().to_string();
    assert!(path.starts_with("/games/"), "{}", ann.url);
    let computer = format!("{}{} computer", &level[..1].to_uppercase(), &level[1..]);
    ann.expect_text(&computer);
    let me = player_id(&app, "ann@example.com");
    // The first time the computer is to move, nobody plays it yet: the page says it thinks;
    // then a server that plays computers starts, and looking again shows its move.
    let mut worker = None;
    let mut moves = 0;
    loop {
        let twin = ann.twin(&path).await;
        if twin["phase"] == "finished" {
            break;
        }
        if twin["legal_commands"].as_array().unwrap().is_empty() {
            if worker.is_none() {
                ann.reload().await;
                assert!(thinking(&ann), "no word of the computer thinking");
                ann.expect_text(&format!("{computer} is thinking"));
                assert!(ann.has_link(LOOK_AGAIN), "no link to look again");
                worker = Some(app.server_with(|s| s.computers.worker = true));
                until_the_page_moves_on(&mut ann).await;
            } else {
                until_mine(&ann, &path).await;
            }
            continue;
        }
        let (seq, command) = persons_move(&app, &path, me);
        if Some(seq) != twin["seq"].as_i64() {
            continue;
        }
        let click = moves < CLICKED_MOVES;
        if click {
            ann.reload().await;
        }
        make_move(&mut ann, &path, &command, &twin, click).await;
        moves += 1;
        assert!(moves < 2_000, "the game does not end");
    }
    ann.reload().await;
    ann.expect_fragments("status-game-over", "result");
    assert!(
        !ann.has_link(LOOK_AGAIN),
        "a finished game waits for a move"
    );
    ann.screenshot(&format!("computer-{kind}")).await;
    drop(worker);
}

/// Waits until the person may act or the game is over, as the test's own eyes (not the
/// browser) see it.
async fn until_mine(ann: &Person, path: &str) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let twin = ann.twin(path).await;
        let mine = !twin["legal_commands"].as_array().unwrap().is_empty();
        if mine || twin["phase"] == "finished" {
            return;
        }
        assert!(Instant::now() < deadline, "the computer did not move");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[actix_web::test]
async fn kalah_is_played_against_the_hard_computer_in_chromium() {
    against_the_computer_in_chromium("kalah", "hard").await;
}

#[actix_web::test]
async fn quarto_is_played_against_the_medium_computer_in_chromium() {
    against_the_computer_in_chromium("quarto", "medium").await;
}

#[actix_web::test]
async fn kabaleo_is_played_against_the_easy_computer_in_chromium() {
    against_the_computer_in_chromium("kabaleo", "easy").await;
}

#[actix_web::test]
async fn azul_is_played_against_the_medium_computer_in_chromium() {
    against_the_computer_in_chromium("azul", "medium").await;
}

#[actix_web::test]
async fn gype_is_played_against_the_hard_computer_in_chromium() {
    against_the_computer_in_chromium("gype", "hard").await;
}
