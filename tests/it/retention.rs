//! Retention: the scheduler forgets what is past keeping — sent emails' words and pictures and
//! received replies after `retention.mail_days`, ended sessions, expired sign-in links and
//! reply addresses — and keeps everything else, the logs above all.

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};

use crate::by_email::{Inbound, newest_offer, reply, reply_address};
use crate::support::{count_rows, start_table};

#[derive(QueryableByName)]
struct Kept {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

fn count(conn: &mut PgConnection, sql: &str) -> i64 {
    diesel::sql_query(sql).get_result::<Kept>(conn).unwrap().n
}

#[derive(QueryableByName)]
struct Subject {
    #[diesel(sql_type = Text)]
    subject: String,
    #[diesel(sql_type = Text)]
    body_text: String,
}

#[actix_web::test]
async fn the_scheduler_forgets_old_mail_ended_sessions_and_expired_links_and_nothing_else() {
    let table = start_table("kalah", &["Ann", "Bo"], &[]).await;
    let app = &table.app;
    let inbound = Inbound::start(app);
    let mover = table.to_act().await[0];
    let email = &table.emails[mover];
    let offer = newest_offer(app, email).unwrap();
    let to = reply_address(&offer);
    inbound
        .send(email, &to, &reply(email, &to, &offer.subject, "1"))
        .unwrap();
    // An email the relay refuses for good keeps its words, for the operator to see.
    app.smtp.refuse("dan@example.com");
    let refused = app.browser().ask_for_sign_in_link("dan@example.com").await;
    assert_eq!(refused.status, 200, "{}", refused.body);
    app.deliver();
    let signed_out = app.signed_in("cy@example.com", "Cy").await;
    let csrf = signed_out.get("/settings").await.csrf();
    let out = signed_out.post_form("/sign-out", &[("csrf", &csrf)]).await;
    assert_eq!(out.status, 200, "{}", out.body);
    let log_rows = count_rows(&app.db, "game_events");
    let mut owner = app.db.connect();
    let failed_with_words = "SELECT count(*) AS n FROM emails \
                             WHERE failed_at IS NOT NULL AND body_text <> ''";
    assert_eq!(count(&mut owner, failed_with_words), 1);
    let ended = "SELECT count(*) AS n FROM sessions WHERE revoked_at IS NOT NULL";
    assert_eq!(count(&mut owner, ended), 1);
    let links = count_rows(&app.db, "sign_in_tokens");
    // The reply addresses of two tournament emails: one expired long ago, one still good.
    for days in [-3, 30] {
        diesel::sql_query(format!(
            "INSERT INTO reply_topics (token_hash, address, player_id, topic, subject, expires_at)
             SELECT sha256(('{days}' || random())::bytea), email, id, 'event', '{{}}', now() + interval '{days} days'
             FROM players WHERE email = 'ann@example.com'"
        ))
        .execute(&mut owner)
        .unwrap();
    }

    // Not yet past keeping: nothing but expired links would go, and none has expired.
    assert_eq!(
        app.schedule().forgotten,
        2,
        "Cy's ended session, and the reply address that expired"
    );
    assert_eq!(count_rows(&app.db, "reply_topics"), 1);
    // Now everything so far is made 31 days old, as the schema's owner.
    for sql in [
        "UPDATE emails SET failed_at = failed_at - interval '31 days'",
        "UPDATE inbound_mail SET received_at = received_at - interval '31 days'",
        "UPDATE sign_in_tokens SET expires_at = now() - interval '1 second'",
    ] {
        diesel::sql_query(sql).execute(&mut owner).unwrap();
    }
    let round = app.schedule();
    // The failed email's words, the reply and every expired link.
    assert_eq!(round.forgotten as i64, 1 + 1 + links, "{round:?}");
    let emptied: Vec<Subject> =
        diesel::sql_query("SELECT subject, body_text FROM emails WHERE failed_at IS NOT NULL")
            .load(&mut owner)
            .unwrap();
    assert!(
        emptied
            .iter()
            .all(|e| e.body_text.is_empty() && !e.subject.is_empty())
    );
    assert_eq!(count_rows(&app.db, "inbound_mail"), 0);
    assert_eq!(count_rows(&app.db, "sign_in_tokens"), 0);
    assert_eq!(count(&mut owner, ended), 0);
    assert_eq!(
        count_rows(&app.db, "game_events"),
        log_rows,
        "the logs are kept whole"
    );
    // Ann and Bo are still signed in; Cy is not.
    for browser in &table.players {
        assert!(browser.get("/").await.body.contains("class=\"who\""));
    }
    assert!(!signed_out.get("/").await.body.contains("class=\"who\""));
    assert_eq!(app.schedule().forgotten, 0, "nothing more to forget");
}
