//! Table talk that can be removed and still verified: its words sit beside the hashed row under
//! a salted commitment, so a message deleted by its author or removed by a moderator is gone
//! from every page and export while every log, exports downloaded before included, verifies.

use diesel::pg::PgConnection;
use diesel::prelude::*;
use turnpost::audit::{Export, verify};
use turnpost::game_log::stream::RemovalReason;

use crate::support::{Browser, TestApp, rechain, start_table};

async fn export_of(browser: &Browser, game: &str) -> Export {
    let page = browser.get(&format!("{game}/export")).await;
    assert_eq!(page.status, 200, "{}", page.body);
    serde_json::from_str(&page.body).unwrap()
}

async fn say(browser: &Browser, game: &str, text: &str) -> i64 {
    let csrf = browser.get(game).await.csrf();
    let said =
        (browser.post_form(&format!("{game}/say"), &[("csrf", &csrf), ("text", text)])).await;
    assert_eq!(said.status, 200, "{}", said.body);
    browser.get_json(game).await.json()["seq"].as_i64().unwrap()
}

async fn remove(browser: &Browser, game: &str, seq: i64) -> crate::support::Page {
    let csrf = browser.get(game).await.csrf();
    let path = format!("{game}/talk/{seq}/remove");
    browser.post_form(&path, &[("csrf", &csrf)]).await
}

fn stored_row(app: &TestApp, game: &str, seq: i64) -> String {
    #[derive(QueryableByName)]
    struct Stored {
        #[diesel(sql_type = diesel::sql_types::Text)]
        row: String,
    }
    let stored: Stored = diesel::sql_query(format!(
        "SELECT command::text || events::text AS row FROM game_events
         WHERE game_id = '{}' AND seq = {seq}",
        game.trim_start_matches("/games/")
    ))
    .get_result(&mut app.db.connect())
    .unwrap();
    stored.row
}

#[actix_web::test]
async fn a_removed_message_is_gone_everywhere_and_every_export_still_verifies() {
    let table = start_table("kalah", &["Ann", "Bo"], &[]).await;
    let (app, game) = (&table.app, table.path.as_str());
    let [ann, bo] = [&table.players[0], &table.players[1]];
    let spam = say(ann, game, "Buy cheap seeds at spam dot example").await;
    let regret = say(ann, game, "Something I regret writing").await;
    let kept = say(bo, game, "Good luck to you").await;
    let before = export_of(bo, game).await;
    verify(&before).unwrap_or_else(|found| panic!("{found}"));
    assert!(stored_row(app, game, spam).contains("spam dot example"));

    // Only the author deletes their own words; a stranger's attempt changes nothing.
    let refused = remove(bo, game, regret).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(
        refused.body.contains("only your own messages"),
        "{}",
        refused.body
    );
    assert_eq!(remove(ann, game, kept).await.status, 400);
    assert_eq!(remove(ann, game, 1).await.status, 400, "row 1 is not talk");
    assert_eq!(remove(ann, game, 999).await.status, 400);
    assert!(
        ann.get(game)
            .await
            .body
            .contains("Something I regret writing")
    );

    let deleted = remove(ann, game, regret).await;
    assert_eq!(deleted.status, 200, "{}", deleted.body);
    assert_eq!(
        remove(ann, game, regret).await.status,
        400,
        "removed already"
    );
    {
        let conn = &mut app.db.connect_as_server();
        let id = game.trim_start_matches("/games/");
        turnpost::tables::talk::remove_for_moderator(conn, id, spam, RemovalReason::Spam, 1)
            .unwrap();
    }

    for text in ["spam dot example", "I regret writing"] {
        for seq in [spam, regret] {
            assert!(!stored_row(app, game, seq).contains(text), "{seq}: {text}");
        }
        for viewer in [ann, bo] {
            let board = viewer.get(game).await;
            assert!(!board.body.contains(text), "{}", board.body);
            let history = viewer.get(&format!("{game}/history")).await;
            assert!(!history.body.contains(text), "{}", history.body);
            let json = viewer
                .get_json(&format!("{game}/history?format=json"))
                .await;
            assert!(!json.body.contains(text), "{}", json.body);
        }
    }
    let board = bo.get(game).await;
    assert_eq!(board.body.matches("This message was removed.").count(), 2);
    assert!(board.body.contains("Good luck to you"));
    let history = bo.get(&format!("{game}/history")).await;
    assert!(
        history
            .body
            .contains("A moderator removed a message (spam)."),
        "{}",
        history.body
    );
    assert!(
        history
            .body
            .contains("The author removed a message (their own choice).")
    );

    // Later emails leave the words out, and so do the copies kept of earlier ones.
    let sent_before = app.mails().len();
    for _ in 0..2 {
        if let Some((mover, page)) = table.mover().await {
            assert_eq!(mover.submit(&page.move_forms().remove(0)).await.status, 200);
        }
    }
    app.deliver();
    let later = &app.mails()[sent_before..];
    assert!(!later.is_empty(), "a your-turn email after the removal");
    for mail in later.iter().chain(app.mails().iter()) {
        assert!(!mail.text.contains("spam dot example"), "{}", mail.text);
    }
    assert_eq!(
        crate::support::count_rows(&app.db, "emails WHERE body_text LIKE '%spam dot example%'"),
        0
    );

    // Exports from before and after both verify, and hash equally row by row.
    let after = export_of(bo, game).await;
    verify(&after).unwrap_or_else(|found| panic!("{found}"));
    for (old, new) in before.rows.iter().zip(&after.rows) {
        assert_eq!((old.seq, &old.hash), (new.seq, &new.hash));
    }
    let serialized = serde_json::to_string(&after).unwrap();
    assert!(!serialized.contains("spam dot example"));
    let removals: Vec<_> = (after.rows.iter())
        .filter(|row| row.command["type"] == "remove_talk")
        .collect();
    assert_eq!(removals.len(), 2);
    assert_eq!(removals[0].events[0]["by"], "author");
    assert_eq!(removals[1].events[0]["by"], "moderator");
    assert_eq!(
        removals[1].actor, None,
        "a moderator acts as such, not as a player"
    );
    assert_eq!(removals[1].events[0]["reason"], "spam");

    // Words changed under a kept commitment fail, however the chain is made to hold.
    let mut forged = before.clone();
    let row = &mut forged.rows[usize::try_from(kept - 1).unwrap()];
    row.command["text"]["text"] = "Bad luck to you".into();
    row.events[0]["text"]["text"] = "Bad luck to you".into();
    rechain(&mut forged);
    let found = verify(&forged).unwrap_err();
    assert_eq!(found.seq, kept);
    assert!(
        found.to_string().contains("not the ones committed to"),
        "{found}"
    );
}

