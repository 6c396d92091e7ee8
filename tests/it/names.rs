//! Display names: unique whatever their case, and looked up wherever a player is shown, so a
//! rename shows on boards, in the history and in emails from then on.

use crate::kalah_game::started_game;
use crate::notifications::pass_turn;
use crate::support::TestApp;

#[actix_web::test]
async fn names_are_unique_whatever_their_case() {
    let app = TestApp::start().await;
    let _ann = app.signed_in("ann@example.com", "Ann").await;
    let other = app.signed_in("someone@example.com", "Someone").await;
    let refused = other.rename("  aNN ").await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(
        refused.body.contains("Another player is already called"),
        "{}",
        refused.body
    );
    assert!(other.get("/").await.body.contains("Signed in as Someone"));
    // Keeping one's own name, in another case, is fine.
    assert_eq!(other.rename("SOMEONE").await.status, 200);

    // Newcomers whose addresses start alike get distinct names.
    let first = app.browser();
    first.sign_in(&app, "bo@one.example").await;
    let second = app.browser();
    second.sign_in(&app, "bo@two.example").await;
    assert!(first.get("/").await.body.contains("Signed in as bo<"));
    assert!(second.get("/").await.body.contains("Signed in as bo 2<"));
}

#[actix_web::test]
async fn a_rename_shows_on_the_board_in_the_history_and_in_emails() {
    let table = started_game(&[]).await;
    let renamed = table.players[1].rename("Robert").await;
    assert_eq!(renamed.status, 200, "{}", renamed.body);

    let board = table.players[0].get(&table.path).await;
    assert!(board.body.contains("Robert"), "{}", board.body);
    assert!(!board.body.contains(">Bo<"), "{}", board.body);
    let history = table.players[0]
        .get(&format!("{}/history", table.path))
        .await;
    assert!(history.body.contains("Robert joined."), "{}", history.body);
    assert!(!history.body.contains("Bo joined."));

    // Robert moves; Ann's your-turn email names him by his new name.
    let mut mover = pass_turn(&table).await;
    while mover != 1 {
        mover = pass_turn(&table).await;
    }
    let mail = table.app.mail(&table.emails[0], "Your turn");
    assert!(
        mail.subject.contains("Robert") || mail.text.contains("Robert"),
        "{}\n{}",
        mail.subject,
        mail.text
    );
    assert!(!mail.text.contains("Bo "), "{}", mail.text);
}

/// Names that look like another's cannot be taken: look-alike letters from other scripts,
/// invisible characters, full- and half-width forms; nor can names that look like a closed
/// account's, a computer's or a moderator's. Each refusal says why, and keeps the old name.
#[actix_web::test]
async fn look_alikes_of_kept_and_taken_names_are_refused_in_words() {
    let app = TestApp::start().await;
    let _zora = app.signed_in("zora@example.com", "Zora").await;
    let _kana = app.signed_in("kana@example.com", "カタカナ").await;
    let other = app.signed_in("someone@example.com", "Someone").await;
    for (name, why) in [
        ("Ζοrа", "Another player is already called"), // Greek Ζ, ο and Cyrillic а
        ("Zo\u{200B}ra", "invisible characters"),
        ("ｶﾀｶﾅ", "Another player is already called"), // half-width katakana
        ("Ｚｏｒａ", "Another player is already called"), // full-width Latin
        ("Fоrmer player 3", "kept for the site"),     // Cyrillic о
        ("Former\u{200D} player 3", "invisible characters"),
        ("Ηard cοmputer", "kept for the site"), // Greek Η and ο
        ("Hard computer 4", "kept for the site"),
        ("Μoderator", "kept for the site"), // Greek Μ
    ] {
        let refused = other.rename(name).await;
        assert_eq!(refused.status, 400, "{name}: {}", refused.body);
        assert!(refused.body.contains(why), "{name}: {}", refused.body);
        assert!(
            other.get("/").await.body.contains("Signed in as Someone"),
            "{name}"
        );
    }
    let accepted = other.rename("Ｓｏｍｅ　Ｏｎｅ").await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    assert!(other.get("/").await.body.contains("Signed in as Some One"));
}
