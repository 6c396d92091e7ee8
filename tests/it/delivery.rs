//! Mail delivery against a relay that misbehaves: permanent failures that are not about the
//! recipient brand nobody, a hanging relay holds no lock and holds up no other mail, sign-in
//! links jump the queue, and a refused mark can be cleared.

use std::time::{Duration, Instant};

use diesel::prelude::*;

use crate::support::{TestApp, count_rows};

async fn ask_for_link(app: &TestApp, email: &str) {
    let page = app.browser().ask_for_sign_in_link(email).await;
    assert_eq!(page.status, 200, "{}", page.body);
}

fn refused_mark(app: &TestApp, email: &str) -> i64 {
    count_rows(
        &app.db,
        &format!("players WHERE email = '{email}' AND email_rejected_at IS NOT NULL"),
    )
}

/// Delivers until `email` has mail, for at most a few seconds of retries.
fn deliver_until_received(app: &TestApp, email: &str) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while app.mails_to(email).is_empty() {
        assert!(Instant::now() < deadline, "no mail reached {email}");
        std::thread::sleep(Duration::from_millis(50));
        app.deliver();
    }
}

#[actix_web::test]
async fn relay_wide_permanent_failures_are_retried_and_brand_nobody() {
    let app = TestApp::start().await;
    for (n, (command, reply)) in [
        ("MAIL", "530 5.7.0 Authentication required"),
        (
            "MAIL",
            "553 5.1.8 Sender address rejected: domain not found",
        ),
        ("DATA", "554 5.6.0 Message content rejected"),
        ("RCPT", "554 5.7.1 Relay access denied"),
    ]
    .into_iter()
    .enumerate()
    {
        let email = format!("player{n}@example.com");
        app.smtp.answer(command, reply);
        ask_for_link(&app, &email).await;
        let round = app.deliver();
        assert_eq!(
            (round.sent, round.deferred, round.failed),
            (0, 1, 0),
            "{reply}"
        );
        assert_eq!(refused_mark(&app, &email), 0, "{reply} blames nobody");
        let code = &reply[..3];
        assert_eq!(
            count_rows(
                &app.db,
                &format!(
                    "emails WHERE recipient = '{email}' AND failed_at IS NULL AND attempts = 1 AND last_error LIKE '%{code}%'"
                )
            ),
            1,
            "{reply}"
        );
        // The operator fixes the relay; the email goes out on a later round.
        app.smtp.answer_normally();
        deliver_until_received(&app, &email);
        assert_eq!(refused_mark(&app, &email), 0);
    }
}

#[actix_web::test]
async fn a_recipient_refusal_marks_the_address_until_it_signs_in_or_is_cleared() {
    let app = TestApp::start().await;
    app.smtp.refuse("gone@example.com");
    ask_for_link(&app, "gone@example.com").await;
    assert_eq!(app.deliver().failed, 1);
    assert_eq!(refused_mark(&app, "gone@example.com"), 1);

    // The mailbox comes back and its owner signs in: the mark is gone.
    app.smtp.accept_again("gone@example.com");
    let browser = app.browser();
    browser.sign_in(&app, "gone@example.com").await;
    assert_eq!(refused_mark(&app, "gone@example.com"), 0);

    // An operator can clear a mark too.
    app.smtp.refuse("lost@example.com");
    ask_for_link(&app, "lost@example.com").await;
    app.deliver();
    assert_eq!(refused_mark(&app, "lost@example.com"), 1);
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_turnpost"))
        .args(["clear-refused", "Lost@Example.com"])
        .envs(app.db.env())
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("will be sent again"));
    assert_eq!(refused_mark(&app, "lost@example.com"), 0);
}

#[actix_web::test]
async fn a_hanging_relay_holds_no_lock_and_holds_up_no_other_mail() {
    let app = TestApp::start_with(|s| {
        s.mail.concurrency = 3;
        s.mail.smtp.timeout_seconds = 3;
    })
    .await;
    app.smtp.hold_for("stuck@example.com");
    ask_for_link(&app, "stuck@example.com").await;
    ask_for_link(&app, "free@example.com").await;
    let settings = app.settings.clone();
    let url = app.db.url.clone();
    let worker = std::thread::spawn(move || {
        let mut conn = diesel::PgConnection::establish(&url).unwrap();
        let transport = turnpost::mail::worker::Sender::new(&settings).unwrap();
        turnpost::mail::worker::run_once(&mut conn, &transport, &settings).unwrap()
    });
    assert!(app.smtp.wait_until_holding(Duration::from_secs(10)));
    // While the relay hangs on one email, the other is delivered...
    let deadline = Instant::now() + Duration::from_secs(2);
    while app.mails_to("free@example.com").is_empty() {
        assert!(
            Instant::now() < deadline,
            "the other email waits behind the hung one"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // ...and no transaction holds the hung email's row.
    let mut conn = app.db.connect();
    let locked = conn.transaction(|conn| {
        diesel::sql_query(
            "SELECT id FROM emails WHERE recipient = 'stuck@example.com' FOR UPDATE NOWAIT",
        )
        .execute(conn)
    });
    assert_eq!(
        locked,
        Ok(1),
        "the row is not locked while it is being sent"
    );
    assert_eq!(
        count_rows(
            &app.db,
            "emails WHERE recipient = 'stuck@example.com' AND claimed_until > now()"
        ),
        1,
        "it is claimed, so no other worker sends it meanwhile"
    );
    let round = worker.join().unwrap();
    assert_eq!(
        (round.sent, round.deferred),
        (1, 1),
        "the timeout ended the hung send"
    );
}

#[actix_web::test]
async fn sign_in_links_go_before_a_flood_of_other_mail() {
    let app = TestApp::start_with(|s| s.mail.concurrency = 1).await;
    ask_for_link(&app, "first@example.com").await;
    app.deliver();
    // Forty game emails are waiting when someone asks to sign in.
    diesel::sql_query(
        "INSERT INTO emails (message_id, player_id, recipient, kind, subject, body_text, body_html, unsubscribe_url) \
         SELECT '<bulk' || n || '@turnpost.test>', p.id, 'first@example.com', 'your_turn', 'News ' || n, 'x', '<p>x</p>', 'http://x/' \
         FROM players p, generate_series(1, 40) n WHERE p.id > 0",
    )
    .execute(&mut app.db.connect())
    .unwrap();
    ask_for_link(&app, "late@example.com").await;
    app.deliver();
    let order: Vec<String> = app.mails().iter().map(|m| m.to.clone()).collect();
    assert_eq!(order.len(), 42);
    assert_eq!(order[0], "first@example.com");
    assert_eq!(order[1], "late@example.com", "the sign-in link went first");
}

#[actix_web::test]
async fn retries_are_timed_by_the_database_clock() {
    let app = TestApp::start().await;
    app.smtp.answer("MAIL", "451 4.3.0 Try again later");
    ask_for_link(&app, "ann@example.com").await;
    app.deliver();
    #[derive(QueryableByName)]
    struct Wait {
        #[diesel(sql_type = diesel::sql_types::Text)]
        wait: String,
    }
    let wait: Wait =
        diesel::sql_query("SELECT (next_attempt_at - last_attempt_at)::text AS wait FROM emails")
            .get_result(&mut app.db.connect())
            .unwrap();
    // retry_base_ms = 20 in the test settings; both times come from the same database clock.
    assert_eq!(wait.wait, "00:00:00.02");
}
