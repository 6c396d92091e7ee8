//! Playing the computer by email alone: every reply that moves is answered with the computer's
//! move and the board it leaves, so a whole game needs no page after the table is set.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::by_email::{
    Inbound, Policy, at_random, gype_progress, newest, newest_offer, offered_codes, reply,
    reply_address,
};
use crate::computers::play_the_computer;
use crate::support::TestApp;

async fn by_replies_against(kind: &str, level: &str, policy: Policy) {
    let app = TestApp::start_with(|s| s.inbound.replies_per_player_per_hour = 100_000).await;
    let ann = app.signed_in("ann@example.com", "Ann").await;
    let path = play_the_computer(&ann, kind, &[level]).await;
    let inbound = Inbound::start(&app);
    let email = "ann@example.com";
    let computer = format!("{}{} computer", &level[..1].to_uppercase(), &level[1..]);
    let mut rng = ChaCha8Rng::seed_from_u64(kind.len() as u64);
    let mut replies = 0;
    let mut answered_by_computer = 0;
    loop {
        let twin = crate::computers::wait_for_turn(&ann, &path).await;
        if twin["phase"] == "finished" {
            break;
        }
        let offer = newest_offer(&app, email).expect("an email to reply to");
        let codes = offered_codes(&offer);
        let to = reply_address(&offer);
        let said = if codes.is_empty() {
            // A step every seat takes at once, whose offer the computer's move made stale.
            "board".to_string()
        } else {
            policy(&twin, &codes, &mut rng)
        };
        inbound
            .send(email, &to, &reply(email, &to, &offer.subject, &said))
            .unwrap();
        let answer = newest(&app, email, |m| m.subject.starts_with("Re: ")).expect("an answer");
        if answer.text.contains(&format!("{computer} played: ")) {
            answered_by_computer += 1;
        }
        replies += 1;
        assert!(replies < 1_500, "the game does not end");
    }
    assert!(
        answered_by_computer > 0,
        "no answer carried the computer's move"
    );
    let finished = ann.get_json(&path).await.json();
    assert_eq!(finished["phase"], "finished");
    // The answers carried the computer's moves: hardly any "your turn" email was needed besides.
    let turn_mails = app
        .mails_to(email)
        .iter()
        .filter(|m| !m.subject.starts_with("Re: ") && m.subject.contains("Your turn"))
        .count();
    assert!(
        turn_mails <= 2,
        "{turn_mails} turn emails beside {replies} answers"
    );
}

#[actix_web::test]
async fn kalah_is_played_against_the_hard_computer_by_replies_alone() {
    by_replies_against("kalah", "hard", at_random).await;
}

#[actix_web::test]
async fn quarto_is_played_against_the_easy_computer_by_replies_alone() {
    by_replies_against("quarto", "easy", at_random).await;
}

#[actix_web::test]
async fn kabaleo_is_played_against_the_medium_computer_by_replies_alone() {
    by_replies_against("kabaleo", "medium", at_random).await;
}

#[actix_web::test]
async fn azul_is_played_against_the_hard_computer_by_replies_alone() {
    by_replies_against("azul", "hard", at_random).await;
}

#[actix_web::test]
async fn gype_is_played_against_the_easy_computer_by_replies_alone() {
    by_replies_against("gype", "easy", gype_progress).await;
}
