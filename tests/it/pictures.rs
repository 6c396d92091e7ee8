//! The board's picture in game emails: attached inline beside the HTML that shows it, drawn
//! for the recipient's seat, and left out for players who turn pictures off.

use crate::kalah_game::started_game;
use crate::notifications::pass_turn;
use crate::support::Mail;

/// The email's inline pictures, each checked: a PNG its HTML shows from `cid:`, within the size
/// an email can carry. Returns each one's Content-ID and width in pixels.
pub fn inline_pictures(mail: &Mail) -> Vec<(String, u32)> {
    mail.inline
        .iter()
        .map(|(id, png)| {
            assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "a PNG");
            assert!(png.len() <= 60_000, "{} bytes", png.len());
            assert!(
                mail.html.contains(&format!(r#"src="cid:{id}""#)),
                "{}",
                mail.html
            );
            let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
            (id.clone(), width)
        })
        .collect()
}

#[actix_web::test]
async fn a_your_turn_email_shows_the_board_as_a_picture_with_words_for_it() {
    let table = started_game(&[]).await;
    let app = &table.app;
    let mover = pass_turn(&table).await;
    let mail = app.mail(&table.emails[1 - mover], "Your turn");
    let pictures = inline_pictures(&mail);
    assert_eq!(pictures.len(), 1);
    let (id, width) = &pictures[0];
    assert_eq!(*width, 600);
    assert!(id.starts_with("board-"), "{id}");
    assert!(mail.raw.contains("multipart/related"), "{}", mail.raw);
    assert!(mail.raw.contains("Content-Disposition: inline"));
    // The picture's words: what it is, and the board as text.
    let alt = mail
        .html
        .split(r#"alt=""#)
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    assert!(alt.contains("as you see it"), "{alt}");
    assert!(alt.contains("[ "), "the text board: {alt}");
    assert!(
        !mail.html.contains("<pre"),
        "the picture stands for the text board"
    );
    assert!(
        mail.text.contains("[ "),
        "the text part keeps the text board"
    );
}

#[actix_web::test]
async fn pictures_can_be_turned_off_and_a_bad_choice_changes_nothing() {
    let table = started_game(&[]).await;
    let app = &table.app;
    let waiting = 1 - table.to_act().await[0];
    let player = &table.players[waiting];
    let name = ["Ann", "Bo"][waiting];
    let page = player.get("/settings").await;
    assert!(page.body.contains("Pictures in emails"), "{}", page.body);
    assert!(
        page.body
            .contains(r#"id="pictures_on" name="pictures" value="on" checked"#)
    );

    let csrf = page.csrf();
    let refused = player
        .post_form(
            "/settings",
            &[
                ("csrf", &csrf),
                ("display_name", name),
                ("pictures", "sometimes"),
            ],
        )
        .await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body.contains("on or off"), "{}", refused.body);
    let page = player.get("/settings").await;
    assert!(page.body.contains(r#"value="on" checked"#), "unchanged");

    let saved = player
        .post_form(
            "/settings",
            &[
                ("csrf", &page.csrf()),
                ("display_name", name),
                ("pictures", "off"),
            ],
        )
        .await;
    assert_eq!(saved.status, 200, "{}", saved.body);
    assert!(
        saved.body.contains(r#"value="off" checked"#),
        "{}",
        saved.body
    );

    pass_turn(&table).await;
    let mail = app.mail(&table.emails[waiting], "Your turn");
    assert!(mail.inline.is_empty(), "no picture");
    assert!(!mail.raw.contains("multipart/related"));
    assert!(
        mail.html.contains("<pre"),
        "the board as text: {}",
        mail.html
    );
}