/// Rewrites a message of a game's log as logs written before talk was committed to held it —
/// its text itself in the hashed row — and chains the log again, as the owner could.
fn write_as_plain_text(owner: &mut PgConnection, game_id: &str, seq: i64, text: &str) {
    let json = serde_json::to_string(text).unwrap().replace('\'', "''");
    diesel::sql_query("ALTER TABLE game_events DISABLE TRIGGER USER")
        .execute(owner)
        .unwrap();
    diesel::sql_query(format!(
        "UPDATE game_events SET command = jsonb_set(command, '{{text}}', '{json}'),
                events = jsonb_set(events, '{{0,text}}', '{json}')
         WHERE game_id = '{game_id}' AND seq = {seq}"
    ))
    .execute(owner)
    .unwrap();
    diesel::sql_query("ALTER TABLE game_events ENABLE TRIGGER USER")
        .execute(owner)
        .unwrap();
    crate::support::rehash_stored_log(owner, game_id, |content, prev| content.hash(prev));
}

#[actix_web::test]
async fn talk_written_before_commitments_is_committed_to_once_and_old_exports_still_verify() {
    let table = start_table("quarto", &["Ann", "Bo"], &[]).await;
    let (app, game) = (&table.app, table.path.as_str());
    let ann = &table.players[0];
    let seq = say(ann, game, "Hello from an older server").await;
    let id = game.trim_start_matches("/games/");
    let owner = &mut app.db.connect();
    write_as_plain_text(owner, id, seq, "Hello from an older server");
    turnpost::game_log::fold::cache::shared().forget(id);
    diesel::sql_query("DELETE FROM data_upgrades WHERE name = 'talk-outside-hashes'")
        .execute(owner)
        .unwrap();
    let old = export_of(ann, game).await;
    assert!(old.rows[usize::try_from(seq - 1).unwrap()].command["text"].is_string());
    verify(&old).unwrap_or_else(|found| panic!("an earlier log still verifies: {found}"));

    let upgraded = turnpost::store::upgrade::run(owner).unwrap();
    assert_eq!((upgraded.logs_rehashed, upgraded.logs_damaged), (1, 0));
    assert_eq!(
        turnpost::store::upgrade::run(owner).unwrap(),
        Default::default()
    );
    turnpost::game_log::fold::cache::shared().forget(id);
    let new = export_of(ann, game).await;
    verify(&new).unwrap_or_else(|found| panic!("{found}"));
    let words = &new.rows[usize::try_from(seq - 1).unwrap()].command["text"];
    assert_eq!(words["text"], "Hello from an older server");
    assert_eq!(words["commitment"].as_str().map(str::len), Some(64));
    assert!(
        ann.get(game)
            .await
            .body
            .contains("Hello from an older server")
    );

    #[derive(QueryableByName)]
    struct Heads {
        #[diesel(sql_type = diesel::sql_types::Text)]
        old_head: String,
        #[diesel(sql_type = diesel::sql_types::Text)]
        new_head: String,
    }
    let heads: Heads = diesel::sql_query(
        "SELECT encode(old_head, 'hex') AS old_head, encode(new_head, 'hex') AS new_head
         FROM log_rehashes WHERE upgrade = 'talk-outside-hashes'",
    )
    .get_result(owner)
    .unwrap();
    let head = |export: &Export| export.rows.last().unwrap().hash.clone();
    assert_eq!((heads.old_head, heads.new_head), (head(&old), head(&new)));

    // Once committed to, the words can be removed like any others.
    assert_eq!(remove(ann, game, seq).await.status, 200);
    verify(&export_of(ann, game).await).unwrap_or_else(|found| panic!("{found}"));
}
